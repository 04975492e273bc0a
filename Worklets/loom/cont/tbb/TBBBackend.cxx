// Loom: the TBB device's scheduling core: tbb::parallel_for over blocked ranges.
#include <loom/cont/internal/CpuBackend.h>

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <atomic>

namespace loom
{
namespace cont
{
namespace internal
{
namespace
{
int TBBConcurrency()
{
  static const int threads = std::max(1, tbb::info::default_concurrency());
  return threads;
}

void TBBSchedule(void* context, RangeFunction function, Id n, Id grain)
{
  if (n <= 0)
    return;
  // Ranges small enough for one thread are not worth a task.
  if (n <= grain || TBBConcurrency() == 1)
  {
    function(context, 0, n);
    return;
  }
  // Grain: at least the caller's minimum, and large enough that each thread gets a handful of
  // pieces (a few times its share), which keeps the task overhead below the memory traffic.
  const Id share = n / (static_cast<Id>(TBBConcurrency()) * 8);
  const Id g = std::max<Id>(grain, share);
  // The two atomics make the hand-over to and from the worker threads visible to ThreadSanitizer,
  // which cannot see the synchronisation inside Debian's (uninstrumented) libtbb. One acquire
  // and one release per task: negligible next to a task's work.
  std::atomic<int> published{ 0 };
  std::atomic<Id> finished{ 0 };
  published.store(1, std::memory_order_release);
  tbb::parallel_for(tbb::blocked_range<Id>(0, n, static_cast<std::size_t>(g)),
                    [&](const tbb::blocked_range<Id>& r) {
                      (void)published.load(std::memory_order_acquire);
                      // A worker thread runs the piece as TBB's (the calling thread is already in
                      // CallOnDevice's scope): nested device algorithms stay on TBB.
                      const ScopedCpuDevice onTBB(DeviceId::TBB);
                      function(context, r.begin(), r.end());
                      finished.fetch_add(1, std::memory_order_acq_rel);
                    },
                    tbb::simple_partitioner());
  (void)finished.load(std::memory_order_acquire);
}
} // namespace

const CpuBackend& TBBBackend()
{
  static const CpuBackend backend{ DeviceId::TBB, &TBBConcurrency, &TBBSchedule };
  return backend;
}
} // namespace internal
} // namespace cont
} // namespace loom
