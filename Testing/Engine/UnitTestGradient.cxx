// Loom tests: the gradient family on the device under test. Structured grids against a brute-force
// reference of VTK's finite differences (a 3x3 solve per point); cells of every differentiated shape
// against the exact gradient of a linear field (in the plane of 2D cells, per axis on lines); the
// derived fields from the gradient; masks by ids and flags with fill and kept values; bad input.
// (Loom against VTK's own filter: Testing/Filters/TestLoomGradient.cxx.)
#include "TestingDevice.h"

#include <loom/CellShape.h>
#include <loom/algorithms/gradient/Gradient.h>
#include <loom/cont/Error.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
FieldArray Doubles(const std::vector<double>& values, IdComponent components)
{
  return FieldArray::FromAOS(cont::make_ArrayHandle(values), components);
}

std::vector<double> Values(const FieldArray& f)
{
  std::vector<double> out;
  if (f.GetKind() == ValueKind::Float64)
    out = cont::ToVector(f.GetAOS<Float64>());
  else
    for (Float32 v : cont::ToVector(f.GetAOS<Float32>()))
      out.push_back(v);
  return out;
}

/// Solves J g = d for 3x3 J by Gaussian elimination with partial pivoting (zero when singular).
void Solve(double J[3][3], double d[3], double g[3])
{
  int order[3] = { 0, 1, 2 };
  for (int c = 0; c < 3; ++c)
  {
    int best = c;
    for (int r = c + 1; r < 3; ++r)
      if (std::abs(J[order[r]][c]) > std::abs(J[order[best]][c]))
        best = r;
    std::swap(order[c], order[best]);
    if (J[order[c]][c] == 0.0)
    {
      g[0] = g[1] = g[2] = 0.0;
      return;
    }
    for (int r = c + 1; r < 3; ++r)
    {
      const double m = J[order[r]][c] / J[order[c]][c];
      for (int k = c; k < 3; ++k)
        J[order[r]][k] -= m * J[order[c]][k];
      d[order[r]] -= m * d[order[c]];
    }
  }
  for (int c = 2; c >= 0; --c)
  {
    double s = d[order[c]];
    for (int k = c + 1; k < 3; ++k)
      s -= J[order[c]][k] * g[k];
    g[c] = s / J[order[c]][c];
  }
}

/// VTK's structured gradient, one point at a time: per index direction the neighbours' differences
/// (central inside, one-sided at the ends, a unit step along a flat direction), then the solve of
/// sum_j dx[a][j] g_j = dv[a] for the three directions a.
std::vector<double> StructuredReference(const Id dims[3], const std::vector<double>& xyz, const std::vector<double>& f,
                                        int nc)
{
  std::vector<double> out;
  for (Id k = 0; k < dims[2]; ++k)
    for (Id j = 0; j < dims[1]; ++j)
      for (Id i = 0; i < dims[0]; ++i)
      {
        const Id ijk[3] = { i, j, k };
        double dx[3][3], dv[3][16];
        for (int a = 0; a < 3; ++a)
        {
          if (dims[a] == 1)
          {
            for (int d = 0; d < 3; ++d)
              dx[a][d] = d == a;
            for (int c = 0; c < nc; ++c)
              dv[a][c] = 0.0;
            continue;
          }
          Id p[3] = { i, j, k }, m[3] = { i, j, k };
          p[a] = std::min(ijk[a] + 1, dims[a] - 1);
          m[a] = std::max(ijk[a] - 1, Id(0));
          const double factor = 1.0 / static_cast<double>(p[a] - m[a]);
          const Id ip = p[0] + dims[0] * (p[1] + dims[1] * p[2]), im = m[0] + dims[0] * (m[1] + dims[1] * m[2]);
          for (int d = 0; d < 3; ++d)
            dx[a][d] = factor * (xyz[3 * ip + d] - xyz[3 * im + d]);
          for (int c = 0; c < nc; ++c)
            dv[a][c] = factor * (f[ip * nc + c] - f[im * nc + c]);
        }
        for (int c = 0; c < nc; ++c)
        {
          double J[3][3], d[3], g[3];
          for (int a = 0; a < 3; ++a)
          {
            for (int e = 0; e < 3; ++e)
              J[a][e] = dx[a][e];
            d[a] = dv[a][c];
          }
          Solve(J, d, g);
          out.insert(out.end(), g, g + 3);
        }
      }
  return out;
}

void ExpectClose(const std::vector<double>& expected, const std::vector<double>& got, double tolerance,
                 const std::string& what)
{
  ASSERT_EQ(expected.size(), got.size()) << what;
  double scale = 0.0;
  for (double v : expected)
    scale = std::max(scale, std::abs(v));
  for (std::size_t i = 0; i < expected.size(); ++i)
    ASSERT_NEAR(expected[i], got[i], tolerance * std::max(scale, 1.0)) << what << " value " << i;
}
} // namespace

TEST(Gradient, StructuredAgainstBruteForce)
{
  std::mt19937 random(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const Id3& dims : { Id3(6, 5, 4), Id3(7, 1, 5), Id3(9, 1, 1) })
  {
    const Id n = dims[0] * dims[1] * dims[2];
    const Id d3[3] = { dims[0], dims[1], dims[2] };
    std::vector<double> f(static_cast<std::size_t>(3 * n));
    for (double& v : f)
      v = u(random);
    // Axis-aligned axes (the diagonal path), rotated axes (the general one), stored points.
    for (int geometryKind = 0; geometryKind < 3; ++geometryKind)
    {
      std::vector<double> axes[3], xyz(static_cast<std::size_t>(3 * n));
      for (int a = 0; a < 3; ++a)
        for (Id i = 0; i < dims[a]; ++i)
        {
          const double t = std::pow(1.0 + i, 1.2) + 0.3 * a;
          for (int d = 0; d < 3; ++d)
            axes[a].push_back(geometryKind == 0 ? (d == a ? t : 0.0) : t * std::cos(0.4 * (a + 1) * (d + 1)));
        }
      for (Id p = 0; p < n; ++p)
      {
        const Id ijk[3] = { p % dims[0], (p / dims[0]) % dims[1], p / (dims[0] * dims[1]) };
        for (int d = 0; d < 3; ++d)
          xyz[3 * p + d] = axes[0][3 * ijk[0] + d] + axes[1][3 * ijk[1] + d] + axes[2][3 * ijk[2] + d] +
            (geometryKind == 2 ? 0.05 * u(random) : 0.0);
      }
      const FieldArray points = Doubles(xyz, 3);
      PointPositions geometry;
      geometry.Dims = dims;
      if (geometryKind < 2)
        geometry.Axes = axes;
      else
        geometry.Points = &points;
      GradientOptions options;
      options.Divergence = options.Vorticity = options.QCriterion = true;
      const GradientResult r = StructuredGradient(geometry, Doubles(f, 3), false, options, OutputMask{}, test::Device());
      const std::vector<double> expected = StructuredReference(d3, xyz, f, 3);
      const std::string what = "dims " + std::to_string(dims[0]) + "x" + std::to_string(dims[1]) + "x" +
        std::to_string(dims[2]) + " geometry " + std::to_string(geometryKind);
      ExpectClose(expected, Values(r.Gradient), 1e-12, what);
      std::vector<double> div, vort, q;
      for (Id p = 0; p < n; ++p)
      {
        const double* g = &expected[9 * p];
        div.push_back(g[0] + g[4] + g[8]);
        vort.insert(vort.end(), { g[7] - g[5], g[2] - g[6], g[3] - g[1] });
        q.push_back(-(g[0] * g[0] + g[4] * g[4] + g[8] * g[8]) / 2 - (g[1] * g[3] + g[2] * g[6] + g[5] * g[7]));
      }
      ExpectClose(div, Values(r.Divergence), 1e-12, what + " divergence");
      ExpectClose(vort, Values(r.Vorticity), 1e-12, what + " vorticity");
      ExpectClose(q, Values(r.QCriterion), 1e-11, what + " Q-criterion");
    }
  }
}

TEST(Gradient, StructuredCellFieldOfLinearValuesIsExact)
{
  // Cell values linear in the cell centers: every difference quotient is the exact gradient.
  const Id3 dims(5, 4, 6);
  std::vector<double> axes[3];
  for (int a = 0; a < 3; ++a)
    for (Id i = 0; i < dims[a]; ++i)
      for (int d = 0; d < 3; ++d)
        axes[a].push_back(d == a ? 0.7 * i * (a + 1) : 0.0);
  std::vector<double> f;
  for (Id k = 0; k + 1 < dims[2]; ++k)
    for (Id j = 0; j + 1 < dims[1]; ++j)
      for (Id i = 0; i + 1 < dims[0]; ++i)
        f.push_back(2.0 * 0.7 * (i + 0.5) - 3.0 * 1.4 * (j + 0.5) + 0.5 * 2.1 * (k + 0.5));
  PointPositions geometry;
  geometry.Dims = dims;
  geometry.Axes = axes;
  const GradientResult r = StructuredGradient(geometry, Doubles(f, 1), true, GradientOptions{}, OutputMask{}, test::Device());
  const std::vector<double> g = Values(r.Gradient);
  ASSERT_EQ(3 * f.size(), g.size());
  for (std::size_t c = 0; c < f.size(); ++c)
  {
    EXPECT_NEAR(2.0, g[3 * c], 1e-12);
    EXPECT_NEAR(-3.0, g[3 * c + 1], 1e-12);
    EXPECT_NEAR(0.5, g[3 * c + 2], 1e-12);
  }
}

namespace
{
struct Mesh
{
  std::vector<double> Xyz;
  std::vector<UInt8> Shapes;
  std::vector<Int64> Offsets{ 0 }, Connectivity;
  void Add(UInt8 shape, std::vector<std::array<double, 3>> corners)
  {
    for (const auto& c : corners)
    {
      this->Connectivity.push_back(static_cast<Int64>(this->Xyz.size() / 3));
      this->Xyz.insert(this->Xyz.end(), c.begin(), c.end());
    }
    this->Shapes.push_back(shape);
    this->Offsets.push_back(static_cast<Int64>(this->Connectivity.size()));
  }
  CellSetAny Cells() const
  {
    return cont::CellSetExplicit<Int64, Int64>(static_cast<Id>(this->Xyz.size() / 3), cont::make_ArrayHandle(this->Shapes),
                                               cont::make_ArrayHandle(this->Offsets),
                                               cont::make_ArrayHandle(this->Connectivity));
  }
};
} // namespace

TEST(Gradient, LinearFieldOnEveryShapeIsExact)
{
  // Each cell on its own points, slightly distorted (hexahedra and wedges stay trilinear images of
  // their reference cells, so a linear field is exact there too).
  std::mt19937 random(3);
  std::uniform_real_distribution<double> u(-0.1, 0.1);
  auto jitter = [&](std::vector<std::array<double, 3>> c) {
    for (auto& p : c)
      for (double& x : p)
        x += u(random);
    return c;
  };
  Mesh mesh;
  mesh.Add(CELL_SHAPE_TETRA, jitter({ { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } }, { { 0, 0, 1 } } }));
  mesh.Add(CELL_SHAPE_HEXAHEDRON, jitter({ { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 1, 1, 0 } }, { { 0, 1, 0 } },
                                           { { 0, 0, 1 } }, { { 1, 0, 1 } }, { { 1, 1, 1 } }, { { 0, 1, 1 } } }));
  mesh.Add(CELL_SHAPE_VOXEL, { { { 0, 0, 0 } }, { { 2, 0, 0 } }, { { 0, 1, 0 } }, { { 2, 1, 0 } },
                               { { 0, 0, 3 } }, { { 2, 0, 3 } }, { { 0, 1, 3 } }, { { 2, 1, 3 } } });
  mesh.Add(CELL_SHAPE_WEDGE, jitter({ { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } }, { { 0, 0, 1 } },
                                      { { 1, 0, 1 } }, { { 0, 1, 1 } } }));
  const std::size_t solids = mesh.Shapes.size();
  // 2D cells in the plane z = 0.5 x: the gradient in their plane.
  auto plane = [](double x, double y) { return std::array<double, 3>{ x, y, 0.5 * x }; };
  mesh.Add(CELL_SHAPE_TRIANGLE, { plane(0, 0), plane(1, 0.2), plane(0.1, 1) });
  mesh.Add(CELL_SHAPE_QUAD, { plane(0, 0), plane(1, 0.1), plane(1.2, 1), plane(-0.1, 0.9) });
  mesh.Add(CELL_SHAPE_PIXEL, { { { 0, 0, 2 } }, { { 2, 0, 2 } }, { { 0, 1, 2 } }, { { 2, 1, 2 } } });
  mesh.Add(CELL_SHAPE_LINE, { { { 0, 0, 0 } }, { { 2, 0, 0 } } });
  mesh.Add(CELL_SHAPE_VERTEX, { { { 5, 5, 5 } } });
  const double a[3] = { 1.5, -2.0, 0.25 };
  const Id n = static_cast<Id>(mesh.Xyz.size() / 3);
  std::vector<double> f;
  for (Id p = 0; p < n; ++p)
    f.push_back(a[0] * mesh.Xyz[3 * p] + a[1] * mesh.Xyz[3 * p + 1] + a[2] * mesh.Xyz[3 * p + 2] + 4.0);
  const CellSetAny cells = mesh.Cells();
  EXPECT_EQ("", UnsupportedGradientCells(cells));
  const FieldArray points = Doubles(mesh.Xyz, 3);
  for (bool faster : { false, true })
  {
    GradientOptions options;
    options.FasterApproximation = faster;
    const std::vector<double> g =
      Values(CellGradient(cells, points, Doubles(f, 1), false, options, OutputMask{}, test::Device()).Gradient);
    // Expected per point: a (solids), a projected on the plane (2D), (a_x, 0, 0) on the x-line, 0 at the
    // vertex.
    const double normal[3] = { -0.5 / std::sqrt(1.25), 0, 1 / std::sqrt(1.25) };
    const double along = a[0] * normal[0] + a[2] * normal[2];
    for (std::size_t c = 0; c < mesh.Shapes.size(); ++c)
      for (Int64 k = mesh.Offsets[c]; k < mesh.Offsets[c + 1]; ++k)
      {
        const Int64 p = mesh.Connectivity[static_cast<std::size_t>(k)];
        double e[3] = { a[0], a[1], a[2] };
        if (mesh.Shapes[c] == CELL_SHAPE_TRIANGLE || mesh.Shapes[c] == CELL_SHAPE_QUAD)
          for (int d = 0; d < 3; ++d)
            e[d] -= along * normal[d];
        if (mesh.Shapes[c] == CELL_SHAPE_PIXEL)
          e[2] = 0.0;
        if (mesh.Shapes[c] == CELL_SHAPE_LINE)
          e[1] = e[2] = 0.0;
        if (mesh.Shapes[c] == CELL_SHAPE_VERTEX)
          e[0] = e[1] = e[2] = 0.0;
        for (int d = 0; d < 3; ++d)
          ASSERT_NEAR(e[d], g[3 * p + d], 1e-10) << "cell " << c << " shape " << int(mesh.Shapes[c]) << " point " << p
                                                 << " faster " << faster;
      }
  }
  // The cell-field path (average to points, derivative at the centers) runs on every shape: these
  // cells share no points, so a per-cell constant averages to that constant at the cells' points and
  // each gradient is zero. (Linear cell fields: StructuredCellFieldOfLinearValuesIsExact; cell arrays
  // on shared points against VTK: Testing/Filters/TestLoomGradient.cxx.)
  std::vector<double> perCell(mesh.Shapes.size(), 3.0);
  const std::vector<double> gc =
    Values(CellGradient(cells, points, Doubles(perCell, 1), true, GradientOptions{}, OutputMask{}, test::Device()).Gradient);
  for (std::size_t c = 0; c < solids; ++c)
    for (int d = 0; d < 3; ++d)
      EXPECT_NEAR(0.0, gc[3 * c + d], 1e-12);
  // Shapes the family does not differentiate are named.
  Mesh other;
  other.Add(CELL_SHAPE_PYRAMID, { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 1, 1, 0 } }, { { 0, 1, 0 } }, { { .5, .5, 1 } } });
  EXPECT_NE(std::string::npos, UnsupportedGradientCells(other.Cells()).find("pyramid"));
}

TEST(Gradient, MasksComputeOnlyTheSelection)
{
  const Id3 dims(8, 7, 6);
  const Id n = dims[0] * dims[1] * dims[2];
  std::vector<double> axes[3];
  for (int a = 0; a < 3; ++a)
    for (Id i = 0; i < dims[a]; ++i)
      for (int d = 0; d < 3; ++d)
        axes[a].push_back(d == a ? 0.5 * i : 0.0);
  std::vector<double> f;
  for (Id p = 0; p < n; ++p)
    f.push_back(std::sin(0.3 * p));
  PointPositions geometry;
  geometry.Dims = dims;
  geometry.Axes = axes;
  const std::vector<double> full =
    Values(StructuredGradient(geometry, Doubles(f, 1), false, GradientOptions{}, OutputMask{}, test::Device()).Gradient);
  std::vector<Id> ids;
  std::vector<UInt8> flags(static_cast<std::size_t>(n), 0);
  for (Id p = 3; p < n; p += 11)
  {
    ids.push_back(p);
    flags[static_cast<std::size_t>(p)] = 1;
  }
  std::vector<double> kept(static_cast<std::size_t>(3 * n), -5.0);
  const FieldArray keep = Doubles(kept, 3);
  for (int mode = 0; mode < 2; ++mode)
  {
    OutputMask mask;
    mask.Selection = mode == 0 ? OutputMask::Mode::Indices : OutputMask::Mode::Select;
    mask.Ids = cont::make_ArrayHandle(ids);
    mask.Flags = cont::make_ArrayHandle(flags);
    mask.Keep = mode == 0 ? &keep : nullptr;
    mask.Fill = 9.0;
    const std::vector<double> g =
      Values(StructuredGradient(geometry, Doubles(f, 1), false, GradientOptions{}, mask, test::Device()).Gradient);
    for (Id p = 0; p < n; ++p)
      for (int d = 0; d < 3; ++d)
        ASSERT_EQ(flags[static_cast<std::size_t>(p)] ? full[3 * p + d] : (mode == 0 ? -5.0 : 9.0), g[3 * p + d])
          << "mode " << mode << " point " << p;
  }
}

TEST(Gradient, BadInput)
{
  const Id3 dims(3, 3, 3);
  std::vector<double> axes[3];
  for (int a = 0; a < 3; ++a)
    for (Id i = 0; i < 3; ++i)
      for (int d = 0; d < 3; ++d)
        axes[a].push_back(d == a ? double(i) : 0.0);
  PointPositions geometry;
  geometry.Dims = dims;
  geometry.Axes = axes;
  EXPECT_THROW(StructuredGradient(geometry, Doubles(std::vector<double>(26, 1.0), 1), false, GradientOptions{},
                                  OutputMask{}, test::Device()),
               cont::ErrorBadValue);
  GradientOptions vorticity;
  vorticity.Vorticity = true;
  EXPECT_THROW(StructuredGradient(geometry, Doubles(std::vector<double>(27, 1.0), 1), false, vorticity, OutputMask{},
                                  test::Device()),
               cont::ErrorBadType);
  OutputMask mask;
  mask.Selection = OutputMask::Mode::Select;
  mask.Flags = cont::make_ArrayHandle(std::vector<UInt8>(5, 1));
  EXPECT_THROW(StructuredGradient(geometry, Doubles(std::vector<double>(27, 1.0), 1), false, GradientOptions{}, mask,
                                  test::Device()),
               cont::ErrorBadValue);
  Mesh mesh;
  mesh.Add(CELL_SHAPE_TETRA, { { { 0, 0, 0 } }, { { 1, 0, 0 } }, { { 0, 1, 0 } }, { { 0, 0, 1 } } });
  EXPECT_THROW(CellGradient(mesh.Cells(), Doubles(mesh.Xyz, 3), Doubles({ 1, 2, 3 }, 1), false, GradientOptions{},
                            OutputMask{}, test::Device()),
               cont::ErrorBadValue);
}
