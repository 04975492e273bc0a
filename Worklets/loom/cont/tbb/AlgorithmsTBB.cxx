// Loom: oneTBB implementations of the native sum algorithms of the TBB device.
#include <loom/cont/internal/ScanKernels.h>
#include <loom/cont/tbb/AlgorithmsTBB.h>

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_reduce.h>
#include <tbb/parallel_scan.h>

#include <algorithm>
#include <atomic>

namespace loom
{
namespace cont
{
namespace tbb
{
using internal::ChunkReduce;
using internal::ChunkScan;
namespace
{
// A grain that gives each thread a few pieces: large enough to stream, small enough to balance.
std::size_t Grain(Id n)
{
  const Id threads = std::max(1, ::tbb::info::default_concurrency());
  return static_cast<std::size_t>(std::max<Id>(1 << 14, n / (threads * 4)));
}

template <typename T, bool Inclusive>
T Scan(const T* in, T* out, Id n, T init)
{
  using Range = ::tbb::blocked_range<Id>;
  auto get = [in](Id i) { return in[i]; };
  auto set = [out](Id i, T v) { out[i] = v; };
  auto setWithInit = [out, init](Id i, T v) { out[i] = static_cast<T>(init + v); };
  auto add = [](T a, T b) { return static_cast<T>(a + b); };
  // The identity of parallel_scan must be zero (it starts every sub-range); an exclusive scan's
  // init is added as the values are written.
  // Atomics: hand-over edges ThreadSanitizer can see (libtbb is not instrumented).
  std::atomic<int> published{ 0 };
  std::atomic<Id> finished{ 0 };
  published.store(1, std::memory_order_release);
  const T total = ::tbb::parallel_scan(
    Range(0, n, Grain(n)), T(0),
    [&](const Range& r, T sum, bool isFinal) -> T {
      (void)published.load(std::memory_order_acquire);
      struct Done
      {
        std::atomic<Id>& F;
        ~Done() { F.fetch_add(1, std::memory_order_acq_rel); }
      } done{ finished };
      if (r.empty())
        return sum;
      if (!isFinal)
        return add(sum, ChunkReduce<T>(get, r.begin(), r.end(), add));
      if (Inclusive)
        return ChunkScan<true, T>(get, set, r.begin(), r.end(), sum, r.begin() > 0, add);
      return ChunkScan<false, T>(get, setWithInit, r.begin(), r.end(), sum, true, add);
    },
    add, ::tbb::simple_partitioner());
  (void)finished.load(std::memory_order_acquire);
  return Inclusive ? total : static_cast<T>(init + total);
}
} // namespace

template <typename T>
T ReduceSum(const T* in, Id n, T init)
{
  using Range = ::tbb::blocked_range<Id>;
  auto get = [in](Id i) { return in[i]; };
  auto add = [](T a, T b) { return static_cast<T>(a + b); };
  std::atomic<int> published{ 0 };
  std::atomic<Id> finished{ 0 };
  published.store(1, std::memory_order_release);
  const T total = ::tbb::parallel_reduce(
    Range(0, n, Grain(n)), T(0),
    [&](const Range& r, T sum) {
      (void)published.load(std::memory_order_acquire);
      const T result = r.empty() ? sum : add(sum, ChunkReduce<T>(get, r.begin(), r.end(), add));
      finished.fetch_add(1, std::memory_order_acq_rel);
      return result;
    },
    [](T a, T b) { return static_cast<T>(a + b); }, ::tbb::simple_partitioner());
  (void)finished.load(std::memory_order_acquire);
  return static_cast<T>(init + total);
}

template <typename T>
T ScanInclusiveSum(const T* in, T* out, Id n)
{
  return Scan<T, true>(in, out, n, T(0));
}

template <typename T>
T ScanExclusiveSum(const T* in, T* out, Id n, T init)
{
  return Scan<T, false>(in, out, n, init);
}

#define LOOM_TBB_INSTANTIATE(T)                                                                    \
  template T ReduceSum<T>(const T*, Id, T);                                                        \
  template T ScanInclusiveSum<T>(const T*, T*, Id);                                                \
  template T ScanExclusiveSum<T>(const T*, T*, Id, T);
LOOM_TBB_INSTANTIATE(Int32)
LOOM_TBB_INSTANTIATE(Int64)
LOOM_TBB_INSTANTIATE(UInt32)
LOOM_TBB_INSTANTIATE(UInt64)
LOOM_TBB_INSTANTIATE(Float32)
LOOM_TBB_INSTANTIATE(Float64)
#undef LOOM_TBB_INSTANTIATE
} // namespace tbb
} // namespace cont
} // namespace loom
