// Loom algorithms, gradient family: the CUDA entries, compiled by nvcc in GradientCuda.cu; the
// host-compiled entries call them when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/gradient/Gradient.h>

namespace loom
{
namespace algorithms
{
namespace gradient
{
GradientResult StructuredGradientCuda(const PointPositions& geometry, const FieldArray& field, bool cellField,
                                      const GradientOptions& options, const OutputMask& mask,
                                      loom::cont::DeviceId device);
GradientResult CellGradientCuda(const CellSetAny& cells, const FieldArray& points, const FieldArray& field,
                                bool cellField, const GradientOptions& options, const OutputMask& mask,
                                loom::cont::DeviceId device);
} // namespace gradient
} // namespace algorithms
} // namespace loom
