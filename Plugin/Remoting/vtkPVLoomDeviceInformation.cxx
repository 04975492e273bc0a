// Loom plugin: vtkPVLoomDeviceInformation, the server's device report for the Loom panel.
#include "vtkPVLoomDeviceInformation.h"

#include "vtkLoomSettings.h"

#include <vtkClientServerStream.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkPVLoomDeviceInformation);

vtkPVLoomDeviceInformation::vtkPVLoomDeviceInformation()
{
  this->RootOnly = 1; // the first rank's: every rank has the same devices
}

void vtkPVLoomDeviceInformation::CopyFromObject(vtkObject* object)
{
  vtkLoomSettings* settings = vtkLoomSettings::SafeDownCast(object);
  this->Report = settings ? settings->GetDeviceReport() : "";
}

void vtkPVLoomDeviceInformation::AddInformation(vtkPVInformation* other)
{
  auto* from = vtkPVLoomDeviceInformation::SafeDownCast(other);
  if (from && this->Report.empty())
    this->Report = from->Report;
}

void vtkPVLoomDeviceInformation::CopyToStream(vtkClientServerStream* stream)
{
  stream->Reset();
  *stream << vtkClientServerStream::Reply << this->Report.c_str() << vtkClientServerStream::End;
}

void vtkPVLoomDeviceInformation::CopyFromStream(const vtkClientServerStream* stream)
{
  const char* report = nullptr;
  if (!stream->GetArgument(0, 0, &report))
    vtkErrorMacro(<< "Loom panel: the server's device report could not be read.");
  this->Report = report ? report : "";
}

void vtkPVLoomDeviceInformation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Report: " << this->Report << "\n";
}
