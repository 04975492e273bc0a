// Loom: ArrayHandle, the control-side handle to an array of values in host memory (with a device
// copy, moved lazily, when the CUDA device uses it).
#pragma once

#include <loom/cont/ArrayPortal.h>
#include <loom/cont/DeviceAdapterTag.h>
#include <loom/cont/Error.h>
#include <loom/cont/internal/Buffer.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace loom
{
namespace cont
{
/// Marker base class of every array handle type (basic, implicit, permutation).
struct ArrayHandleBase
{
};

template <typename T>
struct IsArrayHandle : std::is_base_of<ArrayHandleBase, T>
{
};

/// A handle to a contiguous array of T in host memory. Copies of a handle share the same
/// array (shallow copy), as in VTK-m: allocating through one copy is seen by every copy.
/// The memory is either owned (allocated by Loom) or borrowed from a caller with a release
/// callback, which is how VTK arrays are wrapped without copying.
template <typename T>
class ArrayHandle : public ArrayHandleBase
{
  static_assert(std::is_trivially_copyable<T>::value,
                "loom::cont::ArrayHandle holds trivially copyable values only");

  struct State
  {
    std::shared_ptr<internal::Buffer> Memory;
    Id Offset = 0; // in values, for views
    Id Count = 0;
  };

public:
  using ValueType = T;
  using ReadPortalType = ArrayPortalBasicRead<T>;
  using WritePortalType = ArrayPortalBasicWrite<T>;

  ArrayHandle()
    : Internals(std::make_shared<State>())
  {
  }

  /// Wrap `count` values at `data` without copying. `release` runs when the last handle
  /// (or view) referring to the memory goes away. With a lender (the memory's owner and its
  /// modification stamp), a device copy outlives the handle in the device input cache
  /// (DeviceInputCache.h).
  static ArrayHandle Borrow(T* data, Id count, std::function<void()> release = {}, const Lender& lender = Lender())
  {
    if (count < 0)
      throw ErrorBadValue("ArrayHandle::Borrow: negative size " + std::to_string(count) + ".");
    ArrayHandle handle;
    handle.Internals->Memory = internal::Buffer::Borrow(
      data, static_cast<std::size_t>(count) * sizeof(T), std::move(release), lender);
    handle.Internals->Count = count;
    return handle;
  }

  /// A handle on `count` values of an existing block, from value `offset` on: it shares the block
  /// and its device copy (nothing is copied or moved). ErrorBadValue when the range is outside it.
  static ArrayHandle FromBuffer(const std::shared_ptr<internal::Buffer>& memory, Id offset, Id count)
  {
    const std::size_t bytes = memory ? memory->GetNumberOfBytes() : 0;
    if (offset < 0 || count < 0 || static_cast<std::size_t>(offset + count) * sizeof(T) > bytes)
      throw ErrorBadValue("ArrayHandle::FromBuffer: values [" + std::to_string(offset) + ", " +
                          std::to_string(offset + count) + ") are outside a block of " + std::to_string(bytes) +
                          " bytes.");
    ArrayHandle handle;
    handle.Internals->Memory = memory;
    handle.Internals->Offset = offset;
    handle.Internals->Count = count;
    return handle;
  }

  /// Number of values.
  Id GetNumberOfValues() const { return this->Internals->Count; }

  /// Resize to `count` values. Existing contents are not kept (use Reallocate for that);
  /// new memory is not initialised. A handle that already holds exactly `count` values keeps
  /// its memory, so output written through a view or a borrowed VTK array lands there.
  void Allocate(Id count)
  {
    if (count < 0)
      throw ErrorBadValue("ArrayHandle::Allocate: negative size " + std::to_string(count) + ".");
    State& s = *this->Internals;
    if (s.Memory && s.Count == count)
    {
      return; // same size: keep the memory (owned, borrowed or a view) and write into it
    }
    if (static_cast<UInt64>(count) > static_cast<UInt64>(PTRDIFF_MAX) / sizeof(T))
    {
      throw ErrorBadAllocation("ArrayHandle::Allocate: " + std::to_string(count) +
                               " values do not fit in memory.");
    }
    s.Memory = internal::Buffer::Allocate(static_cast<std::size_t>(count) * sizeof(T));
    s.Offset = 0;
    s.Count = count;
  }

  /// Resize to `count` values keeping the first min(count, old) values.
  void Reallocate(Id count)
  {
    if (count == this->GetNumberOfValues())
      return;
    ArrayHandle old = this->ShallowClone();
    this->Internals->Memory.reset();
    this->Allocate(count);
    const Id keep = count < old.GetNumberOfValues() ? count : old.GetNumberOfValues();
    if (keep > 0)
      std::memcpy(this->GetPointer(), old.GetPointer(), static_cast<std::size_t>(keep) * sizeof(T));
  }

  /// Drop the contents (size 0).
  void ReleaseResources()
  {
    this->Internals->Memory.reset();
    this->Internals->Offset = 0;
    this->Internals->Count = 0;
  }

  /// A handle to values [begin, begin+count) of this one, sharing its memory.
  /// Throws ErrorBadValue when the range is not inside the array.
  ArrayHandle View(Id begin, Id count) const
  {
    const Id n = this->GetNumberOfValues();
    if (begin < 0 || count < 0 || begin > n || count > n - begin)
    {
      throw ErrorBadValue("ArrayHandle::View: range [" + std::to_string(begin) + ", " +
                          std::to_string(begin + count) + ") is outside an array of " +
                          std::to_string(n) + " values.");
    }
    ArrayHandle view;
    view.Internals->Memory = this->Internals->Memory;
    view.Internals->Offset = this->Internals->Offset + begin;
    view.Internals->Count = count;
    return view;
  }

  /// The address of the first value in host memory, moving nothing (for bookkeeping: read or write
  /// through GetPointer/ReadPortal, which bring device-made values back first).
  T* GetHostAddress() const
  {
    const State& s = *this->Internals;
    return s.Memory ? static_cast<T*>(s.Memory->GetHostAddress()) + s.Offset : nullptr;
  }

  /// Raw pointer to the first value (host memory); null when empty and unallocated.
  T* GetPointer() const
  {
    const State& s = *this->Internals;
    return s.Memory ? static_cast<T*>(s.Memory->GetData()) + s.Offset : nullptr;
  }

  ReadPortalType ReadPortal() const
  {
    const State& s = *this->Internals;
    const T* data = s.Memory ? static_cast<const T*>(s.Memory->GetReadData()) + s.Offset : nullptr;
    return ReadPortalType(data, s.Count);
  }
  WritePortalType WritePortal() const { return WritePortalType(this->GetPointer(), this->GetNumberOfValues()); }

  /// Portal for reading on `Device`: host memory for the CPU devices; for CUDA, device memory
  /// filled from the host only when the device does not hold the current values.
  template <typename Device>
  ReadPortalType PrepareForInput(Device) const
  {
    if constexpr (Device::IsHost)
    {
      return this->ReadPortal();
    }
    else
    {
      const State& s = *this->Internals;
      const T* data = s.Memory ? static_cast<const T*>(s.Memory->PrepareDeviceRead()) : nullptr;
      return ReadPortalType(data ? data + s.Offset : nullptr, s.Count);
    }
  }
  /// Allocate `count` values and return a portal for writing on `Device`. A handle that keeps its
  /// memory (same size) keeps its values too, on every device (masked outputs are not written).
  template <typename Device>
  WritePortalType PrepareForOutput(Id count, Device)
  {
    if constexpr (Device::IsHost)
    {
      this->Allocate(count);
      return this->WritePortal();
    }
    else
    {
      const bool kept = this->Internals->Memory && this->Internals->Count == count;
      this->Allocate(count);
      return this->DeviceWritePortal(kept);
    }
  }
  /// Portal for reading and writing the existing values on `Device`.
  template <typename Device>
  WritePortalType PrepareForInPlace(Device) const
  {
    if constexpr (Device::IsHost)
      return this->WritePortal();
    else
      return this->DeviceWritePortal(true);
  }

  /// The bytes a read of this array on the GPU would copy there now (its whole block, or none when the block's
  /// device copy is current or kept in the device input cache). Nothing is moved.
  std::size_t BytesToDevice() const
  {
    return this->Internals->Memory ? this->Internals->Memory->BytesToDevice() : 0;
  }
  /// Values to the host (if only the device holds them) and the device copy freed: for arrays
  /// handed to host-only users (VTK), so GPU memory is not held for as long as they keep them.
  void ReleaseDeviceCopy() const
  {
    if (this->Internals->Memory)
      this->Internals->Memory->ReleaseDeviceCopy();
  }

  /// The memory block (shared by views); null before the first allocation.
  const std::shared_ptr<internal::Buffer>& GetBuffer() const { return this->Internals->Memory; }

  /// True when both handles refer to the same array (not merely equal values).
  bool operator==(const ArrayHandle& other) const { return this->Internals == other.Internals; }
  bool operator!=(const ArrayHandle& other) const { return !(*this == other); }

private:
  WritePortalType DeviceWritePortal(bool keepContents) const
  {
    const State& s = *this->Internals;
    T* data = s.Memory ? static_cast<T*>(s.Memory->PrepareDeviceWrite(keepContents)) : nullptr;
    return WritePortalType(data ? data + s.Offset : nullptr, s.Count);
  }
  ArrayHandle ShallowClone() const
  {
    ArrayHandle h;
    *h.Internals = *this->Internals;
    return h;
  }
  std::shared_ptr<State> Internals;
};

/// Copy a std::vector into a new ArrayHandle.
template <typename T>
ArrayHandle<T> make_ArrayHandle(const std::vector<T>& values)
{
  ArrayHandle<T> handle;
  handle.Allocate(static_cast<Id>(values.size()));
  if (!values.empty())
    std::memcpy(handle.GetPointer(), values.data(), values.size() * sizeof(T));
  return handle;
}

/// Move a std::vector into a new ArrayHandle without copying its values.
template <typename T>
ArrayHandle<T> make_ArrayHandleMove(std::vector<T>&& values)
{
  auto owner = std::make_shared<std::vector<T>>(std::move(values));
  return ArrayHandle<T>::Borrow(owner->data(), static_cast<Id>(owner->size()), [owner]() {});
}

/// Copy the values of any array handle into a std::vector (for tests and small results).
template <typename ArrayType>
std::vector<typename ArrayType::ValueType> ToVector(const ArrayType& array)
{
  auto portal = array.ReadPortal();
  std::vector<typename ArrayType::ValueType> out(static_cast<std::size_t>(portal.GetNumberOfValues()));
  for (Id i = 0; i < portal.GetNumberOfValues(); ++i)
    out[static_cast<std::size_t>(i)] = portal.Get(i);
  return out;
}
} // namespace cont
} // namespace loom
