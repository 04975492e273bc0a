// Loom algorithms: what the families' device passes share (the passes written once for every device,
// scheduled as functors over raw pointers): the pointers to an array's values on a device, a fill, and
// the offsets of a Keys grouping shifted past its group of key -1, and where that group ends.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace algorithms
{
/// The values of `array` for reading on device `Tag` (a CUDA copy is made current first).
template <typename Tag, typename T>
const T* ReadPointer(const loom::cont::ArrayHandle<T>& array)
{
  return array.PrepareForInput(Tag{}).GetArray();
}
/// `n` values of `array` for a pass on device `Tag` to write (resized; old values not kept).
template <typename Tag, typename T>
T* WritePointer(loom::cont::ArrayHandle<T>& array, Id n)
{
  return array.PrepareForOutput(n, Tag{}).GetArray();
}
/// The values of `array` for reading and writing on device `Tag`.
template <typename Tag, typename T>
T* InPlacePointer(const loom::cont::ArrayHandle<T>& array)
{
  return array.PrepareForInPlace(Tag{}).GetArray();
}

/// The three pointer kinds on one device, for pass structs that schedule many functors
/// (`using Pointers = DevicePointersOn<Tag>; using Pointers::Read; ...`).
template <typename Tag>
struct DevicePointersOn
{
  template <typename T>
  static const T* Read(const loom::cont::ArrayHandle<T>& array)
  {
    return ReadPointer<Tag>(array);
  }
  template <typename T>
  static T* Write(loom::cont::ArrayHandle<T>& array, Id n)
  {
    return WritePointer<Tag>(array, n);
  }
  template <typename T>
  static T* InPlace(const loom::cont::ArrayHandle<T>& array)
  {
    return InPlacePointer<Tag>(array);
  }
  /// Runs `pass(b)` for b in [0, blocks): on a CPU device in ranges of blocks, each block `weight` elements of
  /// work (progress and abort); on CUDA one thread per block.
  template <typename Pass>
  static void RunBlocks(const Pass& pass, Id blocks, Id weight)
  {
    if constexpr (Tag::IsHost)
    {
      auto body = [&pass](Id begin, Id end) {
        for (Id b = begin; b < end; ++b)
          pass(b);
      };
      loom::cont::DeviceAdapterAlgorithm<Tag>::ScheduleRanges(body, blocks, 1, weight);
    }
    else
    {
      (void)weight;
      loom::cont::DeviceAdapterAlgorithm<Tag>::Schedule(pass, blocks);
    }
  }
};

LOOM_UNIT_NAMESPACE_BEGIN
/// To[i] = Value.
template <typename T>
struct Fill
{
  T* To;
  T Value;
  LOOM_EXEC void operator()(Id i) const { this->To[i] = this->Value; }
};

/// Out[o] = Offsets[o + Skip] - Base: the offsets of a Keys grouping without its first Skip groups (the
/// group of key -1), from 0.
struct ShiftedOffsets
{
  const Id* Offsets;
  Id Skip, Base;
  Id* Out;
  LOOM_EXEC void operator()(Id o) const { this->Out[o] = this->Offsets[o + this->Skip] - this->Base; }
};

/// One thread: Out = { Skip, Base } of a Keys grouping (Skip 1 when its first key is negative, the group
/// of key -1 that ShiftedOffsets leaves out; Base the sorted position where the other groups start).
template <typename K>
struct FirstKeptGroup
{
  const K* Unique;
  const Id* Offsets;
  Id Groups;
  Id* Out;
  LOOM_EXEC void operator()(Id) const
  {
    const Id skip = (this->Groups > 0 && this->Unique[0] < 0) ? 1 : 0;
    this->Out[0] = skip;
    this->Out[1] = this->Offsets[skip];
  }
};

/// Skip and Base (FirstKeptGroup) of the grouping with these unique keys and offsets, found where they are
/// on device `Tag` (two values come back, not the arrays).
template <typename Tag, typename K>
void FindFirstKeptGroup(const loom::cont::ArrayHandle<K>& unique, const loom::cont::ArrayHandle<Id>& offsets, Id& skip,
                        Id& base)
{
  loom::cont::ArrayHandle<Id> out;
  loom::cont::DeviceAdapterAlgorithm<Tag>::Schedule(
    FirstKeptGroup<K>{ ReadPointer<Tag>(unique), ReadPointer<Tag>(offsets), unique.GetNumberOfValues(),
                       WritePointer<Tag>(out, 2) },
    1);
  const auto values = out.ReadPortal();
  skip = values.Get(0);
  base = values.Get(1);
}
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
