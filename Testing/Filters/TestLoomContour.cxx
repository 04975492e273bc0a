// Loom filter tests: vtkLoomContour against VTK's contour filters (vtkFlyingEdges3D on images,
// vtkContour3DLinearGrid and vtkContourFilter on unstructured grids, vtkContourFilter on structured
// grids and the bundled datasets): triangle counts, surface area within 1e-5 relative, interpolated
// field ranges, watertightness and orientation; each of the 256 cube cases against flying edges;
// normals; and the bad-input contract.
#include <vtkLoomContour.h>

#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"
#include "LoomInterop.h"

#include <vtkAppendFilter.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCommand.h>
#include <vtkContour3DLinearGrid.h>
#include <vtkContourFilter.h>
#include <vtkDataSetReader.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkExecutive.h>
#include <vtkFloatArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkRectilinearGrid.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <vtkCylinderSource.h>
#include <vtkElevationFilter.h>
#include <vtkTriangleFilter.h>
#include <vtkStripper.h>
#include <vtkExtractEdges.h>
#include <vtkVertexGlyphFilter.h>
#include <vtkIdList.h>
#include <vtkMath.h>
#include <vtkExtractCellsByType.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <iostream>
#include <random>
#include <set>
#include <string>


namespace
{
using loomtest::Append;
using loomtest::ErrorCatcher;
using loomtest::Hexahedra;
using loomtest::Read;
using loomtest::Wavelet;

vtkSmartPointer<vtkUnstructuredGrid> AsTetrahedra(vtkDataSet* data)
{
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(data);
  tets->Update();
  return tets->GetOutput();
}

vtkSmartPointer<vtkPolyData> LoomContour(vtkDataSet* input, const char* array, const std::vector<double>& values,
                                         int device = vtkLoomContour::DEVICE_AUTO, bool normals = false)
{
  vtkNew<vtkLoomContour> contour;
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, array);
  for (std::size_t i = 0; i < values.size(); ++i)
    contour->SetValue(static_cast<int>(i), values[i]);
  contour->SetDevice(device);
  contour->SetComputeNormals(normals);
  contour->Update();
  loomtest::ExpectRanOn(contour, device, "Loom Contour");
  return contour->GetOutput();
}

template <typename Filter>
vtkSmartPointer<vtkPolyData> VTKContour(vtkDataSet* input, const char* array, const std::vector<double>& values)
{
  vtkNew<Filter> contour;
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, array);
  for (std::size_t i = 0; i < values.size(); ++i)
    contour->SetValue(static_cast<int>(i), values[i]);
  contour->Update();
  vtkSmartPointer<vtkPolyData> out = vtkPolyData::SafeDownCast(contour->GetOutputDataObject(0));
  return out;
}

double TriangleArea(const double a[3], const double b[3], const double c[3])
{
  const double e1[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
  const double e2[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
  const double n[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0] };
  return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}

// Total area of the polygons (triangles, or fanned polygons) and their number.
double Area(vtkPolyData* poly, vtkIdType* triangles = nullptr)
{
  double area = 0.0;
  vtkIdType count = 0;
  vtkCellArray* polys = poly->GetPolys();
  vtkIdType n;
  const vtkIdType* pts;
  double a[3], b[3], c[3];
  for (polys->InitTraversal(); polys->GetNextCell(n, pts);)
  {
    poly->GetPoint(pts[0], a);
    for (vtkIdType k = 1; k + 1 < n; ++k)
    {
      poly->GetPoint(pts[k], b);
      poly->GetPoint(pts[k + 1], c);
      area += TriangleArea(a, b, c);
      ++count;
    }
  }
  if (triangles)
    *triangles = count;
  return area;
}

// Watertight with consistent orientation: every edge of a triangle is used by exactly one other
// triangle in the opposite direction, unless it lies on the dataset's boundary box.
void ExpectWatertight(vtkPolyData* poly, const double bounds[6], const std::string& what)
{
  std::map<std::pair<vtkIdType, vtkIdType>, int> directed;
  vtkCellArray* polys = poly->GetPolys();
  vtkIdType n;
  const vtkIdType* pts;
  for (polys->InitTraversal(); polys->GetNextCell(n, pts);)
    for (vtkIdType k = 0; k < n; ++k)
      ++directed[{ pts[k], pts[(k + 1) % n] }];
  auto onBoundary = [&](vtkIdType p) {
    double x[3];
    poly->GetPoint(p, x);
    for (int d = 0; d < 3; ++d)
      if (std::abs(x[d] - bounds[2 * d]) < 1e-6 || std::abs(x[d] - bounds[2 * d + 1]) < 1e-6)
        return true;
    return false;
  };
  int open = 0, repeated = 0;
  for (const auto& e : directed)
  {
    if (e.second != 1)
      ++repeated;
    const auto back = directed.find({ e.first.second, e.first.first });
    if (back == directed.end() && !(onBoundary(e.first.first) && onBoundary(e.first.second)))
      ++open;
  }
  EXPECT_EQ(open, 0) << what << ": interior edges used by one triangle only";
  EXPECT_EQ(repeated, 0) << what << ": edges used twice in the same direction";
}

void ExpectSameSurface(vtkPolyData* expected, vtkPolyData* actual, const std::string& what, double areaTolerance = 1e-5)
{
  vtkIdType te = 0, ta = 0;
  const double ae = Area(expected, &te), aa = Area(actual, &ta);
  ASSERT_GT(te, 0) << what;
  EXPECT_EQ(te, ta) << what << ": triangles";
  EXPECT_NEAR(aa, ae, areaTolerance * ae) << what << ": area";
  std::cout << what << ": " << ta << " triangles, relative area difference " << std::abs(aa - ae) / ae << "\n";
}

void ExpectSameRange(vtkPolyData* expected, vtkPolyData* actual, const char* array, const std::string& what,
                     double tolerance = 1e-5)
{
  vtkDataArray* e = expected->GetPointData()->GetArray(array);
  vtkDataArray* a = actual->GetPointData()->GetArray(array);
  ASSERT_NE(e, nullptr) << what << " " << array;
  ASSERT_NE(a, nullptr) << what << " " << array;
  ASSERT_EQ(e->GetNumberOfComponents(), a->GetNumberOfComponents());
  for (int c = 0; c < e->GetNumberOfComponents(); ++c)
  {
    double re[2], ra[2];
    e->GetRange(re, c);
    a->GetRange(ra, c);
    const double scale = std::max(1.0, std::max(std::abs(re[0]), std::abs(re[1])));
    EXPECT_NEAR(ra[0], re[0], tolerance * scale) << what << " " << array << "[" << c << "] min";
    EXPECT_NEAR(ra[1], re[1], tolerance * scale) << what << " " << array << "[" << c << "] max";
  }
}


std::string ContourExpectingError(vtkDataSet* input, const char* array, const std::vector<double>& values)
{
  vtkNew<vtkLoomContour> contour;
  vtkNew<ErrorCatcher> catcher;
  contour->AddObserver(vtkCommand::ErrorEvent, catcher);
  contour->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, catcher);
  contour->SetInputData(input);
  contour->FallbackToVTKOff(); // what VTK's filter would take is an error only then
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, array);
  contour->SetNumberOfContours(static_cast<int>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i)
    contour->SetValue(static_cast<int>(i), values[i]);
  contour->Update();
  EXPECT_EQ(0, contour->GetOutput()->GetNumberOfPoints()) << "the output of a refused run is empty";
  return catcher->Message;
}
} // namespace

TEST(LoomContour, WaveletImageAgainstFlyingEdges)
{
  auto image = Wavelet(32);
  for (const std::vector<double>& values : { std::vector<double>{ 157.0 }, std::vector<double>{ 100.0, 157.0, 220.0 } })
  {
    const std::string what = "wavelet image, " + std::to_string(values.size()) + " values";
    auto expected = VTKContour<vtkFlyingEdges3D>(image, "RTData", values);
    for (int device : loomtest::Devices())
    {
      auto actual = LoomContour(image, "RTData", values, device);
      ExpectSameSurface(expected, actual, what);
      EXPECT_EQ(expected->GetNumberOfPoints(), actual->GetNumberOfPoints()) << what;
      ExpectSameRange(expected, actual, "RTData", what);
      ExpectWatertight(actual, image->GetBounds(), what);
      // Same bounds of the geometry.
      double be[6], ba[6];
      expected->GetBounds(be);
      actual->GetBounds(ba);
      for (int d = 0; d < 6; ++d)
        EXPECT_NEAR(ba[d], be[d], 1e-4) << what;
    }
  }
}

// The edges used by one triangle only (the surface's rim on the cube's faces), by position.
std::set<std::array<long long, 6>> RimEdges(vtkPolyData* poly)
{
  std::map<std::array<long long, 6>, int> uses;
  vtkCellArray* polys = poly->GetPolys();
  vtkIdType n;
  const vtkIdType* pts;
  for (polys->InitTraversal(); polys->GetNextCell(n, pts);)
    for (vtkIdType k = 0; k < n; ++k)
    {
      double a[3], b[3];
      poly->GetPoint(pts[k], a);
      poly->GetPoint(pts[(k + 1) % n], b);
      std::array<long long, 3> pa{ std::llround(a[0] * 1e6), std::llround(a[1] * 1e6), std::llround(a[2] * 1e6) };
      std::array<long long, 3> pb{ std::llround(b[0] * 1e6), std::llround(b[1] * 1e6), std::llround(b[2] * 1e6) };
      if (pb < pa)
        std::swap(pa, pb);
      ++uses[{ pa[0], pa[1], pa[2], pb[0], pb[1], pb[2] }];
    }
  std::set<std::array<long long, 6>> rim;
  for (const auto& u : uses)
    if (u.second == 1)
      rim.insert(u.first);
  return rim;
}

// Each of the 256 cube cases against flying edges: the same number of triangles and the same rim on
// the cube's faces (so the same surface polygons and the same resolution of ambiguous faces). Where a
// polygon of four or more points is not flat the two tables may split it along different diagonals,
// so single-cube areas differ (measured and printed); over a whole surface this stays far below 1e-5
// (the wavelet tests).
TEST(LoomContour, EveryCubeCaseAgainstFlyingEdges)
{
  std::mt19937 random(7);
  std::uniform_real_distribution<double> magnitude(0.2, 1.0);
  double worst = 0.0;
  for (int c = 0; c < 256; ++c)
  {
    vtkNew<vtkImageData> cube;
    cube->SetDimensions(2, 2, 2);
    vtkNew<vtkDoubleArray> values;
    values->SetName("s");
    // Image point order is x fastest; the case bits use the hexahedron order.
    const int hexOfImage[8] = { 0, 1, 3, 2, 4, 5, 7, 6 };
    for (int p = 0; p < 8; ++p)
    {
      const double m = magnitude(random);
      values->InsertNextValue(((c >> hexOfImage[p]) & 1) ? m : -m);
    }
    cube->GetPointData()->SetScalars(values);
    auto expected = VTKContour<vtkFlyingEdges3D>(cube, "s", { 0.0 });
    auto actual = LoomContour(cube, "s", { 0.0 });
    vtkIdType te = 0, ta = 0;
    const double ae = Area(expected, &te), aa = Area(actual, &ta);
    EXPECT_EQ(te, ta) << "case " << c;
    EXPECT_EQ(actual->GetNumberOfPoints(), expected->GetNumberOfPoints()) << "case " << c;
    EXPECT_TRUE(RimEdges(expected) == RimEdges(actual)) << "case " << c;
    if (ae > 0)
      worst = std::max(worst, std::abs(aa - ae) / ae);
  }
  std::cout << "largest relative area difference of a single cube (other diagonals): " << worst << "\n";
}

TEST(LoomContour, UnstructuredHexahedraAndTetrahedra)
{
  auto image = Wavelet(16);
  auto hexes = Hexahedra(image);
  auto tets = AsTetrahedra(image);
  for (auto* grid : { hexes.Get(), tets.Get() })
  {
    const std::string what = grid == hexes.Get() ? "hexahedra" : "tetrahedra";
    for (const std::vector<double>& values : { std::vector<double>{ 157.0 }, std::vector<double>{ 120.0, 200.0 } })
    {
      auto linear = VTKContour<vtkContour3DLinearGrid>(grid, "RTData", values);
      auto generic = VTKContour<vtkContourFilter>(grid, "RTData", values);
      auto actual = LoomContour(grid, "RTData", values, vtkLoomContour::DEVICE_SERIAL);
      ExpectSameSurface(generic, actual, what + " vs vtkContourFilter");
      ExpectSameSurface(linear, actual, what + " vs vtkContour3DLinearGrid");
      EXPECT_EQ(generic->GetNumberOfPoints(), actual->GetNumberOfPoints()) << what << ": merged points";
      ExpectSameRange(generic, actual, "RTData", what);
      ExpectWatertight(actual, grid->GetBounds(), what);
    }
  }
}

TEST(LoomContour, StructuredAndRectilinearGrids)
{
  auto image = Wavelet(12);
  // The image as a rectilinear grid with uneven spacing and as a structured grid.
  int dims[3];
  image->GetDimensions(dims);
  vtkNew<vtkRectilinearGrid> rect;
  rect->SetDimensions(dims);
  vtkNew<vtkStructuredGrid> sgrid;
  sgrid->SetDimensions(dims);
  vtkNew<vtkDoubleArray> axes[3];
  for (int d = 0; d < 3; ++d)
    for (int i = 0; i < dims[d]; ++i)
      axes[d]->InsertNextValue(i + 0.3 * std::sin(0.7 * i + d));
  rect->SetXCoordinates(axes[0]);
  rect->SetYCoordinates(axes[1]);
  rect->SetZCoordinates(axes[2]);
  vtkNew<vtkPoints> points;
  for (int k = 0; k < dims[2]; ++k)
    for (int j = 0; j < dims[1]; ++j)
      for (int i = 0; i < dims[0]; ++i)
        points->InsertNextPoint(axes[0]->GetValue(i), axes[1]->GetValue(j), axes[2]->GetValue(k));
  sgrid->SetPoints(points);
  for (vtkDataSet* d : { static_cast<vtkDataSet*>(rect), static_cast<vtkDataSet*>(sgrid) })
  {
    d->GetPointData()->ShallowCopy(image->GetPointData());
    const std::string what = d->GetClassName();
    auto expected = VTKContour<vtkContourFilter>(d, "RTData", { 150.0, 190.0 });
    auto actual = LoomContour(d, "RTData", { 150.0, 190.0 }, vtkLoomContour::DEVICE_AUTO, true);
    ExpectSameSurface(expected, actual, what);
    ExpectWatertight(actual, d->GetBounds(), what);
    ASSERT_NE(actual->GetPointData()->GetNormals(), nullptr) << what;
  }
}

TEST(LoomContour, BundledDatasets)
{
  struct Case
  {
    const char* File;
    const char* Array;
    std::vector<double> Values;
  };
  for (const Case& c : { Case{ "kitchen.vtk", "p1", { 0.01, 0.1 } }, Case{ "voxel_cells.vtk", "RTData", { 0.5 } },
                         Case{ "wedge_cells.vtk", "gyroid", { 0.37, 0.5 } },
                         Case{ "mixed-cell-shapes.vtk", "scalars", { 0.25, 0.5, 0.75 } } })
  {
    auto data = Read(c.File);
    ASSERT_GT(data->GetNumberOfPoints(), 0) << c.File;
    if (!data->GetPointData()->GetArray(c.Array) && data->GetFieldData()->GetArray(c.Array))
      data->GetPointData()->AddArray(data->GetFieldData()->GetArray(c.Array));
    ASSERT_NE(data->GetPointData()->GetArray(c.Array), nullptr) << c.File;
    double range[2];
    data->GetPointData()->GetArray(c.Array)->GetRange(range);
    std::vector<double> values;
    for (double v : c.Values)
      values.push_back(range[0] + v * (range[1] - range[0]));
    // mixed-cell-shapes.vtk has vertices, lines, polygons and strips too: ParaView's Contour contours
    // them all, and Loom Contour hands such input to it (PolygonalInputAsParaViewContoursIt); Loom's own
    // tables are checked on the cells it takes.
    if (vtkUnstructuredGrid::SafeDownCast(data))
    {
      vtkNew<vtkExtractCellsByType> supported;
      supported->SetInputData(data);
      for (int type : { VTK_TETRA, VTK_VOXEL, VTK_HEXAHEDRON, VTK_WEDGE, VTK_PYRAMID, VTK_TRIANGLE, VTK_QUAD, VTK_PIXEL })
        supported->AddCellType(type);
      supported->Update();
      auto* taken = vtkDataSet::SafeDownCast(supported->GetOutputDataObject(0));
      if (taken->GetNumberOfCells() < data->GetNumberOfCells())
      {
        auto expectedTaken = VTKContour<vtkContourFilter>(taken, c.Array, values);
        auto actualTaken = LoomContour(taken, c.Array, values);
        ExpectSameSurface(expectedTaken, actualTaken, c.File + std::string(" (the cells Loom takes)"), 1e-9);
        EXPECT_EQ(expectedTaken->GetNumberOfLines(), actualTaken->GetNumberOfLines()) << c.File;
      }
    }
    auto expected = VTKContour<vtkContourFilter>(data, c.Array, values);
    auto actual = LoomContour(data, c.Array, values);
    // Loom's tables are VTK's (Testing/Filters/TestLoomContourCases.cxx): the same surface to 1e-9.
    ExpectSameSurface(expected, actual, c.File, 1e-9);
    EXPECT_EQ(expected->GetNumberOfLines(), actual->GetNumberOfLines()) << c.File << ": isolines of 2D cells";
    for (int i = 0; i < data->GetPointData()->GetNumberOfArrays(); ++i)
    {
      const char* name = data->GetPointData()->GetArrayName(i);
      if (name && expected->GetPointData()->GetArray(name))
        ExpectSameRange(expected, actual, name, c.File, 1e-4);
    }
  }
}

TEST(LoomContour, NormalsFollowTheGradient)
{
  auto image = Wavelet(20);
  vtkNew<vtkFlyingEdges3D> fe;
  fe->SetInputData(image);
  fe->SetValue(0, 157.0);
  fe->ComputeNormalsOn();
  fe->Update();
  auto actual = LoomContour(image, "RTData", { 157.0 }, vtkLoomContour::DEVICE_AUTO, true);
  vtkDataArray* ne = fe->GetOutput()->GetPointData()->GetNormals();
  vtkDataArray* na = actual->GetPointData()->GetNormals();
  ASSERT_NE(ne, nullptr);
  ASSERT_NE(na, nullptr);
  ASSERT_EQ(ne->GetNumberOfTuples(), na->GetNumberOfTuples());
  // Same points in the same order is not promised: compare through the point positions.
  std::map<std::array<long long, 3>, std::array<double, 3>> byPosition;
  for (vtkIdType p = 0; p < ne->GetNumberOfTuples(); ++p)
  {
    double x[3];
    fe->GetOutput()->GetPoint(p, x);
    byPosition[{ std::llround(x[0] * 1e3), std::llround(x[1] * 1e3), std::llround(x[2] * 1e3) }] = {
      ne->GetComponent(p, 0), ne->GetComponent(p, 1), ne->GetComponent(p, 2)
    };
  }
  double worst = 1.0;
  vtkIdType matched = 0;
  for (vtkIdType p = 0; p < na->GetNumberOfTuples(); ++p)
  {
    double x[3];
    actual->GetPoint(p, x);
    const auto it = byPosition.find({ std::llround(x[0] * 1e3), std::llround(x[1] * 1e3), std::llround(x[2] * 1e3) });
    if (it == byPosition.end())
      continue;
    ++matched;
    const double dot = it->second[0] * na->GetComponent(p, 0) + it->second[1] * na->GetComponent(p, 1) +
                       it->second[2] * na->GetComponent(p, 2);
    worst = std::min(worst, dot);
  }
  EXPECT_GT(matched, na->GetNumberOfTuples() * 9 / 10);
  EXPECT_GT(worst, 0.999);
  // And the triangles face the way the normals point.
  vtkCellArray* polys = actual->GetPolys();
  vtkIdType n;
  const vtkIdType* pts;
  vtkIdType agree = 0, total = 0;
  for (polys->InitTraversal(); polys->GetNextCell(n, pts); ++total)
  {
    double a[3], b[3], c[3];
    actual->GetPoint(pts[0], a);
    actual->GetPoint(pts[1], b);
    actual->GetPoint(pts[2], c);
    const double e1[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, e2[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
    const double g[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0] };
    double dot = 0.0;
    for (int d = 0; d < 3; ++d)
      dot += g[d] * (na->GetComponent(pts[0], d) + na->GetComponent(pts[1], d) + na->GetComponent(pts[2], d));
    agree += dot > 0;
  }
  EXPECT_GT(agree, total * 99 / 100);
}

TEST(LoomContour, NonFiniteValuesAndValuesOutsideTheRange)
{
  auto image = Wavelet(10);
  auto copy = vtkSmartPointer<vtkImageData>::New();
  copy->DeepCopy(image);
  vtkDataArray* rt = copy->GetPointData()->GetArray("RTData");
  rt->SetComponent(rt->GetNumberOfTuples() / 2, 0, std::numeric_limits<double>::quiet_NaN());
  rt->SetComponent(rt->GetNumberOfTuples() / 3, 0, std::numeric_limits<double>::infinity());
  auto clean = LoomContour(image, "RTData", { 157.0 });
  auto dirty = LoomContour(copy, "RTData", { 157.0 });
  EXPECT_GT(dirty->GetNumberOfPolys(), 0);
  EXPECT_LE(dirty->GetNumberOfPolys(), clean->GetNumberOfPolys());
  double bounds[6];
  dirty->GetBounds(bounds);
  for (double b : bounds)
    EXPECT_TRUE(std::isfinite(b));
  auto none = LoomContour(image, "RTData", { -1e6, 1e6 });
  EXPECT_EQ(none->GetNumberOfPolys(), 0);
  EXPECT_EQ(none->GetNumberOfPoints(), 0);
}

TEST(LoomContour, IntegerIsovaluesRoundedOrAsParaView)
{
  // An integer field: the output scalars hold the isovalue rounded (vtkContourFilter) or, with
  // IsovaluesAsParaView (the proxy's setting), converted toward zero as ParaView's Contour stores it.
  auto image = Wavelet(8);
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  vtkNew<vtkIntArray> ints;
  ints->SetName("I");
  ints->SetNumberOfTuples(rt->GetNumberOfTuples());
  for (vtkIdType i = 0; i < rt->GetNumberOfTuples(); ++i)
    ints->SetValue(i, static_cast<int>(std::lround(rt->GetComponent(i, 0))));
  image->GetPointData()->AddArray(ints);
  for (const double isovalue : { 150.7, 149.2 })
    for (const bool asParaView : { false, true })
    {
      vtkNew<vtkLoomContour> contour;
      contour->SetInputData(image);
      contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "I");
      contour->SetValue(0, isovalue);
      contour->SetIsovaluesAsParaView(asParaView);
      contour->Update();
      vtkDataArray* scalars = contour->GetOutput()->GetPointData()->GetArray("I");
      ASSERT_NE(scalars, nullptr);
      ASSERT_GT(scalars->GetNumberOfTuples(), 0);
      const double expected = asParaView ? std::trunc(isovalue) : std::round(isovalue);
      double range[2];
      scalars->GetRange(range, 0);
      EXPECT_EQ(range[0], expected) << isovalue << (asParaView ? " as ParaView" : " rounded");
      EXPECT_EQ(range[1], expected) << isovalue << (asParaView ? " as ParaView" : " rounded");
    }
}

TEST(LoomContour, TwoDimensionalImageGivesIsolines)
{
  vtkNew<vtkRTAnalyticSource> source;
  source->SetWholeExtent(-20, 19, -15, 14, 0, 0);
  source->Update();
  auto expected = VTKContour<vtkContourFilter>(source->GetOutput(), "RTData", { 150.0, 180.0 });
  auto actual = LoomContour(source->GetOutput(), "RTData", { 150.0, 180.0 });
  ASSERT_GT(expected->GetNumberOfLines(), 0);
  EXPECT_EQ(expected->GetNumberOfLines(), actual->GetNumberOfLines());
  EXPECT_EQ(actual->GetNumberOfPolys(), 0);
  double be[6], ba[6];
  expected->GetBounds(be);
  actual->GetBounds(ba);
  for (int d = 0; d < 6; ++d)
    EXPECT_NEAR(ba[d], be[d], 1e-4);
}

TEST(LoomContour, BadInput)
{
  auto image = Wavelet(4);
  const vtkMTimeType before = image->GetMTime();
  std::string m = ContourExpectingError(image, "NoSuchArray", { 157.0 });
  EXPECT_NE(m.find("vtkLoomContour"), std::string::npos) << m;
  EXPECT_NE(m.find("'NoSuchArray' is not in the input's point data"), std::string::npos) << m;

  m = ContourExpectingError(image, "RTData", {});
  EXPECT_NE(m.find("no isovalues"), std::string::npos) << m;

  auto withExtra = vtkSmartPointer<vtkImageData>::New();
  withExtra->ShallowCopy(image);
  vtkNew<vtkStringArray> names;
  names->SetName("Names");
  names->SetNumberOfValues(image->GetNumberOfPoints());
  withExtra->GetPointData()->AddArray(names);
  vtkNew<vtkFloatArray> vectors;
  vectors->SetName("Vectors");
  vectors->SetNumberOfComponents(3);
  vectors->SetNumberOfTuples(image->GetNumberOfPoints());
  vectors->Fill(1.0);
  withExtra->GetPointData()->AddArray(vectors);
  m = ContourExpectingError(withExtra, "Names", { 1.0 });
  EXPECT_NE(m.find("'Names' is a vtkStringArray, not a numeric array"), std::string::npos) << m;
  m = ContourExpectingError(withExtra, "Vectors", { 1.0 });
  EXPECT_NE(m.find("Loom Contour: Contour By array 'Vectors' has 3 components"), std::string::npos) << m;
  {
    // Fallback To VTK on (the default) too: one error, before any fallback (ParaView's Contour offers
    // one-component arrays only; VTK's filter given this one prints an error per tuple).
    loomtest::LogCapture log;
    vtkNew<vtkLoomContour> contour;
    contour->SetInputData(withExtra);
    contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "Vectors");
    contour->SetValue(0, 1.0);
    const loomtest::Outcome o = loomtest::UpdateCapturing(contour);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(o.Errors.find("Loom Contour: Contour By array 'Vectors' has 3 components"), std::string::npos) << o.Errors;
    EXPECT_EQ(o.Errors.find("Loom Contour", o.Errors.find("Loom Contour") + 1), std::string::npos)
      << "one error, labelled once: " << o.Errors;
    EXPECT_EQ(log.Text.find("instead"), std::string::npos) << "no fallback: " << log.Text;
    EXPECT_EQ(0, contour->GetOutput()->GetNumberOfCells());
  }

  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkPoints> noPoints;
  empty->SetPoints(noPoints);
  vtkNew<vtkFloatArray> emptyField;
  emptyField->SetName("s");
  empty->GetPointData()->AddArray(emptyField);
  {
    // An empty dataset: an empty output and no message (as ParaView's Contour).
    vtkNew<vtkLoomContour> contour;
    contour->SetInputData(empty);
    contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "s");
    contour->SetValue(0, 1.0);
    loomtest::ExpectSilentEmpty(contour, "empty unstructured grid");
  }

  // Only cells marching cells does not contour (lines).
  vtkNew<vtkUnstructuredGrid> lines;
  vtkNew<vtkPoints> linePoints;
  vtkNew<vtkFloatArray> lineField;
  lineField->SetName("s");
  for (int i = 0; i < 4; ++i)
  {
    linePoints->InsertNextPoint(i, 0, 0);
    lineField->InsertNextValue(static_cast<float>(i));
  }
  lines->SetPoints(linePoints);
  lines->GetPointData()->AddArray(lineField);
  for (vtkIdType i = 0; i < 3; ++i)
  {
    const vtkIdType ids[2] = { i, i + 1 };
    lines->InsertNextCell(VTK_LINE, 2, ids);
  }
  m = ContourExpectingError(lines, "s", { 1.5 });
  EXPECT_NE(m.find("Loom Contour: the input has cells of VTK types 3"), std::string::npos) << m;
  EXPECT_NE(m.find("Fallback To VTK is off"), std::string::npos) << m;
  EXPECT_EQ(image->GetMTime(), before) << "the input was changed";
}

// Polygonal input as ParaView meets it: triangle strips, polygons (a capped cylinder), lines and vertices
// are contoured as ParaView's Contour contours them (through VTK's filter, one info message), the same
// cells; triangles alone stay on Loom.
TEST(LoomContour, PolygonalInputAsParaViewContoursIt)
{
  vtkNew<vtkCylinderSource> cylinder; // quads on the side, two 16-gons as caps
  cylinder->SetResolution(16);
  cylinder->SetCapping(true);
  vtkNew<vtkElevationFilter> elevation;
  elevation->SetInputConnection(cylinder->GetOutputPort());
  elevation->SetLowPoint(-1, -1, -1);
  elevation->SetHighPoint(1, 1, 1);
  vtkNew<vtkTriangleFilter> triangles;
  triangles->SetInputConnection(elevation->GetOutputPort());
  vtkNew<vtkStripper> strips;
  strips->SetInputConnection(triangles->GetOutputPort());
  vtkNew<vtkExtractEdges> edges; // lines
  edges->SetInputConnection(elevation->GetOutputPort());
  vtkNew<vtkVertexGlyphFilter> vertices;
  vertices->SetInputConnection(elevation->GetOutputPort());
  struct Input
  {
    const char* Name;
    vtkAlgorithm* Source;
    bool Fallback;
  };
  for (const Input& in : { Input{ "polygons", elevation, true }, Input{ "triangle strips", strips, true },
                           Input{ "lines", edges, true }, Input{ "vertices", vertices, true },
                           Input{ "triangles", triangles, false } })
  {
    SCOPED_TRACE(in.Name);
    in.Source->Update();
    auto* input = vtkDataSet::SafeDownCast(in.Source->GetOutputDataObject(0));
    ASSERT_GT(input->GetNumberOfCells(), 0);
    const double value = 0.4; // crosses the caps and the side
    auto expected = VTKContour<vtkContourFilter>(input, "Elevation", { value });
    loomtest::LogCapture log;
    vtkNew<vtkLoomContour> contour;
    contour->SetInputData(input);
    contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "Elevation");
    contour->SetValue(0, value);
    const loomtest::Outcome o = loomtest::UpdateCapturing(contour);
    EXPECT_EQ(1, o.Status);
    EXPECT_EQ("", o.Errors + o.Warnings);
    EXPECT_EQ(in.Fallback, log.Text.find("VTK's vtkContourFilter contours it instead") != std::string::npos) << log.Text;
    vtkPolyData* out = contour->GetOutput();
    ASSERT_EQ(expected->GetNumberOfCells(), out->GetNumberOfCells());
    EXPECT_EQ(expected->GetNumberOfVerts(), out->GetNumberOfVerts());
    EXPECT_EQ(expected->GetNumberOfLines(), out->GetNumberOfLines());
    if (std::string(in.Name) != "vertices") // VTK's contour of vertices is empty unless a value hits one
      EXPECT_GT(out->GetNumberOfCells(), 0);
    if (in.Fallback)
    {
      // ParaView's code made it: the same points and cells, exactly.
      ASSERT_EQ(expected->GetNumberOfPoints(), out->GetNumberOfPoints());
      for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
        for (int d = 0; d < 3; ++d)
          ASSERT_EQ(expected->GetPoint(p)[d], out->GetPoint(p)[d]) << "point " << p;
      for (vtkIdType c = 0; c < out->GetNumberOfCells(); ++c)
      {
        vtkNew<vtkIdList> a, b;
        expected->GetCellPoints(c, a);
        out->GetCellPoints(c, b);
        ASSERT_EQ(a->GetNumberOfIds(), b->GetNumberOfIds()) << "cell " << c;
        for (vtkIdType k = 0; k < a->GetNumberOfIds(); ++k)
          ASSERT_EQ(a->GetId(k), b->GetId(k)) << "cell " << c;
      }
    }
    else
    {
      // Loom's segments: the same total length as VTK's.
      auto length = [](vtkPolyData* lines) {
        double total = 0.0;
        for (vtkIdType c = 0; c < lines->GetNumberOfCells(); ++c)
        {
          vtkNew<vtkIdList> ids;
          lines->GetCellPoints(c, ids);
          for (vtkIdType k = 0; k + 1 < ids->GetNumberOfIds(); ++k)
            total += std::sqrt(vtkMath::Distance2BetweenPoints(lines->GetPoint(ids->GetId(k)), lines->GetPoint(ids->GetId(k + 1))));
        }
        return total;
      };
      EXPECT_NEAR(length(expected), length(out), 1e-6 * length(expected));
    }
  }
}

// Composite inputs: each block is contoured (VTK's composite pipeline runs the filter per block).
TEST(LoomContour, MultiblockInputsRunPerBlock)
{
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetNumberOfBlocks(2);
  auto image = Wavelet(8);
  auto grid = Append(Wavelet(6));
  blocks->SetBlock(0, image);
  blocks->SetBlock(1, grid);
  vtkNew<vtkLoomContour> contour;
  contour->SetInputData(blocks);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  contour->SetValue(0, 157.0);
  contour->Update();
  auto* out = vtkMultiBlockDataSet::SafeDownCast(contour->GetOutputDataObject(0));
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(out->GetNumberOfBlocks(), 2u);
  vtkDataSet* inputs[2] = { image, grid };
  for (unsigned b = 0; b < 2; ++b)
  {
    auto* block = vtkPolyData::SafeDownCast(out->GetBlock(b));
    ASSERT_NE(block, nullptr);
    auto expected = VTKContour<vtkContourFilter>(inputs[b], "RTData", { 157.0 });
    ExpectSameSurface(expected, block, "block " + std::to_string(b));
  }
}

// Re-executions on an unchanged image, rectilinear or structured grid contour only the part the isovalues cross
// (the value blocks made on the array's second run, kept while it lives unmodified): the output is the whole
// grid's, point for point and triangle for triangle, with other point and cell arrays, not-a-number values and
// a direction matrix; a modified array is never taken for what it was (its new values are contoured); a deleted
// array is forgotten; the bound is honoured.
TEST(LoomContour, ReexecutionsContourOnlyThePartTheValuesCross)
{
  namespace li = loom::interop;
  li::ClearValueBlocks();
  const loomtest::PeakGrids grids = loomtest::MakePeakGrids();
  vtkImageData* image = grids.Image;
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  auto turned = vtkSmartPointer<vtkImageData>::New();
  turned->DeepCopy(image);
  const double direction[9] = { 0, -1, 0, 1, 0, 0, 0, 0, 1 };
  turned->SetDirectionMatrix(direction);
  // Not a number at a point near the peak (in the part; the whole grid and the part then take marching cells).
  turned->GetPointData()->GetArray("RTData")->SetComponent((40 * 80 + 41) * 80 + 43, 0,
                                                          std::numeric_limits<double>::quiet_NaN());
  for (vtkDataSet* data : { static_cast<vtkDataSet*>(image), static_cast<vtkDataSet*>(turned),
                            static_cast<vtkDataSet*>(grids.Rectilinear), static_cast<vtkDataSet*>(grids.Twisted) })
    for (int device : loomtest::Devices())
    {
      const std::string what = std::string(data->GetClassName()) + (data == turned ? " (turned)" : "") + ", device " +
        std::to_string(device);
      vtkNew<vtkLoomContour> contour;
      contour->SetInputData(data);
      contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
      contour->SetValue(0, 250.0);
      contour->SetComputeNormals(true);
      contour->SetComputeScalars(true);
      contour->SetDevice(device);
      // The part holds a quarter of the points; the gather of its field and the output's points (the same
      // surface) are counted too.
      const loomtest::GridRun third = loomtest::ExpectPartOnReexecution(contour, device, 2.0 / 3.0, what);
      if (data != turned && device == loomtest::Devices().front()) // VTK's contour of the same grid: its surface
        ExpectSameSurface(data == image ? VTKContour<vtkFlyingEdges3D>(data, "RTData", { 250.0 })
                                        : VTKContour<vtkContourFilter>(data, "RTData", { 250.0 }),
                          vtkPolyData::SafeDownCast(third.Output), what);
      const li::ValueBlocksStatistics before = li::GetValueBlocksStatistics();

      // Other values: the blocks found again.
      contour->SetNumberOfContours(2);
      contour->SetValue(0, 245.0);
      contour->SetValue(1, 262.0);
      const loomtest::GridRun two = loomtest::RunOnGrids(contour, false);
      EXPECT_EQ(before.Reused + 1, li::GetValueBlocksStatistics().Reused) << what;
      loomtest::ExpectIdenticalData(loomtest::RunOnGrids(contour, true).Output, two.Output, what + ", two values");
      contour->SetNumberOfContours(1);
      contour->SetValue(0, 250.0);
    }

  // A modified array: a new peak far from the centre, its surface contoured (not the blocks of before).
  vtkNew<vtkLoomContour> contour;
  contour->SetInputData(image);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  contour->SetValue(0, 250.0);
  li::ClearValueBlocks();
  loomtest::RunOnGrids(contour, false);
  const loomtest::GridRun part = loomtest::RunOnGrids(contour, false);
  const li::ValueBlocksStatistics kept = li::GetValueBlocksStatistics();
  EXPECT_EQ(1u, kept.Entries);
  EXPECT_GT(kept.Bytes, 0u);
  EXPECT_NE(std::string::npos, std::string(vtkLoomExecution::GetLast(contour)->Describe()).find("read a part of"));
  int dims[3];
  image->GetDimensions(dims);
  const vtkIdType corner = image->ComputePointId(std::array<int, 3>{ -36, -34, 33 }.data());
  ASSERT_GE(corner, 0);
  rt->SetComponent(corner, 0, 300.0);
  rt->Modified();
  const loomtest::GridRun modified = loomtest::RunOnGrids(contour, false);
  EXPECT_GT(vtkPolyData::SafeDownCast(modified.Output)->GetNumberOfPolys(),
            vtkPolyData::SafeDownCast(part.Output)->GetNumberOfPolys()); // the peak's surface is there
  loomtest::ExpectIdenticalData(loomtest::RunOnGrids(contour, true).Output, modified.Output, "modified array");
  EXPECT_EQ(kept.Forgotten + 1, li::GetValueBlocksStatistics().Forgotten);
  const loomtest::GridRun remade = loomtest::RunOnGrids(contour, false);
  EXPECT_EQ(kept.Made + 1, li::GetValueBlocksStatistics().Made);
  loomtest::ExpectIdenticalData(modified.Output, remade.Output, "modified array, blocks made again");
  // The same values in a new shallow copy of the dataset (as ParaView's pipeline hands a filter its input at
  // every execution): the array's blocks are found again.
  {
    auto copy = vtkSmartPointer<vtkImageData>::New();
    copy->ShallowCopy(image);
    contour->SetInputData(copy);
    const std::uint64_t reused = li::GetValueBlocksStatistics().Reused;
    loomtest::ExpectIdenticalData(remade.Output, loomtest::RunOnGrids(contour, false).Output, "a shallow copy");
    EXPECT_EQ(reused + 1, li::GetValueBlocksStatistics().Reused);
    contour->SetInputData(image);
  }

  // Ghost cells to skip: the whole grid takes marching cells, so no part is read (a part without them would
  // take the flying-edges path and number the points otherwise).
  {
    auto ghosted = vtkSmartPointer<vtkImageData>::New();
    ghosted->DeepCopy(image);
    vtkNew<vtkUnsignedCharArray> ghosts;
    ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
    ghosts->SetNumberOfTuples(ghosted->GetNumberOfCells());
    ghosts->FillValue(0);
    ghosts->SetValue(0, vtkDataSetAttributes::DUPLICATECELL);
    ghosted->GetCellData()->AddArray(ghosts);
    vtkNew<vtkLoomContour> ghostContour;
    ghostContour->SetInputData(ghosted);
    ghostContour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    ghostContour->SetValue(0, 250.0);
    const loomtest::GridRun whole = loomtest::RunOnGrids(ghostContour, true);
    for (int run = 0; run < 3; ++run)
    {
      const loomtest::GridRun again = loomtest::RunOnGrids(ghostContour, false);
      EXPECT_EQ(0, again.PartPoints);
      loomtest::ExpectIdenticalData(whole.Output, again.Output, "ghost cells, run " + std::to_string(run));
    }
  }

  // A deleted array is forgotten with it.
  {
    auto other = vtkSmartPointer<vtkImageData>::New();
    other->DeepCopy(image);
    contour->SetInputData(other);
    loomtest::RunOnGrids(contour, false);
    loomtest::RunOnGrids(contour, false);
    EXPECT_EQ(2u, li::GetValueBlocksStatistics().Entries);
    contour->SetInputData(image);
  }
  EXPECT_EQ(1u, li::GetValueBlocksStatistics().Entries);

  // The bound: none kept at 0 bytes, the output still the whole grid's.
  const std::size_t limit = li::GetValueBlocksLimit();
  const li::ValueBlocksStatistics full = li::GetValueBlocksStatistics();
  li::SetValueBlocksLimit(0);
  EXPECT_EQ(0u, li::GetValueBlocksStatistics().Bytes);
  EXPECT_EQ(full.Evicted + 1, li::GetValueBlocksStatistics().Evicted);
  loomtest::RunOnGrids(contour, false);
  const loomtest::GridRun bounded = loomtest::RunOnGrids(contour, false);
  EXPECT_EQ(0u, li::GetValueBlocksStatistics().Bytes);
  loomtest::ExpectIdenticalData(remade.Output, bounded.Output, "no blocks kept");
  li::SetValueBlocksLimit(limit);
  li::ClearValueBlocks();
  EXPECT_EQ(0u, li::GetValueBlocksStatistics().Entries);
}
