// Loom tests: the clip family on the device under test, against exact and brute-force references: the
// kept volume of a box cut by a plane (closed form) for a structured grid, the same grid as explicit
// hexahedra and as tetrahedra, both sides adding up to the box; every edge point on its cut edge with
// the field equal to the clip value there; extra points' stencils summing to one; kept points on the
// kept side; skipped and NaN cells giving nothing; integer fields clipped as doubles; cells the tables
// do not know rejected.
#include "TestingDevice.h"

#include <loom/algorithms/clip/Clip.h>
#include <loom/cont/Error.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
using Point = std::array<double, 3>;

/// Faces of the linear 3D cells (VTK order) for the volume below.
const std::vector<std::vector<int>>& FacesOf(UInt8 type)
{
  static const std::vector<std::vector<int>> tet = { { 0, 1, 2 }, { 0, 1, 3 }, { 1, 2, 3 }, { 0, 2, 3 } };
  static const std::vector<std::vector<int>> pyramid = { { 0, 1, 2, 3 }, { 0, 1, 4 }, { 1, 2, 4 }, { 2, 3, 4 },
                                                         { 3, 0, 4 } };
  static const std::vector<std::vector<int>> wedge = { { 0, 1, 2 }, { 3, 4, 5 }, { 0, 1, 4, 3 }, { 1, 2, 5, 4 },
                                                       { 2, 0, 3, 5 } };
  static const std::vector<std::vector<int>> hex = { { 0, 1, 2, 3 }, { 4, 5, 6, 7 }, { 0, 1, 5, 4 },
                                                     { 1, 2, 6, 5 }, { 2, 3, 7, 6 }, { 3, 0, 4, 7 } };
  static const std::vector<std::vector<int>> voxel = { { 0, 1, 3, 2 }, { 4, 5, 7, 6 }, { 0, 1, 5, 4 },
                                                       { 1, 3, 7, 5 }, { 3, 2, 6, 7 }, { 2, 0, 4, 6 } };
  static const std::vector<std::vector<int>> none;
  switch (type)
  {
    case CELL_SHAPE_TETRA: return tet;
    case CELL_SHAPE_PYRAMID: return pyramid;
    case CELL_SHAPE_WEDGE: return wedge;
    case CELL_SHAPE_HEXAHEDRON: return hex;
    case CELL_SHAPE_VOXEL: return voxel;
    default: return none;
  }
}

double TetVolume(const Point& a, const Point& b, const Point& c, const Point& d)
{
  const Point u{ b[0] - a[0], b[1] - a[1], b[2] - a[2] }, v{ c[0] - a[0], c[1] - a[1], c[2] - a[2] },
    w{ d[0] - a[0], d[1] - a[1], d[2] - a[2] };
  return std::abs(u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) +
                  u[2] * (v[0] * w[1] - v[1] * w[0])) /
    6.0;
}

/// Volume of a convex cell: tetrahedra from its centroid to each face, faces fanned from their centroid.
double CellVolume(UInt8 type, const std::vector<Point>& p)
{
  const auto& faces = FacesOf(type);
  EXPECT_FALSE(faces.empty()) << "unexpected output cell type " << int(type);
  Point c{ 0, 0, 0 };
  for (const Point& q : p)
    for (int d = 0; d < 3; ++d)
      c[d] += q[d] / static_cast<double>(p.size());
  double volume = 0;
  for (const auto& f : faces)
  {
    Point fc{ 0, 0, 0 };
    for (int v : f)
      for (int d = 0; d < 3; ++d)
        fc[d] += p[static_cast<std::size_t>(v)][d] / static_cast<double>(f.size());
    for (std::size_t e = 0; e < f.size(); ++e)
      volume += TetVolume(c, fc, p[static_cast<std::size_t>(f[e])], p[static_cast<std::size_t>(f[(e + 1) % f.size()])]);
  }
  return volume;
}

/// The unit box's volume where a x + b y + c z >= d (a, b, c > 0), by inclusion-exclusion.
double ExactKeptVolume(double a, double b, double c, double d)
{
  double below = 0;
  for (int s = 0; s < 8; ++s)
  {
    const double r = d - a * (s & 1) - b * ((s >> 1) & 1) - c * ((s >> 2) & 1);
    const int sign = ((s & 1) + ((s >> 1) & 1) + ((s >> 2) & 1)) % 2 ? -1 : 1;
    if (r > 0)
      below += sign * r * r * r;
  }
  return 1.0 - below / (6.0 * a * b * c);
}

struct Grid
{
  Id3 Dims;
  std::vector<Point> Points;
  std::vector<double> Field;
};

Grid UnitGrid(Id3 dims, double a, double b, double c)
{
  Grid g;
  g.Dims = dims;
  for (Id k = 0; k < dims[2]; ++k)
    for (Id j = 0; j < dims[1]; ++j)
      for (Id i = 0; i < dims[0]; ++i)
      {
        const Point p{ double(i) / double(dims[0] - 1), double(j) / double(dims[1] - 1),
                       double(k) / double(dims[2] - 1) };
        g.Points.push_back(p);
        g.Field.push_back(a * p[0] + b * p[1] + c * p[2]);
      }
  return g;
}

/// The grid's cells as explicit hexahedra, or as six tetrahedra each (a conforming split).
CellSetAny ExplicitCells(const Grid& g, bool tetrahedra)
{
  std::vector<UInt8> shapes;
  std::vector<Int64> offsets{ 0 }, conn;
  const Id nx = g.Dims[0], nxy = g.Dims[0] * g.Dims[1];
  for (Id k = 0; k + 1 < g.Dims[2]; ++k)
    for (Id j = 0; j + 1 < g.Dims[1]; ++j)
      for (Id i = 0; i + 1 < g.Dims[0]; ++i)
      {
        const Id p = i + j * nx + k * nxy;
        const Int64 v[8] = { p, p + 1, p + 1 + nx, p + nx, p + nxy, p + 1 + nxy, p + 1 + nx + nxy, p + nx + nxy };
        if (!tetrahedra)
        {
          shapes.push_back(CELL_SHAPE_HEXAHEDRON);
          conn.insert(conn.end(), v, v + 8);
          offsets.push_back(static_cast<Int64>(conn.size()));
          continue;
        }
        // Six tetrahedra around the diagonal 0-6.
        const int split[6][4] = { { 0, 1, 2, 6 }, { 0, 2, 3, 6 }, { 0, 3, 7, 6 },
                                  { 0, 7, 4, 6 }, { 0, 4, 5, 6 }, { 0, 5, 1, 6 } };
        for (const auto& t : split)
        {
          shapes.push_back(CELL_SHAPE_TETRA);
          for (int q : t)
            conn.push_back(v[q]);
          offsets.push_back(static_cast<Int64>(conn.size()));
        }
      }
  return loom::cont::CellSetExplicit<Int64, Int64>(static_cast<Id>(g.Points.size()),
                                                   loom::cont::make_ArrayHandle(shapes),
                                                   loom::cont::make_ArrayHandle(offsets),
                                                   loom::cont::make_ArrayHandle(conn));
}

FieldArray PointsField(const Grid& g)
{
  std::vector<double> flat;
  for (const Point& p : g.Points)
    flat.insert(flat.end(), p.begin(), p.end());
  return FieldArray::FromAOS(loom::cont::make_ArrayHandle(flat), 3);
}

FieldArray ScalarField(const std::vector<double>& values)
{
  return FieldArray::FromAOS(loom::cont::make_ArrayHandle(values), 1);
}

/// The clip's output as plain vectors.
struct Output
{
  std::vector<UInt8> Shapes;
  std::vector<Int64> Offsets, Connectivity;
  std::vector<Id> Sources;
  std::vector<Point> Points;
  std::vector<double> Field; // the clipped field at the output points
};

Output RunClip(const CellSetAny& cells, const Grid& g, const ClipOptions& o, ClipResult* raw = nullptr)
{
  const ClipResult r = Clip(cells, ScalarField(g.Field), o);
  Output out;
  out.Shapes = loom::cont::ToVector(r.Shapes);
  out.Sources = loom::cont::ToVector(r.SourceCells);
  if (r.Is64Bit)
  {
    out.Offsets = loom::cont::ToVector(r.Offsets64);
    out.Connectivity = loom::cont::ToVector(r.Connectivity64);
  }
  else
  {
    for (Int32 v : loom::cont::ToVector(r.Offsets32))
      out.Offsets.push_back(v);
    for (Int32 v : loom::cont::ToVector(r.Connectivity32))
      out.Connectivity.push_back(v);
  }
  const FieldArray points = InterpolateClipPoints(r.Points, PointsField(g), o.Device);
  const FieldArray field = InterpolateClipPoints(r.Points, ScalarField(g.Field), o.Device);
  const auto pp = points.GetPortal<Float64>();
  const auto fp = field.GetPortal<Float64>();
  for (Id p = 0; p < points.GetNumberOfTuples(); ++p)
  {
    out.Points.push_back(Point{ pp.Get(p, 0), pp.Get(p, 1), pp.Get(p, 2) });
    out.Field.push_back(fp.Get(p, 0));
  }
  if (raw)
    *raw = r;
  return out;
}

double Volume(const Output& out)
{
  double v = 0;
  for (std::size_t c = 0; c < out.Shapes.size(); ++c)
  {
    std::vector<Point> p;
    for (Int64 k = out.Offsets[c]; k < out.Offsets[c + 1]; ++k)
      p.push_back(out.Points[static_cast<std::size_t>(out.Connectivity[static_cast<std::size_t>(k)])]);
    v += CellVolume(out.Shapes[c], p);
  }
  return v;
}

/// Points: kept ones on the kept side, edge points at the clip value on their edge, extra points'
/// weights summing to one; every point used by a cell, every connectivity entry valid.
void CheckPoints(const ClipResult& r, const Output& out, const Grid& g, const ClipOptions& o)
{
  const Id kept = r.Points.Kept.GetNumberOfValues(), edges = r.Points.Edges.GetNumberOfPoints();
  const auto keptIds = loom::cont::ToVector(r.Points.Kept);
  for (Id p = 0; p < kept; ++p)
  {
    const double s = g.Field[static_cast<std::size_t>(keptIds[static_cast<std::size_t>(p)])];
    EXPECT_TRUE(o.InsideOut ? s < o.Value : s >= o.Value) << "kept point " << p;
    if (p > 0)
      EXPECT_LT(keptIds[static_cast<std::size_t>(p - 1)], keptIds[static_cast<std::size_t>(p)]) << "input order";
  }
  const auto a = loom::cont::ToVector(r.Points.Edges.A), b = loom::cont::ToVector(r.Points.Edges.B);
  const auto w = loom::cont::ToVector(r.Points.Edges.Weight);
  std::set<std::pair<Id, Id>> seen;
  for (Id e = 0; e < edges; ++e)
  {
    const std::size_t i = static_cast<std::size_t>(e);
    EXPECT_LT(a[i], b[i]);
    EXPECT_TRUE(seen.insert({ a[i], b[i] }).second) << "edge " << a[i] << "-" << b[i] << " twice (not merged)";
    if (e > 0) // in the order of their ends (as a sort of the edges gives them, on every cell set)
      EXPECT_LT(std::make_pair(a[i - 1], b[i - 1]), std::make_pair(a[i], b[i])) << "edge point " << e;
    EXPECT_GE(w[i], 0.0);
    EXPECT_LE(w[i], 1.0);
    EXPECT_NEAR(out.Field[static_cast<std::size_t>(kept + e)], o.Value, 1e-12) << "edge point " << e;
  }
  const auto weights = loom::cont::ToVector(r.Points.ExtraWeights);
  for (std::size_t x = 0; x < weights.size() / ClipPoints::ExtraTerms; ++x)
  {
    double sum = 0;
    for (int q = 0; q < ClipPoints::ExtraTerms; ++q)
      sum += weights[x * ClipPoints::ExtraTerms + static_cast<std::size_t>(q)];
    EXPECT_NEAR(sum, 1.0, 1e-12) << "extra point " << x;
  }
  std::vector<bool> used(out.Points.size(), false);
  for (Int64 p : out.Connectivity)
  {
    ASSERT_GE(p, 0);
    ASSERT_LT(p, static_cast<Int64>(out.Points.size()));
    used[static_cast<std::size_t>(p)] = true;
  }
  for (std::size_t p = 0; p < used.size(); ++p)
    EXPECT_TRUE(used[p]) << "output point " << p << " is used by no cell";
}

ClipOptions Options(double value, bool insideOut)
{
  ClipOptions o;
  o.Value = value;
  o.InsideOut = insideOut;
  o.Device = loom::test::Device();
  return o;
}
} // namespace

TEST(Clip, PlaneCutVolumeIsExactOnEveryCellSet)
{
  const double a = 0.7, b = 1.3, c = 2.1;
  const Grid g = UnitGrid(Id3(9, 7, 6), a, b, c);
  const CellSetAny structured = loom::cont::CellSetStructured<3>(g.Dims);
  const CellSetAny hexahedra = ExplicitCells(g, false), tetrahedra = ExplicitCells(g, true);
  for (double d : { 0.05, 0.9, 1.77, 2.5, 4.0 })
    for (const CellSetAny* cells : { &structured, &hexahedra, &tetrahedra })
    {
      double both = 0;
      for (bool insideOut : { false, true })
      {
        const ClipOptions o = Options(d, insideOut);
        ClipResult r;
        const Output out = RunClip(*cells, g, o, &r);
        const double volume = Volume(out);
        const double exact = insideOut ? 1.0 - ExactKeptVolume(a, b, c, d) : ExactKeptVolume(a, b, c, d);
        EXPECT_NEAR(volume, exact, 1e-12) << "value " << d << " inside out " << insideOut;
        both += volume;
        CheckPoints(r, out, g, o);
        for (std::size_t q = 0; q < out.Sources.size(); ++q)
          ASSERT_LT(out.Sources[q], NumberOfCells(*cells));
      }
      EXPECT_NEAR(both, 1.0, 1e-12);
    }
}

TEST(Clip, NoisyFieldSidesAddUpToTheBox)
{
  // A noisy field: the two sides' pieces add up to the box, and the structured and explicit-hexahedra
  // forms of the grid cut the same cells.
  Grid g = UnitGrid(Id3(12, 10, 8), 1, 1, 1);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> noise(-1, 1);
  for (double& f : g.Field)
    f = noise(rng);
  const CellSetAny structured = loom::cont::CellSetStructured<3>(g.Dims);
  const CellSetAny hexahedra = ExplicitCells(g, false);
  for (double d : { -0.5, 0.0, 0.3 })
  {
    double both = 0;
    for (bool insideOut : { false, true })
    {
      const ClipOptions o = Options(d, insideOut);
      ClipResult r;
      const Output s = RunClip(structured, g, o, &r);
      CheckPoints(r, s, g, o);
      const Output h = RunClip(hexahedra, g, o);
      EXPECT_EQ(std::set<Id>(s.Sources.begin(), s.Sources.end()), std::set<Id>(h.Sources.begin(), h.Sources.end()));
      both += Volume(s);
    }
    EXPECT_NEAR(both, 1.0, 1e-12) << "value " << d;
  }
}

TEST(Clip, SkippedAndNaNCellsGiveNothing)
{
  Grid g = UnitGrid(Id3(6, 5, 4), 1, 2, 3);
  const CellSetAny cells = loom::cont::CellSetStructured<3>(g.Dims);
  const Id n = NumberOfCells(cells);
  ClipOptions o = Options(2.0, false);
  std::vector<UInt8> skip(static_cast<std::size_t>(n), 0);
  for (Id c = 0; c < n; c += 3)
    skip[static_cast<std::size_t>(c)] = 1;
  o.SkipCells = loom::cont::make_ArrayHandle(skip);
  const Output all = RunClip(cells, g, Options(2.0, false));
  const Output some = RunClip(cells, g, o);
  std::size_t expected = 0;
  for (Id s : all.Sources)
    expected += skip[static_cast<std::size_t>(s)] ? 0 : 1;
  EXPECT_EQ(some.Sources.size(), expected);
  for (Id s : some.Sources)
    EXPECT_EQ(skip[static_cast<std::size_t>(s)], 0) << "skipped cell " << s << " gave output";

  // A NaN at point 0 (a corner): its one cell gives nothing, the others are cut as before.
  g.Field[0] = std::numeric_limits<double>::quiet_NaN();
  const Output nan = RunClip(cells, g, Options(-1.0, false)); // every other point kept
  for (Id s : nan.Sources)
    EXPECT_NE(s, 0) << "the cell with a NaN point gave output";
  EXPECT_EQ(static_cast<Id>(nan.Shapes.size()), n - 1);
  for (double f : nan.Field)
    EXPECT_FALSE(std::isnan(f));
}

TEST(Clip, GridsOfEveryDimensionWithAndWithoutNaN)
{
  // Structured cells of 1, 2 and 3 dimensions, a noisy field with and without NaN points: the grid's own
  // passes (kept points taken as used, edges merged by their index) give what the cells' marking gives (a
  // skip array with no cell skipped takes that path), points checked as everywhere.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> noise(-1, 1);
  for (const Id3 dims : { Id3(40, 1, 1), Id3(13, 9, 1), Id3(9, 8, 7), Id3(2, 2, 2) })
    for (int nanPoints : { 0, 1, 3 })
    {
      Grid g;
      g.Dims = dims;
      for (Id k = 0; k < dims[2]; ++k)
        for (Id j = 0; j < dims[1]; ++j)
          for (Id i = 0; i < dims[0]; ++i)
          {
            g.Points.push_back(Point{ 0.5 * double(i), 0.25 * double(j), 0.125 * double(k) });
            g.Field.push_back(noise(rng));
          }
      for (int q = 0; q < nanPoints; ++q)
        g.Field[static_cast<std::size_t>(rng() % g.Field.size())] = std::numeric_limits<double>::quiet_NaN();
      const int dim = dims[2] > 1 ? 3 : dims[1] > 1 ? 2 : 1;
      const CellSetAny cells = dim == 3 ? CellSetAny(loom::cont::CellSetStructured<3>(dims))
        : dim == 2                     ? CellSetAny(loom::cont::CellSetStructured<2>(dims))
                                       : CellSetAny(loom::cont::CellSetStructured<1>(dims));
      for (double d : { -0.2, 0.1 })
        for (bool insideOut : { false, true })
        {
          ClipOptions o = Options(d, insideOut);
          ClipResult grid, marked;
          const Output out = RunClip(cells, g, o, &grid);
          CheckPoints(grid, out, g, o);
          o.SkipCells = loom::cont::make_ArrayHandle(std::vector<UInt8>(static_cast<std::size_t>(NumberOfCells(cells)), 0));
          const Output other = RunClip(cells, g, o, &marked);
          const std::string where = "dims " + std::to_string(dims[0]) + "x" + std::to_string(dims[1]) + "x" +
            std::to_string(dims[2]) + ", " + std::to_string(nanPoints) + " NaN, value " + std::to_string(d);
          EXPECT_EQ(loom::cont::ToVector(grid.Points.Kept), loom::cont::ToVector(marked.Points.Kept)) << where;
          EXPECT_EQ(loom::cont::ToVector(grid.Points.Edges.A), loom::cont::ToVector(marked.Points.Edges.A)) << where;
          EXPECT_EQ(loom::cont::ToVector(grid.Points.Edges.B), loom::cont::ToVector(marked.Points.Edges.B)) << where;
          EXPECT_EQ(out.Connectivity, other.Connectivity) << where;
          EXPECT_EQ(out.Sources, other.Sources) << where;
          EXPECT_EQ(out.Shapes, other.Shapes) << where;
        }
    }

  // A kept corner whose one cell has a NaN point is no output point.
  Grid g = UnitGrid(Id3(4, 3, 3), 0, 0, 0);
  g.Field[1] = std::numeric_limits<double>::quiet_NaN();
  const CellSetAny cells = loom::cont::CellSetStructured<3>(g.Dims);
  ClipResult r;
  const Output out = RunClip(cells, g, Options(-1.0, false), &r);
  CheckPoints(r, out, g, Options(-1.0, false));
  const std::vector<Id> kept = loom::cont::ToVector(r.Points.Kept);
  EXPECT_EQ(kept.size(), g.Field.size() - 2);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), Id(0)), 0) << "the corner whose only cell has a NaN point";
  EXPECT_EQ(static_cast<Id>(out.Shapes.size()), NumberOfCells(cells) - 2) << "the two cells around the NaN point";
}

TEST(Clip, IntegerFieldsAreClippedAsDoubles)
{
  const Grid g = UnitGrid(Id3(7, 6, 5), 3, 5, 7);
  std::vector<Int32> ints;
  std::vector<double> asDoubles;
  for (double f : g.Field)
  {
    ints.push_back(static_cast<Int32>(std::lround(f * 4)));
    asDoubles.push_back(static_cast<double>(ints.back()));
  }
  const CellSetAny cells = loom::cont::CellSetStructured<3>(g.Dims);
  const ClipOptions o = Options(17.5, false);
  const ClipResult fromInts = Clip(cells, FieldArray::FromAOS(loom::cont::make_ArrayHandle(ints), 1), o);
  const ClipResult fromDoubles = Clip(cells, ScalarField(asDoubles), o);
  EXPECT_EQ(loom::cont::ToVector(fromInts.SourceCells), loom::cont::ToVector(fromDoubles.SourceCells));
  EXPECT_EQ(loom::cont::ToVector(fromInts.Connectivity32), loom::cont::ToVector(fromDoubles.Connectivity32));
  EXPECT_EQ(loom::cont::ToVector(fromInts.Points.Edges.Weight), loom::cont::ToVector(fromDoubles.Points.Edges.Weight));
}

TEST(Clip, UnknownCellsAndBadFieldsAreRejected)
{
  // A polygon (VTK type 7) among triangles.
  const loom::cont::CellSetExplicit<Int64, Int64> cells(
    5, loom::cont::make_ArrayHandle(std::vector<UInt8>{ CELL_SHAPE_TRIANGLE, 7 }),
    loom::cont::make_ArrayHandle(std::vector<Int64>{ 0, 3, 8 }),
    loom::cont::make_ArrayHandle(std::vector<Int64>{ 0, 1, 2, 0, 1, 2, 3, 4 }));
  const CellSetAny any = cells;
  EXPECT_EQ(UnclippableCellTypes(any), std::vector<UInt8>{ 7 });
  const FieldArray field = ScalarField({ 0, 1, 2, 3, 4 });
  EXPECT_THROW(Clip(any, field, Options(1.5, false)), loom::cont::ErrorBadType);
  EXPECT_THROW(Clip(any, ScalarField({ 0, 1, 2 }), Options(1.5, false)), loom::cont::ErrorBadValue);
  EXPECT_THROW(Clip(any, FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<double>(10, 0.0)), 2),
                    Options(1.5, false)),
               loom::cont::ErrorBadValue);
}

// A mask over the input points carried to the clip's points: a point is computed when every input point
// it is made from (with a non-zero weight) is selected. Reference: an indicator field (1 on selected input
// points, 0 elsewhere) clipped without a mask is 1 exactly where that holds (the weights of an inner
// point add up to 1 within rounding). Selected points equal the unmasked interpolation bit for bit; the
// others hold the fill value (NaN in floating arrays, 0 in integer arrays when the fill is NaN).
TEST(Clip, PointMaskComputesOnlyPointsMadeFromSelectedPoints)
{
  Grid g = UnitGrid(Id3(10, 9, 7), 1, 1, 1);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> noise(-1, 1);
  for (double& f : g.Field)
    f = noise(rng);
  const Id points = static_cast<Id>(g.Points.size());
  std::vector<UInt8> flags(static_cast<std::size_t>(points));
  std::vector<double> indicator(flags.size());
  std::vector<Id> ids;
  for (Id p = 0; p < points; ++p)
  {
    // A block of the grid (as a region of interest) and a sprinkle of single points.
    const Point& x = g.Points[static_cast<std::size_t>(p)];
    flags[static_cast<std::size_t>(p)] = (x[0] < 0.6 && x[1] > 0.3) || p % 13 == 0;
    indicator[static_cast<std::size_t>(p)] = flags[static_cast<std::size_t>(p)];
    if (flags[static_cast<std::size_t>(p)])
      ids.push_back(p);
  }
  std::vector<Int32> integers(flags.size());
  for (std::size_t p = 0; p < integers.size(); ++p)
    integers[p] = static_cast<Int32>(p % 1000) - 500;
  const FieldArray integerField = FieldArray::FromAOS(loom::cont::make_ArrayHandle(integers), 1);
  const CellSetAny structured = loom::cont::CellSetStructured<3>(g.Dims);
  const CellSetAny hexahedra = ExplicitCells(g, false), tetrahedra = ExplicitCells(g, true);
  Id extras = 0;
  for (const CellSetAny* cells : { &structured, &hexahedra, &tetrahedra })
    for (bool byIds : { false, true })
    {
      const ClipOptions o = Options(0.1, false);
      const ClipResult r = Clip(*cells, ScalarField(g.Field), o);
      OutputMask input;
      if (byIds)
      {
        input.Selection = OutputMask::Mode::Indices;
        input.Ids = loom::cont::make_ArrayHandle(ids);
      }
      else
      {
        input.Selection = OutputMask::Mode::Select;
        input.Flags = loom::cont::make_ArrayHandle(flags);
      }
      const OutputMask mask = ClipPointsMask(r.Points, input, points, o.Device);
      const Id n = r.Points.GetNumberOfPoints();
      ASSERT_EQ(mask.Flags.GetNumberOfValues(), n);
      extras += r.Points.GetNumberOfExtraPoints();
      const FieldArray reference = InterpolateClipPoints(r.Points, ScalarField(indicator), o.Device);
      const FieldArray plain = InterpolateClipPoints(r.Points, PointsField(g), o.Device);
      const FieldArray masked = InterpolateClipPoints(r.Points, PointsField(g), mask, o.Device);
      const FieldArray plainIntegers = InterpolateClipPoints(r.Points, integerField, o.Device);
      const FieldArray maskedIntegers = InterpolateClipPoints(r.Points, integerField, mask, o.Device);
      const UInt8* f = mask.Flags.GetPointer();
      Id selected = 0;
      for (Id p = 0; p < n; ++p)
      {
        const bool expected = reference.GetPortal<Float64>().Get(p, 0) > 1.0 - 1e-9;
        ASSERT_EQ(f[p] != 0, expected) << "output point " << p;
        selected += expected;
        for (IdComponent c = 0; c < 3; ++c)
        {
          const double v = masked.GetPortal<Float64>().Get(p, c);
          if (expected)
            ASSERT_EQ(v, plain.GetPortal<Float64>().Get(p, c));
          else
            ASSERT_TRUE(std::isnan(v));
        }
        ASSERT_EQ(maskedIntegers.GetPortal<Int32>().Get(p, 0),
                  expected ? plainIntegers.GetPortal<Int32>().Get(p, 0) : 0);
      }
      EXPECT_GT(selected, n / 10);
      EXPECT_LT(selected, n - n / 10);
    }
  EXPECT_GT(extras, 0); // inner points (hexahedra cut into wedges and pyramids around them) are covered
  // A fill value, and masks that do not fit the input points.
  const ClipResult r = Clip(structured, ScalarField(g.Field), Options(0.1, false));
  OutputMask none;
  none.Selection = OutputMask::Mode::Indices;
  none.Fill = -7.5;
  const FieldArray filled =
    InterpolateClipPoints(r.Points, ScalarField(g.Field), ClipPointsMask(r.Points, none, points, loom::test::Device()));
  for (Id p = 0; p < filled.GetNumberOfTuples(); ++p)
    ASSERT_EQ(filled.GetPortal<Float64>().Get(p, 0), -7.5);
  OutputMask past = none;
  past.Ids = loom::cont::make_ArrayHandle(std::vector<Id>{ 3, points });
  EXPECT_THROW(ClipPointsMask(r.Points, past, points), loom::cont::ErrorBadValue);
  OutputMask shortFlags;
  shortFlags.Selection = OutputMask::Mode::Select;
  shortFlags.Flags = loom::cont::make_ArrayHandle(std::vector<UInt8>(static_cast<std::size_t>(points - 1), 1));
  EXPECT_THROW(ClipPointsMask(r.Points, shortFlags, points), loom::cont::ErrorBadValue);
  EXPECT_THROW(InterpolateClipPoints(r.Points, ScalarField(g.Field), shortFlags), loom::cont::ErrorBadValue);
}
