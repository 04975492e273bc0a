// Loom: the execution side of reduce-by-key worklets: the keys' execution object, the thread indices
// of one key (where its values start in the sorted order, how many), the Vec-like views of a key's
// values, and the fetches of KeysIn, ValuesIn, ValuesInOut and ValuesOut.
#pragma once

#include <loom/exec/arg/BasicArg.h>
#include <loom/exec/arg/Fetch.h>
#include <loom/exec/arg/ThreadIndicesBasic.h>

#include <type_traits>
#include <utility>

namespace loom
{
namespace exec
{
namespace arg
{
/// How many values the current key groups.
struct AspectTagValueCount
{
};
/// The execution-signature tag for it (its parameter is the keys, _1 by convention).
struct ValueCount : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagValueCount;
};

struct FetchTagKeysIn
{
};
struct FetchTagKeyedValuesIn
{
};
/// ValuesInOut and ValuesOut: the view writes through to the array, nothing is stored after the call.
struct FetchTagKeyedValuesInOut
{
};

/// Keys in the execution environment: the distinct keys, the start of each one's values in the sorted
/// order (one more entry than keys: the last is the number of values), and the sorted order itself
/// (the original index of each sorted value).
template <typename KeyPortal, typename IdPortal>
struct KeysPortal
{
  KeyPortal UniqueKeys;
  IdPortal Offsets;
  IdPortal SortedValuesMap;
};

/// A key's values: the array's values at the sorted positions Offset .. Offset+Count-1.
template <typename IdPortal, typename ValuePortal>
struct KeyedValuesPortal
{
  ValuePortal Values;
  IdPortal SortedValuesMap;
};

/// The indices of one key's invocation: the basic indices plus where its values start and how many.
class ThreadIndicesReduceByKey : public ThreadIndicesBasic
{
public:
  LOOM_EXEC ThreadIndicesReduceByKey(Id threadIndex, Id inputIndex, Id outputIndex, IdComponent visit,
                                     Id valueOffset, IdComponent valueCount)
    : ThreadIndicesBasic(threadIndex, inputIndex, outputIndex, visit)
    , ValueOffset(valueOffset)
    , ValueCount(valueCount)
  {
  }
  LOOM_EXEC Id GetValueOffset() const { return this->ValueOffset; }
  LOOM_EXEC IdComponent GetNumberOfValues() const { return this->ValueCount; }

private:
  Id ValueOffset;
  IdComponent ValueCount;
};

/// One value of a writable keyed view: reads and assignments go to the array.
template <typename ValuePortal>
class KeyedValueReference
{
public:
  using ValueType = typename ValuePortal::ValueType;
  LOOM_EXEC KeyedValueReference(const ValuePortal& portal, Id index)
    : P(portal)
    , Index(index)
  {
  }
  LOOM_EXEC operator ValueType() const { return this->P.Get(this->Index); }
  LOOM_EXEC const KeyedValueReference& operator=(const ValueType& value) const
  {
    this->P.Set(this->Index, value);
    return *this;
  }
  LOOM_EXEC const KeyedValueReference& operator=(const KeyedValueReference& other) const
  {
    return *this = static_cast<ValueType>(other);
  }
  KeyedValueReference(const KeyedValueReference&) = default;

private:
  ValuePortal P;
  Id Index;
};

/// The values of one key as a Vec-like view (component k is the key's k-th value in the sorted
/// order, which keeps the original order among equal keys). Writable when the portal is.
template <typename ValuePortal, typename IdPortal>
class VecKeyedValues
{
public:
  using ComponentType = typename ValuePortal::ValueType;
  LOOM_EXEC VecKeyedValues(const ValuePortal& values, const IdPortal& map, Id offset, IdComponent count)
    : Values(values)
    , Map(map)
    , Offset(offset)
    , Count(count)
  {
  }
  LOOM_EXEC IdComponent GetNumberOfComponents() const { return this->Count; }
  /// The original index (in the value array) of component k.
  LOOM_EXEC Id GetValueIndex(IdComponent k) const { return this->Map.Get(this->Offset + k); }
  LOOM_EXEC ComponentType Get(IdComponent k) const { return this->Values.Get(this->GetValueIndex(k)); }
  LOOM_EXEC void Set(IdComponent k, const ComponentType& value) const
  {
    this->Values.Set(this->GetValueIndex(k), value);
  }
  /// A value for a read-only view, a reference that writes through for a writable one.
  LOOM_EXEC auto operator[](IdComponent k) const
  {
    if constexpr (HasSet<ValuePortal>::value)
      return KeyedValueReference<ValuePortal>(this->Values, this->GetValueIndex(k));
    else
      return this->Get(k);
  }

private:
  template <typename P, typename = void>
  struct HasSet : std::false_type
  {
  };
  template <typename P>
  struct HasSet<P, std::void_t<decltype(std::declval<const P&>().Set(Id{}, std::declval<typename P::ValueType>()))>>
    : std::true_type
  {
  };

  ValuePortal Values;
  IdPortal Map;
  Id Offset;
  IdComponent Count;
};

template <typename KeyPortal, typename IdPortal>
struct Fetch<FetchTagKeysIn, AspectTagDefault, KeysPortal<KeyPortal, IdPortal>>
  : internal::FetchFromIndices<typename KeyPortal::ValueType>
{
  template <typename Indices>
  LOOM_EXEC typename KeyPortal::ValueType Load(const Indices& indices, const KeysPortal<KeyPortal, IdPortal>& keys) const
  {
    return keys.UniqueKeys.Get(indices.GetInputIndex());
  }
};

template <typename FetchTag, typename ExecObject>
struct Fetch<FetchTag, AspectTagValueCount, ExecObject> : internal::FetchFromIndices<IdComponent>
{
  template <typename Indices>
  LOOM_EXEC IdComponent Load(const Indices& indices, const ExecObject&) const
  {
    return indices.GetNumberOfValues();
  }
};

namespace internal
{
template <typename Portal>
struct FetchKeyedValues
{
  template <typename Indices>
  LOOM_EXEC auto Load(const Indices& indices, const Portal& p) const
  {
    return VecKeyedValues<decltype(p.Values), decltype(p.SortedValuesMap)>(
      p.Values, p.SortedValuesMap, indices.GetValueOffset(), indices.GetNumberOfValues());
  }
  template <typename Indices, typename V>
  LOOM_EXEC void Store(const Indices&, const Portal&, const V&) const
  {
  }
};
} // namespace internal

template <typename IdPortal, typename ValuePortal>
struct Fetch<FetchTagKeyedValuesIn, AspectTagDefault, KeyedValuesPortal<IdPortal, ValuePortal>>
  : internal::FetchKeyedValues<KeyedValuesPortal<IdPortal, ValuePortal>>
{
};
template <typename IdPortal, typename ValuePortal>
struct Fetch<FetchTagKeyedValuesInOut, AspectTagDefault, KeyedValuesPortal<IdPortal, ValuePortal>>
  : internal::FetchKeyedValues<KeyedValuesPortal<IdPortal, ValuePortal>>
{
};
} // namespace arg
} // namespace exec
} // namespace loom
