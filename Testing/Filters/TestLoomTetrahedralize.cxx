// Loom filter tests: vtkLoomTetrahedralize against vtkDataSetTriangleFilter on the wavelet (image,
// rectilinear, voxels, hexahedra, tetrahedra) and the bundled datasets: the same volume, every
// tetrahedron positive (or of one sign), conforming faces whose boundary covers the input's boundary,
// both hexahedron splits, cell data copied to children, devices agreeing, zero-copy output cells,
// and the bad-input contract.
#include <vtkLoomTetrahedralize.h>

#include "LoomFilterTesting.h"

#include <vtkAppendFilter.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellTypes.h>
#include <vtkCommand.h>
#include <vtkDataSetReader.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkExecutive.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkImageDataToPointSet.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkRectilinearGrid.h>
#include <vtkTriangleFilter.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iostream>
#include <map>
#include <string>


namespace
{
using loomtest::Append;
using loomtest::ErrorCatcher;
using loomtest::Hexahedra;
using loomtest::Read;
using loomtest::Wavelet;

vtkSmartPointer<vtkUnstructuredGrid> RunLoom(vtkDataSet* input, int split = vtkLoomTetrahedralize::SPLIT_SIX,
                                             int device = vtkLoomTetrahedralize::DEVICE_AUTO)
{
  vtkNew<vtkLoomTetrahedralize> filter;
  filter->SetInputData(input);
  filter->SetHexahedronSplit(split);
  filter->SetDevice(device);
  filter->Update();
  loomtest::ExpectRanOn(filter, device, "Loom Tetrahedralize");
  return filter->GetOutput();
}

vtkSmartPointer<vtkUnstructuredGrid> RunVTK(vtkDataSet* input)
{
  vtkNew<vtkDataSetTriangleFilter> filter;
  filter->SetInputData(input);
  filter->Update();
  return filter->GetOutput();
}

using P3 = std::array<double, 3>;

double Det(const P3& a, const P3& b, const P3& c, const P3& d)
{
  const double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] },
               w[3] = { d[0] - a[0], d[1] - a[1], d[2] - a[2] };
  return u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
}

double TriangleArea(const P3& a, const P3& b, const P3& c)
{
  const double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
  const double n[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
  return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}

// What the tetrahedra of a grid add up to.
struct TetStats
{
  vtkIdType Tets = 0;
  double Volume = 0;      // sum of |volume|
  int Positive = 0, Negative = 0, Flat = 0;
  double BoundaryArea = 0; // faces used once
  int MaxFaceUse = 0;
  std::map<int, vtkIdType> OtherCells; // cell type -> count, for non-tetrahedra
  double TriangleArea = 0;
};

TetStats Stats(vtkUnstructuredGrid* grid)
{
  TetStats s;
  std::map<std::array<vtkIdType, 3>, int> faces;
  auto point = [&](vtkIdType id) {
    P3 p;
    grid->GetPoint(id, p.data());
    return p;
  };
  vtkIdType npts;
  const vtkIdType* pts;
  vtkCellArray* cells = grid->GetCells();
  for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c)
  {
    cells->GetCellAtId(c, npts, pts);
    const int type = grid->GetCellType(c);
    if (type == VTK_TRIANGLE)
      s.TriangleArea += TriangleArea(point(pts[0]), point(pts[1]), point(pts[2]));
    if (type != VTK_TETRA)
    {
      ++s.OtherCells[type];
      continue;
    }
    ++s.Tets;
    const double det = Det(point(pts[0]), point(pts[1]), point(pts[2]), point(pts[3]));
    s.Volume += std::abs(det) / 6;
    (det > 1e-12 ? s.Positive : det < -1e-12 ? s.Negative : s.Flat)++;
    for (int skip = 0; skip < 4; ++skip)
    {
      std::array<vtkIdType, 3> f;
      int k = 0;
      for (int q = 0; q < 4; ++q)
        if (q != skip)
          f[k++] = pts[q];
      std::sort(f.begin(), f.end());
      ++faces[f];
    }
  }
  for (const auto& f : faces)
  {
    s.MaxFaceUse = std::max(s.MaxFaceUse, f.second);
    if (f.second == 1)
      s.BoundaryArea += TriangleArea(point(f.first[0]), point(f.first[1]), point(f.first[2]));
  }
  return s;
}

// Area of the boundary of a 3D dataset (its outer faces, triangulated).
double SurfaceArea(vtkDataSet* input)
{
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(input);
  vtkNew<vtkTriangleFilter> triangles;
  triangles->SetInputConnection(surface->GetOutputPort());
  triangles->Update();
  vtkPolyData* poly = triangles->GetOutput();
  double area = 0;
  vtkIdType npts;
  const vtkIdType* pts;
  vtkCellArray* polys = poly->GetPolys();
  for (polys->InitTraversal(); polys->GetNextCell(npts, pts);)
  {
    P3 a, b, c;
    poly->GetPoint(pts[0], a.data());
    poly->GetPoint(pts[1], b.data());
    poly->GetPoint(pts[2], c.data());
    area += TriangleArea(a, b, c);
  }
  return area;
}

// Loom's tetrahedra against VTK's on a dataset of 3D cells: the same volume (within `tolerance`
// relative), one orientation (positive when `positive`), conforming faces whose boundary covers the
// input's boundary. The five-split conforms on structured grids only (explicit hexahedra all take
// the same split), so its faces are checked there.
void CompareVolumes(vtkDataSet* input, const std::string& what, bool positive = true, double tolerance = 1e-9)
{
  const TetStats reference = Stats(RunVTK(input));
  const bool structured = !vtkUnstructuredGrid::SafeDownCast(input);
  const double surface = SurfaceArea(input);
  for (int split : { vtkLoomTetrahedralize::SPLIT_SIX, vtkLoomTetrahedralize::SPLIT_FIVE })
  {
    const std::string name = what + (split == vtkLoomTetrahedralize::SPLIT_SIX ? " (six)" : " (five)");
    const TetStats loom = Stats(RunLoom(input, split));
    ASSERT_GT(loom.Tets, 0) << name;
    EXPECT_NEAR(reference.Volume, loom.Volume, tolerance * reference.Volume) << name;
    EXPECT_EQ(0, loom.Flat) << name;
    if (positive)
      EXPECT_EQ(loom.Tets, loom.Positive) << name;
    else
      EXPECT_TRUE(loom.Positive == loom.Tets || loom.Negative == loom.Tets) << name;
    EXPECT_LE(loom.MaxFaceUse, 2) << name;
    if (split == vtkLoomTetrahedralize::SPLIT_SIX || structured)
    {
      EXPECT_NEAR(surface, loom.BoundaryArea, 1e-9 * surface) << name;
      EXPECT_NEAR(reference.BoundaryArea, loom.BoundaryArea, tolerance * surface) << name;
    }
  }
}


// Runs the filter on bad input: returns the error message; the output must be empty and Update fail.
std::string RunExpectingError(vtkDataSet* input)
{
  vtkNew<vtkLoomTetrahedralize> filter;
  vtkNew<ErrorCatcher> catcher;
  filter->AddObserver(vtkCommand::ErrorEvent, catcher);
  filter->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, catcher);
  filter->SetInputData(input);
  filter->FallbackToVTKOff(); // cells VTK's filter would take are errors only then
  EXPECT_EQ(0, filter->GetExecutive()->Update()) << "RequestData must return 0";
  EXPECT_EQ(0, filter->GetOutput()->GetNumberOfCells()) << "the output of a refused run is empty";
  std::cout << "refused: " << catcher->Message;
  return catcher->Message;
}
} // namespace

TEST(LoomTetrahedralize, WaveletImageAgainstVTK)
{
  auto image = Wavelet(16);
  CompareVolumes(image, "wavelet image");
  // VTK splits structured cells into 5 alternating: so does Loom's five-split, cell for cell in count.
  EXPECT_EQ(RunVTK(image)->GetNumberOfCells(), RunLoom(image, vtkLoomTetrahedralize::SPLIT_FIVE)->GetNumberOfCells());
  EXPECT_EQ(6 * image->GetNumberOfCells(), RunLoom(image)->GetNumberOfCells());
  // Same points, generated: and the point data is passed, not copied.
  auto out = RunLoom(image);
  ASSERT_EQ(image->GetNumberOfPoints(), out->GetNumberOfPoints());
  for (vtkIdType p = 0; p < image->GetNumberOfPoints(); p += 997)
  {
    double a[3], b[3];
    image->GetPoint(p, a);
    out->GetPoint(p, b);
    for (int d = 0; d < 3; ++d)
      EXPECT_EQ(a[d], b[d]) << "point " << p;
  }
  EXPECT_EQ(image->GetPointData()->GetArray("RTData"), out->GetPointData()->GetArray("RTData"));
}

// The cells of `grid` as sorted point-id tuples, sorted: the same multiset means the same tetrahedra.
std::vector<std::vector<vtkIdType>> CellSet(vtkUnstructuredGrid* grid)
{
  std::vector<std::vector<vtkIdType>> cells;
  vtkIdType n;
  const vtkIdType* ids;
  for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c)
  {
    grid->GetCells()->GetCellAtId(c, n, ids);
    std::vector<vtkIdType> cell(ids, ids + n);
    std::sort(cell.begin(), cell.end());
    cell.push_back(grid->GetCellType(c));
    cells.push_back(cell);
  }
  std::sort(cells.begin(), cells.end());
  return cells;
}

TEST(LoomTetrahedralize, DefaultsGiveParaViewsCellsOnGrids)
{
  // With only an input (as ParaView makes its Tetrahedralize), an image, a rectilinear grid and a
  // structured grid give ParaView's tetrahedra: the same point ids, cell for cell (in any order).
  auto image = Wavelet(9);
  vtkNew<vtkLoomTetrahedralize> filter;
  EXPECT_EQ(vtkLoomTetrahedralize::SPLIT_AS_PARAVIEW, filter->GetHexahedronSplit());
  vtkNew<vtkImageDataToPointSet> structured;
  structured->SetInputData(image);
  structured->Update();
  for (vtkDataSet* input : { static_cast<vtkDataSet*>(image.Get()), static_cast<vtkDataSet*>(structured->GetOutput()) })
  {
    SCOPED_TRACE(input->GetClassName());
    filter->SetInputData(input);
    filter->Update();
    auto reference = RunVTK(input);
    ASSERT_EQ(5 * input->GetNumberOfCells(), filter->GetOutput()->GetNumberOfCells());
    EXPECT_TRUE(CellSet(reference) == CellSet(filter->GetOutput())) << "not ParaView's tetrahedra";
  }
  // Explicit hexahedra: six each (ParaView's ordered Delaunay split differs; the volume is the same).
  auto hexes = Hexahedra(image);
  filter->SetInputData(hexes);
  filter->Update();
  EXPECT_EQ(6 * hexes->GetNumberOfCells(), filter->GetOutput()->GetNumberOfCells());
  EXPECT_NEAR(Stats(RunVTK(hexes)).Volume, Stats(filter->GetOutput()).Volume, 1e-9 * Stats(RunVTK(hexes)).Volume);
}

TEST(LoomTetrahedralize, WaveletUnstructuredAgainstVTK)
{
  auto image = Wavelet(12);
  CompareVolumes(Append(image), "wavelet voxels");
  CompareVolumes(Hexahedra(image), "wavelet hexahedra");
  // Tetrahedra pass through unchanged.
  auto tets = RunVTK(image);
  auto again = RunLoom(tets);
  ASSERT_EQ(tets->GetNumberOfCells(), again->GetNumberOfCells());
  vtkIdType n1, n2;
  const vtkIdType *p1, *p2;
  for (vtkIdType c = 0; c < tets->GetNumberOfCells(); ++c)
  {
    tets->GetCells()->GetCellAtId(c, n1, p1);
    again->GetCells()->GetCellAtId(c, n2, p2);
    ASSERT_EQ(n1, n2);
    for (vtkIdType q = 0; q < n1; ++q)
      ASSERT_EQ(p1[q], p2[q]) << "cell " << c;
  }
  EXPECT_EQ(tets->GetPoints(), again->GetPoints()) << "point sets keep their points";
}

TEST(LoomTetrahedralize, RectilinearGridAgainstVTK)
{
  vtkNew<vtkRectilinearGrid> grid;
  grid->SetDimensions(5, 4, 6);
  vtkNew<vtkDoubleArray> x, y, z;
  for (double v : { 0.0, 0.5, 1.5, 1.75, 3.0 })
    x->InsertNextValue(v);
  for (double v : { -1.0, 0.0, 0.25, 2.0 })
    y->InsertNextValue(v);
  for (double v : { 0.0, 0.1, 0.2, 0.4, 0.8, 1.6 })
    z->InsertNextValue(v);
  grid->SetXCoordinates(x);
  grid->SetYCoordinates(y);
  grid->SetZCoordinates(z);
  // VTK's points are float, Loom keeps the grid's double coordinates: exact volume 3 x 3 x 1.6.
  CompareVolumes(grid, "rectilinear grid", true, 1e-7);
  EXPECT_NEAR(14.4, Stats(RunLoom(grid)).Volume, 1e-12);
}

TEST(LoomTetrahedralize, BundledDatasetsAgainstVTK)
{
  // kitchen.vtk is a left-handed structured grid: its tetrahedra are all of one (negative) sign.
  CompareVolumes(Read("kitchen.vtk"), "kitchen.vtk", false);
  CompareVolumes(Read("voxel_cells.vtk"), "voxel_cells.vtk");
  CompareVolumes(Read("wedge_cells.vtk"), "wedge_cells.vtk");
  // Mixed shapes: a hexahedron, a voxel beside it and a tetrahedron on top. Loom's six-split
  // conforms across all three (VTK's does not under the tetrahedron), so the boundary is exact: the
  // 2 x 1 x 1 box less the half face under the tetrahedron, plus the tetrahedron's three other faces.
  // 2D, 1D and 0D cells become the same numbers of triangles, lines and vertices as VTK's, with the
  // same triangle area.
  auto mixed = Read("mixed-cell-shapes.vtk");
  const TetStats reference = Stats(RunVTK(mixed)), loom = Stats(RunLoom(mixed));
  EXPECT_NEAR(reference.Volume, loom.Volume, 1e-9 * reference.Volume);
  EXPECT_EQ(loom.Tets, loom.Positive);
  EXPECT_LE(loom.MaxFaceUse, 2);
  EXPECT_NEAR(10.0 - 0.5 + 1.0 + std::sqrt(3.0) / 2, loom.BoundaryArea, 1e-9);
  EXPECT_LE(loom.BoundaryArea, reference.BoundaryArea + 1e-9);
  EXPECT_NEAR(reference.Volume, Stats(RunLoom(mixed, vtkLoomTetrahedralize::SPLIT_FIVE)).Volume, 1e-9);
  EXPECT_EQ(reference.OtherCells, loom.OtherCells);
  EXPECT_NEAR(reference.TriangleArea, loom.TriangleArea, 1e-9 * reference.TriangleArea);
}

TEST(LoomTetrahedralize, CellDataGoesToChildren)
{
  auto image = Wavelet(8);
  vtkNew<vtkPointDataToCellData> toCells;
  toCells->SetInputData(image);
  toCells->PassPointDataOn();
  toCells->Update();
  vtkDataSet* withCells = toCells->GetOutput();
  vtkNew<vtkIntArray> ids;
  ids->SetName("ids");
  ids->SetNumberOfComponents(2);
  for (vtkIdType c = 0; c < withCells->GetNumberOfCells(); ++c)
    ids->InsertNextTuple2(static_cast<double>(c), static_cast<double>(-c));
  withCells->GetCellData()->AddArray(ids);
  for (int split : { vtkLoomTetrahedralize::SPLIT_SIX, vtkLoomTetrahedralize::SPLIT_FIVE })
  {
    const int per = split == vtkLoomTetrahedralize::SPLIT_SIX ? 6 : 5;
    auto out = RunLoom(withCells, split);
    vtkDataArray* rt = out->GetCellData()->GetArray("RTData");
    vtkDataArray* outIds = out->GetCellData()->GetArray("ids");
    ASSERT_NE(nullptr, rt);
    ASSERT_NE(nullptr, outIds);
    EXPECT_EQ(VTK_INT, outIds->GetDataType());
    EXPECT_EQ(out->GetCellData()->GetScalars(), rt) << "the active scalars stay active";
    vtkDataArray* in = withCells->GetCellData()->GetArray("RTData");
    for (vtkIdType t = 0; t < out->GetNumberOfCells(); ++t)
    {
      ASSERT_EQ(in->GetTuple1(t / per), rt->GetTuple1(t)) << "tet " << t;
      ASSERT_EQ(static_cast<double>(t / per), outIds->GetComponent(t, 0));
      ASSERT_EQ(-static_cast<double>(t / per), outIds->GetComponent(t, 1));
    }
  }
  // Mixed cells: each child's value is its parent's (the children of a cell use its points only).
  vtkSmartPointer<vtkUnstructuredGrid> mixed = vtkUnstructuredGrid::SafeDownCast(Read("mixed-cell-shapes.vtk"));
  ASSERT_NE(nullptr, mixed);
  auto out = RunLoom(mixed);
  vtkDataArray* in = mixed->GetCellData()->GetArray("scalars");
  vtkDataArray* got = out->GetCellData()->GetArray("scalars");
  ASSERT_NE(nullptr, in);
  ASSERT_NE(nullptr, got);
  ASSERT_EQ(out->GetNumberOfCells(), got->GetNumberOfTuples());
  vtkIdType child = 0;
  for (vtkIdType c = 0; c < mixed->GetNumberOfCells(); ++c)
  {
    vtkIdType n;
    const vtkIdType* parentPts;
    mixed->GetCells()->GetCellAtId(c, n, parentPts);
    const std::vector<vtkIdType> parent(parentPts, parentPts + n);
    vtkIdType children = 0;
    switch (mixed->GetCellType(c))
    {
      case VTK_POLY_VERTEX: children = n; break;
      case VTK_POLY_LINE: children = n - 1; break;
      case VTK_TRIANGLE_STRIP:
      case VTK_POLYGON: children = n - 2; break;
      case VTK_PIXEL:
      case VTK_QUAD:
      case VTK_PYRAMID: children = 2; break;
      case VTK_VOXEL:
      case VTK_HEXAHEDRON: children = 6; break;
      case VTK_WEDGE: children = 3; break;
      default: children = 1; break;
    }
    for (vtkIdType k = 0; k < children; ++k, ++child)
    {
      ASSERT_LT(child, out->GetNumberOfCells());
      vtkIdType m;
      const vtkIdType* pts;
      out->GetCells()->GetCellAtId(child, m, pts);
      for (vtkIdType q = 0; q < m; ++q)
        EXPECT_NE(parent.end(), std::find(parent.begin(), parent.end(), pts[q])) << "child " << child << " of cell " << c;
      EXPECT_EQ(in->GetTuple1(c), got->GetTuple1(child)) << "child " << child << " of cell " << c;
    }
  }
  EXPECT_EQ(out->GetNumberOfCells(), child);
}

TEST(LoomTetrahedralize, DevicesAgreeAndCellsAreHandedOverWithoutCopies)
{
  auto image = Wavelet(10);
  auto serial = RunLoom(image, vtkLoomTetrahedralize::SPLIT_FIVE, vtkLoomTetrahedralize::DEVICE_SERIAL);
  auto tbb = RunLoom(image, vtkLoomTetrahedralize::SPLIT_FIVE, vtkLoomTetrahedralize::DEVICE_TBB);
  ASSERT_EQ(serial->GetNumberOfCells(), tbb->GetNumberOfCells());
  EXPECT_FALSE(serial->GetCells()->IsStorage64Bit()) << "32-bit ids when they fit";
  vtkDataArray* a = serial->GetCells()->GetConnectivityArray();
  vtkDataArray* b = tbb->GetCells()->GetConnectivityArray();
  ASSERT_EQ(a->GetNumberOfTuples(), b->GetNumberOfTuples());
  for (vtkIdType i = 0; i < a->GetNumberOfTuples(); ++i)
    ASSERT_EQ(a->GetTuple1(i), b->GetTuple1(i)) << i;
  for (vtkIdType c = 0; c < serial->GetNumberOfCells(); ++c)
    ASSERT_EQ(VTK_TETRA, serial->GetCellType(c));
  // Explicit input with 64-bit cell storage gives 32-bit output when the ids fit.
  auto hexes = Hexahedra(image);
  hexes->GetCells()->ConvertTo64BitStorage();
  auto out = RunLoom(hexes);
  EXPECT_FALSE(out->GetCells()->IsStorage64Bit());
  EXPECT_EQ(6 * hexes->GetNumberOfCells(), out->GetNumberOfCells());
}

TEST(LoomTetrahedralize, TwoDimensionalImage)
{
  vtkNew<vtkRTAnalyticSource> source;
  source->SetWholeExtent(-8, 7, -8, 7, 0, 0);
  source->Update();
  auto out = RunLoom(source->GetOutput());
  auto ref = RunVTK(source->GetOutput());
  const TetStats loom = Stats(out), vtk = Stats(ref);
  EXPECT_EQ(vtk.OtherCells, loom.OtherCells);
  EXPECT_NEAR(15.0 * 15.0, loom.TriangleArea, 1e-9);
  EXPECT_NEAR(vtk.TriangleArea, loom.TriangleArea, 1e-9);
}

TEST(LoomTetrahedralize, BadInputIsRefusedWithAClearError)
{
  // An unsupported cell (a quadratic tetrahedron): with Fallback To VTK off the filter and the type
  // are named; input unchanged. On (the default), VTK's filter splits it (below).
  vtkNew<vtkUnstructuredGrid> quadratic;
  vtkNew<vtkPoints> points;
  for (int p = 0; p < 10; ++p)
    points->InsertNextPoint(p % 2, (p / 2) % 2, p / 4);
  quadratic->SetPoints(points);
  vtkIdType ids[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  quadratic->InsertNextCell(VTK_QUADRATIC_TETRA, 10, ids);
  std::string message = RunExpectingError(quadratic);
  EXPECT_NE(std::string::npos, message.find("vtkLoomTetrahedralize")) << message;
  EXPECT_NE(std::string::npos, message.find("cell type 24")) << message;
  EXPECT_EQ(1, quadratic->GetNumberOfCells());
  EXPECT_EQ(VTK_QUADRATIC_TETRA, quadratic->GetCellType(0));

  // Polyhedra.
  vtkNew<vtkUnstructuredGrid> poly;
  poly->SetPoints(points);
  vtkIdType faces[] = { 4, 3, 0, 1, 2, 3, 0, 1, 3, 3, 1, 2, 3, 3, 2, 0, 3 };
  vtkIdType four[4] = { 0, 1, 2, 3 };
  poly->InsertNextCell(VTK_POLYHEDRON, 4, four, 4, faces + 1);
  message = RunExpectingError(poly);
  EXPECT_NE(std::string::npos, message.find("cell type 42")) << message;
  EXPECT_NE(std::string::npos, message.find("Fallback To VTK is off")) << message;

  // Fallback To VTK on: the same cells split by vtkDataSetTriangleFilter, with one info message.
  for (vtkUnstructuredGrid* grid : { static_cast<vtkUnstructuredGrid*>(quadratic), static_cast<vtkUnstructuredGrid*>(poly) })
  {
    loomtest::LogCapture log;
    vtkNew<vtkLoomTetrahedralize> filter;
    filter->SetInputData(grid);
    const loomtest::Outcome o = loomtest::UpdateCapturing(filter);
    EXPECT_EQ(1, o.Status);
    EXPECT_EQ("", o.Errors);
    EXPECT_NE(std::string::npos, log.Text.find("vtkDataSetTriangleFilter tetrahedralizes it instead")) << log.Text;
    vtkNew<vtkDataSetTriangleFilter> reference;
    reference->SetInputData(grid);
    reference->Update();
    EXPECT_EQ(reference->GetOutput()->GetNumberOfCells(), filter->GetOutput()->GetNumberOfCells());
  }

  // Empty datasets, no cells or nothing at all: an empty output and no message (as VTK's filter gives).
  vtkNew<vtkUnstructuredGrid> noCells;
  noCells->SetPoints(points);
  vtkNew<vtkImageData> nothing;
  for (vtkDataSet* empty : { static_cast<vtkDataSet*>(noCells), static_cast<vtkDataSet*>(nothing) })
  {
    vtkNew<vtkLoomTetrahedralize> filter;
    filter->SetInputData(empty);
    loomtest::ExpectSilentEmpty(filter, empty->GetClassName());
    EXPECT_EQ(0, filter->GetOutput()->GetNumberOfPoints());
  }
}
