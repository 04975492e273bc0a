// Loom filters: what a Loom filter's last execution did (devices, time, sizes, mask, fallback, message),
// kept on the filter and read by the ParaView plugin's Loom panel, pvpython and C++ callers.
#ifndef vtkLoomExecution_h
#define vtkLoomExecution_h

#include "LoomFiltersModule.h"

#include <vtkObject.h>

#include <set>
#include <string>

class vtkAlgorithm;
class vtkDataObject;
class vtkInformationObjectBaseKey;

/// The record of a Loom filter's last RequestData, kept in the filter's information
/// (`vtkLoomExecution::GetLast(filter)`): the devices that ran its work after any fallback ("TBB",
/// "CUDA+TBB", or "VTK" when VTK's filter computed it), the wall time, the input's and output's numbers of
/// points and cells, whether a mask limited the work, the bytes that crossed to and from the GPU, and the
/// last message Loom gave during it.
/// For a composite input the record is the last block's.
class LOOMFILTERS_EXPORT vtkLoomExecution : public vtkObject
{
public:
  static vtkLoomExecution* New();
  vtkTypeMacro(vtkLoomExecution, vtkObject);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// The record of `filter`'s last execution; nullptr for a filter that is not Loom's or has not run. A
  /// ParaView filter accelerated through a VTK filter it makes (vtkLoomSettings::AccelerateParaViewFilters)
  /// has the record of that filter's last execution on its input.
  static vtkLoomExecution* GetLast(vtkAlgorithm* filter);

  /// The devices that ran the work ("Serial", "TBB", "CUDA", joined by '+'), "VTK" for a fallback to
  /// VTK's filter, "none" when the execution stopped before any work (empty or bad input).
  const char* GetDevices() { return this->Devices.c_str(); }
  vtkGetMacro(Seconds, double);
  vtkGetMacro(InputPoints, vtkIdType);
  vtkGetMacro(InputCells, vtkIdType);
  vtkGetMacro(OutputPoints, vtkIdType);
  vtkGetMacro(OutputCells, vtkIdType);
  /// True when a mask (array, ids or selection) limited the computed elements.
  vtkGetMacro(Masked, bool);
  /// True when VTK's filter computed the result (an input Loom's families do not take).
  vtkGetMacro(Fallback, bool);
  /// True when the execution failed (its error is the Message).
  vtkGetMacro(Failed, bool);
  /// How many times the filter has executed.
  vtkGetMacro(Executions, int);
  /// Bytes copied from host to GPU memory and back during the execution (0 on the CPU devices).
  vtkGetMacro(BytesToDevice, vtkTypeUInt64);
  vtkGetMacro(BytesToHost, vtkTypeUInt64);
  /// How many times the execution took an input array (values, cells) that was a Loom filter's output,
  /// unmodified since, back as Loom's own array: not wrapped again, and on the GPU already when that
  /// filter ran there.
  vtkGetMacro(InputArraysFound, vtkIdType);
  /// How many device copies of the input's VTK arrays (unmodified since an earlier execution uploaded
  /// them) the execution found in the GPU input cache, and their bytes: what did not cross the link.
  vtkGetMacro(DeviceCopiesReused, vtkIdType);
  vtkGetMacro(BytesReusedOnDevice, vtkTypeUInt64);
  /// Loop elements Loom's CPU work did under the filter's progress monitor (the unit of its progress
  /// and of vtkLoomSettings::SetProgressReportElements); 0 when nothing was monitored (GPU work, a
  /// fallback to VTK, LOOM_WORK_MONITOR=0).
  vtkGetMacro(WorkElements, vtkTypeInt64);
  /// The points of the part of a grid the execution read when it read only a part (Slice and Clip by a bounded
  /// function, Contour, Threshold and Clip by Scalar re-executed on an unchanged array: the part the function or
  /// the values reach); 0 when it read the whole input.
  vtkGetMacro(PartPoints, vtkIdType);
  /// The last message (info, warning or the error of a failed execution) Loom gave during the execution;
  /// empty when none.
  const char* GetMessage() { return this->Message.c_str(); }
  /// One line: "TBB, 0.0123 s, 2097152 points / 2048383 cells -> 7812 points / 15264 cells, masked".
  std::string Describe() const;

  /// The key under which a filter keeps its record.
  static vtkInformationObjectBaseKey* LAST_EXECUTION();

#ifndef __VTK_WRAP__
  // Written by Loom's filters (loom::interop::ExecutionScope); not for callers.
  std::string Devices = "none";
  double Seconds = 0;
  vtkIdType InputPoints = 0, InputCells = 0, OutputPoints = 0, OutputCells = 0;
  bool Masked = false;
  bool Fallback = false;
  bool Failed = false;
  int Executions = 0;
  vtkTypeUInt64 BytesToDevice = 0, BytesToHost = 0;
  vtkIdType InputArraysFound = 0;
  vtkIdType DeviceCopiesReused = 0;
  vtkTypeUInt64 BytesReusedOnDevice = 0;
  vtkTypeInt64 WorkElements = 0;
  vtkIdType PartPoints = 0;
  std::string Message;
  std::set<std::string> Noted; // the notes shown for this filter so far (each is shown once)
  /// Every value of `from` (its notes too): vtkLoomExecution is a vtkObject, with no copy assignment.
  void CopyRecord(const vtkLoomExecution& from);
  /// Keeps `record` as the last execution of a `vtkClass` (a VTK filter class Loom accelerates) on `input`
  /// (null: forgets it): GetLast answers it for a filter of that class (or a subclass) with no record of its
  /// own whose input it is (ParaView's Gradient, which makes a vtkGradientFilter for each execution and does
  /// not forward its events), and for no other filter on the same input.
  static void KeepForInput(vtkDataObject* input, const char* vtkClass, vtkLoomExecution* record);
#endif

protected:
  vtkLoomExecution() = default;
  ~vtkLoomExecution() override = default;

private:
  vtkLoomExecution(const vtkLoomExecution&) = delete;
  void operator=(const vtkLoomExecution&) = delete;
};

#endif
