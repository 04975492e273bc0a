// Loom filters: the record of each filter's execution (ExecutionScope, vtkLoomExecution) and the route of
// Loom's messages to VTK's output window, which the ParaView client shows in its Output Messages window.
#include "LoomInterop.h"
#include "vtkLoomExecution.h"

#include <loom/cont/Logging.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkOutputWindow.h>

#include <chrono>

namespace loom
{
namespace interop
{
namespace
{
// The record of the filter executing on this thread (nullptr outside RequestData).
thread_local vtkLoomExecution* Running = nullptr;

double Now()
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void Sizes(vtkDataObject* data, vtkIdType& points, vtkIdType& cells)
{
  points = cells = 0;
  if (auto* dataset = vtkDataSet::SafeDownCast(data))
  {
    points = dataset->GetNumberOfPoints();
    cells = dataset->GetNumberOfCells();
  }
  else if (data)
  {
    points = data->GetNumberOfElements(vtkDataObject::POINT);
    cells = data->GetNumberOfElements(vtkDataObject::CELL);
  }
}

// "cuda+tbb" -> "CUDA+TBB", "serial" -> "Serial".
std::string DisplayNames(const std::string& devices)
{
  std::string out, word;
  auto flush = [&] {
    if (word.empty())
      return;
    out += (out.empty() ? "" : "+") + std::string(word == "tbb" ? "TBB" : word == "cuda" ? "CUDA" : "Serial");
    word.clear();
  };
  for (char c : devices)
    c == '+' ? flush() : void(word += c);
  flush();
  return out;
}

// Loom's log lines go to VTK's output window (the Output Messages window in the ParaView client, the
// terminal elsewhere) and into the running filter's record.
void ToOutputWindow(loom::cont::LogLevel level, const std::string& message)
{
  const std::string text = "Loom: " + message + "\n";
  if (Running && level <= loom::cont::LogLevel::Info)
    Running->Message = message;
  switch (level)
  {
    case loom::cont::LogLevel::Error:
      vtkOutputWindowDisplayErrorText(text.c_str());
      break;
    case loom::cont::LogLevel::Warn:
      vtkOutputWindowDisplayWarningText(text.c_str());
      break;
    case loom::cont::LogLevel::Info:
      vtkOutputWindowDisplayText(text.c_str());
      break;
    default:
      vtkOutputWindowDisplayDebugText(text.c_str());
  }
}

// Installed while this library is loaded; removed before VTK's output window goes at exit.
struct SinkInstaller
{
  SinkInstaller() { loom::cont::SetLogSink(&ToOutputWindow); }
  ~SinkInstaller() { loom::cont::SetLogSink(nullptr); }
} installer;
} // namespace

ExecutionScope::ExecutionScope(vtkAlgorithm* filter, vtkInformationVector** inputVector,
                               vtkInformationVector* outputVector)
  : Filter(filter)
  , Inputs(inputVector)
  , Outputs(outputVector)
  , Record(vtkLoomExecution::GetLast(filter))
  , Enclosing(Running)
  , OuterDevices(loom::cont::BeginDeviceRecord())
  , Start(Now())
{
  if (!this->Record)
  {
    vtkNew<vtkLoomExecution> record;
    filter->GetInformation()->Set(vtkLoomExecution::LAST_EXECUTION(), record);
    this->Record = record;
  }
  this->Record->Masked = false;
  this->Record->Fallback = false;
  this->Record->Message.clear();
  Running = this->Record;
}

ExecutionScope::~ExecutionScope()
{
  vtkLoomExecution& r = *this->Record;
  r.Seconds = Now() - this->Start;
  const std::string devices = DisplayNames(loom::cont::EndDeviceRecord(this->OuterDevices));
  r.Devices = r.Fallback ? (devices.empty() ? "VTK" : devices + "+VTK") : devices.empty() ? "none" : devices;
  vtkDataObject* input = nullptr;
  if (this->Filter->GetNumberOfInputPorts() > 0 && this->Inputs && this->Inputs[0] &&
      this->Inputs[0]->GetNumberOfInformationObjects() > 0)
    input = this->Inputs[0]->GetInformationObject(0)->Get(vtkDataObject::DATA_OBJECT());
  vtkDataObject* output = this->Outputs && this->Outputs->GetNumberOfInformationObjects() > 0
    ? this->Outputs->GetInformationObject(0)->Get(vtkDataObject::DATA_OBJECT())
    : nullptr;
  Sizes(input, r.InputPoints, r.InputCells);
  Sizes(output, r.OutputPoints, r.OutputCells);
  ++r.Executions;
  Running = this->Enclosing;
}

void NoteMasked()
{
  if (Running)
    Running->Masked = true;
}

void Note(const std::string& message, bool fallback)
{
  vtkLogF(INFO, "%s", message.c_str());
  vtkOutputWindowDisplayText((message + "\n").c_str());
  if (Running)
  {
    Running->Message = message;
    Running->Fallback = Running->Fallback || fallback;
  }
}
bool FallBackToVTK(bool allowed, const std::string& note, std::string& error)
{
  if (allowed)
  {
    Note(note, true);
    return true;
  }
  const std::string::size_type cut = note.find("; VTK's");
  std::string why = note.substr(0, cut);
  if (!why.empty() && why.back() == '.')
    why.pop_back();
  // The filter's label leads the note; vtkErrorMacro names the class already, the label stays for users.
  error = why + " (Fallback To VTK is off; on, VTK's filter would compute it).";
  return false;
}
} // namespace interop
} // namespace loom
