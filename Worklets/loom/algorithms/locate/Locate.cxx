// Loom algorithms, locate family: the locator's construction (the bins' size), the checks, the device choice
// and the CPU instantiations of LocateImpl.h's passes.
#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/locate/LocateCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/locate/LocateImpl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <variant>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
using Data = CellLocator::Data;

/// Cells per bin the locator aims at: few enough that a sample tests few candidates, enough that a cell
/// overlaps few bins.
constexpr double CellsPerBin = 8.0;

const char* ShapeName(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_EMPTY: return "empty cell";
    case CELL_SHAPE_VERTEX: return "vertex";
    case CELL_SHAPE_POLY_VERTEX: return "poly-vertex";
    case CELL_SHAPE_LINE: return "line";
    case CELL_SHAPE_POLY_LINE: return "polyline";
    case CELL_SHAPE_TRIANGLE_STRIP: return "triangle strip";
    case CELL_SHAPE_POLYGON: return "polygon";
    default: return "cell";
  }
}

/// `f(begin, end)` for the blocks of 2^14 indices of [0, n) on `device`'s CPU threads: each block's result, in
/// block order (for the caller to fold on the host).
template <typename T, typename F>
std::vector<T> PerBlock(loom::cont::DeviceId device, Id n, F f)
{
  constexpr Id block = Id(1) << 14;
  const Id blocks = (n + block - 1) / block;
  std::vector<T> results(static_cast<std::size_t>(blocks));
  T* out = results.data();
  HostForEach(device, blocks, 1, block, [=](Id b) { out[b] = f(b * block, std::min(n, (b + 1) * block)); });
  return results;
}

/// The point bounds (xmin, xmax, ...) of finite points, on the host.
void PointBounds(const FieldArray& points, loom::cont::DeviceId device, double bounds[6])
{
  using Box = std::array<double, 6>;
  std::vector<Box> boxes;
  CallWithFloat(points.GetKind(), [&](auto zero) {
    const ComponentPortal<decltype(zero)> p = points.GetPortal<decltype(zero)>();
    boxes = PerBlock<Box>(device, points.GetNumberOfTuples(), [=](Id begin, Id end) {
      Box box{ INFINITY, -INFINITY, INFINITY, -INFINITY, INFINITY, -INFINITY };
      for (Id i = begin; i < end; ++i)
        for (int a = 0; a < 3; ++a)
        {
          const double v = static_cast<double>(p.Get(i, a));
          if (!std::isfinite(v))
            continue;
          box[2 * a] = std::min(box[2 * a], v);
          box[2 * a + 1] = std::max(box[2 * a + 1], v);
        }
      return box;
    });
  });
  for (int a = 0; a < 3; ++a)
  {
    bounds[2 * a] = INFINITY;
    bounds[2 * a + 1] = -INFINITY;
  }
  for (const Box& box : boxes)
    for (int a = 0; a < 3; ++a)
    {
      bounds[2 * a] = std::min(bounds[2 * a], box[2 * a]);
      bounds[2 * a + 1] = std::max(bounds[2 * a + 1], box[2 * a + 1]);
    }
}

/// How many of `values` pass `counts` (a cell id >= 0, a mask of 1), counted on the host.
template <typename T, typename Counts>
Id CountFound(const loom::cont::ArrayHandle<T>& values, loom::cont::DeviceId device, Counts counts)
{
  const T* v = values.ReadPortal().GetArray();
  Id total = 0;
  for (Id k : PerBlock<Id>(device, values.GetNumberOfValues(), [=](Id begin, Id end) {
         Id found = 0;
         for (Id i = begin; i < end; ++i)
           found += counts(v[i]) ? 1 : 0;
         return found;
       }))
    total += k;
  return total;
}
Id CountFound(const loom::cont::ArrayHandle<Id>& cells, loom::cont::DeviceId device)
{
  return CountFound(cells, device, [](Id c) { return c >= 0; });
}

/// The sample positions' axes as arrays (grid samples), after checking them and that the locator searches.
void SampleAxes(const CellLocator& locator, const PointPositions& samples, loom::cont::ArrayHandle<Float64> axes[3],
                bool needBins = true)
{
  if (!locator.IsBuilt())
    throw loom::cont::ErrorBadValue("the locator is not built.");
  if (needBins && locator.Get().Type == Data::Kind::Cells && locator.GetNumberOfBins() == 0)
    throw loom::cont::ErrorBadValue("the locator was built without bins (for images only); it cannot locate points.");
  if (samples.Points && (samples.Points->GetNumberOfComponents() != 3 ||
                         (samples.Points->GetKind() != ValueKind::Float32 && samples.Points->GetKind() != ValueKind::Float64)))
    throw loom::cont::ErrorBadType("the sample points are not xyz float32 or float64 tuples.");
  if (samples.Points)
    return;
  if (!samples.Axes)
    throw loom::cont::ErrorBadValue("no sample points: neither stored points nor a grid's axes.");
  for (int a = 0; a < 3; ++a)
  {
    if (samples.Dims[a] < 1 || static_cast<Id>(samples.Axes[a].size()) != 3 * samples.Dims[a])
      throw loom::cont::ErrorBadValue("sample axis " + std::to_string(a) + " has " + std::to_string(samples.Axes[a].size()) +
                                      " values for " + std::to_string(samples.Dims[a]) + " points.");
    axes[a] = loom::cont::make_ArrayHandle(samples.Axes[a]);
  }
}

/// An image's points as grid samples (their axes written into `axes`).
PointPositions ImageAxes(const ImageSamples& image, std::vector<double> axes[3])
{
  PointPositions samples;
  for (int a = 0; a < 3; ++a)
  {
    for (Id i = 0; i < image.Dims[a]; ++i)
      for (int c = 0; c < 3; ++c)
        axes[a].push_back(c == a ? image.Origin[a] + static_cast<double>(i) * image.Spacing[a] : 0.0);
    samples.Dims[a] = image.Dims[a];
  }
  samples.Axes = axes;
  return samples;
}

/// A grid's point and cell counts from its point dimensions (a flat axis has one cell layer).
void CountGrid(Data& d)
{
  d.NumberOfPoints = d.Dims[0] * d.Dims[1] * d.Dims[2];
  d.NumberOfCells = std::max<Id>(d.Dims[0] - 1, 1) * std::max<Id>(d.Dims[1] - 1, 1) * std::max<Id>(d.Dims[2] - 1, 1);
}

/// `options` with AffineStop where every point field is floating point (sampling them needs no more than
/// Newton's first step in a parallelepiped).
LocateOptions ForFields(const LocateOptions& options, const std::vector<FieldArray>& pointFields)
{
  LocateOptions o = options;
  o.AffineStop = true;
  for (const FieldArray& f : pointFields)
    o.AffineStop = o.AffineStop && (f.GetKind() == ValueKind::Float32 || f.GetKind() == ValueKind::Float64);
  return o;
}

/// The options with the highest-id tie (the image's rule).
LocateOptions Highest(const LocateOptions& options)
{
  LocateOptions highest = options;
  highest.Tie = LocateTie::HighestId;
  return highest;
}

void CheckImage(const CellLocator& locator, const ImageSamples& image)
{
  if (!locator.IsBuilt())
    throw loom::cont::ErrorBadValue("the locator is not built.");
  for (int a = 0; a < 3; ++a)
    if (image.Dims[a] < 1)
      throw loom::cont::ErrorBadValue("the image has " + std::to_string(image.Dims[a]) + " points along axis " +
                                      std::to_string(a) + ".");
}

/// Outputs like the inputs, `n` tuples each, after checking the inputs' sizes.
SampledFields Outputs(const CellLocator& locator, Id n, const std::vector<FieldArray>& pointFields,
                      const std::vector<FieldArray>& cellFields)
{
  SampledFields out;
  for (const FieldArray& f : pointFields)
  {
    if (f.GetNumberOfTuples() < locator.GetNumberOfPoints())
      throw loom::cont::ErrorBadValue("a point field has " + std::to_string(f.GetNumberOfTuples()) + " tuples for " +
                                      std::to_string(locator.GetNumberOfPoints()) + " points.");
    out.PointFields.push_back(FieldArray::Allocate(f.GetKind(), n, f.GetNumberOfComponents()));
  }
  for (const FieldArray& f : cellFields)
  {
    if (f.GetNumberOfTuples() < locator.GetNumberOfCells())
      throw loom::cont::ErrorBadValue("a cell field has " + std::to_string(f.GetNumberOfTuples()) + " tuples for " +
                                      std::to_string(locator.GetNumberOfCells()) + " cells.");
    out.CellFields.push_back(FieldArray::Allocate(f.GetKind(), n, f.GetNumberOfComponents()));
  }
  return out;
}

/// About `target` bins over `bounds`, the divisions proportional to the sides, at most 4096 per axis. A side
/// that would get less than one bin is flat (one bin, and the others share the target), as is a side that is
/// 0, infinite or NaN, or whose bins per unit would not be finite.
void DivideBounds(const double bounds[6], double target, Id divisions[3], double binsPerUnit[3])
{
  target = std::max(1.0, target);
  double sides[3];
  bool flat[3];
  for (int a = 0; a < 3; ++a)
  {
    sides[a] = bounds[2 * a + 1] - bounds[2 * a];
    flat[a] = !(sides[a] > 0) || !std::isfinite(sides[a]);
  }
  double perUnit = 0.0;
  for (bool changed = true; changed;)
  {
    changed = false;
    double volume = 1.0;
    int dims = 0;
    for (int a = 0; a < 3; ++a)
      if (!flat[a])
      {
        volume *= sides[a];
        ++dims;
      }
    perUnit = dims > 0 ? std::pow(target / volume, 1.0 / dims) : 0.0;
    for (int a = 0; a < 3; ++a)
      if (!flat[a] && (!std::isfinite(perUnit) || !(sides[a] * perUnit >= 1.0) ||
                       !std::isfinite(1048576.0 / sides[a])))
      {
        flat[a] = true; // under one bin (or no finite scale): the other axes take the target
        changed = true;
        break;
      }
  }
  for (int a = 0; a < 3; ++a)
  {
    const double div = flat[a] ? 1.0 : std::round(sides[a] * perUnit);
    divisions[a] = static_cast<Id>(std::min(std::max(div, 1.0), 4096.0));
    binsPerUnit[a] = flat[a] ? 0.0 : static_cast<double>(divisions[a]) / sides[a];
  }
}
/// The cells' bins: about CellsPerBin cells each.
void Divide(Data& d)
{
  DivideBounds(d.Bounds, static_cast<double>(d.NumberOfCells) / CellsPerBin, d.Divisions, d.BinsPerUnit);
}
} // namespace

std::string UnsupportedShape(const CellSetAny& cells)
{
  std::string found;
  std::visit(
    [&](const auto& set) {
      using Set = std::decay_t<decltype(set)>;
      if constexpr (std::is_same<Set, loom::cont::CellSetStructured<1>>::value)
        found = "line (VTK cell type 3)";
      else if constexpr (std::is_same<Set, loom::cont::CellSetExplicit<Int32, Int32>>::value ||
                         std::is_same<Set, loom::cont::CellSetExplicit<Int64, Int64>>::value)
      {
        // The first such cell, read through raw pointers (a check, outside any filter's counted work: no
        // progress or abort inside it).
        const UInt8* shapes = set.GetShapes().ReadPortal().GetArray();
        const auto* offsets = set.GetOffsets().ReadPortal().GetArray();
        const Id n = set.GetShapes().GetNumberOfValues();
        for (Id c = 0; c < n; ++c)
          if (locate::LocatableDimension(shapes[c]) == 0 || offsets[c + 1] - offsets[c] != locate::ShapePoints(shapes[c]))
          {
            const UInt8 s = shapes[c];
            found = std::string(ShapeName(s)) + " (VTK cell type " + std::to_string(int(s)) + ")";
            return;
          }
      }
    },
    cells);
  return found;
}

CellLocator CellLocator::ForImage(const double origin[3], const double spacing[3], const Id3& dims)
{
  double m[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
  const Id extent[6] = { 0, dims[0] - 1, 0, dims[1] - 1, 0, dims[2] - 1 };
  for (int a = 0; a < 3; ++a)
  {
    m[5 * a] = 1.0 / spacing[a];
    m[4 * a + 3] = -origin[a] / spacing[a];
  }
  return ForImage(m, spacing, extent);
}

CellLocator CellLocator::ForImage(const double physicalToIndex[12], const double spacing[3], const Id extent[6])
{
  auto d = std::make_shared<Data>();
  d->Type = Data::Kind::Image;
  for (int a = 0; a < 3; ++a)
  {
    const Id points = extent[2 * a + 1] - extent[2 * a] + 1;
    if (points < 1 || !(spacing[a] > 0))
      throw loom::cont::ErrorBadValue("the image has " + std::to_string(points) + " points and spacing " +
                                      std::to_string(spacing[a]) + " along axis " + std::to_string(a) +
                                      "; Loom locates in images of positive spacing.");
    d->Dims[a] = points;
    d->Spacing[a] = spacing[a];
    d->ExtentMin[a] = extent[2 * a];
  }
  for (int k = 0; k < 12; ++k)
    d->PhysicalToIndex[k] = physicalToIndex[k];
  CountGrid(*d);
  CellLocator l;
  l.Impl = d;
  return l;
}

CellLocator CellLocator::ForRectilinear(const std::vector<double> coordinates[3])
{
  auto d = std::make_shared<Data>();
  d->Type = Data::Kind::Rectilinear;
  for (int a = 0; a < 3; ++a)
  {
    const std::vector<double>& c = coordinates[a];
    if (c.empty())
      throw loom::cont::ErrorBadValue("the rectilinear grid has no coordinates along axis " + std::to_string(a) + ".");
    for (std::size_t i = 1; i < c.size(); ++i)
      if (!(c[i] > c[i - 1]))
        throw loom::cont::ErrorBadValue("the rectilinear grid's coordinates along axis " + std::to_string(a) +
                                        " do not increase; Loom locates in increasing coordinates.");
    d->Dims[a] = static_cast<Id>(c.size());
    d->Coordinates[a] = loom::cont::make_ArrayHandle(c);
  }
  CountGrid(*d);
  CellLocator l;
  l.Impl = d;
  return l;
}

CellLocator CellLocator::ForCells(const CellSetAny& cells, const FieldArray& points, loom::cont::DeviceId device, bool bin)
{
  CheckXyzPoints(cells, points, "Loom locates in");
  const std::string unsupported = UnsupportedShape(cells);
  if (!unsupported.empty())
    throw loom::cont::ErrorBadType("the cells include a " + unsupported + ", which Loom does not locate points in.");
  auto d = std::make_shared<Data>();
  d->Type = Data::Kind::Cells;
  d->Cells = cells;
  d->Points = points;
  d->NumberOfCells = NumberOfCells(cells);
  d->NumberOfPoints = points.GetNumberOfTuples();
  if (d->NumberOfCells > INT32_MAX)
    throw loom::cont::ErrorBadValue("the locator takes at most 2^31 - 1 cells.");
  if (!bin)
  {
    CellLocator l;
    l.Impl = d;
    return l;
  }
  PointBounds(points, device, d->Bounds);
  if (!(d->Bounds[0] <= d->Bounds[1]))
    for (int k = 0; k < 6; ++k)
      d->Bounds[k] = k % 2 ? -1.0 : 1.0; // no finite point: an empty box, nothing found
  Divide(*d);
  WithCudaFallback(
    device, "locate",
    [&](auto) {
      locate::BinCellsCuda(*d);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      loom::cont::CallOnDevice(cpu, [&](auto tag) {
        locate::Passes<decltype(tag)>::Bin(*d);
        return 0;
      });
      return 0;
    });
  if (d->BinStarts.ReadPortal().Get(d->BinStarts.GetNumberOfValues() - 1) < 0)
    throw loom::cont::ErrorBadValue("the cells overlap more than 2^31 - 1 bins in all; Loom's locator cannot bin them.");
  CellLocator l;
  l.Impl = d;
  return l;
}

Id CellLocator::GetNumberOfCells() const
{
  return this->Impl ? this->Impl->NumberOfCells : 0;
}
Id CellLocator::GetNumberOfPoints() const
{
  return this->Impl ? this->Impl->NumberOfPoints : 0;
}
bool CellLocator::IsGrid() const
{
  return this->Impl && this->Impl->Type != Data::Kind::Cells;
}
Id CellLocator::GetNumberOfBins() const
{
  return this->Impl && this->Impl->BinStarts.GetNumberOfValues() > 0
    ? this->Impl->Divisions[0] * this->Impl->Divisions[1] * this->Impl->Divisions[2]
    : 0;
}
std::size_t ClosestPointsBytes(const CellLocator::Data::ClosestPoints& closest);
std::mutex& ClosestPointsMutex();

std::size_t CellLocator::GetMemoryBytes() const
{
  if (!this->Impl)
    return 0;
  const Data& d = *this->Impl;
  std::size_t bytes = sizeof(Data);
  for (int a = 0; a < 3; ++a)
    bytes += static_cast<std::size_t>(d.Coordinates[a].GetNumberOfValues()) * sizeof(Float64);
  bytes += static_cast<std::size_t>(d.BinStarts.GetNumberOfValues() + d.BinCells.GetNumberOfValues()) * sizeof(Int32);
  bytes += static_cast<std::size_t>(d.Boxes.GetNumberOfValues()) * sizeof(UInt16);
  if (auto closest = *d.Closest) // (a copy of the pointer: the bins stay while counted)
    bytes += ClosestPointsBytes(*closest);
  return bytes;
}

LocatedPoints LocatePoints(const CellLocator& locator, const PointPositions& samples, const LocateOptions& options)
{
  loom::cont::ArrayHandle<Float64> axes[3];
  SampleAxes(locator, samples, axes);
  const Data& d = locator.Get();
  LocatedPoints located = WithCudaFallback(
    options.Device, "locate",
    [&](auto) { return locate::LocateCuda(d, samples, options, axes); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        return locate::Passes<decltype(tag)>::Locate(d, samples, options, axes);
      });
    });
  located.Found = CountFound(located.Cells, options.Device);
  return located;
}

LocatedEnds LocatePointEnds(const CellLocator& locator, const PointPositions& samples, const LocateOptions& options)
{
  loom::cont::ArrayHandle<Float64> axes[3];
  SampleAxes(locator, samples, axes, false);
  const Data& d = locator.Get();
  LocateOptions lowest = options, highest = options;
  lowest.Tie = LocateTie::LowestId;
  highest.Tie = LocateTie::HighestId;
  if (d.Type != Data::Kind::Cells || locator.GetNumberOfBins() > 0)
    return { LocatePoints(locator, samples, lowest), LocatePoints(locator, samples, highest) };
  if (options.BoundsTolerance != 0.0)
    throw loom::cont::ErrorBadValue("the locator was built without bins: the cells' visit of the samples takes no bounds tolerance.");
  const Id n = samples.GetNumberOfPoints();
  if (n > INT32_MAX)
    throw loom::cont::ErrorBadValue("the cells' visit takes at most 2^31 - 1 samples.");
  // The samples' bins: about one sample each, over the finite samples' bounds (for a grid's axes, the sum of
  // each axis's extremes: any bounds do, the bins only order the samples).
  double bounds[6];
  if (samples.Points)
    PointBounds(*samples.Points, options.Device, bounds);
  else
    for (int a = 0; a < 3; ++a)
    {
      bounds[2 * a] = bounds[2 * a + 1] = 0.0;
      for (int t = 0; t < 3; ++t)
      {
        double lo = INFINITY, hi = -INFINITY;
        for (Id i = 0; i < samples.Dims[t]; ++i)
        {
          const double v = samples.Axes[t][static_cast<std::size_t>(3 * i + a)];
          lo = std::isfinite(v) ? std::min(lo, v) : lo;
          hi = std::isfinite(v) ? std::max(hi, v) : hi;
        }
        bounds[2 * a] += lo;
        bounds[2 * a + 1] += hi;
      }
    }
  bool none = false;
  for (int a = 0; a < 3; ++a)
  {
    none = none || !(bounds[2 * a] <= bounds[2 * a + 1]) || bounds[2 * a] == INFINITY || bounds[2 * a + 1] == -INFINITY;
    // A sum of axes that overflowed: the widest finite bounds (the bins only order the samples).
    bounds[2 * a] = std::max(bounds[2 * a], -std::numeric_limits<double>::max());
    bounds[2 * a + 1] = std::min(bounds[2 * a + 1], std::numeric_limits<double>::max());
  }
  if (none)
    for (int k = 0; k < 6; ++k)
      bounds[k] = 0.0; // no finite sample: one bin, empty
  Id divisions[3];
  double perUnit[3];
  DivideBounds(bounds, static_cast<double>(n), divisions, perUnit);
  LocatedEnds ends;
  WithCudaFallback(
    options.Device, "locate",
    [&](auto) {
      locate::LocateEndsCuda(d, samples, axes, bounds, divisions, perUnit, options, ends.Lowest, ends.Highest);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        locate::Passes<decltype(tag)>::LocateEnds(d, samples, axes, locate::SampleBins(bounds, divisions, perUnit), options,
                                                  ends.Lowest, ends.Highest);
        return 0;
      });
    });
  ends.Lowest.Found = ends.Highest.Found = CountFound(ends.Lowest.Cells, options.Device);
  return ends;
}

LocatedPoints LocateImagePoints(const CellLocator& locator, const ImageSamples& image, const LocateOptions& options)
{
  CheckImage(locator, image);
  const Data& d = locator.Get();
  std::vector<double> axes[3];
  if (d.Type != Data::Kind::Cells) // grids: point by point, the image's points by its axes
    return LocatePoints(locator, ImageAxes(image, axes), Highest(options));
  LocatedPoints located = WithCudaFallback(
    options.Device, "locate",
    [&](auto) { return locate::LocateImageCuda(d, image, options); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) { return locate::Passes<decltype(tag)>::LocateImage(d, image, options); });
    });
  located.Found = CountFound(located.Cells, options.Device);
  return located;
}

SampledFields SamplePoints(const CellLocator& locator, const PointPositions& samples,
                           const std::vector<FieldArray>& pointFields, const std::vector<FieldArray>& cellFields,
                           const LocateOptions& options)
{
  loom::cont::ArrayHandle<Float64> axes[3];
  SampleAxes(locator, samples, axes);
  SampledFields out = Outputs(locator, samples.GetNumberOfPoints(), pointFields, cellFields);
  const Data& d = locator.Get();
  const LocateOptions fields = ForFields(options, pointFields);
  WithCudaFallback(
    options.Device, "sample",
    [&](auto) {
      locate::SamplePointsCuda(d, samples, axes, pointFields, cellFields, fields, out);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        locate::Passes<decltype(tag)>::SamplePoints(d, samples, axes, pointFields, cellFields, fields, out);
        return 0;
      });
    });
  out.Found = CountFound(out.Mask, options.Device, [](Int8 m) { return m != 0; });
  return out;
}

SampledFields SampleImage(const CellLocator& locator, const ImageSamples& image, const std::vector<FieldArray>& pointFields,
                          const std::vector<FieldArray>& cellFields, const LocateOptions& options)
{
  CheckImage(locator, image);
  const Data& d = locator.Get();
  std::vector<double> axes[3];
  if (d.Type != Data::Kind::Cells) // grids: point by point, the image's points by its axes
    return SamplePoints(locator, ImageAxes(image, axes), pointFields, cellFields, Highest(options));
  if (d.NumberOfCells > INT32_MAX)
    throw loom::cont::ErrorBadValue("Loom samples images in at most 2^31 - 1 cells.");
  SampledFields out = Outputs(locator, image.Dims[0] * image.Dims[1] * image.Dims[2], pointFields, cellFields);
  const LocateOptions fields = ForFields(options, pointFields);
  WithCudaFallback(
    options.Device, "sample",
    [&](auto) {
      locate::SampleImageCuda(d, image, pointFields, cellFields, fields, out);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        locate::Passes<decltype(tag)>::SampleImage(d, image, pointFields, cellFields, fields, out);
        return 0;
      });
    });
  out.Found = CountFound(out.Mask, options.Device, [](Int8 m) { return m != 0; });
  return out;
}

namespace
{
void CheckLocated(const CellLocator& locator, const LocatedPoints& located)
{
  if (!locator.IsBuilt())
    throw loom::cont::ErrorBadValue("the locator is not built.");
  if (located.PCoords.GetNumberOfValues() != 3 * located.GetNumberOfValues())
    throw loom::cont::ErrorBadValue("the located points have " + std::to_string(located.PCoords.GetNumberOfValues()) +
                                    " parametric coordinates for " + std::to_string(located.GetNumberOfValues()) + " samples.");
}
} // namespace

FieldArray InterpolatePointField(const CellLocator& locator, const LocatedPoints& located, const FieldArray& values,
                                 loom::cont::DeviceId device)
{
  CheckLocated(locator, located);
  if (values.GetNumberOfTuples() < locator.GetNumberOfPoints())
    throw loom::cont::ErrorBadValue("the point field has " + std::to_string(values.GetNumberOfTuples()) + " tuples for " +
                                    std::to_string(locator.GetNumberOfPoints()) + " points.");
  const FieldArray out = FieldArray::Allocate(values.GetKind(), located.GetNumberOfValues(), values.GetNumberOfComponents());
  if (located.GetNumberOfValues() == 0 || values.GetNumberOfComponents() == 0)
    return out;
  const Data& d = locator.Get();
  WithCudaFallback(
    device, "interpolate",
    [&](auto) {
      locate::InterpolateCuda(d, located, values, out);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        CallWithKind(values.GetKind(), [&](auto zero) {
          locate::Passes<decltype(tag)>::template Interpolate<decltype(zero)>(d, located, values, out);
        });
        return 0;
      });
    });
  return out;
}

FieldArray GatherCellField(const LocatedPoints& located, const FieldArray& values, loom::cont::DeviceId device)
{
  const FieldArray out = FieldArray::Allocate(values.GetKind(), located.GetNumberOfValues(), values.GetNumberOfComponents());
  if (located.GetNumberOfValues() == 0 || values.GetNumberOfComponents() == 0)
    return out;
  WithCudaFallback(
    device, "gather",
    [&](auto) {
      locate::GatherCuda(located, values, out);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        CallWithKind(values.GetKind(),
                     [&](auto zero) { locate::Passes<decltype(tag)>::template Gather<decltype(zero)>(located, values, out); });
        return 0;
      });
    });
  return out;
}

loom::cont::ArrayHandle<Int8> ValidPointMask(const LocatedPoints& located, loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "mask", [&](auto) { return locate::MaskCuda(located); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) { return locate::Passes<decltype(tag)>::Mask(located); });
    });
}
/// The points of a located dataset in a uniform grid of bins (about two points per bin, each bin's ids
/// increasing), for the point closest to a sample: the search VTK's closest-point strategy starts from.
struct CellLocator::Data::ClosestPoints
{
  double Bounds[6];
  Id Divisions[3];
  double BinsPerUnit[3];
  std::vector<Id> Starts, Ids;
  std::vector<double> Xyz; ///< the points' coordinates in the bins' order (read in turn, not from the dataset)
  /// The largest bounding-box diagonal of a cell: how far one step of a walk can go at most.
  double Reach = 0.0;

  ClosestPoints(const locate::LocatorOnDevice& cells, Id numberOfCells, Id n, const double bounds[6],
                loom::cont::DeviceId device)
  {
    const PointsOnDevice& points = cells.Points;
    std::copy_n(bounds, 6, this->Bounds);
    for (double widest : PerBlock<double>(device, numberOfCells, [=](Id begin, Id end) {
           double most = 0.0;
           for (Id c = begin; c < end; ++c)
           {
             locate::CellCorners corners;
             double lo[3], hi[3];
             if (cells.LoadCell(c, corners, lo, hi) > 0)
               most = std::max(most, std::sqrt(locate::Diagonal2(lo, hi)));
           }
           return most;
         }))
      this->Reach = std::max(this->Reach, widest);
    DivideBounds(bounds, static_cast<double>(n) / 2.0, this->Divisions, this->BinsPerUnit);
    this->Starts.assign(static_cast<std::size_t>(this->Divisions[0] * this->Divisions[1] * this->Divisions[2] + 1), 0);
    std::vector<Id> bins(static_cast<std::size_t>(n), -1);
    for (Id p = 0; p < n; ++p)
    {
      double x[3];
      points.Get(p, x);
      if (std::isfinite(x[0]) && std::isfinite(x[1]) && std::isfinite(x[2]))
      {
        bins[static_cast<std::size_t>(p)] = this->Bin(x);
        ++this->Starts[static_cast<std::size_t>(bins[static_cast<std::size_t>(p)] + 1)];
      }
    }
    for (std::size_t b = 1; b < this->Starts.size(); ++b)
      this->Starts[b] += this->Starts[b - 1];
    this->Ids.resize(static_cast<std::size_t>(this->Starts.back()));
    std::vector<Id> next(this->Starts.begin(), this->Starts.end() - 1);
    this->Xyz.resize(3 * this->Ids.size());
    for (Id p = 0; p < n; ++p)
      if (bins[static_cast<std::size_t>(p)] >= 0)
      {
        const std::size_t slot = static_cast<std::size_t>(next[static_cast<std::size_t>(bins[static_cast<std::size_t>(p)])]++);
        this->Ids[slot] = p;
        points.Get(p, &this->Xyz[3 * slot]);
      }
  }

  Id Index(double v, int a) const
  {
    const double f = (v - this->Bounds[2 * a]) * this->BinsPerUnit[a];
    const Id i = f > 0 ? static_cast<Id>(std::min(f, 1.0e15)) : 0;
    return std::min(i, this->Divisions[a] - 1);
  }
  Id Bin(const double* x) const
  {
    return this->Index(x[0], 0) + this->Divisions[0] * (this->Index(x[1], 1) + this->Divisions[1] * this->Index(x[2], 2));
  }
  /// `visit(point, its coordinates)` for the points of bins [lo, hi] per axis.
  template <typename Visit>
  void ForBins(const Id lo[3], const Id hi[3], Visit&& visit) const
  {
    for (Id k = lo[2]; k <= hi[2]; ++k)
      for (Id j = lo[1]; j <= hi[1]; ++j)
        for (Id i = lo[0]; i <= hi[0]; ++i)
        {
          const Id b = i + this->Divisions[0] * (j + this->Divisions[1] * k);
          for (Id q = this->Starts[static_cast<std::size_t>(b)]; q < this->Starts[static_cast<std::size_t>(b + 1)]; ++q)
            visit(this->Ids[static_cast<std::size_t>(q)], &this->Xyz[static_cast<std::size_t>(3 * q)]);
        }
  }

  /// The points closest to x into `ties` (by increasing id; several where they are as close, to 1e-12
  /// relative), none without a finite point: the bins in rings around x's bin until no bin outside the rings can
  /// hold a closer point.
  void Closest(const double* x, std::vector<Id>& ties,
               std::vector<std::pair<double, Id>>& near) const
  {
    const Id b[3] = { this->Index(x[0], 0), this->Index(x[1], 1), this->Index(x[2], 2) };
    ties.clear();
    near.clear();
    double best2 = INFINITY;
    auto nearer = [&](Id p, const double* y) {
      const double d2 = locate::Distance2(x, y);
      if (d2 <= best2 * (1.0 + 1e-12))
      {
        near.emplace_back(d2, p);
        best2 = std::min(best2, d2);
      }
    };
    auto done = [&]() {
      for (const auto& candidate : near)
        if (candidate.first <= best2 * (1.0 + 1e-12))
          ties.push_back(candidate.second);
      std::sort(ties.begin(), ties.end());
    };
    bool extra = false;
    for (Id r = 0;; ++r)
    {
      Id lo[3], hi[3];
      bool whole = true;
      double reach = INFINITY; // how far from x the rings so far reach on every side
      for (int a = 0; a < 3; ++a)
      {
        lo[a] = std::max<Id>(b[a] - r, 0);
        hi[a] = std::min<Id>(b[a] + r, this->Divisions[a] - 1);
        if (lo[a] > 0)
          reach = std::min(reach, x[a] - (this->Bounds[2 * a] + static_cast<double>(lo[a]) / this->BinsPerUnit[a]));
        if (hi[a] < this->Divisions[a] - 1)
          reach = std::min(reach, this->Bounds[2 * a] + static_cast<double>(hi[a] + 1) / this->BinsPerUnit[a] - x[a]);
        whole = whole && lo[a] == 0 && hi[a] == this->Divisions[a] - 1;
      }
      // The ring r only: the bins at Chebyshev distance r from x's bin.
      auto one = [&](Id i, Id j, Id k) {
        const Id bin[3] = { i, j, k };
        this->ForBins(bin, bin, nearer);
      };
      for (Id k = lo[2]; k <= hi[2]; ++k)
        for (Id j = lo[1]; j <= hi[1]; ++j)
          if (std::max(std::abs(k - b[2]), std::abs(j - b[1])) == r)
            for (Id i = lo[0]; i <= hi[0]; ++i)
              one(i, j, k);
          else
          {
            if (b[0] - r >= 0)
              one(b[0] - r, j, k);
            if (b[0] + r < this->Divisions[0])
              one(b[0] + r, j, k);
          }
      // (Once the bound is met, one more ring: a point the bins' rounding put one bin out is still seen.)
      if (whole || extra)
        return done();
      extra = !near.empty() && best2 * (1.0 + 1e-12) < reach * reach;
    }
  }

  /// The finite points within `radius` of x (VTK's FindPointsWithinRadius: squared distance at most radius²), by
  /// increasing id.
  std::vector<Id> Within(const double* x, double radius) const
  {
    Id lo[3], hi[3];
    for (int a = 0; a < 3; ++a)
    {
      lo[a] = this->Index(x[a] - radius, a);
      hi[a] = this->Index(x[a] + radius, a);
    }
    std::vector<Id> ids;
    this->ForBins(lo, hi, [&](Id p, const double* y) {
      if (locate::Distance2(x, y) <= radius * radius)
        ids.push_back(p);
    });
    std::sort(ids.begin(), ids.end());
    return ids;
  }
};

/// Guards the lazily made closest-point bins that copies of a locator share.
std::mutex& ClosestPointsMutex()
{
  static std::mutex mutex;
  return mutex;
}

std::size_t ClosestPointsBytes(const CellLocator::Data::ClosestPoints& closest)
{
  return sizeof(closest) + (closest.Starts.size() + closest.Ids.size()) * sizeof(Id) + closest.Xyz.size() * sizeof(double);
}

LocatedPoints LocateLikeClosestPointStrategy(const CellLocator& locator, const PointPositions& samples,
                                             const LocateOptions& options, double tolerance2, PointCellsOrder order,
                                             const TieBreaker& tieBreaker)
{
  using Serial = loom::cont::DeviceAdapterTagSerial;
  loom::cont::ArrayHandle<Float64> axes[3];
  SampleAxes(locator, samples, axes, false);
  const Data& d = locator.Get();
  if (d.Type != Data::Kind::Cells)
    throw loom::cont::ErrorBadValue("images and rectilinear grids find their cells by their coordinates, not by VTK's "
                                    "closest-point strategy.");
  LocateOptions exact = options;
  exact.BoundsTolerance = 0.0;
  const locate::LocatorOnDevice l = locate::Passes<Serial>::LocatorOf(d, exact);
  const locate::SamplesOnDevice at = locate::Passes<Serial>::SamplesOf(samples, axes);
  const double tol2 = tolerance2, tol = std::sqrt(tol2);
  std::shared_ptr<const Data::ClosestPoints> kept;
  {
    std::lock_guard<std::mutex> building(ClosestPointsMutex()); // (the build only, not the sampling)
    if (!*d.Closest)
    {
      double box[6];
      if (d.BinStarts.GetNumberOfValues() > 0)
        std::copy_n(d.Bounds, 6, box);
      else
        PointBounds(d.Points, options.Device, box);
      *d.Closest = std::make_shared<const Data::ClosestPoints>(l, d.NumberOfCells, d.NumberOfPoints, box, options.Device);
    }
    kept = *d.Closest;
  }
  const Data::ClosestPoints& closest = *kept;
  const double* bounds = closest.Bounds;

  // The cells of a point in VTK's order, `visit(cell)` until it returns true.
  const Id* linkOffsets = nullptr;
  const Id* linkCells = nullptr;
  std::visit(
    [&](const auto& set) {
      using Set = std::decay_t<decltype(set)>;
      if constexpr (std::is_same<Set, loom::cont::CellSetExplicit<Int32, Int32>>::value ||
                    std::is_same<Set, loom::cont::CellSetExplicit<Int64, Int64>>::value)
      {
        const auto& links = set.GetReverseConnectivity(loom::cont::DeviceId::Serial);
        linkOffsets = links.Offsets.ReadPortal().GetArray();
        linkCells = links.CellIds.ReadPortal().GetArray();
      }
    },
    d.Cells);
  const CellsOnDevice& cells = l.Cells;
  auto forPointCells = [&](Id p, auto&& visit) {
    if (cells.Kind == 2)
    {
      // vtkStructuredData::GetPointCells: eight offsets in its order, a flat axis one cell thick. A grid flat
      // along x (held as a 2D grid of its y and z) meets them in another order than one flat along y or z.
      const Id* dims = cells.Dims;
      const Id counts[3] = { std::max<Id>(dims[0] - 1, 1), std::max<Id>(dims[1] - 1, 1), std::max<Id>(dims[2] - 1, 1) };
      const Id ijk[3] = { p % dims[0], (p / dims[0]) % dims[1], p / (dims[0] * dims[1]) };
      static constexpr int volume[8][3] = { { -1, 0, 0 }, { -1, -1, 0 }, { -1, -1, -1 }, { -1, 0, -1 },
                                            { 0, 0, 0 },  { 0, -1, 0 },  { 0, -1, -1 },  { 0, 0, -1 } };
      static constexpr int flatX[4][3] = { { 0, 0, 0 }, { -1, 0, 0 }, { -1, -1, 0 }, { 0, -1, 0 } };
      const bool alongX = order == PointCellsOrder::FlatAlongX;
      for (int k = 0; k < (alongX ? 4 : 8); ++k)
      {
        const int* o = alongX ? flatX[k] : volume[k];
        const Id c[3] = { ijk[0] + o[0], ijk[1] + o[1], ijk[2] + o[2] };
        if (c[0] >= 0 && c[1] >= 0 && c[2] >= 0 && c[0] < counts[0] && c[1] < counts[1] && c[2] < counts[2] &&
            visit(c[0] + counts[0] * (c[1] + counts[1] * c[2])))
          return;
      }
      return;
    }
    if (order != PointCellsOrder::Decreasing)
    {
      for (Id q = linkOffsets[p]; q < linkOffsets[p + 1]; ++q)
        if (visit(linkCells[q]))
          return;
    }
    else
      for (Id q = linkOffsets[p + 1]; q > linkOffsets[p]; --q)
        if (visit(linkCells[q - 1]))
          return;
  };
  auto cellCount = [&](Id p) {
    if (cells.Kind != 2)
      return linkOffsets[p + 1] - linkOffsets[p];
    Id count = 0;
    forPointCells(p, [&](Id) { return ++count, false; });
    return count;
  };
  // vtkDataSet::GetCellNeighbors' first: among the cells of the face's point used by the fewest cells, in order,
  // the first other cell that uses every point of the face.
  auto across = [&](Id cell, const Id* face, int n) {
    if (n == 0)
      return Id(-1);
    int fewest = 0;
    Id least = cellCount(face[0]);
    for (int f = 1; f < n; ++f)
    {
      const Id count = cellCount(face[f]);
      if (count < least)
      {
        least = count;
        fewest = f;
      }
    }
    Id neighbour = -1;
    forPointCells(face[fewest], [&](Id other) {
      if (other == cell)
        return false;
      locate::CellCorners o;
      cells.Ids(other, o);
      for (int f = 0; f < n; ++f)
        if (std::find(o.Ids, o.Ids + std::min(o.N, 8), face[f]) == o.Ids + std::min(o.N, 8))
          return false;
      neighbour = other;
      return true;
    });
    return neighbour;
  };

  const Id n = samples.GetNumberOfPoints();
  LocatedPoints located;
  located.Cells.Allocate(n);
  located.PCoords.Allocate(3 * n);
  Id* found = located.Cells.GetPointer();
  double* pcs = located.PCoords.GetPointer();
  // What one thread's walks keep: the sample, the cells visited for it, the closest points, the last cell
  // evaluated (its parametric coordinates, distance and dimension), whether equally close points disagree.
  struct Scratch
  {
    std::vector<Id> Visited, Ties;
    std::vector<std::pair<double, Id>> Near;
    double X[3], PC[3], Dist2 = 0.0;
    int Dim = 0;
    bool Split = false;
  };
  // A walk from `start` across the faces nearest to x (vtkClosestPointStrategy's FindCellWalk): the cell that
  // holds x, its parametric coordinates, distance and dimension in `w`; -1 where the walk ends first.
  auto walk = [&](Scratch& w, Id start) {
    Id cell = start;
    for (int step = 0; step < 12 && cell >= 0; ++step)
    {
      if (std::find(w.Visited.begin(), w.Visited.end(), cell) != w.Visited.end())
        break;
      w.Visited.push_back(cell);
      locate::CellCorners c;
      double lo[3], hi[3];
      w.Dim = l.LoadCell(cell, c, lo, hi);
      if (w.Dim == 0)
        break;
      if (locate::Evaluate(c, w.X, w.PC, w.Dist2, l.AffineStop) == 1 && w.Dist2 <= tol2)
        return cell;
      int face[4], side = -1;
      const int corners = locate::BoundaryFace(c.Shape, w.PC, face, side);
      Id ids[4];
      for (int f = 0; f < corners; ++f)
        ids[f] = c.Ids[face[f]];
      cell = across(cell, ids, corners);
    }
    return Id(-1);
  };
  // The cells of point `p` walked from in turn, then (none holding x) those of the points within the tolerance
  // of it (coincident points) in turn. `Split` is set where those points' cells would give different cells in
  // another order (VTK's point locator lists them in an order of its own).
  auto walkFromPoint = [&](Scratch& w, Id p) {
    Id cell = -1;
    forPointCells(p, [&](Id start) { return (cell = walk(w, start)) >= 0; });
    return cell;
  };
  auto fromClosest = [&](Scratch& w, Id p) {
    Id cell = walkFromPoint(w, p);
    if (cell >= 0)
      return cell;
    double y[3];
    l.Points.Get(p, y);
    // (VTK lists those points in its locator's order, and each walk adds to the cells visited: where more than one
    // such point would be walked from, that order can decide, and VTK's strategy does.)
    const std::vector<Id> within = closest.Within(y, tol);
    w.Split = w.Split || within.size() > 2;
    for (Id q : within)
      if (q != p && (cell = walkFromPoint(w, q)) >= 0)
        break;
    return cell;
  };
  // How far from a box a point lies (0 inside).
  auto away = [](const double* p, const double* lo, const double* hi) {
    double d2 = 0.0;
    for (int a = 0; a < 3; ++a)
    {
      const double out = p[a] < lo[a] ? lo[a] - p[a] : p[a] > hi[a] ? p[a] - hi[a] : 0.0;
      d2 += out * out;
    }
    return std::sqrt(d2);
  };

  // Sample s after a sample whose cell was `last` (-1: none): its cell and parametric coordinates into the
  // output; returns the cell the next sample starts from. Where equally close points disagree, `breakTies` off:
  // `tied` set and nothing written (the sample needs the tie breaker); on: the tie breaker decides, counted.
  Id ambiguous = 0;
  auto step = [&](Scratch& w, Id s, Id last, bool breakTies, bool& tied) {
    tied = false;
    at.Get(s, w.X);
    const double* x = w.X;
    Id cell = -1;
    double lastLo[3] = { 0, 0, 0 }, lastHi[3] = { 0, 0, 0 };
    if (!(std::isfinite(x[0]) && std::isfinite(x[1]) && std::isfinite(x[2])))
      last = -1; // in no cell (VTK's arithmetic on a NaN is undefined)
    else
    {
      // The previous sample's cell while its box and the cell hold x (no distance test for a 2D cell).
      if (last >= 0)
      {
        locate::CellCorners c;
        w.Dim = l.LoadCell(last, c, lastLo, lastHi);
        if (w.Dim > 0 && x[0] >= lastLo[0] && x[0] <= lastHi[0] && x[1] >= lastLo[1] && x[1] <= lastHi[1] &&
            x[2] >= lastLo[2] && x[2] <= lastHi[2] && locate::Evaluate(c, x, w.PC, w.Dist2, l.AffineStop) == 1)
          cell = last;
      }
      if (cell < 0)
      {
        if (x[0] >= bounds[0] - tol && x[0] <= bounds[1] + tol && x[1] >= bounds[2] - tol && x[1] <= bounds[3] + tol &&
            x[2] >= bounds[4] - tol && x[2] <= bounds[5] + tol)
        {
          w.Visited.clear();
          // A walk from the previous cell reaches cells within 12 steps of it, each at most Reach wide: where x
          // lies farther, it finds nothing, and where the closest points lie farther still, the cells it would
          // visit are beyond the later walks' reach too (they start near those points): skipped, the same cells.
          bool far = false;
          if (last >= 0 && away(x, lastLo, lastHi) > 13.0 * closest.Reach + tol)
          {
            closest.Closest(x, w.Ties, w.Near);
            far = true;
            for (Id t : w.Ties)
            {
              double y[3];
              l.Points.Get(t, y);
              far = far && away(y, lastLo, lastHi) > 26.0 * closest.Reach + 2.0 * tol;
            }
          }
          if (last >= 0 && !far)
            cell = walk(w, last);
          if (cell < 0)
          {
            if (!far)
              closest.Closest(x, w.Ties, w.Near);
            // Among points as close to x, the one VTK's point locator returns decides where VTK walks from:
            // where they lead to different cells, VTK's own strategy (the tie breaker) finds the cell.
            const std::vector<Id> before = w.Visited;
            w.Split = false;
            cell = w.Ties.empty() ? -1 : fromClosest(w, w.Ties[0]);
            const double chosen[3] = { w.PC[0], w.PC[1], w.PC[2] };
            const double chosenDist2 = w.Dist2;
            const int chosenDim = w.Dim;
            for (std::size_t t = 1; t < w.Ties.size() && !w.Split; ++t)
            {
              w.Visited = before;
              const Id other = fromClosest(w, w.Ties[t]);
              w.Split = w.Split || other != cell;
            }
            std::copy_n(chosen, 3, w.PC);
            w.Dist2 = chosenDist2;
            w.Dim = chosenDim;
            if (w.Split && !breakTies)
            {
              tied = true;
              return Id(-1);
            }
            if (w.Split)
            {
              ++ambiguous;
              if (tieBreaker)
              {
                cell = tieBreaker(s, last, x, w.PC);
                if (cell >= 0)
                {
                  locate::CellCorners c;
                  double lo[3], hi[3], ignored[3];
                  w.Dim = l.LoadCell(cell, c, lo, hi);
                  locate::Evaluate(c, x, ignored, w.Dist2, l.AffineStop);
                }
              }
            }
          }
        }
        last = cell;
        if (cell >= 0)
        {
          locate::CellCorners c;
          l.LoadCell(cell, c, lastLo, lastHi);
        }
      }
    }
    // A 2D cell too far from x for its size: the cell stays the previous one, x is in none.
    if (cell >= 0 && w.Dim == 2 && options.ComputeTolerance && !locate::WithinCellTolerance(w.Dist2, lastLo, lastHi))
      cell = -1;
    found[s] = cell;
    for (int a = 0; a < 3; ++a)
      pcs[3 * s + a] = cell >= 0 ? w.PC[a] : 0.0;
    return last;
  };

  // In parallel, each block of samples as if its first sample had no previous cell (speculation), each sample's
  // outgoing cell kept; a block stops at a sample that needs the tie breaker (VTK's, called on one thread). Then
  // in order, each block again from the true previous cell until a sample leaves the cell its speculation left
  // (from there on the speculation is VTK's sequence), then from where its speculation stopped. Samples far apart
  // (a cloud) agree at once; a line's samples after the first few cells.
  constexpr Id block = 1024;
  const Id blocks = (n + block - 1) / block;
  std::vector<Id> leaves(static_cast<std::size_t>(n)), speculated(static_cast<std::size_t>(blocks));
  Id* after = leaves.data();
  Id* upTo = speculated.data();
  HostForEach(options.Device, blocks, 1, block, [&](Id b) {
    Scratch w;
    Id last = -1;
    const Id end = std::min(n, (b + 1) * block);
    for (Id s = b * block; s < end; ++s)
    {
      bool tied = false;
      last = step(w, s, last, false, tied);
      if (tied)
      {
        upTo[b] = s;
        return;
      }
      after[s] = last;
    }
    upTo[b] = end;
  });
  Scratch w;
  Id last = -1;
  for (Id b = 0; b < blocks; ++b)
  {
    const Id begin = b * block, end = std::min(n, (b + 1) * block);
    Id s = begin;
    bool agreed = b == 0; // the first block was speculated from the true start
    for (; !agreed && s < upTo[b]; ++s)
    {
      bool tied = false;
      last = step(w, s, last, true, tied);
      agreed = last == after[s];
    }
    if (agreed && upTo[b] > begin)
    {
      s = upTo[b];
      last = after[s - 1];
    }
    for (; s < end; ++s)
    {
      bool tied = false;
      last = step(w, s, last, true, tied);
    }
  }
  located.Ambiguous = ambiguous;
  located.Found = CountFound(located.Cells, options.Device);
  return located;
}

namespace
{
/// Whether cell `cell` holds x as VTK's probe tries its previous cell: x in the cell's bounding box, then in the
/// cell (EvaluatePosition: within a 3D cell's parametric slack; a 2D cell's projection at any distance from its
/// plane; a rectilinear grid cell's closed box); its parametric coordinates into `pc`.
bool HoldsOnHost(const locate::LocatorOnDevice& l, Id cell, const double* x, double* pc)
{
  if (l.Type == static_cast<int>(Data::Kind::Cells))
  {
    locate::CellCorners c;
    double lo[3], hi[3], dist2 = 0.0;
    return l.LoadCell(cell, c, lo, hi) > 0 && x[0] >= lo[0] && x[0] <= hi[0] && x[1] >= lo[1] && x[1] <= hi[1] &&
      x[2] >= lo[2] && x[2] <= hi[2] && locate::Evaluate(c, x, pc, dist2, l.AffineStop) == 1;
  }
  // A rectilinear grid's cell: its closed box (a voxel's or pixel's EvaluatePosition).
  Id rest = cell;
  for (int a = 0; a < 3; ++a)
  {
    const Id cells = l.Dims[a] > 1 ? l.Dims[a] - 1 : 1;
    const Id i = rest % cells;
    rest /= cells;
    const double lo = l.Coordinates[a][i], hi = l.Dims[a] > 1 ? l.Coordinates[a][i + 1] : lo;
    if (!(x[a] >= lo && x[a] <= hi))
      return false;
    pc[a] = hi > lo ? (x[a] - lo) / (hi - lo) : 0.0;
  }
  return true;
}
} // namespace

LocatedPoints LocateInOrderFromEnds(const CellLocator& locator, const PointPositions& samples, const LocatedEnds& ends,
                                    const LocateOptions& options, const TieBreaker& tieBreaker)
{
  using Serial = loom::cont::DeviceAdapterTagSerial;
  loom::cont::ArrayHandle<Float64> axes[3];
  SampleAxes(locator, samples, axes, false);
  const Data& d = locator.Get();
  if (d.Type == Data::Kind::Image)
    throw loom::cont::ErrorBadValue("an image's cells are found by index arithmetic, whatever cell came before.");
  const locate::LocatorOnDevice l = locate::Passes<Serial>::LocatorOf(d, options);
  const locate::SamplesOnDevice at = locate::Passes<Serial>::SamplesOf(samples, axes);
  const Id n = samples.GetNumberOfPoints();
  LocatedPoints located;
  located.Cells.Allocate(n);
  located.PCoords.Allocate(3 * n);
  Id* cells = located.Cells.GetPointer();
  double* pcs = located.PCoords.GetPointer();
  const Id* lowest = ends.Lowest.Cells.ReadPortal().GetArray();
  const Id* highest = ends.Highest.Cells.ReadPortal().GetArray();
  const Float64* lowestPc = ends.Lowest.PCoords.ReadPortal().GetArray();
  Id previous = -1;
  for (Id s = 0; s < n; ++s)
  {
    Id cell = lowest[s];
    std::copy_n(lowestPc + 3 * s, 3, pcs + 3 * s);
    // The previous cell holds the sample where it is the lowest; another can only where several cells hold the
    // sample, or where it is a 2D cell (which VTK keeps at any distance from its plane).
    bool kept = previous >= 0 && previous == cell;
    double x[3];
    at.Get(s, x);
    if (!kept && previous >= 0 &&
        (cell != highest[s] ||
         (l.Type == static_cast<int>(Data::Kind::Cells) && locate::LocatableDimension(l.Cells.Shape(previous)) == 2)))
    {
      double pc[3];
      kept = HoldsOnHost(l, previous, x, pc);
      if (kept)
      {
        cell = previous;
        std::copy_n(pc, 3, pcs + 3 * s);
      }
    }
    if (!kept && tieBreaker && cell != highest[s])
    {
      ++located.Ambiguous;
      cell = tieBreaker(s, previous, x, pcs + 3 * s);
    }
    previous = cell;
    // A 2D cell too far from x for its size (VTK's check after the search): the cell stays the previous one, x is
    // in none.
    if (cell >= 0 && options.ComputeTolerance && l.Type == static_cast<int>(Data::Kind::Cells) &&
        locate::LocatableDimension(l.Cells.Shape(cell)) == 2)
    {
      locate::CellCorners c;
      double lo[3], hi[3], pc[3], dist2 = 0.0;
      l.LoadCell(cell, c, lo, hi);
      locate::Evaluate(c, x, pc, dist2, l.AffineStop);
      if (!locate::WithinCellTolerance(dist2, lo, hi))
        cell = -1;
    }
    if (cell < 0)
      std::fill_n(pcs + 3 * s, 3, 0.0);
    cells[s] = cell;
  }
  located.Found = CountFound(located.Cells, loom::cont::DeviceId::Auto);
  return located;
}

bool AllFinite(const FieldArray& field, loom::cont::DeviceId device)
{
  if (field.GetKind() != ValueKind::Float32 && field.GetKind() != ValueKind::Float64)
    return true;
  const IdComponent components = field.GetNumberOfComponents();
  std::vector<char> bad;
  CallWithFloat(field.GetKind(), [&](auto zero) {
    const ComponentPortal<decltype(zero)> p = field.GetPortal<decltype(zero)>();
    bad = PerBlock<char>(device, field.GetNumberOfTuples(), [=](Id begin, Id end) {
      for (Id i = begin; i < end; ++i)
        for (IdComponent c = 0; c < components; ++c)
          if (!std::isfinite(static_cast<double>(p.Get(i, c))))
            return char(1);
      return char(0);
    });
  });
  return std::find(bad.begin(), bad.end(), 1) == bad.end();
}

} // namespace algorithms
} // namespace loom
