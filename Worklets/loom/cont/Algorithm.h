// Loom: the device algorithms with the device chosen at run time (Auto, LOOM_DEVICE, or given),
// falling back to the next device when one cannot run.
#pragma once

#include <loom/cont/DeviceAdapterAlgorithm.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#ifdef LOOM_CUDA_TRANSLATION_UNIT
#include <loom/cont/cuda/DeviceAdapterAlgorithmCuda.h>
#endif

#include <utility>

namespace loom
{
namespace cont
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Call `functor(tag)` with the compile-time tag of the device the tracker picks for `requested`:
/// DeviceAdapterTagCpu for Serial and TBB (with that device as the thread's current CPU device for the
/// call), DeviceAdapterTagCuda for CUDA.
/// Only code compiled by nvcc runs on CUDA: elsewhere a CUDA pick runs on the best CPU device (the
/// worklet families reach CUDA through their .cu files), and arrays come back from the GPU as read.
template <typename Functor>
auto CallOnDevice(DeviceId requested, Functor&& functor)
{
#if defined(LOOM_CUDA_TRANSLATION_UNIT) && defined(LOOM_CUDA_UNIT_CUDA_ONLY)
  // A worklet family's .cu unit holds CUDA's instantiation only (the CPU devices' is in the family's
  // .cxx files). Its entries are reached through algorithms::WithCudaFallback, which runs the whole call
  // again on a CPU device when CUDA fails (ErrorBadDevice), runs out of memory (ErrorBadAllocation) or is
  // no longer the device the request resolves to: nothing here falls back pass by pass.
  if (RuntimeDeviceTracker::Get().Resolve(requested) != DeviceId::Cuda)
    throw ErrorBadDevice(std::string("Loom: a CUDA unit was asked to run on '") +
                         DeviceName(RuntimeDeviceTracker::Get().Resolve(requested)) + "'.");
  internal::NoteDeviceRan(DeviceId::Cuda);
  return functor(DeviceAdapterTagCuda{});
#else
  return RuntimeDeviceTracker::Get().TryExecute(requested, [&](DeviceId device) {
#ifndef LOOM_CUDA_TRANSLATION_UNIT
    if (device == DeviceId::Cuda)
    {
      device = RuntimeDeviceTracker::Get().HostDevice();
      internal::NoteCudaRequestRunsOnHost(device);
    }
#endif
    internal::NoteDeviceRan(device);
    switch (device)
    {
#ifdef LOOM_CUDA_TRANSLATION_UNIT
      case DeviceId::Cuda:
        return functor(DeviceAdapterTagCuda{});
#endif
#ifdef LOOM_ENABLE_TBB
      case DeviceId::TBB:
#endif
      case DeviceId::Serial:
      {
        // One instantiation for both CPU devices: the device is this thread's current CPU device.
        const ScopedCpuDevice onCpu(device);
        return functor(DeviceAdapterTagCpu{});
      }
      default:
        throw ErrorBadDevice(std::string("Loom device '") + DeviceName(device) +
                             "' cannot run this algorithm in this build.");
    }
  });
#endif
}

/// Every algorithm of DeviceAdapterAlgorithm, run on the device chosen at run time.
/// `Algorithm::Sort(array)` uses Auto; `Algorithm::Sort(DeviceId::Serial, array)` asks for one.
struct Algorithm
{
#define LOOM_ALGORITHM_FORWARD(Name)                                                               \
  template <typename... Args>                                                                      \
  static auto Name(DeviceId device, Args&&... args)                                                \
  {                                                                                                \
    return CallOnDevice(device, [&](auto tag) {                                                    \
      return DeviceAdapterAlgorithm<decltype(tag)>::Name(std::forward<Args>(args)...);             \
    });                                                                                            \
  }                                                                                                \
  template <typename First, typename... Args,                                                      \
            typename = std::enable_if_t<!std::is_same<std::decay_t<First>, DeviceId>::value>>      \
  static auto Name(First&& first, Args&&... args)                                                  \
  {                                                                                                \
    return Name(DeviceId::Auto, std::forward<First>(first), std::forward<Args>(args)...);          \
  }

  LOOM_ALGORITHM_FORWARD(Schedule)
  LOOM_ALGORITHM_FORWARD(Copy)
  LOOM_ALGORITHM_FORWARD(CopyIf)
  LOOM_ALGORITHM_FORWARD(Reduce)
  LOOM_ALGORITHM_FORWARD(ScanInclusive)
  LOOM_ALGORITHM_FORWARD(ScanExclusive)
  LOOM_ALGORITHM_FORWARD(ReduceByKey)
  LOOM_ALGORITHM_FORWARD(Sort)
  LOOM_ALGORITHM_FORWARD(SortByKey)
  LOOM_ALGORITHM_FORWARD(Unique)
  LOOM_ALGORITHM_FORWARD(LowerBounds)
  LOOM_ALGORITHM_FORWARD(UpperBounds)
#undef LOOM_ALGORITHM_FORWARD
};
LOOM_UNIT_NAMESPACE_END
} // namespace cont
} // namespace loom
