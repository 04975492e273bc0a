// Loom tests: the contour family. The generated case tables (every case of every shape: the surface
// closes against the cell faces with a consistent orientation), the structured path against marching
// cells on the same hexahedra, point merging, several isovalues, non-finite values and bad input.
#include "TestingDevice.h"

#include <loom/algorithms/contour/CaseTables.h>
#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/contour/ContourWorklets.h>
#include <loom/algorithms/contour/ValueBlocks.h>
#include <loom/cont/Error.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::cont::ArrayHandle;

namespace
{
using P3 = std::array<double, 3>;

std::vector<P3> ReferenceVertices(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_TETRA:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } }, { { 0, 0, 1 } } };
    case CELL_SHAPE_PYRAMID:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 1, 1, 0 } }, { { 0, 1, 0 } }, { { 0.5, 0.5, 1 } } };
    case CELL_SHAPE_WEDGE:
      return { { { 0, 0, 0 } }, { { 0, 1, 0 } }, { { 1, 0, 0 } }, { { 0, 0, 1 } }, { { 0, 1, 1 } }, { { 1, 0, 1 } } };
    case CELL_SHAPE_VOXEL:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } }, { { 1, 1, 0 } },
               { { 0, 0, 1 } }, { { 1, 0, 1 } }, { { 0, 1, 1 } }, { { 1, 1, 1 } } };
    case CELL_SHAPE_HEXAHEDRON:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 1, 1, 0 } }, { { 0, 1, 0 } },
               { { 0, 0, 1 } }, { { 1, 0, 1 } }, { { 1, 1, 1 } }, { { 0, 1, 1 } } };
    case CELL_SHAPE_TRIANGLE:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } } };
    case CELL_SHAPE_QUAD:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 1, 1, 0 } }, { { 0, 1, 0 } } };
    case CELL_SHAPE_PIXEL:
      return { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } }, { { 1, 1, 0 } } };
  }
  return {};
}

int EdgeBetween(const contour::ShapeTable& t, int a, int b)
{
  for (int e = 0; e < t.NumberOfEdges; ++e)
    if ((t.EdgeVertices[e][0] == a && t.EdgeVertices[e][1] == b) ||
        (t.EdgeVertices[e][0] == b && t.EdgeVertices[e][1] == a))
      return e;
  return -1;
}

// Node ids of the closed surface: 0..7 cell vertices, 100 + e the point on edge e (its midpoint).
P3 NodePosition(const contour::ShapeTable& t, const std::vector<P3>& v, int node)
{
  if (node < 100)
    return v[static_cast<std::size_t>(node)];
  const int e = node - 100;
  const P3& a = v[t.EdgeVertices[e][0]];
  const P3& b = v[t.EdgeVertices[e][1]];
  return { { (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2 } };
}

double SignedVolume(const P3& a, const P3& b, const P3& c)
{
  return (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
          a[2] * (b[0] * c[1] - b[1] * c[0])) /
    6.0;
}

class ContourTables : public ::testing::TestWithParam<int>
{
};

// For every case: the triangles plus the inside part of every face (each inside run of a face's
// walk, closed by the chord that cuts it off) must form a closed, consistently oriented surface
// (every directed edge met once in each direction) enclosing a positive volume: the triangles are
// closed against the faces, oriented away from the inside, and agree with the face rule a
// neighbouring cell applies to the same face.
TEST_P(ContourTables, EveryCaseClosesAgainstTheFaces)
{
  const UInt8 shape = static_cast<UInt8>(GetParam());
  const contour::ShapeTable& t = contour::GetTables().Shapes[shape];
  ASSERT_EQ(t.PrimitiveSize, 3);
  const contour::ShapeFaces faces = contour::GetShapeFaces(shape);
  const std::vector<P3> v = ReferenceVertices(shape);
  const unsigned cases = 1u << t.NumberOfVertices;
  int maxTriangles = 0;
  for (unsigned c = 0; c < cases; ++c)
  {
    std::vector<std::vector<int>> polygons;
    const int count = (t.CaseOffsets[c + 1] - t.CaseOffsets[c]) / 3;
    maxTriangles = std::max(maxTriangles, count);
    std::set<int> used;
    for (int k = 0; k < count; ++k)
    {
      const UInt8* e = t.CaseEdges + t.CaseOffsets[c] + 3 * k;
      polygons.push_back({ 100 + e[0], 100 + e[1], 100 + e[2] });
      for (int q = 0; q < 3; ++q)
      {
        const int a = t.EdgeVertices[e[q]][0], b = t.EdgeVertices[e[q]][1];
        EXPECT_NE((c >> a) & 1u, (c >> b) & 1u) << "case " << c << ": a point on an edge that is not crossed";
        used.insert(e[q]);
      }
    }
    for (int e = 0; e < t.NumberOfEdges; ++e)
    {
      const bool crossed = ((c >> t.EdgeVertices[e][0]) & 1u) != ((c >> t.EdgeVertices[e][1]) & 1u);
      EXPECT_EQ(crossed, used.count(e) == 1) << "shape " << int(shape) << " case " << c << " edge " << e;
    }
    // Inside pieces of the faces: each maximal run of inside vertices, from the entry point through
    // the run to the exit point (closed by the chord from exit back to entry).
    for (int f = 0; f < faces.NumberOfFaces; ++f)
    {
      const int m = faces.FaceSize[f];
      const int* fv = faces.Faces[f];
      int insideCount = 0;
      for (int q = 0; q < m; ++q)
        insideCount += (c >> fv[q]) & 1u;
      if (insideCount == 0)
        continue;
      if (insideCount == m)
      {
        polygons.push_back(std::vector<int>(fv, fv + m));
        continue;
      }
      for (int q = 0; q < m; ++q)
      {
        const int prev = fv[(q + m - 1) % m], cur = fv[q];
        if (((c >> cur) & 1u) && !((c >> prev) & 1u))
        {
          std::vector<int> piece{ 100 + EdgeBetween(t, prev, cur) };
          int r = q;
          while ((c >> fv[r % m]) & 1u)
          {
            piece.push_back(fv[r % m]);
            ++r;
          }
          piece.push_back(100 + EdgeBetween(t, fv[(r - 1) % m], fv[r % m]));
          polygons.push_back(piece);
        }
      }
    }
    std::map<std::pair<int, int>, int> directed;
    double volume = 0.0;
    for (const auto& poly : polygons)
    {
      for (std::size_t q = 0; q < poly.size(); ++q)
        ++directed[{ poly[q], poly[(q + 1) % poly.size()] }];
      for (std::size_t q = 1; q + 1 < poly.size(); ++q)
        volume += SignedVolume(NodePosition(t, v, poly[0]), NodePosition(t, v, poly[q]),
                               NodePosition(t, v, poly[q + 1]));
    }
    for (const auto& d : directed)
    {
      EXPECT_EQ(d.second, 1) << "shape " << int(shape) << " case " << c << ": edge " << d.first.first << "->"
                             << d.first.second << " used " << d.second << " times";
      const auto back = directed.find({ d.first.second, d.first.first });
      EXPECT_TRUE(back != directed.end() && back->second == 1)
        << "shape " << int(shape) << " case " << c << ": edge " << d.first.first << "->" << d.first.second
        << " has no opposite";
    }
    if (c != 0)
      EXPECT_GT(volume, 1e-9) << "shape " << int(shape) << " case " << c << ": wrong orientation";
  }
  EXPECT_EQ(maxTriangles, t.MaxPrimitives);
}

INSTANTIATE_TEST_SUITE_P(Shapes, ContourTables,
                         ::testing::Values(int(CELL_SHAPE_TETRA), int(CELL_SHAPE_VOXEL), int(CELL_SHAPE_HEXAHEDRON),
                                           int(CELL_SHAPE_WEDGE), int(CELL_SHAPE_PYRAMID)));

// 2D cells: every crossed side carries one segment end, and each segment separates the inside vertices
// of its two sides from the outside ones. (VTK's tables, which Loom's are, do not orient segments
// consistently, so neither is asked of them.)
TEST(ContourTables2D, SegmentsSeparateInsideFromOutside)
{
  for (UInt8 shape : { CELL_SHAPE_TRIANGLE, CELL_SHAPE_QUAD, CELL_SHAPE_PIXEL })
  {
    const contour::ShapeTable& t = contour::GetTables().Shapes[shape];
    ASSERT_EQ(t.PrimitiveSize, 2);
    const std::vector<P3> v = ReferenceVertices(shape);
    for (unsigned c = 0; c < (1u << t.NumberOfVertices); ++c)
    {
      std::multiset<int> ends;
      for (int k = t.CaseOffsets[c]; k < t.CaseOffsets[c + 1]; k += 2)
      {
        const P3 a = NodePosition(t, v, 100 + t.CaseEdges[k]);
        const P3 b = NodePosition(t, v, 100 + t.CaseEdges[k + 1]);
        ends.insert(t.CaseEdges[k]);
        ends.insert(t.CaseEdges[k + 1]);
        // The vertices of the two crossed sides: inside ones on one side of a->b, outside ones on
        // the other.
        int insideSide = 0;
        for (int s : { t.CaseEdges[k], t.CaseEdges[k + 1] })
          for (int q = 0; q < 2; ++q)
          {
            const int vert = t.EdgeVertices[s][q];
            const double cross = (b[0] - a[0]) * (v[vert][1] - a[1]) - (b[1] - a[1]) * (v[vert][0] - a[0]);
            ASSERT_NE(cross, 0.0) << "shape " << int(shape) << " case " << c;
            const int side = ((cross > 0) == (((c >> vert) & 1u) != 0)) ? 1 : -1;
            if (insideSide == 0)
              insideSide = side;
            EXPECT_EQ(side, insideSide) << "shape " << int(shape) << " case " << c;
          }
      }
      for (int e = 0; e < t.NumberOfEdges; ++e)
      {
        const bool crossed = ((c >> t.EdgeVertices[e][0]) & 1u) != ((c >> t.EdgeVertices[e][1]) & 1u);
        EXPECT_EQ(ends.count(e), crossed ? 1u : 0u) << "shape " << int(shape) << " case " << c;
      }
    }
  }
}

// A sphere-like field on a grid: the distance to a centre.
std::vector<float> DistanceField(Id nx, Id ny, Id nz, double cx, double cy, double cz)
{
  std::vector<float> f(static_cast<std::size_t>(nx * ny * nz));
  for (Id k = 0; k < nz; ++k)
    for (Id j = 0; j < ny; ++j)
      for (Id i = 0; i < nx; ++i)
        f[static_cast<std::size_t>(i + nx * (j + ny * k))] =
          static_cast<float>(std::sqrt((i - cx) * (i - cx) + (j - cy) * (j - cy) + (k - cz) * (k - cz)));
  return f;
}

// The same grid's cells as explicit hexahedra.
CellSetAny ExplicitHexahedra(Id nx, Id ny, Id nz)
{
  const auto conn = loom::exec::ConnectivityStructured<3>(Id3(nx, ny, nz));
  const Id cells = (nx - 1) * (ny - 1) * (nz - 1);
  std::vector<UInt8> shapes(static_cast<std::size_t>(cells), CELL_SHAPE_HEXAHEDRON);
  std::vector<Id> offsets, ids;
  for (Id c = 0; c < cells; ++c)
  {
    offsets.push_back(static_cast<Id>(ids.size()));
    const auto p = conn.GetIndices(c);
    ids.insert(ids.end(), p.Components, p.Components + 8);
  }
  offsets.push_back(static_cast<Id>(ids.size()));
  return loom::cont::CellSetExplicit<Int64, Int64>(nx * ny * nz, loom::cont::make_ArrayHandle(shapes),
                                                   loom::cont::make_ArrayHandle(offsets),
                                                   loom::cont::make_ArrayHandle(ids));
}

// Triangles as sorted triples of positions (grid index space), for comparing two results.
std::multiset<std::array<long long, 9>> TriangleSet(const ContourResult& r, Id nx, Id ny)
{
  std::multiset<std::array<long long, 9>> out;
  const Id* conn = r.Connectivity.GetPointer();
  for (Id t = 0; t < r.GetNumberOfPrimitives(); ++t)
  {
    std::array<std::array<long long, 3>, 3> pts;
    for (int q = 0; q < 3; ++q)
    {
      const Id p = conn[3 * t + q];
      const Id a = r.Points.A.GetPointer()[p], b = r.Points.B.GetPointer()[p];
      const double w = r.Points.Weight.GetPointer()[p];
      const double pa[3] = { double(a % nx), double((a / nx) % ny), double(a / (nx * ny)) };
      const double pb[3] = { double(b % nx), double((b / nx) % ny), double(b / (nx * ny)) };
      for (int d = 0; d < 3; ++d)
        pts[q][d] = std::llround((pa[d] + w * (pb[d] - pa[d])) * 1e4);
    }
    // Rotate so the smallest point leads (keeps orientation).
    int lead = 0;
    for (int q = 1; q < 3; ++q)
      if (pts[q] < pts[lead])
        lead = q;
    std::array<long long, 9> key;
    for (int q = 0; q < 3; ++q)
      for (int d = 0; d < 3; ++d)
        key[3 * q + d] = pts[(lead + q) % 3][d];
    out.insert(key);
  }
  return out;
}

FieldArray Field(const std::vector<float>& f)
{
  return FieldArray::FromAOS(loom::cont::make_ArrayHandle(f), 1);
}

TEST(Contour, StructuredPathEqualsMarchingCellsAndIsWatertight)
{
  const Id nx = 23, ny = 19, nz = 17;
  const std::vector<float> f = DistanceField(nx, ny, nz, 11.3, 9.1, 8.2);
  ContourOptions options;
  options.IsoValues = { 6.5 };
  options.Device = test::Device();
  options.StructuredFrom = ContourOptions::Grid::Structured; // triangulated as the hexahedra are
  const ContourResult structured =
    Contour(loom::cont::CellSetStructured<3>(Id3(nx, ny, nz)), Field(f), options);
  const ContourResult cells = Contour(ExplicitHexahedra(nx, ny, nz), Field(f), options);
  ASSERT_GT(structured.GetNumberOfPrimitives(), 500);
  EXPECT_EQ(structured.GetNumberOfPrimitives(), cells.GetNumberOfPrimitives());
  EXPECT_EQ(structured.Points.GetNumberOfPoints(), cells.Points.GetNumberOfPoints());
  EXPECT_TRUE(TriangleSet(structured, nx, ny) == TriangleSet(cells, nx, ny));

  // A closed surface with merged points: every edge shared by exactly two triangles, in opposite
  // directions; every point used; Euler characteristic of a sphere.
  for (const ContourResult* r : { &structured, &cells })
  {
    std::map<std::pair<Id, Id>, int> directed;
    std::vector<int> usedPoints(static_cast<std::size_t>(r->Points.GetNumberOfPoints()), 0);
    const Id* conn = r->Connectivity.GetPointer();
    for (Id t = 0; t < r->GetNumberOfPrimitives(); ++t)
      for (int q = 0; q < 3; ++q)
      {
        ++directed[{ conn[3 * t + q], conn[3 * t + (q + 1) % 3] }];
        usedPoints[static_cast<std::size_t>(conn[3 * t + q])] = 1;
      }
    for (const auto& d : directed)
    {
      EXPECT_EQ(d.second, 1);
      EXPECT_EQ(directed.count({ d.first.second, d.first.first }), 1u);
    }
    EXPECT_EQ(std::count(usedPoints.begin(), usedPoints.end(), 0), 0);
    const Id V = r->Points.GetNumberOfPoints(), E = static_cast<Id>(directed.size()) / 2,
             F = r->GetNumberOfPrimitives();
    EXPECT_EQ(V - E + F, 2);
    // Merged: no two points on the same edge.
    std::set<std::pair<Id, Id>> edges;
    for (Id p = 0; p < V; ++p)
      edges.insert({ r->Points.A.GetPointer()[p], r->Points.B.GetPointer()[p] });
    EXPECT_EQ(static_cast<Id>(edges.size()), V);
  }

  // Normals point away from the inside (values at or above the isovalue lie outside this sphere,
  // so the normals point towards the centre).
  const Id* conn = structured.Connectivity.GetPointer();
  int inward = 0;
  for (Id t = 0; t < structured.GetNumberOfPrimitives(); ++t)
  {
    double p[3][3];
    for (int q = 0; q < 3; ++q)
    {
      const Id id = conn[3 * t + q];
      const Id a = structured.Points.A.GetPointer()[id], b = structured.Points.B.GetPointer()[id];
      const double w = structured.Points.Weight.GetPointer()[id];
      const double pa[3] = { double(a % nx), double((a / nx) % ny), double(a / (nx * ny)) };
      const double pb[3] = { double(b % nx), double((b / nx) % ny), double(b / (nx * ny)) };
      for (int d = 0; d < 3; ++d)
        p[q][d] = pa[d] + w * (pb[d] - pa[d]);
    }
    const double e1[3] = { p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2] };
    const double e2[3] = { p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2] };
    const double n[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0] };
    const double out[3] = { p[0][0] - 11.3, p[0][1] - 9.1, p[0][2] - 8.2 };
    inward += (n[0] * out[0] + n[1] * out[1] + n[2] * out[2]) < 0;
  }
  EXPECT_EQ(inward, structured.GetNumberOfPrimitives());
}

// The flying-edges passes written for every device (the GPU's structured path), run here on the CPU
// device under test, give the CPU path's arrays exactly: points (ends and weights), triangles, source
// cells and point starts, for one and several isovalues, float and double fields, smooth and noisy
// fields, rows of 2 to 70 points and every grid kind's table; they decline (false, nothing made) a field
// with a non-finite value and one with a point on an isovalue, which the CPU path welds.
TEST(Contour, DataParallelStructuredPassesEqualTheCpuPath)
{
  auto expectEqual = [](const ContourResult& a, const ContourResult& b, const std::string& what) {
    EXPECT_EQ(a.PointStarts, b.PointStarts) << what;
    EXPECT_EQ(loom::cont::ToVector(a.Points.A), loom::cont::ToVector(b.Points.A)) << what;
    EXPECT_EQ(loom::cont::ToVector(a.Points.B), loom::cont::ToVector(b.Points.B)) << what;
    EXPECT_EQ(loom::cont::ToVector(a.Points.Weight), loom::cont::ToVector(b.Points.Weight)) << what;
    EXPECT_EQ(loom::cont::ToVector(a.Connectivity), loom::cont::ToVector(b.Connectivity)) << what;
    EXPECT_EQ(loom::cont::ToVector(a.SourceCells), loom::cont::ToVector(b.SourceCells)) << what;
  };
  auto compare = [&](const Id3& dims, const std::vector<double>& values, const std::vector<double>& isovalues,
                     ContourOptions::Grid grid, bool sources, const std::string& what) {
    ContourOptions options;
    options.IsoValues = isovalues;
    options.Device = test::Device();
    options.StructuredFrom = grid;
    options.SourceCells = sources;
    const loom::cont::CellSetStructured<3> cells(dims);
    std::vector<float> f32(values.begin(), values.end());
    const ContourResult cpu32 = Contour(cells, Field(f32), options);
    ContourResult passes32;
    ASSERT_TRUE(contour::ContourStructuredDataParallel<Float32>(dims, loom::cont::make_ArrayHandle(f32), options,
                                                                passes32))
      << what;
    EXPECT_GT(passes32.GetNumberOfPrimitives(), 0) << what;
    expectEqual(cpu32, passes32, what + " (float)");
    const ContourResult cpu64 = Contour(cells, FieldArray::FromAOS(loom::cont::make_ArrayHandle(values), 1), options);
    ContourResult passes64;
    ASSERT_TRUE(
      contour::ContourStructuredDataParallel<Float64>(dims, loom::cont::make_ArrayHandle(values), options, passes64))
      << what;
    expectEqual(cpu64, passes64, what + " (double)");
  };
  auto distance = [](const Id3& d, double cx, double cy, double cz) {
    std::vector<double> f;
    for (Id k = 0; k < d[2]; ++k)
      for (Id j = 0; j < d[1]; ++j)
        for (Id i = 0; i < d[0]; ++i)
          f.push_back(std::sqrt((i - cx) * (i - cx) + (j - cy) * (j - cy) + (k - cz) * (k - cz)) + 0.0123);
    return f;
  };
  using Grid = ContourOptions::Grid;
  compare(Id3(23, 19, 17), distance(Id3(23, 19, 17), 11.3, 9.1, 8.2), { 6.5 }, Grid::Structured, true, "sphere");
  compare(Id3(70, 9, 11), distance(Id3(70, 9, 11), 30.2, 4.1, 5.3), { 3.3, 6.5, 9.1, 20.7 }, Grid::Image, true,
          "four isovalues, long rows");
  compare(Id3(2, 13, 7), distance(Id3(2, 13, 7), 0.4, 6.1, 3.3), { 2.2, 4.4 }, Grid::Rectilinear, false,
          "rows of two points");
  std::vector<double> noise;
  unsigned state = 12345;
  for (int q = 0; q < 37 * 21 * 13; ++q)
  {
    state = state * 1664525u + 1013904223u;
    noise.push_back(static_cast<double>(state >> 8) / double(1u << 24) + 0.00037);
  }
  compare(Id3(37, 21, 13), noise, { 0.25, 0.5, 0.75 }, Grid::Image, true, "noise");

  // Declined: a point on the isovalue, a NaN.
  ContourOptions options;
  options.IsoValues = { 5.0 };
  options.Device = test::Device();
  std::vector<float> onValue(9 * 9 * 9);
  for (std::size_t q = 0; q < onValue.size(); ++q)
    onValue[q] = static_cast<float>(q % 11);
  ContourResult declined;
  EXPECT_FALSE(
    contour::ContourStructuredDataParallel<Float32>(Id3(9, 9, 9), loom::cont::make_ArrayHandle(onValue), options, declined));
  EXPECT_EQ(0, declined.GetNumberOfPrimitives());
  std::vector<float> withNaN = onValue;
  for (float& v : withNaN)
    v += 0.5f;
  withNaN[400] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(
    contour::ContourStructuredDataParallel<Float32>(Id3(9, 9, 9), loom::cont::make_ArrayHandle(withNaN), options, declined));
  withNaN[400] = 1.5f; // finite again: accepted
  EXPECT_TRUE(
    contour::ContourStructuredDataParallel<Float32>(Id3(9, 9, 9), loom::cont::make_ArrayHandle(withNaN), options, declined));
}

// Several isovalues on explicit cells are joined in blocks of 65536 points and slots on the device's threads:
// parts larger than a block keep every point, triangle and source cell of the separate runs, in order.
TEST(Contour, SeveralIsovaluesJoinedAcrossBlocks)
{
  const Id n = 72;
  std::vector<float> f(static_cast<std::size_t>(n * n * n));
  for (Id k = 0; k < n; ++k)
    for (Id j = 0; j < n; ++j)
      for (Id i = 0; i < n; ++i)
        f[static_cast<std::size_t>(i + n * (j + n * k))] =
          static_cast<float>(std::sin(0.5 * i) + std::sin(0.45 * j) + std::sin(0.4 * k));
  const CellSetAny cells = ExplicitHexahedra(n, n, n);
  ContourOptions all;
  all.IsoValues = { 0.1, -0.7 };
  all.Device = test::Device();
  all.SourceCells = true;
  const ContourResult together = Contour(cells, Field(f), all);
  Id pointStart = 0, slotStart = 0;
  for (std::size_t v = 0; v < all.IsoValues.size(); ++v)
  {
    ContourOptions one = all;
    one.IsoValues = { all.IsoValues[v] };
    const ContourResult alone = Contour(cells, Field(f), one);
    const Id points = alone.Points.GetNumberOfPoints(), slots = alone.Connectivity.GetNumberOfValues();
    ASSERT_GT(points, 65536) << "a part larger than a block";
    ASSERT_GT(slots, 2 * 65536);
    EXPECT_EQ(together.PointStarts[v], pointStart);
    for (Id p = 0; p < points; ++p)
    {
      ASSERT_EQ(together.Points.A.GetPointer()[pointStart + p], alone.Points.A.GetPointer()[p]) << p;
      ASSERT_EQ(together.Points.B.GetPointer()[pointStart + p], alone.Points.B.GetPointer()[p]) << p;
      ASSERT_EQ(together.Points.Weight.GetPointer()[pointStart + p], alone.Points.Weight.GetPointer()[p]) << p;
    }
    for (Id s = 0; s < slots; ++s)
      ASSERT_EQ(together.Connectivity.GetPointer()[slotStart + s], alone.Connectivity.GetPointer()[s] + pointStart)
        << s;
    for (Id t = 0; t < slots / 3; ++t)
      ASSERT_EQ(together.SourceCells.GetPointer()[slotStart / 3 + t], alone.SourceCells.GetPointer()[t]) << t;
    pointStart += points;
    slotStart += slots;
  }
  EXPECT_EQ(together.Points.GetNumberOfPoints(), pointStart);
  EXPECT_EQ(together.Connectivity.GetNumberOfValues(), slotStart);
  EXPECT_EQ(together.SourceCells.GetNumberOfValues(), slotStart / 3);
}

TEST(Contour, SeveralIsovaluesEqualSeparateRuns)
{
  const Id nx = 20, ny = 18, nz = 16;
  const std::vector<float> f = DistanceField(nx, ny, nz, 9.5, 8.7, 7.9);
  for (bool structured : { true, false })
  {
    const CellSetAny cells = structured ? CellSetAny(loom::cont::CellSetStructured<3>(Id3(nx, ny, nz)))
                                        : ExplicitHexahedra(nx, ny, nz);
    ContourOptions all;
    all.IsoValues = { 3.2, 5.5, 7.1 };
    all.Device = test::Device();
    all.SourceCells = true;
    const ContourResult together = Contour(cells, Field(f), all);
    ASSERT_EQ(together.PointStarts.size(), 4u);
    Id triangles = 0;
    for (std::size_t v = 0; v < 3; ++v)
    {
      ContourOptions one = all;
      one.IsoValues = { all.IsoValues[v] };
      const ContourResult alone = Contour(cells, Field(f), one);
      EXPECT_EQ(together.PointStarts[v + 1] - together.PointStarts[v], alone.Points.GetNumberOfPoints());
      triangles += alone.GetNumberOfPrimitives();
      // The points of value v, in order.
      for (Id p = 0; p < alone.Points.GetNumberOfPoints(); ++p)
      {
        EXPECT_EQ(together.Points.A.GetPointer()[together.PointStarts[v] + p], alone.Points.A.GetPointer()[p]);
        EXPECT_EQ(together.Points.Weight.GetPointer()[together.PointStarts[v] + p],
                  alone.Points.Weight.GetPointer()[p]);
      }
    }
    EXPECT_EQ(together.GetNumberOfPrimitives(), triangles);
    // Source cells: every triangle's points lie on edges of its cell.
    const auto conn = loom::exec::ConnectivityStructured<3>(Id3(nx, ny, nz));
    for (Id t = 0; t < together.GetNumberOfPrimitives(); ++t)
    {
      const auto ids = conn.GetIndices(together.SourceCells.GetPointer()[t]);
      const std::set<Id> cellPoints(ids.Components, ids.Components + 8);
      for (int q = 0; q < 3; ++q)
      {
        const Id p = together.Connectivity.GetPointer()[3 * t + q];
        EXPECT_EQ(cellPoints.count(together.Points.A.GetPointer()[p]), 1u);
        EXPECT_EQ(cellPoints.count(together.Points.B.GetPointer()[p]), 1u);
      }
    }
  }
}

// Values equal to the isovalue: the point on every edge reaching such an input point is that point,
// made once (A == B there), and no primitive has a repeated point; the structured path (which hands
// such grids to marching cells) and explicit hexahedra agree, merged or not.
TEST(Contour, PointsOnTheIsovalueAreSharedAndNothingCollapses)
{
  const Id nx = 9, ny = 8, nz = 7;
  std::vector<float> f(static_cast<std::size_t>(nx * ny * nz));
  for (std::size_t p = 0; p < f.size(); ++p)
    f[p] = static_cast<float>((p * 7919u) % 3); // 0, 1, 2: a third of the points on the isovalue
  ContourOptions options;
  options.IsoValues = { 1.0 };
  options.Device = test::Device();
  options.StructuredFrom = ContourOptions::Grid::Structured;
  const ContourResult grid = Contour(loom::cont::CellSetStructured<3>(Id3(nx, ny, nz)), Field(f), options);
  const ContourResult hexes = Contour(ExplicitHexahedra(nx, ny, nz), Field(f), options);
  options.MergePoints = false;
  const ContourResult separate = Contour(ExplicitHexahedra(nx, ny, nz), Field(f), options);
  ASSERT_GT(grid.GetNumberOfPrimitives(), 100);
  EXPECT_EQ(grid.GetNumberOfPrimitives(), hexes.GetNumberOfPrimitives());
  EXPECT_EQ(grid.GetNumberOfPrimitives(), separate.GetNumberOfPrimitives());
  EXPECT_TRUE(TriangleSet(grid, nx, ny) == TriangleSet(hexes, nx, ny));
  EXPECT_TRUE(TriangleSet(grid, nx, ny) == TriangleSet(separate, nx, ny));
  std::set<std::pair<Id, Id>> where;
  Id onVertices = 0;
  for (Id p = 0; p < grid.Points.GetNumberOfPoints(); ++p)
  {
    const Id a = grid.Points.A.GetPointer()[p], b = grid.Points.B.GetPointer()[p];
    const double w = grid.Points.Weight.GetPointer()[p];
    if (a == b)
    {
      ++onVertices;
      EXPECT_EQ(f[static_cast<std::size_t>(a)], 1.0f);
    }
    else
      EXPECT_TRUE(w > 0.0 && w < 1.0) << "a point at an end of its edge that is not that end's point";
    EXPECT_TRUE(where.insert({ a, b }).second) << "two points at one place";
  }
  EXPECT_GT(onVertices, 10);
  for (Id t = 0; t < grid.GetNumberOfPrimitives(); ++t)
  {
    const Id* c = grid.Connectivity.GetPointer() + 3 * t;
    EXPECT_TRUE(c[0] != c[1] && c[1] != c[2] && c[0] != c[2]) << "triangle " << t << " collapses";
  }
  // Several isovalues, the welded one between two others: each isovalue's points stay together and
  // its triangles use only them.
  options.MergePoints = true;
  options.IsoValues = { 0.5, 1.0, 1.5 };
  const ContourResult several = Contour(loom::cont::CellSetStructured<3>(Id3(nx, ny, nz)), Field(f), options);
  const ContourResult severalHexes = Contour(ExplicitHexahedra(nx, ny, nz), Field(f), options);
  EXPECT_EQ(several.GetNumberOfPrimitives(), severalHexes.GetNumberOfPrimitives());
  EXPECT_TRUE(TriangleSet(several, nx, ny) == TriangleSet(severalHexes, nx, ny));
  ASSERT_EQ(several.PointStarts.size(), 4u);
  EXPECT_EQ(several.PointStarts[3], several.Points.GetNumberOfPoints());
  EXPECT_EQ(several.PointStarts[2] - several.PointStarts[1], grid.Points.GetNumberOfPoints());
  for (Id t = 0; t < several.GetNumberOfPrimitives(); ++t)
  {
    const Id* c = several.Connectivity.GetPointer() + 3 * t;
    int range = 0;
    while (c[0] >= several.PointStarts[static_cast<std::size_t>(range) + 1])
      ++range;
    for (int q = 1; q < 3; ++q)
      EXPECT_TRUE(c[q] >= several.PointStarts[static_cast<std::size_t>(range)] &&
                  c[q] < several.PointStarts[static_cast<std::size_t>(range) + 1]);
  }
}

TEST(Contour, UnmergedPointsGiveTheSameSurface)
{
  const Id nx = 12, ny = 11, nz = 10;
  const std::vector<float> f = DistanceField(nx, ny, nz, 5.5, 5.1, 4.7);
  ContourOptions options;
  options.IsoValues = { 3.7 };
  options.Device = test::Device();
  const ContourResult merged = Contour(ExplicitHexahedra(nx, ny, nz), Field(f), options);
  options.MergePoints = false;
  const ContourResult separate = Contour(ExplicitHexahedra(nx, ny, nz), Field(f), options);
  EXPECT_EQ(separate.Points.GetNumberOfPoints(), 3 * separate.GetNumberOfPrimitives());
  EXPECT_LT(merged.Points.GetNumberOfPoints(), separate.Points.GetNumberOfPoints() / 4);
  EXPECT_TRUE(TriangleSet(merged, nx, ny) == TriangleSet(separate, nx, ny));
}

TEST(Contour, NonFiniteValuesGiveNoTrianglesInTheirCells)
{
  const Id n = 9;
  std::vector<float> f = DistanceField(n, n, n, 4, 4, 4);
  const ContourOptions base = [] {
    ContourOptions o;
    o.IsoValues = { 2.5 };
    o.Device = test::Device();
    o.SourceCells = true;
    return o;
  }();
  const ContourResult clean = Contour(loom::cont::CellSetStructured<3>(Id3(n, n, n)), Field(f), base);
  // A NaN and an infinity on the surface: the 8 cells around each lose their triangles.
  const Id nanPoint = 2 + n * (4 + n * 4), infPoint = 6 + n * (4 + n * 4);
  f[static_cast<std::size_t>(nanPoint)] = std::numeric_limits<float>::quiet_NaN();
  f[static_cast<std::size_t>(infPoint)] = std::numeric_limits<float>::infinity();
  for (bool structured : { true, false })
  {
    const CellSetAny cells = structured ? CellSetAny(loom::cont::CellSetStructured<3>(Id3(n, n, n)))
                                        : ExplicitHexahedra(n, n, n);
    const ContourResult r = Contour(cells, Field(f), base);
    const auto conn = loom::exec::ConnectivityStructured<3>(Id3(n, n, n));
    auto touches = [&](Id cell) {
      const auto ids = conn.GetIndices(cell);
      for (int q = 0; q < 8; ++q)
        if (ids[q] == nanPoint || ids[q] == infPoint)
          return true;
      return false;
    };
    Id expected = 0;
    for (Id t = 0; t < clean.GetNumberOfPrimitives(); ++t)
      expected += !touches(clean.SourceCells.GetPointer()[t]);
    EXPECT_EQ(r.GetNumberOfPrimitives(), expected);
    EXPECT_LT(expected, clean.GetNumberOfPrimitives());
    for (Id t = 0; t < r.GetNumberOfPrimitives(); ++t)
      EXPECT_FALSE(touches(r.SourceCells.GetPointer()[t]));
    for (Id p = 0; p < r.Points.GetNumberOfPoints(); ++p)
      EXPECT_TRUE(std::isfinite(r.Points.Weight.GetPointer()[p]));
  }
}

TEST(Contour, TwoDimensionalCellsGiveClosedIsolines)
{
  const Id nx = 15, ny = 13;
  const std::vector<float> f = DistanceField(nx, ny, 1, 7.2, 6.1, 0);
  ContourOptions options;
  options.IsoValues = { 4.4 };
  options.Device = test::Device();
  const ContourResult r = Contour(loom::cont::CellSetStructured<2>(Id3(nx, ny, 1)), Field(f), options);
  ASSERT_EQ(r.PrimitiveSize, 2);
  ASSERT_GT(r.GetNumberOfPrimitives(), 10);
  // A closed loop: every point is the end of two segments (VTK's segments, which Loom's are, are
  // not oriented head to tail).
  std::vector<int> uses(static_cast<std::size_t>(r.Points.GetNumberOfPoints()));
  for (Id s = 0; s < 2 * r.GetNumberOfPrimitives(); ++s)
    ++uses[static_cast<std::size_t>(r.Connectivity.GetPointer()[s])];
  for (std::size_t p = 0; p < uses.size(); ++p)
    EXPECT_EQ(uses[p], 2);
}

TEST(Contour, BadInput)
{
  const std::vector<float> f = DistanceField(4, 4, 4, 1, 1, 1);
  const CellSetAny grid = loom::cont::CellSetStructured<3>(Id3(4, 4, 4));
  ContourOptions options;
  options.Device = test::Device();
  EXPECT_THROW(Contour(grid, Field(f), options), loom::cont::ErrorBadValue); // no isovalues
  options.IsoValues = { 1.5 };
  EXPECT_THROW(Contour(loom::cont::CellSetStructured<3>(Id3(5, 4, 4)), Field(f), options),
               loom::cont::ErrorBadValue); // wrong length
  EXPECT_THROW(Contour(grid, FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<float>(128)), 2), options),
               loom::cont::ErrorBadValue); // two components
  // Lines and mixed dimensions are refused, naming the cell type.
  try
  {
    Contour(loom::cont::CellSetStructured<1>(Id3(64, 1, 1)), Field(f), options);
    FAIL() << "lines were accepted";
  }
  catch (const loom::cont::ErrorBadType& e)
  {
    EXPECT_NE(std::string(e.what()).find("VTK type 3"), std::string::npos) << e.what();
  }
  const std::vector<UInt8> shapes = { CELL_SHAPE_TETRA, CELL_SHAPE_TRIANGLE };
  const std::vector<Id> offsets = { 0, 4, 7 }, ids = { 0, 1, 2, 3, 4, 5, 6 };
  const CellSetAny mixed = loom::cont::CellSetExplicit<Int64, Int64>(
    64, loom::cont::make_ArrayHandle(shapes), loom::cont::make_ArrayHandle(offsets), loom::cont::make_ArrayHandle(ids));
  EXPECT_THROW(Contour(mixed, Field(f), options), loom::cont::ErrorBadType);
  // Isovalues outside the range: nothing, no error.
  options.IsoValues = { -10.0, 1e6 };
  const ContourResult none = Contour(grid, Field(f), options);
  EXPECT_EQ(none.GetNumberOfPrimitives(), 0);
  EXPECT_EQ(none.Points.GetNumberOfPoints(), 0);
}
} // namespace

// A mask over the input points carried to the contour points: a point is computed when both ends of its
// edge (those with a non-zero weight) are selected. Reference: an indicator field (1 on selected points, 0
// elsewhere) interpolated without a mask is exactly 1 there. Selected points equal the unmasked
// interpolation bit for bit; the others hold the fill value (0 in integer arrays when the fill is NaN).
TEST(Contour, PointMaskComputesOnlyPointsOnSelectedEdges)
{
  const Id nx = 21, ny = 17, nz = 15;
  const std::vector<float> f = DistanceField(nx, ny, nz, 10.3, 8.1, 7.2);
  ContourOptions options;
  // The last isovalue is a grid value: points sit on an input point there (weight 0 or 1, or keyed by
  // the point), where only that point counts.
  options.IsoValues = { 4.5, 6.5, f[static_cast<std::size_t>(7 + nx * (5 + ny * 6))] };
  options.Device = test::Device();
  const Id points = nx * ny * nz;
  std::vector<UInt8> flags(static_cast<std::size_t>(points));
  std::vector<float> indicator(flags.size());
  std::vector<Int32> integers(flags.size());
  std::vector<Id> ids;
  for (Id p = 0; p < points; ++p)
  {
    flags[static_cast<std::size_t>(p)] = p % nx < 9 || p % 7 == 0;
    indicator[static_cast<std::size_t>(p)] = flags[static_cast<std::size_t>(p)];
    integers[static_cast<std::size_t>(p)] = static_cast<Int32>(p % 100);
    if (flags[static_cast<std::size_t>(p)])
      ids.push_back(p);
  }
  const FieldArray integerField = FieldArray::FromAOS(loom::cont::make_ArrayHandle(integers), 1);
  const CellSetAny structured = loom::cont::CellSetStructured<3>(Id3(nx, ny, nz));
  const CellSetAny hexahedra = ExplicitHexahedra(nx, ny, nz);
  for (const CellSetAny* cells : { &structured, &hexahedra })
    for (bool byIds : { false, true })
    {
      const ContourResult r = Contour(*cells, Field(f), options);
      OutputMask input;
      input.Fill = std::numeric_limits<double>::quiet_NaN();
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
      const OutputMask mask = EdgePointsMask(r.Points, input, points, options.Device);
      const Id n = r.Points.GetNumberOfPoints();
      ASSERT_EQ(mask.Flags.GetNumberOfValues(), n);
      const FieldArray reference = InterpolateEdges(r.Points, Field(indicator), options.Device);
      const FieldArray plain = InterpolateEdges(r.Points, Field(f), options.Device);
      const FieldArray masked = InterpolateEdges(r.Points, Field(f), mask, options.Device);
      const FieldArray plainIntegers = InterpolateEdges(r.Points, integerField, options.Device);
      const FieldArray maskedIntegers = InterpolateEdges(r.Points, integerField, mask, options.Device);
      const UInt8* m = mask.Flags.GetPointer();
      Id selected = 0, onPoints = 0;
      const Float64* w = r.Points.Weight.GetPointer();
      for (Id p = 0; p < n; ++p)
      {
        onPoints += w[p] == 0.0 || w[p] == 1.0;
        const bool expected = reference.GetPortal<Float32>().Get(p, 0) == 1.0f;
        ASSERT_EQ(m[p] != 0, expected) << "contour point " << p;
        selected += expected;
        if (expected)
          ASSERT_EQ(masked.GetPortal<Float32>().Get(p, 0), plain.GetPortal<Float32>().Get(p, 0));
        else
          ASSERT_TRUE(std::isnan(masked.GetPortal<Float32>().Get(p, 0)));
        ASSERT_EQ(maskedIntegers.GetPortal<Int32>().Get(p, 0),
                  expected ? plainIntegers.GetPortal<Int32>().Get(p, 0) : 0);
      }
      EXPECT_GT(selected, n / 10);
      EXPECT_LT(selected, n - n / 10);
      EXPECT_GT(onPoints, 0); // points on input points are covered
    }
  // Masks that do not fit.
  const ContourResult r = Contour(structured, Field(f), options);
  OutputMask past;
  past.Selection = OutputMask::Mode::Indices;
  past.Ids = loom::cont::make_ArrayHandle(std::vector<Id>{ -1 });
  EXPECT_THROW(EdgePointsMask(r.Points, past, points), loom::cont::ErrorBadValue);
  OutputMask wrong;
  wrong.Selection = OutputMask::Mode::Select;
  wrong.Flags = loom::cont::make_ArrayHandle(std::vector<UInt8>(3, 1));
  EXPECT_THROW(InterpolateEdges(r.Points, Field(f), wrong), loom::cont::ErrorBadValue);
}

// The merge splits edge keys a * points + b without dividing (KeySplit): the exact quotient for every key
// below points^2, at the ends of the range and at random, for small and large point counts.
TEST(Contour, KeySplitGivesTheExactFirstPoint)
{
  std::mt19937_64 rng(7);
  for (Id points : { Id(1), Id(2), Id(3), Id(1000), (Id(1) << 20) + 7, (Id(1) << 31) - 1, Id(3000000019) })
  {
    const loom::algorithms::contour::KeySplit split(points);
    std::vector<Int64> keys = { 0, points - 1, points, points * points - 1, points * (points - 1) };
    for (int i = 0; i < 20000; ++i)
      keys.push_back(static_cast<Int64>(rng() % static_cast<UInt64>(points)) * points +
                     static_cast<Int64>(rng() % static_cast<UInt64>(points)));
    for (Int64 key : keys)
      ASSERT_EQ(key / points, split.First(key)) << "key " << key << " points " << points;
  }
}

// The value blocks against brute force: each block's range is its points' (every value where one is not
// finite), and the extent for a set of values holds every crossed cell (a point below a value and one at or
// above it), every cell with a point at a value or one not finite, with a cell to spare on each side, on grids
// whose sizes are and are not multiples of the block, flat ones included, for floats, doubles and 64-bit
// integers.
TEST(Contour, ValueBlocksHoldEveryCellAContourCrosses)
{
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const Id3 dims : { Id3(19, 9, 13), Id3(17, 17, 1), Id3(8, 1, 25), Id3(1, 1, 1) })
    for (int kindCase = 0; kindCase < 3; ++kindCase)
    {
      const Id n = dims[0] * dims[1] * dims[2];
      // A smooth bump (a contour crosses part of the grid), a few not-a-number values for the floats.
      std::vector<double> values(static_cast<std::size_t>(n));
      for (Id k = 0; k < dims[2]; ++k)
        for (Id j = 0; j < dims[1]; ++j)
          for (Id i = 0; i < dims[0]; ++i)
          {
            const double x = double(i) - 0.3 * double(dims[0]), y = double(j) - 0.6 * double(dims[1]),
                         z = double(k) - 0.5 * double(dims[2]);
            double v = 100.0 - (x * x + y * y + z * z);
            if (kindCase == 2)
              v = std::round(v) + 4e15; // large 64-bit integers (above 2^51)
            else if (unit(random) < 0.002)
              v = std::nan("");
            values[static_cast<std::size_t>((k * dims[1] + j) * dims[0] + i)] = v;
          }
      std::vector<float> asFloat(values.begin(), values.end());
      std::vector<Int64> asInt(values.begin(), values.end());
      const FieldArray field = kindCase == 0 ? FieldArray::FromAOS(loom::cont::make_ArrayHandle(asFloat), 1)
        : kindCase == 1                      ? FieldArray::FromAOS(loom::cont::make_ArrayHandle(values), 1)
                                             : FieldArray::FromAOS(loom::cont::make_ArrayHandle(asInt), 1);
      auto at = [&](Id i, Id j, Id k) {
        const std::size_t p = static_cast<std::size_t>((k * dims[1] + j) * dims[0] + i);
        return kindCase == 0 ? double(asFloat[p]) : kindCase == 1 ? values[p] : double(asInt[p]);
      };
      const Id size = 4;
      const ValueBlocks blocks = MakeValueBlocks(field, dims, test::Device(), size);
      const std::string what = "dims " + std::to_string(dims[0]) + "x" + std::to_string(dims[1]) + "x" +
        std::to_string(dims[2]) + ", kind " + std::to_string(kindCase);
      // Each block's range, by brute force over its points.
      for (Id kb = 0; kb < blocks.Count[2]; ++kb)
        for (Id jb = 0; jb < blocks.Count[1]; ++jb)
          for (Id ib = 0; ib < blocks.Count[0]; ++ib)
          {
            double lo = INFINITY, hi = -INFINITY;
            bool finite = true;
            for (Id k = kb * size; k <= std::min(kb * size + size, dims[2] - 1); ++k)
              for (Id j = jb * size; j <= std::min(jb * size + size, dims[1] - 1); ++j)
                for (Id i = ib * size; i <= std::min(ib * size + size, dims[0] - 1); ++i)
                {
                  finite = finite && std::isfinite(at(i, j, k));
                  lo = std::min(lo, at(i, j, k));
                  hi = std::max(hi, at(i, j, k));
                }
            if (!finite) // a block with a value that is not finite holds every value
            {
              lo = -INFINITY;
              hi = INFINITY;
            }
            const std::size_t b = static_cast<std::size_t>((kb * blocks.Count[1] + jb) * blocks.Count[0] + ib);
            EXPECT_LE(blocks.Low[b], lo) << what;
            EXPECT_GE(blocks.High[b], hi) << what;
            if (kindCase < 2) // exact for floats and doubles
            {
              EXPECT_EQ(blocks.Low[b], lo) << what;
              EXPECT_EQ(blocks.High[b], hi) << what;
            }
          }
      const double base = kindCase == 2 ? 4e15 : 0.0;
      for (const std::vector<double>& levels :
           { std::vector<double>{ base + 90.0 }, std::vector<double>{ base + 60.0, base + 99.0 },
             std::vector<double>{ base + 1000.0 }, std::vector<double>{ base + 100.0 } })
      {
        GridExtent extent;
        const Id holding = ContourExtent(blocks, levels, extent);
        Id crossed = 0;
        Id tight[3][2] = { { dims[0], -1 }, { dims[1], -1 }, { dims[2], -1 } }; // crossed cells' blocks
        const Id cells[3] = { std::max<Id>(dims[0] - 1, 1), std::max<Id>(dims[1] - 1, 1),
                              std::max<Id>(dims[2] - 1, 1) };
        for (Id k = 0; k < cells[2]; ++k)
          for (Id j = 0; j < cells[1]; ++j)
            for (Id i = 0; i < cells[0]; ++i)
            {
              double lo = INFINITY, hi = -INFINITY;
              bool finite = true;
              for (int c = 0; c < 8; ++c)
              {
                const Id p[3] = { std::min(i + (c & 1), dims[0] - 1), std::min(j + ((c >> 1) & 1), dims[1] - 1),
                                  std::min(k + ((c >> 2) & 1), dims[2] - 1) };
                const double v = at(p[0], p[1], p[2]);
                finite = finite && std::isfinite(v);
                lo = std::min(lo, v);
                hi = std::max(hi, v);
              }
              // Crossed, or with a point at a level, or with a value that is not finite: the extent holds it.
              if (finite && !std::any_of(levels.begin(), levels.end(), [&](double v) { return lo < v && v <= hi; }) &&
                  !std::any_of(levels.begin(), levels.end(), [&](double v) { return lo == v || hi == v; }))
                continue;
              ++crossed;
              const Id c[3] = { i, j, k };
              for (int a = 0; a < 3; ++a)
              {
                tight[a][0] = std::min(tight[a][0], c[a] / size);
                tight[a][1] = std::max(tight[a][1], c[a] / size);
                if (dims[a] == 1)
                  continue;
                // The cell and a cell around it inside the extent (where the grid has one).
                EXPECT_LE(extent.First[a], std::max<Id>(c[a] - 1, 0)) << what;
                EXPECT_GE(extent.Last[a], std::min<Id>(c[a] + 2, dims[a] - 1)) << what;
              }
            }
        if (kindCase < 2 && dims[0] * dims[1] * dims[2] > 1)
          EXPECT_EQ(crossed == 0, holding == 0) << what << ", level " << levels[0];
        else if (crossed > 0) // 64-bit integers' widened ranges may hold a value no cell crosses
          EXPECT_GT(holding, 0) << what << ", level " << levels[0];
        for (int a = 0; a < 3; ++a)
        {
          EXPECT_LE(0, extent.First[a]) << what;
          EXPECT_LE(extent.First[a], extent.Last[a]) << what;
          EXPECT_LT(extent.Last[a], dims[a]) << what;
        }
        for (int a = 0; a < 3 && crossed > 0; ++a)
          if (dims[a] > 1)
          {
            // No more than the crossed cells' blocks and a cell on each side.
            EXPECT_GE(extent.First[a], tight[a][0] * size - 1) << what;
            EXPECT_LE(extent.Last[a], (tight[a][1] + 1) * size + 1) << what;
          }
      }
    }
  // Values exactly at the level: a point at it is at or above (crossed against lower neighbours); a field all
  // at or above it is not crossed, but its points at the level are held (the grid's contour then takes another
  // path, which the part must take too).
  {
    std::vector<float> spike(9 * 9 * 9, 0.0f);
    spike[(2 * 9 + 2) * 9 + 2] = 1.0f;
    const ValueBlocks blocks =
      MakeValueBlocks(FieldArray::FromAOS(loom::cont::make_ArrayHandle(spike), 1), Id3(9, 9, 9), test::Device(), 4);
    GridExtent extent;
    EXPECT_EQ(1, ContourExtent(blocks, { 1.0 }, extent));
    for (int a = 0; a < 3; ++a)
    {
      EXPECT_EQ(0, extent.First[a]);
      EXPECT_EQ(5, extent.Last[a]);
    }
    EXPECT_EQ(8, ContourExtent(blocks, { 0.0 }, extent));
    EXPECT_EQ(0, extent.First[0]);
    EXPECT_EQ(8, extent.Last[0]);
    EXPECT_EQ(0, ContourExtent(blocks, { 1.5 }, extent));
    EXPECT_EQ(0, ContourExtent(blocks, { -0.5 }, extent));
  }
  EXPECT_THROW(MakeValueBlocks(FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<float>(5)), 1),
                               Id3(2, 2, 2), test::Device()),
               loom::cont::ErrorBadValue);
}
