// Loom algorithms, measure family on CUDA: the same worklet as the CPU devices (CellSizeImpl.h).
#include <loom/algorithms/measure/CellSizeCuda.h>
#include <loom/algorithms/measure/CellSizeImpl.h>

namespace loom
{
namespace algorithms
{
namespace measure
{
void CellSizeCuda(const CellSetAny& cells, const FieldArray& points, const CellSizeOptions& options,
                  CellSizes& sizes)
{
  RunCellSize(cells, points, options, sizes, loom::cont::DeviceId::Cuda);
}
} // namespace measure
} // namespace algorithms
} // namespace loom
