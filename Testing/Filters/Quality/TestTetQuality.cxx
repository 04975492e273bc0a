// Loom tests, quality family: every tetrahedron measure of TetQuality.h against the Verdict that VTK's
// vtkMeshQuality calls (verdict::tet_*, 4 nodes, the average volume passed to the size-relative ones): the
// regular tetrahedron, random perturbations of it at scales 1e-12 to 1e12, degenerate, flat, inverted and
// mirrored tetrahedra, classic bad shapes, every corner order, and scales that reach Verdict's 1e-30 / 1e30
// bounds; the named functions against TetQuality; NaN for the measures tetrahedra do not have.
#include "QualityTesting.h"

#include <loom/algorithms/quality/TetQuality.h>

#include <verdict.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <random>
#include <string>

namespace
{
using loom_quality_testing::Corners;
using loom_quality_testing::ForEveryCase;
using loom_quality_testing::Perturbed;
using loom_quality_testing::SameQuality;
namespace quality = loom::algorithms::quality;
using quality::Point;
using Tet = Corners<4>;
using VerdictCoordinates = const double (*)[3];

struct TetMeasure
{
  const char* Name;
  int Number;
  double (*Verdict)(VerdictCoordinates, double);
  double (*Direct)(const Point (&)[4], double); // the measure's own Loom function
  bool SizeRelative;
  // Where Loom and Verdict may differ by more than 1e-9 relative: 0 (none) except for the skews, which vanish
  // for the regular tetrahedron, so that their values there are rounding residue (about 1e-16) on both sides.
  double Absolute;
};

// The 20 measures VTK offers for tetrahedra, each with the Verdict function vtkMeshQuality calls for it.
const TetMeasure Measures[] = {
  { "EdgeRatio", quality::EdgeRatio, [](VerdictCoordinates c, double) { return verdict::tet_edge_ratio(4, c); },
    [](const Point (&p)[4], double) { return quality::TetEdgeRatio(p); }, false, 0.0 },
  { "AspectRatio", quality::AspectRatio,
    [](VerdictCoordinates c, double) { return verdict::tet_aspect_ratio(4, c); },
    [](const Point (&p)[4], double) { return quality::TetAspectRatio(p); }, false, 0.0 },
  { "RadiusRatio", quality::RadiusRatio,
    [](VerdictCoordinates c, double) { return verdict::tet_radius_ratio(4, c); },
    [](const Point (&p)[4], double) { return quality::TetRadiusRatio(p); }, false, 0.0 },
  { "AspectFrobenius", quality::AspectFrobenius,
    [](VerdictCoordinates c, double) { return verdict::tet_aspect_frobenius(4, c); },
    [](const Point (&p)[4], double) { return quality::TetAspectFrobenius(p); }, false, 0.0 },
  { "MinAngle", quality::MinAngle, [](VerdictCoordinates c, double) { return verdict::tet_minimum_angle(4, c); },
    [](const Point (&p)[4], double) { return quality::TetMinAngle(p); }, false, 0.0 },
  { "CollapseRatio", quality::CollapseRatio,
    [](VerdictCoordinates c, double) { return verdict::tet_collapse_ratio(4, c); },
    [](const Point (&p)[4], double) { return quality::TetCollapseRatio(p); }, false, 0.0 },
  { "Condition", quality::Condition, [](VerdictCoordinates c, double) { return verdict::tet_condition(4, c); },
    [](const Point (&p)[4], double) { return quality::TetCondition(p); }, false, 0.0 },
  { "ScaledJacobian", quality::ScaledJacobian,
    [](VerdictCoordinates c, double) { return verdict::tet_scaled_jacobian(4, c); },
    [](const Point (&p)[4], double) { return quality::TetScaledJacobian(p); }, false, 0.0 },
  { "RelativeSizeSquared", quality::RelativeSizeSquared,
    [](VerdictCoordinates c, double average) { return verdict::tet_relative_size_squared(4, c, average); },
    [](const Point (&p)[4], double average) { return quality::TetRelativeSizeSquared(p, average); }, true, 0.0 },
  { "Shape", quality::Shape, [](VerdictCoordinates c, double) { return verdict::tet_shape(4, c); },
    [](const Point (&p)[4], double) { return quality::TetShape(p); }, false, 0.0 },
  { "ShapeAndSize", quality::ShapeAndSize,
    [](VerdictCoordinates c, double average) { return verdict::tet_shape_and_size(4, c, average); },
    [](const Point (&p)[4], double average) { return quality::TetShapeAndSize(p, average); }, true, 0.0 },
  { "Distortion", quality::Distortion, [](VerdictCoordinates c, double) { return verdict::tet_distortion(4, c); },
    [](const Point (&p)[4], double) { return quality::TetDistortion(p); }, false, 0.0 },
  { "Volume", quality::Volume, [](VerdictCoordinates c, double) { return verdict::tet_volume(4, c); },
    [](const Point (&p)[4], double) { return quality::TetVolume(p); }, false, 0.0 },
  { "Jacobian", quality::Jacobian, [](VerdictCoordinates c, double) { return verdict::tet_jacobian(4, c); },
    [](const Point (&p)[4], double) { return quality::TetJacobian(p); }, false, 0.0 },
  { "AspectGamma", quality::AspectGamma, [](VerdictCoordinates c, double) { return verdict::tet_aspect_gamma(4, c); },
    [](const Point (&p)[4], double) { return quality::TetAspectGamma(p); }, false, 0.0 },
  { "EquiangleSkew", quality::EquiangleSkew,
    [](VerdictCoordinates c, double) { return verdict::tet_equiangle_skew(4, c); },
    [](const Point (&p)[4], double) { return quality::TetEquiangleSkew(p); }, false, 1e-12 },
  { "EquivolumeSkew", quality::EquivolumeSkew,
    [](VerdictCoordinates c, double) { return verdict::tet_equivolume_skew(4, c); },
    [](const Point (&p)[4], double) { return quality::TetEquivolumeSkew(p); }, false, 1e-12 },
  { "MeanRatio", quality::MeanRatio, [](VerdictCoordinates c, double) { return verdict::tet_mean_ratio(4, c); },
    [](const Point (&p)[4], double) { return quality::TetMeanRatio(p); }, false, 0.0 },
  { "NormalizedInradius", quality::NormalizedInradius,
    [](VerdictCoordinates c, double) { return verdict::tet_normalized_inradius(4, c); },
    [](const Point (&p)[4], double) { return quality::TetNormalizedInradius(p); }, false, 0.0 },
  { "SquishIndex", quality::SquishIndex, [](VerdictCoordinates c, double) { return verdict::tet_squish_index(4, c); },
    [](const Point (&p)[4], double) { return quality::TetSquishIndex(p); }, false, 1e-12 },
};

// The regular tetrahedron of unit edge, positively oriented (corner 3 above face 0-1-2).
const double Regular[4][3] = { { 0.0, 0.0, 0.0 },
                               { 1.0, 0.0, 0.0 },
                               { 0.5, 0.8660254037844386, 0.0 },
                               { 0.5, 0.28867513459481287, 0.816496580927726 } };

long Comparisons = 0;

Tet Make(const double (&corners)[4][3])
{
  Tet cell;
  for (int k = 0; k < 4; ++k)
    cell.P[k] = Point(corners[k][0], corners[k][1], corners[k][2]);
  cell.Sync();
  return cell;
}

Tet Scaled(const Tet& cell, double scale)
{
  Tet scaled;
  for (int k = 0; k < 4; ++k)
    scaled.P[k] = cell.P[k] * scale;
  scaled.Sync();
  return scaled;
}

// Every measure of `cell` by Loom against Verdict; the size-relative ones against averages about the cell's own
// volume, far from it, below Verdict's 1e-30, zero, negative and infinite.
void CheckAll(const Tet& cell, const std::string& what)
{
  const double own = std::fabs(verdict::tet_volume(4, cell.C));
  for (const TetMeasure& m : Measures)
  {
    if (!m.SizeRelative)
    {
      ++Comparisons;
      EXPECT_TRUE(SameQuality(quality::TetQuality(m.Number, cell.P, 1.0), m.Verdict(cell.C, 1.0), m.Absolute))
        << m.Name << ", " << what;
      continue;
    }
    for (double average : { own, 1.3 * own, 0.7 * own, 0.2, 1e-40, 0.0, -1.0,
                            std::numeric_limits<double>::infinity() })
    {
      ++Comparisons;
      EXPECT_TRUE(SameQuality(quality::TetQuality(m.Number, cell.P, average), m.Verdict(cell.C, average), m.Absolute))
        << m.Name << ", " << what << ", average " << average;
    }
  }
}
} // namespace

// The regular tetrahedron, 6000 random perturbations of it (amplitudes 0.05, 0.3, 0.8; scales 1e-12, 1e-3, 1,
// 1e3, 1e12: the smallest puts every volume below 1e-30, so the clamps are reached), all corners at one
// place, corner 1 on corner 0, the corners flattened into z = 0, corners 0 and 1 swapped.
TEST(TetQuality, AsVerdictOnEveryCase)
{
  const long before = Comparisons;
  ForEveryCase(Regular, false, [](const Tet& cell, const std::string& what) { CheckAll(cell, what); });
  std::cout << "[ TetQuality ] every case: " << Comparisons - before << " comparisons" << std::endl;
}

// Degenerate and badly shaped tetrahedra beyond ForEveryCase's, each also at 1e12 and 1e-12.
TEST(TetQuality, AsVerdictOnDegenerateCells)
{
  const long before = Comparisons;
  const double h = 0.8660254037844386;
  const double shapes[][4][3] = {
    // mirror image of the regular tetrahedron (z -> -z): inverted
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, h, 0 }, { 0.5, 0.28867513459481287, -0.816496580927726 } },
    // sliver: four corners nearly on a plane, edges all about equal
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 1e-3 }, { 0, 1, 0 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 1e-9 }, { 0, 1, 0 } },
    // cap: one corner just above the opposite face's interior
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, h, 0 }, { 0.5, 0.3, 1e-4 } },
    // needle: one corner far away
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, h, 0 }, { 0.5, 0.3, 1e4 } },
    // wedge: two corners close together
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, h, 0 }, { 1e-5, 1e-5, 1e-5 } },
    // spindle: two short opposite edges... as a long thin cell
    { { 0, 0, 0 }, { 1e-3, 0, 0 }, { 0.5, 0, 1 }, { 0.5, 1e-3, 1 } },
    // a corner on the opposite face's plane (flat), outside the face
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 2, 2, 0 } },
    // flat in a tilted plane x + y + z = 1
    { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 0.25, 0.25, 0.5 } },
    // all corners on a line
    { { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 }, { 3, 3, 3 } },
    // three corners coincident
    { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 1 } },
    // two pairs coincident
    { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 0 } },
    // corners 2 and 3 swapped (inverted), and corner 3 on corner 2
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.28867513459481287, 0.816496580927726 }, { 0.5, h, 0 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, h, 0 }, { 0.5, h, 0 } },
    // far from the origin (1e6 off) with unit size
    { { 1e6, 1e6, 1e6 }, { 1e6 + 1, 1e6, 1e6 }, { 1e6 + 0.5, 1e6 + h, 1e6 }, { 1e6 + 0.5, 1e6 + 0.3, 1e6 + 0.8 } },
  };
  int index = 0;
  for (const auto& shape : shapes)
  {
    const Tet cell = Make(shape);
    for (double scale : { 1.0, 1e12, 1e-12, 1e-20, 1e20 })
      CheckAll(Scaled(cell, scale), "shape " + std::to_string(index) + " scale " + std::to_string(scale));
    ++index;
  }
  // The regular tetrahedron at the scales that bracket Verdict's bounds.
  for (double scale : { 1e-12, 1e-10, 1e-9, 1e12, 1e15 })
    CheckAll(Scaled(Make(Regular), scale), "regular scale " + std::to_string(scale));
  std::cout << "[ TetQuality ] degenerate cells: " << Comparisons - before << " comparisons" << std::endl;
}

// Every one of the 24 corner orders of random tetrahedra (half of them inverted): some measures depend on the
// order (Collapse Ratio's edge choice, the skews' sign conventions), and Loom must follow Verdict in each.
TEST(TetQuality, AsVerdictInEveryCornerOrder)
{
  const long before = Comparisons;
  std::mt19937_64 random(5);
  const Tet regular = Make(Regular);
  for (int trial = 0; trial < 20; ++trial)
  {
    const Tet cell = Perturbed(regular, 0.3, 1.0, random);
    int order[4] = { 0, 1, 2, 3 };
    do
    {
      Tet permuted;
      for (int k = 0; k < 4; ++k)
        permuted.P[k] = cell.P[order[k]];
      permuted.Sync();
      CheckAll(permuted, "trial " + std::to_string(trial) + " order " + std::to_string(order[0]) +
                 std::to_string(order[1]) + std::to_string(order[2]) + std::to_string(order[3]));
    } while (std::next_permutation(order, order + 4));
  }
  std::cout << "[ TetQuality ] corner orders: " << Comparisons - before << " comparisons" << std::endl;
}

// Known values on the regular tetrahedron, so the tests do not rest on Verdict alone.
TEST(TetQuality, RegularValues)
{
  const Tet cell = Make(Regular);
  const double volume = std::sqrt(2.0) / 12.0;
  EXPECT_NEAR(quality::TetVolume(cell.P), volume, 1e-15);
  EXPECT_NEAR(quality::TetJacobian(cell.P), 6.0 * volume, 1e-15);
  for (int m : { quality::RadiusRatio, quality::AspectRatio, quality::EdgeRatio, quality::AspectFrobenius,
                 quality::Condition, quality::ScaledJacobian, quality::Shape, quality::MeanRatio,
                 quality::AspectGamma, quality::NormalizedInradius, quality::Distortion })
    EXPECT_NEAR(quality::TetQuality(m, cell.P, volume), 1.0, 1e-12) << m;
  for (int m : { quality::EquiangleSkew, quality::EquivolumeSkew, quality::SquishIndex })
    EXPECT_NEAR(quality::TetQuality(m, cell.P, volume), 0.0, 1e-7) << m;
  EXPECT_NEAR(quality::TetMinAngle(cell.P), std::acos(1.0 / 3.0) * 180.0 / 3.141592653589793, 1e-10);
  EXPECT_NEAR(quality::TetRelativeSizeSquared(cell.P, volume), 1.0, 1e-12);
  EXPECT_NEAR(quality::TetRelativeSizeSquared(cell.P, 2.0 * volume), 0.25, 1e-12);
  EXPECT_NEAR(quality::TetShapeAndSize(cell.P, 0.5 * volume), 0.25, 1e-12);
}

// Each measure's own function gives what TetQuality gives for its number.
TEST(TetQuality, NamedFunctionsMatchDispatch)
{
  std::mt19937_64 random(3);
  const Tet regular = Make(Regular);
  for (int i = 0; i < 100; ++i)
  {
    const Tet cell = Perturbed(regular, 0.3, 1.0, random);
    for (const TetMeasure& m : Measures)
    {
      const double direct = m.Direct(cell.P, 0.1);
      const double dispatched = quality::TetQuality(m.Number, cell.P, 0.1);
      EXPECT_TRUE(direct == dispatched || (std::isnan(direct) && std::isnan(dispatched))) << m.Name;
    }
  }
}

// A measure number tetrahedra do not have (VTK's triangle-, quadrilateral- and hexahedron-only measures, and
// numbers outside VTK's list) gives NaN.
TEST(TetQuality, OtherMeasuresAreNaN)
{
  const Tet cell = Make(Regular);
  bool offered[quality::MeasureCount] = {};
  for (const TetMeasure& m : Measures)
    offered[m.Number] = true;
  int unknown = 0;
  for (int m = -3; m < quality::MeasureCount + 5; ++m)
  {
    if (m >= 0 && m < quality::MeasureCount && offered[m])
    {
      EXPECT_FALSE(std::isnan(quality::TetQuality(m, cell.P, 1.0))) << m;
      continue;
    }
    EXPECT_TRUE(std::isnan(quality::TetQuality(m, cell.P, 1.0))) << m;
    ++unknown;
  }
  EXPECT_EQ(unknown, 3 + (quality::MeasureCount - 20) + 5);
  std::cout << "[ TetQuality ] total: " << Comparisons << " comparisons against Verdict" << std::endl;
}
