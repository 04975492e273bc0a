// Loom tests: the connectivity family against a breadth-first search one cell at a time (VTK's way of growing
// regions, seeded from the cells in id order): random triangle and tetrahedron soups in many pieces (32- and
// 64-bit cells), skipped cells, unused points, empty cells, a structured grid (one region), empty input; the
// same regions, numbered alike, on the test's device.
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
