// Loom: MaskIndices: compute only the listed outputs; the others are not written.
#pragma once

#include <loom/cont/ArrayHandle.h>

#include <memory>

namespace loom
{
namespace worklet
{
/// A list of output indices, each in range and none repeated (ErrorBadValue otherwise, checked once
/// per output range). Thread t computes output indices[t].
class MaskIndices
{
public:
  using ThreadToOutputMapType = loom::cont::ArrayHandle<Id>;

  explicit MaskIndices(const loom::cont::ArrayHandle<Id>& indices);
  Id GetThreadRange(Id outputRange) const;
  ThreadToOutputMapType GetThreadToOutputMap(Id outputRange) const;

private:
  void Validate(Id outputRange) const;
  loom::cont::ArrayHandle<Id> Indices;
  std::shared_ptr<Id> ValidatedFor; // output range the indices were checked against (-1: none)
};
} // namespace worklet
} // namespace loom
