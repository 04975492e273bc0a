// Loom: implementation of the host Buffer.
#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/Error.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaRuntime.h>
#include <loom/cont/internal/Buffer.h>
#include <loom/cont/internal/BufferPool.h>
#include <loom/cont/internal/HostPieces.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace loom
{
namespace cont
{
namespace internal
{
namespace
{
constexpr std::size_t Alignment = 64;
// Large blocks (256 KiB and more) are anonymous mappings of their own (mmap), in whole pages, so that
// the pool below can hand their pages to any later request without copying a byte. (Left to malloc,
// blocks of a few MiB fragment its heap: glibc serves them from the heap once one such block was freed,
// and Loom Slice of the 256^3 wavelet, whose temporaries are of that size, grew the process by 3 MB on
// every execution; as mappings it stays flat.)
constexpr std::size_t LargeThreshold = std::size_t(256) << 10;
// Blocks pinned for the GPU: 4 MiB and more.
constexpr std::size_t PinThreshold = std::size_t(4) << 20;
// They can be aligned to 2 MiB and marked for transparent huge pages (LOOM_HUGE_PAGES=1, read once; off
// by default). Where the kernel has free 2 MiB pages at hand, a fresh block then faults in much faster
// than with 4 KiB pages; on a virtual machine whose free memory goes back to its host a fresh huge page
// can cost more than the small pages it replaces, so first runs got slower there (the figures:
// docs/benchmarks/2026-11-notes.md, "Fresh memory and huge pages").
constexpr std::size_t HugePage = std::size_t(2) << 20;

bool UseHugePages()
{
  static const bool use = [] {
    const char* env = std::getenv("LOOM_HUGE_PAGES");
    return env && env[0] == '1';
  }();
  return use;
}

// Large blocks are made of whole granules: pages, or huge pages for blocks of 4 MiB and more when
// advised.
std::size_t Granule(std::size_t bytes)
{
  static const std::size_t page = [] {
    const long size = sysconf(_SC_PAGE_SIZE);
    return static_cast<std::size_t>(size > 0 ? size : 4096);
  }();
  return UseHugePages() && bytes >= PinThreshold ? HugePage : page;
}

void* MapBlock(std::size_t bytes)
{
  const bool huge = UseHugePages() && bytes % HugePage == 0;
  const std::size_t extra = huge ? HugePage : 0;
  void* raw = mmap(nullptr, bytes + extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return nullptr;
  char* data = static_cast<char*>(raw);
  if (huge)
  {
    // Keep the 2 MiB-aligned part.
    char* aligned =
      reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(data) + HugePage - 1) & ~(HugePage - 1));
    if (aligned > data)
      munmap(data, static_cast<std::size_t>(aligned - data));
    if (aligned + bytes < data + bytes + extra)
      munmap(aligned + bytes, static_cast<std::size_t>(data + bytes + extra - (aligned + bytes)));
    data = aligned;
#ifdef MADV_HUGEPAGE
    madvise(data, bytes, MADV_HUGEPAGE);
#endif
  }
  return data;
}

// A large block leaves the process (a registered one is unregistered first).
void UnmapBlock(void* data, std::size_t capacity, bool registered)
{
#ifdef LOOM_ENABLE_CUDA
  if (registered)
    cuda::internal::HostUnregister(data);
#else
  (void)registered;
#endif
  munmap(data, capacity);
}

std::atomic<std::size_t> FreshBytes{ 0 }, ReusedBytes{ 0 };

// LOOM_POOL_TRACE=1: one line per large block taken or given back, with the bytes fresh so far and
// the process's resident size (to find where a filter's peak is).
void Trace(const char* what, std::size_t bytes, const void* data)
{
  static const bool on = [] {
    const char* env = std::getenv("LOOM_POOL_TRACE");
    return env && env[0] == '1';
  }();
  if (!on)
    return;
  long resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r"))
  {
    long size = 0;
    if (std::fscanf(f, "%ld %ld", &size, &resident) != 2)
      resident = 0;
    std::fclose(f);
  }
  std::fprintf(stderr, "loom pool: %s %.1f MB at %p; fresh so far %.1f MB, resident %.1f MB\n", what, bytes / 1e6,
               data, FreshBytes.load() / 1e6, resident * static_cast<double>(sysconf(_SC_PAGE_SIZE)) / 1e6);
}

// The pages of large blocks Loom let go of, kept for later requests. A filter run again (a new
// isovalue, the next time step) then writes into memory whose pages are already mapped instead of
// paying the kernel for zeroed pages (first-touch faults cost more than the writes, and two threads
// faulting at once do not go twice as fast); and within one run the pages of a temporary freed early
// serve the next allocations, so a run's resident peak is about the most it holds at once, not the sum
// of everything it allocated.
//
// The pool holds extents: free page ranges. A request takes the smallest extent that holds it, the part it
// does not need staying pooled. An extent given back stays as it was, so that a run repeated (the same
// requests in the same order) finds each of its blocks again at its size and lays them out as the run
// before did; only when no extent is large enough are free ranges that touch in the address space joined:
// the smallest run of them that holds the request (the pieces a run cut from a block are that block
// again), the others left as they are.
// Joining at every give made a repeat lay its blocks out differently (a block cut from the head of one
// joined range), so that a later request of the same run no longer fitted and took fresh pages
// (docs/developer/memory.md). When no run of extents holds a request, it maps fresh pages: pages are never
// moved between mappings (mremap), since blocks assembled that way made every later run of a filter slower,
// by more than the page faults they saved (docs/developer/memory.md). Blocks pinned for the GPU (cudaHostRegister) are never cut or joined: they
// serve requests between 80% and 100% of their size.
// Bounded: LOOM_BUFFER_POOL bytes (default an eighth of the memory up to 4 GiB: the 2 GB of face lists
// of Extract Surface on the 256^3 hexahedra fit on a 24 GB machine; raised to an eighth of the memory
// up to 16 GiB once the process pins a block for the GPU; 0 turns the pool off).
class Pool
{
public:
  static Pool& Get()
  {
    static Pool* pool = new Pool; // never destroyed: buffers may be freed during static destruction
    return *pool;
  }

  // A block of `rounded` bytes (whole granules), or null when the pool cannot serve it.
  void* Take(std::size_t rounded, std::size_t& capacity, bool& registered)
  {
    if (this->Limit == 0)
      return nullptr;
    std::lock_guard<std::mutex> lock(this->Mutex);
    auto pinned = this->Pinned.lower_bound(rounded);
    if (pinned != this->Pinned.end() && pinned->first - pinned->first / 5 <= rounded)
    {
      void* data = pinned->second;
      capacity = pinned->first;
      registered = true;
      this->Held -= pinned->first;
      this->Pinned.erase(pinned);
      ReusedBytes += capacity;
      return data;
    }
    registered = false;
    auto fit = this->Plain.lower_bound(rounded);
    if (fit == this->Plain.end())
      fit = this->JoinForLocked(rounded);
    if (fit == this->Plain.end())
      return nullptr; // fresh pages
    char* data = fit->second;
    capacity = fit->first;
    this->RemoveLocked(fit);
    if (capacity - rounded >= LargeThreshold)
    {
      this->KeepLocked(data + rounded, capacity - rounded);
      capacity = rounded;
    }
    ReusedBytes += capacity;
    return data;
  }

  // Takes a large block back: pooled as far as the bound allows, else unmapped. A registered block
  // stays registered in the pool.
  void Give(void* block, std::size_t capacity, bool registered)
  {
    std::lock_guard<std::mutex> lock(this->Mutex);
    if (registered)
    {
      if (this->MakeRoomLocked(capacity))
      {
        this->Pinned.emplace(capacity, block);
        this->Held += capacity;
      }
      else
      {
        UnmapBlock(block, capacity, true);
      }
      return;
    }
    if (capacity >= LargeThreshold && this->MakeRoomLocked(capacity))
      this->InsertLocked(static_cast<char*>(block), capacity);
    else
      munmap(block, capacity);
    this->TrimLocked();
  }

  // A process that copies to and from a GPU keeps more: its blocks are registered (pinned), and a
  // block that does not fit is registered again on every run. Up to an eighth of the memory or 16 GiB,
  // unless LOOM_BUFFER_POOL says otherwise.
  void RaiseLimitForGpu()
  {
    std::lock_guard<std::mutex> lock(this->Mutex);
    if (!this->FromEnvironment)
      this->Limit = std::max(this->Limit, std::min<std::size_t>(std::size_t(16) << 30, this->Eighth));
  }

  // Every pooled block back to the system.
  void Release()
  {
    std::lock_guard<std::mutex> lock(this->Mutex);
    for (auto& block : this->Plain)
      munmap(block.second, block.first);
    for (auto& block : this->Pinned)
      UnmapBlock(block.second, block.first, true);
    this->Plain.clear();
    this->ByAddress.clear();
    this->Pinned.clear();
    this->Held = 0;
  }

  std::size_t GetHeld()
  {
    std::lock_guard<std::mutex> lock(this->Mutex);
    return this->Held;
  }

private:
  Pool()
  {
    const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    this->Eighth = pages > 0 && size > 0 ? static_cast<std::size_t>(pages) * size / 8 : 0;
    this->Limit = std::min<std::size_t>(std::size_t(4) << 30, this->Eighth);
    if (const char* env = std::getenv("LOOM_BUFFER_POOL"))
    {
      this->Limit = static_cast<std::size_t>(std::strtoull(env, nullptr, 10));
      this->FromEnvironment = true;
    }
  }
  using Extents = std::multimap<std::size_t, char*>;
  // Room for `size` more bytes, dropping the largest pooled blocks first (never one smaller than the
  // one coming in). False when it does not fit. The mutex is held.
  bool MakeRoomLocked(std::size_t size)
  {
    while (this->Held + size > this->Limit)
    {
      const bool pinned = !this->Pinned.empty() &&
        (this->Plain.empty() || this->Pinned.rbegin()->first >= this->Plain.rbegin()->first);
      if (pinned ? this->Pinned.empty() : this->Plain.empty())
        return false;
      if (pinned)
      {
        auto largest = std::prev(this->Pinned.end());
        if (largest->first < size)
          return false;
        UnmapBlock(largest->second, largest->first, true);
        this->Held -= largest->first;
        this->Pinned.erase(largest);
      }
      else
      {
        auto largest = std::prev(this->Plain.end());
        if (largest->first < size)
          return false;
        munmap(largest->second, largest->first);
        this->RemoveLocked(largest);
      }
    }
    return true;
  }
  // A free range into the pool, as it is (JoinForLocked and JoinLocked join it with its neighbours when
  // needed). The mutex is held.
  void InsertLocked(char* data, std::size_t size)
  {
    this->Held += size;
    this->Plain.emplace(size, data);
    this->ByAddress.emplace(data, size);
  }
  // The smallest run of free ranges that touch in the address space and together hold `size` bytes, joined
  // into one range (the others stay as they are); Plain.end() when no run holds it. The mutex is held.
  Extents::iterator JoinForLocked(std::size_t size)
  {
    auto best = this->ByAddress.end(), runStart = this->ByAddress.end();
    std::size_t bestSize = 0, runSize = 0;
    char* runEnd = nullptr;
    for (auto it = this->ByAddress.begin();; ++it)
    {
      const bool touches = it != this->ByAddress.end() && it->first == runEnd;
      if (!touches)
      {
        // The run that ended: a candidate when it holds the request and is smaller than the best so far.
        if (runStart != this->ByAddress.end() && runSize >= size && (best == this->ByAddress.end() || runSize < bestSize))
        {
          best = runStart;
          bestSize = runSize;
        }
        if (it == this->ByAddress.end())
          break;
        runStart = it;
        runSize = 0;
      }
      runSize += it->second;
      runEnd = it->first + it->second;
    }
    if (best == this->ByAddress.end())
      return this->Plain.end();
    char* data = best->first;
    for (auto it = best; it != this->ByAddress.end() && it->first < data + bestSize;)
    {
      auto range = this->Plain.equal_range(it->second);
      for (auto extent = range.first; extent != range.second; ++extent)
        if (extent->second == it->first)
        {
          this->Plain.erase(extent);
          break;
        }
      it = this->ByAddress.erase(it);
    }
    this->ByAddress.emplace(data, bestSize);
    return this->Plain.emplace(bestSize, data);
  }
  // Every run of free ranges that touch in the address space becomes one range. The mutex is held.
  void JoinLocked()
  {
    bool joined = false;
    for (auto it = this->ByAddress.begin(); it != this->ByAddress.end();)
    {
      auto next = std::next(it);
      if (next != this->ByAddress.end() && it->first + it->second == next->first)
      {
        it->second += next->second;
        this->ByAddress.erase(next);
        joined = true;
      }
      else
        it = next;
    }
    if (!joined)
      return;
    this->Plain.clear();
    for (const auto& range : this->ByAddress)
      this->Plain.emplace(range.second, range.first);
  }
  // An extent out of the pool (taken, or unmapped by the caller). The mutex is held.
  void RemoveLocked(Extents::iterator extent)
  {
    this->Held -= extent->first;
    this->ByAddress.erase(extent->second);
    this->Plain.erase(extent);
  }
  // The rest of an extent cut for a request: pooled when large, else unmapped. The mutex is held.
  void KeepLocked(char* data, std::size_t size)
  {
    if (size >= LargeThreshold)
    {
      this->InsertLocked(data, size);
      this->TrimLocked();
    }
    else
    {
      munmap(data, size);
    }
  }
  // At most MaxExtents stay pooled, the smallest going first, so that a long session's cutting cannot
  // pile up mappings towards the process's limit (vm.max_map_count, 65530 by default). The mutex is held.
  static constexpr std::size_t MaxExtents = 512;
  void TrimLocked()
  {
    if (this->Plain.size() > MaxExtents)
      this->JoinLocked();
    while (this->Plain.size() > MaxExtents)
    {
      auto smallest = this->Plain.begin();
      munmap(smallest->second, smallest->first);
      this->RemoveLocked(smallest);
    }
  }
  std::mutex Mutex;
  Extents Plain;                                 // free ranges by size, which may be cut and joined
  std::map<char*, std::size_t> ByAddress;        // the same ranges by address
  std::multimap<std::size_t, void*> Pinned;      // registered for the GPU: whole blocks only
  std::size_t Held = 0;
  std::size_t Limit = 0;
  std::size_t Eighth = 0;
  bool FromEnvironment = false;
};
} // namespace

void ReleasePooledMemory()
{
  Pool::Get().Release();
}

PoolStatistics GetPoolStatistics()
{
  PoolStatistics s;
  s.PooledBytes = Pool::Get().GetHeld();
  s.FreshBytes = FreshBytes.load();
  s.ReusedBytes = ReusedBytes.load();
  return s;
}

std::shared_ptr<Buffer> Buffer::Allocate(std::size_t bytes)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  if (bytes > 0)
  {
    if (bytes >= LargeThreshold)
    {
      const std::size_t granule = Granule(bytes);
      const std::size_t rounded = (bytes + granule - 1) / granule * granule;
      buffer->Data = Pool::Get().Take(rounded, buffer->Capacity, buffer->Registered);
      if (!buffer->Data)
      {
        buffer->Capacity = rounded;
        buffer->Data = MapBlock(rounded);
        if (buffer->Data)
          FreshBytes += rounded;
      }
    }
    else
    {
      buffer->Capacity = (bytes + Alignment - 1) / Alignment * Alignment;
      buffer->Data = std::aligned_alloc(Alignment, buffer->Capacity);
    }
    if (buffer->Data && bytes >= LargeThreshold)
      Trace("take", buffer->Capacity, buffer->Data);
    if (!buffer->Data)
    {
      throw ErrorBadAllocation("Loom could not allocate " + std::to_string(bytes) +
                               " bytes of host memory.");
    }
    buffer->Fresh = true;
  }
  buffer->Bytes = bytes;
  return buffer;
}

std::shared_ptr<Buffer> Buffer::Borrow(void* data, std::size_t bytes, std::function<void()> release,
                                       const Lender& lender)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  buffer->Data = data;
  buffer->Bytes = bytes;
  buffer->Lent = lender;
  buffer->Release = release ? std::move(release) : std::function<void()>([] {});
  return buffer;
}

namespace
{
struct TransferCounters
{
  std::atomic<UInt64> HostToDevice{ 0 }, DeviceToHost{ 0 }, BytesHostToDevice{ 0 }, BytesDeviceToHost{ 0 };
};
TransferCounters& Counters()
{
  static TransferCounters counters;
  return counters;
}
} // namespace

void Buffer::SyncHost(bool forWriting) const
{
  if (!this->HostValid)
  {
#ifdef LOOM_ENABLE_CUDA
    this->RegisterForTransfers();
    cuda::internal::TransferToHost(this->Data, this->DeviceData, this->Bytes, this->Registered);
    ++Counters().DeviceToHost;
    Counters().BytesDeviceToHost += this->Bytes;
#endif
    this->HostValid = true;
  }
  if (forWriting)
  {
    this->DeviceValid = false;
    if (this->SharedDevice) // the host values may change: the cached copy is no longer theirs
      this->LetGoOfDeviceCopy();
  }
}

// Frees the device copy, or lets go of it when the device input cache holds it too.
void Buffer::LetGoOfDeviceCopy() const
{
#ifdef LOOM_ENABLE_CUDA
  if (this->SharedDevice)
  {
    if (!this->DeviceValid || !this->HostValid)
      internal::DropDeviceInput(this->SharedDevice.get()); // not a copy of the lender's values
    this->SharedDevice.reset();
  }
  else if (this->DeviceData)
    cuda::internal::DeviceFree(this->DeviceData);
#endif
  this->DeviceData = nullptr;
  this->DeviceValid = false;
}

#ifdef LOOM_ENABLE_CUDA
namespace
{
// Makes the pages of a large block resident and writable, spread over the TBB threads, before the block
// is registered: cudaHostRegister faults in whatever is not, on the driver's one thread, so a first run's
// outputs came back at that thread's speed (docs/developer/cuda.md has the figures). Resident pages
// are skipped (a page-table walk); values are kept either way.
void PopulatePages(void* data, std::size_t bytes)
{
  char* block = static_cast<char*>(data);
  ForEachHostPiece(bytes, std::size_t(4) << 20, [block](std::size_t from, std::size_t to) {
    if (madvise(block + from, to - from, MADV_POPULATE_WRITE) == 0)
      return;
    // A kernel without MADV_POPULATE_WRITE (before Linux 5.14): one write fault per page, the value kept.
    static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGE_SIZE));
    for (std::size_t o = from; o < to; o += page)
      __atomic_fetch_add(block + o, 0, __ATOMIC_RELAXED);
  });
}
} // namespace

// Device memory for a buffer. When the device is full, the copies the device input cache keeps for later runs
// go first (those no execution is reading), and the allocation is tried once more.
void* AllocateOnDevice(std::size_t bytes)
{
  try
  {
    return cuda::internal::DeviceAllocate(bytes);
  }
  catch (const ErrorBadAllocation&)
  {
    if (GetDeviceInputCacheStatistics().Entries == 0)
      throw;
    ClearDeviceInputCache();
    return cuda::internal::DeviceAllocate(bytes);
  }
}

void Buffer::RegisterForTransfers() const
{
  // Large blocks Loom owns only: they return to the pool registered, so the next run's copies go at the
  // link's speed (pageable copies into fresh pages are about 50 times slower); small blocks are not
  // worth a registration; borrowed memory belongs to someone else (it may be freed while registered)
  // and is staged through pinned buffers instead (CudaRuntime.h), as is a block whose registration
  // was refused.
  if (!this->Registered && !this->Release && this->Capacity >= PinThreshold)
  {
    PopulatePages(this->Data, this->Capacity);
    this->Registered = cuda::internal::HostRegister(this->Data, this->Capacity);
    static std::once_flag raised;
    if (this->Registered)
      std::call_once(raised, [] { Pool::Get().RaiseLimitForGpu(); });
  }
}

std::size_t Buffer::BytesToDevice() const
{
  if (this->DeviceData && this->DeviceValid)
    return 0;
  if (this->Fresh)
    return 0; // nobody has written it: nothing would be copied
  if (!this->DeviceData && this->Lent.Owner && this->HostValid &&
      internal::HasDeviceInput(this->Lent, this->Data, this->Bytes))
    return 0;
  return this->Bytes;
}

const void* Buffer::PrepareDeviceRead() const
{
  if (this->Bytes == 0)
    return nullptr;
  if (!this->DeviceData && this->Lent.Owner && this->HostValid)
  {
    // Borrowed memory whose owner is unmodified since an earlier run copied it: its copy is still there.
    if (auto kept = internal::FindDeviceInput(this->Lent, this->Data, this->Bytes))
    {
      this->SharedDevice = std::move(kept);
      this->DeviceData = this->SharedDevice.get();
      this->DeviceValid = true;
      this->Fresh = false;
      return this->DeviceData;
    }
  }
  if (!this->DeviceData)
    this->DeviceData = AllocateOnDevice(this->Bytes);
  if (!this->DeviceValid)
  {
    // A block nobody has written holds no values: there is nothing to copy.
    if (!this->Fresh)
    {
      this->RegisterForTransfers();
      cuda::internal::TransferToDevice(this->DeviceData, this->Data, this->Bytes, this->Registered);
      ++Counters().HostToDevice;
      Counters().BytesHostToDevice += this->Bytes;
    }
    this->DeviceValid = true;
    if (this->Lent.Owner && !this->SharedDevice)
    {
      // Kept for later runs on the same memory: freed when both this buffer and the cache let go.
      this->SharedDevice = std::shared_ptr<void>(this->DeviceData, [](void* d) { cuda::internal::DeviceFree(d); });
      internal::KeepDeviceInput(this->Lent, this->Data, this->Bytes, this->SharedDevice);
    }
  }
  this->Fresh = false;
  return this->DeviceData;
}

void* Buffer::PrepareDeviceWrite(bool keepContents) const
{
  if (this->Bytes == 0)
    return nullptr;
  if (keepContents || (!this->DeviceData && !this->Fresh))
    this->PrepareDeviceRead(); // values the kernel may not write must be there
  else if (!this->DeviceData)
    this->DeviceData = AllocateOnDevice(this->Bytes); // fresh: nothing to keep
  if (this->SharedDevice)
  {
    // The device copy is about to change: it leaves the cache and becomes this buffer's alone.
    internal::DropDeviceInput(this->SharedDevice.get());
    if (this->SharedDevice.use_count() > 1)
    {
      // Another buffer still reads the cached copy: write into a copy of it.
      void* own = AllocateOnDevice(this->Bytes);
      cuda::internal::CopyDeviceToDevice(own, this->DeviceData, this->Bytes);
      this->DeviceData = own;
      this->SharedDevice.reset();
    }
  }
  this->Fresh = false;
  this->DeviceValid = true;
  this->HostValid = false;
  return this->DeviceData;
}

void Buffer::ReleaseDeviceCopy() const
{
  if (!this->DeviceData)
    return;
  this->SyncHost(false);
  this->LetGoOfDeviceCopy();
}
#else
std::size_t Buffer::BytesToDevice() const
{
  return this->Bytes;
}
void Buffer::ReleaseDeviceCopy() const {}
const void* Buffer::PrepareDeviceRead() const
{
  throw ErrorBadDevice("Loom was built without CUDA: there is no device memory.");
}
void* Buffer::PrepareDeviceWrite(bool) const
{
  throw ErrorBadDevice("Loom was built without CUDA: there is no device memory.");
}
#endif

Buffer::~Buffer()
{
  if (this->DeviceData)
    this->LetGoOfDeviceCopy();
  if (this->Release)
  {
    this->Release();
  }
  else if (this->Data && this->Capacity >= LargeThreshold)
  {
    Trace("give", this->Capacity, this->Data);
    Pool::Get().Give(this->Data, this->Capacity, this->Registered); // pooled or unmapped
  }
  else if (this->Data)
  {
    std::free(this->Data);
  }
}
} // namespace internal

cuda::TransferCounts cuda::GetTransferCounts()
{
  const loom::cont::internal::TransferCounters& c = loom::cont::internal::Counters();
  TransferCounts t;
  t.HostToDevice = c.HostToDevice.load();
  t.DeviceToHost = c.DeviceToHost.load();
  t.BytesHostToDevice = c.BytesHostToDevice.load();
  t.BytesDeviceToHost = c.BytesDeviceToHost.load();
  return t;
}

void cuda::ResetTransferCounts()
{
  loom::cont::internal::TransferCounters& c = loom::cont::internal::Counters();
  c.HostToDevice = 0;
  c.DeviceToHost = 0;
  c.BytesHostToDevice = 0;
  c.BytesDeviceToHost = 0;
}
} // namespace cont
} // namespace loom
