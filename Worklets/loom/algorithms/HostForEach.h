// Loom algorithms: a loop over [0, n) on host memory, spread over the threads of the chosen CPU device.
// For the host-side passes of the families (row passes, fills, gathers) that are not worklets.
#pragma once

#include <loom/cont/Algorithm.h>
#include <loom/cont/internal/CpuSchedule.h>

#include <utility>
#include <vector>

namespace loom
{
namespace algorithms
{
/// Run `f(i)` for i in [0, n), at least `grain` indices per task, on the CPU device the tracker picks
/// for `requested` (a device with its own memory runs it on the calling thread: the data is host's).
/// `weight`: the elements one index stands for (a row's cells, a block's values), for the progress count
/// of a WorkMonitor (loom/cont/WorkMonitor.h).
template <typename F>
void HostForEach(loom::cont::DeviceId requested, Id n, Id grain, Id weight, F&& f)
{
  auto body = [&f](Id begin, Id end) {
    for (Id i = begin; i < end; ++i)
      f(i);
  };
  loom::cont::CallOnDevice(requested, [&](auto tag) {
    if constexpr (decltype(tag)::IsHost)
      loom::cont::internal::CpuScheduleRanges(loom::cont::DeviceIdOf<decltype(tag)>(), body, n, grain, weight);
    else
      body(0, n);
    return 0;
  });
}

/// HostForEach where each index is one element.
template <typename F>
void HostForEach(loom::cont::DeviceId requested, Id n, Id grain, F&& f)
{
  HostForEach(requested, n, grain, Id(1), std::forward<F>(f));
}

/// Where each of `blocks` blocks of a compacting pass starts: `count(b)` (block b's count, found on the
/// device's threads) scanned on the calling thread; element `blocks` is the total. `weight`: the elements a
/// block stands for (progress).
template <typename F>
std::vector<Id> BlockStarts(loom::cont::DeviceId requested, Id blocks, Id weight, F&& count)
{
  std::vector<Id> starts(static_cast<std::size_t>(blocks) + 1, 0);
  Id* s = starts.data();
  HostForEach(requested, blocks, 1, weight, [&count, s](Id b) { s[b + 1] = count(b); });
  for (Id b = 0; b < blocks; ++b)
    s[b + 1] += s[b];
  return starts;
}
} // namespace algorithms
} // namespace loom
