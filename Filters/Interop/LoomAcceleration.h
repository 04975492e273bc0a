// Loom filters: running VTK's (and so ParaView's) own filters on Loom. Loom's object factory hands out
// subclasses of VTK's filters (vtkLoomAccelerated*) wherever VTK or ParaView creates those filters through
// New(); each subclass runs the Loom filter of the same meaning where Loom takes the input and the
// properties set, and its VTK superclass's own code otherwise. docs/user-guide.md ("ParaView's filters on
// Loom") says which filters and inputs; docs/developer/architecture.md how it fits.
#pragma once

#include "LoomFiltersModule.h"

#include <functional>
#include <string>
#include <vector>

class vtkAlgorithm;
class vtkDataObject;
class vtkInformation;
class vtkInformationVector;
class vtkMultiProcessController;

namespace loom
{
namespace interop
{
/// Whether the accelerated classes run on Loom (vtkLoomSettings::AccelerateParaViewFilters) and whether a
/// fallback to their own code is an error (strict, for tests).
LOOMFILTERS_EXPORT bool AccelerationOn();
LOOMFILTERS_EXPORT bool AccelerationStrict();
LOOMFILTERS_EXPORT void SetAccelerationOn(bool on);
LOOMFILTERS_EXPORT void SetAccelerationStrict(bool on);
/// The settings proxy's push of the switch: ignored in a process where LOOM_ACCELERATE is set.
LOOMFILTERS_EXPORT void SetAccelerationFromSettings(bool on);
/// Registers the factory once per process.
LOOMFILTERS_EXPORT void InstallAccelerationFactory();

/// While one lives on this thread, Loom's factory hands out VTK's own classes: a Loom filter's fallback
/// runs VTK's filter, never an accelerated one that would come back to Loom.
class LOOMFILTERS_EXPORT VTKOnlyScope
{
public:
  VTKOnlyScope();
  ~VTKOnlyScope();
  VTKOnlyScope(const VTKOnlyScope&) = delete;
  VTKOnlyScope& operator=(const VTKOnlyScope&) = delete;
};
/// True inside a VTKOnlyScope on this thread.
LOOMFILTERS_EXPORT bool VTKOnly();

/// Called by a Loom filter about to fall back to VTK (FilterRun::FallBack): when an accelerated filter
/// runs `filter` for its own work, the fallback is declined (its reason kept, nothing run) and true comes
/// back: the accelerated filter then runs its own code.
LOOMFILTERS_EXPORT bool DeclineFallback(vtkAlgorithm* filter, const std::string& note);

/// For a ParaView meta filter's ProcessRequest (Clip, Slice): its input when `request` is REQUEST_DATA on a
/// dataset, which Loom may take; null otherwise (other passes, hyper tree grids: ParaView's own path, not a
/// fallback).
LOOMFILTERS_EXPORT vtkDataObject* DataSetToAccelerate(vtkInformation* request, vtkInformationVector** inputVector);

/// Whether `input` is a dataset with ghost cells (a piece of distributed data), which Loom's contour, slice and
/// surface leave out where VTK's filters process them.
LOOMFILTERS_EXPORT bool HasGhostCells(vtkDataObject* input);

/// Why a VTK filter of its own controller is its own code: Loom's ranks are the global controller's, and
/// `controller` (the filter's) is another one with several processes. Empty otherwise.
LOOMFILTERS_EXPORT std::string ForeignController(vtkMultiProcessController* controller);
/// Whether the run is distributed: the global controller (SeveralRanks) or the filter's own `controller` has
/// several processes.
LOOMFILTERS_EXPORT bool OnSeveralRanks(vtkMultiProcessController* controller);
/// Why an extracting or measuring filter's copy of `input` (every block's) differs from VTK's: global ids (VTK's
/// copy of the arrays leaves the GlobalIds attribute out, Loom's extracting filters carry every array, when
/// `globalIds`), blanked cells or points (VTK writes empty cells there, or measures them as 0, when `blanking`).
/// Empty where neither is present.
LOOMFILTERS_EXPORT std::string CopiesDiffer(vtkDataObject* input, bool globalIds, bool blanking);
/// For ParaView's probing filters (Probe Location, Plot Over Line, Resample With Dataset): empty where VTK's probe
/// visits its samples in order on one thread (vtkSMPTools' Sequential backend, Debian's), as Loom's in-order walk
/// follows it; else why not (another backend gives every thread's share of the samples its own previous cell, and
/// the cells that visit an image's points overwrite them in any order).
LOOMFILTERS_EXPORT std::string ProbesInOneSequence();
/// One accelerated execution: `self` (a vtkLoomAccelerated* filter) runs `loomFilter` (a Loom filter set
/// up with self's properties) on its input and takes its output, or runs `own` (its superclass's
/// RequestData) with one info message when acceleration is off (silently then), `unsupported` is not empty
/// (why Loom does not take the properties set), the Loom filter cannot take the input, or it fails. Strict:
/// the fallback is an error instead. The execution is recorded on self and, when self works for another
/// filter (vtkPVContourFilter makes a vtkContourFilter each time and forwards its progress), on that one.
/// `check`, when given, looks at the Loom filter's output before it is taken: a reason it returns (the
/// output differs from what the VTK class would give) makes it a fallback like the others. `ports`: the Loom
/// filter's input port i takes self's input port ports[i] (its first connection).
LOOMFILTERS_EXPORT int RunAccelerated(vtkAlgorithm* self, const char* label, vtkAlgorithm* loomFilter,
                                      const std::string& unsupported, vtkInformationVector** inputVector,
                                      vtkInformationVector* outputVector, const std::function<int()>& own,
                                      const std::function<std::string(vtkDataObject*)>& check = {},
                                      const std::vector<int>& ports = { 0 });
} // namespace interop
} // namespace loom
