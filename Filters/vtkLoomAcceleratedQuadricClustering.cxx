// Loom filters: vtkLoomAcceleratedQuadricClustering, vtkQuadricClustering on vtkLoomLevelOfDetail.
#include "vtkLoomAcceleratedQuadricClustering.h"

#include "LoomAcceleration.h"
#include "vtkLoomLevelOfDetail.h"

#include <vtkCellArray.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPolyData.h>

vtkStandardNewMacro(vtkLoomAcceleratedQuadricClustering);

namespace
{
/// Whether `input` has a vertex cell of more than one point (a polyvertex).
bool HasPolyVertex(vtkPolyData* input)
{
  vtkCellArray* verts = input ? input->GetVerts() : nullptr;
  if (!verts)
    return false;
  for (vtkIdType c = 0, n = verts->GetNumberOfCells(); c < n; ++c)
    if (verts->GetCellSize(c) > 1)
      return true;
  return false;
}
}

int vtkLoomAcceleratedQuadricClustering::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                     vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (!this->GetUseInputPoints())
    unsupported = "Use Input Points is off (Loom's quadric minimizer places each point within 1e-4 of a bin of "
                  "VTK's, not bit for bit).";
  else if (this->GetUseFeatureEdges())
    unsupported = "Use Feature Edges is on (Loom has no boundary-edge quadrics).";
  else if (this->ComputeNumberOfDivisions)
    unsupported = "the bins come from a division origin and spacing.";
  else if (this->GetCopyCellData() &&
           HasPolyVertex(vtkPolyData::GetData(inputVector[0]->GetInformationObject(0))))
    unsupported = "the input has polyvertex cells and Copy Cell Data is on (VTK gives such a cell one tuple per "
                  "new bin).";
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetNumberOfDivisions(this->GetNumberOfXDivisions(), this->GetNumberOfYDivisions(),
                             this->GetNumberOfZDivisions());
  loom->SetAutoAdjustNumberOfDivisions(this->GetAutoAdjustNumberOfDivisions() != 0);
  loom->SetUseInputPoints(true);
  loom->SetUseInternalTriangles(this->GetUseInternalTriangles() != 0);
  loom->SetCopyCellData(this->GetCopyCellData() != 0);
  loom->SetPreventDuplicateCells(this->GetPreventDuplicateCells() != 0);
  return loom::interop::RunAccelerated(this, "Quadric Clustering", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
