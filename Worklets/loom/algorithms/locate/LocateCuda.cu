// Loom algorithms, locate family on CUDA: the passes of LocateImpl.h that the CPU devices run, one thread
// per cell, bin or sample.
#include <loom/algorithms/locate/LocateCuda.h>
#include <loom/algorithms/locate/LocateImpl.h>

namespace loom
{
namespace algorithms
{
namespace locate
{
using Cuda = Passes<loom::cont::DeviceAdapterTagCuda>;

void BinCellsCuda(CellLocator::Data& data)
{
  Cuda::Bin(data);
}
LocatedPoints LocateCuda(const CellLocator::Data& data, const PointPositions& samples, const LocateOptions& options,
                         const loom::cont::ArrayHandle<Float64> axes[3])
{
  return Cuda::Locate(data, samples, options, axes);
}
void LocateEndsCuda(const CellLocator::Data& data, const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3],
                    const double bounds[6], const Id divisions[3], const double binsPerUnit[3], const LocateOptions& options,
                    LocatedPoints& lowest, LocatedPoints& highest)
{
  Cuda::LocateEnds(data, samples, axes, SampleBins(bounds, divisions, binsPerUnit), options, lowest, highest);
}
LocatedPoints LocateImageCuda(const CellLocator::Data& data, const ImageSamples& image, const LocateOptions& options)
{
  return Cuda::LocateImage(data, image, options);
}
void SamplePointsCuda(const CellLocator::Data& data, const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3],
                      const std::vector<FieldArray>& pointFields, const std::vector<FieldArray>& cellFields,
                      const LocateOptions& options, SampledFields& out)
{
  Cuda::SamplePoints(data, samples, axes, pointFields, cellFields, options, out);
}
void SampleImageCuda(const CellLocator::Data& data, const ImageSamples& image, const std::vector<FieldArray>& pointFields,
                     const std::vector<FieldArray>& cellFields, const LocateOptions& options, SampledFields& out)
{
  Cuda::SampleImage(data, image, pointFields, cellFields, options, out);
}
void InterpolateCuda(const CellLocator::Data& data, const LocatedPoints& located, const FieldArray& in,
                     const FieldArray& out)
{
  CallWithKind(in.GetKind(), [&](auto zero) { Cuda::Interpolate<decltype(zero)>(data, located, in, out); });
}
void GatherCuda(const LocatedPoints& located, const FieldArray& in, const FieldArray& out)
{
  CallWithKind(in.GetKind(), [&](auto zero) { Cuda::Gather<decltype(zero)>(located, in, out); });
}
loom::cont::ArrayHandle<Int8> MaskCuda(const LocatedPoints& located)
{
  return Cuda::Mask(located);
}
} // namespace locate
} // namespace algorithms
} // namespace loom
