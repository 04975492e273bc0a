// Loom filters: the object factory of the accelerated VTK classes, the switch, and one accelerated
// execution (LoomAcceleration.h).
#include "LoomAcceleration.h"

#include "LoomInterop.h"
#include "vtkLoomAcceleratedCellDataToPointData.h"
#include "vtkLoomAcceleratedContourFilter.h"
#include "vtkLoomAcceleratedGradientFilter.h"
#include "vtkLoomAcceleratedPointDataToCellData.h"
#include "vtkLoomExecution.h"

#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkCallbackCommand.h>
#include <vtkCellData.h>
#include <vtkCommand.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>
#include <vtkDataSetAttributes.h>
#include <vtkDemandDrivenPipeline.h>
#include <vtkEventForwarderCommand.h>
#include <vtkExecutive.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkSMPTools.h>
#include <vtkVersion.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace loom
{
namespace interop
{
namespace
{
bool FromEnvironment(const char* name, bool otherwise, bool& set)
{
  const char* value = std::getenv(name);
  set = value && value[0] != '\0';
  return set ? !(value[0] == '0' || std::strcmp(value, "off") == 0 || std::strcmp(value, "OFF") == 0) : otherwise;
}

struct Switches
{
  std::atomic<bool> On{ true };
  std::atomic<bool> Strict{ false };
  bool SetByEnvironment = false;
  Switches()
  {
    bool set = false;
    this->On = FromEnvironment("LOOM_ACCELERATE", true, set);
    this->SetByEnvironment = set;
    this->Strict = FromEnvironment("LOOM_ACCELERATE_STRICT", false, set);
  }
};

Switches& State()
{
  static Switches switches;
  return switches;
}

thread_local int VTKOnlyDepth = 0;
// The Loom filter an accelerated filter is running, and where its declined fallback's reason goes.
thread_local vtkAlgorithm* Declining = nullptr;
thread_local std::string* DeclinedReason = nullptr;

template <typename T>
vtkObject* Make()
{
  return T::New();
}

/// VTK's classes the factory replaces, each with Loom's subclass of it.
struct Override
{
  const char* VTKClass;
  const char* LoomClass;
  const char* Description;
  vtkObject* (*Make)();
};
const Override Overrides[] = {
  { "vtkContourFilter", "vtkLoomAcceleratedContourFilter", "Contour on Loom", &Make<vtkLoomAcceleratedContourFilter> },
  { "vtkGradientFilter", "vtkLoomAcceleratedGradientFilter", "Gradient on Loom",
    &Make<vtkLoomAcceleratedGradientFilter> },
  { "vtkCellDataToPointData", "vtkLoomAcceleratedCellDataToPointData", "Cell Data to Point Data on Loom",
    &Make<vtkLoomAcceleratedCellDataToPointData> },
  { "vtkPointDataToCellData", "vtkLoomAcceleratedPointDataToCellData", "Point Data to Cell Data on Loom",
    &Make<vtkLoomAcceleratedPointDataToCellData> },
};

/// The factory: VTK's class name -> Loom's subclass, unless a VTKOnlyScope is open on this thread.
class AccelerationFactory : public vtkObjectFactory
{
public:
  static AccelerationFactory* New()
  {
    auto* factory = new AccelerationFactory;
    factory->InitializeObjectBase();
    return factory;
  }
  vtkTypeMacro(AccelerationFactory, vtkObjectFactory);
  const char* GetVTKSourceVersion() override { return VTK_SOURCE_VERSION; }
  const char* GetDescription() override { return "Loom: VTK's filters on Loom's families"; }

protected:
  AccelerationFactory()
  {
    for (const Override& o : Overrides)
      this->RegisterOverride(o.VTKClass, o.LoomClass, o.Description, 1, o.Make);
  }
  vtkObject* CreateObject(const char* name) override
  {
    return VTKOnlyDepth > 0 ? nullptr : this->vtkObjectFactory::CreateObject(name);
  }
};

/// The VTK class of the object factory's that `self` stands in for (null for the redefined proxies' classes,
/// which keep their records on themselves).
const char* ReplacedClass(vtkAlgorithm* self)
{
  for (const Override& o : Overrides)
    if (self->IsA(o.VTKClass))
      return o.VTKClass;
  return nullptr;
}

/// The filter `self` works for: the target of the progress forwarder its creator attached (ParaView's
/// vtkPVContourFilter and vtkPVGradientFilter make the VTK filter for each execution), else self.
vtkAlgorithm* Owner(vtkAlgorithm* self)
{
  for (unsigned long tag = 1; tag < 64; ++tag)
    if (auto* forwarder = vtkEventForwarderCommand::SafeDownCast(self->GetCommand(tag)))
      if (auto* target = vtkAlgorithm::SafeDownCast(static_cast<vtkObject*>(forwarder->GetTarget())))
        return target;
  return self;
}

vtkLoomExecution* RecordOf(vtkAlgorithm* filter)
{
  vtkLoomExecution* record = vtkLoomExecution::GetLast(filter);
  if (!record)
  {
    vtkNew<vtkLoomExecution> made;
    filter->GetInformation()->Set(vtkLoomExecution::LAST_EXECUTION(), made);
    record = made;
  }
  return record;
}

/// The Loom filter's errors, kept instead of shown (the accelerated filter decides what the user sees).
void KeepError(vtkObject*, unsigned long, void* clientData, void* callData)
{
  auto* kept = static_cast<std::string*>(clientData);
  if (kept->empty() && callData)
    *kept = static_cast<const char*>(callData);
}

/// The accelerated execution inside its ExecutionScope on self: the Loom filter, or the fallback.
int Execute(vtkAlgorithm* self, const char* label, vtkAlgorithm* loomFilter, const std::string& unsupported,
            vtkInformationVector** inputVector, vtkInformationVector* outputVector, const std::function<int()>& own,
            const std::function<std::string(vtkDataObject*)>& check, const std::vector<int>& ports)
{
  vtkDataObject* output = vtkDataObject::GetData(outputVector, 0);
  std::string reason = unsupported;
  if (reason.empty())
  {
    std::string declined, error;
    vtkNew<vtkCallbackCommand> keep;
    keep->SetCallback(&KeepError);
    keep->SetClientData(&error);
    const unsigned long observer = loomFilter->AddObserver(vtkCommand::ErrorEvent, keep);
    // The Loom filter's warnings are Loom's words about its own properties (a Loom Threshold whose lower bound is
    // above its upper); the ParaView filter it stands in for says nothing there, so neither does it.
    vtkNew<vtkCallbackCommand> quiet;
    const unsigned long quieted = loomFilter->AddObserver(vtkCommand::WarningEvent, quiet);
    auto connect = [&](bool on) {
      for (std::size_t p = 0; p < ports.size(); ++p)
        loomFilter->SetInputDataObject(static_cast<int>(p),
                                       on ? vtkDataObject::GetData(inputVector[ports[p]], 0) : nullptr);
    };
    connect(true);
    vtkAlgorithm* const outerTarget = Declining;
    std::string* const outerReason = DeclinedReason;
    Declining = loomFilter;
    DeclinedReason = &declined;
    const int status = loomFilter->GetExecutive()->Update();
    Declining = outerTarget;
    DeclinedReason = outerReason;
    loomFilter->RemoveObserver(observer);
    loomFilter->RemoveObserver(quieted);
    if (!declined.empty())
      reason = declined;
    else if (!status || !error.empty())
      reason = "Loom failed (" + (error.empty() ? std::string("no output") : error) + ")";
    else if (check && !(reason = check(loomFilter->GetOutputDataObject(0))).empty())
      ;
    else
    {
      output->ShallowCopy(loomFilter->GetOutputDataObject(0));
      connect(false);
      return 1;
    }
    connect(false);
  }
  const std::string prefix = std::string(label) + ": ";
  const std::string note = reason.compare(0, prefix.size(), prefix) == 0 ? reason : prefix + reason;
  if (AccelerationStrict())
    return Fail(self, output, label,
                note + " (strict acceleration, LOOM_ACCELERATE_STRICT: ParaView's own code would compute it).");
  std::string cut = note;
  const std::string::size_type vtks = cut.find("; VTK's");
  if (vtks != std::string::npos)
    cut = cut.substr(0, vtks) + ".";
  Note(cut.back() == '.' ? cut + " Its own code computes it." : cut + "; its own code computes it.", true);
  VTKOnlyScope vtkOnly;
  return own();
}
} // namespace

std::string ForeignController(vtkMultiProcessController* controller)
{
  if (controller && controller != vtkMultiProcessController::GetGlobalController() &&
      controller->GetNumberOfProcesses() > 1)
    return "its controller is not the global one, which Loom's ranks join";
  return {};
}

bool OnSeveralRanks(vtkMultiProcessController* controller)
{
  return SeveralRanks() != nullptr || (controller && controller->GetNumberOfProcesses() > 1);
}

std::string CopiesDiffer(vtkDataObject* input, bool globalIds, bool blanking)
{
  std::vector<vtkDataSet*> leaves;
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(input))
    leaves = vtkCompositeDataSet::GetDataSets(composite);
  else if (auto* dataset = vtkDataSet::SafeDownCast(input))
    leaves.push_back(dataset);
  for (vtkDataSet* leaf : leaves)
  {
    if (globalIds && (leaf->GetPointData()->GetGlobalIds() || leaf->GetCellData()->GetGlobalIds()))
      return "the input has global ids, which VTK's copy of the arrays leaves out (Loom carries every array)";
    if (blanking && (leaf->HasAnyBlankCells() || leaf->HasAnyBlankPoints()))
      return "the input has blanked cells or points, which VTK writes as empty cells or measures as 0";
  }
  return {};
}

std::string ProbesInOneSequence()
{
  const char* backend = vtkSMPTools::GetBackend();
  if (backend && std::strcmp(backend, "Sequential") == 0)
    return {};
  return std::string("VTK's SMP backend is ") + (backend ? backend : "unknown") +
    " (VTK's probe then starts its walk again on every thread's share of the samples)";
}

bool AccelerationOn()
{
  return State().On;
}

bool AccelerationStrict()
{
  return State().Strict;
}

void SetAccelerationOn(bool on)
{
  State().On = on;
}

void SetAccelerationStrict(bool on)
{
  State().Strict = on;
}

void SetAccelerationFromSettings(bool on)
{
  // LOOM_ACCELERATE decides for its process: the settings proxy pushes its value when it is made and again
  // with the user's saved settings, and neither may undo the environment.
  if (!State().SetByEnvironment)
    State().On = on;
}

void InstallAccelerationFactory()
{
  static std::once_flag once;
  std::call_once(once, [] {
    vtkNew<AccelerationFactory> factory;
    vtkObjectFactory::RegisterFactory(factory);
  });
  // The plugin is loaded: where CUDA is the default device, the GPU is made ready in the background.
  if (loom::cont::RuntimeDeviceTracker::Get().MayRunOnCuda(loom::cont::DeviceId::Auto))
    loom::cont::cuda::PrepareInBackground();
}

VTKOnlyScope::VTKOnlyScope()
{
  ++VTKOnlyDepth;
}

VTKOnlyScope::~VTKOnlyScope()
{
  --VTKOnlyDepth;
}

bool VTKOnly()
{
  return VTKOnlyDepth > 0;
}

vtkDataObject* DataSetToAccelerate(vtkInformation* request, vtkInformationVector** inputVector)
{
  if (!request->Has(vtkDemandDrivenPipeline::REQUEST_DATA()))
    return nullptr;
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  return input && input->IsA("vtkDataSet") ? input : nullptr;
}

bool HasGhostCells(vtkDataObject* input)
{
  auto* data = vtkDataSet::SafeDownCast(input);
  return data && data->GetCellData()->GetArray(vtkDataSetAttributes::GhostArrayName());
}

bool DeclineFallback(vtkAlgorithm* filter, const std::string& note)
{
  if (!filter || filter != Declining || !DeclinedReason)
    return false;
  *DeclinedReason = note.empty() ? std::string("Loom's family does not take the input.") : note;
  return true;
}

int RunAccelerated(vtkAlgorithm* self, const char* label, vtkAlgorithm* loomFilter, const std::string& unsupported,
                   vtkInformationVector** inputVector, vtkInformationVector* outputVector,
                   const std::function<int()>& own, const std::function<std::string(vtkDataObject*)>& check,
                   const std::vector<int>& ports)
{
  // Off, or a Loom filter's fallback runs this VTK filter (it may have been made before the fallback began).
  vtkAlgorithm* owner = Owner(self);
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  if (!AccelerationOn() || VTKOnly())
  {
    if (owner == self && AccelerationOn() == false)
      vtkLoomExecution::KeepForInput(input, ReplacedClass(self), nullptr); // no Loom execution on this input now
    return own();
  }
  vtkLoomExecution* record = RecordOf(self);
  const vtkLoomExecution* before = owner != self ? vtkLoomExecution::GetLast(owner) : nullptr;
  if (before)
  {
    record->Noted = before->Noted; // each note once per ParaView filter, not per VTK filter it makes
    record->Executions = before->Executions;
  }
  int status = 0;
  {
    ExecutionScope scope(self, inputVector, outputVector);
    status = Execute(self, label, loomFilter, unsupported, inputVector, outputVector, own, check, ports);
  }
  if (owner == self)
    vtkLoomExecution::KeepForInput(input, ReplacedClass(self), record);
  else
  {
    RecordOf(owner)->CopyRecord(*record);
  }
  return status;
}
} // namespace interop
} // namespace loom
