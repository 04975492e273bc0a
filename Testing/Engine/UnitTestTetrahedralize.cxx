// Loom tests: the tetrahedralize family against brute-force references: every tetrahedron positive,
// each cell's children filling its volume (or area), faces conforming (interior faces shared by two
// tetrahedra, boundary faces covering the boundary), children counts per shape, cell data copied
// to children, 5- and 6-splits, structured and explicit cells, and bad input.
#include "TestingDevice.h"

#include <loom/algorithms/tetrahedralize/Tetrahedralize.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::cont::ArrayHandle;

namespace
{
using P3 = std::array<double, 3>;

struct Simplices
{
  std::vector<std::vector<Id>> Cells;
  std::vector<UInt8> Shapes;
};

Simplices Read(const SimplexCells& s)
{
  Simplices out;
  for (Id c = 0; c < s.NumberOfCells; ++c)
  {
    const Id b = s.Is64Bit ? s.Offsets64.ReadPortal().Get(c) : s.Offsets32.ReadPortal().Get(c);
    const Id e = s.Is64Bit ? s.Offsets64.ReadPortal().Get(c + 1) : s.Offsets32.ReadPortal().Get(c + 1);
    std::vector<Id> ids;
    for (Id k = b; k < e; ++k)
      ids.push_back(s.Is64Bit ? s.Connectivity64.ReadPortal().Get(k) : s.Connectivity32.ReadPortal().Get(k));
    out.Cells.push_back(ids);
    out.Shapes.push_back(s.Shapes.ReadPortal().Get(c));
  }
  return out;
}

double Volume(const std::vector<P3>& pts, const std::vector<Id>& t)
{
  const P3 &a = pts[t[0]], &b = pts[t[1]], &c = pts[t[2]], &d = pts[t[3]];
  const double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] },
               w[3] = { d[0] - a[0], d[1] - a[1], d[2] - a[2] };
  return (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
}

// Signed area of a triangle projected on z (2D cells lie in z = const).
double AreaZ(const std::vector<P3>& pts, const std::vector<Id>& t)
{
  const P3 &a = pts[t[0]], &b = pts[t[1]], &c = pts[t[2]];
  return 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

double TriangleArea(const std::vector<P3>& pts, std::array<Id, 3> t)
{
  const P3 &a = pts[t[0]], &b = pts[t[1]], &c = pts[t[2]];
  const double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
  const double n[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
  return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}

// Faces of all tetrahedra, counted: interior faces twice, boundary faces once, nothing else.
// Returns the boundary area.
double CheckConforming(const std::vector<P3>& pts, const Simplices& s, const std::string& what)
{
  std::map<std::array<Id, 3>, int> faces;
  for (const auto& t : s.Cells)
  {
    for (int skip = 0; skip < 4; ++skip)
    {
      std::array<Id, 3> f;
      int k = 0;
      for (int q = 0; q < 4; ++q)
        if (q != skip)
          f[k++] = t[q];
      std::sort(f.begin(), f.end());
      ++faces[f];
    }
  }
  double boundary = 0;
  for (const auto& f : faces)
  {
    EXPECT_LE(f.second, 2) << what;
    if (f.second == 1)
      boundary += TriangleArea(pts, f.first);
  }
  return boundary;
}

struct Structured
{
  std::vector<P3> Points;
  Id3 Dims;
};

Structured Box(Id nx, Id ny, Id nz)
{
  Structured s{ {}, Id3(nx, ny, nz) };
  for (Id k = 0; k < nz; ++k)
    for (Id j = 0; j < ny; ++j)
      for (Id i = 0; i < nx; ++i)
        s.Points.push_back({ 0.5 * i, 0.25 * j + 0.01 * i, 0.75 * k });
  return s;
}

// Tetrahedra per cell, each inside its parent, positive, filling it, and conforming.
void CheckHexahedra(const SimplexCells& out, const std::vector<std::vector<Id>>& cellPoints, const std::vector<P3>& pts,
                    IdComponent perCell, double cellVolume, double boundaryArea, const std::string& what)
{
  const Simplices s = Read(out);
  ASSERT_EQ(static_cast<Id>(cellPoints.size()) * perCell, out.NumberOfCells) << what;
  EXPECT_EQ(perCell, out.ChildrenPerCell) << what;
  for (std::size_t c = 0; c < cellPoints.size(); ++c)
  {
    double sum = 0;
    for (IdComponent v = 0; v < perCell; ++v)
    {
      const Id t = out.ChildBegin(static_cast<Id>(c)) + v;
      ASSERT_EQ(CELL_SHAPE_TETRA, s.Shapes[t]) << what;
      ASSERT_EQ(4u, s.Cells[t].size()) << what;
      for (Id p : s.Cells[t])
        EXPECT_NE(cellPoints[c].end(), std::find(cellPoints[c].begin(), cellPoints[c].end(), p)) << what;
      const double vol = Volume(pts, s.Cells[t]);
      EXPECT_GT(vol, 1e-12) << what << " cell " << c << " tet " << v;
      sum += vol;
    }
    EXPECT_NEAR(cellVolume, sum, 1e-12) << what << " cell " << c;
  }
  EXPECT_NEAR(boundaryArea, CheckConforming(pts, s, what), 1e-9) << what;
}

std::vector<std::vector<Id>> StructuredCells(const Id3& d)
{
  std::vector<std::vector<Id>> cells;
  const auto conn = loom::exec::ConnectivityStructured<3>(d);
  for (Id c = 0; c < (d[0] - 1) * (d[1] - 1) * (d[2] - 1); ++c)
  {
    const auto ids = conn.GetIndices(c);
    cells.push_back(std::vector<Id>(ids.Components, ids.Components + 8));
  }
  return cells;
}

// The box is sheared in y by x (0.01 per i), which keeps cell volumes and the boundary area exact.
double BoxBoundary(const Id3& d)
{
  const double lx = 0.5 * (d[0] - 1), ly = 0.25 * (d[1] - 1), lz = 0.75 * (d[2] - 1);
  const double slant = std::sqrt(lx * lx + (0.01 * (d[0] - 1)) * (0.01 * (d[0] - 1)));
  return 2 * (lx * ly + ly * lz + slant * lz);
}
} // namespace

TEST(Tetrahedralize, StructuredGridBothSplits)
{
  for (HexSplit split : { HexSplit::Six, HexSplit::Five })
  {
    const Structured box = Box(5, 4, 6);
    const SimplexCells out = Tetrahedralize(loom::cont::CellSetStructured<3>(box.Dims), split, test::Device());
    EXPECT_FALSE(out.Is64Bit);
    CheckHexahedra(out, StructuredCells(box.Dims), box.Points, split == HexSplit::Six ? 6 : 5, 0.5 * 0.25 * 0.75,
                   BoxBoundary(box.Dims), split == HexSplit::Six ? "structured six" : "structured five");
  }
}

TEST(Tetrahedralize, ExplicitHexahedraAndVoxels)
{
  const Structured box = Box(4, 3, 3);
  const auto cells = StructuredCells(box.Dims);
  for (bool voxels : { false, true })
    for (bool wide : { false, true })
    {
      std::vector<UInt8> shapes;
      std::vector<Int64> offsets{ 0 }, conn;
      for (const auto& c : cells)
      {
        shapes.push_back(voxels ? CELL_SHAPE_VOXEL : CELL_SHAPE_HEXAHEDRON);
        const int order[8] = { 0, 1, 3, 2, 4, 5, 7, 6 };
        for (int q = 0; q < 8; ++q)
          conn.push_back(c[voxels ? order[q] : q]);
        offsets.push_back(static_cast<Int64>(conn.size()));
      }
      CellSetAny set;
      if (wide)
        set = loom::cont::CellSetExplicit<Int64, Int64>(box.Dims[0] * box.Dims[1] * box.Dims[2],
                                                        cont::make_ArrayHandle(shapes), cont::make_ArrayHandle(offsets),
                                                        cont::make_ArrayHandle(conn));
      else
        set = loom::cont::CellSetExplicit<Int32, Int32>(
          box.Dims[0] * box.Dims[1] * box.Dims[2], cont::make_ArrayHandle(shapes),
          cont::make_ArrayHandle(std::vector<Int32>(offsets.begin(), offsets.end())),
          cont::make_ArrayHandle(std::vector<Int32>(conn.begin(), conn.end())));
      CheckHexahedra(Tetrahedralize(set, HexSplit::Six, test::Device()), cells, box.Points, 6, 0.5 * 0.25 * 0.75,
                     BoxBoundary(box.Dims), voxels ? "explicit voxels" : "explicit hexahedra");
    }
}

// Prisms (each cube of a grid cut into two wedges) and pyramids (each cube cut into six around
// its centre) with shuffled point ids: the smallest-id rule must make neighbours agree.
TEST(Tetrahedralize, WedgesAndPyramidsConformWithShuffledIds)
{
  for (int seed = 0; seed < 4; ++seed)
  {
    const Id n = 4; // points per side
    std::vector<Id> ids(static_cast<std::size_t>(n * n * n + (n - 1) * (n - 1) * (n - 1)));
    std::iota(ids.begin(), ids.end(), Id(0));
    std::shuffle(ids.begin(), ids.end(), std::mt19937(seed));
    std::vector<P3> pts(ids.size());
    auto grid = [&](Id i, Id j, Id k) { return ids[static_cast<std::size_t>(i + n * (j + n * k))]; };
    for (Id k = 0; k < n; ++k)
      for (Id j = 0; j < n; ++j)
        for (Id i = 0; i < n; ++i)
          pts[grid(i, j, k)] = { double(i), double(j), double(k) };
    for (bool pyramids : { false, true })
    {
      std::vector<UInt8> shapes;
      std::vector<Int32> offsets{ 0 }, conn;
      std::vector<std::vector<Id>> parents;
      auto add = [&](UInt8 shape, std::vector<Id> c) {
        shapes.push_back(shape);
        for (Id p : c)
          conn.push_back(static_cast<Int32>(p));
        offsets.push_back(static_cast<Int32>(conn.size()));
        parents.push_back(c);
      };
      for (Id k = 0; k + 1 < n; ++k)
        for (Id j = 0; j + 1 < n; ++j)
          for (Id i = 0; i + 1 < n; ++i)
          {
            const Id h[8] = { grid(i, j, k),         grid(i + 1, j, k),         grid(i + 1, j + 1, k),
                              grid(i, j + 1, k),     grid(i, j, k + 1),         grid(i + 1, j, k + 1),
                              grid(i + 1, j + 1, k + 1), grid(i, j + 1, k + 1) };
            if (!pyramids)
            {
              // Bottom triangles counter-clockwise seen from the top (VTK's parametric wedge).
              add(CELL_SHAPE_WEDGE, { h[0], h[1], h[3], h[4], h[5], h[7] });
              add(CELL_SHAPE_WEDGE, { h[1], h[2], h[3], h[5], h[6], h[7] });
            }
            else
            {
              const Id centre = ids[static_cast<std::size_t>(n * n * n + i + (n - 1) * (j + (n - 1) * k))];
              pts[centre] = { i + 0.5, j + 0.5, k + 0.5 };
              // Each face, its base counter-clockwise seen from the centre.
              const int faces[6][4] = { { 0, 1, 2, 3 }, { 4, 7, 6, 5 }, { 0, 4, 5, 1 },
                                        { 2, 6, 7, 3 }, { 1, 5, 6, 2 }, { 0, 3, 7, 4 } };
              for (const auto& f : faces)
                add(CELL_SHAPE_PYRAMID, { h[f[0]], h[f[1]], h[f[2]], h[f[3]], centre });
            }
          }
      const CellSetAny set = loom::cont::CellSetExplicit<Int32, Int32>(
        static_cast<Id>(pts.size()), cont::make_ArrayHandle(shapes), cont::make_ArrayHandle(offsets),
        cont::make_ArrayHandle(conn));
      const SimplexCells out = Tetrahedralize(set, HexSplit::Six, test::Device());
      const IdComponent per = pyramids ? 2 : 3;
      ASSERT_EQ(static_cast<Id>(parents.size()) * per, out.NumberOfCells);
      const Simplices s = Read(out);
      double total = 0;
      for (std::size_t c = 0; c < parents.size(); ++c)
        for (IdComponent v = 0; v < per; ++v)
        {
          const auto& t = s.Cells[static_cast<std::size_t>(out.ChildBegin(static_cast<Id>(c)) + v)];
          for (Id p : t)
            EXPECT_NE(parents[c].end(), std::find(parents[c].begin(), parents[c].end(), p));
          const double vol = Volume(pts, t);
          EXPECT_GT(vol, 1e-12) << (pyramids ? "pyramid " : "wedge ") << c;
          total += vol;
        }
      EXPECT_NEAR(27.0, total, 1e-9);
      EXPECT_NEAR(54.0, CheckConforming(pts, s, pyramids ? "pyramids" : "wedges"), 1e-9);
    }
  }
}

// One cell of every shape: children counts, shapes, and the area or volume they cover.
TEST(Tetrahedralize, EveryShapeInOneCellSet)
{
  std::vector<P3> pts = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 },
                          { 1, 1, 1 }, { 0, 1, 1 }, { 2, 0, 0 }, { 2.5, 0.8, 0 }, { 0.5, 0.5, 2 } };
  struct Cell
  {
    UInt8 Shape;
    std::vector<Id> Ids;
    IdComponent Children;
    UInt8 ChildShape;
    double Measure; // volume (3D), signed z-area (2D), or -1 (not checked)
  };
  const std::vector<Cell> cells = {
    { CELL_SHAPE_VERTEX, { 3 }, 1, CELL_SHAPE_VERTEX, -1 },
    { CELL_SHAPE_POLY_VERTEX, { 0, 1, 2 }, 3, CELL_SHAPE_VERTEX, -1 },
    { CELL_SHAPE_LINE, { 0, 1 }, 1, CELL_SHAPE_LINE, -1 },
    { CELL_SHAPE_POLY_LINE, { 0, 1, 2, 3 }, 3, CELL_SHAPE_LINE, -1 },
    { CELL_SHAPE_TRIANGLE, { 0, 1, 2 }, 1, CELL_SHAPE_TRIANGLE, 0.5 },
    { CELL_SHAPE_TRIANGLE_STRIP, { 0, 1, 3, 2 }, 2, CELL_SHAPE_TRIANGLE, 1.0 },
    { CELL_SHAPE_POLYGON, { 0, 8, 9, 2, 3 }, 3, CELL_SHAPE_TRIANGLE, 2.15 },
    { CELL_SHAPE_PIXEL, { 0, 1, 3, 2 }, 2, CELL_SHAPE_TRIANGLE, 1.0 },
    { CELL_SHAPE_QUAD, { 0, 1, 2, 3 }, 2, CELL_SHAPE_TRIANGLE, 1.0 },
    { CELL_SHAPE_TETRA, { 0, 1, 3, 4 }, 1, CELL_SHAPE_TETRA, 1.0 / 6 },
    { CELL_SHAPE_VOXEL, { 0, 1, 3, 2, 4, 5, 7, 6 }, 6, CELL_SHAPE_TETRA, 1.0 },
    { CELL_SHAPE_HEXAHEDRON, { 0, 1, 2, 3, 4, 5, 6, 7 }, 6, CELL_SHAPE_TETRA, 1.0 },
    { CELL_SHAPE_WEDGE, { 7, 5, 4, 3, 1, 0 }, 3, CELL_SHAPE_TETRA, 0.5 },
    { CELL_SHAPE_PYRAMID, { 4, 5, 6, 7, 10 }, 2, CELL_SHAPE_TETRA, 1.0 / 3 },
  };
  std::vector<UInt8> shapes;
  std::vector<Int64> offsets{ 0 }, conn;
  for (const auto& c : cells)
  {
    shapes.push_back(c.Shape);
    conn.insert(conn.end(), c.Ids.begin(), c.Ids.end());
    offsets.push_back(static_cast<Int64>(conn.size()));
  }
  const CellSetAny set = loom::cont::CellSetExplicit<Int64, Int64>(
    static_cast<Id>(pts.size()), cont::make_ArrayHandle(shapes), cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(conn));
  for (HexSplit split : { HexSplit::Six, HexSplit::Five })
  {
    const SimplexCells out = Tetrahedralize(set, split, test::Device());
    const Simplices s = Read(out);
    EXPECT_EQ(0, out.ChildrenPerCell);
    for (std::size_t c = 0; c < cells.size(); ++c)
    {
      IdComponent expected = cells[c].Children;
      if (split == HexSplit::Five && (cells[c].Shape == CELL_SHAPE_VOXEL || cells[c].Shape == CELL_SHAPE_HEXAHEDRON))
        expected = 5;
      const Id b = out.ChildBegin(static_cast<Id>(c)), e = out.ChildBegin(static_cast<Id>(c) + 1);
      ASSERT_EQ(expected, e - b) << "shape " << int(cells[c].Shape);
      double measure = 0;
      for (Id t = b; t < e; ++t)
      {
        EXPECT_EQ(cells[c].ChildShape, s.Shapes[t]) << "shape " << int(cells[c].Shape);
        for (Id p : s.Cells[t])
          EXPECT_NE(cells[c].Ids.end(), std::find(cells[c].Ids.begin(), cells[c].Ids.end(), p));
        if (cells[c].ChildShape == CELL_SHAPE_TETRA)
        {
          EXPECT_GT(Volume(pts, s.Cells[t]), 0) << "shape " << int(cells[c].Shape);
          measure += Volume(pts, s.Cells[t]);
        }
        else if (cells[c].ChildShape == CELL_SHAPE_TRIANGLE)
        {
          EXPECT_GT(AreaZ(pts, s.Cells[t]), 0) << "shape " << int(cells[c].Shape);
          measure += AreaZ(pts, s.Cells[t]);
        }
      }
      if (cells[c].Measure > 0)
        EXPECT_NEAR(cells[c].Measure, measure, 1e-12) << "shape " << int(cells[c].Shape);
    }
    // The children of the poly-cells, in order.
    EXPECT_EQ((std::vector<Id>{ 1 }), s.Cells[out.ChildBegin(1) + 1]);
    EXPECT_EQ((std::vector<Id>{ 1, 2 }), s.Cells[out.ChildBegin(3) + 1]);
    EXPECT_EQ((std::vector<Id>{ 3, 1, 2 }), s.Cells[out.ChildBegin(5) + 1]);
  }
}

TEST(Tetrahedralize, CellDataGoesToChildren)
{
  const Id3 dims(3, 4, 3);
  const Id n = 2 * 3 * 2;
  std::vector<float> values;
  for (Id c = 0; c < n; ++c)
  {
    values.push_back(static_cast<float>(c) * 1.5f);
    values.push_back(-static_cast<float>(c));
  }
  const FieldArray field = FieldArray::FromAOS(cont::make_ArrayHandle(values), 2);
  // Uniform (structured) and counting (explicit mixed) layouts.
  const SimplexCells uniform = Tetrahedralize(loom::cont::CellSetStructured<3>(dims), HexSplit::Five, test::Device());
  const CellSetAny mixed = loom::cont::CellSetExplicit<Int32, Int32>(
    5, cont::make_ArrayHandle(std::vector<UInt8>{ CELL_SHAPE_TETRA, CELL_SHAPE_POLYGON, CELL_SHAPE_VERTEX }),
    cont::make_ArrayHandle(std::vector<Int32>{ 0, 4, 9, 10 }),
    cont::make_ArrayHandle(std::vector<Int32>{ 0, 1, 2, 3, 0, 1, 2, 3, 4, 4 }));
  const SimplexCells counted = Tetrahedralize(mixed, HexSplit::Six, test::Device());
  ASSERT_EQ(1 + 3 + 1, counted.NumberOfCells);
  for (const SimplexCells* s : { &uniform, &counted })
  {
    const Id inputs = s == &uniform ? n : 3;
    const FieldArray in = FieldArray::FromAOS(cont::make_ArrayHandle(std::vector<float>(values.begin(), values.begin() + 2 * inputs)), 2);
    const FieldArray out = GatherToChildren(*s, inputs, in, test::Device());
    ASSERT_EQ(s->NumberOfCells, out.GetNumberOfTuples());
    const auto p = out.GetPortal<float>();
    for (Id c = 0; c < inputs; ++c)
      for (Id t = s->ChildBegin(c); t < s->ChildBegin(c + 1); ++t)
        for (IdComponent k = 0; k < 2; ++k)
          EXPECT_EQ(values[static_cast<std::size_t>(2 * c + k)], p.Get(t, k));
  }
  EXPECT_THROW(GatherToChildren(uniform, n + 1, field, test::Device()), loom::cont::ErrorBadValue);
}

TEST(Tetrahedralize, EmptyAndBadInput)
{
  const SimplexCells empty = Tetrahedralize(loom::cont::CellSetStructured<3>(Id3(1, 1, 1)), HexSplit::Six, test::Device());
  EXPECT_EQ(0, empty.NumberOfCells);
  EXPECT_EQ(1, empty.Offsets32.GetNumberOfValues());
  auto one = [](UInt8 shape, std::vector<Int32> ids) {
    return CellSetAny(loom::cont::CellSetExplicit<Int32, Int32>(
      8, cont::make_ArrayHandle(std::vector<UInt8>{ shape }),
      cont::make_ArrayHandle(std::vector<Int32>{ 0, static_cast<Int32>(ids.size()) }), cont::make_ArrayHandle(ids)));
  };
  EXPECT_THROW(Tetrahedralize(one(42, { 0, 1, 2, 3 }), HexSplit::Six, test::Device()), loom::cont::ErrorBadType);
  EXPECT_THROW(Tetrahedralize(one(CELL_SHAPE_HEXAHEDRON, { 0, 1, 2, 3, 4, 5, 6 }), HexSplit::Six, test::Device()),
               loom::cont::ErrorBadValue);
}
