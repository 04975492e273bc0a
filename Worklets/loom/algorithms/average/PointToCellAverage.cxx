// Loom algorithms: point data to cell data (every value kind, cell set and mask instantiated here).
#include <loom/algorithms/average/AverageImpl.h>

namespace loom
{
namespace algorithms
{
FieldArray PointToCellAverage(const CellSetAny& cells, const FieldArray& pointField, const OutputMask& mask,
                              loom::cont::DeviceId device)
{
  return average::Run<loom::worklet::WorkletVisitCellsWithPoints>(
    cells, pointField, mask, device, NumberOfPoints(cells), NumberOfCells(cells), "point", "cell");
}
} // namespace algorithms
} // namespace loom
