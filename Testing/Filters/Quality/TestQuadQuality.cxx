// Loom tests, quality family: every quadrilateral measure of QuadQuality.h against the Verdict function VTK's
// vtkMeshQuality calls for it, on the unit square, thousands of random perturbations of it (flat and tilted,
// scales 1e-12 to 1e12) and degenerate quads (coincident corners, a collapsed side, collinear, bow tie, dart,
// mirrored, warped, clamped values); a measure quadrilaterals do not offer gives NaN.
#include "QualityTesting.h"

#include <loom/algorithms/quality/QuadQuality.h>

#include <verdict.h>

#include <cstdio>
#include <initializer_list>
#include <random>
#include <string>

using namespace loom_quality_testing;
using namespace loom::algorithms::quality;

namespace
{
const double Square[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };

/// The unit square turned into a tilted plane (sides along (2, -1, 0) / sqrt(5) and (1, 2, -5) / sqrt(30),
/// normal (1, 2, 1) / sqrt(6)) and moved off the origin.
const double Tilted[4][3] = { { 0.3, -0.2, 0.5 },
                              { 0.3 + 0.8944271909999159, -0.2 - 0.4472135954999579, 0.5 },
                              { 0.3 + 0.8944271909999159 + 0.18257418583505536,
                                -0.2 - 0.4472135954999579 + 0.3651483716701107, 0.5 - 0.9128709291752769 },
                              { 0.3 + 0.18257418583505536, -0.2 + 0.3651483716701107, 0.5 - 0.9128709291752769 } };

/// One measure: its number, its name, and the Verdict function vtkMeshQuality calls for it.
struct MeasureCase
{
  int Number;
  const char* Name;
  double (*Verdict)(const double (*)[3], double averageArea);
  bool SizeRelative;
};

// Verdict's quad functions, called as vtkMeshQuality calls them (4 nodes; the mesh's average area to the
// size-relative ones).
const MeasureCase Measures[] = {
  { EdgeRatio, "EdgeRatio", [](const double(*c)[3], double) { return verdict::quad_edge_ratio(4, c); }, false },
  { AspectRatio, "AspectRatio", [](const double(*c)[3], double) { return verdict::quad_aspect_ratio(4, c); },
    false },
  { RadiusRatio, "RadiusRatio", [](const double(*c)[3], double) { return verdict::quad_radius_ratio(4, c); },
    false },
  { MedAspectFrobenius, "MedAspectFrobenius",
    [](const double(*c)[3], double) { return verdict::quad_med_aspect_frobenius(4, c); }, false },
  { MaxAspectFrobenius, "MaxAspectFrobenius",
    [](const double(*c)[3], double) { return verdict::quad_max_aspect_frobenius(4, c); }, false },
  { MinAngle, "MinAngle", [](const double(*c)[3], double) { return verdict::quad_minimum_angle(4, c); }, false },
  { MaxAngle, "MaxAngle", [](const double(*c)[3], double) { return verdict::quad_maximum_angle(4, c); }, false },
  { Condition, "Condition", [](const double(*c)[3], double) { return verdict::quad_condition(4, c); }, false },
  { ScaledJacobian, "ScaledJacobian",
    [](const double(*c)[3], double) { return verdict::quad_scaled_jacobian(4, c); }, false },
  { Shear, "Shear", [](const double(*c)[3], double) { return verdict::quad_shear(4, c); }, false },
  { RelativeSizeSquared, "RelativeSizeSquared",
    [](const double(*c)[3], double a) { return verdict::quad_relative_size_squared(4, c, a); }, true },
  { Shape, "Shape", [](const double(*c)[3], double) { return verdict::quad_shape(4, c); }, false },
  { ShapeAndSize, "ShapeAndSize",
    [](const double(*c)[3], double a) { return verdict::quad_shape_and_size(4, c, a); }, true },
  { Distortion, "Distortion", [](const double(*c)[3], double) { return verdict::quad_distortion(4, c); }, false },
  { MaxEdgeRatio, "MaxEdgeRatio", [](const double(*c)[3], double) { return verdict::quad_max_edge_ratio(4, c); },
    false },
  { Skew, "Skew", [](const double(*c)[3], double) { return verdict::quad_skew(4, c); }, false },
  { Taper, "Taper", [](const double(*c)[3], double) { return verdict::quad_taper(4, c); }, false },
  { Stretch, "Stretch", [](const double(*c)[3], double) { return verdict::quad_stretch(4, c); }, false },
  { Oddy, "Oddy", [](const double(*c)[3], double) { return verdict::quad_oddy(4, c); }, false },
  { ShearAndSize, "ShearAndSize",
    [](const double(*c)[3], double a) { return verdict::quad_shear_and_size(4, c, a); }, true },
  { Jacobian, "Jacobian", [](const double(*c)[3], double) { return verdict::quad_jacobian(4, c); }, false },
  { Warpage, "Warpage", [](const double(*c)[3], double) { return verdict::quad_warpage(4, c); }, false },
  { Area, "Area", [](const double(*c)[3], double) { return verdict::quad_area(4, c); }, false },
  { EquiangleSkew, "EquiangleSkew",
    [](const double(*c)[3], double) { return verdict::quad_equiangle_skew(4, c); }, false },
};

long Comparisons = 0;

/// Every measure of `cell` against Verdict's; the size-relative ones with a few mesh averages (1, near the
/// cell's own area, 0, negative).
void CheckAll(const Corners<4>& cell, const std::string& what)
{
  const double own = verdict::quad_area(4, cell.C);
  for (const MeasureCase& m : Measures)
  {
    for (double average : { 1.0, 1.3 * own, 0.0, -2.0 })
    {
      const double loom = QuadQuality(m.Number, cell.P, average);
      const double verdict = m.Verdict(cell.C, average);
      ++Comparisons;
      EXPECT_TRUE(SameQuality(loom, verdict)) << m.Name << " on " << what << " (average " << average << ")";
      if (!m.SizeRelative)
        break;
    }
  }
}

Corners<4> Cell(const double (&corners)[4][3], double scale = 1.0)
{
  Corners<4> cell;
  for (int k = 0; k < 4; ++k)
    cell.P[k] = Point(scale * corners[k][0], scale * corners[k][1], scale * corners[k][2]);
  cell.Sync();
  return cell;
}

void Report(const char* test, long before)
{
  std::printf("[ QuadQuality ] %s: %ld comparisons with Verdict\n", test, Comparisons - before);
}
} // namespace

TEST(QuadQuality, IdealSquare)
{
  const long before = Comparisons;
  const Corners<4> square = Cell(Square);
  CheckAll(square, "unit square");
  // The unit square is the ideal of every measure: the values Verdict documents for it.
  const double ideal[][2] = { { EdgeRatio, 1 }, { AspectRatio, 1 }, { RadiusRatio, 1 }, { MedAspectFrobenius, 1 },
                              { MaxAspectFrobenius, 1 }, { MinAngle, 90 }, { MaxAngle, 90 }, { Condition, 1 },
                              { ScaledJacobian, 1 }, { Shear, 1 }, { RelativeSizeSquared, 1 }, { Shape, 1 },
                              { ShapeAndSize, 1 }, { Distortion, 1 }, { MaxEdgeRatio, 1 }, { Skew, 0 },
                              { Taper, 0 }, { Stretch, 1 }, { Oddy, 0 }, { ShearAndSize, 1 }, { Jacobian, 1 },
                              { Warpage, 1 }, { Area, 1 }, { EquiangleSkew, 0 } };
  for (const auto& m : ideal)
    EXPECT_NEAR(QuadQuality(static_cast<int>(m[0]), square.P, 1.0), m[1], 1e-9) << "measure " << m[0];
  Report("IdealSquare", before);
}

TEST(QuadQuality, PerturbedAndDegenerateSquares)
{
  // The square, 6000 perturbations (amplitudes 0.05, 0.3, 0.8 in all three coordinates, so the quads are
  // warped too; scales 1e-12 to 1e12), coincident corners, a collapsed side, collinear corners, inverted.
  const long before = Comparisons;
  ForEveryCase(Square, true, CheckAll);
  Report("PerturbedAndDegenerateSquares", before);
}

TEST(QuadQuality, PerturbedAndDegenerateTilted)
{
  // The same on the square in a tilted plane (its flat case is the projection onto z = 0: still a quad).
  const long before = Comparisons;
  ForEveryCase(Tilted, false, CheckAll);
  Report("PerturbedAndDegenerateTilted", before);
}

TEST(QuadQuality, CollapsedToTriangle)
{
  // Corner 3 on corner 2: Verdict measures angles, condition, Jacobian, scaled Jacobian and distortion on the
  // triangle 0 1 2 then. Random triangles, either winding, and the collapse elsewhere (measured as a quad).
  const long before = Comparisons;
  std::mt19937_64 random(5);
  Corners<4> square = Cell(Square);
  for (double scale : { 1e-12, 1.0, 1e12 })
    for (int i = 0; i < 300; ++i)
    {
      Corners<4> cell = Perturbed(square, 0.4, scale, random);
      cell.P[3] = cell.P[2];
      cell.Sync();
      CheckAll(cell, "corner 3 on corner 2, scale " + std::to_string(scale));
      Corners<4> other = Perturbed(square, 0.4, scale, random);
      other.P[0] = other.P[3];
      other.Sync();
      CheckAll(other, "corner 0 on corner 3, scale " + std::to_string(scale));
    }
  // A right triangle and its mirror image (obtuse and reflex cases of the signs).
  const double right[4][3] = { { 0, 0, 0 }, { 2, 0, 0 }, { 0, 1, 0 }, { 0, 1, 0 } };
  const double mirrored[4][3] = { { 0, 0, 0 }, { 0, 1, 0 }, { 2, 0, 0 }, { 2, 0, 0 } };
  const double obtuse[4][3] = { { 0, 0, 0 }, { 3, 0, 0 }, { -1, 0.2, 0.1 }, { -1, 0.2, 0.1 } };
  const double line[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 3, 0, 0 }, { 3, 0, 0 } };
  const double point[4][3] = { { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 } };
  CheckAll(Cell(right), "collapsed right triangle");
  CheckAll(Cell(mirrored), "collapsed mirrored triangle");
  CheckAll(Cell(obtuse), "collapsed obtuse triangle");
  CheckAll(Cell(line), "collapsed onto a line");
  CheckAll(Cell(point), "all corners at one point");
  Report("CollapsedToTriangle", before);
}

TEST(QuadQuality, ShapesVerdictTreatsSpecially)
{
  const long before = Comparisons;
  const double shapes[][4][3] = {
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 } },         // bow tie (corners 2 and 3 swapped)
    { { 0, 0, 0 }, { 2, 0, 0 }, { 0.5, 0.5, 0 }, { 0, 2, 0 } },      // dart: a reflex corner at 2
    { { 0, 0, 0 }, { 2, 0, 0 }, { 1, 0, 0 }, { 0, 2, 0 } },          // corner 2 on side 0 1
    { { 0, 0, 0 }, { -1, 0, 0 }, { -1, 1, 0 }, { 0, 1, 0 } },        // the square mirrored (turns clockwise)
    { { 0, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 1, 0, 0 } },          // the square in reverse order
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0.5 }, { 0, 1, 0 } },        // warped: corner 2 lifted
    { { 0, 0, 0 }, { 1, 0, 1 }, { 1, 1, 0 }, { 0, 1, 1 } },          // saddle
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 1 }, { 1, 0, 1 } },          // folded: a bow tie standing in y = 0
    { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 } },          // collinear corners
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } },          // corner 2 on corner 1
    { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } },          // corner 1 on corner 0
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, { 0, 1, 0 } },          // corner 2 on corner 0
    { { 0, 0, 0 }, { 3, 0, 0 }, { 2, 1, 0 }, { 1, 1, 0 } },          // trapezoid (taper)
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1.8, 1, 0 }, { 0.8, 1, 0 } },      // parallelogram (skew)
    { { 0, 0, 0 }, { 1e17, 0, 0 }, { 1e17, 1e-14, 0 }, { 0, 1e-14, 0 } }, // ratios past 1e30: the clamps
    { { 0, 0, 0 }, { 1e-16, 0, 0 }, { 1e-16, 1e-16, 0 }, { 0, 1e-16, 0 } }, // areas below 1e-30
    { { 0, 0, 0 }, { 1e15, 0, 0 }, { 1e15, 1e15, 0 }, { 0, 1e15, 0 } },  // area 1e30
    { { 0, 0, 0 }, { 1e16, 0, 0 }, { 1e16, 1e16, 0 }, { 0, 1e16, 0 } },  // area 1e32, clamped
    { { 0, 0, 0 }, { 1e16, 0, 0 }, { 0, 1e16, 0 }, { 1e16, 1e16, 0 } },  // a huge bow tie
  };
  int index = 0;
  for (const auto& shape : shapes)
  {
    for (double scale : { 1.0, 1e-12, 1e12 })
      CheckAll(Cell(shape, scale), "special shape " + std::to_string(index) + " scale " + std::to_string(scale));
    ++index;
  }
  // Random bow ties, darts and mirrored quads.
  std::mt19937_64 random(17);
  const Corners<4> square = Cell(Square);
  for (int i = 0; i < 500; ++i)
  {
    Corners<4> cell = Perturbed(square, 0.3, 1.0, random);
    const Point third = cell.P[2];
    cell.P[2] = cell.P[3];
    cell.P[3] = third;
    cell.Sync();
    CheckAll(cell, "random bow tie");
    Corners<4> dart = Perturbed(square, 0.3, 1.0, random);
    dart.P[2] = 0.25 * (dart.P[1] + dart.P[3]) + 0.5 * dart.P[0];
    dart.Sync();
    CheckAll(dart, "random dart");
    Corners<4> mirror = Perturbed(square, 0.3, 1.0, random);
    for (int k = 0; k < 4; ++k)
      mirror.P[k][0] = -mirror.P[k][0];
    mirror.Sync();
    CheckAll(mirror, "random mirrored quad");
  }
  Report("ShapesVerdictTreatsSpecially", before);
}

TEST(QuadQuality, DegenerateValuesExactly)
{
  // Degenerate quads get Verdict's fixed values (1e30, 0, 360, -1, 1e-30 for Warpage, NaN for Distortion),
  // which SameQuality's absolute margin could not tell apart from 0: these must be equal exactly.
  const long before = Comparisons;
  const double shapes[][4][3] = {
    { { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 } },  // one point
    { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } },  // corner 1 on corner 0
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 1, 1, 0 } },  // corner 3 on corner 2 (the triangle branch)
    { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 } },  // collinear
    { { 0, 0, 0 }, { 1e-16, 0, 0 }, { 1e-16, 1e-16, 0 }, { 0, 1e-16, 0 } }, // below Verdict's 1e-30
  };
  int index = 0;
  for (const auto& shape : shapes)
  {
    const Corners<4> cell = Cell(shape);
    for (const MeasureCase& m : Measures)
    {
      const double loom = QuadQuality(m.Number, cell.P, 1.0), verdict = m.Verdict(cell.C, 1.0);
      ++Comparisons;
      EXPECT_TRUE(loom == verdict || (std::isnan(loom) && std::isnan(verdict)))
        << m.Name << " on degenerate shape " << index << ": Loom " << loom << " vs Verdict " << verdict;
    }
    ++index;
  }
  EXPECT_EQ(QuadQuality(Warpage, Cell(shapes[0]).P, 1.0), 1e-30);
  EXPECT_EQ(QuadQuality(EquiangleSkew, Cell(shapes[1]).P, 1.0), -1.0);
  Report("DegenerateValuesExactly", before);
}

TEST(QuadQuality, SizeMeasuresFollowTheAverage)
{
  // The size-relative measures read the mesh's average area; the others ignore it.
  const Corners<4> square = Cell(Square, 2.0); // area 4
  EXPECT_NEAR(QuadQuality(RelativeSizeSquared, square.P, 4.0), 1.0, 1e-12);
  EXPECT_NEAR(QuadQuality(RelativeSizeSquared, square.P, 2.0), 0.25, 1e-12);
  EXPECT_NEAR(QuadQuality(RelativeSizeSquared, square.P, 8.0), 0.25, 1e-12);
  EXPECT_EQ(QuadQuality(RelativeSizeSquared, square.P, 0.0), 0.0);
  EXPECT_EQ(QuadQuality(ShapeAndSize, square.P, -1.0), 0.0);
  EXPECT_NEAR(QuadQuality(ShearAndSize, square.P, 2.0), 0.25, 1e-12);
  for (const MeasureCase& m : Measures)
  {
    if (!m.SizeRelative)
    {
      EXPECT_EQ(QuadQuality(m.Number, square.P, 1.0), QuadQuality(m.Number, square.P, 123.0)) << m.Name;
    }
  }
}

TEST(QuadQuality, OthersNaN)
{
  const Corners<4> square = Cell(Square);
  bool offered[MeasureCount] = {};
  for (const MeasureCase& m : Measures)
  {
    offered[m.Number] = true;
    EXPECT_FALSE(std::isnan(QuadQuality(m.Number, square.P, 1.0))) << m.Name;
  }
  for (int m = -3; m < MeasureCount + 3; ++m)
  {
    if (m < 0 || m >= MeasureCount || !offered[m])
    {
      EXPECT_TRUE(std::isnan(QuadQuality(m, square.P, 1.0))) << "measure " << m;
    }
  }
  EXPECT_TRUE(std::isnan(QuadQuality(99, square.P, 1.0)));
}
