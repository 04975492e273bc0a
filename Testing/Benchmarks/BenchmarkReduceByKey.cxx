// Loom benchmark: reduce-by-key on 10^7 random Int32 keys (2^20 distinct values), the sum of Float32
// values per key: Keys built and the worklet run (what a filter pays), the worklet alone on Keys built
// once (what a reuse pays), and the reference: a sort of (key, value) pairs plus one sequential
// reduction, and the device algorithms SortByKey + ReduceByKey.
#include "../Engine/ReduceByKeyWorklets.h"
#include "BenchmarkCommon.h"

#include <loom/cont/Algorithm.h>
#include <loom/cont/Invoker.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

using namespace loom;
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;

namespace
{
constexpr Id N = 10000000;

struct Data
{
  std::vector<Int32> Keys;
  std::vector<Float32> Values;
  ArrayHandle<Int32> KeyArray;
  ArrayHandle<Float32> ValueArray;
  Data()
    : Keys(N)
    , Values(N)
  {
    std::mt19937 rng(5);
    for (Id i = 0; i < N; ++i)
    {
      Keys[i] = static_cast<Int32>(rng() % (1u << 20));
      Values[i] = static_cast<Float32>(rng() % 100);
    }
    KeyArray = cont::make_ArrayHandle(Keys);
    ValueArray = cont::make_ArrayHandle(Values);
  }
};
Data& TheData()
{
  static Data d;
  return d;
}
using loom::bench::Device;
using loom::bench::Label;

// std::sort of the pairs, then one pass summing runs of equal keys (one thread).
void SortAndReduceReference(benchmark::State& state)
{
  Data& d = TheData();
  std::vector<std::pair<Int32, Float32>> pairs(N);
  std::vector<Int32> keysOut;
  std::vector<Float32> sums;
  for (auto _ : state)
  {
    for (Id i = 0; i < N; ++i)
      pairs[i] = { d.Keys[i], d.Values[i] };
    std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    keysOut.clear();
    sums.clear();
    for (const auto& p : pairs)
    {
      if (keysOut.empty() || keysOut.back() != p.first)
      {
        keysOut.push_back(p.first);
        sums.push_back(0.f);
      }
      sums.back() += p.second;
    }
    benchmark::DoNotOptimize(sums.data());
  }
  state.SetLabel("std::sort of pairs + sequential reduction (reference)");
}

// Keys built and the worklet run, every iteration.
void BuildKeysAndReduce(benchmark::State& state)
{
  Data& d = TheData();
  ArrayHandle<Float32> sums;
  cont::Invoker invoke(Device(state));
  for (auto _ : state)
  {
    loom::worklet::Keys<Int32> keys(d.KeyArray, Device(state));
    invoke(test::SumPerKey{}, keys, d.ValueArray, sums);
  }
  Label(state, "Keys built + WorkletReduceByKey sum");
}

// The worklet alone, on Keys built once.
void ReduceWithKeysReused(benchmark::State& state)
{
  Data& d = TheData();
  ArrayHandle<Float32> sums;
  cont::Invoker invoke(Device(state));
  loom::worklet::Keys<Int32> keys(d.KeyArray, Device(state));
  for (auto _ : state)
    invoke(test::SumPerKey{}, keys, d.ValueArray, sums);
  Label(state, "WorkletReduceByKey sum, Keys reused");
}

// The device algorithms: copies, SortByKey, ReduceByKey.
void SortByKeyThenReduceByKey(benchmark::State& state)
{
  Data& d = TheData();
  ArrayHandle<Int32> keys, keysOut;
  ArrayHandle<Float32> values, sums;
  for (auto _ : state)
  {
    cont::Algorithm::Copy(Device(state), d.KeyArray, keys);
    cont::Algorithm::Copy(Device(state), d.ValueArray, values);
    cont::Algorithm::SortByKey(Device(state), keys, values);
    cont::Algorithm::ReduceByKey(Device(state), keys, values, keysOut, sums);
  }
  Label(state, "Algorithm SortByKey + ReduceByKey");
}

void PerDevice(benchmark::internal::Benchmark* b)
{
  for (DeviceId d : loom::bench::CpuDevices())
    b->Args({ static_cast<Id>(d) });
  loom::bench::RealTimeWithMin(b);
}
} // namespace

BENCHMARK(SortAndReduceReference)->Apply(loom::bench::RealTimeWithMin);
BENCHMARK(BuildKeysAndReduce)->Apply(PerDevice);
BENCHMARK(ReduceWithKeysReused)->Apply(PerDevice);
BENCHMARK(SortByKeyThenReduceByKey)->Apply(PerDevice);

BENCHMARK_MAIN();
