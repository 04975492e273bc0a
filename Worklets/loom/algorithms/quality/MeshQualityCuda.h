// Loom algorithms, quality family: the CUDA entry, compiled by nvcc in MeshQualityCuda.cu; MeshQuality
// calls it when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/quality/MeshQuality.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
void MeshQualityCuda(const CellSetAny& cells, const FieldArray& points, const int measure[QualityShapeCount],
                     const double average[QualityShapeCount], bool linearizeAll, FieldArray& quality,
                     FieldArray* linear, loom::cont::ArrayHandle<UInt8>& shapes);
} // namespace quality
} // namespace algorithms
} // namespace loom
