// Loom filters: vtkLoomAcceleratedMeshQuality, vtkMeshQuality on vtkLoomMeshQuality.
// The deprecated Volume and Compatibility Mode are read (to hand them to VTK's code), as VTK's own unit does.
#define VTK_DEPRECATION_LEVEL 0

#include "vtkLoomAcceleratedMeshQuality.h"

#include "LoomAcceleration.h"
#include "vtkLoomMeshQuality.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

#include <string>

vtkStandardNewMacro(vtkLoomAcceleratedMeshQuality);

int vtkLoomAcceleratedMeshQuality::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                               vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (!this->GetSaveCellQuality())
    unsupported = "Save Cell Quality off";
  else if (this->GetVolume() || this->GetCompatibilityMode())
    unsupported = "the Volume or Compatibility Mode settings";
  vtkNew<vtkLoomMeshQuality> loom;
  loom->SetTriangleQualityMeasure(static_cast<int>(this->GetTriangleQualityMeasure()));
  loom->SetQuadQualityMeasure(static_cast<int>(this->GetQuadQualityMeasure()));
  loom->SetTetQualityMeasure(static_cast<int>(this->GetTetQualityMeasure()));
  loom->SetPyramidQualityMeasure(static_cast<int>(this->GetPyramidQualityMeasure()));
  loom->SetWedgeQualityMeasure(static_cast<int>(this->GetWedgeQualityMeasure()));
  loom->SetHexQualityMeasure(static_cast<int>(this->GetHexQualityMeasure()));
  loom->SetLinearApproximation(this->GetLinearApproximation());
  return loom::interop::RunAccelerated(this, "Mesh Quality", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
