// Loom: the CUDA runtime calls behind CudaMemory.h and cuda::IsAvailable (compiled by the host
// compiler against the runtime API's C header; no kernels here).
#include <loom/cont/Error.h>
#include <loom/cont/Logging.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaAlgorithms.h>
#include <loom/cont/cuda/internal/CudaRuntime.h>
#include <loom/cont/internal/HostPieces.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <cstdlib>
#include <string>

namespace loom
{
namespace cont
{
namespace cuda
{
namespace
{
std::string Describe(cudaError_t error)
{
  return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

[[noreturn]] void Fail(cudaError_t error, const std::string& what)
{
  cudaGetLastError(); // clear a non-sticky error so later calls can run
  if (error == cudaErrorMemoryAllocation)
    throw ErrorBadAllocation("The CUDA device is out of memory (" + what + ").");
  throw ErrorCuda("CUDA failed in " + what + " (" + Describe(error) + ").");
}

void Check(cudaError_t error, const char* what)
{
  if (error != cudaSuccess)
    Fail(error, what);
}
} // namespace

namespace
{
// Why CUDA is unavailable, once IsAvailable has answered false.
std::string& UnavailableReason()
{
  static std::string reason;
  return reason;
}
} // namespace

namespace
{
thread_local bool PreparationThread = false;
// What IsAvailable found, and the line to log about it (logged outside its one-time initialization, and not on
// the preparation's thread: a host's message window may hand the line to a thread that waits for either).
struct Availability
{
  bool Available = false;
  LogLevel Level = LogLevel::Info;
  std::string Line;
};
} // namespace

bool IsAvailable()
{
  // cudaGetDeviceCount answers an error (cudaErrorInsufficientDriver, cudaErrorNoDevice) on a
  // machine without a driver or GPU: CUDA is then unavailable. Asked once per process.
  static const Availability availability = [] {
    Availability a;
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess)
    {
      cudaGetLastError();
      UnavailableReason() = "cudaGetDeviceCount returned " + Describe(error);
      a.Line = "CUDA device unavailable: " + UnavailableReason() + ".";
      return a;
    }
    if (count <= 0)
    {
      UnavailableReason() = "no CUDA device found";
      a.Line = "CUDA device unavailable: no CUDA device found.";
      return a;
    }
    // A GPU older than every architecture Loom was compiled for (CMAKE_CUDA_ARCHITECTURES) has a
    // driver and a device but cannot load the kernels: unavailable, so requests fall back at once.
    std::string reason;
    if (!internal::KernelsCanRun(reason))
    {
      UnavailableReason() = "Loom's kernels cannot run on this GPU: " + reason;
      a.Level = LogLevel::Warn;
      a.Line = "CUDA device unavailable: Loom's kernels cannot run on this GPU (" + reason +
        "); rebuild with its architecture in CMAKE_CUDA_ARCHITECTURES.";
      return a;
    }
    a.Available = true;
#ifdef LOOM_CUDA_DEVICE_UNOPTIMIZED
    a.Level = LogLevel::Warn;
    a.Line = "Loom's CUDA kernels were built without device optimization (a compile check: "
             "LOOM_CUDA_DEVICE_OPTIMIZATION=OFF); they run correctly but slowly. Rebuild with it on.";
#endif
    return a;
  }();
  if (!availability.Line.empty() && !PreparationThread)
  {
    static std::once_flag logged;
    std::call_once(logged, [] { Log(availability.Level, availability.Line); });
  }
  return availability.Available;
}

std::string Describe()
{
  if (!IsAvailable())
    return UnavailableReason();
  int device = 0;
  cudaDeviceProp properties;
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&properties, device) != cudaSuccess)
  {
    cudaGetLastError();
    return "a CUDA device (its properties could not be read)";
  }
  char memory[32];
  std::snprintf(memory, sizeof(memory), "%.1f GiB", properties.totalGlobalMem / double(1ull << 30));
  return std::string(properties.name) + ", " + memory + ", compute " + std::to_string(properties.major) + "." +
    std::to_string(properties.minor);
}

namespace
{
// Device memory comes from the device's stream-ordered pool (cudaMallocAsync on the default stream,
// where all of Loom's kernels and copies run) where the device supports pools: a free neither
// synchronizes the device nor returns the memory to the driver, and the next allocation reuses it
// in stream order (cudaMalloc/cudaFree cost a device synchronization each, and a filter makes dozens
// of temporaries). Up to LOOM_CUDA_POOL bytes (default 1 GiB) of freed memory stay in the pool
// across synchronizations; 0 returns it at every synchronization.
bool UseMemoryPool()
{
  static const bool use = [] {
    int device = 0, supported = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, device) != cudaSuccess || !supported)
    {
      cudaGetLastError();
      return false;
    }
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess)
    {
      cudaGetLastError();
      return false;
    }
    unsigned long long keep = 1ull << 30;
    if (const char* env = std::getenv("LOOM_CUDA_POOL"))
      keep = std::strtoull(env, nullptr, 10);
    if (cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep) != cudaSuccess)
      cudaGetLastError(); // the pool still works, returning memory at each synchronization
    return true;
  }();
  return use;
}
} // namespace

namespace
{
bool PinningEnabled()
{
  static const bool enabled = [] {
    const char* env = std::getenv("LOOM_CUDA_PIN");
    return !(env && env[0] == '0');
  }();
  return enabled;
}

cudaMemcpyKind Kind(internal::CopyKind kind)
{
  switch (kind)
  {
    case internal::CopyKind::HostToDevice:
      return cudaMemcpyHostToDevice;
    case internal::CopyKind::DeviceToHost:
      return cudaMemcpyDeviceToHost;
    default:
      return cudaMemcpyDeviceToDevice;
  }
}

const char* Describe(internal::CopyKind kind)
{
  switch (kind)
  {
    case internal::CopyKind::HostToDevice:
      return "a host-to-device copy";
    case internal::CopyKind::DeviceToHost:
      return "a device-to-host copy";
    default:
      return "a device-to-device copy";
  }
}

// CUDA's runtime: everything in the default stream, where Loom's kernels run.
class CudaRuntime final : public internal::Runtime
{
public:
  void* DeviceAllocate(std::size_t bytes) override
  {
    if (bytes == 0)
      return nullptr;
    if (!IsAvailable())
      throw ErrorBadDevice("No CUDA device is available for device memory.");
    void* pointer = nullptr;
    const cudaError_t error = UseMemoryPool() ? cudaMallocAsync(&pointer, bytes, 0) : cudaMalloc(&pointer, bytes);
    if (error != cudaSuccess)
      Fail(error, "allocating " + std::to_string(bytes) + " bytes of device memory");
    return pointer;
  }
  void DeviceFree(void* pointer) override
  {
    if (!pointer)
      return;
    const cudaError_t error = UseMemoryPool() ? cudaFreeAsync(pointer, 0) : cudaFree(pointer);
    if (error != cudaSuccess && error != cudaErrorCudartUnloading)
      Log(LogLevel::Warn, "cudaFree failed: " + Describe(error) + ".");
  }
  void* PinnedAllocate(std::size_t bytes) override
  {
    if (bytes == 0 || !PinningEnabled() || !IsAvailable())
      return nullptr;
    void* pointer = nullptr;
    if (cudaHostAlloc(&pointer, bytes, cudaHostAllocDefault) != cudaSuccess)
    {
      cudaGetLastError();
      return nullptr;
    }
    return pointer;
  }
  void PinnedFree(void* pointer) override
  {
    if (pointer && cudaFreeHost(pointer) != cudaSuccess)
      cudaGetLastError();
  }
  bool HostRegister(void* host, std::size_t bytes) override
  {
    if (!PinningEnabled() || !host || bytes == 0 || !IsAvailable())
      return false;
    const cudaError_t error = cudaHostRegister(host, bytes, cudaHostRegisterDefault);
    if (error != cudaSuccess)
    {
      cudaGetLastError();
      Log(LogLevel::Debug, "cudaHostRegister of " + std::to_string(bytes) + " bytes failed: " + Describe(error) +
                             "; copies of this block are staged.");
      return false;
    }
    return true;
  }
  void HostUnregister(void* host) override
  {
    if (host && cudaHostUnregister(host) != cudaSuccess)
      cudaGetLastError();
  }
  void CopyAsync(void* destination, const void* source, std::size_t bytes, internal::CopyKind kind) override
  {
    if (bytes > 0)
      Check(cudaMemcpyAsync(destination, source, bytes, Kind(kind), 0), Describe(kind));
  }
  void Copy(void* destination, const void* source, std::size_t bytes, internal::CopyKind kind) override
  {
    if (bytes > 0)
      Check(cudaMemcpy(destination, source, bytes, Kind(kind)), Describe(kind));
  }
  void* CreateEvent() override
  {
    cudaEvent_t event = nullptr;
    Check(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), "creating an event");
    return event;
  }
  void RecordEvent(void* event) override
  {
    Check(cudaEventRecord(static_cast<cudaEvent_t>(event), 0), "recording an event");
  }
  void WaitEvent(void* event) override
  {
    Check(cudaEventSynchronize(static_cast<cudaEvent_t>(event)), "a staged copy");
  }
  void DestroyEvent(void* event) override
  {
    if (event && cudaEventDestroy(static_cast<cudaEvent_t>(event)) != cudaSuccess)
      cudaGetLastError();
  }
  void Synchronize(const char* what) override { Check(cudaDeviceSynchronize(), what); }
  void Prepare() override
  {
    // The driver and the device's check, then its primary context (cudaFree(nullptr) makes it) and its
    // memory pool: a first execution's fixed costs, none of which depends on the work.
    const bool available = IsAvailable();
    internal::PreparationReachedTheDriver();
    if (!available || !internal::PreparationGoesOn())
      return;
    if (cudaFree(nullptr) != cudaSuccess)
    {
      cudaGetLastError();
      return;
    }
    if (internal::PreparationGoesOn())
      UseMemoryPool();
  }
};

internal::Runtime*& InstalledRuntime()
{
  static internal::Runtime* runtime = nullptr;
  return runtime;
}

// The page-locked buffers staged copies go through: two chunks and an event each, made on the first
// staged copy and kept (a staged copy takes them whole; a second thread waits for them).
struct Staging
{
  std::mutex Mutex;
  internal::Runtime* Owner = nullptr; // the runtime that made the buffers
  void* Buffers[2] = { nullptr, nullptr };
  void* Events[2] = { nullptr, nullptr };
  internal::StagingStatistics Statistics;

  // Frees the buffers (the mutex held).
  void Free()
  {
    for (int b = 0; b < 2; ++b)
    {
      if (this->Buffers[b])
        this->Owner->PinnedFree(this->Buffers[b]);
      if (this->Events[b])
        this->Owner->DestroyEvent(this->Events[b]);
      this->Buffers[b] = this->Events[b] = nullptr;
    }
    this->Owner = nullptr;
    this->Statistics.PinnedBytesHeld = 0;
  }
  // True when the buffers are there (made now if needed), false when pinned memory is refused.
  // (SetRuntime frees them before another runtime comes: the owner is always `runtime` or none.)
  bool Ready(internal::Runtime& runtime)
  {
    this->Owner = &runtime;
    for (int b = 0; b < 2; ++b)
    {
      if (!this->Buffers[b])
      {
        this->Buffers[b] = runtime.PinnedAllocate(internal::StageChunk);
        if (!this->Buffers[b])
          return false;
        ++this->Statistics.BuffersAllocated;
        this->Statistics.PinnedBytesHeld += internal::StageChunk;
      }
      if (!this->Events[b])
        this->Events[b] = runtime.CreateEvent();
    }
    return true;
  }
};
Staging& GetStaging()
{
  static Staging* staging = new Staging; // never destroyed: the CUDA runtime may be gone at exit
  return *staging;
}

// memcpy spread over the TBB threads (pieces of 512 KiB): a pageable block is read or written by every core.
void ParallelCopy(void* destination, const void* source, std::size_t bytes)
{
  char* to = static_cast<char*>(destination);
  const char* from = static_cast<const char*>(source);
  loom::cont::internal::ForEachHostPiece(bytes, std::size_t(1) << 19, [=](std::size_t begin, std::size_t end) {
    std::memcpy(to + begin, from + begin, end - begin);
  });
}

// A copy that needs no staging (nothing, page-locked or small host memory; or no pinned buffers to be
// had: the driver stages then) is made here, and true returned; otherwise `lock` holds the staging
// buffers, ready, when it returns false.
bool CopiedDirectly(internal::Runtime& runtime, Staging& staging, std::unique_lock<std::mutex>& lock,
                    void* destination, const void* source, std::size_t bytes, internal::CopyKind kind,
                    bool hostPinned)
{
  if (bytes == 0)
    return true;
  const bool direct = hostPinned || bytes < internal::StageThreshold;
  if (!direct)
  {
    lock.lock();
    if (staging.Ready(runtime))
      return false;
    lock.unlock();
  }
  runtime.Copy(destination, source, bytes, kind);
  std::lock_guard<std::mutex> count(staging.Mutex);
  ++staging.Statistics.DirectCopies;
  return true;
}
} // namespace

namespace internal
{
Runtime& GetRuntime()
{
  static CudaRuntime* cuda = new CudaRuntime; // never destroyed: used by buffers freed at exit
  Runtime* installed = InstalledRuntime();
  return installed ? *installed : *cuda;
}

Runtime* SetRuntime(Runtime* runtime)
{
  WaitForPreparation();    // a preparation running works on the runtime in place
  ReleaseStagingBuffers(); // the former runtime's pinned buffers go back to it
  Runtime* former = InstalledRuntime();
  InstalledRuntime() = runtime;
  return former;
}

void PrepareRuntime()
{
  PreparationThread = true;
  Runtime& runtime = GetRuntime();
  runtime.Prepare();
  // CUDA's own runtime on a usable GPU: the staging buffers too (cudaHostAlloc takes milliseconds), which
  // the first upload of a VTK array would otherwise make.
  if (&runtime != InstalledRuntime() && PreparationGoesOn() && IsAvailable() && PinningEnabled())
  {
    Staging& staging = GetStaging();
    std::lock_guard<std::mutex> lock(staging.Mutex);
    staging.Ready(runtime);
  }
}

void TransferToDevice(void* device, const void* host, std::size_t bytes, bool hostPinned)
{
  Runtime& runtime = GetRuntime();
  Staging& staging = GetStaging();
  std::unique_lock<std::mutex> lock(staging.Mutex, std::defer_lock);
  if (CopiedDirectly(runtime, staging, lock, device, host, bytes, CopyKind::HostToDevice, hostPinned))
    return;
  ++staging.Statistics.StagedToDevice;
  // Chunk c is copied into buffer c % 2 by the CPU threads while chunk c - 1 crosses the link from the
  // other buffer; a buffer is refilled once its last copy has been seen done.
  const std::size_t chunks = (bytes + StageChunk - 1) / StageChunk;
  for (std::size_t c = 0; c < chunks; ++c)
  {
    const int b = static_cast<int>(c % 2);
    const std::size_t offset = c * StageChunk;
    const std::size_t n = std::min(StageChunk, bytes - offset);
    if (c >= 2)
      runtime.WaitEvent(staging.Events[b]);
    ParallelCopy(staging.Buffers[b], static_cast<const char*>(host) + offset, n);
    runtime.CopyAsync(static_cast<char*>(device) + offset, staging.Buffers[b], n, CopyKind::HostToDevice);
    runtime.RecordEvent(staging.Events[b]);
    ++staging.Statistics.Chunks;
  }
  // The buffers are free for the next copy once the last chunk has crossed (the earlier ones came first).
  runtime.WaitEvent(staging.Events[(chunks - 1) % 2]);
}

void TransferToHost(void* host, const void* device, std::size_t bytes, bool hostPinned)
{
  Runtime& runtime = GetRuntime();
  Staging& staging = GetStaging();
  std::unique_lock<std::mutex> lock(staging.Mutex, std::defer_lock);
  if (CopiedDirectly(runtime, staging, lock, host, device, bytes, CopyKind::DeviceToHost, hostPinned))
    return;
  ++staging.Statistics.StagedToHost;
  // Chunk c + 1 crosses the link into one buffer while the CPU threads copy chunk c out of the other.
  const std::size_t chunks = (bytes + StageChunk - 1) / StageChunk;
  auto issue = [&](std::size_t c) {
    const int b = static_cast<int>(c % 2);
    const std::size_t offset = c * StageChunk;
    runtime.CopyAsync(staging.Buffers[b], static_cast<const char*>(device) + offset,
                      std::min(StageChunk, bytes - offset), CopyKind::DeviceToHost);
    runtime.RecordEvent(staging.Events[b]);
  };
  issue(0);
  for (std::size_t c = 0; c < chunks; ++c)
  {
    const int b = static_cast<int>(c % 2);
    if (c + 1 < chunks)
      issue(c + 1); // into the buffer chunk c - 1 was copied out of
    runtime.WaitEvent(staging.Events[b]);
    const std::size_t offset = c * StageChunk;
    ParallelCopy(static_cast<char*>(host) + offset, staging.Buffers[b], std::min(StageChunk, bytes - offset));
    ++staging.Statistics.Chunks;
  }
}

StagingStatistics GetStagingStatistics()
{
  Staging& staging = GetStaging();
  std::lock_guard<std::mutex> lock(staging.Mutex);
  return staging.Statistics;
}

void ReleaseStagingBuffers()
{
  Staging& staging = GetStaging();
  std::lock_guard<std::mutex> lock(staging.Mutex);
  if (staging.Owner)
    staging.Free();
  staging.Statistics = StagingStatistics();
}

void* DeviceAllocate(std::size_t bytes)
{
  return GetRuntime().DeviceAllocate(bytes);
}

void DeviceFree(void* pointer)
{
  GetRuntime().DeviceFree(pointer);
}

void CopyHostToDevice(void* device, const void* host, std::size_t bytes)
{
  GetRuntime().Copy(device, host, bytes, CopyKind::HostToDevice);
}

void CopyDeviceToHost(void* host, const void* device, std::size_t bytes)
{
  GetRuntime().Copy(host, device, bytes, CopyKind::DeviceToHost);
}

void CopyDeviceToDevice(void* destination, const void* source, std::size_t bytes)
{
  GetRuntime().Copy(destination, source, bytes, CopyKind::DeviceToDevice);
}

bool HostRegister(void* host, std::size_t bytes)
{
  return GetRuntime().HostRegister(host, bytes);
}

void HostUnregister(void* host)
{
  GetRuntime().HostUnregister(host);
}

void Synchronize(const char* what)
{
  GetRuntime().Synchronize(what);
}

void CheckLaunch(const char* what)
{
  Check(cudaPeekAtLastError(), what);
}
} // namespace internal
} // namespace cuda
} // namespace cont
} // namespace loom
