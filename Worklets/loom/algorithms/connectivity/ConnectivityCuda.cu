// Loom algorithms, connectivity family on CUDA: the same passes as the CPU devices (ConnectivityImpl.h).
#include <loom/algorithms/connectivity/ConnectivityCuda.h>
#include <loom/algorithms/connectivity/ConnectivityImpl.h>

namespace loom
{
namespace algorithms
{
namespace connectivity
{
Components ComponentsCuda(const CellSetAny& cells, const ComponentsOptions& options)
{
  return ComponentPasses<loom::cont::DeviceAdapterTagCuda>::Run(cells, options);
}
} // namespace connectivity
} // namespace algorithms
} // namespace loom
