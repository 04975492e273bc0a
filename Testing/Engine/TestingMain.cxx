// Loom tests: GoogleTest main for the per-device suites. `--loom-device=serial|tbb|cuda` forces the
// device; a device that cannot run here makes the whole run report "skipped" (exit 77).
#include "TestingDevice.h"

#include <loom/cont/RuntimeDeviceTracker.h>

#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <string>

namespace
{
loom::cont::DeviceId TheDevice = loom::cont::DeviceId::Serial;
}

loom::cont::DeviceId loom::test::Device()
{
  return TheDevice;
}

int main(int argc, char** argv)
{
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i)
  {
    const char* prefix = "--loom-device=";
    if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0)
    {
      TheDevice = loom::cont::ParseDeviceName(argv[i] + std::strlen(prefix));
    }
  }
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  if (!tracker.CanRunOn(TheDevice))
  {
    std::cout << "Loom device '" << loom::cont::DeviceName(TheDevice)
              << "' is not available on this machine: skipping." << std::endl;
    return loom::test::SkipReturnCode;
  }
  tracker.ForceDevice(TheDevice);
  std::cout << "Loom tests on device '" << loom::cont::DeviceName(TheDevice) << "'" << std::endl;
  return RUN_ALL_TESTS();
}
