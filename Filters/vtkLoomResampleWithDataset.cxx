// Loom filters: vtkLoomResampleWithDataset::RequestData: the source's locator (kept per source), the input's
// points located as ParaView's Resample With Dataset locates them (an image input: the source's cells visit its
// points, the highest id winning; other inputs point by point, the previous point's cell first, else the lowest
// containing id, as the static cell locator's bins list them), the arrays in VTK's order, the input's own arrays passed on request, the blanking; under MPI every rank
// samples every rank's points in its piece of the source and the ranks combine.
#include "vtkLoomResampleWithDataset.h"

#include "LoomProbe.h"

#include <loom/algorithms/GatherTuples.h>

#include <vtkCellData.h>
#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMatrix3x3.h>
#include <vtkMultiProcessController.h>
#include <vtkObjectFactory.h>
#include <vtkPResampleWithDataSet.h>
#include <vtkPointData.h>
#include <vtkResampleWithDataSet.h>
#include <vtkStaticCellLocator.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkUnstructuredGrid.h>

#include <limits>
#include <vector>

vtkStandardNewMacro(vtkLoomResampleWithDataset);

namespace
{
/// A shallow copy of `data` down to its datasets: VTK's probe attaches its cell locator to the source it reads
/// (vtkPointSet::SetCellLocator), which would change the user's dataset.
vtkSmartPointer<vtkDataObject> Detached(vtkDataObject* data)
{
  vtkSmartPointer<vtkDataObject> copy;
  copy.TakeReference(data->NewInstance());
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(data))
  {
    auto* to = vtkCompositeDataSet::SafeDownCast(copy);
    to->CopyStructure(composite);
    vtkSmartPointer<vtkCompositeDataIterator> leaf;
    leaf.TakeReference(composite->NewIterator());
    for (leaf->InitTraversal(); !leaf->IsDoneWithTraversal(); leaf->GoToNextItem())
      to->SetDataSet(leaf, Detached(leaf->GetCurrentDataObject()));
  }
  else
    copy->ShallowCopy(data);
  return copy;
}
} // namespace

vtkLoomResampleWithDataset::vtkLoomResampleWithDataset()
  : CellLocator(vtkSmartPointer<vtkStaticCellLocator>::New())
  , Source(new loom::interop::ProbeSource)
{
  this->SetNumberOfInputPorts(2);
}
vtkLoomResampleWithDataset::~vtkLoomResampleWithDataset() = default;

void vtkLoomResampleWithDataset::SetSourceData(vtkDataObject* source)
{
  this->SetInputData(1, source);
}
void vtkLoomResampleWithDataset::SetSourceConnection(vtkAlgorithmOutput* output)
{
  this->SetInputConnection(1, output);
}
void vtkLoomResampleWithDataset::SetCellLocator(vtkAbstractCellLocator* locator)
{
  if (this->CellLocator != locator)
  {
    this->CellLocator = locator;
    this->Modified();
  }
}
vtkAbstractCellLocator* vtkLoomResampleWithDataset::GetCellLocator()
{
  return this->CellLocator;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomResampleWithDataset::VTKFilter()
{
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  auto vtk = controller && controller->GetNumberOfProcesses() > 1
    ? vtkSmartPointer<vtkResampleWithDataSet>(vtkSmartPointer<vtkPResampleWithDataSet>::New())
    : vtkSmartPointer<vtkResampleWithDataSet>::New();
  vtk->SetCategoricalData(this->CategoricalData);
  vtk->SetPassCellArrays(this->PassCellArrays);
  vtk->SetPassPointArrays(this->PassPointArrays);
  vtk->SetPassFieldArrays(this->PassFieldArrays);
  vtk->SetPassPartialArrays(this->PassPartialArrays);
  vtk->SetComputeTolerance(this->ComputeTolerance);
  vtk->SetTolerance(this->Tolerance);
  vtk->SetMarkBlankPointsAndCells(this->MarkBlankPointsAndCells);
  vtk->SetSnapToCellWithClosestPoint(this->SnapToCellWithClosestPoint);
  vtk->SetCellLocatorPrototype(this->CellLocator);
  return vtk;
}

LOOM_SAMPLING_LOCATOR_GETTERS(vtkLoomResampleWithDataset)

int vtkLoomResampleWithDataset::FillInputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkCompositeDataSet");
  if (port == 1)
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1); // none: RequestData's error, naming the property
  return 1;
}

int vtkLoomResampleWithDataset::RequestInformation(vtkInformation*, vtkInformationVector** inputVector,
                                                   vtkInformationVector* outputVector)
{
  // The source's time steps, as vtkResampleWithDataSet.
  vtkInformation* sourceInfo = inputVector[1]->GetInformationObject(0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  if (sourceInfo)
  {
    outInfo->CopyEntry(sourceInfo, vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    outInfo->CopyEntry(sourceInfo, vtkStreamingDemandDrivenPipeline::TIME_RANGE());
  }
  return 1;
}

int vtkLoomResampleWithDataset::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // The whole extent of the source; on one rank the whole source (vtkResampleWithDataSet), under MPI this rank's
  // piece of it (vtkPResampleWithDataSet: the ranks exchange the points instead).
  vtkInformation* sourceInfo = inputVector[1]->GetInformationObject(0);
  if (!sourceInfo)
    return 1;
  sourceInfo->Remove(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT());
  if (sourceInfo->Has(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()))
    sourceInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(),
                    sourceInfo->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()), 6);
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  if (!controller || controller->GetNumberOfProcesses() < 2)
  {
    sourceInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(), 0);
    sourceInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), 1);
    sourceInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), 0);
  }
  return 1;
}

int vtkLoomResampleWithDataset::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                            vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Resample With Dataset", this->Core, inputVector, outputVector);
  vtkDataObject* given = vtkDataObject::GetData(inputVector[0]);
  vtkDataObject* sourceObject = vtkDataObject::GetData(inputVector[1]);
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const bool parallel = controller && controller->GetNumberOfProcesses() > 1;
  auto vtkResample = [&](vtkDataObject* destination, vtkDataObject* source) -> int {
    vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
    vtk->SetInputDataObject(0, destination);
    vtk->SetInputDataObject(1, Detached(source));
    if (parallel)
      vtk->UpdatePiece(controller->GetLocalProcessId(), controller->GetNumberOfProcesses(), 0);
    else
      vtk->Update();
    if (run.Output() && destination == given)
    {
      run.Output()->ShallowCopy(vtk->GetOutputDataObject(0));
      loom::interop::ProbeSource::CompleteArrays(run.Output());
    }
    return 1;
  };
  if (!sourceObject)
  {
    if (run.Output())
      run.Output()->Initialize();
    return run.Fail("no Source Data Arrays (the source input) is connected.");
  }
  const bool walks = !this->CellLocator; // VTK's probe without a cell locator walks from cell to cell
  auto* source = vtkDataSet::SafeDownCast(sourceObject);
  auto* sourceComposite = vtkCompositeDataSet::SafeDownCast(sourceObject);
  if (vtkCompositeDataSet::SafeDownCast(given) || sourceComposite)
  {
    // VTK's filter reads every block of both: malformed ones (and cells it crashes on) are errors instead.
    vtkSmartPointer<vtkCompositeDataSet> converted;
    std::string refused = sourceComposite
      ? loom::interop::ProbeSource::RefuseComposite(sourceComposite, "vtkResampleWithDataSet", this->PassPartialArrays, &converted)
      : loom::interop::MalformedCells(source);
    if (refused.empty() && source) // points without cells end VTK's static cell locator too
      refused = loom::interop::ProbeSource::CrashesVTK(source, walks || source->GetNumberOfCells() == 0);
    auto* givenComposite = vtkCompositeDataSet::SafeDownCast(given);
    std::vector<vtkDataSet*> destinations = givenComposite ? vtkCompositeDataSet::GetDataSets(givenComposite)
                                                           : std::vector<vtkDataSet*>{ vtkDataSet::SafeDownCast(given) };
    for (vtkDataSet* leaf : destinations)
      if (refused.empty() && leaf)
        if (const std::string malformed = loom::interop::MalformedCells(leaf); !malformed.empty())
          refused = "the input (Destination Mesh) has " + malformed;
    if (!refused.empty())
      return run.Fail(std::string(givenComposite ? "the input (Destination Mesh)" : "Source Data Arrays") +
                      " is composite data, which VTK's vtkResampleWithDataSet samples for Loom, and " + refused + ".");
    return run.FallBack(std::string(givenComposite ? "the input (Destination Mesh)" : "Source Data Arrays") +
                          " is composite data, whose blocks Loom's locate family does not sample together; VTK's "
                          "vtkResampleWithDataSet samples it instead.",
                        [&]() { return vtkResample(given, converted ? converted.Get() : sourceObject); });
  }
  loom::interop::FilterSteps steps;
  steps.Passes = 2.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // the input's structure, every point invalid
  // Under MPI every rank reaches the collective steps below whatever its own outcome.
  const bool begun = run.Begin(steps);
  if (!begun && !parallel)
    return run.Status();
  vtkDataSet* destination = run.Input();
  auto* output = vtkDataSet::SafeDownCast(run.Output());
  const bool empty = source->GetNumberOfPoints() == 0 || source->GetNumberOfCells() == 0;
  std::string failure = empty ? "" : loom::interop::MalformedCells(source);
  if (!failure.empty())
    failure = "Source Data Arrays has " + failure;
  std::string unsupported = empty || !failure.empty() ? "" : loom::interop::ProbeSource::Unsupported(source);
  // An empty source: every point invalid whatever the settings (Loom's own; VTK's locator ends the process on
  // points without cells).
  if (!empty && unsupported.empty() && this->CategoricalData)
    unsupported = "Categorical Data on (the nearest point's values, by VTK's filter)";
  if (!empty && unsupported.empty() && this->SnapToCellWithClosestPoint)
    unsupported = "Snap To Cell With Closest Point on (the closest point's cell, by VTK's filter)";
  auto* destinationImage = vtkImageData::SafeDownCast(destination);
  if (!empty && unsupported.empty() && destinationImage && !destinationImage->GetDirectionMatrix()->IsIdentity() &&
      !vtkImageData::SafeDownCast(source))
    unsupported = "an input image with a direction matrix (VTK's probe samples it as if it had none)";
  if (failure.empty() && !unsupported.empty() && !empty)
    failure = loom::interop::ProbeSource::CrashesVTK(source, walks);
  const int routed = loom::interop::ParallelSampling::Route(
    run, parallel ? controller : nullptr, begun,
    unsupported.empty() ? "" : "the settings or Source Data Arrays have " + unsupported + ", which Loom's locate family does not sample",
    failure, empty || !failure.empty() ? "" : loom::interop::ProbeSource::Signature(source), this->AgreedSignature,
    "vtkResampleWithDataSet", [&]() { return vtkResample(destination, source); },
    [&]() { // VTK's parallel filter exchanges points between every rank: this one takes part with nothing
      vtkResample(vtkSmartPointer<vtkUnstructuredGrid>::New(), vtkSmartPointer<vtkUnstructuredGrid>::New());
    });
  if (routed >= 0)
    return routed;
  return run.Guard("resample", [&]() -> int {
    run.Current = "Source Data Arrays";
    this->Resample(destination, empty ? nullptr : source, output, run, parallel ? controller : nullptr);
    return 1;
  });
}

void vtkLoomResampleWithDataset::Resample(vtkDataSet* destination, vtkDataSet* source, vtkDataSet* output,
                                          loom::interop::FilterRun& run, vtkMultiProcessController* controller)
{
  const loom::cont::DeviceId device = run.Device();
  output->CopyStructure(destination);
  auto* image = vtkImageData::SafeDownCast(destination);
  auto* sourceImage = vtkImageData::SafeDownCast(source);
  // vtkProbeFilter's cell-driven path (an image's points, a source of cells); under MPI every rank's points
  // are sampled one by one.
  const bool visitCells = image && !sourceImage && !controller;
  loom::algorithms::LocateOptions options;
  options.Device = device;
  options.ComputeTolerance = this->ComputeTolerance;
  // VTK's Tolerance counts where it reads it: outside a source image, and against a 2D cell's plane when the
  // source's cells visit an image; the cell locator ignores it (a 2D cell takes points at any distance then).
  options.Tolerance = visitCells || sourceImage ? this->Tolerance : std::numeric_limits<double>::infinity();
  if (source)
    this->Source->Prepare(source, device,
                          visitCells ? loom::interop::ProbeSource::Binning::Never : loom::interop::ProbeSource::Binning::OnReuse);
  else
    *this->Source = loom::interop::ProbeSource();
  vtkNew<vtkUnstructuredGrid> nothing; // an empty source: every sample invalid
  vtkNew<vtkPointData> sampled;
  loom::cont::ArrayHandle<loom::Int8> mask;
  if (visitCells)
  {
    loom::algorithms::ImageSamples samples;
    const int* extent = image->GetExtent();
    for (int a = 0; a < 3; ++a)
    {
      samples.Origin[a] = image->GetOrigin()[a] + extent[2 * a] * image->GetSpacing()[a];
      samples.Spacing[a] = image->GetSpacing()[a];
      samples.Dims[a] = extent[2 * a + 1] - extent[2 * a] + 1;
    }
    options.Tie = loom::algorithms::LocateTie::LowestId;
    mask = this->Source->SampleImage(source ? source : nothing.Get(), samples, options, sampled);
  }
  else if (!controller)
  {
    std::vector<double> axes[3];
    loom::algorithms::FieldArray points;
    loom::algorithms::PointPositions samples;
    if (destination->GetNumberOfPoints() > 0)
      samples = loom::interop::PositionsFromVTK(destination, axes, points, device);
    else
    {
      points = loom::algorithms::FieldArray::Allocate(loom::algorithms::ValueKind::Float64, 0, 3);
      samples.Points = &points;
    }
    options.Tie = loom::algorithms::LocateTie::LowestId;
    mask = this->Source->SampleInOrder(source ? source : nothing.Get(), samples, options, sampled, loom::interop::ProbeSource::Strategy::CellLocator);
  }
  else
  {
    // Every rank's points, in rank order, sampled here in this rank's piece of the source; each point then takes
    // the values of the highest rank that found it, and this rank keeps its own.
    const int ranks = controller->GetNumberOfProcesses(), rank = controller->GetLocalProcessId();
    const vtkIdType mine = destination->GetNumberOfPoints();
    std::vector<vtkIdType> counts(static_cast<std::size_t>(ranks)), lengths(counts.size()), offsets(counts.size());
    controller->AllGather(&mine, counts.data(), 1);
    vtkIdType total = 0, first = 0;
    for (int r = 0; r < ranks; ++r)
    {
      first = r == rank ? total : first;
      lengths[static_cast<std::size_t>(r)] = 3 * counts[static_cast<std::size_t>(r)];
      offsets[static_cast<std::size_t>(r)] = 3 * total;
      total += counts[static_cast<std::size_t>(r)];
    }
    std::vector<double> local(static_cast<std::size_t>(3 * mine));
    if (mine > 0) // this rank's points read once through Loom (a point set's own, a grid's generated)
    {
      const loom::algorithms::FieldArray xyz =
        loom::algorithms::AsFloatingPoint(loom::interop::PointsFromVTK(destination, nullptr, true, device), device);
      loom::algorithms::CallWithFloat(xyz.GetKind(), [&](auto kind) {
        const auto portal = xyz.GetHostPortal<decltype(kind)>();
        for (vtkIdType p = 0; p < mine; ++p)
          for (int a = 0; a < 3; ++a)
            local[static_cast<std::size_t>(3 * p + a)] = static_cast<double>(portal.Get(p, a));
      });
    }
    vtkNew<vtkDoubleArray> everyone;
    everyone->SetNumberOfComponents(3);
    everyone->SetNumberOfTuples(total);
    controller->AllGatherV(local.data(), everyone->GetPointer(0), 3 * mine, lengths.data(), offsets.data());
    const loom::algorithms::FieldArray points = loom::interop::FieldFromVTK(everyone);
    loom::algorithms::PointPositions samples;
    samples.Points = &points;
    options.Tie = loom::algorithms::LocateTie::LowestId;
    vtkNew<vtkPointData> all;
    if (source)
      this->Source->SampleInOrder(source, samples, options, all, loom::interop::ProbeSource::Strategy::CellLocator);
    else
      loom::interop::ProbeSource::ZeroArrays(this->AgreedSignature, total, all);
    loom::interop::ParallelSampling::Combine(controller, all, { { first, mine } }, sampled);
    vtkDataArray* valid = sampled->GetArray("vtkValidPointMask");
    mask = loom::cont::ArrayHandle<loom::Int8>::Borrow(reinterpret_cast<loom::Int8*>(valid->GetVoidPointer(0)), mine,
                                                       [valid = vtkSmartPointer<vtkDataArray>(valid)]() {});
  }
  output->GetPointData()->ShallowCopy(sampled);
  // The input's own arrays, after the sampled ones (those of a sampled array's name left out), and their
  // active attributes where the output has none.
  vtkDataSetAttributes* from[2] = { destination->GetPointData(), destination->GetCellData() };
  vtkDataSetAttributes* to[2] = { output->GetPointData(), output->GetCellData() };
  const bool pass[2] = { this->PassPointArrays, this->PassCellArrays };
  for (int side = 0; side < 2; ++side)
  {
    if (!pass[side])
      continue;
    for (int a = 0; a < from[side]->GetNumberOfArrays(); ++a)
    {
      vtkAbstractArray* array = from[side]->GetAbstractArray(a);
      if (array->GetName() && !to[side]->HasArray(array->GetName()))
        to[side]->AddArray(array);
    }
    for (int attribute = 0; attribute < vtkDataSetAttributes::NUM_ATTRIBUTES; ++attribute)
    {
      vtkAbstractArray* array = from[side]->GetAbstractAttribute(attribute);
      if (array && array->GetName() && !to[side]->GetAbstractAttribute(attribute))
        to[side]->SetActiveAttribute(array->GetName(), attribute);
    }
  }
  if (this->PassFieldArrays)
    output->GetFieldData()->PassData(destination->GetFieldData());
  else
    output->GetFieldData()->Initialize();
  if (this->MarkBlankPointsAndCells)
    loom::interop::ProbeSource::MarkBlank(output, mask, device);
}

void vtkLoomResampleWithDataset::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "CategoricalData: " << this->CategoricalData << ", PassCellArrays: " << this->PassCellArrays
     << ", PassPointArrays: " << this->PassPointArrays << ", PassFieldArrays: " << this->PassFieldArrays
     << ", PassPartialArrays: " << this->PassPartialArrays << "\n";
  os << indent << "ComputeTolerance: " << this->ComputeTolerance << ", Tolerance: " << this->Tolerance
     << ", MarkBlankPointsAndCells: " << this->MarkBlankPointsAndCells
     << ", SnapToCellWithClosestPoint: " << this->SnapToCellWithClosestPoint
     << ", CellLocator: " << (this->CellLocator ? this->CellLocator->GetClassName() : "none") << "\n";
}
