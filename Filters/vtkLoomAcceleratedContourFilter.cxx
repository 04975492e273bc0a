// Loom filters: vtkLoomAcceleratedContourFilter, vtkContourFilter on Loom's contour family.
#include "vtkLoomAcceleratedContourFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomContour.h"

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkStructuredGrid.h>

vtkStandardNewMacro(vtkLoomAcceleratedContourFilter);

int vtkLoomAcceleratedContourFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                 vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (this->GetComputeGradients())
    unsupported = "Compute Gradients is on (Loom's contour does not write the gradients).";
  else if (this->GetArrayComponent() != 0)
    unsupported = "the isosurface is of component " + std::to_string(this->GetArrayComponent()) +
      " (Loom's contour takes component 0).";
  else if (this->GetOutputPointsPrecision() != vtkAlgorithm::DEFAULT_PRECISION)
    unsupported = "Output Points Precision is set (Loom's contour writes the default precision).";
  else if (!this->GetGenerateTriangles())
    unsupported = "Generate Triangles is off (Loom's contour writes triangles).";
  else if (loom::interop::HasGhostCells(vtkDataObject::GetData(inputVector[0], 0)))
    unsupported = "the input has ghost cells (a piece of distributed data: Loom's contour leaves them out, "
                  "vtkContourFilter contours them).";
  else if (this->GetComputeNormals() && vtkStructuredGrid::GetData(inputVector[0], 0))
    unsupported = "Compute Normals is on for a structured grid (Loom's normals there come from the triangles, "
                  "vtkContourFilter's from the field's gradient).";
  vtkNew<vtkLoomContour> loom;
  const vtkIdType values = this->GetNumberOfContours();
  loom->SetNumberOfContours(static_cast<int>(values));
  for (vtkIdType i = 0; i < values; ++i)
    loom->SetValue(static_cast<int>(i), this->GetValue(static_cast<int>(i)));
  loom->SetComputeNormals(this->GetComputeNormals() != 0);
  loom->SetComputeScalars(this->GetComputeScalars() != 0);
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return loom::interop::RunAccelerated(this, "Contour", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
