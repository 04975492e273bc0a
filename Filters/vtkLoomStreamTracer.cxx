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
#include <vtkStreamTracer.h>
#include <vtkStreamingDemandDrivenPipeline.h>

#include <cmath>

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

int vtkLoomStreamTracer::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Stream Tracer", this->Core, inputVector, outputVector);
  vtkDataObject* given = vtkDataObject::GetData(inputVector[0]);
  vtkDataSet* seedSet = vtkDataSet::GetData(inputVector[1]);
  auto vtkTracer = [&]() -> int {
    vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
    vtk->SetInputDataObject(0, given);
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
    run.Output()->ShallowCopy(vtk->GetOutputDataObject(0));
    if (!complaint.empty())
      vtkWarningMacro(<< "Loom Stream Tracer: VTK's vtkStreamTracer, which integrated this input, says: " << complaint);
    return 1;
  };
  if (vtkCompositeDataSet::SafeDownCast(given))
    return run.FallBack("the input is composite data, whose blocks Loom's advect family does not integrate across; "
                        "VTK's vtkStreamTracer integrates it instead.",
                        vtkTracer);
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  if (controller && controller->GetNumberOfProcesses() > 1)
    return run.FallBack("on several MPI ranks, streamlines that cross from one rank's piece to another's are "
                        "continued by VTK's vtkPStreamTracer, which integrates them instead.",
                        vtkTracer);
  loom::interop::FilterSteps steps;
  steps.Passes = 1.0;
  // Points without cells: no seed is in a cell, and the output has VTK's arrays without tuples.
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::NoPoints;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  auto* output = vtkPolyData::SafeDownCast(run.Output());

  // The vectors (vtkStreamTracer's: the active point vectors unless one is chosen).
  loom::interop::ChosenArray vectors = run.InputArray(0, "Vectors", true, true);
  if (!vectors.Array)
  {
    vtkInformation* info = this->GetInputArrayInformation(0);
    if (!(info && info->Has(vtkDataObject::FIELD_NAME())))
      return run.Fail("Vectors: no array is chosen and the input has no active point vectors.");
    return run.Fail(vectors.Error);
  }
  if (vectors.Array->GetNumberOfComponents() != 3)
    return run.Fail(vectors.What + " has " + std::to_string(vectors.Array->GetNumberOfComponents()) +
                    " components; streamlines need a vector of 3.");
  for (int side : { 0, 1 })
  {
    const double value = side ? this->MaximumPropagation : this->InitialIntegrationStep;
    if (!std::isfinite(value))
      return run.Fail(std::string(side ? "Maximum Streamline Length" : "Initial Step Length") + " is " +
                      std::to_string(value) + "; it must be a finite number.");
  }
  const bool cellVectors = vectors.Association == vtkDataObject::FIELD_ASSOCIATION_CELLS;

  // What Loom does not integrate goes to VTK's filter.
  std::string unsupported = loom::interop::ProbeSource::Unsupported(input);
  if (auto* image = vtkImageData::SafeDownCast(input); unsupported.empty() && image && !image->GetDirectionMatrix()->IsIdentity())
    unsupported = "an image with a direction matrix";
  if (unsupported.empty() && this->SurfaceStreamlines)
    unsupported = "Surface Streamlines on";
  return run.Guard("integrate streamlines in", [&]() -> int {
    if (unsupported.empty())
    {
      this->Source->Prepare(input, run.Device(), true);
      const std::string shape = loom::algorithms::AdvectUnsupported(this->Source->Locator());
      if (!shape.empty())
        unsupported = shape;
    }
    if (!unsupported.empty())
      return run.FallBack("the input has " + unsupported + ", which Loom's advect family does not integrate; "
                          "VTK's vtkStreamTracer integrates it instead.",
                          vtkTracer);
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
    o.Tolerance = std::sqrt(input->GetLength2() * 1.0e-8); // VTK's velocity field: 1e-8 of the squared diagonal
    o.CellVectors = cellVectors;
    o.ComputeVorticity = this->ComputeVorticity;
    o.RotationScale = this->RotationScale;
    o.Device = run.Device();
    run.Current = vectors.What;
    loom::algorithms::FieldArray v = loom::interop::FieldFromVTK(vectors.Array);
    if (v.GetKind() != loom::algorithms::ValueKind::Float32 && v.GetKind() != loom::algorithms::ValueKind::Float64)
    {
      // VTK reads any numeric vectors as doubles: the same values.
      auto asDouble = vtkSmartPointer<vtkDoubleArray>::New();
      asDouble->DeepCopy(vectors.Array);
      v = loom::interop::FieldFromVTK(asDouble);
    }
    const double unit = std::max<double>(1.0, static_cast<double>(input->GetNumberOfPoints() + input->GetNumberOfCells()));
    run.ExpectPasses((static_cast<double>(particles) * static_cast<double>(loom::algorithms::ParticleWeight(o)) +
                      static_cast<double>(input->GetNumberOfCells())) / unit + 1.0);
    const loom::algorithms::Streamlines lines =
      loom::algorithms::Advect(this->Source->Locator(), v, seedField, loom::cont::make_ArrayHandle(forward), o);
    if (run.CheckAbort() != loom::interop::Continue)
      return run.CheckAbort();
    run.Current = "the streamlines' points";

    // Points (float, as VTK's), and a polyline per particle of more than one point.
    const vtkIdType points = lines.GetNumberOfPoints();
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

    // The input's point arrays interpolated at the points, in the input's order, with their attributes.
    vtkPointData* in = input->GetPointData();
    vtkPointData* out = output->GetPointData();
    vtkSmartPointer<vtkDataArray> outVectors;
    for (int a = 0; a < in->GetNumberOfArrays(); ++a)
    {
      vtkDataArray* array = in->GetArray(a);
      if (!array || !array->GetName() || array == in->GetGlobalIds() || array == in->GetPedigreeIds())
        continue;
      run.Current = std::string("point array '") + array->GetName() + "'";
      vtkSmartPointer<vtkDataArray> sampled = loom::interop::FieldToVTK(
        loom::algorithms::InterpolatePointField(this->Source->Locator(), lines.Located, loom::interop::FieldFromVTK(array), o.Device),
        array->GetName());
      out->AddArray(sampled);
      for (int attribute : CopiedAttributes)
        if (in->GetAttribute(attribute) == array)
          out->SetActiveAttribute(array->GetName(), attribute);
      if (!cellVectors && array == vectors.Array)
        outVectors = sampled;
      if (run.CheckAbort() != loom::interop::Continue)
        return run.CheckAbort();
    }
    auto doubles = [&](const loom::cont::ArrayHandle<loom::Float64>& values, int components, const char* name) {
      out->AddArray(loom::interop::FieldToVTK(loom::algorithms::FieldArray::FromAOS(values, components), name));
    };
    doubles(lines.Time, 1, "IntegrationTime");
    if (cellVectors)
    {
      doubles(lines.Velocity, 3, vectors.Array->GetName() ? vectors.Array->GetName() : "");
      outVectors = out->GetArray(vectors.Array->GetName() ? vectors.Array->GetName() : "");
    }
    if (this->ComputeVorticity)
    {
      doubles(lines.Vorticity, 3, "Vorticity");
      doubles(lines.Rotation, 1, "Rotation");
      doubles(lines.AngularVelocity, 1, "AngularVelocity");
      if (points > 1 && outVectors)
      {
        loom::cont::ArrayHandle<loom::Float32> floats = loom::cont::ArrayHandle<loom::Float32>::Borrow(xyz->GetPointer(0), 3 * points);
        doubles(loom::algorithms::StreamNormals(floats, lines.Offsets, loom::interop::FieldFromVTK(outVectors), lines.Rotation,
                                                o.Device),
                3, "Normals");
        out->SetActiveAttribute("Normals", vtkDataSetAttributes::VECTORS);
      }
    }
    return 1;
  });
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
