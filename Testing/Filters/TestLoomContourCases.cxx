// Loom filter tests: Loom Contour gives ParaView's triangles. Every case of every shape (256 hexahedron,
// voxel and image-cell cases, 64 wedge, 32 pyramid, 16 tetrahedron, the 2D shapes) on a single cell
// with values chosen to hit it, through vtkLoomContour and through vtkContourFilter (what ParaView's
// Contour runs): the same set of oriented primitives, each as its points (within 1e-12 where the
// points are edge midpoints). Then whole datasets of noisy values (a 32^3 image, its rectilinear,
// structured, hexahedral, voxel and tetrahedral versions, a 2D rectilinear grid) against
// vtkContourFilter and vtkFlyingEdges3D: the same triangle sets and areas; and data whose values equal
// the isovalue at many points (integers contoured at an integer, a plane through grid points): one
// point per input point reached, the same counts as VTK, no degenerate primitive.
#include <vtkLoomContour.h>

#include "LoomFilterTesting.h"

#include <vtkAppendFilter.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellTypes.h>
#include <vtkIdList.h>
#include <vtkContourFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkGenericCell.h>
#include <vtkImageData.h>
#include <vtkImageDataToPointSet.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStaticPointLocator.h>
#include <vtkStructuredGrid.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <set>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace
{
using Point = std::array<double, 3>;
using Primitive = std::vector<Point>;

/// The output's triangles (or segments), each as its points starting at the smallest (a rotation keeps
/// the orientation), points snapped to a grid of `tolerance` so equal points compare equal.
std::multiset<Primitive> Primitives(vtkPolyData* output, double tolerance)
{
  std::multiset<Primitive> result;
  for (vtkCellArray* cells : { output->GetPolys(), output->GetLines() })
  {
    vtkNew<vtkIdList> ids;
    for (cells->InitTraversal(); cells->GetNextCell(ids);)
    {
      Primitive p;
      for (vtkIdType q = 0; q < ids->GetNumberOfIds(); ++q)
      {
        Point x;
        output->GetPoint(ids->GetId(q), x.data());
        for (double& c : x)
          c = std::round(c / tolerance) * tolerance;
        p.push_back(x);
      }
      std::rotate(p.begin(), std::min_element(p.begin(), p.end()), p.end());
      result.insert(p);
    }
  }
  return result;
}

void SetScalars(vtkDataSet* data, const std::vector<double>& values)
{
  vtkNew<vtkDoubleArray> s;
  s->SetName("s");
  for (double v : values)
    s->InsertNextValue(v);
  data->GetPointData()->SetScalars(s);
}

vtkSmartPointer<vtkPolyData> Loom(vtkDataSet* input, double iso, int device = vtkLoomContour::DEVICE_AUTO)
{
  vtkNew<vtkLoomContour> contour;
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "s");
  contour->SetValue(0, iso);
  contour->SetComputeNormals(false);
  contour->SetDevice(device);
  contour->Update();
  loomtest::ExpectRanOn(contour, device, "Loom Contour");
  return contour->GetOutput();
}

template <typename Filter = vtkContourFilter>
vtkSmartPointer<vtkPolyData> VTK(vtkDataSet* input, double iso)
{
  vtkNew<Filter> contour;
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "s");
  contour->SetValue(0, iso);
  contour->SetComputeNormals(false);
  contour->Update();
  return contour->GetOutput();
}

vtkSmartPointer<vtkUnstructuredGrid> SingleCell(int type)
{
  vtkNew<vtkGenericCell> cell;
  cell->SetCellType(type);
  const double* p = cell->GetParametricCoords();
  const int n = cell->GetNumberOfPoints();
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  std::vector<vtkIdType> ids;
  for (int v = 0; v < n; ++v)
  {
    points->InsertNextPoint(p + 3 * v);
    ids.push_back(v);
  }
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  grid->SetPoints(points);
  grid->InsertNextCell(type, n, ids.data());
  return grid;
}

vtkSmartPointer<vtkImageData> Image(int nx, int ny, int nz)
{
  auto image = vtkSmartPointer<vtkImageData>::New();
  image->SetDimensions(nx, ny, nz);
  return image;
}

vtkSmartPointer<vtkRectilinearGrid> Rectilinear(int nx, int ny, int nz)
{
  auto grid = vtkSmartPointer<vtkRectilinearGrid>::New();
  grid->SetDimensions(nx, ny, nz);
  const int dims[3] = { nx, ny, nz };
  for (int d = 0; d < 3; ++d)
  {
    vtkNew<vtkDoubleArray> axis;
    for (int i = 0; i < dims[d]; ++i)
      axis->InsertNextValue(i);
    (d == 0 ? grid->SetXCoordinates(axis) : d == 1 ? grid->SetYCoordinates(axis) : grid->SetZCoordinates(axis));
  }
  return grid;
}

vtkSmartPointer<vtkStructuredGrid> Structured(vtkImageData* image)
{
  vtkNew<vtkImageDataToPointSet> convert;
  convert->SetInputData(image);
  convert->Update();
  return convert->GetOutput();
}

/// Loom's primitives against VTK's on a whole dataset: every Loom point is matched to the VTK point
/// within 1e-5 of it (one to one), then the primitives compare as point-id tuples (rotated, so the
/// orientation counts). Returns the number of primitives that differ.
struct Comparison
{
  vtkIdType LoomPrimitives = 0, VTKPrimitives = 0, LoomPoints = 0, VTKPoints = 0;
  vtkIdType Unmatched = 0;  // Loom points with no VTK point within 1e-5
  vtkIdType Different = 0;  // primitives in one output and not the other
  vtkIdType Degenerate = 0; // Loom primitives with a repeated point or zero length/area
  vtkIdType Unused = 0;     // Loom points no primitive uses
  double LoomSize = 0, VTKSize = 0; // total area (triangles) or length (segments)
};

double PrimitiveSize(vtkPolyData* data, const vtkIdType* ids, vtkIdType n)
{
  Point p[3];
  for (vtkIdType q = 0; q < n; ++q)
    data->GetPoint(ids[q], p[q].data());
  if (n == 2)
    return std::sqrt(std::pow(p[1][0] - p[0][0], 2) + std::pow(p[1][1] - p[0][1], 2) + std::pow(p[1][2] - p[0][2], 2));
  const double u[3] = { p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2] };
  const double v[3] = { p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2] };
  const double c[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
  return 0.5 * std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
}

std::multiset<std::vector<vtkIdType>> IdPrimitives(vtkPolyData* data, const std::vector<vtkIdType>& map,
                                                   double* size, vtkIdType* degenerate)
{
  std::multiset<std::vector<vtkIdType>> result;
  for (vtkCellArray* cells : { data->GetPolys(), data->GetLines() })
  {
    vtkIdType n;
    const vtkIdType* ids;
    for (cells->InitTraversal(); cells->GetNextCell(n, ids);)
    {
      std::vector<vtkIdType> p;
      for (vtkIdType q = 0; q < n; ++q)
        p.push_back(map.empty() ? ids[q] : map[static_cast<std::size_t>(ids[q])]);
      const double s = PrimitiveSize(data, ids, n);
      *size += s;
      std::vector<vtkIdType> sorted = p;
      std::sort(sorted.begin(), sorted.end());
      if (degenerate && (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end() || s == 0.0))
        ++*degenerate;
      std::rotate(p.begin(), std::min_element(p.begin(), p.end()), p.end());
      result.insert(p);
    }
  }
  return result;
}

Comparison Compare(vtkPolyData* loom, vtkPolyData* vtk)
{
  Comparison c;
  c.LoomPrimitives = loom->GetNumberOfPolys() + loom->GetNumberOfLines();
  c.VTKPrimitives = vtk->GetNumberOfPolys() + vtk->GetNumberOfLines();
  c.LoomPoints = loom->GetNumberOfPoints();
  c.VTKPoints = vtk->GetNumberOfPoints();
  std::vector<vtkIdType> map(static_cast<std::size_t>(c.LoomPoints), -1);
  if (c.VTKPoints > 0)
  {
    vtkNew<vtkStaticPointLocator> locator;
    locator->SetDataSet(vtk);
    locator->BuildLocator();
    for (vtkIdType p = 0; p < c.LoomPoints; ++p)
    {
      Point x, y;
      loom->GetPoint(p, x.data());
      const vtkIdType q = locator->FindClosestPoint(x.data());
      vtk->GetPoint(q, y.data());
      const double d = std::max({ std::abs(x[0] - y[0]), std::abs(x[1] - y[1]), std::abs(x[2] - y[2]) });
      if (d <= 1e-5)
        map[static_cast<std::size_t>(p)] = q;
      else
        ++c.Unmatched;
    }
  }
  auto mine = IdPrimitives(loom, map, &c.LoomSize, &c.Degenerate);
  auto own = IdPrimitives(loom, {}, &c.LoomSize, nullptr);
  c.LoomSize /= 2; // summed twice
  std::vector<bool> used(static_cast<std::size_t>(c.LoomPoints), false);
  for (const auto& p : own)
    for (vtkIdType id : p)
      used[static_cast<std::size_t>(id)] = true;
  c.Unused = static_cast<vtkIdType>(std::count(used.begin(), used.end(), false));
  auto theirs = IdPrimitives(vtk, {}, &c.VTKSize, nullptr);
  std::vector<std::vector<vtkIdType>> onlyOne;
  std::set_symmetric_difference(mine.begin(), mine.end(), theirs.begin(), theirs.end(), std::back_inserter(onlyOne));
  c.Different = static_cast<vtkIdType>(onlyOne.size());
  return c;
}

/// The same primitives (and, with `samePoints`, the same number of points). Where values equal the
/// isovalue VTK keeps the points of the primitives it drops as collapsed (it makes them before
/// checking); Loom makes only points that primitives use, so it may have fewer.
void ExpectSame(const std::string& what, vtkPolyData* loom, vtkPolyData* vtk, double sizeTolerance, bool samePoints = true)
{
  const Comparison c = Compare(loom, vtk);
  std::cout << what << ": Loom " << c.LoomPrimitives << " primitives, " << c.LoomPoints << " points, size "
            << std::setprecision(12) << c.LoomSize << "; VTK " << c.VTKPrimitives << ", " << c.VTKPoints << ", "
            << c.VTKSize << " (relative difference " << std::abs(c.LoomSize - c.VTKSize) / c.VTKSize << ")\n";
  EXPECT_GT(c.VTKPrimitives, 0) << what;
  EXPECT_EQ(c.LoomPrimitives, c.VTKPrimitives) << what;
  EXPECT_EQ(c.Unmatched, 0) << what << ": Loom points that are not VTK's";
  EXPECT_EQ(c.Different, 0) << what << ": primitives not in both outputs";
  EXPECT_EQ(c.Degenerate, 0) << what << ": Loom primitives with a repeated point or no size";
  EXPECT_EQ(c.Unused, 0) << what << ": Loom points no primitive uses";
  EXPECT_LE(std::abs(c.LoomSize - c.VTKSize), sizeTolerance * c.VTKSize) << what;
  if (samePoints)
    EXPECT_EQ(c.LoomPoints, c.VTKPoints) << what;
  else
    EXPECT_LE(c.LoomPoints, c.VTKPoints) << what;
}

std::vector<double> Noise(std::size_t n, unsigned seed)
{
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<double> values(n);
  for (double& v : values)
    v = u(random);
  return values;
}

/// The datasets a noisy (or integer) field on an n^3 grid is tested on, each with the field.
std::vector<std::pair<std::string, vtkSmartPointer<vtkDataSet>>> Versions(int n, const std::vector<double>& values)
{
  auto image = Image(n, n, n);
  SetScalars(image, values);
  auto rect = Rectilinear(n, n, n);
  SetScalars(rect, values);
  auto sgrid = Structured(image);
  auto hexes = loomtest::Append(sgrid);
  auto voxels = loomtest::Append(image);
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(image);
  tets->Update();
  return { { "image", image },     { "rectilinear grid", rect },    { "structured grid", sgrid },
           { "hexahedra", hexes }, { "voxels", voxels },            { "tetrahedra", tets->GetOutput() } };
}
// Values hitting case `c` of n vertices: 1 (inside) or 0 (outside), so every point is an edge's
// midpoint; or, with `spread`, inside values in [0.55, 1] and outside ones in [0, 0.45].
std::vector<double> CaseValues(unsigned c, int n, bool spread, std::mt19937& random)
{
  std::uniform_real_distribution<double> u(0.0, 0.45);
  std::vector<double> values;
  for (int v = 0; v < n; ++v)
  {
    const bool inside = (c >> v) & 1u;
    values.push_back(spread ? (inside ? 1.0 - u(random) : u(random)) : (inside ? 1.0 : 0.0));
  }
  return values;
}

/// Runs every case of a dataset whose point v is vertex `order[v]` of the case bits.
void EveryCase(const std::string& what, vtkDataSet* data, const std::vector<int>& order, int expectedDimension)
{
  const int n = static_cast<int>(order.size());
  std::mt19937 random(7);
  int primitives = 0;
  for (bool spread : { false, true })
  {
    for (unsigned c = 0; c < (1u << n); ++c)
    {
      const std::vector<double> caseValues = CaseValues(c, n, spread, random);
      std::vector<double> values(static_cast<std::size_t>(n));
      for (int v = 0; v < n; ++v)
        values[static_cast<std::size_t>(order[static_cast<std::size_t>(v)])] = caseValues[static_cast<std::size_t>(v)];
      SetScalars(data, values);
      for (int device : loomtest::Devices())
      {
        auto loom = Loom(data, 0.5, device);
        auto vtk = VTK(data, 0.5);
        const std::string where =
          what + " case " + std::to_string(c) + (spread ? " (spread values)" : " (0/1 values)") + " device " +
          std::to_string(device);
        if (!spread) // midpoints: the same points to 1e-12
          ASSERT_EQ(Primitives(loom, 1e-12), Primitives(vtk, 1e-12)) << where;
        else // points matched within 1e-5, then the same primitives on them
        {
          const Comparison m = Compare(loom, vtk);
          ASSERT_TRUE(m.Unmatched == 0 && m.Different == 0 && m.LoomPrimitives == m.VTKPrimitives) << where;
        }
        EXPECT_EQ(expectedDimension == 3 ? loom->GetNumberOfPolys() : loom->GetNumberOfLines(),
                  loom->GetNumberOfCells());
      }
      primitives += static_cast<int>(VTK(data, 0.5)->GetNumberOfCells());
    }
  }
  std::cout << what << ": " << (1u << n) << " cases, " << primitives << " primitives in all, as VTK's\n";
}

std::vector<int> Identity(int n)
{
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v)
    order[static_cast<std::size_t>(v)] = v;
  return order;
}

// A 2x2x2 (or 2x2x1) grid's point index of each hexahedron (quad) vertex.
const std::vector<int> GridOrder3D = { 0, 1, 3, 2, 4, 5, 7, 6 };
const std::vector<int> GridOrder2D = { 0, 1, 3, 2 };

} // namespace

TEST(LoomContourCases, EveryCaseOfEveryCellShape)
{
  EveryCase("tetrahedron", SingleCell(VTK_TETRA), Identity(4), 3);
  EveryCase("voxel", SingleCell(VTK_VOXEL), Identity(8), 3);
  EveryCase("hexahedron", SingleCell(VTK_HEXAHEDRON), Identity(8), 3);
  EveryCase("wedge", SingleCell(VTK_WEDGE), Identity(6), 3);
  EveryCase("pyramid", SingleCell(VTK_PYRAMID), Identity(5), 3);
  EveryCase("triangle", SingleCell(VTK_TRIANGLE), Identity(3), 2);
  EveryCase("quad", SingleCell(VTK_QUAD), Identity(4), 2);
  EveryCase("pixel", SingleCell(VTK_PIXEL), Identity(4), 2);
}

TEST(LoomContourCases, EveryCaseOfEveryGridCell)
{
  // Images and rectilinear grids take the structured (flying-edges) path; structured grids too,
  // with the hexahedron's triangulation, as VTK.
  EveryCase("image cell", Image(2, 2, 2), GridOrder3D, 3);
  EveryCase("rectilinear cell", Rectilinear(2, 2, 2), GridOrder3D, 3);
  EveryCase("structured grid cell", Structured(Image(2, 2, 2)), GridOrder3D, 3);
  EveryCase("2D image cell", Image(2, 2, 1), GridOrder2D, 2);
  EveryCase("2D rectilinear cell", Rectilinear(2, 2, 1), GridOrder2D, 2);
  EveryCase("2D structured grid cell", Structured(Image(2, 2, 1)), GridOrder2D, 2);
}

TEST(LoomContourCases, NoisyDataGivesVTKsTriangles)
{
  const int n = 32;
  const std::vector<double> values = Noise(static_cast<std::size_t>(n) * n * n, 11);
  for (const auto& version : Versions(n, values))
    for (int device : loomtest::Devices())
      ExpectSame("noisy 32^3 " + version.first + (device == 1 ? " (serial)" : device == 2 ? " (tbb)" : " (cuda)"),
                 Loom(version.second, 0.5, device), VTK(version.second, 0.5), 1e-9);
  // ParaView's image path and flying edges agree on such data.
  auto image = Versions(n, values)[0].second;
  ExpectSame("noisy 32^3 image vs vtkFlyingEdges3D", Loom(image, 0.5), VTK<vtkFlyingEdges3D>(image, 0.5), 1e-9);
  // A 2D rectilinear grid: isolines.
  auto plane = Rectilinear(64, 48, 1);
  SetScalars(plane, Noise(64 * 48, 12));
  ExpectSame("noisy 64x48 rectilinear grid", Loom(plane, 0.5), VTK(plane, 0.5), 1e-9);
}

TEST(LoomContourCases, ValuesEqualToTheIsovalueGiveNoDegeneratePrimitives)
{
  // Integers 0..3 contoured at 2: a third of the points lie on the surface.
  const int n = 20;
  std::mt19937 random(5);
  std::uniform_int_distribution<int> digit(0, 3);
  std::vector<double> integers(static_cast<std::size_t>(n) * n * n);
  for (double& v : integers)
    v = digit(random);
  for (const auto& version : Versions(n, integers))
    for (int device : loomtest::Devices())
      ExpectSame("integers 20^3 " + version.first + (device == 1 ? " (serial)" : device == 2 ? " (tbb)" : " (cuda)"),
                 Loom(version.second, 2.0, device), VTK(version.second, 2.0), 1e-9, false);
  // Cell data reaches each triangle from the cell that made it, welded or not: every triangle's three
  // points lie in the cell whose id it carries (the image takes the flying-edges path and its weld, the
  // hexahedra marching cells).
  for (const auto& version : Versions(n, integers))
  {
    if (version.first != "image" && version.first != "hexahedra")
      continue;
    vtkNew<vtkDoubleArray> ids;
    ids->SetName("cell");
    for (vtkIdType c = 0; c < version.second->GetNumberOfCells(); ++c)
      ids->InsertNextValue(static_cast<double>(c));
    version.second->GetCellData()->AddArray(ids);
    auto out = Loom(version.second, 2.0);
    vtkDataArray* carried = out->GetCellData()->GetArray("cell");
    ASSERT_NE(carried, nullptr) << version.first;
    vtkIdType outside = 0;
    for (vtkIdType t = 0; t < out->GetNumberOfCells(); ++t)
    {
      double bounds[6];
      version.second->GetCellBounds(static_cast<vtkIdType>(carried->GetTuple1(t)), bounds);
      vtkNew<vtkIdList> pts;
      out->GetCellPoints(t, pts);
      for (vtkIdType q = 0; q < pts->GetNumberOfIds(); ++q)
      {
        double x[3];
        out->GetPoint(pts->GetId(q), x);
        for (int d = 0; d < 3; ++d)
          outside += (x[d] < bounds[2 * d] - 1e-6 || x[d] > bounds[2 * d + 1] + 1e-6) ? 1 : 0;
      }
    }
    EXPECT_EQ(outside, 0) << version.first << ": triangles carrying another cell's data";
    version.second->GetCellData()->RemoveArray("cell");
  }
  // A plane through grid points (z = 5), and an oblique one (x + y + z = 20).
  std::vector<double> z, sum;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
      {
        z.push_back(k);
        sum.push_back(i + j + k);
      }
  for (const auto& field : { std::make_pair(std::string("z = 5"), std::make_pair(z, 5.0)),
                             std::make_pair(std::string("x + y + z = 20"), std::make_pair(sum, 20.0)) })
    for (const auto& version : Versions(n, field.second.first))
      ExpectSame("plane " + field.first + " through the points of the " + version.first,
                 Loom(version.second, field.second.second), VTK(version.second, field.second.second), 1e-9,
                 false);
  // The 0/1 indicator of a cell field averaged to points (values 0, 0.25, 0.5, 0.75, 1) contoured at
  // 0.5 on a 2D rectilinear grid.
  const int m = 40;
  std::vector<double> cellsInside(static_cast<std::size_t>(m - 1) * (m - 1));
  for (double& v : cellsInside)
    v = digit(random) >= 2 ? 1.0 : 0.0;
  std::vector<double> averaged;
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i)
    {
      double total = 0;
      int count = 0;
      for (int dj = -1; dj <= 0; ++dj)
        for (int di = -1; di <= 0; ++di)
          if (i + di >= 0 && i + di < m - 1 && j + dj >= 0 && j + dj < m - 1)
          {
            total += cellsInside[static_cast<std::size_t>((j + dj) * (m - 1) + i + di)];
            ++count;
          }
      averaged.push_back(total / count);
    }
  auto plane = Rectilinear(m, m, 1);
  SetScalars(plane, averaged);
  ExpectSame("averaged 0/1 indicator on a 40x40 rectilinear grid", Loom(plane, 0.5), VTK(plane, 0.5), 1e-9, false);
}
