// Loom tests: the locate family. The binned locator against a brute-force search over every cell (the same
// tie rule, lowest or highest id) on meshes of hexahedra, tetrahedra, wedges, pyramids and voxels, jittered,
// at random points and at points exactly on vertices, edge midpoints and face centres; interpolation of a
// linear field, which every linear cell reproduces exactly; images and rectilinear grids against VTK's
// boundary rules; structured cells against the same cells listed explicitly; the sampled kinds, the mask
// and NaN samples; all on the test's device.
#include "TestingDevice.h"

#include <loom/algorithms/locate/Locate.h>
#include <loom/algorithms/locate/LocateCell.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
struct Mesh
{
  std::vector<double> Xyz;
  std::vector<UInt8> Types;
  std::vector<Int64> Offsets{ 0 }, Connectivity;
  void Add(UInt8 type, std::initializer_list<Id> ids)
  {
    this->Types.push_back(type);
    for (Id id : ids)
      this->Connectivity.push_back(id);
    this->Offsets.push_back(static_cast<Int64>(this->Connectivity.size()));
  }
  Id Points() const { return static_cast<Id>(this->Xyz.size() / 3); }
  CellSetAny Cells() const
  {
    return loom::cont::CellSetExplicit<Int64, Int64>(this->Points(), cont::make_ArrayHandle(this->Types),
                                                     cont::make_ArrayHandle(this->Offsets), cont::make_ArrayHandle(this->Connectivity));
  }
  FieldArray PointField() const { return FieldArray::FromAOS(cont::make_ArrayHandle(this->Xyz), 3); }
};

// An n^3 grid of cubes of side 1, interior points jittered by up to `jitter`, each cube split by `split`:
// 0 one hexahedron, 1 five tetrahedra... (6 tetrahedra), 2 two wedges, 3 six pyramids about an added
// centre point, 4 one voxel (no jitter).
Mesh Grid(int n, int split, double jitter, std::mt19937& rng)
{
  Mesh m;
  std::uniform_real_distribution<double> u(-jitter, jitter);
  const int p = n + 1;
  for (int k = 0; k < p; ++k)
    for (int j = 0; j < p; ++j)
      for (int i = 0; i < p; ++i)
      {
        const bool inner = i > 0 && j > 0 && k > 0 && i < n && j < n && k < n;
        m.Xyz.push_back(i + (inner ? u(rng) : 0.0));
        m.Xyz.push_back(j + (inner ? u(rng) : 0.0));
        m.Xyz.push_back(k + (inner ? u(rng) : 0.0));
      }
  auto at = [p](int i, int j, int k) { return Id(i + p * (j + p * k)); };
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
      {
        const Id v[8] = { at(i, j, k),         at(i + 1, j, k),         at(i + 1, j + 1, k),     at(i, j + 1, k),
                          at(i, j, k + 1),     at(i + 1, j, k + 1),     at(i + 1, j + 1, k + 1), at(i, j + 1, k + 1) };
        if (split == 0)
          m.Add(CELL_SHAPE_HEXAHEDRON, { v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7] });
        else if (split == 1)
        {
          // six tetrahedra about the 0-6 diagonal
          const int tets[6][4] = { { 0, 1, 2, 6 }, { 0, 2, 3, 6 }, { 0, 3, 7, 6 }, { 0, 7, 4, 6 }, { 0, 4, 5, 6 }, { 0, 5, 1, 6 } };
          for (const auto& t : tets)
            m.Add(CELL_SHAPE_TETRA, { v[t[0]], v[t[1]], v[t[2]], v[t[3]] });
        }
        else if (split == 2)
        {
          m.Add(CELL_SHAPE_WEDGE, { v[0], v[1], v[3], v[4], v[5], v[7] });
          m.Add(CELL_SHAPE_WEDGE, { v[1], v[2], v[3], v[5], v[6], v[7] });
        }
        else if (split == 3)
        {
          double c[3] = { 0, 0, 0 };
          for (Id q : v)
            for (int a = 0; a < 3; ++a)
              c[a] += m.Xyz[3 * q + a] / 8.0;
          const Id centre = m.Points();
          m.Xyz.insert(m.Xyz.end(), c, c + 3);
          const int faces[6][4] = { { 0, 3, 2, 1 }, { 4, 5, 6, 7 }, { 0, 1, 5, 4 }, { 1, 2, 6, 5 }, { 2, 3, 7, 6 }, { 3, 0, 4, 7 } };
          for (const auto& f : faces)
            m.Add(CELL_SHAPE_PYRAMID, { v[f[0]], v[f[1]], v[f[2]], v[f[3]], centre });
        }
        else
          m.Add(CELL_SHAPE_VOXEL, { v[0], v[1], v[3], v[2], v[4], v[5], v[7], v[6] });
      }
  return m;
}

// Brute force: the first cell (in the tie's order) whose box and shape contain x, over every cell.
Id BruteForce(const Mesh& m, const double* x, bool highest)
{
  const Id cells = static_cast<Id>(m.Types.size());
  for (Id q = 0; q < cells; ++q)
  {
    const Id c = highest ? cells - 1 - q : q;
    locate::CellCorners corners;
    corners.Shape = m.Types[c];
    corners.N = static_cast<int>(m.Offsets[c + 1] - m.Offsets[c]);
    double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
    for (int k = 0; k < corners.N; ++k)
      for (int a = 0; a < 3; ++a)
      {
        corners.X[k][a] = m.Xyz[3 * m.Connectivity[m.Offsets[c] + k] + a];
        lo[a] = std::min(lo[a], corners.X[k][a]);
        hi[a] = std::max(hi[a], corners.X[k][a]);
      }
    bool inBox = true;
    for (int a = 0; a < 3; ++a)
      inBox = inBox && x[a] >= lo[a] && x[a] <= hi[a];
    double pc[3], dist2;
    if (inBox && locate::Evaluate(corners, x, pc, dist2) == 1)
      return c;
  }
  return -1;
}

// Samples: random points over the grid and a little beyond, every vertex, edge midpoint and face centre.
std::vector<double> Samples(const Mesh& m, int n, std::mt19937& rng)
{
  std::vector<double> s;
  std::uniform_real_distribution<double> u(-0.2, n + 0.2);
  for (int q = 0; q < 600; ++q)
    for (int a = 0; a < 3; ++a)
      s.push_back(u(rng));
  for (std::size_t c = 0; c + 1 < m.Offsets.size(); ++c)
  {
    const Id b = m.Offsets[c], e = m.Offsets[c + 1];
    for (Id k = b; k < e; ++k)
      for (Id l = k; l < e; ++l) // vertices (k == l) and midpoints of every pair (edges and diagonals)
        for (int a = 0; a < 3; ++a)
          s.push_back(0.5 * (m.Xyz[3 * m.Connectivity[k] + a] + m.Xyz[3 * m.Connectivity[l] + a]));
    for (Id k = b; k + 2 < e; ++k) // centres of consecutive triples (face centres of triangles)
      for (int a = 0; a < 3; ++a)
        s.push_back((m.Xyz[3 * m.Connectivity[k] + a] + m.Xyz[3 * m.Connectivity[k + 1] + a] +
                     m.Xyz[3 * m.Connectivity[k + 2] + a]) / 3.0);
  }
  return s;
}

double Linear(const double* x)
{
  return 3.0 * x[0] - 2.0 * x[1] + 0.5 * x[2] + 7.0;
}
} // namespace

TEST(Locate, BinnedLocatorFindsTheBruteForceCell)
{
  std::mt19937 rng(11);
  const char* names[5] = { "hexahedra", "tetrahedra", "wedges", "pyramids", "voxels" };
  for (int split = 0; split < 5; ++split)
  {
    const int n = 4;
    const Mesh m = Grid(n, split, split == 4 ? 0.0 : 0.2, rng);
    const CellLocator locator = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
    EXPECT_GT(locator.GetNumberOfBins(), 1);
    EXPECT_GT(locator.GetMemoryBytes(), std::size_t(0));
    const std::vector<double> xyz = Samples(m, n, rng);
    const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
    PointPositions samples;
    samples.Points = &sampleField;
    std::vector<double> f(static_cast<std::size_t>(m.Points()));
    for (Id p = 0; p < m.Points(); ++p)
      f[static_cast<std::size_t>(p)] = Linear(&m.Xyz[3 * p]);
    const FieldArray field = FieldArray::FromAOS(cont::make_ArrayHandle(f), 1);
    for (bool highest : { false, true })
    {
      LocateOptions options;
      options.Tie = highest ? LocateTie::HighestId : LocateTie::LowestId;
      options.Device = loom::test::Device();
      const LocatedPoints located = LocatePoints(locator, samples, options);
      const FieldArray values = InterpolatePointField(locator, located, field, loom::test::Device());
      const auto cells = located.Cells.ReadPortal();
      const auto v = values.GetPortal<double>();
      Id found = 0, onBoundary = 0;
      for (Id s = 0; s < cells.GetNumberOfValues(); ++s)
      {
        const double* x = &xyz[3 * s];
        const Id expected = BruteForce(m, x, highest);
        ASSERT_EQ(cells.Get(s), expected) << names[split] << ", sample " << s << " (" << x[0] << ", " << x[1] << ", "
                                          << x[2] << ")" << (highest ? ", highest id" : ", lowest id");
        if (expected >= 0)
        {
          ++found;
          onBoundary += BruteForce(m, x, !highest) != expected;
          // Exact for tetrahedra and voxels; Newton's method stops as VTK's does (steps under 1e-3 for
          // wedges and pyramids, 1e-5 for hexahedra), a little short of exact.
          EXPECT_NEAR(v.Get(s, 0), Linear(x), split == 1 || split == 4 ? 1e-9 : split == 0 ? 1e-6 : 1e-5) << names[split] << ", sample " << s;
        }
        else
          EXPECT_EQ(v.Get(s, 0), 0.0);
      }
      EXPECT_EQ(located.Found, found);
      EXPECT_GT(found, 600) << names[split];
      EXPECT_GT(onBoundary, 50) << names[split] << ": points on shared faces must be among the samples";
    }
  }
}

TEST(Locate, CellsVisitingTheSamplesFindWhatTheBinsFind)
{
  // LocatePointEnds without bins (the cells visit the samples) against LocatePoints on the binned locator
  // with each tie, cell for cell and parametric coordinate for coordinate, and against brute force: every
  // shape, random points, vertices, edges and faces (many on shared faces), points outside, NaN and infinite
  // samples; stored samples and a grid's axes; 2D cells off their plane within and beyond the tolerance.
  std::mt19937 rng(17);
  const char* names[5] = { "hexahedra", "tetrahedra", "wedges", "pyramids", "voxels" };
  auto compare = [](const LocatedPoints& visit, const LocatedPoints& bins, const std::string& what) {
    ASSERT_EQ(visit.GetNumberOfValues(), bins.GetNumberOfValues()) << what;
    EXPECT_EQ(visit.Found, bins.Found) << what;
    const auto vc = visit.Cells.ReadPortal(), bc = bins.Cells.ReadPortal();
    const auto vp = visit.PCoords.ReadPortal(), bp = bins.PCoords.ReadPortal();
    for (Id s = 0; s < vc.GetNumberOfValues(); ++s)
    {
      ASSERT_EQ(vc.Get(s), bc.Get(s)) << what << ", sample " << s;
      for (int a = 0; a < 3; ++a)
        ASSERT_EQ(vp.Get(3 * s + a), bp.Get(3 * s + a)) << what << ", sample " << s; // the same bits
    }
  };
  for (int split = 0; split < 5; ++split)
  {
    const int n = 4;
    const Mesh m = Grid(n, split, split == 4 ? 0.0 : 0.2, rng);
    const CellLocator binned = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
    const CellLocator unbinned = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device(), false);
    std::vector<double> xyz = Samples(m, n, rng);
    for (double bad : { double(NAN), double(INFINITY), -1e300 })
      xyz.insert(xyz.end(), { 1.5, bad, 2.5 });
    const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
    PointPositions samples;
    samples.Points = &sampleField;
    LocateOptions options;
    options.Device = loom::test::Device();
    const LocatedEnds ends = LocatePointEnds(unbinned, samples, options);
    LocateOptions highest = options;
    highest.Tie = LocateTie::HighestId;
    compare(ends.Lowest, LocatePoints(binned, samples, options), std::string(names[split]) + ", lowest");
    compare(ends.Highest, LocatePoints(binned, samples, highest), std::string(names[split]) + ", highest");
    // The binned locator's ends are LocatePoints' own.
    const LocatedEnds binnedEnds = LocatePointEnds(binned, samples, options);
    compare(binnedEnds.Highest, ends.Highest, std::string(names[split]) + ", binned ends");
    Id shared = 0;
    const auto low = ends.Lowest.Cells.ReadPortal(), high = ends.Highest.Cells.ReadPortal();
    for (Id s = 0; s < low.GetNumberOfValues(); ++s)
    {
      ASSERT_EQ(low.Get(s), BruteForce(m, &xyz[3 * s], false)) << names[split] << ", sample " << s;
      ASSERT_EQ(high.Get(s), BruteForce(m, &xyz[3 * s], true)) << names[split] << ", sample " << s;
      shared += low.Get(s) != high.Get(s);
    }
    EXPECT_GT(shared, 50) << names[split] << ": points on shared faces must be among the samples";
    EXPECT_EQ(low.Get(low.GetNumberOfValues() - 1), -1);
    // A grid's axes over the mesh and beyond it (points on the mesh's nodes and faces).
    std::vector<double> axes[3];
    PointPositions grid;
    for (int a = 0; a < 3; ++a)
    {
      for (Id i = 0; i < 13; ++i)
        for (int d = 0; d < 3; ++d)
          axes[a].push_back(d == a ? -0.5 + 0.5 * static_cast<double>(i) : 0.0);
      grid.Dims[a] = 13;
    }
    grid.Axes = axes;
    const LocatedEnds gridEnds = LocatePointEnds(unbinned, grid, options);
    compare(gridEnds.Lowest, LocatePoints(binned, grid, options), std::string(names[split]) + ", grid, lowest");
    compare(gridEnds.Highest, LocatePoints(binned, grid, highest), std::string(names[split]) + ", grid, highest");
    EXPECT_GT(gridEnds.Lowest.Found, 500) << names[split];
  }
  // 2D cells: triangles and quadrilaterals in a tilted plane, samples above and below it.
  auto plane = [](double x, double y) { return 0.01 * x + 0.02 * y; };
  Mesh surface;
  for (int j = 0; j <= 4; ++j)
    for (int i = 0; i <= 4; ++i)
      surface.Xyz.insert(surface.Xyz.end(), { double(i), double(j), plane(i, j) });
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i)
    {
      const Id v = i + 5 * j;
      if ((i + j) % 2)
        surface.Add(CELL_SHAPE_QUAD, { v, v + 1, v + 6, v + 5 });
      else
      {
        surface.Add(CELL_SHAPE_TRIANGLE, { v, v + 1, v + 6 });
        surface.Add(CELL_SHAPE_TRIANGLE, { v, v + 6, v + 5 });
      }
    }
  std::vector<double> xyz;
  std::uniform_real_distribution<double> u(-0.5, 4.5);
  for (int q = 0; q < 400; ++q)
  {
    const double x = u(rng), y = u(rng);
    xyz.insert(xyz.end(), { x, y, plane(x, y) + (q % 4 - 1.5) * 1e-3 }); // half within the tolerance
  }
  for (int j = 0; j <= 8; ++j)
    for (int i = 0; i <= 8; ++i)
      xyz.insert(xyz.end(), { 0.5 * i, 0.5 * j, plane(0.5 * i, 0.5 * j) }); // nodes, edges and centres
  const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  PointPositions samples;
  samples.Points = &sampleField;
  const CellLocator binned = CellLocator::ForCells(surface.Cells(), surface.PointField(), loom::test::Device());
  const CellLocator unbinned = CellLocator::ForCells(surface.Cells(), surface.PointField(), loom::test::Device(), false);
  for (bool compute : { true, false })
  {
    LocateOptions options;
    options.Device = loom::test::Device();
    options.ComputeTolerance = compute;
    options.Tolerance = 1e-3;
    LocateOptions highest = options;
    highest.Tie = LocateTie::HighestId;
    const LocatedEnds ends = LocatePointEnds(unbinned, samples, options);
    const std::string what = compute ? "2D cells, computed tolerance" : "2D cells, tolerance 1e-3";
    compare(ends.Lowest, LocatePoints(binned, samples, options), what + ", lowest");
    compare(ends.Highest, LocatePoints(binned, samples, highest), what + ", highest");
    EXPECT_GT(ends.Lowest.Found, 81) << what;
    EXPECT_LT(ends.Lowest.Found, 481) << what;
  }
  // Samples almost flat (a plane whose heights differ in their last bits) and samples at the ends of the
  // double range: the samples' bins stay few (a side under one bin is flat) and every cell is still found.
  {
    std::mt19937 r(3);
    const Mesh m = Grid(4, 1, 0.2, r);
    const CellLocator bins = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
    const CellLocator visit = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device(), false);
    std::vector<double> flat;
    std::uniform_real_distribution<double> across(-0.5, 4.5);
    for (int q = 0; q < 300; ++q)
      flat.insert(flat.end(), { across(r), across(r), 2.5 + (q % 3) * 1e-15 });
    std::vector<double> extreme = flat;
    extreme.insert(extreme.end(), { 1e308, 1.0, 1.0, -1e308, 2.0, 2.0, 1.5, -1e308, 1.5 });
    for (const std::vector<double>* xyz : { &flat, &extreme })
    {
      const FieldArray field = FieldArray::FromAOS(cont::make_ArrayHandle(*xyz), 3);
      PointPositions at;
      at.Points = &field;
      LocateOptions options;
      options.Device = loom::test::Device();
      LocateOptions highest = options;
      highest.Tie = LocateTie::HighestId;
      const LocatedEnds ends = LocatePointEnds(visit, at, options);
      const std::string what = xyz == &flat ? "an almost flat sample set" : "samples at the double range's ends";
      compare(ends.Lowest, LocatePoints(bins, at, options), what + ", lowest");
      compare(ends.Highest, LocatePoints(bins, at, highest), what + ", highest");
      EXPECT_GT(ends.Lowest.Found, 150) << what; // about 300 * (4 / 5)^2 inside
    }
  }
  // The visit takes no pad: a bounds tolerance needs the bins.
  LocateOptions padded;
  padded.BoundsTolerance = 0.1;
  EXPECT_THROW(LocatePointEnds(unbinned, samples, padded), loom::cont::ErrorBadValue);
}

TEST(Locate, AffineStopKeepsTheCellsWithinRounding)
{
  // AffineStop: in parallelepipeds (a sheared, rotated grid of cubes) Newton's first step is the answer: the
  // same cells as VTK's two steps, parametric coordinates within 1e-12; in jittered (not affine) hexahedra the
  // same bits. SampleImage takes it for floating-point fields only: an int16 field keeps VTK's steps.
  std::mt19937 rng(23);
  for (double jitter : { 0.0, 0.2 })
  {
    Mesh m = Grid(5, 0, jitter, rng);
    for (Id p = 0; p < m.Points(); ++p)
    {
      double* x = &m.Xyz[3 * p];
      const double a = x[0], b = x[1], c = x[2];
      x[0] = 0.8 * a + 0.3 * b - 0.1 * c + 2.0;
      x[1] = -0.2 * a + 0.9 * b + 0.25 * c - 1.0;
      x[2] = 0.1 * a - 0.15 * b + 1.1 * c + 0.5;
    }
    const CellLocator locator = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
    const std::vector<double> xyz = Samples(m, 5, rng);
    const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
    PointPositions samples;
    samples.Points = &sampleField;
    LocateOptions exact, affine;
    exact.Device = affine.Device = loom::test::Device();
    affine.AffineStop = true;
    const LocatedPoints a = LocatePoints(locator, samples, exact), b = LocatePoints(locator, samples, affine);
    ASSERT_EQ(a.Found, b.Found);
    const auto ca = a.Cells.ReadPortal(), cb = b.Cells.ReadPortal();
    const auto pa = a.PCoords.ReadPortal(), pb = b.PCoords.ReadPortal();
    Id moved = 0;
    for (Id s = 0; s < ca.GetNumberOfValues(); ++s)
    {
      ASSERT_EQ(ca.Get(s), cb.Get(s)) << "jitter " << jitter << ", sample " << s;
      for (int k = 0; k < 3; ++k)
      {
        if (jitter > 0)
          ASSERT_EQ(pa.Get(3 * s + k), pb.Get(3 * s + k)) << "not affine: VTK's steps, sample " << s;
        else
          ASSERT_NEAR(pa.Get(3 * s + k), pb.Get(3 * s + k), 1e-12) << "sample " << s;
        moved += pa.Get(3 * s + k) != pb.Get(3 * s + k);
      }
    }
    if (jitter == 0)
      EXPECT_GT(moved, 0) << "the first step's coordinates differ from the second's in their last bits somewhere";
    // SampleImage: a double field through the first step, an int16 field through VTK's two.
    std::vector<double> f;
    std::vector<Int16> ints;
    for (Id p = 0; p < m.Points(); ++p)
    {
      f.push_back(Linear(&m.Xyz[3 * p]));
      ints.push_back(static_cast<Int16>(std::lround(10 * Linear(&m.Xyz[3 * p]))));
    }
    const FieldArray doubles = FieldArray::FromAOS(cont::make_ArrayHandle(f), 1);
    const FieldArray shorts = FieldArray::FromAOS(cont::make_ArrayHandle(ints), 1);
    ImageSamples image;
    for (int k = 0; k < 3; ++k)
    {
      image.Origin[k] = -1.0 + 0.1 * k;
      image.Spacing[k] = 0.37;
      image.Dims[k] = 24;
    }
    LocateOptions highest = exact;
    highest.Tie = LocateTie::HighestId;
    const LocatedPoints located = LocateImagePoints(locator, image, highest);
    const SampledFields asDoubles = SampleImage(locator, image, { doubles }, {}, highest);
    const SampledFields asShorts = SampleImage(locator, image, { shorts }, {}, highest);
    const FieldArray vtkDoubles = InterpolatePointField(locator, located, doubles, loom::test::Device());
    const FieldArray vtkShorts = InterpolatePointField(locator, located, shorts, loom::test::Device());
    ASSERT_EQ(asDoubles.Found, located.Found);
    EXPECT_GT(located.Found, 1000);
    for (Id s = 0; s < located.GetNumberOfValues(); ++s)
    {
      const double v = vtkDoubles.GetPortal<double>().Get(s, 0);
      ASSERT_NEAR(asDoubles.PointFields[0].GetPortal<double>().Get(s, 0), v, 1e-12 * std::max(1.0, std::abs(v))) << s;
      ASSERT_EQ(asShorts.PointFields[0].GetPortal<Int16>().Get(s, 0), vtkShorts.GetPortal<Int16>().Get(s, 0)) << s;
    }
  }
}

TEST(Locate, ParametricCoordinatesAreRecovered)
{
  // Points made from known parametric coordinates of a jittered cell of each 3D shape come back with them.
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.05, 0.95), j(-0.15, 0.15);
  const UInt8 shapes[4] = { CELL_SHAPE_TETRA, CELL_SHAPE_HEXAHEDRON, CELL_SHAPE_WEDGE, CELL_SHAPE_PYRAMID };
  const double corners[4][8][3] = {
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, 1 } },
  };
  for (int s = 0; s < 4; ++s)
    for (int trial = 0; trial < 50; ++trial)
    {
      locate::CellCorners c;
      c.Shape = shapes[s];
      c.N = locate::ShapePoints(c.Shape);
      for (int k = 0; k < c.N; ++k)
        for (int a = 0; a < 3; ++a)
          c.X[k][a] = corners[s][k][a] + j(rng);
      double r[3] = { u(rng), u(rng), u(rng) };
      if (c.Shape == CELL_SHAPE_TETRA || c.Shape == CELL_SHAPE_WEDGE)
      {
        r[0] *= 0.5;
        r[1] *= 0.5;
      }
      if (c.Shape == CELL_SHAPE_TETRA) // r + s + t under 1
        r[2] *= 0.05;
      double w[8], x[3] = { 0, 0, 0 };
      locate::Weights(c.Shape, r, w);
      for (int k = 0; k < c.N; ++k)
        for (int a = 0; a < 3; ++a)
          x[a] += w[k] * c.X[k][a];
      double pc[3], dist2 = -1;
      ASSERT_EQ(locate::Evaluate(c, x, pc, dist2), 1) << "shape " << int(c.Shape) << " trial " << trial;
      EXPECT_EQ(dist2, 0.0);
      for (int a = 0; a < 3; ++a)
        EXPECT_NEAR(pc[a], r[a], 1e-5) << "shape " << int(c.Shape) << " trial " << trial;
    }
}

TEST(Locate, ImagesAndRectilinearGridsFollowVTKBoundaryRules)
{
  const double origin[3] = { 1, -2, 0.5 }, spacing[3] = { 0.5, 1, 0.25 };
  const CellLocator image = CellLocator::ForImage(origin, spacing, Id3(5, 4, 3)); // 4 x 3 x 2 cells
  std::vector<double> coords[3] = { { 1, 1.5, 2, 2.5, 3 }, { -2, -1, 0, 1 }, { 0.5, 0.75, 1.0 } };
  const CellLocator grid = CellLocator::ForRectilinear(coords);
  const std::vector<double> xyz = {
    1.75, -1.5, 0.6,        // inside cell (1, 0, 0)
    2.0, -1.0, 0.75,        // a node: image takes the cell above (2, 1, 1), rectilinear below (1, 0, 0)
    3.0, 1.0, 1.0,          // the last node: image's last cell with r = 1; rectilinear: outside
    1.0, -2.0, 0.5,         // the first node: cell 0 for both
    0.9999999, -1.5, 0.6,   // 1e-7 outside along x: inside the image's tolerance (1e-3 of the diagonal)
    0.99, -1.5, 0.6,        // 0.01 outside: outside both
    NAN, 0.0, 0.6,          // NaN: outside
  };
  const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  PointPositions samples;
  samples.Points = &sampleField;
  LocateOptions options;
  options.Device = loom::test::Device();
  const LocatedPoints inImage = LocatePoints(image, samples, options), inGrid = LocatePoints(grid, samples, options);
  auto id = [](Id i, Id j, Id k) { return i + 4 * (j + 3 * k); };
  const Id imageCells[7] = { id(1, 0, 0), id(2, 1, 1), id(3, 2, 1), 0, 0, -1, -1 };
  const Id gridCells[7] = { id(1, 0, 0), id(1, 0, 0), -1, 0, -1, -1, -1 };
  const auto ic = inImage.Cells.ReadPortal(), gc = inGrid.Cells.ReadPortal();
  const auto ipc = inImage.PCoords.ReadPortal(), gpc = inGrid.PCoords.ReadPortal();
  for (Id s = 0; s < 7; ++s)
  {
    EXPECT_EQ(ic.Get(s), imageCells[s]) << "image, sample " << s;
    EXPECT_EQ(gc.Get(s), gridCells[s]) << "rectilinear, sample " << s;
  }
  EXPECT_DOUBLE_EQ(ipc.Get(3 * 2), 1.0); // the last node: r = 1 in the last cell
  EXPECT_DOUBLE_EQ(gpc.Get(3 * 1), 1.0); // rectilinear node: r = 1 in the cell below
  EXPECT_DOUBLE_EQ(ipc.Get(3 * 1), 0.0); // image node: r = 0 in the cell above
  // A linear field comes back exactly wherever a cell was found.
  std::vector<double> f(60);
  for (Id k = 0; k < 3; ++k)
    for (Id j = 0; j < 4; ++j)
      for (Id i = 0; i < 5; ++i)
      {
        const double x[3] = { origin[0] + i * spacing[0], origin[1] + j * spacing[1], origin[2] + k * spacing[2] };
        f[static_cast<std::size_t>(i + 5 * (j + 4 * k))] = Linear(x);
      }
  const FieldArray field = FieldArray::FromAOS(cont::make_ArrayHandle(f), 1);
  for (const auto* pair : { &inImage, &inGrid })
  {
    const CellLocator& l = pair == &inImage ? image : grid;
    const FieldArray v = InterpolatePointField(l, *pair, field, loom::test::Device());
    const auto values = v.GetPortal<double>();
    const auto cells = pair->Cells.ReadPortal();
    for (Id s = 0; s < 5; ++s)
      if (cells.Get(s) >= 0)
        EXPECT_NEAR(values.Get(s, 0), Linear(&xyz[3 * s]), s == 4 ? 1e-5 : 1e-12) << "sample " << s;
  }
  // Images by their axes as samples: every grid point of the image found, values exact.
  std::vector<double> axes[3];
  for (int a = 0; a < 3; ++a)
  {
    const Id n = a == 0 ? 5 : a == 1 ? 4 : 3;
    for (Id i = 0; i < n; ++i)
      for (int d = 0; d < 3; ++d)
        axes[a].push_back(d == a ? origin[a] + i * spacing[a] : 0.0);
  }
  PointPositions grid3;
  grid3.Axes = axes;
  grid3.Dims = Id3(5, 4, 3);
  const LocatedPoints all = LocatePoints(image, grid3, options);
  EXPECT_EQ(all.Found, 60);
  const FieldArray back = InterpolatePointField(image, all, field, loom::test::Device());
  for (Id p = 0; p < 60; ++p)
    EXPECT_NEAR(back.GetPortal<double>().Get(p, 0), f[static_cast<std::size_t>(p)], 1e-12);
}

TEST(Locate, StructuredCellsEqualTheSameCellsListedExplicitly)
{
  std::mt19937 rng(3);
  const Mesh m = Grid(5, 0, 0.25, rng);
  const CellLocator explicitCells = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
  const CellLocator structured =
    CellLocator::ForCells(loom::cont::CellSetStructured<3>(Id3(6, 6, 6)), m.PointField(), loom::test::Device());
  const std::vector<double> xyz = Samples(m, 5, rng);
  const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  PointPositions samples;
  samples.Points = &sampleField;
  LocateOptions options;
  options.Device = loom::test::Device();
  const LocatedPoints a = LocatePoints(explicitCells, samples, options), b = LocatePoints(structured, samples, options);
  ASSERT_EQ(a.Found, b.Found);
  const auto ca = a.Cells.ReadPortal(), cb = b.Cells.ReadPortal();
  for (Id s = 0; s < ca.GetNumberOfValues(); ++s)
    ASSERT_EQ(ca.Get(s), cb.Get(s)) << "sample " << s;
}

TEST(Locate, FieldsOfEveryKindTheMaskAndUnsupportedCells)
{
  std::mt19937 rng(9);
  const Mesh m = Grid(2, 1, 0.0, rng); // 48 tetrahedra
  const CellLocator locator = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
  const std::vector<double> xyz = { 0.5, 0.5, 0.5, 1.25, 0.5, 1.75, 5, 5, 5, NAN, 1, 1 };
  const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  PointPositions samples;
  samples.Points = &sampleField;
  LocateOptions options;
  options.Device = loom::test::Device();
  const LocatedPoints located = LocatePoints(locator, samples, options);
  EXPECT_EQ(located.Found, 2);
  const auto maskArray = ValidPointMask(located, loom::test::Device());
  const auto mask = maskArray.ReadPortal();
  EXPECT_EQ(mask.Get(0), 1);
  EXPECT_EQ(mask.Get(1), 1);
  EXPECT_EQ(mask.Get(2), 0);
  EXPECT_EQ(mask.Get(3), 0);
  // An int16 point field with two components: rounded half away from zero, as VTK's InterpolateTuple.
  std::vector<Int16> ints;
  for (Id p = 0; p < m.Points(); ++p)
  {
    ints.push_back(static_cast<Int16>(std::lround(10 * Linear(&m.Xyz[3 * p]))));
    ints.push_back(static_cast<Int16>(-ints.back()));
  }
  const FieldArray sampled =
    InterpolatePointField(locator, located, FieldArray::FromAOS(cont::make_ArrayHandle(ints), 2), loom::test::Device());
  ASSERT_EQ(sampled.GetKind(), ValueKind::Int16);
  for (Id s = 0; s < 2; ++s)
  {
    const double exact = 10 * Linear(&xyz[3 * s]); // the field is linear: exact up to its own rounding
    EXPECT_NEAR(sampled.GetPortal<Int16>().Get(s, 0), exact, 1.0);
    EXPECT_EQ(sampled.GetPortal<Int16>().Get(s, 1), -sampled.GetPortal<Int16>().Get(s, 0));
  }
  EXPECT_EQ(sampled.GetPortal<Int16>().Get(2, 0), 0);
  // A cell field: the cell's own tuple.
  std::vector<float> perCell;
  for (std::size_t c = 0; c < m.Types.size(); ++c)
    perCell.push_back(static_cast<float>(c) + 0.5f);
  const FieldArray gathered =
    GatherCellField(located, FieldArray::FromAOS(cont::make_ArrayHandle(perCell), 1), loom::test::Device());
  const auto cells = located.Cells.ReadPortal();
  for (Id s = 0; s < 4; ++s)
    EXPECT_EQ(gathered.GetPortal<float>().Get(s, 0), cells.Get(s) >= 0 ? static_cast<float>(cells.Get(s)) + 0.5f : 0.0f);
  // Cells the locator does not take are named.
  Mesh lines = m;
  lines.Add(CELL_SHAPE_POLYGON, { 0, 1, 4, 3, 2 });
  EXPECT_EQ(UnsupportedShape(lines.Cells()), "polygon (VTK cell type 7)");
  EXPECT_THROW(CellLocator::ForCells(lines.Cells(), lines.PointField(), loom::test::Device()), loom::cont::ErrorBadType);
  EXPECT_EQ(UnsupportedShape(m.Cells()), "");
}

TEST(Locate, FusedSamplingEqualsLocateThenInterpolate)
{
  // SamplePoints and SampleImage (one pass) give what LocatePoints / LocateImagePoints, InterpolatePointField,
  // GatherCellField and ValidPointMask give; the image's cell visit matches its point-by-point form.
  std::mt19937 rng(21);
  const Mesh m = Grid(4, 1, 0.2, rng); // jittered tetrahedra: many points on shared faces
  const CellLocator binned = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device());
  const CellLocator unbinned = CellLocator::ForCells(m.Cells(), m.PointField(), loom::test::Device(), false);
  EXPECT_EQ(unbinned.GetNumberOfBins(), 0);
  PointPositions none;
  EXPECT_THROW(LocatePoints(unbinned, none, LocateOptions()), loom::cont::ErrorBadValue); // no bins to search
  std::vector<double> f;
  for (Id p = 0; p < m.Points(); ++p)
  {
    f.push_back(Linear(&m.Xyz[3 * p]));
    f.push_back(-2.0 * Linear(&m.Xyz[3 * p]));
  }
  std::vector<Int32> perCell;
  for (std::size_t c = 0; c < m.Types.size(); ++c)
    perCell.push_back(static_cast<Int32>(3 * c + 1));
  const std::vector<FieldArray> pointFields = { FieldArray::FromAOS(cont::make_ArrayHandle(f), 2) };
  const std::vector<FieldArray> cellFields = { FieldArray::FromAOS(cont::make_ArrayHandle(perCell), 1) };
  LocateOptions options;
  options.Device = loom::test::Device();

  // An image over the mesh and beyond it, with points on the mesh's nodes (spacing 0.5 from 0).
  ImageSamples image;
  for (int a = 0; a < 3; ++a)
  {
    image.Origin[a] = -0.5;
    image.Spacing[a] = 0.5;
    image.Dims[a] = 11;
  }
  const SampledFields fused = SampleImage(unbinned, image, pointFields, cellFields, options);
  const LocatedPoints located = LocateImagePoints(binned, image, options);
  EXPECT_EQ(fused.Found, located.Found);
  EXPECT_GT(fused.Found, 500);
  EXPECT_LT(fused.Found, 11 * 11 * 11);
  // The cell visit against the binned locator's point-by-point search with the highest-id tie.
  std::vector<double> axes[3];
  PointPositions grid;
  for (int a = 0; a < 3; ++a)
  {
    for (Id i = 0; i < 11; ++i)
      for (int d = 0; d < 3; ++d)
        axes[a].push_back(d == a ? -0.5 + 0.5 * static_cast<double>(i) : 0.0);
    grid.Dims[a] = 11;
  }
  grid.Axes = axes;
  LocateOptions highest = options;
  highest.Tie = LocateTie::HighestId;
  const LocatedPoints byPoints = LocatePoints(binned, grid, highest);
  const auto a = located.Cells.ReadPortal(), b = byPoints.Cells.ReadPortal();
  for (Id s = 0; s < a.GetNumberOfValues(); ++s)
    ASSERT_EQ(a.Get(s), b.Get(s)) << "image point " << s;
  const FieldArray interpolated = InterpolatePointField(binned, located, pointFields[0], loom::test::Device());
  const FieldArray gathered = GatherCellField(located, cellFields[0], loom::test::Device());
  const auto maskArray = ValidPointMask(located, loom::test::Device());
  for (Id s = 0; s < a.GetNumberOfValues(); ++s)
  {
    for (IdComponent c = 0; c < 2; ++c)
      EXPECT_EQ(fused.PointFields[0].GetPortal<double>().Get(s, c), interpolated.GetPortal<double>().Get(s, c));
    EXPECT_EQ(fused.CellFields[0].GetPortal<Int32>().Get(s, 0), gathered.GetPortal<Int32>().Get(s, 0));
    EXPECT_EQ(fused.Mask.ReadPortal().Get(s), maskArray.ReadPortal().Get(s));
  }

  // Stored samples: SamplePoints against LocatePoints with both ties.
  const std::vector<double> xyz = Samples(m, 4, rng);
  const FieldArray sampleField = FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
  PointPositions samples;
  samples.Points = &sampleField;
  for (LocateTie tie : { LocateTie::LowestId, LocateTie::HighestId })
  {
    LocateOptions o = options;
    o.Tie = tie;
    const SampledFields sampled = SamplePoints(binned, samples, pointFields, cellFields, o);
    const LocatedPoints at = LocatePoints(binned, samples, o);
    EXPECT_EQ(sampled.Found, at.Found);
    const FieldArray cells = GatherCellField(at, cellFields[0], loom::test::Device());
    for (Id s = 0; s < at.GetNumberOfValues(); ++s)
    {
      EXPECT_EQ(sampled.CellFields[0].GetPortal<Int32>().Get(s, 0), cells.GetPortal<Int32>().Get(s, 0)) << "sample " << s;
      if (at.Cells.ReadPortal().Get(s) >= 0)
        EXPECT_NEAR(sampled.PointFields[0].GetPortal<double>().Get(s, 1), -2.0 * Linear(&xyz[3 * s]), 1e-9);
    }
  }
}
