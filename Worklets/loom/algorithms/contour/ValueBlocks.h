// Loom algorithms, contour family: the part of a grid a contour can cross. A field's least and greatest value
// over blocks of a grid's cells says which blocks a contour at a value may cross; the sub-grid around them
// gives the contour of the whole grid (the structured contour runs row by row, so the part's points and
// triangles are the whole's, in the same order) while reading and moving only the part's arrays. The blocks
// are worth keeping while the field is unchanged: re-executions at other values (an isovalue dragged over a
// large volume) then touch only their part.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/GridExtent.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <functional>
#include <vector>

namespace loom
{
namespace algorithms
{
/// A one-component point field's range over blocks of `Size`^3 cells of a grid of `PointDims` points (a
/// block's points include those it shares with the next block). A block with a value that is not finite holds
/// every value (-inf to +inf): the contour of a grid with one takes another path, and the part must have it to
/// take the same.
struct ValueBlocks
{
  Id3 PointDims{ 0, 0, 0 };
  Id Size = 8;
  Id3 Count{ 0, 0, 0 };    ///< blocks along each axis (an axis of one point: one block)
  std::vector<double> Low;  ///< per block, x fastest: the least value at its points
  std::vector<double> High; ///< the greatest
  std::size_t Bytes() const { return (this->Low.size() + this->High.size()) * sizeof(double); }
};

/// The blocks of `field` (one component, a value per point of a grid of `pointDims` points, x fastest), on
/// the CPU device the tracker picks for `device` (a field on the GPU is read on the host).
ValueBlocks MakeValueBlocks(const FieldArray& field, const Id3& pointDims, loom::cont::DeviceId device, Id size = 8);

/// The sub-grid whose cells contain every cell that a contour at one of `values` can cross (points below the
/// value and points at or above it, as the contour compares) and every point at one of them (the contour of a
/// grid with such a point takes another path: the part then has them all and takes it too), with one cell more
/// on each side so that what the contour reads around a crossed cell's points (their gradients) lies inside
/// it. The contour of that part is the whole grid's, point for point. When no block holds a value, the grid's
/// first cell (whose contour is empty, as the whole grid's). Returns the number of blocks that hold a value.
Id ContourExtent(const ValueBlocks& blocks, const std::vector<double>& values, GridExtent& extent);

/// The sub-grid of the blocks whose least and greatest values satisfy `holds(low, high)`, with `margin` cells
/// more on each side (a block with a value that is not finite is passed -inf and +inf): for a filter that keeps
/// cells by their points' values (Threshold, Clip by Scalar), the part holding every cell it keeps or cuts.
/// When no block holds, the grid's first cell. Returns the number of blocks that hold.
Id BlocksExtent(const ValueBlocks& blocks, const std::function<bool(double low, double high)>& holds, Id margin,
                GridExtent& extent);
} // namespace algorithms
} // namespace loom
