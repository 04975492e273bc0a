// Loom: Keys built on the device the tracker picks (the CPU devices here, CUDA in KeysCuda.cu).
#include <loom/worklet/Keys.h>

#include <loom/cont/Algorithm.h>
#include <loom/worklet/internal/KeysBuild.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/worklet/internal/KeysCuda.h>
#endif

namespace loom
{
namespace worklet
{
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
    internal::BuildKeys<loom::cont::DeviceAdapterAlgorithm<decltype(tag)>>(tag, keys, this->UniqueKeys, this->Offsets,
                                                                          this->SortedValuesMap);
  });
}

template <typename K>
loom::cont::ArrayHandle<IdComponent> Keys<K>::GetCounts() const
{
  const Id n = this->GetNumberOfUniqueKeys();
  loom::cont::ArrayHandle<IdComponent> counts;
  IdComponent* c = counts.PrepareForOutput(n, loom::cont::DeviceAdapterTagSerial{}).GetArray();
  const Id* o = this->Offsets.PrepareForInput(loom::cont::DeviceAdapterTagSerial{}).GetArray();
  for (Id k = 0; k < n; ++k)
    c[k] = static_cast<IdComponent>(o[k + 1] - o[k]);
  return counts;
}

template class Keys<Int32>;
template class Keys<Int64>;
} // namespace worklet
} // namespace loom
