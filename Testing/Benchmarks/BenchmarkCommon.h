// Loom benchmarks: what the benchmark programs share: the CPU devices present, the device a run is for
// (its first argument), the row label, and real time in milliseconds with a "min" statistic.
#pragma once

#include <loom/cont/RuntimeDeviceTracker.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

namespace loom
{
namespace bench
{
/// Serial, and TBB where it runs.
inline std::vector<cont::DeviceId> CpuDevices()
{
  std::vector<cont::DeviceId> devices = { cont::DeviceId::Serial };
  if (cont::RuntimeDeviceTracker::Get().CanRunOn(cont::DeviceId::TBB))
    devices.push_back(cont::DeviceId::TBB);
  return devices;
}
/// The device of a run registered with the device as its first argument.
inline cont::DeviceId Device(const benchmark::State& state)
{
  return static_cast<cont::DeviceId>(state.range(0));
}
/// "<device> <what>" as the row's label.
inline void Label(benchmark::State& state, const std::string& what)
{
  state.SetLabel(std::string(cont::DeviceName(Device(state))) + " " + what);
}
/// Real time in milliseconds, and the minimum of the repetitions beside their mean and median.
inline void RealTimeWithMin(benchmark::internal::Benchmark* b)
{
  b->UseRealTime()->Unit(benchmark::kMillisecond);
  b->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}
} // namespace bench
} // namespace loom
