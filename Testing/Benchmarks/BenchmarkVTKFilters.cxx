// Loom benchmark at the user's level: VTK data in, VTK data out, as a VTK program or ParaView calls Loom.
// A vtkRTAnalyticSource wavelet of N^3 points; for each filter, VTK's filter and Loom's on every device
// here (Serial, TBB, and CUDA where a GPU runs), each a new filter object on the same input:
//   first     the first execution (a GPU's first one pays its uploads, and the first in the process the
//             context and modules);
//   unchanged the median of R re-executions on the unchanged input (the filter modified, the data not:
//             dragging a slider; on CUDA the device input cache keeps the input on the GPU);
//   modified  the median of R re-executions after the input array was modified (uploaded again).
// Loom's rows add the last unchanged execution's record: MB to the GPU and MB found there. Where a GPU runs, a
// "Loom Auto" row comes before CUDA's, the GPU input cache emptied first (a session's first slider drag), and
// adds the devices its first and last unchanged executions ran on (Auto's estimate: first/unchanged).
//   loom_benchmark_vtk [filter ...]   filters: contour slice clip threshold tetrahedralize gradient resample
//   LOOM_BENCH_VTK_SIZES=128,256 (default 128), LOOM_BENCH_REPEATS=5 (default 5)
// On a lent GPU: scripts/gpu_pack.sh packs it; run it there with the pack's LD_LIBRARY_PATH.
#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomExecution.h"
#include "vtkLoomGradient.h"
#include "vtkLoomResampleToImage.h"
#include "vtkLoomSlice.h"
#include "vtkLoomTetrahedralize.h"
#include "vtkLoomThreshold.h"

#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkAlgorithm.h>
#include <vtkCutter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkFlyingEdges3D.h>
#include <vtkGradientFilter.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPlane.h>
#include <vtkPointData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkResampleToImage.h>
#include <vtkSmartPointer.h>
#include <vtkTableBasedClipDataSet.h>
#include <vtkThreshold.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace
{
double Seconds(vtkAlgorithm* filter)
{
  const auto start = std::chrono::steady_clock::now();
  filter->Update();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double Median(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

vtkSmartPointer<vtkImageData> Wavelet(int n)
{
  vtkNew<vtkRTAnalyticSource> source;
  const int h = n / 2;
  source->SetWholeExtent(-h, n - 1 - h, -h, n - 1 - h, -h, n - 1 - h);
  source->Update();
  vtkSmartPointer<vtkImageData> image = source->GetOutput();
  image->GetPointData()->SetActiveScalars("RTData");
  return image;
}

// A filter of one kind: VTK's (device -1) or Loom's on a device (1 Serial, 2 TBB, 3 CUDA), on `input`.
using Maker = std::function<vtkSmartPointer<vtkAlgorithm>(int device)>;

vtkSmartPointer<vtkPlane> Plane()
{
  auto plane = vtkSmartPointer<vtkPlane>::New();
  plane->SetOrigin(0.3, 0.2, 0.1);
  plane->SetNormal(0.4, 0.5, 0.77);
  return plane;
}

template <typename LoomFilter>
vtkSmartPointer<vtkAlgorithm> Loom(int device, const std::function<void(LoomFilter*)>& set)
{
  auto filter = vtkSmartPointer<LoomFilter>::New();
  filter->SetDevice(device);
  set(filter);
  return filter;
}

Maker MakerOf(const std::string& name)
{
  auto byRTData = [](vtkAlgorithm* f) {
    f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  };
  if (name == "contour")
    return [=](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
      {
        auto f = vtkSmartPointer<vtkFlyingEdges3D>::New(); // ParaView's Contour on images
        f->SetValue(0, 157.0);
        byRTData(f);
        return f;
      }
      return Loom<vtkLoomContour>(d, [&](vtkLoomContour* f) {
        f->SetValue(0, 157.0);
        byRTData(f);
      });
    };
  if (name == "slice")
    return [](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
      {
        auto f = vtkSmartPointer<vtkCutter>::New();
        f->SetCutFunction(Plane());
        return f;
      }
      return Loom<vtkLoomSlice>(d, [](vtkLoomSlice* f) { f->SetCutFunction(Plane()); });
    };
  if (name == "clip")
    return [=](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
      {
        auto f = vtkSmartPointer<vtkTableBasedClipDataSet>::New(); // ParaView's Clip by scalar
        f->SetValue(157.0);
        byRTData(f);
        return f;
      }
      return Loom<vtkLoomClip>(d, [&](vtkLoomClip* f) {
        f->SetValue(157.0);
        byRTData(f);
      });
    };
  if (name == "threshold")
    return [=](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
      {
        auto f = vtkSmartPointer<vtkThreshold>::New();
        f->SetLowerThreshold(150);
        f->SetUpperThreshold(200);
        f->SetThresholdFunction(vtkThreshold::THRESHOLD_BETWEEN);
        byRTData(f);
        return f;
      }
      return Loom<vtkLoomThreshold>(d, [&](vtkLoomThreshold* f) {
        f->SetLowerThreshold(150);
        f->SetUpperThreshold(200);
        byRTData(f);
      });
    };
  if (name == "tetrahedralize")
    return [](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
        return vtkSmartPointer<vtkDataSetTriangleFilter>::New();
      return Loom<vtkLoomTetrahedralize>(d, [](vtkLoomTetrahedralize*) {});
    };
  if (name == "gradient")
    return [=](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
      {
        auto f = vtkSmartPointer<vtkGradientFilter>::New();
        byRTData(f);
        return f;
      }
      return Loom<vtkLoomGradient>(d, [&](vtkLoomGradient* f) { byRTData(f); });
    };
  if (name == "resample")
    return [](int d) -> vtkSmartPointer<vtkAlgorithm> {
      if (d < 0)
      {
        auto f = vtkSmartPointer<vtkResampleToImage>::New();
        f->SetSamplingDimensions(100, 100, 100);
        return f;
      }
      return Loom<vtkLoomResampleToImage>(d, [](vtkLoomResampleToImage* f) { f->SetSamplingDimensions(100, 100, 100); });
    };
  return nullptr;
}

std::vector<int> Sizes()
{
  std::vector<int> sizes;
  std::istringstream list(std::getenv("LOOM_BENCH_VTK_SIZES") ? std::getenv("LOOM_BENCH_VTK_SIZES") : "128");
  for (std::string s; std::getline(list, s, ',');)
    sizes.push_back(std::stoi(s));
  return sizes;
}
} // namespace

int main(int argc, char** argv)
{
  std::vector<std::string> filters;
  for (int i = 1; i < argc; ++i)
    filters.push_back(argv[i]);
  if (filters.empty())
    filters = { "contour", "slice", "clip", "threshold", "tetrahedralize", "gradient", "resample" };
  const int repeats = std::getenv("LOOM_BENCH_REPEATS") ? std::atoi(std::getenv("LOOM_BENCH_REPEATS")) : 5;
  std::vector<std::pair<int, std::string>> devices = { { -1, "VTK" }, { 1, "Loom Serial" }, { 2, "Loom TBB" } };
  if (loom::cont::RuntimeDeviceTracker::Get().CanRunOn(loom::cont::DeviceId::Cuda))
  {
    devices.push_back({ 0, "Loom Auto" });
    devices.push_back({ 3, "Loom CUDA" });
  }
  std::printf("%-15s %5s %-12s %10s %10s %10s %9s %9s %8s  %s\n", "filter", "n", "device", "first s", "unchanged",
              "modified", "MB to GPU", "MB found", "vs VTK", "Auto ran");
  for (int n : Sizes())
  {
    vtkSmartPointer<vtkImageData> image = Wavelet(n);
    vtkDataArray* values = image->GetPointData()->GetArray("RTData");
    for (const std::string& name : filters)
    {
      const Maker make = MakerOf(name);
      if (!make)
      {
        std::fprintf(stderr, "loom_benchmark_vtk: unknown filter '%s'\n", name.c_str());
        return 2;
      }
      double reference = 0;
      for (const auto& [device, label] : devices)
      {
        if (device == 0)
          loom::cont::ClearDeviceInputCache();
        vtkSmartPointer<vtkAlgorithm> filter = make(device);
        filter->SetInputDataObject(image);
        const double first = Seconds(filter);
        std::string ran;
        if (vtkLoomExecution* record = device == 0 ? vtkLoomExecution::GetLast(filter) : nullptr)
          ran = record->GetDevices();
        std::vector<double> unchanged, modified;
        for (int r = 0; r < repeats; ++r)
        {
          filter->Modified();
          unchanged.push_back(Seconds(filter));
        }
        double toGpu = 0, found = 0;
        if (vtkLoomExecution* record = vtkLoomExecution::GetLast(filter))
        {
          toGpu = record->GetBytesToDevice() / 1e6;
          found = record->GetBytesReusedOnDevice() / 1e6;
          if (device == 0)
            ran += std::string("/") + record->GetDevices();
        }
        for (int r = 0; r < repeats; ++r)
        {
          values->Modified();
          filter->Modified();
          modified.push_back(Seconds(filter));
        }
        const double median = Median(unchanged);
        if (device < 0)
          reference = median;
        std::printf("%-15s %5d %-12s %10.4f %10.4f %10.4f %9.1f %9.1f %7.3fx  %s\n", name.c_str(), n, label.c_str(),
                    first, median, Median(modified), toGpu, found, reference > 0 ? median / reference : 0.0, ran.c_str());
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
