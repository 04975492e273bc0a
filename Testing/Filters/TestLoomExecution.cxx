// Loom filter tests: what a filter's last execution reports (vtkLoomExecution: the devices that ran it,
// time, sizes, mask, fallback, message), the process-wide default device (vtkLoomSettings) and the route
// of Loom's messages to VTK's output window (ParaView's Output Messages window).
#include "LoomFilterTesting.h"

#include "vtkLoomContour.h"
#include "vtkLoomElevation.h"
#include "vtkLoomExecution.h"
#include "vtkLoomGradient.h"
#include "vtkLoomSettings.h"
#include "vtkLoomTetrahedralize.h"
#include "vtkLoomThreshold.h"

#include "LoomInterop.h"
#include "../Engine/StandInCudaRuntime.h"

#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/HandOver.h>
#include <loom/cont/Error.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaRuntime.h>
#include <loom/cont/Logging.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkCellData.h>
#include <vtkDataSet.h>
#include <vtkFloatArray.h>
#include <vtkIdList.h>
#include <vtkIdTypeArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkOutputWindow.h>
#include <vtkUnstructuredGrid.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <thread>

#include <gtest/gtest.h>

#include <cerrno>
#include <new>
#include <string>
#include <system_error>

namespace
{
// Records what reaches VTK's output window while it lives.
class CaptureWindow : public vtkOutputWindow
{
public:
  static CaptureWindow* New();
  vtkTypeMacro(CaptureWindow, vtkOutputWindow);
  void DisplayText(const char* text) override { this->Text += text; }
  std::string Text;
};
vtkStandardNewMacro(CaptureWindow);

struct Captured
{
  vtkNew<CaptureWindow> window;
  vtkSmartPointer<vtkOutputWindow> previous = vtkOutputWindow::GetInstance();
  Captured() { vtkOutputWindow::SetInstance(window); }
  ~Captured() { vtkOutputWindow::SetInstance(previous); }
};

vtkSmartPointer<vtkLoomContour> Contour(vtkDataSet* input, int device)
{
  auto contour = vtkSmartPointer<vtkLoomContour>::New();
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  contour->SetValue(0, 157.0);
  contour->SetDevice(device);
  return contour;
}
} // namespace

TEST(LoomExecution, DevicesTimeAndSizes)
{
  auto image = loomtest::Wavelet(10);
  vtkNew<vtkLoomTetrahedralize> tets;
  EXPECT_EQ(vtkLoomExecution::GetLast(tets), nullptr) << "no record before the first execution";
  tets->SetInputData(image);
  tets->SetDevice(vtkLoomTetrahedralize::DEVICE_SERIAL);
  tets->Update();
  vtkLoomExecution* record = vtkLoomExecution::GetLast(tets);
  ASSERT_NE(record, nullptr);
  EXPECT_STREQ(record->GetDevices(), "Serial");
  EXPECT_GT(record->GetSeconds(), 0.0);
  EXPECT_EQ(record->GetInputPoints(), image->GetNumberOfPoints());
  EXPECT_EQ(record->GetInputCells(), image->GetNumberOfCells());
  EXPECT_EQ(record->GetOutputPoints(), image->GetNumberOfPoints());
  EXPECT_EQ(record->GetOutputCells(), 5 * image->GetNumberOfCells()); // five per voxel, as ParaView splits images
  EXPECT_FALSE(record->GetMasked());
  EXPECT_FALSE(record->GetFallback());
  EXPECT_EQ(record->GetExecutions(), 1);
  EXPECT_NE(record->Describe().find("Serial, "), std::string::npos) << record->Describe();

  if (loom::cont::RuntimeDeviceTracker::Get().CanRunOn(loom::cont::DeviceId::TBB))
  {
    tets->SetDevice(vtkLoomTetrahedralize::DEVICE_TBB);
    tets->Update();
    EXPECT_STREQ(vtkLoomExecution::GetLast(tets)->GetDevices(), "TBB");
    EXPECT_EQ(vtkLoomExecution::GetLast(tets)->GetExecutions(), 2);
    EXPECT_EQ(vtkLoomExecution::GetLast(tets), record) << "one record per filter, updated";
  }
}

TEST(LoomExecution, DefaultDeviceForAutoFilters)
{
  auto image = loomtest::Wavelet(8);
  vtkLoomSettings* settings = vtkLoomSettings::GetInstance();
  ASSERT_EQ(settings->GetDefaultDevice(), 0);
  vtkNew<vtkLoomSettings> same;
  EXPECT_EQ(same.GetPointer(), settings) << "New answers the one instance";

  settings->SetDefaultDevice(1); // Serial
  auto automatic = Contour(image, vtkLoomContour::DEVICE_AUTO);
  automatic->Update();
  EXPECT_STREQ(vtkLoomExecution::GetLast(automatic)->GetDevices(), "Serial");
  const bool tbb = loom::cont::RuntimeDeviceTracker::Get().CanRunOn(loom::cont::DeviceId::TBB);
  auto own = Contour(image, tbb ? vtkLoomContour::DEVICE_TBB : vtkLoomContour::DEVICE_SERIAL);
  own->Update();
  EXPECT_STREQ(vtkLoomExecution::GetLast(own)->GetDevices(), tbb ? "TBB" : "Serial")
    << "a filter with a Device of its own keeps it";

  settings->SetDefaultDevice(0);
  automatic->Modified();
  automatic->Update();
  // Auto again: the device Auto resolves to (with a GPU, CUDA runs the contour and the host-compiled steps
  // after it, such as the points of an image's edges, run on the best CPU device: "CUDA+TBB").
  const std::string ran = vtkLoomExecution::GetLast(automatic)->GetDevices();
  switch (loom::cont::RuntimeDeviceTracker::Get().Resolve())
  {
    case loom::cont::DeviceId::Cuda:
      // Auto's estimate leaves an input this small to the CPU device, and the record says so.
      if (ran.rfind("CUDA", 0) != 0)
        EXPECT_NE(std::string(vtkLoomExecution::GetLast(automatic)->GetMessage()).find("rather than CUDA"),
                  std::string::npos) << ran;
      break;
    case loom::cont::DeviceId::TBB:
      EXPECT_EQ(ran, "TBB");
      break;
    default:
      EXPECT_EQ(ran, "Serial");
  }

  {
    Captured captured;
    settings->SetDefaultDevice(7);
    EXPECT_EQ(settings->GetDefaultDevice(), 0);
    EXPECT_NE(captured.window->Text.find("Default Device 7 is not one of"), std::string::npos)
      << captured.window->Text;
  }
  const std::string report = settings->GetDeviceReport();
  EXPECT_NE(report.find("Serial: 1 thread\n"), std::string::npos) << report;
  EXPECT_NE(report.find("TBB: "), std::string::npos) << report;
  EXPECT_NE(report.find("CUDA: "), std::string::npos) << report;
  if (!loom::cont::RuntimeDeviceTracker::Get().CanRunOn(loom::cont::DeviceId::Cuda))
    EXPECT_NE(report.find("CUDA: unavailable ("), std::string::npos) << report;
}

TEST(LoomExecution, MaskFallbackAndMessages)
{
  auto image = loomtest::Wavelet(8);
  vtkNew<vtkLoomGradient> gradient;
  gradient->SetInputData(image);
  gradient->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  gradient->Update();
  EXPECT_FALSE(vtkLoomExecution::GetLast(gradient)->GetMasked());
  gradient->AddMaskId(3);
  gradient->Update();
  EXPECT_TRUE(vtkLoomExecution::GetLast(gradient)->GetMasked());
  EXPECT_NE(vtkLoomExecution::GetLast(gradient)->Describe().find(", masked"), std::string::npos);

  // A fallback to VTK's filter: the record says VTK, the note reaches the output window and the record.
  Captured captured;
  vtkNew<vtkLoomThreshold> threshold;
  threshold->SetInputData(loomtest::UnsupportedCellGrid(true));
  threshold->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "S");
  threshold->SetLowerThreshold(0.0);
  threshold->SetUpperThreshold(10.0);
  threshold->Update();
  vtkLoomExecution* record = vtkLoomExecution::GetLast(threshold);
  EXPECT_TRUE(record->GetFallback());
  EXPECT_STREQ(record->GetDevices(), "VTK");
  EXPECT_NE(std::string(record->GetMessage()).find("vtkThreshold thresholds it instead"), std::string::npos)
    << record->GetMessage();
  EXPECT_NE(captured.window->Text.find("vtkThreshold thresholds it instead"), std::string::npos)
    << captured.window->Text;

  // The engine's log lines go to the output window too (here an info line, at the info level).
  const loom::cont::LogLevel level = loom::cont::GetLogLevel();
  loom::cont::SetLogLevel(loom::cont::LogLevel::Info);
  loom::cont::Log(loom::cont::LogLevel::Info, "a line for the output window");
  loom::cont::SetLogLevel(level);
  EXPECT_NE(captured.window->Text.find("Loom: a line for the output window"), std::string::npos)
    << captured.window->Text;
}

TEST(LoomExecution, EmptyInputRecordsNoDevice)
{
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkLoomTetrahedralize> tets;
  tets->SetInputData(empty);
  loomtest::UpdateCapturing(tets);
  vtkLoomExecution* record = vtkLoomExecution::GetLast(tets);
  ASSERT_NE(record, nullptr);
  EXPECT_STREQ(record->GetDevices(), "none");
  EXPECT_EQ(record->GetInputPoints(), 0);
  EXPECT_EQ(record->GetOutputCells(), 0);
}

namespace
{
// The contour of RTData = 157 of `input` (a copy of the contour's output, to compare), and how many of
// its input arrays the contour took back as a Loom filter's.
vtkSmartPointer<vtkPolyData> ContourOf(vtkDataObject* input, vtkIdType& found)
{
  auto contour = vtkSmartPointer<vtkLoomContour>::New();
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  contour->SetValue(0, 157.0);
  contour->Update();
  found = vtkLoomExecution::GetLast(contour)->GetInputArraysFound();
  auto copy = vtkSmartPointer<vtkPolyData>::New();
  copy->DeepCopy(contour->GetOutput());
  return copy;
}

void ExpectSameSurface(vtkPolyData* expected, vtkPolyData* actual)
{
  ASSERT_EQ(expected->GetNumberOfPoints(), actual->GetNumberOfPoints());
  ASSERT_EQ(expected->GetNumberOfCells(), actual->GetNumberOfCells());
  ASSERT_GT(expected->GetNumberOfCells(), 0);
  for (vtkIdType p = 0; p < expected->GetNumberOfPoints(); ++p)
  {
    double a[3], b[3];
    expected->GetPoint(p, a);
    actual->GetPoint(p, b);
    ASSERT_TRUE(a[0] == b[0] && a[1] == b[1] && a[2] == b[2]) << "point " << p;
  }
  vtkNew<vtkIdList> a, b;
  for (vtkIdType c = 0; c < expected->GetNumberOfCells(); ++c)
  {
    expected->GetCellPoints(c, a);
    actual->GetCellPoints(c, b);
    ASSERT_EQ(a->GetNumberOfIds(), b->GetNumberOfIds());
    for (vtkIdType i = 0; i < a->GetNumberOfIds(); ++i)
      ASSERT_EQ(a->GetId(i), b->GetId(i)) << "cell " << c;
  }
}
} // namespace

// A Loom filter downstream of another takes the upstream filter's arrays back as Loom's own (with their
// device copies where it ran on the GPU; the CUDA twin of this test checks those) while VTK has not
// modified them, and the same result as from a deep copy of the input, which it must wrap as VTK's; an
// array modified in between is not taken back, and its new values are the ones used.
TEST(LoomExecution, LoomOutputsAreFoundDownstream)
{
  auto image = loomtest::Wavelet(12);
  vtkNew<vtkLoomTetrahedralize> tets;
  tets->SetInputData(image);
  vtkNew<vtkLoomContour> contour;
  contour->SetInputConnection(tets->GetOutputPort());
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  contour->SetValue(0, 157.0);
  contour->Update();
  vtkLoomExecution* record = vtkLoomExecution::GetLast(contour);
  // The tetrahedra's types, offsets and connectivity and their points are Loom's (RTData is the image's;
  // the count is of takes: the contour reads the points more than once).
  const vtkIdType found = record->GetInputArraysFound();
  EXPECT_GE(found, 3);
  auto grid = vtkUnstructuredGrid::SafeDownCast(tets->GetOutput());
  vtkNew<vtkUnstructuredGrid> copy;
  copy->DeepCopy(grid);
  vtkIdType foundInCopy = -1;
  auto fromCopy = ContourOf(copy, foundInCopy);
  EXPECT_EQ(0, foundInCopy);
  ExpectSameSurface(fromCopy, contour->GetOutput());

  // The points moved (as VTK's API says: writes, then Modified): not taken back, the new values used.
  vtkDataArray* points = grid->GetPoints()->GetData();
  for (vtkIdType p = 0; p < points->GetNumberOfTuples(); ++p)
    points->SetComponent(p, 0, points->GetComponent(p, 0) + 0.25);
  points->Modified();
  contour->Modified();
  contour->Update();
  const vtkIdType afterMove = vtkLoomExecution::GetLast(contour)->GetInputArraysFound();
  EXPECT_LT(afterMove, found);
  EXPECT_GE(afterMove, 3); // the cells still are
  copy->DeepCopy(grid);
  auto moved = ContourOf(copy, foundInCopy);
  EXPECT_NE(fromCopy->GetPoint(0)[0], moved->GetPoint(0)[0]);
  ExpectSameSurface(moved, contour->GetOutput());
  // Modified once, the points stay VTK's until a Loom filter hands them over again.
  contour->Modified();
  contour->Update();
  EXPECT_EQ(afterMove, vtkLoomExecution::GetLast(contour)->GetInputArraysFound());
  ExpectSameSurface(moved, contour->GetOutput());
}

// A VTK array a Loom filter read on CUDA keeps its device copy while it lives unmodified (the device input
// cache): found again when wrapped again, uploaded again once Modified, forgotten when the array is deleted
// (its observer), so that another array in the same memory is never taken for it. Without a GPU the
// bookkeeping runs against the stand-in runtime; with one, against CUDA's.
TEST(LoomExecution, UnmodifiedVTKArraysKeepTheirDeviceCopies)
{
#ifndef LOOM_ENABLE_CUDA
  GTEST_SKIP() << "built without CUDA: no device copies";
#else
  loomtest::StandInRuntime standIn;
  const bool gpu = loom::cont::cuda::IsAvailable();
  if (!gpu)
    loom::cont::cuda::internal::SetRuntime(&standIn);
  loom::cont::ClearDeviceInputCache();
  const std::size_t limit = loom::cont::GetDeviceInputCacheLimit();
  loom::cont::SetDeviceInputCacheLimit(std::size_t(64) << 20);
  const vtkIdType n = vtkIdType(1) << 20;
  std::vector<float> memory(static_cast<std::size_t>(n));
  for (vtkIdType i = 0; i < n; ++i)
    memory[static_cast<std::size_t>(i)] = static_cast<float>(i % 977);
  // The uploads so far, after `array` is wrapped as a filter wraps it and read on the device.
  auto uploads = [](vtkDataArray* array) {
    const loom::algorithms::FieldArray field = loom::interop::FieldFromVTK(array);
    field.GetSingleComponent<loom::Float32>().PrepareForInput(loom::cont::DeviceAdapterTagCuda{});
    return loom::cont::cuda::GetTransferCounts().HostToDevice;
  };
  const auto start = loom::cont::cuda::GetTransferCounts().HostToDevice;
  const auto before = loom::cont::GetDeviceInputCacheStatistics();
  vtkFloatArray* a = vtkFloatArray::New();
  a->SetArray(memory.data(), n, 1); // VTK does not free the memory
  EXPECT_EQ(start + 1, uploads(a));
  EXPECT_EQ(start + 1, uploads(a)); // unmodified: found
  auto s = loom::cont::GetDeviceInputCacheStatistics();
  EXPECT_EQ(before.Reused + 1, s.Reused);
  EXPECT_EQ(before.BytesReused + static_cast<loom::UInt64>(n) * sizeof(float), s.BytesReused);
  memory[0] = -1;
  a->Modified();
  EXPECT_EQ(start + 2, uploads(a)); // modified through VTK's API: uploaded again
  EXPECT_EQ(start + 2, uploads(a));
  EXPECT_EQ(before.Entries + 1, loom::cont::GetDeviceInputCacheStatistics().Entries);

  // Deleted: its copy goes at once (not when the memory is next seen), so another array in the same
  // memory, whatever its MTime or address, is uploaded.
  a->Delete();
  s = loom::cont::GetDeviceInputCacheStatistics();
  EXPECT_EQ(before.Entries, s.Entries);
  EXPECT_EQ(before.Forgotten + 1, s.Forgotten);
  memory[1] = -2;
  vtkFloatArray* b = vtkFloatArray::New();
  b->SetArray(memory.data(), n, 1);
  EXPECT_EQ(start + 3, uploads(b));
  EXPECT_EQ(start + 3, uploads(b));
  b->Delete();

  // Turning CUDA off in the settings (a CPU default device) frees what is kept.
  vtkFloatArray* c = vtkFloatArray::New();
  c->SetArray(memory.data(), n, 1);
  uploads(c);
  EXPECT_EQ(before.Entries + 1, loom::cont::GetDeviceInputCacheStatistics().Entries);
  vtkLoomSettings::GetInstance()->SetDefaultDevice(2);
  EXPECT_EQ(0u, loom::cont::GetDeviceInputCacheStatistics().Entries);
  vtkLoomSettings::GetInstance()->SetDefaultDevice(0);
  c->Delete();
  EXPECT_NE(std::string::npos, std::string(vtkLoomSettings::GetInstance()->GetDeviceReport()).find("GPU input cache: 0 arrays"));

  loom::cont::ClearDeviceInputCache();
  loom::cont::SetDeviceInputCacheLimit(limit);
  if (!gpu)
  {
    EXPECT_EQ(standIn.DeviceAllocations, standIn.DeviceFrees);
    loom::cont::cuda::internal::SetRuntime(nullptr);
  }
#endif
}

// Auto's estimate counts the bytes an execution on the GPU would send first (loom::interop::BytesToDevice): a
// dataset's points, cells and arrays, less what is on the GPU already: a VTK array whose copy the device input
// cache holds (unmodified), a Loom output whose device copy is current. Nothing is moved by asking. Without a
// GPU the bookkeeping runs against the stand-in runtime.
TEST(LoomExecution, AutoCountsTheBytesTheGpuLacks)
{
  auto bytesOf = [](vtkDataArray* a) {
    return a ? static_cast<std::size_t>(a->GetNumberOfTuples()) * a->GetNumberOfComponents() * a->GetDataTypeSize()
             : std::size_t(0);
  };
  // A grid of two tetrahedra with a point and a cell array: points, offsets, connectivity, types, arrays.
  vtkNew<vtkUnstructuredGrid> grid;
  vtkNew<vtkPoints> points;
  for (int i = 0; i < 5; ++i)
    points->InsertNextPoint(i % 2, i / 2 % 2, i / 4);
  grid->SetPoints(points);
  for (vtkIdType t = 0; t < 2; ++t)
  {
    const vtkIdType ids[4] = { t, t + 1, t + 2, t + 3 };
    grid->InsertNextCell(VTK_TETRA, 4, ids);
  }
  vtkNew<vtkFloatArray> temperature;
  temperature->SetName("temperature");
  temperature->SetNumberOfTuples(5);
  temperature->FillValue(1.f);
  grid->GetPointData()->AddArray(temperature);
  vtkNew<vtkFloatArray> pressure;
  pressure->SetName("pressure");
  pressure->SetNumberOfComponents(3);
  pressure->SetNumberOfTuples(2);
  pressure->FillValue(2.f);
  grid->GetCellData()->AddArray(pressure);
  const std::size_t gridBytes = bytesOf(points->GetData()) + bytesOf(grid->GetCells()->GetOffsetsArray()) +
    bytesOf(grid->GetCells()->GetConnectivityArray()) + bytesOf(grid->GetCellTypesArray()) + bytesOf(temperature) +
    bytesOf(pressure);
  EXPECT_EQ(gridBytes, loom::interop::BytesToDevice(grid));
  EXPECT_EQ(5 * 3 * 4 + 2 * 3 * 4, bytesOf(points->GetData()) + bytesOf(pressure)); // what is summed is counted
  auto image = loomtest::Wavelet(8);
  std::size_t imageBytes = 0;
  for (int i = 0; i < image->GetPointData()->GetNumberOfArrays(); ++i)
    imageBytes += bytesOf(image->GetPointData()->GetArray(i));
  EXPECT_EQ(imageBytes, loom::interop::BytesToDevice(image)); // an image's points and cells are implicit
#ifdef LOOM_ENABLE_CUDA
  loomtest::StandInRuntime standIn;
  const bool gpu = loom::cont::cuda::IsAvailable();
  if (!gpu)
    loom::cont::cuda::internal::SetRuntime(&standIn);
  loom::cont::ClearDeviceInputCache();
  const auto start = loom::cont::cuda::GetTransferCounts();
  {
    // A VTK array read on the GPU: its copy is kept while it is unmodified.
    const loom::algorithms::FieldArray field = loom::interop::FieldFromVTK(temperature);
    field.GetSingleComponent<loom::Float32>().PrepareForInput(loom::cont::DeviceAdapterTagCuda{});
  }
  EXPECT_EQ(0u, loom::interop::BytesToDevice(temperature.GetPointer()));
  EXPECT_EQ(gridBytes - bytesOf(temperature), loom::interop::BytesToDevice(grid));
  temperature->Modified();
  EXPECT_EQ(bytesOf(temperature), loom::interop::BytesToDevice(temperature.GetPointer()));

  {
    // A Loom output computed on the CPU has no device copy; once read on the GPU (found again through the
    // hand-over registry, not the device input cache), it has.
    vtkNew<vtkLoomElevation> elevation;
    elevation->SetInputData(image);
    elevation->SetDevice(vtkLoomElevation::DEVICE_SERIAL);
    elevation->Update();
    vtkDataArray* made = vtkDataSet::SafeDownCast(elevation->GetOutput())->GetPointData()->GetArray("Elevation");
    ASSERT_NE(nullptr, made);
    EXPECT_EQ(bytesOf(made), loom::interop::BytesToDevice(made));
    const auto found = loom::cont::GetHandOverStatistics().Found;
    const auto entries = loom::cont::GetDeviceInputCacheStatistics().Entries;
    {
      const loom::algorithms::FieldArray field = loom::interop::FieldFromVTK(made);
      if (field.GetKind() == loom::algorithms::ValueKind::Float32)
        field.GetSingleComponent<loom::Float32>().PrepareForInput(loom::cont::DeviceAdapterTagCuda{});
      else
        field.GetSingleComponent<loom::Float64>().PrepareForInput(loom::cont::DeviceAdapterTagCuda{});
    }
    EXPECT_EQ(found + 1, loom::cont::GetHandOverStatistics().Found);
    EXPECT_EQ(entries, loom::cont::GetDeviceInputCacheStatistics().Entries);
    EXPECT_EQ(0u, loom::interop::BytesToDevice(made));
    // Asking moved nothing: the two reads above are the only uploads.
    EXPECT_EQ(start.HostToDevice + 2, loom::cont::cuda::GetTransferCounts().HostToDevice);
  } // the elevation's output, and its device copy, go before the stand-in does
  loom::cont::ClearDeviceInputCache();
  if (!gpu)
  {
    EXPECT_EQ(standIn.DeviceAllocations, standIn.DeviceFrees);
    loom::cont::cuda::internal::SetRuntime(nullptr);
  }
#endif
}

// A Loom filter made (or set to CUDA) where CUDA may run starts CUDA's preparation (the driver, the context,
// the memory pool, the staging buffers) on a thread of its own, once per process, and its construction does not
// wait for it: here the stand-in runtime's preparation is held until the test has made its filters.
TEST(LoomExecution, FiltersPrepareCudaInTheBackground)
{
#ifndef LOOM_ENABLE_CUDA
  loom::cont::cuda::PrepareInBackground();
  EXPECT_EQ(loom::cont::cuda::Preparation::Off, loom::cont::cuda::GetPreparation());
#else
  namespace cuda = loom::cont::cuda;
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  tracker.Reset();
  const char* env = std::getenv("LOOM_DEVICE");
  const std::string device = env ? env : "";
  unsetenv("LOOM_DEVICE");
  EXPECT_TRUE(tracker.MayRunOnCuda(loom::cont::DeviceId::Auto));
  setenv("LOOM_DEVICE", "tbb", 1);
  EXPECT_FALSE(tracker.MayRunOnCuda(loom::cont::DeviceId::Auto));
  EXPECT_TRUE(tracker.MayRunOnCuda(loom::cont::DeviceId::Cuda));
  EXPECT_FALSE(tracker.MayRunOnCuda(loom::cont::DeviceId::Serial));
  setenv("LOOM_DEVICE", "abacus", 1);
  EXPECT_FALSE(tracker.MayRunOnCuda(loom::cont::DeviceId::Auto));
  unsetenv("LOOM_DEVICE");

  const char* prepareEnv = std::getenv("LOOM_CUDA_PREPARE");
  const std::string prepare = prepareEnv ? prepareEnv : "";
  unsetenv("LOOM_CUDA_PREPARE");
  loomtest::StandInRuntime standIn;
  std::promise<std::thread::id> entered;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  standIn.OnPrepare = [&] {
    entered.set_value(std::this_thread::get_id());
    released.wait();
  };
  // The held preparation is let go on every way out of this block (a failed assertion included).
  struct Releaser
  {
    std::promise<void>& Release;
    bool Done = false;
    void operator()()
    {
      if (!this->Done)
        this->Release.set_value();
      this->Done = true;
    }
    ~Releaser() { (*this)(); }
  };
  cuda::internal::ResetPreparation(); // what the earlier tests' filters started has ended
  cuda::internal::SetRuntime(&standIn);
  EXPECT_EQ(cuda::Preparation::NotStarted, cuda::GetPreparation());
  {
    Releaser releaser{ release };
    vtkNew<vtkLoomContour> contour; // Auto
    // Made while the preparation is held on its thread: the construction did not wait for it. (A generous
    // bound only, so that a preparation that never starts fails here instead of hanging the test.)
    std::future<std::thread::id> started = entered.get_future();
    ASSERT_EQ(std::future_status::ready, started.wait_for(std::chrono::minutes(2))) << "no preparation started";
    EXPECT_NE(std::this_thread::get_id(), started.get());
    EXPECT_EQ(cuda::Preparation::Running, cuda::GetPreparation());
    vtkNew<vtkLoomThreshold> threshold;
    threshold->SetDevice(vtkLoomThreshold::DEVICE_CUDA);
    vtkLoomSettings::GetInstance()->SetDefaultDevice(3);
    vtkLoomSettings::GetInstance()->SetDefaultDevice(0);
    EXPECT_EQ(cuda::Preparation::Running, cuda::GetPreparation());
    releaser();
    cuda::WaitForPreparation();
  }
  EXPECT_EQ(1, standIn.Prepares); // once per process, whatever asked for it
  EXPECT_NE(std::this_thread::get_id(), standIn.PreparedOn);
  EXPECT_EQ(cuda::Preparation::Finished, cuda::GetPreparation());

  // A filter whose device cannot be CUDA (a CPU default device, an explicit CPU device through LOOM_DEVICE)
  // starts nothing; set to CUDA, it does.
  standIn.OnPrepare = nullptr;
  cuda::internal::ResetPreparation();
  tracker.ForceDevice(loom::cont::DeviceId::Serial);
  {
    vtkNew<vtkLoomGradient> gradient;
    EXPECT_EQ(cuda::Preparation::NotStarted, cuda::GetPreparation());
    gradient->SetDevice(vtkLoomGradient::DEVICE_TBB);
    EXPECT_EQ(cuda::Preparation::NotStarted, cuda::GetPreparation());
    gradient->SetDevice(vtkLoomGradient::DEVICE_CUDA);
    EXPECT_NE(cuda::Preparation::NotStarted, cuda::GetPreparation());
    cuda::WaitForPreparation();
  }
  tracker.ForceDevice(loom::cont::DeviceId::Auto);
  EXPECT_EQ(2, standIn.Prepares);

  // LOOM_CUDA_PREPARE=0 turns it off.
  cuda::internal::ResetPreparation();
  setenv("LOOM_CUDA_PREPARE", "0", 1);
  {
    vtkNew<vtkLoomContour> contour;
    EXPECT_EQ(cuda::Preparation::Off, cuda::GetPreparation());
  }
  unsetenv("LOOM_CUDA_PREPARE");
  EXPECT_EQ(2, standIn.Prepares);

  cuda::internal::SetRuntime(nullptr);
  cuda::internal::ResetPreparation();
  if (!device.empty())
    setenv("LOOM_DEVICE", device.c_str(), 1);
  if (!prepare.empty())
    setenv("LOOM_CUDA_PREPARE", prepare.c_str(), 1);
#endif
}

// What Loom's filters make of what their work throws (loom::interop::Guarded, shared by every filter): an
// allocation that failed and anything else thrown under Loom (oneTBB's "pthread_create has failed" when no
// thread can start, seen under a capped address space on a 16-core machine) empty the output and give one
// error naming the filter; nothing reaches VTK's executive.
TEST(LoomExecution, WhatTheWorkThrowsIsTheFiltersError)
{
  auto output = loomtest::Wavelet(4);
  vtkNew<vtkLoomContour> filter;
  auto neverFails = [](const loom::cont::Error&) { return 1; };
  {
    Captured captured;
    const int status = loom::interop::Guarded(
      filter, output, "Loom Contour",
      []() -> int { throw std::system_error(EAGAIN, std::generic_category(), "pthread_create has failed"); },
      neverFails);
    EXPECT_EQ(status, 0);
    EXPECT_EQ(output->GetNumberOfPoints(), 0) << "the output is emptied";
    EXPECT_NE(captured.window->Text.find("Loom Contour: pthread_create has failed"), std::string::npos)
      << captured.window->Text;
    EXPECT_NE(captured.window->Text.find("; the output is empty."), std::string::npos) << captured.window->Text;
  }
  {
    output = loomtest::Wavelet(4);
    Captured captured;
    const int status =
      loom::interop::Guarded(filter, output, "Loom Contour", []() -> int { throw std::bad_alloc(); }, neverFails);
    EXPECT_EQ(status, 0);
    EXPECT_EQ(output->GetNumberOfPoints(), 0);
    EXPECT_NE(captured.window->Text.find("Loom Contour: out of memory"), std::string::npos) << captured.window->Text;
  }
  {
    // A Loom error goes to the filter's own handler (its message naming the property and the array).
    output = loomtest::Wavelet(4);
    std::string handled;
    const int status = loom::interop::Guarded(
      filter, output, "Loom Contour", []() -> int { throw loom::cont::ErrorBadValue("a bad value"); },
      [&](const loom::cont::Error& e) {
        handled = e.what();
        return 0;
      });
    EXPECT_EQ(status, 0);
    EXPECT_EQ(handled, "a bad value");
    EXPECT_GT(output->GetNumberOfPoints(), 0) << "the filter's handler decides about the output";
  }
}
