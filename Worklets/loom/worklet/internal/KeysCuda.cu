// Loom: Keys built on the CUDA device (see KeysCuda.h): CUB's radix sort of the keys with their
// indices, the flags and the scan on the GPU; the arrays stay there.
#include <loom/worklet/internal/KeysCuda.h>

#include <loom/cont/Algorithm.h>
#include <loom/worklet/internal/KeysBuild.h>

namespace loom
{
namespace worklet
{
namespace internal
{
using loom::cont::cuda::CudaAlgorithm;

void BuildKeysCuda(const loom::cont::ArrayHandle<Int32>& keys, loom::cont::ArrayHandle<Int32>& unique,
                   loom::cont::ArrayHandle<Id>& offsets, loom::cont::ArrayHandle<Id>& sortedValuesMap)
{
  BuildKeys<CudaAlgorithm>(loom::cont::DeviceAdapterTagCuda{}, keys, unique, offsets, sortedValuesMap);
}
void BuildKeysCuda(const loom::cont::ArrayHandle<Int64>& keys, loom::cont::ArrayHandle<Int64>& unique,
                   loom::cont::ArrayHandle<Id>& offsets, loom::cont::ArrayHandle<Id>& sortedValuesMap)
{
  BuildKeys<CudaAlgorithm>(loom::cont::DeviceAdapterTagCuda{}, keys, unique, offsets, sortedValuesMap);
}
} // namespace internal
} // namespace worklet
} // namespace loom
