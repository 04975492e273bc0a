// Loom algorithms: CheckCellArrays: chunks of the offsets and of the connectivity checked in
// parallel; each chunk keeps the first fault it meets, the lowest chunk's fault is reported.
#include <loom/CellShape.h>
#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/HostForEach.h>

#include <algorithm>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
constexpr Id Chunk = 1 << 16;

template <typename T>
std::string CheckTyped(const loom::cont::ArrayHandle<T>& offsetsHandle, const loom::cont::ArrayHandle<T>& connHandle,
                       const loom::cont::ArrayHandle<UInt8>& shapesHandle, Id numberOfPoints, Id numberOfCells,
                       loom::cont::DeviceId device)
{
  const Id numOffsets = offsetsHandle.GetNumberOfValues();
  const Id numConn = connHandle.GetNumberOfValues();
  if (numOffsets == 0)
    return numberOfCells > 0 ? "the cell array has no offsets for its " + std::to_string(numberOfCells) + " cells"
                             : std::string();
  if (numberOfCells >= 0 && numOffsets != numberOfCells + 1)
    return "the cell array has " + std::to_string(numOffsets) + " offsets for " + std::to_string(numberOfCells) +
      " cells (it needs one more offset than cells)";
  const T* offsets = offsetsHandle.ReadPortal().GetArray();
  const T* conn = connHandle.ReadPortal().GetArray();
  const Id numShapes = shapesHandle.GetNumberOfValues();
  if (numShapes > 0 && numShapes != numOffsets - 1)
    return "there are " + std::to_string(numShapes) + " cell types for " + std::to_string(numOffsets - 1) + " cells";
  const UInt8* shapes = numShapes > 0 ? shapesHandle.ReadPortal().GetArray() : nullptr;
  if (offsets[0] != 0)
    return "the cell array's first offset is " + std::to_string(offsets[0]) + ", not 0";
  if (offsets[numOffsets - 1] != numConn)
    return "the cell array's last offset is " + std::to_string(offsets[numOffsets - 1]) + " but its connectivity has " +
      std::to_string(numConn) + " entries";

  // First fault per chunk: offsets chunks first, then connectivity chunks.
  const Id offsetChunks = (numOffsets - 1 + Chunk - 1) / Chunk;
  const Id connChunks = (numConn + Chunk - 1) / Chunk;
  if (offsetChunks + connChunks == 0)
    return std::string();
  std::vector<Id> fault(static_cast<size_t>(offsetChunks + connChunks), -1);
  // For a WorkMonitor the check counts as a quarter pass over the cells (it only reads), whatever their size.
  const Id perChunk = std::max<Id>(1, (numOffsets - 1) / (4 * (offsetChunks + connChunks)));
  HostForEach(device, offsetChunks + connChunks, 1, perChunk, [&](Id c) {
    if (c < offsetChunks)
    {
      const Id end = std::min<Id>(numOffsets - 1, (c + 1) * Chunk);
      for (Id i = c * Chunk; i < end; ++i)
      {
        if (offsets[i + 1] < offsets[i])
        {
          fault[c] = i + 1;
          return;
        }
        // A fixed-size shape with another point count: a family would read past the cell.
        const IdComponent expected = shapes ? CellShapeNumberOfPoints(shapes[i]) : -1;
        if (expected > 0 && offsets[i + 1] - offsets[i] != static_cast<T>(expected))
        {
          fault[c] = i + 1;
          return;
        }
      }
    }
    else
    {
      const Id k = c - offsetChunks;
      const Id begin = k * Chunk, end = std::min<Id>(numConn, begin + Chunk);
      // A branch-free sweep first (vectorizes), the position only when it failed.
      T low = 0, high = 0;
      for (Id i = begin; i < end; ++i)
      {
        low = std::min(low, conn[i]);
        high = std::max(high, conn[i]);
      }
      if (low < 0 || static_cast<Id>(high) >= numberOfPoints)
        for (Id i = begin; i < end; ++i)
          if (conn[i] < 0 || static_cast<Id>(conn[i]) >= numberOfPoints)
          {
            fault[c] = i;
            return;
          }
    }
  });
  for (Id c = 0; c < offsetChunks + connChunks; ++c)
  {
    const Id i = fault[c];
    if (i < 0)
      continue;
    if (c < offsetChunks && offsets[i] < offsets[i - 1])
      return "the cell array's offset " + std::to_string(i) + " (" + std::to_string(offsets[i]) +
        ") is below the one before it (" + std::to_string(offsets[i - 1]) + ")";
    if (c < offsetChunks)
      return "cell " + std::to_string(i - 1) + " has VTK cell type " + std::to_string(int(shapes[i - 1])) + " and " +
        std::to_string(offsets[i] - offsets[i - 1]) + " points; that type has " +
        std::to_string(CellShapeNumberOfPoints(shapes[i - 1]));
    return "connectivity entry " + std::to_string(i) + " names point " + std::to_string(conn[i]) + "; there are " +
      std::to_string(numberOfPoints) + " points";
  }
  return std::string();
}
} // namespace

std::string CheckCellArrays(const CellArrays& cells, Id numberOfPoints, Id numberOfCells, loom::cont::DeviceId device,
                            const loom::cont::ArrayHandle<UInt8>& shapes)
{
  return cells.Is64Bit
    ? CheckTyped(cells.Offsets64, cells.Connectivity64, shapes, numberOfPoints, numberOfCells, device)
    : CheckTyped(cells.Offsets32, cells.Connectivity32, shapes, numberOfPoints, numberOfCells, device);
}
void CheckXyzPoints(const CellSetAny& cells, const FieldArray& points, const char* takes)
{
  if (points.GetNumberOfComponents() != 3 || points.GetNumberOfTuples() != NumberOfPoints(cells))
    throw loom::cont::ErrorBadValue("the points (" + std::to_string(points.GetNumberOfTuples()) + " tuples of " +
                                    std::to_string(points.GetNumberOfComponents()) + " components) do not match the cells' " +
                                    std::to_string(NumberOfPoints(cells)) + " xyz points.");
  if (points.GetKind() != ValueKind::Float32 && points.GetKind() != ValueKind::Float64)
    throw loom::cont::ErrorBadType(std::string("the points hold ") + ValueKindName(points.GetKind()) + "; " + takes +
                                   " float32 or float64 points.");
}
} // namespace algorithms
} // namespace loom
