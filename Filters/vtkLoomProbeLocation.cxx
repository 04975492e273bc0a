// Loom filters: vtkLoomProbeLocation::RequestData: the input's locator (kept per input), the probe points
// located as vtkProbeFilter locates them without a cell locator, the arrays in VTK's order, the probe points'
// structure; under MPI the first rank gathers.
#include "vtkLoomProbeLocation.h"

#include "LoomProbe.h"

#include <vtkCellData.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkDummyController.h>
#include <vtkFieldData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMultiProcessController.h>
#include <vtkObjectFactory.h>
#include <vtkPProbeFilter.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPolyData.h>
#include <vtkPoints.h>
#include <vtkStreamingDemandDrivenPipeline.h>


vtkStandardNewMacro(vtkLoomProbeLocation);

vtkLoomProbeLocation::vtkLoomProbeLocation()
  : Source(new loom::interop::ProbeSource)
{
  this->SetNumberOfInputPorts(2);
}
vtkLoomProbeLocation::~vtkLoomProbeLocation() = default;

LOOM_SAMPLING_LOCATOR_GETTERS(vtkLoomProbeLocation)

int vtkLoomProbeLocation::FillInputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  if (port == 0)
    info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkCompositeDataSet");
  else
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1); // none: RequestData's error, naming the property
  return 1;
}

int vtkLoomProbeLocation::RequestDataObject(vtkInformation*, vtkInformationVector** inputVector,
                                            vtkInformationVector* outputVector)
{
  // The output is a dataset of the probe points' type (vtkProbeFilter's output is its input's).
  vtkDataSet* probe = vtkDataSet::GetData(inputVector[1]);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkDataObject* output = outInfo->Get(vtkDataObject::DATA_OBJECT());
  if (!probe && !output) // no probe points: an empty polygonal output and RequestData's error
  {
    vtkNew<vtkPolyData> none;
    outInfo->Set(vtkDataObject::DATA_OBJECT(), none);
  }
  else if (probe && (!output || !output->IsA(probe->GetClassName())))
  {
    vtkDataSet* made = probe->NewInstance();
    outInfo->Set(vtkDataObject::DATA_OBJECT(), made);
    made->Delete();
  }
  return 1;
}

int vtkLoomProbeLocation::RequestInformation(vtkInformation*, vtkInformationVector** inputVector,
                                             vtkInformationVector* outputVector)
{
  // The output has the probe points' extent; the input is read in the pieces asked for (vtkPProbeFilter's).
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkInformation* probeInfo = inputVector[1]->GetInformationObject(0);
  if (probeInfo && probeInfo->Has(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()))
    outInfo->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(),
                 probeInfo->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()), 6);
  else
    outInfo->Remove(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT());
  outInfo->Set(CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkLoomProbeLocation::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector,
                                              vtkInformationVector* outputVector)
{
  // Every rank probes at every point: the whole of the probe points; the input: the piece asked for.
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  vtkInformation* probeInfo = inputVector[1]->GetInformationObject(0);
  if (probeInfo)
  {
    probeInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(), 0);
    probeInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), 1);
    probeInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), 0);
    if (probeInfo->Has(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()))
      probeInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(),
                     probeInfo->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()), 6);
  }
  if (inInfo)
  {
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(),
                outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()));
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(),
                outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()));
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), 0);
  }
  return 1;
}

namespace
{
/// VTK's fallback: vtkPProbeFilter as ParaView's Probe Location runs it, with a one-rank controller in a plain
/// VTK process.
class FallbackProbe : public vtkPProbeFilter
{
public:
  static FallbackProbe* New();
  vtkTypeMacro(FallbackProbe, vtkPProbeFilter);

protected:
  FallbackProbe()
  {
    if (!vtkMultiProcessController::GetGlobalController())
      this->SetController(this->OneRank);
  }
  vtkNew<vtkDummyController> OneRank;
};
vtkStandardNewMacro(FallbackProbe);
} // namespace

vtkSmartPointer<vtkAlgorithm> vtkLoomProbeLocation::VTKFilter()
{
  auto vtk = vtkSmartPointer<FallbackProbe>::New();
  vtk->SetPassFieldArrays(this->PassFieldArrays);
  vtk->SetComputeTolerance(this->ComputeTolerance);
  vtk->SetTolerance(this->Tolerance);
  vtk->SetPassPointArrays(this->PassPointArrays);
  vtk->SetPassCellArrays(this->PassCellArrays);
  vtk->SetPassPartialArrays(this->PassPartialArrays);
  return vtk;
}

int vtkLoomProbeLocation::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Probe Location", this->Core, inputVector, outputVector);
  vtkDataObject* given = vtkDataObject::GetData(inputVector[0]);
  vtkDataSet* probe = vtkDataSet::GetData(inputVector[1]);
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const bool parallel = controller && controller->GetNumberOfProcesses() > 1;
  auto vtkProbe = [&](vtkDataObject* data) -> int {
    vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
    vtk->SetInputDataObject(0, probe);
    vtk->SetInputDataObject(1, data);
    vtk->Update();
    run.Output()->ShallowCopy(vtk->GetOutputDataObject(0));
    loom::interop::ProbeSource::CompleteArrays(run.Output());
    return 1;
  };
  if (!probe)
  {
    if (run.Output())
      run.Output()->Initialize();
    return run.Fail("no probe points (Probe Type, the source input).");
  }
  // VTK's probe asserts on a NaN or infinite probe point near a triangle; Loom's own path finds no cell for it
  // (checked only where the fallback would run).
  auto* pointSet = vtkPointSet::SafeDownCast(probe);
  vtkDataArray* xyz = pointSet && pointSet->GetPoints() ? pointSet->GetPoints()->GetData() : nullptr;
  auto finite = [&]() { return !xyz || loom::interop::ProbeSource::FiniteCoordinates(xyz); };
  const std::string pointError = "a probe point has a NaN or infinite coordinate, on which VTK's vtkPProbeFilter "
                                 "(the fallback here) would abort";
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(given))
  {
    vtkSmartPointer<vtkCompositeDataSet> converted;
    const std::string refused = loom::interop::ProbeSource::RefuseComposite(composite, "vtkPProbeFilter", this->PassPartialArrays, &converted);
    if (!refused.empty())
      return run.Fail(refused);
    if (!finite())
      return run.Fail(pointError + ".");
    return run.FallBack("the input is composite data, whose blocks Loom's locate family does not sample together; VTK's "
                        "vtkPProbeFilter samples it instead.",
                        [&]() { return vtkProbe(converted ? converted.Get() : given); });
  }
  loom::interop::FilterSteps steps;
  steps.Passes = 1.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // the probe points, every one invalid
  const bool begun = run.Begin(steps);
  if (!begun && !parallel)
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());
  const bool empty = !begun || input->GetNumberOfPoints() == 0 || input->GetNumberOfCells() == 0;
  std::string unsupported = empty ? "" : loom::interop::ProbeSource::Unsupported(input);
  if (unsupported.empty() && (!pointSet || (pointSet->GetNumberOfPoints() > 0 && !xyz)))
    unsupported = std::string("probe points in a ") + probe->GetClassName() +
      " (ParaView's probe samples an image's points cell by cell; Loom probes point sets)";
  std::string crash = unsupported.empty() || empty ? "" : loom::interop::ProbeSource::CrashesVTK(input, true);
  if (!unsupported.empty() && !finite())
    crash = pointError;
  const int routed = loom::interop::ParallelSampling::Route(
    run, parallel ? controller : nullptr, begun, unsupported.empty() ? "" : "the input or the probe has " + unsupported, crash,
    empty ? "" : loom::interop::ProbeSource::Signature(input), this->AgreedSignature, "vtkPProbeFilter",
    [&]() { return vtkProbe(input); },
    [&]() { // VTK's parallel probe gathers from every rank: this one takes part with nothing
      vtkProbe(vtkSmartPointer<vtkPolyData>::New());
      if (output)
        output->Initialize();
    });
  if (routed >= 0)
    return routed;

  return run.Guard("probe", [&]() -> int {
    vtkNew<vtkPoints> none; // a probe without points: its structure, no samples
    vtkDataArray* at = xyz ? xyz : none->GetData();
    vtkNew<vtkPointData> kept;
    const bool first = this->Source->ProbeLikeParaView(empty ? nullptr : input, at, this->ComputeTolerance,
                                                       this->Tolerance, run, parallel ? controller : nullptr,
                                                       this->AgreedSignature, kept);
    if (!first)
      return 1;
    // The probe's structure, the samples (NaN where no cell holds a point with Pass Partial Arrays), the probe's
    // own arrays where asked (those the samples do not name), its field data (Pass Field Arrays).
    output->CopyStructure(probe);
    output->GetPointData()->ShallowCopy(kept);
    if (this->PassPartialArrays)
      loom::interop::ProbeSource::NaNWhereInvalid(output->GetPointData());
    for (int side = 0; side < 2; ++side)
    {
      if (!(side ? this->PassCellArrays : this->PassPointArrays))
        continue;
      vtkDataSetAttributes* own = side ? static_cast<vtkDataSetAttributes*>(probe->GetCellData())
                                       : static_cast<vtkDataSetAttributes*>(probe->GetPointData());
      vtkDataSetAttributes* out = side ? static_cast<vtkDataSetAttributes*>(output->GetCellData())
                                       : static_cast<vtkDataSetAttributes*>(output->GetPointData());
      for (int a = 0; a < own->GetNumberOfArrays(); ++a)
        if (vtkDataArray* array = own->GetArray(a); array && !out->HasArray(array->GetName()))
          out->AddArray(array);
    }
    if (this->PassFieldArrays)
      output->GetFieldData()->PassData(probe->GetFieldData());
    return 1;
  });
}

void vtkLoomProbeLocation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "PassFieldArrays: " << this->PassFieldArrays << ", ComputeTolerance: " << this->ComputeTolerance
     << ", Tolerance: " << this->Tolerance << ", PassPointArrays: " << this->PassPointArrays
     << ", PassCellArrays: " << this->PassCellArrays << ", PassPartialArrays: " << this->PassPartialArrays << "\n";
}
