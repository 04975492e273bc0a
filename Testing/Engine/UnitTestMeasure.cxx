// Loom tests: the measure family (CellSize) against known sizes: one cell of every shape Loom takes, in
// explicit cells moved by random rotations, scalings and translations (sizes scale by the factor, the
// factor squared and cubed), structured cells as quadrilaterals and hexahedra or as pixels and voxels,
// the sums with cells skipped, on the test's device.
#include "TestingDevice.h"

#include <loom/algorithms/measure/CellSize.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

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
