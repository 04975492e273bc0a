// Loom tests: the averaging family (point data to cell data, cell data to point data) for several
// value kinds, AOS and SOA layouts, structured and explicit cells, and masks, against brute force.
#include "TestingDevice.h"

#include <loom/algorithms/average/Average.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::cont::ArrayHandle;

namespace
{
struct Grid
{
  CellSetAny Cells;
  std::vector<std::vector<Id>> CellPoints;
  Id NumberOfPoints;
};

Grid StructuredGrid(Id nx, Id ny, Id nz)
{
  Grid g{ loom::cont::CellSetStructured<3>(Id3(nx, ny, nz)), {}, nx * ny * nz };
  const auto conn = loom::exec::ConnectivityStructured<3>(Id3(nx, ny, nz));
  for (Id c = 0; c < (nx - 1) * (ny - 1) * (nz - 1); ++c)
  {
    const auto ids = conn.GetIndices(c);
    g.CellPoints.push_back(std::vector<Id>(ids.Components, ids.Components + 8));
  }
  return g;
}

Grid ExplicitGrid()
{
  // A tetrahedron, a pyramid, a triangle and a quad sharing points; point 7 is used by no cell.
  std::vector<std::vector<Id>> cells = { { 0, 1, 2, 3 }, { 1, 2, 4, 5, 6 }, { 0, 2, 4 }, { 3, 4, 5, 6 } };
  std::vector<UInt8> shapes = { CELL_SHAPE_TETRA, CELL_SHAPE_PYRAMID, CELL_SHAPE_TRIANGLE, CELL_SHAPE_QUAD };
  std::vector<Int32> offsets{ 0 }, conn;
  for (const auto& c : cells)
  {
    for (Id p : c)
      conn.push_back(static_cast<Int32>(p));
    offsets.push_back(static_cast<Int32>(conn.size()));
  }
  return Grid{ loom::cont::CellSetExplicit<Int32, Int32>(8, cont::make_ArrayHandle(shapes),
                                                         cont::make_ArrayHandle(offsets),
                                                         cont::make_ArrayHandle(conn)),
               cells, 8 };
}

template <typename T>
std::vector<T> Values(Id tuples, IdComponent comps)
{
  std::vector<T> v(static_cast<std::size_t>(tuples * comps));
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = static_cast<T>(std::fmod(static_cast<double>(i) * 7.3, 97.0));
  return v;
}

// Reference means: outputs[o] = mean over groups[o] of input tuples.
std::vector<double> Means(const std::vector<std::vector<Id>>& groups, const std::vector<double>& in, IdComponent comps)
{
  std::vector<double> out(groups.size() * static_cast<std::size_t>(comps), 0.0);
  for (std::size_t o = 0; o < groups.size(); ++o)
    for (IdComponent c = 0; c < comps; ++c)
    {
      double s = 0;
      for (Id p : groups[o])
        s += in[static_cast<std::size_t>(p * comps + c)];
      out[o * static_cast<std::size_t>(comps) + static_cast<std::size_t>(c)] =
        groups[o].empty() ? 0.0 : s / static_cast<double>(groups[o].size());
    }
  return out;
}

template <typename T>
std::vector<double> ToDoubles(const FieldArray& f)
{
  const auto p = f.GetPortal<T>();
  std::vector<double> v;
  for (Id t = 0; t < f.GetNumberOfTuples(); ++t)
    for (IdComponent c = 0; c < f.GetNumberOfComponents(); ++c)
      v.push_back(static_cast<double>(p.Get(t, c)));
  return v;
}

std::vector<std::vector<Id>> Invert(const Grid& g)
{
  std::vector<std::vector<Id>> pointCells(static_cast<std::size_t>(g.NumberOfPoints));
  for (std::size_t c = 0; c < g.CellPoints.size(); ++c)
    for (Id p : g.CellPoints[c])
      pointCells[static_cast<std::size_t>(p)].push_back(static_cast<Id>(c));
  return pointCells;
}

template <typename T>
void CheckBothDirections(const Grid& g, IdComponent comps, bool soa, double tolerance)
{
  const auto raw = Values<T>(g.NumberOfPoints, comps);
  std::vector<double> asDouble(raw.begin(), raw.end());
  FieldArray points;
  if (soa)
  {
    std::vector<ArrayHandle<T>> parts;
    for (IdComponent c = 0; c < comps; ++c)
    {
      std::vector<T> part;
      for (Id t = 0; t < g.NumberOfPoints; ++t)
        part.push_back(raw[static_cast<std::size_t>(t * comps + c)]);
      parts.push_back(cont::make_ArrayHandle(part));
    }
    points = FieldArray::FromSOA(parts);
  }
  else
  {
    points = FieldArray::FromAOS(cont::make_ArrayHandle(raw), comps);
  }
  const FieldArray cells = PointToCellAverage(g.Cells, points, OutputMask{}, test::Device());
  const auto expectedCells = Means(g.CellPoints, asDouble, comps);
  const auto gotCells = ToDoubles<T>(cells);
  ASSERT_EQ(expectedCells.size(), gotCells.size());
  for (std::size_t i = 0; i < gotCells.size(); ++i)
    ASSERT_NEAR(static_cast<double>(static_cast<T>(expectedCells[i])), gotCells[i], tolerance) << i;

  const FieldArray back = CellToPointAverage(g.Cells, cells, OutputMask{}, test::Device());
  const auto expectedPoints = Means(Invert(g), gotCells, comps);
  const auto gotPoints = ToDoubles<T>(back);
  for (std::size_t i = 0; i < gotPoints.size(); ++i)
    ASSERT_NEAR(static_cast<double>(static_cast<T>(expectedPoints[i])), gotPoints[i], tolerance) << i;
}
} // namespace

TEST(Average, KindsLayoutsAndCellSets)
{
  const Grid structured = StructuredGrid(7, 6, 5);
  const Grid unstructured = ExplicitGrid();
  for (const Grid* g : { &structured, &unstructured })
  {
    CheckBothDirections<Float32>(*g, 1, false, 1e-4);
    CheckBothDirections<Float32>(*g, 3, true, 1e-4);
    CheckBothDirections<Float64>(*g, 3, false, 1e-12);
    CheckBothDirections<Int32>(*g, 2, false, 0.0);
    CheckBothDirections<UInt8>(*g, 1, true, 0.0);
  }
}

TEST(Average, MasksComputeOnlySelectedOutputs)
{
  const Grid g = StructuredGrid(9, 8, 7);
  const Id cells = static_cast<Id>(g.CellPoints.size());
  auto raw = Values<Float32>(g.NumberOfPoints, 1);
  const FieldArray points = FieldArray::FromAOS(cont::make_ArrayHandle(raw), 1);
  const auto full = ToDoubles<Float32>(PointToCellAverage(g.Cells, points, OutputMask{}, test::Device()));

  std::vector<UInt8> flags(static_cast<std::size_t>(cells), 0);
  std::vector<Id> ids;
  for (Id c = 0; c < cells; c += 7)
  {
    flags[static_cast<std::size_t>(c)] = 1;
    ids.push_back(c);
  }
  OutputMask select;
  select.Selection = OutputMask::Mode::Select;
  select.Flags = cont::make_ArrayHandle(flags);
  const auto got = ToDoubles<Float32>(PointToCellAverage(g.Cells, points, select, test::Device()));
  for (Id c = 0; c < cells; ++c)
  {
    if (flags[static_cast<std::size_t>(c)])
      ASSERT_EQ(full[static_cast<std::size_t>(c)], got[static_cast<std::size_t>(c)]) << c;
    else
      ASSERT_TRUE(std::isnan(got[static_cast<std::size_t>(c)])) << c; // default fill is NaN
  }
  // Ids, with the unselected cells keeping another array's values.
  const auto keepValues = Values<Float32>(cells, 1);
  const FieldArray keep = FieldArray::FromAOS(cont::make_ArrayHandle(keepValues), 1);
  OutputMask list;
  list.Selection = OutputMask::Mode::Indices;
  list.Ids = cont::make_ArrayHandle(ids);
  list.Keep = &keep;
  const auto got2 = ToDoubles<Float32>(PointToCellAverage(g.Cells, points, list, test::Device()));
  for (Id c = 0; c < cells; ++c)
    ASSERT_EQ(flags[static_cast<std::size_t>(c)] ? full[static_cast<std::size_t>(c)]
                                                 : static_cast<double>(keepValues[static_cast<std::size_t>(c)]),
              got2[static_cast<std::size_t>(c)])
      << c;
  // A fill value for an integer field.
  auto ints = Values<Int32>(g.NumberOfPoints, 1);
  OutputMask fill = select;
  fill.Fill = -7;
  const auto got3 =
    ToDoubles<Int32>(PointToCellAverage(g.Cells, FieldArray::FromAOS(cont::make_ArrayHandle(ints), 1), fill, test::Device()));
  EXPECT_EQ(-7.0, got3[1]);
}

// Mask ids are checked on the device the family runs on (a pass there, not a host loop): any order is
// accepted, a repeat or an id outside the outputs is an error naming the id (and, outside, the first
// position holding one), also when the bad entries lie far apart in a list long enough to be split.
TEST(Average, MaskIdsCheckedOnTheDevice)
{
  const Id3 dims(61, 62, 63);
  const CellSetAny cells = loom::cont::CellSetStructured<3>(dims);
  const Id points = dims[0] * dims[1] * dims[2], outputs = 60 * 61 * 62;
  const FieldArray field = FieldArray::FromAOS(cont::make_ArrayHandle(Values<Float32>(points, 1)), 1);
  std::vector<Id> increasing;
  for (Id c = 3; c < outputs; c += 5)
    increasing.push_back(c);
  const auto run = [&](const std::vector<Id>& ids) {
    OutputMask mask;
    mask.Selection = OutputMask::Mode::Indices;
    mask.Ids = cont::make_ArrayHandle(ids);
    return ToDoubles<Float32>(PointToCellAverage(cells, field, mask, test::Device()));
  };
  const auto message = [&](const std::vector<Id>& ids) -> std::string {
    try
    {
      run(ids);
    }
    catch (const cont::ErrorBadValue& e)
    {
      return e.what();
    }
    return "no error";
  };
  const auto expected = run(increasing);
  auto shuffled = increasing;
  for (std::size_t i = 0; i + 1 < shuffled.size(); i += 2)
    std::swap(shuffled[i], shuffled[i + 1]);
  std::reverse(shuffled.begin() + 1000, shuffled.end());
  const auto got = run(shuffled);
  ASSERT_EQ(expected.size(), got.size());
  for (std::size_t c = 0; c < got.size(); ++c)
    ASSERT_TRUE(expected[c] == got[c] || (std::isnan(expected[c]) && std::isnan(got[c]))) << c;

  auto repeated = shuffled;
  repeated[40000] = repeated[3];
  EXPECT_NE(std::string::npos, message(repeated).find("MaskIndices: output index " + std::to_string(repeated[3]) +
                                                     " is listed more than once"))
    << message(repeated);
  auto past = increasing;
  past[30001] = outputs;
  past[45000] = -4;
  EXPECT_NE(std::string::npos, message(past).find("MaskIndices: index " + std::to_string(outputs) +
                                                  " at position 30001 is outside the output range of " +
                                                  std::to_string(outputs)))
    << message(past);
  past[10] = -1;
  EXPECT_NE(std::string::npos, message(past).find("index -1 at position 10 ")) << message(past);
}

TEST(Average, BadInputThrows)
{
  const Grid g = StructuredGrid(4, 4, 4);
  const FieldArray shortField = FieldArray::FromAOS(cont::make_ArrayHandle(Values<Float32>(63, 1)), 1);
  EXPECT_THROW(PointToCellAverage(g.Cells, shortField, OutputMask{}, test::Device()), cont::ErrorBadValue);
  const FieldArray points = FieldArray::FromAOS(cont::make_ArrayHandle(Values<Float32>(64, 1)), 1);
  OutputMask select;
  select.Selection = OutputMask::Mode::Select;
  select.Flags = cont::make_ArrayHandle(std::vector<UInt8>(5, 1));
  EXPECT_THROW(PointToCellAverage(g.Cells, points, select, test::Device()), cont::ErrorBadValue);
  OutputMask list;
  list.Selection = OutputMask::Mode::Indices;
  list.Ids = cont::make_ArrayHandle(std::vector<Id>{ 0, 27 });
  EXPECT_THROW(PointToCellAverage(g.Cells, points, list, test::Device()), cont::ErrorBadValue);
  EXPECT_THROW(FieldArray::FromAOS(cont::make_ArrayHandle(Values<Float32>(64, 1)), 3), cont::ErrorBadValue);
  EXPECT_THROW(FieldArray::FromAOS(cont::make_ArrayHandle(Values<Float32>(68, 1)), 17), cont::ErrorBadType);
  EXPECT_THROW(points.GetPortal<Float64>(), cont::ErrorBadType);
}
