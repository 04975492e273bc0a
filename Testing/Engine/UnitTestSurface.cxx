// Loom tests: the surface family on the device under test against a brute-force count of every face of
// every cell (a face is external when exactly one cell has it): hexahedra and tetrahedra of a grid with
// random holes, the structured path against the same grid as explicit hexahedra, ghost and hidden cells,
// output points in input order, and bad input; the data-parallel passes (the CUDA path) against the block
// passes, array for array.
#include "TestingDevice.h"

#include <loom/CellShape.h>
#include <loom/algorithms/surface/ExternalFaces.h>
#include <loom/cont/Error.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
using Face = std::vector<Id>; // input point ids, sorted

/// The faces (by local vertex) of hexahedra and tetrahedra, as written by VTK.
const std::vector<std::vector<int>>& LocalFaces(UInt8 shape)
{
  static const std::vector<std::vector<int>> hex = { { 0, 4, 7, 3 }, { 1, 2, 6, 5 }, { 0, 1, 5, 4 },
                                                     { 3, 7, 6, 2 }, { 0, 3, 2, 1 }, { 4, 5, 6, 7 } };
  static const std::vector<std::vector<int>> tet = { { 0, 1, 3 }, { 1, 2, 3 }, { 2, 0, 3 }, { 0, 2, 1 } };
  return shape == 12 ? hex : tet;
}

struct Mesh
{
  Id NumberOfPoints = 0;
  std::vector<UInt8> Shapes;
  std::vector<Int64> Offsets{ 0 }, Connectivity;
  void Add(UInt8 shape, const std::vector<Id>& ids)
  {
    this->Shapes.push_back(shape);
    this->Connectivity.insert(this->Connectivity.end(), ids.begin(), ids.end());
    this->Offsets.push_back(static_cast<Int64>(this->Connectivity.size()));
  }
  CellSetAny Cells() const
  {
    return loom::cont::CellSetExplicit<Int64, Int64>(this->NumberOfPoints, cont::make_ArrayHandle(this->Shapes),
                                                     cont::make_ArrayHandle(this->Offsets),
                                                     cont::make_ArrayHandle(this->Connectivity));
  }
};

/// An n^3-cell grid's hexahedra (or each split into 6 tetrahedra), skipping the cells `hole` picks.
Mesh Grid(Id n, bool tetrahedra, const std::vector<bool>& hole)
{
  Mesh m;
  const Id p = n + 1;
  m.NumberOfPoints = p * p * p;
  auto id = [p](Id i, Id j, Id k) { return i + p * (j + p * k); };
  for (Id k = 0; k < n; ++k)
    for (Id j = 0; j < n; ++j)
      for (Id i = 0; i < n; ++i)
      {
        if (hole[static_cast<std::size_t>(i + n * (j + n * k))])
          continue;
        const std::vector<Id> h = { id(i, j, k),         id(i + 1, j, k),         id(i + 1, j + 1, k),
                                    id(i, j + 1, k),     id(i, j, k + 1),         id(i + 1, j, k + 1),
                                    id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1) };
        if (!tetrahedra)
          m.Add(12, h);
        else // six tetrahedra around the 0-6 diagonal (conforming between neighbours)
          for (const auto& t : { std::vector<int>{ 0, 1, 2, 6 }, { 0, 2, 3, 6 }, { 0, 3, 7, 6 }, { 0, 7, 4, 6 },
                                 { 0, 4, 5, 6 }, { 0, 5, 1, 6 } })
            m.Add(10, { h[t[0]], h[t[1]], h[t[2]], h[t[3]] });
      }
  return m;
}

/// Brute force: the sorted faces that exactly one counted cell has, leaving out those of output-less
/// cells; `counted` and `output` per cell.
std::multiset<Face> BruteForce(const Mesh& m, const std::vector<bool>& counted, const std::vector<bool>& output)
{
  std::map<Face, int> uses;
  std::map<Face, bool> fromOutputCell;
  for (std::size_t c = 0; c < m.Shapes.size(); ++c)
  {
    if (!counted[c])
      continue;
    for (const auto& local : LocalFaces(m.Shapes[c]))
    {
      Face f;
      for (int v : local)
        f.push_back(m.Connectivity[static_cast<std::size_t>(m.Offsets[c]) + static_cast<std::size_t>(v)]);
      std::sort(f.begin(), f.end());
      ++uses[f];
      fromOutputCell[f] = output[c];
    }
  }
  std::multiset<Face> external;
  for (const auto& [f, n] : uses)
    if (n == 1 && fromOutputCell[f])
      external.insert(f);
  return external;
}

/// The result's polygons as sorted input point ids; checks the points are in input order.
std::multiset<Face> Faces(const ExternalFacesResult& r)
{
  const auto pointIds = cont::ToVector(r.PointIds);
  EXPECT_TRUE(std::is_sorted(pointIds.begin(), pointIds.end()));
  EXPECT_TRUE(std::adjacent_find(pointIds.begin(), pointIds.end()) == pointIds.end());
  std::multiset<Face> faces;
  const Id n = r.Polys.GetNumberOfCells();
  for (Id c = 0; c < n; ++c)
  {
    const Id begin = r.Polys.Is64Bit ? r.Polys.Offsets64.ReadPortal().Get(c) : r.Polys.Offsets32.ReadPortal().Get(c);
    const Id end =
      r.Polys.Is64Bit ? r.Polys.Offsets64.ReadPortal().Get(c + 1) : r.Polys.Offsets32.ReadPortal().Get(c + 1);
    Face f;
    for (Id i = begin; i < end; ++i)
      f.push_back(pointIds[static_cast<std::size_t>(
        r.Polys.Is64Bit ? r.Polys.Connectivity64.ReadPortal().Get(i) : r.Polys.Connectivity32.ReadPortal().Get(i))]);
    std::sort(f.begin(), f.end());
    faces.insert(f);
  }
  return faces;
}

std::vector<bool> RandomHoles(Id n, double fraction, unsigned seed)
{
  std::mt19937 rng(seed);
  std::vector<bool> hole(static_cast<std::size_t>(n * n * n));
  for (std::size_t c = 0; c < hole.size(); ++c)
    hole[c] = std::uniform_real_distribution<double>(0, 1)(rng) < fraction;
  return hole;
}
} // namespace

TEST(Surface, ExternalFacesAgainstBruteForce)
{
  for (bool tetrahedra : { false, true })
    for (Id n : { 1, 2, 7, 20 })
    {
      const Mesh m = Grid(n, tetrahedra, RandomHoles(n, 0.3, static_cast<unsigned>(n)));
      ExternalFacesOptions options;
      options.Device = test::Device();
      const ExternalFacesResult r = ExternalFaces(m.Cells(), options);
      const std::vector<bool> all(m.Shapes.size(), true);
      EXPECT_EQ(BruteForce(m, all, all), Faces(r)) << (tetrahedra ? "tetrahedra" : "hexahedra") << " n=" << n;
      EXPECT_EQ(0, r.Verts.GetNumberOfCells() + r.Lines.GetNumberOfCells() + r.Strips.GetNumberOfCells());
      // Every output cell comes from a cell that has it.
      for (Id c : cont::ToVector(r.Polys.SourceCells))
        EXPECT_TRUE(c >= 0 && c < static_cast<Id>(m.Shapes.size()));
    }
}

TEST(Surface, WideIdSpansAgainstBruteForce)
{
  // The grid's points renumbered at random over 3 M ids: faces span more than 2^21 ids, so the faces
  // are keyed by their full ids instead of packed distances.
  for (bool tetrahedra : { false, true })
  {
    Mesh m = Grid(7, tetrahedra, RandomHoles(7, 0.3, 5));
    std::mt19937 rng(17);
    std::vector<Id> ids(3000000);
    for (std::size_t i = 0; i < ids.size(); ++i)
      ids[i] = static_cast<Id>(i);
    std::shuffle(ids.begin(), ids.end(), rng);
    for (Int64& v : m.Connectivity)
      v = ids[static_cast<std::size_t>(v)];
    m.NumberOfPoints = static_cast<Id>(ids.size());
    ExternalFacesOptions options;
    options.Device = test::Device();
    const ExternalFacesResult r = ExternalFaces(m.Cells(), options);
    const std::vector<bool> all(m.Shapes.size(), true);
    EXPECT_EQ(BruteForce(m, all, all), Faces(r)) << (tetrahedra ? "tetrahedra" : "hexahedra");
  }
}

TEST(Surface, StructuredBoundaryEqualsExplicitHexahedra)
{
  for (Id3 dims : { Id3(2, 2, 2), Id3(3, 2, 5), Id3(9, 8, 7) })
  {
    Mesh m;
    m.NumberOfPoints = dims[0] * dims[1] * dims[2];
    for (Id k = 0; k + 1 < dims[2]; ++k)
      for (Id j = 0; j + 1 < dims[1]; ++j)
        for (Id i = 0; i + 1 < dims[0]; ++i)
        {
          auto id = [&](Id a, Id b, Id c) { return a + dims[0] * (b + dims[1] * c); };
          m.Add(12, { id(i, j, k), id(i + 1, j, k), id(i + 1, j + 1, k), id(i, j + 1, k), id(i, j, k + 1),
                      id(i + 1, j, k + 1), id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1) });
        }
    ExternalFacesOptions options;
    options.Device = test::Device();
    const ExternalFacesResult structured = ExternalFaces(loom::cont::CellSetStructured<3>(dims), options);
    const ExternalFacesResult expl = ExternalFaces(m.Cells(), options);
    EXPECT_EQ(Faces(expl), Faces(structured)) << dims[0] << "x" << dims[1] << "x" << dims[2];
    EXPECT_EQ(cont::ToVector(expl.PointIds), cont::ToVector(structured.PointIds));
    // The same source cells face for face, once both are in the same order.
    auto sources = [](const ExternalFacesResult& r) {
      auto s = cont::ToVector(r.Polys.SourceCells);
      std::sort(s.begin(), s.end());
      return s;
    };
    EXPECT_EQ(sources(expl), sources(structured));
  }
}

TEST(Surface, GhostAndHiddenCells)
{
  const Id n = 6;
  const Mesh m = Grid(n, false, std::vector<bool>(static_cast<std::size_t>(n * n * n), false));
  std::vector<UInt8> flags(m.Shapes.size(), 0);
  std::vector<bool> counted(m.Shapes.size(), true), output(m.Shapes.size(), true);
  for (std::size_t c = 0; c < flags.size(); ++c)
  {
    if (c % n >= 4) // the last two columns are another piece's: ghosts
    {
      flags[c] = SurfaceGhostCell;
      output[c] = false;
    }
    else if (c % 17 == 3)
    {
      flags[c] = SurfaceHiddenCell;
      counted[c] = output[c] = false;
    }
  }
  ExternalFacesOptions options;
  options.Device = test::Device();
  options.CellFlags = cont::make_ArrayHandle(flags);
  const ExternalFacesResult r = ExternalFaces(m.Cells(), options);
  EXPECT_EQ(BruteForce(m, counted, output), Faces(r));
  for (Id c : cont::ToVector(r.Polys.SourceCells))
    EXPECT_EQ(0, flags[static_cast<std::size_t>(c)]);
}

TEST(Surface, BadInput)
{
  Mesh m;
  m.NumberOfPoints = 8;
  m.Add(12, { 0, 1, 2, 3, 4, 5, 6, 7 });
  ExternalFacesOptions options;
  options.Device = test::Device();
  options.CellFlags = cont::make_ArrayHandle(std::vector<UInt8>{ 0, 0 });
  EXPECT_THROW(ExternalFaces(m.Cells(), options), cont::ErrorBadValue); // flags of the wrong length
  options.CellFlags = {};
  Mesh polyhedron;
  polyhedron.NumberOfPoints = 4;
  polyhedron.Add(42, { 0, 1, 2, 3 });
  EXPECT_THROW(ExternalFaces(polyhedron.Cells(), options), cont::ErrorBadType);
  Mesh shortHexahedron;
  shortHexahedron.NumberOfPoints = 8;
  shortHexahedron.Add(12, { 0, 1, 2, 3, 4, 5, 6 });
  EXPECT_THROW(ExternalFaces(shortHexahedron.Cells(), options), cont::ErrorBadType);
  // No cells: nothing, without an error.
  Mesh none;
  none.NumberOfPoints = 5;
  const ExternalFacesResult r = ExternalFaces(none.Cells(), options);
  EXPECT_EQ(0, r.Polys.GetNumberOfCells());
  EXPECT_EQ(0, r.PointIds.GetNumberOfValues());
}

namespace
{
void ExpectSameCells(const SurfaceCells& a, const SurfaceCells& b, const char* kind)
{
  EXPECT_EQ(cont::ToVector(a.SourceCells), cont::ToVector(b.SourceCells)) << kind;
  ASSERT_EQ(a.Is64Bit, b.Is64Bit) << kind;
  if (a.Is64Bit)
  {
    EXPECT_EQ(cont::ToVector(a.Offsets64), cont::ToVector(b.Offsets64)) << kind;
    EXPECT_EQ(cont::ToVector(a.Connectivity64), cont::ToVector(b.Connectivity64)) << kind;
  }
  else
  {
    EXPECT_EQ(cont::ToVector(a.Offsets32), cont::ToVector(b.Offsets32)) << kind;
    EXPECT_EQ(cont::ToVector(a.Connectivity32), cont::ToVector(b.Connectivity32)) << kind;
  }
}

/// The data-parallel passes (CUDA's, run on this device's CPU side) give ExternalFaces' output exactly.
void ExpectDataParallelEqual(const Mesh& m, const std::vector<UInt8>& flags, const std::string& what)
{
  SCOPED_TRACE(what);
  ExternalFacesOptions options;
  options.Device = test::Device();
  if (!flags.empty())
    options.CellFlags = cont::make_ArrayHandle(flags);
  const ExternalFacesResult expected = ExternalFaces(m.Cells(), options);
  const auto cells64 = std::get<loom::cont::CellSetExplicit<Int64, Int64>>(m.Cells());
  const ExternalFacesResult parallel = surface::ExplicitFacesDataParallel(cells64, options);
  EXPECT_EQ(cont::ToVector(expected.PointIds), cont::ToVector(parallel.PointIds));
  ExpectSameCells(expected.Verts, parallel.Verts, "verts");
  ExpectSameCells(expected.Lines, parallel.Lines, "lines");
  ExpectSameCells(expected.Polys, parallel.Polys, "polys");
  ExpectSameCells(expected.Strips, parallel.Strips, "strips");
  // 32-bit cells give the same output too.
  std::vector<Int32> offsets32(m.Offsets.begin(), m.Offsets.end()), connectivity32(m.Connectivity.begin(),
                                                                                   m.Connectivity.end());
  const loom::cont::CellSetExplicit<Int32, Int32> cells32(m.NumberOfPoints, cont::make_ArrayHandle(m.Shapes),
                                                          cont::make_ArrayHandle(offsets32),
                                                          cont::make_ArrayHandle(connectivity32));
  const ExternalFacesResult parallel32 = surface::ExplicitFacesDataParallel(cells32, options);
  EXPECT_EQ(cont::ToVector(expected.PointIds), cont::ToVector(parallel32.PointIds));
  ExpectSameCells(expected.Polys, parallel32.Polys, "polys (32-bit input)");
}
} // namespace

TEST(Surface, FacesOnTheSamePointsInThreeOrMoreCellsAreInternal)
{
  // Cells repeated (once, twice or three times, after the grid's cells): a face on the same points as two
  // or more others is internal as a face with one twin is, wherever its copies sit in the bucket.
  for (bool tetrahedra : { false, true })
  {
    Mesh m = Grid(5, tetrahedra, RandomHoles(5, 0.3, 17));
    std::mt19937 rng(23);
    const std::size_t cells = m.Shapes.size();
    for (std::size_t c = 0; c < cells; ++c)
    {
      const int copies = std::uniform_int_distribution<int>(0, 9)(rng) < 3 ? 1 + static_cast<int>(c % 3) : 0;
      for (int k = 0; k < copies; ++k)
        m.Add(m.Shapes[c], std::vector<Id>(m.Connectivity.begin() + m.Offsets[c], m.Connectivity.begin() + m.Offsets[c + 1]));
    }
    ExternalFacesOptions options;
    options.Device = test::Device();
    const ExternalFacesResult r = ExternalFaces(m.Cells(), options);
    const std::vector<bool> all(m.Shapes.size(), true);
    const std::multiset<Face> expected = BruteForce(m, all, all);
    EXPECT_EQ(expected, Faces(r)) << (tetrahedra ? "tetrahedra" : "hexahedra");
    EXPECT_GT(expected.size(), 0u);
    ExpectDataParallelEqual(m, {}, std::string(tetrahedra ? "tetrahedra" : "hexahedra") + " with copies");
  }
}

TEST(Surface, DataParallelPassesEqualBlockPasses)
{
  for (bool tetrahedra : { false, true })
    for (Id n : { 1, 7 })
      ExpectDataParallelEqual(Grid(n, tetrahedra, RandomHoles(n, 0.3, static_cast<unsigned>(n + 3))), {},
                              std::string(tetrahedra ? "tetrahedra" : "hexahedra") + " n=" + std::to_string(n));

  // Every linear cell type: solids beside passed 0D, 1D and 2D cells (a pixel comes out a quadrilateral).
  Mesh mixed = Grid(3, false, RandomHoles(3, 0.2, 11));
  mixed.Add(CELL_SHAPE_WEDGE, { 0, 1, 4, 16, 17, 20 });
  mixed.Add(CELL_SHAPE_PYRAMID, { 20, 21, 25, 24, 40 });
  mixed.Add(CELL_SHAPE_VOXEL, { 42, 43, 46, 47, 58, 59, 62, 63 });
  mixed.Add(CELL_SHAPE_TETRA, { 5, 6, 9, 22 });
  mixed.Add(CELL_SHAPE_VERTEX, { 3 });
  mixed.Add(CELL_SHAPE_POLY_VERTEX, { 7, 11, 15 });
  mixed.Add(CELL_SHAPE_LINE, { 60, 61 });
  mixed.Add(CELL_SHAPE_POLY_LINE, { 12, 13, 14, 30 });
  mixed.Add(CELL_SHAPE_TRIANGLE, { 48, 49, 52 });
  mixed.Add(CELL_SHAPE_TRIANGLE_STRIP, { 32, 33, 36, 37, 40 });
  mixed.Add(CELL_SHAPE_POLYGON, { 50, 51, 55, 54, 53 });
  mixed.Add(CELL_SHAPE_PIXEL, { 56, 57, 60, 61 });
  mixed.Add(CELL_SHAPE_QUAD, { 44, 45, 41, 40 });
  ExpectDataParallelEqual(mixed, {}, "every linear cell type");

  // A bucket of 120 faces (40 tetrahedra around one edge, point 0 the smallest of each): the large-bucket
  // sort, with twins between neighbours.
  Mesh star;
  star.NumberOfPoints = 43;
  for (Id i = 1; i <= 40; ++i)
    star.Add(CELL_SHAPE_TETRA, { 0, i, i + 1, 42 });
  ExpectDataParallelEqual(star, {}, "a bucket of 120 faces");

  // Ghost and hidden cells.
  const Id n = 6;
  const Mesh grid = Grid(n, false, std::vector<bool>(static_cast<std::size_t>(n * n * n), false));
  std::vector<UInt8> flags(grid.Shapes.size(), 0);
  for (std::size_t c = 0; c < flags.size(); ++c)
    flags[c] = c % n >= 4 ? SurfaceGhostCell : (c % 17 == 3 ? SurfaceHiddenCell : 0);
  ExpectDataParallelEqual(grid, flags, "ghost and hidden cells");

  // No cells; a cell no path handles (the same error).
  Mesh none;
  none.NumberOfPoints = 5;
  ExpectDataParallelEqual(none, {}, "no cells");
  Mesh polyhedron;
  polyhedron.NumberOfPoints = 4;
  polyhedron.Add(42, { 0, 1, 2, 3 });
  ExternalFacesOptions options;
  options.Device = test::Device();
  try
  {
    surface::ExplicitFacesDataParallel(std::get<loom::cont::CellSetExplicit<Int64, Int64>>(polyhedron.Cells()),
                                       options);
    ADD_FAILURE() << "a polyhedron was accepted";
  }
  catch (const cont::ErrorBadType& e)
  {
    EXPECT_NE(std::string(e.what()).find("cell 0 (VTK cell type 42, 4 points)"), std::string::npos) << e.what();
  }
  // A point id outside the points: the first such cell named (a GPU must not read past the points).
  Mesh outside;
  outside.NumberOfPoints = 9;
  outside.Add(12, { 0, 1, 2, 3, 4, 5, 6, 7 });
  outside.Add(CELL_SHAPE_TRIANGLE, { 0, 1, 9 });
  outside.Add(12, { 1, 2, 3, 4, 5, 6, 7, 12 });
  try
  {
    surface::ExplicitFacesDataParallel(std::get<loom::cont::CellSetExplicit<Int64, Int64>>(outside.Cells()), options);
    ADD_FAILURE() << "a point id outside the points was accepted";
  }
  catch (const cont::ErrorBadValue& e)
  {
    EXPECT_NE(std::string(e.what()).find("cell 1 names a point outside the 9 points"), std::string::npos) << e.what();
  }
}
