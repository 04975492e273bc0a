// Loom algorithms, measure family: the CUDA entry, compiled by nvcc in CellSizeCuda.cu; CellSize calls it
// when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/measure/CellSize.h>

namespace loom
{
namespace algorithms
{
namespace measure
{
void CellSizeCuda(const CellSetAny& cells, const FieldArray& points, const CellSizeOptions& options,
                  CellSizes& sizes);
} // namespace measure
} // namespace algorithms
} // namespace loom
