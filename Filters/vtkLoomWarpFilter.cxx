// Loom filters: vtkLoomWarpFilter: the output type, the positions (stored, or a grid's axes), the moved
// points handed to VTK without a copy, and the arrays passed.
#include "vtkLoomWarpFilter.h"

#include "LoomInterop.h"

#include <loom/algorithms/GridPoints.h>
#include <loom/cont/Error.h>

#include <vtkAlgorithm.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>

#include <new>
#include <string>
#include <vector>

int vtkLoomWarpFilter::FillInputPortInformation(int port, vtkInformation* info)
{
  if (port != 0)
    return this->Superclass::FillInputPortInformation(port, info);
  loom::interop::TakePointSetsAndGrids(info);
  return 1;
}

int vtkLoomWarpFilter::RequestDataObject(vtkInformation* request, vtkInformationVector** inputVector,
                                         vtkInformationVector* outputVector)
{
  // Images and rectilinear grids cannot hold moved points: their output is a structured grid, as VTK's.
  if (loom::interop::StructuredGridForGrids(inputVector, outputVector))
    return 1;
  return this->Superclass::RequestDataObject(request, inputVector, outputVector);
}

int vtkLoomWarpFilter::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                   vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, this->FilterName(), this->Core, inputVector, outputVector);
  vtkDataSet* input = run.Input();
  vtkPointSet* output = vtkPointSet::SafeDownCast(run.Output());
  if (!input || !output)
    return run.Fail("the input is not a point set, an image or a rectilinear grid.");
  if (!run.Begin(loom::interop::FilterSteps::PointMap(0.45, this->GetMaskArrayName())))
    return run.Status();
  run.Current.clear();
  const bool grid = loom::interop::StructureForMovedPoints(input, output);
  output->GetPointData()->CopyNormalsOff(); // the geometry changes
  output->GetPointData()->PassData(input->GetPointData());
  output->GetCellData()->CopyNormalsOff();
  output->GetCellData()->PassData(input->GetCellData());
  output->GetFieldData()->PassData(input->GetFieldData());
  const vtkIdType n = input->GetNumberOfPoints();
  if (n < 1)
    return 1; // empty in, empty out
  return run.Guard(nullptr, [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    std::vector<double> axes[3];
    loom::algorithms::FieldArray points;
    const loom::algorithms::PointPositions positions = loom::interop::PositionsFromVTK(input, axes, points, device);
    loom::algorithms::FieldArray keep;
    const loom::algorithms::OutputMask mask = this->MaskFor(input, true, inputVector, keep);
    const loom::algorithms::FieldArray moved = this->Move(input, inputVector, positions, mask, device);
    if (moved.GetNumberOfTuples() == 0)
    {
      // Nothing to warp (no such numeric point array): as VTK's warps, the points pass as they are (a
      // grid's, generated once) and the arrays do not; a warning says why.
      vtkInformation* chosen = this->GetInputArrayInformation(0);
      vtkWarningMacro(<< this->FilterName() << ": the array '"
                      << (chosen && chosen->Has(vtkDataObject::FIELD_NAME()) ? chosen->Get(vtkDataObject::FIELD_NAME())
                                                                             : "")
                      << "' to warp by is not a numeric point array of the input; the points pass unwarped and "
                         "without arrays, as VTK's filter leaves them.");
      output->GetPointData()->Initialize();
      output->GetCellData()->Initialize();
      if (grid)
      {
        vtkNew<vtkPoints> same;
        same->SetData(loom::interop::FieldToVTK(
          loom::algorithms::GridPoints(positions.Dims, axes, loom::algorithms::ValueKind::Float64, nullptr, device),
          "Points"));
        output->SetPoints(same);
      }
      return 1;
    }
    vtkNew<vtkPoints> result;
    result->SetData(loom::interop::FieldToVTK(moved, "Points"));
    output->SetPoints(result);
    this->UpdateProgress(1.0);
    return 1;
  });
}

loom::algorithms::WarpPrecision vtkLoomWarpFilter::Precision(const loom::algorithms::PointPositions& input) const
{
  using loom::algorithms::WarpPrecision;
  if (this->OutputPointsPrecision == vtkAlgorithm::DEFAULT_PRECISION && this->DefaultKeepsInputType())
    return !input.Points || input.Points->GetKind() == loom::algorithms::ValueKind::Float64 ? WarpPrecision::Float64
                                                                                           : WarpPrecision::Float32;
  return this->OutputPointsPrecision == vtkAlgorithm::DOUBLE_PRECISION ? WarpPrecision::Float64
                                                                       : WarpPrecision::Float32;
}

void vtkLoomWarpFilter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ScaleFactor: " << this->ScaleFactor << "\n";
  os << indent << "OutputPointsPrecision: " << this->OutputPointsPrecision << "\n";
}
