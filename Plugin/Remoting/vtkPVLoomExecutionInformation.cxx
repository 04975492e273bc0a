// Loom plugin: vtkPVLoomExecutionInformation, a Loom filter's last execution gathered from the ranks.
#include "vtkPVLoomExecutionInformation.h"

#include "vtkLoomExecution.h"

#include <vtkAlgorithm.h>
#include <vtkClientServerStream.h>
#include <vtkObjectFactory.h>

#include <algorithm>
#include <set>
#include <sstream>

vtkStandardNewMacro(vtkPVLoomExecutionInformation);

namespace
{
// "CUDA+TBB" and "TBB+VTK" -> "CUDA+TBB+VTK": the devices of both, in Loom's order.
std::string Union(const std::string& a, const std::string& b)
{
  std::set<std::string> names;
  for (const std::string* s : { &a, &b })
  {
    std::stringstream in(*s);
    std::string name;
    while (std::getline(in, name, '+'))
      if (!name.empty() && name != "none")
        names.insert(name);
  }
  std::string out;
  for (const char* name : { "CUDA", "TBB", "Serial", "VTK" })
    if (names.count(name))
      out += (out.empty() ? "" : "+") + std::string(name);
  return out.empty() ? "none" : out;
}

} // namespace

vtkPVLoomExecutionInformation::vtkPVLoomExecutionInformation()
  : Record(vtkLoomExecution::New())
{
  this->RootOnly = 0; // every rank's piece
}

vtkPVLoomExecutionInformation::~vtkPVLoomExecutionInformation()
{
  this->Record->Delete();
}

void vtkPVLoomExecutionInformation::CopyFromObject(vtkObject* object)
{
  vtkLoomExecution* record = vtkLoomExecution::GetLast(vtkAlgorithm::SafeDownCast(object));
  this->Ranks = 1;
  this->Executed = record != nullptr;
  if (!record)
    return;
  this->Record->CopyRecord(*record);
}

void vtkPVLoomExecutionInformation::AddInformation(vtkPVInformation* information)
{
  auto* other = vtkPVLoomExecutionInformation::SafeDownCast(information);
  if (!other)
    return;
  this->Ranks += other->Ranks;
  if (!other->Executed)
    return;
  vtkLoomExecution& r = *this->Record;
  const vtkLoomExecution& o = *other->Record;
  if (!this->Executed)
  {
    this->Executed = true;
    r.CopyRecord(o);
    return;
  }
  r.Devices = Union(r.Devices, o.Devices);
  r.Seconds = std::max(r.Seconds, o.Seconds);
  r.InputPoints += o.InputPoints;
  r.InputCells += o.InputCells;
  r.OutputPoints += o.OutputPoints;
  r.OutputCells += o.OutputCells;
  r.Masked = r.Masked || o.Masked;
  r.Fallback = r.Fallback || o.Fallback;
  if (o.Failed && !r.Failed)
    r.Message = o.Message; // a rank's error before another's note
  r.Failed = r.Failed || o.Failed;
  r.Executions = std::max(r.Executions, o.Executions);
  r.BytesToDevice += o.BytesToDevice;
  r.BytesToHost += o.BytesToHost;
  r.InputArraysFound += o.InputArraysFound;
  r.DeviceCopiesReused += o.DeviceCopiesReused;
  r.BytesReusedOnDevice += o.BytesReusedOnDevice;
  r.WorkElements += o.WorkElements;
  r.PartPoints += o.PartPoints;
  if (r.Message.empty())
    r.Message = o.Message;
}

void vtkPVLoomExecutionInformation::CopyToStream(vtkClientServerStream* stream)
{
  const vtkLoomExecution& r = *this->Record;
  stream->Reset();
  *stream << vtkClientServerStream::Reply << this->Executed << this->Ranks << r.Devices.c_str() << r.Seconds
          << r.InputPoints << r.InputCells << r.OutputPoints << r.OutputCells << r.Masked << r.Fallback
          << r.Failed << r.Executions << r.Message.c_str() << r.BytesToDevice << r.BytesToHost << r.InputArraysFound
          << r.DeviceCopiesReused << r.BytesReusedOnDevice << r.WorkElements << r.PartPoints << vtkClientServerStream::End;
}

void vtkPVLoomExecutionInformation::CopyFromStream(const vtkClientServerStream* stream)
{
  vtkLoomExecution& r = *this->Record;
  const char* devices = nullptr;
  const char* message = nullptr;
  int i = 0;
  if (!stream->GetArgument(0, i++, &this->Executed) || !stream->GetArgument(0, i++, &this->Ranks) ||
      !stream->GetArgument(0, i++, &devices) || !stream->GetArgument(0, i++, &r.Seconds) ||
      !stream->GetArgument(0, i++, &r.InputPoints) || !stream->GetArgument(0, i++, &r.InputCells) ||
      !stream->GetArgument(0, i++, &r.OutputPoints) || !stream->GetArgument(0, i++, &r.OutputCells) ||
      !stream->GetArgument(0, i++, &r.Masked) || !stream->GetArgument(0, i++, &r.Fallback) ||
      !stream->GetArgument(0, i++, &r.Failed) || !stream->GetArgument(0, i++, &r.Executions) ||
      !stream->GetArgument(0, i++, &message) || !stream->GetArgument(0, i++, &r.BytesToDevice) ||
      !stream->GetArgument(0, i++, &r.BytesToHost) || !stream->GetArgument(0, i++, &r.InputArraysFound) ||
      !stream->GetArgument(0, i++, &r.DeviceCopiesReused) || !stream->GetArgument(0, i++, &r.BytesReusedOnDevice) ||
      !stream->GetArgument(0, i++, &r.WorkElements) || !stream->GetArgument(0, i++, &r.PartPoints))
  {
    vtkErrorMacro(<< "Loom panel: a Loom filter's execution record could not be read from the server.");
    this->Executed = false;
    return;
  }
  r.Devices = devices ? devices : "";
  r.Message = message ? message : "";
}

void vtkPVLoomExecutionInformation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Executed: " << this->Executed << " Ranks: " << this->Ranks << "\n";
  if (this->Executed)
    os << indent << "Last: " << this->Record->Describe() << "\n";
}
