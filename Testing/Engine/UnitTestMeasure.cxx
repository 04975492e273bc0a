// Loom tests: the measure family (CellSize) against known sizes: one cell of every shape Loom takes, in
// explicit cells moved by random rotations, scalings and translations (sizes scale by the factor, the
// factor squared and cubed), structured cells as quadrilaterals and hexahedra or as pixels and voxels,
// the sums with cells skipped, on the test's device.
#include "TestingDevice.h"

#include <loom/algorithms/measure/CellSize.h>
#include <loom/algorithms/measure/Integrate.h>
#include <loom/algorithms/measure/Pieces.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::algorithms::measure::Dimension;

namespace
{
struct Shape
{
  UInt8 Type;
  std::vector<std::array<double, 3>> Points;
  int Dimension;
  double Size; // before scaling
};

// Unit cells: a cube, its halves and sixth, a pyramid of height 1.5, the unit square and its half, lines, vertices.
std::vector<Shape> Shapes()
{
  const std::array<double, 3> o{ 0, 0, 0 }, x{ 1, 0, 0 }, y{ 0, 1, 0 }, xy{ 1, 1, 0 }, z{ 0, 0, 1 }, xz{ 1, 0, 1 },
    yz{ 0, 1, 1 }, xyz{ 1, 1, 1 }, apex{ 0.3, 0.6, 1.5 };
  return {
    { CELL_SHAPE_VERTEX, { o }, 0, 1.0 },
    { CELL_SHAPE_POLY_VERTEX, { o, x, xy }, 0, 3.0 },
    { CELL_SHAPE_LINE, { o, x }, 1, 1.0 },
    { CELL_SHAPE_POLY_LINE, { o, x, xy, y }, 1, 3.0 },
    { CELL_SHAPE_TRIANGLE, { o, x, y }, 2, 0.5 },
    { CELL_SHAPE_TRIANGLE_STRIP, { o, x, y, xy }, 2, 1.0 },
    { CELL_SHAPE_POLYGON, { o, x, xy, { 0.5, 1.5, 0 }, y }, 2, 1.25 },
    { CELL_SHAPE_PIXEL, { o, x, y, xy }, 2, 1.0 },
    { CELL_SHAPE_QUAD, { o, x, xy, y }, 2, 1.0 },
    { CELL_SHAPE_TETRA, { o, x, y, z }, 3, 1.0 / 6.0 },
    { CELL_SHAPE_VOXEL, { o, x, y, xy, z, xz, yz, xyz }, 3, 1.0 },
    { CELL_SHAPE_HEXAHEDRON, { o, x, xy, y, z, xz, xyz, yz }, 3, 1.0 },
    { CELL_SHAPE_WEDGE, { o, y, x, z, yz, xz }, 3, 0.5 },
    { CELL_SHAPE_PYRAMID, { o, x, xy, y, apex }, 3, 0.5 }, // base 1, height 1.5
  };
}
} // namespace

TEST(Measure, EveryShapeRotatedAndScaled)
{
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial)
  {
    // Voxels and pixels stay axis-aligned (VTK measures them by their axis steps): scale and move only.
    const double scale = 0.5 + std::abs(u(rng)) * 3.0;
    double axis[3] = { u(rng), u(rng), u(rng) };
    const double norm = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    const double angle = 3.0 * u(rng), c = std::cos(angle), s = std::sin(angle);
    double r[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
      {
        const double a = axis[i] / norm, b = axis[j] / norm;
        r[i][j] = (i == j ? c : 0.0) + (1 - c) * a * b;
      }
    r[0][1] -= s * axis[2] / norm;
    r[1][0] += s * axis[2] / norm;
    r[0][2] += s * axis[1] / norm;
    r[2][0] -= s * axis[1] / norm;
    r[1][2] -= s * axis[0] / norm;
    r[2][1] += s * axis[0] / norm;
    const double shift[3] = { u(rng) * 10, u(rng) * 10, u(rng) * 10 };

    std::vector<double> xyz;
    std::vector<UInt8> types;
    std::vector<Int64> offsets{ 0 }, connectivity;
    std::vector<double> expected[4];
    for (const Shape& shape : Shapes())
    {
      const bool aligned = shape.Type == CELL_SHAPE_VOXEL || shape.Type == CELL_SHAPE_PIXEL;
      for (const auto& p : shape.Points)
      {
        connectivity.push_back(static_cast<Int64>(xyz.size() / 3));
        for (int i = 0; i < 3; ++i)
          xyz.push_back(shift[i] + scale * (aligned ? p[i] : r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2]));
      }
      offsets.push_back(static_cast<Int64>(connectivity.size()));
      types.push_back(shape.Type);
      for (int d = 0; d < 4; ++d)
        expected[d].push_back(d != shape.Dimension ? 0.0 : shape.Size * (d == 0 ? 1.0 : std::pow(scale, d)));
    }
    const Id points = static_cast<Id>(xyz.size() / 3);
    const CellSetAny cells = loom::cont::CellSetExplicit<Int64, Int64>(
      points, cont::make_ArrayHandle(types), cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(connectivity));
    CellSizeOptions options;
    options.Device = loom::test::Device();
    options.Sum = true;
    std::vector<UInt8> skipFlags(types.size(), 0);
    skipFlags[3] = skipFlags[12] = 1; // the poly-line and the wedge leave the sums
    const CellSizes sizes =
      CellSize(cells, FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3), options, cont::make_ArrayHandle(skipFlags));
    for (int d = 0; d < 4; ++d)
    {
      const ComponentPortal<Float64> got = sizes.Size[d].GetPortal<Float64>();
      double sum = 0.0;
      for (std::size_t cell = 0; cell < types.size(); ++cell)
      {
        EXPECT_NEAR(expected[d][cell], got.Get(static_cast<Id>(cell), 0), 1e-12 * (1.0 + expected[d][cell]))
          << "trial " << trial << " cell " << cell << " (shape " << int(types[cell]) << ") dimension " << d;
        sum += skipFlags[cell] ? 0.0 : expected[d][cell];
      }
      EXPECT_NEAR(sum, sizes.Sum[d], 1e-11 * (1.0 + sum)) << "trial " << trial << " sum of dimension " << d;
    }
  }
}

TEST(Measure, StructuredCellsAndOptions)
{
  // 4 x 3 x 2 points with steps 0.5, 2 and 3 along x, y, z (a decreasing z axis: voxel sizes are absolute,
  // hexahedra signed).
  std::vector<double> xyz;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 4; ++i)
        for (double v : { 0.5 * i, 2.0 * j, -3.0 * k })
          xyz.push_back(v);
  const FieldArray points = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  CellSizeOptions options;
  options.Device = loom::test::Device();
  options.Sum = true;
  options.Measure[0] = options.Measure[1] = options.Measure[2] = false;
  for (bool aligned : { false, true })
  {
    options.AxisAligned = aligned;
    const CellSizes sizes = CellSize(loom::cont::CellSetStructured<3>(Id3(4, 3, 2)), points, options);
    EXPECT_EQ(0, sizes.Size[0].GetNumberOfTuples());
    EXPECT_EQ(0, sizes.Size[2].GetNumberOfTuples());
    ASSERT_EQ(6, sizes.Size[3].GetNumberOfTuples());
    for (Id c = 0; c < 6; ++c)
      EXPECT_NEAR(aligned ? 3.0 : -3.0, sizes.Size[3].GetPortal<Float64>().Get(c, 0), 1e-12) << "cell " << c;
    EXPECT_NEAR(aligned ? 18.0 : -18.0, sizes.Sum[3], 1e-12);
  }
  // The first layer as quadrilaterals: areas of 1.
  options.Measure[2] = true;
  const CellSizes flat = CellSize(loom::cont::CellSetStructured<2>(Id3(4, 3, 1)),
                                  FieldArray::FromAOS(cont::make_ArrayHandle(std::vector<double>(xyz.begin(), xyz.begin() + 36)), 3),
                                  options);
  for (Id c = 0; c < 6; ++c)
    EXPECT_NEAR(1.0, flat.Size[2].GetPortal<Float64>().Get(c, 0), 1e-12) << "quad " << c;
  // Bad input: points that do not match the cells.
  EXPECT_THROW(CellSize(loom::cont::CellSetStructured<3>(Id3(4, 3, 3)), points, options), loom::cont::ErrorBadValue);
}

// Integrate: a linear point field is integrated exactly by every piece VTK cuts a cell into, so over a
// shape its integral is the measure times the field at the shape's centroid, and the weighted centre
// divided by the measure is that centroid; a cell field integrates to its value times the measure.
namespace
{
// The centroid of each unit shape of Shapes() (-1 where the shape has dimension 0).
std::array<double, 3> Centroid(const Shape& shape)
{
  switch (shape.Type)
  {
    case CELL_SHAPE_LINE: return { 0.5, 0, 0 };
    case CELL_SHAPE_POLY_LINE: return { (0.5 + 1.0 + 0.5) / 3.0, (0.0 + 0.5 + 1.0) / 3.0, 0 }; // three unit segments
    case CELL_SHAPE_TRIANGLE: return { 1.0 / 3.0, 1.0 / 3.0, 0 };
    case CELL_SHAPE_TRIANGLE_STRIP:
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_QUAD: return { 0.5, 0.5, 0 };
    case CELL_SHAPE_POLYGON: return { 0.5, (0.5 * 1.0 + (1.0 + 1.0 / 6.0) * 0.25) / 1.25, 0 }; // square + roof
    case CELL_SHAPE_TETRA: return { 0.25, 0.25, 0.25 };
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON: return { 0.5, 0.5, 0.5 };
    case CELL_SHAPE_WEDGE: return { 1.0 / 3.0, 1.0 / 3.0, 0.5 };
    case CELL_SHAPE_PYRAMID: return { 0.5 + 0.25 * (0.3 - 0.5), 0.5 + 0.25 * (0.6 - 0.5), 0.25 * 1.5 };
    default: return { -1, -1, -1 };
  }
}

struct IntegrateCase
{
  CellSetAny Cells;
  std::vector<double> Xyz;
  std::vector<double> Expected[5]; // measure, centroid x y z (times the measure), the linear field's integral
};
} // namespace

TEST(Integrate, LinearFieldsOverEveryShapeAndDimension)
{
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double a[3] = { 1.5, -2.0, 0.75 }, b = 4.0; // f(x) = a . x + b
  for (int dimension = 1; dimension <= 3; ++dimension)
    for (int trial = 0; trial < 5; ++trial)
    {
      const double scale = 0.5 + std::abs(u(rng)) * 3.0;
      const double shift[3] = { u(rng) * 10, u(rng) * 10, u(rng) * 10 };
      std::vector<double> xyz, field, cellValue;
      std::vector<UInt8> types;
      std::vector<Int32> offsets{ 0 }, connectivity;
      double measure = 0, centre[3] = { 0, 0, 0 }, integral = 0, cellIntegral = 0;
      for (const Shape& shape : Shapes())
      {
        // Cells of lower dimension are left out by the highest one; those of dimension 0 always.
        for (const auto& p : shape.Points)
        {
          connectivity.push_back(static_cast<Int32>(xyz.size() / 3));
          double x[3];
          for (int i = 0; i < 3; ++i)
            xyz.push_back(x[i] = shift[i] + scale * p[i]);
          field.push_back(a[0] * x[0] + a[1] * x[1] + a[2] * x[2] + b);
        }
        offsets.push_back(static_cast<Int32>(connectivity.size()));
        types.push_back(shape.Type);
        cellValue.push_back(static_cast<double>(types.size()));
        if (shape.Dimension != dimension)
          continue;
        const double m = shape.Size * std::pow(scale, dimension);
        const auto c = Centroid(shape);
        double fc = b;
        for (int i = 0; i < 3; ++i)
        {
          const double ci = shift[i] + scale * c[i];
          centre[i] += m * ci;
          fc += a[i] * ci;
        }
        measure += m;
        integral += m * fc;
        cellIntegral += m * cellValue.back();
      }
      if (dimension < 3) // the cells above this dimension left out: drop them from the set
        while (Dimension(types.back()) > dimension)
        {
          types.pop_back();
          offsets.pop_back();
          cellValue.pop_back();
        }
      const Id points = static_cast<Id>(xyz.size() / 3);
      connectivity.resize(static_cast<std::size_t>(offsets.back()));
      const CellSetAny cells = loom::cont::CellSetExplicit<Int32, Int32>(
        points, cont::make_ArrayHandle(types), cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(connectivity));
      IntegrateOptions options;
      options.Device = loom::test::Device();
      const Integrals got = Integrate(
        cells, FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3),
        { FieldArray::FromAOS(cont::make_ArrayHandle(field), 1), FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3) },
        { FieldArray::FromAOS(cont::make_ArrayHandle(cellValue), 1) }, options);
      const std::string what = "dimension " + std::to_string(dimension) + " trial " + std::to_string(trial);
      ASSERT_EQ(dimension, got.Dimension) << what;
      const double tol = 1e-12 * (1.0 + std::abs(integral) + std::abs(measure) * 100);
      EXPECT_NEAR(measure, got.Measure, tol) << what;
      EXPECT_NEAR(integral, got.PointFields[0][0], tol) << what;
      EXPECT_NEAR(cellIntegral, got.CellFields[0][0], tol * 20) << what;
      for (int i = 0; i < 3; ++i)
      {
        EXPECT_NEAR(centre[i], got.Center[i], tol) << what << " centre " << i;
        EXPECT_NEAR(centre[i], got.PointFields[1][static_cast<std::size_t>(i)], tol) << what << " x" << i;
      }
    }
}

TEST(Integrate, HighestDimensionSkippedCellsAndSameBitsOnEveryDevice)
{
  // A tetrahedron, a triangle and a vertex: the tetrahedron alone counts, then (skipped) the triangle.
  const std::vector<double> xyz{ 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2 };
  const std::vector<UInt8> types{ CELL_SHAPE_VERTEX, CELL_SHAPE_TRIANGLE, CELL_SHAPE_TETRA };
  const std::vector<Int64> offsets{ 0, 1, 4, 8 }, connectivity{ 3, 0, 1, 2, 0, 1, 2, 3 };
  const CellSetAny mixed = loom::cont::CellSetExplicit<Int64, Int64>(
    4, cont::make_ArrayHandle(types), cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(connectivity));
  IntegrateOptions options;
  options.Device = loom::test::Device();
  const FieldArray points = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  const Integrals all = Integrate(mixed, points, {}, {}, options);
  EXPECT_EQ(3, all.Dimension);
  EXPECT_NEAR(8.0 / 6.0, all.Measure, 1e-14);
  const Integrals noTetrahedron =
    Integrate(mixed, points, {}, {}, options, cont::make_ArrayHandle(std::vector<UInt8>{ 0, 0, 1 }));
  EXPECT_EQ(2, noTetrahedron.Dimension);
  EXPECT_NEAR(2.0, noTetrahedron.Measure, 1e-14);
  const Integrals vertexOnly =
    Integrate(mixed, points, {}, {}, options, cont::make_ArrayHandle(std::vector<UInt8>{ 0, 1, 1 }));
  EXPECT_EQ(0, vertexOnly.Dimension);
  EXPECT_EQ(0.0, vertexOnly.Measure);

  // A 41^3 grid of jittered points with a random field, as hexahedra and (unjittered) as voxels: the same
  // bits on the Serial device and on the device under test, whatever its threads.
  const Id n = 41;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-0.2, 0.2);
  std::vector<double> grid, jittered, values;
  for (Id k = 0; k < n; ++k)
    for (Id j = 0; j < n; ++j)
      for (Id i = 0; i < n; ++i)
      {
        for (double v : { double(i), double(j), double(k) })
        {
          grid.push_back(v);
          jittered.push_back(v + u(rng));
        }
        values.push_back(u(rng) * 1e3 + 7.0);
      }
  const FieldArray field = FieldArray::FromAOS(cont::make_ArrayHandle(values), 1);
  const loom::cont::CellSetStructured<3> cells(Id3(n, n, n));
  for (bool aligned : { false, true })
  {
    options.AxisAligned = aligned;
    const FieldArray at = FieldArray::FromAOS(cont::make_ArrayHandle(aligned ? grid : jittered), 3);
    options.Device = loom::test::Device();
    const Integrals here = Integrate(cells, at, { field }, {}, options);
    options.Device = cont::DeviceId::Serial;
    const Integrals serial = Integrate(cells, at, { field }, {}, options);
    EXPECT_EQ(serial.Measure, here.Measure) << "aligned " << aligned;
    EXPECT_EQ(serial.PointFields[0][0], here.PointFields[0][0]) << "aligned " << aligned;
    for (int i = 0; i < 3; ++i)
      EXPECT_EQ(serial.Center[i], here.Center[i]) << "aligned " << aligned;
    if (aligned) // voxels: the whole box, and the field's integral as trilinear cells' corners weigh it
    {
      EXPECT_NEAR(40.0 * 40 * 40, here.Measure, 1e-9);
      double expected = 0.0;
      for (Id k = 0; k < n; ++k)
        for (Id j = 0; j < n; ++j)
          for (Id i = 0; i < n; ++i)
          {
            const double w = (i == 0 || i == n - 1 ? 0.5 : 1.0) * (j == 0 || j == n - 1 ? 0.5 : 1.0) *
              (k == 0 || k == n - 1 ? 0.5 : 1.0);
            expected += w * values[static_cast<std::size_t>(i + n * (j + n * k))];
          }
      EXPECT_NEAR(expected, here.PointFields[0][0], 1e-9 * std::abs(expected) + 1e-6);
    }
  }
  // Bad input: a field that does not match the points.
  EXPECT_THROW(Integrate(cells, FieldArray::FromAOS(cont::make_ArrayHandle(grid), 3),
                         { FieldArray::FromAOS(cont::make_ArrayHandle(std::vector<double>(5, 1.0)), 1) }, {}, options),
               loom::cont::ErrorBadValue);
}
