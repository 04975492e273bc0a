// Loom filters: the core every Loom filter is written on. What all of them share lives here once: the
// Device choice and Fallback To VTK (their wrapped members, their printing), and one execution of
// RequestData (the execution record and progress, the opening checks, the empty-input rule, errors
// labelled with the filter's name, aborts, the fallback to VTK's filter, the chosen input array and the
// ghost cells to skip). A filter states only what is its own: its properties, how it runs its family,
// and the VTK filter it falls back to. docs/developer/adding-a-filter.md walks through one.
#pragma once

#include "LoomInterop.h"

#include <vtkIndent.h>
#include <vtkSmartPointer.h>

#include <functional>
#include <ostream>
#include <string>

class vtkAbstractArray;
class vtkAlgorithm;
class vtkDataArray;
class vtkDataObject;
class vtkDataSet;
class vtkInformationVector;

namespace loom
{
namespace interop
{
/// The settings every Loom filter has, behind its wrapped Device (and Fallback To VTK) members.
struct LOOMFILTERS_EXPORT FilterSettings
{
  /// A filter made with a device that may be CUDA starts CUDA's preparation in the background
  /// (loom::cont::cuda::PrepareInBackground): its first execution then finds the GPU ready.
  FilterSettings();

  /// 0 Auto (LOOM_DEVICE or the best available), 1 Serial, 2 TBB, 3 CUDA: the filters' DeviceChoice.
  int Device = 0;
  /// Input the filter's Loom family cannot take goes to VTK's filter (on), or is an error (off).
  bool FallbackToVTK = true;

  /// Sets the device (clamped to the choices; CUDA's preparation starts when it may be CUDA); true when it
  /// changed.
  bool SetDevice(int device);
  /// "Auto", "Serial", "TBB" or "CUDA".
  static const char* DeviceName(int device);
  /// Device and, for filters with the property (`fallback`), FallbackToVTK, for PrintSelf.
  void Print(std::ostream& os, vtkIndent indent, bool fallback) const;
};

/// What a filter's RequestData is expected to do before its family runs.
struct FilterSteps
{
  /// Loop elements per input point and cell (ExecutionScope::ExpectPasses), measured on the hexahedral
  /// wavelet a little under, so that progress nears its end rather than jumping to it.
  double Passes = 4.0;
  /// The mask array the filter reads (its name in errors about short arrays), and on which side.
  const char* MaskArrayName = nullptr;
  bool MaskOnPoints = true;
  /// Whether the filter reads the cells (MalformedCells) or only the point and cell arrays
  /// (MalformedArrays: the point maps).
  bool ReadsCells = true;
  /// When the input counts as empty (empty in, empty out, silently): no points, or no points or no cells.
  enum class Empty
  {
    NoPoints,
    NoPointsOrCells,
    NoCells,
    Never
  };
  Empty EmptyWhen = Empty::NoPointsOrCells;
  /// Auto's estimate (loom/cont/AutoDevice.h): the seconds one input cell costs on one CPU thread and on the
  /// GPU (its results' way back included), from the filter's benchmarks. Where Auto would run on CUDA, the
  /// execution runs on the CPU device when that is estimated faster, the input's bytes not on the GPU yet
  /// counted (the record says so). 0: no estimate (Auto runs on CUDA where it can).
  double CpuSecondsPerCell = 0;
  double GpuSecondsPerCell = 0;

  /// The steps of a point map (Elevation, the warps): it reads the point arrays (a mask array on the points)
  /// but not the cells, and passes the structure and arrays before an empty input returns.
  static FilterSteps PointMap(double passes, const char* maskArrayName)
  {
    FilterSteps steps;
    steps.Passes = passes;
    steps.MaskArrayName = maskArrayName;
    steps.ReadsCells = false;
    steps.EmptyWhen = Empty::Never;
    return steps;
  }
};

/// The array chosen through SetInputArrayToProcess, resolved once for every filter: the array, its
/// association, and how errors name it ("Scalars array 'v'").
struct ChosenArray
{
  vtkDataArray* Array = nullptr;
  int Association = -1; ///< vtkDataObject::FIELD_ASSOCIATION_POINTS or _CELLS
  std::string What;     ///< "<property> array '<name>'"
  std::string Error;    ///< why there is none (Array null): the filter fails with it
};

/// One flag per cell of `dataset`, 1 where its ghost flags have any of `ghostBits` (hidden cells:
/// vtkDataSetAttributes::HIDDENCELL; duplicates too: | DUPLICATECELL): the cells a family skips, as VTK's
/// filters skip them. An empty array when no cell has them.
LOOMFILTERS_EXPORT loom::cont::ArrayHandle<UInt8> GhostCellFlags(vtkDataSet* dataset, unsigned char ghostBits);

/// One execution of a Loom filter's RequestData: the execution record and progress for its lifetime
/// (ExecutionScope), and the steps every filter shares.
///
///   loom::interop::FilterRun run(this, "Loom Threshold", this->Core, inputVector, outputVector);
///   if (!run.Begin(steps)) return run.Status();
///   ...; if (cannot) return run.FallBack(note, vtkFilter);
///   return run.Guard("threshold", [&]() -> int { ... the family ...; return 1; });
class LOOMFILTERS_EXPORT FilterRun
{
public:
  FilterRun(vtkAlgorithm* filter, const char* label, const FilterSettings& settings,
            vtkInformationVector** inputVector, vtkInformationVector* outputVector);
  FilterRun(const FilterRun&) = delete;
  FilterRun& operator=(const FilterRun&) = delete;

  /// The opening every filter shares: progress expected, the previous output emptied (its large blocks
  /// return to Loom's pool for this run), no input or malformed cells and arrays a failure, an empty input
  /// an empty output. False when the run ends here, with Status() its result.
  bool Begin(const FilterSteps& steps);
  /// A later estimate of the loop elements (ExecutionScope::ExpectPasses), once the filter knows its work.
  void ExpectPasses(double passes) const { this->Scope.ExpectPasses(passes); }
  /// RequestData's result when Begin returned false.
  int Status() const { return this->Result; }

  vtkAlgorithm* Filter() const { return this->Algorithm; }
  const char* Label() const { return this->Name; }
  vtkDataSet* Input() const { return this->In; }
  vtkDataObject* Output() const { return this->Out; }
  vtkInformationVector** Inputs() const { return this->InputVector; }
  /// The device of the filter's Device property, or the CPU device Auto's estimate chose (Begin).
  loom::cont::DeviceId Device() const { return this->DeviceChosen; }
  /// The Device property value of Device(), for a Loom filter run inside this one.
  int DeviceChoice() const;

  /// What the family reads now ("cells", "Scalars array 'v'"), for the message of a Loom error.
  std::string Current = "cells";

  /// One error labelled with the filter's name, the output emptied, 0 (loom::interop::Fail).
  int Fail(const std::string& message) const;
  /// The output emptied, one warning, 1 (loom::interop::Aborted).
  int Aborted() const;
  /// Aborted() when the filter's abort flag is set (CheckAbort), else Continue.
  int CheckAbort() const;

  /// The family cannot take the input, `note` saying why and what VTK's filter does instead. With Fallback
  /// To VTK on: one info message, then `vtkFilter` (configured with the filter's settings, no input yet)
  /// runs on the input and its output becomes the filter's; 1. Off: the filter fails, naming the property.
  int FallBack(const std::string& note, vtkAlgorithm* vtkFilter) const;
  /// As FallBack, with the output made by `run` (for fallbacks that are more than one VTK filter).
  int FallBack(const std::string& note, const std::function<int()>& run) const;

  /// The array of input array index `index` (SetInputArrayToProcess), named as `property` in errors.
  /// `points`/`cells`: the associations the filter takes ("is not point data" otherwise). When none is
  /// chosen, `activePointScalars` takes the active point scalars (ParaView's Contour). A non-numeric array
  /// is an error.
  ChosenArray InputArray(int index, const char* property, bool points, bool cells,
                         bool activePointScalars = false) const;

  /// GhostCellFlags of the input.
  loom::cont::ArrayHandle<UInt8> GhostCellFlags(unsigned char ghostBits) const;

  /// Runs the family `body` (returning RequestData's status) through Guarded: an abort gives Aborted, a
  /// failed allocation OutOfMemory, a Loom error "cannot <verb> the <dataset class> (<Current>): <what>"
  /// (no verb: "<Current>: <what>", the field filters' words), any other exception SystemFailure.
  template <typename Body>
  int Guard(const char* verb, Body&& body)
  {
#ifndef __VTK_WRAP__
    return Guarded(this->Algorithm, this->Out, this->Name, std::forward<Body>(body),
                   [&](const loom::cont::Error& e) -> int { return this->Fail(this->LoomError(verb, e)); });
#else
    return 0;
#endif
  }
  /// The message of a Loom error met while the family ran (see Guard).
  std::string LoomError(const char* verb, const loom::cont::Error& error) const;

private:
  /// Auto's estimate (FilterSteps::CpuSecondsPerCell): DeviceChosen becomes the CPU device where that is
  /// estimated faster than CUDA.
  void EstimateForAuto(const FilterSteps& steps);
  ExecutionScope Scope;
  vtkAlgorithm* Algorithm;
  const char* Name;
  const FilterSettings& Settings;
  vtkInformationVector** InputVector;
  vtkDataSet* In;
  vtkDataObject* Out;
  loom::cont::DeviceId DeviceChosen;
  int Result = 1;
};
} // namespace interop
} // namespace loom

/// The wrapped locator getters of a sampling filter (its loom::interop::ProbeSource `Source`; defined by
/// LOOM_SAMPLING_LOCATOR_GETTERS in LoomProbe.h): of the last execution, whether the locator was reused (the
/// sampled dataset unmodified since it was built), the seconds its build took (0 when reused) and the bytes it
/// holds (bins, cell lists, boxes; 0 for images and after a fallback).
#define LOOM_SAMPLING_LOCATOR_MEMBERS                                                                                  \
  bool GetLocatorReused();                                                                                             \
  double GetLocatorBuildSeconds();                                                                                     \
  vtkIdType GetLocatorBytes();

/// The wrapped Device members of a Loom filter, on its FilterSettings `Core` (declared here, protected):
/// the DeviceChoice enum and SetDevice/GetDevice. Where the work runs: DEVICE_AUTO (default; LOOM_DEVICE
/// or the best available), SERIAL, TBB, CUDA.
#define LOOM_FILTER_DEVICE_MEMBERS                                                                                     \
  enum DeviceChoice                                                                                                    \
  {                                                                                                                    \
    DEVICE_AUTO = 0,                                                                                                   \
    DEVICE_SERIAL = 1,                                                                                                 \
    DEVICE_TBB = 2,                                                                                                    \
    DEVICE_CUDA = 3                                                                                                    \
  };                                                                                                                   \
  void SetDevice(int device)                                                                                           \
  {                                                                                                                    \
    if (this->Core.SetDevice(device))                                                                                  \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  int GetDevice() { return this->Core.Device; }                                                                        \
                                                                                                                       \
protected:                                                                                                             \
  loom::interop::FilterSettings Core;                                                                                  \
                                                                                                                       \
public:

/// The wrapped Fallback To VTK members of a Loom filter that falls back (on the `Core` of
/// LOOM_FILTER_DEVICE_MEMBERS): on by default, input the Loom family cannot take goes to VTK's own filter
/// with one info message; off, such input is an error.
#define LOOM_FILTER_FALLBACK_MEMBERS                                                                                   \
  void SetFallbackToVTK(bool on)                                                                                       \
  {                                                                                                                    \
    if (this->Core.FallbackToVTK != on)                                                                                \
    {                                                                                                                  \
      this->Core.FallbackToVTK = on;                                                                                   \
      this->Modified();                                                                                                \
    }                                                                                                                  \
  }                                                                                                                    \
  bool GetFallbackToVTK() { return this->Core.FallbackToVTK; }                                                         \
  void FallbackToVTKOn() { this->SetFallbackToVTK(true); }                                                             \
  void FallbackToVTKOff() { this->SetFallbackToVTK(false); }
