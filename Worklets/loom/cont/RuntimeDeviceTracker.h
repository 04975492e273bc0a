// Loom: the process-wide choice of device: Auto (CUDA, else TBB, else Serial), LOOM_DEVICE,
// explicit requests, and fallback with a logged warning when a device is unavailable or fails.
#pragma once

#include <loom/cont/DeviceAdapterTag.h>
#include <loom/cont/Error.h>
#include <loom/cont/Logging.h>

#include <string>

namespace loom
{
namespace cont
{
/// Knows which devices are compiled in, which are usable now, and which one runs a request.
class RuntimeDeviceTracker
{
public:
  /// The tracker of this process.
  static RuntimeDeviceTracker& Get();

  /// True when the device is compiled in (Serial always; TBB and CUDA by CMake options).
  static bool IsCompiled(DeviceId device);
  /// True when the device is compiled in, present on this machine and not disabled.
  bool CanRunOn(DeviceId device) const;
  /// The host device that runs what is not for the GPU: TBB when it can run, else Serial.
  DeviceId HostDevice() const;

  /// Take a device out of use (after a failure); logs a warning with the reason.
  void DisableDevice(DeviceId device, const std::string& reason);
  /// Put every device back in use and clear any forced device.
  void Reset();

  /// Make `Auto` mean `device` for this process (Auto restores the normal choice).
  void ForceDevice(DeviceId device);
  /// The device ForceDevice set (Auto when none).
  DeviceId GetForcedDevice() const { return this->Forced; }

  /// The device a request for `requested` names: `requested` itself, or for Auto the forced device, else
  /// LOOM_DEVICE; Auto when none names one. Throws ErrorBadDevice when LOOM_DEVICE is unknown.
  DeviceId Requested(DeviceId requested) const;

  /// The device that runs a request for `requested`: Auto means the forced device, else
  /// LOOM_DEVICE, else the best available; a device that cannot run falls back (CUDA, TBB,
  /// Serial) with a logged warning. Throws ErrorBadDevice when LOOM_DEVICE is unknown.
  DeviceId Resolve(DeviceId requested = DeviceId::Auto) const;

  /// Whether a request for `requested` may run on CUDA, answered without asking the machine (no driver
  /// call, so it never waits): CUDA is compiled in and not disabled, and the request, through the forced
  /// device and LOOM_DEVICE for Auto, is Auto or CUDA. False for an unknown LOOM_DEVICE.
  bool MayRunOnCuda(DeviceId requested) const;

  /// The device named by LOOM_DEVICE now (Auto when unset); ErrorBadDevice for an unknown name.
  static DeviceId DeviceFromEnvironment();

  /// Run `functor(DeviceId)` on the resolved device. If the device reports that it cannot run
  /// (ErrorBadDevice), it is disabled and the next one is tried. When CUDA runs out of memory
  /// (ErrorBadAllocation) this call runs on a CPU device instead and CUDA stays enabled (later,
  /// smaller work still goes to the GPU). Errors of the request itself (ErrorBadValue,
  /// ErrorBadType) propagate.
  template <typename Functor>
  auto TryExecute(DeviceId requested, Functor&& functor) -> decltype(functor(DeviceId::Serial))
  {
    DeviceId device = this->Resolve(requested);
    for (;;)
    {
      try
      {
        return functor(device);
      }
      catch (const ErrorCuda& e)
      {
        // CUDA failed, perhaps surfacing in a CPU device's call that read GPU-made values: CUDA is
        // disabled, never the CPU device; a CPU call cannot go on without the values it lost.
        this->DisableDevice(DeviceId::Cuda, e.what());
        if (device != DeviceId::Cuda)
          throw;
      }
      catch (const ErrorBadDevice& e)
      {
        if (device == DeviceId::Serial)
          throw;
        this->DisableDevice(device, e.what());
      }
      catch (const ErrorBadAllocation& e)
      {
        if (device != DeviceId::Cuda)
          throw;
        device = this->HostFallback(e.what());
        continue;
      }
      device = this->Resolve(device);
    }
  }

  /// The CPU device a CUDA call that ran out of GPU memory runs on instead (TBB when it can run,
  /// else Serial); logs a warning with `reason`. CUDA is not disabled.
  DeviceId HostFallback(const std::string& reason) const;

private:
  RuntimeDeviceTracker();
  bool Disabled[NumberOfDevices];
  DeviceId Forced = DeviceId::Auto;
};

/// Forces a device for the lifetime of the object (for tests and benchmarks).
class ScopedDevice
{
public:
  explicit ScopedDevice(DeviceId device) { RuntimeDeviceTracker::Get().ForceDevice(device); }
  ~ScopedDevice() { RuntimeDeviceTracker::Get().ForceDevice(DeviceId::Auto); }
  ScopedDevice(const ScopedDevice&) = delete;
  ScopedDevice& operator=(const ScopedDevice&) = delete;
};

namespace cuda
{
/// True when a CUDA device and driver are present (false when CUDA is not compiled in).
bool IsAvailable();
/// The GPU Loom uses ("<GPU name>, <memory> GiB, compute <major>.<minor>"), or why CUDA is unavailable
/// ("not compiled in", "no CUDA device found", the driver's error).
std::string Describe();

/// Where the background preparation of CUDA stands (PrepareInBackground).
enum class Preparation
{
  NotStarted,
  Running,
  Finished, ///< CUDA is ready, or was found unusable (IsAvailable answers without waiting)
  Off       ///< not compiled in, or LOOM_CUDA_PREPARE=0
};
/// Starts, once per process, what a first CUDA execution would otherwise wait for: the driver and the
/// device's check (IsAvailable), the device's context, its memory pool and the page-locked staging
/// buffers. It runs on a thread of its own and this call returns at once; an execution that comes
/// before it has ended waits for the part it needs (nothing is done twice). Loom's filters call it when
/// they are made (and when their device is set) with a device that may be CUDA (MayRunOnCuda), so that
/// a GUI never waits for it. Nothing when CUDA is not compiled in or LOOM_CUDA_PREPARE=0.
void PrepareInBackground();
Preparation GetPreparation();
/// Returns when no preparation is running (tests; a runtime swap waits for it; the process's exit).
void WaitForPreparation();
}

/// One line on a device for users: "Serial: 1 thread", "TBB: <n> threads", "CUDA: <GPU name>, ...",
/// or the device and why it cannot run ("CUDA: unavailable (not compiled in)").
std::string DescribeDevice(DeviceId device);

/// Records which devices run Loom work on the calling thread (a filter's execution): `Begin` starts
/// a record and returns the enclosing one, `End` answers the devices that ran since its `Begin`
/// ("tbb", "cuda+tbb"; empty when nothing ran) and gives them to the enclosing record too.
unsigned BeginDeviceRecord();
std::string EndDeviceRecord(unsigned outer);
/// Ends a record without giving its devices to the enclosing one (checks of the input, not the work).
void DiscardDeviceRecord(unsigned outer);

namespace internal
{
/// Logs once per process (info) that CUDA was picked for code compiled without nvcc, which runs on
/// `device` instead (only the worklet families' .cu files run on CUDA).
void NoteCudaRequestRunsOnHost(DeviceId device);
/// Notes in the calling thread's device record that `device` runs work now.
void NoteDeviceRan(DeviceId device);
}
} // namespace cont
} // namespace loom
