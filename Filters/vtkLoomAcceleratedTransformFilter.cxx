// Loom filters: vtkLoomAcceleratedTransformFilter, vtkTransformFilter on vtkLoomTransform.
#include "vtkLoomAcceleratedTransformFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomTransform.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

#include <string>

vtkStandardNewMacro(vtkLoomAcceleratedTransformFilter);

int vtkLoomAcceleratedTransformFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                   vtkInformationVector* outputVector)
{
  // No transform: vtkTransformFilter's own error.
  std::string unsupported = this->GetTransform() ? "" : "no transform";
  vtkNew<vtkLoomTransform> loom;
  loom->SetTransform(this->GetTransform());
  loom->SetTransformAllInputVectors(this->GetTransformAllInputVectors());
  loom->SetOutputPointsPrecision(this->GetOutputPointsPrecision());
  return loom::interop::RunAccelerated(this, "Transform", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
