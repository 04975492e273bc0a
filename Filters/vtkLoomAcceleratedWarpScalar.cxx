// Loom filters: vtkLoomAcceleratedWarpScalar, vtkWarpScalar on vtkLoomWarpByScalar.
#include "vtkLoomAcceleratedWarpScalar.h"

#include "LoomAcceleration.h"
#include "vtkLoomWarpByScalar.h"

#include <vtkAlgorithm.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedWarpScalar);

int vtkLoomAcceleratedWarpScalar::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                              vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (this->GetGenerateEnclosure())
    unsupported = "Generate Enclosure is on (Loom's warp moves the points only).";
  vtkNew<vtkLoomWarpByScalar> loom;
  loom->SetScaleFactor(this->GetScaleFactor());
  loom->SetNormal(this->GetNormal());
  loom->SetUseNormal(this->GetUseNormal() != 0);
  loom->SetXYPlane(this->GetXYPlane() != 0);
  loom->SetOutputPointsPrecision(this->GetOutputPointsPrecision());
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return loom::interop::RunAccelerated(this, "Warp By Scalar", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
