// Loom: ScatterCounting: a count of outputs for each input (0 or more), as in marching cubes.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <memory>

namespace loom
{
namespace worklet
{
/// Built from the count of outputs of each input. The constructor runs one prefix sum (the
/// input-to-output offsets, kept: GetInputToOutputMap). The output-to-input map and visit array of
/// the seeds are built on first request only: the CPU fast path runs per input on the offsets and
/// never needs them; on CUDA the offsets and maps are made on the GPU (internal/MapsCuda.cu).
class ScatterCounting
{
public:
  using OutputToInputMapType = loom::cont::ArrayHandle<Id>;
  using VisitArrayType = loom::cont::ArrayHandle<IdComponent>;

  /// Counts must be non-negative (ErrorBadValue otherwise).
  explicit ScatterCounting(const loom::cont::ArrayHandle<IdComponent>& counts,
                           loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

  /// Number of outputs; ErrorBadValue when the input domain does not have one count per input.
  Id GetOutputRange(Id inputRange) const;
  /// Output -> input (built on first call: upper bound of each output in the offsets).
  OutputToInputMapType GetOutputToInputMap(Id inputRange) const;
  /// Output -> visit index within its input (built with the output-to-input map).
  VisitArrayType GetVisitArray(Id inputRange) const;

  /// Input i writes outputs [map[i], map[i+1]); the array has one entry per input plus the total.
  const loom::cont::ArrayHandle<Id>& GetInputToOutputMap() const { return this->State->Offsets; }
  Id GetInputRange() const { return this->State->InputRange; }

private:
  struct Internals
  {
    loom::cont::DeviceId Device;
    Id InputRange = 0;
    Id Total = 0; // outputs (the last offset, kept on the host)
    loom::cont::ArrayHandle<Id> Offsets;
    loom::cont::ArrayHandle<Id> OutputToInput;
    loom::cont::ArrayHandle<IdComponent> Visit;
    bool MapsBuilt = false;
  };
  void BuildMaps() const;
  void CheckInputRange(Id inputRange) const;
  std::shared_ptr<Internals> State;
};
} // namespace worklet
} // namespace loom
