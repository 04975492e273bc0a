// Loom filters: vtkLoomAcceleratedPResampleToImage, vtkPResampleToImage on vtkLoomResampleToImage.
#include "vtkLoomAcceleratedPResampleToImage.h"

#include "LoomAcceleration.h"
#include "vtkLoomResampleToImage.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedPResampleToImage);

int vtkLoomAcceleratedPResampleToImage::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                    vtkInformationVector* outputVector)
{
  // Loom's ranks are the global controller's, as this filter's by default; another controller is this filter's
  // own code.
  const std::string unsupported = loom::interop::ForeignController(this->GetController());
  vtkNew<vtkLoomResampleToImage> loom;
  loom->SetUseInputBounds(this->GetUseInputBounds());
  loom->SetSamplingBounds(this->GetSamplingBounds());
  loom->SetSamplingDimensions(this->GetSamplingDimensions());
  return loom::interop::RunAccelerated(this, "Resample To Image", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
