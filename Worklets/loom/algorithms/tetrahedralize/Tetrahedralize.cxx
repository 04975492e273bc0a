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

template <typename CellSetType>
void RunHexahedraAnyIds(const CellSetType& cells, bool five, Id pointDimX, Id pointDimY,
                        loom::cont::DeviceId device, SimplexCells& result)
{
  const bool fits = Fits32(cells.GetNumberOfPoints()) && Fits32(cells.GetNumberOfCells() * (five ? 5 : 6) * 4);
  if (five)
  {
    if (fits)
      RunHexahedra<5, Int32>(cells, pointDimX, pointDimY, device, result);
    else
      RunHexahedra<5, Int64>(cells, pointDimX, pointDimY, device, result);
  }
  else if (fits)
    RunHexahedra<6, Int32>(cells, 0, 0, device, result);
  else
    RunHexahedra<6, Int64>(cells, 0, 0, device, result);
}

template <typename OutId>
void RunQuads(const loom::cont::CellSetStructured<2>& cells, loom::cont::DeviceId device, SimplexCells& result)
{
  loom::cont::ArrayHandle<Vec<OutId, 3>> triangles;
  loom::cont::Invoker{ device }(EmitQuadTriangles<OutId>{}, cells, triangles);
  result.NumberOfCells = triangles.GetNumberOfValues();
  result.ChildrenPerCell = 2;
  loom::cont::ArrayHandle<OutId> offsets;
  FillUniformLayout<OutId>(device, result.NumberOfCells, 3, CELL_SHAPE_TRIANGLE, offsets, result.Shapes);
  Store(result, offsets, Flatten(triangles));
}

// One pass over an explicit cell set's shapes and offsets: every shape known and every fixed-size
// cell with its number of points. True when all cells are hexahedra or voxels.
template <typename OffsetsT, typename ConnT>
bool CheckExplicit(const loom::cont::CellSetExplicit<OffsetsT, ConnT>& cells)
{
  const Id n = cells.GetNumberOfCells();
  const UInt8* shapes = cells.GetShapes().GetPointer();
  const OffsetsT* offsets = cells.GetOffsets().GetPointer();
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
  if (const auto* s3 = std::get_if<loom::cont::CellSetStructured<3>>(&cells))
  {
    const Id3 dims = s3->GetPointDimensions();
    RunHexahedraAnyIds(*s3, five, dims[0], dims[1], device, result);
  }
  else if (const auto* s2 = std::get_if<loom::cont::CellSetStructured<2>>(&cells))
  {
    if (Fits32(s2->GetNumberOfPoints()) && Fits32(s2->GetNumberOfCells() * 6))
      RunQuads<Int32>(*s2, device, result);
    else
      RunQuads<Int64>(*s2, device, result);
  }
  else if (const auto* e32 = std::get_if<loom::cont::CellSetExplicit<Int32, Int32>>(&cells))
  {
    if (CheckExplicit(*e32))
      RunHexahedraAnyIds(*e32, five, 0, 0, device, result);
    else
      RunMixedCells(cells, five, device, result);
  }
  else if (const auto* e64 = std::get_if<loom::cont::CellSetExplicit<Int64, Int64>>(&cells))
  {
    if (CheckExplicit(*e64))
      RunHexahedraAnyIds(*e64, five, 0, 0, device, result);
    else
      RunMixedCells(cells, five, device, result);
  }
  else
  {
    RunMixedCells(cells, five, device, result);
  }
  return result;
}
} // namespace algorithms
} // namespace loom
