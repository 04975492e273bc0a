// Loom filters: vtkLoomAcceleratedWarpVector, vtkWarpVector on vtkLoomWarpByVector.
#include "vtkLoomAcceleratedWarpVector.h"

#include "LoomAcceleration.h"
#include "vtkLoomWarpByVector.h"

#include <vtkAlgorithm.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedWarpVector);

int vtkLoomAcceleratedWarpVector::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                              vtkInformationVector* outputVector)
{
  std::string unsupported;
  vtkNew<vtkLoomWarpByVector> loom;
  loom->SetScaleFactor(this->GetScaleFactor());
  loom->SetOutputPointsPrecision(this->GetOutputPointsPrecision());
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return loom::interop::RunAccelerated(this, "Warp By Vector", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
