// Loom algorithms, normals family: the CUDA entry, compiled by nvcc in NormalsCuda.cu; SurfaceNormals hands
// it a request that resolves to CUDA.
#pragma once

#include <loom/algorithms/normals/Normals.h>

namespace loom
{
namespace algorithms
{
namespace normals
{
SurfaceNormalsResult SurfaceNormalsCuda(const CellArrays& polygons, Id numberOfPoints, const FieldArray& points,
                                        const SurfaceNormalsOptions& options);
} // namespace normals
} // namespace algorithms
} // namespace loom
