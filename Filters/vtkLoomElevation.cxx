// Loom filters: vtkLoomElevation::RequestData: the points (or a grid's axes) to the point-map family,
// the elevation scalars back to VTK without a copy.
#include "vtkLoomElevation.h"

#include "LoomInterop.h"

#include <loom/algorithms/pointmap/PointMap.h>
#include <loom/cont/Error.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>

#include <new>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomElevation);

int vtkLoomElevation::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                  vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Elevation", this->Core, inputVector, outputVector);
  if (!run.Begin(loom::interop::FilterSteps::PointMap(0.45, this->GetMaskArrayName())))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());
  run.Current.clear();
  output->CopyStructure(input);
  output->GetPointData()->PassData(input->GetPointData());
  output->GetCellData()->PassData(input->GetCellData());
  output->GetFieldData()->PassData(input->GetFieldData());
  const vtkIdType n = input->GetNumberOfPoints();
  if (n < 1)
    return 1; // empty in, empty out
  double length2 = 0.0;
  for (int d = 0; d < 3; ++d)
    length2 += (this->HighPoint[d] - this->LowPoint[d]) * (this->HighPoint[d] - this->LowPoint[d]);
  if (length2 <= 0.0)
    vtkWarningMacro(<< "Loom Elevation: Low Point equals High Point; elevating along (0, 0, 1) from Low Point, as "
                       "VTK's filter does.");
  return run.Guard(nullptr, [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    loom::algorithms::FieldArray keep;
    const loom::algorithms::OutputMask mask = this->MaskFor(input, true, inputVector, keep);
    std::vector<double> axes[3];
    loom::algorithms::FieldArray points;
    const loom::algorithms::PointPositions positions = loom::interop::PositionsFromVTK(input, axes, points, device);
    loom::algorithms::ElevationOptions options;
    for (int d = 0; d < 3; ++d)
    {
      options.Low[d] = this->LowPoint[d];
      options.High[d] = this->HighPoint[d];
    }
    options.Range[0] = this->ScalarRange[0];
    options.Range[1] = this->ScalarRange[1];
    const loom::algorithms::FieldArray elevation = loom::algorithms::Elevation(positions, options, mask, device);
    output->GetPointData()->AddArray(loom::interop::FieldToVTK(elevation, "Elevation"));
    output->GetPointData()->SetActiveScalars("Elevation");
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomElevation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "LowPoint: " << this->LowPoint[0] << " " << this->LowPoint[1] << " " << this->LowPoint[2] << "\n";
  os << indent << "HighPoint: " << this->HighPoint[0] << " " << this->HighPoint[1] << " " << this->HighPoint[2]
     << "\n";
  os << indent << "ScalarRange: " << this->ScalarRange[0] << " " << this->ScalarRange[1] << "\n";
}
