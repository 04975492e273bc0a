// Loom tests: cell sets (structured 1D/2D/3D, explicit with 32- and 64-bit ids, single type), their
// point-to-cell connectivity, and the topology worklets with scatters and masks, against brute force.
#include "TestingDevice.h"

#include <loom/cont/CellSetExplicit.h>
#include <loom/cont/CellSetStructured.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterUniform.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

using namespace loom;
using loom::cont::ArrayHandle;
using loom::cont::Invoker;

namespace
{
// Average of the cell's point values, plus its shape and point count.
struct PointToCellAverage : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInPoint, FieldOutCell, FieldOutCell, FieldOutCell);
  using ExecutionSignature = void(_2, CellShape, PointCount, _3, _4, _5);
  template <typename PointValues>
  LOOM_EXEC void operator()(const PointValues& values, UInt8 shape, IdComponent count, Float64& average,
                            UInt8& outShape, IdComponent& outCount) const
  {
    Float64 sum = 0;
    for (IdComponent k = 0; k < values.GetNumberOfComponents(); ++k)
      sum += values[k];
    average = count > 0 ? sum / count : 0.0;
    outShape = shape;
    outCount = count;
  }
};
struct PointToCellAverageMasked : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInPoint, FieldInOutCell);
  using ExecutionSignature = void(_2, _3);
  using MaskType = loom::worklet::MaskSelect;
  template <typename PointValues>
  LOOM_EXEC void operator()(const PointValues& values, Float64& average) const
  {
    Float64 sum = 0;
    for (IdComponent k = 0; k < values.GetNumberOfComponents(); ++k)
      sum += values[k];
    average = sum / values.GetNumberOfComponents();
  }
};
// Two outputs per cell: its smallest and its largest point id (ScatterUniform<2>).
struct CellPointIdRange : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldOutCell);
  using ExecutionSignature = _2(PointIndices, VisitIndex);
  using ScatterType = loom::worklet::ScatterUniform<2>;
  template <typename Ids>
  LOOM_EXEC Id operator()(const Ids& ids, IdComponent visit) const
  {
    Id v = ids[0];
    for (IdComponent k = 1; k < ids.GetNumberOfComponents(); ++k)
      v = visit == 0 ? (ids[k] < v ? ids[k] : v) : (ids[k] > v ? ids[k] : v);
    return v;
  }
};
// Average of the point's cell values, and how many cells it has.
struct CellToPointAverage : loom::worklet::WorkletVisitPointsWithCells
{
  using ControlSignature = void(CellSetIn, FieldInCell, FieldOutPoint, FieldOutPoint);
  using ExecutionSignature = void(_2, CellCount, _3, _4);
  template <typename CellValues>
  LOOM_EXEC void operator()(const CellValues& values, IdComponent count, Float64& average,
                            IdComponent& outCount) const
  {
    Float64 sum = 0;
    for (IdComponent k = 0; k < count; ++k)
      sum += values[k];
    average = count > 0 ? sum / count : 0.0;
    outCount = count;
  }
};

// A cell set as plain vectors, for the brute-force side.
struct Mesh
{
  Id NumberOfPoints = 0;
  std::vector<UInt8> Shapes;
  std::vector<std::vector<Id>> Cells;
};

Mesh StructuredMesh(const Id3& dims, int dim)
{
  Mesh m;
  m.NumberOfPoints = dims[0] * dims[1] * dims[2];
  const Id cx = dims[0] - 1, cy = dim >= 2 ? dims[1] - 1 : 1, cz = dim == 3 ? dims[2] - 1 : 1;
  for (Id k = 0; k < cz; ++k)
    for (Id j = 0; j < cy; ++j)
      for (Id i = 0; i < cx; ++i)
      {
        auto p = [&](Id a, Id b, Id c) { return (i + a) + dims[0] * ((j + b) + dims[1] * (k + c)); };
        if (dim == 1)
          m.Cells.push_back({ p(0, 0, 0), p(1, 0, 0) });
        else if (dim == 2)
          m.Cells.push_back({ p(0, 0, 0), p(1, 0, 0), p(1, 1, 0), p(0, 1, 0) });
        else
          m.Cells.push_back({ p(0, 0, 0), p(1, 0, 0), p(1, 1, 0), p(0, 1, 0), p(0, 0, 1), p(1, 0, 1),
                              p(1, 1, 1), p(0, 1, 1) });
        m.Shapes.push_back(dim == 3 ? CELL_SHAPE_HEXAHEDRON : dim == 2 ? CELL_SHAPE_QUAD : CELL_SHAPE_LINE);
      }
  return m;
}

Mesh RandomMixedMesh(Id numberOfPoints, Id numberOfCells, unsigned seed)
{
  const UInt8 shapes[] = { CELL_SHAPE_VERTEX,  CELL_SHAPE_LINE,  CELL_SHAPE_TRIANGLE,   CELL_SHAPE_QUAD,
                           CELL_SHAPE_POLYGON, CELL_SHAPE_TETRA, CELL_SHAPE_HEXAHEDRON, CELL_SHAPE_WEDGE,
                           CELL_SHAPE_PYRAMID, CELL_SHAPE_VOXEL };
  std::mt19937 rng(seed);
  Mesh m;
  m.NumberOfPoints = numberOfPoints;
  for (Id c = 0; c < numberOfCells; ++c)
  {
    const UInt8 shape = shapes[rng() % 10];
    const IdComponent n = shape == CELL_SHAPE_POLYGON ? IdComponent(5 + rng() % 4) : CellShapeNumberOfPoints(shape);
    std::vector<Id> ids;
    for (IdComponent k = 0; k < n; ++k)
      ids.push_back(static_cast<Id>(rng() % numberOfPoints));
    m.Shapes.push_back(shape);
    m.Cells.push_back(ids);
  }
  return m;
}

template <typename OffsetsT, typename ConnT>
cont::CellSetExplicit<OffsetsT, ConnT> ToExplicit(const Mesh& m)
{
  std::vector<OffsetsT> offsets{ 0 };
  std::vector<ConnT> conn;
  for (const auto& c : m.Cells)
  {
    for (Id p : c)
      conn.push_back(static_cast<ConnT>(p));
    offsets.push_back(static_cast<OffsetsT>(conn.size()));
  }
  return cont::CellSetExplicit<OffsetsT, ConnT>(m.NumberOfPoints, cont::make_ArrayHandle(m.Shapes),
                                                cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(conn));
}

std::vector<Float64> PointField(Id n)
{
  std::vector<Float64> v(static_cast<std::size_t>(n));
  for (Id i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = std::sin(0.37 * static_cast<double>(i)) * 100.0 + static_cast<double>(i % 7);
  return v;
}

// Runs both averaging worklets on `cellSet` and compares with `mesh`.
template <typename CellSetType>
void CheckAverages(const CellSetType& cellSet, const Mesh& mesh, const std::string& what)
{
  Invoker invoke(test::Device());
  const auto pointValues = PointField(mesh.NumberOfPoints);
  ArrayHandle<Float64> cellAverage;
  ArrayHandle<UInt8> shapes;
  ArrayHandle<IdComponent> counts;
  invoke(PointToCellAverage{}, cellSet, cont::make_ArrayHandle(pointValues), cellAverage, shapes, counts);
  ASSERT_EQ(static_cast<Id>(mesh.Cells.size()), cellAverage.GetNumberOfValues()) << what;
  std::vector<Float64> cellValues(mesh.Cells.size());
  for (std::size_t c = 0; c < mesh.Cells.size(); ++c)
  {
    Float64 sum = 0;
    for (Id p : mesh.Cells[c])
      sum += pointValues[static_cast<std::size_t>(p)];
    const Float64 expected = sum / static_cast<Float64>(mesh.Cells[c].size());
    ASSERT_NEAR(expected, cellAverage.ReadPortal().Get(static_cast<Id>(c)), 1e-9) << what << " cell " << c;
    ASSERT_EQ(mesh.Shapes[c], shapes.ReadPortal().Get(static_cast<Id>(c))) << what << " cell " << c;
    ASSERT_EQ(static_cast<IdComponent>(mesh.Cells[c].size()), counts.ReadPortal().Get(static_cast<Id>(c)));
    cellValues[c] = expected;
  }

  // Points to cells: each point averages the cells that use it (a cell listing a point twice
  // counts twice, as VTK's cell links do).
  std::vector<std::vector<Id>> pointCells(static_cast<std::size_t>(mesh.NumberOfPoints));
  for (std::size_t c = 0; c < mesh.Cells.size(); ++c)
    for (Id p : mesh.Cells[c])
      pointCells[static_cast<std::size_t>(p)].push_back(static_cast<Id>(c));
  ArrayHandle<Float64> pointAverage;
  ArrayHandle<IdComponent> cellCounts;
  invoke(CellToPointAverage{}, cellSet, cont::make_ArrayHandle(cellValues), pointAverage, cellCounts);
  for (Id p = 0; p < mesh.NumberOfPoints; ++p)
  {
    const auto& cells = pointCells[static_cast<std::size_t>(p)];
    Float64 sum = 0;
    for (Id c : cells)
      sum += cellValues[static_cast<std::size_t>(c)];
    ASSERT_EQ(static_cast<IdComponent>(cells.size()), cellCounts.ReadPortal().Get(p)) << what << " point " << p;
    ASSERT_NEAR(cells.empty() ? 0.0 : sum / static_cast<Float64>(cells.size()), pointAverage.ReadPortal().Get(p),
                1e-9)
      << what << " point " << p;
  }

  // Scatter: two outputs per cell (smallest and largest point id).
  ArrayHandle<Id> idRange;
  invoke(CellPointIdRange{}, cellSet, idRange);
  ASSERT_EQ(2 * static_cast<Id>(mesh.Cells.size()), idRange.GetNumberOfValues());
  for (std::size_t c = 0; c < mesh.Cells.size(); ++c)
  {
    const auto& ids = mesh.Cells[c];
    ASSERT_EQ(*std::min_element(ids.begin(), ids.end()), idRange.ReadPortal().Get(2 * static_cast<Id>(c)));
    ASSERT_EQ(*std::max_element(ids.begin(), ids.end()), idRange.ReadPortal().Get(2 * static_cast<Id>(c) + 1));
  }

  // Mask: every third cell computed, the others keep -1.
  std::vector<UInt8> selection(mesh.Cells.size());
  for (std::size_t c = 0; c < selection.size(); ++c)
    selection[c] = c % 3 == 0 ? 1 : 0;
  for (bool perOutput : { false, true })
  {
    auto masked = cont::make_ArrayHandle(std::vector<Float64>(mesh.Cells.size(), -1.0));
    Invoker maskedInvoke(test::Device());
    maskedInvoke.SetUsePerOutputPath(perOutput);
    maskedInvoke(PointToCellAverageMasked{}, loom::worklet::MaskSelect(cont::make_ArrayHandle(selection)),
                 cellSet, cont::make_ArrayHandle(pointValues), masked);
    for (std::size_t c = 0; c < mesh.Cells.size(); ++c)
      ASSERT_NEAR(selection[c] ? cellValues[c] : -1.0, masked.ReadPortal().Get(static_cast<Id>(c)), 1e-9)
        << what << " masked cell " << c;
  }
}
} // namespace

TEST(Topology, Structured1D2D3D)
{
  CheckAverages(cont::CellSetStructured<1>(Id3(17, 1, 1)), StructuredMesh(Id3(17, 1, 1), 1), "1D");
  CheckAverages(cont::CellSetStructured<2>(Id3(9, 7, 1)), StructuredMesh(Id3(9, 7, 1), 2), "2D");
  CheckAverages(cont::CellSetStructured<3>(Id3(6, 5, 4)), StructuredMesh(Id3(6, 5, 4), 3), "3D");
  CheckAverages(cont::CellSetStructured<3>(Id3(41, 33, 29)), StructuredMesh(Id3(41, 33, 29), 3), "3D big");
  cont::CellSetStructured<3> grid(Id3(4, 3, 2));
  EXPECT_EQ(24, grid.GetNumberOfPoints());
  EXPECT_EQ(6, grid.GetNumberOfCells());
  EXPECT_EQ(Id3(3, 2, 1), grid.GetCellDimensions());
  EXPECT_THROW(cont::CellSetStructured<2>(Id3(4, 3, 2)), cont::ErrorBadValue);
  EXPECT_THROW(cont::CellSetStructured<3>(Id3(0, 3, 2)), cont::ErrorBadValue);
}

TEST(Topology, ExplicitMixedShapes32And64Bit)
{
  for (Id cells : { Id(0), Id(1), Id(57), Id(20000) })
  {
    const Mesh mesh = RandomMixedMesh(cells / 3 + 5, cells, static_cast<unsigned>(cells) + 1);
    CheckAverages(ToExplicit<Int64, Int64>(mesh), mesh, "explicit 64-bit, cells=" + std::to_string(cells));
    CheckAverages(ToExplicit<Int32, Int32>(mesh), mesh, "explicit 32-bit, cells=" + std::to_string(cells));
  }
}

TEST(Topology, SingleType)
{
  // 300 tetrahedra over 120 points.
  std::mt19937 rng(4);
  Mesh mesh;
  mesh.NumberOfPoints = 120;
  std::vector<Int32> conn;
  for (int c = 0; c < 300; ++c)
  {
    std::vector<Id> ids;
    for (int k = 0; k < 4; ++k)
    {
      ids.push_back(static_cast<Id>(rng() % 120));
      conn.push_back(static_cast<Int32>(ids.back()));
    }
    mesh.Cells.push_back(ids);
    mesh.Shapes.push_back(CELL_SHAPE_TETRA);
  }
  CheckAverages(cont::CellSetSingleType<Int32>(120, CELL_SHAPE_TETRA, 4, cont::make_ArrayHandle(conn)), mesh,
                "single type");
  EXPECT_THROW(cont::CellSetSingleType<Int32>(120, CELL_SHAPE_TETRA, 4,
                                              cont::make_ArrayHandle(std::vector<Int32>{ 1, 2, 3 })),
               cont::ErrorBadValue);
}

TEST(Topology, ReverseConnectivityIsSortedAndCached)
{
  const Mesh mesh = RandomMixedMesh(50, 400, 9);
  auto cellSet = ToExplicit<Int64, Int32>(mesh);
  const auto& r = cellSet.GetReverseConnectivity(test::Device());
  ASSERT_EQ(51, r.Offsets.GetNumberOfValues());
  const auto offsets = cont::ToVector(r.Offsets);
  const auto cells = cont::ToVector(r.CellIds);
  std::vector<std::vector<Id>> expected(50);
  for (std::size_t c = 0; c < mesh.Cells.size(); ++c)
    for (Id p : mesh.Cells[c])
      expected[static_cast<std::size_t>(p)].push_back(static_cast<Id>(c));
  for (Id p = 0; p < 50; ++p)
  {
    std::vector<Id> got(cells.begin() + offsets[static_cast<std::size_t>(p)],
                        cells.begin() + offsets[static_cast<std::size_t>(p) + 1]);
    EXPECT_EQ(expected[static_cast<std::size_t>(p)], got) << "point " << p;
  }
  // A copy of the cell set shares the cached connectivity.
  auto copy = cellSet;
  EXPECT_EQ(&r, &copy.GetReverseConnectivity());
}

TEST(Topology, BadInputThrowsBadValue)
{
  Invoker invoke(test::Device());
  const Mesh mesh = StructuredMesh(Id3(4, 4, 4), 3);
  ArrayHandle<Float64> a;
  ArrayHandle<UInt8> b;
  ArrayHandle<IdComponent> c;
  // A point field of the wrong length; the message says which argument.
  try
  {
    invoke(PointToCellAverage{}, cont::CellSetStructured<3>(Id3(4, 4, 4)),
           cont::make_ArrayHandle(PointField(63)), a, b, c);
    FAIL() << "a short point field was accepted";
  }
  catch (const cont::ErrorBadValue& e)
  {
    EXPECT_NE(std::string(e.what()).find("argument 2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("point field"), std::string::npos) << e.what();
  }
  // Point ids outside the points, and offsets that do not match the shapes.
  Mesh bad = RandomMixedMesh(10, 20, 3);
  bad.Cells[5][0] = 10;
  auto badSet = ToExplicit<Int64, Int64>(bad);
  EXPECT_THROW(badSet.GetReverseConnectivity(test::Device()), cont::ErrorBadValue);
  EXPECT_THROW((cont::CellSetExplicit<Id, Id>(3, cont::make_ArrayHandle(std::vector<UInt8>{ 1, 1 }),
                                              cont::make_ArrayHandle(std::vector<Id>{ 0, 1 }),
                                              cont::make_ArrayHandle(std::vector<Id>{ 0, 1 }))),
               cont::ErrorBadValue);
}
