// Loom algorithms, quality family: the quadrilateral measures, all 24 that VTK's vtkMeshQuality offers for
// quads, each as Verdict defines it (its degenerate-case values, its clamps to +-1e30, its signs), numbered as
// VTK numbers them. Device code: every function is LOOM_EXEC inline, tables are local, nothing is allocated.
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
namespace quad_detail
{
/// The bound Verdict puts above the measures it never lets go negative (NaN passes through).
LOOM_EXEC inline double ClampAbove(double q)
{
  return q > QualityHuge ? QualityHuge : q;
}

/// Scales `v` to unit length and returns the length it had; a zero vector stays zero.
LOOM_EXEC inline double Normalize(Point& v)
{
  const double length = Magnitude(v);
  if (length != 0.0)
    v = v / length;
  return length;
}

/// The sides walked around the quad: e[k] runs from corner k to corner k + 1. Corner k sits between its
/// incoming side e[k - 1] and its outgoing side e[k].
LOOM_EXEC inline void Sides(const Point (&p)[4], Point (&e)[4])
{
  e[0] = p[1] - p[0];
  e[1] = p[2] - p[1];
  e[2] = p[3] - p[2];
  e[3] = p[0] - p[3];
}

/// The normal of the parallelogram at corner k (incoming side x outgoing side); its length is twice the area
/// of the corner's triangle.
LOOM_EXEC inline Point CornerNormal(const Point (&e)[4], int k)
{
  return Cross(e[(k + 3) % 4], e[k]);
}

/// The signed corner areas (parallelogram areas, so the unit square gives 1 at each corner): each corner's
/// normal projected on the unit normal of the midlines' plane (the midlines join opposite sides' midpoints,
/// along e0 - e2 and e1 - e3). A corner that turns against the quad as a whole (a dart's reflex corner, a
/// bow tie's crossing) counts negative; a quad whose midlines are parallel has every area 0.
LOOM_EXEC inline void CornerAreas(const Point (&e)[4], double (&area)[4])
{
  Point up = Cross(e[0] - e[2], e[1] - e[3]);
  Normalize(up);
  for (int k = 0; k < 4; ++k)
    area[k] = Dot(up, CornerNormal(e, k));
}

/// Verdict's test for a quad collapsed to a triangle: corner 3 exactly on corner 2 (a collapse anywhere
/// else is measured as a quad). Such a quad is measured as the triangle of its first three corners by the
/// angle, condition and Jacobian measures.
LOOM_EXEC inline bool Collapsed(const Point (&p)[4])
{
  return p[3] == p[2];
}

/// The two midline vectors (twice the vectors between opposite sides' midpoints): `across` from side 3 to
/// side 1, `up` from side 0 to side 2; the bilinear map's derivatives at the quad's centre, times 2. Verdict
/// sums `across` in two orders (Max Edge Ratio's, and Skew's and Taper's with `skewOrder`), which round
/// differently when the midline nearly vanishes; both are kept.
LOOM_EXEC inline void Midlines(const Point (&p)[4], bool skewOrder, Point& across, Point& up)
{
  across = skewOrder ? p[1] + p[2] - p[3] - p[0] : p[1] + p[2] - p[0] - p[3];
  up = p[2] + p[3] - p[0] - p[1];
}

/// The interior angles (radians) at corners 1, 2, 3 and 0, in that order, from the cosine between each
/// corner's sides; false when a side is no longer than 1e-30. A cosine rounded past +-1 gives NaN, which the
/// callers' Min/Max then keep or drop by position, as Verdict's std::min/std::max do.
LOOM_EXEC inline bool Angles(const Point (&p)[4], double (&angle)[4])
{
  Point e[4];
  Sides(p, e);
  double length[4];
  for (int k = 0; k < 4; ++k)
    length[k] = Magnitude(e[k]);
  if (length[0] <= QualityTiny || length[1] <= QualityTiny || length[2] <= QualityTiny ||
      length[3] <= QualityTiny)
    return false;
  for (int k = 0; k < 4; ++k)
  {
    const int next = (k + 1) % 4;
    angle[k] = std::acos(-Dot(e[k], e[next]) / (length[k] * length[next]));
  }
  return true;
}

/// Radians to degrees as Verdict converts them.
LOOM_EXEC inline double Degrees(double radians)
{
  return radians * 180.0 / 3.141592653589793;
}

/// Whether any corner turns against the rest (a negative signed corner area): then the largest interior
/// angle is the reflex one, 360 degrees less the angle the sides' cosine gives.
LOOM_EXEC inline bool HasReflexCorner(const Point (&p)[4])
{
  Point e[4];
  Sides(p, e);
  double area[4];
  CornerAreas(e, area);
  return area[0] < 0.0 || area[1] < 0.0 || area[2] < 0.0 || area[3] < 0.0;
}

// The triangle measures Verdict falls back on for a collapsed quad (corners 0, 1, 2), as its triangle
// functions define them; kept here so this header stands alone.

/// The triangle's area (half its normal's length).
LOOM_EXEC inline double TriangleArea(const Point (&p)[4])
{
  return ClampQuality(0.5 * Magnitude(Cross(p[1] - p[0], p[2] - p[0])));
}

/// The triangle's smallest (`largest` false) or largest interior angle in degrees: the angle opposite its
/// shortest or longest side (the first of equals); 0 when two corners coincide.
LOOM_EXEC inline double TriangleExtremeAngle(const Point (&p)[4], bool largest)
{
  const Point s01 = p[1] - p[0], s12 = p[2] - p[1], s02 = p[2] - p[0];
  const double l[3] = { Dot(s01, s01), Dot(s12, s12), Dot(s02, s02) };
  if (l[0] == 0.0 || l[1] == 0.0 || l[2] == 0.0)
    return 0.0;
  int side = 0;
  for (int k = 1; k < 3; ++k)
    if (largest ? l[k] > l[side] : l[k] < l[side])
      side = k;
  double angle;
  if (side == 0)
    angle = InteriorAngleDegrees(s02, s12); // at corner 2
  else if (side == 1)
    angle = InteriorAngleDegrees(s01, s02); // at corner 0
  else
    angle = InteriorAngleDegrees(s01, -s12); // at corner 1
  return ClampQuality(angle);
}

/// The triangle's condition number (1 for the equilateral triangle); 1e30 when its area is 0.
LOOM_EXEC inline double TriangleCondition(const Point (&p)[4])
{
  const Point u = p[1] - p[0], v = p[2] - p[0];
  const double twiceArea = Magnitude(Cross(u, v));
  if (twiceArea == 0.0)
    return QualityHuge;
  return ClampAbove((Dot(u, u) + Dot(v, v) - Dot(u, v)) / (twiceArea * std::sqrt(3.0)));
}

/// The triangle's scaled Jacobian: twice its area over the largest product of two side lengths, times
/// 2/sqrt(3) (1 for the equilateral triangle); 0 when that product is below 1e-30.
LOOM_EXEC inline double TriangleScaledJacobian(const Point (&p)[4])
{
  const Point s01 = p[1] - p[0], s02 = p[2] - p[0], s12 = p[2] - p[1];
  // Verdict forms the Jacobian from the differences of these sides (the same triangle, in other words).
  double jacobian = Magnitude(Cross(s02 - s01, s12 - s01));
  const double l01 = Magnitude(s01), l02 = Magnitude(s02), l12 = Magnitude(s12);
  const double product = Max(l01 * l02, Max(l02 * l12, l01 * l12));
  if (product < QualityTiny)
    return 0.0;
  jacobian *= 2.0 / std::sqrt(3.0);
  jacobian /= product;
  return ClampQuality(jacobian);
}

/// Verdict's relative size: the quad's area over the mesh's average quad area (through Verdict's weight
/// matrix, sqrt(average) times the identity, so the average squared back), squared and folded to <= 1;
/// 0 for a non-positive area or average.
LOOM_EXEC inline double RelativeSize(double area, double averageArea)
{
  const double scale = std::sqrt(averageArea);
  const double offDiagonal = 0.0 * scale; // keeps Verdict's NaN for an infinite or negative average
  const double reference = scale * scale - offDiagonal * offDiagonal;
  double size = 0.0;
  if (reference > QualityTiny)
  {
    const double ratio = area / reference;
    if (ratio > QualityTiny)
    {
      size = Min(ratio, 1.0 / ratio);
      size *= size;
    }
  }
  return ClampQuality(size);
}

/// A normal that orients the quad for Distortion's signs: the unit corner normals at corners 0 and 2
/// averaged when they agree, otherwise corner 1's normal averaged with whichever of them it agrees with
/// (with corner 2's when it agrees with neither). Only its direction is used, so it is left unhalved.
LOOM_EXEC inline Point FaceNormal(const Point (&p)[4])
{
  Point at0 = Cross(p[1] - p[0], p[3] - p[0]);
  Point at2 = Cross(p[3] - p[2], p[1] - p[2]);
  Normalize(at0);
  Normalize(at2);
  if (Dot(at0, at2) > 0.0)
    return at0 + at2;
  Point at1 = Cross(p[2] - p[1], p[0] - p[1]);
  Normalize(at1);
  if (Dot(at0, at1) > 0.0)
    return at0 + at1;
  return at2 + at1;
}
} // namespace quad_detail

/// Edge Ratio: the longest side over the shortest; 1e30 when a side is shorter than 1e-15.
LOOM_EXEC inline double QuadEdgeRatio(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double shortest = Dot(e[0], e[0]), longest = shortest;
  for (int k = 1; k < 4; ++k)
  {
    const double l = Dot(e[k], e[k]);
    shortest = Min(shortest, l);
    longest = Max(longest, l);
  }
  if (shortest < QualityTiny)
    return QualityHuge;
  return ClampQuality(std::sqrt(longest / shortest));
}

/// Max Edge Ratio: the longer midline over the shorter; 1e30 when one is shorter than 1e-30.
LOOM_EXEC inline double QuadMaxEdgeRatio(const Point (&p)[4])
{
  Point across, up;
  quad_detail::Midlines(p, false, across, up);
  const double a = Magnitude(across), b = Magnitude(up);
  if (a < QualityTiny || b < QualityTiny)
    return QualityHuge;
  return ClampQuality(Max(a / b, b / a));
}

/// Aspect Ratio: the longest side times the perimeter, over twice the sum of the parallelogram areas at
/// corners 1 and 3 (1 for the square); 1e30 when those areas sum below 1e-30.
LOOM_EXEC inline double QuadAspectRatio(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double l[4];
  for (int k = 0; k < 4; ++k)
    l[k] = Magnitude(e[k]);
  const double longest = Max(Max(l[0], l[1]), Max(l[2], l[3]));
  const double areas = Magnitude(Cross(e[0], e[1])) + Magnitude(Cross(e[2], e[3]));
  if (areas < QualityTiny)
    return QualityHuge;
  return ClampQuality(0.5 * longest * (l[0] + l[1] + l[2] + l[3]) / areas);
}

/// Radius Ratio: sqrt(sum of squared sides times the longest squared side or diagonal) over the smallest
/// corner parallelogram area, divided by 2 sqrt(2) (1 for the square); 1e30 when that area is below 1e-30.
LOOM_EXEC inline double QuadRadiusRatio(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double sides = 0.0, longest = 0.0, smallestArea = 0.0;
  for (int k = 0; k < 4; ++k)
  {
    const double l = Dot(e[k], e[k]);
    sides = k == 0 ? l : sides + l;
    longest = k == 0 ? l : Max(longest, l);
    const double area = Magnitude(quad_detail::CornerNormal(e, k));
    smallestArea = k == 0 ? area : Min(smallestArea, area);
  }
  const Point d02 = p[2] - p[0], d13 = p[3] - p[1];
  longest = Max(longest, Max(Dot(d02, d02), Dot(d13, d13)));
  if (smallestArea < QualityTiny)
    return QualityHuge;
  return ClampQuality(1.0 / (2.0 * std::sqrt(2.0)) * std::sqrt(sides * longest) / smallestArea);
}

/// The Frobenius aspects of the right isosceles corners: (|incoming|^2 + |outgoing|^2) / the corner's
/// parallelogram area, at corners 1, 2, 3, 0 (2 each for the square); false when an area is below 1e-30.
LOOM_EXEC inline bool QuadCornerFrobenius(const Point (&p)[4], double (&aspect)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double area[4];
  for (int k = 0; k < 4; ++k)
    area[k] = Magnitude(Cross(e[k], e[(k + 1) % 4]));
  if (area[0] < QualityTiny || area[1] < QualityTiny || area[2] < QualityTiny || area[3] < QualityTiny)
    return false;
  for (int k = 0; k < 4; ++k)
  {
    const Point& next = e[(k + 1) % 4];
    aspect[k] = (Dot(e[k], e[k]) + Dot(next, next)) / area[k];
  }
  return true;
}

/// Med Aspect Frobenius: the mean of the four corner Frobenius aspects, halved (1 for the square); 1e30 for
/// a corner without area.
LOOM_EXEC inline double QuadMedAspectFrobenius(const Point (&p)[4])
{
  double aspect[4];
  if (!QuadCornerFrobenius(p, aspect))
    return QualityHuge;
  return ClampQuality(0.125 * (aspect[0] + aspect[1] + aspect[2] + aspect[3]));
}

/// Max Aspect Frobenius: the largest corner Frobenius aspect, halved (1 for the square); 1e30 for a corner
/// without area.
LOOM_EXEC inline double QuadMaxAspectFrobenius(const Point (&p)[4])
{
  double aspect[4];
  if (!QuadCornerFrobenius(p, aspect))
    return QualityHuge;
  double largest = aspect[0];
  for (int k = 1; k < 4; ++k)
    largest = largest > aspect[k] ? largest : aspect[k];
  return ClampQuality(0.5 * largest);
}

/// Skew: |cos| of the angle between the midlines (0 for a rectangle); 0 when a midline is below 1e-30.
LOOM_EXEC inline double QuadSkew(const Point (&p)[4])
{
  Point across, up;
  quad_detail::Midlines(p, true, across, up);
  if (quad_detail::Normalize(across) < QualityTiny || quad_detail::Normalize(up) < QualityTiny)
    return 0.0;
  return quad_detail::ClampAbove(std::fabs(Dot(across, up)));
}

/// Taper: the bilinear map's twist term (p0 - p1 + p2 - p3, zero for a parallelogram) over the shorter
/// midline; 1e30 when that midline is below 1e-30.
LOOM_EXEC inline double QuadTaper(const Point (&p)[4])
{
  Point across, up;
  quad_detail::Midlines(p, true, across, up);
  const Point twist = p[0] + p[2] - p[1] - p[3];
  const double shorter = Min(Magnitude(across), Magnitude(up));
  if (shorter < QualityTiny)
    return QualityHuge;
  return quad_detail::ClampAbove(Magnitude(twist) / shorter);
}

/// Warpage: the cube of the smaller cosine between opposite corners' unit normals (1 for a planar convex
/// quad, smaller the more it is warped, negative past 90 degrees); 1e-30 when a corner has no normal (a side
/// of zero length or two collinear sides).
LOOM_EXEC inline double QuadWarpage(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  Point n[4];
  for (int k = 0; k < 4; ++k)
  {
    n[k] = quad_detail::CornerNormal(e, k);
    if (quad_detail::Normalize(n[k]) < QualityTiny)
      return QualityTiny;
  }
  const double cosine = Min(Dot(n[0], n[2]), Dot(n[1], n[3]));
  return ClampQuality(std::pow(cosine, 3.0));
}

/// Area: the mean of the four signed corner areas, the area of a planar quad (of either winding: the signs
/// come from the quad's own midline normal), less than it where corners turn against the rest (a bow tie's
/// is the difference of its two loops).
LOOM_EXEC inline double QuadArea(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double area[4];
  quad_detail::CornerAreas(e, area);
  return ClampQuality(0.25 * (area[0] + area[1] + area[2] + area[3]));
}

/// Stretch: sqrt(2) times the shortest side over the longer diagonal (1 for the square); 1e30 when both
/// diagonals are shorter than 1e-15.
LOOM_EXEC inline double QuadStretch(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  const double shortest =
    Min(Min(Dot(e[0], e[0]), Dot(e[1], e[1])), Min(Dot(e[2], e[2]), Dot(e[3], e[3])));
  const Point d02 = p[2] - p[0], d13 = p[3] - p[1];
  const double diagonal = Max(Dot(d02, d02), Dot(d13, d13));
  if (diagonal < QualityTiny)
    return QualityHuge;
  return quad_detail::ClampAbove(std::sqrt(2.0) * std::sqrt(shortest / diagonal));
}

/// Max Angle: the largest interior angle in degrees (360 less it when a corner is reflex); 0 when a side is
/// no longer than 1e-30; the triangle's largest angle for a collapsed quad.
LOOM_EXEC inline double QuadMaxAngle(const Point (&p)[4])
{
  if (quad_detail::Collapsed(p))
    return quad_detail::TriangleExtremeAngle(p, true);
  double angle[4];
  if (!quad_detail::Angles(p, angle))
    return 0.0;
  double largest = 0.0;
  for (int k = 0; k < 4; ++k)
    largest = Max(angle[k], largest);
  largest = quad_detail::Degrees(largest);
  if (quad_detail::HasReflexCorner(p))
    largest = 360.0 - largest;
  return ClampQuality(largest);
}

/// Min Angle: the smallest interior angle in degrees; 360 when a side is no longer than 1e-30; the
/// triangle's smallest angle for a collapsed quad.
LOOM_EXEC inline double QuadMinAngle(const Point (&p)[4])
{
  if (quad_detail::Collapsed(p))
    return quad_detail::TriangleExtremeAngle(p, false);
  double angle[4];
  if (!quad_detail::Angles(p, angle))
    return 360.0;
  double smallest = 360.0;
  for (int k = 0; k < 4; ++k)
    smallest = Min(angle[k], smallest);
  return ClampQuality(quad_detail::Degrees(smallest));
}

/// Equiangle Skew: how far the extreme angles stray from 90 degrees, the larger of (max - 90) / 90 and
/// (90 - min) / 90 (0 for a rectangle); -1 when a side is no longer than 1e-30 (Verdict then takes the
/// angles as 360 and 0); the collapsed quad's triangle angles against 90 degrees too. Not clamped.
LOOM_EXEC inline double QuadEquiangleSkew(const Point (&p)[4])
{
  double smallest, largest;
  if (quad_detail::Collapsed(p))
  {
    smallest = quad_detail::TriangleExtremeAngle(p, false);
    largest = quad_detail::TriangleExtremeAngle(p, true);
  }
  else
  {
    double angle[4];
    if (quad_detail::Angles(p, angle))
    {
      smallest = 360.0;
      largest = 0.0;
      for (int k = 0; k < 4; ++k)
      {
        smallest = Min(angle[k], smallest);
        largest = Max(angle[k], largest);
      }
      smallest = Max(quad_detail::Degrees(smallest), -QualityHuge);
      largest = quad_detail::Degrees(largest);
      if (quad_detail::HasReflexCorner(p))
        largest = 360.0 - largest;
      largest = Max(largest, -QualityHuge);
    }
    else
    {
      smallest = 360.0;
      largest = 0.0;
    }
  }
  const double open = (largest - 90.0) / 90.0, shut = (90.0 - smallest) / 90.0;
  return open > shut ? open : shut;
}

/// Oddy: the largest corner deviation of the metric tensor of the corner's two sides from a multiple of the
/// identity, ((|a|^2 - |b|^2)^2 + 4 (a.b)^2) / (2 det) (0 for a square); 1e30 at a corner whose Gram
/// determinant is below 1e-30.
LOOM_EXEC inline double QuadOddy(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double largest = 0.0;
  for (int k = 0; k < 4; ++k)
  {
    // Corner k's sides, pointing away from it: -e[k] and e[k - 1].
    const Point& out = e[k];
    const Point& in = e[(k + 3) % 4];
    const double g11 = Dot(out, out), g12 = -Dot(out, in), g22 = Dot(in, in);
    const double det = g11 * g22 - g12 * g12;
    const double oddy =
      det < QualityTiny ? QualityHuge : ((g11 - g22) * (g11 - g22) + 4.0 * g12 * g12) / 2.0 / det;
    largest = Max(largest, oddy);
  }
  return ClampQuality(largest);
}

/// Condition: the largest corner condition number, (|a|^2 + |b|^2) / (2 signed area) over the corners (1 for
/// a square); 1e30 when a corner's signed area is below 1e-30; the triangle's condition for a collapsed quad.
LOOM_EXEC inline double QuadCondition(const Point (&p)[4])
{
  if (quad_detail::Collapsed(p))
    return quad_detail::TriangleCondition(p);
  Point e[4];
  quad_detail::Sides(p, e);
  double area[4];
  quad_detail::CornerAreas(e, area);
  double largest = 0.0;
  for (int k = 0; k < 4; ++k)
  {
    const Point& in = e[(k + 3) % 4];
    const double condition =
      area[k] < QualityTiny ? QualityHuge : (Dot(e[k], e[k]) + Dot(in, in)) / area[k];
    largest = Max(largest, condition);
  }
  if (largest >= QualityHuge)
    return QualityHuge;
  if (largest <= -QualityHuge)
    return -QualityHuge;
  return largest / 2.0;
}

/// Jacobian: the smallest signed corner area; twice the triangle's area for a collapsed quad.
LOOM_EXEC inline double QuadJacobian(const Point (&p)[4])
{
  if (quad_detail::Collapsed(p))
    return quad_detail::TriangleArea(p) * 2.0;
  Point e[4];
  quad_detail::Sides(p, e);
  double area[4];
  quad_detail::CornerAreas(e, area);
  return ClampQuality(Min(Min(area[0], area[1]), Min(area[2], area[3])));
}

/// Scaled Jacobian: the smallest signed corner area over the product of the corner's side lengths (the
/// sine of the corner angle, signed; 1 for a rectangle); 0 when a side is shorter than 1e-30; the triangle's
/// scaled Jacobian for a collapsed quad.
LOOM_EXEC inline double QuadScaledJacobian(const Point (&p)[4])
{
  if (quad_detail::Collapsed(p))
    return quad_detail::TriangleScaledJacobian(p);
  Point e[4];
  quad_detail::Sides(p, e);
  double area[4];
  quad_detail::CornerAreas(e, area);
  double l[4];
  for (int k = 0; k < 4; ++k)
    l[k] = Magnitude(e[k]);
  if (l[0] < QualityTiny || l[1] < QualityTiny || l[2] < QualityTiny || l[3] < QualityTiny)
    return 0.0;
  double smallest = QualityHuge;
  for (int k = 0; k < 4; ++k)
    smallest = Min(area[k] / (l[k] * l[(k + 3) % 4]), smallest);
  return ClampQuality(smallest);
}

/// Shear: the scaled Jacobian, with values up to 1e-30 (inverted corners) taken as 0.
LOOM_EXEC inline double QuadShear(const Point (&p)[4])
{
  const double scaled = QuadScaledJacobian(p);
  return scaled <= QualityTiny ? 0.0 : quad_detail::ClampAbove(scaled);
}

/// Shape: the smallest corner's 2 area / (|a|^2 + |b|^2) (1 for a square; no collapsed-quad fallback); 0
/// when a side's squared length is up to 1e-30 or the result is below 1e-30.
LOOM_EXEC inline double QuadShape(const Point (&p)[4])
{
  Point e[4];
  quad_detail::Sides(p, e);
  double area[4];
  quad_detail::CornerAreas(e, area);
  double l[4];
  for (int k = 0; k < 4; ++k)
    l[k] = Dot(e[k], e[k]);
  if (l[0] <= QualityTiny || l[1] <= QualityTiny || l[2] <= QualityTiny || l[3] <= QualityTiny)
    return 0.0;
  double smallest = QualityHuge;
  for (int k = 0; k < 4; ++k)
    smallest = Min(area[k] / (l[k] + l[(k + 3) % 4]), smallest);
  smallest *= 2.0;
  if (smallest < QualityTiny)
    smallest = 0.0;
  return ClampQuality(smallest);
}

/// Relative Size Squared: min(A / Aavg, Aavg / A)^2 with A the quad's Area and Aavg the mesh's average quad
/// area; 0 for a non-positive area or average.
LOOM_EXEC inline double QuadRelativeSizeSquared(const Point (&p)[4], double averageArea)
{
  return quad_detail::RelativeSize(QuadArea(p), averageArea);
}

/// Shape and Size: Shape times Relative Size Squared.
LOOM_EXEC inline double QuadShapeAndSize(const Point (&p)[4], double averageArea)
{
  return ClampQuality(QuadShape(p) * QuadRelativeSizeSquared(p, averageArea));
}

/// Shear and Size: Shear times Relative Size Squared.
LOOM_EXEC inline double QuadShearAndSize(const Point (&p)[4], double averageArea)
{
  return ClampQuality(QuadShear(p) * QuadRelativeSizeSquared(p, averageArea));
}

/// Distortion: the smallest Jacobian of the quad taken as a thin shell (thickness 1e-3 sqrt(area), normals
/// from the corners' bilinear frames), over the 2x2 Gauss points (both shell faces unless the corner normals
/// agree within 0.99) and the corners, times 8 over area times thickness (1 for a planar parallelogram; the
/// corners' values signed by the face normal). A collapsed quad: the triangle's smallest signed doubled
/// corner area over its area. Not clamped (0/0 gives NaN).
LOOM_EXEC inline double QuadDistortion(const Point (&p)[4])
{
  const Point face = quad_detail::FaceNormal(p);
  double distortion = QualityHuge;
  if (quad_detail::Collapsed(p))
  {
    Point twice;
    for (int k = 0; k < 3; ++k)
    {
      twice = Cross(p[k] - p[(k + 1) % 3], p[k] - p[(k + 2) % 3]);
      const double signedTwice = (Dot(face, twice) > 0.0 ? 1.0 : -1.0) * Magnitude(twice);
      distortion = Min(distortion, signedTwice);
    }
    return distortion / (Magnitude(twice) / 2.0); // the area from the last corner's frame
  }

  // Bilinear map from the reference square [-1, 1]^2: corner k sits at (u[k], v[k]), its shape function
  // is (1 + u[k] s)(1 + v[k] t) / 4.
  const double u[4] = { -1.0, 1.0, 1.0, -1.0 };
  const double v[4] = { -1.0, -1.0, 1.0, 1.0 };
  const double gauss[2] = { -0.577350269189626, 0.577350269189626 }; // Verdict's rounding of 1/sqrt(3)

  // The area by 2x2 Gauss quadrature (unit weights) of the map's frame cross product.
  double area = 0.0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
    {
      Point ds(0.0), dt(0.0);
      for (int k = 0; k < 4; ++k)
      {
        ds += (0.25 * u[k] * (1.0 + v[k] * gauss[j])) * p[k];
        dt += (0.25 * v[k] * (1.0 + u[k] * gauss[i])) * p[k];
      }
      area += Magnitude(Cross(ds, dt));
    }

  // The unit normal of the map's frame at each corner (zero where the frame is degenerate).
  Point normal[4];
  for (int c = 0; c < 4; ++c)
  {
    Point ds(0.0), dt(0.0);
    for (int k = 0; k < 4; ++k)
    {
      ds += (0.25 * u[k] * (1.0 + v[k] * v[c])) * p[k];
      dt += (0.25 * v[k] * (1.0 + u[k] * u[c])) * p[k];
    }
    normal[c] = Cross(ds, dt);
    quad_detail::Normalize(normal[c]);
  }
  bool flat = true;
  for (int c = 0; c < 4 && flat; ++c)
    flat = !(std::fabs(Dot(normal[0], normal[c])) < 0.99);

  // The shell: points offset along the (interpolated) corner normals by z * thickness / 2. A flat quad is
  // sampled on its mid-surface only, a curved one on both faces (z = -+1/sqrt(3), Verdict's rounding).
  const double thickness = 0.001 * std::sqrt(area);
  const double face_z = flat ? 0.0 : 0.5773502691896;
  const int layers = flat ? 1 : 2;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      for (int layer = 0; layer < layers; ++layer)
      {
        const double z = (layer == 0 ? -face_z : face_z) * thickness / 2.0;
        Point ds(0.0), dt(0.0), through(0.0);
        for (int k = 0; k < 4; ++k)
        {
          const Point x = p[k] + z * normal[k];
          ds += (0.25 * u[k] * (1.0 + v[k] * gauss[j])) * x;
          dt += (0.25 * v[k] * (1.0 + u[k] * gauss[i])) * x;
          const double weight = 0.25 * (1.0 + u[k] * gauss[i]) * (1.0 + v[k] * gauss[j]);
          through += (weight * thickness / 2.0) * normal[k];
        }
        const double jacobian = Dot(through, Cross(ds, dt));
        if (jacobian < distortion)
          distortion = jacobian;
      }

  // At the corners: only Verdict's last sample (the outer face, or the mid-surface of a flat quad) counts,
  // with every point offset along that corner's normal; signed by the face normal.
  const double z = face_z * thickness / 2.0;
  for (int c = 0; c < 4; ++c)
  {
    Point ds(0.0), dt(0.0);
    for (int k = 0; k < 4; ++k)
    {
      const Point x = p[k] + z * normal[c];
      ds += (0.25 * u[k] * (1.0 + v[k] * v[c])) * x;
      dt += (0.25 * v[k] * (1.0 + u[k] * u[c])) * x;
    }
    const Point frame = Cross(ds, dt);
    const double jacobian =
      (Dot(face, frame) > 0.0 ? 1.0 : -1.0) * Dot((thickness / 2.0) * normal[c], frame);
    if (jacobian < distortion)
      distortion = jacobian;
  }

  const double volume = area * thickness;
  return distortion * (volume != 0.0 ? 8.0 / volume : 8.0);
}

/// The quadrilateral measure `measure` (a Measure number) of the quad with corners `p` (in VTK's order,
/// around the quad); `averageSize` is the mesh's average quad area, used by RelativeSizeSquared,
/// ShapeAndSize and ShearAndSize only. Quiet NaN for a measure VTK does not offer for quadrilaterals.
LOOM_EXEC inline double QuadQuality(int measure, const Point (&p)[4], double averageSize)
{
  switch (measure)
  {
    case EdgeRatio:
      return QuadEdgeRatio(p);
    case AspectRatio:
      return QuadAspectRatio(p);
    case RadiusRatio:
      return QuadRadiusRatio(p);
    case MedAspectFrobenius:
      return QuadMedAspectFrobenius(p);
    case MaxAspectFrobenius:
      return QuadMaxAspectFrobenius(p);
    case MinAngle:
      return QuadMinAngle(p);
    case MaxAngle:
      return QuadMaxAngle(p);
    case Condition:
      return QuadCondition(p);
    case ScaledJacobian:
      return QuadScaledJacobian(p);
    case Shear:
      return QuadShear(p);
    case RelativeSizeSquared:
      return QuadRelativeSizeSquared(p, averageSize);
    case Shape:
      return QuadShape(p);
    case ShapeAndSize:
      return QuadShapeAndSize(p, averageSize);
    case Distortion:
      return QuadDistortion(p);
    case MaxEdgeRatio:
      return QuadMaxEdgeRatio(p);
    case Skew:
      return QuadSkew(p);
    case Taper:
      return QuadTaper(p);
    case Stretch:
      return QuadStretch(p);
    case Oddy:
      return QuadOddy(p);
    case ShearAndSize:
      return QuadShearAndSize(p, averageSize);
    case Jacobian:
      return QuadJacobian(p);
    case Warpage:
      return QuadWarpage(p);
    case Area:
      return QuadArea(p);
    case EquiangleSkew:
      return QuadEquiangleSkew(p);
    default:
      return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
