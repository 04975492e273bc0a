// Loom tests: the cluster family (vertex clustering) on the device under test against a serial
// reference that walks the cells one element at a time as vtkQuadricClustering does (a dense bin
// array with each bin's quadric, dimension and output point, a set of the triangles already out):
// vertex cells, polygons, strips and polylines, internal triangles, duplicate triangles, the three point choices,
// division adjustment, 32- and 64-bit cells, and bad input. (Loom against VTK's own filter:
// Testing/Filters/TestLoomLevelOfDetail.cxx.)
#include "TestingDevice.h"

#include <loom/algorithms/cluster/VertexClustering.h>
#include <loom/algorithms/cluster/VertexClusteringWorklets.h>
#include <loom/cont/Error.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
using Cell = std::vector<Id>;

struct Mesh
{
  std::vector<Float32> Xyz;
  std::vector<Cell> Verts, Lines, Polys, Strips;
  Id Size() const { return static_cast<Id>(this->Xyz.size() / 3); }
};

CellArrays ToCells(const std::vector<Cell>& cells, bool is64)
{
  CellArrays out;
  out.Is64Bit = is64;
  if (cells.empty())
    return out;
  std::vector<Int64> offsets{ 0 }, conn;
  for (const Cell& c : cells)
  {
    conn.insert(conn.end(), c.begin(), c.end());
    offsets.push_back(static_cast<Int64>(conn.size()));
  }
  if (is64)
  {
    out.Offsets64 = cont::make_ArrayHandle(offsets);
    out.Connectivity64 = cont::make_ArrayHandle(conn);
  }
  else
  {
    out.Offsets32 = cont::make_ArrayHandle(std::vector<Int32>(offsets.begin(), offsets.end()));
    out.Connectivity32 = cont::make_ArrayHandle(std::vector<Int32>(conn.begin(), conn.end()));
  }
  return out;
}

struct Expected
{
  std::vector<std::array<Float32, 3>> Points;
  std::vector<Id> Sources; // BestInputPoint
  std::vector<std::vector<Id>> Members; // Mean
  std::vector<Id> VertOffsets{ 0 }, Verts, Lines, Triangles, VertCells, LineCells, TriangleCells;
  std::vector<std::array<double, 9>> Quadrics; // per output point
  std::vector<Id> BinOfPoint; // per output point
  Id Div[3];
  double Lo[3], Size[3];
};

/// vtkQuadricClustering's loop, one element at a time, with a dense bin array.
Expected Reference(const Mesh& m, const VertexClusteringOptions& o)
{
  Expected x;
  const Id n = m.Size();
  double lo[3], hi[3];
  for (int c = 0; c < 3; ++c)
  {
    lo[c] = DBL_MAX;
    hi[c] = -DBL_MAX;
    for (Id p = 0; p < n; ++p)
    {
      const double v = m.Xyz[3 * p + c];
      if (v == v)
      {
        lo[c] = std::min(lo[c], v);
        hi[c] = std::max(hi[c], v);
      }
    }
  }
  Id div[3] = { o.Divisions[0], o.Divisions[1], o.Divisions[2] };
  const Id half = div[0] * div[1] * div[2] / 2;
  if (o.AutoAdjustDivisions && half > n)
  {
    const double f = std::pow(double(half) / double(n), 0.33333);
    for (int c = 0; c < 3; ++c)
      div[c] = std::max(1, int(0.5 + double(o.Divisions[c]) / f));
  }
  double size[3], step[3];
  for (int c = 0; c < 3; ++c)
  {
    size[c] = (hi[c] - lo[c]) / double(div[c]);
    step[c] = size[c] > 0 ? 1.0 / size[c] : 0.0;
    x.Div[c] = div[c];
    x.Lo[c] = lo[c];
    x.Size[c] = size[c];
  }
  auto pointOf = [&](Id p, double v[3]) {
    for (int c = 0; c < 3; ++c)
      v[c] = m.Xyz[3 * p + c];
  };
  auto hash = [&](Id p) {
    Id b = 0, scale = 1;
    for (int c = 0; c < 3; ++c)
    {
      Id i = Id((double(m.Xyz[3 * p + c]) - lo[c]) * step[c]);
      i = std::min(std::max<Id>(i, 0), div[c] - 1);
      b += i * scale;
      scale *= div[c];
    }
    return b;
  };
  struct Bin
  {
    int Dim = 3;
    double Q[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    Id Vertex = -1;
  };
  std::vector<Bin> bins(static_cast<std::size_t>(div[0] * div[1] * div[2]));
  Id used = 0;
  std::set<std::array<Id, 3>> out;
  auto add = [&](Id b, int dim, const double q[9]) {
    Bin& bin = bins[static_cast<std::size_t>(b)];
    if (bin.Dim > dim)
    {
      bin.Dim = dim;
      std::fill(bin.Q, bin.Q + 9, 0.0);
    }
    if (bin.Dim == dim)
      for (int i = 0; i < 9; ++i)
        bin.Q[i] += q[i] * 100000000.0;
  };
  auto vertex = [&](Id b) {
    Bin& bin = bins[static_cast<std::size_t>(b)];
    if (bin.Vertex < 0)
      bin.Vertex = used++;
    return bin.Vertex;
  };
  Id cell = 0;
  for (const Cell& c : m.Verts)
  {
    for (Id p : c)
    {
      double a[3], q[9];
      pointOf(p, a);
      cluster::VertexQuadric(a, q);
      add(hash(p), 0, q);
      vertex(hash(p));
    }
    ++cell;
  }
  for (const Cell& c : m.Lines)
  {
    for (std::size_t j = 1; j < c.size(); ++j)
    {
      double a[3], b[3], q[9];
      pointOf(c[j - 1], a);
      pointOf(c[j], b);
      if ((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]) == 0.0)
        continue;
      cluster::SegmentQuadric(a, b, q);
      const Id ba = hash(c[j - 1]), bb = hash(c[j]);
      add(ba, 1, q);
      add(bb, 1, q);
      const Id va = vertex(ba), vb = vertex(bb);
      if (ba != bb)
      {
        x.Lines.insert(x.Lines.end(), { va, vb });
        x.LineCells.push_back(cell);
      }
    }
    ++cell;
  }
  auto triangle = [&](Id p0, Id p1, Id p2) {
    const Id b[3] = { hash(p0), hash(p1), hash(p2) };
    const bool distinct = b[0] != b[1] && b[0] != b[2] && b[1] != b[2];
    if (!o.UseInternalTriangles && !distinct)
      return;
    double a[3], bb[3], cc[3], q[9];
    pointOf(p0, a);
    pointOf(p1, bb);
    pointOf(p2, cc);
    cluster::TriangleQuadric(a, bb, cc, q);
    for (Id k : b)
      add(k, 2, q);
    const Id v[3] = { vertex(b[0]), vertex(b[1]), vertex(b[2]) };
    if (!distinct)
      return;
    std::array<Id, 3> key{ b[0], b[1], b[2] };
    std::sort(key.begin(), key.end());
    if (o.PreventDuplicateCells && !out.insert(key).second)
      return;
    x.Triangles.insert(x.Triangles.end(), { v[0], v[1], v[2] });
    x.TriangleCells.push_back(cell);
  };
  for (const Cell& c : m.Polys)
  {
    for (std::size_t j = 0; j + 2 < c.size(); ++j)
      triangle(c[0], c[j + 1], c[j + 2]);
    ++cell;
  }
  for (const Cell& c : m.Strips)
  {
    Id s[2] = { c[0], c[1] };
    int odd = 0;
    for (std::size_t j = 2; j < c.size(); ++j)
    {
      triangle(s[0], s[1], c[j]);
      s[odd] = c[j];
      odd = 1 - odd;
    }
    ++cell;
  }
  x.Points.resize(static_cast<std::size_t>(used));
  x.Sources.assign(static_cast<std::size_t>(used), -1);
  x.Members.resize(static_cast<std::size_t>(used));
  x.Quadrics.resize(static_cast<std::size_t>(used));
  x.BinOfPoint.resize(static_cast<std::size_t>(used));
  for (std::size_t b = 0; b < bins.size(); ++b)
    if (bins[b].Vertex >= 0)
    {
      std::copy(bins[b].Q, bins[b].Q + 9, x.Quadrics[static_cast<std::size_t>(bins[b].Vertex)].begin());
      x.BinOfPoint[static_cast<std::size_t>(bins[b].Vertex)] = static_cast<Id>(b);
    }
  std::vector<double> least(static_cast<std::size_t>(used), DBL_MAX);
  for (Id p = 0; p < n; ++p)
  {
    const Id v = bins[static_cast<std::size_t>(hash(p))].Vertex;
    if (v < 0)
      continue;
    x.Members[static_cast<std::size_t>(v)].push_back(p);
    const double* q = x.Quadrics[static_cast<std::size_t>(v)].data();
    const double px = m.Xyz[3 * p], py = m.Xyz[3 * p + 1], pz = m.Xyz[3 * p + 2];
    const double e = q[0] * px * px + 2.0 * q[1] * px * py + 2.0 * q[2] * px * pz + 2.0 * q[3] * px + q[4] * py * py +
      2.0 * q[5] * py * pz + 2.0 * q[6] * py + q[7] * pz * pz + 2.0 * q[8] * pz;
    if (e < least[static_cast<std::size_t>(v)])
    {
      least[static_cast<std::size_t>(v)] = e;
      x.Sources[static_cast<std::size_t>(v)] = p;
    }
  }
  // Vertex cells keep the points of the bins they reach first.
  std::set<Id> claimed;
  for (std::size_t c = 0; c < m.Verts.size(); ++c)
  {
    const std::size_t before = x.Verts.size();
    for (Id p : m.Verts[c])
      if (claimed.insert(hash(p)).second)
        x.Verts.push_back(bins[static_cast<std::size_t>(hash(p))].Vertex);
    if (x.Verts.size() > before)
    {
      x.VertOffsets.push_back(static_cast<Id>(x.Verts.size()));
      x.VertCells.push_back(static_cast<Id>(c));
    }
  }
  for (Id v = 0; v < used; ++v)
  {
    const std::size_t i = static_cast<std::size_t>(v);
    if (o.Point == ClusterPoint::BestInputPoint)
      for (int c = 0; c < 3; ++c)
        x.Points[i][c] = m.Xyz[3 * x.Sources[i] + c];
    else if (o.Point == ClusterPoint::Mean)
      for (int c = 0; c < 3; ++c)
      {
        double s = 0;
        for (Id p : x.Members[i])
          s += m.Xyz[3 * p + c];
        x.Points[i][c] = Float32(s / double(x.Members[i].size()));
      }
  }
  return x;
}

std::vector<Id> Values(const cont::ArrayHandle<Id>& h)
{
  const Id* p = h.ReadPortal().GetArray();
  return std::vector<Id>(p, p + h.GetNumberOfValues());
}

VertexClusteringResult RunCluster(const Mesh& m, const VertexClusteringOptions& o, bool is64 = false)
{
  VertexClusteringInput in;
  in.Points = FieldArray::FromAOS(cont::make_ArrayHandle(m.Xyz), 3);
  in.Verts = ToCells(m.Verts, is64);
  in.Lines = ToCells(m.Lines, is64);
  in.Polys = ToCells(m.Polys, is64);
  in.Strips = ToCells(m.Strips, is64);
  VertexClusteringOptions opts = o;
  opts.Device = test::Device();
  return ClusterVertices(in, opts);
}

void ExpectMatches(const Mesh& m, const VertexClusteringOptions& o, bool is64 = false)
{
  const Expected x = Reference(m, o);
  const VertexClusteringResult r = RunCluster(m, o, is64);
  for (int c = 0; c < 3; ++c)
    EXPECT_EQ(r.Divisions[c], x.Div[c]);
  ASSERT_EQ(r.Points.GetNumberOfTuples(), static_cast<Id>(x.Points.size()));
  EXPECT_EQ(Values(r.VertOffsets), x.VertOffsets);
  EXPECT_EQ(Values(r.Verts), x.Verts);
  EXPECT_EQ(Values(r.VertCells), x.VertCells);
  EXPECT_EQ(Values(r.Lines), x.Lines);
  EXPECT_EQ(Values(r.LineCells), x.LineCells);
  EXPECT_EQ(Values(r.Triangles), x.Triangles);
  EXPECT_EQ(Values(r.TriangleCells), x.TriangleCells);
  const Float32* xyz = r.Points.GetPortal<Float32>().Pointers[0];
  if (o.Point == ClusterPoint::BestInputPoint)
    EXPECT_EQ(Values(r.PointSources), x.Sources);
  if (o.Point == ClusterPoint::Mean)
  {
    const std::vector<Id> offsets = Values(r.MemberOffsets), members = Values(r.Members);
    ASSERT_EQ(offsets.size(), x.Members.size() + 1);
    for (std::size_t v = 0; v < x.Members.size(); ++v)
      EXPECT_EQ(std::vector<Id>(members.begin() + offsets[v], members.begin() + offsets[v + 1]), x.Members[v]);
  }
  if (o.Point != ClusterPoint::QuadricMinimizer)
  {
    for (std::size_t v = 0; v < x.Points.size(); ++v)
      for (int c = 0; c < 3; ++c)
        EXPECT_EQ(xyz[3 * v + c], x.Points[v][c]) << "point " << v;
    return;
  }
  // The quadric minimizer: inside the bin's enclosing sphere, and no worse than the bin center or
  // any point near it (the error of the bin's quadric, without its constant).
  const double radius = std::sqrt(x.Size[0] * x.Size[0] + x.Size[1] * x.Size[1] + x.Size[2] * x.Size[2]) / 2;
  for (std::size_t v = 0; v < x.Points.size(); ++v)
  {
    const double* q = x.Quadrics[v].data();
    auto error = [&](const double p[3]) {
      return q[0] * p[0] * p[0] + 2 * q[1] * p[0] * p[1] + 2 * q[2] * p[0] * p[2] + 2 * q[3] * p[0] +
        q[4] * p[1] * p[1] + 2 * q[5] * p[1] * p[2] + 2 * q[6] * p[1] + q[7] * p[2] * p[2] + 2 * q[8] * p[2];
    };
    const Id b = x.BinOfPoint[v];
    const Id ijk[3] = { b % x.Div[0], (b / x.Div[0]) % x.Div[1], b / (x.Div[0] * x.Div[1]) };
    double center[3], p[3];
    for (int c = 0; c < 3; ++c)
    {
      center[c] = x.Lo[c] + (double(ijk[c]) + 0.5) * x.Size[c];
      p[c] = xyz[3 * v + c];
    }
    const double d = std::sqrt((p[0] - center[0]) * (p[0] - center[0]) + (p[1] - center[1]) * (p[1] - center[1]) +
                               (p[2] - center[2]) * (p[2] - center[2]));
    EXPECT_LE(d, radius * (1 + 1e-5)) << "point " << v;
    const double scale = std::fabs(q[0]) + std::fabs(q[4]) + std::fabs(q[7]);
    EXPECT_LE(error(p), error(center) + 1e-4 * scale * radius * radius) << "point " << v;
    // A minimum where it was not moved back onto the sphere: a step of a hundredth of the radius along
    // any axis gains nothing beyond the directions VTK leaves out (eigenvalues below 1e-3 of the largest).
    if (d < 0.999 * radius)
      for (int c = 0; c < 3; ++c)
        for (const double step : { -0.01 * radius, 0.01 * radius })
        {
          double moved[3] = { p[0], p[1], p[2] };
          moved[c] += step;
          EXPECT_GE(error(moved), error(p) - 1e-4 * scale * radius * radius) << "point " << v << " axis " << c;
        }
  }
}

/// A closed, jittered latitude-longitude sphere: quads (fanned), triangles at the poles.
Mesh Sphere(int lat, int lon, unsigned seed)
{
  Mesh m;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> jitter(-0.01f, 0.01f);
  const double pi = std::acos(-1.0);
  m.Xyz.insert(m.Xyz.end(), { 0.f, 0.f, 1.f });
  for (int i = 1; i < lat; ++i)
    for (int j = 0; j < lon; ++j)
    {
      const double t = pi * i / lat, f = 2 * pi * j / lon;
      m.Xyz.push_back(float(std::sin(t) * std::cos(f)) + jitter(rng));
      m.Xyz.push_back(float(std::sin(t) * std::sin(f)) + jitter(rng));
      m.Xyz.push_back(float(std::cos(t)) + jitter(rng));
    }
  m.Xyz.insert(m.Xyz.end(), { 0.f, 0.f, -1.f });
  const Id south = m.Size() - 1;
  auto at = [&](int i, int j) { return Id(1 + (i - 1) * lon + (j % lon)); };
  for (int j = 0; j < lon; ++j)
    m.Polys.push_back({ 0, at(1, j), at(1, j + 1) });
  for (int i = 1; i + 1 < lat; ++i)
    for (int j = 0; j < lon; ++j)
      m.Polys.push_back({ at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1) });
  for (int j = 0; j < lon; ++j)
    m.Strips.push_back({ at(lat - 1, j + 1), at(lat - 1, j), south });
  return m;
}
} // namespace

TEST(Cluster, SphereMatchesReference)
{
  const Mesh m = Sphere(40, 60, 3);
  for (const bool internal : { false, true })
    for (const ClusterPoint point : { ClusterPoint::BestInputPoint, ClusterPoint::Mean, ClusterPoint::QuadricMinimizer })
    {
      VertexClusteringOptions o;
      o.Divisions[0] = 9;
      o.Divisions[1] = 7;
      o.Divisions[2] = 8;
      o.UseInternalTriangles = internal;
      o.Point = point;
      SCOPED_TRACE(testing::Message() << "internal " << internal << " point " << int(point));
      ExpectMatches(m, o);
      ExpectMatches(m, o, true);
    }
}

TEST(Cluster, AutoAdjustedDivisions)
{
  const Mesh m = Sphere(12, 16, 5); // 178 points: 50^3 / 2 bins shrink
  VertexClusteringOptions o;
  ExpectMatches(m, o);
  const VertexClusteringResult r = RunCluster(m, o);
  EXPECT_LT(r.Divisions[0], 50);
  o.AutoAdjustDivisions = false;
  ExpectMatches(m, o);
}

TEST(Cluster, StripsLinesAndSoup)
{
  // Random triangles in a unit box over few bins (many equal triangles), long strips, polylines with
  // repeated points, and a flat axis (all z equal: one bin along z).
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  Mesh m;
  for (int p = 0; p < 3000; ++p)
    m.Xyz.insert(m.Xyz.end(), { u(rng), u(rng), 0.5f });
  std::uniform_int_distribution<Id> pick(0, 2999);
  for (int c = 0; c < 2000; ++c)
    m.Polys.push_back({ pick(rng), pick(rng), pick(rng) });
  for (int c = 0; c < 50; ++c)
  {
    Cell s;
    for (int k = 0; k < 2 + c % 17; ++k)
      s.push_back(pick(rng));
    m.Strips.push_back(s);
  }
  for (int c = 0; c < 300; ++c)
  {
    Cell l{ pick(rng), pick(rng) };
    l.push_back(l[1]); // a zero-length segment
    l.push_back(pick(rng));
    m.Lines.push_back(l);
  }
  // Vertex cells: single points (some in bins of lines and triangles) and polyvertices.
  for (int c = 0; c < 200; ++c)
    m.Verts.push_back({ pick(rng) });
  for (int c = 0; c < 20; ++c)
    m.Verts.push_back({ pick(rng), pick(rng), pick(rng), pick(rng) });
  for (const bool duplicates : { true, false })
    for (const ClusterPoint point : { ClusterPoint::BestInputPoint, ClusterPoint::Mean })
    {
      VertexClusteringOptions o;
      o.Divisions[0] = 6;
      o.Divisions[1] = 5;
      o.Divisions[2] = 4;
      o.PreventDuplicateCells = duplicates;
      o.Point = point;
      o.UseInternalTriangles = true;
      ExpectMatches(m, o);
      o.UseInternalTriangles = false;
      ExpectMatches(m, o, true);
    }
}

TEST(Cluster, EmptyAndBadInput)
{
  Mesh m = Sphere(6, 8, 1);
  const std::vector<Cell> polys = m.Polys, strips = m.Strips;
  m.Polys.clear();
  m.Strips.clear();
  VertexClusteringOptions o;
  const VertexClusteringResult none = RunCluster(m, o);
  EXPECT_EQ(none.Points.GetNumberOfTuples(), 0);
  EXPECT_EQ(none.Triangles.GetNumberOfValues(), 0);
  m.Polys = polys;
  o.Divisions[1] = 0;
  EXPECT_THROW(RunCluster(m, o), cont::ErrorBadValue);
  o.Divisions[1] = 5;
  m.Polys.push_back({ 0, 1, m.Size() });
  EXPECT_THROW(RunCluster(m, o), cont::ErrorBadValue);
  m.Polys.back() = { 0, -3, 1 };
  EXPECT_THROW(RunCluster(m, o), cont::ErrorBadValue);
  m.Polys.pop_back();
  VertexClusteringInput in;
  in.Points = FieldArray::FromAOS(cont::make_ArrayHandle(m.Xyz), 2);
  in.Polys = ToCells(m.Polys, false);
  EXPECT_THROW(ClusterVertices(in, o), cont::ErrorBadValue);
}

TEST(Cluster, IntegerPointsClusterAsDoubles)
{
  // The sphere's points scaled and rounded to Int32: the same result as the same values as Float64.
  const Mesh m = Sphere(20, 30, 9);
  std::vector<Int32> ints;
  std::vector<Float64> doubles;
  for (Float32 v : m.Xyz)
  {
    ints.push_back(static_cast<Int32>(std::lround(v * 1000.0f)));
    doubles.push_back(static_cast<Float64>(ints.back()));
  }
  VertexClusteringOptions o;
  o.Divisions[0] = o.Divisions[1] = o.Divisions[2] = 7;
  o.Device = test::Device();
  VertexClusteringInput in;
  in.Polys = ToCells(m.Polys, false);
  in.Strips = ToCells(m.Strips, false);
  in.Points = FieldArray::FromAOS(cont::make_ArrayHandle(ints), 3);
  const VertexClusteringResult a = ClusterVertices(in, o);
  in.Points = FieldArray::FromAOS(cont::make_ArrayHandle(doubles), 3);
  const VertexClusteringResult b = ClusterVertices(in, o);
  ASSERT_GT(a.Triangles.GetNumberOfValues(), 0);
  EXPECT_EQ(Values(a.Triangles), Values(b.Triangles));
  EXPECT_EQ(Values(a.PointSources), Values(b.PointSources));
}
