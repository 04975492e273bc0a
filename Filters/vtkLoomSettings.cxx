// Loom filters: vtkLoomSettings, the process-wide default device and the device report.
#include "vtkLoomSettings.h"

#include "LoomAcceleration.h"
#include "LoomInterop.h"

#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/WorkMonitor.h>

#include <vtkObjectFactory.h>

#include <algorithm>
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
  loom::cont::RuntimeDeviceTracker::Get().ForceDevice(loom::interop::DeviceFromChoice(device));
  this->Modified();
}

const char* vtkLoomSettings::GetDeviceReport()
{
  this->Report.clear();
  for (auto device : { loom::cont::DeviceId::Serial, loom::cont::DeviceId::TBB, loom::cont::DeviceId::Cuda })
    this->Report += loom::cont::DescribeDevice(device) + "\n";
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
