// Loom algorithms: tetrahedralize, the counting path for mixed cells (every cell set instantiated here).
#include <loom/algorithms/tetrahedralize/TetrahedralizeImpl.h>

namespace loom
{
namespace algorithms
{
namespace tetrahedralize
{
void RunMixedCells(const CellSetAny& cells, bool five, loom::cont::DeviceId device, SimplexCells& result)
{
  // Structured 2D and 3D grids take the uniform paths (Tetrahedralize.cxx).
  RunMixedAnyCells(cells, five, device, result);
}
} // namespace tetrahedralize
} // namespace algorithms
} // namespace loom
