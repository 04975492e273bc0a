// Loom filters: the record of each filter's execution (ExecutionScope, vtkLoomExecution) and the route of
// Loom's messages to VTK's output window, which the ParaView client shows in its Output Messages window.
#include "LoomInterop.h"

#include <vtkMultiProcessController.h>
#include "vtkLoomExecution.h"

#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/HandOver.h>
#include <loom/cont/Logging.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/WorkMonitor.h>
#include <loom/cont/cuda/CudaMemory.h>

#include <vtkAlgorithm.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataSet.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSOADataArrayTemplate.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkOutputWindow.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>

namespace loom
{
namespace interop
{
namespace
{
// The record of the filter executing on this thread (nullptr outside RequestData), and how many Loom
// executions are open on this thread (2 for a Loom filter that Slice runs).
thread_local vtkLoomExecution* Running = nullptr;
thread_local int Depth = 0;

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

// The filter's view of its Loom work: progress from the loop elements done against the expected count,
// the abort flag asked at each report.
struct ExecutionScope::Watching final : loom::cont::WorkMonitor
{
  vtkAlgorithm* Filter;
  double Unit;     // the input's points plus cells
  double Expected; // loop elements expected
  double Reported = 0.0;
  int Reports = 0;
  std::unique_ptr<loom::cont::WorkMonitorScope> Scope;

  Watching(vtkAlgorithm* filter, double unit)
    : Filter(filter)
    , Unit(std::max(1.0, unit))
    , Expected(4.0 * std::max(1.0, unit))
  {
  }

  bool Continue(loom::Int64 done, loom::Int64) override
  {
    // 95% at the expected count; past it (an estimate, not a promise) on towards 99%, never back.
    const double share = static_cast<double>(done) / this->Expected;
    const double progress = share <= 1.0 ? 0.95 * share : 0.99 - 0.04 / share;
    if (progress > this->Reported)
    {
      this->Reported = progress;
      ++this->Reports;
      this->Filter->UpdateProgress(progress);
    }
    return !this->Filter->CheckAbort();
  }
};

void ExecutionScope::ExpectPasses(double passes) const
{
  if (this->Watch)
    this->Watch->Expected = std::max(1.0, passes * this->Watch->Unit);
}

int Aborted(vtkAlgorithm* filter, vtkDataObject* output, const char* label)
{
  if (output)
    output->Initialize();
  // A Loom filter run by another one stops for the outer filter's abort flag: the outer one warns.
  if (Depth > 1)
    return 1;
  vtkWarningWithObjectMacro(filter, << label << ": aborted; the output is empty.");
  return 1;
}

int OutOfMemory(vtkAlgorithm* filter, vtkDataObject* output, const char* label)
{
  return Fail(filter, output, label, "out of memory (an allocation failed); the output is empty.");
}

int SystemFailure(vtkAlgorithm* filter, vtkDataObject* output, const char* label, const char* what)
{
  return Fail(filter, output, label, std::string(what) + "; the output is empty.");
}

namespace
{
// f(memory, MTime) for the memory of an array: an AOS array's values, each component of an SOA one.
template <typename F>
void ArrayMemory(vtkDataArray* array, F& f)
{
  if (!array || array->GetNumberOfTuples() == 0)
    return;
  if (array->HasStandardMemoryLayout())
  {
    f(array->GetVoidPointer(0), array->GetMTime());
    return;
  }
  auto soa = [&](auto tag) {
    using T = decltype(tag);
    if (auto* typed = vtkSOADataArrayTemplate<T>::FastDownCast(array))
    {
      for (int c = 0; c < typed->GetNumberOfComponents(); ++c)
        if (const void* memory = typed->GetComponentArrayPointer(c))
          f(memory, array->GetMTime());
      return true;
    }
    return false;
  };
  soa(float()) || soa(double()) || soa(char()) || soa(static_cast<signed char>(0)) || soa(static_cast<unsigned char>(0)) || soa(short()) ||
    soa(static_cast<unsigned short>(0)) || soa(int()) || soa(0u) || soa(long()) || soa(0ul) || soa(0ll) || soa(0ull);
}

// f for the memory of every array of a dataset (points, point and cell data, cells) or of each block.
template <typename F>
void ForEachArrayMemory(vtkDataObject* data, F&& f)
{
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(data))
  {
    vtkSmartPointer<vtkCompositeDataIterator> it;
    it.TakeReference(composite->NewIterator());
    for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
      ForEachArrayMemory(it->GetCurrentDataObject(), f);
    return;
  }
  auto* dataset = vtkDataSet::SafeDownCast(data);
  if (!dataset)
    return;
  for (vtkFieldData* fields : { static_cast<vtkFieldData*>(dataset->GetPointData()),
                                static_cast<vtkFieldData*>(dataset->GetCellData()) })
    for (int a = 0; a < fields->GetNumberOfArrays(); ++a)
      ArrayMemory(fields->GetArray(a), f);
  if (auto* pointSet = vtkPointSet::SafeDownCast(dataset))
    if (pointSet->GetPoints())
      ArrayMemory(pointSet->GetPoints()->GetData(), f);
  auto cells = [&](vtkCellArray* cellArray) {
    if (cellArray)
    {
      ArrayMemory(cellArray->GetOffsetsArray(), f);
      ArrayMemory(cellArray->GetConnectivityArray(), f);
    }
  };
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(dataset))
  {
    ArrayMemory(grid->GetCellTypesArray(), f);
    cells(grid->GetCells());
  }
  else if (auto* poly = vtkPolyData::SafeDownCast(dataset))
  {
    cells(poly->GetVerts());
    cells(poly->GetLines());
    cells(poly->GetPolys());
    cells(poly->GetStrips());
  }
}
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
  , BytesToDeviceBefore(loom::cont::cuda::GetTransferCounts().BytesHostToDevice)
  , BytesToHostBefore(loom::cont::cuda::GetTransferCounts().BytesDeviceToHost)
  , FoundBefore(loom::cont::GetHandOverStatistics().Found)
  , ReusedBefore(loom::cont::GetDeviceInputCacheStatistics().Reused)
  , BytesReusedBefore(loom::cont::GetDeviceInputCacheStatistics().BytesReused)
  , HandOverSerialBefore(loom::cont::HandOverSerial())
{
  if (!this->Record)
  {
    vtkNew<vtkLoomExecution> record;
    filter->GetInformation()->Set(vtkLoomExecution::LAST_EXECUTION(), record);
    this->Record = record;
  }
  this->Record->Masked = false;
  this->Record->Fallback = false;
  this->Record->Failed = false;
  this->Record->Message.clear();
  this->Record->PartPoints = 0;
  Running = this->Record;
  ++Depth;

  // A Loom filter run inside another one's execution (Slice runs Contour) is part of the outer
  // filter's work: the outer monitor goes on counting it, and the outer filter's abort flag stops it.
  if (this->Enclosing)
    return;
  // LOOM_WORK_MONITOR=0: no monitor (no progress inside the families, abort between phases only), to
  // measure what the monitor costs.
  static const bool monitor = [] {
    const char* env = std::getenv("LOOM_WORK_MONITOR");
    return !(env && env[0] == '0');
  }();
  if (!monitor)
    return;
  vtkIdType points = 0, cells = 0;
  if (filter->GetNumberOfInputPorts() > 0 && inputVector && inputVector[0] &&
      inputVector[0]->GetNumberOfInformationObjects() > 0)
    Sizes(inputVector[0]->GetInformationObject(0)->Get(vtkDataObject::DATA_OBJECT()), points, cells);
  this->Watch.reset(new Watching(filter, static_cast<double>(points + cells)));
  this->Watch->Scope.reset(new loom::cont::WorkMonitorScope(this->Watch.get()));
}

ExecutionScope::~ExecutionScope()
{
  if (this->Watch && std::getenv("LOOM_WORK_TRACE"))
    std::cerr << "loom work: " << this->Filter->GetClassName() << " " << this->Watch->Scope->Done()
              << " elements = " << static_cast<double>(this->Watch->Scope->Done()) / this->Watch->Unit
              << " x (points + cells), " << this->Watch->Reports << " progress reports, last "
              << this->Watch->Reported << "\n";
  vtkLoomExecution& r = *this->Record;
  if (!this->Enclosing)
    r.WorkElements = this->Watch ? this->Watch->Scope->Done() : 0;
  if (this->Watch)
    this->Watch->Scope.reset();
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
  // Setting up the output changed some arrays' MTimes after Loom handed their memory over (vtkPoints
  // names its array, for one): what this execution handed over is stamped with the MTimes it ends with,
  // so that a Loom filter downstream finds it unmodified.
  ForEachArrayMemory(output, [this](const void* memory, vtkMTimeType mtime) {
    loom::cont::StampHandedOverSince(memory, mtime, this->HandOverSerialBefore);
  });
  const loom::cont::cuda::TransferCounts transfers = loom::cont::cuda::GetTransferCounts();
  r.BytesToDevice = static_cast<vtkTypeUInt64>(transfers.BytesHostToDevice - this->BytesToDeviceBefore);
  r.BytesToHost = static_cast<vtkTypeUInt64>(transfers.BytesDeviceToHost - this->BytesToHostBefore);
  r.InputArraysFound = static_cast<vtkIdType>(loom::cont::GetHandOverStatistics().Found - this->FoundBefore);
  const loom::cont::DeviceInputCacheStatistics cached = loom::cont::GetDeviceInputCacheStatistics();
  r.DeviceCopiesReused = static_cast<vtkIdType>(cached.Reused - this->ReusedBefore);
  r.BytesReusedOnDevice = static_cast<vtkTypeUInt64>(cached.BytesReused - this->BytesReusedBefore);
  ++r.Executions;
  if (this->Enclosing) // a part read by a filter run inside another (an accelerated ParaView filter's) is the outer's too
    this->Enclosing->PartPoints += r.PartPoints;
  Running = this->Enclosing;
  --Depth;
}

int Fail(vtkAlgorithm* filter, vtkDataObject* output, const char* label, const std::string& message)
{
  const std::string prefix = std::string(label) + ":";
  const std::string text = message.compare(0, prefix.size(), prefix) == 0 ? message : prefix + " " + message;
  vtkErrorWithObjectMacro(filter, << text);
  if (output)
    output->Initialize();
  if (Running)
  {
    Running->Message = text;
    Running->Failed = true;
  }
  return 0;
}

void NoteInRecord(const std::string& message)
{
  if (Running)
    Running->Message = message;
}

void NoteMasked()
{
  if (Running)
    Running->Masked = true;
}

void Note(const std::string& message, bool fallback)
{
  // Shown once per filter and message (a filter re-executed for the same reason says it once); the
  // record keeps it for the Loom panel every time. The logger gets it at verbosity 1, below INFO, so
  // that a terminal shows it once (the output window prints it there too); callbacks asking for 1 see it.
  if (Running && Running->Noted.size() > 64)
    Running->Noted.clear(); // messages that carry counts could grow it without end
  const bool shown = Running && !Running->Noted.insert(message).second;
  if (!shown)
  {
    vtkVLogF(vtkLogger::VERBOSITY_1, "%s", message.c_str());
    vtkOutputWindowDisplayText((message + "\n").c_str());
  }
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
vtkMultiProcessController* SeveralRanks()
{
  vtkMultiProcessController* c = vtkMultiProcessController::GetGlobalController();
  return c && c->GetNumberOfProcesses() > 1 ? c : nullptr;
}

void NotePartRead(Id points)
{
  if (Running)
    Running->PartPoints += static_cast<vtkIdType>(points);
}
} // namespace interop
} // namespace loom
