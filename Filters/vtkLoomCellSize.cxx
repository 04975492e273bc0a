// Loom filters: vtkLoomCellSize::RequestData: images by their spacing (every cell alike, as VTK's fast
// path), other datasets' cells and points to the measure family without copies, the sizes handed to VTK
// without copies; the sums reduced over the ranks as ParaView's filter reduces them.
#include "vtkLoomCellSize.h"

#include "LoomInterop.h"

#include <loom/algorithms/measure/CellSize.h>

#include <vtkCellData.h>
#include <vtkCellSizeFilter.h>
#include <vtkDoubleArray.h>
#include <vtkImageData.h>
#include <vtkMultiProcessController.h>
#include <vtkObjectFactory.h>
#include <vtkRectilinearGrid.h>

vtkStandardNewMacro(vtkLoomCellSize);

vtkSmartPointer<vtkAlgorithm> vtkLoomCellSize::VTKFilter()
{
  auto vtk = vtkSmartPointer<vtkCellSizeFilter>::New();
  vtk->SetComputeVertexCount(this->ComputeVertexCount);
  vtk->SetComputeLength(this->ComputeLength);
  vtk->SetComputeArea(this->ComputeArea);
  vtk->SetComputeVolume(this->ComputeVolume);
  vtk->SetComputeSum(this->ComputeSum);
  vtk->SetVertexCountArrayName(this->GetVertexCountArrayName());
  vtk->SetLengthArrayName(this->GetLengthArrayName());
  vtk->SetAreaArrayName(this->GetAreaArrayName());
  vtk->SetVolumeArrayName(this->GetVolumeArrayName());
  return vtk;
}

int vtkLoomCellSize::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Cell Size", this->Core, inputVector, outputVector);
  double sum[4] = { 0, 0, 0, 0 };
  const int status = this->Measure(run, sum);
  if (!this->ComputeSum)
    return status;
  // The totals of every rank, as field data (ParaView's vtkPCellSizeFilter). Every rank takes part whatever
  // its own outcome: an error or VTK's fallback on one rank must not leave the others waiting.
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  if (controller && controller->GetNumberOfProcesses() > 1)
  {
    double local[4] = { sum[0], sum[1], sum[2], sum[3] };
    controller->AllReduce(local, sum, 4, vtkCommunicator::SUM_OP);
  }
  auto* output = vtkDataSet::SafeDownCast(run.Output());
  if (status != 1 || !output || this->GetAbortExecute())
    return status;
  const Measures m = this->Asked();
  for (int d = 0; d < 4; ++d)
    if (m.On[d])
    {
      vtkNew<vtkDoubleArray> total;
      total->SetName(m.Name[d]->c_str());
      total->SetNumberOfTuples(1);
      total->SetValue(0, sum[d]);
      output->GetFieldData()->AddArray(total);
    }
  return 1;
}

int vtkLoomCellSize::Measure(loom::interop::FilterRun& run, double sum[4])
{
  loom::interop::FilterSteps steps;
  steps.Passes = 1.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // empty in: the empty arrays and zero sums
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());
  const std::string unsupported = loom::interop::UnsupportedCells(input);
  const Measures m = this->Asked();
  if (!unsupported.empty())
  {
    const int status = run.FallBack("the input has " + unsupported + ", which Loom's measure family does not "
                                    "measure; VTK's vtkCellSizeFilter measures it instead.", this->VTKFilter());
    for (int d = 0; d < 4; ++d) // VTK's totals of this rank, for the reduction
      if (vtkDataArray* total = m.On[d] ? output->GetFieldData()->GetArray(m.Name[d]->c_str()) : nullptr)
        sum[d] = total->GetComponent(0, 0);
    return status;
  }
  output->ShallowCopy(input);
  const loom::cont::ArrayHandle<loom::UInt8> ghosts = // ghost cells only leave the sums
    this->ComputeSum ? run.GhostCellFlags(0xFF) : loom::cont::ArrayHandle<loom::UInt8>();
  return run.Guard("measure", [&]() -> int {
    const vtkIdType cells = input->GetNumberOfCells();
    if (auto* image = vtkImageData::SafeDownCast(input))
    {
      // Every cell of an image has the size of the product of the spacing along its non-flat axes.
      const int* extent = image->GetExtent();
      double size = 1.0;
      int dimension = 0;
      for (int a = 0; a < 3; ++a)
        if (extent[2 * a + 1] > extent[2 * a])
        {
          size *= image->GetSpacing()[a];
          ++dimension;
        }
      for (int d = 0; d < 4; ++d)
        if (m.On[d])
        {
          vtkNew<vtkDoubleArray> array;
          array->SetName(m.Name[d]->c_str());
          array->SetNumberOfTuples(cells);
          array->Fill(d == dimension ? (d == 0 ? 1.0 : size) : 0.0);
          output->GetCellData()->AddArray(array);
        }
      vtkIdType counted = cells;
      const loom::UInt8* ghost = ghosts.GetNumberOfValues() > 0 ? ghosts.ReadPortal().GetArray() : nullptr;
      for (loom::Id c = 0; ghost && c < ghosts.GetNumberOfValues(); ++c)
        counted -= ghost[c] != 0;
      sum[dimension] = static_cast<double>(counted) * (dimension == 0 ? 1.0 : size);
      return 1;
    }
    loom::algorithms::CellSizeOptions options;
    for (int d = 0; d < 4; ++d)
      options.Measure[d] = m.On[d];
    options.AxisAligned = vtkRectilinearGrid::SafeDownCast(input) != nullptr; // voxels and pixels
    options.Sum = this->ComputeSum;
    options.Device = run.Device();
    const loom::algorithms::FieldArray points = input->GetNumberOfPoints() > 0 // a point set may have no points
      ? loom::interop::PointsFromVTK(input, nullptr, true, run.Device())
      : loom::algorithms::FieldArray::Allocate(loom::algorithms::ValueKind::Float64, 0, 3);
    const loom::algorithms::CellSizes sizes = loom::algorithms::CellSize(
      loom::interop::CellSetFromVTK(input, /*anyCellType=*/true), points, options, ghosts);
    for (int d = 0; d < 4; ++d)
      if (m.On[d])
      {
        output->GetCellData()->AddArray(loom::interop::FieldToVTK(sizes.Size[d], *m.Name[d]));
        sum[d] = sizes.Sum[d];
      }
    return 1;
  });
}

void vtkLoomCellSize::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  const char* measures[4] = { "VertexCount", "Length", "Area", "Volume" };
  const Measures m = this->Asked();
  for (int d = 0; d < 4; ++d)
    os << indent << "Compute" << measures[d] << ": " << (m.On[d] ? "On" : "Off") << ", " << measures[d]
       << "ArrayName: " << *m.Name[d] << "\n";
  os << indent << "ComputeSum: " << (this->ComputeSum ? "On" : "Off") << "\n";
}
