// Loom: a Keys object built on the CUDA device (KeysCuda.cu), when its device resolves to CUDA.
// No CUDA header needed here.
#pragma once

#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace worklet
{
namespace internal
{
void BuildKeysCuda(const loom::cont::ArrayHandle<Int32>& keys, loom::cont::ArrayHandle<Int32>& unique,
                   loom::cont::ArrayHandle<Id>& offsets, loom::cont::ArrayHandle<Id>& sortedValuesMap);
void BuildKeysCuda(const loom::cont::ArrayHandle<Int64>& keys, loom::cont::ArrayHandle<Int64>& unique,
                   loom::cont::ArrayHandle<Id>& offsets, loom::cont::ArrayHandle<Id>& sortedValuesMap);
} // namespace internal
} // namespace worklet
} // namespace loom
