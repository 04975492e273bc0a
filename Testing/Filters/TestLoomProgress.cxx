// Loom filter tests: progress and abort inside the families, judged by work, never by the clock. Every
// Loom filter runs on a grid with progress reported by work (vtkLoomSettings::SetProgressReportElements):
// its events never go back and end at 1, they come along its work (about one per Every loop elements the
// execution record counts) with no step over half the bar; an abort set from the first progress event
// inside the execution (as ParaView's client sets it from its progress handler) ends the execution before
// its work is done (within a few pieces of work), with an empty output and one warning, not an error,
// and the input unchanged. How long the gaps between events last on a given machine is a benchmark's
// question (Testing/Benchmarks/monitor_cost.py), not this test's.
// LOOM_PROGRESS_EVENTS=1 prints every event, LOOM_PROGRESS_CASE=<name> runs one filter only.
#include "LoomFilterTesting.h"
#include "LoomRegistryTesting.h"

#include "vtkLoomCellDataToPointData.h"
#include "vtkLoomCleanGrid.h"
#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomCellSize.h"
#include "vtkLoomConnectivity.h"
#include "vtkLoomMeshQuality.h"
#include "vtkLoomStreamTracer.h"
#include "vtkLoomGenerateSurfaceNormals.h"
#include "vtkLoomExtractSubset.h"
#include "vtkLoomHistogram.h"
#include <vtkTable.h>
#include "vtkLoomIntegrateVariables.h"
#include "vtkLoomPlotOverLine.h"
#include "vtkLoomProbeLocation.h"
#include "vtkLoomResampleWithDataset.h"
#include "vtkLoomResampleToImage.h"
#include "vtkLoomElevation.h"
#include "vtkLoomExecution.h"
#include "vtkLoomExtractSurface.h"
#include "vtkLoomGradient.h"
#include "vtkLoomLevelOfDetail.h"
#include "vtkLoomPointDataToCellData.h"
#include "vtkLoomSettings.h"
#include "vtkLoomSlice.h"
#include "vtkLoomTetrahedralize.h"
#include "vtkLoomThreshold.h"
#include "vtkLoomWarpByScalar.h"
#include "vtkLoomTransform.h"
#include "vtkLoomWarpByVector.h"
#include <vtkNew.h>
#include <vtkTransform.h>

#include <vtkCallbackCommand.h>
#include <vtkCellData.h>
#include <vtkPlane.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>

namespace
{
// Loop elements between two progress reports (a HostForEach block is 65536 elements: no piece is larger).
constexpr vtkTypeInt64 Every = 65536;

struct Inputs
{
  vtkSmartPointer<vtkUnstructuredGrid> Grid; // hexahedra with point scalars, vectors and a cell scalar
  vtkSmartPointer<vtkPolyData> Surface;      // triangles (a contour of the wavelet)
  vtkSmartPointer<vtkImageData> Image;       // the wavelet the grid is made of (Extract Subset takes grids only)
};

const Inputs& TheInputs()
{
  static Inputs inputs = [] {
    Inputs in;
    vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(36);
    in.Grid = loomtest::Hexahedra(image);
    in.Image = image;
    loomtest::AddVectors(in.Grid);
    vtkNew<vtkDoubleArray> cellScalar;
    cellScalar->SetName("cellRT");
    cellScalar->SetNumberOfTuples(in.Grid->GetNumberOfCells());
    double* c = cellScalar->GetPointer(0);
    for (vtkIdType i = 0; i < in.Grid->GetNumberOfCells(); ++i)
      c[i] = static_cast<double>(i % 977) * 0.25;
    in.Grid->GetCellData()->AddArray(cellScalar);
    in.Grid->GetPointData()->SetActiveScalars("RTData");

    vtkSmartPointer<vtkImageData> big = loomtest::Wavelet(64);
    vtkNew<vtkLoomContour> contour;
    contour->SetInputData(big);
    contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    for (int v = 0; v < 6; ++v)
      contour->SetValue(v, 90.0 + 25.0 * v);
    contour->Update();
    in.Surface = contour->GetOutput();
    return in;
  }();
  return inputs;
}

void Points(vtkAlgorithm* f, const char* name)
{
  f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, name);
}

struct Case
{
  const char* Name;
  bool OnSurface;
  std::function<vtkSmartPointer<vtkAlgorithm>(int device)> Make;
};

template <typename T>
vtkSmartPointer<vtkAlgorithm> New(int device, const std::function<void(T*)>& set = {})
{
  auto f = vtkSmartPointer<T>::New();
  f->SetDevice(device);
  if (set)
    set(f);
  return f;
}

std::vector<Case> AllCases();

// Every case, or only the one LOOM_PROGRESS_CASE names (for a profile of one filter).
std::vector<Case> Cases()
{
  std::vector<Case> cases = AllCases();
  if (const char* only = std::getenv("LOOM_PROGRESS_CASE"))
    cases.erase(std::remove_if(cases.begin(), cases.end(), [&](const Case& c) { return c.Name != std::string(only); }),
                cases.end());
  return cases;
}

std::vector<Case> AllCases()
{
  auto plane = [] {
    vtkNew<vtkPlane> p;
    p->SetOrigin(0.3, -0.2, 0.1);
    p->SetNormal(1.0, 0.6, 0.3);
    return vtkSmartPointer<vtkPlane>(p);
  };
  std::vector<Case> cases;
  cases.push_back({ "Point Data to Cell Data", false, [](int d) { return New<vtkLoomPointDataToCellData>(d); } });
  cases.push_back({ "Cell Data to Point Data", false, [](int d) { return New<vtkLoomCellDataToPointData>(d); } });
  cases.push_back({ "Contour", false, [](int d) {
                     return New<vtkLoomContour>(d, [](vtkLoomContour* f) {
                       Points(f, "RTData");
                       for (int v = 0; v < 8; ++v)
                         f->SetValue(v, 80.0 + 20.0 * v);
                     });
                   } });
  cases.push_back({ "Tetrahedralize", false, [](int d) { return New<vtkLoomTetrahedralize>(d); } });
  cases.push_back({ "Threshold", false, [](int d) {
                     return New<vtkLoomThreshold>(d, [](vtkLoomThreshold* f) {
                       Points(f, "RTData");
                       f->SetLowerThreshold(100.0);
                       f->SetUpperThreshold(250.0);
                     });
                   } });
  cases.push_back({ "Clip", false, [](int d) {
                     return New<vtkLoomClip>(d, [](vtkLoomClip* f) {
                       Points(f, "RTData");
                       f->SetValue(160.0);
                     });
                   } });
  cases.push_back({ "Slice", false, [plane](int d) {
                     return New<vtkLoomSlice>(d, [&](vtkLoomSlice* f) { f->SetCutFunction(plane()); });
                   } });
  cases.push_back({ "Extract Surface", false, [](int d) { return New<vtkLoomExtractSurface>(d); } });
  cases.push_back({ "Clean to Grid", false, [](int d) { return New<vtkLoomCleanGrid>(d); } });
  cases.push_back({ "Level of Detail", true, [](int d) {
                     return New<vtkLoomLevelOfDetail>(d, [](vtkLoomLevelOfDetail* f) { f->SetNumberOfDivisions(64, 64, 64); });
                   } });
  cases.push_back({ "Gradient", false, [](int d) {
                     return New<vtkLoomGradient>(d, [](vtkLoomGradient* f) {
                       Points(f, "V");
                       f->SetComputeVorticity(true);
                       f->SetComputeQCriterion(true);
                     });
                   } });
  cases.push_back({ "Elevation", false, [](int d) { return New<vtkLoomElevation>(d); } });
  cases.push_back({ "Extract Subset", false, [](int d) {
                     return New<vtkLoomExtractSubset>(d, [](vtkLoomExtractSubset* f) {
                       f->SetVOI(-50, 50, -45, 52, -56, 40);
                       f->SetSampleRate(1, 2, 1);
                     });
                   } });
  cases.push_back({ "Cell Size", false, [](int d) { return New<vtkLoomCellSize>(d); } });
  cases.push_back({ "Integrate Variables", false, [](int d) { return New<vtkLoomIntegrateVariables>(d); } });
  cases.push_back({ "Histogram", false, [](int d) {
                     return New<vtkLoomHistogram>(d, [](vtkLoomHistogram* f) {
                       Points(f, "V");
                       f->SetComponent(3); // the magnitude
                       f->SetBinCount(256);
                     });
                   } });
  cases.push_back({ "Connectivity", false, [](int d) {
                     return New<vtkLoomConnectivity>(d, [](vtkLoomConnectivity* f) {
                       f->SetExtractionModeToAllRegions();
                       f->ColorRegionsOn();
                     });
                   } });
  cases.push_back({ "Mesh Quality", false, [](int d) { return New<vtkLoomMeshQuality>(d); } });
  cases.push_back({ "Generate Surface Normals", true, [](int d) { return New<vtkLoomGenerateSurfaceNormals>(d); } });
  cases.push_back({ "Stream Tracer", false, [](int d) {
                     return New<vtkLoomStreamTracer>(d, [](vtkLoomStreamTracer* f) {
                       Points(f, "V");
                       f->SetMaximumPropagation(20.0);
                       // 4096 seeds on a plane through the grid.
                       vtkNew<vtkPolyData> seeds;
                       vtkNew<vtkPoints> at;
                       for (vtkIdType i = 0; i < 4096; ++i)
                         at->InsertNextPoint(-40.0 + 1.25 * (i % 64), -40.0 + 1.25 * (i / 64), 0.5);
                       seeds->SetPoints(at);
                       f->SetSourceData(seeds);
                     });
                   } });
  cases.push_back({ "Plot Over Line", false, [](int d) {
                     return New<vtkLoomPlotOverLine>(d, [](vtkLoomPlotOverLine* f) {
                       f->SetPoint1(-10, -10, -10);
                       f->SetPoint2(10, 10, 10);
                       f->SetLineResolution(2000000);
                     });
                   } });
  cases.push_back({ "Probe Location", false, [](int d) {
                     return New<vtkLoomProbeLocation>(d, [](vtkLoomProbeLocation* f) {
                       // A million probe points through and beyond the input.
                       vtkNew<vtkPolyData> probe;
                       vtkNew<vtkPoints> at;
                       at->SetNumberOfPoints(1000000);
                       for (vtkIdType i = 0; i < 1000000; ++i)
                         at->SetPoint(i, -10.0 + 0.02 * (i % 1000), -10.0 + 0.02 * (i / 1000 % 1000), 0.5);
                       probe->SetPoints(at);
                       f->SetSourceData(probe);
                     });
                   } });
  cases.push_back({ "Resample With Dataset", false, [](int d) { return New<vtkLoomResampleWithDataset>(d); } });
  cases.push_back({ "Resample To Image", false, [](int d) {
                     return New<vtkLoomResampleToImage>(d, [](vtkLoomResampleToImage* f) { f->SetSamplingDimensions(120, 120, 120); });
                   } });
  cases.push_back({ "Warp By Scalar", false, [](int d) {
                     return New<vtkLoomWarpByScalar>(d, [](vtkLoomWarpByScalar* f) {
                       Points(f, "RTData");
                       f->SetScaleFactor(0.01);
                     });
                   } });
  cases.push_back({ "Warp By Vector", false, [](int d) {
                     return New<vtkLoomWarpByVector>(d, [](vtkLoomWarpByVector* f) {
                       Points(f, "V");
                       f->SetScaleFactor(0.01);
                     });
                   } });
  cases.push_back({ "Transform", false, [](int d) {
                     return New<vtkLoomTransform>(d, [](vtkLoomTransform* f) {
                       vtkNew<vtkTransform> transform;
                       transform->RotateZ(30.0);
                       transform->Scale(2.0, 1.0, 1.0);
                       f->SetTransform(transform);
                       f->TransformAllInputVectorsOn();
                     });
                   } });
  return cases;
}

struct Watch
{
  std::vector<double> Events; // progress values, in order
  bool AbortAtFirst = false;  // set the abort flag at the first event inside the execution
  std::size_t AbortEvent = 0; // the number of events seen when the flag was set (0: not set)
  int Warnings = 0, Errors = 0;
};

void OnProgress(vtkObject* caller, unsigned long, void* client, void* call)
{
  auto* watch = static_cast<Watch*>(client);
  const double progress = *static_cast<double*>(call);
  watch->Events.push_back(progress);
  if (watch->AbortAtFirst && watch->AbortEvent == 0 && progress > 0.0 && progress < 1.0)
  {
    watch->AbortEvent = watch->Events.size();
    static_cast<vtkAlgorithm*>(caller)->SetAbortExecute(1);
  }
}

void OnMessage(vtkObject*, unsigned long event, void* client, void*)
{
  auto* watch = static_cast<Watch*>(client);
  (event == vtkCommand::ErrorEvent ? watch->Errors : watch->Warnings)++;
}

vtkDataObject* InputOf(const Case& c)
{
  if (c.Name == std::string("Extract Subset"))
    return TheInputs().Image;
  return c.OnSurface ? static_cast<vtkDataObject*>(TheInputs().Surface.Get())
                     : static_cast<vtkDataObject*>(TheInputs().Grid.Get());
}

// One execution of a fresh filter on the case's input, watched; returns the loop elements it did.
vtkTypeInt64 Execute(const Case& c, int device, Watch& watch, vtkSmartPointer<vtkAlgorithm>& filter)
{
  filter = c.Make(device);
  filter->SetInputDataObject(InputOf(c));
  if (vtkLoomResampleWithDataset::SafeDownCast(filter))
    filter->SetInputDataObject(1, InputOf(c)); // Resample With Dataset: the input sampled at its own points
  vtkNew<vtkCallbackCommand> progress, message;
  progress->SetCallback(&OnProgress);
  progress->SetClientData(&watch);
  message->SetCallback(&OnMessage);
  message->SetClientData(&watch);
  filter->AddObserver(vtkCommand::ProgressEvent, progress);
  filter->AddObserver(vtkCommand::WarningEvent, message);
  filter->AddObserver(vtkCommand::ErrorEvent, message);
  filter->Update();
  vtkLoomExecution* record = vtkLoomExecution::GetLast(filter);
  return record ? record->GetWorkElements() : -1;
}

vtkIdType OutputCells(vtkAlgorithm* filter)
{
  if (auto* table = vtkTable::SafeDownCast(filter->GetOutputDataObject(0)))
    return table->GetNumberOfRows(); // Histogram: its bins
  auto* data = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  return data ? data->GetNumberOfCells() : -1;
}
vtkIdType OutputPoints(vtkAlgorithm* filter)
{
  if (auto* table = vtkTable::SafeDownCast(filter->GetOutputDataObject(0)))
    return table->GetNumberOfRows(); // Histogram: its bins
  auto* data = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  return data ? data->GetNumberOfPoints() : -1;
}

// The events strictly between 0 and 1: the filter's own reports from inside its work.
std::size_t Inside(const std::vector<double>& events)
{
  return static_cast<std::size_t>(
    std::count_if(events.begin(), events.end(), [](double v) { return v > 0.0 && v < 1.0; }));
}

const char* DeviceName(int device)
{
  return device == 1 ? "Serial" : "TBB   ";
}

// Every case reports by work in this program; the process default (by time) comes back after it.
class Progress : public ::testing::TestWithParam<int>
{
protected:
  void SetUp() override { vtkLoomSettings::GetInstance()->SetProgressReportElements(Every); }
  void TearDown() override { vtkLoomSettings::GetInstance()->SetProgressReportElements(0); }
};
} // namespace

// The cases are the registry's filters, every one of them.
TEST(ProgressCases, CoverTheRegistry)
{
  std::set<std::string> cases, registry;
  for (const Case& c : AllCases())
    cases.insert(std::string("Loom ") + c.Name);
  for (int i = 0; i < vtkLoomRegistry::GetNumberOfFilters(); ++i)
    registry.insert(vtkLoomRegistry::GetLabel(i));
  EXPECT_EQ(cases, registry) << "TestLoomProgress.cxx's AllCases() and Filters/registry.json list different filters";
}

TEST_P(Progress, EveryFilterReportsAlongItsWork)
{
  const int device = GetParam();
  for (const Case& c : Cases())
  {
    SCOPED_TRACE(c.Name);
    Watch watch;
    vtkSmartPointer<vtkAlgorithm> filter;
    const vtkTypeInt64 work = Execute(c, device, watch, filter);
    ASSERT_EQ(watch.Errors, 0);
    ASSERT_GT(OutputPoints(filter), 0);
    ASSERT_FALSE(watch.Events.empty());
    EXPECT_EQ(watch.Events.back(), 1.0);
    double jump = 0.0, before = 0.0;
    for (std::size_t e = 0; e < watch.Events.size(); ++e)
    {
      const double value = watch.Events[e];
      EXPECT_GE(value, before) << "event " << e << " went back";
      if (value < 1.0) // the step to the executive's 1 measures the estimate of the work, not its reports
        jump = std::max(jump, value - before);
      before = value;
    }
    if (std::getenv("LOOM_PROGRESS_EVENTS"))
      for (double value : watch.Events)
        std::printf("  event %.4f\n", value);
    const std::size_t inside = Inside(watch.Events);
    std::printf("%-24s %s %10lld loop elements  %4zu events inside  largest step %.3f\n", c.Name,
                DeviceName(device), static_cast<long long>(work), inside, jump);
    // Every filter's work here is monitored and several reports long.
    ASSERT_GE(work, 4 * Every) << "the filter's work was not monitored";
    EXPECT_LE(static_cast<vtkTypeInt64>(inside), work / Every) << "more reports than pieces of work";
    if (device == 1)
    {
      // Serial: a report after every piece that completes Every elements since the last (a piece is
      // Every elements, or one index: a row, or a block that may stand for more), so one per 2 Every
      // where pieces are Every; the blocks' loops leave fewer: at least one per 4 Every over the run.
      EXPECT_GE(static_cast<vtkTypeInt64>(inside), work / (4 * Every))
        << "the reports do not follow the work: " << inside << " for " << work << " elements";
      // And no step inside the work skips half the bar.
      EXPECT_LE(jump, 0.5) << "progress skipped " << jump << " of the bar in one step";
    }
    // TBB: the reporting thread's pieces alternate with the other threads' as the machine schedules
    // them (a busy machine may leave the reporting thread waiting while the others do a whole pass):
    // the reports come in order and end at 1 (above), but how many and how far apart is the scheduler's.
  }
}

TEST_P(Progress, AbortEndsTheExecutionBeforeItsWorkIsDone)
{
  // The abort flag is set at the first progress event inside the execution; the work must stop within
  // the pieces then running (one per thread), well before the full run's work.
  const int device = GetParam();
  for (const Case& c : Cases())
  {
    SCOPED_TRACE(c.Name);
    vtkDataObject* input = InputOf(c);
    const vtkMTimeType inputTime = input->GetMTime();
    Watch full;
    vtkSmartPointer<vtkAlgorithm> filter;
    const vtkTypeInt64 whole = Execute(c, device, full, filter);
    Watch watch;
    watch.AbortAtFirst = true;
    const vtkTypeInt64 work = Execute(c, device, watch, filter);
    ASSERT_GT(watch.AbortEvent, 0u) << "no progress event inside a run of " << whole << " loop elements";
    std::printf("%-24s %s aborted at progress %.3f: %lld loop elements of %lld\n", c.Name, DeviceName(device),
                watch.Events[watch.AbortEvent - 1], static_cast<long long>(work), static_cast<long long>(whole));
    // Serial: the first report comes once Every elements are done (the piece that crossed it, at most
    // Every more), and nothing runs after it. TBB: the pass then running ends on the other threads (how
    // much of it, and of the run, depends on the machine's scheduling); only the outcome is asserted there.
    if (device == 1)
    {
      EXPECT_LE(work, 2 * Every);
      EXPECT_LT(work, whole);
    }
    EXPECT_EQ(Inside(watch.Events), 1u) << "progress went on after the abort";
    EXPECT_EQ(watch.Errors, 0);
    EXPECT_EQ(watch.Warnings, 1);
    // An aborted run leaves an empty dataset (not no dataset: OutputCells gives -1 then).
    EXPECT_EQ(OutputCells(filter), 0);
    EXPECT_EQ(OutputPoints(filter), 0);
    EXPECT_EQ(input->GetMTime(), inputTime);
  }
}

INSTANTIATE_TEST_SUITE_P(Devices, Progress, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& info) { return info.param == 1 ? "Serial" : "TBB"; });
