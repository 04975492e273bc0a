// Loom: device ids and device adapter tags (Serial, TBB, CUDA) and their names.
#pragma once

#include <loom/Types.h>

#include <string>
#include <type_traits>

namespace loom
{
namespace cont
{
/// Run-time name of a device. `Auto` lets the RuntimeDeviceTracker choose.
enum class DeviceId : Int8
{
  Serial = 0,
  TBB = 1,
  Cuda = 2,
  Auto = 3
};
constexpr int NumberOfDevices = 3;

/// Lower-case name of a device ("serial", "tbb", "cuda", "auto").
const char* DeviceName(DeviceId device);
/// Parse a name as written in LOOM_DEVICE or a filter's Device property (case-insensitive);
/// throws ErrorBadDevice naming the valid choices when the name is unknown.
DeviceId ParseDeviceName(const std::string& name);

/// Compile-time tag for the serial device: one host thread.
struct DeviceAdapterTagSerial
{
  static constexpr DeviceId Id = DeviceId::Serial;
  static constexpr bool IsHost = true;
};
/// Compile-time tag for the TBB device: all host cores through oneTBB.
struct DeviceAdapterTagTBB
{
  static constexpr DeviceId Id = DeviceId::TBB;
  static constexpr bool IsHost = true;
};
/// Compile-time tag that the CPU devices share: the code that CallOnDevice runs on Serial or on TBB is
/// one instantiation, and which of the two runs it is the calling thread's current CPU device
/// (CurrentCpuDevice: set by CallOnDevice, and by the TBB backend on its worker threads). Code reads
/// a tag's device with DeviceIdOf<Tag>(), never Tag::Id.
struct DeviceAdapterTagCpu
{
  static constexpr bool IsHost = true;
};
/// Compile-time tag for the CUDA device.
struct DeviceAdapterTagCuda
{
  static constexpr DeviceId Id = DeviceId::Cuda;
  static constexpr bool IsHost = false;
};

/// The CPU device that DeviceAdapterTagCpu code on this thread runs on: the one the innermost
/// ScopedCpuDevice names; outside any, the tracker's host device (TBB when it can run, else Serial).
DeviceId CurrentCpuDevice();

/// Makes `device` (Serial or TBB) this thread's current CPU device until the end of the scope.
class ScopedCpuDevice
{
public:
  explicit ScopedCpuDevice(DeviceId device);
  ~ScopedCpuDevice();
  ScopedCpuDevice(const ScopedCpuDevice&) = delete;
  ScopedCpuDevice& operator=(const ScopedCpuDevice&) = delete;

private:
  Int8 Outer;
};

/// The device that code compiled for `Tag` runs on: the tag's own for Serial, TBB and CUDA; the
/// current CPU device for DeviceAdapterTagCpu.
template <typename Tag>
DeviceId DeviceIdOf()
{
  if constexpr (std::is_same<Tag, DeviceAdapterTagCpu>::value)
    return CurrentCpuDevice();
  else
    return Tag::Id;
}
/// True when code compiled for `Tag` runs on the Serial device now (one thread, in order).
template <typename Tag>
bool RunsOnSerial()
{
  if constexpr (Tag::IsHost)
    return DeviceIdOf<Tag>() == DeviceId::Serial;
  else
    return false;
}
} // namespace cont
} // namespace loom
