// Loom tests: the connectivity family against a breadth-first search one cell at a time (VTK's way of growing
// regions, seeded from the cells in id order): random triangle and tetrahedron soups in many pieces (32- and
// 64-bit cells), skipped cells, unused points, empty cells; a fan of cells all sharing one point (every union
// contending for one root) and a strip as long as the input, three runs; structured grids in 3D (cut by skipped
// cells), 2D and 1D; empty input; the same regions, numbered alike, on the test's device.
#include "TestingDevice.h"

#include <loom/algorithms/connectivity/Connectivity.h>

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
struct Soup
{
  std::vector<UInt8> Types;
  std::vector<Int64> Offsets{ 0 };
  std::vector<Int64> Connectivity;
  Id Points = 0;
};

/// Regions by breadth-first search from each unvisited kept cell in id order (cells joined through points).
void Reference(const Soup& s, const std::vector<UInt8>& skip, std::vector<Id>& cellRegion,
               std::vector<Id>& pointRegion, Id& regions)
{
  const Id n = static_cast<Id>(s.Types.size());
  std::vector<std::vector<Id>> cellsOf(static_cast<std::size_t>(s.Points));
  for (Id c = 0; c < n; ++c)
    if (skip.empty() || !skip[static_cast<std::size_t>(c)])
      for (Int64 k = s.Offsets[static_cast<std::size_t>(c)]; k < s.Offsets[static_cast<std::size_t>(c) + 1]; ++k)
        cellsOf[static_cast<std::size_t>(s.Connectivity[static_cast<std::size_t>(k)])].push_back(c);
  cellRegion.assign(static_cast<std::size_t>(n), -1);
  pointRegion.assign(static_cast<std::size_t>(s.Points), -1);
  regions = 0;
  // A point's cells are walked once (the first time the search reaches it): linear in the connectivity even
  // where one point is shared by every cell.
  for (Id seed = 0; seed < n; ++seed)
  {
    if (cellRegion[static_cast<std::size_t>(seed)] >= 0 || (!skip.empty() && skip[static_cast<std::size_t>(seed)]))
      continue;
    std::vector<Id> wave{ seed };
    cellRegion[static_cast<std::size_t>(seed)] = regions;
    while (!wave.empty())
    {
      std::vector<Id> next;
      for (Id c : wave)
        for (Int64 k = s.Offsets[static_cast<std::size_t>(c)]; k < s.Offsets[static_cast<std::size_t>(c) + 1]; ++k)
        {
          const Id p = s.Connectivity[static_cast<std::size_t>(k)];
          if (pointRegion[static_cast<std::size_t>(p)] >= 0)
            continue;
          pointRegion[static_cast<std::size_t>(p)] = regions;
          for (Id d : cellsOf[static_cast<std::size_t>(p)])
            if (cellRegion[static_cast<std::size_t>(d)] < 0)
            {
              cellRegion[static_cast<std::size_t>(d)] = regions;
              next.push_back(d);
            }
        }
      wave.swap(next);
    }
    ++regions;
  }
}

/// `cells` cells of `corners` points each over `points` points, each cell's points drawn near a random
/// centre (so that the cells clump into many regions), some empty cells.
Soup RandomSoup(std::mt19937& rng, Id cells, int corners, Id points)
{
  Soup s;
  s.Points = points;
  std::uniform_int_distribution<Id> centre(0, points - 1), near(-3, 3);
  for (Id c = 0; c < cells; ++c)
  {
    const bool empty = rng() % 97 == 0;
    s.Types.push_back(empty ? CELL_SHAPE_EMPTY : (corners == 3 ? CELL_SHAPE_TRIANGLE : CELL_SHAPE_TETRA));
    const Id at = centre(rng);
    for (int k = 0; k < (empty ? 0 : corners); ++k)
    {
      Id p = at + near(rng);
      p = p < 0 ? 0 : (p >= points ? points - 1 : p);
      s.Connectivity.push_back(p);
    }
    s.Offsets.push_back(static_cast<Int64>(s.Connectivity.size()));
  }
  return s;
}

void Check(const Soup& s, const std::vector<UInt8>& skip, bool narrow, const std::string& what)
{
  CellSetAny cells;
  if (narrow)
  {
    std::vector<Int32> offsets(s.Offsets.begin(), s.Offsets.end()), connectivity(s.Connectivity.begin(), s.Connectivity.end());
    cells = loom::cont::CellSetExplicit<Int32, Int32>(s.Points, cont::make_ArrayHandle(s.Types),
                                                      cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(connectivity));
  }
  else
    cells = loom::cont::CellSetExplicit<Int64, Int64>(s.Points, cont::make_ArrayHandle(s.Types),
                                                      cont::make_ArrayHandle(s.Offsets), cont::make_ArrayHandle(s.Connectivity));
  ComponentsOptions options;
  options.Device = loom::test::Device();
  if (!skip.empty())
    options.SkipCells = cont::make_ArrayHandle(skip);
  const Components got = ConnectedComponents(cells, options);
  std::vector<Id> cellRegion, pointRegion;
  Id regions = 0;
  Reference(s, skip, cellRegion, pointRegion, regions);
  EXPECT_EQ(regions, got.Regions) << what;
  EXPECT_EQ(cellRegion, cont::ToVector(got.CellRegions)) << what;
  EXPECT_EQ(pointRegion, cont::ToVector(got.PointRegions)) << what;
}
} // namespace

TEST(Connectivity, SoupsAgainstBreadthFirstSearch)
{
  std::mt19937 rng(5);
  for (int trial = 0; trial < 6; ++trial)
  {
    const Id points = trial < 3 ? 4000 : 200000;
    const Soup s = RandomSoup(rng, points / 3, trial % 2 ? 4 : 3, points);
    Check(s, {}, trial % 3 == 0, "trial " + std::to_string(trial));
    std::vector<UInt8> skip(s.Types.size());
    for (auto& f : skip)
      f = rng() % 7 == 0 ? 1 : 0;
    Check(s, skip, trial % 3 == 1, "trial " + std::to_string(trial) + ", cells skipped");
  }
}

TEST(Connectivity, ContendedUnionsAndLongChains)
{
  // 200000 triangles that all share point 0 (every union contends for one root), then a strip of 200000
  // triangles each sharing an edge with the next (one region as long as the input), then 1000 lone
  // triangles: 1002 regions; three runs, the same each time.
  Soup s;
  const Id fan = 200000, strip = 200000, lone = 1000;
  s.Points = 1 + 2 * fan + (strip + 2) + 3 * lone;
  auto add = [&](Int64 a, Int64 b, Int64 c) {
    s.Types.push_back(CELL_SHAPE_TRIANGLE);
    s.Connectivity.insert(s.Connectivity.end(), { a, b, c });
    s.Offsets.push_back(static_cast<Int64>(s.Connectivity.size()));
  };
  for (Id t = 0; t < fan; ++t)
    add(0, 1 + 2 * t, 2 + 2 * t);
  const Int64 base = 1 + 2 * fan;
  for (Id t = 0; t < strip; ++t)
    add(base + t, base + t + 1, base + t + 2);
  const Int64 rest = base + strip + 2;
  for (Id t = 0; t < lone; ++t)
    add(rest + 3 * t, rest + 3 * t + 1, rest + 3 * t + 2);
  for (int run = 0; run < 3; ++run)
    Check(s, {}, run == 1, "fan and strip, run " + std::to_string(run));
}

TEST(Connectivity, StructuredGridsWithSkippedCells)
{
  ComponentsOptions options;
  options.Device = loom::test::Device();
  // A 3D grid of 6 x 4 x 3 cells with a skipped slab two cells thick (i = 2, 3): the kept halves share no point,
  // two regions; the slab's cells -1, and the points only the slab uses (i = 3) -1.
  const Id3 dims(7, 5, 4);
  std::vector<UInt8> skip(6 * 4 * 3, 0);
  for (Id k = 0; k < 3; ++k)
    for (Id j = 0; j < 4; ++j)
      for (Id i = 2; i <= 3; ++i)
        skip[static_cast<std::size_t>(i + 6 * (j + 4 * k))] = 1;
  options.SkipCells = cont::make_ArrayHandle(skip);
  const Components cut = ConnectedComponents(loom::cont::CellSetStructured<3>(dims), options);
  EXPECT_EQ(2, cut.Regions);
  const std::vector<Id> regions = cont::ToVector(cut.CellRegions);
  for (Id c = 0; c < 6 * 4 * 3; ++c)
  {
    const Id i = c % 6;
    EXPECT_EQ(i <= 1 ? 0 : (i >= 4 ? 1 : -1), regions[static_cast<std::size_t>(c)]) << "cell " << c;
  }
  const std::vector<Id> points = cont::ToVector(cut.PointRegions);
  for (Id p = 0; p < 7 * 5 * 4; ++p)
  {
    const Id i = p % 7;
    EXPECT_EQ(i <= 2 ? 0 : (i >= 4 ? 1 : -1), points[static_cast<std::size_t>(p)]) << "point " << p;
  }
  // 2D and 1D grids: one region each, every point in it.
  options.SkipCells = loom::cont::ArrayHandle<UInt8>();
  for (const Components& one : { ConnectedComponents(loom::cont::CellSetStructured<2>(Id3(6, 5, 1)), options),
                                 ConnectedComponents(loom::cont::CellSetStructured<1>(Id3(9, 1, 1)), options) })
  {
    EXPECT_EQ(1, one.Regions);
    for (Id r : cont::ToVector(one.CellRegions))
      EXPECT_EQ(0, r);
    for (Id r : cont::ToVector(one.PointRegions))
      EXPECT_EQ(0, r);
  }
}

TEST(Connectivity, StructuredGridAndEmptyInput)
{
  ComponentsOptions options;
  options.Device = loom::test::Device();
  const Components grid = ConnectedComponents(loom::cont::CellSetStructured<3>(Id3(5, 4, 3)), options);
  EXPECT_EQ(1, grid.Regions);
  for (Id r : cont::ToVector(grid.CellRegions))
    EXPECT_EQ(0, r);
  for (Id r : cont::ToVector(grid.PointRegions))
    EXPECT_EQ(0, r);
  const Components none = ConnectedComponents(
    loom::cont::CellSetExplicit<Int64, Int64>(0, cont::make_ArrayHandle(std::vector<UInt8>()),
                                              cont::make_ArrayHandle(std::vector<Int64>{ 0 }),
                                              cont::make_ArrayHandle(std::vector<Int64>())),
    options);
  EXPECT_EQ(0, none.Regions);
  EXPECT_EQ(0, none.CellRegions.GetNumberOfValues());
  options.SkipCells = cont::make_ArrayHandle(std::vector<UInt8>{ 0, 1 });
  EXPECT_THROW(ConnectedComponents(loom::cont::CellSetStructured<3>(Id3(5, 4, 3)), options), loom::cont::ErrorBadValue);
}
