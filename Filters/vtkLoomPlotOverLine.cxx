// Loom filters: vtkLoomPlotOverLine::RequestData: ParaView's line (its ends rounded to float, the points of a
// float line source), the input's locator (kept per input), the samples located as vtkProbeFilter locates them
// without a cell locator (the bounds grown by the tolerance, the lowest containing id), the arrays in VTK's
// order, NaN at points in no cell (Pass Partial Arrays), arc_length; under MPI the first rank gathers.
#include "vtkLoomPlotOverLine.h"

#include "LoomProbe.h"

#include <vtkCellArray.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkDummyController.h>
#include <vtkFloatArray.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLineSource.h>
#include <vtkMath.h>
#include <vtkMultiProcessController.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkProbeLineFilter.h>

#include <cmath>

vtkStandardNewMacro(vtkLoomPlotOverLine);

vtkLoomPlotOverLine::vtkLoomPlotOverLine()
  : Source(new loom::interop::ProbeSource)
{
}
vtkLoomPlotOverLine::~vtkLoomPlotOverLine() = default;

LOOM_SAMPLING_LOCATOR_GETTERS(vtkLoomPlotOverLine)

int vtkLoomPlotOverLine::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkCompositeDataSet");
  return 1;
}

namespace
{
/// VTK's fallback: ParaView's pipeline of vtkPVProbeLineFilter, a float line source of one segment into
/// vtkProbeLineFilter (aggregated as polygonal data).
class FallbackLine : public vtkProbeLineFilter
{
public:
  static FallbackLine* New();
  vtkTypeMacro(FallbackLine, vtkProbeLineFilter);
  vtkNew<vtkLineSource> Line;

protected:
  FallbackLine()
  {
    this->Line->SetResolution(1);
    this->SetSourceConnection(this->Line->GetOutputPort());
    this->SetAggregateAsPolyData(true);
    if (!vtkMultiProcessController::GetGlobalController()) // a plain VTK process: one rank
      this->SetController(this->OneRank);
  }
  vtkNew<vtkDummyController> OneRank;
};
vtkStandardNewMacro(FallbackLine);
} // namespace

/// `value` rounded to float. Through a volatile: Debian 12's GCC at -O3 vectorised a loop of plain casts here
/// into double subtractions of two of the three components, dropping their rounding (seen in the object code).
static double RoundedToFloat(double value)
{
  volatile float rounded = static_cast<float>(value);
  return rounded;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomPlotOverLine::VTKFilter()
{
  auto vtk = vtkSmartPointer<FallbackLine>::New();
  vtk->Line->SetPoint1(this->Point1);
  vtk->Line->SetPoint2(this->Point2);
  vtk->SetSamplingPattern(this->SamplingPattern);
  vtk->SetLineResolution(this->LineResolution);
  vtk->SetPassPartialArrays(this->PassPartialArrays);
  vtk->SetPassCellArrays(this->PassCellArrays);
  vtk->SetPassPointArrays(this->PassPointArrays);
  vtk->SetPassFieldArrays(this->PassFieldArrays);
  vtk->SetComputeTolerance(this->ComputeTolerance);
  vtk->SetTolerance(this->Tolerance);
  return vtk;
}

int vtkLoomPlotOverLine::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Plot Over Line", this->Core, inputVector, outputVector);
  vtkDataObject* given = vtkDataObject::GetData(inputVector[0]);
  vtkSmartPointer<vtkCompositeDataSet> converted; // blocks' arrays in one type, for VTK's filter
  auto vtkProbe = [&]() -> int {
    vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
    vtk->SetInputDataObject(0, converted ? converted.Get() : given);
    vtk->Update();
    run.Output()->ShallowCopy(vtk->GetOutputDataObject(0));
    loom::interop::ProbeSource::CompleteArrays(run.Output());
    return 1;
  };
  if (this->LineResolution < 1)
    return run.Fail("Resolution (" + std::to_string(this->LineResolution) + ") must be at least 1.");
  // VTK's probe asserts on a NaN or infinite sample point in a triangle's neighbourhood; Loom's own path finds
  // no cell for it (every sample invalid).
  const bool finiteLine = std::isfinite(this->Point1[0]) && std::isfinite(this->Point1[1]) &&
    std::isfinite(this->Point1[2]) && std::isfinite(this->Point2[0]) && std::isfinite(this->Point2[1]) &&
    std::isfinite(this->Point2[2]);
  const std::string lineError = "Point1 or Point2 has a NaN or infinite coordinate, on which VTK's "
                                "vtkProbeLineFilter (the fallback here) would abort";
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const bool parallel = controller && controller->GetNumberOfProcesses() > 1;
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(given))
  {
    const std::string refused = loom::interop::ProbeSource::RefuseComposite(composite, "vtkProbeLineFilter", this->PassPartialArrays, &converted);
    if (!refused.empty())
      return run.Fail(refused);
    if (!finiteLine)
      return run.Fail(lineError + ".");
    return run.FallBack("the input is composite data, whose blocks Loom's locate family does not sample together; VTK's "
                        "vtkProbeLineFilter samples it instead.",
                        vtkProbe);
  }
  loom::interop::FilterSteps steps;
  steps.Passes = 1.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // the line, every point invalid
  const bool begun = run.Begin(steps);
  if (!begun && !parallel)
    return run.Status();
  vtkDataSet* input = run.Input();
  auto* output = vtkPolyData::SafeDownCast(run.Output());
  const bool empty = !begun || input->GetNumberOfPoints() == 0 || input->GetNumberOfCells() == 0;
  std::string unsupported = empty ? "" : loom::interop::ProbeSource::Unsupported(input);
  if (unsupported.empty() && this->SamplingPattern != SAMPLE_LINE_UNIFORMLY)
    unsupported = "Sampling Pattern '" +
      std::string(this->SamplingPattern == SAMPLE_LINE_AT_CELL_BOUNDARIES ? "Sample At Cell Boundaries" : "Sample At Segment Centers") +
      "' (Loom samples uniformly)";
  if (unsupported.empty() && (this->PassPointArrays || this->PassCellArrays))
    unsupported = "Pass Point Arrays or Pass Cell Arrays on (the line's own arrays)";
  std::string crash = unsupported.empty() || empty ? "" : loom::interop::ProbeSource::CrashesVTK(input, true);
  if (!unsupported.empty() && !finiteLine)
    crash = lineError;
  const int routed = loom::interop::ParallelSampling::Route(
    run, parallel ? controller : nullptr, begun, unsupported.empty() ? "" : "the input or the settings have " + unsupported,
    crash, empty ? "" : loom::interop::ProbeSource::Signature(input), this->AgreedSignature, "vtkProbeLineFilter", vtkProbe,
    [&]() { // VTK's parallel probe runs on every rank: this one takes part with nothing
      vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
      vtk->SetInputDataObject(0, vtkSmartPointer<vtkPolyData>::New());
      vtk->Update();
    });
  if (routed >= 0)
    return routed;

  return run.Guard("plot over line", [&]() -> int {
    // ParaView's points: the ends rounded to float (its line source's points), then P1 + (i / N)(P2 - P1) in
    // double, stored as float.
    const vtkIdType n = static_cast<vtkIdType>(this->LineResolution) + 1;
    double p1[3], v[3];
    for (int a = 0; a < 3; ++a)
    {
      p1[a] = RoundedToFloat(this->Point1[a]);
      v[a] = RoundedToFloat(this->Point2[a]) - p1[a];
    }
    vtkNew<vtkFloatArray> xyz;
    xyz->SetNumberOfComponents(3);
    xyz->SetNumberOfTuples(n);
    float* x = xyz->GetPointer(0);
    for (vtkIdType i = 0; i < n; ++i)
    {
      const double t = i == n - 1 ? 1.0 : static_cast<double>(i) / this->LineResolution;
      for (int a = 0; a < 3; ++a)
        x[3 * i + a] = static_cast<float>(p1[a] + t * v[a]);
    }
    vtkNew<vtkPointData> kept;
    const bool first = this->Source->ProbeLikeParaView(empty ? nullptr : input, xyz, this->ComputeTolerance,
                                                       this->Tolerance, run, parallel ? controller : nullptr,
                                                       this->AgreedSignature, kept);
    if (!first)
      return 1;
    // The polyline, the arrays (NaN where no cell holds a point, in float and double arrays, with Pass Partial
    // Arrays), arc_length.
    vtkNew<vtkPoints> pointSet;
    pointSet->SetData(xyz);
    output->SetPoints(pointSet);
    vtkNew<vtkCellArray> line;
    line->InsertNextCell(static_cast<int>(n));
    for (vtkIdType i = 0; i < n; ++i)
      line->InsertCellPoint(i);
    output->SetLines(line);
    output->GetPointData()->ShallowCopy(kept);
    if (this->PassPartialArrays)
      loom::interop::ProbeSource::NaNWhereInvalid(output->GetPointData());
    vtkNew<vtkFloatArray> arc;
    arc->SetName("arc_length");
    arc->SetNumberOfTuples(n);
    double distance = 0.0;
    arc->SetValue(0, 0.0f);
    for (vtkIdType i = 1; i < n; ++i)
    {
      const double a[3] = { x[3 * i], x[3 * i + 1], x[3 * i + 2] }, b[3] = { x[3 * i - 3], x[3 * i - 2], x[3 * i - 1] };
      distance += std::sqrt(vtkMath::Distance2BetweenPoints(a, b));
      arc->SetValue(i, static_cast<float>(distance));
    }
    output->GetPointData()->AddArray(arc);
    return 1;
  });
}

void vtkLoomPlotOverLine::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "Point1: " << this->Point1[0] << " " << this->Point1[1] << " " << this->Point1[2] << ", Point2: "
     << this->Point2[0] << " " << this->Point2[1] << " " << this->Point2[2] << "\n";
  os << indent << "SamplingPattern: " << this->SamplingPattern << ", LineResolution: " << this->LineResolution
     << ", PassPartialArrays: " << this->PassPartialArrays << ", PassCellArrays: " << this->PassCellArrays
     << ", PassPointArrays: " << this->PassPointArrays << ", PassFieldArrays: " << this->PassFieldArrays
     << ", ComputeTolerance: " << this->ComputeTolerance << ", Tolerance: " << this->Tolerance << "\n";
}
