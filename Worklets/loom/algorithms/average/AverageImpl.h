// Loom algorithms, averaging family: the worklets and the dispatch over value kinds, cell sets and
// masks (worklets for float32 and float64 only; the integer kinds run through float64 and are stored
// back, see Run). Included by PointToCellAverage.cxx and CellToPointAverage.cxx (CPU devices) and their .cu
// twins (CUDA) only.
#pragma once

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/OutputMaskFill.h>
#include <loom/algorithms/average/Average.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Invoker.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/WorkletMapField.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <string>

namespace loom
{
namespace algorithms
{
namespace average
{
LOOM_UNIT_NAMESPACE_BEGIN
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
      out.Set(element, c, static_cast<T>(n > 0 ? sum / n : 0.0));
    }
  }
};

/// The worklet over `cells` for T (Float32 or Float64). `keepUnselected`: `out` was prefilled, and a masked run
/// must keep what unselected outputs hold (else they are left undefined).
template <typename Base, typename T, typename CellSetType>
void RunTyped(const CellSetType& cells, const FieldArray& in, const FieldArray& out, const OutputMask& mask,
              loom::cont::DeviceId device, bool keepUnselected)
{
  using Object = ComponentPortalObject<T>;
  const Object inObject(in, Object::Access::In);
  const Object outObject(out, keepUnselected && mask.Selection != OutputMask::Mode::All ? Object::Access::InOut
                                                                                       : Object::Access::Out);
  loom::cont::Invoker invoke(device);
  if (mask.Selection == OutputMask::Mode::All)
  {
    invoke(AverageWorklet<Base, T, loom::worklet::MaskNone>{}, cells, inObject, outObject);
  }
  else
  {
    // Flags become a list of ids once (one pass over the flags); the worklet then runs once per
    // selected output, so its cost follows the selected count.
    invoke(AverageWorklet<Base, T, loom::worklet::MaskIndices>{}, loom::worklet::MaskIndices(SelectedIds(mask, device), device), cells,
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
  const ValueKind kind = in.GetKind();
  FieldArray out = FieldArray::Allocate(kind, outputs, in.GetNumberOfComponents());
  if (mask.Selection != OutputMask::Mode::All)
    CallWithKind(kind, [&](auto zero) { Prefill<decltype(zero)>(out, mask, device); });
  if (kind == ValueKind::Float32)
    std::visit([&](const auto& c) { RunTyped<Base, Float32>(c, in, out, mask, device, true); }, cells);
  else if (kind == ValueKind::Float64)
    std::visit([&](const auto& c) { RunTyped<Base, Float64>(c, in, out, mask, device, true); }, cells);
  else
  {
    // Integer kinds: the worklet sums in double and casts the mean to the kind, so running it on a double
    // copy and casting its selected results gives the same values with one instantiation for all eight.
    const FieldArray in64 = ConvertedField(in, ValueKind::Float64, device);
    const FieldArray out64 = FieldArray::Allocate(ValueKind::Float64, outputs, in.GetNumberOfComponents());
    std::visit([&](const auto& c) { RunTyped<Base, Float64>(c, in64, out64, mask, device, false); }, cells);
    StoreSelected(out64, out, mask, device);
  }
  return out;
}
LOOM_UNIT_NAMESPACE_END
} // namespace average
} // namespace algorithms
} // namespace loom
