// Loom algorithms, quality family: the quadrilateral measures Loom computes itself (Verdict's definitions,
// VTK's numbering); the others go to VTK's filter (QualityMeasureComputed in MeshQuality.h).
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
/// The longest edge over the shortest.
LOOM_EXEC inline double QuadEdgeRatio(const Point (&p)[4])
{
  double shortest = 0.0, longest = 0.0;
  for (int k = 0; k < 4; ++k)
  {
    const Point e = p[(k + 1) % 4] - p[k];
    const double l = Dot(e, e);
    shortest = k == 0 || l < shortest ? l : shortest;
    longest = k == 0 || l > longest ? l : longest;
  }
  if (shortest < QualityTiny)
    return 1.0e30;
  return ClampQuality(std::sqrt(longest / shortest));
}

/// Verdict's signed area: the corner normals projected on the unit normal of the diagonals' frame.
LOOM_EXEC inline double QuadArea(const Point (&p)[4])
{
  const Point e[4] = { p[1] - p[0], p[2] - p[1], p[3] - p[2], p[0] - p[3] };
  const Point n = Normal(Cross(e[0] - e[2], e[1] - e[3]));
  const double area = 0.25 * (Dot(n, Cross(e[3], e[0])) + Dot(n, Cross(e[0], e[1])) + Dot(n, Cross(e[1], e[2])) +
                              Dot(n, Cross(e[2], e[3])));
  return ClampQuality(area);
}

/// The measure `measure` (VTK's number) of the quadrilateral; NaN for one Loom does not compute.
LOOM_EXEC inline double QuadQuality(int measure, const Point (&p)[4], double)
{
  switch (measure)
  {
    case EdgeRatio: return QuadEdgeRatio(p);
    case Area: return QuadArea(p);
    default: return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
