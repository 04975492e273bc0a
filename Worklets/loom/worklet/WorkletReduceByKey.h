// Loom: WorkletReduceByKey: a worklet run once per distinct key of a Keys object, seeing all the
// values of that key at once (as a Vec-like view) and writing one reduced value, or the values back.
#pragma once

#include <loom/exec/arg/FetchTagKeyed.h>
#include <loom/worklet/Keys.h>
#include <loom/worklet/WorkletMapField.h>

namespace loom
{
namespace worklet
{
/// Base of reduce-by-key worklets. The input domain is the KeysIn argument (_1 by convention); the
/// worklet runs once per distinct key (a mask selects keys; a scatter maps them). Control tags:
/// - KeysIn: a Keys<K>; the worklet receives the key;
/// - ValuesIn: an array with one value per key of the Keys object (not per distinct key); the worklet
///   receives the key's values as a Vec-like view (`GetNumberOfComponents()`, `operator[]`), in the
///   original order among them;
/// - ValuesInOut, ValuesOut: the same view, writable (`view[k] = x` writes to the array at the value's
///   original index); ValuesOut allocates the array to the number of keys;
/// - ReducedValuesIn, ReducedValuesOut, ReducedValuesInOut: one value per distinct key (per output);
/// - WholeArrayIn/Out/InOut and ExecObject, as for every worklet.
/// Execution tags: ValueCount (how many values the key has) and the index tags.
class WorkletReduceByKey : public internal::WorkletBase
{
public:
  struct KeysIn
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagKeys;
    using TransportTag = loom::cont::arg::TransportTagKeysIn;
    using FetchTag = loom::exec::arg::FetchTagKeysIn;
  };
  struct ValuesIn
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayIn;
    using TransportTag = loom::cont::arg::TransportTagKeyedValuesIn;
    using FetchTag = loom::exec::arg::FetchTagKeyedValuesIn;
  };
  struct ValuesInOut
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayInOut;
    using TransportTag = loom::cont::arg::TransportTagKeyedValuesInOut;
    using FetchTag = loom::exec::arg::FetchTagKeyedValuesInOut;
  };
  struct ValuesOut
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayOut;
    using TransportTag = loom::cont::arg::TransportTagKeyedValuesOut;
    using FetchTag = loom::exec::arg::FetchTagKeyedValuesInOut;
  };
  using ReducedValuesIn = WorkletMapField::FieldIn;
  using ReducedValuesOut = WorkletMapField::FieldOut;
  using ReducedValuesInOut = WorkletMapField::FieldInOut;

  using ValueCount = loom::exec::arg::ValueCount;

  /// One invocation per distinct key.
  template <typename KeysType>
  static Id GetInputRange(const KeysType& keys)
  {
    return keys.GetNumberOfUniqueKeys();
  }

  template <typename Invocation>
  LOOM_EXEC loom::exec::arg::ThreadIndicesReduceByKey GetThreadIndices(Id threadIndex, Id inputIndex, Id outputIndex,
                                                                       IdComponent visit,
                                                                       const Invocation& invocation) const
  {
    const auto& keys = invocation.GetInputDomain();
    const Id begin = keys.Offsets.Get(inputIndex);
    return loom::exec::arg::ThreadIndicesReduceByKey(threadIndex, inputIndex, outputIndex, visit, begin,
                                                     static_cast<IdComponent>(keys.Offsets.Get(inputIndex + 1) - begin));
  }
};
} // namespace worklet
} // namespace loom
