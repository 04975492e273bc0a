// Loom: the scatter and mask maps of the seeds built on the CUDA device (MapsCuda.cu), for
// ScatterCounting and MaskSelect when their device resolves to CUDA. No CUDA header needed here.
#pragma once

#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace worklet
{
namespace internal
{
/// The kernels' bodies (plain functors: the engine tests run them on the host against the CPU maps;
/// the fat-binary test looks for their kernels by this namespace's name).
namespace maps_cuda
{
// The counts widened to Id, with a zero after the last (the scan's n + 1-th value is the total).
struct WidenCounts
{
  const IdComponent* Counts;
  Id* Wide;
  Id N;
  LOOM_EXEC void operator()(Id i) const { this->Wide[i] = i < this->N ? static_cast<Id>(this->Counts[i]) : 0; }
};

// Output o belongs to the last input whose first output is <= o (inputs without outputs share
// their successor's offset, so the search skips them).
struct OutputToInput
{
  const Id* Offsets;
  Id N;
  Id* Map;
  IdComponent* Visit;
  LOOM_EXEC void operator()(Id o) const
  {
    Id lo = 0, hi = this->N; // Offsets[lo] <= o < Offsets[hi]
    while (hi - lo > 1)
    {
      const Id mid = lo + (hi - lo) / 2;
      if (this->Offsets[mid] <= o)
        lo = mid;
      else
        hi = mid;
    }
    this->Map[o] = lo;
    this->Visit[o] = static_cast<IdComponent>(o - this->Offsets[lo]);
  }
};
} // namespace maps_cuda

/// ScatterCounting's offsets on the device: n + 1 values, the exclusive sum of the n counts with
/// the total last. Returns min(0, smallest count) (negative counts are the caller's error) and
/// sets `total`.
IdComponent CountingOffsetsCuda(const loom::cont::ArrayHandle<IdComponent>& counts,
                                loom::cont::ArrayHandle<Id>& offsets, Id& total);
/// The output-to-input map and visit array from the offsets (n + 1 values), one thread per output
/// searching the offsets (balanced per output, as the seeds build it).
void CountingMapsCuda(const loom::cont::ArrayHandle<Id>& offsets, Id total,
                      loom::cont::ArrayHandle<Id>& outputToInput, loom::cont::ArrayHandle<IdComponent>& visit);
/// MaskIndices' check on the device (ErrorBadValue for an index outside [0, outputRange) or repeated).
void CheckIndicesCuda(const loom::cont::ArrayHandle<Id>& indices, Id outputRange);
/// MaskSelect's thread-to-output map: the indices of the non-zero flags, in order.
void SelectMapCuda(const loom::cont::ArrayHandle<UInt8>& selection, loom::cont::ArrayHandle<Id>& threadToOutput);
} // namespace internal
} // namespace worklet
} // namespace loom
