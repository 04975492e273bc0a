// Loom algorithms: FieldArray, a field as filters hand it to the worklet families: tuples of N
// components of one value kind, interleaved in one array (AOS) or one array per component (SOA),
// with the kind known at run time. Worklets read it through ComponentPortal<T>, one instantiation per
// value type whatever the layout.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/ExecutionObjectBase.h>

#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
/// Most components a field may have.
constexpr IdComponent MaxComponents = 16;

/// The value kinds the algorithms are instantiated for; other types are converted at the boundary.
enum class ValueKind : UInt8
{
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Float32,
  Float64
};
/// Readable name of a kind ("float32", ...).
const char* ValueKindName(ValueKind kind);

template <typename T>
struct ValueKindOf;
#define LOOM_VALUE_KIND(T, K)                                                                      \
  template <>                                                                                      \
  struct ValueKindOf<T>                                                                            \
  {                                                                                                \
    static constexpr ValueKind value = ValueKind::K;                                               \
  };
LOOM_VALUE_KIND(loom::Int8, Int8)
LOOM_VALUE_KIND(loom::UInt8, UInt8)
LOOM_VALUE_KIND(loom::Int16, Int16)
LOOM_VALUE_KIND(loom::UInt16, UInt16)
LOOM_VALUE_KIND(loom::Int32, Int32)
LOOM_VALUE_KIND(loom::UInt32, UInt32)
LOOM_VALUE_KIND(loom::Int64, Int64)
LOOM_VALUE_KIND(loom::UInt64, UInt64)
LOOM_VALUE_KIND(loom::Float32, Float32)
LOOM_VALUE_KIND(loom::Float64, Float64)
#undef LOOM_VALUE_KIND

/// Call `functor(T{})` with the C++ type of a value kind: the one place a kind becomes a type.
template <typename Functor>
decltype(auto) CallWithKind(ValueKind kind, Functor&& functor)
{
  switch (kind)
  {
    case ValueKind::Int8: return functor(loom::Int8{});
    case ValueKind::UInt8: return functor(loom::UInt8{});
    case ValueKind::Int16: return functor(loom::Int16{});
    case ValueKind::UInt16: return functor(loom::UInt16{});
    case ValueKind::Int32: return functor(loom::Int32{});
    case ValueKind::UInt32: return functor(loom::UInt32{});
    case ValueKind::Int64: return functor(loom::Int64{});
    case ValueKind::UInt64: return functor(loom::UInt64{});
    case ValueKind::Float32: return functor(loom::Float32{});
    case ValueKind::Float64: break;
  }
  return functor(loom::Float64{});
}

/// Call `functor(Float32{})` for ValueKind::Float32, else `functor(Float64{})`: the floating-point types
/// the families compute in (other kinds converted to float64 first).
template <typename Functor>
decltype(auto) CallWithFloat(ValueKind kind, Functor&& functor)
{
  if (kind == ValueKind::Float32)
    return functor(loom::Float32{});
  return functor(loom::Float64{});
}

/// Component c of tuple t is Pointers[c][t * Stride] (AOS: Pointers[c] = base + c, Stride = N;
/// SOA: one block per component, Stride = 1).
template <typename T>
struct ComponentPortal
{
  T* Pointers[MaxComponents] = {};
  Id Stride = 1;
  IdComponent NumberOfComponents = 0;
  Id NumberOfTuples = 0;

  LOOM_EXEC T Get(Id tuple, IdComponent component) const
  {
    return this->Pointers[component][tuple * this->Stride];
  }
  LOOM_EXEC void Set(Id tuple, IdComponent component, T value) const
  {
    this->Pointers[component][tuple * this->Stride] = value;
  }
};

class FieldArray;

/// A ComponentPortal as a worklet ExecObject argument: a fixed host `Portal`, or a `Field` whose
/// memory is prepared for the device that runs (host memory, or the CUDA copy moved lazily).
template <typename T>
struct ComponentPortalObject : loom::cont::ExecutionObjectBase
{
  /// How the worklet uses a Field: reads it, writes every value, or reads and writes.
  enum class Access
  {
    In,
    Out,
    InOut
  };
  ComponentPortalObject() = default;
  ComponentPortalObject(const FieldArray& field, Access access)
    : Field(&field)
    , Use(access)
  {
  }
  ComponentPortal<T> Portal;
  const FieldArray* Field = nullptr;
  Access Use = Access::In;
  template <typename Device>
  ComponentPortal<T> PrepareForExecution(Device) const;
};

class FieldArray
{
public:
  FieldArray() = default;

  /// Interleaved tuples: `flat` holds tuples * components values. No copy.
  template <typename T>
  static FieldArray FromAOS(const loom::cont::ArrayHandle<T>& flat, IdComponent components)
  {
    FieldArray f(ValueKindOf<T>::value, components, CheckedTuples(flat.GetNumberOfValues(), components));
    f.Blocks.push_back(Block{ flat.GetBuffer(), flat.GetHostAddress() }); // no values move
    return f;
  }
  /// One array per component, all of the same length. No copy.
  template <typename T>
  static FieldArray FromSOA(const std::vector<loom::cont::ArrayHandle<T>>& components)
  {
    const Id tuples = components.empty() ? 0 : components[0].GetNumberOfValues();
    FieldArray f(ValueKindOf<T>::value, static_cast<IdComponent>(components.size()), tuples);
    f.SOA = true;
    for (const auto& c : components)
    {
      if (c.GetNumberOfValues() != tuples)
        throw loom::cont::ErrorBadValue("FieldArray: SOA components of different lengths.");
      f.Blocks.push_back(Block{ c.GetBuffer(), c.GetHostAddress() });
    }
    return f;
  }
  /// A new interleaved field (memory not initialised).
  static FieldArray Allocate(ValueKind kind, Id tuples, IdComponent components);

  ValueKind GetKind() const { return this->Kind; }
  IdComponent GetNumberOfComponents() const { return this->Components; }
  Id GetNumberOfTuples() const { return this->Tuples; }
  bool IsSOA() const { return this->SOA; }

  /// The interleaved values as an ArrayHandle sharing this field's memory (AOS fields only).
  template <typename T>
  loom::cont::ArrayHandle<T> GetAOS() const
  {
    this->CheckKind(ValueKindOf<T>::value);
    if (this->SOA)
      throw loom::cont::ErrorBadType("FieldArray: an SOA field has no interleaved array.");
    const Block& b = this->Blocks.at(0);
    if (b.Memory)
      b.Memory->GetData(); // values computed on a device come back to the host
    auto keep = b.Memory;
    return loom::cont::ArrayHandle<T>::Borrow(static_cast<T*>(b.Data), this->Tuples * this->Components,
                                              [keep]() {});
  }
  /// A one-component field as an ArrayHandle sharing this field's memory block and its device copy
  /// (nothing copied or moved; a worklet reading it on CUDA uploads the block once for both).
  template <typename T>
  loom::cont::ArrayHandle<T> GetSingleComponent() const
  {
    this->CheckKind(ValueKindOf<T>::value);
    if (this->Components != 1)
      throw loom::cont::ErrorBadType("FieldArray: " + std::to_string(this->Components) +
                                     " components where one is needed.");
    if (this->Blocks.empty() || !this->Blocks[0].Memory)
      return loom::cont::ArrayHandle<T>();
    const Block& b = this->Blocks[0];
    const std::ptrdiff_t bytes = static_cast<char*>(b.Data) - static_cast<char*>(b.Memory->GetHostAddress());
    return loom::cont::ArrayHandle<T>::FromBuffer(b.Memory, static_cast<Id>(bytes / static_cast<std::ptrdiff_t>(sizeof(T))),
                                                  this->Tuples);
  }
  /// The bytes a read of this field on the GPU would copy there now (ArrayHandle::BytesToDevice, each block
  /// once).
  std::size_t BytesToDevice() const
  {
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < this->Blocks.size(); ++i)
    {
      bool seen = !this->Blocks[i].Memory;
      for (std::size_t j = 0; j < i && !seen; ++j)
        seen = this->Blocks[j].Memory == this->Blocks[i].Memory;
      if (!seen)
        bytes += this->Blocks[i].Memory->BytesToDevice();
    }
    return bytes;
  }
  /// Values to the host and every block's device copy freed (see ArrayHandle::ReleaseDeviceCopy).
  void ReleaseDeviceCopies() const
  {
    for (const Block& b : this->Blocks)
      if (b.Memory)
        b.Memory->ReleaseDeviceCopy();
  }
  /// Values computed on a device to the host, the device copies staying current (for memory handed to a
  /// reader on the host that Loom may be given back: loom/cont/HandOver.h).
  void SyncHost() const
  {
    for (const Block& b : this->Blocks)
      if (b.Memory)
        b.Memory->GetReadData();
  }
  /// Where each component lives in host memory, for worklets and readers (values computed on a
  /// device are copied back first; the caller may write).
  template <typename T>
  ComponentPortal<T> GetPortal() const
  {
    this->CheckKind(ValueKindOf<T>::value);
    for (const Block& b : this->Blocks)
      if (b.Memory)
        b.Memory->GetData();
    return this->GetHostPortal<T>();
  }
  /// Where each component lives in host memory, moving nothing (after SyncHost: for reading there).
  template <typename T>
  ComponentPortal<T> GetHostPortal() const
  {
    this->CheckKind(ValueKindOf<T>::value);
    ComponentPortal<T> p;
    p.NumberOfComponents = this->Components;
    p.NumberOfTuples = this->Tuples;
    p.Stride = this->SOA ? 1 : this->Components;
    for (IdComponent c = 0; c < this->Components; ++c)
    {
      T* block = static_cast<T*>(this->Blocks[this->SOA ? static_cast<std::size_t>(c) : 0].Data);
      p.Pointers[c] = this->SOA || !block ? block : block + c; // an empty field has no memory to offset
    }
    return p;
  }

  /// Where each component lives in CUDA device memory (copied there when the device does not hold
  /// the values; `write` makes the host copy stale, `keep` keeps values the worklet may not write).
  template <typename T>
  ComponentPortal<T> GetDevicePortal(bool write, bool keep) const
  {
    this->CheckKind(ValueKindOf<T>::value);
    ComponentPortal<T> p;
    p.NumberOfComponents = this->Components;
    p.NumberOfTuples = this->Tuples;
    p.Stride = this->SOA ? 1 : this->Components;
    for (std::size_t b = 0; b < this->Blocks.size(); ++b)
    {
      const Block& block = this->Blocks[b];
      if (!block.Memory || !block.Data)
        continue;
      const std::ptrdiff_t offset =
        static_cast<char*>(block.Data) - static_cast<char*>(block.Memory->GetHostAddress());
      char* base = write ? static_cast<char*>(block.Memory->PrepareDeviceWrite(keep))
                         : static_cast<char*>(const_cast<void*>(block.Memory->PrepareDeviceRead()));
      T* data = reinterpret_cast<T*>(base + offset);
      if (this->SOA)
        p.Pointers[b] = data;
      else
        for (IdComponent c = 0; c < this->Components; ++c)
          p.Pointers[c] = data + c;
    }
    return p;
  }

private:
  struct Block
  {
    std::shared_ptr<loom::cont::internal::Buffer> Memory; // keeps the values alive
    void* Data;
  };
  FieldArray(ValueKind kind, IdComponent components, Id tuples);
  static Id CheckedTuples(Id values, IdComponent components);
  void CheckKind(ValueKind kind) const;

  ValueKind Kind = ValueKind::Float32;
  IdComponent Components = 0;
  Id Tuples = 0;
  bool SOA = false;
  std::vector<Block> Blocks;
};
template <typename T>
template <typename Device>
ComponentPortal<T> ComponentPortalObject<T>::PrepareForExecution(Device) const
{
  if (!this->Field)
  {
    if (!Device::IsHost && this->Portal.NumberOfComponents > 0)
      throw loom::cont::ErrorBadDevice("ComponentPortalObject: a fixed host portal cannot run on a device "
                                       "with its own memory; give it the field instead.");
    return this->Portal;
  }
  if constexpr (Device::IsHost)
    return this->Field->template GetPortal<T>();
  else
    return this->Field->template GetDevicePortal<T>(this->Use != Access::In, this->Use == Access::InOut);
}
} // namespace algorithms
} // namespace loom
