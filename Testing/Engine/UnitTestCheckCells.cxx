// Loom tests: CheckCellArrays against a brute-force check of every offset and id, on well-formed
// arrays (32- and 64-bit, many chunks) and on each kind of fault, placed at chunk edges and ends.
#include "TestingDevice.h"

#include <loom/CellShape.h>
#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/ShapesPresent.h>

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

using namespace loom;

namespace
{
template <typename T>
algorithms::CellArrays Arrays(const std::vector<T>& offsets, const std::vector<T>& connectivity)
{
  algorithms::CellArrays cells;
  if constexpr (sizeof(T) == 8)
  {
    cells.Is64Bit = true;
    cells.Offsets64 = cont::make_ArrayHandle(std::vector<Int64>(offsets.begin(), offsets.end()));
    cells.Connectivity64 = cont::make_ArrayHandle(std::vector<Int64>(connectivity.begin(), connectivity.end()));
  }
  else
  {
    cells.Offsets32 = cont::make_ArrayHandle(std::vector<Int32>(offsets.begin(), offsets.end()));
    cells.Connectivity32 = cont::make_ArrayHandle(std::vector<Int32>(connectivity.begin(), connectivity.end()));
  }
  return cells;
}

/// The first fault a plain loop finds, in CheckCellArrays' order: sizes, then offsets, then ids.
template <typename T>
bool BruteForceValid(const std::vector<T>& offsets, const std::vector<T>& connectivity, Id points)
{
  if (offsets.empty())
    return true;
  if (offsets.front() != 0 || static_cast<size_t>(offsets.back()) != connectivity.size())
    return false;
  for (size_t i = 1; i < offsets.size(); ++i)
    if (offsets[i] < offsets[i - 1])
      return false;
  for (T id : connectivity)
    if (id < 0 || id >= points)
      return false;
  return true;
}

template <typename T>
void CheckRandomCells(Id cells)
{
  std::mt19937 random(static_cast<unsigned>(cells));
  const Id points = 1000;
  std::vector<T> offsets{ 0 }, connectivity;
  for (Id c = 0; c < cells; ++c)
  {
    const int size = 1 + static_cast<int>(random() % 8);
    for (int k = 0; k < size; ++k)
      connectivity.push_back(static_cast<T>(random() % points));
    offsets.push_back(static_cast<T>(connectivity.size()));
  }
  EXPECT_EQ("", algorithms::CheckCellArrays(Arrays(offsets, connectivity), points, cells, test::Device()));
  EXPECT_EQ("", algorithms::CheckCellArrays(Arrays(offsets, connectivity), points, -1, test::Device()));
  // The count given must match the offsets.
  EXPECT_NE("", algorithms::CheckCellArrays(Arrays(offsets, connectivity), points, cells + 1, test::Device()));

  // One fault at a time, at the start, at chunk edges (65536) and at the end.
  const size_t n = connectivity.size();
  for (size_t at : { size_t(0), size_t(65535), size_t(65536), n / 2, n - 1 })
  {
    if (at >= n)
      continue;
    for (T bad : { T(-1), static_cast<T>(points), static_cast<T>(points + 77) })
    {
      auto faulty = connectivity;
      faulty[at] = bad;
      const std::string verdict = algorithms::CheckCellArrays(Arrays(offsets, faulty), points, -1, test::Device());
      EXPECT_FALSE(BruteForceValid(offsets, faulty, points));
      EXPECT_NE(std::string::npos, verdict.find("connectivity entry " + std::to_string(at) + " names point"))
        << verdict;
    }
  }
  for (size_t at : { size_t(1), offsets.size() / 2, offsets.size() - 2 })
  {
    if (at == 0 || at + 1 >= offsets.size() || offsets[at] == 0)
      continue;
    auto faulty = offsets;
    faulty[at] = static_cast<T>(faulty[at + 1] + 1); // above the next one: the next decreases
    const std::string verdict = algorithms::CheckCellArrays(Arrays(faulty, connectivity), points, -1, test::Device());
    EXPECT_FALSE(BruteForceValid(faulty, connectivity, points));
    EXPECT_NE(std::string::npos, verdict.find("offset " + std::to_string(at + 1))) << verdict;
  }
  auto longer = offsets;
  longer.back() += 3;
  EXPECT_NE(std::string::npos, algorithms::CheckCellArrays(Arrays(longer, connectivity), points, -1, test::Device())
                                 .find("last offset"));
  auto shifted = offsets;
  shifted.front() = 1;
  EXPECT_NE(std::string::npos, algorithms::CheckCellArrays(Arrays(shifted, connectivity), points, -1, test::Device())
                                 .find("first offset"));
}
} // namespace

TEST(CheckCells, WellFormedAndEachFault32)
{
  for (Id cells : { Id(1), Id(5), Id(40000) })
    CheckRandomCells<Int32>(cells);
}

TEST(CheckCells, WellFormedAndEachFault64)
{
  for (Id cells : { Id(1), Id(40000) })
    CheckRandomCells<Int64>(cells);
}

TEST(CheckCells, EmptyArrays)
{
  EXPECT_EQ("", algorithms::CheckCellArrays(algorithms::CellArrays{}, 0, -1, test::Device()));
  EXPECT_EQ("", algorithms::CheckCellArrays(Arrays<Int64>({ 0 }, {}), 0, 0, test::Device()));
  EXPECT_NE("", algorithms::CheckCellArrays(algorithms::CellArrays{}, 10, 3, test::Device()));
}

// With cell types: a fixed-size shape must have its point count (a family reads that many ids);
// variable-size and unknown shapes take any count. Found by the filter fuzzer: a "tetrahedron" of
// three points made Contour read past the connectivity.
TEST(CheckCells, ShapePointCounts)
{
  std::mt19937 random(7);
  const Id points = 50, cells = 150000; // several chunks of cells
  const UInt8 fixed[] = { CELL_SHAPE_VERTEX,  CELL_SHAPE_LINE, CELL_SHAPE_TRIANGLE,   CELL_SHAPE_PIXEL,
                          CELL_SHAPE_QUAD,    CELL_SHAPE_TETRA, CELL_SHAPE_VOXEL,     CELL_SHAPE_HEXAHEDRON,
                          CELL_SHAPE_WEDGE,   CELL_SHAPE_PYRAMID };
  const UInt8 anySize[] = { CELL_SHAPE_POLY_VERTEX, CELL_SHAPE_POLY_LINE, CELL_SHAPE_POLYGON,
                            CELL_SHAPE_TRIANGLE_STRIP, 24 /* quadratic tetra: not a shape Loom reads */ };
  std::vector<UInt8> shapes;
  std::vector<Int64> sizes;
  for (Id c = 0; c < cells; ++c)
  {
    if (random() % 3 == 0)
    {
      shapes.push_back(anySize[random() % 5]);
      sizes.push_back(static_cast<Int64>(random() % 11));
    }
    else
    {
      shapes.push_back(fixed[random() % 10]);
      sizes.push_back(CellShapeNumberOfPoints(shapes.back()));
    }
  }
  auto build = [&](const std::vector<Int64>& counts) {
    std::vector<Int64> offsets{ 0 }, connectivity;
    for (Int64 n : counts)
    {
      for (Int64 k = 0; k < n; ++k)
        connectivity.push_back(static_cast<Int64>(random() % points));
      offsets.push_back(static_cast<Int64>(connectivity.size()));
    }
    return Arrays(offsets, connectivity);
  };
  const auto types = cont::make_ArrayHandle(shapes);
  EXPECT_EQ("", algorithms::CheckCellArrays(build(sizes), points, cells, test::Device(), types));
  for (Id at : { Id(0), Id(65535), Id(65536), cells / 2, cells - 1 })
  {
    Id c = at;
    while (CellShapeNumberOfPoints(shapes[c]) < 0) // the nearest fixed-size cell
      c = (c + 1) % cells;
    for (Int64 delta : { Int64(-1), Int64(1) })
    {
      auto wrong = sizes;
      wrong[c] += delta;
      const std::string verdict = algorithms::CheckCellArrays(build(wrong), points, cells, test::Device(), types);
      EXPECT_NE(std::string::npos, verdict.find("cell " + std::to_string(c) + " has VTK cell type " +
                                                std::to_string(int(shapes[c])) + " and " +
                                                std::to_string(wrong[c]) + " points"))
        << verdict;
      // Without types the same arrays are well formed.
      EXPECT_EQ("", algorithms::CheckCellArrays(build(wrong), points, cells, test::Device()));
    }
  }
  // A types array of another length.
  EXPECT_NE(std::string::npos,
            algorithms::CheckCellArrays(build(sizes), points, -1, test::Device(),
                                        cont::make_ArrayHandle(std::vector<UInt8>(shapes.begin(), shapes.end() - 1)))
              .find("cell types for"));
}

// The run-skipping scan against a plain flag per cell: runs of every length around the 8-type reads,
// one type, alternating types, random types, every type value, and the empty list.
TEST(ShapesPresent, EqualsAFlagPerCell)
{
  std::mt19937 random(7);
  std::vector<std::vector<UInt8>> lists{ {}, { 12 }, std::vector<UInt8>(1000, 12), std::vector<UInt8>(17, 255) };
  std::vector<UInt8> alternating, runs, every, noise;
  for (int i = 0; i < 999; ++i)
    alternating.push_back(i % 2 ? 10 : 12);
  for (int length = 1; length < 40; ++length)
    runs.insert(runs.end(), static_cast<std::size_t>(length), static_cast<UInt8>(length % 5 + 10));
  for (int t = 255; t >= 0; --t)
    every.insert(every.end(), static_cast<std::size_t>(t % 11 + 1), static_cast<UInt8>(t));
  for (int i = 0; i < 5000; ++i)
    noise.push_back(static_cast<UInt8>(random() % 7 == 0 ? random() % 256 : 12));
  lists.insert(lists.end(), { alternating, runs, every, noise });
  for (const auto& list : lists)
    for (std::size_t start : { std::size_t(0), std::size_t(1), std::size_t(3) })
    {
      if (start > list.size())
        continue;
      std::array<bool, 256> expected{};
      for (std::size_t c = start; c < list.size(); ++c)
        expected[list[c]] = true;
      EXPECT_EQ(expected, algorithms::ShapesPresent(list.data() + start, static_cast<Id>(list.size() - start)))
        << "list of " << list.size() << " types from " << start;
    }
}
