// Loom filters: vtkLoomResampleToImage::RequestData: the image's geometry as vtkResampleToImage computes
// it, the input's locator (kept per input), the samples located with the highest containing cell winning
// (vtkProbeFilter visits the input's cells in order and each overwrites), the arrays in VTK's order, and
// the blanking.
#include "vtkLoomResampleToImage.h"

#include "LoomProbe.h"


#include <vtkBoundingBox.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkExtentTranslator.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkMultiProcessController.h>
#include <vtkPResampleToImage.h>
#include <vtkResampleToImage.h>
#include <vtkUnstructuredGrid.h>

#include <vector>
#include <vtkStreamingDemandDrivenPipeline.h>


vtkStandardNewMacro(vtkLoomResampleToImage);

vtkLoomResampleToImage::vtkLoomResampleToImage()
  : Source(new loom::interop::ProbeSource)
{
}
vtkLoomResampleToImage::~vtkLoomResampleToImage() = default;

vtkSmartPointer<vtkAlgorithm> vtkLoomResampleToImage::VTKFilter()
{
  // Several ranks: ParaView's parallel filter (global bounds, the samples gathered where they belong).
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  auto vtk = controller && controller->GetNumberOfProcesses() > 1 ? vtkSmartPointer<vtkResampleToImage>(vtkSmartPointer<vtkPResampleToImage>::New())
                                                                   : vtkSmartPointer<vtkResampleToImage>::New();
  vtk->SetUseInputBounds(this->UseInputBounds);
  vtk->SetSamplingBounds(this->SamplingBounds);
  vtk->SetSamplingDimensions(this->SamplingDimensions);
  return vtk;
}

LOOM_SAMPLING_LOCATOR_GETTERS(vtkLoomResampleToImage)

int vtkLoomResampleToImage::FillInputPortInformation(int, vtkInformation* info)
{
  // Datasets, and composite data whole (one image over every block, as vtkResampleToImage: by VTK's filter).
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkCompositeDataSet");
  return 1;
}

int vtkLoomResampleToImage::RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const int whole[6] = { 0, this->SamplingDimensions[0] - 1, 0, this->SamplingDimensions[1] - 1, 0,
                         this->SamplingDimensions[2] - 1 };
  outputVector->GetInformationObject(0)->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), whole, 6);
  return 1;
}

int vtkLoomResampleToImage::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // The whole of a structured input (as vtkResampleToImage asks).
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  inInfo->Remove(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT());
  if (inInfo->Has(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()))
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(),
                inInfo->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()), 6);
  return 1;
}

int vtkLoomResampleToImage::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Resample To Image", this->Core, inputVector, outputVector);
  vtkDataObject* given = vtkDataObject::GetData(inputVector[0]);
  // VTK's filter on the whole input (a dataset or composite data), its short arrays completed.
  auto vtkResample = [&]() -> int {
    vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
    vtk->SetInputDataObject(0, given);
    vtkMultiProcessController* ranks = vtkMultiProcessController::GetGlobalController();
    if (ranks && ranks->GetNumberOfProcesses() > 1) // this rank's piece of the image, as the pipeline asks
      vtk->UpdatePiece(ranks->GetLocalProcessId(), ranks->GetNumberOfProcesses(), 0);
    else
      vtk->Update();
    run.Output()->ShallowCopy(vtk->GetOutputDataObject(0));
    loom::interop::ProbeSource::CompleteArrays(run.Output());
    return 1;
  };
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(given))
  {
    // VTK's filter reads every block: malformed ones (and cells it crashes on) are errors instead.
    for (vtkDataSet* leaf : vtkCompositeDataSet::GetDataSets(composite))
    {
      const std::string malformed = loom::interop::MalformedCells(leaf);
      const std::string crash = malformed.empty() ? loom::interop::ProbeSource::CrashesVTK(leaf) : std::string();
      if (!malformed.empty() || !crash.empty())
        return run.Fail("the input is composite data, which VTK's vtkResampleToImage samples for Loom, and in a " +
                        std::string(leaf->GetClassName()) + " block " + (malformed.empty() ? crash : malformed) + ".");
    }
    return run.FallBack("the input is composite data, whose blocks Loom's locate family does not sample together; "
                        "VTK's vtkResampleToImage samples it instead.",
                        vtkResample);
  }
  loom::interop::FilterSteps steps;
  steps.Passes = 2.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // empty in: an image of invalid points, as VTK's
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const bool parallel = controller && controller->GetNumberOfProcesses() > 1;
  // Under MPI every rank reaches the collective steps below whatever its own outcome (a malformed piece on one
  // rank must not leave the others waiting).
  const bool begun = run.Begin(steps);
  if (!begun && !parallel)
    return run.Status();
  vtkDataSet* input = run.Input();
  auto* output = vtkImageData::SafeDownCast(run.Output());
  for (int a = 0; a < 3; ++a)
    if (this->SamplingDimensions[a] < 1) // the same on every rank
      return run.Fail("Sampling Dimensions (" + std::to_string(this->SamplingDimensions[0]) + ", " +
                      std::to_string(this->SamplingDimensions[1]) + ", " + std::to_string(this->SamplingDimensions[2]) +
                      ") must be at least 1 along every axis.");
  const bool empty = !begun || input->GetNumberOfPoints() == 0 || input->GetNumberOfCells() == 0;
  const std::string unsupported = empty ? "" : loom::interop::ProbeSource::Unsupported(input);
  const std::string crash = unsupported.empty() ? "" : loom::interop::ProbeSource::CrashesVTK(input);
  const int routed = loom::interop::ParallelSampling::Route(
    run, parallel ? controller : nullptr, begun,
    unsupported.empty() ? "" : "the input has " + unsupported + ", which Loom's locate family does not sample", crash,
    empty ? "" : loom::interop::ProbeSource::Signature(input), this->AgreedSignature, "vtkResampleToImage", vtkResample,
    [&]() { // VTK's parallel filter runs on every rank: this one takes part with nothing
      vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
      vtk->SetInputDataObject(0, vtkSmartPointer<vtkUnstructuredGrid>::New());
      vtk->UpdatePiece(controller->GetLocalProcessId(), controller->GetNumberOfProcesses(), 0);
    });
  if (routed >= 0)
    return routed;

  // The image: vtkResampleToImage's bounds (under MPI, every rank's), origin and spacing (a flat axis: spacing 0
  // at the minimum).
  double bounds[6];
  if (this->UseInputBounds)
  {
    input->GetBounds(bounds);
    if (parallel)
      loom::interop::ParallelSampling::GlobalBounds(controller, empty, bounds);
    vtkBoundingBox box(bounds);
    box.ScaleAboutCenter(1.0 - 1.0e-6); // inwards, off the input's boundary
    box.GetBounds(bounds);
  }
  else
    std::copy(this->SamplingBounds, this->SamplingBounds + 6, bounds);
  double origin[3], spacing[3];
  for (int a = 0; a < 3; ++a)
  {
    origin[a] = bounds[2 * a];
    spacing[a] = this->SamplingDimensions[a] == 1
      ? 0.0
      : (bounds[2 * a + 1] - bounds[2 * a]) / static_cast<double>(this->SamplingDimensions[a] - 1);
  }
  int whole[6] = { 0, this->SamplingDimensions[0] - 1, 0, this->SamplingDimensions[1] - 1, 0, this->SamplingDimensions[2] - 1 };
  int extent[6] = { whole[0], whole[1], whole[2], whole[3], whole[4], whole[5] };
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  if (parallel)
  {
    // This rank's block of the image: VTK's extent split, blocks sharing their boundary points so that every
    // cell is on one rank (ParaView's parallel filter splits the points, and the cells between blocks are on
    // none).
    vtkNew<vtkExtentTranslator> split;
    split->PieceToExtentThreadSafe(controller->GetLocalProcessId(), controller->GetNumberOfProcesses(), 0, whole, extent,
                                   vtkExtentTranslator::BLOCK_MODE, 0);
  }
  else if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), extent);
  output->SetOrigin(origin);
  output->SetSpacing(spacing);
  output->SetExtent(extent);

  return run.Guard("resample", [&]() -> int {
    // The image's points: coordinate a of point (i, j, k) is origin + index * spacing, as VTK computes it. Under
    // MPI each rank samples the whole image from its piece; the ranks then combine (Combine).
    const int* sampled = parallel ? whole : extent;
    loom::algorithms::ImageSamples image;
    for (int a = 0; a < 3; ++a)
    {
      image.Origin[a] = origin[a] + sampled[2 * a] * spacing[a];
      image.Spacing[a] = spacing[a];
      image.Dims[a] = sampled[2 * a + 1] - sampled[2 * a] + 1;
    }
    const loom::Id samples = image.Dims[0] * image.Dims[1] * image.Dims[2];
    loom::algorithms::LocateOptions options;
    options.Tie = loom::algorithms::LocateTie::HighestId;
    options.Device = run.Device();
    run.ExpectPasses(static_cast<double>(3 * input->GetNumberOfCells() + 4 * samples) /
                     static_cast<double>(input->GetNumberOfPoints() + input->GetNumberOfCells() + 1));
    vtkNew<vtkPointData> arrays;
    if (!empty)
    {
      this->Source->Prepare(input, run.Device(), loom::interop::ProbeSource::Binning::Never);
      if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue && !parallel)
        return aborted;
      run.Current = "the input's arrays";
      this->Source->SampleImage(input, image, options, arrays);
    }
    else if (parallel)
      loom::interop::ProbeSource::ZeroArrays(this->AgreedSignature, samples, arrays);
    else
    {
      *this->Source = loom::interop::ProbeSource();
      this->Source->SampleImage(input, image, options, arrays);
    }
    if (parallel)
    {
      // This rank keeps its extent's rows of the whole image.
      const int dims[3] = { whole[1] - whole[0] + 1, whole[3] - whole[2] + 1, whole[5] - whole[4] + 1 };
      std::vector<loom::interop::ParallelSampling::Run> rows;
      for (int k = extent[4]; k <= extent[5]; ++k)
        for (int j = extent[2]; j <= extent[3]; ++j)
          rows.push_back({ (extent[0] - whole[0]) + static_cast<vtkIdType>(dims[0]) *
                             ((j - whole[2]) + static_cast<vtkIdType>(dims[1]) * (k - whole[4])),
                           extent[1] - extent[0] + 1 });
      loom::interop::ParallelSampling::Combine(controller, arrays, rows, output->GetPointData());
    }
    else
      output->GetPointData()->ShallowCopy(arrays);
    vtkDataArray* mask = output->GetPointData()->GetArray("vtkValidPointMask");
    const loom::Id points = output->GetNumberOfPoints();
    loom::interop::ProbeSource::MarkBlank(
      output, loom::cont::ArrayHandle<loom::Int8>::Borrow(reinterpret_cast<loom::Int8*>(mask->GetVoidPointer(0)), points, []() {}),
      run.Device());
    output->GetFieldData()->PassData(input->GetFieldData());
    return 1;
  });
}

void vtkLoomResampleToImage::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "UseInputBounds: " << (this->UseInputBounds ? "On" : "Off") << "\n";
  os << indent << "SamplingBounds: " << this->SamplingBounds[0] << " " << this->SamplingBounds[1] << " "
     << this->SamplingBounds[2] << " " << this->SamplingBounds[3] << " " << this->SamplingBounds[4] << " "
     << this->SamplingBounds[5] << "\n";
  os << indent << "SamplingDimensions: " << this->SamplingDimensions[0] << " " << this->SamplingDimensions[1] << " "
     << this->SamplingDimensions[2] << "\n";
}
