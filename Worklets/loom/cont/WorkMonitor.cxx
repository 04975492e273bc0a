// Loom: the monitored CPU schedule (see WorkMonitor.h): a loop started on a thread with a WorkMonitor
// runs each sub-range its backend hands out in pieces sized to take about a millisecond, counts what is
// done, lets the installing thread ask the monitor between its pieces, and skips what is left once the
// monitor says stop.
#include <loom/cont/WorkMonitor.h>
#include <loom/cont/internal/CpuBackend.h>

#include <algorithm>
#include <atomic>
#include <chrono>

namespace loom
{
namespace cont
{
namespace
{
struct MonitorState
{
  WorkMonitor* Monitor;
  Int64 Done = 0;       // elements of the loops that ended
  bool Stopped = false; // the monitor said stop
  double LastReport = 0.0;
  Int64 DoneAtReport = 0; // elements done at the last report (reports by work)
};

std::atomic<Int64> ReportElements{ 0 };

// The state of the monitor installed on this thread; true while this thread runs a piece of a
// monitored loop (loops started inside one are not monitored again: their elements are the piece's).
thread_local MonitorState* Current = nullptr;
thread_local bool InPiece = false;

double Now()
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct MonitoredLoop
{
  void* Context;
  internal::RangeFunction Function;
  MonitorState* State;
  Id N;
  Id Weight; // elements per index
  std::atomic<Int64> Finished{ 0 }; // indices
  std::atomic<bool> Stop{ false };
};

// Marks this thread as running a piece, and restores what it was: a thread waiting inside a nested TBB
// loop may run another piece of the outer loop meanwhile.
struct PieceGuard
{
  const bool Outer = InPiece;
  PieceGuard() { InPiece = true; }
  ~PieceGuard() { InPiece = this->Outer; }
};

// Pieces aim at 0.5-2 ms: short enough for a prompt abort and frequent reports, long enough that the
// two clock reads per piece cost nothing next to the piece's work.
constexpr double ShortPiece = 0.0005;
constexpr double LongPiece = 0.002;

void RunInPieces(void* context, Id begin, Id end)
{
  MonitoredLoop& loop = *static_cast<MonitoredLoop*>(context);
  // Only the installing thread reports, and not from a piece it took up while inside another piece.
  const bool owner = Current == loop.State && !InPiece;
  // The first piece is 64 elements (rows and blocks count their elements: one row or block when it holds
  // more), then doubles while pieces take under 0.5 ms. Reports by work: pieces of `every` elements.
  const Int64 every = ReportElements.load(std::memory_order_relaxed);
  Id piece = std::max<Id>(1, std::min<Id>(end - begin, (every > 0 ? every : 64) / loop.Weight));
  for (Id i = begin; i < end;)
  {
    if (loop.Stop.load(std::memory_order_relaxed))
      return;
    const Id stop = std::min(end, i + piece);
    const double t0 = every > 0 ? 0.0 : Now();
    {
      const PieceGuard guard;
      loop.Function(loop.Context, i, stop);
    }
    const double t1 = every > 0 ? 0.0 : Now();
    loop.Finished.fetch_add(stop - i, std::memory_order_relaxed);
    i = stop;
    if (every == 0)
    {
      if (t1 - t0 < ShortPiece && piece < (Id(1) << 40))
        piece *= 2;
      else if (t1 - t0 > LongPiece && piece > 1)
        piece /= 2;
    }
    if (!owner)
      continue;
    const Int64 done = loop.State->Done + loop.Finished.load(std::memory_order_relaxed) * loop.Weight;
    if (every > 0 ? done - loop.State->DoneAtReport < every : t1 - loop.State->LastReport < WorkReportInterval)
      continue;
    loop.State->LastReport = t1;
    loop.State->DoneAtReport = done;
    if (!loop.State->Monitor->Continue(done, Int64(loop.N) * loop.Weight))
    {
      loop.State->Stopped = true;
      loop.Stop.store(true, std::memory_order_relaxed);
      return;
    }
  }
}
} // namespace

WorkMonitorScope::WorkMonitorScope(WorkMonitor* monitor)
  : Outer(Current)
  , State(monitor ? new MonitorState{ monitor } : nullptr)
{
  if (this->State)
    static_cast<MonitorState*>(this->State)->LastReport = Now();
  Current = static_cast<MonitorState*>(this->State);
}

WorkMonitorScope::~WorkMonitorScope()
{
  delete static_cast<MonitorState*>(this->State);
  Current = static_cast<MonitorState*>(this->Outer);
}

Int64 WorkMonitorScope::Done() const
{
  return this->State ? static_cast<const MonitorState*>(this->State)->Done : 0;
}

void SetWorkReportElements(Int64 elements)
{
  ReportElements.store(std::max<Int64>(0, elements));
}

Int64 GetWorkReportElements()
{
  return ReportElements.load();
}

void ThrowIfAborted()
{
  if (Current && Current->Stopped)
    throw ErrorAborted("the work was aborted.");
}

namespace internal
{
bool LoopsAreMonitored()
{
  return Current && !InPiece;
}

namespace
{
void Schedule(const CpuBackend& backend, void* context, RangeFunction function, Id n, Id grain, Id weight)
{
  MonitorState* state = Current;
  if (!state || InPiece || n <= 0)
  {
    backend.Schedule(context, function, n, grain);
    return;
  }
  ThrowIfAborted();
  MonitoredLoop loop{ context, function, state, n, std::max<Id>(1, weight) };
  backend.Schedule(&loop, &RunInPieces, n, grain);
  state->Done += loop.Finished.load() * loop.Weight;
  ThrowIfAborted();
}
} // namespace

void ScheduleOnCpu(DeviceId device, void* context, RangeFunction function, Id n, Id grain, Id weight)
{
  Schedule(GetCpuBackend(device), context, function, n, grain, weight);
}

void ScheduleSequential(void* context, RangeFunction function, Id n, Id weight)
{
  Schedule(SerialBackend(), context, function, n, n, weight);
}
} // namespace internal
} // namespace cont
} // namespace loom
