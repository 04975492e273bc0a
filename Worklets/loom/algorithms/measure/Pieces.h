// Loom algorithms, measure family: what Cell Size and Integrate share about linear cells: a shape's
// dimension, and the tetrahedra VTK cuts the 3D shapes into (vtkCell::Triangulate(1), which both VTK
// filters measure with; the tables were read off VTK's cells and are checked against VTK in the tests).
#pragma once

#include <loom/CellShape.h>
#include <loom/Macros.h>
#include <loom/Types.h>

namespace loom
{
namespace algorithms
{
namespace measure
{
/// The topological dimension of a linear shape (-1: none, as for VTK's empty cell).
LOOM_EXEC_CONT inline int Dimension(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_VERTEX:
    case CELL_SHAPE_POLY_VERTEX: return 0;
    case CELL_SHAPE_LINE:
    case CELL_SHAPE_POLY_LINE: return 1;
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_TRIANGLE_STRIP:
    case CELL_SHAPE_POLYGON:
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_QUAD: return 2;
    case CELL_SHAPE_TETRA:
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON:
    case CELL_SHAPE_WEDGE:
    case CELL_SHAPE_PYRAMID: return 3;
    default: return -1;
  }
}

/// How many tetrahedra VTK cuts a hexahedron, wedge or pyramid into (0 for other shapes).
LOOM_EXEC_CONT inline int TetrahedronCount(UInt8 shape)
{
  return shape == CELL_SHAPE_HEXAHEDRON ? 5 : shape == CELL_SHAPE_WEDGE ? 3 : shape == CELL_SHAPE_PYRAMID ? 2 : 0;
}

/// The corners (cell corner numbers) of tetrahedron `t` of those VTK cuts `shape` into. A pyramid is cut
/// along the shorter diagonal of its base: `pyramidAlong02` when corners 0-2 are closer than 1-3 (the 1-3
/// diagonal on a tie).
LOOM_EXEC_CONT inline void TetrahedronCorners(UInt8 shape, int t, bool pyramidAlong02, int corners[4])
{
  constexpr int hexahedron[5][4] = { { 0, 1, 3, 4 }, { 1, 4, 5, 6 }, { 1, 4, 6, 3 }, { 1, 3, 6, 2 }, { 3, 6, 7, 4 } };
  constexpr int wedge[3][4] = { { 0, 2, 1, 3 }, { 1, 3, 5, 4 }, { 1, 2, 5, 3 } };
  constexpr int pyramid[2][2][4] = { { { 0, 1, 2, 4 }, { 0, 2, 3, 4 } }, { { 0, 1, 3, 4 }, { 1, 2, 3, 4 } } };
  for (int k = 0; k < 4; ++k)
    corners[k] = shape == CELL_SHAPE_HEXAHEDRON ? hexahedron[t][k]
      : shape == CELL_SHAPE_WEDGE               ? wedge[t][k]
                                                : pyramid[pyramidAlong02 ? 0 : 1][t][k];
}
} // namespace measure
} // namespace algorithms
} // namespace loom
