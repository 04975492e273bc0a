// Loom algorithms, point-map family on CUDA: the same worklets as the CPU devices (PointMapImpl.h).
#include <loom/algorithms/pointmap/PointMapCuda.h>
#include <loom/algorithms/pointmap/PointMapImpl.h>

namespace loom
{
namespace algorithms
{
namespace pointmap
{
FieldArray ElevationCuda(const PointPositions& points, const ElevationOptions& options, const OutputMask& mask,
                         loom::cont::DeviceId device)
{
  return RunElevation(points, options, mask, device);
}
FieldArray WarpByScalarCuda(const PointPositions& points, const FieldArray& scalars, const WarpScalarOptions& options,
                            WarpPrecision precision, const OutputMask& mask, loom::cont::DeviceId device)
{
  return RunWarpScalar(points, scalars, options, precision, mask, device);
}
FieldArray WarpByVectorCuda(const PointPositions& points, const FieldArray& vectors, double scaleFactor,
                            WarpPrecision precision, const OutputMask& mask, loom::cont::DeviceId device)
{
  return RunWarpVector(points, vectors, scaleFactor, precision, mask, device);
}
FieldArray TransformPointsCuda(const PointPositions& points, const AffineTransform& transform, WarpPrecision precision,
                               loom::cont::DeviceId device)
{
  return RunTransformPoints(points, transform, precision, device);
}
FieldArray TransformVectorsCuda(const FieldArray& vectors, const double (&matrix)[3][3], bool normalize,
                                loom::cont::DeviceId device)
{
  return RunTransformVectors(vectors, matrix, normalize, device);
}
} // namespace pointmap
} // namespace algorithms
} // namespace loom
