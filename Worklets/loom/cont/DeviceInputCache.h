// Loom: device copies of borrowed memory (a VTK array's values that a Loom filter read on the GPU), kept
// after the borrowing handle goes, so that the next run on the same, unmodified memory moves nothing
// across the link. Memory Loom made and handed over is found again by the hand-over registry
// (HandOver.h); this cache is for memory someone else owns.
//
// An entry is found again only for the same lender (the object that owns the memory: a vtkDataArray), the
// same address and size, and the lender's modification stamp as it was when the copy was made (VTK: the
// array's MTime, which VTK's API moves on every change). A lender that goes away is forgotten
// (ForgetDeviceCopiesOf) before its memory can be reused, so that another array in the same memory is
// never taken for it. The cache is bounded: the least recently used copies go first.
#pragma once

#include <loom/Types.h>

#include <cstddef>
#include <functional>
#include <memory>

namespace loom
{
namespace cont
{
/// The owner of borrowed memory and its modification stamp at the time of borrowing.
struct Lender
{
  const void* Owner = nullptr; ///< null: not cached
  UInt64 Stamp = 0;
};

struct DeviceInputCacheStatistics
{
  UInt64 Reused = 0;      ///< device copies found again (nothing moved)
  UInt64 BytesReused = 0; ///< their bytes
  UInt64 Kept = 0;        ///< device copies kept after an upload
  UInt64 Evicted = 0;     ///< dropped to stay within the bound
  UInt64 Stale = 0;       ///< dropped because the lender's stamp moved, or the device copy was written
  UInt64 Forgotten = 0;   ///< dropped because the lender went away, or by ClearDeviceInputCache
  UInt64 Entries = 0;     ///< held now
  std::size_t BytesHeld = 0;
  std::size_t Limit = 0;
};
DeviceInputCacheStatistics GetDeviceInputCacheStatistics();

/// The bound in bytes: LOOM_CUDA_INPUT_CACHE when set, else 4 GiB. 0 keeps nothing. Lowering it drops
/// the least recently used copies at once.
void SetDeviceInputCacheLimit(std::size_t bytes);
std::size_t GetDeviceInputCacheLimit();
/// True when LOOM_CUDA_INPUT_CACHE set the bound for this process.
bool DeviceInputCacheLimitFromEnvironment();

/// The lender went away (a VTK array deleted): its copies go now, before its memory can be reused.
void ForgetDeviceCopiesOf(const void* owner);
/// Frees every kept copy (CUDA turned off, tests).
void ClearDeviceInputCache();

/// Called (outside the cache's lock) the first time a copy of `owner`'s memory is kept, so that the
/// owner's holder can arrange for ForgetDeviceCopiesOf(owner) when it goes (VTK: an observer of the
/// array's deletion). Null: nobody watches (tests call ForgetDeviceCopiesOf themselves).
void SetLenderWatch(std::function<void(const void* owner)> watch);

namespace internal
{
/// The kept device copy of `bytes` bytes at `host` lent by `lender` (same stamp), or null. A copy kept
/// with another stamp is dropped.
std::shared_ptr<void> FindDeviceInput(const Lender& lender, const void* host, std::size_t bytes);
/// Whether FindDeviceInput would find a copy now; nothing is counted, used or dropped (Auto's estimate of what
/// an execution must move).
bool HasDeviceInput(const Lender& lender, const void* host, std::size_t bytes);
/// Keeps `block` (a device copy of `bytes` bytes at `host`, freed when its last holder lets go) for
/// later runs, within the bound; copies of the same lender with another stamp are dropped.
void KeepDeviceInput(const Lender& lender, const void* host, std::size_t bytes, std::shared_ptr<void> block);
/// The device copy `block` is about to be written (or the host values under it changed): it is no
/// longer a copy of the lender's memory.
void DropDeviceInput(const void* block);
} // namespace internal
} // namespace cont
} // namespace loom
