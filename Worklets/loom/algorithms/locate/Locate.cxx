// Loom algorithms, locate family: the locator's construction (the bins' size), the checks, the device choice
// and the CPU instantiations of LocateImpl.h's passes.
#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/locate/LocateCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/locate/LocateImpl.h>

#include <algorithm>
#include <cmath>
#include <limits>

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

/// The point bounds (xmin, xmax, ...) of finite points, on the host.
void PointBounds(const FieldArray& points, loom::cont::DeviceId device, double bounds[6])
{
  const Id n = points.GetNumberOfTuples();
  constexpr Id block = Id(1) << 14;
  const Id blocks = (n + block - 1) / block;
  std::vector<double> partial(static_cast<std::size_t>(6 * blocks));
  double* out = partial.data();
  auto run = [&](auto zero) {
    using P = decltype(zero);
    const ComponentPortal<P> p = points.GetPortal<P>();
    HostForEach(device, blocks, 1, block, [=](Id b) {
      double box[6] = { INFINITY, -INFINITY, INFINITY, -INFINITY, INFINITY, -INFINITY };
      for (Id i = b * block; i < n && i < (b + 1) * block; ++i)
        for (int a = 0; a < 3; ++a)
        {
          const double v = static_cast<double>(p.Get(i, a));
          if (!std::isfinite(v))
            continue;
          box[2 * a] = std::min(box[2 * a], v);
          box[2 * a + 1] = std::max(box[2 * a + 1], v);
        }
      for (int k = 0; k < 6; ++k)
        out[6 * b + k] = box[k];
    });
  };
  CallWithFloat(points.GetKind(), run);
  for (int a = 0; a < 3; ++a)
  {
    bounds[2 * a] = INFINITY;
    bounds[2 * a + 1] = -INFINITY;
  }
  for (Id b = 0; b < blocks; ++b)
    for (int a = 0; a < 3; ++a)
    {
      bounds[2 * a] = std::min(bounds[2 * a], partial[static_cast<std::size_t>(6 * b + 2 * a)]);
      bounds[2 * a + 1] = std::max(bounds[2 * a + 1], partial[static_cast<std::size_t>(6 * b + 2 * a + 1)]);
    }
}

/// How many of `values` pass `counts` (a cell id >= 0, a mask of 1), counted on the host.
template <typename T, typename Counts>
Id CountFound(const loom::cont::ArrayHandle<T>& values, loom::cont::DeviceId device, Counts counts)
{
  const Id n = values.GetNumberOfValues();
  const T* v = values.ReadPortal().GetArray();
  constexpr Id block = Id(1) << 14;
  const Id blocks = (n + block - 1) / block;
  std::vector<Id> found(static_cast<std::size_t>(blocks), 0);
  Id* f = found.data();
  HostForEach(device, blocks, 1, block, [=](Id b) {
    Id k = 0;
    for (Id i = b * block; i < n && i < (b + 1) * block; ++i)
      k += counts(v[i]) ? 1 : 0;
    f[b] = k;
  });
  Id total = 0;
  for (Id k : found)
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
} // namespace algorithms
} // namespace loom
