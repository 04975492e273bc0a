// Loom filters: vtkLoomExecution, the record of a Loom filter's last execution.
#include "vtkLoomExecution.h"

#include <vtkAlgorithm.h>
#include <vtkInformation.h>
#include <vtkInformationObjectBaseKey.h>
#include <vtkObjectFactory.h>

#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataObject.h>
#include <vtkSmartPointer.h>
#include <vtkWeakPointer.h>

#include <cstdio>
#include <map>
#include <mutex>
#include <utility>

vtkStandardNewMacro(vtkLoomExecution);
vtkInformationKeyMacro(vtkLoomExecution, LAST_EXECUTION, ObjectBase);

namespace
{
// The records of accelerated executions whose VTK filter was made by another filter that does not forward
// its events (vtkPVGradientFilter), by the input data object they ran on.
struct ByInput
{
  std::mutex Lock;
  // (input, the VTK class that ran on it) -> (the input while it lives, the record)
  std::map<std::pair<const vtkDataObject*, std::string>,
           std::pair<vtkWeakPointer<vtkDataObject>, vtkSmartPointer<vtkLoomExecution>>>
    Records;
};
ByInput& Table()
{
  static ByInput* table = new ByInput; // never destroyed: filters may run while the process exits
  return *table;
}

/// The record kept on `input` for a class that `filter` is (or derives from).
vtkLoomExecution* KeptFor(vtkDataObject* input, vtkAlgorithm* filter)
{
  ByInput& t = Table();
  std::lock_guard<std::mutex> lock(t.Lock);
  for (auto it = t.Records.lower_bound({ input, std::string() }); it != t.Records.end() && it->first.first == input;
       ++it)
    if (it->second.first == input && filter->IsA(it->first.second.c_str()))
      return it->second.second.Get();
  return nullptr;
}
} // namespace

vtkLoomExecution* vtkLoomExecution::GetLast(vtkAlgorithm* filter)
{
  if (!filter)
    return nullptr;
  if (auto* own = vtkLoomExecution::SafeDownCast(filter->GetInformation()->Get(LAST_EXECUTION())))
    return own;
  if (filter->GetNumberOfInputPorts() < 1 || filter->GetNumberOfInputConnections(0) < 1)
    return nullptr;
  vtkDataObject* input = filter->GetInputDataObject(0, 0);
  if (!input)
    return nullptr;
  vtkLoomExecution* record = KeptFor(input, filter);
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(input))
  {
    // The last block's, as for a Loom filter.
    vtkSmartPointer<vtkCompositeDataIterator> it;
    it.TakeReference(composite->NewIterator());
    for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
      if (vtkLoomExecution* block = KeptFor(it->GetCurrentDataObject(), filter))
        record = block;
  }
  return record;
}

void vtkLoomExecution::CopyRecord(const vtkLoomExecution& from)
{
  this->Devices = from.Devices;
  this->Seconds = from.Seconds;
  this->InputPoints = from.InputPoints;
  this->InputCells = from.InputCells;
  this->OutputPoints = from.OutputPoints;
  this->OutputCells = from.OutputCells;
  this->Masked = from.Masked;
  this->Fallback = from.Fallback;
  this->Failed = from.Failed;
  this->Executions = from.Executions;
  this->BytesToDevice = from.BytesToDevice;
  this->BytesToHost = from.BytesToHost;
  this->InputArraysFound = from.InputArraysFound;
  this->DeviceCopiesReused = from.DeviceCopiesReused;
  this->BytesReusedOnDevice = from.BytesReusedOnDevice;
  this->WorkElements = from.WorkElements;
  this->PartPoints = from.PartPoints;
  this->Message = from.Message;
  this->Noted = from.Noted;
}

void vtkLoomExecution::KeepForInput(vtkDataObject* input, const char* vtkClass, vtkLoomExecution* record)
{
  if (!input || !vtkClass)
    return;
  ByInput& t = Table();
  std::lock_guard<std::mutex> lock(t.Lock);
  for (auto it = t.Records.begin(); it != t.Records.end();) // inputs gone since
    it = it->second.first ? std::next(it) : t.Records.erase(it);
  const auto key = std::make_pair(static_cast<const vtkDataObject*>(input), std::string(vtkClass));
  if (record)
    t.Records[key] = std::make_pair(vtkWeakPointer<vtkDataObject>(input), vtkSmartPointer<vtkLoomExecution>(record));
  else
    t.Records.erase(key);
}

std::string vtkLoomExecution::Describe() const
{
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%.4g s", this->Seconds);
  std::string line = this->Devices + ", " + seconds + ", " + std::to_string(this->InputPoints) + " points / " +
    std::to_string(this->InputCells) + " cells -> " + std::to_string(this->OutputPoints) + " points / " +
    std::to_string(this->OutputCells) + " cells";
  if (this->Masked)
    line += ", masked";
  if (this->Failed)
    line += ", failed";
  if (this->BytesToDevice || this->BytesToHost)
  {
    char moved[96];
    std::snprintf(moved, sizeof(moved), ", %.3g MB to the GPU, %.3g MB back", this->BytesToDevice / 1e6,
                  this->BytesToHost / 1e6);
    line += moved;
  }
  if (this->PartPoints)
    line += ", read a part of " + std::to_string(this->PartPoints) + " points";
  if (this->BytesReusedOnDevice)
  {
    char reused[64];
    std::snprintf(reused, sizeof(reused), ", %.3g MB found on the GPU", this->BytesReusedOnDevice / 1e6);
    line += reused;
  }
  return line;
}

void vtkLoomExecution::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Executions: " << this->Executions << "\n";
  os << indent << "Last: " << this->Describe() << "\n";
  os << indent << "Fallback: " << this->Fallback << "\n";
  os << indent << "InputArraysFound: " << this->InputArraysFound << "\n";
  os << indent << "PartPoints: " << this->PartPoints << "\n";
  os << indent << "DeviceCopiesReused: " << this->DeviceCopiesReused << " (" << this->BytesReusedOnDevice << " bytes)\n";
  os << indent << "WorkElements: " << this->WorkElements << "\n";
  os << indent << "Message: " << this->Message << "\n";
}
