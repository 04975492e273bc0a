// Loom algorithms: a field of any value kind on one device, for the device passes that read (or write)
// many fields of mixed kinds in one loop (sampling, integration): the kind, the components' pointers and
// the tuple stride, read and written through the kind's type. Its device copies (AnyPortalsOn) are made
// once per pass.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/cont/ArrayHandle.h>

#include <vector>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
/// A field of any kind on a device.
struct AnyPortal
{
  ValueKind Kind = ValueKind::Float32;
  IdComponent Components = 0;
  Id Stride = 1;
  void* Pointers[MaxComponents] = {};

  template <typename T>
  LOOM_EXEC T* At(Id t, IdComponent c) const
  {
    return static_cast<T*>(this->Pointers[c]) + t * this->Stride;
  }
  /// `f(T{})` with the field's value type.
  template <typename F>
  LOOM_EXEC void Typed(F&& f) const
  {
    switch (this->Kind)
    {
      case ValueKind::Int8: f(Int8{}); return;
      case ValueKind::UInt8: f(UInt8{}); return;
      case ValueKind::Int16: f(Int16{}); return;
      case ValueKind::UInt16: f(UInt16{}); return;
      case ValueKind::Int32: f(Int32{}); return;
      case ValueKind::UInt32: f(UInt32{}); return;
      case ValueKind::Int64: f(Int64{}); return;
      case ValueKind::UInt64: f(UInt64{}); return;
      case ValueKind::Float32: f(Float32{}); return;
      case ValueKind::Float64: f(Float64{}); return;
    }
  }
  /// Component c of tuple t as a double.
  LOOM_EXEC double Value(Id t, IdComponent c) const
  {
    double v = 0.0;
    this->Typed([&](auto zero) { v = static_cast<double>(*this->At<decltype(zero)>(t, c)); });
    return v;
  }
};

/// A field's values on device `Tag`, for reading (`write` false) or writing.
template <typename Tag, typename T>
ComponentPortal<T> PortalOn(const FieldArray& field, bool write)
{
  if constexpr (Tag::IsHost)
  {
    (void)write;
    return field.template GetPortal<T>();
  }
  else
    return field.template GetDevicePortal<T>(write, !write);
}

/// The fields as AnyPortals on device `Tag`, in an array the device reads (`write`: the fields' memory is
/// written by the pass).
template <typename Tag>
loom::cont::ArrayHandle<AnyPortal> AnyPortalsOn(const std::vector<FieldArray>& fields, bool write)
{
  std::vector<AnyPortal> portals(fields.size());
  for (std::size_t f = 0; f < fields.size(); ++f)
    CallWithKind(fields[f].GetKind(), [&](auto zero) {
      using T = decltype(zero);
      const ComponentPortal<T> p = PortalOn<Tag, T>(fields[f], write);
      portals[f].Kind = fields[f].GetKind();
      portals[f].Components = p.NumberOfComponents;
      portals[f].Stride = p.Stride;
      for (IdComponent c = 0; c < p.NumberOfComponents; ++c)
        portals[f].Pointers[c] = p.Pointers[c];
    });
  return loom::cont::make_ArrayHandle(portals);
}
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
