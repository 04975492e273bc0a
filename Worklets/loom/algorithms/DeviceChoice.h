// Loom algorithms: whether a family call runs on CUDA (then the family's .cu entry takes it), and the
// per-call fallback to a CPU device when the GPU runs out of memory.
#pragma once

#include <loom/cont/RuntimeDeviceTracker.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/cont/cuda/CudaMemory.h>
#endif

#include <string>

namespace loom
{
namespace algorithms
{
/// True when `device` resolves to CUDA here (always false in builds without CUDA, or without a GPU).
inline bool RunsOnCuda(loom::cont::DeviceId device)
{
#ifdef LOOM_ENABLE_CUDA
  return loom::cont::RuntimeDeviceTracker::Get().Resolve(device) == loom::cont::DeviceId::Cuda;
#else
  (void)device;
  return false;
#endif
}

/// A family entry's device choice: `onCuda(device)` (a generic lambda, so that builds without CUDA
/// never instantiate it), then one wait for the GPU, when `device` resolves to CUDA, else
/// `onHost(device)`. When the GPU runs out of memory (ErrorBadAllocation) anywhere in `onCuda`,
/// the whole call runs again as `onHost(cpuDevice)` with a warning naming `what`; CUDA stays
/// enabled for later calls. When CUDA fails (ErrorBadDevice) it is disabled and the call runs on
/// the CPU (after a kernel fault the GPU's arrays may be lost: the rerun then reports the error).
template <typename CudaCall, typename HostCall>
auto WithCudaFallback(loom::cont::DeviceId device, const char* what, CudaCall&& onCuda, HostCall&& onHost)
  -> decltype(onHost(device))
{
#ifdef LOOM_ENABLE_CUDA
  if (RunsOnCuda(device))
  {
    try
    {
      auto result = onCuda(device);
      // Kernels run asynchronously: wait here, so a failing kernel is reported (and handled below)
      // by the call that launched it.
      loom::cont::cuda::internal::Synchronize(what);
      // The execution record (the Loom panel's device column) lists CUDA: the .cu entries run their
      // passes with the CUDA tag directly, not through CallOnDevice, which notes the CPU devices.
      loom::cont::internal::NoteDeviceRan(loom::cont::DeviceId::Cuda);
      return result;
    }
    catch (const loom::cont::ErrorBadAllocation& e)
    {
      return onHost(loom::cont::RuntimeDeviceTracker::Get().HostFallback(std::string(what) + ": " + e.what()));
    }
    catch (const loom::cont::ErrorBadDevice& e)
    {
      // CUDA itself failed (a launch, a copy): off for the process; this call runs on the CPU.
      auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
      tracker.DisableDevice(loom::cont::DeviceId::Cuda, std::string(what) + ": " + e.what());
      return onHost(tracker.Resolve(loom::cont::DeviceId::Auto));
    }
  }
#else
  (void)what;
  (void)onCuda;
#endif
  return onHost(device);
}
} // namespace algorithms
} // namespace loom
