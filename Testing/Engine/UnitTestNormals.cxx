// Loom tests: the normals family against a reference that follows vtkPolyDataNormals' definition one polygon
// at a time, with every neighbour found by scanning all polygons: the breadth-first ordering from each
// unvisited polygon in id order, the polygon normals, the fans around every point walked across edges
// within the feature angle, the new points numbered point by point, and the point normals summed in cell
// order. Meshes: a torus of triangles and quadrilaterals with polygons reversed and shuffled at random; a
// subdivided box (sharp edges); a Moebius strip (no consistent ordering: the host traversal); a fin of three
// polygons on one edge (non-manifold); polygons with a repeated point and with two points; several pieces;
// 32- and 64-bit cells; every switch, several feature angles; the same bits on the test's device.
#include "TestingDevice.h"

#include <loom/algorithms/normals/Normals.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
struct Mesh
{
  std::vector<double> Points; // xyz
  std::vector<std::vector<Id>> Polygons;
  Id NumberOfPoints() const { return static_cast<Id>(this->Points.size() / 3); }
  Id Add(double x, double y, double z)
  {
    this->Points.insert(this->Points.end(), { x, y, z });
    return this->NumberOfPoints() - 1;
  }
};

struct Expected
{
  std::vector<std::vector<Id>> Polygons;
  std::vector<Id> PointIds; // per output point
  std::vector<float> PointNormals, CellNormals;
  Id Flipped = 0;
};

/// The polygons other than `cell` holding both p and q, scanning all polygons in id order (a polygon listed
/// once per use of p, as VTK's links list it).
std::vector<Id> Neighbours(const std::vector<std::vector<Id>>& polygons, Id cell, Id p, Id q)
{
  std::vector<Id> out;
  for (Id d = 0; d < static_cast<Id>(polygons.size()); ++d)
  {
    if (d == cell)
      continue;
    const auto& pts = polygons[static_cast<std::size_t>(d)];
    const bool hasQ = std::find(pts.begin(), pts.end(), q) != pts.end();
    for (Id v : pts)
      if (v == p && hasQ)
        out.push_back(d);
  }
  return out;
}

void PolygonNormal(const Mesh& m, const std::vector<Id>& pts, float* out)
{
  auto at = [&](Id p, double* v) {
    for (int j = 0; j < 3; ++j)
      v[j] = m.Points[static_cast<std::size_t>(3 * p + j)];
  };
  auto cross = [](const double* a, const double* o, const double* b, double* r) {
    const double ax = a[0] - o[0], ay = a[1] - o[1], az = a[2] - o[2];
    const double bx = b[0] - o[0], by = b[1] - o[1], bz = b[2] - o[2];
    r[0] = ay * bz - az * by;
    r[1] = az * bx - ax * bz;
    r[2] = ax * by - ay * bx;
  };
  const std::size_t n = pts.size();
  double normal[3] = { 0, 0, 0 };
  if (n == 3)
  {
    double a[3], b[3], c[3];
    at(pts[0], a);
    at(pts[1], b);
    at(pts[2], c);
    cross(c, b, a, normal);
  }
  else if (n > 3)
    for (std::size_t i = 0; i < n; ++i)
    {
      double a[3], b[3], c[3], r[3];
      at(pts[i], a);
      at(pts[(i + 1) % n], b);
      at(pts[(i + 2) % n], c);
      cross(c, b, a, r);
      for (int j = 0; j < 3; ++j)
        normal[j] += r[j];
    }
  const double length = std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
  for (int j = 0; j < 3; ++j)
    out[j] = static_cast<float>(n >= 3 && length != 0.0 ? normal[j] / length : normal[j]);
}

Expected Reference(const Mesh& m, const SurfaceNormalsOptions& o)
{
  Expected e;
  e.Polygons = m.Polygons;
  const Id cells = static_cast<Id>(m.Polygons.size()), points = m.NumberOfPoints();
  auto& ordered = e.Polygons;
  if (o.Consistency)
  {
    std::vector<char> visited(static_cast<std::size_t>(cells), 0);
    for (Id seed = 0; seed < cells; ++seed)
    {
      if (visited[static_cast<std::size_t>(seed)])
        continue;
      if (o.FlipNormals)
      {
        std::reverse(ordered[static_cast<std::size_t>(seed)].begin(), ordered[static_cast<std::size_t>(seed)].end());
        ++e.Flipped;
      }
      visited[static_cast<std::size_t>(seed)] = 1;
      std::vector<Id> wave{ seed };
      while (!wave.empty())
      {
        std::vector<Id> next;
        for (Id c : wave)
        {
          const std::vector<Id> pts = ordered[static_cast<std::size_t>(c)];
          for (std::size_t j = 0; j < pts.size(); ++j)
          {
            const Id a = pts[j], b = pts[(j + 1) % pts.size()];
            const std::vector<Id> near = Neighbours(m.Polygons, c, a, b);
            if (near.size() != 1 && !o.NonManifoldTraversal)
              continue;
            for (Id d : near)
            {
              if (visited[static_cast<std::size_t>(d)])
                continue;
              auto& dp = ordered[static_cast<std::size_t>(d)];
              std::size_t l = 0;
              while (l < dp.size() && dp[l] != b)
                ++l;
              if (dp.empty() || dp[(l + 1) % dp.size()] != a)
              {
                std::reverse(dp.begin(), dp.end());
                ++e.Flipped;
              }
              visited[static_cast<std::size_t>(d)] = 1;
              next.push_back(d);
            }
          }
        }
        wave = next;
      }
    }
  }
  std::vector<float> normals(static_cast<std::size_t>(3 * cells));
  for (Id c = 0; c < cells; ++c)
    PolygonNormal(m, ordered[static_cast<std::size_t>(c)], &normals[static_cast<std::size_t>(3 * c)]);

  e.PointIds.resize(static_cast<std::size_t>(points));
  for (Id p = 0; p < points; ++p)
    e.PointIds[static_cast<std::size_t>(p)] = p;
  if (o.Splitting)
  {
    const double cosine = std::cos(o.FeatureAngle * 0.017453292519943295);
    for (Id p = 0; p < points; ++p)
    {
      std::vector<Id> around; // p's polygons, once per use
      for (Id c = 0; c < cells; ++c)
        for (Id v : m.Polygons[static_cast<std::size_t>(c)])
          if (v == p)
            around.push_back(c);
      if (around.size() <= 1)
        continue;
      std::vector<int> fan(static_cast<std::size_t>(cells), -1);
      int fans = 0;
      auto neighbourOf = [&](Id cell, Id from, bool seed, int side) {
        const auto& pts = m.Polygons[static_cast<std::size_t>(cell)];
        const std::size_t n = pts.size();
        if (n < 2)
          return p; // a one-point polygon
        std::size_t spot = 0;
        while (spot < n && pts[spot] != p)
          ++spot;
        const Id next = spot == 0 ? pts[1] : spot == n - 1 ? pts[spot - 1] : pts[spot + 1];
        const Id prev = spot == 0 ? pts[n - 1] : spot == n - 1 ? pts[0] : pts[spot - 1];
        if (seed)
          return side == 0 ? next : prev;
        return next != from ? next : prev;
      };
      for (Id seed : around)
      {
        if (fan[static_cast<std::size_t>(seed)] >= 0)
          continue;
        fan[static_cast<std::size_t>(seed)] = fans;
        for (int side = 0; side < 2; ++side)
        {
          Id cell = seed, nei = neighbourOf(seed, -1, true, side);
          for (;;)
          {
            const std::vector<Id> near = Neighbours(m.Polygons, cell, p, nei);
            if (near.size() != 1 || fan[static_cast<std::size_t>(near[0])] >= 0)
              break;
            const float* a = &normals[static_cast<std::size_t>(3 * cell)];
            const float* b = &normals[static_cast<std::size_t>(3 * near[0])];
            const float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
            if (!(static_cast<double>(dot) > cosine))
              break;
            fan[static_cast<std::size_t>(near[0])] = fans;
            nei = neighbourOf(near[0], nei, false, 0);
            cell = near[0];
          }
        }
        ++fans;
      }
      const Id first = static_cast<Id>(e.PointIds.size());
      for (int f = 1; f < fans; ++f)
        e.PointIds.push_back(p);
      for (Id c = 0; c < cells; ++c)
        if (fan[static_cast<std::size_t>(c)] > 0)
          for (Id& v : ordered[static_cast<std::size_t>(c)])
            if (v == p)
              v = first + fan[static_cast<std::size_t>(c)] - 1;
    }
  }
  const Id outPoints = static_cast<Id>(e.PointIds.size());
  if (o.ComputePointNormals)
  {
    e.PointNormals.assign(static_cast<std::size_t>(3 * outPoints), 0.0f);
    for (Id c = 0; c < cells; ++c)
      for (Id v : ordered[static_cast<std::size_t>(c)])
        for (int j = 0; j < 3; ++j)
          e.PointNormals[static_cast<std::size_t>(3 * v + j)] += normals[static_cast<std::size_t>(3 * c + j)];
    const double direction = o.FlipNormals && !o.Consistency ? -1.0 : 1.0;
    for (Id p = 0; p < outPoints; ++p)
    {
      float* v = &e.PointNormals[static_cast<std::size_t>(3 * p)];
      const double length = static_cast<double>(std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])) * direction;
      if (length != 0.0)
        for (int j = 0; j < 3; ++j)
          v[j] *= static_cast<float>(1.0 / length);
    }
  }
  if (o.ComputeCellNormals)
  {
    for (Id c = 0; c < o.LeadingCells; ++c)
      e.CellNormals.insert(e.CellNormals.end(), { 1.0f, 0.0f, 0.0f });
    e.CellNormals.insert(e.CellNormals.end(), normals.begin(), normals.end());
  }
  return e;
}

template <typename T>
CellArrays ToCells(const Mesh& m)
{
  std::vector<T> offsets{ 0 }, conn;
  for (const auto& pts : m.Polygons)
  {
    for (Id v : pts)
      conn.push_back(static_cast<T>(v));
    offsets.push_back(static_cast<T>(conn.size()));
  }
  CellArrays cells;
  cells.Set(loom::cont::make_ArrayHandle(offsets), loom::cont::make_ArrayHandle(conn));
  return cells;
}

std::vector<Id> Connectivity(const CellArrays& c)
{
  std::vector<Id> out;
  if (c.Is64Bit)
    for (Id i = 0; i < c.Connectivity64.GetNumberOfValues(); ++i)
      out.push_back(c.Connectivity64.ReadPortal().Get(i));
  else
    for (Id i = 0; i < c.Connectivity32.GetNumberOfValues(); ++i)
      out.push_back(c.Connectivity32.ReadPortal().Get(i));
  return out;
}

std::vector<float> Floats(const FieldArray& f)
{
  std::vector<float> out;
  if (f.GetNumberOfTuples() == 0)
    return out;
  const auto portal = f.GetPortal<Float32>();
  for (Id t = 0; t < f.GetNumberOfTuples(); ++t)
    for (IdComponent j = 0; j < 3; ++j)
      out.push_back(portal.Get(t, j));
  return out;
}

/// Where two sequences first differ (for the failure message).
template <typename T>
std::string FirstDifference(const std::vector<T>& expected, const std::vector<T>& got)
{
  if (expected.size() != got.size())
    return "sizes " + std::to_string(expected.size()) + " and " + std::to_string(got.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!(expected[i] == got[i]))
      return "at " + std::to_string(i) + ": expected " + std::to_string(expected[i]) + ", got " + std::to_string(got[i]);
  return "none";
}

/// The family on the test's device against the reference, bit for bit.
void ExpectAsReference(const Mesh& m, SurfaceNormalsOptions o, bool wide, const std::string& what)
{
  o.Device = loom::test::Device();
  const Expected e = Reference(m, o);
  FieldArray points = FieldArray::Allocate(ValueKind::Float64, m.NumberOfPoints(), 3);
  {
    const auto portal = points.GetPortal<Float64>();
    for (Id p = 0; p < m.NumberOfPoints(); ++p)
      for (IdComponent j = 0; j < 3; ++j)
        portal.Set(p, j, m.Points[static_cast<std::size_t>(3 * p + j)]);
  }
  const SurfaceNormalsResult r =
    SurfaceNormals(wide ? ToCells<Int64>(m) : ToCells<Int32>(m), m.NumberOfPoints(), points, o);
  std::vector<Id> expectedConn;
  for (const auto& pts : e.Polygons)
    expectedConn.insert(expectedConn.end(), pts.begin(), pts.end());
  EXPECT_TRUE(expectedConn == Connectivity(r.Polygons)) << what << ": " << FirstDifference(expectedConn, Connectivity(r.Polygons));
  EXPECT_EQ(static_cast<Id>(e.PointIds.size()), r.NumberOfPoints) << what;
  if (r.PointIds.GetNumberOfValues() > 0)
  {
    std::vector<Id> ids;
    for (Id i = 0; i < r.PointIds.GetNumberOfValues(); ++i)
      ids.push_back(r.PointIds.ReadPortal().Get(i));
    EXPECT_TRUE(e.PointIds == ids) << what << ": " << FirstDifference(e.PointIds, ids);
  }
  else
    EXPECT_EQ(m.NumberOfPoints(), static_cast<Id>(e.PointIds.size())) << what << ": points split, no point ids";
  EXPECT_TRUE(e.PointNormals == Floats(r.PointNormals)) << what << ": " << FirstDifference(e.PointNormals, Floats(r.PointNormals));
  EXPECT_TRUE(e.CellNormals == Floats(r.CellNormals)) << what << ": " << FirstDifference(e.CellNormals, Floats(r.CellNormals));
  if (o.Consistency)
    EXPECT_EQ(e.Flipped, r.Flipped) << what;
}

/// A torus of rows x columns quadrilaterals, each split into two triangles where (i + j) % 3 == 0; polygons
/// reversed at random and shuffled.
Mesh Torus(int rows, int columns, unsigned seed)
{
  Mesh m;
  const double pi = 3.14159265358979323846;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j)
    {
      const double u = 2 * pi * i / rows, v = 2 * pi * j / columns;
      m.Add((2 + 0.7 * std::cos(v)) * std::cos(u), (2 + 0.7 * std::cos(v)) * std::sin(u), 0.7 * std::sin(v));
    }
  auto at = [&](int i, int j) { return static_cast<Id>(((i + rows) % rows) * columns + (j + columns) % columns); };
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j)
    {
      const Id a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
      if ((i + j) % 3 == 0)
      {
        m.Polygons.push_back({ a, b, c });
        m.Polygons.push_back({ a, c, d });
      }
      else
        m.Polygons.push_back({ a, b, c, d });
    }
  std::mt19937 random(seed);
  std::shuffle(m.Polygons.begin(), m.Polygons.end(), random);
  for (auto& pts : m.Polygons)
    if (random() % 3 == 0)
      std::reverse(pts.begin(), pts.end());
  return m;
}

/// A box of n x n quadrilaterals per face (90-degree edges), pentagons at two corners.
Mesh Box(int n)
{
  Mesh m;
  auto point = [&](double x, double y, double z) {
    for (Id p = 0; p < m.NumberOfPoints(); ++p)
      if (m.Points[static_cast<std::size_t>(3 * p)] == x && m.Points[static_cast<std::size_t>(3 * p + 1)] == y &&
          m.Points[static_cast<std::size_t>(3 * p + 2)] == z)
        return p;
    return m.Add(x, y, z);
  };
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
        {
          auto corner = [&](int a, int b) {
            double x[3];
            x[axis] = side;
            x[(axis + 1) % 3] = static_cast<double>(a) / n;
            x[(axis + 2) % 3] = static_cast<double>(b) / n;
            return point(x[0], x[1], x[2]);
          };
          std::vector<Id> q{ corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1) };
          if (side == 0)
            std::reverse(q.begin(), q.end());
          m.Polygons.push_back(q);
        }
  return m;
}

/// A Moebius strip of `segments` quadrilaterals (no consistent ordering exists).
Mesh Moebius(int segments)
{
  Mesh m;
  const double pi = 3.14159265358979323846;
  for (int i = 0; i < segments; ++i)
    for (int s = -1; s <= 1; s += 2)
    {
      const double u = 2 * pi * i / segments, w = 0.3 * s;
      m.Add((1 + w * std::cos(u / 2)) * std::cos(u), (1 + w * std::cos(u / 2)) * std::sin(u), w * std::sin(u / 2));
    }
  for (int i = 0; i < segments; ++i)
  {
    const Id a = 2 * i, b = 2 * i + 1;
    const Id c = i + 1 < segments ? 2 * i + 3 : 0, d = i + 1 < segments ? 2 * i + 2 : 1; // the twist
    m.Polygons.push_back({ a, b, c, d });
  }
  return m;
}

/// Pieces VTK's traversal orders in its own way: a fin (three triangles on one edge), a triangle with a
/// repeated point, a two-point polygon, two quadrilaterals sharing a diagonal's points, an isolated
/// triangle, and an unused point.
Mesh Odd()
{
  Mesh m;
  const Id a = m.Add(0, 0, 0), b = m.Add(1, 0, 0), c = m.Add(0.5, 1, 0), d = m.Add(0.5, -1, 0.2),
           e = m.Add(0.5, 0.1, 1);
  m.Polygons.push_back({ a, b, c });
  m.Polygons.push_back({ a, b, d }); // same direction on a-b as the first
  m.Polygons.push_back({ b, a, e });
  const Id f = m.Add(3, 0, 0), g = m.Add(4, 0, 0), h = m.Add(3.5, 1, 0), k = m.Add(3.5, -1, 0.5);
  m.Polygons.push_back({ f, g, h });
  m.Polygons.push_back({ g, f, f }); // a repeated point
  m.Polygons.push_back({ h, k });    // two points
  m.Polygons.push_back({ f, k, g });
  const Id p0 = m.Add(6, 0, 0), p1 = m.Add(7, 0, 0), p2 = m.Add(7, 1, 0), p3 = m.Add(6, 1, 0), p4 = m.Add(6.5, 0.5, 1);
  m.Polygons.push_back({ p0, p1, p2, p3 });
  m.Polygons.push_back({ p0, p4, p2, p1 }); // holds p0 and p2, not as an edge of the first
  m.Add(9, 9, 9);                             // unused
  // Non-Manifold Traversal off: VTK counts the neighbours across c's edge 0-1 through point 1 once s has
  // reversed c, where d (using 0 twice) is the only one; through point 0 it counts d twice.
  const Id q0 = m.Add(20, 0, 0), q1 = m.Add(21, 0, 0), q2 = m.Add(20.5, 1, 0), q3 = m.Add(20.5, -1, 0.3),
           q4 = m.Add(21, -1, 0), q5 = m.Add(21, 1, 0.5), q6 = m.Add(20, -1, 0.1);
  m.Polygons.push_back({ q1, q2, q5 });             // s
  m.Polygons.push_back({ q0, q1, q2 });             // c
  m.Polygons.push_back({ q0, q3, q1, q4, q0, q6 }); // d
  const Id t0 = m.Add(10, 0, 0), t1 = m.Add(11, 0, 0), t2 = m.Add(10, 1, 0);
  m.Polygons.push_back({ t0, t1, t2 });
  return m;
}

Mesh Join(const std::vector<Mesh>& parts)
{
  Mesh m;
  for (const Mesh& part : parts)
  {
    const Id base = m.NumberOfPoints();
    m.Points.insert(m.Points.end(), part.Points.begin(), part.Points.end());
    for (auto pts : part.Polygons)
    {
      for (Id& v : pts)
        v += base;
      m.Polygons.push_back(pts);
    }
  }
  return m;
}

std::vector<SurfaceNormalsOptions> Settings()
{
  std::vector<SurfaceNormalsOptions> all;
  for (int bits = 0; bits < 16; ++bits)
    for (double angle : { 30.0, 0.0, 75.0, 180.0 })
    {
      SurfaceNormalsOptions o;
      o.Consistency = bits & 1;
      o.Splitting = bits & 2;
      o.NonManifoldTraversal = bits & 4;
      o.FlipNormals = bits & 8;
      o.FeatureAngle = angle;
      o.ComputeCellNormals = (bits + static_cast<int>(angle)) % 2 == 0;
      o.LeadingCells = o.ComputeCellNormals ? bits % 3 : 0;
      all.push_back(o);
    }
  return all;
}

std::string Describe(const SurfaceNormalsOptions& o)
{
  return "consistency " + std::to_string(o.Consistency) + ", splitting " + std::to_string(o.Splitting) +
    ", non-manifold " + std::to_string(o.NonManifoldTraversal) + ", flip " + std::to_string(o.FlipNormals) +
    ", angle " + std::to_string(o.FeatureAngle);
}
} // namespace

TEST(Normals, TorusBoxAndOddPieces)
{
  const Mesh all = Join({ Torus(12, 10, 7), Box(3), Odd(), Moebius(9) });
  int run = 0;
  for (const SurfaceNormalsOptions& o : Settings())
    ExpectAsReference(all, o, ++run % 2 == 0, "torus, box, odd pieces, Moebius strip: " + Describe(o));
}

TEST(Normals, LargeShuffledTorus)
{
  // large enough for many threads to contend for the same roots
  SurfaceNormalsOptions o;
  ExpectAsReference(Torus(60, 40, 11), o, false, "60 x 40 torus");
}

TEST(Normals, OrderingIsConsistentAndHostTraversalCounted)
{
  SurfaceNormalsOptions o;
  o.Device = loom::test::Device();
  o.Splitting = false;
  const Mesh torus = Torus(20, 16, 3);
  FieldArray points = FieldArray::Allocate(ValueKind::Float64, torus.NumberOfPoints(), 3);
  const auto portal = points.GetPortal<Float64>();
  for (Id p = 0; p < torus.NumberOfPoints(); ++p)
    for (IdComponent j = 0; j < 3; ++j)
      portal.Set(p, j, torus.Points[static_cast<std::size_t>(3 * p + j)]);
  const SurfaceNormalsResult r = SurfaceNormals(ToCells<Int64>(torus), torus.NumberOfPoints(), points, o);
  EXPECT_EQ(0, r.SequentialComponents); // an orientable closed surface: the union-find alone
  // every edge is run once each way
  const std::vector<Id> conn = Connectivity(r.Polygons);
  std::vector<std::pair<Id, Id>> edges;
  std::size_t at = 0;
  for (const auto& pts : torus.Polygons)
  {
    for (std::size_t k = 0; k < pts.size(); ++k)
      edges.emplace_back(conn[at + k], conn[at + (k + 1) % pts.size()]);
    at += pts.size();
  }
  std::sort(edges.begin(), edges.end());
  for (const auto& edge : edges)
    EXPECT_TRUE(std::binary_search(edges.begin(), edges.end(), std::make_pair(edge.second, edge.first)));
  EXPECT_EQ(std::adjacent_find(edges.begin(), edges.end()), edges.end());

  const Mesh strip = Join({ Torus(6, 6, 1), Moebius(7), Odd() });
  FieldArray stripPoints = FieldArray::Allocate(ValueKind::Float64, strip.NumberOfPoints(), 3);
  for (Id p = 0; p < strip.NumberOfPoints(); ++p)
    for (IdComponent j = 0; j < 3; ++j)
      stripPoints.GetPortal<Float64>().Set(p, j, strip.Points[static_cast<std::size_t>(3 * p + j)]);
  // the Moebius strip, the fin, the repeated point's piece, the diagonal's piece and the s-c-d piece
  EXPECT_EQ(5, SurfaceNormals(ToCells<Int32>(strip), strip.NumberOfPoints(), stripPoints, o).SequentialComponents);
}

TEST(Normals, BadInput)
{
  SurfaceNormalsOptions o;
  o.Device = loom::test::Device();
  const Mesh box = Box(1);
  FieldArray flat = FieldArray::Allocate(ValueKind::Float64, box.NumberOfPoints(), 2);
  EXPECT_THROW(SurfaceNormals(ToCells<Int32>(box), box.NumberOfPoints(), flat, o), loom::cont::ErrorBadValue);
  FieldArray points = FieldArray::Allocate(ValueKind::Float64, box.NumberOfPoints() - 1, 3);
  EXPECT_THROW(SurfaceNormals(ToCells<Int32>(box), box.NumberOfPoints(), points, o), loom::cont::ErrorBadValue);
  CellArrays none;
  FieldArray all = FieldArray::Allocate(ValueKind::Float64, box.NumberOfPoints(), 3);
  EXPECT_THROW(SurfaceNormals(none, box.NumberOfPoints(), all, o), loom::cont::ErrorBadValue);
}
