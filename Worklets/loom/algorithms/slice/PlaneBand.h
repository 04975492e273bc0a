// Loom algorithms, slice family: a plane cut of a 3D uniform or rectilinear grid that visits only the
// cells near the plane (the cells a full pass would find crossed, and a thin margin), not the volume.
#pragma once

#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/slice/ImplicitFunction.h>

#include <vector>

namespace loom
{
namespace algorithms
{
/// The cut of a 3D grid (pointDims, every dimension > 1, axis-aligned) by a plane at one value, as
/// Contour of the plane's values over every cell would give it (the same triangles, points and
/// weights), with the edges and source cells in the grid's own point and cell ids. `axes` as
/// GridPoints takes them (3 values per point plane). Along the axis the plane is most across, each
/// column of cells is searched for the few cells whose corners' values span the value; the function
/// is evaluated at those cells' points only. ErrorBadValue when the grid is not 3D and axis-aligned or
/// the function is not a plane. `positions` receives the cut points' positions (float32, as VTK's cutter
/// gives them on grids). Runs on a CPU device.
ContourResult PlaneBandCut(const Id3& pointDims, const std::vector<double> axes[3], const ImplicitFunction& plane,
                           double value, bool mergePoints, FieldArray& positions,
                           loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// PlaneBandCut at each of `values` in turn: each value's points and primitives follow the previous values'
/// (their ids numbered after theirs), as the contour of several values orders them; `PointStarts` marks them.
ContourResult PlaneBandCut(const Id3& pointDims, const std::vector<double> axes[3], const ImplicitFunction& plane,
                           const std::vector<double>& values, bool mergePoints, FieldArray& positions,
                           loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// Whether PlaneBandCut takes the grid: 3D, and each axis moves one coordinate only.
bool PlaneBandApplies(const Id3& pointDims, const std::vector<double> axes[3]);
} // namespace algorithms
} // namespace loom
