// Loom filters: vtkLoomGradient::RequestData: the selected array, the grid's geometry and cells to
// the gradient family without copies, its fields back to VTK without copies; inputs the family does
// not take go to vtkGradientFilter (or vtkImageGradient for ParaView's smoothed image boundary).
#include "vtkLoomGradient.h"

#include "LoomInterop.h"

#include <loom/algorithms/gradient/Gradient.h>
#include <loom/cont/Error.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkGradientFilter.h>
#include <vtkImageData.h>
#include <vtkImageGradient.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkStructuredGrid.h>

#include <new>
#include <string>

vtkStandardNewMacro(vtkLoomGradient);

vtkLoomGradient::vtkLoomGradient()
{
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS,
                               vtkDataSetAttributes::SCALARS);
}

vtkLoomGradient::~vtkLoomGradient()
{
  this->SetResultArrayName(nullptr);
  this->SetDivergenceArrayName(nullptr);
  this->SetVorticityArrayName(nullptr);
  this->SetQCriterionArrayName(nullptr);
}

int vtkLoomGradient::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector,
                                         vtkInformationVector* outputVector)
{
  // Differences need the neighbours of a piece's boundary: one more ghost level, as VTK's filter.
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const int piece = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  const int pieces = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  int ghosts = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  if (pieces > 1)
    ++ghosts;
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(), piece);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), pieces);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), ghosts);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::EXACT_EXTENT(), 1);
  return 1;
}

namespace
{
const char* NameOr(const char* name, const char* fallback)
{
  return name && *name ? name : fallback;
}

bool Holds(vtkFieldData* data, vtkDataArray* array)
{
  for (int i = 0; i < data->GetNumberOfArrays(); ++i)
    if (data->GetAbstractArray(i) == array)
      return true;
  return false;
}
} // namespace

vtkSmartPointer<vtkAlgorithm> vtkLoomGradient::VTKFilter(vtkDataSet* input)
{
  if (this->BoundaryMethod == SMOOTHED && vtkImageData::SafeDownCast(input))
  {
    auto image = vtkSmartPointer<vtkImageGradient>::New();
    image->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
    image->SetDimensionality(this->Dimensionality);
    return image;
  }
  auto general = vtkSmartPointer<vtkGradientFilter>::New();
  general->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  general->SetResultArrayName(NameOr(this->ResultArrayName, "Gradients"));
  general->SetDivergenceArrayName(NameOr(this->DivergenceArrayName, "Divergence"));
  general->SetVorticityArrayName(NameOr(this->VorticityArrayName, "Vorticity"));
  general->SetQCriterionArrayName(NameOr(this->QCriterionArrayName, "Q-criterion"));
  general->SetComputeGradient(this->ComputeGradient);
  general->SetComputeDivergence(this->ComputeDivergence);
  general->SetComputeVorticity(this->ComputeVorticity);
  general->SetComputeQCriterion(this->ComputeQCriterion);
  general->SetFasterApproximation(this->FasterApproximation);
  general->SetContributingCellOption(this->ContributingCellOption);
  general->SetReplacementValueOption(this->ReplacementValueOption);
  return general;
}

int vtkLoomGradient::RunVTK(const loom::interop::FilterRun& run, const std::string& why)
{
  vtkSmartPointer<vtkAlgorithm> filter = this->VTKFilter(run.Input());
  return run.FallBack(why + (vtkImageGradient::SafeDownCast(filter)
                               ? "; VTK's vtkImageGradient computes it instead."
                               : "; VTK's vtkGradientFilter computes the gradient instead."),
                      filter);
}

int vtkLoomGradient::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                 vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Gradient", this->Core, inputVector, outputVector);
  vtkDataSet* input = run.Input();
  vtkDataArray* array = input ? this->GetInputArrayToProcess(0, inputVector) : nullptr;
  loom::interop::FilterSteps steps;
  steps.Passes = 0.45;
  steps.MaskArrayName = this->GetMaskArrayName();
  steps.MaskOnPoints = !array || Holds(input->GetPointData(), array); // on the differentiated array's side
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());
  auto fail = [&](const std::string& message) { return run.Fail(message); };
  if (input->GetNumberOfCells() == 0)
  {
    // As VTK: nothing to differentiate; the input passes (a warning only when there was a field).
    if (input->GetNumberOfPoints() > 0 && array && array->GetNumberOfTuples() > 0)
      vtkWarningMacro(<< "Loom Gradient: the input has points but no cells; no gradient is computed.");
    output->ShallowCopy(input);
    return 1;
  }
  if (!array)
  {
    vtkInformation* chosen = this->GetInputArrayInformation(0);
    const std::string wanted =
      chosen && chosen->Has(vtkDataObject::FIELD_NAME()) ? chosen->Get(vtkDataObject::FIELD_NAME()) : "";
    vtkAbstractArray* other = wanted.empty() ? nullptr : input->GetPointData()->GetAbstractArray(wanted.c_str());
    if (!other && !wanted.empty())
      other = input->GetCellData()->GetAbstractArray(wanted.c_str());
    if (other)
      return fail("Scalar Array '" + wanted + "' is a " + other->GetClassName() + ", not a numeric array.");
    return fail("Scalar Array '" + wanted + "': the input has no such point or cell array (on a multiblock input, "
                "every non-empty block needs it).");
  }
  const bool onPoints = Holds(input->GetPointData(), array);
  if (!onPoints && !Holds(input->GetCellData(), array))
    return fail(std::string("Scalar Array '") + NameOr(array->GetName(), "") +
                "' is neither a point nor a cell array of the input.");
  const std::string arrayName = NameOr(array->GetName(), "");
  if (array->GetNumberOfComponents() < 1)
    return fail("Scalar Array '" + arrayName + "' has no components.");
  if (3 * array->GetNumberOfComponents() > loom::algorithms::MaxComponents)
    return this->RunVTK(run,
                        "the gradient of the " + std::to_string(array->GetNumberOfComponents()) +
                          "-component Scalar Array '" + arrayName + "' has " +
                          std::to_string(3 * array->GetNumberOfComponents()) + " components; Loom's fields hold at most " +
                          std::to_string(loom::algorithms::MaxComponents));

  loom::algorithms::GradientOptions options;
  options.Gradient = this->ComputeGradient;
  options.Divergence = this->ComputeDivergence;
  options.Vorticity = this->ComputeVorticity;
  options.QCriterion = this->ComputeQCriterion;
  if ((options.Divergence || options.Vorticity || options.QCriterion) && array->GetNumberOfComponents() != 3)
  {
    vtkWarningMacro(<< "Loom Gradient: divergence, vorticity and Q-criterion need a 3-component array; '"
                    << arrayName << "' has " << array->GetNumberOfComponents() << ". They are skipped.");
    options.Divergence = options.Vorticity = options.QCriterion = false;
  }
  options.FasterApproximation = this->FasterApproximation;
  options.ContributingCells =
    static_cast<loom::algorithms::GradientOptions::Contributing>(this->ContributingCellOption);
  options.ReplacementValue = static_cast<loom::algorithms::GradientOptions::Replacement>(this->ReplacementValueOption);

  if (this->BoundaryMethod == SMOOTHED && vtkImageData::SafeDownCast(input))
    return this->RunVTK(run, "the smoothed boundary method (BoundaryMethod) is vtkImageGradient's");
  const bool structured = vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input) ||
    vtkStructuredGrid::SafeDownCast(input);
  loom::algorithms::CellSetAny cells;
  if (!structured)
  {
    const std::string unsupported = loom::interop::UnsupportedCells(input);
    if (!unsupported.empty())
      return this->RunVTK(run, "the input has cells Loom does not take (" + unsupported + ")");
    const int read = loom::interop::Guarded(this, output, "Loom Gradient", [&]() -> int {
      cells = loom::interop::CellSetFromVTK(input);
      return loom::interop::Continue;
    }, [&](const loom::cont::Error& e) -> int { return this->RunVTK(run, e.what()); });
    if (read != loom::interop::Continue)
      return read;
    const std::string missing = loom::algorithms::UnsupportedGradientCells(cells);
    if (!missing.empty())
      return this->RunVTK(run, "the gradient family does not differentiate " + missing);
  }

  output->CopyStructure(input);
  output->GetPointData()->PassData(input->GetPointData());
  output->GetCellData()->PassData(input->GetCellData());
  output->GetFieldData()->PassData(input->GetFieldData());
  run.Current.clear();
  return run.Guard(nullptr, [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    const loom::Id elements = onPoints ? input->GetNumberOfPoints() : input->GetNumberOfCells();
    loom::algorithms::FieldArray keep;
    const loom::algorithms::OutputMask mask = this->MaskFor(input, onPoints, inputVector, keep);
    run.Current = "Scalar Array '" + arrayName + "'";
    const loom::algorithms::FieldArray field = loom::interop::FieldFromVTK(array);

    loom::algorithms::GradientResult result;
    if (structured)
    {
      std::vector<double> axes[3];
      loom::algorithms::FieldArray points;
      const loom::algorithms::PointPositions geometry = loom::interop::PositionsFromVTK(input, axes, points, device);
      result = loom::algorithms::StructuredGradient(geometry, field, !onPoints, options, mask, device);
    }
    else
    {
      const loom::algorithms::FieldArray points = loom::interop::PointsFromVTK(input, nullptr, true, device);
      result = loom::algorithms::CellGradient(cells, points, field, !onPoints, options, mask, device);
    }
    if (this->CheckAbort())
    return loom::interop::Aborted(this, output, "Loom Gradient");
    run.Current = "output";
    vtkDataSetAttributes* to = onPoints ? static_cast<vtkDataSetAttributes*>(output->GetPointData())
                                        : static_cast<vtkDataSetAttributes*>(output->GetCellData());
    auto add = [&](const loom::algorithms::FieldArray& f, const char* name) {
      if (f.GetNumberOfComponents() > 0) // asked for (a field not asked for is empty)
        to->AddArray(loom::interop::FieldToVTK(f, name));
    };
    add(result.Gradient, NameOr(this->ResultArrayName, "Gradients"));
    add(result.Divergence, NameOr(this->DivergenceArrayName, "Divergence"));
    add(result.Vorticity, NameOr(this->VorticityArrayName, "Vorticity"));
    add(result.QCriterion, NameOr(this->QCriterionArrayName, "Q-criterion"));
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomGradient::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  static const char* contributing[] = { "All", "Patch", "DataSetMax" };
  static const char* replacement[] = { "Zero", "NaN", "DataTypeMin", "DataTypeMax" };
  auto onOff = [](bool b) { return b ? "On" : "Off"; };
  os << indent << "ComputeGradient: " << onOff(this->ComputeGradient) << " ("
     << NameOr(this->ResultArrayName, "Gradients") << ")\n";
  os << indent << "ComputeDivergence: " << onOff(this->ComputeDivergence) << " ("
     << NameOr(this->DivergenceArrayName, "Divergence") << ")\n";
  os << indent << "ComputeVorticity: " << onOff(this->ComputeVorticity) << " ("
     << NameOr(this->VorticityArrayName, "Vorticity") << ")\n";
  os << indent << "ComputeQCriterion: " << onOff(this->ComputeQCriterion) << " ("
     << NameOr(this->QCriterionArrayName, "Q-criterion") << ")\n";
  os << indent << "FasterApproximation: " << onOff(this->FasterApproximation) << "\n";
  os << indent << "ContributingCellOption: " << contributing[this->ContributingCellOption] << "\n";
  os << indent << "ReplacementValueOption: " << replacement[this->ReplacementValueOption] << "\n";
  os << indent << "BoundaryMethod: " << (this->BoundaryMethod == SMOOTHED ? "Smoothed" : "Non-Smoothed") << "\n";
  os << indent << "Dimensionality: " << this->Dimensionality << "\n";
}
