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
void LocateEndsCuda(const CellLocator::Data& data, const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3],
                    const double bounds[6], const Id divisions[3], const double binsPerUnit[3], const LocateOptions& options,
                    LocatedPoints& lowest, LocatedPoints& highest);
LocatedPoints LocateImageCuda(const CellLocator::Data& data, const ImageSamples& image, const LocateOptions& options);
void SamplePointsCuda(const CellLocator::Data& data, const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3],
                      const std::vector<FieldArray>& pointFields, const std::vector<FieldArray>& cellFields,
                      const LocateOptions& options, SampledFields& out);
void SampleImageCuda(const CellLocator::Data& data, const ImageSamples& image, const std::vector<FieldArray>& pointFields,
                     const std::vector<FieldArray>& cellFields, const LocateOptions& options, SampledFields& out);
void InterpolateCuda(const CellLocator::Data& data, const LocatedPoints& located, const FieldArray& in,
                     const FieldArray& out);
void GatherCuda(const LocatedPoints& located, const FieldArray& in, const FieldArray& out);
loom::cont::ArrayHandle<Int8> MaskCuda(const LocatedPoints& located);
} // namespace locate
} // namespace algorithms
} // namespace loom
