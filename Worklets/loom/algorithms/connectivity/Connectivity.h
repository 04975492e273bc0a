// Loom algorithms, connectivity family: the connected components of a cell set, cells joined through the
// points they share, as VTK's vtkConnectivityFilter grows its regions: region ids in the order of each
// region's smallest cell id (VTK seeds its regions from the cells in id order). Data-parallel union-find:
// every cell joins its points' sets (a lock-free union that hooks the larger root under the smaller), then
// every node finds its root. The regions do not depend on the device or the thread count.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
struct ComponentsOptions
{
  /// One flag per cell (empty: none): flagged cells join nothing and have no region (-1).
  loom::cont::ArrayHandle<UInt8> SkipCells;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

struct Components
{
  /// Per cell: its region, 0 for the region of the first kept cell and counting up in the order of the
  /// regions' smallest cell ids; -1 for skipped cells.
  loom::cont::ArrayHandle<Id> CellRegions;
  /// Per point: the region of the cells that use it; -1 for a point no (unskipped) cell uses.
  loom::cont::ArrayHandle<Id> PointRegions;
  Id Regions = 0;
};

/// The connected components of `cells` (cells sharing a point are connected).
Components ConnectedComponents(const CellSetAny& cells, const ComponentsOptions& options = ComponentsOptions());

/// The number of cells in each region of `components` (Regions values; skipped cells counted nowhere).
/// One pass on the host over the cells' regions.
std::vector<Id> RegionCellCounts(const Components& components);

/// The point of `points` (an xyz field) nearest to `x`, as vtkConnectivityFilter takes it: the first point
/// of the smallest squared distance (a NaN distance is never the smallest); 0 when none is smaller than
/// the largest double (no points, or every distance NaN or infinite). One pass on the host.
Id ClosestPoint(const FieldArray& points, const double x[3]);
} // namespace algorithms
} // namespace loom
