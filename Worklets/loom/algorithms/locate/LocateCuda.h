// Loom algorithms, locate family: the CUDA entries, compiled by nvcc in LocateCuda.cu; Locate.cxx calls
// them when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/locate/Locate.h>

namespace loom
{
namespace algorithms
{
namespace locate
{
void BinCellsCuda(CellLocator::Data& data);
LocatedPoints LocateCuda(const CellLocator::Data& data, const PointPositions& samples, const LocateOptions& options,
                         const loom::cont::ArrayHandle<Float64> axes[3]);
void InterpolateCuda(const CellLocator::Data& data, const LocatedPoints& located, const FieldArray& in,
                     const FieldArray& out);
void GatherCuda(const LocatedPoints& located, const FieldArray& in, const FieldArray& out);
loom::cont::ArrayHandle<Int8> MaskCuda(const LocatedPoints& located);
} // namespace locate
} // namespace algorithms
} // namespace loom
