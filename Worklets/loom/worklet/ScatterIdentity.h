// Loom: ScatterIdentity: one output per input (the default scatter).
#pragma once

#include <loom/cont/ArrayHandleImplicit.h>

namespace loom
{
namespace worklet
{
/// Output i comes from input i, visit 0.
class ScatterIdentity
{
public:
  using OutputToInputMapType = loom::cont::ArrayHandleIndex;
  using VisitArrayType = loom::cont::ArrayHandleConstant<IdComponent>;

  Id GetOutputRange(Id inputRange) const { return inputRange; }
  OutputToInputMapType GetOutputToInputMap(Id inputRange) const
  {
    return OutputToInputMapType(inputRange);
  }
  VisitArrayType GetVisitArray(Id inputRange) const { return VisitArrayType(0, inputRange); }
};
} // namespace worklet
} // namespace loom
