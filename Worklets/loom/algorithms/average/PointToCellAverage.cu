// Loom algorithms: point data to cell data on CUDA (float32 and float64, every cell set and mask; the per-output
// path of the seeds, with the CPU devices as the fallback).
#include <loom/algorithms/average/AverageCuda.h>
#include <loom/algorithms/average/AverageImpl.h>

namespace loom
{
namespace algorithms
{
namespace average
{
FieldArray PointToCellAverageCuda(const CellSetAny& cells, const FieldArray& pointField, const OutputMask& mask,
                                  loom::cont::DeviceId device)
{
  return Run<loom::worklet::WorkletVisitCellsWithPoints>(cells, pointField, mask, device, NumberOfPoints(cells),
                                                          NumberOfCells(cells), "point", "cell");
}
} // namespace average
} // namespace algorithms
} // namespace loom
