// Loom filter tests: progress and abort inside the families. Every Loom filter on a grid large enough
// for its run to last: progress events never go back and end at 1; on runs of 0.2 s or more an event
// comes at least every 5% of the run (or 50 ms), and on runs of 0.5 s or more no step skips half the bar
// (the value is the share of the expected loop elements done, and cheap loops move it faster than dear
// ones; a step is what one 10 ms report interval did); an abort set from the
// first progress event inside the execution (as ParaView's client sets it from its progress handler) ends
// the execution within 100 ms with an empty output and one warning, not an error, and the input unchanged.
// LOOM_PROGRESS_EVENTS=1 prints every event, LOOM_PROGRESS_CASE=<name> runs one filter only.
#include "LoomFilterTesting.h"

#include "vtkLoomCellDataToPointData.h"
#include "vtkLoomCleanGrid.h"
#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomElevation.h"
#include "vtkLoomExtractSurface.h"
#include "vtkLoomGradient.h"
#include "vtkLoomLevelOfDetail.h"
#include "vtkLoomPointDataToCellData.h"
#include "vtkLoomSlice.h"
#include "vtkLoomTetrahedralize.h"
#include "vtkLoomThreshold.h"
#include "vtkLoomWarpByScalar.h"
#include "vtkLoomWarpByVector.h"

#include <vtkCallbackCommand.h>
#include <vtkCellData.h>
#include <vtkPlane.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>

namespace
{
double Now()
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Inputs
{
  vtkSmartPointer<vtkUnstructuredGrid> Grid; // hexahedra with point scalars, vectors and a cell scalar
  vtkSmartPointer<vtkPolyData> Surface;      // triangles (a contour of the wavelet)
};

const Inputs& TheInputs()
{
  static Inputs inputs = [] {
    Inputs in;
    vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(56);
    in.Grid = loomtest::Hexahedra(image);
    loomtest::AddVectors(in.Grid);
    vtkNew<vtkDoubleArray> cellScalar;
    cellScalar->SetName("cellRT");
    cellScalar->SetNumberOfTuples(in.Grid->GetNumberOfCells());
    double* c = cellScalar->GetPointer(0);
    for (vtkIdType i = 0; i < in.Grid->GetNumberOfCells(); ++i)
      c[i] = static_cast<double>(i % 977) * 0.25;
    in.Grid->GetCellData()->AddArray(cellScalar);
    in.Grid->GetPointData()->SetActiveScalars("RTData");

    vtkSmartPointer<vtkImageData> big = loomtest::Wavelet(96);
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
  return cases;
}

struct Watch
{
  std::vector<std::pair<double, double>> Events; // (time, progress)
  double AbortAt = -1.0;                          // set the abort flag once progress reaches this
  double AbortTime = 0.0;
  int Warnings = 0, Errors = 0;
};

void OnProgress(vtkObject* caller, unsigned long, void* client, void* call)
{
  auto* watch = static_cast<Watch*>(client);
  const double progress = *static_cast<double*>(call);
  watch->Events.emplace_back(Now(), progress);
  if (watch->AbortAt >= 0.0 && watch->AbortTime == 0.0 && progress >= watch->AbortAt && progress < 1.0)
  {
    watch->AbortTime = Now();
    static_cast<vtkAlgorithm*>(caller)->SetAbortExecute(1);
  }
}

void OnMessage(vtkObject*, unsigned long event, void* client, void*)
{
  auto* watch = static_cast<Watch*>(client);
  (event == vtkCommand::ErrorEvent ? watch->Errors : watch->Warnings)++;
}

// One execution of a fresh filter on the case's input, watched.
double Execute(const Case& c, int device, Watch& watch, vtkSmartPointer<vtkAlgorithm>& filter)
{
  filter = c.Make(device);
  vtkDataObject* input = c.OnSurface ? static_cast<vtkDataObject*>(TheInputs().Surface.Get())
                                     : static_cast<vtkDataObject*>(TheInputs().Grid.Get());
  filter->SetInputDataObject(input);
  vtkNew<vtkCallbackCommand> progress, message;
  progress->SetCallback(&OnProgress);
  progress->SetClientData(&watch);
  message->SetCallback(&OnMessage);
  message->SetClientData(&watch);
  filter->AddObserver(vtkCommand::ProgressEvent, progress);
  filter->AddObserver(vtkCommand::WarningEvent, message);
  filter->AddObserver(vtkCommand::ErrorEvent, message);
  const double start = Now();
  filter->Update();
  return Now() - start;
}

vtkIdType OutputCells(vtkAlgorithm* filter)
{
  auto* data = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  return data ? data->GetNumberOfCells() : -1;
}
vtkIdType OutputPoints(vtkAlgorithm* filter)
{
  auto* data = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  return data ? data->GetNumberOfPoints() : -1;
}

class Progress : public ::testing::TestWithParam<int>
{
};
} // namespace

TEST_P(Progress, EveryFilterReportsAlongItsWork)
{
  const int device = GetParam();
  for (const Case& c : Cases())
  {
    SCOPED_TRACE(c.Name);
    Watch watch;
    vtkSmartPointer<vtkAlgorithm> filter;
    (void)TheInputs(); // made before the clock starts
    const double start = Now();
    const double seconds = Execute(c, device, watch, filter);
    ASSERT_EQ(watch.Errors, 0);
    ASSERT_GT(OutputPoints(filter), 0);
    ASSERT_FALSE(watch.Events.empty());
    EXPECT_EQ(watch.Events.back().second, 1.0);
    double gap = watch.Events.front().first - start, jump = 0.0, before = 0.0, last = start;
    for (std::size_t e = 0; e < watch.Events.size(); ++e)
    {
      const auto& [time, value] = watch.Events[e];
      EXPECT_GE(value, before) << "event " << e << " went back";
      if (e > 0)
        jump = std::max(jump, value - before);
      gap = std::max(gap, time - last);
      before = value;
      last = time;
    }
    double lastBeforeEnd = 0.0; // the last value below 1 (the filter and its executive both end with 1)
    for (const auto& event : watch.Events)
      if (event.second < 1.0)
        lastBeforeEnd = event.second;
    if (std::getenv("LOOM_PROGRESS_EVENTS"))
      for (const auto& event : watch.Events)
        std::printf("  event %.4f %.3f\n", event.first, event.second);
    std::printf("%-24s %s %7.3f s  %4zu events  largest gap %6.3f s (%4.1f%%)  largest step %.3f  last before 1: %.3f\n",
                c.Name, device == 1 ? "Serial" : "TBB   ", seconds, watch.Events.size(), gap, 100.0 * gap / seconds,
                jump, lastBeforeEnd);
    if (seconds >= 0.2)
      EXPECT_LE(gap, std::max(0.05 * seconds, 0.05)) << "no progress for " << gap << " s of a " << seconds << " s run";
    // (A step is what the loops did in one 10 ms report interval: only on long runs is it a small share.)
    if (seconds >= 0.5)
      EXPECT_LE(jump, 0.5) << "progress skipped " << jump << " of the bar in one step";
  }
}

TEST_P(Progress, AbortEndsTheExecutionWithin100ms)
{
  // The abort flag is set at the first progress event inside the execution (a run too short for any
  // such event has nothing to abort); the execution must return within 100 ms of it.
  const int device = GetParam();
  for (const Case& c : Cases())
  {
    SCOPED_TRACE(c.Name);
    (void)TheInputs();
    vtkDataObject* input = c.OnSurface ? static_cast<vtkDataObject*>(TheInputs().Surface.Get())
                                       : static_cast<vtkDataObject*>(TheInputs().Grid.Get());
    const vtkMTimeType inputTime = input->GetMTime();
    Watch watch;
    watch.AbortAt = 1e-9;
    vtkSmartPointer<vtkAlgorithm> filter;
    const double seconds = Execute(c, device, watch, filter);
    const double ended = Now();
    if (watch.AbortTime == 0.0)
    {
      std::printf("%-24s %s %7.3f s: no progress event before the end, nothing to abort\n", c.Name,
                  device == 1 ? "Serial" : "TBB   ", seconds);
      EXPECT_LT(seconds, 0.05) << "a run this long must report progress";
      continue;
    }
    const double latency = ended - watch.AbortTime;
    double at = 0.0;
    for (const auto& event : watch.Events)
      if (event.first <= watch.AbortTime)
        at = event.second;
    std::printf("%-24s %s aborted at progress %.3f, %.3f s into the run: returned %.1f ms after the flag\n", c.Name,
                device == 1 ? "Serial" : "TBB   ", at, watch.AbortTime - (ended - seconds), 1e3 * latency);
    EXPECT_LE(latency, 0.1);
    EXPECT_EQ(watch.Errors, 0);
    EXPECT_EQ(watch.Warnings, 1);
    EXPECT_LE(OutputCells(filter), 0);
    EXPECT_LE(OutputPoints(filter), 0);
    EXPECT_EQ(input->GetMTime(), inputTime);
  }
}

INSTANTIATE_TEST_SUITE_P(Devices, Progress, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& info) { return info.param == 1 ? "Serial" : "TBB"; });
