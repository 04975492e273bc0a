// Loom algorithms: cell data to point data (the worklets for float32 and float64, every cell set and mask, instantiated here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/average/AverageImpl.h>
#include <loom/algorithms/average/AverageCuda.h> // declarations only: called in CUDA builds

namespace loom
{
namespace algorithms
{
FieldArray CellToPointAverage(const CellSetAny& cells, const FieldArray& cellField, const OutputMask& mask,
                              loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "cellToPointAverage", [&](auto) { return average::CellToPointAverageCuda(cells, cellField, mask, device); },
    [&](loom::cont::DeviceId cpu) {
      return average::Run<loom::worklet::WorkletVisitPointsWithCells>(
        cells, cellField, mask, cpu, NumberOfCells(cells), NumberOfPoints(cells), "cell", "point");
    });
}
} // namespace algorithms
} // namespace loom
