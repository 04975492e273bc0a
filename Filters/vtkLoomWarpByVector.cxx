// Loom filters: vtkLoomWarpByVector: the vectors vtkWarpVector would use, to the point-map family.
#include "vtkLoomWarpByVector.h"

#include "LoomInterop.h"

#include <loom/cont/Error.h>

#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>

#include <string>

vtkStandardNewMacro(vtkLoomWarpByVector);

vtkLoomWarpByVector::vtkLoomWarpByVector()
{
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, vtkDataSetAttributes::VECTORS);
}

loom::algorithms::FieldArray vtkLoomWarpByVector::Move(vtkDataSet* input, vtkInformationVector** inputVector,
                                                       const loom::algorithms::PointPositions& positions,
                                                       const loom::algorithms::OutputMask& mask,
                                                       loom::cont::DeviceId device)
{
  vtkDataArray* vectors = this->GetInputArrayToProcess(0, inputVector);
  if (!vectors)
  {
    vtkDebugMacro(<< "no vectors: nothing to warp");
    return loom::algorithms::FieldArray();
  }
  const std::string what = std::string("Vectors '") + (vectors->GetName() ? vectors->GetName() : "") + "'";
  if (vectors->GetNumberOfTuples() != input->GetNumberOfPoints())
    throw loom::cont::ErrorBadValue(what + " is not a point array (" + std::to_string(vectors->GetNumberOfTuples()) +
                                    " tuples for " + std::to_string(input->GetNumberOfPoints()) + " points).");
  if (vectors->GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadType(what + " has " + std::to_string(vectors->GetNumberOfComponents()) +
                                   " components; a vector has 3.");
  return loom::algorithms::WarpByVector(positions, loom::interop::FieldFromVTK(vectors), this->ScaleFactor,
                                        this->Precision(positions), mask, device);
}
