// Loom algorithms, quality family: the tetrahedron measures Loom computes itself (Verdict's definitions,
// VTK's numbering); the others go to VTK's filter (QualityMeasureComputed in MeshQuality.h).
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
namespace tet_detail
{
/// Verdict's clamp of its results to [-1e30, 1e30], NaN taken as 1e30.
LOOM_EXEC inline double Range(double v)
{
  if (v != v || v >= QualityHuge)
    return 1.0e30;
  if (v <= -QualityHuge)
    return -1.0e30;
  return v;
}
} // namespace tet_detail

/// Signed volume: a sixth of the triple product of the edges from corner 0 (to 3, 1 and 2).
LOOM_EXEC inline double TetVolume(const Point (&p)[4])
{
  const Point a = p[1] - p[0], b = p[2] - p[0], c = p[3] - p[0];
  return Dot(c, Cross(a, b)) / 6.0;
}

/// The circumradius over three times the inradius, by the edges' cross products (Verdict's formula).
LOOM_EXEC inline double TetRadiusRatio(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e12 = p[2] - p[1], e20 = p[0] - p[2];
  const Point e03 = p[3] - p[0], e13 = p[3] - p[1];
  const Point f0 = Cross(e20, e01), f1 = Cross(e03, e01), f3 = Cross(e03, e20);
  const Point n = Dot(e03, e03) * f0 + Dot(e20, e20) * f1 + Dot(e01, e01) * f3;
  const double areas = (Magnitude(f0) + Magnitude(f1) + Magnitude(Cross(e13, e12)) + Magnitude(f3)) * 0.5;
  const double volume = TetVolume(p);
  if (std::fabs(volume) < QualityTiny)
    return 1.0e30;
  return tet_detail::Range(Magnitude(n) * areas / (108 * volume * volume));
}

/// The longest edge over the shortest.
LOOM_EXEC inline double TetEdgeRatio(const Point (&p)[4])
{
  const Point e[6] = { p[1] - p[0], p[2] - p[1], p[0] - p[2], p[3] - p[0], p[3] - p[1], p[3] - p[2] };
  double shortest = Dot(e[0], e[0]), longest = shortest;
  for (int k = 1; k < 6; ++k)
  {
    const double l = Dot(e[k], e[k]);
    shortest = l < shortest ? l : shortest;
    longest = l > longest ? l : longest;
  }
  if (shortest < QualityTiny)
    return 1.0e30;
  return tet_detail::Range(std::sqrt(longest / shortest));
}

/// The measure `measure` (VTK's number) of the tetrahedron; NaN for one Loom does not compute.
LOOM_EXEC inline double TetQuality(int measure, const Point (&p)[4], double)
{
  switch (measure)
  {
    case RadiusRatio: return TetRadiusRatio(p);
    case Volume: return TetVolume(p);
    case EdgeRatio: return TetEdgeRatio(p);
    default: return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
