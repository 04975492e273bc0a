// Loom: implementation of the host Buffer.
#include <loom/cont/Error.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/internal/Buffer.h>

#include <algorithm>
#include <atomic>
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
// Large blocks are aligned to 2 MiB and marked for transparent huge pages: the first touch of a
// fresh 128 MiB output then costs about 7 ms instead of 65 ms of 4 KiB page faults (measured on the
// CI machine kind, THP in "madvise" mode).
constexpr std::size_t HugePage = std::size_t(2) << 20;
constexpr std::size_t HugeThreshold = std::size_t(4) << 20;

// LOOM_HUGE_PAGES=0 turns the huge-page advice off (read once).
bool UseHugePages()
{
  static const bool use = [] {
    const char* env = std::getenv("LOOM_HUGE_PAGES");
    return !(env && env[0] == '0');
  }();
  return use;
}
// Large blocks Loom let go of, kept for the next allocation of about the same size: a filter run
// again (a new isovalue, the next time step) then writes into memory whose pages are already mapped,
// instead of paying the kernel for zeroed pages (first-touch faults cost more than the writes, and
// two threads faulting at once do not go twice as fast). Bounded: LOOM_BUFFER_POOL bytes (default
// an eighth of the memory up to 4 GiB: the 2 GB of face lists of Extract Surface on the 256^3
// hexahedra fit on a 24 GB machine; raised to an eighth of the memory up to 16 GiB once the process
// pins a block for the GPU; 0 turns the pool off). A block is reused only
// for a request between 80% and 100% of its size.
void FreeBlock(void* data, bool registered)
{
#ifdef LOOM_ENABLE_CUDA
  if (registered)
    cuda::internal::HostUnregister(data);
#else
  (void)registered;
#endif
  std::free(data);
}

class Pool
{
public:
  static Pool& Get()
  {
    static Pool* pool = new Pool; // never destroyed: buffers may be freed during static destruction
    return *pool;
  }
  void* Take(std::size_t rounded, std::size_t& capacity, bool& registered)
  {
    if (this->Limit == 0)
      return nullptr;
    std::lock_guard<std::mutex> lock(this->Mutex);
    auto it = this->Blocks.lower_bound(rounded);
    if (it == this->Blocks.end() || it->first - it->first / 5 > rounded)
      return nullptr;
    void* data = it->second.Data;
    registered = it->second.Registered;
    capacity = it->first;
    this->Held -= it->first;
    this->Blocks.erase(it);
    return data;
  }
  // True when the pool kept the block (else the caller frees it). A registered block stays
  // registered in the pool.
  bool Give(void* data, std::size_t capacity, bool registered)
  {
    if (this->Limit == 0)
      return false;
    std::lock_guard<std::mutex> lock(this->Mutex);
    // Make room by dropping the largest blocks first.
    while (this->Held + capacity > this->Limit && !this->Blocks.empty())
    {
      auto largest = std::prev(this->Blocks.end());
      if (largest->first < capacity)
        break;
      FreeBlock(largest->second.Data, largest->second.Registered);
      this->Held -= largest->first;
      this->Blocks.erase(largest);
    }
    if (this->Held + capacity > this->Limit)
      return false;
    this->Blocks.emplace(capacity, Entry{ data, registered });
    this->Held += capacity;
    return true;
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
  std::mutex Mutex;
  struct Entry
  {
    void* Data;
    bool Registered;
  };
  std::multimap<std::size_t, Entry> Blocks;
  std::size_t Held = 0;
  std::size_t Limit = 0;
  std::size_t Eighth = 0;
  bool FromEnvironment = false;
};
} // namespace

std::shared_ptr<Buffer> Buffer::Allocate(std::size_t bytes)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  if (bytes > 0)
  {
    const bool large = bytes >= HugeThreshold;
    const std::size_t align = (large && UseHugePages()) ? HugePage : Alignment;
    const std::size_t rounded = (bytes + align - 1) / align * align;
    buffer->Capacity = rounded;
    if (large)
      buffer->Data = Pool::Get().Take(rounded, buffer->Capacity, buffer->Registered);
    if (!buffer->Data)
    {
      buffer->Capacity = rounded;
      buffer->Data = std::aligned_alloc(align, rounded);
#ifdef MADV_HUGEPAGE
      if (buffer->Data && align == HugePage)
        madvise(buffer->Data, rounded, MADV_HUGEPAGE);
#endif
    }
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

std::shared_ptr<Buffer> Buffer::Borrow(void* data, std::size_t bytes, std::function<void()> release)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  buffer->Data = data;
  buffer->Bytes = bytes;
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
    cuda::internal::CopyDeviceToHost(this->Data, this->DeviceData, this->Bytes);
    ++Counters().DeviceToHost;
    Counters().BytesDeviceToHost += this->Bytes;
#endif
    this->HostValid = true;
  }
  if (forWriting)
    this->DeviceValid = false;
}

#ifdef LOOM_ENABLE_CUDA
void Buffer::RegisterForTransfers() const
{
  // Large blocks Loom owns only: they return to the pool registered, so the next run's copies go at the
  // link's speed (pageable copies into fresh pages are about 50 times slower); small blocks are not
  // worth a registration, borrowed memory belongs to someone else.
  if (!this->Registered && !this->Release && this->Capacity >= HugeThreshold)
  {
    this->Registered = cuda::internal::HostRegister(this->Data, this->Capacity);
    static std::once_flag raised;
    if (this->Registered)
      std::call_once(raised, [] { Pool::Get().RaiseLimitForGpu(); });
  }
}

const void* Buffer::PrepareDeviceRead() const
{
  if (this->Bytes == 0)
    return nullptr;
  if (!this->DeviceData)
    this->DeviceData = cuda::internal::DeviceAllocate(this->Bytes);
  if (!this->DeviceValid)
  {
    // A block nobody has written holds no values: there is nothing to copy.
    if (!this->Fresh)
    {
      this->RegisterForTransfers();
      cuda::internal::CopyHostToDevice(this->DeviceData, this->Data, this->Bytes);
      ++Counters().HostToDevice;
      Counters().BytesHostToDevice += this->Bytes;
    }
    this->DeviceValid = true;
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
    this->DeviceData = cuda::internal::DeviceAllocate(this->Bytes); // fresh: nothing to keep
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
  cuda::internal::DeviceFree(this->DeviceData);
  this->DeviceData = nullptr;
  this->DeviceValid = false;
}
#else
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
#ifdef LOOM_ENABLE_CUDA
  if (this->DeviceData)
    cuda::internal::DeviceFree(this->DeviceData);
#endif
  if (this->Release)
  {
    this->Release();
  }
  else if (this->Data &&
           (this->Capacity < HugeThreshold || !Pool::Get().Give(this->Data, this->Capacity, this->Registered)))
  {
    FreeBlock(this->Data, this->Registered);
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
