// Loom algorithms, connectivity family: the checks and the device choice (the CPU instantiations of the
// union-find passes are here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/connectivity/ConnectivityCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/connectivity/ConnectivityImpl.h>

#include <string>

namespace loom
{
namespace algorithms
{
Components ConnectedComponents(const CellSetAny& cells, const ComponentsOptions& options)
{
  const Id n = NumberOfCells(cells);
  if (options.SkipCells.GetNumberOfValues() != 0 && options.SkipCells.GetNumberOfValues() != n)
    throw loom::cont::ErrorBadValue("ConnectedComponents: " + std::to_string(options.SkipCells.GetNumberOfValues()) +
                                    " skip flags for " + std::to_string(n) + " cells.");
  return WithCudaFallback(
    options.Device, "connectedComponents", [&](auto) { return connectivity::ComponentsCuda(cells, options); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(
        cpu, [&](auto tag) { return connectivity::ComponentPasses<decltype(tag)>::Run(cells, options); });
    });
}
} // namespace algorithms
} // namespace loom
