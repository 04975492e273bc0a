// Loom filters: vtkLoomCleanGrid::RequestData: merges the input's points with the clean family, renumbers
// the cells' point ids (the cells' offsets, types and data are the input's own arrays) and hands the
// merged points and their data to VTK. Where nothing merges, the points, cells and point data pass
// through unchanged (shared).
#include "vtkLoomCleanGrid.h"

#include "LoomInterop.h"

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/clean/MergePoints.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Error.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkIdTypeArray.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <cmath>
#include <vector>
#include <sstream>
#include <new>
#include <string>
#include <variant>

vtkStandardNewMacro(vtkLoomCleanGrid);

namespace
{
/// A polyhedral grid's cells after merging, as vtkUnstructuredGrid stores polyhedra: each polyhedron's
/// point list becomes the ascending distinct ids of its renumbered faces, the face stream is renumbered,
/// other cells are renumbered in place. One serial pass over raw arrays (polyhedral grids are rare).
void SetPolyhedralCells(vtkUnstructuredGrid* grid, vtkUnstructuredGrid* output, const loom::Id* map)
{
  vtkCellArray* cells = grid->GetCells();
  vtkUnsignedCharArray* types = grid->GetCellTypesArray();
  vtkIdTypeArray* faces = grid->GetFaces();
  vtkIdTypeArray* locations = grid->GetFaceLocations();
  const vtkIdType n = grid->GetNumberOfCells();
  vtkNew<vtkIdTypeArray> offsets, connectivity, newFaces, newLocations;
  offsets->SetNumberOfValues(n + 1);
  connectivity->Allocate(cells->GetNumberOfConnectivityIds());
  newLocations->SetNumberOfValues(n);
  newFaces->Allocate(faces ? faces->GetNumberOfValues() : 0);
  const unsigned char* t = types->GetPointer(0);
  std::vector<vtkIdType> ids;
  vtkIdType npts;
  const vtkIdType* pts;
  offsets->SetValue(0, 0);
  for (vtkIdType c = 0; c < n; ++c)
  {
    const vtkIdType where = faces && locations ? locations->GetValue(c) : -1;
    if (t[c] == VTK_POLYHEDRON && where >= 0)
    {
      const vtkIdType* stream = faces->GetPointer(where);
      const vtkIdType numFaces = *stream++;
      newLocations->SetValue(c, newFaces->GetNumberOfValues());
      newFaces->InsertNextValue(numFaces);
      ids.clear();
      for (vtkIdType f = 0; f < numFaces; ++f)
      {
        const vtkIdType m = *stream++;
        newFaces->InsertNextValue(m);
        for (vtkIdType k = 0; k < m; ++k)
        {
          const vtkIdType q = map[*stream++];
          newFaces->InsertNextValue(q);
          ids.push_back(q);
        }
      }
      std::sort(ids.begin(), ids.end());
      ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
      for (vtkIdType q : ids)
        connectivity->InsertNextValue(q);
    }
    else
    {
      newLocations->SetValue(c, -1);
      cells->GetCellAtId(c, npts, pts);
      for (vtkIdType k = 0; k < npts; ++k)
        connectivity->InsertNextValue(map[pts[k]]);
    }
    offsets->SetValue(c + 1, connectivity->GetNumberOfValues());
  }
  vtkNew<vtkCellArray> out;
  out->SetData(offsets, connectivity);
  output->SetCells(types, out, newLocations, newFaces);
}

bool HasPolyhedra(vtkUnstructuredGrid* grid)
{
  vtkUnsignedCharArray* types = grid->GetCellTypesArray();
  if (!types)
    return false;
  const unsigned char* t = types->GetPointer(0);
  return std::find(t, t + types->GetNumberOfTuples(), static_cast<unsigned char>(VTK_POLYHEDRON)) !=
    t + types->GetNumberOfTuples();
}

/// vtkStructuredGrid's blanking as vtkCleanUnstructuredGrid meets it: a cell that is hidden, or that
/// uses a hidden point, is an empty cell (its point ids kept).
void BlankCells(vtkStructuredGrid* sgrid, loom::cont::ArrayHandle<loom::UInt8>& shapes,
                const loom::algorithms::CellArrays& cells)
{
  vtkUnsignedCharArray* cellGhosts = sgrid->GetCellData()->GetGhostArray();
  vtkUnsignedCharArray* pointGhosts = sgrid->GetPointData()->GetGhostArray();
  const vtkIdType n = shapes.GetNumberOfValues();
  loom::UInt8* shape = shapes.GetPointer();
  const unsigned char* cg = cellGhosts && cellGhosts->GetNumberOfTuples() == n ? cellGhosts->GetPointer(0) : nullptr;
  const unsigned char* pg = pointGhosts ? pointGhosts->GetPointer(0) : nullptr;
  for (vtkIdType c = 0; c < n; ++c)
  {
    bool hidden = cg && (cg[c] & vtkDataSetAttributes::HIDDENCELL);
    const loom::Id b = cells.Is64Bit ? cells.Offsets64.GetPointer()[c] : cells.Offsets32.GetPointer()[c];
    const loom::Id e = cells.Is64Bit ? cells.Offsets64.GetPointer()[c + 1] : cells.Offsets32.GetPointer()[c + 1];
    for (loom::Id k = b; pg && !hidden && k < e; ++k)
    {
      const loom::Id p = cells.Is64Bit ? cells.Connectivity64.GetPointer()[k] : cells.Connectivity32.GetPointer()[k];
      hidden = (pg[p] & vtkDataSetAttributes::HIDDENPOINT) != 0;
    }
    if (hidden)
      shape[c] = VTK_EMPTY_CELL;
  }
}
} // namespace

int vtkLoomCleanGrid::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

namespace
{
/// The cells as offsets and connectivity (into `cells`) and their shapes (returned; none for an
/// unstructured grid, whose own types array serves): an unstructured grid's own arrays (no copy), polygonal
/// data's four cell arrays in one, structured cells written out (voxels for images and rectilinear grids,
/// hexahedra for structured grids, as VTK numbers their points; `blanked`: a structured grid's blanked
/// cells and points taken out).
loom::cont::ArrayHandle<loom::UInt8> CellsOf(vtkDataSet* input, bool blanked, loom::cont::DeviceId device,
                                            loom::algorithms::CellArrays& cells)
{
  loom::cont::ArrayHandle<loom::UInt8> shapes;
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(input))
  {
    cells = loom::interop::CellArrayFromVTK(grid->GetCells());
    return shapes;
  }
  const loom::algorithms::CellSetAny set = loom::interop::CellSetFromVTK(input);
  if (const auto* poly = std::get_if<loom::cont::CellSetExplicit<loom::Int64, loom::Int64>>(&set))
  {
    cells.Is64Bit = true;
    cells.Offsets64 = poly->GetOffsets();
    cells.Connectivity64 = poly->GetConnectivity();
    return poly->GetShapes();
  }
  const auto kind = vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input)
    ? loom::algorithms::StructuredCellKind::Voxel
    : loom::algorithms::StructuredCellKind::Hexahedron;
  loom::cont::ArrayHandle<loom::UInt8> all;
  all.Allocate(input->GetNumberOfCells());
  std::fill(all.GetPointer(), all.GetPointer() + all.GetNumberOfValues(), loom::UInt8(1));
  loom::algorithms::CellSubset subset = loom::algorithms::ExtractCells(set, all, kind, device);
  const vtkIdType numPoints = input->GetNumberOfPoints();
  if (subset.GetNumberOfPoints() != numPoints)
    throw loom::cont::ErrorBadValue("the structured cells use " + std::to_string(subset.GetNumberOfPoints()) +
                                    " of " + std::to_string(numPoints) + " points.");
  cells.Is64Bit = subset.Is64Bit;
  cells.Offsets32 = subset.Offsets32;
  cells.Connectivity32 = subset.Connectivity32;
  cells.Offsets64 = subset.Offsets64;
  cells.Connectivity64 = subset.Connectivity64;
  shapes = subset.Shapes;
  if (blanked)
    BlankCells(vtkStructuredGrid::SafeDownCast(input), shapes, cells);
  return shapes;
}

} // namespace

int vtkLoomCleanGrid::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                  vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Clean to Grid", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 11.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // a bad tolerance fails first
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::SafeDownCast(run.Output());
  auto fail = [&](const std::string& message) { return run.Fail(message); };
  const double tolerance = this->ToleranceIsAbsolute ? this->AbsoluteTolerance : this->Tolerance;
  if (!(tolerance >= 0.0) || std::isinf(tolerance))
  {
    std::ostringstream message;
    message << (this->ToleranceIsAbsolute ? "AbsoluteTolerance" : "Tolerance") << " is " << tolerance
            << "; it must be a finite distance of zero or more.";
    return fail(message.str());
  }
  if (input->GetNumberOfCells() == 0)
  {
    // As ParaView's filter: no points and no cells, the input's arrays with no tuples.
    output->GetPointData()->CopyAllocate(input->GetPointData(), 0);
    output->GetCellData()->CopyAllocate(input->GetCellData(), 0);
    output->SetPoints(vtkSmartPointer<vtkPoints>::New());
    return 1;
  }

  return run.Guard("clean", [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    const vtkIdType numPoints = input->GetNumberOfPoints();
    // The cells as offsets and connectivity: an unstructured grid's own arrays (no copy), polygonal
    // data's four cell arrays in one, structured cells written out (voxels for images and rectilinear
    // grids, hexahedra for structured grids, as VTK numbers their points).
    auto* grid = vtkUnstructuredGrid::SafeDownCast(input);
    auto* pointSet = vtkPointSet::SafeDownCast(input);
    auto* sgrid = vtkStructuredGrid::SafeDownCast(input);
    const bool structured = !grid && !vtkPolyData::SafeDownCast(input);
    const bool blanked = sgrid && (sgrid->HasAnyBlankCells() || sgrid->HasAnyBlankPoints());
    loom::algorithms::CellArrays cells;
    loom::cont::ArrayHandle<loom::UInt8> shapes;
    auto makeCells = [&]() { shapes = CellsOf(input, blanked, device, cells); };
    // Structured cells use every point (unless blanked): their connectivity, the largest array here, is
    // written once the merge's temporaries are gone, which keeps the peak near input plus output. Other
    // cells come first: the used-point flags are read from them.
    const bool cellsFirst = !structured || blanked;
    if (cellsFirst)
      makeCells();

    run.Current = "points";
    loom::algorithms::MergePointsOptions options;
    options.Device = device;
    // (The bounds only when they matter: a first GetLength on a large point set is VTK's whole pass.)
    options.Tolerance = this->ToleranceIsAbsolute || tolerance == 0.0 ? tolerance : tolerance * input->GetLength();
    if (this->RemovePointsWithoutCells && cellsFirst)
      options.UsedPoints = cells.Is64Bit ? loom::algorithms::UsedPointFlags(cells.Connectivity64, numPoints, device)
                                         : loom::algorithms::UsedPointFlags(cells.Connectivity32, numPoints, device);
    loom::algorithms::FieldArray positions = loom::interop::PointsFromVTK(input, nullptr, false, device);
    loom::algorithms::MergePointsResult merged =
      loom::algorithms::MergePoints(loom::algorithms::AsFloatingPoint(positions, device), options);
    options.UsedPoints = loom::cont::ArrayHandle<loom::UInt8>();
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    const bool polyhedra = grid && HasPolyhedra(grid);
    const bool keepAll = merged.Identity && !polyhedra;
    if (keepAll)
      merged = loom::algorithms::MergePointsResult(); // (its maps are 0, 1, 2, ...)
    if (!cellsFirst)
    {
      run.Current = "cells";
      makeCells();
    }

    auto points = vtkSmartPointer<vtkPoints>::New();
    run.Current = "output cells";
    if (keepAll)
    {
      // Nothing merged and nothing dropped: the points, cells and point data are the input's (shared, as
      // VTK's shallow copies share them), or the ones written above for structured inputs.
      if (pointSet)
        points = pointSet->GetPoints();
      else
        points->SetData(loom::interop::FieldToVTK(positions, "Points"));
      output->SetPoints(points);
      positions = loom::algorithms::FieldArray();
      if (grid) // no polyhedra here: the four-argument SetCells skips VTK's call per cell looking for them
        output->SetCells(grid->GetCellTypesArray(), grid->GetCells(), nullptr, nullptr);
      else if (cells.Is64Bit)
        loom::interop::SetUnstructuredCells(output, shapes, cells.Offsets64, cells.Connectivity64);
      else
        loom::interop::SetUnstructuredCells(output, shapes, cells.Offsets32, cells.Connectivity32);
      cells = loom::algorithms::CellArrays();
      output->GetPointData()->PassData(input->GetPointData());
    }
    else
    {
      points->SetData(
        loom::interop::FieldToVTK(loom::algorithms::GatherTuples(merged.FirstPoints, positions, device), "Points"));
      output->SetPoints(points);
      positions = loom::algorithms::FieldArray();
      // Unstructured grids keep their types array, and their offsets (wrapped, not copied): only the
      // connectivity is new. Cells written here are renumbered in their own memory.
      auto renumber = [&](auto& offsets, auto& connectivity) {
        if (grid)
        {
          const auto renumbered = loom::algorithms::RemapPointIds(connectivity, merged.PointMap, device);
          output->SetCells(grid->GetCellTypesArray(), loom::interop::CellArrayToVTK(offsets, renumbered), nullptr,
                           nullptr); // no polyhedra (SetPolyhedralCells takes those)
        }
        else
        {
          loom::algorithms::RemapPointIdsInPlace(connectivity, merged.PointMap, device);
          loom::interop::SetUnstructuredCells(output, shapes, offsets, connectivity);
        }
      };
      if (polyhedra)
        SetPolyhedralCells(grid, output, merged.PointMap.ReadPortal().GetArray());
      else if (cells.Is64Bit)
        renumber(cells.Offsets64, cells.Connectivity64);
      else
        renumber(cells.Offsets32, cells.Connectivity32);
      cells = loom::algorithms::CellArrays();
      run.Current = "point data";
      if (this->PointDataWeighingStrategy == AVERAGING)
        loom::algorithms::ListMemberPoints(merged, device);
      merged.PointMap = loom::cont::ArrayHandle<loom::Id>(); // (it may share its memory with FirstPoints)
      if (this->PointDataWeighingStrategy == AVERAGING)
      {
        loom::interop::AverageAttributes(input->GetPointData(), output->GetPointData(), merged.FirstPoints,
                                         merged.MemberOffsets, merged.Members, device);
      }
      else
        loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), merged.FirstPoints, device);
    }
    run.Current = "cell data";
    output->GetCellData()->PassData(input->GetCellData());
    output->GetFieldData()->PassData(input->GetFieldData());
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomCleanGrid::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Tolerance: " << this->Tolerance << "\n";
  os << indent << "AbsoluteTolerance: " << this->AbsoluteTolerance << "\n";
  os << indent << "ToleranceIsAbsolute: " << (this->ToleranceIsAbsolute ? "On" : "Off") << "\n";
  os << indent << "RemovePointsWithoutCells: " << (this->RemovePointsWithoutCells ? "On" : "Off") << "\n";
  os << indent << "PointDataWeighingStrategy: "
     << (this->PointDataWeighingStrategy == AVERAGING ? "Averaging" : "First point") << "\n";
  this->Core.Print(os, indent, false);
}
