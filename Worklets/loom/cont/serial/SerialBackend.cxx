// Loom: the serial device's scheduling core: one call over the whole range.
#include <loom/cont/internal/CpuBackend.h>

namespace loom
{
namespace cont
{
namespace internal
{
namespace
{
int SerialConcurrency()
{
  return 1;
}
void SerialSchedule(void* context, RangeFunction function, Id n, Id)
{
  if (n > 0)
    function(context, 0, n);
}
} // namespace

const CpuBackend& SerialBackend()
{
  static const CpuBackend backend{ DeviceId::Serial, &SerialConcurrency, &SerialSchedule };
  return backend;
}
} // namespace internal
} // namespace cont
} // namespace loom
