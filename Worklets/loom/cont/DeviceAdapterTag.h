// Loom: device ids and device adapter tags (Serial, TBB, CUDA) and their names.
#pragma once

#include <loom/Types.h>

#include <string>

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
/// Compile-time tag for the CUDA device.
struct DeviceAdapterTagCuda
{
  static constexpr DeviceId Id = DeviceId::Cuda;
  static constexpr bool IsHost = false;
};
} // namespace cont
} // namespace loom
