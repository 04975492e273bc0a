// Loom filters: vtkLoomAcceleratedIntegrateAttributes, vtkIntegrateAttributes on vtkLoomIntegrateVariables.
#include "vtkLoomAcceleratedIntegrateAttributes.h"

#include "LoomAcceleration.h"
#include "vtkLoomIntegrateVariables.h"

#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedIntegrateAttributes);

int vtkLoomAcceleratedIntegrateAttributes::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                       vtkInformationVector* outputVector)
{
  // Loom joins the ranks of the global controller, as this filter does by default; another controller is
  // this filter's own code.
  std::string unsupported;
  if (this->GetController() != vtkMultiProcessController::GetGlobalController() && this->GetController() &&
      this->GetController()->GetNumberOfProcesses() > 1)
    unsupported = "its controller is not the global one, which Loom's ranks join";
  vtkNew<vtkLoomIntegrateVariables> loom;
  loom->SetDivideAllCellDataByVolume(this->GetDivideAllCellDataByVolume());
  return loom::interop::RunAccelerated(this, "Integrate Variables", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
