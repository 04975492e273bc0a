// Loom: Auto's choice between CUDA and a CPU device for one execution. Where Auto would run a filter on CUDA,
// it first weighs what the GPU must be sent (the input not on it now: neither a Loom output still there nor a
// VTK array in the device input cache) and the work, against the same work on the CPU device's threads, and
// runs where the estimate is smaller. A device the user asked for (the filter's Device, the default device, or
// LOOM_DEVICE) is never second-guessed. docs/developer/cuda.md ("Auto's estimate") gives the calibration.
#pragma once

#include <loom/cont/DeviceAdapterTag.h>

#include <string>

namespace loom
{
namespace cont
{
/// One execution's work, as its filter estimates it.
struct WorkCost
{
  double Elements = 0;             ///< the cells (or points) the work visits
  double CpuSecondsPerElement = 0; ///< on one CPU thread
  double GpuSecondsPerElement = 0; ///< on the GPU, its results' way back to the host included
  double BytesToDevice = 0;        ///< input bytes that would cross to the GPU first
};

/// The machine's side of the estimate.
struct DeviceCosts
{
  /// Host to GPU, VTK's (pageable) memory staged; the default's source: docs/developer/cuda.md.
  double LinkBytesPerSecond = 13.0e9;
  double GpuSecondsPerExecution = 1e-3; ///< launches and waits of one execution, whatever its size
  int CpuThreads = 1;                   ///< the CPU device's threads
};

/// This process's costs: the link from LOOM_AUTO_LINK_GBS (gigabytes per second) when set, and the threads of
/// `cpu` (TBB's, or 1 for Serial).
DeviceCosts GetDeviceCosts(DeviceId cpu);

/// What Auto estimated and chose: CUDA, or `cpu` when its estimate is smaller.
struct AutoChoice
{
  DeviceId Device = DeviceId::Cuda;
  double CudaSeconds = 0;
  double CpuSeconds = 0;
  /// "<CPU device> (about <t> on <n> threads) rather than CUDA (about <t>, <b> MB to send first)"; empty for
  /// CUDA.
  std::string Why;
};
AutoChoice ChooseForAuto(const WorkCost& work, const DeviceCosts& costs, DeviceId cpu);

/// Whether the estimate may move a request off CUDA: the request is Auto and nothing chose for it (no default
/// device forced, LOOM_DEVICE unset or "auto"), and LOOM_AUTO_MODEL is not 0. Asks nothing of the GPU.
bool AutoEstimateApplies(DeviceId requested);
} // namespace cont
} // namespace loom
