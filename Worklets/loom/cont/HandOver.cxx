// Loom: the registry of memory handed over (HandOver.h).
#include <loom/cont/HandOver.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>

namespace loom
{
namespace cont
{
namespace
{
struct Entry
{
  std::shared_ptr<void> Owner;
  const std::type_info* Type = nullptr;
  std::size_t Bytes = 0;
  std::function<void()> ReleaseDeviceCopies;
  std::function<std::size_t()> BytesToDevice;
  UInt64 Stamp = 0;
  UInt64 Serial = 0; // the count of entries kept before it
  bool Stamped = false;
};

// The registry is never destroyed: holders may free Loom's memory after this library's static
// destructors have run (sys.exit in pvpython, a global smart pointer in a C++ program), and they call
// back into it.
struct Registry
{
  std::mutex Mutex;
  // Several entries may share an address (the same memory handed over twice, to two arrays): each
  // holder's free releases one.
  std::multimap<const void*, Entry> Entries;
  HandOverStatistics Statistics;
};
Registry& GetRegistry()
{
  static Registry* registry = new Registry; // immortal, see above
  return *registry;
}
} // namespace

void internal::KeepHandedOver(void* pointer, std::shared_ptr<void> owner, const std::type_info& type,
                              std::size_t bytes, std::function<void()> releaseDeviceCopies,
                              std::function<std::size_t()> bytesToDevice)
{
  Entry entry;
  entry.Owner = std::move(owner);
  entry.Type = &type;
  entry.Bytes = bytes;
  entry.ReleaseDeviceCopies = std::move(releaseDeviceCopies);
  entry.BytesToDevice = std::move(bytesToDevice);
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.Mutex);
  entry.Serial = registry.Statistics.Kept++;
  registry.Entries.emplace(pointer, std::move(entry));
}

void StampHandedOverSince(const void* pointer, UInt64 stamp, UInt64 serial)
{
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.Mutex);
  const auto range = registry.Entries.equal_range(pointer);
  if (range.first != range.second)
  {
    // The latest entry: the one its holder has just set up.
    auto last = range.second;
    --last;
    if (last->second.Serial < serial)
      return;
    last->second.Stamp = stamp;
    last->second.Stamped = true;
  }
}

void StampHandedOver(const void* pointer, UInt64 stamp)
{
  StampHandedOverSince(pointer, stamp, 0);
}

UInt64 HandOverSerial()
{
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.Mutex);
  return registry.Statistics.Kept;
}

void ReleaseHandedOver(void* pointer)
{
  Entry entry; // released after the lock: its buffers may take other locks
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.Mutex);
  const auto it = registry.Entries.find(pointer);
  if (it == registry.Entries.end())
    return;
  std::swap(entry, it->second);
  registry.Entries.erase(it);
}

bool KeepDeviceCopiesOfHandedOver()
{
  static const bool keep = [] {
    const char* env = std::getenv("LOOM_CUDA_KEEP_RESULTS");
    return !(env && env[0] == '0');
  }();
  return keep;
}

std::shared_ptr<void> internal::FindHandedOver(const void* pointer, const std::type_info& type, std::size_t bytes,
                                               UInt64 stamp)
{
  std::function<void()> releaseModified;
  std::shared_ptr<void> found;
  {
    Registry& registry = GetRegistry();
    std::lock_guard<std::mutex> lock(registry.Mutex);
    const auto range = registry.Entries.equal_range(pointer);
    Entry* candidate = nullptr;
    for (auto it = range.first; it != range.second; ++it)
    {
      Entry& e = it->second;
      if (!e.Stamped || *e.Type != type || e.Bytes != bytes)
        continue;
      if (e.Stamp == stamp)
      {
        found = e.Owner;
        ++registry.Statistics.Found;
        return found;
      }
      candidate = &e;
    }
    if (!candidate)
      return nullptr;
    // The holder may have written the host values: the device copies are stale, and the owner is found
    // again only once the holder stamps it anew.
    candidate->Stamped = false;
    releaseModified = candidate->ReleaseDeviceCopies;
    ++registry.Statistics.FoundModified;
  }
  if (releaseModified)
    releaseModified(); // the host values are current: nothing is copied back
  return found;
}

bool HandedOverBytesToDevice(const void* pointer, std::size_t bytes, UInt64 stamp, std::size_t& toDevice)
{
  std::function<std::size_t()> ask;
  {
    Registry& registry = GetRegistry();
    std::lock_guard<std::mutex> lock(registry.Mutex);
    const auto range = registry.Entries.equal_range(pointer);
    for (auto it = range.first; it != range.second && !ask; ++it)
      if (it->second.Stamped && it->second.Bytes == bytes && it->second.Stamp == stamp)
        ask = it->second.BytesToDevice;
  }
  if (!ask)
    return false;
  toDevice = ask();
  return true;
}

HandOverStatistics GetHandOverStatistics()
{
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.Mutex);
  HandOverStatistics s = registry.Statistics;
  s.Held = registry.Entries.size();
  return s;
}
} // namespace cont
} // namespace loom
