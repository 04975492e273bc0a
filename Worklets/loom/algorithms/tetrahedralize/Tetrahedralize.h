// Loom algorithms, tetrahedralize family: 3D cells to tetrahedra (hexahedra and voxels to 6 or 5,
// wedges to 3, pyramids to 2), 2D cells to triangles, poly-cells to their simplices, and cell data
// copied from each cell to its children.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// How hexahedra and voxels are split.
enum class HexSplit : UInt8
{
  /// Six tetrahedra around the diagonal from local point 0 to 6: every cell split the same way, so
  /// faces match wherever neighbouring cells are oriented alike (structured grids, grids made from them).
  Six,
  /// Five tetrahedra (a central one and four corners); on structured grids the two mirror splits
  /// alternate with the parity of i+j+k so that faces match. Explicit hexahedra all take the first.
  Five
};

/// The simplices, laid out as vtkCellArray stores cells: Shapes (one per cell), Offsets (one more than
/// cells) and Connectivity, in 32-bit integers when the point ids and the connectivity length fit,
/// else in 64-bit (Is64Bit). Children of input cell c are output cells [ChildBegin(c), ChildBegin(c+1)).
struct SimplexCells
{
  Id NumberOfCells = 0;
  loom::cont::ArrayHandle<UInt8> Shapes;
  bool Is64Bit = false;
  loom::cont::ArrayHandle<Int32> Offsets32, Connectivity32;
  loom::cont::ArrayHandle<Int64> Offsets64, Connectivity64;
  /// Non-zero when every input cell has this many children (ScatterUniform); ChildOffsets is then empty.
  IdComponent ChildrenPerCell = 0;
  /// Otherwise the first child of each input cell, plus the total (ScatterCounting's offsets).
  loom::cont::ArrayHandle<Id> ChildOffsets;

  Id ChildBegin(Id cell) const
  {
    return this->ChildrenPerCell > 0 ? cell * this->ChildrenPerCell : this->ChildOffsets.ReadPortal().Get(cell);
  }
};

/// Splits every cell into simplices of its own dimension: hexahedra and voxels into 6 or 5
/// tetrahedra, wedges into 3 and pyramids into 2 (their quadrilateral faces cut through the face's
/// smallest point id, so neighbours agree), tetrahedra kept; pixels and quads into 2 triangles,
/// polygons fanned from their first point, triangle strips unrolled, triangles kept; poly-lines into
/// lines, poly-vertices into vertices. Tetrahedra are positively oriented when the input cells are.
/// ErrorBadType for a shape Loom does not know, ErrorBadValue for a cell with the wrong number of points.
SimplexCells Tetrahedralize(const CellSetAny& cells, HexSplit split,
                            loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// One tuple per output cell: the tuple of its parent input cell. ErrorBadValue when the field does
/// not have one tuple per input cell.
FieldArray GatherToChildren(const SimplexCells& cells, Id numberOfInputCells, const FieldArray& cellField,
                            loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
