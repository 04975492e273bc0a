// Loom tests: the slice family (implicit function values, the plane band cut) and the point-map family
// (elevation, warp by scalar, warp by vector, with masks) against brute force, on the device under test.
// With the other family suites they put every family's CPU paths under the sanitizers (scripts/sanitizers.sh
// runs this program on TBB under ThreadSanitizer).
#include "TestingDevice.h"

#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/pointmap/PointMap.h>
#include <loom/algorithms/slice/CutExtent.h>
#include <loom/algorithms/slice/ImplicitFunction.h>
#include <loom/algorithms/slice/PlaneBand.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
// A grid of dims points: x spacing 0.5 from -3, y spacing 0.75 from 1, z spacing 0.4 from -2 (axis-aligned).
struct Grid
{
  Id3 Dims;
  std::vector<double> Axes[3];
  explicit Grid(const Id3& dims)
    : Dims(dims)
  {
    const double origin[3] = { -3.0, 1.0, -2.0 }, spacing[3] = { 0.5, 0.75, 0.4 };
    for (int a = 0; a < 3; ++a)
      for (Id i = 0; i < dims[a]; ++i)
        for (int d = 0; d < 3; ++d)
          this->Axes[a].push_back(d == a ? origin[a] + spacing[a] * static_cast<double>(i) : 0.0);
  }
  std::array<double, 3> Point(Id p) const
  {
    const Id i = p % this->Dims[0], j = (p / this->Dims[0]) % this->Dims[1], k = p / (this->Dims[0] * this->Dims[1]);
    std::array<double, 3> x{};
    for (int d = 0; d < 3; ++d)
      x[static_cast<std::size_t>(d)] = this->Axes[0][3 * i + d] + this->Axes[1][3 * j + d] + this->Axes[2][3 * k + d];
    return x;
  }
  Id Points() const { return this->Dims[0] * this->Dims[1] * this->Dims[2]; }
};

std::vector<ImplicitFunction> Functions()
{
  std::vector<ImplicitFunction> fs;
  ImplicitFunction plane;
  plane.Type = ImplicitFunction::Kind::Plane;
  plane.Origin[0] = 0.3, plane.Origin[1] = 4.1, plane.Origin[2] = 0.2;
  plane.Normal[0] = 0.4, plane.Normal[1] = 1.0, plane.Normal[2] = -0.7;
  fs.push_back(plane);
  ImplicitFunction sphere;
  sphere.Type = ImplicitFunction::Kind::Sphere;
  sphere.Origin[0] = -0.5, sphere.Origin[1] = 3.0, sphere.Origin[2] = 0.1;
  sphere.Radius = 1.7;
  fs.push_back(sphere);
  ImplicitFunction cylinder;
  cylinder.Type = ImplicitFunction::Kind::Cylinder;
  const double n = std::sqrt(0.3 * 0.3 + 1.0 + 0.2 * 0.2);
  cylinder.Normal[0] = 0.3 / n, cylinder.Normal[1] = 1.0 / n, cylinder.Normal[2] = 0.2 / n;
  cylinder.Radius = 1.1;
  fs.push_back(cylinder);
  ImplicitFunction box;
  box.Type = ImplicitFunction::Kind::Box;
  box.Min[0] = -1.0, box.Min[1] = 2.0, box.Min[2] = -1.0;
  box.Max[0] = 1.5, box.Max[1] = 5.0, box.Max[2] = 0.5;
  // A rotation about z and a shift, as vtkPVBox's transform gives it.
  const double c = std::cos(0.4), s = std::sin(0.4);
  const double m[12] = { c, -s, 0, 0.2, s, c, 0, -0.1, 0, 0, 1, 0.3 };
  std::copy(m, m + 12, box.Transform);
  fs.push_back(box);
  return fs;
}

double Get(const FieldArray& f, Id tuple, IdComponent c = 0)
{
  double v = 0.0;
  CallWithKind(f.GetKind(), [&](auto t) {
    using T = decltype(t);
    v = static_cast<double>(f.GetPortal<T>().Get(tuple, c));
  });
  return v;
}
} // namespace

TEST(SliceFamily, ImplicitValuesEqualTheFunctionAtEveryPoint)
{
  const Grid grid(Id3(13, 9, 11));
  std::vector<double> xyz;
  for (Id p = 0; p < grid.Points(); ++p)
    for (double v : grid.Point(p))
      xyz.push_back(v);
  const FieldArray points = FieldArray::FromAOS(loom::cont::make_ArrayHandle(xyz), 3);
  for (const ImplicitFunction& f : Functions())
  {
    SCOPED_TRACE(static_cast<int>(f.Type));
    const FieldArray onGrid = ImplicitValues(f, nullptr, grid.Dims, grid.Axes, test::Device());
    const FieldArray onPoints = ImplicitValues(f, &points, grid.Dims, grid.Axes, test::Device());
    ASSERT_EQ(onGrid.GetNumberOfTuples(), grid.Points());
    ASSERT_EQ(onPoints.GetNumberOfTuples(), grid.Points());
    for (Id p = 0; p < grid.Points(); ++p)
    {
      const auto x = grid.Point(p);
      const double expected = f.Evaluate(x[0], x[1], x[2]);
      ASSERT_NEAR(Get(onGrid, p), expected, 1e-12 * (1.0 + std::abs(expected))) << "grid point " << p;
      ASSERT_NEAR(Get(onPoints, p), expected, 1e-12 * (1.0 + std::abs(expected))) << "point " << p;
    }
  }
}

/// BoundedCutExtent against every cell: a cell with a corner at or below the largest level (every cell a cut
/// at a level crosses, every cell a clip keeping the values below keeps) lies in the extent, on grids with an
/// axis running backwards and one of a single point too, for spheres, boxes, a cylinder along an axis and planes
/// (any linear transform: the part of the grid on their lower side); the extent is the part a small function or
/// a plane near a corner reaches, not the grid; a skew cylinder and a singular transform have none.
TEST(SliceFamily, BoundedCutExtentHoldsEveryCellTheLevelsReach)
{
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const Id3 dims : { Id3(13, 9, 11), Id3(17, 1, 12) })
  {
    Grid grid(dims);
    for (Id i = 0; i < dims[1]; ++i) // y runs backwards
      grid.Axes[1][static_cast<std::size_t>(3 * i + 1)] = 6.0 - 0.75 * static_cast<double>(i);
    ASSERT_TRUE(GridIsAxisAligned(grid.Dims, grid.Axes));
    int bounded = 0, partial = 0, partialColumns = 0, partialPlanes = 0;
    std::vector<ImplicitFunction> functions = Functions();
    ImplicitFunction column; // a cylinder along y: bounded across y only
    column.Type = ImplicitFunction::Kind::Cylinder;
    column.Normal[0] = 0.0, column.Normal[1] = 1.0, column.Normal[2] = 0.0;
    functions.push_back(column);
    for (int trial = 0; trial < 40; ++trial)
      for (ImplicitFunction f : functions)
      {
        const bool aligned = f.Type == ImplicitFunction::Kind::Cylinder && f.Normal[0] == 0.0;
        if (f.Type == ImplicitFunction::Kind::Sphere || aligned)
        {
          f.Radius = 0.3 + 2.0 * unit(random);
          f.Origin[0] = -3.5 + 7.5 * unit(random), f.Origin[1] = unit(random) * 7.0, f.Origin[2] = -2.5 + 5.0 * unit(random);
        }
        if (f.Type == ImplicitFunction::Kind::Plane)
        {
          // Anywhere across the grid, often near a corner (a small part on its lower side), turned and shifted.
          f.Origin[0] = -5.0 + 11.0 * unit(random), f.Origin[1] = -1.0 + 9.0 * unit(random),
          f.Origin[2] = -4.0 + 8.0 * unit(random);
          f.Normal[0] = unit(random) - 0.5, f.Normal[1] = unit(random) - 0.5, f.Normal[2] = unit(random) - 0.5;
          const double c = std::cos(unit(random)), s = std::sin(unit(random) > 0.5 ? 0.3 : -0.3);
          const double m[12] = { c, -s, 0, unit(random) - 0.5, s, c, 0, 0.2, 0, 0, 1, -0.1 };
          std::copy(m, m + 12, f.Transform);
        }
        if (aligned) // a shift, as a transform of the column may carry
          for (int a = 0; a < 3; ++a)
            f.Transform[4 * a + 3] = unit(random) - 0.5;
        else if (f.Type == ImplicitFunction::Kind::Box)
          for (int a = 0; a < 3; ++a)
          {
            f.Min[a] = -2.0 + 3.0 * unit(random);
            f.Max[a] = f.Min[a] + 2.0 * unit(random);
            f.Transform[4 * a + 3] = unit(random) - 0.5;
          }
        const std::vector<double> levels = { -0.3 + 0.6 * unit(random), -0.5, 0.25 * unit(random) };
        const double top = *std::max_element(levels.begin(), levels.end());
        GridExtent extent;
        const bool found = BoundedCutExtent(grid.Dims, grid.Axes, f, levels, extent);
        const bool boundedKind = f.Type != ImplicitFunction::Kind::Cylinder || f.Normal[0] == 0.0;
        ASSERT_EQ(found, boundedKind) << "function kind " << static_cast<int>(f.Type);
        if (!found)
          continue;
        ++bounded;
        partial += extent.NumberOfPoints() < grid.Points();
        partialColumns += aligned && extent.NumberOfPoints() < grid.Points();
        partialPlanes += f.Type == ImplicitFunction::Kind::Plane && extent.NumberOfPoints() < grid.Points();
        const Id nx = dims[0], ny = dims[1];
        const Id cells[3] = { std::max<Id>(dims[0] - 1, 1), std::max<Id>(dims[1] - 1, 1), std::max<Id>(dims[2] - 1, 1) };
        for (Id k = 0; k < cells[2]; ++k)
          for (Id j = 0; j < cells[1]; ++j)
            for (Id i = 0; i < cells[0]; ++i)
            {
              bool reached = false;
              for (int corner = 0; corner < 8; ++corner)
              {
                const Id ci = std::min(i + (corner & 1), dims[0] - 1), cj = std::min(j + ((corner >> 1) & 1), dims[1] - 1),
                         ck = std::min(k + ((corner >> 2) & 1), dims[2] - 1);
                const auto x = grid.Point(ci + nx * (cj + ny * ck));
                reached = reached || f.Evaluate(x[0], x[1], x[2]) <= top;
              }
              if (!reached)
                continue;
              const Id at[3] = { i, j, k };
              for (int a = 0; a < 3; ++a)
              {
                ASSERT_GE(at[a], extent.First[a]) << "trial " << trial << ", axis " << a;
                ASSERT_LE(std::min(at[a] + 1, dims[a] - 1), extent.Last[a]) << "trial " << trial << ", axis " << a;
              }
            }
      }
    EXPECT_EQ(bounded, 160);
    EXPECT_GT(partial, 80) << "the extents should mostly be parts of the grid";
    EXPECT_GT(partialPlanes, 10) << "planes near a corner should give parts of the grid";
    EXPECT_GT(partialColumns, 20) << "the columns' extents should mostly be parts of the grid";
  }
  // A singular transform has no inverse: no extent.
  ImplicitFunction flat = Functions()[1];
  flat.Transform[10] = 0.0;
  GridExtent extent;
  EXPECT_FALSE(BoundedCutExtent(Grid(Id3(5, 5, 5)).Dims, Grid(Id3(5, 5, 5)).Axes, flat, { 0.0 }, extent));
  // A sphere far from the grid: the first cell, whose cut is empty.
  ImplicitFunction far = Functions()[1];
  far.Origin[0] = 100.0;
  const Grid small(Id3(5, 6, 7));
  ASSERT_TRUE(BoundedCutExtent(small.Dims, small.Axes, far, { 0.0 }, extent));
  for (int a = 0; a < 3; ++a)
  {
    EXPECT_EQ(extent.First[a], 0);
    EXPECT_EQ(extent.Last[a], 1);
  }
}

TEST(SliceFamily, PlaneBandCutEqualsTheContourOfThePlaneValues)
{
  // The band cut visits only the cells near the plane; it must give what contouring the plane's values over
  // every cell gives: the same triangles on the same edges with the same weights.
  const Grid grid(Id3(23, 19, 21));
  ASSERT_TRUE(PlaneBandApplies(grid.Dims, grid.Axes));
  // Planes square to an axis take the box path (the structured pass on the band), the others marching cells.
  const double normals[][3] = { { 0.4, 1.0, -0.7 }, { 0.0, 0.0, 1.0 }, { 1.0, 0.02, 0.0 }, { -0.3, 0.2, 0.9 },
                                { 1.0, 0.0, 0.0 }, { 0.0, -2.0, 0.0 } };
  for (const auto& normal : normals)
    for (double value : { 0.0, 0.37 })
    {
      SCOPED_TRACE(testing::Message() << normal[0] << " " << normal[1] << " " << normal[2] << " @ " << value);
      ImplicitFunction plane;
      plane.Type = ImplicitFunction::Kind::Plane;
      plane.Origin[0] = 1.1, plane.Origin[1] = 7.7, plane.Origin[2] = 1.9;
      std::copy(normal, normal + 3, plane.Normal);
      FieldArray positions;
      const ContourResult band = PlaneBandCut(grid.Dims, grid.Axes, plane, value, true, positions, test::Device());

      ContourOptions options;
      options.IsoValues = { value };
      options.SourceCells = true;
      options.Device = test::Device();
      const FieldArray values = ImplicitValues(plane, nullptr, grid.Dims, grid.Axes, test::Device());
      const ContourResult full = Contour(loom::cont::CellSetStructured<3>(grid.Dims), values, options);
      ASSERT_GT(full.GetNumberOfPrimitives(), 0);
      ASSERT_EQ(band.GetNumberOfPrimitives(), full.GetNumberOfPrimitives());
      ASSERT_EQ(positions.GetNumberOfTuples(), band.Points.GetNumberOfPoints());

      // Each triangle as the sorted edges of its corners, with its cell; each edge's weight.
      auto triangles = [](const ContourResult& r, std::map<std::pair<Id, Id>, double>& weights) {
        std::vector<std::pair<std::array<std::pair<Id, Id>, 3>, Id>> out;
        auto source = r.SourceCells.ReadPortal();
        auto a = r.Points.A.ReadPortal(), b = r.Points.B.ReadPortal();
        auto w = r.Points.Weight.ReadPortal();
        auto conn = r.Connectivity.ReadPortal();
        for (Id p = 0; p < r.Points.GetNumberOfPoints(); ++p)
        {
          const bool flip = a.Get(p) > b.Get(p);
          weights[{ std::min(a.Get(p), b.Get(p)), std::max(a.Get(p), b.Get(p)) }] = flip ? 1.0 - w.Get(p) : w.Get(p);
        }
        for (Id t = 0; t < r.GetNumberOfPrimitives(); ++t)
        {
          std::array<std::pair<Id, Id>, 3> tri;
          for (int c = 0; c < 3; ++c)
          {
            const Id p = conn.Get(3 * t + c);
            tri[static_cast<std::size_t>(c)] = { std::min(a.Get(p), b.Get(p)), std::max(a.Get(p), b.Get(p)) };
          }
          std::sort(tri.begin(), tri.end());
          out.push_back({ tri, source.Get(t) });
        }
        std::sort(out.begin(), out.end());
        return out;
      };
      std::map<std::pair<Id, Id>, double> bandWeights, fullWeights;
      ASSERT_EQ(triangles(band, bandWeights), triangles(full, fullWeights));
      ASSERT_EQ(bandWeights.size(), fullWeights.size());
      for (const auto& [edge, weight] : fullWeights)
        ASSERT_NEAR(bandWeights.at(edge), weight, 1e-9) << "edge " << edge.first << "-" << edge.second;
      // The cut points lie on the plane.
      const double len = std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
      for (Id p = 0; p < positions.GetNumberOfTuples(); ++p)
        ASSERT_NEAR(plane.Evaluate(Get(positions, p, 0), Get(positions, p, 1), Get(positions, p, 2)), value,
                    1e-5 * len * 10.0)
          << "cut point " << p;
    }
}

TEST(PointMapFamily, ElevationAndWarpsEqualTheirFormulas)
{
  std::mt19937 random(7);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  const Id n = 20000;
  std::vector<double> xyz(3 * n), scalar(n), vec(3 * n), normals(3 * n);
  for (Id p = 0; p < n; ++p)
  {
    scalar[p] = u(random);
    double len = 0.0;
    for (int d = 0; d < 3; ++d)
    {
      xyz[3 * p + d] = u(random);
      vec[3 * p + d] = u(random);
      normals[3 * p + d] = u(random) + (d == 2 ? 3.0 : 0.0);
      len += normals[3 * p + d] * normals[3 * p + d];
    }
    for (int d = 0; d < 3; ++d)
      normals[3 * p + d] /= std::sqrt(len);
  }
  const FieldArray points = FieldArray::FromAOS(loom::cont::make_ArrayHandle(xyz), 3);
  const FieldArray scalars = FieldArray::FromAOS(loom::cont::make_ArrayHandle(scalar), 1);
  const FieldArray vectors = FieldArray::FromAOS(loom::cont::make_ArrayHandle(vec), 3);
  const FieldArray normalField = FieldArray::FromAOS(loom::cont::make_ArrayHandle(normals), 3);
  PointPositions positions;
  positions.Points = &points;

  // Every third point selected; the others keep their position (warps) or the fill value (elevation).
  std::vector<UInt8> flags(n);
  for (Id p = 0; p < n; ++p)
    flags[p] = p % 3 == 0 ? 1 : 0;
  OutputMask all, some;
  some.Selection = OutputMask::Mode::Select;
  some.Flags = loom::cont::make_ArrayHandle(flags);
  some.Fill = -7.0;

  ElevationOptions elevation;
  elevation.Low[0] = -1.0, elevation.Low[1] = -0.5, elevation.Low[2] = 0.0;
  elevation.High[0] = 1.0, elevation.High[1] = 1.5, elevation.High[2] = 0.5;
  elevation.Range[0] = 10.0, elevation.Range[1] = 20.0;
  WarpScalarOptions byScalar;
  byScalar.ScaleFactor = 0.7;
  byScalar.Normal[0] = 0.0, byScalar.Normal[1] = 0.6, byScalar.Normal[2] = 0.8;
  WarpScalarOptions byNormals = byScalar;
  byNormals.Normals = &normalField;
  for (const OutputMask* mask : { &all, &some })
  {
    SCOPED_TRACE(mask == &all ? "all points" : "every third point");
    const FieldArray e = Elevation(positions, elevation, *mask, test::Device());
    const FieldArray ws = WarpByScalar(positions, scalars, byScalar, WarpPrecision::Float64, *mask, test::Device());
    const FieldArray wn = WarpByScalar(positions, scalars, byNormals, WarpPrecision::Float32, *mask, test::Device());
    const FieldArray wv = WarpByVector(positions, vectors, -1.3, WarpPrecision::Float64, *mask, test::Device());
    ASSERT_EQ(e.GetNumberOfTuples(), n);
    ASSERT_EQ(ws.GetNumberOfTuples(), n);
    ASSERT_EQ(wn.GetKind(), ValueKind::Float32);
    const double axis[3] = { elevation.High[0] - elevation.Low[0], elevation.High[1] - elevation.Low[1],
                             elevation.High[2] - elevation.Low[2] };
    const double axis2 = axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2];
    for (Id p = 0; p < n; ++p)
    {
      const bool on = mask == &all || flags[p];
      const double* x = &xyz[3 * p];
      double t = ((x[0] - elevation.Low[0]) * axis[0] + (x[1] - elevation.Low[1]) * axis[1] +
                  (x[2] - elevation.Low[2]) * axis[2]) /
        axis2;
      t = std::min(1.0, std::max(0.0, t));
      ASSERT_NEAR(Get(e, p), on ? 10.0 + 10.0 * t : -7.0, 1e-4) << "elevation of point " << p;
      for (int d = 0; d < 3; ++d)
      {
        const double s = scalar[p];
        ASSERT_NEAR(Get(ws, p, d), on ? x[d] + 0.7 * s * byScalar.Normal[d] : x[d], 1e-12) << "point " << p;
        ASSERT_NEAR(Get(wn, p, d), on ? x[d] + 0.7 * s * normals[3 * p + d] : x[d], 1e-5) << "point " << p;
        ASSERT_NEAR(Get(wv, p, d), on ? x[d] - 1.3 * vec[3 * p + d] : x[d], 1e-12) << "point " << p;
      }
    }
  }
}

// Transform: points through the affine part as the formula (the same sums in double), from stored
// points and from a grid's axes; vectors through the 3x3 part in their own kind, normals normalized; a
// vector field of integers refused.
TEST(PointMapFamily, TransformsEqualTheirFormulas)
{
  std::mt19937 random(11);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  const Id n = 5000;
  std::vector<double> xyz(3 * n);
  std::vector<float> vec(3 * n);
  for (Id i = 0; i < 3 * n; ++i)
  {
    xyz[i] = u(random);
    vec[i] = static_cast<float>(u(random));
  }
  const FieldArray points = FieldArray::FromAOS(loom::cont::make_ArrayHandle(xyz), 3);
  const FieldArray vectors = FieldArray::FromAOS(loom::cont::make_ArrayHandle(vec), 3);
  PointPositions positions;
  positions.Points = &points;
  AffineTransform t;
  const double m[3][4] = { { 0.9, -0.3, 0.2, 1.5 }, { 0.4, 1.1, -0.7, -2.0 }, { 0.0, 0.5, 2.0, 0.25 } };
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      t.M[r][c] = m[r][c];
  const double a[3][3] = { { 0.9, -0.3, 0.2 }, { 0.4, 1.1, -0.7 }, { 0.0, 0.5, 2.0 } };
  for (WarpPrecision precision : { WarpPrecision::Float64, WarpPrecision::Float32 })
  {
    const FieldArray moved = TransformPoints(positions, t, precision, test::Device());
    ASSERT_EQ(moved.GetKind(), precision == WarpPrecision::Float64 ? ValueKind::Float64 : ValueKind::Float32);
    for (Id p = 0; p < n; ++p)
      for (int r = 0; r < 3; ++r)
      {
        const double* x = &xyz[3 * p];
        const double expected = m[r][0] * x[0] + m[r][1] * x[1] + m[r][2] * x[2] + m[r][3];
        // (Within rounding: the engine may contract a product and a sum into one fused operation.)
        ASSERT_NEAR(Get(moved, p, r), expected, (precision == WarpPrecision::Float64 ? 1e-13 : 1e-6) * (1.0 + std::abs(expected)))
          << "point " << p;
      }
  }
  for (bool normalize : { false, true })
  {
    const FieldArray out = TransformVectors(vectors, a, normalize, test::Device());
    ASSERT_EQ(out.GetKind(), ValueKind::Float32);
    for (Id p = 0; p < n; ++p)
    {
      float w[3];
      for (int r = 0; r < 3; ++r)
        w[r] = static_cast<float>(a[r][0] * vec[3 * p] + a[r][1] * vec[3 * p + 1] + a[r][2] * vec[3 * p + 2]);
      const float length = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
      for (int r = 0; r < 3; ++r)
        ASSERT_NEAR(Get(out, p, r), normalize && length != 0.0f ? w[r] / length : w[r], 1e-6 * (1.0 + std::abs(w[r])))
          << "vector " << p;
    }
  }
  // A grid's points from its axes: the same as its stored points.
  const Id dims[3] = { 4, 3, 5 };
  std::vector<double> axes[3], stored;
  for (int d = 0; d < 3; ++d)
    for (Id i = 0; i < dims[d]; ++i)
      for (int c = 0; c < 3; ++c)
        axes[d].push_back(c == d ? 0.5 * i + d : 0.0);
  for (Id k = 0; k < dims[2]; ++k)
    for (Id j = 0; j < dims[1]; ++j)
      for (Id i = 0; i < dims[0]; ++i)
        for (int c = 0; c < 3; ++c)
          stored.push_back(axes[0][3 * i + c] + axes[1][3 * j + c] + axes[2][3 * k + c]);
  PointPositions grid;
  grid.Axes = axes;
  for (int d = 0; d < 3; ++d)
    grid.Dims[d] = dims[d];
  const FieldArray storedField = FieldArray::FromAOS(loom::cont::make_ArrayHandle(stored), 3);
  PointPositions asStored;
  asStored.Points = &storedField;
  const FieldArray fromAxes = TransformPoints(grid, t, WarpPrecision::Float64, test::Device());
  const FieldArray fromPoints = TransformPoints(asStored, t, WarpPrecision::Float64, test::Device());
  ASSERT_EQ(fromAxes.GetNumberOfTuples(), dims[0] * dims[1] * dims[2]);
  for (Id p = 0; p < fromAxes.GetNumberOfTuples(); ++p)
    for (int r = 0; r < 3; ++r)
      ASSERT_NEAR(Get(fromAxes, p, r), Get(fromPoints, p, r), 1e-12) << "grid point " << p;
  // Integers are not transformed here (the filter hands them to VTK).
  std::vector<Int32> integers(3 * n, 1);
  EXPECT_THROW(TransformVectors(FieldArray::FromAOS(loom::cont::make_ArrayHandle(integers), 3), a, false, test::Device()),
               loom::cont::ErrorBadType);
}
