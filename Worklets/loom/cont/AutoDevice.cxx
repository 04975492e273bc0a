// Loom: Auto's choice between CUDA and a CPU device (AutoDevice.h).
#include <loom/cont/AutoDevice.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/internal/CpuBackend.h>

#include <cstdio>
#include <cstdlib>

namespace loom
{
namespace cont
{
namespace
{
std::string Milliseconds(double seconds)
{
  char text[32];
  std::snprintf(text, sizeof(text), seconds < 0.01 ? "%.2f ms" : "%.0f ms", seconds * 1e3);
  return text;
}
} // namespace

DeviceCosts GetDeviceCosts(DeviceId cpu)
{
  DeviceCosts costs;
  if (const char* env = std::getenv("LOOM_AUTO_LINK_GBS"))
  {
    const double gbs = std::strtod(env, nullptr);
    if (gbs > 0)
      costs.LinkBytesPerSecond = gbs * 1e9;
  }
  costs.CpuThreads = 1;
#ifdef LOOM_ENABLE_TBB
  // The backend itself, not GetCpuBackend: that notes in the execution record that TBB ran.
  if (cpu == DeviceId::TBB)
    costs.CpuThreads = internal::TBBBackend().Concurrency();
#else
  (void)cpu;
#endif
  if (costs.CpuThreads < 1)
    costs.CpuThreads = 1;
  return costs;
}

AutoChoice ChooseForAuto(const WorkCost& work, const DeviceCosts& costs, DeviceId cpu)
{
  AutoChoice choice;
  const double send = costs.LinkBytesPerSecond > 0 ? work.BytesToDevice / costs.LinkBytesPerSecond : 0;
  choice.CudaSeconds = costs.GpuSecondsPerExecution + send + work.Elements * work.GpuSecondsPerElement;
  choice.CpuSeconds = work.Elements * work.CpuSecondsPerElement / (costs.CpuThreads > 0 ? costs.CpuThreads : 1);
  if (choice.CpuSeconds < choice.CudaSeconds)
  {
    choice.Device = cpu;
    char moved[48] = "";
    if (work.BytesToDevice > 0)
      std::snprintf(moved, sizeof(moved), work.BytesToDevice < 10e6 ? ", %.2f MB to send first" : ", %.0f MB to send first",
                    work.BytesToDevice / 1e6);
    choice.Why = std::string(cpu == DeviceId::TBB ? "TBB" : "Serial") + " (about " +
      Milliseconds(choice.CpuSeconds) + " on " + std::to_string(costs.CpuThreads) +
      (costs.CpuThreads == 1 ? " thread" : " threads") + ") rather than CUDA (about " +
      Milliseconds(choice.CudaSeconds) + moved + ")";
  }
  return choice;
}

bool AutoEstimateApplies(DeviceId requested)
{
  if (requested != DeviceId::Auto)
    return false;
  const char* model = std::getenv("LOOM_AUTO_MODEL");
  if (model && model[0] == '0')
    return false;
  try
  {
    return RuntimeDeviceTracker::Get().Requested(DeviceId::Auto) == DeviceId::Auto; // neither forced nor named
  }
  catch (const ErrorBadDevice&)
  {
    return false;
  }
}
} // namespace cont
} // namespace loom
