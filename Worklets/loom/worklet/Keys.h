// Loom: Keys, the grouping of a key array that a WorkletReduceByKey visits: the distinct keys in
// ascending order, where each one's values start in the sorted order, and that order.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>
#include <loom/cont/arg/Transport.h>
#include <loom/cont/arg/TypeCheck.h>
#include <loom/exec/arg/FetchTagKeyed.h>

#include <string>
#include <type_traits>

namespace loom
{
namespace worklet
{
namespace internal
{
/// Marker base of every Keys type (the KeysIn type check).
class KeysBase
{
};
} // namespace internal

/// The keys are sorted once, at construction (a stable sort: values of equal keys keep their
/// original order); the object is then reused by any number of invocations. Built for Int32 and
/// Int64 (Id) keys; on CUDA, from host code built by the GPU when the device resolves to it.
template <typename K>
class Keys : public internal::KeysBase
{
public:
  using KeyType = K;
  Keys() = default;
  /// Sorts `keys` (not modified) on `device`.
  explicit Keys(const loom::cont::ArrayHandle<K>& keys, loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

  /// The number of distinct keys: the input range of a reduce-by-key worklet.
  Id GetNumberOfUniqueKeys() const { return this->UniqueKeys.GetNumberOfValues(); }
  /// The number of keys (and of the values grouped by them).
  Id GetNumberOfValues() const { return this->SortedValuesMap.GetNumberOfValues(); }
  /// The distinct keys, ascending.
  const loom::cont::ArrayHandle<K>& GetUniqueKeys() const { return this->UniqueKeys; }
  /// Key k's values are the sorted positions Offsets[k] .. Offsets[k+1]-1 (one more entry than keys).
  const loom::cont::ArrayHandle<Id>& GetOffsets() const { return this->Offsets; }
  /// The index in the value array of each sorted position.
  const loom::cont::ArrayHandle<Id>& GetSortedValuesMap() const { return this->SortedValuesMap; }
  /// How many values each distinct key has.
  loom::cont::ArrayHandle<IdComponent> GetCounts() const;

  template <typename Device>
  auto PrepareForInput(Device device) const
  {
    using IdPortal = decltype(this->Offsets.PrepareForInput(device));
    using KeyPortal = decltype(this->UniqueKeys.PrepareForInput(device));
    return loom::exec::arg::KeysPortal<KeyPortal, IdPortal>{ this->UniqueKeys.PrepareForInput(device),
                                                             this->Offsets.PrepareForInput(device),
                                                             this->SortedValuesMap.PrepareForInput(device) };
  }

private:
  loom::cont::ArrayHandle<K> UniqueKeys;
  loom::cont::ArrayHandle<Id> Offsets;
  loom::cont::ArrayHandle<Id> SortedValuesMap;
};

extern template class Keys<Int32>;
extern template class Keys<Int64>;
} // namespace worklet

namespace cont
{
namespace arg
{
/// A Keys object (the input domain of a reduce-by-key worklet).
struct TypeCheckTagKeys
{
};
template <typename Type>
struct TypeCheck<TypeCheckTagKeys, Type> : std::is_base_of<loom::worklet::internal::KeysBase, Type>
{
};

struct TransportTagKeysIn
{
};
/// Values grouped by the keys of the input domain: read, read and written, or written (allocated to
/// the number of keys).
struct TransportTagKeyedValuesIn
{
};
struct TransportTagKeyedValuesInOut
{
};
struct TransportTagKeyedValuesOut
{
};

template <typename Type, typename Device>
struct Transport<TransportTagKeysIn, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& keys, const Domain&, Id, Id) const
  {
    return keys.PrepareForInput(Device{});
  }
};

namespace detail
{
template <typename KeysType>
void CheckKeyedSize(const char* what, Id actual, const KeysType& keys)
{
  CheckArraySize(what, actual, keys.GetNumberOfValues(), "keys object (its number of keys)");
}
template <typename KeysType, typename Portal, typename Device>
auto KeyedPortal(const KeysType& keys, const Portal& values, Device)
{
  using IdPortal = decltype(keys.GetSortedValuesMap().PrepareForInput(Device{}));
  return loom::exec::arg::KeyedValuesPortal<IdPortal, Portal>{ values,
                                                               keys.GetSortedValuesMap().PrepareForInput(Device{}) };
}
} // namespace detail

template <typename Type, typename Device>
struct Transport<TransportTagKeyedValuesIn, Type, Device>
{
  template <typename KeysType>
  auto operator()(const Type& array, const KeysType& keys, Id, Id) const
  {
    detail::CheckKeyedSize("the keyed input array", array.GetNumberOfValues(), keys);
    return detail::KeyedPortal(keys, array.PrepareForInput(Device{}), Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagKeyedValuesInOut, Type, Device>
{
  template <typename KeysType>
  auto operator()(const Type& array, const KeysType& keys, Id, Id) const
  {
    detail::CheckKeyedSize("the keyed in-out array", array.GetNumberOfValues(), keys);
    return detail::KeyedPortal(keys, array.PrepareForInPlace(Device{}), Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagKeyedValuesOut, Type, Device>
{
  template <typename KeysType>
  auto operator()(const Type& array, const KeysType& keys, Id, Id) const
  {
    return detail::KeyedPortal(keys, const_cast<Type&>(array).PrepareForOutput(keys.GetNumberOfValues(), Device{}),
                               Device{});
  }
};
} // namespace arg
} // namespace cont
} // namespace loom
