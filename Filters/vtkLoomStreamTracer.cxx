// Loom filters: vtkLoomStreamTracer::RequestData: the seeds and directions in vtkStreamTracer's order, the
// input's locator (kept per input), the advect family's lines, then the polylines, the input's point arrays
// interpolated at their points, and VTK's arrays along them.
#include "vtkLoomStreamTracer.h"

#include "LoomProbe.h"

#include <loom/algorithms/advect/Advect.h>

#include <vtkCallbackCommand.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkCellData.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkIntArray.h>
#include <vtkMatrix3x3.h>
#include <vtkMultiProcessController.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStreamTracer.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

vtkStandardNewMacro(vtkLoomStreamTracer);

vtkLoomStreamTracer::vtkLoomStreamTracer()
  : Source(new loom::interop::ProbeSource)
{
  this->SetNumberOfInputPorts(2);
  // vtkStreamTracer's: the active point vectors.
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, vtkDataSetAttributes::VECTORS);
}
vtkLoomStreamTracer::~vtkLoomStreamTracer() = default;

LOOM_SAMPLING_LOCATOR_GETTERS(vtkLoomStreamTracer)

int vtkLoomStreamTracer::FillInputPortInformation(int port, vtkInformation* info)
{
  if (port == 0)
  {
    info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
    info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkCompositeDataSet");
  }
  else
  {
    info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  }
  return 1;
}

int vtkLoomStreamTracer::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector,
                                             vtkInformationVector* outputVector)
{
  // vtkStreamTracer's: the input's piece as asked; every seed on every rank.
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  if (vtkInformation* inInfo = inputVector[0]->GetInformationObject(0))
  {
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(),
                outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()));
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(),
                outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()));
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(),
                outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS()));
  }
  if (vtkInformation* seedInfo = inputVector[1]->GetInformationObject(0))
  {
    seedInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(), 0);
    seedInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), 1);
    seedInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), 0);
  }
  return 1;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomStreamTracer::VTKFilter()
{
  vtkSmartPointer<vtkStreamTracer> vtk = vtkSmartPointer<vtkStreamTracer>::Take(vtkStreamTracer::New());
  vtk->SetStartPosition(this->StartPosition);
  vtk->SetIntegrationDirection(this->IntegrationDirection);
  vtk->SetIntegratorType(this->IntegratorType);
  vtk->SetIntegrationStepUnit(this->IntegrationStepUnit);
  vtk->SetInitialIntegrationStep(this->InitialIntegrationStep);
  vtk->SetMinimumIntegrationStep(this->MinimumIntegrationStep);
  vtk->SetMaximumIntegrationStep(this->MaximumIntegrationStep);
  vtk->SetMaximumNumberOfSteps(this->MaximumNumberOfSteps);
  vtk->SetMaximumPropagation(this->MaximumPropagation);
  vtk->SetTerminalSpeed(this->TerminalSpeed);
  vtk->SetMaximumError(this->MaximumError);
  vtk->SetComputeVorticity(this->ComputeVorticity);
  vtk->SetRotationScale(this->RotationScale);
  vtk->SetSurfaceStreamlines(this->SurfaceStreamlines);
  vtk->SetInterpolatorType(this->InterpolatorType);
  vtk->SetUseLocalSeedSource(this->UseLocalSeedSource);
  vtk->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return vtk;
}

namespace
{
/// The seeds' coordinates (a point set's own points, else each point's), float or double.
vtkSmartPointer<vtkDataArray> SeedPoints(vtkDataSet* seeds, const double start[3])
{
  if (!seeds)
  {
    auto one = vtkSmartPointer<vtkDoubleArray>::New();
    one->SetNumberOfComponents(3);
    one->InsertNextTuple(start);
    return one;
  }
  auto* set = vtkPointSet::SafeDownCast(seeds);
  if (set && set->GetPoints())
    return set->GetPoints()->GetData();
  auto all = vtkSmartPointer<vtkDoubleArray>::New();
  all->SetNumberOfComponents(3);
  all->SetNumberOfTuples(seeds->GetNumberOfPoints());
  for (vtkIdType i = 0; i < seeds->GetNumberOfPoints(); ++i)
    all->SetTuple(i, seeds->GetPoint(i));
  return all;
}

/// The attribute an array is for the output, as VTK's interpolation copies them (global and pedigree ids
/// are not interpolated).
constexpr int CopiedAttributes[] = { vtkDataSetAttributes::SCALARS, vtkDataSetAttributes::VECTORS,
                                     vtkDataSetAttributes::NORMALS, vtkDataSetAttributes::TCOORDS,
                                     vtkDataSetAttributes::TENSORS };
} // namespace

namespace
{
/// The input's point arrays the output carries, interpolated at the lines' points (VTK's order; global and
/// pedigree ids are not interpolated).
std::vector<vtkDataArray*> CarriedArrays(vtkPointData* in)
{
  std::vector<vtkDataArray*> carried;
  for (int a = 0; in && a < in->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* array = in->GetArray(a);
    if (array && array->GetName() && array != in->GetGlobalIds() && array != in->GetPedigreeIds() &&
        std::strcmp(array->GetName(), vtkDataSetAttributes::GhostArrayName()) != 0)
      carried.push_back(array);
  }
  return carried;
}

/// The output's polylines and arrays from the particles' lines (particle p's seed: p, or p - seeds for the
/// backward half of Both), `sampled` the carried arrays at the lines' points.
void WriteLines(vtkPolyData* output, const loom::algorithms::Streamlines& lines, vtkIdType seeds, bool both,
                vtkPointData* in, const std::vector<vtkDataArray*>& carried,
                const std::vector<vtkSmartPointer<vtkDataArray>>& sampled, vtkDataArray* vectors, bool cellVectors,
                bool vorticity, loom::cont::DeviceId device)
{
  // Points (float, as VTK's), and a polyline per particle of more than one point.
  const vtkIdType points = lines.GetNumberOfPoints();
  const vtkIdType particles = lines.Offsets.GetNumberOfValues() - 1;
  auto xyz = vtkSmartPointer<vtkFloatArray>::New();
  xyz->SetNumberOfComponents(3);
  xyz->SetNumberOfTuples(points);
  {
    const auto x = lines.Points.ReadPortal();
    float* to = xyz->GetPointer(0);
    for (vtkIdType q = 0; q < 3 * points; ++q)
      to[q] = static_cast<float>(x.Get(q));
  }
  vtkNew<vtkPoints> outPoints;
  outPoints->SetData(xyz);
  output->SetPoints(outPoints);
  const auto offsets = lines.Offsets.ReadPortal();
  const auto reasons = lines.Reasons.ReadPortal();
  auto lineOffsets = vtkSmartPointer<vtkIdTypeArray>::New();
  auto connectivity = vtkSmartPointer<vtkIdTypeArray>::New();
  auto reason = vtkSmartPointer<vtkIntArray>::New();
  auto seedIds = vtkSmartPointer<vtkIntArray>::New();
  reason->SetName("ReasonForTermination");
  seedIds->SetName("SeedIds");
  connectivity->Allocate(points);
  lineOffsets->InsertNextValue(0);
  for (vtkIdType p = 0; p < particles; ++p)
  {
    const vtkIdType from = offsets.Get(p), to = offsets.Get(p + 1);
    if (to - from < 2)
      continue;
    for (vtkIdType q = from; q < to; ++q)
      connectivity->InsertNextValue(q);
    lineOffsets->InsertNextValue(connectivity->GetNumberOfTuples());
    reason->InsertNextValue(reasons.Get(p));
    seedIds->InsertNextValue(static_cast<int>(both && p >= seeds ? p - seeds : p));
  }
  if (reason->GetNumberOfTuples() > 0)
  {
    vtkNew<vtkCellArray> polylines;
    polylines->SetData(lineOffsets, connectivity);
    output->SetLines(polylines);
    output->GetCellData()->AddArray(reason);
    output->GetCellData()->AddArray(seedIds);
  }

  // The input's point arrays, in the input's order, with their attributes.
  vtkPointData* out = output->GetPointData();
  vtkSmartPointer<vtkDataArray> outVectors;
  for (std::size_t a = 0; a < carried.size(); ++a)
  {
    out->AddArray(sampled[a]);
    for (int attribute : CopiedAttributes)
      if (in->GetAttribute(attribute) == carried[a])
        out->SetActiveAttribute(carried[a]->GetName(), attribute);
    if (!cellVectors && carried[a] == vectors)
      outVectors = sampled[a];
  }
  auto doubles = [&](const loom::cont::ArrayHandle<loom::Float64>& values, int components, const char* name) {
    out->AddArray(loom::interop::FieldToVTK(loom::algorithms::FieldArray::FromAOS(values, components), name));
  };
  doubles(lines.Time, 1, "IntegrationTime");
  const char* vectorName = vectors->GetName() ? vectors->GetName() : "";
  if (cellVectors)
  {
    doubles(lines.Velocity, 3, vectorName);
    outVectors = out->GetArray(vectorName);
  }
  if (vorticity)
  {
    doubles(lines.Vorticity, 3, "Vorticity");
    doubles(lines.Rotation, 1, "Rotation");
    doubles(lines.AngularVelocity, 1, "AngularVelocity");
    if (points > 1 && outVectors)
    {
      loom::cont::ArrayHandle<loom::Float32> floats = loom::cont::ArrayHandle<loom::Float32>::Borrow(xyz->GetPointer(0), 3 * points);
      doubles(loom::algorithms::StreamNormals(floats, lines.Offsets, loom::interop::FieldFromVTK(outVectors), lines.Rotation,
                                              device),
              3, "Normals");
      out->SetActiveAttribute("Normals", vtkDataSetAttributes::VECTORS);
    }
  }
}

/// The vectors as Loom reads them (VTK reads any numeric vectors as doubles: other kinds converted).
loom::algorithms::FieldArray VectorField(vtkDataArray* vectors)
{
  loom::algorithms::FieldArray v = loom::interop::FieldFromVTK(vectors);
  if (v.GetKind() == loom::algorithms::ValueKind::Float32 || v.GetKind() == loom::algorithms::ValueKind::Float64)
    return v;
  auto asDouble = vtkSmartPointer<vtkDoubleArray>::New();
  asDouble->DeepCopy(vectors);
  return loom::interop::FieldFromVTK(asDouble);
}

/// A vector of doubles from every rank to every rank, in rank order; `from` each rank's start (ranks + 1).
std::vector<double> AllGatherDoubles(vtkMultiProcessController* controller, const std::vector<double>& mine,
                                     std::vector<vtkIdType>& from)
{
  const int ranks = controller->GetNumberOfProcesses();
  vtkIdType length = static_cast<vtkIdType>(mine.size());
  std::vector<vtkIdType> lengths(static_cast<std::size_t>(ranks));
  controller->AllGather(&length, lengths.data(), 1);
  from.assign(static_cast<std::size_t>(ranks) + 1, 0);
  for (int r = 0; r < ranks; ++r)
    from[r + 1] = from[r] + lengths[r];
  std::vector<double> all(static_cast<std::size_t>(std::max<vtkIdType>(from[ranks], 1)));
  controller->AllGatherV(mine.empty() ? all.data() : mine.data(), all.data(), length, lengths.data(), from.data());
  all.resize(static_cast<std::size_t>(from[ranks]));
  return all;
}
/// The doubles of every rank to rank `to` (empty elsewhere).
std::vector<double> GatherDoubles(vtkMultiProcessController* controller, const std::vector<double>& mine, int to)
{
  const int ranks = controller->GetNumberOfProcesses();
  vtkIdType length = static_cast<vtkIdType>(mine.size());
  std::vector<vtkIdType> lengths(static_cast<std::size_t>(ranks)), from(static_cast<std::size_t>(ranks) + 1, 0);
  controller->Gather(&length, lengths.data(), 1, to);
  for (int r = 0; r < ranks; ++r)
    from[r + 1] = from[r] + lengths[r];
  const bool here = controller->GetLocalProcessId() == to;
  std::vector<double> all(here ? static_cast<std::size_t>(std::max<vtkIdType>(from[ranks], 1)) : 1);
  controller->GatherV(mine.empty() ? all.data() : mine.data(), all.data(), length, lengths.data(), from.data(), to);
  all.resize(here ? static_cast<std::size_t>(from[ranks]) : 0);
  return all;
}

/// Where an image's or rectilinear grid's piece ends inside the whole extent (the faces other pieces continue
/// from): AdvectOptions::PieceBox.
void PieceFaces(vtkDataSet* input, vtkInformation* info, double box[6])
{
  int whole[6];
  if (!input || !info || !info->Has(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()))
    return;
  info->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), whole);
  auto* image = vtkImageData::SafeDownCast(input);
  auto* grid = vtkRectilinearGrid::SafeDownCast(input);
  if (!image && !grid)
    return;
  int extent[6];
  if (image)
    image->GetExtent(extent);
  else
    grid->GetExtent(extent);
  vtkDataArray* axes[3] = { grid ? grid->GetXCoordinates() : nullptr, grid ? grid->GetYCoordinates() : nullptr,
                            grid ? grid->GetZCoordinates() : nullptr };
  for (int a = 0; a < 3; ++a)
    for (int side : { 0, 1 })
    {
      const int at = extent[2 * a + side];
      if (at == whole[2 * a + side])
        continue; // the dataset's own boundary
      box[2 * a + side] = image ? image->GetOrigin()[a] + at * image->GetSpacing()[a]
                                : axes[a]->GetComponent(at - extent[2 * a], 0);
    }
}

/// `visit(tuple, component, value)` for the values of a field (every tuple, or only `tuple`), in order, as
/// doubles (the seeds and sampled arrays sent between ranks: float and integer values up to 2^53 exactly).
template <typename Visit>
void ForEachValue(const loom::algorithms::FieldArray& field, Visit&& visit, loom::Id tuple = -1)
{
  loom::algorithms::CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const auto from = field.GetPortal<T>();
    const loom::Id begin = tuple < 0 ? 0 : tuple, end = tuple < 0 ? field.GetNumberOfTuples() : tuple + 1;
    for (loom::Id t = begin; t < end; ++t)
      for (int c = 0; c < field.GetNumberOfComponents(); ++c)
        visit(t, c, static_cast<double>(from.Get(t, c)));
  });
}

constexpr std::size_t StateDoubles = (sizeof(loom::algorithms::ParticleState) + sizeof(double) - 1) / sizeof(double);
} // namespace

int vtkLoomStreamTracer::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Stream Tracer", this->Core, inputVector, outputVector);
  vtkDataObject* given = vtkDataObject::GetData(inputVector[0]);
  vtkDataSet* seedSet = vtkDataSet::GetData(inputVector[1]);
  auto vtkTracer = [&](vtkDataObject* input) -> int {
    vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
    vtk->SetInputDataObject(0, input);
    if (seedSet)
      vtk->SetInputDataObject(1, seedSet);
    // vtkStreamTracer errs ("Bad velocity array") where it cannot make Normals (blocks without the vectors) but
    // gives its lines: a warning here, naming the filter.
    std::string complaint;
    vtkNew<vtkCallbackCommand> onError;
    onError->SetClientData(&complaint);
    onError->SetCallback([](vtkObject*, unsigned long, void* said, void* message) {
      // VTK's text ("ERROR: In <file>, line <n>\n<class> (<address>): <what>"): what it says.
      std::string text = message ? static_cast<const char*>(message) : "";
      while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
      const std::size_t said_at = text.rfind("): ");
      *static_cast<std::string*>(said) = said_at == std::string::npos ? text : text.substr(said_at + 3);
    });
    vtk->AddObserver(vtkCommand::ErrorEvent, onError);
    vtk->Update();
    if (input == given)
      run.Output()->ShallowCopy(vtk->GetOutputDataObject(0));
    if (!complaint.empty())
      vtkWarningMacro(<< "Loom Stream Tracer: VTK's vtkStreamTracer, which integrated this input, says: " << complaint);
    return 1;
  };
  if (vtkCompositeDataSet::SafeDownCast(given))
    return run.FallBack("the input is composite data, whose blocks Loom's advect family does not integrate across; "
                        "VTK's vtkStreamTracer integrates it instead.",
                        [&]() { return vtkTracer(given); });
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const bool parallel = controller && controller->GetNumberOfProcesses() > 1;
  loom::interop::FilterSteps steps;
  steps.Passes = 1.0;
  // Points without cells: no seed is in a cell, and the output has VTK's arrays without tuples.
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::NoPoints;
  // Under MPI every rank reaches the collective steps below whatever its own outcome (an empty piece takes part).
  const bool begun = run.Begin(steps);
  if (!begun && !parallel)
    return run.Status();
  vtkDataSet* input = run.Input();
  auto* output = vtkPolyData::SafeDownCast(run.Output());
  const bool emptyPiece = !begun && run.Status() == 1 && input && input->GetNumberOfPoints() == 0;

  // The vectors (vtkStreamTracer's: the active point vectors unless one is chosen), the settings, and what Loom
  // does not integrate (VTK's filter does).
  std::string failure, unsupported;
  loom::interop::ChosenArray vectors;
  if (begun)
  {
    vectors = run.InputArray(0, "Vectors", true, true);
    vtkInformation* info = this->GetInputArrayInformation(0);
    if (!vectors.Array)
      failure = info && info->Has(vtkDataObject::FIELD_NAME()) ? vectors.Error
                                                              : "Vectors: no array is chosen and the input has no active point vectors.";
    else if (vectors.Array->GetNumberOfComponents() != 3)
      failure = vectors.What + " has " + std::to_string(vectors.Array->GetNumberOfComponents()) +
        " components; streamlines need a vector of 3.";
    for (int side : { 0, 1 })
    {
      const double value = side ? this->MaximumPropagation : this->InitialIntegrationStep;
      if (failure.empty() && !std::isfinite(value))
        failure = std::string(side ? "Maximum Streamline Length" : "Initial Step Length") + " is " + std::to_string(value) +
          "; it must be a finite number.";
    }
    if (failure.empty())
    {
      unsupported = loom::interop::ProbeSource::Unsupported(input, parallel);
      if (auto* image = vtkImageData::SafeDownCast(input); unsupported.empty() && image && !image->GetDirectionMatrix()->IsIdentity())
        unsupported = "an image with a direction matrix";
      if (unsupported.empty() && this->SurfaceStreamlines)
        unsupported = "Surface Streamlines on";
    }
  }
  if (!parallel && !failure.empty())
    return run.Fail(failure);
  const bool cellVectors = vectors.Association == vtkDataObject::FIELD_ASSOCIATION_CELLS;
  loom::algorithms::AdvectOptions o;
  o.Method = static_cast<loom::algorithms::Integrator>(this->IntegratorType);
  o.CellLengthUnit = this->IntegrationStepUnit == CELL_LENGTH_UNIT;
  o.InitialStep = this->InitialIntegrationStep;
  o.MinimumStep = this->MinimumIntegrationStep;
  o.MaximumStep = this->MaximumIntegrationStep;
  o.MaximumSteps = this->MaximumNumberOfSteps;
  o.MaximumLength = this->MaximumPropagation;
  o.TerminalSpeed = this->TerminalSpeed;
  o.MaximumError = this->MaximumError;
  o.CellVectors = cellVectors;
  o.ComputeVorticity = this->ComputeVorticity;
  o.RotationScale = this->RotationScale;
  o.Device = run.Device();

  if (parallel)
  {
    // The locator before the ranks agree (a rank whose cells Loom does not take sends every rank to VTK's filter).
    if (begun && failure.empty() && unsupported.empty())
    {
      try
      {
        this->Source->Prepare(input, run.Device());
        unsupported = loom::algorithms::AdvectUnsupported(this->Source->Locator());
      }
      catch (const std::exception& e)
      {
        failure = e.what();
      }
    }
    while (!failure.empty() && failure.back() == '.')
      failure.pop_back();
    const int routed = loom::interop::ParallelSampling::Route(
      run, controller, begun || emptyPiece,
      unsupported.empty() ? "" : "the input has " + unsupported + ", which Loom's advect family does not integrate", failure,
      begun ? loom::interop::ProbeSource::Signature(input) : "", this->AgreedSignature, "vtkStreamTracer",
      [&]() { return vtkTracer(given); }, [&]() { vtkTracer(vtkSmartPointer<vtkUnstructuredGrid>::New()); },
      "integrates");
    if (routed >= 0)
      return routed;
    return run.Guard("integrate streamlines in", [&]() -> int {
      if (begun)
        output->GetFieldData()->PassData(input->GetFieldData());
      PieceFaces(begun ? input : nullptr, inputVector[0]->GetInformationObject(0), o.PieceBox);
      this->TraceInParallel(run, begun ? input : nullptr, vectors.Array, o, seedSet, controller, output);
      return 1;
    });
  }

  return run.Guard("integrate streamlines in", [&]() -> int {
    if (unsupported.empty())
    {
      this->Source->Prepare(input, run.Device());
      const std::string shape = loom::algorithms::AdvectUnsupported(this->Source->Locator());
      if (!shape.empty())
        unsupported = shape;
    }
    if (!unsupported.empty())
      return run.FallBack("the input has " + unsupported + ", which Loom's advect family does not integrate; "
                          "VTK's vtkStreamTracer integrates it instead.",
                          [&]() { return vtkTracer(given); });
    if (run.CheckAbort() != loom::interop::Continue)
      return run.CheckAbort();
    output->GetFieldData()->PassData(input->GetFieldData());

    // The seeds, twice with Both: forward ones first.
    vtkSmartPointer<vtkDataArray> seedXyz = SeedPoints(seedSet, this->StartPosition);
    const vtkIdType seeds = seedXyz->GetNumberOfTuples();
    const bool both = this->IntegrationDirection == BOTH;
    const vtkIdType particles = both ? 2 * seeds : seeds;
    if (particles == 0)
      return 1;
    loom::algorithms::FieldArray seedField = loom::interop::FieldFromVTK(seedXyz);
    if (both)
    {
      auto twice = vtkSmartPointer<vtkDoubleArray>::New();
      twice->SetNumberOfComponents(3);
      twice->SetNumberOfTuples(particles);
      for (vtkIdType s = 0; s < seeds; ++s)
      {
        twice->SetTuple(s, s, seedXyz);
        twice->SetTuple(seeds + s, s, seedXyz);
      }
      seedField = loom::interop::FieldFromVTK(twice);
      seedXyz = twice;
    }
    std::vector<loom::Int8> forward(static_cast<std::size_t>(particles), this->IntegrationDirection == BACKWARD ? 0 : 1);
    for (vtkIdType p = seeds; both && p < particles; ++p)
      forward[static_cast<std::size_t>(p)] = 0;

    o.Tolerance = std::sqrt(input->GetLength2() * 1.0e-8); // VTK's velocity field: 1e-8 of the squared diagonal
    run.Current = vectors.What;
    const loom::algorithms::FieldArray v = VectorField(vectors.Array);
    const double unit = std::max<double>(1.0, static_cast<double>(input->GetNumberOfPoints() + input->GetNumberOfCells()));
    run.ExpectPasses((static_cast<double>(particles) * static_cast<double>(loom::algorithms::ParticleWeight(o)) +
                      static_cast<double>(input->GetNumberOfCells())) / unit + 1.0);
    const loom::algorithms::Streamlines lines =
      loom::algorithms::Advect(this->Source->Locator(), v, seedField, loom::cont::make_ArrayHandle(forward), o);
    if (run.CheckAbort() != loom::interop::Continue)
      return run.CheckAbort();

    // The input's point arrays at the points.
    const std::vector<vtkDataArray*> carried = CarriedArrays(input->GetPointData());
    std::vector<vtkSmartPointer<vtkDataArray>> sampled;
    for (vtkDataArray* array : carried)
    {
      run.Current = std::string("point array '") + array->GetName() + "'";
      sampled.push_back(loom::interop::FieldToVTK(
        loom::algorithms::InterpolatePointField(this->Source->Locator(), lines.Located, loom::interop::FieldFromVTK(array), o.Device),
        array->GetName()));
      if (run.CheckAbort() != loom::interop::Continue)
        return run.CheckAbort();
    }
    run.Current = "the streamlines' points";
    WriteLines(output, lines, seeds, both, input->GetPointData(), carried, sampled, vectors.Array, cellVectors,
               this->ComputeVorticity, o.Device);
    return 1;
  });
}

void vtkLoomStreamTracer::TraceInParallel(loom::interop::FilterRun& run, vtkDataSet* input, vtkDataArray* vectors,
                                          loom::algorithms::AdvectOptions o, vtkDataSet* seedSet,
                                          vtkMultiProcessController* controller, vtkPolyData* output)
{
  // Every rank integrates the particles in its piece; a step that needs the field where this piece has no cell
  // asks every rank for it (the particle waits a round), and a step that ends in another rank's cells hands the
  // particle on, with its whole state, to that rank. The lines are the one-rank lines, each gathered on the rank
  // that held its seed.
  using loom::algorithms::ParticleState;
  using loom::algorithms::RemoteVelocity;
  using loom::Id;
  const int ranks = controller->GetNumberOfProcesses(), rank = controller->GetLocalProcessId();
  const bool both = this->IntegrationDirection == BOTH;

  // The seeds: every rank's (with Use Local Seed Source off, a list another rank also has counts once).
  std::vector<vtkIdType> from;
  std::vector<double> mine;
  ForEachValue(loom::interop::FieldFromVTK(SeedPoints(seedSet, this->StartPosition)),
               [&](loom::Id, int, double value) { mine.push_back(value); });
  const std::vector<double> everyRank = AllGatherDoubles(controller, mine, from);
  std::vector<double> seedXyz;
  for (int r = 0; r < ranks; ++r)
  {
    const auto begin = everyRank.begin() + from[r], end = everyRank.begin() + from[r + 1];
    bool again = false;
    for (int q = 0; q < r && !this->UseLocalSeedSource && !again; ++q)
      again = from[q + 1] - from[q] == from[r + 1] - from[r] && std::equal(begin, end, everyRank.begin() + from[q]);
    if (!again)
      seedXyz.insert(seedXyz.end(), begin, end);
  }
  const Id seeds = static_cast<Id>(seedXyz.size() / 3), particles = both ? 2 * seeds : seeds;
  if (particles == 0)
    return;

  // The whole dataset's tolerance (VTK's: 1e-8 of its squared diagonal), and where each seed is: the lowest rank
  // whose piece holds it.
  double bounds[6] = { 0, -1, 0, -1, 0, -1 };
  if (input)
    input->GetBounds(bounds);
  loom::interop::ParallelSampling::GlobalBounds(controller, !input, bounds);
  double diagonal2 = 0.0;
  for (int a = 0; a < 3; ++a)
    diagonal2 += (bounds[2 * a + 1] - bounds[2 * a]) * (bounds[2 * a + 1] - bounds[2 * a]);
  o.Tolerance = std::sqrt(diagonal2 * 1.0e-8);
  const loom::algorithms::FieldArray v = input ? VectorField(vectors) : loom::algorithms::FieldArray();
  // Ghost cells are another rank's: their field is its owner's to give (a derived field differs at a piece's rim).
  loom::cont::ArrayHandle<loom::UInt8> ghosts;
  if (auto* flags = input ? vtkUnsignedCharArray::SafeDownCast(input->GetCellData()->GetArray(vtkDataSetAttributes::GhostArrayName()))
                          : nullptr)
    ghosts = loom::cont::ArrayHandle<loom::UInt8>::Borrow(flags->GetPointer(0), flags->GetNumberOfTuples());
  // The field at points (xyz) found in this rank's piece: found and velocity.
  auto fieldAt = [&](const std::vector<double>& xyz, std::vector<loom::Int8>& found, std::vector<double>& velocity) {
    const Id n = static_cast<Id>(xyz.size() / 3);
    found.assign(static_cast<std::size_t>(n), 0);
    velocity.assign(static_cast<std::size_t>(3 * n), 0.0);
    if (!input || n == 0)
      return;
    loom::cont::ArrayHandle<loom::Int8> f;
    loom::cont::ArrayHandle<loom::Float64> u;
    loom::algorithms::AdvectVelocities(this->Source->Locator(), v,
                                       loom::algorithms::FieldArray::FromAOS(loom::cont::make_ArrayHandle(xyz), 3), ghosts, o, f,
                                       u);
    const auto fp = f.ReadPortal();
    const auto up = u.ReadPortal();
    for (Id q = 0; q < n; ++q)
      found[static_cast<std::size_t>(q)] = fp.Get(q);
    for (Id q = 0; q < 3 * n; ++q)
      velocity[static_cast<std::size_t>(q)] = up.Get(q);
  };
  std::vector<loom::Int8> found;
  std::vector<double> velocity;
  fieldAt(seedXyz, found, velocity);
  std::vector<int> holder(static_cast<std::size_t>(seeds)), home(static_cast<std::size_t>(seeds));
  for (Id s = 0; s < seeds; ++s)
    holder[static_cast<std::size_t>(s)] = found[static_cast<std::size_t>(s)] ? rank : ranks;
  if (seeds > 0)
    controller->AllReduce(holder.data(), home.data(), seeds, vtkCommunicator::MIN_OP);

  // This rank's particles, and the fields other ranks found for each.
  std::vector<ParticleState> active;
  std::vector<Id> activeIds;
  std::vector<std::vector<RemoteVelocity>> known;
  for (Id p = 0; p < particles; ++p)
  {
    const Id s = p < seeds ? p : p - seeds;
    if (home[static_cast<std::size_t>(s)] != rank)
      continue;
    ParticleState state;
    for (int i = 0; i < 3; ++i)
      state.X[i] = seedXyz[static_cast<std::size_t>(3 * s + i)];
    state.Forward = this->IntegrationDirection == BACKWARD || (both && p >= seeds) ? 0 : 1;
    active.push_back(state);
    activeIds.push_back(p);
    known.emplace_back();
  }
  run.ExpectPasses(static_cast<double>(particles) * static_cast<double>(loom::algorithms::ParticleWeight(o)) /
                     std::max<double>(1.0, static_cast<double>(input ? input->GetNumberOfPoints() + input->GetNumberOfCells() : 1)) +
                   1.0);

  // The rounds: this rank's particles run; their questions and moves go to every rank.
  struct Segment
  {
    std::size_t Round;
    Id Particle, Start, From, Count;
    int Reason; ///< -1: the line goes on elsewhere
  };
  std::vector<loom::algorithms::Streamlines> rounds;
  std::vector<Segment> segments;
  while (true)
  {
    if (!active.empty())
    {
      std::vector<Id> offsets(1, 0);
      std::vector<RemoteVelocity> flat;
      std::vector<Id> starts;
      for (std::size_t t = 0; t < active.size(); ++t)
      {
        flat.insert(flat.end(), known[t].begin(), known[t].end());
        offsets.push_back(static_cast<Id>(flat.size()));
        starts.push_back(active[t].Points);
      }
      loom::cont::ArrayHandle<ParticleState> states = loom::cont::make_ArrayHandle(active);
      loom::algorithms::Streamlines piece = loom::algorithms::AdvectInPiece(
        this->Source->Locator(), v, states, loom::cont::make_ArrayHandle(offsets), loom::cont::make_ArrayHandle(flat), ghosts, o);
      const auto after = states.ReadPortal();
      const auto runOffsets = piece.Offsets.ReadPortal();
      for (std::size_t t = 0; t < active.size(); ++t)
      {
        active[t] = after.Get(static_cast<Id>(t));
        const Id count = runOffsets.Get(static_cast<Id>(t) + 1) - runOffsets.Get(static_cast<Id>(t));
        const bool done = active[t].Status == ParticleState::Done;
        if (count > 0 || done)
          segments.push_back({ rounds.size(), activeIds[t], starts[t], runOffsets.Get(static_cast<Id>(t)), count,
                               done ? active[t].Reason : -1 });
      }
      rounds.push_back(piece);
    }
    // The points the waiting particles need, from every rank: the field where the lowest rank found it.
    std::vector<double> queries, moving;
    for (std::size_t t = 0; t < active.size(); ++t)
      if (active[t].Status == ParticleState::Blocked)
        queries.insert(queries.end(), active[t].Query, active[t].Query + 3);
      else if (active[t].Status == ParticleState::Moving)
      {
        moving.push_back(static_cast<double>(activeIds[t]));
        moving.push_back(static_cast<double>(active[t].Rank));
        const std::size_t at = moving.size();
        moving.resize(at + StateDoubles, 0.0);
        std::memcpy(moving.data() + at, &active[t], sizeof(ParticleState));
      }
    std::vector<vtkIdType> queryFrom, movingFrom;
    const std::vector<double> allQueries = AllGatherDoubles(controller, queries, queryFrom);
    const std::vector<double> allMoving = AllGatherDoubles(controller, moving, movingFrom);
    if (allQueries.empty() && allMoving.empty())
      break;
    const Id asked = static_cast<Id>(allQueries.size() / 3);
    fieldAt(allQueries, found, velocity);
    std::vector<int> finder(static_cast<std::size_t>(asked)), first(static_cast<std::size_t>(asked));
    for (Id q = 0; q < asked; ++q)
    {
      const bool own = 3 * q >= queryFrom[rank] && 3 * q < queryFrom[rank + 1]; // this rank had no cell for it
      finder[static_cast<std::size_t>(q)] = found[static_cast<std::size_t>(q)] && !own ? rank : ranks;
    }
    std::vector<double> answer(static_cast<std::size_t>(3 * asked), 0.0);
    if (asked > 0)
    {
      controller->AllReduce(finder.data(), first.data(), asked, vtkCommunicator::MIN_OP);
      for (Id q = 0; q < asked; ++q)
        if (first[static_cast<std::size_t>(q)] != rank)
          for (int i = 0; i < 3; ++i)
            velocity[static_cast<std::size_t>(3 * q + i)] = 0.0;
      controller->AllReduce(velocity.data(), answer.data(), 3 * asked, vtkCommunicator::SUM_OP);
    }
    // The particles that wait get their answers; those that moved leave; those that moved here arrive.
    std::vector<ParticleState> next;
    std::vector<Id> nextIds;
    std::vector<std::vector<RemoteVelocity>> nextKnown;
    Id q = queryFrom[rank] / 3;
    for (std::size_t t = 0; t < active.size(); ++t)
      if (active[t].Status == ParticleState::Blocked)
      {
        RemoteVelocity r;
        for (int i = 0; i < 3; ++i)
        {
          r.X[i] = active[t].Query[i];
          r.Velocity[i] = answer[static_cast<std::size_t>(3 * q + i)];
        }
        const int by = first[static_cast<std::size_t>(q)];
        r.Rank = by < ranks ? by : -1;
        ++q;
        known[t].push_back(r);
        next.push_back(active[t]);
        nextIds.push_back(activeIds[t]);
        nextKnown.push_back(std::move(known[t]));
      }
    for (std::size_t at = 0; at < allMoving.size(); at += 2 + StateDoubles)
      if (static_cast<int>(allMoving[at + 1]) == rank)
      {
        ParticleState state;
        std::memcpy(&state, allMoving.data() + at + 2, sizeof(ParticleState));
        next.push_back(state);
        nextIds.push_back(static_cast<Id>(allMoving[at]));
        nextKnown.emplace_back();
      }
    active.swap(next);
    activeIds.swap(nextIds);
    known.swap(nextKnown);
  }

  // Each segment's points and arrays to the rank that held its seed: a header (particle, start, count, reason),
  // then per point xyz, time, velocity, [vorticity, angular velocity, rotation], the carried arrays.
  const std::vector<vtkDataArray*> carried = input ? CarriedArrays(input->GetPointData()) : std::vector<vtkDataArray*>();
  int width = 7 + (o.ComputeVorticity ? 5 : 0);
  for (vtkDataArray* array : carried)
    width += array->GetNumberOfComponents();
  std::vector<std::vector<loom::algorithms::FieldArray>> sampled(rounds.size());
  for (std::size_t r = 0; r < rounds.size(); ++r)
    for (vtkDataArray* array : carried)
      sampled[r].push_back(loom::algorithms::InterpolatePointField(this->Source->Locator(), rounds[r].Located,
                                                                   loom::interop::FieldFromVTK(array), o.Device));
  std::vector<std::vector<double>> outgoing(static_cast<std::size_t>(ranks));
  for (const Segment& g : segments)
  {
    const Id s = g.Particle < seeds ? g.Particle : g.Particle - seeds;
    std::vector<double>& to = outgoing[static_cast<std::size_t>(home[static_cast<std::size_t>(s)])];
    to.insert(to.end(), { static_cast<double>(g.Particle), static_cast<double>(g.Start), static_cast<double>(g.Count),
                          static_cast<double>(g.Reason) });
    const loom::algorithms::Streamlines& l = rounds[g.Round];
    const auto x = l.Points.ReadPortal();
    const auto time = l.Time.ReadPortal();
    const auto u = l.Velocity.ReadPortal();
    const auto w = l.Vorticity.ReadPortal();
    const auto omega = l.AngularVelocity.ReadPortal();
    const auto rotation = l.Rotation.ReadPortal();
    for (Id k = g.From; k < g.From + g.Count; ++k)
    {
      for (int i = 0; i < 3; ++i)
        to.push_back(x.Get(3 * k + i));
      to.push_back(time.Get(k));
      for (int i = 0; i < 3; ++i)
        to.push_back(u.Get(3 * k + i));
      if (o.ComputeVorticity)
      {
        for (int i = 0; i < 3; ++i)
          to.push_back(w.Get(3 * k + i));
        to.push_back(omega.Get(k));
        to.push_back(rotation.Get(k));
      }
      for (const loom::algorithms::FieldArray& array : sampled[g.Round])
        ForEachValue(array, [&](loom::Id, int, double value) { to.push_back(value); }, k);
    }
  }
  std::vector<double> mineToAssemble;
  for (int d = 0; d < ranks; ++d)
  {
    std::vector<double> gathered = GatherDoubles(controller, outgoing[static_cast<std::size_t>(d)], d);
    if (d == rank)
      mineToAssemble.swap(gathered);
  }
  if (!input)
    return;

  // The lines whose seeds this rank held, their segments in order.
  struct Piece
  {
    Id Particle, Start, Count;
    std::size_t At;
  };
  std::vector<Piece> pieces;
  std::vector<int> reasons(static_cast<std::size_t>(particles), 0);
  for (std::size_t at = 0; at < mineToAssemble.size();)
  {
    const Piece piece{ static_cast<Id>(mineToAssemble[at]), static_cast<Id>(mineToAssemble[at + 1]),
                       static_cast<Id>(mineToAssemble[at + 2]), at + 4 };
    if (mineToAssemble[at + 3] >= 0)
      reasons[static_cast<std::size_t>(piece.Particle)] = static_cast<int>(mineToAssemble[at + 3]);
    pieces.push_back(piece);
    at += 4 + static_cast<std::size_t>(piece.Count) * static_cast<std::size_t>(width);
  }
  std::sort(pieces.begin(), pieces.end(),
            [](const Piece& a, const Piece& b) { return a.Particle < b.Particle || (a.Particle == b.Particle && a.Start < b.Start); });
  std::vector<Id> offsets(static_cast<std::size_t>(particles) + 1, 0);
  for (const Piece& piece : pieces)
    offsets[static_cast<std::size_t>(piece.Particle) + 1] += piece.Count;
  for (Id p = 0; p < particles; ++p)
    offsets[static_cast<std::size_t>(p) + 1] += offsets[static_cast<std::size_t>(p)];
  const Id m = offsets.back();
  std::vector<double> xyz(static_cast<std::size_t>(3 * m)), time(static_cast<std::size_t>(m)), u(static_cast<std::size_t>(3 * m));
  std::vector<double> w(o.ComputeVorticity ? static_cast<std::size_t>(3 * m) : 0), omega(o.ComputeVorticity ? static_cast<std::size_t>(m) : 0),
    rotation(o.ComputeVorticity ? static_cast<std::size_t>(m) : 0);
  std::vector<loom::algorithms::FieldArray> arrays;
  for (vtkDataArray* array : carried)
    arrays.push_back(loom::algorithms::FieldArray::Allocate(loom::interop::FieldFromVTK(array).GetKind(), m,
                                                            array->GetNumberOfComponents()));
  Id k = 0;
  for (const Piece& piece : pieces)
    for (Id j = 0; j < piece.Count; ++j, ++k)
    {
      const double* in = mineToAssemble.data() + piece.At + static_cast<std::size_t>(j) * static_cast<std::size_t>(width);
      const auto z = static_cast<std::size_t>(k);
      for (int i = 0; i < 3; ++i)
        xyz[3 * z + i] = *in++;
      time[z] = *in++;
      for (int i = 0; i < 3; ++i)
        u[3 * z + i] = *in++;
      if (o.ComputeVorticity)
      {
        for (int i = 0; i < 3; ++i)
          w[3 * z + i] = *in++;
        omega[z] = *in++;
        rotation[z] = *in++;
      }
      for (const loom::algorithms::FieldArray& array : arrays)
        loom::algorithms::CallWithKind(array.GetKind(), [&](auto zero) {
          using T = decltype(zero);
          auto to = array.GetPortal<T>();
          for (int c = 0; c < array.GetNumberOfComponents(); ++c)
            to.Set(k, c, static_cast<T>(*in++));
        });
    }
  loom::algorithms::Streamlines lines;
  lines.Offsets = loom::cont::make_ArrayHandle(offsets);
  lines.Reasons = loom::cont::make_ArrayHandle(std::vector<loom::Int32>(reasons.begin(), reasons.end()));
  lines.Points = loom::cont::make_ArrayHandle(xyz);
  lines.Time = loom::cont::make_ArrayHandle(time);
  lines.Velocity = loom::cont::make_ArrayHandle(u);
  lines.Vorticity = loom::cont::make_ArrayHandle(w);
  lines.AngularVelocity = loom::cont::make_ArrayHandle(omega);
  lines.Rotation = loom::cont::make_ArrayHandle(rotation);
  std::vector<vtkSmartPointer<vtkDataArray>> received;
  for (std::size_t a = 0; a < carried.size(); ++a)
    received.push_back(loom::interop::FieldToVTK(arrays[a], carried[a]->GetName()));
  run.Current = "the streamlines' points";
  WriteLines(output, lines, seeds, both, input->GetPointData(), carried, received, vectors,
             o.CellVectors, o.ComputeVorticity, o.Device);
}

void vtkLoomStreamTracer::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "IntegrationDirection: " << this->IntegrationDirection << ", IntegratorType: " << this->IntegratorType
     << ", IntegrationStepUnit: " << this->IntegrationStepUnit << "\n"
     << indent << "Steps: initial " << this->InitialIntegrationStep << ", minimum " << this->MinimumIntegrationStep
     << ", maximum " << this->MaximumIntegrationStep << ", at most " << this->MaximumNumberOfSteps << "\n"
     << indent << "MaximumPropagation: " << this->MaximumPropagation << ", TerminalSpeed: " << this->TerminalSpeed
     << ", MaximumError: " << this->MaximumError << "\n"
     << indent << "ComputeVorticity: " << this->ComputeVorticity << ", RotationScale: " << this->RotationScale
     << ", SurfaceStreamlines: " << this->SurfaceStreamlines << ", InterpolatorType: " << this->InterpolatorType << "\n";
}
