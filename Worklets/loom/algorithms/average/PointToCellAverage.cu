// Loom algorithms: point data to cell data on CUDA (every value kind, cell set and mask; the per-output
// path of the seeds, with the CPU devices as the fallback).
#include <loom/algorithms/average/AverageCuda.h>
#include <loom/algorithms/average/AverageImpl.h>
#include <loom/cont/cuda/CudaMemory.h>

namespace loom
{
namespace algorithms
{
namespace average
{
FieldArray PointToCellAverageCuda(const CellSetAny& cells, const FieldArray& pointField, const OutputMask& mask,
                                  loom::cont::DeviceId device)
{
  FieldArray result = Run<loom::worklet::WorkletVisitCellsWithPoints>(cells, pointField, mask, device, NumberOfPoints(cells),
                                                                       NumberOfCells(cells), "point", "cell");
  loom::cont::cuda::internal::Synchronize("pointToCellAverage on CUDA"); // kernels run asynchronously
  return result;
}
} // namespace average
} // namespace algorithms
} // namespace loom
