// Loom: a block of host memory behind ArrayHandle, owned by Loom or borrowed with a release callback.
#pragma once

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
class Buffer
{
public:
  /// Allocate `bytes` bytes; throws ErrorBadAllocation when the system refuses.
  static std::shared_ptr<Buffer> Allocate(std::size_t bytes);
  /// Wrap memory owned by someone else. `release` runs once, when the last user lets go.
  static std::shared_ptr<Buffer> Borrow(void* data, std::size_t bytes, std::function<void()> release);

  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  void* GetData() const { return this->Data; }
  std::size_t GetNumberOfBytes() const { return this->Bytes; }
  /// True when Loom allocated the memory (false for borrowed memory).
  bool IsOwned() const { return !this->Release; }

private:
  Buffer() = default;
  void* Data = nullptr;
  std::size_t Bytes = 0;
  std::size_t Capacity = 0; // bytes actually allocated (owned blocks)
  std::function<void()> Release;
};
} // namespace internal
} // namespace cont
} // namespace loom
