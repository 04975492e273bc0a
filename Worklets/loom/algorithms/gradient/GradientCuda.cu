// Loom algorithms, gradient family on CUDA: the same worklets as the CPU devices (GradientImpl.h), one
// thread per output element.
#include <loom/algorithms/gradient/GradientCuda.h>
#include <loom/algorithms/gradient/GradientImpl.h>

namespace loom
{
namespace algorithms
{
namespace gradient
{
GradientResult StructuredGradientCuda(const PointPositions& geometry, const FieldArray& field, bool cellField,
                                      const GradientOptions& options, const OutputMask& mask,
                                      loom::cont::DeviceId device)
{
  return RunStructured(geometry, field, cellField, options, mask, device);
}
GradientResult CellGradientCuda(const CellSetAny& cells, const FieldArray& points, const FieldArray& field,
                                bool cellField, const GradientOptions& options, const OutputMask& mask,
                                loom::cont::DeviceId device)
{
  return RunCells(cells, points, field, cellField, options, mask, device);
}
} // namespace gradient
} // namespace algorithms
} // namespace loom
