// Loom tests: progress and abort inside CPU loops (loom/cont/WorkMonitor.h), judged by work, not by the
// clock. Under a monitor every element still runs exactly once, the reports come from the installing
// thread only, count the elements done (never backwards, never past the loop), and, reported by work,
// come once per so many elements; a "stop" skips the rest on every thread within the pieces then running
// and throws ErrorAborted, also from a family's own loops; nested loops count once; without a monitor
// nothing changes.
#include "TestingDevice.h"

#include <loom/algorithms/tetrahedralize/Tetrahedralize.h>
#include <loom/cont/WorkMonitor.h>
#include <loom/cont/internal/CpuSchedule.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <functional>
#include <thread>
#include <vector>

using namespace loom;
using loom::cont::DeviceId;

namespace
{
// The CPU device of this run (a CUDA run checks the CPU schedule on Serial: CUDA kernels are not monitored).
DeviceId CpuDevice()
{
  return test::Device() == DeviceId::Cuda ? DeviceId::Serial : test::Device();
}

// Some work per element that the compiler cannot drop.
double Spin(Id i, int steps)
{
  volatile double x = static_cast<double>(i);
  for (int s = 0; s < steps; ++s)
    x = std::sqrt(x + 1.0);
  return x;
}

// Reports by work (every `elements` loop elements) for a scope's life.
struct ReportEvery
{
  explicit ReportEvery(Int64 elements) { loom::cont::SetWorkReportElements(elements); }
  ~ReportEvery() { loom::cont::SetWorkReportElements(0); }
};

struct Recorder final : loom::cont::WorkMonitor
{
  struct Report
  {
    Int64 Done;
    Int64 Running;
  };
  std::vector<Report> Reports;
  std::thread::id Owner = std::this_thread::get_id();
  bool OtherThread = false;
  std::function<bool(Int64)> GoOn = [](Int64) { return true; };
  Int64 StoppedAt = -1; // the elements done when it first said stop

  bool Continue(Int64 done, Int64 running) override
  {
    OtherThread = OtherThread || std::this_thread::get_id() != Owner;
    Reports.push_back({ done, running });
    const bool go = GoOn(done);
    if (!go && StoppedAt < 0)
      StoppedAt = done;
    return go;
  }
};
} // namespace

TEST(WorkMonitor, EveryElementOnceAndReportsFromTheOwner)
{
  const Id n = 4000;
  const Int64 every = 100;
  const ReportEvery byWork(every);
  std::vector<std::atomic<int>> visits(static_cast<std::size_t>(n));
  Recorder recorder;
  Int64 done = 0;
  {
    const loom::cont::WorkMonitorScope scope(&recorder);
    loom::cont::internal::CpuSchedule1D(
      CpuDevice(),
      [&](Id i) {
        Spin(i, 200);
        visits[static_cast<std::size_t>(i)].fetch_add(1);
      },
      n, 1);
    done = scope.Done();
  }
  for (Id i = 0; i < n; ++i)
    ASSERT_EQ(visits[static_cast<std::size_t>(i)].load(), 1) << "element " << i;
  EXPECT_EQ(done, n);
  EXPECT_FALSE(recorder.OtherThread);
  // A report once `every` more elements are done: on one thread after each piece of `every`; with other
  // threads the owner's pieces alternate with theirs, so the steps are `every` or more.
  // (Other threads may take all but the owner's first piece: one report is all that is certain there.)
  if (CpuDevice() == DeviceId::Serial)
    EXPECT_EQ(recorder.Reports.size(), static_cast<std::size_t>(n / every));
  ASSERT_GE(recorder.Reports.size(), 1u);
  Int64 last = 0;
  for (const auto& r : recorder.Reports)
  {
    EXPECT_GE(r.Done - last, every);
    EXPECT_LE(r.Done, n);
    EXPECT_EQ(r.Running, n);
    if (CpuDevice() == DeviceId::Serial)
      EXPECT_EQ(r.Done - last, every);
    last = r.Done;
  }
}

TEST(WorkMonitor, StopSkipsTheRestAndThrows)
{
  // Large enough that the other threads could run the whole loop before the reporting thread finishes
  // one piece only if the scheduler left it waiting for the loop's whole length (about 0.3 s of work).
  const Id n = 200000;
  const Int64 every = 100;
  const ReportEvery byWork(every);
  std::atomic<Id> ran{ 0 };
  Recorder recorder;
  recorder.GoOn = [&](Int64 done) { return done < n / 10; };
  {
    const loom::cont::WorkMonitorScope scope(&recorder);
    try
    {
      loom::cont::internal::CpuSchedule1D(
        CpuDevice(),
        [&](Id i) {
          Spin(i, 200);
          ran.fetch_add(1);
        },
        n, 1);
      FAIL() << "the loop ran to its end";
    }
    catch (const loom::cont::ErrorAborted&)
    {
    }
    // Work after the stop does not start either.
    bool second = false;
    try
    {
      loom::cont::internal::CpuSchedule1D(CpuDevice(), [&](Id) { second = true; }, 10, 1);
    }
    catch (const loom::cont::ErrorAborted&)
    {
    }
    EXPECT_FALSE(second);
    EXPECT_THROW(loom::cont::ThrowIfAborted(), loom::cont::ErrorAborted);
  }
  // It said stop once n / 10 were done. On one thread that is the piece that crossed it, and nothing ran
  // after; other threads finish the pieces they were running (how many depends on how the threads were
  // scheduled meanwhile, so only "before the end" is asserted there).
  ASSERT_GE(recorder.StoppedAt, n / 10);
  EXPECT_LT(ran.load(), n);
  if (CpuDevice() == DeviceId::Serial)
  {
    EXPECT_EQ(recorder.StoppedAt, n / 10);
    EXPECT_EQ(ran.load(), n / 10);
  }
  // Outside the scope loops run whole again.
  std::atomic<Id> after{ 0 };
  loom::cont::internal::CpuSchedule1D(CpuDevice(), [&](Id) { after.fetch_add(1); }, 1000, 1);
  EXPECT_EQ(after.load(), 1000);
  EXPECT_NO_THROW(loom::cont::ThrowIfAborted());
}

TEST(WorkMonitor, ANullMonitorLeavesLoopsUnwatched)
{
  // Inside a watched scope, a scope with no monitor runs its loops whole: no reports, no stop.
  const ReportEvery byWork(100);
  Recorder recorder;
  recorder.GoOn = [](Int64) { return false; };
  const loom::cont::WorkMonitorScope watched(&recorder);
  std::atomic<Id> ran{ 0 };
  {
    const loom::cont::WorkMonitorScope unwatched(nullptr);
    EXPECT_NO_THROW(loom::cont::internal::CpuSchedule1D(
      CpuDevice(),
      [&](Id i) {
        Spin(i, 20);
        ran.fetch_add(1);
      },
      2000, 1));
    EXPECT_EQ(unwatched.Done(), 0);
  }
  EXPECT_EQ(ran.load(), 2000);
  EXPECT_TRUE(recorder.Reports.empty());
  // Back in the watched scope the monitor's "stop" applies again.
  EXPECT_THROW(loom::cont::internal::CpuSchedule1D(
                 CpuDevice(), [&](Id i) { Spin(i, 20); }, 2000, 1),
               loom::cont::ErrorAborted);
}

TEST(WorkMonitor, NestedLoopsCountOnce)
{
  Recorder recorder;
  std::atomic<Id> inner{ 0 };
  const loom::cont::WorkMonitorScope scope(&recorder);
  loom::cont::internal::CpuSchedule1D(
    CpuDevice(),
    [&](Id) {
      loom::cont::internal::CpuSchedule1D(CpuDevice(), [&](Id) { inner.fetch_add(1); }, 100, 10);
    },
    50, 1);
  EXPECT_EQ(inner.load(), 5000);
  EXPECT_EQ(scope.Done(), 50);
}

TEST(WorkMonitor, FamilyLoopsReportAndStop)
{
  // A family's own loops (the tetrahedralize family on a structured block) under a monitor: the same
  // cells as without one, reports along the way; a stop at a quarter gives ErrorAborted.
  const ReportEvery byWork(4096);
  const Id3 dims(97, 97, 97);
  const algorithms::SimplexCells plain =
    algorithms::Tetrahedralize(loom::cont::CellSetStructured<3>(dims), algorithms::HexSplit::Five, CpuDevice());
  Recorder recorder;
  algorithms::SimplexCells watched;
  Int64 done = 0;
  {
    const loom::cont::WorkMonitorScope scope(&recorder);
    watched =
      algorithms::Tetrahedralize(loom::cont::CellSetStructured<3>(dims), algorithms::HexSplit::Five, CpuDevice());
    done = scope.Done();
  }
  ASSERT_EQ(watched.NumberOfCells, plain.NumberOfCells);
  ASSERT_EQ(watched.Is64Bit, plain.Is64Bit);
  const Id values = plain.Is64Bit ? plain.Connectivity64.GetNumberOfValues() : plain.Connectivity32.GetNumberOfValues();
  for (Id i = 0; i < values; i += 997)
    ASSERT_EQ(plain.Is64Bit ? plain.Connectivity64.ReadPortal().Get(i) : plain.Connectivity32.ReadPortal().Get(i),
              watched.Is64Bit ? watched.Connectivity64.ReadPortal().Get(i) : watched.Connectivity32.ReadPortal().Get(i));
  EXPECT_GE(done, 96 * 96 * 96) << "the family's loops were not counted";
  EXPECT_GE(recorder.Reports.size(), 4u) << "no reports along the family's loops";

  Recorder stopper;
  stopper.GoOn = [&](Int64 d) { return d < done / 4; };
  {
    const loom::cont::WorkMonitorScope scope(&stopper);
    bool aborted = false;
    try
    {
      for (int r = 0; r < 2; ++r)
        (void)algorithms::Tetrahedralize(loom::cont::CellSetStructured<3>(dims), algorithms::HexSplit::Five,
                                         CpuDevice());
    }
    catch (const loom::cont::ErrorAborted&)
    {
      aborted = true;
    }
    EXPECT_TRUE(aborted);
  }
}
