// Loom filters: vtkLoomAcceleratedGradientFilter, vtkGradientFilter on Loom's gradient family.
#include "vtkLoomAcceleratedGradientFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomGradient.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedGradientFilter);

namespace
{
/// vtkGradientFilter's name for an output left unnamed.
const char* Named(const char* name, const char* otherwise)
{
  return name && name[0] ? name : otherwise;
}
} // namespace

int vtkLoomAcceleratedGradientFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                  vtkInformationVector* outputVector)
{
  vtkNew<vtkLoomGradient> loom;
  loom->SetComputeGradient(this->GetComputeGradient() != 0);
  loom->SetResultArrayName(Named(this->GetResultArrayName(), "Gradients"));
  loom->SetComputeDivergence(this->GetComputeDivergence() != 0);
  loom->SetDivergenceArrayName(Named(this->GetDivergenceArrayName(), "Divergence"));
  loom->SetComputeVorticity(this->GetComputeVorticity() != 0);
  loom->SetVorticityArrayName(Named(this->GetVorticityArrayName(), "Vorticity"));
  loom->SetComputeQCriterion(this->GetComputeQCriterion() != 0);
  loom->SetQCriterionArrayName(Named(this->GetQCriterionArrayName(), "Q-criterion"));
  loom->SetFasterApproximation(this->GetFasterApproximation() != 0);
  loom->SetContributingCellOption(this->GetContributingCellOption());
  loom->SetReplacementValueOption(this->GetReplacementValueOption());
  loom->SetBoundaryMethod(vtkLoomGradient::NON_SMOOTHED); // vtkGradientFilter's differences
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return loom::interop::RunAccelerated(this, "Gradient", loom, std::string(), inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
