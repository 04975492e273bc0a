// Loom filters: the filter core (LoomFilterCore.h): settings, the opening of RequestData, the fallback to
// VTK's filter, the chosen input array and the ghost cells to skip, written once for every filter.
#include "LoomFilterCore.h"

#include "LoomAcceleration.h"

#include <loom/cont/AutoDevice.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkAbstractArray.h>
#include <vtkAlgorithm.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkPointData.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>

namespace
{
/// vtkAlgorithm's array lookup (protected) for the core, which runs for the filter: a pointer to the
/// member taken in a subclass's scope is callable on any vtkAlgorithm.
struct ArrayLookup : vtkAlgorithm
{
  using Lookup = vtkAbstractArray* (vtkAlgorithm::*)(int, vtkInformationVector**, int&);
  static Lookup Get() { return static_cast<Lookup>(&ArrayLookup::GetInputAbstractArrayToProcess); }
};
} // namespace

namespace loom
{
namespace interop
{
namespace
{
void PrepareDevice(int choice)
{
  if (loom::cont::RuntimeDeviceTracker::Get().MayRunOnCuda(DeviceFromChoice(choice)))
    loom::cont::cuda::PrepareInBackground();
}
} // namespace

FilterSettings::FilterSettings()
{
  PrepareDevice(this->Device);
}

bool FilterSettings::SetDevice(int device)
{
  device = std::min(3, std::max(0, device));
  const bool changed = device != this->Device;
  this->Device = device;
  if (changed)
    PrepareDevice(device);
  return changed;
}

const char* FilterSettings::DeviceName(int device)
{
  static const char* names[] = { "Auto", "Serial", "TBB", "CUDA" };
  return device >= 0 && device <= 3 ? names[device] : "Auto";
}

void FilterSettings::Print(std::ostream& os, vtkIndent indent, bool fallback) const
{
  os << indent << "Device: " << DeviceName(this->Device) << "\n";
  if (fallback)
    os << indent << "FallbackToVTK: " << (this->FallbackToVTK ? "On" : "Off") << "\n";
}

FilterRun::FilterRun(vtkAlgorithm* filter, const char* label, const FilterSettings& settings,
                     vtkInformationVector** inputVector, vtkInformationVector* outputVector)
  : Scope(filter, inputVector, outputVector)
  , Algorithm(filter)
  , Name(label)
  , Settings(settings)
  , InputVector(inputVector)
  , In(vtkDataSet::GetData(inputVector[0]))
  , Out(vtkDataObject::GetData(outputVector))
  , DeviceChosen(DeviceFromChoice(settings.Device))
{
}

bool FilterRun::Begin(const FilterSteps& steps)
{
  this->Scope.ExpectPasses(steps.Passes);
  if (this->Out)
    this->Out->Initialize();
  if (!this->In)
  {
    this->Result = this->Fail("no input dataset.");
    return false;
  }
  const std::string malformed = steps.ReadsCells
    ? MalformedCells(this->In, steps.MaskArrayName, steps.MaskOnPoints)
    : MalformedArrays(this->In, steps.MaskArrayName, steps.MaskOnPoints);
  if (!malformed.empty())
  {
    this->Result = this->Fail(malformed);
    return false;
  }
  const bool noPoints = this->In->GetNumberOfPoints() == 0;
  const bool noCells = this->In->GetNumberOfCells() == 0;
  using Empty = FilterSteps::Empty;
  const bool empty = (steps.EmptyWhen == Empty::NoPoints && noPoints) ||
    (steps.EmptyWhen == Empty::NoPointsOrCells && (noPoints || noCells)) || (steps.EmptyWhen == Empty::NoCells && noCells);
  if (empty)
  {
    // Empty in, empty out, silently (as ParaView's filters; MPI ranks with empty pieces).
    this->Result = 1;
    return false;
  }
  try
  {
    this->EstimateForAuto(steps);
  }
  catch (...)
  {
    // No estimate (LOOM_DEVICE unreadable, a failing driver): the device stays as asked, and the work meets
    // the same failure under the filter's guard.
  }
  return true;
}

void FilterRun::EstimateForAuto(const FilterSteps& steps)
{
  if (steps.CpuSecondsPerCell <= 0 || !loom::cont::AutoEstimateApplies(this->DeviceChosen))
    return;
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  if (tracker.Resolve(loom::cont::DeviceId::Auto) != loom::cont::DeviceId::Cuda)
    return;
  const loom::cont::DeviceId cpu = tracker.HostDevice();
  loom::cont::WorkCost work;
  work.Elements = static_cast<double>(this->In->GetNumberOfCells());
  work.CpuSecondsPerElement = steps.CpuSecondsPerCell;
  work.GpuSecondsPerElement = steps.GpuSecondsPerCell;
  work.BytesToDevice = static_cast<double>(BytesToDevice(this->In));
  const loom::cont::AutoChoice choice = loom::cont::ChooseForAuto(work, loom::cont::GetDeviceCosts(cpu), cpu);
  if (choice.Device == loom::cont::DeviceId::Cuda)
    return;
  this->DeviceChosen = choice.Device;
  // In the record (the Loom panel), not the output window: a choice made at every execution of a slider's drag.
  NoteInRecord("Auto ran " + choice.Why + ".");
}

int FilterRun::DeviceChoice() const
{
  return ChoiceFromDevice(this->DeviceChosen);
}

int FilterRun::Fail(const std::string& message) const
{
  return loom::interop::Fail(this->Algorithm, this->Out, this->Name, message);
}

int FilterRun::Aborted() const
{
  return loom::interop::Aborted(this->Algorithm, this->Out, this->Name);
}

int FilterRun::CheckAbort() const
{
  return this->Algorithm->CheckAbort() ? this->Aborted() : Continue;
}

int FilterRun::FallBack(const std::string& note, const std::function<int()>& run) const
{
  const std::string prefix = std::string(this->Name) + ":";
  const std::string text = note.compare(0, prefix.size(), prefix) == 0 ? note : prefix + " " + note;
  // Run for an accelerated VTK filter (LoomAcceleration.h): that filter runs its own code instead.
  // Its note without this filter's label: the accelerated filter's leads it.
  const std::string::size_type from = text.find_first_not_of(' ', prefix.size());
  if (DeclineFallback(this->Algorithm, from == std::string::npos ? std::string() : text.substr(from)))
    return 1;
  std::string error;
  if (!FallBackToVTK(this->Settings.FallbackToVTK, text, error))
    return this->Fail(error);
  VTKOnlyScope vtkOnly; // VTK's filter, never Loom's accelerated subclass of it
  return run();
}

int FilterRun::FallBack(const std::string& note, vtkAlgorithm* vtkFilter) const
{
  return this->FallBack(note, [&]() -> int {
    vtkFilter->SetInputDataObject(0, this->In);
    vtkFilter->Update();
    this->Out->ShallowCopy(vtkFilter->GetOutputDataObject(0));
    return 1;
  });
}

ChosenArray FilterRun::InputArray(int index, const char* property, bool points, bool cells,
                                  bool activePointScalars) const
{
  ChosenArray chosen;
  vtkInformation* info = this->Algorithm->GetInputArrayInformation(index);
  const std::string name = info && info->Has(vtkDataObject::FIELD_NAME()) ? info->Get(vtkDataObject::FIELD_NAME()) : "";
  int association = -1;
  vtkAbstractArray* array = (this->Algorithm->*ArrayLookup::Get())(index, this->InputVector, association);
  if (!array && name.empty() && activePointScalars && this->In->GetPointData()->GetScalars())
  {
    // No array chosen (a proxy made before its input had arrays): the active point scalars.
    array = this->In->GetPointData()->GetScalars();
    association = vtkDataObject::FIELD_ASSOCIATION_POINTS;
  }
  const std::string data = points && cells ? "point or cell" : points ? "point" : "cell";
  chosen.What = std::string(property) + " array '" +
    (array && name.empty() && array->GetName() ? std::string(array->GetName()) : name) + "'";
  chosen.Association = association;
  if (!array)
  {
    // The side the active scalars are looked for on, as the array information says.
    const int wanted = info && info->Has(vtkDataObject::FIELD_ASSOCIATION())
      ? info->Get(vtkDataObject::FIELD_ASSOCIATION())
      : vtkDataObject::FIELD_ASSOCIATION_POINTS;
    const char* side = wanted == vtkDataObject::FIELD_ASSOCIATION_CELLS ? "cell"
      : wanted == vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS    ? "point or cell"
                                                                         : "point";
    chosen.Error = name.empty()
      ? std::string(property) + ": no array is chosen and the input has no active " + side + " scalars."
      : chosen.What + " is not in the input's " + data + " data.";
    return chosen;
  }
  const bool onPoints = association == vtkDataObject::FIELD_ASSOCIATION_POINTS;
  const bool onCells = association == vtkDataObject::FIELD_ASSOCIATION_CELLS;
  if ((onPoints && !points) || (onCells && !cells) || (!onPoints && !onCells))
  {
    chosen.Error = chosen.What + " is not " + data + " data; " + this->Name + " takes " + data + " arrays.";
    return chosen;
  }
  chosen.Array = vtkDataArray::SafeDownCast(array);
  if (!chosen.Array)
    chosen.Error = chosen.What + " is a " + array->GetClassName() + ", not a numeric array.";
  return chosen;
}

loom::cont::ArrayHandle<UInt8> FilterRun::GhostCellFlags(unsigned char ghostBits) const
{
  return loom::interop::GhostCellFlags(this->In, ghostBits);
}

loom::cont::ArrayHandle<UInt8> GhostCellFlags(vtkDataSet* dataset, unsigned char ghostBits)
{
  loom::cont::ArrayHandle<UInt8> flags;
  vtkUnsignedCharArray* ghosts = dataset->GetCellData()->GetGhostArray();
  const vtkIdType n = dataset->GetNumberOfCells();
  if (!ghosts || ghosts->GetNumberOfTuples() != n)
    return flags;
  const unsigned char* g = ghosts->GetPointer(0);
  if (std::none_of(g, g + n, [=](unsigned char v) { return (v & ghostBits) != 0; }))
    return flags;
  flags.Allocate(n);
  std::transform(g, g + n, flags.GetPointer(), [=](unsigned char v) -> UInt8 { return (v & ghostBits) ? 1 : 0; });
  return flags;
}

std::string FilterRun::LoomError(const char* verb, const loom::cont::Error& error) const
{
  if (!verb)
    return (this->Current.empty() ? std::string() : this->Current + ": ") + error.what();
  // The dataset, or the composite data a filter that takes it reads block by block.
  vtkDataObject* input = this->In ? this->In : vtkDataObject::GetData(this->InputVector[0]);
  return std::string("cannot ") + verb + " the " + (input ? input->GetClassName() : "input") + " (" + this->Current +
    "): " + error.what();
}
} // namespace interop
} // namespace loom
