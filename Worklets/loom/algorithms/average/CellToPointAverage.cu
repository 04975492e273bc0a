// Loom algorithms: cell data to point data on CUDA (float32 and float64, every cell set and mask; the per-output
// path of the seeds, with the CPU devices as the fallback).
#include <loom/algorithms/average/AverageCuda.h>
#include <loom/algorithms/average/AverageImpl.h>

namespace loom
{
namespace algorithms
{
namespace average
{
FieldArray CellToPointAverageCuda(const CellSetAny& cells, const FieldArray& cellField, const OutputMask& mask,
                                  loom::cont::DeviceId device)
{
  return Run<loom::worklet::WorkletVisitPointsWithCells>(cells, cellField, mask, device, NumberOfCells(cells),
                                                          NumberOfPoints(cells), "cell", "point");
}
} // namespace average
} // namespace algorithms
} // namespace loom
