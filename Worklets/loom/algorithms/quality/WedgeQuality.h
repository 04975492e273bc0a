// Loom algorithms, quality family: the quality measures of a linear wedge (corners 0-2 the bottom triangle,
// 3-5 the top one, k + 3 above k), all eleven that VTK's vtkMeshQuality offers for wedges, each as Verdict
// defines it (6 nodes): edge lengths, the volume of Verdict's eleven tetrahedra, the six corner Jacobians,
// the six corner tetrahedra's aspect Frobenius, and the faces measured as triangles and quadrilaterals by
// their own functions; with Verdict's values for degenerate wedges (its clamps to +-1e30, its 0 and 1e30 for
// cells without volume, the NaN it lets through) and its constants as it writes them (see WedgeDistortion).
// No wedge measure is size-relative. Device code: every function is LOOM_EXEC inline, tables are local,
// nothing allocates.
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>
#include <loom/algorithms/quality/QuadQuality.h>
#include <loom/algorithms/quality/TetQuality.h>
#include <loom/algorithms/quality/TriangleQuality.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
namespace wedge_detail
{
/// The three edges leaving a corner, in the order Verdict takes them (its vec1, vec2, vec3): at the bottom
/// corners the edge to the next corner of the triangle (0 -> 1 -> 2 -> 0), the edge up to the partner corner
/// and the edge to the previous corner; at the top corners 3 and 4 the edge down, then the next and the previous
/// corner of the top triangle (3 -> 4 -> 5 -> 3); at corner 5 the next and previous corners, then the edge
/// down. The corner's Jacobian is E2 . (E1 x E3), positive at every corner of a valid wedge.
struct CornerFrame
{
  Point E1, E2, E3;
  LOOM_EXEC CornerFrame(const Point (&p)[6], int corner)
  {
    const int ends[6][3] = { { 1, 3, 2 }, { 2, 4, 0 }, { 0, 5, 1 }, { 0, 4, 5 }, { 1, 5, 3 }, { 3, 4, 2 } };
    const Point& origin = p[corner];
    this->E1 = p[ends[corner][0]] - origin;
    this->E2 = p[ends[corner][1]] - origin;
    this->E3 = p[ends[corner][2]] - origin;
  }
  /// The corner's Jacobian determinant, E2 . (E1 x E3), rounded as Verdict rounds it.
  LOOM_EXEC double Determinant() const { return Dot(this->E2, Cross(this->E1, this->E3)); }
  /// The three squared edge lengths, in order.
  LOOM_EXEC void SquaredLengths(double (&l)[3]) const
  {
    l[0] = Dot(this->E1, this->E1);
    l[1] = Dot(this->E2, this->E2);
    l[2] = Dot(this->E3, this->E3);
  }
};

/// One step of Verdict's running minimum (std::min(candidate, running)): the running value is kept only when
/// it is below the candidate, so a NaN candidate replaces it and a NaN running value is replaced.
LOOM_EXEC inline double RunningMin(double running, double candidate)
{
  return running < candidate ? running : candidate;
}

/// The aspect Frobenius of the six corner tetrahedra: each corner with its two triangle neighbours and its
/// partner across, the triangle walked so the tetrahedron is positive on a valid wedge; each bounded to
/// [-1e30, 1e30] with NaN taken as 1e30 (TetAspectFrobenius).
LOOM_EXEC inline void CornerAspects(const Point (&p)[6], double (&aspect)[6])
{
  const int tets[6][4] = { { 0, 1, 2, 3 }, { 1, 2, 0, 4 }, { 2, 0, 1, 5 },
                           { 3, 5, 4, 0 }, { 4, 3, 5, 1 }, { 5, 4, 3, 2 } };
  for (int t = 0; t < 6; ++t)
  {
    const Point corners[4] = { p[tets[t][0]], p[tets[t][1]], p[tets[t][2]], p[tets[t][3]] };
    aspect[t] = TetAspectFrobenius(corners);
  }
}

/// The three quadrilateral faces, in Verdict's order and corner order: 0-1-4-3, 1-2-5-4, 2-0-3-5.
LOOM_EXEC inline void QuadFace(const Point (&p)[6], int face, Point (&quad)[4])
{
  const int faces[3][4] = { { 0, 1, 4, 3 }, { 1, 2, 5, 4 }, { 2, 0, 3, 5 } };
  for (int k = 0; k < 4; ++k)
    quad[k] = p[faces[face][k]];
}

/// The aspect Frobenius of the right wedge with unit edges and equilateral ends, to which Verdict normalises
/// the wedge's Frobenius measures (its six figures).
constexpr double UnitAspectFrobenius = 1.16477;
} // namespace wedge_detail

/// Edge Ratio (0, the default): the longest of the nine edges over the shortest (1 at least; 1e30 when
/// undefined).
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

/// Volume (19): the volume of the eleven tetrahedra Verdict cuts the wedge into, around the centres of its
/// three quadrilateral faces (so that neighbouring wedges split their shared face alike). Not clamped.
LOOM_EXEC inline double WedgeVolume(const Point (&p)[6])
{
  // Points 6, 7 and 8: the centres of the faces 0-1-4-3, 1-2-5-4 and 2-0-3-5.
  const Point x[9] = { p[0], p[1], p[2], p[3], p[4], p[5], (p[0] + p[1] + p[3] + p[4]) / 4.0,
                       (p[1] + p[2] + p[4] + p[5]) / 4.0, (p[2] + p[0] + p[3] + p[5]) / 4.0 };
  const int tets[11][4] = { { 0, 3, 6, 8 }, { 1, 4, 7, 6 }, { 2, 5, 8, 7 }, { 6, 8, 7, 0 },
                            { 1, 6, 7, 0 }, { 2, 1, 7, 0 }, { 2, 7, 8, 0 }, { 6, 7, 8, 3 },
                            { 5, 8, 7, 3 }, { 4, 5, 7, 3 }, { 4, 7, 6, 3 } };
  double volume = 0.0;
  for (int t = 0; t < 11; ++t)
  {
    const Point& o = x[tets[t][0]];
    volume += Dot(x[tets[t][3]] - o, Cross(x[tets[t][1]] - o, x[tets[t][2]] - o)) / 6.0;
  }
  return volume;
}

/// Jacobian (25): the smallest of the six corner Jacobian determinants (sqrt(3)/2 for the right wedge with
/// unit edges; negative when a corner is inverted), clamped to +-1e30.
LOOM_EXEC inline double WedgeJacobian(const Point (&p)[6])
{
  double smallest = wedge_detail::CornerFrame(p, 0).Determinant();
  for (int k = 1; k < 6; ++k)
    smallest = wedge_detail::RunningMin(smallest, wedge_detail::CornerFrame(p, k).Determinant());
  return ClampQuality(smallest);
}

/// Scaled Jacobian (10): the smallest corner Jacobian over the product of the corner's three edge lengths,
/// times 2/sqrt(3) (1 for the right wedge with equilateral ends), clamped to +-1e30. No guard, as in Verdict:
/// a corner with a zero-length edge gives 0 / 0, NaN, and one whose length product underflows gives +-inf
/// (so +-1e30); the running minimum, like Verdict's, drops a NaN at the next corner, so the result is NaN
/// exactly when corner 5's value is.
LOOM_EXEC inline double WedgeScaledJacobian(const Point (&p)[6])
{
  double smallest = 0.0;
  for (int k = 0; k < 6; ++k)
  {
    const wedge_detail::CornerFrame frame(p, k);
    double l[3];
    frame.SquaredLengths(l);
    const double lengths = std::sqrt(l[0] * l[1] * l[2]);
    const double scaled = frame.Determinant() / lengths;
    smallest = k == 0 ? scaled : wedge_detail::RunningMin(smallest, scaled);
  }
  smallest *= 2.0 / 1.7320508075688772; // 2 / sqrt(3)
  return ClampQuality(smallest);
}

/// Shape (13): the smallest corner value 3 (2 J / sqrt(3))^(2/3) / (sum of the corner's squared edge lengths)
/// (1 for the right wedge with equilateral ends and square sides, never above 1); 0 as soon as a corner
/// Jacobian J is not above 1e-30, and for a result below 1e-30.
LOOM_EXEC inline double WedgeShape(const Point (&p)[6])
{
  double smallest = 1.0;
  for (int k = 0; k < 6; ++k)
  {
    const wedge_detail::CornerFrame frame(p, k);
    const double jacobian = frame.Determinant();
    if (!(jacobian > QualityTiny))
      return 0.0;
    const double normalized = jacobian * 2.0 / 1.7320508075688772; // sqrt(3)
    double l[3];
    frame.SquaredLengths(l);
    const double shape = 3.0 * std::pow(normalized, 2.0 / 3.0) / (l[0] + l[1] + l[2]);
    smallest = wedge_detail::RunningMin(smallest, shape);
  }
  if (smallest < QualityTiny)
    return 0.0;
  return smallest;
}

/// Max Aspect Frobenius (5): the largest aspect Frobenius of the six corner tetrahedra over that of the right
/// wedge with unit edges (1.16477), 1 at least; 1e30 when a corner tetrahedron is flat.
LOOM_EXEC inline double WedgeMaxAspectFrobenius(const Point (&p)[6])
{
  double aspect[6];
  wedge_detail::CornerAspects(p, aspect);
  double largest = aspect[0];
  for (int k = 1; k < 6; ++k)
    largest = largest < aspect[k] ? aspect[k] : largest;
  if (largest >= QualityHuge)
    return QualityHuge;
  largest /= wedge_detail::UnitAspectFrobenius;
  return largest < 1.0 ? 1.0 : largest;
}

/// Condition (9): Verdict's wedge condition is the maximum aspect Frobenius.
LOOM_EXEC inline double WedgeCondition(const Point (&p)[6])
{
  return WedgeMaxAspectFrobenius(p);
}

/// Mean Aspect Frobenius (32): the mean aspect Frobenius of the six corner tetrahedra over that of the right
/// wedge with unit edges, 1 at least; 1e30 when their sum reaches 1e30 (a flat corner tetrahedron).
LOOM_EXEC inline double WedgeMeanAspectFrobenius(const Point (&p)[6])
{
  double aspect[6];
  wedge_detail::CornerAspects(p, aspect);
  double sum = aspect[0];
  for (int k = 1; k < 6; ++k)
    sum += aspect[k];
  if (sum >= QualityHuge)
    return QualityHuge;
  const double mean = sum / (6.0 * wedge_detail::UnitAspectFrobenius);
  return mean < 1.0 ? 1.0 : mean;
}

/// Distortion (15): the smallest corner Jacobian (WedgeJacobian) times the reference wedge's volume over the
/// cell's volume (WedgeVolume) and over the reference wedge's corner Jacobian; the reference is the right wedge
/// with unit edges and equilateral ends, its volume sqrt(3)/4 and its Jacobian sqrt(3)/2, which Verdict writes
/// to six figures (0.433013, 0.866025), so the right unit wedge scores a hair off 1. No integration: at
/// corners only. 1e30 for a zero volume and for NaN; clamped to +-1e30.
LOOM_EXEC inline double WedgeDistortion(const Point (&p)[6])
{
  const double referenceVolume = 0.433013, referenceJacobian = 0.866025;
  const double jacobian = WedgeJacobian(p);
  const double volume = WedgeVolume(p);
  double distortion = QualityHuge;
  if (std::fabs(volume) > 0.0)
    distortion = jacobian * referenceVolume / volume / referenceJacobian;
  if (distortion != distortion)
    return QualityHuge;
  return ClampQuality(distortion);
}

/// Max Stretch (31): the largest stretch (QuadStretch: sqrt(2) times the shortest side over the longer
/// diagonal) of the three quadrilateral faces; 1 for the right wedge with square sides.
LOOM_EXEC inline double WedgeMaxStretch(const Point (&p)[6])
{
  double largest = 0.0;
  for (int f = 0; f < 3; ++f)
  {
    Point quad[4];
    wedge_detail::QuadFace(p, f, quad);
    const double stretch = QuadStretch(quad);
    largest = f == 0 || largest < stretch ? stretch : largest;
  }
  return ClampQuality(largest);
}

/// Equiangle Skew (29): the largest equiangle skew of the five faces: the triangles 0-1-2 and 3-4-5 against 60
/// degrees (TriangleEquiangleSkew), then the quadrilaterals against 90 (QuadEquiangleSkew, which measures a
/// face whose last two corners coincide as a triangle); 0 for the right wedge with equilateral ends and square
/// sides. Not clamped.
LOOM_EXEC inline double WedgeEquiangleSkew(const Point (&p)[6])
{
  const Point bottom[3] = { p[0], p[1], p[2] };
  const Point top[3] = { p[3], p[4], p[5] };
  double skew = TriangleEquiangleSkew(bottom);
  const double topSkew = TriangleEquiangleSkew(top);
  skew = skew > topSkew ? skew : topSkew;
  for (int f = 0; f < 3; ++f)
  {
    Point quad[4];
    wedge_detail::QuadFace(p, f, quad);
    const double faceSkew = QuadEquiangleSkew(quad);
    skew = skew > faceSkew ? skew : faceSkew;
  }
  return skew;
}

/// The wedge's value of `measure` (VTK's number); `averageSize` (the mesh's average wedge volume) is taken
/// for a uniform signature and unused: no wedge measure is size-relative. NaN for a measure VTK does not offer
/// for wedges.
LOOM_EXEC inline double WedgeQuality(int measure, const Point (&p)[6], double averageSize)
{
  (void)averageSize;
  switch (measure)
  {
    case EdgeRatio: return WedgeEdgeRatio(p);
    case Volume: return WedgeVolume(p);
    case Condition: return WedgeCondition(p);
    case Distortion: return WedgeDistortion(p);
    case EquiangleSkew: return WedgeEquiangleSkew(p);
    case Jacobian: return WedgeJacobian(p);
    case MaxAspectFrobenius: return WedgeMaxAspectFrobenius(p);
    case MaxStretch: return WedgeMaxStretch(p);
    case MeanAspectFrobenius: return WedgeMeanAspectFrobenius(p);
    case ScaledJacobian: return WedgeScaledJacobian(p);
    case Shape: return WedgeShape(p);
    default: return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
