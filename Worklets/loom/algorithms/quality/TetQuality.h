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

/// The Jacobian: the triple product of the edges from corner 0, in Verdict's order (0-1, 2-0, 0-3).
LOOM_EXEC inline double TetJacobian(const Point (&p)[4])
{
  return Dot(p[3] - p[0], Cross(p[0] - p[2], p[1] - p[0]));
}

/// The smallest corner Jacobian over the product of its edges' lengths, times sqrt(2) (1 for the regular
/// tetrahedron); 1e30 when every edge product is below 1e-30.
LOOM_EXEC inline double TetScaledJacobian(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e12 = p[2] - p[1], e20 = p[0] - p[2], e03 = p[3] - p[0], e13 = p[3] - p[1],
              e23 = p[3] - p[2];
  const double jacobian = Dot(e03, Cross(e20, e01));
  const double l01 = Dot(e01, e01), l12 = Dot(e12, e12), l20 = Dot(e20, e20), l03 = Dot(e03, e03),
               l13 = Dot(e13, e13), l23 = Dot(e23, e23);
  // The corner whose three edges have the largest product (the first of equals).
  const double corner[4] = { l01 * l20 * l03, l01 * l12 * l13, l12 * l20 * l23, l03 * l13 * l23 };
  double largest = corner[0];
  for (int k = 1; k < 4; ++k)
    largest = corner[k] > largest ? corner[k] : largest;
  double product = std::sqrt(largest);
  if (product < std::fabs(jacobian))
    product = std::fabs(jacobian);
  if (product < QualityTiny)
    return 1.0e30;
  return std::sqrt(2.0) * jacobian / product;
}

/// The Frobenius aspect: the condition number of the edge matrix against the regular tetrahedron's.
LOOM_EXEC inline double TetAspectFrobenius(const Point (&p)[4])
{
  const Point u = p[1] - p[0], v = p[2] - p[0], w = p[3] - p[0];
  double denominator = Dot(u, Cross(v, w));
  denominator *= denominator;
  denominator *= 2.0;
  denominator = 3.0 * std::pow(denominator, 1.0 / 3.0);
  if (denominator < QualityTiny)
    return 1.0e30;
  const double numerator = 1.5 * (Dot(u, u) + Dot(v, v) + Dot(w, w)) - Dot(v, u) - Dot(w, u) - Dot(w, v);
  return tet_detail::Range(numerator / denominator);
}

/// The root mean square edge length cubed over the volume, normalised to 1 for the regular tetrahedron.
LOOM_EXEC inline double TetAspectGamma(const Point (&p)[4])
{
  const double volume = std::fabs(TetVolume(p));
  if (volume < QualityTiny)
    return 1.0e30;
  const Point e[6] = { p[1] - p[0], p[2] - p[1], p[0] - p[2], p[3] - p[0], p[3] - p[1], p[3] - p[2] };
  double sum = 0.0;
  for (const Point& x : e)
    sum += Dot(x, x);
  const double rms = std::sqrt(sum / 6.0);
  return std::pow(rms, 3) / (8.48528137423857 * volume);
}

/// The condition number of the Jacobian weighted by the regular tetrahedron (1 for it).
LOOM_EXEC inline double TetCondition(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e20 = p[0] - p[2], e03 = p[3] - p[0];
  const Point c1 = e01, c2 = (-2.0 * e20 - e01) / std::sqrt(3.0), c3 = (3.0 * e03 + e20 - e01) / std::sqrt(6.0);
  const double frobenius2 = Dot(c1, c1) + Dot(c2, c2) + Dot(c3, c3);
  const Point x12 = Cross(c1, c2), x23 = Cross(c2, c3), x13 = Cross(c1, c3);
  const double adjugate2 = Dot(x12, x12) + Dot(x23, x23) + Dot(x13, x13);
  const double determinant = Dot(c1, Cross(c2, c3));
  if (std::fabs(determinant) <= QualityTiny)
    return 1.0e30;
  return std::sqrt(frobenius2 * adjugate2) / (3.0 * determinant);
}

/// Three over the weighted condition number: 1 for the regular tetrahedron, 0 for a flat or inverted one.
LOOM_EXEC inline double TetShape(const Point (&p)[4])
{
  const Point e0 = p[1] - p[0], e2 = p[0] - p[2], e3 = p[3] - p[0];
  const double jacobian = Dot(e3, Cross(e2, e0));
  if (jacobian < QualityTiny)
    return 0.0;
  const double numerator = 3.0 * std::pow(std::sqrt(2.0) * jacobian, 2.0 / 3.0);
  const double denominator = 1.5 * (Dot(e0, e0) + Dot(e2, e2) + Dot(e3, e3)) - (Dot(e0, -e2) + Dot(-e2, e3) + Dot(e3, e0));
  if (denominator < QualityTiny)
    return 0.0;
  const double shape = numerator / denominator;
  return tet_detail::Range(shape < 0.0 ? 0.0 : shape);
}

/// min(r, 1/r)^2 of the volume over the average, the average taken through Verdict's scaled regular
/// tetrahedron (0 for an inverted cell or a zero average).
LOOM_EXEC inline double TetRelativeSizeSquared(const Point (&p)[4], double averageVolume)
{
  const double s2 = std::sqrt(2.0), s3 = std::sqrt(3.0);
  Point w1(1.0, 0.0, 0.0), w2(0.5, 0.5 * s3, 0.0), w3(0.5, s3 / 6.0, s2 / s3);
  const double scale = std::pow(6.0 * averageVolume / Dot(w1, Cross(w2, w3)), 0.3333333333333);
  w1 = w1 * scale;
  w2 = w2 * scale;
  w3 = w3 * scale;
  const double average = Dot(w1, Cross(w2, w3)) / 6.0;
  if (average < QualityTiny)
    return 0.0;
  double size = TetVolume(p) / average;
  if (size <= QualityTiny)
    return 0.0;
  if (size > 1.0)
    size = 1.0 / size;
  return size * size;
}

/// The measure `measure` (VTK's number) of the tetrahedron; NaN for one Loom does not compute.
LOOM_EXEC inline double TetQuality(int measure, const Point (&p)[4], double averageVolume)
{
  switch (measure)
  {
    case RadiusRatio: return TetRadiusRatio(p);
    case Volume: return TetVolume(p);
    case EdgeRatio: return TetEdgeRatio(p);
    case Jacobian: return TetJacobian(p);
    case ScaledJacobian: return TetScaledJacobian(p);
    case AspectFrobenius: return TetAspectFrobenius(p);
    case AspectGamma: return TetAspectGamma(p);
    case Condition: return TetCondition(p);
    case Shape: return TetShape(p);
    case RelativeSizeSquared: return TetRelativeSizeSquared(p, averageVolume);
    case ShapeAndSize: return TetShape(p) * TetRelativeSizeSquared(p, averageVolume);
    default: return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
