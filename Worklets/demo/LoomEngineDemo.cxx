// Loom engine demo: builds a wavelet-like field on the engine,
// runs the device algorithms on every device built, checks the devices agree, and writes a report.
#include <loom/Math.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/WorkletMapField.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace loom;
using loom::cont::Algorithm;
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;

namespace
{
// A wavelet-like field in the spirit of vtkRTAnalyticSource (a Gaussian plus sines), on N^3 points.
struct Wavelet
{
  Id N;
  LOOM_EXEC Float32 operator()(Id flat) const
  {
    const double x = double(flat % N) / double(N - 1) - 0.5;
    const double y = double((flat / N) % N) / double(N - 1) - 0.5;
    const double z = double(flat / (N * N)) / double(N - 1) - 0.5;
    return static_cast<Float32>(255.0 * std::exp(-2.0 * (x * x + y * y + z * z)) +
                                10.0 * std::sin(60.0 * x) + 18.0 * std::sin(30.0 * y) +
                                5.0 * std::cos(40.0 * z));
  }
};

// 1 where the field crosses the isovalue between point i and its +x neighbour.
struct CountCrossings : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn index, WholeArrayIn field, FieldOut count);
  using ExecutionSignature = _3(_1, _2);
  Id N;
  Float32 Iso;
  template <typename Portal>
  LOOM_EXEC IdComponent operator()(Id i, const Portal& f) const
  {
    if (i % N == N - 1)
      return 0;
    return ((f.Get(i) < Iso) != (f.Get(i + 1) < Iso)) ? 1 : 0;
  }
};
// For each crossing (a counting scatter: 0 or 1 output per point), the interpolated x position.
struct EmitCrossing : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn index, WholeArrayIn field, FieldOut x);
  using ExecutionSignature = _3(_1, _2);
  using ScatterType = loom::worklet::ScatterCounting;
  Id N;
  Float32 Iso;
  template <typename Portal>
  LOOM_EXEC Float32 operator()(Id i, const Portal& f) const
  {
    const Float32 a = f.Get(i), b = f.Get(i + 1);
    return static_cast<Float32>(i % N) + (Iso - a) / (b - a);
  }
};
// Squares the field, only where a mask selects (the rest keeps its old value).
struct SquareSelected : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldInOut);
  using ExecutionSignature = void(_1);
  using MaskType = loom::worklet::MaskSelect;
  LOOM_EXEC void operator()(Float32& v) const { v = v * v; }
};

double Seconds(std::chrono::steady_clock::time_point t0)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
} // namespace

int main(int argc, char** argv)
{
  const std::string outDir = argc > 1 ? argv[1] : ".";
  const Id N = 128;
  const Id n = N * N * N;
  std::ostringstream report;
  report << "Loom engine demo: wavelet field on " << N << "^3 points (" << n << " values)\n";
  report << std::left << std::setw(8) << "device" << std::setw(16) << "step" << std::right
         << std::setw(12) << "ms" << "  result\n";

  std::vector<DeviceId> devices = { DeviceId::Serial };
  if (cont::RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB))
    devices.push_back(DeviceId::TBB);

  std::vector<std::string> results;
  for (DeviceId device : devices)
  {
    std::ostringstream r;
    auto step = [&](const char* name, auto&& f) {
      const auto t0 = std::chrono::steady_clock::now();
      const std::string value = f();
      report << std::left << std::setw(8) << cont::DeviceName(device) << std::setw(16) << name
             << std::right << std::setw(12) << std::fixed << std::setprecision(2)
             << 1000 * Seconds(t0) << "  " << value << "\n";
      r << value << ";";
    };
    ArrayHandle<Float32> field, sorted, above;
    step("generate", [&] {
      Algorithm::Copy(device, cont::ArrayHandleImplicit<Wavelet>(Wavelet{ N }, n), field);
      return std::string("ok");
    });
    step("reduce min/max", [&] {
      const Float32 lo = Algorithm::Reduce(device, field, field.ReadPortal().Get(0), Minimum{});
      const Float32 hi = Algorithm::Reduce(device, field, field.ReadPortal().Get(0), Maximum{});
      std::ostringstream s;
      s << "range [" << lo << ", " << hi << "]";
      return s.str();
    });
    step("copy-if > 157", [&] {
      ArrayHandle<Int8> stencil;
      const auto fp = field.ReadPortal();
      Algorithm::Copy(device,
                      cont::ArrayHandleImplicit<std::function<Int8(Id)>>(
                        [fp](Id i) { return Int8(fp.Get(i) > 157.f); }, n),
                      stencil);
      Algorithm::CopyIf(device, field, stencil, above);
      return std::to_string(above.GetNumberOfValues()) + " values above 157";
    });
    step("sort", [&] {
      Algorithm::Copy(device, field, sorted);
      Algorithm::Sort(device, sorted);
      std::ostringstream s;
      s << "median " << sorted.ReadPortal().Get(n / 2);
      return s.str();
    });
    step("unique", [&] {
      Algorithm::Unique(device, sorted);
      return std::to_string(sorted.GetNumberOfValues()) + " distinct values";
    });
    cont::Invoker invoke(device);
    step("iso crossings", [&] {
      ArrayHandle<IdComponent> counts;
      invoke(CountCrossings{ {}, N, 157.f }, cont::ArrayHandleIndex(n), field, counts);
      loom::worklet::ScatterCounting scatter(counts, device);
      ArrayHandle<Float32> xs;
      invoke(EmitCrossing{ {}, N, 157.f }, scatter, cont::ArrayHandleIndex(n), field, xs);
      const Float32 sum = Algorithm::Reduce(device, xs, 0.f);
      std::ostringstream r;
      r << xs.GetNumberOfValues() << " crossings of 157 along x, mean x " << std::setprecision(4)
        << (xs.GetNumberOfValues() ? sum / Float32(xs.GetNumberOfValues()) : 0.f);
      return r.str();
    });
    step("masked square", [&] {
      // Select the points of the central 32^3 box and square the field there only.
      ArrayHandle<UInt8> box;
      Algorithm::Copy(device,
                      cont::ArrayHandleImplicit<std::function<UInt8(Id)>>(
                        [N](Id i) {
                          auto inside = [N](Id c) { return c >= N / 2 - 16 && c < N / 2 + 16; };
                          return UInt8(inside(i % N) && inside((i / N) % N) && inside(i / (N * N)));
                        },
                        n),
                      box);
      ArrayHandle<Float32> work;
      Algorithm::Copy(device, field, work);
      invoke(SquareSelected{}, loom::worklet::MaskSelect(box, device), work);
      const double total = Algorithm::Reduce(device, work, 0.0);
      const double before = Algorithm::Reduce(device, field, 0.0);
      std::ostringstream r;
      r << "sum grows by " << std::setprecision(6) << (total - before) << " (32^3 points squared)";
      return r.str();
    });
    results.push_back(r.str());
  }
  bool agree = true;
  for (const auto& r : results)
    agree = agree && (r == results.front());
  report << (agree ? "All devices agree.\n" : "DEVICES DISAGREE.\n");
  std::cout << report.str();
  std::ofstream(outDir + "/engine-demo.txt") << report.str();
  std::cout << "Report written to " << outDir << "/engine-demo.txt" << std::endl;
  return agree ? 0 : 1;
}
