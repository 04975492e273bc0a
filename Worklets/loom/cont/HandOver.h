// Loom: memory Loom lends to a holder that frees it by its address (a VTK array's free function gets
// only the pointer), kept alive until then and found again by its address: a Loom filter given an array
// an earlier Loom filter made gets that filter's array back, with its device copy, instead of wrapping
// the memory as a stranger's and copying it to the GPU again.
#pragma once

#include <loom/Types.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <typeinfo>

namespace loom
{
namespace cont
{
namespace internal
{
void KeepHandedOver(void* pointer, std::shared_ptr<void> owner, const std::type_info& type, std::size_t bytes,
                    std::function<void()> releaseDeviceCopies, std::function<std::size_t()> bytesToDevice);
std::shared_ptr<void> FindHandedOver(const void* pointer, const std::type_info& type, std::size_t bytes,
                                     UInt64 stamp);
// Frees the device copies of an ArrayHandle (ReleaseDeviceCopy) or of a field (ReleaseDeviceCopies).
template <typename Owner>
auto ReleaseDeviceCopiesOf(const Owner& owner, int) -> decltype(owner.ReleaseDeviceCopies())
{
  owner.ReleaseDeviceCopies();
}
template <typename Owner>
void ReleaseDeviceCopiesOf(const Owner& owner, long)
{
  owner.ReleaseDeviceCopy();
}
} // namespace internal

/// Keeps `owner` (an ArrayHandle, a field: whatever holds the `bytes` bytes at `pointer`) alive until
/// ReleaseHandedOver(pointer), and findable by FindHandedOver<Owner>. The holder stamps it
/// (StampHandedOver) once it has set up its side.
template <typename Owner>
void KeepHandedOver(void* pointer, const std::shared_ptr<Owner>& owner, std::size_t bytes)
{
  std::weak_ptr<Owner> weak = owner;
  internal::KeepHandedOver(
    pointer, owner, typeid(Owner), bytes,
    [weak]() {
      if (const auto o = weak.lock())
        internal::ReleaseDeviceCopiesOf(*o, 0);
    },
    [weak, bytes]() -> std::size_t {
      const auto o = weak.lock();
      return o ? o->BytesToDevice() : bytes;
    });
}
/// The holder's modification stamp of the memory as it is now (VTK: the array's MTime); a later
/// FindHandedOver with another stamp means the holder may have changed the values.
void StampHandedOver(const void* pointer, UInt64 stamp);
/// The count of entries kept so far: memory kept from now on has a serial at least this.
UInt64 HandOverSerial();
/// StampHandedOver, only when the latest entry at `pointer` was kept at or after `serial` (by the work
/// that began then): for a holder that stamps everything it made once it has finished setting it up.
void StampHandedOverSince(const void* pointer, UInt64 stamp, UInt64 serial);
/// When the memory at `pointer` was handed over (`bytes` bytes, unmodified since: the holder gives the stamp it
/// set), true, with the bytes a read of its owner on the GPU would copy there now in `toDevice` (none when its
/// device copy is current). Nothing is counted or moved (Auto's estimate of what an execution must move).
bool HandedOverBytesToDevice(const void* pointer, std::size_t bytes, UInt64 stamp, std::size_t& toDevice);
/// The holder frees the memory: the owner goes (after the registry's lock).
void ReleaseHandedOver(void* pointer);

/// The owner kept for the memory handed over at `pointer`, when it is an Owner spanning `bytes` bytes
/// and the holder gives the stamp it set (unmodified since); null otherwise. An owner found with another
/// stamp loses its device copies (the host holds the current values) and is not found again until
/// stamped anew.
template <typename Owner>
std::shared_ptr<Owner> FindHandedOver(const void* pointer, std::size_t bytes, UInt64 stamp)
{
  return std::static_pointer_cast<Owner>(internal::FindHandedOver(pointer, typeid(Owner), bytes, stamp));
}

/// Whether memory handed over keeps its device copy (so that a Loom filter downstream on the GPU finds
/// its input there): yes unless LOOM_CUDA_KEEP_RESULTS=0. The device copy then lives as long as the
/// holder keeps the memory.
bool KeepDeviceCopiesOfHandedOver();

/// Since the process started: memory handed over, found again, found modified; entries held now.
struct HandOverStatistics
{
  UInt64 Kept = 0;
  UInt64 Found = 0;
  UInt64 FoundModified = 0;
  UInt64 Held = 0;
};
HandOverStatistics GetHandOverStatistics();
} // namespace cont
} // namespace loom
