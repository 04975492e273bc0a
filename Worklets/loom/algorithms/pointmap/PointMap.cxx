// Loom algorithms, point-map family on the CPU devices; CUDA requests go to PointMapCuda.cu.
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/pointmap/PointMapCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/pointmap/PointMapImpl.h>

namespace loom
{
namespace algorithms
{
FieldArray Elevation(const PointPositions& points, const ElevationOptions& options, const OutputMask& mask,
                     loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "elevation", [&](auto) { return pointmap::ElevationCuda(points, options, mask, device); },
    [&](loom::cont::DeviceId cpu) { return pointmap::RunElevation(points, options, mask, cpu); });
}

FieldArray WarpByScalar(const PointPositions& points, const FieldArray& scalars, const WarpScalarOptions& options,
                        WarpPrecision precision, const OutputMask& mask, loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "warpByScalar", [&](auto) { return pointmap::WarpByScalarCuda(points, scalars, options, precision, mask, device); },
    [&](loom::cont::DeviceId cpu) { return pointmap::RunWarpScalar(points, scalars, options, precision, mask, cpu); });
}

FieldArray WarpByVector(const PointPositions& points, const FieldArray& vectors, double scaleFactor, WarpPrecision precision, const OutputMask& mask,
                        loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "warpByVector",
    [&](auto) { return pointmap::WarpByVectorCuda(points, vectors, scaleFactor, precision, mask, device); },
    [&](loom::cont::DeviceId cpu) { return pointmap::RunWarpVector(points, vectors, scaleFactor, precision, mask, cpu); });
}

FieldArray TransformPoints(const PointPositions& points, const AffineTransform& transform, WarpPrecision precision,
                           loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "transformPoints", [&](auto) { return pointmap::TransformPointsCuda(points, transform, precision, device); },
    [&](loom::cont::DeviceId cpu) { return pointmap::RunTransformPoints(points, transform, precision, cpu); });
}

FieldArray TransformVectors(const FieldArray& vectors, const double (&matrix)[3][3], bool normalize,
                            loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "transformVectors", [&](auto) { return pointmap::TransformVectorsCuda(vectors, matrix, normalize, device); },
    [&](loom::cont::DeviceId cpu) { return pointmap::RunTransformVectors(vectors, matrix, normalize, cpu); });
}
} // namespace algorithms
} // namespace loom
