// Loom: MaskNone: every output is computed (the default mask).
#pragma once

#include <loom/cont/ArrayHandleImplicit.h>

namespace loom
{
namespace worklet
{
/// Thread t computes output t.
class MaskNone
{
public:
  using ThreadToOutputMapType = loom::cont::ArrayHandleIndex;
  Id GetThreadRange(Id outputRange) const { return outputRange; }
  ThreadToOutputMapType GetThreadToOutputMap(Id outputRange) const
  {
    return ThreadToOutputMapType(outputRange);
  }
};
} // namespace worklet
} // namespace loom
