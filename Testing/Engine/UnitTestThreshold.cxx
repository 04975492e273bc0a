// Loom tests: the threshold family against brute-force loops, on the device under test: the cells kept
// for point and cell fields, all/any points, the continuous range, invert, the component modes and the
// magnitude, NaN; ExtractCells' layout (shapes, offsets, renumbered ids, used points in input order,
// voxel ordering for structured cells) on structured and explicit cell sets; GatherTuples; bad input.
#include "TestingDevice.h"

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/threshold/Threshold.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::cont::ArrayHandle;

namespace
{
/// Point ids of cell c of a structured 3D cell set (hexahedron order) or of an explicit one.
std::vector<Id> CellPoints(const CellSetAny& cells, Id c)
{
  std::vector<Id> ids;
  if (auto* s = std::get_if<loom::cont::CellSetStructured<3>>(&cells))
  {
    const Id3 d = s->GetPointDimensions();
    const Id i = c % (d[0] - 1), j = (c / (d[0] - 1)) % (d[1] - 1), k = c / ((d[0] - 1) * (d[1] - 1));
    const Id p = i + d[0] * (j + d[1] * k), dx = d[0], dxy = d[0] * d[1];
    ids = { p, p + 1, p + 1 + dx, p + dx, p + dxy, p + 1 + dxy, p + 1 + dx + dxy, p + dx + dxy };
  }
  else
  {
    const auto& e = std::get<loom::cont::CellSetExplicit<Int64, Int64>>(cells);
    auto off = e.GetOffsets().ReadPortal();
    auto conn = e.GetConnectivity().ReadPortal();
    for (Id k = off.Get(c); k < off.Get(c + 1); ++k)
      ids.push_back(conn.Get(k));
  }
  return ids;
}

/// A mixed explicit cell set: tetrahedra, hexahedra, wedges, an empty-point cell excluded, on n points.
CellSetAny Mixed(Id points, Id cells, std::mt19937& rng)
{
  std::vector<UInt8> shapes;
  std::vector<Int64> offsets{ 0 }, conn;
  std::uniform_int_distribution<Id> pick(0, points - 1);
  const UInt8 kinds[3] = { CELL_SHAPE_TETRA, CELL_SHAPE_HEXAHEDRON, CELL_SHAPE_WEDGE };
  const int sizes[3] = { 4, 8, 6 };
  for (Id c = 0; c < cells; ++c)
  {
    const int k = static_cast<int>(c % 3);
    shapes.push_back(kinds[k]);
    for (int q = 0; q < sizes[k]; ++q)
      conn.push_back(pick(rng));
    offsets.push_back(static_cast<Int64>(conn.size()));
  }
  return loom::cont::CellSetExplicit<Int64, Int64>(points, loom::cont::make_ArrayHandle(shapes),
                                                   loom::cont::make_ArrayHandle(offsets),
                                                   loom::cont::make_ArrayHandle(conn));
}

/// Brute force: whether a cell passes.
bool Expected(const std::vector<std::vector<double>>& values, const std::vector<Id>& ids, Id cell,
              const ThresholdOptions& o)
{
  const IdComponent nc = static_cast<IdComponent>(values[0].size());
  auto value = [&](Id t, IdComponent c) {
    if (o.ComponentMode == ThresholdOptions::Components::Selected && o.Component == nc && nc > 1)
    {
      double s = 0;
      for (double v : values[static_cast<std::size_t>(t)])
        s += v * v;
      return std::sqrt(s);
    }
    return values[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)];
  };
  std::vector<IdComponent> comps;
  if (o.ComponentMode == ThresholdOptions::Components::Selected)
    comps.push_back(o.Component == nc ? 0 : o.Component);
  else
    for (IdComponent c = 0; c < nc; ++c)
      comps.push_back(c);
  auto passes = [&](double s) {
    switch (o.Criterion)
    {
      case ThresholdOptions::Method::BelowLower: return s <= o.Lower;
      case ThresholdOptions::Method::AboveUpper: return s >= o.Upper;
      default: return s >= o.Lower && s <= o.Upper;
    }
  };
  auto tuplePasses = [&](Id t) {
    int n = 0;
    for (IdComponent c : comps)
      n += passes(value(t, c));
    return o.ComponentMode == ThresholdOptions::Components::Any ? n > 0 : n == static_cast<int>(comps.size());
  };
  bool keep;
  if (!o.PointField)
    keep = tuplePasses(cell);
  else if (o.AllScalars || !o.UseContinuousCellRange)
  {
    int n = 0;
    for (Id p : ids)
      n += tuplePasses(p);
    keep = o.AllScalars ? n == static_cast<int>(ids.size()) : n > 0;
  }
  else
  {
    int n = 0;
    for (IdComponent c : comps)
    {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (Id p : ids)
      {
        const double v = value(p, c);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
      }
      n += !(o.Lower > hi || o.Upper < lo);
    }
    keep = o.ComponentMode == ThresholdOptions::Components::All ? n == static_cast<int>(comps.size()) : n > 0;
  }
  return !ids.empty() && keep != o.Invert;
}

void CheckSubset(const CellSetAny& cells, const CellSubset& s, const std::vector<UInt8>& keep, bool voxels)
{
  std::vector<Id> kept;
  for (Id c = 0; c < static_cast<Id>(keep.size()); ++c)
    if (keep[static_cast<std::size_t>(c)])
      kept.push_back(c);
  ASSERT_EQ(s.GetNumberOfCells(), static_cast<Id>(kept.size()));
  std::vector<char> used(static_cast<std::size_t>(NumberOfPoints(cells)), 0);
  for (Id c : kept)
    for (Id p : CellPoints(cells, c))
      used[static_cast<std::size_t>(p)] = 1;
  std::vector<Id> points;
  for (Id p = 0; p < static_cast<Id>(used.size()); ++p)
    if (used[static_cast<std::size_t>(p)])
      points.push_back(p);
  ASSERT_EQ(loom::cont::ToVector(s.PointIds), points);
  ASSERT_EQ(loom::cont::ToVector(s.CellIds), kept);
  ASSERT_FALSE(s.Is64Bit);
  auto off = s.Offsets32.ReadPortal();
  auto conn = s.Connectivity32.ReadPortal();
  ASSERT_EQ(off.Get(0), 0);
  const bool structured = std::holds_alternative<loom::cont::CellSetStructured<3>>(cells);
  for (std::size_t o = 0; o < kept.size(); ++o)
  {
    std::vector<Id> ids = CellPoints(cells, kept[o]);
    if (structured && voxels)
    {
      ids = { ids[0], ids[1], ids[3], ids[2], ids[4], ids[5], ids[7], ids[6] };
      ASSERT_EQ(s.Shapes.ReadPortal().Get(static_cast<Id>(o)), CELL_SHAPE_VOXEL);
    }
    ASSERT_EQ(off.Get(static_cast<Id>(o) + 1) - off.Get(static_cast<Id>(o)), static_cast<Int32>(ids.size()));
    for (std::size_t k = 0; k < ids.size(); ++k)
      ASSERT_EQ(points[static_cast<std::size_t>(conn.Get(off.Get(static_cast<Id>(o)) + static_cast<Id>(k)))], ids[k]);
  }
}

// `integer`: int16 values of -1, 0 and 1 (integer kinds take the float64 route in some modes), else
// doubles with NaN among them.
void RunMatrixOf(const CellSetAny& cells, std::mt19937& rng, bool integer)
{
  const Id np = NumberOfPoints(cells), nc = NumberOfCells(cells);
  for (IdComponent components : { 1, 3 })
    for (bool pointField : { true, false })
    {
      const Id tuples = pointField ? np : nc;
      std::vector<std::vector<double>> values(static_cast<std::size_t>(tuples), std::vector<double>(components));
      std::vector<double> flat;
      std::vector<Int16> ints;
      std::uniform_real_distribution<double> u(-1.0, 1.0);
      for (Id t = 0; t < tuples; ++t)
        for (IdComponent c = 0; c < components; ++c)
        {
          double v = integer ? std::round(u(rng)) : u(rng);
          if (t % 41 == 3 && !integer)
            v = std::numeric_limits<double>::quiet_NaN();
          values[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)] = v;
          flat.push_back(v);
          ints.push_back(static_cast<Int16>(v));
        }
      const FieldArray field = integer ? FieldArray::FromAOS(loom::cont::make_ArrayHandle(ints), components)
                                       : FieldArray::FromAOS(loom::cont::make_ArrayHandle(flat), components);
      for (int method = 0; method < 3; ++method)
        for (int flags = 0; flags < 8; ++flags)
          for (int mode = 0; mode < (components > 1 ? 5 : 1); ++mode)
          {
            ThresholdOptions o;
            o.Lower = -0.3;
            o.Upper = 0.4;
            o.Criterion = static_cast<ThresholdOptions::Method>(method);
            o.PointField = pointField;
            o.AllScalars = flags & 1;
            o.UseContinuousCellRange = flags & 2;
            o.Invert = flags & 4;
            o.ComponentMode = mode < 2 ? ThresholdOptions::Components::Selected
                              : mode == 2 ? ThresholdOptions::Components::All
                                          : ThresholdOptions::Components::Any;
            o.Component = mode == 1 ? components : (mode == 0 ? components - 1 : 0);
            o.Device = loom::test::Device();
            loom::cont::ArrayHandle<UInt8> usedHandle;
            const std::vector<UInt8> got = loom::cont::ToVector(ThresholdCells(cells, field, o, &usedHandle));
            ASSERT_EQ(static_cast<Id>(got.size()), nc);
            for (Id c = 0; c < nc; ++c)
              ASSERT_EQ(got[static_cast<std::size_t>(c)] != 0, Expected(values, CellPoints(cells, c), c, o))
                << "cell " << c << " method " << method << " flags " << flags << " mode " << mode
                << " components " << components << " point field " << pointField;
            // The used points that come with the flags (explicit cells, point fields, CPU devices): those of
            // the passing cells, and the subset made with them is the one made without.
            const bool explicitCells = !std::holds_alternative<loom::cont::CellSetStructured<3>>(cells);
            const bool fused = explicitCells && pointField && (o.AllScalars || !o.UseContinuousCellRange) &&
              o.Device != loom::cont::DeviceId::Cuda;
            const std::vector<UInt8> used = loom::cont::ToVector(usedHandle);
            ASSERT_EQ(used.size(), fused ? static_cast<std::size_t>(np) : 0u);
            if (fused)
            {
              std::vector<UInt8> expected(static_cast<std::size_t>(np), 0);
              for (Id c = 0; c < nc; ++c)
                if (got[static_cast<std::size_t>(c)])
                  for (Id p : CellPoints(cells, c))
                    expected[static_cast<std::size_t>(p)] = 1;
              ASSERT_EQ(used, expected) << "method " << method << " flags " << flags << " mode " << mode;
              CheckSubset(cells, Threshold(cells, field, o, StructuredCellKind::Hexahedron), got, false);
            }
          }
    }
}

void RunMatrix(const CellSetAny& cells, std::mt19937& rng)
{
  RunMatrixOf(cells, rng, false);
  RunMatrixOf(cells, rng, true);
}
} // namespace

TEST(Threshold, CriteriaAgainstBruteForce)
{
  std::mt19937 rng(7);
  RunMatrix(loom::cont::CellSetStructured<3>(Id3(7, 6, 5)), rng);
  RunMatrix(Mixed(200, 300, rng), rng);
}

TEST(Threshold, ExtractCellsLayout)
{
  std::mt19937 rng(11);
  const CellSetAny grid = loom::cont::CellSetStructured<3>(Id3(9, 8, 7));
  const CellSetAny mixed = Mixed(500, 800, rng);
  for (const CellSetAny* cells : { &grid, &mixed })
    for (double fraction : { 0.0, 0.01, 0.3, 1.0 })
      for (bool voxels : { true, false })
      {
        std::vector<UInt8> keep(static_cast<std::size_t>(NumberOfCells(*cells)));
        std::bernoulli_distribution b(fraction);
        for (auto& k : keep)
          k = b(rng) ? (rng() % 2 ? 1 : 7) : 0; // any non-zero flag keeps

        const CellSubset s =
          ExtractCells(*cells, loom::cont::make_ArrayHandle(keep),
                       voxels ? StructuredCellKind::Voxel : StructuredCellKind::Hexahedron, loom::test::Device());
        CheckSubset(*cells, s, keep, voxels);
      }
}

TEST(Threshold, GatherTuples)
{
  std::vector<float> values;
  for (int i = 0; i < 300; ++i)
    values.push_back(static_cast<float>(i) * 0.5f);
  const FieldArray field = FieldArray::FromAOS(loom::cont::make_ArrayHandle(values), 3);
  const std::vector<Id> ids = { 99, 0, 5, 5, 42 };
  const FieldArray out = GatherTuples(loom::cont::make_ArrayHandle(ids), field, loom::test::Device());
  ASSERT_EQ(out.GetNumberOfTuples(), 5);
  const auto p = out.GetPortal<Float32>();
  for (std::size_t t = 0; t < ids.size(); ++t)
    for (IdComponent c = 0; c < 3; ++c)
      EXPECT_EQ(p.Get(static_cast<Id>(t), c), values[static_cast<std::size_t>(ids[t] * 3 + c)]);
  EXPECT_THROW(GatherTuples(loom::cont::make_ArrayHandle(std::vector<Id>{ 3, 100 }), field), loom::cont::ErrorBadValue);
}

TEST(Threshold, BadInput)
{
  const CellSetAny grid = loom::cont::CellSetStructured<3>(Id3(4, 4, 4));
  const FieldArray wrong = FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<float>(10, 1.0f)), 1);
  ThresholdOptions o;
  o.Device = loom::test::Device();
  EXPECT_THROW(ThresholdCells(grid, wrong, o), loom::cont::ErrorBadValue);
  const FieldArray vec = FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<float>(64 * 3, 1.0f)), 3);
  o.Component = 4;
  EXPECT_THROW(ThresholdCells(grid, vec, o), loom::cont::ErrorBadValue);
  // Outside the Selected mode the component is not used (a 1-component field, component 1, All).
  const FieldArray one = FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<float>(64, 0.5f)), 1);
  o.Component = 1;
  o.ComponentMode = ThresholdOptions::Components::All;
  EXPECT_EQ(loom::cont::ToVector(ThresholdCells(grid, one, o)), std::vector<UInt8>(27, 1));
  EXPECT_THROW(ExtractCells(grid, loom::cont::make_ArrayHandle(std::vector<UInt8>(5, 1)), StructuredCellKind::Voxel,
                            loom::test::Device()),
               loom::cont::ErrorBadValue);
  // Used-point flags that are neither absent nor one per point.
  EXPECT_THROW(ExtractCells(grid, loom::cont::make_ArrayHandle(std::vector<UInt8>(27, 1)), StructuredCellKind::Voxel,
                            loom::test::Device(), loom::cont::make_ArrayHandle(std::vector<UInt8>(63, 1))),
               loom::cont::ErrorBadValue);
}
