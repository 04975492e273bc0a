// Loom algorithms, quality family: MeshQuality's checks, the size pass, the device choice and the
// statistics (the CPU instantiations of the worklet are here).
#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/quality/MeshQualityCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/quality/MeshQualityImpl.h>

#include <array>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
using Statistics = std::array<QualityStatistics, QualityShapeCount>;

void Accumulate(QualityStatistics& s, double q)
{
  if (q > s.Max) // VTK's rule: NaN values leave the extremes alone but enter the totals
    s.Max = q;
  if (q < s.Min)
    s.Min = q;
  s.Total += q;
  s.Total2 += q * q;
  ++s.Count;
}
void Join(QualityStatistics& into, const QualityStatistics& s)
{
  into.Min = s.Min < into.Min ? s.Min : into.Min;
  into.Max = s.Max > into.Max ? s.Max : into.Max;
  into.Total += s.Total;
  into.Total2 += s.Total2;
  into.Count += s.Count;
}

// Every shape's statistics of `values` (the shape codes' low or high four bits say which shape a cell counts
// for): fixed blocks accumulated on the device's threads, then joined in order, so the result does not
// depend on the thread count.
void Gather(Statistics& into, const FieldArray& values, const loom::cont::ArrayHandle<UInt8>& shapes, int shift,
            loom::cont::DeviceId device)
{
  constexpr Id block = Id(1) << 14;
  const Id n = values.GetNumberOfTuples(), blocks = (n + block - 1) / block;
  const Float64* v = values.GetPortal<Float64>().Pointers[0];
  const UInt8* code = shapes.ReadPortal().GetArray();
  std::vector<Statistics> partial(static_cast<std::size_t>(blocks));
  Statistics* out = partial.data();
  HostForEach(device, blocks, 1, block, [=](Id b) {
    Statistics s;
    for (Id i = b * block; i < n && i < (b + 1) * block; ++i)
    {
      const int shape = (code[i] >> shift) & 15;
      if (shape < QualityShapeCount)
        Accumulate(s[shape], v[i]);
    }
    out[b] = s;
  });
  for (const Statistics& s : partial)
    for (int k = 0; k < QualityShapeCount; ++k)
      Join(into[k], s[k]);
}

void Run(const CellSetAny& cells, const FieldArray& points, const int measure[QualityShapeCount],
         const double average[QualityShapeCount], bool linearizeAll, FieldArray& quality, FieldArray* linear,
         loom::cont::ArrayHandle<UInt8>& shapes, loom::cont::DeviceId device)
{
  WithCudaFallback(
    device, "meshQuality",
    [&](auto) {
      quality::MeshQualityCuda(cells, points, measure, average, linearizeAll, quality, linear, shapes);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      quality::RunMeshQuality(cells, points, measure, average, linearizeAll, quality, linear, shapes, cpu);
      return 0;
    });
}
} // namespace

bool QualityNeedsAverageSizes(const int m[QualityShapeCount])
{
  using namespace quality;
  auto sized = [](int x) { return x == RelativeSizeSquared || x == ShapeAndSize; };
  return sized(m[0]) || sized(m[1]) || m[1] == ShearAndSize || sized(m[2]) || sized(m[5]) || m[5] == ShearAndSize;
}

bool QualityMeasureOffered(QualityShape shape, int m)
{
  using namespace quality;
  static const std::vector<int> offered[QualityShapeCount] = {
    { Area, AspectRatio, AspectFrobenius, Condition, Distortion, EdgeRatio, EquiangleSkew, MaxAngle, MinAngle,
      NormalizedInradius, RadiusRatio, RelativeSizeSquared, ScaledJacobian, Shape, ShapeAndSize },
    { Area, AspectRatio, Condition, Distortion, EdgeRatio, EquiangleSkew, Jacobian, MaxAspectFrobenius, MaxEdgeRatio,
      MedAspectFrobenius, MinAngle, MaxAngle, Oddy, RadiusRatio, RelativeSizeSquared, ScaledJacobian, Shape,
      ShapeAndSize, Shear, ShearAndSize, Skew, Stretch, Taper, Warpage },
    { AspectGamma, AspectFrobenius, AspectRatio, CollapseRatio, Condition, Distortion, EdgeRatio, EquiangleSkew,
      EquivolumeSkew, Jacobian, MeanRatio, MinAngle, NormalizedInradius, RadiusRatio, RelativeSizeSquared,
      ScaledJacobian, Shape, ShapeAndSize, SquishIndex, Volume },
    { EquiangleSkew, Jacobian, ScaledJacobian, Shape, Volume },
    { Condition, Distortion, EdgeRatio, EquiangleSkew, Jacobian, MaxAspectFrobenius, MaxStretch,
      MeanAspectFrobenius, ScaledJacobian, Shape, Volume },
    { EdgeRatio, MedAspectFrobenius, MaxAspectFrobenius, MaxEdgeRatio, Skew, Taper, Volume, Stretch, Diagonal,
      Dimension, Oddy, Condition, Jacobian, ScaledJacobian, Shear, Shape, RelativeSizeSquared, ShapeAndSize,
      ShearAndSize, Distortion, EquiangleSkew, NodalJacobianRatio }
  };
  for (int x : offered[static_cast<int>(shape)])
    if (x == m)
      return true;
  return false;
}

int QualityShapeOf(UInt8 type, bool linearized)
{
  const int s = linearized ? quality::LinearizedShape(type) : quality::LinearShape(type);
  return s == quality::NoShape ? -1 : s;
}

void QualitySummary(const QualityStatistics& s, double tuple[5])
{
  if (s.Count == 0)
  {
    tuple[0] = tuple[1] = tuple[2] = tuple[3] = tuple[4] = 0.0;
    return;
  }
  const double n = static_cast<double>(s.Count), average = s.Total / n;
  tuple[0] = s.Min;
  tuple[1] = average;
  tuple[2] = s.Max;
  tuple[3] = (s.Total2 - n * average * average) / (s.Count > 1 ? n - 1.0 : n);
  tuple[4] = n;
}

MeshQualityResult MeshQuality(const CellSetAny& cells, const FieldArray& points, const MeshQualityOptions& options)
{
  const Id n = NumberOfCells(cells);
  CheckXyzPoints(cells, points, "MeshQuality takes");
  MeshQualityResult result;
  result.Quality = FieldArray::Allocate(ValueKind::Float64, n, 1);
  if (options.LinearApproximation)
    result.LinearQuality = FieldArray::Allocate(ValueKind::Float64, n, 1);
  for (int s = 0; s < QualityShapeCount; ++s)
    result.AverageSize[s] = options.AverageSize[s];
  if (n == 0)
    return result;
  loom::cont::ArrayHandle<UInt8> shapes;
  shapes.Allocate(n);
  if (QualityNeedsAverageSizes(options.Measure) && !options.AverageSizesGiven)
  {
    // VTK's size pass: the area or volume of every cell of the six shapes (quadratic and higher-order cells
    // by their corners), before any quality.
    using namespace quality;
    const int sizes[QualityShapeCount] = { Area, Area, Volume, Volume, Volume, Volume };
    const double none[QualityShapeCount] = { 1, 1, 1, 1, 1, 1 };
    Run(cells, points, sizes, none, true, result.Quality, nullptr, shapes, options.Device);
    Statistics s;
    Gather(s, result.Quality, shapes, 0, options.Device);
    result.SizesMeasured = true;
    for (int k = 0; k < QualityShapeCount; ++k)
    {
      result.Sizes[k] = s[k];
      result.AverageSize[k] = s[k].Total / static_cast<double>(s[k].Count); // NaN without cells, as VTK's
    }
  }
  Run(cells, points, options.Measure, result.AverageSize, false, result.Quality,
      options.LinearApproximation ? &result.LinearQuality : nullptr, shapes, options.Device);
  Statistics s;
  Gather(s, result.Quality, shapes, 0, options.Device);
  if (options.LinearApproximation)
    Gather(s, result.LinearQuality, shapes, 4, options.Device);
  for (int k = 0; k < QualityShapeCount; ++k)
    result.Statistics[k] = s[k];
  return result;
}
} // namespace algorithms
} // namespace loom
