// Loom: ScatterCounting: the offsets by prefix sum; the seeds' output-to-input map by a parallel
// search of each output in the offsets, with the visit index from the same search.
#include <loom/worklet/ScatterCounting.h>

#include <loom/cont/Algorithm.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/worklet/internal/MapsCuda.h>
#endif

#include <algorithm>

namespace loom
{
namespace worklet
{
using loom::cont::Algorithm;
using loom::cont::ArrayHandle;

ScatterCounting::ScatterCounting(const ArrayHandle<IdComponent>& counts, loom::cont::DeviceId device)
  : State(std::make_shared<Internals>())
{
  const Id n = counts.GetNumberOfValues();
  this->State->Device = device;
  this->State->InputRange = n;
  auto checkSmallest = [](IdComponent smallest) {
    if (smallest < 0)
    {
      throw loom::cont::ErrorBadValue("ScatterCounting: the counts array holds a negative count (" +
                                      std::to_string(smallest) + ").");
    }
  };
#ifdef LOOM_ENABLE_CUDA
  if (loom::cont::RuntimeDeviceTracker::Get().Resolve(device) == loom::cont::DeviceId::Cuda)
  {
    // On the GPU: the counts stay there and the offsets are made there (the total alone comes back).
    checkSmallest(internal::CountingOffsetsCuda(counts, this->State->Offsets, this->State->Total));
    return;
  }
#endif
  if (n > 0)
    checkSmallest(Algorithm::Reduce(device, counts, IdComponent(0), Minimum{}));
  this->State->Offsets.Allocate(n + 1);
  ArrayHandle<Id> head = this->State->Offsets.View(0, n);
  const Id total = Algorithm::ScanExclusive(device, counts, head, Id(0));
  this->State->Offsets.WritePortal().Set(n, total);
  this->State->Total = total;
}

void ScatterCounting::CheckInputRange(Id inputRange) const
{
  if (inputRange != this->State->InputRange)
  {
    throw loom::cont::ErrorBadValue("ScatterCounting: the counts array has " +
                                    std::to_string(this->State->InputRange) +
                                    " values but the input domain has " + std::to_string(inputRange) +
                                    ".");
  }
}

Id ScatterCounting::GetOutputRange(Id inputRange) const
{
  this->CheckInputRange(inputRange);
  return this->State->Total;
}

void ScatterCounting::BuildMaps() const
{
  Internals& s = *this->State;
  if (s.MapsBuilt)
    return;
  const Id n = s.InputRange;
  const Id total = s.Total;
  const loom::cont::DeviceId device = loom::cont::RuntimeDeviceTracker::Get().Resolve(s.Device);
#ifdef LOOM_ENABLE_CUDA
  if (device == loom::cont::DeviceId::Cuda)
  {
    internal::CountingMapsCuda(s.Offsets, total, s.OutputToInput, s.Visit);
    s.MapsBuilt = true;
    return;
  }
#endif
  s.OutputToInput.Allocate(total);
  s.Visit.Allocate(total);
  const Id* offsets = s.Offsets.GetPointer();
  Id* outToIn = s.OutputToInput.GetPointer();
  IdComponent* visit = s.Visit.GetPointer();
  if (device == loom::cont::DeviceId::Serial || device == loom::cont::DeviceId::TBB)
  {
    // CPU: each input fills its own outputs (no search).
    Algorithm::Schedule(
      device,
      [=](Id i) {
        for (Id o = offsets[i]; o < offsets[i + 1]; ++o)
        {
          outToIn[o] = i;
          visit[o] = static_cast<IdComponent>(o - offsets[i]);
        }
      },
      n);
  }
  else
  {
    // The seeds' parallel find: each output searches for the last input whose first output is
    // <= it (inputs with no outputs share that offset). Balanced per output, as a GPU wants.
    Algorithm::Schedule(
      device,
      [=](Id o) {
        const Id i = static_cast<Id>(std::upper_bound(offsets, offsets + n, o) - offsets) - 1;
        outToIn[o] = i;
        visit[o] = static_cast<IdComponent>(o - offsets[i]);
      },
      total);
  }
  s.MapsBuilt = true;
}

ScatterCounting::OutputToInputMapType ScatterCounting::GetOutputToInputMap(Id inputRange) const
{
  this->CheckInputRange(inputRange);
  this->BuildMaps();
  return this->State->OutputToInput;
}

ScatterCounting::VisitArrayType ScatterCounting::GetVisitArray(Id inputRange) const
{
  this->CheckInputRange(inputRange);
  this->BuildMaps();
  return this->State->Visit;
}
} // namespace worklet
} // namespace loom
