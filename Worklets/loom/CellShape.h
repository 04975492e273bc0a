// Loom: cell shape ids (VTK's numbering for the linear cells) and their point counts.
#pragma once

#include <loom/Types.h>

namespace loom
{
/// Cell shapes, numbered as VTK numbers them so that VTK cell types pass through unchanged.
enum CellShapeId : UInt8
{
  CELL_SHAPE_EMPTY = 0,
  CELL_SHAPE_VERTEX = 1,
  CELL_SHAPE_POLY_VERTEX = 2,
  CELL_SHAPE_LINE = 3,
  CELL_SHAPE_POLY_LINE = 4,
  CELL_SHAPE_TRIANGLE = 5,
  CELL_SHAPE_TRIANGLE_STRIP = 6,
  CELL_SHAPE_POLYGON = 7,
  CELL_SHAPE_PIXEL = 8,
  CELL_SHAPE_QUAD = 9,
  CELL_SHAPE_TETRA = 10,
  CELL_SHAPE_VOXEL = 11,
  CELL_SHAPE_HEXAHEDRON = 12,
  CELL_SHAPE_WEDGE = 13,
  CELL_SHAPE_PYRAMID = 14
};

/// Points of a fixed-size shape; -1 for shapes with any number of points (poly-vertex, poly-line,
/// triangle strip, polygon) and for shapes Loom does not know.
LOOM_EXEC_CONT constexpr IdComponent CellShapeNumberOfPoints(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_VERTEX:
      return 1;
    case CELL_SHAPE_LINE:
      return 2;
    case CELL_SHAPE_TRIANGLE:
      return 3;
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_TETRA:
      return 4;
    case CELL_SHAPE_PYRAMID:
      return 5;
    case CELL_SHAPE_WEDGE:
      return 6;
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON:
      return 8;
    default:
      return -1;
  }
}

/// True for the linear cell shapes Loom handles (the list above, not empty cells).
LOOM_EXEC_CONT constexpr bool IsSupportedCellShape(UInt8 shape)
{
  return shape == CELL_SHAPE_POLY_VERTEX || shape == CELL_SHAPE_POLY_LINE ||
         shape == CELL_SHAPE_TRIANGLE_STRIP || shape == CELL_SHAPE_POLYGON ||
         CellShapeNumberOfPoints(shape) > 0;
}

/// The two kinds of topology elements a topology worklet visits or reads.
struct TopologyElementTagPoint
{
};
struct TopologyElementTagCell
{
};
} // namespace loom
