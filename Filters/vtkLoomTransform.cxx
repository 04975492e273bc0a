// Loom filters: vtkLoomTransform::RequestData: the point-map family transforms the points and the vector
// and normal arrays; the output is assembled with VTK's calls in vtkTransformFilter's order, so that its
// arrays, their order and their attributes are the ones ParaView's Transform gives.
#include "vtkLoomTransform.h"

#include "LoomInterop.h"

#include <loom/algorithms/pointmap/PointMap.h>
#include <loom/cont/Error.h>

#include <vtkAbstractTransform.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLinearTransform.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkSmartPointer.h>
#include <vtkStructuredGrid.h>
#include <vtkTransformFilter.h>

#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomTransform);
vtkCxxSetObjectMacro(vtkLoomTransform, Transform, vtkAbstractTransform);

vtkLoomTransform::~vtkLoomTransform()
{
  this->SetTransform(nullptr);
}

vtkMTimeType vtkLoomTransform::GetMTime()
{
  vtkMTimeType time = this->Superclass::GetMTime();
  if (this->Transform && this->Transform->GetMTime() > time)
    time = this->Transform->GetMTime();
  return time;
}

int vtkLoomTransform::FillInputPortInformation(int port, vtkInformation* info)
{
  if (port != 0)
    return this->Superclass::FillInputPortInformation(port, info);
  loom::interop::TakePointSetsAndGrids(info);
  return 1;
}

int vtkLoomTransform::RequestDataObject(vtkInformation* request, vtkInformationVector** inputVector,
                                        vtkInformationVector* outputVector)
{
  // Images and rectilinear grids become structured grids, as vtkTransformFilter makes them.
  if (loom::interop::StructuredGridForGrids(inputVector, outputVector))
    return 1;
  return this->Superclass::RequestDataObject(request, inputVector, outputVector);
}

namespace
{
/// A transformed array of the output: its input array and whether it is a normal.
struct Transformed
{
  vtkDataArray* In = nullptr;
  bool Normal = false;
  vtkSmartPointer<vtkDataArray> Out;
};

/// The 3-component arrays vtkTransformFilter transforms as vectors besides the attributes (with Transform
/// All Input Vectors), in array order. Non-numeric arrays are passed (VTK 9.2's loop reads them through a
/// null data array, which it reaches only when the data has both Vectors and Normals).
std::vector<Transformed> OtherVectors(vtkDataSetAttributes* data, bool all)
{
  std::vector<Transformed> arrays;
  if (!all)
    return arrays;
  for (int i = 0; i < data->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* array = data->GetArray(i);
    if (array && array != data->GetVectors() && array != data->GetNormals() && array->GetNumberOfComponents() == 3)
      arrays.push_back({ array, false, nullptr });
  }
  return arrays;
}
/// The arrays of `from` that `to` does not have yet, added as vtkTransformFilter adds them with Transform All
/// Input Vectors: each with the attribute (but Vectors and Normals) that `attributes`' array of the same index
/// has, set on `marked` (for cell data VTK reads and sets the point data's attributes: the same calls give the
/// same output).
void PassOthers(vtkDataSetAttributes* from, vtkDataSetAttributes* to, vtkDataSetAttributes* attributes,
                vtkDataSetAttributes* marked)
{
  for (int i = 0; i < from->GetNumberOfArrays(); ++i)
    if (!to->GetAbstractArray(from->GetAbstractArray(i)->GetName()))
    {
      to->AddArray(from->GetAbstractArray(i));
      const int attribute = attributes->IsArrayAnAttribute(i);
      if (attribute >= 0 && attribute != vtkDataSetAttributes::VECTORS && attribute != vtkDataSetAttributes::NORMALS)
        marked->SetAttribute(attributes->GetAbstractArray(i), attribute);
    }
}
} // namespace

int vtkLoomTransform::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                  vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Transform", this->Core, inputVector, outputVector);
  vtkDataSet* input = run.Input();
  vtkPointSet* output = vtkPointSet::SafeDownCast(run.Output());
  if (!input || !output)
    return run.Fail("the input is not a point set, an image or a rectilinear grid.");
  if (!this->Transform)
    return run.Fail("no Transform is set.");
  if (!run.Begin(loom::interop::FilterSteps::PointMap(0.45, nullptr)))
    return run.Status();
  auto vtkFilter = [this]() {
    vtkNew<vtkTransformFilter> filter;
    filter->SetTransform(this->Transform);
    filter->SetTransformAllInputVectors(this->TransformAllInputVectors);
    filter->SetOutputPointsPrecision(this->OutputPointsPrecision);
    return vtkSmartPointer<vtkAlgorithm>(filter.GetPointer());
  };
  vtkLinearTransform* linear = vtkLinearTransform::SafeDownCast(this->Transform);
  if (!linear)
    return run.FallBack(std::string("the Transform (") + this->Transform->GetClassName() +
                          ") is not linear; VTK's Transform applies it point by point instead.",
                        vtkFilter());

  vtkPointData* pd = input->GetPointData();
  vtkCellData* cd = input->GetCellData();
  std::vector<Transformed> points = OtherVectors(pd, this->TransformAllInputVectors);
  std::vector<Transformed> cells = OtherVectors(cd, this->TransformAllInputVectors);
  Transformed pointVectors{ pd->GetVectors(), false, nullptr }, pointNormals{ pd->GetNormals(), true, nullptr };
  Transformed cellVectors{ cd->GetVectors(), false, nullptr }, cellNormals{ cd->GetNormals(), true, nullptr };
  std::vector<Transformed*> all;
  for (auto* list : { &points, &cells })
    for (Transformed& t : *list)
      all.push_back(&t);
  for (Transformed* t : { &pointVectors, &pointNormals, &cellVectors, &cellNormals })
    if (t->In)
      all.push_back(t);
  // The arrays Loom transforms: float or double, 3 components, in their own type (the default precision).
  for (Transformed* t : all)
  {
    const int type = t->In->GetDataType();
    const bool floating = type == VTK_FLOAT || type == VTK_DOUBLE;
    const bool kept = this->OutputPointsPrecision == vtkAlgorithm::DEFAULT_PRECISION ||
      (this->OutputPointsPrecision == vtkAlgorithm::SINGLE_PRECISION && type == VTK_FLOAT) ||
      (this->OutputPointsPrecision == vtkAlgorithm::DOUBLE_PRECISION && type == VTK_DOUBLE);
    if (!floating || !kept || t->In->GetNumberOfComponents() != 3)
      return run.FallBack(std::string("the array '") + (t->In->GetName() ? t->In->GetName() : "") + "' (" +
                            t->In->GetDataTypeAsString() + ", " + std::to_string(t->In->GetNumberOfComponents()) +
                            " components) is not float or double, or not of the points' precision; VTK's Transform transforms it in "
                            "its own type instead.",
                          vtkFilter());
  }

  const bool grid = loom::interop::StructureForMovedPoints(input, output);
  if (!grid && !vtkPointSet::SafeDownCast(input)->GetPoints())
    return 1; // no points: the structure alone, as VTK

  linear->Update();
  vtkMatrix4x4* matrix = linear->GetMatrix();
  loom::algorithms::AffineTransform affine;
  double normalMatrix[16], vectorMatrix[3][3], normalPart[3][3];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
    {
      if (r < 3)
        affine.M[r][c] = matrix->GetElement(r, c);
      normalMatrix[4 * r + c] = matrix->GetElement(r, c);
    }
  // VTK's normal matrix: the inverse (unchanged when the matrix is singular: vtkMatrix4x4::Invert leaves
  // it), transposed.
  vtkMatrix4x4::Invert(normalMatrix, normalMatrix);
  vtkMatrix4x4::Transpose(normalMatrix, normalMatrix);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
    {
      vectorMatrix[r][c] = affine.M[r][c];
      normalPart[r][c] = normalMatrix[4 * r + c];
    }
  if (matrix->Determinant() == 0.0)
    vtkWarningMacro(<< "Loom Transform: the Transform is singular (its determinant is 0): the points collapse "
                       "onto a plane, a line or a point, and normals are multiplied by its transpose, as "
                       "ParaView's Transform does.");

  return run.Guard(nullptr, [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    std::vector<double> axes[3];
    loom::algorithms::FieldArray stored;
    const loom::algorithms::PointPositions positions = loom::interop::PositionsFromVTK(input, axes, stored, device);
    loom::algorithms::WarpPrecision precision = loom::algorithms::WarpPrecision::Float64;
    if (this->OutputPointsPrecision == vtkAlgorithm::SINGLE_PRECISION ||
        (this->OutputPointsPrecision == vtkAlgorithm::DEFAULT_PRECISION && positions.Points &&
         positions.Points->GetKind() == loom::algorithms::ValueKind::Float32))
      precision = loom::algorithms::WarpPrecision::Float32;
    run.Current = "points";
    vtkNew<vtkPoints> newPoints;
    newPoints->SetData(loom::interop::FieldToVTK(
      loom::algorithms::TransformPoints(positions, affine, precision, device), "Points"));
    for (Transformed* t : all)
    {
      run.Current = std::string("array '") + (t->In->GetName() ? t->In->GetName() : "") + "'";
      t->Out = loom::interop::FieldToVTK(
        loom::algorithms::TransformVectors(loom::interop::FieldFromVTK(t->In), t->Normal ? normalPart : vectorMatrix,
                                           t->Normal, device),
        t->In->GetName() ? t->In->GetName() : "");
    }
    if (this->CheckAbort())
      return run.Aborted();

    // The output in vtkTransformFilter's order.
    vtkPointData* outPD = output->GetPointData();
    vtkCellData* outCD = output->GetCellData();
    for (const Transformed& t : points)
      outPD->AddArray(t.Out);
    for (const Transformed& t : cells)
      outCD->AddArray(t.Out);
    output->SetPoints(newPoints);
    // The attributes, each then left out of the passing (normals before vectors, points before cells).
    const struct
    {
      vtkDataSetAttributes* Data;
      const Transformed& Array;
      int Attribute;
    } attributes[] = { { outPD, pointNormals, vtkDataSetAttributes::NORMALS },
                       { outPD, pointVectors, vtkDataSetAttributes::VECTORS },
                       { outCD, cellNormals, vtkDataSetAttributes::NORMALS },
                       { outCD, cellVectors, vtkDataSetAttributes::VECTORS } };
    for (const auto& a : attributes)
      if (a.Array.Out)
      {
        a.Data->SetAttribute(a.Array.Out, a.Attribute);
        a.Data->SetCopyAttribute(a.Attribute, 0);
      }
    if (this->TransformAllInputVectors)
    {
      PassOthers(pd, outPD, pd, outPD);
      PassOthers(cd, outCD, pd, outPD);
    }
    else
    {
      outPD->PassData(pd);
      outCD->PassData(cd);
    }
    output->GetFieldData()->PassData(input->GetFieldData());
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomTransform::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "Transform: " << this->Transform << "\n";
  os << indent << "TransformAllInputVectors: " << this->TransformAllInputVectors << "\n";
  os << indent << "OutputPointsPrecision: " << this->OutputPointsPrecision << "\n";
}
