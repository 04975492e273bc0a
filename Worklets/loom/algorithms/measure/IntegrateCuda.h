// Loom algorithms, measure family: Integrate's CUDA entry, compiled by nvcc in IntegrateCuda.cu; Integrate
// calls it when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/measure/Integrate.h>

namespace loom
{
namespace algorithms
{
namespace measure
{
/// The blocks' compensated sums (IntegrateImpl.h, IntegrateBlocks) of the cells of `dimension` on the GPU.
std::vector<double> IntegrateBlocksCuda(const CellSetAny& cells, const FieldArray& points,
                                        const std::vector<FieldArray>& pointFields,
                                        const std::vector<FieldArray>& cellFields, const IntegrateOptions& options,
                                        const loom::cont::ArrayHandle<UInt8>& skip, int dimension);
/// The highest dimension of the cells not flagged in `skip`, on the GPU.
int HighestDimensionCuda(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& skip);
} // namespace measure
} // namespace algorithms
} // namespace loom
