// Loom algorithms: point data to cell data (the worklets for float32 and float64, every cell set and mask, instantiated here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/average/AverageImpl.h>
#include <loom/algorithms/average/AverageCuda.h> // declarations only: called in CUDA builds

namespace loom
{
namespace algorithms
{
FieldArray PointToCellAverage(const CellSetAny& cells, const FieldArray& pointField, const OutputMask& mask,
                              loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "pointToCellAverage", [&](auto) { return average::PointToCellAverageCuda(cells, pointField, mask, device); },
    [&](loom::cont::DeviceId cpu) {
      return average::Run<loom::worklet::WorkletVisitCellsWithPoints>(
        cells, pointField, mask, cpu, NumberOfPoints(cells), NumberOfCells(cells), "point", "cell");
    });
}
} // namespace algorithms
} // namespace loom
