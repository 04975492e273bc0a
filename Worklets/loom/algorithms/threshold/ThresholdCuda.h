// Loom algorithms, threshold family: the CUDA entries, compiled by nvcc in ThresholdCuda.cu; the
// host-compiled entries call them when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/threshold/Threshold.h>

namespace loom
{
namespace algorithms
{
namespace threshold
{
loom::cont::ArrayHandle<UInt8> ThresholdCellsCuda(const CellSetAny& cells, const FieldArray& field,
                                                  const ThresholdOptions& options);
CellSubset ExtractCellsCuda(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& keep,
                            StructuredCellKind kind);
} // namespace threshold
} // namespace algorithms
} // namespace loom
