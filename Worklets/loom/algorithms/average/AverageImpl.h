// Loom algorithms, averaging family: the worklets and the dispatch over value kinds, cell sets and
// masks. Included by PointToCellAverage.cxx and CellToPointAverage.cxx only.
#pragma once

#include <loom/algorithms/average/Average.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace loom
{
namespace algorithms
{
namespace average
{
template <typename T>
LOOM_EXEC T FromDouble(double v)
{
  return static_cast<T>(v);
}

/// Mean of the incident elements' values, per component, written at the visited element.
template <typename Base, typename T, typename Mask>
struct AverageWorklet : Base
{
  using ControlSignature = void(typename Base::CellSetIn, typename Base::ExecObject, typename Base::ExecObject);
  using ExecutionSignature = void(typename Base::IncidentElementIndices, typename Base::_2,
                                  typename Base::_3, typename Base::InputIndex);
  using MaskType = Mask;
  template <typename Ids>
  LOOM_EXEC void operator()(const Ids& ids, const ComponentPortal<T>& in, const ComponentPortal<T>& out,
                            Id element) const
  {
    const IdComponent n = ids.GetNumberOfComponents();
    for (IdComponent c = 0; c < in.NumberOfComponents; ++c)
    {
      double sum = 0.0;
      for (IdComponent k = 0; k < n; ++k)
        sum += static_cast<double>(in.Get(static_cast<Id>(ids[k]), c));
      out.Set(element, c, FromDouble<T>(n > 0 ? sum / n : 0.0));
    }
  }
};

// Copies `bytes` bytes from `from` (or sets them to `value` when `from` is null), in pieces of a few
// MiB spread over the device's threads.
inline void FillBytes(loom::cont::DeviceId device, char* to, const char* from, int value, Id bytes)
{
  constexpr Id piece = Id(4) << 20;
  const Id pieces = (bytes + piece - 1) / piece;
  auto body = [=](Id first, Id last) {
    for (Id p = first; p < last; ++p)
    {
      const Id begin = p * piece, size = std::min(piece, bytes - begin);
      if (from)
        std::memcpy(to + begin, from + begin, static_cast<std::size_t>(size));
      else
        std::memset(to + begin, value, static_cast<std::size_t>(size));
    }
  };
  loom::cont::CallOnDevice(device, [&](auto tag) {
    if constexpr (decltype(tag)::IsHost)
      loom::cont::internal::CpuScheduleRanges(decltype(tag)::Id, body, pieces, 1);
    else
      body(0, pieces); // host memory: written here
    return 0;
  });
}

// Writes the values unselected outputs keep: the Keep field's, or the fill value.
template <typename T>
void Prefill(const FieldArray& out, const OutputMask& mask, loom::cont::DeviceId device)
{
  const ComponentPortal<T> o = out.GetPortal<T>();
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
    const ComponentPortal<T> k = mask.Keep->GetPortal<T>();
    if (!mask.Keep->IsSOA() && !out.IsSOA())
    {
      // Same interleaved layout: one block copy, in large pieces (memcpy streams big copies).
      FillBytes(device, reinterpret_cast<char*>(o.Pointers[0]), reinterpret_cast<const char*>(k.Pointers[0]), 0,
                out.GetNumberOfTuples() * out.GetNumberOfComponents() * Id(sizeof(T)));
      return;
    }
    loom::cont::Algorithm::Schedule(
      device,
      [=](Id t) {
        for (IdComponent c = 0; c < o.NumberOfComponents; ++c)
          o.Set(t, c, k.Get(t, c));
      },
      out.GetNumberOfTuples());
    return;
  }
  const T fill = std::isfinite(mask.Fill) || std::is_floating_point<T>::value ? static_cast<T>(mask.Fill) : T(0);
  // NaN (all bits set is a NaN of every floating type) and zero are byte patterns: memset, which
  // streams large fills past the caches, in large pieces.
  const bool nan = std::is_floating_point<T>::value && std::isnan(mask.Fill);
  if (!out.IsSOA() && (nan || fill == T(0)))
  {
    const Id bytes = out.GetNumberOfTuples() * out.GetNumberOfComponents() * Id(sizeof(T));
    FillBytes(device, reinterpret_cast<char*>(o.Pointers[0]), nullptr, nan ? 0xFF : 0, bytes);
    return;
  }
  loom::cont::Algorithm::Schedule(
    device,
    [=](Id t) {
      for (IdComponent c = 0; c < o.NumberOfComponents; ++c)
        o.Set(t, c, fill);
    },
    out.GetNumberOfTuples());
}

template <typename Base, typename T, typename CellSetType>
void RunTyped(const CellSetType& cells, const FieldArray& in, const FieldArray& out, const OutputMask& mask,
              loom::cont::DeviceId device)
{
  ComponentPortalObject<T> inObject, outObject;
  inObject.Portal = in.GetPortal<T>();
  outObject.Portal = out.GetPortal<T>();
  loom::cont::Invoker invoke(device);
  if (mask.Selection == OutputMask::Mode::All)
  {
    invoke(AverageWorklet<Base, T, loom::worklet::MaskNone>{}, cells, inObject, outObject);
  }
  else
  {
    // Flags become a list of ids once (one pass over the flags); the worklet then runs once per
    // selected output, so its cost follows the selected count.
    loom::cont::ArrayHandle<Id> ids = mask.Ids;
    if (mask.Selection == OutputMask::Mode::Select)
      loom::cont::Algorithm::CopyIf(device, loom::cont::ArrayHandleIndex(mask.Flags.GetNumberOfValues()),
                                    mask.Flags, ids);
    invoke(AverageWorklet<Base, T, loom::worklet::MaskIndices>{}, loom::worklet::MaskIndices(ids), cells,
           inObject, outObject);
  }
}

/// The whole family entry: checks, allocation, prefill, dispatch.
template <typename Base>
FieldArray Run(const CellSetAny& cells, const FieldArray& in, const OutputMask& mask, loom::cont::DeviceId device,
               Id expectedInput, Id outputs, const char* inputName, const char* outputName)
{
  if (in.GetNumberOfTuples() != expectedInput)
    throw loom::cont::ErrorBadValue(std::string("the ") + inputName + " field has " +
                                    std::to_string(in.GetNumberOfTuples()) + " tuples but the dataset has " +
                                    std::to_string(expectedInput) + " " + inputName + "s.");
  if (mask.Selection == OutputMask::Mode::Select && mask.Flags.GetNumberOfValues() != outputs)
    throw loom::cont::ErrorBadValue("the mask has " + std::to_string(mask.Flags.GetNumberOfValues()) +
                                    " entries but there are " + std::to_string(outputs) + " " + outputName + "s.");
  FieldArray out = FieldArray::Allocate(in.GetKind(), outputs, in.GetNumberOfComponents());
  auto typed = [&](auto zero) {
    using T = decltype(zero);
    if (mask.Selection != OutputMask::Mode::All)
      Prefill<T>(out, mask, device);
    std::visit([&](const auto& c) { RunTyped<Base, T>(c, in, out, mask, device); }, cells);
  };
  CallWithKind(in.GetKind(), typed);
  return out;
}
} // namespace average
} // namespace algorithms
} // namespace loom
