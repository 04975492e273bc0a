// Loom: the point-to-cell connectivity of explicit cell sets, built with the device algorithms:
// (point, cell) pairs, a stable radix sort by point, then the first position of every point.
#include <loom/cont/Algorithm.h>
#include <loom/cont/CellSetExplicit.h>

namespace loom
{
namespace cont
{
namespace internal
{
template <typename OffsetsT, typename ConnT>
ReverseConnectivity BuildReverseConnectivity(const ArrayHandle<OffsetsT>& cellOffsets,
                                             const ArrayHandle<ConnT>& connectivity, Id numberOfPoints,
                                             DeviceId device)
{
  const Id numberOfCells = cellOffsets.GetNumberOfValues() - 1;
  const Id m = connectivity.GetNumberOfValues();
  if (numberOfCells >= 0 && m > 0)
  {
    const ConnT lo = Algorithm::Reduce(device, connectivity, connectivity.ReadPortal().Get(0), Minimum{});
    const ConnT hi = Algorithm::Reduce(device, connectivity, connectivity.ReadPortal().Get(0), Maximum{});
    if (lo < 0 || static_cast<Id>(hi) >= numberOfPoints)
      throw ErrorBadValue("Cell set: point id " + std::to_string(lo < 0 ? Id(lo) : Id(hi)) +
                          " is outside the " + std::to_string(numberOfPoints) + " points.");
  }
  ArrayHandle<Id> pointKeys;
  ReverseConnectivity result;
  pointKeys.Allocate(m);
  result.CellIds.Allocate(m);
  Id* keys = pointKeys.GetPointer();
  Id* cells = result.CellIds.GetPointer();
  const OffsetsT* offsets = cellOffsets.GetPointer();
  const ConnT* conn = connectivity.GetPointer();
  Algorithm::Schedule(
    device,
    [=](Id c) {
      for (Id k = static_cast<Id>(offsets[c]); k < static_cast<Id>(offsets[c + 1]); ++k)
      {
        keys[k] = static_cast<Id>(conn[k]);
        cells[k] = c;
      }
    },
    numberOfCells > 0 ? numberOfCells : 0);
  Algorithm::SortByKey(device, pointKeys, result.CellIds); // stable: cells stay in order
  Algorithm::LowerBounds(device, pointKeys, ArrayHandleIndex(numberOfPoints + 1), result.Offsets);
  return result;
}

template ReverseConnectivity BuildReverseConnectivity(const ArrayHandle<Int32>&, const ArrayHandle<Int32>&,
                                                      Id, DeviceId);
template ReverseConnectivity BuildReverseConnectivity(const ArrayHandle<Int64>&, const ArrayHandle<Int64>&,
                                                      Id, DeviceId);
template ReverseConnectivity BuildReverseConnectivity(const ArrayHandle<Int64>&, const ArrayHandle<Int32>&,
                                                      Id, DeviceId);
} // namespace internal
} // namespace cont
} // namespace loom
