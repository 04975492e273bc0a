// Loom filters: vtkLoomExecution, the record of a Loom filter's last execution.
#include "vtkLoomExecution.h"

#include <vtkAlgorithm.h>
#include <vtkInformation.h>
#include <vtkInformationObjectBaseKey.h>
#include <vtkObjectFactory.h>

#include <cstdio>

vtkStandardNewMacro(vtkLoomExecution);
vtkInformationKeyMacro(vtkLoomExecution, LAST_EXECUTION, ObjectBase);

vtkLoomExecution* vtkLoomExecution::GetLast(vtkAlgorithm* filter)
{
  return filter ? vtkLoomExecution::SafeDownCast(filter->GetInformation()->Get(LAST_EXECUTION())) : nullptr;
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
  return line;
}

void vtkLoomExecution::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Executions: " << this->Executions << "\n";
  os << indent << "Last: " << this->Describe() << "\n";
  os << indent << "Fallback: " << this->Fallback << "\n";
  os << indent << "InputArraysFound: " << this->InputArraysFound << "\n";
  os << indent << "WorkElements: " << this->WorkElements << "\n";
  os << indent << "Message: " << this->Message << "\n";
}
