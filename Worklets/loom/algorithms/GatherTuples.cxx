// Loom algorithms: GatherTuples (every value kind instantiated here).
#include <loom/algorithms/GatherTuples.h>

#include <type_traits>
#include <loom/algorithms/HostForEach.h>

#include <atomic>
#include <cstring>
#include <string>

namespace loom
{
namespace algorithms
{
FieldArray GatherTuples(const loom::cont::ArrayHandle<Id>& ids, const FieldArray& field, loom::cont::DeviceId device)
{
  const Id n = ids.GetNumberOfValues(), tuples = field.GetNumberOfTuples();
  const IdComponent components = field.GetNumberOfComponents();
  FieldArray out = FieldArray::Allocate(field.GetKind(), n, components);
  if (n == 0)
    return out;
  const Id* from = ids.ReadPortal().GetArray();
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = field.GetPortal<T>();
    T* to = out.GetPortal<T>().Pointers[0];
    std::atomic<Id> bad{ -1 };
    HostForEach(device, n, 1 << 14, [&, in, to, from](Id t) {
      const Id source = from[t];
      if (source < 0 || source >= tuples)
      {
        bad.store(t, std::memory_order_relaxed); // reported below; any one will do
        return;
      }
      for (IdComponent c = 0; c < components; ++c)
        to[t * components + c] = in.Get(source, c);
    });
    if (bad.load() >= 0)
      throw loom::cont::ErrorBadValue("GatherTuples: id " + std::to_string(from[bad.load()]) + " at position " +
                                      std::to_string(bad.load()) + " is outside a field of " + std::to_string(tuples) +
                                      " tuples.");
  });
  return out;
}
namespace
{
bool IsFloating(ValueKind kind)
{
  return kind == ValueKind::Float32 || kind == ValueKind::Float64;
}

// Calls f(From{}, To{}) for a pair of kinds of which one is floating point: 40 pairs, not 100.
template <typename F>
void CallWithPair(ValueKind from, ValueKind to, F&& f)
{
  if (IsFloating(to))
    CallWithKind(from, [&](auto a) { CallWithFloat(to, [&](auto b) { f(a, b); }); });
  else if (IsFloating(from))
    CallWithFloat(from, [&](auto a) { CallWithKind(to, [&](auto b) { f(a, b); }); });
  else
    throw loom::cont::ErrorBadType(std::string("no conversion from ") + ValueKindName(from) + " to " +
                                   ValueKindName(to) + " (one of them must be float32 or float64).");
}
} // namespace

FieldArray ConvertedField(const FieldArray& field, ValueKind to, loom::cont::DeviceId device)
{
  if (field.GetKind() == to)
    return field;
  const Id n = field.GetNumberOfTuples();
  const IdComponent components = field.GetNumberOfComponents();
  FieldArray copy = FieldArray::Allocate(to, n, components);
  CallWithPair(field.GetKind(), to, [&](auto x, auto y) { // values to the host once, before the threads read them
    field.GetPortal<decltype(x)>();
    copy.GetPortal<decltype(y)>();
  });
  // Blocks of tuples over the device's threads, the pair of types chosen per block: one scheduling
  // instantiation, not one per pair.
  constexpr Id block = Id(1) << 14;
  HostForEach(device, (n + block - 1) / block, 1, block, [&](Id b) {
    CallWithPair(field.GetKind(), to, [&](auto x, auto y) {
      using From = decltype(x);
      using To = decltype(y);
      const ComponentPortal<From> from = field.GetHostPortal<From>();
      To* values = copy.GetHostPortal<To>().Pointers[0];
      for (Id t = b * block; t < n && t < (b + 1) * block; ++t)
        for (IdComponent c = 0; c < components; ++c)
          values[t * components + c] = static_cast<To>(from.Get(t, c));
    });
  });
  return copy;
}

FieldArray AsFloatingPoint(const FieldArray& field, loom::cont::DeviceId device, ValueKind kind)
{
  if (IsFloating(field.GetKind()))
    return field;
  return ConvertedField(field, kind == ValueKind::Float32 ? ValueKind::Float32 : ValueKind::Float64, device);
}

void StoreSelected(const FieldArray& values, const FieldArray& out, const OutputMask& mask,
                   loom::cont::DeviceId device)
{
  if (!IsFloating(values.GetKind()) || values.GetNumberOfTuples() != out.GetNumberOfTuples() ||
      values.GetNumberOfComponents() != out.GetNumberOfComponents())
    throw loom::cont::ErrorBadType("StoreSelected: the values are not a floating-point field shaped like the output.");
  const IdComponent components = out.GetNumberOfComponents();
  // The tuples to store: all, the flagged ones, or the listed ones (by position i of n).
  const bool all = mask.Selection == OutputMask::Mode::All, flagged = mask.Selection == OutputMask::Mode::Select;
  const Id n = all ? out.GetNumberOfTuples() : flagged ? mask.Flags.GetNumberOfValues() : mask.Ids.GetNumberOfValues();
  const UInt8* flags = flagged ? mask.Flags.ReadPortal().GetArray() : nullptr;
  const Id* ids = !all && !flagged ? mask.Ids.ReadPortal().GetArray() : nullptr;
  CallWithPair(values.GetKind(), out.GetKind(), [&](auto x, auto y) { // both on the host once (out written there)
    values.GetPortal<decltype(x)>();
    out.GetPortal<decltype(y)>();
  });
  constexpr Id block = Id(1) << 14;
  HostForEach(device, (n + block - 1) / block, 1, block, [&](Id b) {
    CallWithPair(values.GetKind(), out.GetKind(), [&](auto x, auto y) {
      using From = decltype(x);
      using To = decltype(y);
      const ComponentPortal<From> from = values.GetHostPortal<From>();
      const ComponentPortal<To> to = out.GetHostPortal<To>();
      for (Id i = b * block; i < n && i < (b + 1) * block; ++i)
      {
        const Id t = ids ? ids[i] : i;
        if (!flags || flags[i])
          for (IdComponent c = 0; c < components; ++c)
            to.Set(t, c, static_cast<To>(from.Get(t, c)));
      }
    });
  });
}

loom::cont::ArrayHandle<Id> ConcatenateIds(std::initializer_list<const loom::cont::ArrayHandle<Id>*> parts)
{
  Id total = 0;
  for (const auto* part : parts)
    total += part->GetNumberOfValues();
  loom::cont::ArrayHandle<Id> all;
  all.Allocate(total);
  Id at = 0;
  for (const auto* part : parts)
  {
    const Id n = part->GetNumberOfValues();
    if (n)
      std::memcpy(all.GetPointer() + at, part->ReadPortal().GetArray(), static_cast<std::size_t>(n) * sizeof(Id));
    at += n;
  }
  return all;
}
} // namespace algorithms
} // namespace loom
