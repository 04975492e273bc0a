// Loom benchmark: the device algorithms (Copy, ScanExclusive, Reduce, Sort, CopyIf of flagged indices) and a
// scheduled triad on Serial and TBB, beside plain references measured in the same run (memcpy, a plain-loop triad on one
// and on all threads, std::sort and tbb::parallel_sort). Reports bytes/s; min and median over repeats.
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>

#include <benchmark/benchmark.h>

#ifdef LOOM_ENABLE_TBB
#include <tbb/parallel_sort.h>
#endif

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace loom;
using loom::cont::Algorithm;
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;

namespace
{
template <typename T>
ArrayHandle<T> RandomArray(Id n, unsigned seed = 1)
{
  ArrayHandle<T> a;
  a.Allocate(n);
  std::mt19937_64 rng(seed);
  T* p = a.GetPointer();
  for (Id i = 0; i < n; ++i)
  {
    if constexpr (std::is_floating_point<T>::value)
      p[i] = static_cast<T>(std::uniform_real_distribution<double>(0.0, 1000.0)(rng));
    else
      p[i] = static_cast<T>(rng() >> 1);
  }
  return a;
}

template <typename T>
ArrayHandle<T> TouchedArray(Id n)
{
  ArrayHandle<T> a;
  a.Allocate(n);
  std::memset(a.GetPointer(), 0, static_cast<std::size_t>(n) * sizeof(T));
  return a;
}

DeviceId DeviceArg(const benchmark::State& state)
{
  return static_cast<DeviceId>(state.range(0));
}

void SetLabel(benchmark::State& state)
{
  state.SetLabel(cont::DeviceName(DeviceArg(state)));
}

template <typename T>
void Copy(benchmark::State& state)
{
  const Id n = state.range(1);
  auto in = RandomArray<T>(n);
  auto out = TouchedArray<T>(n);
  for (auto _ : state)
    Algorithm::Copy(DeviceArg(state), in, out);
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(T));
  SetLabel(state);
}

template <typename T>
void ScanExclusive(benchmark::State& state)
{
  const Id n = state.range(1);
  auto in = RandomArray<T>(n);
  auto out = TouchedArray<T>(n);
  for (auto _ : state)
    benchmark::DoNotOptimize(Algorithm::ScanExclusive(DeviceArg(state), in, out));
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(T));
  SetLabel(state);
}

template <typename T>
void Reduce(benchmark::State& state)
{
  const Id n = state.range(1);
  auto in = RandomArray<T>(n);
  for (auto _ : state)
    benchmark::DoNotOptimize(Algorithm::Reduce(DeviceArg(state), in, T(0)));
  state.SetBytesProcessed(state.iterations() * n * sizeof(T));
  SetLabel(state);
}

template <typename T>
void Sort(benchmark::State& state)
{
  const Id n = state.range(1);
  auto original = RandomArray<T>(n);
  auto work = TouchedArray<T>(n);
  for (auto _ : state)
  {
    state.PauseTiming();
    std::memcpy(work.GetPointer(), original.GetPointer(), static_cast<std::size_t>(n) * sizeof(T));
    state.ResumeTiming();
    Algorithm::Sort(DeviceArg(state), work);
  }
  state.SetItemsProcessed(state.iterations() * n);
  SetLabel(state);
}

// a[i] = b[i] + s * c[i] through the engine's Schedule.
void Triad(benchmark::State& state)
{
  const Id n = state.range(1);
  auto a = TouchedArray<Float32>(n);
  auto b = RandomArray<Float32>(n, 2);
  auto c = RandomArray<Float32>(n, 3);
  Float32* pa = a.GetPointer();
  const Float32* pb = b.GetPointer();
  const Float32* pc = c.GetPointer();
  const Float32 s = 3.f;
  for (auto _ : state)
    Algorithm::Schedule(
      DeviceArg(state), [=](Id i) { pa[i] = pb[i] + s * pc[i]; }, n);
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(Float32));
  SetLabel(state);
}

// References: plain code, no engine.
void PlainTriad(benchmark::State& state)
{
  const Id n = state.range(1);
  const int threads = static_cast<int>(state.range(0));
  auto a = TouchedArray<Float32>(n);
  auto b = RandomArray<Float32>(n, 2);
  auto c = RandomArray<Float32>(n, 3);
  Float32* pa = a.GetPointer();
  const Float32* pb = b.GetPointer();
  const Float32* pc = c.GetPointer();
  const Float32 s = 3.f;
  auto body = [=](Id begin, Id end) {
    for (Id i = begin; i < end; ++i)
      pa[i] = pb[i] + s * pc[i];
  };
  for (auto _ : state)
  {
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
      pool.emplace_back(body, n * t / threads, n * (t + 1) / threads);
    body(0, n / threads);
    for (auto& t : pool)
      t.join();
  }
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(Float32));
  state.SetLabel(std::to_string(threads) + " thread(s)");
}

void PlainMemcpy(benchmark::State& state)
{
  const Id n = state.range(1);
  auto in = RandomArray<Float32>(n);
  auto out = TouchedArray<Float32>(n);
  for (auto _ : state)
    std::memcpy(out.GetPointer(), in.GetPointer(), static_cast<std::size_t>(n) * sizeof(Float32));
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(Float32));
  state.SetLabel("1 thread");
}

template <typename T>
void StdSort(benchmark::State& state)
{
  const Id n = state.range(1);
  auto original = RandomArray<T>(n);
  std::vector<T> work(static_cast<std::size_t>(n));
  for (auto _ : state)
  {
    state.PauseTiming();
    std::memcpy(work.data(), original.GetPointer(), static_cast<std::size_t>(n) * sizeof(T));
    state.ResumeTiming();
    if (state.range(0) == 1)
      std::sort(work.begin(), work.end());
#ifdef LOOM_ENABLE_TBB
    else
      tbb::parallel_sort(work.begin(), work.end());
#endif
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetLabel(state.range(0) == 1 ? "std::sort" : "tbb::parallel_sort");
}

// Non-zero like NotZero, but another type: CopyIf takes its general path (portals, a branch per element).
struct NonZeroGeneral
{
  bool operator()(UInt8 v) const { return v != 0; }
};

// The indices of the non-zero flags of n bytes (state.range(2): 0 runs of 3000 set and 6000 clear, as a
// threshold's kept cells come; 1 random, a third set), by CopyIf's flagged path and by its general path
// (state.range(3) = 1) on the same flags.
void FlaggedIndices(benchmark::State& state)
{
  const Id n = state.range(1);
  ArrayHandle<UInt8> flags;
  flags.Allocate(n);
  std::mt19937 rng(3);
  for (Id i = 0; i < n; ++i)
    flags.GetPointer()[i] = state.range(2) == 0 ? UInt8(i % 9000 < 3000) : UInt8(rng() % 3 == 0);
  ArrayHandle<Id> ids;
  for (auto _ : state)
  {
    if (state.range(3))
      Algorithm::CopyIf(DeviceArg(state), cont::ArrayHandleIndex(n), flags, ids, NonZeroGeneral{});
    else
      Algorithm::CopyIf(DeviceArg(state), cont::ArrayHandleIndex(n), flags, ids);
  }
  state.SetLabel(std::string(cont::DeviceName(DeviceArg(state))) + (state.range(2) ? " random" : " runs") +
                 (state.range(3) ? " general" : " flagged"));
}

void DeviceArgs(benchmark::internal::Benchmark* b, std::initializer_list<Id> sizes)
{
  for (Id size : sizes)
  {
    b->Args({ static_cast<Id>(DeviceId::Serial), size });
    if (cont::RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB))
      b->Args({ static_cast<Id>(DeviceId::TBB), size });
  }
  b->UseRealTime()->Unit(benchmark::kMillisecond)->ArgNames({ "device", "n" });
  b->ComputeStatistics("min", [](const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
  });
}

constexpr Id N22 = Id(1) << 22;
constexpr Id N24 = Id(1) << 24;
constexpr Id N26 = Id(1) << 26;
} // namespace

BENCHMARK_TEMPLATE(Copy, Float32)->Apply([](auto* b) { DeviceArgs(b, { N24 }); });
BENCHMARK_TEMPLATE(ScanExclusive, Float32)->Apply([](auto* b) { DeviceArgs(b, { N24 }); });
BENCHMARK_TEMPLATE(ScanExclusive, Int64)->Apply([](auto* b) { DeviceArgs(b, { N24 }); });
BENCHMARK_TEMPLATE(Reduce, Float32)->Apply([](auto* b) { DeviceArgs(b, { N24 }); });
BENCHMARK_TEMPLATE(Sort, Float32)->Apply([](auto* b) { DeviceArgs(b, { N22, N24 }); });
BENCHMARK_TEMPLATE(Sort, Int64)->Apply([](auto* b) { DeviceArgs(b, { N24 }); });
BENCHMARK(FlaggedIndices)->Apply([](auto* b) {
  for (Id device : { Id(DeviceId::Serial), Id(DeviceId::TBB) })
    for (Id pattern : { 0, 1 })
      if (device == Id(DeviceId::Serial) || cont::RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB))
        for (Id general : { 0, 1 })
          b->Args({ device, Id(1) << 21, pattern, general });
  b->UseRealTime()->Unit(benchmark::kMillisecond);
});
BENCHMARK(Triad)->Apply([](auto* b) { DeviceArgs(b, { N26 }); });
BENCHMARK(PlainTriad)
  ->Args({ 1, N26 })
  ->Args({ 2, N26 })
  ->UseRealTime()
  ->Unit(benchmark::kMillisecond)
  ->ComputeStatistics("min", [](const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
  });
BENCHMARK(PlainMemcpy)->Args({ 1, N24 })->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(StdSort, Float32)
  ->Args({ 1, N22 })
  ->Args({ 1, N24 })
#ifdef LOOM_ENABLE_TBB
  ->Args({ 2, N24 })
#endif
  ->UseRealTime()
  ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
