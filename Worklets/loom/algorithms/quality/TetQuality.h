// Loom algorithms, quality family: the quality measures of a linear tetrahedron, as Verdict defines them for
// VTK's vtkMeshQuality (4 nodes): the same formulas, the same values for degenerate tetrahedra (zero volume,
// coincident corners), the same signs for inverted ones, the same clamps to +-1e30. Device code: every function
// is LOOM_EXEC inline, tables are local, nothing allocates.
//
// Corners p[0..3]; a tetrahedron is positive when p[3] lies on the side of face (p[0], p[1], p[2]) that
// (p[1] - p[0]) x (p[2] - p[0]) points to. Where a measure is ill-conditioned (angles from cosines near +-1,
// volumes of slivers, the circumradius from edge products) the vectors are formed in the order Verdict forms
// them, so that Loom rounds where Verdict rounds and the two agree on nearly flat tetrahedra too.
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
/// Verdict's final bound on most tetrahedron measures: into [-1e30, 1e30], NaN taken as 1e30.
LOOM_EXEC inline double Bounded(double v)
{
  if (v != v || v >= QualityHuge)
    return QualityHuge;
  if (v <= -QualityHuge)
    return -QualityHuge;
  return v;
}

/// Radians to degrees, with the factor Verdict uses (180 times its 1/pi).
constexpr double Degrees = 180.0 * 0.3183098861837906715377675267450287;

/// The six edges as Verdict numbers them: the cycle around face 0-1-2 (0->1, 1->2, 2->0), then the three
/// edges rising to corner 3 (0->3, 1->3, 2->3).
struct Edges
{
  Point E01, E12, E20, E03, E13, E23;
  LOOM_EXEC explicit Edges(const Point (&p)[4])
    : E01(p[1] - p[0])
    , E12(p[2] - p[1])
    , E20(p[0] - p[2])
    , E03(p[3] - p[0])
    , E13(p[3] - p[1])
    , E23(p[3] - p[2])
  {
  }
  /// Six times the signed volume: E03 . (E20 x E01), bit for bit Verdict's tetrahedron volume times six
  /// (E20 x E01 equals (p1 - p0) x (p2 - p0) exactly: negation and swapping commute with rounding).
  LOOM_EXEC double SixVolume() const { return Dot(this->E03, Cross(this->E20, this->E01)); }
  /// The sum of the squared edge lengths.
  LOOM_EXEC double SquaredLengthSum() const
  {
    return Dot(this->E01, this->E01) + Dot(this->E12, this->E12) + Dot(this->E20, this->E20) +
      Dot(this->E03, this->E03) + Dot(this->E13, this->E13) + Dot(this->E23, this->E23);
  }
};

/// |a|^2 (b x c) + |b|^2 (c x a) + |c|^2 (a x b) for the edges a, b, c from corner 0 (a = E01, b = -E20,
/// c = E03): twice the signed volume triple product times the vector from p0 to the circumcentre, so its
/// length over 2 |E03 . (E20 x E01)| is the circumradius.
LOOM_EXEC inline Point CircumcentreNumerator(const Point& e01, const Point& e20, const Point& e03)
{
  return Dot(e03, e03) * Cross(e20, e01) + Dot(e20, e20) * Cross(e03, e01) + Dot(e01, e01) * Cross(e03, e20);
}

/// The unit vector along v, each component divided by the length as Verdict normalises (v itself when zero).
LOOM_EXEC inline Point Unit(const Point& v)
{
  const double length = Magnitude(v);
  return length != 0.0 ? v / length : v;
}

/// A triangle's area from its edge cross product, bounded by 1e30 as Verdict's triangle area is.
LOOM_EXEC inline double FaceArea(const Point& cross)
{
  const double area = 0.5 * Magnitude(cross);
  return QualityHuge < area ? QualityHuge : area;
}

/// The radius of the sphere inscribed in the tetrahedron (a, b, c, d): three times its signed volume over the
/// sum of its four face areas (NaN when every face has zero area).
LOOM_EXEC inline double Inradius(const Point& a, const Point& b, const Point& c, const Point& d)
{
  const Point ab = b - a, ac = c - a, ad = d - a;
  const Point nabc = Cross(ab, ac);
  const double volume = Dot(ad, nabc) / 6.0;
  const double areas =
    FaceArea(nabc) + FaceArea(Cross(ad, ab)) + FaceArea(Cross(ac, ad)) + FaceArea(Cross(d - b, c - b));
  return 3.0 * volume / areas;
}

/// The smallest (or, with `largest`, the largest) of six values, skipping over NaN the way Verdict's
/// chains of `x < y ? x : y` do: each step keeps the running value only when the comparison holds.
LOOM_EXEC inline double ChainExtreme(const double (&v)[6], bool largest)
{
  double e = v[0];
  for (int k = 1; k < 6; ++k)
    e = (largest ? (e > v[k]) : (e < v[k])) ? e : v[k];
  return e;
}
} // namespace tet_detail

/// Volume (19): a sixth of the triple product of the edges from corner 0; negative for an inverted tetrahedron.
LOOM_EXEC inline double TetVolume(const Point (&p)[4])
{
  const Point a = p[1] - p[0], b = p[2] - p[0], c = p[3] - p[0];
  return Dot(c, Cross(a, b)) * (1.0 / 6.0);
}

/// Radius Ratio (2, the default): the circumradius over three times the inradius, 1 for the regular
/// tetrahedron. With j six times the signed volume and S the sum of the face cross-product lengths (twice the
/// face areas), the circumradius is |n| / 2|j| (n from CircumcentreNumerator) and the inradius |j| / S, so the
/// ratio is |n| S / 6 j^2: four face cross products, five square roots, one division. 1e30 when the volume is
/// below 1e-30 (either sign).
LOOM_EXEC inline double TetRadiusRatio(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e12 = p[2] - p[1], e20 = p[0] - p[2], e03 = p[3] - p[0], e13 = p[3] - p[1];
  // Each face's normal, as long as twice its area.
  const Point n012 = Cross(e20, e01), n013 = Cross(e03, e01), n023 = Cross(e03, e20), n123 = Cross(e13, e12);
  const double j = Dot(e03, n012);
  if (std::fabs(j) < 6.0 * QualityTiny)
    return QualityHuge;
  const Point n = Dot(e03, e03) * n012 + Dot(e20, e20) * n013 + Dot(e01, e01) * n023;
  const double faces = Magnitude(n012) + Magnitude(n013) + Magnitude(n123) + Magnitude(n023);
  return tet_detail::Bounded(Magnitude(n) * faces / (6.0 * j * j));
}

/// Edge Ratio (0): the longest edge over the shortest; 1e30 when the shortest is below 1e-15 long.
LOOM_EXEC inline double TetEdgeRatio(const Point (&p)[4])
{
  const tet_detail::Edges e(p);
  const double l[6] = { Dot(e.E01, e.E01), Dot(e.E12, e.E12), Dot(e.E20, e.E20),
                        Dot(e.E03, e.E03), Dot(e.E13, e.E13), Dot(e.E23, e.E23) };
  double shortest = l[0], longest = l[0];
  for (int k = 1; k < 6; ++k)
  {
    shortest = Min(shortest, l[k]);
    longest = Max(longest, l[k]);
  }
  if (shortest < QualityTiny)
    return QualityHuge;
  return tet_detail::Bounded(std::sqrt(longest / shortest));
}

/// Aspect Ratio (1): the longest edge times the total face area over the volume, as sqrt(6)/12 hmax
/// (sum of face cross-product lengths) / |det|, 1 for the regular tetrahedron; 1e30 when |det| < 1e-30.
LOOM_EXEC inline double TetAspectRatio(const Point (&p)[4])
{
  const Point ab = p[1] - p[0], ac = p[2] - p[0], ad = p[3] - p[0];
  const double det = Dot(ab, Cross(ac, ad));
  if (std::fabs(det) < QualityTiny)
    return QualityHuge;
  const Point bc = p[2] - p[1], bd = p[3] - p[1], cd = p[3] - p[2];
  double longest = Max(Max(Dot(ab, ab), Dot(bc, bc)), Max(Dot(ac, ac), Dot(ad, ad)));
  longest = Max(longest, Max(Dot(bd, bd), Dot(cd, cd)));
  const double faces =
    Magnitude(Cross(ab, bc)) + Magnitude(Cross(ab, ad)) + Magnitude(Cross(ac, ad)) + Magnitude(Cross(bc, cd));
  const double coefficient = 2.449489742783178 / 12.0; // sqrt(6) / 12
  return tet_detail::Bounded(coefficient * std::sqrt(longest) * faces / std::fabs(det));
}

/// Aspect Frobenius (3): the Frobenius condition number of the edge matrix (AB, AC, AD) measured against the
/// regular tetrahedron's, (1.5 sum |e|^2 - sum of the cross dots) / (3 (2 det^2)^(1/3)); 1 for the regular
/// tetrahedron, 1e30 when that denominator is below 1e-30.
LOOM_EXEC inline double TetAspectFrobenius(const Point (&p)[4])
{
  const Point u = p[1] - p[0], v = p[2] - p[0], w = p[3] - p[0];
  const double det = Dot(u, Cross(v, w));
  const double denominator = 3.0 * std::cbrt(2.0 * det * det);
  if (denominator < QualityTiny)
    return QualityHuge;
  const double numerator = 1.5 * (Dot(u, u) + Dot(v, v) + Dot(w, w)) - Dot(v, u) - Dot(w, u) - Dot(w, v);
  return tet_detail::Bounded(numerator / denominator);
}

/// Minimum Angle (6): the smallest dihedral angle, in degrees, from the cosines of the angles between the four
/// face normals (ab x bc, ab x ad, ad x cd, bc x cd). No guard: a face of zero area makes its cosines NaN, and
/// Verdict's comparison chain then ends on NaN or skips it; NaN becomes 1e30.
LOOM_EXEC inline double TetMinAngle(const Point (&p)[4])
{
  const Point ab = p[1] - p[0], ad = p[3] - p[0], bc = p[2] - p[1], cd = p[3] - p[2];
  const Point abc = Cross(ab, bc), abd = Cross(ab, ad), acd = Cross(ad, cd), bcd = Cross(bc, cd);
  const double labc = Magnitude(abc), labd = Magnitude(abd), lacd = Magnitude(acd), lbcd = Magnitude(bcd);
  // The dihedral angles along edges ab, ac, bc, ad, bd and cd.
  const double angles[6] = { std::acos(Dot(abc, abd) / (labc * labd)), std::acos(Dot(abc, acd) / (labc * lacd)),
                             std::acos(Dot(abc, bcd) / (labc * lbcd)), std::acos(Dot(abd, acd) / (labd * lacd)),
                             std::acos(Dot(abd, bcd) / (labd * lbcd)), std::acos(Dot(acd, bcd) / (lacd * lbcd)) };
  return tet_detail::Bounded(tet_detail::ChainExtreme(angles, false) * tet_detail::Degrees);
}

/// Collapse Ratio (7): the smallest, over the four corners, of the corner's signed height above the opposite
/// face over that face's longest edge (negative when inverted; NaN, so 1e30, when a face has zero area).
/// Verdict takes the "longest edge" of faces 0-1-2 and 0-3-1 among edges {0-1, 0-2, 1-3} and {0-1, 0-3, 1-2}
/// (edges 1-2 and 1-3 exchanged); Loom does the same, to give the same numbers.
LOOM_EXEC inline double TetCollapseRatio(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e02 = p[2] - p[0], e03 = p[3] - p[0], e12 = p[2] - p[1], e13 = p[3] - p[1],
              e23 = p[3] - p[2];
  const double l01 = Magnitude(e01), l02 = Magnitude(e02), l03 = Magnitude(e03), l12 = Magnitude(e12),
               l13 = Magnitude(e13), l23 = Magnitude(e23);
  const double longest012 = Max(Max(l13, l01), l02); // Verdict's choice (see above)
  const double longest031 = Max(Max(l01, l03), l12); // Verdict's choice (see above)
  const double longest023 = Max(Max(l03, l02), l23);
  const double longest132 = Max(Max(l13, l12), l23);
  // Height of the corner above the face = (corner edge . face normal) / |face normal|.
  Point n = Cross(e01, e02);
  double ratio = Dot(e03, n) / (Magnitude(n) * longest012);
  n = Cross(e03, e01);
  double candidate = Dot(e02, n) / (Magnitude(n) * longest031);
  if (candidate < ratio)
    ratio = candidate;
  n = Cross(e02, e03);
  candidate = Dot(e01, n) / (Magnitude(n) * longest023);
  if (candidate < ratio)
    ratio = candidate;
  n = Cross(e12, e13);
  candidate = Dot(e01, n) / (Magnitude(n) * longest132);
  if (candidate < ratio)
    ratio = candidate;
  return tet_detail::Bounded(ratio);
}

/// Condition (9): the condition number of the Jacobian mapped onto the regular tetrahedron,
/// sqrt(|C|_F^2 |adj C|_F^2) / (3 det C); 1 for the regular tetrahedron, negative when inverted, 1e30 when
/// |det C| <= 1e-30. Not bounded otherwise (as in Verdict).
LOOM_EXEC inline double TetCondition(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e20 = p[0] - p[2], e03 = p[3] - p[0];
  const double sqrt3 = 1.7320508075688772, sqrt6 = 2.449489742783178;
  const Point c1 = e01;
  const Point c2 = (-2.0 * e20 - e01) / sqrt3;
  const Point c3 = (3.0 * e03 + e20 - e01) / sqrt6;
  const Point x12 = Cross(c1, c2), x23 = Cross(c2, c3), x13 = Cross(c1, c3);
  const double det = Dot(c1, x23);
  if (std::fabs(det) <= QualityTiny)
    return QualityHuge;
  const double frobenius = Dot(c1, c1) + Dot(c2, c2) + Dot(c3, c3);
  const double adjugate = Dot(x12, x12) + Dot(x23, x23) + Dot(x13, x13);
  return std::sqrt(frobenius * adjugate) / (3.0 * det);
}

/// Scaled Jacobian (10): sqrt(2) times the Jacobian over the largest product of the three edge lengths at a
/// corner (or over |Jacobian| if that is larger); 1 for the regular tetrahedron, -1 for its mirror image, 1e30
/// when that product is below 1e-30.
LOOM_EXEC inline double TetScaledJacobian(const Point (&p)[4])
{
  const tet_detail::Edges e(p);
  const double jacobian = e.SixVolume();
  const double l01 = Dot(e.E01, e.E01), l12 = Dot(e.E12, e.E12), l20 = Dot(e.E20, e.E20),
               l03 = Dot(e.E03, e.E03), l13 = Dot(e.E13, e.E13), l23 = Dot(e.E23, e.E23);
  const double corner =
    Max(Max(l01 * l20 * l03, l01 * l12 * l13), Max(l12 * l20 * l23, l03 * l13 * l23)); // squared products
  double product = std::sqrt(corner);
  if (product < std::fabs(jacobian))
    product = std::fabs(jacobian);
  if (product < QualityTiny)
    return QualityHuge;
  return 1.4142135623730951 * jacobian / product;
}

/// Shape (13): three over the weighted condition number, 3 (sqrt(2) J)^(2/3) over the edge quadratic form;
/// 1 for the regular tetrahedron, 0 when the Jacobian J is below 1e-30 (flat or inverted).
LOOM_EXEC inline double TetShape(const Point (&p)[4])
{
  const Point e01 = p[1] - p[0], e20 = p[0] - p[2], e03 = p[3] - p[0];
  const double jacobian = Dot(e03, Cross(e20, e01));
  if (jacobian < QualityTiny)
    return 0.0;
  const double root = std::cbrt(1.4142135623730951 * jacobian);
  const double numerator = 3.0 * root * root;
  const double denominator = 1.5 * (Dot(e01, e01) + Dot(e20, e20) + Dot(e03, e03)) -
    (Dot(e01, -e20) + Dot(-e20, e03) + Dot(e03, e01));
  if (denominator < QualityTiny)
    return 0.0;
  const double shape = numerator / denominator;
  return tet_detail::Bounded(shape < 0.0 ? 0.0 : shape);
}

/// Relative Size Squared (12): min(r, 1/r)^2 for r the volume over the mesh's average volume. Verdict takes
/// the average through a regular tetrahedron scaled by (6 average / its unit determinant)^0.3333333333333 (not
/// exactly a cube root, so slightly off the average itself), which Loom reproduces. 0 for an inverted cell and
/// for an average below 1e-30; NaN for a negative average.
LOOM_EXEC inline double TetRelativeSizeSquared(const Point (&p)[4], double averageVolume)
{
  // Verdict's regular tetrahedron of unit edge: w1 = (1, 0, 0), w2 = (1/2, sqrt(3)/2, 0),
  // w3 = (1/2, sqrt(3)/6, sqrt(2/3)); its determinant is w2.y w3.z.
  const double w2y = 0.5 * 1.7320508075688772, w3z = 1.4142135623730951 / 1.7320508075688772;
  const double s = std::pow(6.0 * averageVolume / (w2y * w3z), 0.3333333333333);
  // The scaled determinant as Verdict rounds it; 0 s adds NaN for an infinite average, as its zero weights do.
  const double average = (s * ((w2y * s) * (w3z * s)) + 0.0 * s) / 6.0;
  if (average < QualityTiny)
    return 0.0;
  double size = TetVolume(p) / average;
  if (size <= QualityTiny)
    return 0.0;
  if (size > 1.0)
    size = 1.0 / size;
  return size * size;
}

/// Shape and Size (14): Shape times Relative Size Squared.
LOOM_EXEC inline double TetShapeAndSize(const Point (&p)[4], double averageVolume)
{
  return TetShape(p) * TetRelativeSizeSquared(p, averageVolume);
}

/// Distortion (15): always 1 for a linear tetrahedron (Verdict's reference shape is the straight-edged one).
LOOM_EXEC inline double TetDistortion(const Point (&)[4])
{
  return 1.0;
}

/// Jacobian (25): six times the signed volume.
LOOM_EXEC inline double TetJacobian(const Point (&p)[4])
{
  return tet_detail::Edges(p).SixVolume();
}

/// Aspect Gamma (27): the root mean square edge length cubed over the volume, normalised to 1 for the
/// regular tetrahedron (rms^3 / (6 sqrt(2) |V|)); 1e30 when |V| < 1e-30. Not bounded otherwise.
LOOM_EXEC inline double TetAspectGamma(const Point (&p)[4])
{
  const tet_detail::Edges e(p);
  const double volume = std::fabs(e.SixVolume() / 6.0);
  if (volume < QualityTiny)
    return QualityHuge;
  const double rms = std::sqrt(e.SquaredLengthSum() / 6.0);
  return rms * rms * rms / (8.48528137423857 * volume);
}

/// Equiangle Skew (29): how far the angles stray from the regular tetrahedron's, the largest of
/// (theta - smallest dihedral) / theta, (largest dihedral - theta) / (180 - theta) for theta = acos(1/3), and
/// (60 - smallest face angle) / 60, (largest face angle - 60) / 120; all from unit edges and unit normals.
/// Not bounded: a degenerate cell can give NaN cosines, which the comparisons skip or keep as Verdict's do.
LOOM_EXEC inline double TetEquiangleSkew(const Point (&p)[4])
{
  using tet_detail::Unit;
  const Point ab = Unit(p[1] - p[0]), ac = Unit(p[2] - p[0]), ad = Unit(p[3] - p[0]);
  const Point bc = Unit(p[2] - p[1]), bd = Unit(p[3] - p[1]), cd = Unit(p[3] - p[2]);
  const Point abc = Unit(Cross(bc, ab)), abd = Unit(Cross(ab, ad)), acd = Unit(Cross(cd, ad)),
              bcd = Unit(Cross(bc, cd));
  const double dihedral[6] = { std::acos(-Dot(abc, abd)), std::acos(-Dot(abc, acd)), std::acos(-Dot(abc, bcd)),
                               std::acos(-Dot(abd, acd)), std::acos(-Dot(abd, bcd)), std::acos(-Dot(acd, bcd)) };
  const double smallestDihedral = tet_detail::ChainExtreme(dihedral, false) * tet_detail::Degrees;
  const double largestDihedral = tet_detail::ChainExtreme(dihedral, true) * tet_detail::Degrees;
  const double theta = std::acos(1.0 / 3.0) * tet_detail::Degrees;
  const double dihedralLow = (theta - smallestDihedral) / theta;
  const double dihedralHigh = (largestDihedral - theta) / (180.0 - theta);

  // The twelve face angles, three per face (faces abc, abd, bcd, acd).
  const double face[12] = { std::acos(-Dot(ab, bc)), std::acos(Dot(bc, ac)),  std::acos(Dot(ac, ab)),
                            std::acos(-Dot(ab, bd)), std::acos(Dot(bd, ad)),  std::acos(Dot(ad, ab)),
                            std::acos(-Dot(bc, cd)), std::acos(Dot(cd, bd)),  std::acos(Dot(bd, bc)),
                            std::acos(Dot(ad, cd)),  std::acos(-Dot(cd, ac)), std::acos(Dot(ac, ad)) };
  double smallest = 360.0, largest = 0.0; // radians: above and below every angle, so NaNs are skipped
  for (int k = 0; k < 12; ++k)
  {
    if (face[k] < smallest)
      smallest = face[k];
    if (face[k] > largest)
      largest = face[k];
  }
  const double faceHigh = (largest * tet_detail::Degrees - 60.0) / 120.0;
  const double faceLow = (60.0 - smallest * tet_detail::Degrees) / 60.0;

  double skew = dihedralLow;
  skew = skew > dihedralHigh ? skew : dihedralHigh;
  skew = skew > faceLow ? skew : faceLow;
  skew = skew > faceHigh ? skew : faceHigh;
  return skew;
}

/// Equivolume Skew (30): (V* - V) / V* for V* the volume of the regular tetrahedron with the same
/// circumradius R (V* = sqrt(2)/12 (R / sqrt(3/8))^3); 0 for the regular tetrahedron, 1 for a flat one, 1e30
/// when R is undefined (NaN).
LOOM_EXEC inline double TetEquivolumeSkew(const Point (&p)[4])
{
  const tet_detail::Edges e(p);
  const Point n = tet_detail::CircumcentreNumerator(e.E01, e.E20, e.E03);
  const double twiceDet = 2.0 * Dot(e.E01, Cross(p[2] - p[0], e.E03));
  const double circumradius = Magnitude(n) / twiceDet;
  const double edge = circumradius / 0.6123724356957945; // the regular tetrahedron's edge: R / sqrt(3/8)
  const double optimal = (1.4142135623730951 / 12.0) * (edge * edge * edge);
  const double volume = e.SixVolume() / 6.0;
  return tet_detail::Bounded((optimal - volume) / optimal);
}

/// Mean Ratio (33): 12 (3 |V|)^(2/3) over the sum of the squared edge lengths, signed as the volume; 1 for
/// the regular tetrahedron, 0 when |V| < 1e-30.
LOOM_EXEC inline double TetMeanRatio(const Point (&p)[4])
{
  const tet_detail::Edges e(p);
  const double volume = e.SixVolume() / 6.0;
  if (std::fabs(volume) < QualityTiny)
    return 0.0;
  const double root = std::cbrt(3.0 * std::fabs(volume));
  const double ratio = 12.0 * root * root / e.SquaredLengthSum();
  return volume < 0.0 ? -ratio : ratio;
}

/// Normalized Inradius (35): Verdict's measure through the quadratic tetrahedron with straight edges. Its
/// twelve sub-tetrahedra are the four corner ones (the cell halved about each corner) and eight that cone the
/// central octahedron's faces to the centroid; the result is the smaller of 6 r_corner / R and
/// 3 (1 + sqrt(3)) r_centre / R, r the smallest inradius of each group, R the circumradius (1 for the regular
/// tetrahedron). Each corner sub-tetrahedron's inradius is half the cell's, so one inradius serves the four.
/// Both the inradii and R carry the volume's sign, so an inverted cell gives a positive value (from the
/// sub-tetrahedron inradius largest in size, as Verdict's minimum of negative numbers picks); NaN gives 1e30.
LOOM_EXEC inline double TetNormalizedInradius(const Point (&p)[4])
{
  const tet_detail::Edges e(p);
  const Point n012 = Cross(e.E20, e.E01), n013 = Cross(e.E03, e.E01), n023 = Cross(e.E03, e.E20),
              n123 = Cross(e.E13, e.E12);
  const double j = Dot(e.E03, n012);
  // A corner sub-tetrahedron has an eighth of the volume, j / 48, and faces of a quarter of the cell's areas
  // (each bounded by 1e30 as Verdict's triangle area is), so its inradius is j / 16 over their sum: half the
  // cell's j / (sum of face cross-product lengths) until the bound applies. Verdict's minimum starts at 1e30
  // and skips NaN.
  const double quarterAreas = tet_detail::FaceArea(0.25 * n012) + tet_detail::FaceArea(0.25 * n013) +
    tet_detail::FaceArea(0.25 * n023) + tet_detail::FaceArea(0.25 * n123);
  double cornerInradius = j / (16.0 * quarterAreas);
  if (!(cornerInradius < QualityHuge))
    cornerInradius = QualityHuge;

  // The edge midpoints in the quadratic tetrahedron's order (0-1, 1-2, 2-0, 0-3, 1-3, 2-3), and their mean.
  const Point m[6] = { (p[0] + p[1]) * 0.5, (p[1] + p[2]) * 0.5, (p[2] + p[0]) * 0.5,
                       (p[0] + p[3]) * 0.5, (p[1] + p[3]) * 0.5, (p[2] + p[3]) * 0.5 };
  const Point centre = (m[0] + m[1] + m[2] + m[3] + m[4] + m[5]) / 6.0;
  // The octahedron's eight faces (midpoint indices), each coned to the centre.
  const int octahedron[8][3] = { { 0, 4, 1 }, { 1, 4, 5 }, { 5, 4, 3 }, { 3, 4, 0 },
                                 { 0, 1, 2 }, { 1, 5, 2 }, { 5, 3, 2 }, { 3, 0, 2 } };
  double centreInradius = QualityHuge;
  for (int k = 0; k < 8; ++k)
  {
    const double r = tet_detail::Inradius(m[octahedron[k][0]], m[octahedron[k][1]], m[octahedron[k][2]], centre);
    if (r < centreInradius)
      centreInradius = r;
  }

  // The circumradius from the products of opposite edge lengths and the signed volume (Verdict's formula).
  const double ab = Magnitude(e.E01), ac = Magnitude(e.E20), ad = Magnitude(e.E03), cd = Magnitude(e.E23),
               bd = Magnitude(e.E13), bc = Magnitude(e.E12);
  const double a = ab * cd, b = ac * bd, c = ad * bc;
  const double circumradius = std::sqrt((a + b + c) * (a + b - c) * (a - b + c) * (-a + b + c)) / 24.0 / (j / 6.0);

  const double corner = 6.0 * cornerInradius / circumradius;
  const double centreTerm = 3.0 * (1.0 + 1.7320508075688772) * centreInradius / circumradius;
  return tet_detail::Bounded(centreTerm < corner ? centreTerm : corner);
}

/// Squish Index (36): the largest, over the faces, of 1 - cos(angle between the face's area vector and the
/// vector from the cell centre to the face centre); 0 for the regular tetrahedron, up to 2 when inverted. A
/// face whose cosine is NaN is skipped (0 when all are). Not bounded (as in Verdict).
LOOM_EXEC inline double TetSquishIndex(const Point (&p)[4])
{
  const Point centre = (p[0] + p[1] + p[2] + p[3]) / 4.0;
  const Point ab = p[1] - p[0], bc = p[2] - p[1], ca = p[0] - p[2], ad = p[3] - p[0], bd = p[3] - p[1],
              cd = p[3] - p[2];
  // Each face: its centre and its area vector (outward for a positive tetrahedron).
  const Point centres[4] = { (p[0] + p[1] + p[3]) / 3.0, (p[1] + p[2] + p[3]) / 3.0, (p[0] + p[2] + p[3]) / 3.0,
                             (p[0] + p[1] + p[2]) / 3.0 };
  const Point areas[4] = { 0.5 * Cross(ab, bd), 0.5 * Cross(bc, cd), 0.5 * Cross(ca, ad), 0.5 * Cross(bc, ab) };
  double squish = 0.0;
  for (int k = 0; k < 4; ++k)
  {
    const Point out = centres[k] - centre;
    const double s = 1.0 - Dot(areas[k], out) / (Magnitude(areas[k]) * Magnitude(out));
    if (s > squish)
      squish = s;
  }
  return squish;
}

/// The measure `measure` (VTK's number) of the tetrahedron p; `averageVolume` is the mesh's average
/// tetrahedron volume (only Relative Size Squared and Shape and Size use it). NaN for a measure VTK does not
/// define for tetrahedra.
LOOM_EXEC inline double TetQuality(int measure, const Point (&p)[4], double averageVolume)
{
  switch (measure)
  {
    case RadiusRatio:
      return TetRadiusRatio(p);
    case Volume:
      return TetVolume(p);
    case EdgeRatio:
      return TetEdgeRatio(p);
    case AspectRatio:
      return TetAspectRatio(p);
    case AspectFrobenius:
      return TetAspectFrobenius(p);
    case MinAngle:
      return TetMinAngle(p);
    case CollapseRatio:
      return TetCollapseRatio(p);
    case Condition:
      return TetCondition(p);
    case ScaledJacobian:
      return TetScaledJacobian(p);
    case RelativeSizeSquared:
      return TetRelativeSizeSquared(p, averageVolume);
    case Shape:
      return TetShape(p);
    case ShapeAndSize:
      return TetShapeAndSize(p, averageVolume);
    case Distortion:
      return TetDistortion(p);
    case Jacobian:
      return TetJacobian(p);
    case AspectGamma:
      return TetAspectGamma(p);
    case EquiangleSkew:
      return TetEquiangleSkew(p);
    case EquivolumeSkew:
      return TetEquivolumeSkew(p);
    case MeanRatio:
      return TetMeanRatio(p);
    case NormalizedInradius:
      return TetNormalizedInradius(p);
    case SquishIndex:
      return TetSquishIndex(p);
    default:
      return std::nan("");
  }
}
} // namespace quality
} // namespace algorithms
} // namespace loom
