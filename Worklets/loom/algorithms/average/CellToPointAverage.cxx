// Loom algorithms: cell data to point data (every value kind, cell set and mask instantiated here).
#include <loom/algorithms/average/AverageImpl.h>

namespace loom
{
namespace algorithms
{
FieldArray CellToPointAverage(const CellSetAny& cells, const FieldArray& cellField, const OutputMask& mask,
                              loom::cont::DeviceId device)
{
  return average::Run<loom::worklet::WorkletVisitPointsWithCells>(
    cells, cellField, mask, device, NumberOfCells(cells), NumberOfPoints(cells), "cell", "point");
}
} // namespace algorithms
} // namespace loom
