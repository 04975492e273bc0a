// Loom: MaskIndices' check of its indices (in range, none repeated) as a pass on the device that runs
// the worklet, compiled for the CPU devices by MaskIndices.cxx and for CUDA by MapsCuda.cu: one thread
// per index, two positions back, no host pass over the indices.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterAlgorithm.h>
#include <loom/cont/Error.h>
#include <loom/exec/Atomic.h>

#include <string>

namespace loom
{
namespace worklet
{
namespace internal
{
LOOM_UNIT_NAMESPACE_BEGIN
/// First[0] and First[1] = Value (two threads).
struct ResetPositions
{
  Int64* First;
  Int64 Value;
  LOOM_EXEC void operator()(Id i) const { this->First[i] = this->Value; }
};

/// One thread per index: First[0] becomes the first position whose index is outside [0, Range), First[1]
/// the first position whose index is not above the one before it.
struct CheckIndexPositions
{
  const Id* Indices;
  Id Range;
  Int64* First;
  LOOM_EXEC void operator()(Id i) const
  {
    const Id index = this->Indices[i];
    if (index < 0 || index >= this->Range)
      loom::exec::AtomicMin(this->First, static_cast<Int64>(i));
    else if (i > 0 && this->Indices[i - 1] >= index)
      loom::exec::AtomicMin(this->First + 1, static_cast<Int64>(i));
  }
};

/// ErrorBadValue when an index of `indices` is outside [0, outputRange) or listed twice, checked where the
/// indices are on device `Tag`. An increasing list (the usual one) takes one pass; another is sorted on
/// the device once, for the repeats. Only the offending values are read back to the host.
template <typename Tag>
void CheckIndicesOn(const loom::cont::ArrayHandle<Id>& indices, Id outputRange)
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  const Id n = indices.GetNumberOfValues();
  if (n == 0)
    return;
  const auto firstBad = [&](const loom::cont::ArrayHandle<Id>& list, Id& outside, Id& unordered) {
    loom::cont::ArrayHandle<Int64> first;
    Int64* f = first.PrepareForOutput(2, Tag{}).GetArray();
    Algorithm::Schedule(ResetPositions{ f, n }, 2);
    Algorithm::Schedule(CheckIndexPositions{ list.PrepareForInput(Tag{}).GetArray(), outputRange, f }, n);
    const auto back = first.ReadPortal();
    outside = back.Get(0);
    unordered = back.Get(1);
  };
  Id outside = n, unordered = n;
  firstBad(indices, outside, unordered);
  if (outside < n)
    throw loom::cont::ErrorBadValue("MaskIndices: index " + std::to_string(indices.ReadPortal().Get(outside)) +
                                    " at position " + std::to_string(outside) + " is outside the output range of " +
                                    std::to_string(outputRange) + ".");
  if (unordered == n)
    return;
  loom::cont::ArrayHandle<Id> sorted;
  Algorithm::Copy(indices, sorted);
  Algorithm::Sort(sorted);
  firstBad(sorted, outside, unordered);
  if (unordered < n)
    throw loom::cont::ErrorBadValue("MaskIndices: output index " + std::to_string(sorted.ReadPortal().Get(unordered)) +
                                    " is listed more than once.");
}
LOOM_UNIT_NAMESPACE_END
} // namespace internal
} // namespace worklet
} // namespace loom
