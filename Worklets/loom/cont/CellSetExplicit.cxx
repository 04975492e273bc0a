// Loom: the point-to-cell connectivity of explicit cell sets, built as a counting sort by point id
// (count, prefix sum, place).
#include <loom/cont/Algorithm.h>
#include <loom/cont/CellSetExplicit.h>
#include <loom/cont/internal/CpuSchedule.h>

#include <atomic>

#include <algorithm>

namespace loom
{
namespace cont
{
namespace internal
{
std::atomic<Id>& ReverseBuilds()
{
  static std::atomic<Id> builds{ 0 };
  return builds;
}

Id NumberOfReverseConnectivityBuilds()
{
  return ReverseBuilds().load();
}

template <typename OffsetsT, typename ConnT>
ReverseConnectivity BuildReverseConnectivity(const ArrayHandle<OffsetsT>& cellOffsets,
                                             const ArrayHandle<ConnT>& connectivity, Id numberOfPoints,
                                             DeviceId device)
{
  ++ReverseBuilds();
  // A counting sort by point id: count the uses of every point, prefix-sum the counts into offsets,
  // then place every (point, cell) use in cell order, so each point's cells come out sorted. The
  // passes are sequential: a version with atomic counters and cursors on the TBB device measured
  // twice as slow on this 2-core machine kind (0.15 s against 0.07 s for 128^3 hexahedra); the
  // prefix sum runs on the requested device.
  const Id numberOfCells = cellOffsets.GetNumberOfValues() - 1;
  const Id m = connectivity.GetNumberOfValues();
  const OffsetsT* offsets = cellOffsets.ReadPortal().GetArray(); // reads: device copies stay current
  const ConnT* conn = connectivity.ReadPortal().GetArray();

  ArrayHandle<Id> cursor;
  cursor.Allocate(numberOfPoints + 1);
  Id* count = cursor.GetPointer();
  std::fill(count, count + numberOfPoints + 1, Id(0));
  // (Both passes go through the sequential schedule: in order on this thread, in pieces that a
  // WorkMonitor can watch and stop.)
  auto countUses = [&](Id begin, Id end) {
    for (Id k = begin; k < end; ++k)
    {
      const Id p = static_cast<Id>(conn[k]);
      if (p < 0 || p >= numberOfPoints)
        throw ErrorBadValue("Cell set: point id " + std::to_string(p) + " (connectivity entry " +
                            std::to_string(k) + ") is outside the " + std::to_string(numberOfPoints) +
                            " points.");
      ++count[p];
    }
  };
  // (Counted per cell for the monitor: each pass is one pass over the cells.)
  auto countCells = [&](Id begin, Id end) {
    countUses(static_cast<Id>(offsets[begin]), static_cast<Id>(offsets[end]));
  };
  internal::CpuSequentialRanges(countCells, numberOfCells);
  ReverseConnectivity result;
  Algorithm::ScanExclusive(device, cursor, result.Offsets, Id(0));
  std::copy(result.Offsets.GetPointer(), result.Offsets.GetPointer() + numberOfPoints + 1, count);
  result.CellIds.Allocate(m);
  Id* cells = result.CellIds.GetPointer();
  auto place = [&](Id begin, Id end) {
    for (Id c = begin; c < end; ++c)
      for (Id k = static_cast<Id>(offsets[c]); k < static_cast<Id>(offsets[c + 1]); ++k)
        cells[count[conn[k]]++] = c;
  };
  internal::CpuSequentialRanges(place, numberOfCells);
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
