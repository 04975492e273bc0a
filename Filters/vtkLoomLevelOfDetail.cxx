// Loom filters: vtkLoomLevelOfDetail::RequestData: hands the polygonal data's points and cell arrays (no
// copies) to the cluster family and its points, cells and their data back to VTK; inputs the family
// does not take go to vtkQuadricClustering.
#include "vtkLoomLevelOfDetail.h"

#include "LoomInterop.h"

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/cluster/VertexClustering.h>
#include <loom/cont/Error.h>

#include <vtkAbstractArray.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkQuadricClustering.h>

#include <sstream>
#include <new>
#include <string>

vtkStandardNewMacro(vtkLoomLevelOfDetail);

namespace
{
/// The cell array's own memory (polygonal data always has its four cell arrays; empty: no cells).
loom::algorithms::CellArrays CellsOf(vtkCellArray* cells)
{
  return cells ? loom::interop::CellArrayFromVTK(cells) : loom::algorithms::CellArrays{};
}
} // namespace

vtkSmartPointer<vtkAlgorithm> vtkLoomLevelOfDetail::VTKFilter()
{
  auto filter = vtkSmartPointer<vtkQuadricClustering>::New();
  filter->SetNumberOfDivisions(this->NumberOfDivisions);
  filter->SetAutoAdjustNumberOfDivisions(this->AutoAdjustNumberOfDivisions);
  filter->SetUseInputPoints(this->UseInputPoints);
  filter->SetUseInternalTriangles(this->UseInternalTriangles);
  filter->SetCopyCellData(this->CopyCellData);
  filter->SetPreventDuplicateCells(this->PreventDuplicateCells);
  filter->SetUseFeatureEdges(this->UseFeatureEdges);
  filter->SetUseFeaturePoints(this->UseFeaturePoints);
  filter->SetFeaturePointsAngle(this->FeaturePointsAngle);
  return filter;
}

int vtkLoomLevelOfDetail::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                      vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Level of Detail", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 35.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // bad divisions fail first
  if (!run.Begin(steps))
    return run.Status();
  vtkPolyData* input = vtkPolyData::SafeDownCast(run.Input());
  vtkPolyData* output = vtkPolyData::SafeDownCast(run.Output());
  auto fail = [&](const std::string& message) { return run.Fail(message); };
  if (!input) // a block of another kind in a composite input
    return fail("no input polygonal data.");
  const int* div = this->NumberOfDivisions;
  if (div[0] < 1 || div[1] < 1 || div[2] < 1)
  {
    std::ostringstream message;
    message << "NumberOfDivisions (Number of Dimensions) is " << div[0] << " " << div[1] << " " << div[2]
            << "; every bin count must be at least 1.";
    return fail(message.str());
  }
  if (input->GetNumberOfPoints() == 0)
    return 1; // empty in, empty out (as VTK's filter)
  if (this->UseFeatureEdges)
    return run.FallBack("feature edges (UseFeatureEdges) are not in Loom's cluster family; VTK's "
                        "vtkQuadricClustering clusters the input instead.",
                        this->VTKFilter());

  return run.Guard("cluster", [&]() -> int {
    loom::algorithms::VertexClusteringOptions options;
    options.Device = run.Device();
    for (int c = 0; c < 3; ++c)
      options.Divisions[c] = div[c];
    options.AutoAdjustDivisions = this->AutoAdjustNumberOfDivisions;
    options.UseInternalTriangles = this->UseInternalTriangles;
    options.PreventDuplicateCells = this->PreventDuplicateCells;
    options.Point = this->UseInputPoints ? loom::algorithms::ClusterPoint::BestInputPoint
      : this->RepresentativePoint == MEAN ? loom::algorithms::ClusterPoint::Mean
                                          : loom::algorithms::ClusterPoint::QuadricMinimizer;
    loom::algorithms::VertexClusteringInput mesh;
    mesh.Points = loom::interop::PointsFromVTK(input, nullptr, false, options.Device);
    mesh.Verts = CellsOf(input->GetVerts());
    mesh.Lines = CellsOf(input->GetLines());
    mesh.Polys = CellsOf(input->GetPolys());
    mesh.Strips = CellsOf(input->GetStrips());
    run.Current = "bins";
    const loom::algorithms::VertexClusteringResult result = loom::algorithms::ClusterVertices(mesh, options);
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;

    run.Current = "output";
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetData(loom::interop::FieldToVTK(result.Points, "Points"));
    output->SetPoints(points);
    if (result.Verts.GetNumberOfValues() > 0)
      output->SetVerts(loom::interop::CellArrayToVTK(result.VertOffsets, result.Verts));
    if (result.Lines.GetNumberOfValues() > 0)
      output->SetLines(loom::interop::CellsToVTK(result.Lines, 2, options.Device));
    if (result.Triangles.GetNumberOfValues() > 0)
      output->SetPolys(loom::interop::CellsToVTK(result.Triangles, 3, options.Device));

    run.Current = "point data";
    if (options.Point == loom::algorithms::ClusterPoint::BestInputPoint)
      loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), result.PointSources, options.Device);
    else if (options.Point == loom::algorithms::ClusterPoint::Mean)
    {
      // Ghost flags and ids come from each bin's lowest-id point.
      const loom::Id n = result.Points.GetNumberOfTuples();
      loom::cont::ArrayHandle<loom::Id> firstIds;
      firstIds.Allocate(n);
      const loom::Id* offsets = result.MemberOffsets.ReadPortal().GetArray();
      const loom::Id* members = result.Members.ReadPortal().GetArray();
      for (loom::Id o = 0; o < n; ++o)
        firstIds.GetPointer()[o] = members[offsets[o]];
      loom::interop::AverageAttributes(input->GetPointData(), output->GetPointData(), firstIds, result.MemberOffsets,
                                       result.Members, options.Device);
    }

    run.Current = "cell data";
    if (this->CopyCellData)
    {
      // vtkPolyData numbers its vertex cells first, then its lines and polygons.
      const loom::cont::ArrayHandle<loom::Id> sources =
        loom::algorithms::ConcatenateIds({ &result.VertCells, &result.LineCells, &result.TriangleCells });
      loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(), sources, options.Device);
    }
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomLevelOfDetail::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "NumberOfDivisions: " << this->NumberOfDivisions[0] << " " << this->NumberOfDivisions[1] << " "
     << this->NumberOfDivisions[2] << "\n";
  os << indent << "AutoAdjustNumberOfDivisions: " << (this->AutoAdjustNumberOfDivisions ? "On" : "Off") << "\n";
  os << indent << "UseInputPoints: " << (this->UseInputPoints ? "On" : "Off") << "\n";
  os << indent << "RepresentativePoint: " << (this->RepresentativePoint == MEAN ? "Mean" : "Quadric minimizer") << "\n";
  os << indent << "UseInternalTriangles: " << (this->UseInternalTriangles ? "On" : "Off") << "\n";
  os << indent << "CopyCellData: " << (this->CopyCellData ? "On" : "Off") << "\n";
  os << indent << "PreventDuplicateCells: " << (this->PreventDuplicateCells ? "On" : "Off") << "\n";
  os << indent << "UseFeatureEdges: " << (this->UseFeatureEdges ? "On" : "Off") << "\n";
  os << indent << "UseFeaturePoints: " << (this->UseFeaturePoints ? "On" : "Off") << "\n";
  os << indent << "FeaturePointsAngle: " << this->FeaturePointsAngle << "\n";
  this->Core.Print(os, indent, true);
}
