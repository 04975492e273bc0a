// Loom filters: vtkLoomAcceleratedPStreamTracer, vtkPStreamTracer on vtkLoomStreamTracer.
#include "vtkLoomAcceleratedPStreamTracer.h"

#include "LoomAcceleration.h"
#include "vtkLoomStreamTracer.h"

#include <vtkAbstractInterpolatedVelocityField.h>
#include <vtkFindCellStrategy.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedPStreamTracer);

int vtkLoomAcceleratedPStreamTracer::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                 vtkInformationVector* outputVector)
{
  std::string unsupported;
  const int integrator = this->GetIntegratorType();
  if (inputVector[0]->GetNumberOfInformationObjects() > 1)
    unsupported = "several inputs on its vector field's port";
  else if (!this->CustomTerminationCallback.empty())
    unsupported = "custom termination callbacks";
  else if (integrator != RUNGE_KUTTA2 && integrator != RUNGE_KUTTA4 && integrator != RUNGE_KUTTA45)
    unsupported = "an integrator of its own";
  else if (this->InterpolatorPrototype && this->InterpolatorPrototype->GetFindCellStrategy() &&
           !this->InterpolatorPrototype->GetFindCellStrategy()->IsA("vtkClosestPointStrategy"))
    unsupported = "Interpolator Type with a cell locator (VTK's cells found by another strategy than Loom's)";
  else if (loom::interop::OnSeveralRanks(this->Controller))
    unsupported = "several MPI ranks (Loom gathers each line whole on its seed's rank; vtkPStreamTracer leaves a "
                  "polyline on each rank the line crosses)";
  vtkNew<vtkLoomStreamTracer> loom;
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  loom->SetStartPosition(this->GetStartPosition());
  loom->SetIntegrationDirection(this->GetIntegrationDirection());
  loom->SetIntegratorType(integrator);
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
  return loom::interop::RunAccelerated(
    this, "Stream Tracer", loom, unsupported, inputVector, outputVector,
    [&] { return this->Superclass::RequestData(request, inputVector, outputVector); }, {}, { 0, 1 });
}
