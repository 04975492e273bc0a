// Loom: the CUDA runtime calls under Loom's device memory and host <-> device copies, behind an
// interface, and the transfers built on them. No CUDA header is needed to include this file.
//
// Host memory that is page-locked (Loom's own large blocks, registered at their first transfer and
// kept registered in the pool) is copied directly, at the link's speed. Other host memory (VTK's
// arrays, borrowed) is staged: cut into chunks that threads copy into a small pool of page-locked
// buffers while the previous chunk crosses the link, so the pageable side is read or written by every
// core instead of by the driver's single thread.
//
// Tests replace the runtime with a stand-in that keeps "device memory" in host memory (SetRuntime), so
// that everything above the runtime (staging, the pinned pool, registrations, blocks handed to VTK and
// found again) runs and is checked on machines without a GPU.
#pragma once

#include <loom/Types.h>

#include <cstddef>

namespace loom
{
namespace cont
{
namespace cuda
{
namespace internal
{
enum class CopyKind
{
  HostToDevice,
  DeviceToHost,
  DeviceToDevice
};

/// The runtime calls Loom makes. Loom's kernels and copies all run in one stream (the default one),
/// so "in stream order" below means after every kernel and copy issued before.
class Runtime
{
public:
  virtual ~Runtime() = default;
  /// Device memory; ErrorBadAllocation when the device is out of memory, ErrorBadDevice when CUDA
  /// cannot run.
  virtual void* DeviceAllocate(std::size_t bytes) = 0;
  /// Frees device memory; errors are logged, not thrown (this runs in destructors).
  virtual void DeviceFree(void* pointer) = 0;
  /// Page-locked host memory (cudaHostAlloc); null when refused.
  virtual void* PinnedAllocate(std::size_t bytes) = 0;
  virtual void PinnedFree(void* pointer) = 0;
  /// Page-locks existing host memory (cudaHostRegister); false when refused or turned off.
  virtual bool HostRegister(void* host, std::size_t bytes) = 0;
  virtual void HostUnregister(void* host) = 0;
  /// A copy in stream order that returns at once when its host side is page-locked (the copy then
  /// runs while the caller goes on: wait for an event recorded after it before touching that memory).
  virtual void CopyAsync(void* destination, const void* source, std::size_t bytes, CopyKind kind) = 0;
  /// A copy in stream order that has finished when it returns (any host memory).
  virtual void Copy(void* destination, const void* source, std::size_t bytes, CopyKind kind) = 0;
  /// Events: a mark recorded in the stream, and a host wait until everything before the mark is done.
  virtual void* CreateEvent() = 0;
  virtual void RecordEvent(void* event) = 0;
  virtual void WaitEvent(void* event) = 0;
  virtual void DestroyEvent(void* event) = 0;
  /// Waits for the device; ErrorCuda (or ErrorBadAllocation) naming `what` when a kernel failed.
  virtual void Synchronize(const char* what) = 0;
  /// What a first execution would otherwise wait for (the device's check, its context and memory pool),
  /// done ahead on cuda::PrepareInBackground's thread. Errors are kept for the execution to meet.
  virtual void Prepare() {}
};

/// The runtime in use: CUDA's, unless a test installed another.
Runtime& GetRuntime();
/// Installs `runtime` (a test's stand-in; null: CUDA's again) and returns the one it replaces. Only
/// while no device memory or staged copy of the former runtime is in use (between tests). A background
/// preparation that is running is waited for first.
Runtime* SetRuntime(Runtime* runtime);

/// Host memory at least this large that is not page-locked is staged through pinned buffers; smaller
/// copies go directly (the driver stages them itself; a few microseconds either way).
constexpr std::size_t StageThreshold = std::size_t(1) << 20;
/// The size of one staging buffer (a chunk); two serve a copy (one filled while the other crosses).
constexpr std::size_t StageChunk = std::size_t(8) << 20;

/// Host -> device. `hostPinned`: the host memory is page-locked (registered or pinned): one direct copy.
/// Otherwise staged when `bytes` >= StageThreshold. Returns when the host memory may be reused (the
/// device side may still be being written, in stream order).
void TransferToDevice(void* device, const void* host, std::size_t bytes, bool hostPinned);
/// Device -> host, after every kernel before it; the host holds the values when it returns.
void TransferToHost(void* host, const void* device, std::size_t bytes, bool hostPinned);

/// The preparation's work on the thread of cuda::PrepareInBackground: the runtime's Prepare, then (CUDA's
/// own runtime) the staging buffers.
void PrepareRuntime();
/// Lets PrepareInBackground start again (tests, with a stand-in runtime): waits for one running first.
void ResetPreparation();
/// On the preparation's thread: false once the process is exiting (the remaining steps are skipped).
bool PreparationGoesOn();
/// On the preparation's thread, once the driver has started: the exit's join is registered after the driver's
/// own teardown, so that it runs before it.
void PreparationReachedTheDriver();

/// What the staging did since the process started (or the last ReleaseStagingBuffers).
struct StagingStatistics
{
  UInt64 StagedToDevice = 0;   // staged copies, each way
  UInt64 StagedToHost = 0;
  UInt64 Chunks = 0;           // chunks moved through the staging buffers
  UInt64 DirectCopies = 0;     // copies of page-locked or small host memory
  UInt64 BuffersAllocated = 0; // page-locked staging buffers allocated (kept for reuse)
  std::size_t PinnedBytesHeld = 0;
};
StagingStatistics GetStagingStatistics();
/// Frees the staging buffers and zeroes the statistics (tests; the buffers are otherwise kept for the
/// life of the process: two chunks, 16 MiB).
void ReleaseStagingBuffers();
} // namespace internal
} // namespace cuda
} // namespace cont
} // namespace loom
