// Loom filters: vtkLoomAcceleratedPPolyDataNormals, vtkPPolyDataNormals on vtkLoomGenerateSurfaceNormals.
#include "vtkLoomAcceleratedPPolyDataNormals.h"

#include "LoomAcceleration.h"
#include "vtkLoomGenerateSurfaceNormals.h"

#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPolyData.h>

#include <string>

vtkStandardNewMacro(vtkLoomAcceleratedPPolyDataNormals);

int vtkLoomAcceleratedPPolyDataNormals::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                    vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (auto* input = vtkPolyData::GetData(inputVector[0]))
  {
    const bool others = input->GetNumberOfVerts() + input->GetNumberOfLines() > 0;
    if (others && this->GetSplitting() && input->GetNumberOfPolys() + input->GetNumberOfStrips() > 0)
      unsupported = "vertices or lines beside the polygons with Splitting on (VTK's splitting reads other cells' "
                    "normals there)";
    else if (others && input->GetNumberOfStrips() > 0)
      unsupported = "triangle strips beside vertices or lines (VTK's cell data differ there)";
  }
  vtkNew<vtkLoomGenerateSurfaceNormals> loom;
  loom->SetFeatureAngle(this->GetFeatureAngle());
  loom->SetSplitting(this->GetSplitting() != 0);
  loom->SetConsistency(this->GetConsistency() != 0);
  loom->SetFlipNormals(this->GetFlipNormals() != 0);
  loom->SetNonManifoldTraversal(this->GetNonManifoldTraversal() != 0);
  loom->SetComputePointNormals(this->GetComputePointNormals() != 0);
  loom->SetComputeCellNormals(this->GetComputeCellNormals() != 0);
  loom->SetAutoOrientNormals(this->GetAutoOrientNormals() != 0);
  loom->SetOutputPointsPrecision(this->GetOutputPointsPrecision());
  loom->SetPieceInvariant(this->GetPieceInvariant() != 0);
  return loom::interop::RunAccelerated(this, "Generate Surface Normals", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
