// Loom filters: vtkLoomAcceleratedPStreamTracer, vtkPStreamTracer on vtkLoomStreamTracer.
#include "vtkLoomAcceleratedPStreamTracer.h"

#include "LoomAcceleration.h"
#include "vtkLoomStreamTracer.h"

#include <vtkAbstractInterpolatedVelocityField.h>
#include <vtkInformationVector.h>
#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedPStreamTracer);

int vtkLoomAcceleratedPStreamTracer::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                 vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (inputVector[0]->GetNumberOfInformationObjects() > 1)
    unsupported = "several inputs on its vector field's port";
  else if (!this->CustomTerminationCallback.empty())
    unsupported = "custom termination callbacks";
  else if ((this->Controller && this->Controller->GetNumberOfProcesses() > 1) ||
           (vtkMultiProcessController::GetGlobalController() &&
            vtkMultiProcessController::GetGlobalController()->GetNumberOfProcesses() > 1))
    unsupported = "several MPI ranks (Loom gathers each line whole on its seed's rank; vtkPStreamTracer leaves a "
                  "polyline on each rank the line crosses)";
  vtkNew<vtkLoomStreamTracer> loom;
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  loom->SetStartPosition(this->GetStartPosition());
  loom->SetIntegrationDirection(this->GetIntegrationDirection());
  loom->SetIntegratorType(this->GetIntegratorType());
  loom->SetIntegrationStepUnit(this->GetIntegrationStepUnit());
  loom->SetInitialIntegrationStep(this->GetInitialIntegrationStep());
  loom->SetMinimumIntegrationStep(this->GetMinimumIntegrationStep());
  loom->SetMaximumIntegrationStep(this->GetMaximumIntegrationStep());
  loom->SetMaximumNumberOfSteps(this->GetMaximumNumberOfSteps());
  loom->SetMaximumPropagation(this->GetMaximumPropagation());
  loom->SetTerminalSpeed(this->GetTerminalSpeed());
  loom->SetMaximumError(this->GetMaximumError());
  loom->SetComputeVorticity(this->GetComputeVorticity());
  loom->SetRotationScale(this->GetRotationScale());
  loom->SetSurfaceStreamlines(this->GetSurfaceStreamlines());
  loom->SetUseLocalSeedSource(this->GetUseLocalSeedSource());
  // VTK's interpolator for Loom's fallback: the cell locator's field, or the point locator's (VTK's default).
  loom->SetInterpolatorType(this->InterpolatorPrototype &&
                                this->InterpolatorPrototype->IsA("vtkCellLocatorInterpolatedVelocityField")
                              ? vtkStreamTracer::INTERPOLATOR_WITH_CELL_LOCATOR
                              : vtkStreamTracer::INTERPOLATOR_WITH_DATASET_POINT_LOCATOR);
  return loom::interop::RunAccelerated(
    this, "Stream Tracer", loom, unsupported, inputVector, outputVector,
    [&] { return this->Superclass::RequestData(request, inputVector, outputVector); }, {}, { 0, 1 });
}
