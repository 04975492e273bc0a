// Loom tests: device names, LOOM_DEVICE, forced devices and fallback with a warning.
#include "TestingDevice.h"

#include <loom/cont/Algorithm.h>
#include <loom/cont/AutoDevice.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

using namespace loom;
using namespace loom::cont;

namespace
{
// Restores the tracker and LOOM_DEVICE after a test that changes them.
struct TrackerGuard
{
  TrackerGuard() { unsetenv("LOOM_DEVICE"); }
  ~TrackerGuard()
  {
    unsetenv("LOOM_DEVICE");
    RuntimeDeviceTracker::Get().Reset();
    RuntimeDeviceTracker::Get().ForceDevice(test::Device());
  }
};
} // namespace

TEST(DeviceTracker, NamesRoundTrip)
{
  for (DeviceId d : { DeviceId::Serial, DeviceId::TBB, DeviceId::Cuda, DeviceId::Auto })
    EXPECT_EQ(d, ParseDeviceName(DeviceName(d)));
  EXPECT_EQ(DeviceId::TBB, ParseDeviceName("TBB"));
  EXPECT_THROW(ParseDeviceName("openmp"), ErrorBadDevice);
}

TEST(DeviceTracker, ForcedDeviceIsUsed)
{
  EXPECT_EQ(test::Device(), RuntimeDeviceTracker::Get().Resolve());
  DeviceId seen = DeviceId::Auto;
  CallOnDevice(DeviceId::Auto, [&](auto tag) { seen = DeviceIdOf<decltype(tag)>(); });
  // This file is host-compiled: a CUDA pick runs on the best CPU device (TBB, else Serial), as the
  // design says; only nvcc-compiled code (the families' .cu files) runs on the GPU, which the Cuda.*
  // tests check by the transfers the GPU's work makes.
  const DeviceId expected = test::Device() != DeviceId::Cuda ? test::Device()
    : RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB)    ? DeviceId::TBB
                                                              : DeviceId::Serial;
  EXPECT_EQ(expected, seen);
}

// Serial and TBB run one instantiation of the host code (DeviceAdapterTagCpu); the device it runs on is
// the thread's current CPU device, which CallOnDevice sets for the call (nested calls included) and the
// TBB backend sets on its worker threads.
TEST(DeviceTracker, CpuDevicesShareOneTagAndKnowWhichRuns)
{
  EXPECT_EQ(RuntimeDeviceTracker::Get().HostDevice(), CurrentCpuDevice()); // outside every call
  std::vector<DeviceId> cpus{ DeviceId::Serial };
  if (RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB))
    cpus.push_back(DeviceId::TBB);
  for (DeviceId cpu : cpus)
  {
    SCOPED_TRACE(DeviceName(cpu));
    const DeviceId other = cpu == DeviceId::Serial ? cpus.back() : DeviceId::Serial;
    DeviceId seen = DeviceId::Auto, nested = DeviceId::Auto, after = DeviceId::Auto;
    bool sameTag = false;
    CallOnDevice(cpu, [&](auto tag) {
      sameTag = std::is_same<decltype(tag), DeviceAdapterTagCpu>::value;
      seen = DeviceIdOf<decltype(tag)>();
      CallOnDevice(other, [&](auto inner) { nested = DeviceIdOf<decltype(inner)>(); });
      after = DeviceIdOf<decltype(tag)>();
    });
    EXPECT_TRUE(sameTag);
    EXPECT_EQ(cpu, seen);
    EXPECT_EQ(other, nested);
    EXPECT_EQ(cpu, after); // the nested call's device ends with it
    EXPECT_EQ(RuntimeDeviceTracker::Get().HostDevice(), CurrentCpuDevice());

    // Every index of a schedule, on whichever thread runs it, sees the device that runs the schedule;
    // Serial runs them all on the calling thread.
    constexpr Id n = Id(1) << 20;
    std::vector<Int8> device(static_cast<std::size_t>(n), -1);
    std::vector<char> onCaller(static_cast<std::size_t>(n), 0);
    const std::thread::id caller = std::this_thread::get_id();
    Algorithm::Schedule(
      cpu,
      [&](Id i) {
        device[static_cast<std::size_t>(i)] = static_cast<Int8>(CurrentCpuDevice());
        onCaller[static_cast<std::size_t>(i)] = std::this_thread::get_id() == caller;
      },
      n);
    EXPECT_EQ(n, std::count(device.begin(), device.end(), static_cast<Int8>(cpu)));
    if (cpu == DeviceId::Serial)
      EXPECT_EQ(n, std::count(onCaller.begin(), onCaller.end(), 1));
  }
}

// TBB's worker threads run their pieces as TBB's without asking the tracker (here TBB is disabled in the
// tracker, whose host device is then Serial, while a TBB schedule already runs).
TEST(DeviceTracker, TbbWorkersRunAsTbb)
{
  if (!RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB))
    GTEST_SKIP() << "TBB is not compiled in.";
  TrackerGuard guard;
  const ScopedCpuDevice onTBB(DeviceId::TBB);
  RuntimeDeviceTracker::Get().DisableDevice(DeviceId::TBB, "DeviceTracker.TbbWorkersRunAsTbb disables TBB.");
  ASSERT_EQ(DeviceId::Serial, RuntimeDeviceTracker::Get().HostDevice());
  constexpr Id n = Id(1) << 20;
  std::vector<Int8> device(static_cast<std::size_t>(n), -1);
  DeviceAdapterAlgorithm<DeviceAdapterTagCpu>::Schedule(
    [&](Id i) { device[static_cast<std::size_t>(i)] = static_cast<Int8>(CurrentCpuDevice()); }, n);
  EXPECT_EQ(n, std::count(device.begin(), device.end(), static_cast<Int8>(DeviceId::TBB)));
}

TEST(DeviceTracker, EnvironmentChoosesAndUnknownNameThrows)
{
  TrackerGuard guard;
  auto& tracker = RuntimeDeviceTracker::Get();
  tracker.ForceDevice(DeviceId::Auto);
  setenv("LOOM_DEVICE", "serial", 1);
  EXPECT_EQ(DeviceId::Serial, tracker.Resolve());
  setenv("LOOM_DEVICE", "no-such-device", 1);
  EXPECT_THROW(tracker.Resolve(), ErrorBadDevice);
  try
  {
    tracker.Resolve();
  }
  catch (const ErrorBadDevice& e)
  {
    EXPECT_NE(std::string(e.what()).find("no-such-device"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("serial, tbb, cuda"), std::string::npos);
  }
  auto a = make_ArrayHandle(std::vector<Int32>{ 3, 1, 2 });
  EXPECT_THROW(Algorithm::Sort(a), ErrorBadDevice);
}

TEST(DeviceTracker, UnavailableDeviceFallsBack)
{
  TrackerGuard guard;
  auto& tracker = RuntimeDeviceTracker::Get();
  if (!cuda::IsAvailable())
  {
    // No GPU here: asking for CUDA runs on the best CPU device.
    const DeviceId expected = tracker.CanRunOn(DeviceId::TBB) ? DeviceId::TBB : DeviceId::Serial;
    EXPECT_EQ(expected, tracker.Resolve(DeviceId::Cuda));
    setenv("LOOM_DEVICE", "cuda", 1);
    tracker.ForceDevice(DeviceId::Auto);
    EXPECT_EQ(expected, tracker.Resolve());
  }
  EXPECT_EQ(RuntimeDeviceTracker::IsCompiled(DeviceId::TBB) ? DeviceId::TBB : DeviceId::Serial, tracker.HostDevice());
  tracker.DisableDevice(DeviceId::TBB, "test");
  EXPECT_FALSE(tracker.CanRunOn(DeviceId::TBB));
  EXPECT_EQ(DeviceId::Serial, tracker.Resolve(DeviceId::TBB));
  EXPECT_EQ(DeviceId::Serial, tracker.HostDevice());
  EXPECT_TRUE(tracker.CanRunOn(DeviceId::Serial));
  tracker.DisableDevice(DeviceId::Serial, "serial is never disabled");
  EXPECT_TRUE(tracker.CanRunOn(DeviceId::Serial));
}

// When the GPU runs out of memory, the call runs on a CPU device and CUDA is not disabled: the
// choice of that device and its warning (the path itself needs a GPU to run out of memory).
TEST(DeviceTracker, OutOfGpuMemoryFallsBackForOneCallOnly)
{
  TrackerGuard guard;
  auto& tracker = RuntimeDeviceTracker::Get();
  testing::internal::CaptureStderr();
  const DeviceId fallback = tracker.HostFallback("contour: The CUDA device is out of memory (test).");
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(tracker.CanRunOn(DeviceId::TBB) ? DeviceId::TBB : DeviceId::Serial, fallback);
  EXPECT_NE(log.find("contour: The CUDA device is out of memory (test). This call runs on"), std::string::npos)
    << log;
  EXPECT_NE(log.find("CUDA stays enabled"), std::string::npos) << log;
  EXPECT_EQ(RuntimeDeviceTracker::IsCompiled(DeviceId::Cuda) && cuda::IsAvailable(), tracker.CanRunOn(DeviceId::Cuda));
}

// A CUDA failure that surfaces in a CPU device's call (reading values the GPU made) disables CUDA,
// not the CPU device, and the call reports the error.
TEST(DeviceTracker, CudaFailureInACpuCallDisablesCudaOnly)
{
  TrackerGuard guard;
  auto& tracker = RuntimeDeviceTracker::Get();
  const DeviceId cpu = tracker.CanRunOn(DeviceId::TBB) ? DeviceId::TBB : DeviceId::Serial;
  int calls = 0;
  testing::internal::CaptureStderr();
  EXPECT_THROW(tracker.TryExecute(cpu,
                                  [&](DeviceId) -> int {
                                    ++calls;
                                    throw ErrorCuda("CUDA failed in a device-to-host copy (test)");
                                  }),
               ErrorCuda);
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(1, calls);
  EXPECT_TRUE(tracker.CanRunOn(cpu));
  EXPECT_FALSE(tracker.CanRunOn(DeviceId::Cuda));
}

TEST(DeviceTracker, FailingDeviceIsDisabledAndTheNextOneRuns)
{
  TrackerGuard guard;
  auto& tracker = RuntimeDeviceTracker::Get();
  if (!tracker.CanRunOn(DeviceId::TBB))
    GTEST_SKIP() << "needs the TBB device";
  std::vector<DeviceId> tried;
  const int result = tracker.TryExecute(DeviceId::TBB, [&](DeviceId d) {
    tried.push_back(d);
    if (d == DeviceId::TBB)
      throw ErrorBadDevice("simulated device failure");
    return 5;
  });
  EXPECT_EQ(5, result);
  ASSERT_EQ(2u, tried.size());
  EXPECT_EQ(DeviceId::TBB, tried[0]);
  EXPECT_EQ(DeviceId::Serial, tried[1]);
  EXPECT_FALSE(tracker.CanRunOn(DeviceId::TBB));
  // Errors of the request itself are not device failures.
  EXPECT_THROW(tracker.TryExecute(DeviceId::Serial, [](DeviceId) -> int { throw ErrorBadValue("x"); }),
               ErrorBadValue);
}

namespace
{
std::string sunk;
void Sink(LogLevel, const std::string& message)
{
  sunk += message + "\n";
}
} // namespace

TEST(DeviceTracker, RecordsTheDevicesThatRan)
{
  std::vector<Id> data(1000, 1);
  const ArrayHandle<Id> input = make_ArrayHandle(data);
  ArrayHandle<Id> values;
  const unsigned outer = BeginDeviceRecord();
  EXPECT_EQ(EndDeviceRecord(BeginDeviceRecord()), "") << "nothing ran";
  const unsigned mine = BeginDeviceRecord();
  Algorithm::Copy(DeviceId::Serial, input, values);
  EXPECT_EQ(EndDeviceRecord(mine), "serial");
  if (RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB))
  {
    const unsigned both = BeginDeviceRecord();
    Algorithm::Copy(DeviceId::Serial, input, values);
    const unsigned inner = BeginDeviceRecord();
    Algorithm::Copy(DeviceId::TBB, input, values);
    EXPECT_EQ(EndDeviceRecord(inner), "tbb");
    EXPECT_EQ(EndDeviceRecord(both), "tbb+serial") << "an inner record's devices count in the outer one";
  }
  EndDeviceRecord(outer);
  EXPECT_EQ(DescribeDevice(DeviceId::Serial), "Serial: 1 thread");
  EXPECT_EQ(DescribeDevice(DeviceId::Cuda).rfind("CUDA: ", 0), 0u);
}

TEST(DeviceTracker, LogSinkTakesTheLines)
{
  SetLogSink(&Sink);
  Log(LogLevel::Warn, "to the sink");
  Log(LogLevel::Debug, "below the level");
  SetLogSink(nullptr);
  Log(LogLevel::Warn, "to stderr");
  EXPECT_EQ(sunk, "to the sink\n");
}

// Auto's estimate (AutoDevice.h): CUDA's time is a fixed cost, the bytes to send over the link and the GPU's
// work; the CPU's is the work over its threads. The costs here are those the filters use, with a 16-thread
// CPU: a first slice of a 511^3-cell volume (537 MB to send) is left to the CPU, as is any small input; the
// same slice with the input already on the GPU, and the contour, clip and threshold of that volume, go to CUDA.
TEST(AutoDevice, TheEstimateWeighsWhatMustCrossAgainstTheCpuThreads)
{
  DeviceCosts costs;
  costs.LinkBytesPerSecond = 13e9;
  costs.GpuSecondsPerExecution = 1e-3;
  costs.CpuThreads = 16;
  const double cells = 511.0 * 511.0 * 511.0;
  WorkCost slice{ cells, 7.1e-9, 0.31e-9, 537e6 };
  AutoChoice choice = ChooseForAuto(slice, costs, DeviceId::TBB);
  EXPECT_EQ(DeviceId::TBB, choice.Device);
  EXPECT_DOUBLE_EQ(cells * 7.1e-9 / 16, choice.CpuSeconds);
  EXPECT_DOUBLE_EQ(1e-3 + 537e6 / 13e9 + cells * 0.31e-9, choice.CudaSeconds);
  EXPECT_EQ(0u, choice.Why.rfind("TBB (about 59 ms on 16 threads) rather than CUDA (about 84 ms, 537 MB to send first)", 0))
    << choice.Why;

  slice.BytesToDevice = 0; // resident: the GPU's work alone
  choice = ChooseForAuto(slice, costs, DeviceId::TBB);
  EXPECT_EQ(DeviceId::Cuda, choice.Device);
  EXPECT_TRUE(choice.Why.empty());
  for (const WorkCost& work : { WorkCost{ cells, 10.2e-9, 0.07e-9, 537e6 }, WorkCost{ cells, 61e-9, 1.09e-9, 537e6 },
                                WorkCost{ cells, 31.8e-9, 1.16e-9, 537e6 } })
    EXPECT_EQ(DeviceId::Cuda, ChooseForAuto(work, costs, DeviceId::TBB).Device) << work.CpuSecondsPerElement;

  // Small work: the GPU's fixed cost alone is more than the CPU's whole run.
  choice = ChooseForAuto(WorkCost{ 1000, 10.2e-9, 0.07e-9, 0 }, costs, DeviceId::TBB);
  EXPECT_EQ(DeviceId::TBB, choice.Device);
  EXPECT_EQ(0u, choice.Why.rfind("TBB (about 0.00 ms on 16 threads) rather than CUDA (about 1.00 ms)", 0)) << choice.Why;
  // Fewer CPU threads: the first slice goes to the GPU after all; one thread is named as Serial's.
  costs.CpuThreads = 2;
  EXPECT_EQ(DeviceId::Cuda, ChooseForAuto(WorkCost{ cells, 7.1e-9, 0.31e-9, 537e6 }, costs, DeviceId::TBB).Device);
  costs.CpuThreads = 1;
  choice = ChooseForAuto(WorkCost{ 1000, 10.2e-9, 0.07e-9, 0 }, costs, DeviceId::Serial);
  EXPECT_EQ(DeviceId::Serial, choice.Device);
  EXPECT_NE(std::string::npos, choice.Why.find("Serial (about 0.01 ms on 1 thread)")) << choice.Why;
  // A tie stays on CUDA.
  costs.GpuSecondsPerExecution = 0;
  EXPECT_EQ(DeviceId::Cuda, ChooseForAuto(WorkCost{ 100, 1e-9, 1e-9, 0 }, costs, DeviceId::Serial).Device);

  // The link from the environment (gigabytes per second); the CPU device's threads.
  setenv("LOOM_AUTO_LINK_GBS", "50", 1);
  EXPECT_DOUBLE_EQ(50e9, GetDeviceCosts(DeviceId::Serial).LinkBytesPerSecond);
  unsetenv("LOOM_AUTO_LINK_GBS");
  EXPECT_DOUBLE_EQ(13e9, GetDeviceCosts(DeviceId::Serial).LinkBytesPerSecond);
  EXPECT_EQ(1, GetDeviceCosts(DeviceId::Serial).CpuThreads);
  // Asking for the CPU device's threads does not count as that device running (the record of the execution
  // that estimates).
  const unsigned outer = BeginDeviceRecord();
  if (RuntimeDeviceTracker::IsCompiled(DeviceId::TBB))
    EXPECT_GE(GetDeviceCosts(DeviceId::TBB).CpuThreads, 1);
  EXPECT_EQ("", EndDeviceRecord(outer));
  // Under 10 MB to send, in hundredths.
  costs.GpuSecondsPerExecution = 1e-3;
  costs.CpuThreads = 16;
  EXPECT_NE(std::string::npos, ChooseForAuto(WorkCost{ 1000, 10.2e-9, 0.07e-9, 48000 }, costs, DeviceId::TBB)
                                 .Why.find("0.05 MB to send first"));
}

// Only Auto's own choice is estimated: not a device the filter, the default device or LOOM_DEVICE names
// (CUDA among them), and not with LOOM_AUTO_MODEL=0.
TEST(AutoDevice, OnlyAutosOwnChoiceIsEstimated)
{
  TrackerGuard guard;
  RuntimeDeviceTracker& tracker = RuntimeDeviceTracker::Get();
  tracker.ForceDevice(DeviceId::Auto);
  EXPECT_TRUE(AutoEstimateApplies(DeviceId::Auto));
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::Cuda));
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::TBB));
  tracker.ForceDevice(DeviceId::Cuda);
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::Auto));
  tracker.ForceDevice(DeviceId::Serial);
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::Auto));
  tracker.ForceDevice(DeviceId::Auto);
  setenv("LOOM_DEVICE", "cuda", 1);
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::Auto));
  setenv("LOOM_DEVICE", "auto", 1);
  EXPECT_TRUE(AutoEstimateApplies(DeviceId::Auto));
  setenv("LOOM_DEVICE", "abacus", 1);
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::Auto));
  unsetenv("LOOM_DEVICE");
  setenv("LOOM_AUTO_MODEL", "0", 1);
  EXPECT_FALSE(AutoEstimateApplies(DeviceId::Auto));
  unsetenv("LOOM_AUTO_MODEL");
  EXPECT_TRUE(AutoEstimateApplies(DeviceId::Auto));
}
