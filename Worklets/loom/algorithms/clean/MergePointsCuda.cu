// Loom algorithms, clean family on CUDA: exact merging (the hash worklet, the Keys grouping on CUB and the
// reduce-by-key settling), the numbering, the member lists, used-point flags and renumbering: the passes
// of MergePointsImpl.h that the CPU devices run, one thread per point or connectivity entry.
#include <loom/algorithms/clean/MergePointsImpl.h>

namespace loom
{
namespace algorithms
{
using Cuda = clean::Passes<loom::cont::DeviceAdapterTagCuda>;

MergePointsResult ExactMergeCuda(const FieldArray& points, const MergePointsOptions& options)
{
  return clean::ExactMergeOn<loom::cont::DeviceAdapterTagCuda>(points, options);
}
void ListMemberPointsCuda(MergePointsResult& result)
{
  Cuda::ListMembers(result);
}
loom::cont::ArrayHandle<UInt8> UsedPointFlagsCuda(const loom::cont::ArrayHandle<Int32>& connectivity, Id numberOfPoints)
{
  return Cuda::UsedFlags(connectivity, numberOfPoints);
}
loom::cont::ArrayHandle<UInt8> UsedPointFlagsCuda(const loom::cont::ArrayHandle<Int64>& connectivity, Id numberOfPoints)
{
  return Cuda::UsedFlags(connectivity, numberOfPoints);
}
void RemapPointIdsCuda(const loom::cont::ArrayHandle<Int32>& from, loom::cont::ArrayHandle<Int32>* to,
                       const loom::cont::ArrayHandle<Id>& pointMap)
{
  Cuda::Remap(from, to, pointMap);
}
void RemapPointIdsCuda(const loom::cont::ArrayHandle<Int64>& from, loom::cont::ArrayHandle<Int64>* to,
                       const loom::cont::ArrayHandle<Id>& pointMap)
{
  Cuda::Remap(from, to, pointMap);
}
} // namespace algorithms
} // namespace loom
