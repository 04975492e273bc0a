// Loom algorithms, tetrahedralize family on CUDA: the same worklets and paths as the CPU devices
// (TetrahedralizeImpl.h): ScatterUniform<6>/<5> for hexahedra and voxels and ScatterUniform<2> for
// quads through the seeds' per-output path, ScatterCounting (offsets and maps made on the GPU) for
// mixed cells, the uniform layout written by a kernel. The connectivity of the uniform paths comes
// back to the host at once (it is flattened for VTK, and its device copy freed); the offsets and
// shapes when the caller reads them.
#include <loom/algorithms/tetrahedralize/TetrahedralizeImpl.h>

namespace loom
{
namespace algorithms
{
namespace tetrahedralize
{
void TetrahedralizeCuda(const CellSetAny& cells, bool five, bool allHexahedra, SimplexCells& result)
{
  SplitCells(cells, five, allHexahedra, loom::cont::DeviceId::Cuda, result, RunMixedAnyCells);
}
} // namespace tetrahedralize
} // namespace algorithms
} // namespace loom
