// Loom algorithms, quality family: the wedge measures Loom computes itself (Verdict's definitions, VTK's
// numbering); the others go to VTK's filter (QualityMeasureComputed in MeshQuality.h).
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
/// The longest of the nine edges over the shortest (1 at least; 1e30 when undefined).
LOOM_EXEC inline double WedgeEdgeRatio(const Point (&p)[6])
{
  const int ends[9][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 3, 4 }, { 4, 5 }, { 5, 3 }, { 0, 3 }, { 1, 4 }, { 2, 5 } };
  double shortest = 0.0, longest = 0.0;
  for (int k = 0; k < 9; ++k)
  {
    const Point e = p[ends[k][1]] - p[ends[k][0]];
    const double l = Dot(e, e);
    shortest = k == 0 || l <= shortest ? l : shortest;
    longest = k == 0 || l >= longest ? l : longest;
  }
  const double ratio = std::sqrt(longest / shortest);
  if (ratio != ratio)
    return 1.0e30;
  if (ratio < 1.0)
    return 1.0;
  return ratio < QualityHuge ? ratio : 1.0e30;
}

/// The volume of the eleven tetrahedra Verdict cuts the wedge into, around the centres of its three
/// quadrilateral faces (so that neighbouring wedges split their shared face alike).
LOOM_EXEC inline double WedgeVolume(const Point (&p)[6])
{
  // Points 6, 7 and 8: the centres of the faces 0-1-4-3, 1-2-5-4 and 2-0-3-5.
  const Point x[9] = { p[0], p[1], p[2], p[3], p[4], p[5], (p[0] + p[1] + p[3] + p[4]) / 4.0,
                       (p[1] + p[2] + p[4] + p[5]) / 4.0, (p[2] + p[0] + p[3] + p[5]) / 4.0 };
  const int tets[11][4] = { { 0, 3, 6, 8 }, { 1, 4, 7, 6 }, { 2, 5, 8, 7 }, { 6, 8, 7, 0 }, { 1, 6, 7, 0 }, { 2, 1, 7, 0 },
                            { 2, 7, 8, 0 }, { 6, 7, 8, 3 }, { 5, 8, 7, 3 }, { 4, 5, 7, 3 }, { 4, 7, 6, 3 } };
  double volume = 0.0;
  for (int t = 0; t < 11; ++t)
  {
    const Point& o = x[tets[t][0]];
    volume += Dot(x[tets[t][3]] - o, Cross(x[tets[t][1]] - o, x[tets[t][2]] - o)) / 6.0;
  }
  return volume;
}

/// The measure `measure` (VTK's number) of the wedge; NaN for one Loom does not compute.
LOOM_EXEC inline double WedgeQuality(int measure, const Point (&p)[6], double)
{
  switch (measure)
  {
    case EdgeRatio: return WedgeEdgeRatio(p);
    case Volume: return WedgeVolume(p);
    default: return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
