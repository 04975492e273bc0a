// Loom algorithms, averaging family: the CUDA entries, compiled by nvcc in PointToCellAverage.cu and
// CellToPointAverage.cu; the host-compiled entries call them when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/average/Average.h>

namespace loom
{
namespace algorithms
{
namespace average
{
FieldArray PointToCellAverageCuda(const CellSetAny& cells, const FieldArray& pointField, const OutputMask& mask,
                                  loom::cont::DeviceId device);
FieldArray CellToPointAverageCuda(const CellSetAny& cells, const FieldArray& cellField, const OutputMask& mask,
                                  loom::cont::DeviceId device);
} // namespace average
} // namespace algorithms
} // namespace loom
