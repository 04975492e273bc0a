// Loom: ScatterPermutation: output o comes from input permutation[o] (any inputs, any order, repeats
// allowed); visit 0.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/ArrayHandleImplicit.h>

namespace loom
{
namespace worklet
{
class ScatterPermutation
{
public:
  using OutputToInputMapType = loom::cont::ArrayHandle<Id>;
  using VisitArrayType = loom::cont::ArrayHandleConstant<IdComponent>;

  explicit ScatterPermutation(const loom::cont::ArrayHandle<Id>& permutation)
    : Permutation(permutation)
  {
  }
  /// The number of outputs is the length of the permutation. Every entry must name an input:
  /// ErrorBadValue otherwise.
  Id GetOutputRange(Id inputRange) const;
  OutputToInputMapType GetOutputToInputMap(Id) const { return this->Permutation; }
  VisitArrayType GetVisitArray(Id) const
  {
    return VisitArrayType(0, this->Permutation.GetNumberOfValues());
  }

private:
  loom::cont::ArrayHandle<Id> Permutation;
};
} // namespace worklet
} // namespace loom
