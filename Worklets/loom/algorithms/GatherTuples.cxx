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
FieldArray AsFloatingPoint(const FieldArray& field, loom::cont::DeviceId device, ValueKind kind)
{
  if (field.GetKind() == ValueKind::Float32 || field.GetKind() == ValueKind::Float64)
    return field;
  const Id n = field.GetNumberOfTuples();
  const IdComponent components = field.GetNumberOfComponents();
  const ValueKind target = kind == ValueKind::Float32 ? ValueKind::Float32 : ValueKind::Float64;
  FieldArray copy = FieldArray::Allocate(target, n, components);
  auto convert = [&](auto* to) {
    using To = std::remove_pointer_t<decltype(to)>;
    CallWithKind(field.GetKind(), [&](auto zero) {
      const auto from = field.GetPortal<decltype(zero)>();
      HostForEach(device, n, 1 << 14, [&, to](Id t) {
        for (IdComponent c = 0; c < components; ++c)
          to[t * components + c] = static_cast<To>(from.Get(t, c));
      });
    });
  };
  if (target == ValueKind::Float32)
    convert(copy.GetPortal<Float32>().Pointers[0]);
  else
    convert(copy.GetPortal<Float64>().Pointers[0]);
  return copy;
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
