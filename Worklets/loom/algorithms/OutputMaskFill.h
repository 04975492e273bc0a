// Loom algorithms: what a masked field-producing pass needs beside its worklet: the selected ids and the
// values unselected outputs keep. Included by the families' implementation headers only.
#pragma once

#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapField.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
/// The ids of the selected outputs: the mask's own list, or the flags turned into a list (one pass).
inline loom::cont::ArrayHandle<Id> SelectedIds(const OutputMask& mask, loom::cont::DeviceId device)
{
  loom::cont::ArrayHandle<Id> ids = mask.Ids;
  if (mask.Selection == OutputMask::Mode::Select)
    loom::cont::Algorithm::CopyIf(device, loom::cont::ArrayHandleIndex(mask.Flags.GetNumberOfValues()), mask.Flags,
                                  ids);
  return ids;
}

// Copies `bytes` bytes from `from` (or sets them to `value` when `from` is null), in pieces of a few
// MiB spread over the device's threads.
inline void FillBytes(loom::cont::DeviceId device, char* to, const char* from, int value, Id bytes)
{
  constexpr Id piece = Id(4) << 20;
  const Id pieces = (bytes + piece - 1) / piece;
  HostForEach(device, pieces, 1, piece / 8, [=](Id p) {
    const Id begin = p * piece, size = std::min(piece, bytes - begin);
    if (from)
      std::memcpy(to + begin, from + begin, static_cast<std::size_t>(size));
    else
      std::memset(to + begin, value, static_cast<std::size_t>(size));
  });
}

/// Writes the values unselected outputs keep: the Keep field's (when given), else the fill value.
template <typename T>
struct FillWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn index, ExecObject out, ExecObject keep);
  using ExecutionSignature = void(_1, _2, _3);
  T Fill{};
  bool UseKeep = false;
  LOOM_EXEC void operator()(Id t, const ComponentPortal<T>& out, const ComponentPortal<T>& keep) const
  {
    for (IdComponent c = 0; c < out.NumberOfComponents; ++c)
      out.Set(t, c, this->UseKeep ? keep.Get(t, c) : this->Fill);
  }
};

/// Writes what unselected outputs of `out` hold (the mask's Keep field, or its fill value) into every
/// output; ErrorBadValue / ErrorBadType when Keep does not match the output.
template <typename T>
void Prefill(const FieldArray& out, const OutputMask& mask, loom::cont::DeviceId device)
{
  using Object = ComponentPortalObject<T>;
  FillWorklet<T> fill;
  Object keep;
  if (mask.Keep)
  {
    if (mask.Keep->GetNumberOfTuples() != out.GetNumberOfTuples() ||
        mask.Keep->GetNumberOfComponents() != out.GetNumberOfComponents())
      throw loom::cont::ErrorBadValue("the array kept for unselected outputs has " +
                                      std::to_string(mask.Keep->GetNumberOfTuples()) + " tuples of " +
                                      std::to_string(mask.Keep->GetNumberOfComponents()) +
                                      " components; the output has " + std::to_string(out.GetNumberOfTuples()) +
                                      " of " + std::to_string(out.GetNumberOfComponents()) + ".");
    if (mask.Keep->GetKind() != out.GetKind())
      throw loom::cont::ErrorBadType(std::string("the array kept for unselected outputs holds ") +
                                     ValueKindName(mask.Keep->GetKind()) + ", the output " +
                                     ValueKindName(out.GetKind()) + ".");
    keep = Object(*mask.Keep, Object::Access::In);
    fill.UseKeep = true;
  }
  else
  {
    fill.Fill = FillValueFor<T>(mask.Fill);
  }
#ifndef LOOM_CUDA_TRANSLATION_UNIT
  // On the CPU devices: the same layout is one block copy (memcpy streams big copies), and NaN (all
  // bits set is a NaN of every floating type) and zero are byte patterns for memset; both run in
  // 4 MiB pieces over the device's threads.
  if (!out.IsSOA() && (!mask.Keep || !mask.Keep->IsSOA()))
  {
    const bool nan = !mask.Keep && std::is_floating_point<T>::value && std::isnan(mask.Fill);
    if (mask.Keep || nan || fill.Fill == T(0))
    {
      const Id bytes = out.GetNumberOfTuples() * out.GetNumberOfComponents() * Id(sizeof(T));
      char* to = reinterpret_cast<char*>(out.GetPortal<T>().Pointers[0]);
      const char* from = mask.Keep ? reinterpret_cast<const char*>(mask.Keep->GetPortal<T>().Pointers[0]) : nullptr;
      FillBytes(device, to, from, nan ? 0xFF : 0, bytes);
      return;
    }
  }
#endif
  const loom::cont::Invoker invoke(device);
  invoke(fill, loom::cont::ArrayHandleIndex(out.GetNumberOfTuples()), Object(out, Object::Access::Out), keep);
}

LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
