// Loom algorithms, quality family: the quality measures of a linear triangle, as Verdict defines them for
// VTK's vtkMeshQuality (3 nodes): the same formulas, the same values for degenerate triangles (zero area,
// zero-length edges), the same clamps to +-1e30. Device code: every function is LOOM_EXEC inline, tables are
// local, nothing allocates.
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
namespace triangle_detail
{
/// A triangle's edge vectors and their squared lengths, for the angle measures.
struct Edges
{
  Point E01, E12, E02;
  double L01, L12, L02;
  LOOM_EXEC explicit Edges(const Point (&p)[3])
    : E01(p[1] - p[0])
    , E12(p[2] - p[1])
    , E02(p[2] - p[0])
    , L01(Dot(E01, E01))
    , L12(Dot(E12, E12))
    , L02(Dot(E02, E02))
  {
  }
  LOOM_EXEC bool HasZeroEdge() const { return this->L01 == 0.0 || this->L12 == 0.0 || this->L02 == 0.0; }
  /// The edge (0: p0p1, 1: p1p2, 2: p2p0) that is the shortest (or the longest); ties go to the first.
  LOOM_EXEC int Extreme(bool longest) const
  {
    int edge = 0;
    if (longest ? (this->L12 > this->L01) : (this->L12 < this->L01))
      edge = 1;
    const double chosen = (edge == 0) ? this->L01 : this->L12;
    if (longest ? (this->L02 > chosen) : (this->L02 < chosen))
      edge = 2;
    return edge;
  }
  /// The corner angle (degrees) facing `edge`: p2's, p0's or p1's.
  LOOM_EXEC double AngleFacing(int edge) const
  {
    if (edge == 0)
      return InteriorAngleDegrees(this->E02, this->E12);
    if (edge == 1)
      return InteriorAngleDegrees(this->E01, this->E02);
    return InteriorAngleDegrees(this->E01, -this->E12);
  }
};

/// The smallest or largest corner angle (degrees). By the law of sines the smallest angle faces the
/// shortest edge and the largest the longest, so only that one angle is measured. A zero-length edge gives 0.
LOOM_EXEC inline double ExtremeAngle(const Point (&p)[3], bool largest)
{
  const Edges edges(p);
  if (edges.HasZeroEdge())
    return 0.0;
  return edges.AngleFacing(edges.Extreme(largest));
}

/// The radius of the circle inscribed in triangle (a, b, c): area over half perimeter (NaN for a point).
LOOM_EXEC inline double Inradius(const Point& a, const Point& b, const Point& c)
{
  const Point ab = b - a;
  const Point bc = c - b;
  const Point ca = a - c;
  const double halfPerimeter = (Magnitude(ab) + Magnitude(bc) + Magnitude(ca)) / 2.0;
  const double area = Magnitude(Cross(bc, ab)) / 2.0;
  return area / halfPerimeter;
}
} // namespace triangle_detail

/// Area: half the length of the edge cross product.
LOOM_EXEC inline double TriangleArea(const Point (&p)[3])
{
  return ClampQuality(0.5 * Magnitude(Cross(p[1] - p[0], p[2] - p[0])));
}

/// Edge ratio: longest over shortest edge (1e30 when the shortest is below 1e-15).
LOOM_EXEC inline double TriangleEdgeRatio(const Point (&p)[3])
{
  const Point e01 = p[1] - p[0];
  const Point e12 = p[2] - p[1];
  const Point e20 = p[0] - p[2];
  const double l01 = Dot(e01, e01);
  const double l12 = Dot(e12, e12);
  const double l20 = Dot(e20, e20);
  const double shortest = Min(l01, Min(l12, l20));
  const double longest = Max(l01, Max(l12, l20));
  if (shortest < QualityTiny)
    return QualityHuge;
  return ClampQuality(std::sqrt(longest / shortest));
}

/// Aspect ratio: longest edge over 2 sqrt(3) times the inradius, i.e. hmax * perimeter / (4 sqrt(3) area),
/// 1 for the equilateral triangle (1e30 when twice the area is below 1e-30).
LOOM_EXEC inline double TriangleAspectRatio(const Point (&p)[3])
{
  const Point e01 = p[1] - p[0];
  const Point e12 = p[2] - p[1];
  const double l01 = Magnitude(e01);
  const double l12 = Magnitude(e12);
  const double l20 = Magnitude(p[0] - p[2]);
  const double twiceArea = Magnitude(Cross(e01, e12));
  if (twiceArea < QualityTiny)
    return QualityHuge;
  const double longest = Max(Max(l01, l12), l20);
  const double sqrt3Over6 = 1.7320508075688772 / 6.0;
  return ClampQuality(sqrt3Over6 * longest * (l01 + l12 + l20) / twiceArea);
}

/// Radius ratio: circumradius over twice the inradius, abc (a+b+c) / (16 area^2), 1 for the equilateral
/// triangle (1e30 when the squared doubled area is below 1e-30).
LOOM_EXEC inline double TriangleRadiusRatio(const Point (&p)[3])
{
  const Point e01 = p[1] - p[0];
  const Point e12 = p[2] - p[1];
  const double l01 = Magnitude(e01);
  const double l12 = Magnitude(e12);
  const double l20 = Magnitude(p[0] - p[2]);
  const Point normal = Cross(e01, e12);
  const double twiceAreaSquared = Dot(normal, normal);
  if (twiceAreaSquared < QualityTiny)
    return QualityHuge;
  return ClampQuality(0.25 * l01 * l12 * l20 * (l01 + l12 + l20) / twiceAreaSquared);
}

/// Frobenius aspect: the sum of the squared edges over 4 sqrt(3) times the area (1e30 for zero area).
LOOM_EXEC inline double TriangleAspectFrobenius(const Point (&p)[3])
{
  const Point e01 = p[1] - p[0];
  const Point e12 = p[2] - p[1];
  const Point e02 = p[2] - p[0];
  const double squares = Dot(e01, e01) + Dot(e12, e12) + Dot(e02, e02);
  const double twiceArea = Magnitude(Cross(e01, e02));
  if (twiceArea == 0.0)
    return QualityHuge;
  const double twoSqrt3 = 2.0 * 1.7320508075688772;
  return ClampQuality(squares / (twoSqrt3 * twiceArea));
}

/// Smallest corner angle in degrees (0 for a zero-length edge).
LOOM_EXEC inline double TriangleMinAngle(const Point (&p)[3])
{
  return triangle_detail::ExtremeAngle(p, false);
}

/// Largest corner angle in degrees (0 for a zero-length edge).
LOOM_EXEC inline double TriangleMaxAngle(const Point (&p)[3])
{
  return triangle_detail::ExtremeAngle(p, true);
}

/// Equiangle skew: how far the angles stray from 60 degrees, the larger of (max - 60) / 120 and
/// (60 - min) / 60; 0 for the equilateral triangle, 1 when an edge has zero length.
LOOM_EXEC inline double TriangleEquiangleSkew(const Point (&p)[3])
{
  const triangle_detail::Edges edges(p);
  if (edges.HasZeroEdge()) // both angles count 0: the larger skew is (60 - 0) / 60
    return 1.0;
  const double skewOfLargest = (edges.AngleFacing(edges.Extreme(true)) - 60.0) / 120.0;
  const double skewOfSmallest = (60.0 - edges.AngleFacing(edges.Extreme(false))) / 60.0;
  return skewOfLargest > skewOfSmallest ? skewOfLargest : skewOfSmallest;
}

/// Condition number of the Jacobian at p0 weighted by the equilateral triangle:
/// (|e1|^2 + |e2|^2 - e1.e2) / (sqrt(3) |e1 x e2|), 1 for the equilateral triangle (1e30 for zero area).
LOOM_EXEC inline double TriangleCondition(const Point (&p)[3])
{
  const Point e1 = p[1] - p[0];
  const Point e2 = p[2] - p[0];
  const double twiceArea = Magnitude(Cross(e1, e2));
  if (twiceArea == 0.0)
    return QualityHuge;
  const double condition = (Dot(e1, e1) + Dot(e2, e2) - Dot(e1, e2)) / (twiceArea * 1.7320508075688772);
  return (QualityHuge < condition) ? QualityHuge : condition;
}

/// Scaled Jacobian: twice the area scaled by 2/sqrt(3) over the largest product of two edge lengths;
/// never negative (a triangle in 3D has no orientation here), 0 when that product is below 1e-30.
LOOM_EXEC inline double TriangleScaledJacobian(const Point (&p)[3])
{
  const Point e01 = p[1] - p[0];
  const Point e02 = p[2] - p[0];
  const double l01 = Magnitude(e01);
  const double l02 = Magnitude(e02);
  const double l12 = Magnitude(p[2] - p[1]);
  const double largestProduct = Max(l01 * l02, Max(l02 * l12, l01 * l12));
  if (largestProduct < QualityTiny)
    return 0.0;
  const double twoOverSqrt3 = 2.0 / 1.7320508075688772;
  const double jacobian = Magnitude(Cross(e01, e02)) * twoOverSqrt3;
  return ClampQuality(jacobian / largestProduct);
}

/// Shape: the inverse of the condition number; a zero-area triangle gives 1/1e30 = 1e-30, not 0.
LOOM_EXEC inline double TriangleShape(const Point (&p)[3])
{
  const double condition = TriangleCondition(p);
  const double shape = (condition <= QualityTiny) ? QualityHuge : 1.0 / condition;
  return ClampQuality(shape);
}

/// Relative size squared: with r the area over `averageArea`, min(r^2, 1/r^2); 1 for a triangle of the
/// average area, 0 for zero area or a zero average. A negative, NaN or infinite average gives NaN for a
/// triangle of nonzero area (Verdict takes the square root of the average and multiplies the reference
/// triangle's zero entry by it).
LOOM_EXEC inline double TriangleRelativeSizeSquared(const Point (&p)[3], double averageArea)
{
  // The reference is the equilateral triangle of the average area, edge s = sqrt(2 A / (sqrt(3)/2)): its
  // Jacobian [[s, s/2], [0, s sqrt(3)/2]] has the determinant s^2 sqrt(3)/2 = 2 A.
  const double halfSqrt3 = 0.5 * 1.7320508075688772;
  const double s = std::sqrt(2.0 * averageArea / halfSqrt3);
  double referenceDeterminant = s * (halfSqrt3 * s);
  if (!(s <= 1.79e308)) // a negative, NaN or infinite average: Verdict's zero entry times s makes it NaN
    referenceDeterminant = s * 0.0;
  if (referenceDeterminant == 0.0)
    return 0.0;
  const double twiceArea = Magnitude(Cross(p[1] - p[0], p[2] - p[0]));
  if (twiceArea == 0.0)
    return 0.0;
  const double ratio = twiceArea / referenceDeterminant;
  const double size = ratio * ratio;
  return ClampQuality(Min(size, 1.0 / size));
}

/// Shape and size: the product of the relative size squared and the shape.
LOOM_EXEC inline double TriangleShapeAndSize(const Point (&p)[3], double averageArea)
{
  return ClampQuality(TriangleRelativeSizeSquared(p, averageArea) * TriangleShape(p));
}

/// Distortion: Verdict measures it only for quadratic triangles; a linear triangle is always 1.
LOOM_EXEC inline double TriangleDistortion(const Point (&)[3])
{
  return 1.0;
}

/// Normalized inradius: 4 times the smallest inradius of the four triangles of the midpoint subdivision
/// over the circumradius, 1 for the equilateral triangle. For straight edges the four inradii are all half
/// the triangle's; they are measured one by one as Verdict does, so rounding and the degenerate values agree:
/// 0 for a flat triangle with distinct corners, NaN when an edge has zero length.
LOOM_EXEC inline double TriangleNormalizedInradius(const Point (&p)[3])
{
  const Point m01 = (p[0] + p[1]) * 0.5;
  const Point m12 = (p[1] + p[2]) * 0.5;
  const Point m20 = (p[2] + p[0]) * 0.5;
  // the smallest of the four; a NaN inradius (a sub-triangle shrunk to a point) is passed over
  double smallest = QualityHuge;
  const double inradii[4] = { triangle_detail::Inradius(p[0], m01, m20),
                              triangle_detail::Inradius(m01, p[1], m12),
                              triangle_detail::Inradius(m20, m12, p[2]),
                              triangle_detail::Inradius(m01, m12, m20) };
  for (int k = 0; k < 4; ++k)
    if (inradii[k] < smallest)
      smallest = inradii[k];

  // circumradius abc / (4 area) written as abc / (4 r s), r the inradius and s the half perimeter
  const Point e01 = p[1] - p[0];
  const Point e12 = p[2] - p[1];
  const double l01 = Magnitude(e01);
  const double l12 = Magnitude(e12);
  const double l20 = Magnitude(p[0] - p[2]);
  const double halfPerimeter = (l01 + l12 + l20) / 2.0;
  const double inradius = (Magnitude(Cross(e12, e01)) / 2.0) / halfPerimeter;
  const double circumradius = (l01 * l12 * l20) / (4.0 * inradius * halfPerimeter);
  return 4.0 * smallest / circumradius;
}

/// The triangle's value of `measure` (a Measure number); `averageSize` is the mesh's average triangle area,
/// used by RelativeSizeSquared and ShapeAndSize only. NaN for a measure Verdict does not define for triangles.
LOOM_EXEC inline double TriangleQuality(int measure, const Point (&p)[3], double averageSize)
{
  switch (measure)
  {
    case EdgeRatio: return TriangleEdgeRatio(p);
    case AspectRatio: return TriangleAspectRatio(p);
    case RadiusRatio: return TriangleRadiusRatio(p);
    case AspectFrobenius: return TriangleAspectFrobenius(p);
    case MinAngle: return TriangleMinAngle(p);
    case MaxAngle: return TriangleMaxAngle(p);
    case Condition: return TriangleCondition(p);
    case ScaledJacobian: return TriangleScaledJacobian(p);
    case RelativeSizeSquared: return TriangleRelativeSizeSquared(p, averageSize);
    case Shape: return TriangleShape(p);
    case ShapeAndSize: return TriangleShapeAndSize(p, averageSize);
    case Distortion: return TriangleDistortion(p);
    case Area: return TriangleArea(p);
    case EquiangleSkew: return TriangleEquiangleSkew(p);
    case NormalizedInradius: return TriangleNormalizedInradius(p);
    default: return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
