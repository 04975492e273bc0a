// Loom algorithms, clip family: the CUDA entries, compiled by nvcc in ClipCuda.cu; the host-compiled
// entries (Clip.cxx) call them when the request resolves to CUDA.
#pragma once

#include <loom/algorithms/clip/Clip.h>

namespace loom
{
namespace algorithms
{
namespace clip
{
ClipResult ClipCuda(const CellSetAny& cells, const FieldArray& field, const ClipOptions& options);
FieldArray InterpolateClipPointsCuda(const ClipPoints& points, const FieldArray& field);
FieldArray InterpolateClipPointsMaskedCuda(const ClipPoints& points, const FieldArray& field,
                                           const loom::cont::ArrayHandle<UInt8>& flags, double fill);
FieldArray ClipGridPointsCuda(const ClipPoints& points, const Id3& pointDims, const std::vector<double> axes[3],
                              ValueKind kind);
} // namespace clip
} // namespace algorithms
} // namespace loom
