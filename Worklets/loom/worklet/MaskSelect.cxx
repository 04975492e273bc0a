// Loom: MaskSelect: length check and the lazily built thread-to-output map.
#include <loom/worklet/MaskSelect.h>

#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/worklet/internal/MapsCuda.h>
#endif

namespace loom
{
namespace worklet
{
MaskSelect::MaskSelect(const loom::cont::ArrayHandle<UInt8>& selection, loom::cont::DeviceId device)
  : State(std::make_shared<Internals>())
{
  this->State->Device = device;
  this->State->Selection = selection;
}

void MaskSelect::CheckOutputRange(Id outputRange) const
{
  const Id n = this->State->Selection.GetNumberOfValues();
  if (n != outputRange)
  {
    throw loom::cont::ErrorBadValue("MaskSelect: the selection array has " + std::to_string(n) +
                                    " values but the output range has " +
                                    std::to_string(outputRange) + ".");
  }
}

const loom::cont::ArrayHandle<UInt8>& MaskSelect::GetSelection(Id outputRange) const
{
  this->CheckOutputRange(outputRange);
  return this->State->Selection;
}

MaskSelect::ThreadToOutputMapType MaskSelect::GetThreadToOutputMap(Id outputRange) const
{
  this->CheckOutputRange(outputRange);
  Internals& s = *this->State;
  if (!s.MapBuilt)
  {
#ifdef LOOM_ENABLE_CUDA
    if (loom::cont::RuntimeDeviceTracker::Get().Resolve(s.Device) == loom::cont::DeviceId::Cuda)
    {
      internal::SelectMapCuda(s.Selection, s.ThreadToOutput); // made on the GPU, where it is used
      s.MapBuilt = true;
      return s.ThreadToOutput;
    }
#endif
    loom::cont::Algorithm::CopyIf(s.Device, loom::cont::ArrayHandleIndex(outputRange), s.Selection,
                                  s.ThreadToOutput);
    s.MapBuilt = true;
  }
  return s.ThreadToOutput;
}

Id MaskSelect::GetThreadRange(Id outputRange) const
{
  return this->GetThreadToOutputMap(outputRange).GetNumberOfValues();
}
} // namespace worklet
} // namespace loom
