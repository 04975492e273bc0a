// Loom: Keys built on the device the tracker picks (the CPU devices here, CUDA in KeysCuda.cu, whose
// generic build, KeysBuild.h, also serves more than 2^31 keys on the CPU).
#include <loom/worklet/Keys.h>

#include <loom/cont/Algorithm.h>
#include <loom/worklet/internal/KeysBuild.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/worklet/internal/KeysCuda.h>
#endif

#include <algorithm>
#include <vector>

namespace loom
{
namespace worklet
{
namespace
{
/// The CPU devices' build: the keys sorted with 32-bit indices where they fit (a third less to move in
/// each radix pass than with 64-bit ones), then blocks of sorted positions count the distinct keys
/// starting in them (widening the indices into the sorted order on the way) and, once the counts are
/// summed, write those keys and their offsets: no per-position flag or scan arrays.
template <typename Device, typename K>
void BuildKeysOnHost(Device device, const loom::cont::ArrayHandle<K>& keys, loom::cont::ArrayHandle<K>& unique,
                     loom::cont::ArrayHandle<Id>& offsets, loom::cont::ArrayHandle<Id>& sortedValuesMap)
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Device>;
  const Id n = keys.GetNumberOfValues();
  if (n >= (Id(1) << 31))
  {
    internal::BuildKeys<Algorithm>(device, keys, unique, offsets, sortedValuesMap);
    return;
  }
  loom::cont::ArrayHandle<K> sorted;
  Algorithm::Copy(keys, sorted);
  loom::cont::ArrayHandle<Int32> order;
  Int32* o = order.PrepareForOutput(n, device).GetArray();
  Algorithm::Schedule([o](Id i) { o[i] = static_cast<Int32>(i); }, n);
  Algorithm::SortByKey(sorted, order);

  constexpr Id BlockSize = Id(1) << 16;
  const Id blocks = (n + BlockSize - 1) / BlockSize;
  std::vector<Id> starts(static_cast<std::size_t>(blocks) + 1, 0);
  const K* s = sorted.PrepareForInput(device).GetArray();
  const Int32* sortedOrder = order.PrepareForInput(device).GetArray();
  Id* map = sortedValuesMap.PrepareForOutput(n, device).GetArray();
  Id* st = starts.data();
  auto count = [=](Id firstBlock, Id endBlock) {
    for (Id b = firstBlock; b < endBlock; ++b)
    {
      Id c = 0;
      for (Id i = b * BlockSize, end = std::min(n, i + BlockSize); i < end; ++i)
      {
        map[i] = sortedOrder[i];
        c += (i == 0 || s[i] != s[i - 1]) ? 1 : 0;
      }
      st[b + 1] = c;
    }
  };
  Algorithm::ScheduleRanges(count, blocks, 1, BlockSize);
  for (Id b = 0; b < blocks; ++b)
    st[b + 1] += st[b];
  const Id distinct = st[blocks];
  K* u = unique.PrepareForOutput(distinct, device).GetArray();
  Id* off = offsets.PrepareForOutput(distinct + 1, device).GetArray();
  auto write = [=](Id firstBlock, Id endBlock) {
    for (Id b = firstBlock; b < endBlock; ++b)
    {
      Id next = st[b];
      for (Id i = b * BlockSize, end = std::min(n, i + BlockSize); i < end; ++i)
        if (i == 0 || s[i] != s[i - 1])
        {
          u[next] = s[i];
          off[next++] = i;
        }
    }
  };
  Algorithm::ScheduleRanges(write, blocks, 1, BlockSize);
  off[distinct] = n;
}
} // namespace

template <typename K>
Keys<K>::Keys(const loom::cont::ArrayHandle<K>& keys, loom::cont::DeviceId device)
{
#ifdef LOOM_ENABLE_CUDA
  if (loom::cont::RuntimeDeviceTracker::Get().Resolve(device) == loom::cont::DeviceId::Cuda)
  {
    internal::BuildKeysCuda(keys, this->UniqueKeys, this->Offsets, this->SortedValuesMap);
    return;
  }
#endif
  loom::cont::CallOnDevice(device, [&](auto tag) {
    BuildKeysOnHost(tag, keys, this->UniqueKeys, this->Offsets, this->SortedValuesMap);
  });
}

template <typename K>
loom::cont::ArrayHandle<IdComponent> Keys<K>::GetCounts() const
{
  const Id n = this->GetNumberOfUniqueKeys();
  loom::cont::ArrayHandle<IdComponent> counts;
  IdComponent* c = counts.PrepareForOutput(n, loom::cont::DeviceAdapterTagCpu{}).GetArray();
  const Id* o = this->Offsets.PrepareForInput(loom::cont::DeviceAdapterTagCpu{}).GetArray();
  for (Id k = 0; k < n; ++k)
    c[k] = static_cast<IdComponent>(o[k + 1] - o[k]);
  return counts;
}

template class Keys<Int32>;
template class Keys<Int64>;
} // namespace worklet
} // namespace loom
