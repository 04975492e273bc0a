// Loom algorithms: what the families' device passes share (the passes written once for every device,
// scheduled as functors over raw pointers): the pointers to an array's values on a device, a fill, and
// the offsets of a Keys grouping shifted past its first groups.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>
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
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
