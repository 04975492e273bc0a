// Loom plugin: the server's device report (vtkLoomSettings::GetDeviceReport), gathered from the data server's
// first rank for the client's Loom panel.
#ifndef vtkPVLoomDeviceInformation_h
#define vtkPVLoomDeviceInformation_h

#include "LoomRemotingModule.h"

#include <vtkPVInformation.h>

#include <string>

/// The devices, the GPU input cache and the value blocks of the process that holds the settings object it is
/// gathered from. Gathered with vtkSMProxy::GatherInformation(info, vtkPVSession::DATA_SERVER) on the
/// LoomSettings proxy, which also lives on the client: an information-only property of it would be read from the
/// client's own object.
class LOOMREMOTING_EXPORT vtkPVLoomDeviceInformation : public vtkPVInformation
{
public:
  static vtkPVLoomDeviceInformation* New();
  vtkTypeMacro(vtkPVLoomDeviceInformation, vtkPVInformation);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  void CopyFromObject(vtkObject* object) override;
  void AddInformation(vtkPVInformation* other) override;
  void CopyToStream(vtkClientServerStream* stream) override;
  void CopyFromStream(const vtkClientServerStream* stream) override;

  /// The report, one line each; empty when the object was not Loom's settings.
  const char* GetReport() { return this->Report.c_str(); }

protected:
  vtkPVLoomDeviceInformation();
  ~vtkPVLoomDeviceInformation() override = default;

  std::string Report;

private:
  vtkPVLoomDeviceInformation(const vtkPVLoomDeviceInformation&) = delete;
  void operator=(const vtkPVLoomDeviceInformation&) = delete;
};

#endif
