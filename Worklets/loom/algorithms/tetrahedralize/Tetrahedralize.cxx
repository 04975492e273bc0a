// Loom algorithms: tetrahedralize entry (checks, and the uniform paths: hexahedra and voxels to 6 or
// 5 tetrahedra, quadrilaterals of 2D grids to 2 triangles).
#include <loom/algorithms/tetrahedralize/TetrahedralizeImpl.h>

namespace loom
{
namespace algorithms
{
namespace
{
using namespace loom::algorithms::tetrahedralize;

// One pass over an explicit cell set's shapes and offsets: every shape known and every fixed-size
// cell with its number of points. True when all cells are hexahedra or voxels.
template <typename OffsetsT, typename ConnT>
bool CheckExplicit(const loom::cont::CellSetExplicit<OffsetsT, ConnT>& cells)
{
  const Id n = cells.GetNumberOfCells();
  const UInt8* shapes = cells.GetShapes().ReadPortal().GetArray(); // reads: device copies stay current
  const OffsetsT* offsets = cells.GetOffsets().ReadPortal().GetArray();
  bool allHexahedra = n > 0;
  for (Id c = 0; c < n; ++c)
  {
    const UInt8 shape = shapes[c];
    if (!IsSupportedCellShape(shape))
      throw loom::cont::ErrorBadType("Tetrahedralize: cell " + std::to_string(c) + " has shape " +
                                     std::to_string(int(shape)) + ", which Loom cannot split.");
    const Id points = static_cast<Id>(offsets[c + 1] - offsets[c]);
    const IdComponent expected = CellShapeNumberOfPoints(shape);
    if ((expected > 0 && points != expected) || points < 0)
      throw loom::cont::ErrorBadValue("Tetrahedralize: cell " + std::to_string(c) + " of shape " +
                                      std::to_string(int(shape)) + " has " + std::to_string(points) +
                                      " points; that shape has " + std::to_string(expected) + ".");
    allHexahedra = allHexahedra && (shape == CELL_SHAPE_HEXAHEDRON || shape == CELL_SHAPE_VOXEL);
  }
  return allHexahedra;
}
} // namespace

SimplexCells Tetrahedralize(const CellSetAny& cells, HexSplit split, loom::cont::DeviceId device)
{
  SimplexCells result;
  const bool five = split == HexSplit::Five;
  if (NumberOfCells(cells) == 0)
  {
    result.Offsets32 = loom::cont::make_ArrayHandle(std::vector<Int32>{ 0 });
    result.Connectivity32.Allocate(0);
    result.Shapes.Allocate(0);
    result.ChildOffsets = loom::cont::make_ArrayHandle(std::vector<Id>{ 0 });
    return result;
  }
  bool allHexahedra = false;
  if (const auto* e32 = std::get_if<loom::cont::CellSetExplicit<Int32, Int32>>(&cells))
    allHexahedra = CheckExplicit(*e32);
  else if (const auto* e64 = std::get_if<loom::cont::CellSetExplicit<Int64, Int64>>(&cells))
    allHexahedra = CheckExplicit(*e64);
  return WithCudaFallback(
    device, "tetrahedralize",
    [&](auto) {
      TetrahedralizeCuda(cells, five, allHexahedra, result);
      return result;
    },
    [&](loom::cont::DeviceId cpu) {
      result = SimplexCells();
      SplitCells(cells, five, allHexahedra, cpu, result, RunMixedCells);
      return result;
    });
}
} // namespace algorithms
} // namespace loom
