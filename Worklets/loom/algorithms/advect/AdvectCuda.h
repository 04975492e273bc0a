// Loom algorithms, advect family: the CUDA entries, compiled by nvcc in AdvectCuda.cu; Advect.cxx calls them
// when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/advect/Advect.h>

namespace loom
{
namespace algorithms
{
namespace advect
{
Streamlines AdvectCuda(const CellLocator::Data& data, const FieldArray& vectors, const FieldArray& seeds,
                       const loom::cont::ArrayHandle<Int8>& forward, const AdvectOptions& options);
loom::cont::ArrayHandle<Float64> StreamNormalsCuda(const loom::cont::ArrayHandle<Float32>& points,
                                                   const loom::cont::ArrayHandle<Id>& lineOffsets,
                                                   const FieldArray& velocity,
                                                   const loom::cont::ArrayHandle<Float64>& rotation);
} // namespace advect
} // namespace algorithms
} // namespace loom
