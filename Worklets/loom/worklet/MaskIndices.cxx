// Loom: MaskIndices: the one-time check that indices are in range and not repeated, on the mask's device.
#include <loom/worklet/MaskIndices.h>

#include <loom/cont/Algorithm.h>
#include <loom/worklet/internal/MaskIndicesCheck.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/worklet/internal/MapsCuda.h>
#endif

namespace loom
{
namespace worklet
{
MaskIndices::MaskIndices(const loom::cont::ArrayHandle<Id>& indices, loom::cont::DeviceId device)
  : Indices(indices)
  , Device(device)
  , ValidatedFor(std::make_shared<Id>(-1))
{
}

void MaskIndices::Validate(Id outputRange) const
{
  if (*this->ValidatedFor == outputRange)
    return;
#ifdef LOOM_ENABLE_CUDA
  if (loom::cont::RuntimeDeviceTracker::Get().Resolve(this->Device) == loom::cont::DeviceId::Cuda)
    internal::CheckIndicesCuda(this->Indices, outputRange); // where the worklet will read them
  else
#endif
    loom::cont::CallOnDevice(this->Device,
                             [&](auto tag) { internal::CheckIndicesOn<decltype(tag)>(this->Indices, outputRange); });
  *this->ValidatedFor = outputRange;
}

Id MaskIndices::GetThreadRange(Id outputRange) const
{
  this->Validate(outputRange);
  return this->Indices.GetNumberOfValues();
}

MaskIndices::ThreadToOutputMapType MaskIndices::GetThreadToOutputMap(Id outputRange) const
{
  this->Validate(outputRange);
  return this->Indices;
}
} // namespace worklet
} // namespace loom
