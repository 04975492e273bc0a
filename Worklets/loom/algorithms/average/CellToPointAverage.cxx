// Loom algorithms: cell data to point data (every value kind, cell set and mask instantiated here).
#include <loom/algorithms/average/AverageImpl.h>
#ifdef LOOM_ENABLE_CUDA
#include <loom/algorithms/average/AverageCuda.h>
#endif

namespace loom
{
namespace algorithms
{
FieldArray CellToPointAverage(const CellSetAny& cells, const FieldArray& cellField, const OutputMask& mask,
                              loom::cont::DeviceId device)
{
#ifdef LOOM_ENABLE_CUDA
  if (loom::cont::RuntimeDeviceTracker::Get().Resolve(device) == loom::cont::DeviceId::Cuda)
    return average::CellToPointAverageCuda(cells, cellField, mask, device);
#endif
  return average::Run<loom::worklet::WorkletVisitPointsWithCells>(
    cells, cellField, mask, device, NumberOfCells(cells), NumberOfPoints(cells), "cell", "point");
}
} // namespace algorithms
} // namespace loom
