// Loom filters: vtkLoomSettings, the process-wide default device and the device report.
#include "vtkLoomSettings.h"

#include "LoomAcceleration.h"
#include "LoomInterop.h"

#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/WorkMonitor.h>

#include <vtkObjectFactory.h>

#include <algorithm>
#include <cstdio>
#include <vtkSmartPointer.h>

vtkLoomSettings* vtkLoomSettings::New()
{
  vtkLoomSettings* instance = vtkLoomSettings::GetInstance();
  instance->Register(nullptr);
  return instance;
}

vtkLoomSettings* vtkLoomSettings::GetInstance()
{
  // Never destroyed: filters may ask for the device while the process exits.
  static vtkLoomSettings* instance = [] {
    auto* settings = new vtkLoomSettings;
    settings->InitializeObjectBase();
    return settings;
  }();
  return instance;
}

void vtkLoomSettings::SetDefaultDevice(int device)
{
  if (device < 0 || device > 3)
  {
    vtkErrorMacro(<< "Loom Settings: Default Device " << device << " is not one of 0 Auto, 1 Serial, 2 TBB, 3 CUDA.");
    return;
  }
  if (device == this->DefaultDevice)
    return;
  this->DefaultDevice = device;
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  tracker.ForceDevice(loom::interop::DeviceFromChoice(device));
  if (device == 1 || device == 2)
    loom::cont::ClearDeviceInputCache(); // CUDA turned off: the GPU copies of VTK's arrays go
  else if (tracker.MayRunOnCuda(loom::cont::DeviceId::Auto))
    loom::cont::cuda::PrepareInBackground(); // CUDA the default: ready before the first filter runs
  this->Modified();
}

void vtkLoomSettings::SetGPUInputCacheMiB(vtkTypeInt64 mebibytes)
{
  if (mebibytes < 0)
  {
    vtkErrorMacro(<< "Loom Settings: GPU Input Cache " << mebibytes << " MiB is negative.");
    return;
  }
  loom::cont::SetDeviceInputCacheLimit(static_cast<std::size_t>(mebibytes) << 20);
  this->Modified();
}

vtkTypeInt64 vtkLoomSettings::GetGPUInputCacheMiB()
{
  return static_cast<vtkTypeInt64>(loom::cont::GetDeviceInputCacheLimit() >> 20);
}

void vtkLoomSettings::SetGPUInputCacheSetting(int mebibytes)
{
  if (!loom::cont::DeviceInputCacheLimitFromEnvironment())
    this->SetGPUInputCacheMiB(mebibytes);
}

const char* vtkLoomSettings::GetDeviceReport()
{
  this->Report.clear();
  for (auto device : { loom::cont::DeviceId::Serial, loom::cont::DeviceId::TBB, loom::cont::DeviceId::Cuda })
    this->Report += loom::cont::DescribeDevice(device) + "\n";
  if (loom::cont::RuntimeDeviceTracker::IsCompiled(loom::cont::DeviceId::Cuda))
  {
    const loom::cont::DeviceInputCacheStatistics s = loom::cont::GetDeviceInputCacheStatistics();
    char line[160];
    std::snprintf(line, sizeof(line), "GPU input cache: %llu arrays, %.1f of %.0f MiB; %llu reused, %llu evicted\n",
                  static_cast<unsigned long long>(s.Entries), s.BytesHeld / 1048576.0, s.Limit / 1048576.0,
                  static_cast<unsigned long long>(s.Reused), static_cast<unsigned long long>(s.Evicted));
    this->Report += line;
  }
  // The value blocks of the arrays Contour, Threshold and Clip by Scalar re-execute on (host memory): the part
  // their values reach is read from the second execution on.
  const loom::interop::ValueBlocksStatistics b = loom::interop::GetValueBlocksStatistics();
  char line[160];
  std::snprintf(line, sizeof(line), "Value blocks: %llu arrays, %.1f of %.0f MiB; %llu made, %llu reused, %llu evicted\n",
                static_cast<unsigned long long>(b.Entries), b.Bytes / 1048576.0,
                loom::interop::GetValueBlocksLimit() / 1048576.0, static_cast<unsigned long long>(b.Made),
                static_cast<unsigned long long>(b.Reused), static_cast<unsigned long long>(b.Evicted));
  this->Report += line;
  return this->Report.c_str();
}

void vtkLoomSettings::SetProgressReportElements(vtkTypeInt64 elements)
{
  if (std::max<vtkTypeInt64>(0, elements) == loom::cont::GetWorkReportElements())
    return;
  loom::cont::SetWorkReportElements(elements);
  this->Modified();
}

vtkTypeInt64 vtkLoomSettings::GetProgressReportElements()
{
  return loom::cont::GetWorkReportElements();
}

void vtkLoomSettings::SetAccelerateParaViewFilters(bool on)
{
  if (on == loom::interop::AccelerationOn())
    return;
  loom::interop::SetAccelerationOn(on);
  this->Modified();
}

bool vtkLoomSettings::GetAccelerateParaViewFilters()
{
  return loom::interop::AccelerationOn();
}

void vtkLoomSettings::SetAccelerateParaViewFiltersSetting(int on)
{
  loom::interop::SetAccelerationFromSettings(on != 0);
  this->Modified();
}

void vtkLoomSettings::SetAccelerationStrict(bool on)
{
  if (on == loom::interop::AccelerationStrict())
    return;
  loom::interop::SetAccelerationStrict(on);
  this->Modified();
}

bool vtkLoomSettings::GetAccelerationStrict()
{
  return loom::interop::AccelerationStrict();
}

void vtkLoomSettings::InstallAcceleration()
{
  loom::interop::InstallAccelerationFactory();
}

void vtkLoomSettings::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "DefaultDevice: " << this->DefaultDevice << "\n";
  os << indent << "AccelerateParaViewFilters: " << loom::interop::AccelerationOn() << "\n";
  os << indent << "AccelerationStrict: " << loom::interop::AccelerationStrict() << "\n";
  os << indent << "ProgressReportElements: " << loom::cont::GetWorkReportElements() << "\n";
}
