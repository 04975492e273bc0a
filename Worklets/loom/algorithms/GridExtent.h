// Loom algorithms: a sub-grid of a uniform, rectilinear or structured grid, as the point index ranges it
// spans (the part of a grid a cut or a contour can touch: slice/CutExtent.h, contour/ValueBlocks.h).
#pragma once

#include <loom/Types.h>

namespace loom
{
namespace algorithms
{
/// The points of a sub-grid: per axis the first and last point index (inclusive).
struct GridExtent
{
  Id First[3] = { 0, 0, 0 };
  Id Last[3] = { 0, 0, 0 };
  Id NumberOfPoints() const { return (Last[0] - First[0] + 1) * (Last[1] - First[1] + 1) * (Last[2] - First[2] + 1); }
};
} // namespace algorithms
} // namespace loom
