// Loom algorithms, averaging family: the worklets and the dispatch over value kinds, cell sets and
// masks. Included by PointToCellAverage.cxx and CellToPointAverage.cxx (CPU devices) and their .cu
// twins (CUDA) only.
#pragma once

#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/average/Average.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Invoker.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/WorkletMapField.h>
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
LOOM_UNIT_NAMESPACE_BEGIN
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
  HostForEach(device, pieces, 1, [=](Id p) {
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
    fill.Fill = std::isfinite(mask.Fill) || std::is_floating_point<T>::value ? static_cast<T>(mask.Fill) : T(0);
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

template <typename Base, typename T, typename CellSetType>
void RunTyped(const CellSetType& cells, const FieldArray& in, const FieldArray& out, const OutputMask& mask,
              loom::cont::DeviceId device)
{
  using Object = ComponentPortalObject<T>;
  const Object inObject(in, Object::Access::In);
  // Masked runs write the selected outputs only: the others keep the prefilled values.
  const Object outObject(out, mask.Selection == OutputMask::Mode::All ? Object::Access::Out : Object::Access::InOut);
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
LOOM_UNIT_NAMESPACE_END
} // namespace average
} // namespace algorithms
} // namespace loom
