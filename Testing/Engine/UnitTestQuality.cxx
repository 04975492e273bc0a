// Loom tests: the quality family's run (MeshQuality) on the test's device against the per-shape measures
// called one cell at a time on the host: every cell of the six shapes gets its shape's measure, other cells
// and quadratic ones NaN (their corners in the linear approximation), the size pass's averages, and the
// statistics accumulated by brute force (the measures themselves are checked against Verdict in
// Filters.QualityMeasures).
#include "TestingDevice.h"

#include <loom/algorithms/quality/HexQuality.h>
#include <loom/algorithms/quality/MeshQuality.h>
#include <loom/algorithms/quality/PyramidQuality.h>
#include <loom/algorithms/quality/QuadQuality.h>
#include <loom/algorithms/quality/TetQuality.h>
#include <loom/algorithms/quality/TriangleQuality.h>
#include <loom/algorithms/quality/WedgeQuality.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::algorithms::quality::Point;

namespace
{
struct Cell
{
  UInt8 Type;
  int Shape; // measured as (QualityShape order), -1 none
  int Corners;
};

// The reference corners of each shape (QualityShape order).
const double Reference[6][8][3] = {
  { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.8, 0 } },
  { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } },
  { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0.5, 0.3, 0.8 } },
  { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, 0.7 } },
  { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0.5, 0.85, 1 } },
  { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 } }
};

double Direct(int shape, int measure, const std::vector<Point>& p, double average)
{
  switch (shape)
  {
    case 0: { const Point q[3] = { p[0], p[1], p[2] }; return quality::TriangleQuality(measure, q, average); }
    case 1: { const Point q[4] = { p[0], p[1], p[2], p[3] }; return quality::QuadQuality(measure, q, average); }
    case 2: { const Point q[4] = { p[0], p[1], p[2], p[3] }; return quality::TetQuality(measure, q, average); }
    case 3: { const Point q[5] = { p[0], p[1], p[2], p[3], p[4] }; return quality::PyramidQuality(measure, q, average); }
    case 4: { const Point q[6] = { p[0], p[1], p[2], p[3], p[4], p[5] }; return quality::WedgeQuality(measure, q, average); }
    default:
    {
      const Point q[8] = { p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7] };
      return quality::HexQuality(measure, q, average);
    }
  }
}

bool Same(double a, double b)
{
  return (std::isnan(a) && std::isnan(b)) || a == b || std::fabs(a - b) <= 1e-12 * std::fmax(std::fabs(a), std::fabs(b));
}
} // namespace

TEST(Quality, EveryShapeItsMeasureOthersNaN)
{
  // Linear cells of the six shapes, their quadratic forms (corners first, then edge nodes), and a vertex, a
  // line, a polygon, a voxel and a biquadratic quadrilateral (which VTK does not linearise).
  const std::vector<Cell> kinds = { { CELL_SHAPE_TRIANGLE, 0, 3 }, { CELL_SHAPE_QUAD, 1, 4 }, { CELL_SHAPE_TETRA, 2, 4 },
                                    { CELL_SHAPE_PYRAMID, 3, 5 },  { CELL_SHAPE_WEDGE, 4, 6 }, { CELL_SHAPE_HEXAHEDRON, 5, 8 },
                                    { 22, 0, 6 },                  { 23, 1, 8 },               { 24, 2, 10 },
                                    { 27, 3, 13 },                 { 26, 4, 15 },              { 25, 5, 20 },
                                    { CELL_SHAPE_VERTEX, -1, 1 },  { CELL_SHAPE_LINE, -1, 2 }, { CELL_SHAPE_POLYGON, -1, 5 },
                                    { CELL_SHAPE_VOXEL, -1, 8 },   { 28, -1, 9 } };
  std::mt19937_64 random(3);
  std::uniform_real_distribution<double> move(-0.25, 0.25), place(-5.0, 5.0);
  std::vector<double> xyz;
  std::vector<UInt8> types;
  std::vector<Int64> offsets{ 0 }, connectivity;
  std::vector<std::vector<Point>> corners;
  std::vector<Cell> cells;
  for (int copy = 0; copy < 300; ++copy)
    for (const Cell& kind : kinds)
    {
      const int s = kind.Shape >= 0 ? kind.Shape : 5;
      const double at[3] = { place(random), place(random), place(random) };
      std::vector<Point> p;
      for (int k = 0; k < kind.Corners; ++k)
      {
        const double* r = Reference[s][k % 8];
        const Point x(at[0] + r[0] + move(random), at[1] + r[1] + move(random), at[2] + r[2] + move(random));
        p.push_back(x);
        connectivity.push_back(static_cast<Int64>(xyz.size() / 3));
        xyz.insert(xyz.end(), { x[0], x[1], x[2] });
      }
      offsets.push_back(static_cast<Int64>(connectivity.size()));
      types.push_back(kind.Type);
      corners.push_back(p);
      cells.push_back(kind);
    }
  const CellSetAny set = loom::cont::CellSetExplicit<Int64, Int64>(
    static_cast<Id>(xyz.size() / 3), cont::make_ArrayHandle(types), cont::make_ArrayHandle(offsets),
    cont::make_ArrayHandle(connectivity));
  const FieldArray points = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);

  // Three rounds of measures, the last with the size-relative ones (the size pass) and the approximation.
  const int rounds[3][6] = { { 2, 0, 2, 13, 0, 5 }, { 9, 28, 0, 10, 19, 9 }, { 12, 0, 19, 19, 0, 14 } };
  for (int r = 0; r < 3; ++r)
  {
    MeshQualityOptions options;
    options.Device = loom::test::Device();
    for (int s = 0; s < 6; ++s)
      options.Measure[s] = rounds[r][s];
    options.LinearApproximation = r == 2;
    const MeshQualityResult result = MeshQuality(set, points, options);
    EXPECT_EQ(r == 2, result.SizesMeasured);
    // The brute-force average sizes: every cell (quadratic ones by their corners) of each shape.
    double average[6] = { 0, 0, 0, 0, 0, 0 };
    if (r == 2)
    {
      double total[6] = { 0, 0, 0, 0, 0, 0 };
      int count[6] = { 0, 0, 0, 0, 0, 0 };
      for (std::size_t c = 0; c < cells.size(); ++c)
        if (cells[c].Shape >= 0)
        {
          const int s = cells[c].Shape;
          total[s] += Direct(s, s < 2 ? quality::Area : quality::Volume, corners[c], 0.0);
          ++count[s];
        }
      for (int s = 0; s < 6; ++s)
      {
        average[s] = total[s] / count[s];
        EXPECT_TRUE(Same(average[s], result.AverageSize[s]) || std::fabs(average[s] - result.AverageSize[s]) < 1e-12 * std::fabs(average[s]))
          << "shape " << s << " average " << result.AverageSize[s] << " expected " << average[s];
        EXPECT_EQ(count[s], result.Sizes[s].Count);
      }
    }
    QualityStatistics expected[6];
    const ComponentPortal<Float64> quality = result.Quality.GetPortal<Float64>();
    for (std::size_t c = 0; c < cells.size(); ++c)
    {
      const Cell& k = cells[c];
      const bool linear = k.Type == CELL_SHAPE_TRIANGLE || k.Type == CELL_SHAPE_QUAD || k.Type == CELL_SHAPE_TETRA ||
        k.Type == CELL_SHAPE_PYRAMID || k.Type == CELL_SHAPE_WEDGE || k.Type == CELL_SHAPE_HEXAHEDRON;
      const double want = linear ? Direct(k.Shape, rounds[r][k.Shape], corners[c], average[k.Shape]) : std::nan("");
      const double got = quality.Get(static_cast<Id>(c), 0);
      ASSERT_TRUE(Same(want, got)) << "round " << r << " cell " << c << " type " << int(k.Type) << ": " << got
                                   << " expected " << want;
      auto add = [](QualityStatistics& s, double q) {
        s.Min = q < s.Min ? q : s.Min;
        s.Max = q > s.Max ? q : s.Max;
        s.Total += q;
        s.Total2 += q * q;
        ++s.Count;
      };
      if (linear)
        add(expected[k.Shape], want);
      if (options.LinearApproximation)
      {
        const double approximated = k.Shape >= 0 ? Direct(k.Shape, rounds[r][k.Shape], corners[c], average[k.Shape]) : std::nan("");
        ASSERT_TRUE(Same(approximated, result.LinearQuality.GetPortal<Float64>().Get(static_cast<Id>(c), 0)))
          << "linear approximation, cell " << c << " type " << int(k.Type);
        if (k.Shape >= 0)
          add(expected[k.Shape], approximated);
      }
    }
    for (int s = 0; s < 6; ++s)
    {
      const QualityStatistics& g = result.Statistics[s];
      EXPECT_EQ(expected[s].Count, g.Count) << "round " << r << " shape " << s;
      EXPECT_TRUE(Same(expected[s].Min, g.Min)) << "round " << r << " shape " << s;
      EXPECT_TRUE(Same(expected[s].Max, g.Max)) << "round " << r << " shape " << s;
      EXPECT_NEAR(expected[s].Total, g.Total, 1e-10 * std::fabs(expected[s].Total)) << "round " << r << " shape " << s;
      EXPECT_NEAR(expected[s].Total2, g.Total2, 1e-10 * std::fabs(expected[s].Total2)) << "round " << r << " shape " << s;
    }
  }
}

TEST(Quality, StructuredCellsSummaryAndBadInput)
{
  // 3 x 3 x 2 points: four unit hexahedra, each of edge ratio 1; the first layer as four unit quadrilaterals.
  std::vector<double> xyz;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i)
        xyz.insert(xyz.end(), { double(i), double(j), double(k) });
  MeshQualityOptions options;
  options.Device = loom::test::Device();
  options.Measure[5] = quality::EdgeRatio;
  const MeshQualityResult hexahedra =
    MeshQuality(loom::cont::CellSetStructured<3>(Id3(3, 3, 2)), FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3), options);
  for (Id c = 0; c < 4; ++c)
    EXPECT_NEAR(1.0, hexahedra.Quality.GetPortal<Float64>().Get(c, 0), 1e-14);
  double tuple[5];
  QualitySummary(hexahedra.Statistics[5], tuple);
  EXPECT_NEAR(1.0, tuple[0], 1e-14);
  EXPECT_NEAR(1.0, tuple[1], 1e-14);
  EXPECT_NEAR(1.0, tuple[2], 1e-14);
  EXPECT_NEAR(0.0, tuple[3], 1e-14);
  EXPECT_EQ(4.0, tuple[4]);
  QualitySummary(hexahedra.Statistics[0], tuple); // no triangles: zeros
  for (double v : tuple)
    EXPECT_EQ(0.0, v);
  const MeshQualityResult quads = MeshQuality(loom::cont::CellSetStructured<2>(Id3(3, 3, 1)),
                                              FieldArray::FromAOS(cont::make_ArrayHandle(std::vector<double>(xyz.begin(), xyz.begin() + 27)), 3),
                                              options);
  EXPECT_EQ(4, quads.Statistics[1].Count);
  EXPECT_NEAR(1.0, quads.Quality.GetPortal<Float64>().Get(0, 0), 1e-14); // a square's edge ratio
  EXPECT_THROW(MeshQuality(loom::cont::CellSetStructured<3>(Id3(3, 3, 3)), FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3),
                           options),
               loom::cont::ErrorBadValue);
}
