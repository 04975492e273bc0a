// Loom: the CUDA runtime behind a small non-template API (device memory, copies, availability) and
// the counters of host <-> device transfers. No CUDA header is needed to include this file.
#pragma once

#include <loom/Types.h>

#include <cstddef>

namespace loom
{
namespace cont
{
namespace cuda
{
/// How many copies between host and device memory ArrayHandles made (and how many bytes), since
/// the process started or the last ResetTransferCounts().
struct TransferCounts
{
  UInt64 HostToDevice = 0;
  UInt64 DeviceToHost = 0;
  UInt64 BytesHostToDevice = 0;
  UInt64 BytesDeviceToHost = 0;
};
TransferCounts GetTransferCounts();
void ResetTransferCounts();

namespace internal
{
/// Allocate device memory; ErrorBadAllocation when the device is out of memory, ErrorBadDevice
/// when CUDA cannot run.
void* DeviceAllocate(std::size_t bytes);
/// Free device memory (errors are logged, not thrown: this runs in destructors).
void DeviceFree(void* pointer);
void CopyHostToDevice(void* device, const void* host, std::size_t bytes);
void CopyDeviceToHost(void* host, const void* device, std::size_t bytes);
void CopyDeviceToDevice(void* destination, const void* source, std::size_t bytes);
/// Page-lock host memory for fast copies (cudaHostRegister); false when CUDA is unavailable, the
/// registration is turned off (LOOM_CUDA_PIN=0) or the driver refuses (then the copies stay pageable).
bool HostRegister(void* host, std::size_t bytes);
/// Undo HostRegister (errors are ignored: this runs when memory is freed, maybe at exit).
void HostUnregister(void* host);
/// Wait for the device; throws ErrorBadDevice naming `what` when a kernel failed.
void Synchronize(const char* what);
/// Throws ErrorBadDevice (or ErrorBadAllocation) naming `what` when the last launch failed.
void CheckLaunch(const char* what);
} // namespace internal
} // namespace cuda
} // namespace cont
} // namespace loom
