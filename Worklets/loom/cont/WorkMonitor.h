// Loom: progress and abort inside long CPU work. A caller (a VTK filter's RequestData) installs a
// WorkMonitor on its thread; every CPU loop that thread starts (not the loops nested in them) is then
// run in pieces of a few milliseconds (or, reporting by work, of at most so many elements): the elements
// done are counted, the monitor is asked on the installing thread about every WorkReportInterval (or once
// so many more elements are done) whether to go on, and once it says stop the pieces not yet started are
// skipped on every thread and the loop throws ErrorAborted.
#pragma once

#include <loom/cont/Error.h>
#include <loom/Types.h>

namespace loom
{
namespace cont
{
/// The work was stopped by its caller (a WorkMonitor said stop); the results are incomplete.
class ErrorAborted : public Error
{
public:
  using Error::Error;
};

/// What a caller watching its Loom work implements. Called only on the thread that installed it.
class WorkMonitor
{
public:
  virtual ~WorkMonitor() = default;
  /// `done`: elements finished so far over every monitored loop of this thread since the monitor was
  /// installed (a loop over n cells adds n once it ends; a loop over rows counts their cells); `running`:
  /// elements of the loop now running.
  /// Return false to stop the work.
  virtual bool Continue(Int64 done, Int64 running) = 0;
};

/// Seconds between two calls of WorkMonitor::Continue while a loop runs (0.01).
constexpr double WorkReportInterval = 0.01;

/// Reports by work instead of by time, for the whole process: with `elements` > 0 every monitored loop
/// runs in pieces of at most `elements` loop elements (one index at least), and the installing thread asks
/// its monitor after a piece once `elements` more have been done since its last report; the reports then
/// follow the work, whatever the machine's speed (tests and traces rely on that). 0, the default: pieces
/// sized by time and a report about every WorkReportInterval.
void SetWorkReportElements(Int64 elements);
Int64 GetWorkReportElements();

/// Installs `monitor` on this thread for the scope's life (nested scopes: the innermost one watches).
/// A null monitor leaves the loops of the scope unwatched (no reports, no stop inside them): for work that
/// must not end half done, such as a check whose verdict its caller relies on.
class WorkMonitorScope
{
public:
  explicit WorkMonitorScope(WorkMonitor* monitor);
  ~WorkMonitorScope();
  WorkMonitorScope(const WorkMonitorScope&) = delete;
  /// Elements done by the monitored loops that ended so far in this scope.
  Int64 Done() const;
  WorkMonitorScope& operator=(const WorkMonitorScope&) = delete;

private:
  void* Outer;
  void* State;
};

/// Throws ErrorAborted when the monitor installed on this thread has said stop (for work between loops).
void ThrowIfAborted();
} // namespace cont
} // namespace loom
