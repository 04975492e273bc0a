// Loom: the CUDA runtime calls behind CudaMemory.h and cuda::IsAvailable (compiled by the host
// compiler against the runtime API's C header; no kernels here).
#include <loom/cont/Error.h>
#include <loom/cont/Logging.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaAlgorithms.h>

#include <cuda_runtime_api.h>

#include <cstdio>
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

bool IsAvailable()
{
  // cudaGetDeviceCount answers an error (cudaErrorInsufficientDriver, cudaErrorNoDevice) on a
  // machine without a driver or GPU: CUDA is then unavailable. Asked once per process.
  static const bool available = [] {
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess)
    {
      cudaGetLastError();
      UnavailableReason() = "cudaGetDeviceCount returned " + Describe(error);
      Log(LogLevel::Info, "CUDA device unavailable: " + UnavailableReason() + ".");
      return false;
    }
    if (count <= 0)
    {
      UnavailableReason() = "no CUDA device found";
      Log(LogLevel::Info, "CUDA device unavailable: no CUDA device found.");
      return false;
    }
    // A GPU older than every architecture Loom was compiled for (CMAKE_CUDA_ARCHITECTURES) has a
    // driver and a device but cannot load the kernels: unavailable, so requests fall back at once.
    std::string reason;
    if (!internal::KernelsCanRun(reason))
    {
      UnavailableReason() = "Loom's kernels cannot run on this GPU: " + reason;
      Log(LogLevel::Warn, "CUDA device unavailable: Loom's kernels cannot run on this GPU (" + reason +
                            "); rebuild with its architecture in CMAKE_CUDA_ARCHITECTURES.");
      return false;
    }
    return true;
  }();
  return available;
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

namespace internal
{
void* DeviceAllocate(std::size_t bytes)
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

void DeviceFree(void* pointer)
{
  if (!pointer)
    return;
  const cudaError_t error = UseMemoryPool() ? cudaFreeAsync(pointer, 0) : cudaFree(pointer);
  if (error != cudaSuccess && error != cudaErrorCudartUnloading)
    Log(LogLevel::Warn, "cudaFree failed: " + Describe(error) + ".");
}

void CopyHostToDevice(void* device, const void* host, std::size_t bytes)
{
  if (bytes > 0)
    Check(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice), "a host-to-device copy");
}

void CopyDeviceToHost(void* host, const void* device, std::size_t bytes)
{
  if (bytes > 0)
    Check(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost), "a device-to-host copy");
}

void CopyDeviceToDevice(void* destination, const void* source, std::size_t bytes)
{
  if (bytes > 0)
    Check(cudaMemcpy(destination, source, bytes, cudaMemcpyDeviceToDevice), "a device-to-device copy");
}

bool HostRegister(void* host, std::size_t bytes)
{
  static const bool enabled = [] {
    const char* env = std::getenv("LOOM_CUDA_PIN");
    return !(env && env[0] == '0');
  }();
  if (!enabled || !host || bytes == 0 || !IsAvailable())
    return false;
  const cudaError_t error = cudaHostRegister(host, bytes, cudaHostRegisterDefault);
  if (error != cudaSuccess)
  {
    cudaGetLastError();
    Log(LogLevel::Debug, "cudaHostRegister of " + std::to_string(bytes) + " bytes failed: " + Describe(error) +
                           "; copies of this block stay pageable.");
    return false;
  }
  return true;
}

void HostUnregister(void* host)
{
  if (host && cudaHostUnregister(host) != cudaSuccess)
    cudaGetLastError();
}

void Synchronize(const char* what)
{
  Check(cudaDeviceSynchronize(), what);
}

void CheckLaunch(const char* what)
{
  Check(cudaPeekAtLastError(), what);
}
} // namespace internal
} // namespace cuda
} // namespace cont
} // namespace loom
