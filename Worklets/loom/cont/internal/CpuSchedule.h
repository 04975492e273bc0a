// Loom: templated front of the CPU scheduling core: runs a functor over 1D and 3D ranges and over
// chunks, through the type-erased backend of a CPU device.
#pragma once

#include <loom/cont/internal/CpuBackend.h>

#include <algorithm>

namespace loom
{
namespace cont
{
namespace internal
{
/// Smallest piece handed to one thread for cheap per-element work.
constexpr Id CpuDefaultGrain = 4096;

/// Run `rangeFunctor(begin, end)` over sub-ranges of [0, n) on the CPU device `device`; each index
/// stands for `weight` elements of work (see ScheduleOnCpu).
template <typename RangeFunctor>
void CpuScheduleRanges(DeviceId device, RangeFunctor& rangeFunctor, Id n, Id grain = CpuDefaultGrain,
                       Id weight = 1)
{
  const RangeFunction call = [](void* context, Id begin, Id end) {
    (*static_cast<RangeFunctor*>(context))(begin, end);
  };
  ScheduleOnCpu(device, &rangeFunctor, call, n, grain, weight);
}

/// Run `rangeFunctor(begin, end)` over [0, n) in order on the calling thread, for passes that must stay
/// sequential; under a WorkMonitor in pieces that report progress and honour an abort (ErrorAborted).
template <typename RangeFunctor>
void CpuSequentialRanges(RangeFunctor& rangeFunctor, Id n, Id weight = 1)
{
  const RangeFunction call = [](void* context, Id begin, Id end) {
    (*static_cast<RangeFunctor*>(context))(begin, end);
  };
  ScheduleSequential(&rangeFunctor, call, n, weight);
}

/// Number of threads the CPU device runs.
inline int CpuConcurrency(DeviceId device)
{
  return GetCpuBackend(device).Concurrency();
}

/// How many chunks a chunked algorithm (scan, copy-if, radix sort) splits n values into:
/// one on a single thread, a few per thread otherwise, never below `minChunk` values each. Under a
/// WorkMonitor, also at most about 256 Ki values each, so that progress and abort come between them.
inline Id CpuNumberOfChunks(DeviceId device, Id n, Id minChunk = 1 << 15)
{
  constexpr Id MonitoredChunk = Id(1) << 18;
  if (n > MonitoredChunk && LoopsAreMonitored())
  {
    const Id threads = CpuConcurrency(device);
    return std::max<Id>(n / MonitoredChunk, threads <= 1 ? 1 : std::min<Id>(threads * 4, n / minChunk));
  }
  const Id threads = CpuConcurrency(device);
  if (threads <= 1 || n <= minChunk)
    return 1;
  return std::max<Id>(1, std::min<Id>(threads * 4, n / minChunk));
}

/// Run `chunkFunctor(chunk, begin, end)` for each of `numChunks` equal pieces of [0, n), in parallel.
template <typename ChunkFunctor>
void CpuForEachChunk(DeviceId device, Id n, Id numChunks, ChunkFunctor&& chunkFunctor)
{
  auto body = [&](Id cBegin, Id cEnd) {
    for (Id c = cBegin; c < cEnd; ++c)
    {
      chunkFunctor(c, n * c / numChunks, n * (c + 1) / numChunks);
    }
  };
  CpuScheduleRanges(device, body, numChunks, 1, numChunks > 0 ? std::max<Id>(1, n / numChunks) : 1);
}

/// Run `functor(i)` for every i in [0, n).
template <typename Functor>
void CpuSchedule1D(DeviceId device, const Functor& functor, Id n, Id grain = CpuDefaultGrain)
{
  auto body = [&functor](Id begin, Id end) {
    for (Id i = begin; i < end; ++i)
      functor(i);
  };
  CpuScheduleRanges(device, body, n, grain);
}

/// Run `functor(ijk, flatIndex)` for every point of a 3D range, x fastest; threads get whole
/// x-rows so the inner loop stays contiguous.
template <typename Functor>
void CpuSchedule3D(DeviceId device, const Functor& functor, const Id3& range)
{
  const Id nx = range[0];
  const Id rows = range[1] * range[2];
  if (nx <= 0 || rows <= 0)
    return;
  auto body = [&functor, &range, nx](Id rowBegin, Id rowEnd) {
    for (Id row = rowBegin; row < rowEnd; ++row)
    {
      Id3 ijk(Id(0), row % range[1], row / range[1]);
      const Id flatBase = row * nx;
      for (Id i = 0; i < nx; ++i)
      {
        ijk[0] = i;
        functor(ijk, flatBase + i);
      }
    }
  };
  CpuScheduleRanges(device, body, rows, std::max<Id>(1, CpuDefaultGrain / nx), nx);
}
} // namespace internal
} // namespace cont
} // namespace loom
