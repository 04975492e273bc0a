// Loom benchmark: the dispatcher's cost: a map worklet (3 float arrays in, 1 out) over 2^24 entries,
// unmasked and masked (MaskSelect at 1/10/50/100 %, MaskIndices at 1 %; mask objects and any maps
// built inside the timed loop), through the CPU fast paths and the seeds' per-output path; and the
// cost of building a ScatterCounting for 2^24 inputs against one pass of the worklet it serves.
#include "BenchmarkCommon.h"

#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/WorkletMapField.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

using namespace loom;
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;
using loom::cont::Invoker;

namespace
{
constexpr Id N = Id(1) << 24;

struct Triad : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldIn, FieldIn, FieldOut);
  using ExecutionSignature = _4(_1, _2, _3);
  LOOM_EXEC Float32 operator()(Float32 a, Float32 b, Float32 c) const { return a * b + c; }
};
struct TriadSelect : Triad
{
  using MaskType = loom::worklet::MaskSelect;
};
struct TriadIndices : Triad
{
  using MaskType = loom::worklet::MaskIndices;
};
// One output value per visit of a counting scatter.
struct Emit : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldOut);
  using ExecutionSignature = _2(_1, VisitIndex);
  using ScatterType = loom::worklet::ScatterCounting;
  LOOM_EXEC Float32 operator()(Float32 v, IdComponent visit) const { return v + Float32(visit); }
};

struct Data
{
  ArrayHandle<Float32> A, B, C, Out;
  std::vector<ArrayHandle<UInt8>> Selections; // random 1, 10, 50, 100 %, then clustered 1 %
  ArrayHandle<Id> Indices1;                   // random 1 % as indices
  ArrayHandle<Id> IndicesClustered1;          // clustered 1 % as indices
  ArrayHandle<IdComponent> Counts;            // 0..5 per input, uniformly
  ArrayHandle<IdComponent> SparseCounts;      // marching-cubes-like: 90 % zero, else 1..4
  Data()
  {
    std::mt19937 rng(3);
    for (ArrayHandle<Float32>* a : { &A, &B, &C, &Out })
    {
      a->Allocate(N);
      Float32* p = a->GetPointer();
      for (Id i = 0; i < N; ++i)
        p[i] = static_cast<Float32>(rng() % 1000);
    }
    for (double fraction : { 0.01, 0.10, 0.50, 1.0 })
    {
      ArrayHandle<UInt8> s;
      s.Allocate(N);
      UInt8* p = s.GetPointer();
      const UInt32 threshold = static_cast<UInt32>(fraction * 4294967295.0);
      for (Id i = 0; i < N; ++i)
        p[i] = (fraction >= 1.0 || rng() < threshold) ? 1 : 0;
      Selections.push_back(s);
    }
    // Clustered: 1 % of the entries as runs of 4096 consecutive entries (a region of interest).
    {
      ArrayHandle<UInt8> s;
      s.Allocate(N);
      std::fill(s.GetPointer(), s.GetPointer() + N, UInt8(0));
      for (Id run = 0; run < N / 4096; ++run)
        if (rng() % 100 == 0)
          std::fill(s.GetPointer() + run * 4096, s.GetPointer() + (run + 1) * 4096, UInt8(1));
      Selections.push_back(s);
    }
    auto toIndices = [](const ArrayHandle<UInt8>& s) {
      std::vector<Id> idx;
      for (Id i = 0; i < N; ++i)
        if (s.GetPointer()[i])
          idx.push_back(i);
      return cont::make_ArrayHandle(idx);
    };
    Indices1 = toIndices(Selections[0]);
    IndicesClustered1 = toIndices(Selections[4]);
    Counts.Allocate(N);
    SparseCounts.Allocate(N);
    for (Id i = 0; i < N; ++i)
    {
      Counts.GetPointer()[i] = static_cast<IdComponent>(rng() % 6);
      SparseCounts.GetPointer()[i] = (rng() % 10 == 0) ? static_cast<IdComponent>(1 + rng() % 4) : 0;
    }
  }
};
Data& TheData()
{
  static Data data;
  return data;
}

using loom::bench::Device;
void Finish(benchmark::State& state, const char* what)
{
  loom::bench::Label(state, what);
}

void Unmasked(benchmark::State& state)
{
  Data& d = TheData();
  Invoker invoke(Device(state));
  for (auto _ : state)
    invoke(Triad{}, d.A, d.B, d.C, d.Out);
  state.SetBytesProcessed(state.iterations() * N * 16);
  Finish(state, "unmasked");
}

// range(1): selection percentage index; range(2): 1 = per-output path.
void MaskSelect(benchmark::State& state)
{
  Data& d = TheData();
  Invoker invoke(Device(state));
  invoke.SetUsePerOutputPath(state.range(2) == 1);
  const auto& selection = d.Selections[static_cast<std::size_t>(state.range(1))];
  for (auto _ : state)
    invoke(TriadSelect{}, loom::worklet::MaskSelect(selection, Device(state)), d.A, d.B, d.C, d.Out);
  static const char* names[] = { "select 1%", "select 10%", "select 50%", "select 100%",
                                 "select 1% clustered" };
  Finish(state, (std::string(names[state.range(1)]) +
                 (state.range(2) == 1 ? " per-output path" : " fast path")).c_str());
}

void MaskIndices(benchmark::State& state)
{
  Data& d = TheData();
  Invoker invoke(Device(state));
  const bool clustered = state.range(1) == 1;
  for (auto _ : state)
    invoke(TriadIndices{}, loom::worklet::MaskIndices(clustered ? d.IndicesClustered1 : d.Indices1),
           d.A, d.B, d.C, d.Out);
  Finish(state, clustered ? "indices 1% clustered" : "indices 1%");
}

const ArrayHandle<IdComponent>& CountsFor(const benchmark::State& state, int arg)
{
  return state.range(arg) == 1 ? TheData().SparseCounts : TheData().Counts;
}
std::string CountsName(const benchmark::State& state, int arg)
{
  return state.range(arg) == 1 ? " [counts: 90% zero]" : " [counts: uniform 0..5]";
}

void BuildScatterCounting(benchmark::State& state)
{
  for (auto _ : state)
    benchmark::DoNotOptimize(loom::worklet::ScatterCounting(CountsFor(state, 1), Device(state)));
  Finish(state, ("build ScatterCounting (2^24 inputs)" + CountsName(state, 1)).c_str());
}

// The worklet the scatter serves, scatter prebuilt: fast path or per-output path (maps built on
// the first run, so the timed runs are the pure worklet pass).
void CountingWorklet(benchmark::State& state)
{
  Data& d = TheData();
  loom::worklet::ScatterCounting scatter(CountsFor(state, 2), Device(state));
  ArrayHandle<Float32> out;
  Invoker invoke(Device(state));
  invoke.SetUsePerOutputPath(state.range(1) == 1);
  invoke(Emit{}, scatter, d.A, out);
  for (auto _ : state)
    invoke(Emit{}, scatter, d.A, out);
  Finish(state, ((state.range(1) == 1 ? "counting worklet, per-output path (maps prebuilt)"
                                     : "counting worklet, per-input fast path") +
                 CountsName(state, 2))
                  .c_str());
}

// Build and run together, as a filter does: fast path vs per-output path (maps built each time).
void CountingBuildAndRun(benchmark::State& state)
{
  Data& d = TheData();
  ArrayHandle<Float32> out;
  Invoker invoke(Device(state));
  invoke.SetUsePerOutputPath(state.range(1) == 1);
  for (auto _ : state)
    invoke(Emit{}, loom::worklet::ScatterCounting(CountsFor(state, 2), Device(state)), d.A, out);
  Finish(state, ((state.range(1) == 1 ? "counting build+run, per-output path"
                                     : "counting build+run, per-input fast path") +
                 CountsName(state, 2))
                  .c_str());
}

using loom::bench::CpuDevices;
} // namespace

BENCHMARK(Unmasked)->Apply([](auto* b) {
  for (DeviceId d : CpuDevices())
    b->Args({ static_cast<Id>(d) });
  loom::bench::RealTimeWithMin(b);
});
BENCHMARK(MaskSelect)->Apply([](auto* b) {
  for (DeviceId d : CpuDevices())
    for (Id s = 0; s < 5; ++s)
      for (Id perOutput : { 0, 1 })
        b->Args({ static_cast<Id>(d), s, perOutput });
  loom::bench::RealTimeWithMin(b);
});
BENCHMARK(MaskIndices)->Apply([](auto* b) {
  for (DeviceId d : CpuDevices())
    for (Id clustered : { 0, 1 })
      b->Args({ static_cast<Id>(d), clustered });
  loom::bench::RealTimeWithMin(b);
});
BENCHMARK(BuildScatterCounting)->Apply([](auto* b) {
  for (DeviceId d : CpuDevices())
    for (Id counts : { 0, 1 })
      b->Args({ static_cast<Id>(d), counts });
  loom::bench::RealTimeWithMin(b);
});
BENCHMARK(CountingWorklet)->Apply([](auto* b) {
  for (DeviceId d : CpuDevices())
    for (Id perOutput : { 0, 1 })
      for (Id counts : { 0, 1 })
        b->Args({ static_cast<Id>(d), perOutput, counts });
  loom::bench::RealTimeWithMin(b);
});
BENCHMARK(CountingBuildAndRun)->Apply([](auto* b) {
  for (DeviceId d : CpuDevices())
    for (Id perOutput : { 0, 1 })
      for (Id counts : { 0, 1 })
        b->Args({ static_cast<Id>(d), perOutput, counts });
  loom::bench::RealTimeWithMin(b);
});

BENCHMARK_MAIN();
