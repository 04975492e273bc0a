// Loom tests: the device a conformance run is for (from --loom-device=NAME), shared by all suites.
#pragma once

#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace test
{
/// The device under test (set by the test main before any test runs).
cont::DeviceId Device();
/// Exit code CTest reads as "skipped" (SKIP_RETURN_CODE).
constexpr int SkipReturnCode = 77;
} // namespace test
} // namespace loom
