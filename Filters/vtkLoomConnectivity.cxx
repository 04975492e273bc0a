// Loom filters: vtkLoomConnectivity::RequestData: the input's cells (no copies in, polygonal data copied once)
// to the connectivity family, the kept regions chosen on the host from the regions' cell counts, the kept
// cells extracted by the threshold family and handed to VTK with their points and arrays.
#include "vtkLoomConnectivity.h"

#include "LoomInterop.h"

#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/connectivity/Connectivity.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Error.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellType.h>
#include <vtkConnectivityFilter.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMultiProcessController.h>
#include <vtkObjectFactory.h>
#include <vtkPConnectivityFilter.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkStructuredGrid.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomConnectivity);

namespace
{
/// The region ids VTK gives `counts.size()` regions numbered in traversal order: unchanged (Unspecified), or
/// by cell count, ascending with equal counts in region order, descending the reverse of that
/// (vtkConnectivityFilter::OrderRegionIds' multimap).
std::vector<vtkIdType> RegionNumbers(const std::vector<loom::Id>& counts, int mode)
{
  std::vector<vtkIdType> number(counts.size());
  std::vector<vtkIdType> order(counts.size());
  for (std::size_t r = 0; r < counts.size(); ++r)
    order[r] = static_cast<vtkIdType>(r);
  if (mode != vtkLoomConnectivity::UNSPECIFIED)
    std::stable_sort(order.begin(), order.end(), [&](vtkIdType a, vtkIdType b) { return counts[a] < counts[b]; });
  if (mode == vtkLoomConnectivity::CELL_COUNT_DESCENDING)
    std::reverse(order.begin(), order.end());
  for (std::size_t k = 0; k < order.size(); ++k)
    number[static_cast<std::size_t>(order[k])] = static_cast<vtkIdType>(k);
  return number;
}

/// Polygonal cells of a subset (kept in input order, so verts, lines, polygons, then strips, as vtkPolyData
/// numbers its cells) sliced into the four cell arrays of `output`.
template <typename T>
void SetPolygonalCells(vtkPolyData* output, const loom::cont::ArrayHandle<loom::UInt8>& shapes,
                       const loom::cont::ArrayHandle<T>& offsets, const loom::cont::ArrayHandle<T>& connectivity)
{
  auto kind = [](loom::UInt8 shape) {
    switch (shape)
    {
      case VTK_VERTEX:
      case VTK_POLY_VERTEX:
        return 0;
      case VTK_LINE:
      case VTK_POLY_LINE:
        return 1;
      case VTK_TRIANGLE_STRIP:
        return 3;
      default:
        return 2;
    }
  };
  const loom::Id n = shapes.GetNumberOfValues();
  const auto s = shapes.ReadPortal();
  const T* o = offsets.GetPointer();
  const T* c = connectivity.GetPointer();
  vtkSmartPointer<vtkCellArray> arrays[4];
  loom::Id begin = 0;
  for (int k = 0; k < 4; ++k)
  {
    loom::Id end = begin;
    while (end < n && kind(s.Get(end)) == k)
      ++end;
    if (end == begin)
      continue;
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    if constexpr (sizeof(T) == 8)
      cells->Use64BitStorage();
    else
      cells->Use32BitStorage();
    cells->AllocateExact(end - begin, static_cast<vtkIdType>(o[end] - o[begin]));
    for (loom::Id cell = begin; cell < end; ++cell)
    {
      const T* from = c + o[cell];
      const vtkIdType count = static_cast<vtkIdType>(o[cell + 1] - o[cell]);
      cells->InsertNextCell(count);
      for (vtkIdType p = 0; p < count; ++p)
        cells->InsertCellPoint(static_cast<vtkIdType>(from[p]));
    }
    arrays[k] = cells;
    begin = end;
  }
  if (begin != n)
    throw loom::cont::ErrorBadValue("the kept polygonal cells are not in vtkPolyData's order.");
  output->SetVerts(arrays[0]);
  output->SetLines(arrays[1]);
  output->SetPolys(arrays[2]);
  output->SetStrips(arrays[3]);
}
} // namespace

vtkLoomConnectivity::vtkLoomConnectivity() = default;

void vtkLoomConnectivity::InitializeSeedList()
{
  this->Modified();
  this->Seeds->Reset();
}

void vtkLoomConnectivity::AddSeed(vtkIdType id)
{
  this->Modified();
  this->Seeds->InsertNextId(id);
}

void vtkLoomConnectivity::DeleteSeed(vtkIdType id)
{
  this->Modified();
  this->Seeds->DeleteId(id);
}

void vtkLoomConnectivity::InitializeSpecifiedRegionList()
{
  this->Modified();
  this->SpecifiedRegionIds->Reset();
}

void vtkLoomConnectivity::AddSpecifiedRegion(int id)
{
  this->Modified();
  this->SpecifiedRegionIds->InsertNextId(id);
}

void vtkLoomConnectivity::DeleteSpecifiedRegion(int id)
{
  this->Modified();
  this->SpecifiedRegionIds->DeleteId(id);
}

int vtkLoomConnectivity::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkLoomConnectivity::RequestDataObject(vtkInformation*, vtkInformationVector** inputVector,
                                           vtkInformationVector* outputVector)
{
  // As vtkConnectivityFilter: polygonal data in, polygonal data out; any other dataset, an unstructured grid.
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  if (!input)
    return 0;
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkDataObject* output = vtkDataObject::GetData(info);
  const bool poly = vtkPolyData::SafeDownCast(input) != nullptr;
  if (!output || (poly ? !vtkPolyData::SafeDownCast(output) : !vtkUnstructuredGrid::SafeDownCast(output)))
  {
    vtkSmartPointer<vtkDataObject> made;
    if (poly)
      made = vtkSmartPointer<vtkPolyData>::New();
    else
      made = vtkSmartPointer<vtkUnstructuredGrid>::New();
    info->Set(vtkDataObject::DATA_OBJECT(), made);
  }
  return 1;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomConnectivity::VTKFilter(bool parallel)
{
  vtkSmartPointer<vtkConnectivityFilter> vtk;
  if (parallel)
    vtk = vtkSmartPointer<vtkPConnectivityFilter>::New();
  else
    vtk = vtkSmartPointer<vtkConnectivityFilter>::New();
  vtk->SetExtractionMode(this->ExtractionMode);
  vtk->SetColorRegions(this->ColorRegions);
  vtk->SetRegionIdAssignmentMode(this->RegionIdAssignmentMode);
  vtk->SetClosestPoint(this->ClosestPoint);
  for (vtkIdType i = 0; i < this->Seeds->GetNumberOfIds(); ++i)
    vtk->AddSeed(this->Seeds->GetId(i));
  for (vtkIdType i = 0; i < this->SpecifiedRegionIds->GetNumberOfIds(); ++i)
    vtk->AddSpecifiedRegion(static_cast<int>(this->SpecifiedRegionIds->GetId(i)));
  vtk->SetScalarConnectivity(this->ScalarConnectivity);
  vtk->SetScalarRange(this->ScalarRange);
  vtk->SetOutputPointsPrecision(this->OutputPointsPrecision);
  return vtk;
}

int vtkLoomConnectivity::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                     vtkInformationVector* outputVector)
{
  this->ExtractedRegions = 0;
  loom::interop::FilterRun run(this, "Loom Connectivity", this->Core, inputVector, outputVector);
  // Under MPI every rank runs VTK's filter, whose ranks talk to each other: empty pieces included.
  vtkMultiProcessController* controller = loom::interop::SeveralRanks();
  loom::interop::FilterSteps steps;
  steps.Passes = 6.0;
  steps.EmptyWhen = controller ? loom::interop::FilterSteps::Empty::Never : loom::interop::FilterSteps::Empty::NoPointsOrCells;
  // Empty in (no points or no cells): empty out, as VTK's. Under MPI a rank whose input fails here still
  // joins the ranks' agreement below, so that none waits for it.
  const bool begun = run.Begin(steps);
  if (!begun && !controller)
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkPointSet* output = vtkPointSet::SafeDownCast(run.Output());

  // Seeds name points or cells of the input (checked before VTK's filter could read past them).
  const bool pointSeeds = this->ExtractionMode == POINT_SEEDED_REGIONS;
  std::string badSeed;
  if (begun && (pointSeeds || this->ExtractionMode == CELL_SEEDED_REGIONS))
  {
    const vtkIdType limit = pointSeeds ? input->GetNumberOfPoints() : input->GetNumberOfCells();
    for (vtkIdType i = 0; i < this->Seeds->GetNumberOfIds() && badSeed.empty(); ++i)
      if (this->Seeds->GetId(i) >= limit)
        badSeed = "Seed Ids holds " + std::string(pointSeeds ? "point " : "cell ") +
          std::to_string(this->Seeds->GetId(i)) + " but the input has " + std::to_string(limit) +
          (pointSeeds ? " points." : " cells.");
  }

  // Regions joined across ranks, the parallel modes and what the family does not write go to VTK's filter.
  auto fallBack = [&](const std::string& why, bool parallel) {
    const vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter(parallel);
    const int status = run.FallBack(why, vtk);
    this->ExtractedRegions = vtkConnectivityFilter::SafeDownCast(vtk)->GetNumberOfExtractedRegions();
    return status;
  };
  if (controller)
  {
    // The ranks agree before VTK's filter runs: one rank's bad seeds fail them all, none waits for ever.
    int bad = !begun || !badSeed.empty() ? 1 : 0, anyBad = 0;
    controller->AllReduce(&bad, &anyBad, 1, vtkCommunicator::MAX_OP);
    if (!begun)
      return run.Status();
    if (anyBad)
      return run.Fail(bad ? badSeed : "another MPI rank's input or Seed Ids failed; no rank runs the regions.");
    return fallBack("Loom's connectivity family finds the regions of one rank; VTK's vtkPConnectivityFilter joins "
                    "them across the MPI ranks instead.",
                    true);
  }
  if (!badSeed.empty())
    return run.Fail(badSeed);
  if (this->ScalarConnectivity)
    return fallBack("Scalar Connectivity grows regions in the order of a traversal, which Loom's connectivity "
                    "family does not follow; VTK's vtkConnectivityFilter connects them instead.",
                    false);
  if (this->OutputPointsPrecision != vtkAlgorithm::DEFAULT_PRECISION)
    return fallBack("Output Points Precision other than the default is not written by Loom's connectivity family; "
                    "VTK's vtkConnectivityFilter writes it instead.",
                    false);
  if (!vtkImageData::SafeDownCast(input) && !vtkRectilinearGrid::SafeDownCast(input) &&
      !vtkStructuredGrid::SafeDownCast(input) && !vtkUnstructuredGrid::SafeDownCast(input) &&
      !vtkPolyData::SafeDownCast(input))
    return fallBack(std::string("Loom's connectivity family does not read the cells of a ") + input->GetClassName() +
                      "; VTK's vtkConnectivityFilter connects them instead.",
                    false);
  auto* grid = vtkUnstructuredGrid::SafeDownCast(input);
  if (grid && grid->GetFaces() && grid->GetFaces()->GetNumberOfTuples() > 0)
    return fallBack("the input has polyhedra, whose faces Loom's connectivity family does not carry; VTK's "
                    "vtkConnectivityFilter extracts them instead.",
                    false);

  return run.Guard("find the regions of", [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    // Every cell by its point list (higher-order cells by all their nodes, as VTK connects them).
    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(input, /*anyCellType=*/true);
    run.Current = "cells";
    loom::algorithms::ComponentsOptions options;
    options.Device = device;
    loom::algorithms::Components regions = loom::algorithms::ConnectedComponents(cells, options);
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    const std::vector<loom::Id> counts = loom::algorithms::RegionCellCounts(regions);
    const std::size_t numberOfRegions = counts.size();

    // The regions kept and the ids they are given.
    std::vector<loom::UInt8> kept(numberOfRegions, 0);
    std::vector<vtkIdType> number(numberOfRegions, 0);
    const auto cellRegion = regions.CellRegions.ReadPortal();
    const auto pointRegion = regions.PointRegions.ReadPortal();
    auto keep = [&](loom::Id region) {
      if (region >= 0 && region < static_cast<loom::Id>(numberOfRegions))
        kept[static_cast<std::size_t>(region)] = 1;
    };
    switch (this->ExtractionMode)
    {
      case ALL_REGIONS:
        std::fill(kept.begin(), kept.end(), 1);
        break;
      case LARGEST_REGION:
        if (numberOfRegions > 0)
          keep(std::max_element(counts.begin(), counts.end()) - counts.begin()); // the first of the largest
        break;
      case SPECIFIED_REGIONS:
        for (vtkIdType i = 0; i < this->SpecifiedRegionIds->GetNumberOfIds(); ++i)
          keep(this->SpecifiedRegionIds->GetId(i));
        break;
      case POINT_SEEDED_REGIONS:
      case CELL_SEEDED_REGIONS:
        for (vtkIdType i = 0; i < this->Seeds->GetNumberOfIds(); ++i)
          if (const vtkIdType id = this->Seeds->GetId(i); id >= 0)
            keep(pointSeeds ? pointRegion.Get(id) : cellRegion.Get(id));
        break;
      case CLOSEST_POINT_REGION:
      default:
      {
        run.Current = "points";
        // A grid's points in double, as VTK's GetPoint gives them.
        std::vector<double> axes[3];
        loom::Id3 dims;
        bool doubleCoordinates = false;
        const loom::algorithms::FieldArray points = loom::interop::GridAxes(input, axes, dims, doubleCoordinates)
          ? loom::algorithms::GridPoints(dims, axes, loom::algorithms::ValueKind::Float64, nullptr, device)
          : loom::interop::PointsFromVTK(input, nullptr, false, device);
        keep(pointRegion.Get(loom::algorithms::ClosestPoint(points, this->ClosestPoint)));
        break;
      }
    }
    const bool seeded = this->ExtractionMode == POINT_SEEDED_REGIONS ||
      this->ExtractionMode == CELL_SEEDED_REGIONS || this->ExtractionMode == CLOSEST_POINT_REGION;
    // VTK's seeded modes make everything they reach one region, 0.
    if (!seeded)
      number = RegionNumbers(counts, this->RegionIdAssignmentMode);
    this->ExtractedRegions = seeded ? 1 : static_cast<int>(numberOfRegions);

    run.Current = "the kept cells";
    const loom::Id n = input->GetNumberOfCells();
    loom::cont::ArrayHandle<loom::UInt8> keepCells;
    keepCells.Allocate(n);
    loom::UInt8* k = keepCells.GetPointer();
    for (loom::Id c = 0; c < n; ++c)
    {
      const loom::Id r = cellRegion.Get(c);
      k[c] = r >= 0 && kept[static_cast<std::size_t>(r)];
    }
    const auto kind = vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input)
      ? loom::algorithms::StructuredCellKind::Voxel
      : loom::algorithms::StructuredCellKind::Hexahedron;
    loom::algorithms::CellSubset subset = loom::algorithms::ExtractCells(cells, keepCells, kind, device);
    keepCells = loom::cont::ArrayHandle<loom::UInt8>();
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;

    // The region ids of the kept cells and points, before their id lists go.
    vtkSmartPointer<vtkIdTypeArray> cellIds, pointIds;
    if (this->ColorRegions)
    {
      auto numbered = [&](const loom::cont::ArrayHandle<loom::Id>& ids, const decltype(cellRegion)& region) {
        auto array = vtkSmartPointer<vtkIdTypeArray>::New();
        array->SetName("RegionId");
        const loom::Id count = ids.GetNumberOfValues();
        array->SetNumberOfTuples(count);
        const auto from = ids.ReadPortal();
        vtkIdType* to = array->GetPointer(0);
        for (loom::Id i = 0; i < count; ++i)
          to[i] = number[static_cast<std::size_t>(region.Get(from.Get(i)))];
        return array;
      };
      cellIds = numbered(subset.CellIds, cellRegion);
      pointIds = numbered(subset.PointIds, pointRegion);
    }
    regions = loom::algorithms::Components();

    run.Current = "output cells";
    if (auto* poly = vtkPolyData::SafeDownCast(output))
    {
      if (subset.Is64Bit)
        SetPolygonalCells(poly, subset.Shapes, subset.Offsets64, subset.Connectivity64);
      else
        SetPolygonalCells(poly, subset.Shapes, subset.Offsets32, subset.Connectivity32);
    }
    else if (auto* ug = vtkUnstructuredGrid::SafeDownCast(output))
    {
      if (subset.Is64Bit)
        loom::interop::SetUnstructuredCells(ug, subset.Shapes, subset.Offsets64, subset.Connectivity64);
      else
        loom::interop::SetUnstructuredCells(ug, subset.Shapes, subset.Offsets32, subset.Connectivity32);
    }
    run.Current = "cell data";
    loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(), subset.CellIds, device);
    subset.CellIds = loom::cont::ArrayHandle<loom::Id>();
    run.Current = "points";
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetData(
      loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, &subset.PointIds, false, device), "Points"));
    output->SetPoints(points);
    run.Current = "point data";
    loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), subset.PointIds, device);
    if (this->ColorRegions)
    {
      output->GetPointData()->SetActiveAttribute(output->GetPointData()->AddArray(pointIds),
                                                 vtkDataSetAttributes::SCALARS);
      output->GetCellData()->SetActiveAttribute(output->GetCellData()->AddArray(cellIds),
                                                vtkDataSetAttributes::SCALARS);
    }
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomConnectivity::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  static const char* modes[] = { "", "Point Seeded Regions", "Cell Seeded Regions", "Specified Regions",
                                 "Largest Region", "All Regions", "Closest Point Region" };
  static const char* assignments[] = { "Unspecified", "Cell Count Descending", "Cell Count Ascending" };
  os << indent << "ExtractionMode: " << modes[this->ExtractionMode] << "\n";
  os << indent << "ColorRegions: " << (this->ColorRegions ? "On" : "Off") << "\n";
  os << indent << "RegionIdAssignmentMode: " << assignments[this->RegionIdAssignmentMode] << "\n";
  os << indent << "ClosestPoint: (" << this->ClosestPoint[0] << ", " << this->ClosestPoint[1] << ", "
     << this->ClosestPoint[2] << ")\n";
  os << indent << "Seeds: " << this->Seeds->GetNumberOfIds() << "\n";
  os << indent << "SpecifiedRegionIds: " << this->SpecifiedRegionIds->GetNumberOfIds() << "\n";
  os << indent << "ScalarConnectivity: " << (this->ScalarConnectivity ? "On" : "Off") << " [" << this->ScalarRange[0]
     << ", " << this->ScalarRange[1] << "]\n";
  os << indent << "OutputPointsPrecision: " << this->OutputPointsPrecision << "\n";
  this->Core.Print(os, indent, true);
}
