// Loom: the type-erased scheduling core of the CPU devices (Serial, TBB), so that no worklet
// translation unit needs a TBB header.
#pragma once

#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace cont
{
namespace internal
{
/// Called by a CPU backend on the sub-range [begin, end) of a schedule.
using RangeFunction = void (*)(void* context, Id begin, Id end);

/// What a CPU device provides: how many threads it runs, and a parallel loop over [0, n)
/// that hands out sub-ranges of at least `grain` elements.
struct CpuBackend
{
  DeviceId Device;
  int (*Concurrency)();
  void (*Schedule)(void* context, RangeFunction function, Id n, Id grain);
};

/// The backend of a CPU device; throws ErrorBadDevice for a device that is not compiled in.
const CpuBackend& GetCpuBackend(DeviceId device);
const CpuBackend& SerialBackend();

/// Run `function` over [0, n) with the backend of a CPU device: directly, or, on a thread with a
/// WorkMonitor (loom/cont/WorkMonitor.h), in monitored pieces (progress, abort: ErrorAborted). `weight`:
/// the elements (cells, points, values) one index stands for, for the monitor's count (a row of nx
/// cells, a block of 4096 values).
void ScheduleOnCpu(DeviceId device, void* context, RangeFunction function, Id n, Id grain, Id weight = 1);
/// Run `function` over [0, n) in order on this thread (the serial backend, not recorded as a device ran),
/// monitored as ScheduleOnCpu.
void ScheduleSequential(void* context, RangeFunction function, Id n, Id weight = 1);
/// True when a loop started here now would be monitored (a WorkMonitor on this thread, outside a piece).
bool LoopsAreMonitored();
#ifdef LOOM_ENABLE_TBB
const CpuBackend& TBBBackend();
#endif
} // namespace internal
} // namespace cont
} // namespace loom
