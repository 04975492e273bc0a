// Loom filters: vtkLoomAcceleratedPResampleToImage, vtkPResampleToImage on vtkLoomResampleToImage.
#include "vtkLoomAcceleratedPResampleToImage.h"

#include "LoomAcceleration.h"
#include "vtkLoomResampleToImage.h"

#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedPResampleToImage);

int vtkLoomAcceleratedPResampleToImage::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                    vtkInformationVector* outputVector)
{
  // Loom's ranks are the global controller's, as this filter's by default; another controller is this filter's
  // own code.
  std::string unsupported;
  vtkMultiProcessController* controller = this->GetController();
  if (controller != vtkMultiProcessController::GetGlobalController() && controller &&
      controller->GetNumberOfProcesses() > 1)
    unsupported = "its controller is not the global one, which Loom's ranks join";
  vtkNew<vtkLoomResampleToImage> loom;
  loom->SetUseInputBounds(this->GetUseInputBounds());
  loom->SetSamplingBounds(this->GetSamplingBounds());
  loom->SetSamplingDimensions(this->GetSamplingDimensions());
  return loom::interop::RunAccelerated(this, "Resample To Image", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
