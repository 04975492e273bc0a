// Loom filters: vtkLoomWarpByScalar: the scalars and normals vtkWarpScalar would use, to the point-map
// family.
#include "vtkLoomWarpByScalar.h"

#include "LoomInterop.h"

#include <loom/cont/Error.h>

#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>

#include <string>

vtkStandardNewMacro(vtkLoomWarpByScalar);

vtkLoomWarpByScalar::vtkLoomWarpByScalar()
{
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, vtkDataSetAttributes::SCALARS);
}

loom::algorithms::FieldArray vtkLoomWarpByScalar::Move(vtkDataSet* input, vtkInformationVector** inputVector,
                                                       const loom::algorithms::PointPositions& positions,
                                                       const loom::algorithms::OutputMask& mask,
                                                       loom::cont::DeviceId device)
{
  vtkDataArray* scalars = this->GetInputArrayToProcess(0, inputVector);
  if (!scalars)
  {
    vtkDebugMacro(<< "no scalars: nothing to warp");
    return loom::algorithms::FieldArray();
  }
  if (scalars->GetNumberOfTuples() != input->GetNumberOfPoints())
    throw loom::cont::ErrorBadValue(std::string("Scalars '") + (scalars->GetName() ? scalars->GetName() : "") +
                                    "' is not a point array (" + std::to_string(scalars->GetNumberOfTuples()) +
                                    " tuples for " + std::to_string(input->GetNumberOfPoints()) + " points).");
  loom::algorithms::WarpScalarOptions options;
  options.ScaleFactor = this->ScaleFactor;
  options.XYPlane = this->XYPlane;
  vtkDataArray* normals = input->GetPointData()->GetNormals();
  loom::algorithms::FieldArray normalField;
  if (normals && !this->UseNormal)
  {
    normalField = loom::interop::FieldFromVTK(normals);
    options.Normals = &normalField;
  }
  else if (!this->XYPlane)
    for (int d = 0; d < 3; ++d)
      options.Normal[d] = this->Normal[d];
  return loom::algorithms::WarpByScalar(positions, loom::interop::FieldFromVTK(scalars), options, this->Precision(positions), mask,
                                        device);
}

void vtkLoomWarpByScalar::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Normal: " << this->Normal[0] << " " << this->Normal[1] << " " << this->Normal[2] << "\n";
  os << indent << "UseNormal: " << (this->UseNormal ? "On" : "Off") << "\n";
  os << indent << "XYPlane: " << (this->XYPlane ? "On" : "Off") << "\n";
}
