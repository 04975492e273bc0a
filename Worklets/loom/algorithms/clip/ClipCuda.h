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
/// The clip points' values of `field`; with `flags` (one per clip point) only the flagged ones, the others
/// `fill` (clamped to the field's kind).
FieldArray InterpolateClipPointsCuda(const ClipPoints& points, const FieldArray& field,
                                     const loom::cont::ArrayHandle<UInt8>* flags = nullptr, double fill = 0.0);
FieldArray ClipGridPointsCuda(const ClipPoints& points, const Id3& pointDims, const std::vector<double> axes[3],
                              ValueKind kind);
} // namespace clip
} // namespace algorithms
} // namespace loom
