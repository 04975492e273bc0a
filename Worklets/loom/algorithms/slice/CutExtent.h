// Loom algorithms, slice family: the part of a grid a bounded cut can touch. The level sets of a sphere's or
// a box's function (or, across its axis, a cylinder's along a coordinate axis) lie in a box; on an axis-aligned
// uniform or rectilinear grid the cells that meet it are a sub-grid (an extent), and no cell outside it is
// crossed: a cut (or a clip that keeps the inside) of that sub-grid gives the cut of the whole grid, reading and
// moving only its part of the arrays.
#pragma once

#include <loom/Types.h>
#include <loom/algorithms/GridExtent.h>
#include <loom/algorithms/slice/ImplicitFunction.h>

#include <vector>

namespace loom
{
namespace algorithms
{
/// Scalar coordinate of point plane `i` along axis `a` of an axis-aligned grid (axes as GridPoints takes them:
/// axis a's own part, and the other axes' constant parts).
double GridAxisCoordinate(const std::vector<double> axes[3], int a, Id i);

/// Whether each axis of a grid of `pointDims` points (axes as GridPoints takes them) moves its own coordinate
/// only, strictly monotonically: an axis-aligned uniform or rectilinear grid (an axis of one point counts).
bool GridIsAxisAligned(const Id3& pointDims, const std::vector<double> axes[3]);

/// The function's values at or below `level` lie in the box [low, high] of its own space (before its
/// transform): true for spheres and boxes, and for cylinders whose axis leaves a coordinate still (the box is
/// infinite along the coordinates the axis moves); `low` > `high` on an axis when no point has such a value.
/// False for planes and cylinders with an axis that moves every coordinate. A cylinder's axis must be of unit
/// length, as ImplicitFunction evaluates it (ImplicitFunctionFromVTK normalises it).
bool SublevelBox(const ImplicitFunction& function, double level, double low[3], double high[3]);

/// The sub-grid whose cells contain every cell of the grid that has a point where the function is at or below
/// the largest of `levels` (so every cell a cut at any of them crosses, and every cell a clip keeping the
/// values below it keeps or cuts), with one cell more on each side for rounding. The box of SublevelBox is
/// taken through the inverse of the function's transform (for a box infinite along an axis, a shift only); a
/// plane's values are linear in the grid's points, and its box is the part of the grid's box where they can be
/// at or below the level (a half-space's reach: a part when the plane leaves little of the grid on that side).
/// False when SublevelBox is (a cylinder whose axis moves every coordinate), when the transform is singular (or
/// more than a shift for an infinite box), or when the grid is not axis-aligned (GridIsAxisAligned): then the
/// whole grid is needed. When no cell reaches the box, `extent` is the grid's first cell (whose cut is empty, as
/// the whole grid's).
bool BoundedCutExtent(const Id3& pointDims, const std::vector<double> axes[3], const ImplicitFunction& function,
                      const std::vector<double>& levels, GridExtent& extent);
} // namespace algorithms
} // namespace loom
