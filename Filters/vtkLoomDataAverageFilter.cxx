// Loom filters: vtkLoomDataAverageFilter::RequestData: VTK arrays and cells to Loom without copies,
// the averaging family on the chosen device, the results handed back to VTK without copies.
#include "vtkLoomDataAverageFilter.h"

#include "LoomInterop.h"

#include <loom/algorithms/GatherTuples.h>

#include <loom/algorithms/average/Average.h>
#include <loom/cont/Error.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkUnstructuredGrid.h>

#include <new>


vtkLoomDataAverageFilter::vtkLoomDataAverageFilter() = default;

vtkLoomDataAverageFilter::~vtkLoomDataAverageFilter() = default;

void vtkLoomDataAverageFilter::AddArray(const char* name)
{
  if (name)
  {
    this->Arrays.emplace_back(name);
    this->Modified();
  }
}

void vtkLoomDataAverageFilter::ClearArrays()
{
  if (!this->Arrays.empty())
  {
    this->Arrays.clear();
    this->Modified();
  }
}

int vtkLoomDataAverageFilter::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                          vtkInformationVector* outputVector)
{
  const bool toCells = this->AveragePointsToCells();
  loom::interop::FilterRun run(this, toCells ? "Loom Point Data to Cell Data" : "Loom Cell Data to Point Data",
                               this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.MaskArrayName = this->GetMaskArrayName();
  steps.MaskOnPoints = !toCells;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // the structure and arrays pass first
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());
  const char* fromName = toCells ? "point" : "cell";

  output->CopyStructure(input);
  vtkDataSetAttributes* from = toCells ? static_cast<vtkDataSetAttributes*>(input->GetPointData())
                                       : static_cast<vtkDataSetAttributes*>(input->GetCellData());
  vtkDataSetAttributes* toInput = toCells ? static_cast<vtkDataSetAttributes*>(input->GetCellData())
                                          : static_cast<vtkDataSetAttributes*>(input->GetPointData());
  vtkDataSetAttributes* toOutput = toCells ? static_cast<vtkDataSetAttributes*>(output->GetCellData())
                                           : static_cast<vtkDataSetAttributes*>(output->GetPointData());
  vtkDataSetAttributes* fromOutput = toCells ? static_cast<vtkDataSetAttributes*>(output->GetPointData())
                                             : static_cast<vtkDataSetAttributes*>(output->GetCellData());
  toOutput->PassData(toInput);
  if (this->PassInputData)
    fromOutput->PassData(from);
  else if (vtkAbstractArray* ghosts = from->GetAbstractArray(vtkDataSetAttributes::GhostArrayName()))
    fromOutput->AddArray(ghosts); // ghost flags always stay with their points or cells, as VTK's filters keep them
  output->GetFieldData()->PassData(input->GetFieldData());

  auto fail = [&](const std::string& message) { return run.Fail(message); };

  // Which arrays.
  std::vector<vtkDataArray*> arrays;
  if (this->ProcessAllArrays)
  {
    for (int i = 0; i < from->GetNumberOfArrays(); ++i)
      if (vtkDataArray* a = from->GetArray(i);
          a && !(a->GetName() && std::string(a->GetName()) == vtkDataSetAttributes::GhostArrayName()))
        arrays.push_back(a); // ghost flags are not averaged (VTK's filters neither)
  }
  else
  {
    for (const std::string& name : this->Arrays)
    {
      vtkAbstractArray* a = from->GetAbstractArray(name.c_str());
      if (!a)
        return fail("array '" + name + "' is not in the input's " + fromName + " data.");
      vtkDataArray* d = vtkDataArray::SafeDownCast(a);
      if (!d)
        return fail("array '" + name + "' is a " + a->GetClassName() + ", not a numeric array.");
      arrays.push_back(d);
    }
  }
  if (!toCells && input->GetNumberOfCells() == 0)
  {
    output->Initialize(); // as VTK's Cell Data to Point Data: no cells, an empty output (points dropped)
    return 1;
  }
  if (input->GetNumberOfPoints() == 0 || input->GetNumberOfCells() == 0)
    return 1; // nothing to average: the structure and the passed arrays, silently (MPI ranks with empty pieces)

  run.Current.clear();
  return run.Guard(nullptr, [&]() -> int {
    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(input, /*anyCellType=*/true);
    const loom::Id outputs = toCells ? input->GetNumberOfCells() : input->GetNumberOfPoints();

    loom::algorithms::FieldArray keep;
    const loom::algorithms::OutputMask mask = this->MaskFor(input, !toCells, inputVector, keep);

    const loom::cont::DeviceId device = run.Device();
    // Loop elements per input point and cell: about one pass over the cells per array (measured on the
    // hexahedral wavelet).
    // Cell to point on explicit cells first lists each point's cells (two passes, kept for later runs).
    const bool explicitCells = vtkUnstructuredGrid::SafeDownCast(input) || vtkPolyData::SafeDownCast(input);
    run.ExpectPasses(0.45 * static_cast<double>(std::max<std::size_t>(1, arrays.size())) +
                           (!toCells && explicitCells ? 0.9 : 0.0));
    for (std::size_t i = 0; i < arrays.size(); ++i)
    {
      if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
        return aborted;
      vtkDataArray* array = arrays[i];
      run.Current = std::string("array '") + (array->GetName() ? array->GetName() : "") + "'";
      // Integer arrays average into float arrays, as VTK's filters make them (double stays double).
      const loom::algorithms::FieldArray in = loom::algorithms::AsFloatingPoint(
        loom::interop::FieldFromVTK(array), device, loom::algorithms::ValueKind::Float32);
      const loom::algorithms::FieldArray out = toCells
        ? loom::algorithms::PointToCellAverage(cells, in, mask, device)
        : loom::algorithms::CellToPointAverage(cells, in, mask, device);
      toOutput->AddArray(loom::interop::FieldToVTK(out, array->GetName() ? array->GetName() : ""));
    }
    return 1;
  });
}

void vtkLoomDataAverageFilter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ProcessAllArrays: " << (this->ProcessAllArrays ? "On" : "Off") << "\n";
  os << indent << "Arrays:";
  for (const auto& a : this->Arrays)
    os << " " << a;
  os << "\n" << indent << "PassInputData: " << (this->PassInputData ? "On" : "Off") << "\n";
}
