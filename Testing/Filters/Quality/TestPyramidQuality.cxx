// Loom tests, quality family: every pyramid measure of PyramidQuality.h against the Verdict that VTK's
// vtkMeshQuality calls (verdict::pyramid_*, 5 nodes): the ideal pyramid, random perturbations of it at three
// scales, degenerate, flat, inverted and warped pyramids, and scales that reach Verdict's 1e-30 / 1e30 bounds.
#include "QualityTesting.h"

#include <loom/algorithms/quality/PyramidQuality.h>

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
using Pyramid = Corners<5>;
using VerdictCoordinates = const double (*)[3];

struct PyramidMeasure
{
  const char* Name;
  int Number;
  double (*Verdict)(VerdictCoordinates);
};

// The 5 measures VTK offers for pyramids, each with the Verdict function vtkMeshQuality calls for it.
const PyramidMeasure Measures[] = {
  { "EquiangleSkew", quality::EquiangleSkew,
    [](VerdictCoordinates c) { return verdict::pyramid_equiangle_skew(5, c); } },
  { "Jacobian", quality::Jacobian, [](VerdictCoordinates c) { return verdict::pyramid_jacobian(5, c); } },
  { "ScaledJacobian", quality::ScaledJacobian,
    [](VerdictCoordinates c) { return verdict::pyramid_scaled_jacobian(5, c); } },
  { "Shape", quality::Shape, [](VerdictCoordinates c) { return verdict::pyramid_shape(5, c); } },
  { "Volume", quality::Volume, [](VerdictCoordinates c) { return verdict::pyramid_volume(5, c); } },
};

long Comparisons = 0;

Pyramid Make(const double (&xyz)[5][3])
{
  Pyramid t;
  for (int k = 0; k < 5; ++k)
    t.P[k] = quality::Point(xyz[k][0], xyz[k][1], xyz[k][2]);
  t.Sync();
  return t;
}

Pyramid Scaled(const Pyramid& t, double scale, double offset = 0.0)
{
  Pyramid s;
  for (int k = 0; k < 5; ++k)
    for (int a = 0; a < 3; ++a)
      s.P[k][a] = t.P[k][a] * scale + offset;
  s.Sync();
  return s;
}

std::string Describe(const std::string& what, const Pyramid& t)
{
  std::ostringstream out;
  out.precision(17);
  out << what << " {";
  for (int k = 0; k < 5; ++k)
    out << " (" << t.C[k][0] << ", " << t.C[k][1] << ", " << t.C[k][2] << ")";
  out << " }";
  return out.str();
}

/// Every measure of `t`, Loom's against Verdict's. The average size is passed but no pyramid measure uses it.
void CompareAll(const Pyramid& t, const std::string& what)
{
  for (const PyramidMeasure& m : Measures)
  {
    const double loom = quality::PyramidQuality(m.Number, t.P, 0.5);
    const double reference = m.Verdict(t.C);
    ++Comparisons;
    EXPECT_TRUE(SameQuality(loom, reference)) << m.Name << " on " << Describe(what, t);
  }
}

/// The ideal pyramid: the unit square base, counterclockwise seen from the apex, and equilateral sides.
Pyramid Ideal()
{
  const double h = std::sqrt(2.0) / 2.0;
  return Make({ { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, h } });
}
} // namespace

TEST(PyramidQuality, Ideal)
{
  const long before = Comparisons;
  const Pyramid t = Ideal();
  CompareAll(t, "ideal");
  // the values the measures are normalised to
  EXPECT_NEAR(quality::PyramidQuality(quality::ScaledJacobian, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::PyramidQuality(quality::Shape, t.P, 1.0), 1.0, 1e-12);
  EXPECT_NEAR(quality::PyramidQuality(quality::EquiangleSkew, t.P, 1.0), 0.0, 1e-12);
  EXPECT_NEAR(quality::PyramidQuality(quality::Volume, t.P, 1.0), std::sqrt(2.0) / 6.0, 1e-12);
  std::cout << "ideal: " << Comparisons - before << " comparisons\n";
}

TEST(PyramidQuality, RandomPerturbations)
{
  const long before = Comparisons;
  std::mt19937_64 random(20240612);
  const Pyramid reference = Ideal();
  for (double amplitude : { 0.05, 0.3 })
    for (double scale : { 1e-3, 1.0, 1e3 })
      for (int n = 0; n < 400; ++n)
      {
        std::ostringstream what;
        what << "perturbation " << n << " (amplitude " << amplitude << ", scale " << scale << ")";
        CompareAll(Perturbed(reference, amplitude, scale, random), what.str());
      }
  std::cout << "random perturbations: " << Comparisons - before << " comparisons\n";
}

TEST(PyramidQuality, DegenerateCells)
{
  const long before = Comparisons;
  struct Case
  {
    const char* Name;
    double Xyz[5][3];
  };
  const double h = std::sqrt(2.0) / 2.0;
  const Case cases[] = {
    { "all corners coincident", { { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 } } },
    { "all corners at the origin", { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } } },
    { "base edge 0-1 collapsed", { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, h } } },
    { "base corners 2, 3 coincide (quad as triangle)",
      { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 1, 1, 0 }, { 0.5, 0.5, h } } },
    { "apex on base corner 0", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 0, 0 } } },
    { "flat: apex at the base centre", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, 0 } } },
    { "flat: apex in the base plane, outside",
      { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 2, 0.5, 0 } } },
    { "flat: all on a line", { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 }, { 4, 0, 0 } } },
    { "inverted: apex mirrored below", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, -h } } },
    { "inverted: base order reversed", { { 0, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 1, 0, 0 }, { 0.5, 0.5, h } } },
    { "base corners 0, 1 swapped (bow tie)",
      { { 1, 0, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, h } } },
    { "non-planar base", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0.3 }, { 0, 1, 0 }, { 0.5, 0.5, h } } },
    { "concave base", { { 0, 0, 0 }, { 1, 0, 0 }, { 0.3, 0.3, 0 }, { 0, 1, 0 }, { 0.3, 0.3, h } } },
    { "trapezoid base, longest edge 0-1 (Verdict skips it)",
      { { 0, 0, 0 }, { 3, 0, 0 }, { 2, 1, 0 }, { 1, 1, 0 }, { 1.5, 0.5, 0.7 } } },
    { "longest edge 1-2 (Verdict skips it)",
      { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 3, 0 }, { 0, 1, 0 }, { 0.5, 0.8, 0.6 } } },
    { "tall apex", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, 5 } } },
    { "squat apex", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, 0.01 } } },
    { "apex off centre", { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 1.5, 1.2, 0.4 } } },
    { "side triangle flat (apex over edge 0-1)",
      { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0, 0 } } },
    { "rectangular base", { { 0, 0, 0 }, { 2, 0, 0 }, { 2, 0.5, 0 }, { 0, 0.5, 0 }, { 1, 0.25, 0.8 } } },
    { "base with a 180 degree corner", { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 1, 1, 0 }, { 1, 0.3, 0.7 } } },
    { "tilted 3D",
      { { 0.1, 0.2, 0.3 }, { 1.3, -0.4, 0.8 }, { 1.1, 0.9, 1.7 }, { -0.2, 0.9, 1.1 }, { 0.2, -0.1, 1.9 } } },
  };
  for (const Case& c : cases)
    CompareAll(Make(c.Xyz), c.Name);
  std::cout << "degenerate cells: " << Comparisons - before << " comparisons\n";
}

TEST(PyramidQuality, ScalesReachingTheBounds)
{
  const long before = Comparisons;
  const Pyramid shapes[] = {
    Ideal(), Make({ { 0, 0, 0 }, { 3, 0, 0 }, { 2, 1, 0 }, { 1, 1, 0 }, { 1.5, 0.5, 0.7 } }),
    Make({ { 0.1, 0.2, 0.3 }, { 1.3, -0.4, 0.8 }, { 1.1, 0.9, 1.7 }, { -0.2, 0.9, 1.1 }, { 0.2, -0.1, 1.9 } })
  };
  for (const Pyramid& shape : shapes)
    for (double scale : { 1e12, 1e16, 1e-8, 1e-10, 1e-12, 1e-16, 1e-20 })
    {
      std::ostringstream what;
      what << "scale " << scale;
      CompareAll(Scaled(shape, scale), what.str());
    }
  // a unit pyramid far from the origin: the edges lose digits in the subtractions
  for (double offset : { 1e6, 1e12 })
  {
    std::ostringstream what;
    what << "offset " << offset;
    CompareAll(Scaled(shapes[2], 1.0, offset), what.str());
  }
  // Verdict's quirk: a small pyramid's corner tetrahedra all count 1e30, so the scaled Jacobian is about -1.4e30
  const Pyramid tiny = Scaled(Ideal(), 1e-12);
  EXPECT_LT(quality::PyramidQuality(quality::ScaledJacobian, tiny.P, 1.0), -1e30);
  std::cout << "bounds: " << Comparisons - before << " comparisons\n";
}

TEST(PyramidQuality, DirectEntriesMatchTheDispatch)
{
  const Pyramid t =
    Make({ { 0.1, 0.2, 0.3 }, { 1.3, -0.4, 0.8 }, { 1.1, 0.9, 1.7 }, { -0.2, 0.9, 1.1 }, { 0.2, -0.1, 1.9 } });
  using namespace loom::algorithms::quality;
  EXPECT_EQ(PyramidEquiangleSkew(t.P), PyramidQuality(EquiangleSkew, t.P, 1.0));
  EXPECT_EQ(PyramidJacobian(t.P), PyramidQuality(Jacobian, t.P, 1.0));
  EXPECT_EQ(PyramidScaledJacobian(t.P), PyramidQuality(ScaledJacobian, t.P, 1.0));
  EXPECT_EQ(PyramidShape(t.P), PyramidQuality(Shape, t.P, 1.0));
  EXPECT_EQ(PyramidVolume(t.P), PyramidQuality(Volume, t.P, 1.0));
}

TEST(PyramidQuality, UnknownMeasureIsNaN)
{
  const Pyramid t = Ideal();
  bool offered[quality::MeasureCount] = {};
  for (const PyramidMeasure& m : Measures)
    offered[m.Number] = true;
  for (int measure = -2; measure <= quality::MeasureCount + 2; ++measure)
  {
    const bool known = measure >= 0 && measure < quality::MeasureCount && offered[measure];
    const double value = quality::PyramidQuality(measure, t.P, 1.0);
    EXPECT_EQ(std::isnan(value), !known) << "measure " << measure;
  }
  EXPECT_TRUE(std::isnan(quality::PyramidQuality(1000, t.P, 1.0)));
}
