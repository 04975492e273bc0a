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
  loom::interop::FilterRun run(this, "Loom Tetrahedralize", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 0.85;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::SafeDownCast(run.Output());
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
    return run.FallBack("the input has " + unsupported +
                          ", which Loom's tetrahedralize family does not split; VTK's vtkDataSetTriangleFilter "
                          "tetrahedralizes it instead.",
                        vtkSmartPointer<vtkDataSetTriangleFilter>::New());

  const loom::cont::DeviceId device = run.Device();
  return run.Guard("tetrahedralize", [&]() -> int {
    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(input);
    const bool structured = input->IsA("vtkImageData") || input->IsA("vtkRectilinearGrid") ||
      input->IsA("vtkStructuredGrid");
    const bool five = this->HexahedronSplit == SPLIT_FIVE || (this->HexahedronSplit == SPLIT_AS_PARAVIEW && structured);
    const loom::algorithms::SimplexCells simplices = loom::algorithms::Tetrahedralize(
      cells, five ? loom::algorithms::HexSplit::Five : loom::algorithms::HexSplit::Six, device);
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;

    if (auto* pointSet = vtkPointSet::SafeDownCast(input))
      output->SetPoints(pointSet->GetPoints());
    else
    {
      run.Current = "points";
      auto points = vtkSmartPointer<vtkPoints>::New();
      points->SetData(loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, nullptr, true, device), "Points"));
      output->SetPoints(points);
    }
    run.Current = "output cells";
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
      run.Current = std::string("cell array '") + (array->GetName() ? array->GetName() : "") + "'";
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
  });
}

void vtkLoomTetrahedralize::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "HexahedronSplit: "
     << (this->HexahedronSplit == SPLIT_FIVE ? "five" : this->HexahedronSplit == SPLIT_SIX ? "six" : "as ParaView")
     << "\n";
}
