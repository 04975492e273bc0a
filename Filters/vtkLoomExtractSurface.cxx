// Loom filters: vtkLoomExtractSurface::RequestData: runs the surface family on the input's cells (no
// copies in) and hands the faces, the passed cells, their points and the gathered arrays to VTK.
#include "vtkLoomExtractSurface.h"

#include "LoomInterop.h"

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/surface/ExternalFaces.h>
#include <loom/cont/Error.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataSet.h>
#include <vtkGeometryFilter.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <new>
#include <string>

vtkStandardNewMacro(vtkLoomExtractSurface);

namespace
{
vtkSmartPointer<vtkCellArray> ToVTK(const loom::algorithms::SurfaceCells& cells)
{
  return cells.Is64Bit ? loom::interop::CellArrayToVTK(cells.Offsets64, cells.Connectivity64)
                       : loom::interop::CellArrayToVTK(cells.Offsets32, cells.Connectivity32);
}

/// The ghost flags as the surface family takes them (as vtkGeometryFilter treats them), or an empty
/// array when no cell is flagged: with RemoveGhostInterfaces, duplicate and hidden cells hide their
/// neighbours' faces and give nothing; without, duplicate cells are ordinary cells and hidden cells are
/// not there at all.
loom::cont::ArrayHandle<loom::UInt8> CellFlags(vtkDataSet* input, bool removeGhostInterfaces)
{
  vtkUnsignedCharArray* ghosts = input->GetCellData()->GetGhostArray();
  const vtkIdType n = input->GetNumberOfCells();
  if (!ghosts || ghosts->GetNumberOfTuples() != n)
    return {};
  loom::cont::ArrayHandle<loom::UInt8> flags;
  flags.Allocate(n);
  const unsigned char* g = ghosts->GetPointer(0);
  loom::UInt8* f = flags.GetPointer();
  const unsigned char duplicate = vtkDataSetAttributes::DUPLICATECELL, hidden = vtkDataSetAttributes::HIDDENCELL;
  bool any = false;
  for (vtkIdType c = 0; c < n; ++c)
  {
    f[c] = removeGhostInterfaces ? ((g[c] & (duplicate | hidden)) ? loom::algorithms::SurfaceGhostCell : 0)
                                 : ((g[c] & hidden) ? loom::algorithms::SurfaceHiddenCell : 0);
    any |= f[c] != 0;
  }
  return any ? flags : loom::cont::ArrayHandle<loom::UInt8>();
}
} // namespace

int vtkLoomExtractSurface::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkLoomExtractSurface::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector,
                                               vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  const int pieces = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  int ghostLevels = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  if (pieces > 1 && this->PieceInvariant)
    ++ghostLevels;
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(),
              outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()));
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), pieces);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), ghostLevels);
  return 1;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomExtractSurface::VTKFilter()
{
  auto filter = vtkSmartPointer<vtkGeometryFilter>::New();
  filter->SetPieceInvariant(this->PieceInvariant);
  filter->SetNonlinearSubdivisionLevel(this->NonlinearSubdivisionLevel);
  filter->SetFastMode(this->FastMode != 0);
  filter->SetRemoveGhostInterfaces(this->RemoveGhostInterfaces != 0);
  return filter;
}

int vtkLoomExtractSurface::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                       vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Extract Surface", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 8.0;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkPolyData* output = vtkPolyData::SafeDownCast(run.Output());

  // What Loom's surface family does not take goes to VTK's filter, as ParaView's Extract Surface runs it.
  const loom::cont::ArrayHandle<loom::UInt8> flags = CellFlags(input, this->RemoveGhostInterfaces != 0);
  std::string reason;
  if (vtkPolyData::SafeDownCast(input))
    reason = "is polygonal data already";
  else
  {
    const std::string unsupported = loom::interop::UnsupportedCells(input);
    if (!unsupported.empty())
      reason = "has " + unsupported + ", which Loom's surface family does not take";
  }
  if (!reason.empty())
    return run.FallBack("the input " + reason + "; VTK's vtkGeometryFilter extracts its surface instead.",
                        this->VTKFilter());

  return run.Guard("extract the surface of", [&]() -> int {
    loom::algorithms::ExternalFacesOptions options;
    options.Device = run.Device();
    options.CellFlags = flags;
    const loom::algorithms::ExternalFacesResult surface =
      loom::algorithms::ExternalFaces(loom::interop::CellSetFromVTK(input), options);
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;

    run.Current = "points";
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetData(
      loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, &surface.PointIds, false, options.Device), "Points"));
    output->SetPoints(points);
    run.Current = "output cells";
    output->SetVerts(ToVTK(surface.Verts));
    output->SetLines(ToVTK(surface.Lines));
    output->SetPolys(ToVTK(surface.Polys));
    output->SetStrips(ToVTK(surface.Strips));
    run.Current = "point data";
    loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), surface.PointIds, options.Device);
    run.Current = "cell data";
    // vtkPolyData numbers its cells vertices first, then lines, polygons and strips.
    const loom::cont::ArrayHandle<loom::Id> sources = loom::algorithms::ConcatenateIds(
      { &surface.Verts.SourceCells, &surface.Lines.SourceCells, &surface.Polys.SourceCells,
        &surface.Strips.SourceCells });
    loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(), sources, options.Device);
    output->GetFieldData()->PassData(input->GetFieldData());
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomExtractSurface::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "RemoveGhostInterfaces: " << (this->RemoveGhostInterfaces ? "On" : "Off") << "\n";
  os << indent << "PieceInvariant: " << this->PieceInvariant << "\n";
  os << indent << "NonlinearSubdivisionLevel: " << this->NonlinearSubdivisionLevel << "\n";
  os << indent << "FastMode: " << (this->FastMode ? "On" : "Off") << "\n";
  this->Core.Print(os, indent, true);
}
