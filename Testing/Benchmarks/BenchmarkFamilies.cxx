// Loom benchmark: the worklet families as a filter calls them, without VTK, on every device here:
// Contour (one isovalue, points and the field at them), Threshold (a value band, the kept cells and
// points) and Clip (by the field, points and the field at them; on the grid and on the grid's cells as
// explicit hexahedra) of a wavelet-like field on an N^3 grid; Tetrahedralize of the grid (six
// tetrahedra a cell) and the point-to-cell average of the field, unmasked and over 1% of the cells
// given as ids (spread evenly). Locate: the binned locator's build over the grid's cells as explicit
// hexahedra (its bytes as a counter), the sampling of the field at the points of a 49^3 grid inside it through
// that locator (SamplePoints), and at a 100^3 image by the cells' visit (SampleImage, no locator).
// ExternalFaces: the surface of the grid's cells as explicit hexahedra (VTK's 64-bit layout).
// Each iteration starts from host input (the field written on the host, as ParaView hands it over)
// and ends with every output on the host (as VTK reads it); on CUDA the `resident` rows leave the
// field on the GPU between iterations. Min and median over repeats (scripts/benchmark.sh).
//   loom_benchmark_families [--benchmark_filter=Clip] ; LOOM_BENCH_FAMILY_SIZES=128,256,512;
//   LOOM_BENCH_FIRST=1 times one run (the first in the process).
#include <loom/algorithms/average/Average.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/clip/Clip.h>
#include <loom/algorithms/connectivity/Connectivity.h>
#include <loom/algorithms/locate/Locate.h>
#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/surface/ExternalFaces.h>
#include <loom/algorithms/tetrahedralize/Tetrahedralize.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;

namespace
{
/// A field of the form of vtkRTAnalyticSource's wavelet (a Gaussian bump plus sines) on [-10, 10]^3.
struct Volume
{
  Id N = 0;
  ArrayHandle<Float32> Values;
  FieldArray Field;
  std::vector<double> Axes[3];  // xyz per index along each axis (ClipGridPoints)
  std::vector<double> Planes[3]; // the coordinate of each plane along each axis (AxesEdgePoints)
  double Low = 0, High = 0;
  explicit Volume(Id n)
    : N(n)
  {
    Values.Allocate(n * n * n);
    Float32* v = Values.GetPointer();
    const double h = 20.0 / static_cast<double>(n - 1);
    Low = 1e300;
    High = -1e300;
    for (Id k = 0; k < n; ++k)
      for (Id j = 0; j < n; ++j)
        for (Id i = 0; i < n; ++i)
        {
          const double x = -10 + h * double(i), y = -10 + h * double(j), z = -10 + h * double(k);
          const double r2 = (x * x + y * y + z * z) / 100.0;
          const double s = 255.0 * std::exp(-r2 * 2.0) + 10.0 * std::sin(60.0 * x / 20.0) +
            18.0 * std::sin(30.0 * y / 20.0) + 5.0 * std::cos(40.0 * z / 20.0);
          v[i + n * (j + n * k)] = static_cast<Float32>(s);
          Low = s < Low ? s : Low;
          High = s > High ? s : High;
        }
    Field = FieldArray::FromAOS(Values, 1);
    for (int d = 0; d < 3; ++d)
      for (Id i = 0; i < n; ++i)
      {
        Planes[d].push_back(-10 + h * double(i));
        for (int c = 0; c < 3; ++c)
          Axes[d].push_back(c == d ? -10 + h * double(i) : 0.0);
      }
  }
};

/// The grid's cells as explicit hexahedra with 64-bit offsets and ids (VTK's layout for an
/// unstructured grid of the image's voxels).
CellSetAny Hexahedra(Id n)
{
  const Id c = n - 1, cells = c * c * c;
  ArrayHandle<UInt8> shapes;
  ArrayHandle<Int64> offsets, conn;
  shapes.Allocate(cells);
  offsets.Allocate(cells + 1);
  conn.Allocate(8 * cells);
  UInt8* s = shapes.GetPointer();
  Int64* o = offsets.GetPointer();
  Int64* q = conn.GetPointer();
  for (Id k = 0, id = 0; k < c; ++k)
    for (Id j = 0; j < c; ++j)
      for (Id i = 0; i < c; ++i, ++id)
      {
        const Int64 p = i + n * (j + n * k), x = 1, y = n, z = n * n;
        const Int64 v[8] = { p, p + x, p + x + y, p + y, p + z, p + x + z, p + x + y + z, p + y + z };
        s[id] = CELL_SHAPE_HEXAHEDRON;
        o[id] = 8 * id;
        for (int t = 0; t < 8; ++t)
          q[8 * id + t] = v[t];
      }
  o[cells] = 8 * cells;
  return loom::cont::CellSetExplicit<Int64, Int64>(n * n * n, shapes, offsets, conn);
}

const Volume& VolumeOf(Id n)
{
  // Kept to the end of the process (never destroyed: GPU copies outlive the CUDA runtime otherwise).
  static auto* volumes = new std::map<Id, Volume>();
  auto it = volumes->find(n);
  if (it == volumes->end())
    it = volumes->emplace(n, Volume(n)).first;
  return it->second;
}

DeviceId DeviceArg(const benchmark::State& state)
{
  return static_cast<DeviceId>(state.range(0));
}

/// Host input: the field's host copy is written (the GPU's copy, if any, is no longer current).
void HostInput(const Volume& v, bool resident)
{
  if (!resident)
    benchmark::DoNotOptimize(v.Values.GetPointer());
}

template <typename T>
void ToHost(const ArrayHandle<T>& a)
{
  benchmark::DoNotOptimize(a.ReadPortal().GetArray());
}
void ToHost(const FieldArray& f)
{
  CallWithKind(f.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    benchmark::DoNotOptimize(f.GetPortal<T>().Pointers[0]);
  });
}

void Label(benchmark::State& state, const Volume& v, Id cells, Id points)
{
  std::ostringstream label;
  label << loom::cont::DeviceName(DeviceArg(state)) << (state.range(2) ? " resident" : "") << " " << v.N
        << "^3 cells " << cells << " points " << points;
  state.SetLabel(label.str());
}

void ContourFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const CellSetAny cells = loom::cont::CellSetStructured<3>(Id3(v.N, v.N, v.N));
  ContourOptions o;
  o.IsoValues = { 0.5 * (v.Low + v.High) };
  o.Device = DeviceArg(state);
  Id primitives = 0, points = 0;
  for (auto _ : state)
  {
    HostInput(v, state.range(2) != 0);
    const ContourResult r = Contour(cells, v.Field, o);
    const FieldArray xyz = AxesEdgePoints(r.Points, Id3(v.N, v.N, v.N), v.Planes, ValueKind::Float32, o.Device);
    const FieldArray field = InterpolateEdges(r.Points, v.Field, o.Device);
    ToHost(r.Connectivity);
    ToHost(xyz);
    ToHost(field);
    primitives = r.GetNumberOfPrimitives();
    points = r.Points.GetNumberOfPoints();
  }
  Label(state, v, primitives, points);
}

void ThresholdFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const CellSetAny cells = loom::cont::CellSetStructured<3>(Id3(v.N, v.N, v.N));
  ThresholdOptions o;
  o.Lower = v.Low + 0.4 * (v.High - v.Low);
  o.Upper = v.High;
  o.Device = DeviceArg(state);
  Id kept = 0, points = 0;
  for (auto _ : state)
  {
    HostInput(v, state.range(2) != 0);
    const CellSubset s = Threshold(cells, v.Field, o, StructuredCellKind::Hexahedron);
    ToHost(s.CellIds);
    ToHost(s.PointIds);
    ToHost(s.Shapes);
    ToHost(s.Offsets32);
    ToHost(s.Connectivity32);
    kept = s.GetNumberOfCells();
    points = s.GetNumberOfPoints();
  }
  Label(state, v, kept, points);
}

/// The connected components of a threshold of the volume (its upper 60%, the cells of several blobs), as
/// Loom Connectivity will find them: the union-find over the kept cells, their regions to the host.
void ConnectivityFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  ThresholdOptions o;
  o.Lower = v.Low + 0.4 * (v.High - v.Low);
  o.Upper = v.High;
  o.Device = DeviceArg(state);
  const CellSubset s = Threshold(loom::cont::CellSetStructured<3>(Id3(v.N, v.N, v.N)), v.Field, o,
                                 StructuredCellKind::Hexahedron);
  const CellSetAny cells =
    s.Is64Bit ? CellSetAny(loom::cont::CellSetExplicit<Int64, Int64>(s.GetNumberOfPoints(), s.Shapes, s.Offsets64,
                                                                     s.Connectivity64))
              : CellSetAny(loom::cont::CellSetExplicit<Int32, Int32>(s.GetNumberOfPoints(), s.Shapes, s.Offsets32,
                                                                     s.Connectivity32));
  ComponentsOptions c;
  c.Device = DeviceArg(state);
  Id regions = 0;
  for (auto _ : state)
  {
    const Components found = ConnectedComponents(cells, c);
    ToHost(found.CellRegions);
    ToHost(found.PointRegions);
    regions = found.Regions;
  }
  Label(state, v, s.GetNumberOfCells(), s.GetNumberOfPoints());
  state.counters["regions"] = static_cast<double>(regions);
}

template <bool ExplicitHexahedra>
void ClipFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const CellSetAny cells =
    ExplicitHexahedra ? Hexahedra(v.N) : CellSetAny(loom::cont::CellSetStructured<3>(Id3(v.N, v.N, v.N)));
  ClipOptions o;
  o.Value = 0.5 * (v.Low + v.High);
  o.InsideOut = true;
  o.Device = DeviceArg(state);
  Id clipped = 0, points = 0;
  for (auto _ : state)
  {
    HostInput(v, state.range(2) != 0);
    const ClipResult r = Clip(cells, v.Field, o);
    const FieldArray xyz = ClipGridPoints(r.Points, Id3(v.N, v.N, v.N), v.Axes, ValueKind::Float64, o.Device);
    const FieldArray field = InterpolateClipPoints(r.Points, v.Field, o.Device);
    ToHost(r.Shapes);
    ToHost(r.SourceCells);
    ToHost(r.Offsets32);
    ToHost(r.Connectivity32);
    ToHost(xyz);
    ToHost(field);
    clipped = r.GetNumberOfCells();
    points = r.Points.GetNumberOfPoints();
  }
  Label(state, v, clipped, points);
}

void TetrahedralizeFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const CellSetAny cells = loom::cont::CellSetStructured<3>(Id3(v.N, v.N, v.N));
  const DeviceId device = DeviceArg(state);
  Id tetrahedra = 0;
  for (auto _ : state)
  {
    const SimplexCells t = Tetrahedralize(cells, HexSplit::Six, device);
    ToHost(t.Shapes);
    ToHost(t.Offsets32);
    ToHost(t.Connectivity32);
    tetrahedra = t.NumberOfCells;
  }
  Label(state, v, tetrahedra, v.N * v.N * v.N);
}

template <bool OnePercent>
void PointToCellFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const CellSetAny cells = loom::cont::CellSetStructured<3>(Id3(v.N, v.N, v.N));
  const Id n = NumberOfCells(cells);
  OutputMask mask;
  if (OnePercent)
  {
    mask.Selection = OutputMask::Mode::Indices;
    mask.Ids.Allocate(n / 100);
    Id* ids = mask.Ids.GetPointer();
    for (Id i = 0; i < n / 100; ++i)
      ids[i] = i * 100;
    mask.Fill = 0.0;
  }
  const DeviceId device = DeviceArg(state);
  Id computed = 0;
  for (auto _ : state)
  {
    HostInput(v, state.range(2) != 0);
    const FieldArray out = PointToCellAverage(cells, v.Field, mask, device);
    ToHost(out);
    computed = OnePercent ? n / 100 : n;
  }
  Label(state, v, computed, v.N * v.N * v.N);
}

/// The grid's points as xyz (float64), once per size.
const FieldArray& GridXyz(const Volume& v)
{
  static auto* made = new std::map<Id, FieldArray>();
  auto it = made->find(v.N);
  if (it == made->end())
    it = made->emplace(v.N, GridPoints(Id3(v.N, v.N, v.N), v.Axes, ValueKind::Float64)).first;
  return it->second;
}

void LocatorBuildFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const CellSetAny cells = Hexahedra(v.N);
  const DeviceId device = DeviceArg(state);
  std::size_t bytes = 0;
  Id bins = 0;
  for (auto _ : state)
  {
    const CellLocator locator = CellLocator::ForCells(cells, GridXyz(v), device);
    bytes = locator.GetMemoryBytes();
    bins = locator.GetNumberOfBins();
  }
  state.counters["locator_MB"] = static_cast<double>(bytes) / 1e6;
  state.counters["bins"] = static_cast<double>(bins);
  Label(state, v, NumberOfCells(cells), v.N * v.N * v.N);
}

/// The field at the points of an m^3 grid spanning [-9.5, 9.5]^3 (inside the volume), by the binned locator.
void SamplePointsFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const DeviceId device = DeviceArg(state);
  const CellLocator locator = CellLocator::ForCells(Hexahedra(v.N), GridXyz(v), device);
  constexpr Id m = 49;
  std::vector<double> axes[3];
  for (int a = 0; a < 3; ++a)
    for (Id i = 0; i < m; ++i)
      for (int c = 0; c < 3; ++c)
        axes[a].push_back(c == a ? -9.5 + 19.0 * double(i) / double(m - 1) : 0.0);
  PointPositions samples;
  samples.Axes = axes;
  samples.Dims = Id3(m, m, m);
  LocateOptions options;
  options.Device = device;
  Id found = 0;
  for (auto _ : state)
  {
    HostInput(v, state.range(2) != 0);
    const SampledFields out = SamplePoints(locator, samples, { v.Field }, {}, options);
    ToHost(out.PointFields[0]);
    found = out.Found;
  }
  Label(state, v, found, m * m * m);
}

/// The field at the points of a 100^3 image over the volume, by the cells' visit.
void SampleImageFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  const DeviceId device = DeviceArg(state);
  const CellLocator cells = CellLocator::ForCells(Hexahedra(v.N), GridXyz(v), device, /*bin=*/false);
  ImageSamples image;
  for (int a = 0; a < 3; ++a)
  {
    image.Origin[a] = -10.0 + 1e-5;
    image.Spacing[a] = (20.0 - 2e-5) / 99.0;
    image.Dims[a] = 100;
  }
  LocateOptions options;
  options.Device = device;
  Id found = 0;
  for (auto _ : state)
  {
    HostInput(v, state.range(2) != 0);
    const SampledFields out = SampleImage(cells, image, { v.Field }, {}, options);
    ToHost(out.PointFields[0]);
    found = out.Found;
  }
  Label(state, v, found, 100 * 100 * 100);
}

void ExternalFacesFamily(benchmark::State& state)
{
  const Volume& v = VolumeOf(state.range(1));
  static auto* grids = new std::map<Id, CellSetAny>();
  auto it = grids->find(v.N);
  if (it == grids->end())
    it = grids->emplace(v.N, Hexahedra(v.N)).first;
  ExternalFacesOptions o;
  o.Device = DeviceArg(state);
  Id faces = 0, points = 0;
  for (auto _ : state)
  {
    const ExternalFacesResult r = ExternalFaces(it->second, o);
    ToHost(r.Polys.SourceCells);
    ToHost(r.Polys.Connectivity32);
    ToHost(r.PointIds);
    faces = r.Polys.GetNumberOfCells();
    points = r.PointIds.GetNumberOfValues();
  }
  Label(state, v, faces, points);
}

void FamilyArgs(benchmark::internal::Benchmark* b)
{
  std::vector<Id> sizes;
  std::istringstream list(std::getenv("LOOM_BENCH_FAMILY_SIZES") ? std::getenv("LOOM_BENCH_FAMILY_SIZES") : "128,256");
  for (std::string s; std::getline(list, s, ',');)
    sizes.push_back(std::stoll(s));
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  for (Id n : sizes)
    for (DeviceId d : { DeviceId::Serial, DeviceId::TBB, DeviceId::Cuda })
      if (tracker.CanRunOn(d))
      {
        b->Args({ static_cast<Id>(d), n, 0 });
        if (d == DeviceId::Cuda)
          b->Args({ static_cast<Id>(d), n, 1 });
      }
  b->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
  // LOOM_BENCH_FIRST=1: one run only, for the first execution in a fresh process (pick one benchmark
  // per process with --benchmark_filter; users apply a filter once).
  if (std::getenv("LOOM_BENCH_FIRST"))
    b->Iterations(1)->Repetitions(1);
}
} // namespace

// Registered in main, not at static initialisation: whether CUDA is present is asked of the runtime.
int main(int argc, char** argv)
{
  benchmark::Initialize(&argc, argv);
  benchmark::RegisterBenchmark("ContourFamily", ContourFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("ThresholdFamily", ThresholdFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("ConnectivityFamily", ConnectivityFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("ClipFamily", ClipFamily<false>)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("ClipFamilyHexahedra", ClipFamily<true>)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("TetrahedralizeFamily", TetrahedralizeFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("PointToCellFamily", PointToCellFamily<false>)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("PointToCellFamily1PercentIds", PointToCellFamily<true>)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("LocatorBuildFamily", LocatorBuildFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("SamplePointsFamily", SamplePointsFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("SampleImageFamily", SampleImageFamily)->Apply(FamilyArgs);
  benchmark::RegisterBenchmark("ExternalFacesFamily", ExternalFacesFamily)->Apply(FamilyArgs);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
