// Loom algorithms: whether a family call runs on CUDA (then the family's .cu entry takes it).
#pragma once

#include <loom/cont/RuntimeDeviceTracker.h>

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
} // namespace algorithms
} // namespace loom
