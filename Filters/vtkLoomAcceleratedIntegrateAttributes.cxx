// Loom filters: vtkLoomAcceleratedIntegrateAttributes, vtkIntegrateAttributes on vtkLoomIntegrateVariables.
#include "vtkLoomAcceleratedIntegrateAttributes.h"

#include "LoomAcceleration.h"
#include "vtkLoomIntegrateVariables.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedIntegrateAttributes);

int vtkLoomAcceleratedIntegrateAttributes::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                       vtkInformationVector* outputVector)
{
  // Loom joins the ranks of the global controller, as this filter does by default; another controller is
  // this filter's own code.
  const std::string unsupported = loom::interop::ForeignController(this->GetController());
  vtkNew<vtkLoomIntegrateVariables> loom;
  loom->SetDivideAllCellDataByVolume(this->GetDivideAllCellDataByVolume());
  return loom::interop::RunAccelerated(this, "Integrate Variables", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
