// Loom: the cache of device copies of borrowed memory (DeviceInputCache.h).
#include <loom/cont/DeviceInputCache.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace loom
{
namespace cont
{
namespace
{
struct Entry
{
  UInt64 Stamp = 0;
  std::shared_ptr<void> Block;
  UInt64 LastUse = 0;
};
using Key = std::tuple<const void*, const void*, std::size_t>; // lender, host address, bytes

// Never destroyed: buffers may let go of their copies after this library's static destructors have run
// (at exit), and the device memory is the driver's to reclaim then.
struct Cache
{
  std::mutex Mutex;
  std::map<Key, Entry> Entries; // ordered by lender first: a lender's entries are one range
  std::set<const void*> Watched;
  std::function<void(const void*)> Watch;
  DeviceInputCacheStatistics Statistics;
  UInt64 Clock = 0;
  bool FromEnvironment = false;
  Cache()
  {
    this->Statistics.Limit = std::size_t(4) << 30;
    if (const char* env = std::getenv("LOOM_CUDA_INPUT_CACHE"))
    {
      this->Statistics.Limit = static_cast<std::size_t>(std::strtoull(env, nullptr, 10));
      this->FromEnvironment = true;
    }
  }
  // Removes an entry; its block goes to `dropped`, freed after the lock (a free may call the runtime).
  void Erase(std::map<Key, Entry>::iterator it, UInt64& counter, std::vector<std::shared_ptr<void>>& dropped)
  {
    this->Statistics.BytesHeld -= std::get<2>(it->first);
    ++counter;
    dropped.push_back(std::move(it->second.Block));
    this->Entries.erase(it);
  }
  // Least recently used out until `incoming` more bytes fit.
  void MakeRoom(std::size_t incoming, std::vector<std::shared_ptr<void>>& dropped)
  {
    while (!this->Entries.empty() && this->Statistics.BytesHeld + incoming > this->Statistics.Limit)
    {
      auto oldest = this->Entries.begin();
      for (auto it = this->Entries.begin(); it != this->Entries.end(); ++it)
        if (it->second.LastUse < oldest->second.LastUse)
          oldest = it;
      this->Erase(oldest, this->Statistics.Evicted, dropped);
    }
  }
};
Cache& GetCache()
{
  static Cache* cache = new Cache; // immortal, see above
  return *cache;
}
} // namespace

DeviceInputCacheStatistics GetDeviceInputCacheStatistics()
{
  Cache& cache = GetCache();
  std::lock_guard<std::mutex> lock(cache.Mutex);
  DeviceInputCacheStatistics s = cache.Statistics;
  s.Entries = cache.Entries.size();
  return s;
}

void SetDeviceInputCacheLimit(std::size_t bytes)
{
  Cache& cache = GetCache();
  std::vector<std::shared_ptr<void>> dropped;
  std::lock_guard<std::mutex> lock(cache.Mutex);
  cache.Statistics.Limit = bytes;
  cache.MakeRoom(0, dropped);
}

std::size_t GetDeviceInputCacheLimit()
{
  return GetDeviceInputCacheStatistics().Limit;
}

bool DeviceInputCacheLimitFromEnvironment()
{
  return GetCache().FromEnvironment;
}

void ForgetDeviceCopiesOf(const void* owner)
{
  Cache& cache = GetCache();
  std::vector<std::shared_ptr<void>> dropped;
  std::lock_guard<std::mutex> lock(cache.Mutex);
  cache.Watched.erase(owner);
  auto it = cache.Entries.lower_bound(Key(owner, nullptr, 0));
  while (it != cache.Entries.end() && std::get<0>(it->first) == owner)
    cache.Erase(it++, cache.Statistics.Forgotten, dropped);
}

void ClearDeviceInputCache()
{
  Cache& cache = GetCache();
  std::vector<std::shared_ptr<void>> dropped;
  std::lock_guard<std::mutex> lock(cache.Mutex);
  while (!cache.Entries.empty())
    cache.Erase(cache.Entries.begin(), cache.Statistics.Forgotten, dropped);
}

void SetLenderWatch(std::function<void(const void* owner)> watch)
{
  Cache& cache = GetCache();
  std::lock_guard<std::mutex> lock(cache.Mutex);
  cache.Watch = std::move(watch);
  cache.Watched.clear();
}

std::shared_ptr<void> internal::FindDeviceInput(const Lender& lender, const void* host, std::size_t bytes)
{
  if (!lender.Owner || !bytes)
    return nullptr;
  Cache& cache = GetCache();
  std::vector<std::shared_ptr<void>> dropped;
  std::lock_guard<std::mutex> lock(cache.Mutex);
  const auto it = cache.Entries.find(Key(lender.Owner, host, bytes));
  if (it == cache.Entries.end())
    return nullptr;
  if (it->second.Stamp != lender.Stamp)
  {
    cache.Erase(it, cache.Statistics.Stale, dropped);
    return nullptr;
  }
  it->second.LastUse = ++cache.Clock;
  ++cache.Statistics.Reused;
  cache.Statistics.BytesReused += bytes;
  return it->second.Block;
}

bool internal::HasDeviceInput(const Lender& lender, const void* host, std::size_t bytes)
{
  if (!lender.Owner || !bytes)
    return false;
  Cache& cache = GetCache();
  std::lock_guard<std::mutex> lock(cache.Mutex);
  const auto it = cache.Entries.find(Key(lender.Owner, host, bytes));
  return it != cache.Entries.end() && it->second.Stamp == lender.Stamp;
}

void internal::KeepDeviceInput(const Lender& lender, const void* host, std::size_t bytes, std::shared_ptr<void> block)
{
  if (!lender.Owner || !bytes || !block)
    return;
  Cache& cache = GetCache();
  std::vector<std::shared_ptr<void>> dropped;
  std::function<void(const void*)> watch;
  {
    std::lock_guard<std::mutex> lock(cache.Mutex);
    // The lender's copies made under another stamp hold values it no longer has; one at this key goes too.
    auto it = cache.Entries.lower_bound(Key(lender.Owner, nullptr, 0));
    while (it != cache.Entries.end() && std::get<0>(it->first) == lender.Owner)
      if (it->second.Stamp != lender.Stamp || (std::get<1>(it->first) == host && std::get<2>(it->first) == bytes))
        cache.Erase(it++, cache.Statistics.Stale, dropped);
      else
        ++it;
    if (bytes > cache.Statistics.Limit)
      return;
    cache.MakeRoom(bytes, dropped);
    Entry& entry = cache.Entries[Key(lender.Owner, host, bytes)];
    entry.Stamp = lender.Stamp;
    entry.Block = std::move(block);
    entry.LastUse = ++cache.Clock;
    cache.Statistics.BytesHeld += bytes;
    ++cache.Statistics.Kept;
    if (cache.Watch && cache.Watched.insert(lender.Owner).second)
      watch = cache.Watch;
  }
  if (watch)
    watch(lender.Owner);
}

void internal::DropDeviceInput(const void* block)
{
  Cache& cache = GetCache();
  std::vector<std::shared_ptr<void>> dropped;
  std::lock_guard<std::mutex> lock(cache.Mutex);
  for (auto it = cache.Entries.begin(); it != cache.Entries.end(); ++it)
    if (it->second.Block.get() == block)
    {
      cache.Erase(it, cache.Statistics.Stale, dropped);
      return;
    }
}
} // namespace cont
} // namespace loom
