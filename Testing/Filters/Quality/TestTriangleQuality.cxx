// Loom tests, quality family: every triangle measure of TriangleQuality.h against the Verdict that VTK's
// vtkMeshQuality calls (verdict::tri_*, 3 nodes, the average area passed to the size-relative ones): the
// equilateral triangle, random perturbations of it at three scales, degenerate and inverted triangles, and
// scales that reach Verdict's 1e-30 / 1e30 bounds.
#include "QualityTesting.h"

#include <loom/algorithms/quality/TriangleQuality.h>

#include <verdict.h>

#include <cmath>
#include <initializer_list>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

namespace
{
using loom_quality_testing::Corners;
using loom_quality_testing::Perturbed;
using loom_quality_testing::SameQuality;
namespace quality = loom::algorithms::quality;
using Triangle = Corners<3>;
using VerdictCoordinates = const double (*)[3];

struct TriangleMeasure
{
  const char* Name;
  int Number;
  double (*Verdict)(VerdictCoordinates, double);
};

// The 15 measures VTK offers for triangles, each with the Verdict function vtkMeshQuality calls for it.
const TriangleMeasure Measures[] = {
  { "EdgeRatio", quality::EdgeRatio, [](VerdictCoordinates c, double) { return verdict::tri_edge_ratio(3, c); } },
  { "AspectRatio", quality::AspectRatio,
    [](VerdictCoordinates c, double) { return verdict::tri_aspect_ratio(3, c); } },
  { "RadiusRatio", quality::RadiusRatio,
    [](VerdictCoordinates c, double) { return verdict::tri_radius_ratio(3, c); } },
  { "AspectFrobenius", quality::AspectFrobenius,
    [](VerdictCoordinates c, double) { return verdict::tri_aspect_frobenius(3, c); } },
  { "MinAngle", quality::MinAngle, [](VerdictCoordinates c, double) { return verdict::tri_minimum_angle(3, c); } },
  { "MaxAngle", quality::MaxAngle, [](VerdictCoordinates c, double) { return verdict::tri_maximum_angle(3, c); } },
  { "Condition", quality::Condition, [](VerdictCoordinates c, double) { return verdict::tri_condition(3, c); } },
  { "ScaledJacobian", quality::ScaledJacobian,
    [](VerdictCoordinates c, double) { return verdict::tri_scaled_jacobian(3, c); } },
  { "RelativeSizeSquared", quality::RelativeSizeSquared,
    [](VerdictCoordinates c, double average) { return verdict::tri_relative_size_squared(3, c, average); } },
  { "Shape", quality::Shape, [](VerdictCoordinates c, double) { return verdict::tri_shape(3, c); } },
  { "ShapeAndSize", quality::ShapeAndSize,
    [](VerdictCoordinates c, double average) { return verdict::tri_shape_and_size(3, c, average); } },
  { "Distortion", quality::Distortion, [](VerdictCoordinates c, double) { return verdict::tri_distortion(3, c); } },
  { "Area", quality::Area, [](VerdictCoordinates c, double) { return verdict::tri_area(3, c); } },
  { "EquiangleSkew", quality::EquiangleSkew,
    [](VerdictCoordinates c, double) { return verdict::tri_equiangle_skew(3, c); } },
  { "NormalizedInradius", quality::NormalizedInradius,
    [](VerdictCoordinates c, double) { return verdict::tri_normalized_inradius(3, c); } },
};

long Comparisons = 0;

Triangle Make(const double (&xyz)[3][3])
{
  Triangle t;
  for (int k = 0; k < 3; ++k)
    t.P[k] = quality::Point(xyz[k][0], xyz[k][1], xyz[k][2]);
  t.Sync();
  return t;
}

Triangle Scaled(const Triangle& t, double scale, double offset = 0.0)
{
  Triangle s;
  for (int k = 0; k < 3; ++k)
    for (int a = 0; a < 3; ++a)
      s.P[k][a] = t.P[k][a] * scale + offset;
  s.Sync();
  return s;
}

std::string Describe(const std::string& what, const Triangle& t, double average)
{
  std::ostringstream out;
  out.precision(17);
  out << what << " {";
  for (int k = 0; k < 3; ++k)
    out << " (" << t.C[k][0] << ", " << t.C[k][1] << ", " << t.C[k][2] << ")";
  out << " } average " << average;
  return out.str();
}

/// Every measure of `t`, Loom's against Verdict's; the direct per-measure entries against the dispatch.
void CompareAll(const Triangle& t, double average, const std::string& what)
{
  for (const TriangleMeasure& m : Measures)
  {
    const double loom = quality::TriangleQuality(m.Number, t.P, average);
    const double reference = m.Verdict(t.C, average);
    ++Comparisons;
    EXPECT_TRUE(SameQuality(loom, reference)) << m.Name << " on " << Describe(what, t, average);
  }
}

/// The equilateral triangle of unit edge in the z = 0 plane.
Triangle Equilateral()
{
  return Make({ { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, std::sqrt(3.0) / 2.0, 0.0 } });
}
const double EquilateralArea = std::sqrt(3.0) / 4.0;
} // namespace

TEST(TriangleQuality, Equilateral)
{
  const long before = Comparisons;
  const Triangle t = Equilateral();
  CompareAll(t, EquilateralArea, "equilateral");
  CompareAll(t, 1.0, "equilateral, average 1");
  // the values every measure is normalised to
  EXPECT_NEAR(quality::TriangleQuality(quality::AspectRatio, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::TriangleQuality(quality::RadiusRatio, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::TriangleQuality(quality::Shape, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::TriangleQuality(quality::ScaledJacobian, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::TriangleQuality(quality::NormalizedInradius, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::TriangleQuality(quality::RelativeSizeSquared, t.P, EquilateralArea), 1.0, 1e-12);
  EXPECT_NEAR(quality::TriangleQuality(quality::EquiangleSkew, t.P, 1.0), 0.0, 1e-12);
  std::cout << "equilateral: " << Comparisons - before << " comparisons\n";
}

TEST(TriangleQuality, RandomPerturbations)
{
  const long before = Comparisons;
  std::mt19937_64 random(20240611);
  const Triangle reference = Equilateral();
  for (double amplitude : { 0.05, 0.3 })
    for (double scale : { 1e-3, 1.0, 1e3 })
      for (int n = 0; n < 400; ++n)
      {
        const Triangle t = Perturbed(reference, amplitude, scale, random);
        // the average near the cell's own area, or well off it, so both branches of min(r^2, 1/r^2) run
        const double average = scale * scale * EquilateralArea * ((n % 2 == 0) ? 1.0 : 0.3);
        std::ostringstream what;
        what << "perturbation " << n << " (amplitude " << amplitude << ", scale " << scale << ")";
        CompareAll(t, average, what.str());
      }
  std::cout << "random perturbations: " << Comparisons - before << " comparisons\n";
}

TEST(TriangleQuality, DegenerateCells)
{
  const long before = Comparisons;
  struct Case
  {
    const char* Name;
    double Xyz[3][3];
  };
  const double h = std::sqrt(3.0) / 2.0;
  const Case cases[] = {
    { "all corners coincident", { { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 } } },
    { "all corners at the origin", { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } } },
    { "edge 0-1 collapsed", { { 0, 0, 0 }, { 0, 0, 0 }, { 0.5, h, 0 } } },
    { "edge 1-2 collapsed", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 0 } } },
    { "edge 2-0 collapsed", { { 0.2, 0.1, 0.3 }, { 1, 0, 0 }, { 0.2, 0.1, 0.3 } } },
    { "collinear, axis", { { 0, 0, 0 }, { 1, 0, 0 }, { 3, 0, 0 } } },
    { "collinear, middle corner last", { { 0, 0, 0 }, { 2, 0, 0 }, { 1, 0, 0 } } },
    { "collinear, oblique (rounding)", { { 0, 0, 0 }, { 0.1, 0.2, 0.3 }, { 0.3, 0.6, 0.9 } } },
    { "collinear, oblique 2", { { 0.7, -0.3, 0.1 }, { 1.9, 0.6, 1.3 }, { 0.3, -0.6, -0.3 } } },
    { "mirrored (z = 0, x -> -x)", { { 0, 0, 0 }, { -1, 0, 0 }, { -0.5, h, 0 } } },
    { "swapped corners 1, 2 (clockwise)", { { 0, 0, 0 }, { 0.5, h, 0 }, { 1, 0, 0 } } },
    { "tilted 3D", { { 0.1, 0.2, 0.3 }, { 1.3, -0.4, 0.8 }, { -0.2, 0.9, 1.7 } } },
    { "needle", { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 1e-9, 0 } } },
    { "cap (angle near 180)", { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 1e-5, 0 } } },
    { "right isoceles", { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } } },
    { "sliver with one short edge", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1e-8, 0 } } },
    { "obtuse", { { 0, 0, 0 }, { 4, 0, 0 }, { 3.9, 0.5, 0 } } },
  };
  // the average area as vtkMeshQuality passes it (positive), and the zero, negative, infinite and NaN ones
  // Verdict still answers for (0 or NaN)
  const double averages[] = { EquilateralArea, 1.0, 0.0, -1.0, HUGE_VAL, std::nan("") };
  for (const Case& c : cases)
    for (double average : averages)
      CompareAll(Make(c.Xyz), average, c.Name);
  std::cout << "degenerate cells: " << Comparisons - before << " comparisons\n";
}

TEST(TriangleQuality, ScalesReachingTheBounds)
{
  const long before = Comparisons;
  const Triangle shapes[] = { Equilateral(), Make({ { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 1e-3, 0 } }),
                              Make({ { 0.1, 0.2, 0.3 }, { 1.3, -0.4, 0.8 }, { -0.2, 0.9, 1.7 } }) };
  for (const Triangle& shape : shapes)
    for (double scale : { 1e12, 1e16, 1e-8, 1e-12, 1e-16, 1e-20 })
    {
      const Triangle t = Scaled(shape, scale);
      std::ostringstream what;
      what << "scale " << scale;
      // average 1 puts the relative size at its extremes; the scaled average keeps it near 1
      CompareAll(t, 1.0, what.str());
      CompareAll(t, EquilateralArea * scale * scale, what.str() + ", scaled average");
    }
  // a unit triangle far from the origin: the edges lose digits in the subtractions
  for (double offset : { 1e6, 1e12 })
  {
    std::ostringstream what;
    what << "offset " << offset;
    CompareAll(Scaled(shapes[2], 1.0, offset), 1.0, what.str());
  }
  std::cout << "bounds: " << Comparisons - before << " comparisons\n";
}

TEST(TriangleQuality, DirectEntriesMatchTheDispatch)
{
  const Triangle t = Make({ { 0.1, 0.2, 0.3 }, { 1.3, -0.4, 0.8 }, { -0.2, 0.9, 1.7 } });
  const double a = 0.7;
  using namespace loom::algorithms::quality;
  EXPECT_EQ(TriangleEdgeRatio(t.P), TriangleQuality(EdgeRatio, t.P, a));
  EXPECT_EQ(TriangleAspectRatio(t.P), TriangleQuality(AspectRatio, t.P, a));
  EXPECT_EQ(TriangleRadiusRatio(t.P), TriangleQuality(RadiusRatio, t.P, a));
  EXPECT_EQ(TriangleAspectFrobenius(t.P), TriangleQuality(AspectFrobenius, t.P, a));
  EXPECT_EQ(TriangleMinAngle(t.P), TriangleQuality(MinAngle, t.P, a));
  EXPECT_EQ(TriangleMaxAngle(t.P), TriangleQuality(MaxAngle, t.P, a));
  EXPECT_EQ(TriangleCondition(t.P), TriangleQuality(Condition, t.P, a));
  EXPECT_EQ(TriangleScaledJacobian(t.P), TriangleQuality(ScaledJacobian, t.P, a));
  EXPECT_EQ(TriangleRelativeSizeSquared(t.P, a), TriangleQuality(RelativeSizeSquared, t.P, a));
  EXPECT_EQ(TriangleShape(t.P), TriangleQuality(Shape, t.P, a));
  EXPECT_EQ(TriangleShapeAndSize(t.P, a), TriangleQuality(ShapeAndSize, t.P, a));
  EXPECT_EQ(TriangleDistortion(t.P), TriangleQuality(Distortion, t.P, a));
  EXPECT_EQ(TriangleArea(t.P), TriangleQuality(Area, t.P, a));
  EXPECT_EQ(TriangleEquiangleSkew(t.P), TriangleQuality(EquiangleSkew, t.P, a));
  EXPECT_EQ(TriangleNormalizedInradius(t.P), TriangleQuality(NormalizedInradius, t.P, a));
}

TEST(TriangleQuality, UnknownMeasureIsNaN)
{
  const Triangle t = Equilateral();
  bool offered[quality::MeasureCount] = {};
  for (const TriangleMeasure& m : Measures)
    offered[m.Number] = true;
  for (int measure = -2; measure <= quality::MeasureCount + 2; ++measure)
  {
    const bool known = measure >= 0 && measure < quality::MeasureCount && offered[measure];
    const double value = quality::TriangleQuality(measure, t.P, 1.0);
    EXPECT_EQ(std::isnan(value), !known) << "measure " << measure;
  }
  EXPECT_TRUE(std::isnan(quality::TriangleQuality(1000, t.P, 1.0)));
}
