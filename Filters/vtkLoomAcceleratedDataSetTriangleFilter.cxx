// Loom filters: vtkLoomAcceleratedDataSetTriangleFilter, vtkDataSetTriangleFilter on vtkLoomTetrahedralize.
#include "vtkLoomAcceleratedDataSetTriangleFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomTetrahedralize.h"

#include <vtkAlgorithm.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkImageData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>

vtkStandardNewMacro(vtkLoomAcceleratedDataSetTriangleFilter);

int vtkLoomAcceleratedDataSetTriangleFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                         vtkInformationVector* outputVector)
{
  std::string unsupported;
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  if (this->GetTetrahedraOnly())
    unsupported = "Tetrahedra Only is on (Loom's split keeps 2D cells as triangles).";
  else if (!vtkImageData::SafeDownCast(input) && !vtkRectilinearGrid::SafeDownCast(input) &&
           !vtkStructuredGrid::SafeDownCast(input))
    unsupported = "the input is not an image, rectilinear or structured grid (VTK splits explicit cells by an "
                  "ordered Delaunay triangulation, Loom along fixed diagonals).";
  vtkNew<vtkLoomTetrahedralize> loom;
  loom->SetHexahedronSplit(vtkLoomTetrahedralize::SPLIT_AS_PARAVIEW);
  return loom::interop::RunAccelerated(this, "Tetrahedralize", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
