// Loom algorithms, connectivity family: the checks and the device choice (the CPU instantiations of the
// union-find passes are here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/connectivity/ConnectivityCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/connectivity/ConnectivityImpl.h>

#include <limits>
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

std::vector<Id> RegionCellCounts(const Components& components)
{
  std::vector<Id> counts(static_cast<std::size_t>(components.Regions), 0);
  const Id n = components.CellRegions.GetNumberOfValues();
  const auto region = components.CellRegions.ReadPortal();
  for (Id c = 0; c < n; ++c)
    if (const Id r = region.Get(c); r >= 0)
      ++counts[static_cast<std::size_t>(r)];
  return counts;
}

Id ClosestPoint(const FieldArray& points, const double x[3])
{
  if (points.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("ClosestPoint: points of " + std::to_string(points.GetNumberOfComponents()) +
                                    " components where 3 are needed.");
  return CallWithKind(points.GetKind(), [&](auto t) {
    using T = decltype(t);
    const ComponentPortal<T> p = points.GetPortal<T>();
    // vtkConnectivityFilter starts from the largest double and point 0, and takes a strictly smaller
    // distance only.
    double best = std::numeric_limits<double>::max();
    Id closest = 0;
    for (Id i = 0, n = points.GetNumberOfTuples(); i < n; ++i)
    {
      const double dx = static_cast<double>(p.Get(i, 0)) - x[0], dy = static_cast<double>(p.Get(i, 1)) - x[1],
                   dz = static_cast<double>(p.Get(i, 2)) - x[2];
      const double d = dx * dx + dy * dy + dz * dz;
      if (d < best)
      {
        best = d;
        closest = i;
      }
    }
    return closest;
  });
}
} // namespace algorithms
} // namespace loom
