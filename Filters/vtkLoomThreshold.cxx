// Loom filters: vtkLoomThreshold::RequestData: checks the chosen array, runs the threshold family on the
// input's cells (no copies in), and hands the kept cells, their points and the gathered arrays to VTK.
#include "vtkLoomThreshold.h"

#include "LoomInterop.h"

#include <loom/algorithms/subset/Subset.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Error.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkThreshold.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <cmath>
#include <limits>
#include <new>
#include <string>

vtkStandardNewMacro(vtkLoomThreshold);

vtkLoomThreshold::vtkLoomThreshold()
  : LowerThreshold(-std::numeric_limits<double>::infinity())
  , UpperThreshold(std::numeric_limits<double>::infinity())
{
  // As vtkThreshold: the active point scalars, else the active cell scalars.
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS,
                               vtkDataSetAttributes::SCALARS);
}

int vtkLoomThreshold::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomThreshold::VTKFilter()
{
  auto threshold = vtkSmartPointer<vtkThreshold>::New();
  threshold->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  threshold->SetLowerThreshold(this->LowerThreshold);
  threshold->SetUpperThreshold(this->UpperThreshold);
  threshold->SetThresholdFunction(this->ThresholdMethod);
  threshold->SetAllScalars(this->AllScalars);
  threshold->SetUseContinuousCellRange(this->UseContinuousCellRange);
  threshold->SetInvert(this->Invert);
  threshold->SetComponentMode(this->ComponentMode);
  threshold->SetSelectedComponent(this->SelectedComponent);
  return threshold;
}

int vtkLoomThreshold::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                  vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Threshold", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 6.0;
  steps.CpuSecondsPerCell = 31.8e-9; // Auto's estimate (docs/developer/cuda.md, "Auto's estimate": the calibration)
  steps.GpuSecondsPerCell = 1.16e-9;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::SafeDownCast(run.Output());
  if (input->GetNumberOfCells() == 0)
  {
    // Empty in, empty out (MPI ranks with empty pieces), with the input's arrays as vtkThreshold leaves them.
    output->GetPointData()->CopyAllocate(input->GetPointData(), 0);
    output->GetCellData()->CopyAllocate(input->GetCellData(), 0);
    return 1;
  }

  // The Scalars array.
  const loom::interop::ChosenArray chosen = run.InputArray(0, "Scalars", true, true);
  if (!chosen.Array)
    return run.Fail(chosen.Error);
  vtkDataArray* array = chosen.Array;
  const std::string& what = chosen.What;
  const int components = array->GetNumberOfComponents();
  if (this->ComponentMode == COMPONENT_MODE_USE_SELECTED &&
      (this->SelectedComponent < 0 || this->SelectedComponent > components ||
       (components == 1 && this->SelectedComponent > 0)))
    return run.Fail("Select Input Component is " + std::to_string(this->SelectedComponent) + " but " + what + " has " +
                std::to_string(components) + " component" + (components == 1 ? " (0)." : "s (0 to ") +
                (components == 1 ? "" : std::to_string(components - 1) + ", or " + std::to_string(components) +
                                          " for the magnitude)."));
  if (this->ThresholdMethod == THRESHOLD_BETWEEN && this->LowerThreshold > this->UpperThreshold)
    vtkWarningMacro(<< "Loom Threshold: Lower Threshold (" << this->LowerThreshold << ") is above Upper Threshold ("
                    << this->UpperThreshold << "): no value lies between them"
                    << (this->Invert ? ", so Invert keeps every cell." : ", so no cell is kept."));

  loom::algorithms::ThresholdOptions options;
  options.Lower = this->LowerThreshold;
  options.Upper = this->UpperThreshold;
  using Options = loom::algorithms::ThresholdOptions;
  options.Criterion = this->ThresholdMethod == THRESHOLD_LOWER   ? Options::Method::BelowLower
    : this->ThresholdMethod == THRESHOLD_UPPER                    ? Options::Method::AboveUpper
                                                                  : Options::Method::Between;
  options.ComponentMode = this->ComponentMode == COMPONENT_MODE_USE_ALL ? Options::Components::All
    : this->ComponentMode == COMPONENT_MODE_USE_ANY                     ? Options::Components::Any
                                                                        : Options::Components::Selected;
  options.Component = components == 1 ? 0 : this->SelectedComponent;
  options.PointField = chosen.Association == vtkDataObject::FIELD_ASSOCIATION_POINTS;
  options.AllScalars = this->AllScalars != 0;
  options.UseContinuousCellRange = this->UseContinuousCellRange != 0;
  options.Invert = this->Invert != 0;
  options.Device = run.Device();
  // VTK's images and rectilinear grids have voxels (pixels), structured grids hexahedra (quads).
  const auto kind = vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input)
    ? loom::algorithms::StructuredCellKind::Voxel
    : loom::algorithms::StructuredCellKind::Hexahedron;

  // Polyhedra and higher-order cells have no Loom cell set: VTK's vtkThreshold takes such inputs
  // whole, as ParaView's Threshold would.
  const std::string unsupported = loom::interop::UnsupportedCells(input);
  if (!unsupported.empty())
    return run.FallBack("the input has " + unsupported +
                          ", which Loom's threshold family does not take; VTK's vtkThreshold thresholds it instead.",
                        this->VTKFilter());

  return run.Guard("threshold", [&]() -> int {
    run.Current = what;
    // Re-executed on an unchanged image, rectilinear or structured grid by a one-component point or cell array:
    // only the part whose value blocks can hold a kept cell's values is thresholded, its array alone gathered;
    // the kept cells' and points' ids then become the whole grid's, and the arrays are gathered from the whole
    // input. Every cell kept has a point (or, with Use Continuous Cell Range, a range) meeting the criterion, or
    // its own value does, in its block.
    vtkSmartPointer<vtkDataSet> part;
    loom::algorithms::GridExtent extent;
    const double lower = options.Lower, upper = options.Upper;
    // The continuous cell range (a point array, All Scalars off) asks whether a cell's range meets [Lower, Upper]
    // whatever the method.
    const Options::Method method =
      options.UseContinuousCellRange && options.PointField && !options.AllScalars ? Options::Method::Between
                                                                                   : options.Criterion;
    auto holds = [=](double low, double high) {
      return method == Options::Method::BelowLower ? low <= lower
        : method == Options::Method::AboveUpper    ? high >= upper
                                                   : low <= upper && high >= lower;
    };
    if (components == 1 && !options.Invert &&
        loom::interop::ValuesReachAPart(input, array, !options.PointField, holds, extent, options.Device))
      part = loom::interop::SubGrid(loom::interop::FieldAndGhosts(input, array), extent, options.Device);
    vtkDataSet* thresholded = part ? part.Get() : input;
    vtkDataSetAttributes* partValues = !part ? nullptr
      : options.PointField                   ? static_cast<vtkDataSetAttributes*>(part->GetPointData())
                                             : static_cast<vtkDataSetAttributes*>(part->GetCellData());
    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(thresholded);
    // Hidden ghost cells are never kept, as vtkThreshold (VTK 9.2) does; duplicate ghost cells are kept
    // and their ghost flags travel with the cell data.
    vtkUnsignedCharArray* ghosts = thresholded->GetCellData()->GetGhostArray();
    const unsigned char* hidden = nullptr;
    const vtkIdType cellCount = thresholded->GetNumberOfCells();
    if (ghosts && ghosts->GetNumberOfTuples() == cellCount)
    {
      const unsigned char* g = ghosts->GetPointer(0);
      for (vtkIdType c = 0; c < cellCount && !hidden; ++c)
        if (g[c] & vtkDataSetAttributes::HIDDENCELL)
          hidden = g;
    }
    // The points the kept cells use come with their flags where the family can mark them (not when
    // hidden cells are taken out of the flags afterwards).
    loom::cont::ArrayHandle<loom::UInt8> used;
    loom::cont::ArrayHandle<loom::UInt8> keep = loom::algorithms::ThresholdCells(
      cells, loom::interop::FieldFromVTK(part ? partValues->GetArray(array->GetName()) : array), options,
      hidden ? nullptr : &used);
    if (hidden)
    {
      loom::UInt8* k = keep.GetPointer();
      for (vtkIdType c = 0; c < cellCount; ++c)
        if (hidden[c] & vtkDataSetAttributes::HIDDENCELL)
          k[c] = 0;
    }
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    run.Current = "the kept cells";
    loom::algorithms::CellSubset subset = loom::algorithms::ExtractCells(cells, keep, kind, options.Device, used);
    keep = loom::cont::ArrayHandle<loom::UInt8>();
    used = loom::cont::ArrayHandle<loom::UInt8>();
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    if (part)
    {
      run.Current = "the ids of the part";
      loom::Id3 wholeDims, partDims;
      loom::interop::GridDimensions(input, wholeDims);
      loom::interop::GridDimensions(part, partDims);
      loom::algorithms::SubGridIdsToGrid(subset.PointIds, partDims, extent.First, wholeDims, false, options.Device);
      loom::algorithms::SubGridIdsToGrid(subset.CellIds, partDims, extent.First, wholeDims, true, options.Device);
    }

    // Each id list goes once it has served, so that its memory serves the next arrays.
    run.Current = "output cells";
    if (subset.Is64Bit)
      loom::interop::SetUnstructuredCells(output, subset.Shapes, subset.Offsets64, subset.Connectivity64);
    else
      loom::interop::SetUnstructuredCells(output, subset.Shapes, subset.Offsets32, subset.Connectivity32);
    run.Current = "cell data";
    loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(), subset.CellIds, options.Device);
    subset.CellIds = loom::cont::ArrayHandle<loom::Id>();
    run.Current = "points";
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetData(
      loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, &subset.PointIds, false, options.Device), "Points"));
    output->SetPoints(points);
    run.Current = "point data";
    loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), subset.PointIds, options.Device);
    output->GetFieldData()->PassData(input->GetFieldData());
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomThreshold::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  static const char* methods[] = { "Between", "Below Lower Threshold", "Above Upper Threshold" };
  static const char* modes[] = { "Selected", "All", "Any" };
  os << indent << "LowerThreshold: " << this->LowerThreshold << "\n";
  os << indent << "UpperThreshold: " << this->UpperThreshold << "\n";
  os << indent << "ThresholdMethod: " << methods[this->ThresholdMethod] << "\n";
  os << indent << "AllScalars: " << (this->AllScalars ? "On" : "Off") << "\n";
  os << indent << "UseContinuousCellRange: " << (this->UseContinuousCellRange ? "On" : "Off") << "\n";
  os << indent << "Invert: " << (this->Invert ? "On" : "Off") << "\n";
  os << indent << "ComponentMode: " << modes[this->ComponentMode] << "\n";
  os << indent << "SelectedComponent: " << this->SelectedComponent << "\n";
  this->Core.Print(os, indent, true);
}
