// Loom: scatter and mask maps on the CUDA device (see MapsCuda.h).
#include <loom/worklet/internal/MapsCuda.h>

#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/worklet/internal/MaskIndicesCheck.h>

namespace loom
{
namespace worklet
{
namespace internal
{

using loom::cont::cuda::CudaAlgorithm;
using loom::cont::cuda::DeviceRead;
using loom::cont::cuda::DeviceWrite;
using namespace maps_cuda;

IdComponent CountingOffsetsCuda(const loom::cont::ArrayHandle<IdComponent>& counts,
                                loom::cont::ArrayHandle<Id>& offsets, Id& total)
{
  const Id n = counts.GetNumberOfValues();
  const IdComponent* in = DeviceRead(counts);
  const IdComponent smallest =
    n > 0 ? loom::cont::cuda::internal::Reduce(in, n, IdComponent(0), loom::cont::cuda::internal::NativeOp::Minimum)
          : IdComponent(0);
  loom::cont::ArrayHandle<Id> wide;
  Id* w = DeviceWrite(wide, n + 1);
  CudaAlgorithm::Schedule(WidenCounts{ in, w, n }, n + 1);
  Id* out = DeviceWrite(offsets, n + 1);
  total = loom::cont::cuda::internal::ScanSum(static_cast<const Id*>(w), out, n + 1, Id(0), false);
  return smallest;
}

void CountingMapsCuda(const loom::cont::ArrayHandle<Id>& offsets, Id total,
                      loom::cont::ArrayHandle<Id>& outputToInput, loom::cont::ArrayHandle<IdComponent>& visit)
{
  const Id n = offsets.GetNumberOfValues() - 1;
  const Id* o = DeviceRead(offsets);
  Id* map = DeviceWrite(outputToInput, total);
  IdComponent* v = DeviceWrite(visit, total);
  CudaAlgorithm::Schedule(OutputToInput{ o, n, map, v }, total);
}

void CheckIndicesCuda(const loom::cont::ArrayHandle<Id>& indices, Id outputRange)
{
  CheckIndicesOn<loom::cont::DeviceAdapterTagCuda>(indices, outputRange);
}

void SelectMapCuda(const loom::cont::ArrayHandle<UInt8>& selection, loom::cont::ArrayHandle<Id>& threadToOutput)
{
  CudaAlgorithm::CopyIf(loom::cont::ArrayHandleIndex(selection.GetNumberOfValues()), selection, threadToOutput);
}
} // namespace internal
} // namespace worklet
} // namespace loom
