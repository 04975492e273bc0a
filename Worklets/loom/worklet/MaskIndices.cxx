// Loom: MaskIndices: the one-time check that indices are in range and not repeated.
#include <loom/worklet/MaskIndices.h>

#include <loom/cont/Algorithm.h>

namespace loom
{
namespace worklet
{
MaskIndices::MaskIndices(const loom::cont::ArrayHandle<Id>& indices)
  : Indices(indices)
  , ValidatedFor(std::make_shared<Id>(-1))
{
}

void MaskIndices::Validate(Id outputRange) const
{
  if (*this->ValidatedFor == outputRange)
    return;
  const Id n = this->Indices.GetNumberOfValues();
  const Id* p = this->Indices.ReadPortal().GetArray(); // a read: a device copy stays current
  // Strictly increasing lists (the usual case) are checked in one pass; others are sorted once.
  bool increasing = true;
  for (Id i = 0; i < n; ++i)
  {
    if (p[i] < 0 || p[i] >= outputRange)
    {
      throw loom::cont::ErrorBadValue("MaskIndices: index " + std::to_string(p[i]) + " at position " +
                                      std::to_string(i) + " is outside the output range of " +
                                      std::to_string(outputRange) + ".");
    }
    increasing = increasing && (i == 0 || p[i - 1] < p[i]);
  }
  if (!increasing)
  {
    loom::cont::ArrayHandle<Id> sorted;
    loom::cont::Algorithm::Copy(this->Indices, sorted);
    loom::cont::Algorithm::Sort(sorted);
    const Id* s = sorted.GetPointer();
    for (Id i = 1; i < n; ++i)
    {
      if (s[i] == s[i - 1])
      {
        throw loom::cont::ErrorBadValue("MaskIndices: output index " + std::to_string(s[i]) +
                                        " is listed more than once.");
      }
    }
  }
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
