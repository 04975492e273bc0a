// Loom filters: the process-wide Loom settings (the device every Loom filter left on Auto uses) and the
// devices this process has; the ParaView plugin's "Loom" settings proxy and panel drive it.
#ifndef vtkLoomSettings_h
#define vtkLoomSettings_h

#include "LoomFiltersModule.h"

#include <vtkObject.h>

#include <string>

/// One instance per process (New() answers it): `vtkLoomSettings::GetInstance()->SetDefaultDevice(1)`
/// makes every Loom filter whose Device is Auto run on Serial (as LOOM_DEVICE does, but changeable while
/// running); a filter with a Device of its own keeps it.
class LOOMFILTERS_EXPORT vtkLoomSettings : public vtkObject
{
public:
  static vtkLoomSettings* New();
  static vtkLoomSettings* GetInstance();
  vtkTypeMacro(vtkLoomSettings, vtkObject);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// What Auto means for every Loom filter: 0 Auto (LOOM_DEVICE, else the best available: CUDA, TBB,
  /// Serial), 1 Serial, 2 TBB, 3 CUDA (a device that cannot run falls back with a warning).
  void SetDefaultDevice(int device);
  vtkGetMacro(DefaultDevice, int);

  /// The devices of this process, one line each: "Serial: 1 thread", "TBB: <n> threads",
  /// "CUDA: <GPU name>, <memory> GiB, compute <major>.<minor>" or "CUDA: unavailable (why)"; then, in builds with
  /// CUDA, the GPU input cache ("GPU input cache: <n> arrays, <MiB> of <bound> MiB; <n> reused, <n> evicted"),
  /// and the value blocks of re-executed arrays ("Value blocks: <n> arrays, <MiB> of <bound> MiB; <n> made, <n>
  /// reused, <n> evicted").
  const char* GetDeviceReport();

  /// How Loom filters report progress inside their work: 0 (the default) about every 10 ms; n > 0 after
  /// every n loop elements done (pieces of at most n elements), so that the events follow the work
  /// whatever the machine's speed: for tests and traces. Negative values are taken as 0.
  void SetProgressReportElements(vtkTypeInt64 elements);
  vtkTypeInt64 GetProgressReportElements();

  ///@{
  /// The GPU input cache's bound, in MiB: device copies of VTK arrays a Loom filter read on CUDA stay on
  /// the GPU while the arrays live unmodified, so that the next execution on the same input moves nothing
  /// across the link; the least recently used go first beyond the bound (0: none kept). Default 4096;
  /// LOOM_CUDA_INPUT_CACHE (bytes) sets it for the process. The settings proxy calls
  /// SetGPUInputCacheSetting, which LOOM_CUDA_INPUT_CACHE overrides. Turning CUDA off (a CPU Default
  /// Device, or CUDA disabled after a failure) frees the copies.
  void SetGPUInputCacheMiB(vtkTypeInt64 mebibytes);
  vtkTypeInt64 GetGPUInputCacheMiB();
  void SetGPUInputCacheSetting(int mebibytes);
  ///@}

  ///@{
  /// ParaView's (and VTK's) own filters on Loom: with Loom's object factory installed
  /// (InstallAcceleration), the VTK classes it overrides (vtkContourFilter, vtkGradientFilter,
  /// vtkCellDataToPointData, vtkPointDataToCellData) run on Loom's families where Loom takes the input and
  /// the properties set, and on their own code otherwise (one info message per filter and reason). On by
  /// default; LOOM_ACCELERATE=0|1, read when the process starts using Loom, decides for that process over
  /// the settings proxy (this setter still applies). Off: VTK's code, exactly. A change applies from each
  /// filter's next execution.
  void SetAccelerateParaViewFilters(bool on);
  bool GetAccelerateParaViewFilters();
  /// Strict acceleration, for tests (LOOM_ACCELERATE_STRICT=1 sets the default): an accelerated filter
  /// that would fall back to its own code fails with the reason instead.
  void SetAccelerationStrict(bool on);
  /// What the Loom settings proxy calls: as SetAccelerateParaViewFilters, except in a process where
  /// LOOM_ACCELERATE is set (the environment decides there).
  void SetAccelerateParaViewFiltersSetting(int on);
  bool GetAccelerationStrict();
  ///@}

  /// Registers Loom's object factory for the accelerated classes, once per process (the ParaView plugin
  /// does it when it loads, on every process; a VTK program calls it to get the same). Idempotent.
  static void InstallAcceleration();

protected:
  vtkLoomSettings() = default;
  ~vtkLoomSettings() override = default;

  int DefaultDevice = 0;
  std::string Report;

private:
  vtkLoomSettings(const vtkLoomSettings&) = delete;
  void operator=(const vtkLoomSettings&) = delete;
};

#endif
