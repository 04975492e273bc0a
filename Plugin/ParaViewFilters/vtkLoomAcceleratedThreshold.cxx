// Loom plugin: vtkLoomAcceleratedThreshold, ParaView's Threshold on Loom's threshold family.
#include "vtkLoomAcceleratedThreshold.h"

#include "LoomAcceleration.h"
#include "vtkLoomThreshold.h"

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedThreshold);

int vtkLoomAcceleratedThreshold::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                             vtkInformationVector* outputVector)
{
  auto own = [&] { return this->Superclass::RequestData(request, inputVector, outputVector); };
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  if (input && input->IsA("vtkHyperTreeGrid"))
    return own(); // ParaView's own path for hyper tree grids, not a fallback
  std::string unsupported;
  if (this->GetOutputPointsPrecision() != vtkAlgorithm::DEFAULT_PRECISION)
    unsupported = "Output Points Precision is set (Loom's threshold keeps the input's points).";
  vtkNew<vtkLoomThreshold> loom;
  loom->SetLowerThreshold(this->GetLowerThreshold());
  loom->SetUpperThreshold(this->GetUpperThreshold());
  loom->SetThresholdMethod(this->GetThresholdFunction());
  loom->SetAllScalars(this->GetAllScalars());
  loom->SetUseContinuousCellRange(this->GetUseContinuousCellRange());
  loom->SetInvert(this->GetInvert());
  loom->SetComponentMode(this->GetComponentMode());
  loom->SetSelectedComponent(this->GetSelectedComponent());
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return loom::interop::RunAccelerated(this, "Threshold", loom, unsupported, inputVector, outputVector, own);
}
