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
#include <vtkDataSetTriangleFilter.h>
#include <vtkIdList.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkUnstructuredGrid.h>

#include <new>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomTetrahedralize);

using loom::Id;

int vtkLoomTetrahedralize::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkLoomTetrahedralize::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                       vtkInformationVector* outputVector)
{
  const loom::interop::ExecutionScope execution(this, inputVector, outputVector);
  // Loop elements per input point and cell, measured on the hexahedral wavelet (a little under, so that
  // progress nears its end rather than jumping to it).
  execution.ExpectPasses(0.85);
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::GetData(outputVector);
  // The previous result goes first: its large blocks return to Loom's pool for this run.
  output->Initialize();
  auto fail = [&](const std::string& message) { return loom::interop::Fail(this, output, "Loom Tetrahedralize", message); };
  if (!input)
    return fail("no input dataset.");
  if (const std::string malformed = loom::interop::MalformedCells(input); !malformed.empty())
    return fail(malformed);
  if (input->GetNumberOfPoints() == 0 || input->GetNumberOfCells() == 0)
  {
    // Nothing to split: an empty output with the input's arrays (no tuples), silently, as ParaView's
    // Tetrahedralize gives for points without cells (MPI ranks with empty pieces).
    output->GetPointData()->CopyAllocate(input->GetPointData(), 0);
    output->GetCellData()->CopyAllocate(input->GetCellData(), 0);
    output->GetFieldData()->PassData(input->GetFieldData());
    return 1;
  }
  const std::string unsupported = loom::interop::UnsupportedCells(input);
  if (!unsupported.empty())
  {
    LOOM_FALL_BACK_OR_FAIL("Loom Tetrahedralize: the input has " << unsupported
                           << ", which Loom's tetrahedralize family does not split; VTK's vtkDataSetTriangleFilter "
                              "tetrahedralizes it instead.");
    vtkNew<vtkDataSetTriangleFilter> triangulate;
    triangulate->SetInputData(input);
    triangulate->Update();
    output->ShallowCopy(triangulate->GetOutput());
    return 1;
  }

  const loom::cont::DeviceId device = loom::interop::DeviceFromChoice(this->Device);
  std::string current = "cells";
  return loom::interop::Guarded(this, output, "Loom Tetrahedralize", [&]() -> int {
    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(input);
    const bool structured = input->IsA("vtkImageData") || input->IsA("vtkRectilinearGrid") ||
      input->IsA("vtkStructuredGrid");
    const bool five = this->HexahedronSplit == SPLIT_FIVE || (this->HexahedronSplit == SPLIT_AS_PARAVIEW && structured);
    const loom::algorithms::SimplexCells simplices = loom::algorithms::Tetrahedralize(
      cells, five ? loom::algorithms::HexSplit::Five : loom::algorithms::HexSplit::Six, device);
    if (this->CheckAbort())
      return loom::interop::Aborted(this, output, "Loom Tetrahedralize");

    if (auto* pointSet = vtkPointSet::SafeDownCast(input))
      output->SetPoints(pointSet->GetPoints());
    else
    {
      current = "points";
      auto points = vtkSmartPointer<vtkPoints>::New();
      points->SetData(loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, nullptr, true, device), "Points"));
      output->SetPoints(points);
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
        children->SetNumberOfTuples(parents->GetNumberOfIds()); // GetTuples writes, it does not allocate
        array->GetTuples(parents, children);
      }
      const int index = outCells->AddArray(children);
      for (int attribute = 0; attribute < vtkDataSetAttributes::NUM_ATTRIBUTES; ++attribute)
        if (inCells->GetAbstractAttribute(attribute) == array)
          outCells->SetActiveAttribute(index, attribute);
    }
    this->UpdateProgress(1.0);
    return 1;
  }, [&](const loom::cont::Error& e) -> int {
    return fail("cannot tetrahedralize the " + std::string(input->GetClassName()) + " (" + current + "): " + e.what());
  });
}

void vtkLoomTetrahedralize::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Device: " << this->Device << "\n";
  os << indent << "HexahedronSplit: "
     << (this->HexahedronSplit == SPLIT_FIVE ? "five" : this->HexahedronSplit == SPLIT_SIX ? "six" : "as ParaView")
     << "\n";
}
