// Loom: MaskIndices: compute only the listed outputs; the others are not written.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <memory>

namespace loom
{
namespace worklet
{
/// A list of output indices, each in range and none repeated (ErrorBadValue otherwise, checked once
/// per output range, by a pass on the device the mask is made for: the GPU's copy of the indices
/// is checked on the GPU, so the check, like the work, follows the length of the list).
/// Thread t computes output indices[t].
class MaskIndices
{
public:
  using ThreadToOutputMapType = loom::cont::ArrayHandle<Id>;

  explicit MaskIndices(const loom::cont::ArrayHandle<Id>& indices,
                       loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
  Id GetThreadRange(Id outputRange) const;
  ThreadToOutputMapType GetThreadToOutputMap(Id outputRange) const;

private:
  void Validate(Id outputRange) const;
  loom::cont::ArrayHandle<Id> Indices;
  loom::cont::DeviceId Device;
  std::shared_ptr<Id> ValidatedFor; // output range the indices were checked against (-1: none)
};
} // namespace worklet
} // namespace loom
