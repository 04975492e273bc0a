// Loom tests: progress and abort inside CPU loops (loom/cont/WorkMonitor.h). Under a monitor every element
// still runs exactly once, the reports come from the installing thread only, count the elements done
// (never backwards, never past the loop), and arrive every few milliseconds; a "stop" skips the rest
// within milliseconds on every thread and throws ErrorAborted, also from a family's own loops; nested
// loops count once; without a monitor nothing changes.
#include "TestingDevice.h"

#include <loom/algorithms/tetrahedralize/Tetrahedralize.h>
#include <loom/cont/WorkMonitor.h>
#include <loom/cont/internal/CpuSchedule.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
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

double Seconds()
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// About `micro` microseconds of work that the compiler cannot drop.
double Spin(Id i, int micro)
{
  const double end = Seconds() + micro * 1e-6;
  double x = static_cast<double>(i);
  while (Seconds() < end)
    x = std::sqrt(x + 1.0);
  return x;
}

struct Recorder final : loom::cont::WorkMonitor
{
  struct Report
  {
    Int64 Done;
    Int64 Running;
    double Time;
  };
  std::vector<Report> Reports;
  std::thread::id Owner = std::this_thread::get_id();
  bool OtherThread = false;
  std::function<bool(Int64)> GoOn = [](Int64) { return true; };
  double StopTime = 0.0;

  bool Continue(Int64 done, Int64 running) override
  {
    OtherThread = OtherThread || std::this_thread::get_id() != Owner;
    Reports.push_back({ done, running, Seconds() });
    const bool go = GoOn(done);
    if (!go && StopTime == 0.0)
      StopTime = Seconds();
    return go;
  }
};
} // namespace

TEST(WorkMonitor, EveryElementOnceAndReportsFromTheOwner)
{
  const Id n = 4000;
  std::vector<std::atomic<int>> visits(static_cast<std::size_t>(n));
  Recorder recorder;
  const double start = Seconds();
  Int64 done = 0;
  {
    const loom::cont::WorkMonitorScope scope(&recorder);
    loom::cont::internal::CpuSchedule1D(
      CpuDevice(),
      [&](Id i) {
        Spin(i, 50);
        visits[static_cast<std::size_t>(i)].fetch_add(1);
      },
      n, 1);
    done = scope.Done();
  }
  const double seconds = Seconds() - start;
  for (Id i = 0; i < n; ++i)
    ASSERT_EQ(visits[static_cast<std::size_t>(i)].load(), 1) << "element " << i;
  EXPECT_EQ(done, n);
  EXPECT_FALSE(recorder.OtherThread);
  // 4000 x 50 us = 0.2 s of work: reports every 10 ms from the owner, the last gap short too.
  ASSERT_GE(recorder.Reports.size(), 5u) << seconds << " s";
  double previous = start;
  Int64 last = 0;
  for (const auto& r : recorder.Reports)
  {
    EXPECT_GE(r.Done, last);
    EXPECT_LE(r.Done, n);
    EXPECT_EQ(r.Running, n);
    EXPECT_LT(r.Time - previous, 0.06) << "a report came " << r.Time - previous << " s after the one before";
    previous = r.Time;
    last = r.Done;
  }
}

TEST(WorkMonitor, StopSkipsTheRestAndThrows)
{
  const Id n = 20000;
  std::atomic<Id> ran{ 0 };
  Recorder recorder;
  recorder.GoOn = [&](Int64 done) { return done < n / 10; };
  double thrown = 0.0;
  {
    const loom::cont::WorkMonitorScope scope(&recorder);
    try
    {
      loom::cont::internal::CpuSchedule1D(
        CpuDevice(),
        [&](Id i) {
          Spin(i, 50);
          ran.fetch_add(1);
        },
        n, 1);
      FAIL() << "the loop ran to its end";
    }
    catch (const loom::cont::ErrorAborted&)
    {
      thrown = Seconds();
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
  ASSERT_GT(recorder.StopTime, 0.0);
  EXPECT_LT(thrown - recorder.StopTime, 0.05) << "the loop went on " << thrown - recorder.StopTime << " s";
  EXPECT_LT(ran.load(), n / 2);
  EXPECT_GE(ran.load(), n / 10);
  // Outside the scope loops run whole again.
  std::atomic<Id> after{ 0 };
  loom::cont::internal::CpuSchedule1D(CpuDevice(), [&](Id) { after.fetch_add(1); }, 1000, 1);
  EXPECT_EQ(after.load(), 1000);
  EXPECT_NO_THROW(loom::cont::ThrowIfAborted());
}

TEST(WorkMonitor, ANullMonitorLeavesLoopsUnwatched)
{
  // Inside a watched scope, a scope with no monitor runs its loops whole: no reports, no stop.
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

  Recorder stopper;
  stopper.GoOn = [&](Int64 d) { return d < done / 4; };
  {
    const loom::cont::WorkMonitorScope scope(&stopper);
    bool aborted = false;
    try
    {
      // Several runs: one run may be too short for a report on a fast machine.
      for (int r = 0; r < 20; ++r)
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
