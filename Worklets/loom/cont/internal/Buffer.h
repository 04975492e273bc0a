// Loom: a block of host memory behind ArrayHandle, owned by Loom or borrowed with a release callback.
#pragma once

#include <loom/cont/DeviceInputCache.h>

#include <cstddef>
#include <functional>
#include <memory>

namespace loom
{
namespace cont
{
namespace internal
{
/// A contiguous block of host memory. Either allocated here (64-byte aligned, not initialised;
/// large blocks come from a bounded pool of blocks Loom let go of, see Buffer.cxx) or borrowed from
/// a caller, who is told through a release callback when Loom no longer needs it.
/// With the CUDA device a buffer may also hold a device copy: each side knows whether its values
/// are current, and values move (counted, see loom/cont/cuda/CudaMemory.h) only when the other side
/// asks for them. A buffer without a device copy does no extra work.
class Buffer
{
public:
  /// Allocate `bytes` bytes; throws ErrorBadAllocation when the system refuses.
  static std::shared_ptr<Buffer> Allocate(std::size_t bytes);
  /// Wrap memory owned by someone else. `release` runs once, when the last user lets go. With a
  /// lender (the owner and its modification stamp now), a device copy made of the memory is kept in the
  /// device input cache after this buffer goes, and an earlier one is taken from it (DeviceInputCache.h).
  static std::shared_ptr<Buffer> Borrow(void* data, std::size_t bytes, std::function<void()> release,
                                        const Lender& lender = Lender());

  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  /// Host memory for reading and writing: values only the device holds are copied back first, and
  /// the device copy (if any) is no longer current.
  void* GetData() const
  {
    if (this->Fresh)
      this->Fresh = false;
    if (this->DeviceData)
      this->SyncHost(true);
    return this->Data;
  }
  /// Host memory for reading: values only the device holds are copied back first; a device copy
  /// stays current.
  const void* GetReadData() const
  {
    if (this->Fresh)
      this->Fresh = false;
    if (this->DeviceData)
      this->SyncHost(false);
    return this->Data;
  }
  /// Device memory for reading (CUDA builds): allocated and filled from the host on first use.
  /// Throws ErrorBadAllocation when the device is out of memory, ErrorBadDevice without CUDA.
  const void* PrepareDeviceRead() const;
  /// Device memory for writing: the host copy is no longer current. `keepContents` fills the device
  /// copy from the host first when only the host holds the values (masked or partial writes).
  void* PrepareDeviceWrite(bool keepContents) const;
  /// Bring the values to the host if only the device holds them, and free the device copy (for
  /// memory handed over to someone who reads it on the host only, such as VTK). No-op without one.
  void ReleaseDeviceCopy() const;
  /// The bytes a read on the GPU would copy there now: none when the device copy is current, or when the
  /// device input cache holds one of this borrowed memory; else the whole block. Nothing is moved.
  std::size_t BytesToDevice() const;
  /// The host address, without copying anything back (for offsets into the block).
  void* GetHostAddress() const { return this->Data; }
  /// The device copy, null when there is none.
  void* GetDeviceData() const { return this->DeviceData; }
  /// True when the device copy is one the device input cache holds too (borrowed memory, unmodified).
  bool IsDeviceCopyShared() const { return static_cast<bool>(this->SharedDevice); }
  std::size_t GetNumberOfBytes() const { return this->Bytes; }
  /// True when Loom allocated the memory (false for borrowed memory).
  bool IsOwned() const { return !this->Release; }
  /// True when the block is page-locked for the GPU (a large block Loom owns, registered at its first
  /// transfer and kept registered through the pool, so a filter run again copies at the link's speed).
  bool IsHostRegistered() const { return this->Registered; }

private:
  Buffer() = default;
  void SyncHost(bool forWriting) const;
  void LetGoOfDeviceCopy() const;
  void RegisterForTransfers() const;
  void* Data = nullptr;
  std::size_t Bytes = 0;
  std::size_t Capacity = 0; // bytes actually allocated (owned blocks)
  std::function<void()> Release;
  Lender Lent;                                // borrowed memory's owner and stamp (cached device copies)
  mutable std::shared_ptr<void> SharedDevice; // the device copy, when the device input cache holds it too
  mutable void* DeviceData = nullptr; // the device copy (CUDA), allocated on first device use
  mutable bool HostValid = true;      // the host values are current
  mutable bool DeviceValid = false;   // the device values are current
  mutable bool Fresh = false;         // allocated here and not used since: no values to move
  mutable bool Registered = false;    // page-locked (cudaHostRegister) for fast copies
};
} // namespace internal
} // namespace cont
} // namespace loom
