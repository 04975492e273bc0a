// Loom algorithms, point-map family: the CUDA entries, compiled by nvcc in PointMapCuda.cu; the
// host-compiled entries call them when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/pointmap/PointMap.h>

namespace loom
{
namespace algorithms
{
namespace pointmap
{
FieldArray ElevationCuda(const PointPositions& points, const ElevationOptions& options, const OutputMask& mask,
                         loom::cont::DeviceId device);
FieldArray WarpByScalarCuda(const PointPositions& points, const FieldArray& scalars, const WarpScalarOptions& options,
                            WarpPrecision precision, const OutputMask& mask, loom::cont::DeviceId device);
FieldArray WarpByVectorCuda(const PointPositions& points, const FieldArray& vectors, double scaleFactor,
                            WarpPrecision precision, const OutputMask& mask, loom::cont::DeviceId device);
FieldArray TransformPointsCuda(const PointPositions& points, const AffineTransform& transform, WarpPrecision precision,
                               loom::cont::DeviceId device);
FieldArray TransformVectorsCuda(const FieldArray& vectors, const double (&matrix)[3][3], bool normalize,
                                loom::cont::DeviceId device);
} // namespace pointmap
} // namespace algorithms
} // namespace loom
