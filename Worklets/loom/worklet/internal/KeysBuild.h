// Loom: how a Keys object is built on one device (Keys.cxx for the CPU devices, KeysCuda.cu for
// CUDA): the keys sorted with their indices, the first position of each distinct key flagged and
// numbered by a scan, then the distinct keys and their offsets written at those numbers.
#pragma once

#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace worklet
{
namespace internal
{
namespace keys_build
{
struct Iota
{
  Id* Out;
  LOOM_EXEC void operator()(Id i) const { this->Out[i] = i; }
};
/// 1 where a sorted position holds a key other than its predecessor's.
template <typename K>
struct FlagKeyStarts
{
  const K* Sorted;
  Id* Starts;
  LOOM_EXEC void operator()(Id i) const { this->Starts[i] = (i == 0 || this->Sorted[i] != this->Sorted[i - 1]) ? 1 : 0; }
};
/// Each distinct key and where its values start; position n closes the last key.
template <typename K>
struct WriteKeyStarts
{
  const K* Sorted;
  const Id* Starts;
  const Id* Number;
  Id N, UniqueCount;
  K* Unique;
  Id* Offsets;
  LOOM_EXEC void operator()(Id i) const
  {
    if (i == this->N)
      this->Offsets[this->UniqueCount] = this->N;
    else if (this->Starts[i])
    {
      this->Unique[this->Number[i]] = this->Sorted[i];
      this->Offsets[this->Number[i]] = i;
    }
  }
};
} // namespace keys_build

/// Fills the three arrays of a Keys object from `keys` with Device's algorithms.
template <typename Algorithm, typename Device, typename K>
void BuildKeys(Device device, const loom::cont::ArrayHandle<K>& keys, loom::cont::ArrayHandle<K>& unique,
               loom::cont::ArrayHandle<Id>& offsets, loom::cont::ArrayHandle<Id>& sortedValuesMap)
{
  using namespace keys_build;
  const Id n = keys.GetNumberOfValues();
  loom::cont::ArrayHandle<K> sorted;
  Algorithm::Copy(keys, sorted);
  Algorithm::Schedule(Iota{ sortedValuesMap.PrepareForOutput(n, device).GetArray() }, n);
  Algorithm::SortByKey(sorted, sortedValuesMap);
  loom::cont::ArrayHandle<Id> starts, number;
  Algorithm::Schedule(
    FlagKeyStarts<K>{ sorted.PrepareForInput(device).GetArray(), starts.PrepareForOutput(n, device).GetArray() }, n);
  const Id count = n > 0 ? Algorithm::ScanExclusive(starts, number, Id(0)) : 0;
  unique.PrepareForOutput(count, device);
  offsets.PrepareForOutput(count + 1, device);
  if (n == 0)
    number.PrepareForOutput(0, device);
  Algorithm::Schedule(WriteKeyStarts<K>{ sorted.PrepareForInput(device).GetArray(),
                                         starts.PrepareForInput(device).GetArray(),
                                         number.PrepareForInput(device).GetArray(), n, count,
                                         unique.PrepareForInPlace(device).GetArray(),
                                         offsets.PrepareForInPlace(device).GetArray() },
                      n + 1);
}
} // namespace internal
} // namespace worklet
} // namespace loom
