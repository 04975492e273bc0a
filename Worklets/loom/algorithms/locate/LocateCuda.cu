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
