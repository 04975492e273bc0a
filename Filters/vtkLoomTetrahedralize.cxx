// Loom filters: vtkLoomTetrahedralize::RequestData: the input's cells to Loom without copies, the
// tetrahedralize family on the chosen device, its cell arrays handed to VTK without copies; points
// generated in one raw loop for image data and rectilinear grids, shared for point sets.
#include "vtkLoomTetrahedralize.h"

#include "LoomInterop.h"

#include <loom/algorithms/tetrahedralize/Tetrahedralize.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Error.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMatrix3x3.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkUnstructuredGrid.h>

#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomTetrahedralize);

namespace
{
using loom::Id;

// Points of an image or rectilinear grid, x fastest: coordinate d of point (i, j, k) is
// axis[0][i][d] + axis[1][j][d] + axis[2][k][d] (each axis's contribution precomputed once).
template <typename T>
vtkSmartPointer<vtkPoints> GridPoints(const std::vector<double> axes[3], const int dims[3], loom::cont::DeviceId device)
{
  const Id nx = dims[0], ny = dims[1], nz = dims[2];
  loom::cont::ArrayHandle<T> xyz;
  xyz.Allocate(nx * ny * nz * 3);
  T* out = xyz.GetPointer();
  const double* ax = axes[0].data();
  const double* ay = axes[1].data();
  const double* az = axes[2].data();
  loom::cont::Algorithm::Schedule(
    device,
    [=](Id row) {
      const Id j = row % ny, k = row / ny;
      const double base[3] = { ay[3 * j] + az[3 * k], ay[3 * j + 1] + az[3 * k + 1], ay[3 * j + 2] + az[3 * k + 2] };
      T* p = out + 3 * nx * row;
      for (Id i = 0; i < nx; ++i)
      {
        p[3 * i] = static_cast<T>(base[0] + ax[3 * i]);
        p[3 * i + 1] = static_cast<T>(base[1] + ax[3 * i + 1]);
        p[3 * i + 2] = static_cast<T>(base[2] + ax[3 * i + 2]);
      }
    },
    ny * nz);
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetData(loom::interop::FieldToVTK(loom::algorithms::FieldArray::FromAOS(xyz, 3), "Points"));
  return points;
}

// The points of a dataset that stores none, or null.
vtkSmartPointer<vtkPoints> GeneratePoints(vtkDataSet* input, loom::cont::DeviceId device)
{
  std::vector<double> axes[3];
  int dims[3];
  bool useDouble = false;
  if (auto* image = vtkImageData::SafeDownCast(input))
  {
    image->GetDimensions(dims);
    const int* extent = image->GetExtent();
    const double* origin = image->GetOrigin();
    const double* spacing = image->GetSpacing();
    const double* m = image->GetDirectionMatrix()->GetData();
    for (int a = 0; a < 3; ++a)
      for (int i = 0; i < dims[a]; ++i)
      {
        const double s = spacing[a] * (extent[2 * a] + i);
        for (int d = 0; d < 3; ++d)
          axes[a].push_back((a == 0 ? origin[d] : 0.0) + m[3 * d + a] * s);
      }
  }
  else if (auto* rect = vtkRectilinearGrid::SafeDownCast(input))
  {
    rect->GetDimensions(dims);
    vtkDataArray* coords[3] = { rect->GetXCoordinates(), rect->GetYCoordinates(), rect->GetZCoordinates() };
    for (int a = 0; a < 3; ++a)
    {
      useDouble = useDouble || coords[a]->GetDataType() == VTK_DOUBLE;
      for (int i = 0; i < dims[a]; ++i)
        for (int d = 0; d < 3; ++d)
          axes[a].push_back(d == a ? coords[a]->GetComponent(i, 0) : 0.0);
    }
  }
  else
  {
    return nullptr;
  }
  return useDouble ? GridPoints<double>(axes, dims, device) : GridPoints<float>(axes, dims, device);
}
} // namespace

int vtkLoomTetrahedralize::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkLoomTetrahedralize::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                       vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::GetData(outputVector);
  // The previous result goes first: its large blocks return to Loom's pool for this run.
  output->Initialize();
  auto fail = [&](const std::string& message) {
    vtkErrorMacro(<< message);
    output->Initialize();
    return 0;
  };
  if (!input)
    return fail("no input dataset.");
  if (input->GetNumberOfPoints() == 0 || input->GetNumberOfCells() == 0)
    return fail(std::string("the input is empty (") + std::to_string(input->GetNumberOfPoints()) + " points, " +
                std::to_string(input->GetNumberOfCells()) + " cells): nothing to tetrahedralize.");

  const loom::cont::DeviceId device = loom::interop::DeviceFromChoice(this->Device);
  std::string current = "cells";
  try
  {
    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(input);
    const loom::algorithms::SimplexCells simplices = loom::algorithms::Tetrahedralize(
      cells, this->HexahedronSplit == SPLIT_FIVE ? loom::algorithms::HexSplit::Five : loom::algorithms::HexSplit::Six,
      device);
    this->UpdateProgress(0.5);
    if (this->CheckAbort())
      return fail("aborted.");

    if (auto* pointSet = vtkPointSet::SafeDownCast(input))
      output->SetPoints(pointSet->GetPoints());
    else
    {
      current = "points";
      output->SetPoints(GeneratePoints(input, device));
    }
    current = "output cells";
    if (simplices.Is64Bit)
      loom::interop::SetUnstructuredCells(output, simplices.Shapes, simplices.Offsets64, simplices.Connectivity64);
    else
      loom::interop::SetUnstructuredCells(output, simplices.Shapes, simplices.Offsets32, simplices.Connectivity32);

    output->GetPointData()->PassData(input->GetPointData());
    output->GetFieldData()->PassData(input->GetFieldData());

    // Cell data: each array's tuples copied to the children of their cell.
    vtkCellData* inCells = input->GetCellData();
    vtkCellData* outCells = output->GetCellData();
    const Id inputCells = input->GetNumberOfCells();
    vtkSmartPointer<vtkIdList> parents; // for non-numeric arrays only
    for (int a = 0; a < inCells->GetNumberOfArrays(); ++a)
    {
      vtkAbstractArray* array = inCells->GetAbstractArray(a);
      current = std::string("cell array '") + (array->GetName() ? array->GetName() : "") + "'";
      vtkSmartPointer<vtkAbstractArray> children;
      if (auto* numeric = vtkDataArray::SafeDownCast(array))
      {
        children = loom::interop::FieldToVTK(
          loom::algorithms::GatherToChildren(simplices, inputCells, loom::interop::FieldFromVTK(numeric), device),
          array->GetName() ? array->GetName() : "");
      }
      else
      {
        if (!parents)
        {
          parents = vtkSmartPointer<vtkIdList>::New();
          parents->SetNumberOfIds(simplices.NumberOfCells);
          for (Id c = 0; c < inputCells; ++c)
            for (Id t = simplices.ChildBegin(c); t < simplices.ChildBegin(c + 1); ++t)
              parents->SetId(t, c);
        }
        children.TakeReference(array->NewInstance());
        children->SetName(array->GetName());
        children->SetNumberOfComponents(array->GetNumberOfComponents());
        array->GetTuples(parents, children);
      }
      const int index = outCells->AddArray(children);
      for (int attribute = 0; attribute < vtkDataSetAttributes::NUM_ATTRIBUTES; ++attribute)
        if (inCells->GetAbstractAttribute(attribute) == array)
          outCells->SetActiveAttribute(index, attribute);
    }
    this->UpdateProgress(1.0);
  }
  catch (const loom::cont::Error& e)
  {
    return fail("cannot tetrahedralize the " + std::string(input->GetClassName()) + " (" + current + "): " + e.what());
  }
  return 1;
}

void vtkLoomTetrahedralize::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Device: " << this->Device << "\n";
  os << indent << "HexahedronSplit: " << (this->HexahedronSplit == SPLIT_FIVE ? "five" : "six") << "\n";
}
