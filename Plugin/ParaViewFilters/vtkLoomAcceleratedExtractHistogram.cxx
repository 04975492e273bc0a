// Loom plugin: vtkLoomAcceleratedExtractHistogram, ParaView's Histogram on Loom's histogram family.
#include "vtkLoomAcceleratedExtractHistogram.h"

#include "LoomAcceleration.h"
#include "vtkLoomExecution.h"
#include "vtkLoomHistogram.h"

#include <vtkCommunicator.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkTable.h>

vtkStandardNewMacro(vtkLoomAcceleratedExtractHistogram);

int vtkLoomAcceleratedExtractHistogram::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                    vtkInformationVector* outputVector)
{
  auto own = [&] { return this->Superclass::RequestData(request, inputVector, outputVector); };
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  vtkMultiProcessController* global = vtkMultiProcessController::GetGlobalController();
  const int ranks = global ? global->GetNumberOfProcesses() : 1;
  std::string unsupported;
  const bool distributed = ranks > 1 || (this->Controller && this->Controller->GetNumberOfProcesses() > 1);
  if (this->Controller != global && distributed)
    unsupported = "its controller is not the global one, which Loom's ranks join";
  else if (this->CalculateAverages)
    unsupported = "Calculate Averages is on (the other arrays' totals and averages per bin)";
  // ParaView's filter gives an empty table where the array or the component is missing; Loom names it in an
  // error. Where any rank's piece lacks them, every rank runs ParaView's code (its ranks join by its own
  // messages).
  int lacks = 0;
  if (input && !vtkCompositeDataSet::SafeDownCast(input))
  {
    vtkDataArray* array = this->GetInputArrayToProcess(0, inputVector);
    auto* dataset = vtkDataSet::SafeDownCast(input);
    auto* table = vtkTable::SafeDownCast(input);
    const bool empty = (dataset && dataset->GetNumberOfPoints() == 0 && dataset->GetNumberOfCells() == 0) ||
      (table && table->GetNumberOfRows() == 0);
    lacks = (!array && !empty) || (array && this->Component > array->GetNumberOfComponents()) ? 1 : 0;
  }
  if (ranks > 1 && (!this->Controller || this->Controller == global))
  {
    int local = lacks;
    global->AllReduce(&local, &lacks, 1, vtkCommunicator::MAX_OP);
  }
  if (lacks && unsupported.empty())
    unsupported = "the chosen array or component is not in the input (ParaView's filter gives an empty table)";
  vtkNew<vtkLoomHistogram> loom;
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  loom->SetComponent(this->Component);
  loom->SetBinCount(this->BinCount);
  loom->SetCenterBinsAroundMinAndMax(this->CenterBinsAroundMinAndMax);
  loom->SetUseCustomBinRanges(this->UseCustomBinRanges);
  loom->SetCustomBinRanges(this->CustomBinRanges);
  loom->SetNormalize(this->Normalize);
  loom->SetAccumulation(this->Accumulation);
  const int status =
    loom::interop::RunAccelerated(this, "Histogram", loom, unsupported, inputVector, outputVector, own);
  vtkLoomExecution* record = vtkLoomExecution::GetLast(this);
  if (unsupported.empty() && record && !record->GetFallback() && !record->GetFailed())
  {
    // Loom's table was taken: as ParaView's filter, the range binned, and the custom range in order after a
    // reversed one was swapped.
    loom->GetBinRange(this->BinRange);
    loom->GetCustomBinRanges(this->CustomBinRanges);
  }
  return status;
}
