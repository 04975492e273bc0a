// Loom filters: vtkLoomGenerateSurfaceNormals::RequestData: the polygons and points to the normals family
// without copies, the ordered and split polygons, the new points and the normals handed back without copies;
// the input's other cells and arrays passed as vtkPolyDataNormals passes them.
#include "vtkLoomGenerateSurfaceNormals.h"

#include "LoomInterop.h"

#include <loom/algorithms/normals/Normals.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>
#include <vtkStreamingDemandDrivenPipeline.h>

vtkStandardNewMacro(vtkLoomGenerateSurfaceNormals);

vtkSmartPointer<vtkAlgorithm> vtkLoomGenerateSurfaceNormals::VTKFilter()
{
  auto vtk = vtkSmartPointer<vtkPolyDataNormals>::New();
  vtk->SetFeatureAngle(this->FeatureAngle);
  vtk->SetSplitting(this->Splitting);
  vtk->SetConsistency(this->Consistency);
  vtk->SetFlipNormals(this->FlipNormals);
  vtk->SetNonManifoldTraversal(this->NonManifoldTraversal);
  vtk->SetComputePointNormals(this->ComputePointNormals);
  vtk->SetComputeCellNormals(this->ComputeCellNormals);
  vtk->SetAutoOrientNormals(this->AutoOrientNormals);
  vtk->SetOutputPointsPrecision(this->OutputPointsPrecision);
  return vtk;
}

int vtkLoomGenerateSurfaceNormals::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector,
                                                       vtkInformationVector* outputVector)
{
  // vtkPPolyDataNormals: the requested piece, with one more ghost level when Piece Invariant is on.
  vtkInformation* in = inputVector[0]->GetInformationObject(0);
  vtkInformation* out = outputVector->GetInformationObject(0);
  using Pipeline = vtkStreamingDemandDrivenPipeline;
  in->Set(Pipeline::UPDATE_PIECE_NUMBER(), out->Get(Pipeline::UPDATE_PIECE_NUMBER()));
  in->Set(Pipeline::UPDATE_NUMBER_OF_PIECES(), out->Get(Pipeline::UPDATE_NUMBER_OF_PIECES()));
  in->Set(Pipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(),
          out->Get(Pipeline::UPDATE_NUMBER_OF_GHOST_LEVELS()) + (this->PieceInvariant ? 1 : 0));
  return 1;
}

int vtkLoomGenerateSurfaceNormals::FillInputPortInformation(int, vtkInformation* info)
{
  // Any dataset, so that one that is not polygonal data gets this filter's own error.
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

namespace
{
/// The polygons' points and offsets appended to the output's (64-bit).
template <typename T>
void AppendPolygons(const T* offsets, const T* conn, vtkIdType polygons, std::vector<loom::Int64>& outOffsets,
                    std::vector<loom::Int64>& outConn)
{
  for (vtkIdType c = 0; c < polygons; ++c)
  {
    for (T k = offsets[c]; k < offsets[c + 1]; ++k)
      outConn.push_back(static_cast<loom::Int64>(conn[k]));
    outOffsets.push_back(static_cast<loom::Int64>(outConn.size()));
  }
}

/// The strips cut into triangles as vtkTriangleStrip cuts them (every other one reversed, so that they share
/// the strip's ordering), appended; `source` gets each triangle's input cell.
template <typename T>
void CutStrips(const T* offsets, const T* conn, vtkIdType strips, vtkIdType firstStripCell,
               std::vector<loom::Int64>& outOffsets, std::vector<loom::Int64>& outConn, std::vector<loom::Id>& source)
{
  for (vtkIdType s = 0; s < strips; ++s)
    for (T k = offsets[s]; k + 2 < offsets[s + 1]; ++k)
    {
      const bool odd = (k - offsets[s]) % 2 == 1;
      outConn.push_back(static_cast<loom::Int64>(conn[odd ? k + 1 : k]));
      outConn.push_back(static_cast<loom::Int64>(conn[odd ? k : k + 1]));
      outConn.push_back(static_cast<loom::Int64>(conn[k + 2]));
      outOffsets.push_back(static_cast<loom::Int64>(outConn.size()));
      source.push_back(firstStripCell + s);
    }
}

/// The input's polygons followed by its strips' triangles, and in `sourceCells` the input cell of each output
/// cell (vertices, lines, polygons, then the strips' triangles). One pass over the arrays, on the host.
loom::algorithms::CellArrays WithStripTriangles(vtkPolyData* input, const loom::algorithms::CellArrays& polygons,
                                                loom::cont::ArrayHandle<loom::Id>& sourceCells)
{
  const vtkIdType leading = input->GetNumberOfVerts() + input->GetNumberOfLines();
  const vtkIdType count = input->GetNumberOfPolys();
  std::vector<loom::Int64> offsets{ 0 }, conn;
  std::vector<loom::Id> source(static_cast<std::size_t>(leading + count));
  for (vtkIdType c = 0; c < leading + count; ++c)
    source[static_cast<std::size_t>(c)] = c;
  if (polygons.Is64Bit)
    AppendPolygons(polygons.Offsets64.ReadPortal().GetArray(), polygons.Connectivity64.ReadPortal().GetArray(),
                 count, offsets, conn);
  else
    AppendPolygons(polygons.Offsets32.ReadPortal().GetArray(), polygons.Connectivity32.ReadPortal().GetArray(),
                 count, offsets, conn);
  const loom::algorithms::CellArrays strips = loom::interop::CellArrayFromVTK(input->GetStrips());
  if (strips.Is64Bit)
    CutStrips(strips.Offsets64.ReadPortal().GetArray(), strips.Connectivity64.ReadPortal().GetArray(),
              input->GetNumberOfStrips(), leading + count, offsets, conn, source);
  else
    CutStrips(strips.Offsets32.ReadPortal().GetArray(), strips.Connectivity32.ReadPortal().GetArray(),
              input->GetNumberOfStrips(), leading + count, offsets, conn, source);
  sourceCells = loom::cont::make_ArrayHandleMove(std::move(source));
  loom::algorithms::CellArrays out;
  out.Set(loom::cont::make_ArrayHandleMove(std::move(offsets)), loom::cont::make_ArrayHandleMove(std::move(conn)));
  return out;
}
} // namespace

int vtkLoomGenerateSurfaceNormals::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                               vtkInformationVector* outputVector)
{
  this->PolygonsReversed = 0;
  this->SequentialComponents = 0;
  loom::interop::FilterRun run(this, "Loom Generate Surface Normals", this->Core, inputVector, outputVector);
  auto* input = vtkPolyData::SafeDownCast(run.Input());
  if (run.Input() && !input)
    return run.Fail(std::string("takes polygonal data (vtkPolyData); its input is a ") +
                    run.Input()->GetClassName() + ". Extract Surface makes polygons of it.");
  loom::interop::FilterSteps steps;
  steps.Passes = 3.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::NoPoints; // as VTK: no points, an empty output
  if (!run.Begin(steps))
    return run.Status();
  vtkPolyData* output = vtkPolyData::SafeDownCast(run.Output());

  const vtkIdType polygons = input->GetNumberOfPolys(), strips = input->GetNumberOfStrips();
  if ((!this->ComputePointNormals && !this->ComputeCellNormals) || (polygons < 1 && strips < 1))
  {
    // nothing to compute: VTK passes the input through
    output->CopyStructure(input);
    output->GetPointData()->PassData(input->GetPointData());
    output->GetCellData()->PassData(input->GetCellData());
    return 1;
  }
  const int pointType = input->GetPoints()->GetDataType();
  std::string unsupported;
  if (this->AutoOrientNormals)
    unsupported = "Auto Orient Normals on, which Loom's normals family does not do";
  else if (pointType != VTK_FLOAT && pointType != VTK_DOUBLE)
    unsupported = std::string("points of type ") + input->GetPoints()->GetData()->GetDataTypeAsString() +
      ", which Loom's normals family does not read";
  else if (this->Splitting &&
           ((this->OutputPointsPrecision == vtkAlgorithm::SINGLE_PRECISION && pointType != VTK_FLOAT) ||
            (this->OutputPointsPrecision == vtkAlgorithm::DOUBLE_PRECISION && pointType != VTK_DOUBLE)))
    unsupported = "an Output Points Precision other than its points', which Loom's normals family does not convert";
  if (!unsupported.empty())
    return run.FallBack("the input has " + unsupported + "; VTK's vtkPolyDataNormals computes its normals instead.",
                        this->VTKFilter());

  return run.Guard("compute the normals of", [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    loom::algorithms::SurfaceNormalsOptions options;
    options.FeatureAngle = this->FeatureAngle;
    options.Splitting = this->Splitting;
    options.Consistency = this->Consistency;
    options.FlipNormals = this->FlipNormals;
    options.NonManifoldTraversal = this->NonManifoldTraversal;
    options.ComputePointNormals = this->ComputePointNormals;
    options.ComputeCellNormals = this->ComputeCellNormals;
    options.LeadingCells = input->GetNumberOfVerts() + input->GetNumberOfLines();
    options.Device = device;
    run.Current = "polygons";
    const loom::algorithms::FieldArray points = loom::interop::PointsFromVTK(input, nullptr, false, device);
    loom::algorithms::CellArrays polygons = loom::interop::CellArrayFromVTK(input->GetPolys());
    loom::cont::ArrayHandle<loom::Id> sourceCells; // with strips: the input cell of every output cell
    if (strips > 0)
      polygons = WithStripTriangles(input, polygons, sourceCells);
    const loom::algorithms::SurfaceNormalsResult r =
      loom::algorithms::SurfaceNormals(polygons, input->GetNumberOfPoints(), points, options);
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    this->PolygonsReversed = r.Flipped;
    this->SequentialComponents = r.SequentialComponents;

    // The input's point arrays but its active normals (vtkPolyDataNormals copies with CopyNormalsOff) and,
    // with Splitting, its active global ids (VTK copies tuple by tuple there, which leaves them out).
    vtkPointData* outPD = output->GetPointData();
    outPD->CopyNormalsOff();
    if (this->Splitting)
      outPD->CopyGlobalIdsOff();
    if (r.PointIds.GetNumberOfValues() > 0)
    {
      auto moved = vtkSmartPointer<vtkPoints>::New();
      moved->SetData(loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, &r.PointIds, false, device), "Points"));
      output->SetPoints(moved);
      vtkNew<vtkPointData> kept;
      kept->CopyNormalsOff();
      kept->CopyGlobalIdsOff();
      kept->PassData(input->GetPointData());
      loom::interop::GatherAttributes(kept, outPD, r.PointIds, device);
    }
    else
    {
      output->SetPoints(input->GetPoints());
      outPD->PassData(input->GetPointData());
    }
    if (strips > 0)
    {
      // tuple by tuple in VTK: its active global ids left out
      vtkNew<vtkCellData> kept;
      kept->CopyGlobalIdsOff();
      kept->PassData(input->GetCellData());
      loom::interop::GatherAttributes(kept, output->GetCellData(), sourceCells, device);
    }
    else
      output->GetCellData()->PassData(input->GetCellData());
    output->SetVerts(input->GetVerts());
    output->SetLines(input->GetLines());
    if (strips > 0) // the polygons and the strips' triangles
      output->SetPolys(loom::interop::CellArrayToVTK(r.Polygons.Offsets64, r.Polygons.Connectivity64));
    else // the input's offsets array (the same polygon sizes), the new connectivity
      output->SetPolys(r.Polygons.Is64Bit ? loom::interop::CellArrayToVTK(input->GetPolys(), r.Polygons.Connectivity64)
                                          : loom::interop::CellArrayToVTK(input->GetPolys(), r.Polygons.Connectivity32));
    if (this->ComputePointNormals)
      outPD->SetNormals(loom::interop::FieldToVTK(r.PointNormals, "Normals"));
    if (this->ComputeCellNormals)
      output->GetCellData()->SetNormals(loom::interop::FieldToVTK(r.CellNormals, "Normals"));
    return 1;
  });
}

void vtkLoomGenerateSurfaceNormals::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "FeatureAngle: " << this->FeatureAngle << "\n";
  os << indent << "Splitting: " << (this->Splitting ? "On" : "Off") << "\n";
  os << indent << "Consistency: " << (this->Consistency ? "On" : "Off") << "\n";
  os << indent << "FlipNormals: " << (this->FlipNormals ? "On" : "Off") << "\n";
  os << indent << "NonManifoldTraversal: " << (this->NonManifoldTraversal ? "On" : "Off") << "\n";
  os << indent << "ComputePointNormals: " << (this->ComputePointNormals ? "On" : "Off") << "\n";
  os << indent << "ComputeCellNormals: " << (this->ComputeCellNormals ? "On" : "Off") << "\n";
  os << indent << "PieceInvariant: " << (this->PieceInvariant ? "On" : "Off") << "\n";
  os << indent << "AutoOrientNormals: " << (this->AutoOrientNormals ? "On" : "Off") << "\n";
  os << indent << "OutputPointsPrecision: " << this->OutputPointsPrecision << "\n";
}
