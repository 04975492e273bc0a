// Loom Mesh Quality against VTK's vtkMeshQuality (ParaView's Mesh Quality) on every dataset type, every
// linear shape and every measure ParaView offers, Serial and TBB: the same Quality array cell for cell (1e-9
// relative, NaN where VTK gives NaN), the same per-shape statistics and size hints; the linear approximation
// of quadratic cells; the size hints read from the input; measures a shape does not offer; empty input.
#include "LoomFilterTesting.h"

#include <vtkLoomMeshQuality.h>

#include <vtkCellData.h>
#include <vtkContourFilter.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkMeshQuality.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace
{
// The measures of each shape (VTK's numbers): every measure ParaView's Mesh Quality offers (and the
// quadrilaterals' Maximum Angle, VTK's), all computed by Loom.
const std::vector<int> Offered[6] = {
  { 28, 1, 3, 9, 15, 0, 29, 8, 6, 35, 2, 12, 10, 13, 14 },
  { 0, 28, 1, 9, 15, 29, 25, 5, 16, 4, 6, 8, 23, 2, 12, 10, 13, 14, 11, 24, 17, 20, 18, 26 },
  { 2, 19, 0, 25, 10, 3, 27, 9, 13, 12, 14, 1, 7, 15, 29, 30, 33, 6, 35, 36 },
  { 29, 25, 10, 13, 19 },
  { 0, 19, 9, 15, 29, 25, 5, 31, 32, 10, 13 },
  { 21, 22, 15, 0, 29, 25, 16, 5, 4, 34, 23, 12, 10, 13, 14, 11, 24, 17, 20, 18, 19 }
};
const char* const Statistics[6] = { "Mesh Triangle Quality", "Mesh Quadrilateral Quality", "Mesh Tetrahedron Quality",
                                     "Mesh Pyramid Quality",  "Mesh Wedge Quality",         "Mesh Hexahedron Quality" };
const char* const Hints[6] = { "TriArea", "QuadArea", "TetVolume", "PyrVolume", "WedgeVolume", "HexVolume" };

struct Measures
{
  int Of[6] = { 2, 0, 2, 13, 0, 5 }; // ParaView's defaults
  bool Linear = false;
};
// Round r of the measures: the r-th measure of every shape's list (wrapping).
Measures Round(std::size_t r)
{
  Measures m;
  for (int s = 0; s < 6; ++s)
    m.Of[s] = Offered[s][r % Offered[s].size()];
  return m;
}

template <typename F>
void Set(F* f, const Measures& m)
{
  f->SetTriangleQualityMeasure(m.Of[0]);
  f->SetQuadQualityMeasure(m.Of[1]);
  f->SetTetQualityMeasure(m.Of[2]);
  f->SetPyramidQualityMeasure(m.Of[3]);
  f->SetWedgeQualityMeasure(m.Of[4]);
  f->SetHexQualityMeasure(m.Of[5]);
  f->SetLinearApproximation(m.Linear);
}

::testing::AssertionResult Same(double expected, double got, double absolute = 1e-12)
{
  if ((std::isnan(expected) && std::isnan(got)) || expected == got)
    return ::testing::AssertionSuccess();
  const double d = std::fabs(expected - got);
  if (d <= 1e-9 * std::max(std::fabs(expected), std::fabs(got)) || d <= absolute)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "VTK " << expected << " vs Loom " << got;
}

vtkSmartPointer<vtkDataSet> RunVTK(vtkDataSet* input, const Measures& m)
{
  vtkNew<vtkMeshQuality> vtk;
  vtk->SetInputData(input);
  Set(vtk.Get(), m);
  vtk->Update();
  return vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0));
}

/// Loom's output equals `expected` (VTK's): the quality arrays, the statistics, the size hints.
void ExpectSame(vtkDataSet* expected, vtkDataSet* got, const std::string& at)
{
  ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;
  ASSERT_EQ(expected->GetCellData()->GetNumberOfArrays(), got->GetCellData()->GetNumberOfArrays()) << at;
  for (const char* name : { "Quality", "Quality (Linear Approx)" })
  {
    vtkDataArray* e = expected->GetCellData()->GetArray(name);
    vtkDataArray* g = got->GetCellData()->GetArray(name);
    ASSERT_EQ(e != nullptr, g != nullptr) << at << " " << name;
    if (!e)
      continue;
    ASSERT_EQ(VTK_DOUBLE, g->GetDataType()) << at;
    for (vtkIdType c = 0; c < e->GetNumberOfTuples(); ++c)
      ASSERT_TRUE(Same(e->GetComponent(c, 0), g->GetComponent(c, 0))) << at << " " << name << " cell " << c;
  }
  ASSERT_NE(nullptr, got->GetCellData()->GetScalars()) << at;
  EXPECT_STREQ("Quality", got->GetCellData()->GetScalars()->GetName()) << at;
  ASSERT_EQ(expected->GetFieldData()->GetNumberOfArrays(), got->GetFieldData()->GetNumberOfArrays()) << at;
  for (int s = 0; s < 6; ++s)
  {
    vtkDataArray* e = expected->GetFieldData()->GetArray(Statistics[s]);
    vtkDataArray* g = got->GetFieldData()->GetArray(Statistics[s]);
    ASSERT_NE(nullptr, e) << at;
    ASSERT_NE(nullptr, g) << at << ": no " << Statistics[s];
    ASSERT_EQ(5, g->GetNumberOfComponents()) << at;
    const double average = e->GetComponent(0, 1);
    for (int k = 0; k < 5; ++k) // the variance cancels: its rounding is relative to the squared average
      EXPECT_TRUE(Same(e->GetComponent(0, k), g->GetComponent(0, k), k == 3 ? 1e-10 * average * average : 1e-12))
        << at << " " << Statistics[s] << " component " << k;
    vtkDataArray* eh = expected->GetFieldData()->GetArray(Hints[s]);
    vtkDataArray* gh = got->GetFieldData()->GetArray(Hints[s]);
    ASSERT_EQ(eh != nullptr, gh != nullptr) << at << " " << Hints[s];
    if (!eh)
      continue;
    for (int k = 0; k < 5; ++k)
      EXPECT_TRUE(Same(eh->GetComponent(0, k), gh->GetComponent(0, k))) << at << " " << Hints[s] << " " << k;
  }
}

/// Loom on `input` with measures `m` equals VTK on every device.
void ExpectAsVTK(vtkDataSet* input, const Measures& m, const std::string& what)
{
  vtkSmartPointer<vtkDataSet> expected = RunVTK(input, m);
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomMeshQuality> loom;
    loom->SetInputData(input);
    Set(loom.Get(), m);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    ASSERT_EQ(1, o.Status) << what;
    EXPECT_EQ("", o.Errors + o.Warnings) << what;
    EXPECT_EQ(std::string::npos, log.Text.find("vtkMeshQuality")) << what << ": fell back to VTK";
    std::string at = what + " device " + std::to_string(device) + " measures";
    for (int v : m.Of)
      at += " " + std::to_string(v);
    loomtest::ExpectRanOn(loom, device, at);
    ExpectSame(expected, loom->GetOutput(), at);
  }
}

/// Every measure of every shape on `input` (one round per position of the longest list).
void ExpectEveryMeasureAsVTK(vtkDataSet* input, const std::string& what)
{
  std::size_t rounds = 0;
  for (const std::vector<int>& measures : Offered)
    rounds = std::max(rounds, measures.size());
  for (std::size_t r = 0; r < rounds; ++r)
    ExpectAsVTK(input, Round(r), what);
}

// Cells of all six shapes, each a random perturbation of its reference cell (some strongly: inverted and
// nearly flat cells among them), scattered, on their own points.
vtkSmartPointer<vtkUnstructuredGrid> RandomShapes(int perShape, double amplitude)
{
  const double tri[3][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.8, 0 } };
  const double quad[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
  const double tet[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0.5, 0.3, 0.8 } };
  const double pyramid[5][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 0.5, 0.7 } };
  const double wedge[6][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0.5, 0.85, 1 } };
  const double hex[8][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 },
                             { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 } };
  struct Shape
  {
    int Type, N;
    const double (*X)[3];
  };
  const Shape shapes[6] = { { VTK_TRIANGLE, 3, tri },  { VTK_QUAD, 4, quad },   { VTK_TETRA, 4, tet },
                            { VTK_PYRAMID, 5, pyramid }, { VTK_WEDGE, 6, wedge }, { VTK_HEXAHEDRON, 8, hex } };
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> move(-amplitude, amplitude), place(-20.0, 20.0), scale(0.2, 3.0);
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  for (int k = 0; k < perShape; ++k)
    for (const Shape& s : shapes)
    {
      const double at[3] = { place(random), place(random), place(random) }, size = scale(random);
      vtkIdType ids[8];
      for (int p = 0; p < s.N; ++p)
      {
        double x[3];
        for (int a = 0; a < 3; ++a)
          x[a] = at[a] + size * (s.X[p][a] + move(random));
        ids[p] = points->InsertNextPoint(x);
      }
      grid->InsertNextCell(s.Type, s.N, ids);
    }
  grid->SetPoints(points);
  return grid;
}
} // namespace

TEST(LoomMeshQuality, EveryMeasureOfEveryShapeAsVTK)
{
  ExpectEveryMeasureAsVTK(RandomShapes(40, 0.15), "random cells of the six shapes");
  ExpectEveryMeasureAsVTK(RandomShapes(40, 0.6), "strongly distorted cells (inverted and flat ones)");
  ExpectEveryMeasureAsVTK(loomtest::Read("mixed-cell-shapes.vtk"), "mixed-cell-shapes.vtk");
}

TEST(LoomMeshQuality, DatasetsAsVTK)
{
  auto image = loomtest::Wavelet(4);
  const Measures defaults;
  // Voxels and pixels: NaN, as VTK (every cell of images and rectilinear grids).
  ExpectAsVTK(image, defaults, "image");
  ExpectAsVTK(loomtest::Rectilinear(image, [](int a, int i) { return std::pow(1.0 + i, 1.2 + 0.1 * a); }), defaults,
              "rectilinear grid");
  ExpectAsVTK(loomtest::Append(image), defaults, "voxels");
  Measures sized; // the size-relative measures on an image: the size pass finds no cells
  sized.Of[0] = sized.Of[5] = 12;
  ExpectAsVTK(image, sized, "image, relative sizes");
  // Hexahedra: structured and unstructured, straight and twisted; their quadrilateral faces; their tetrahedra.
  auto twisted = loomtest::Twisted(image);
  ExpectEveryMeasureAsVTK(twisted, "twisted structured grid");
  ExpectAsVTK(loomtest::Hexahedra(image), defaults, "hexahedra");
  auto flat = loomtest::Wavelet(4);
  flat->SetExtent(-4, 3, 0, 0, -4, 3);
  flat->GetPointData()->Initialize();
  ExpectEveryMeasureAsVTK(loomtest::Twisted(flat), "flat twisted structured grid (quadrilaterals)");
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(loomtest::Append(twisted));
  tets->Update();
  ExpectEveryMeasureAsVTK(tets->GetOutput(), "tetrahedra");
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(twisted);
  surface->Update();
  ExpectAsVTK(surface->GetOutput(), Round(3), "quadrilateral surface");
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 157.0);
  contour->Update();
  ExpectEveryMeasureAsVTK(contour->GetOutput(), "contour triangles");
  for (const char* file : { "wedge_cells.vtk", "voxel_cells.vtk", "kitchen.vtk", "simple_unstructured_bin.vtk" })
    for (std::size_t r : { 0, 5, 10 })
      ExpectAsVTK(loomtest::Read(file), Round(r), file);
  // Vertices, lines, polygons and strips beside triangles: NaN for them, as VTK.
  vtkPolyData* poly = contour->GetOutput();
  loomtest::AddOtherPolygonalCells(poly, true);
  ExpectAsVTK(poly, defaults, "mixed polygonal data");
}

TEST(LoomMeshQuality, LinearApproximationOfQuadraticCells)
{
  // The quadratic tetrahedron and a polyhedron: NaN in Quality; the tetrahedron by its corners in the
  // approximation; the linear cells measured in both and counted twice in the statistics, as VTK counts them.
  auto grid = RandomShapes(5, 0.2);
  auto quadratic = loomtest::UnsupportedCellGrid(false);
  auto polyhedron = loomtest::UnsupportedCellGrid(true);
  for (vtkUnstructuredGrid* extra : { quadratic.Get(), polyhedron.Get() })
  {
    const vtkIdType offset = grid->GetNumberOfPoints();
    for (vtkIdType p = 0; p < extra->GetNumberOfPoints(); ++p)
      grid->GetPoints()->InsertNextPoint(extra->GetPoint(p));
    vtkNew<vtkIdList> ids;
    extra->GetCellPoints(0, ids);
    for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k)
      ids->SetId(k, ids->GetId(k) + offset);
    if (extra->GetCellType(0) == VTK_POLYHEDRON)
    {
      vtkNew<vtkIdList> faces;
      extra->GetFaceStream(0, faces);
      for (vtkIdType f = 0, at = 1; f < faces->GetId(0); ++f)
      {
        const vtkIdType count = faces->GetId(at);
        for (vtkIdType k = 1; k <= count; ++k)
          faces->SetId(at + k, faces->GetId(at + k) + offset);
        at += count + 1;
      }
      grid->InsertNextCell(VTK_POLYHEDRON, faces);
    }
    else
      grid->InsertNextCell(extra->GetCellType(0), ids);
  }
  for (std::size_t r : { 0, 2, 7 })
  {
    Measures m = Round(r);
    ExpectAsVTK(grid, m, "quadratic and linear cells");
    m.Linear = true;
    ExpectAsVTK(grid, m, "quadratic and linear cells, linear approximation");
  }
}

TEST(LoomMeshQuality, SizeHintsFromTheInput)
{
  // A second Mesh Quality after a first one that measured the sizes: the averages come from the hints in its
  // input's field data, as VTK's do; hints changed by hand change the relative sizes the same way.
  auto grid = RandomShapes(30, 0.2);
  Measures sized;
  sized.Of[0] = 12;
  sized.Of[2] = 14;
  sized.Of[5] = 14;
  vtkSmartPointer<vtkDataSet> first = RunVTK(grid, sized);
  ASSERT_NE(nullptr, first->GetFieldData()->GetArray("TetVolume"));
  vtkDataArray* hint = first->GetFieldData()->GetArray("TetVolume");
  hint->SetComponent(0, 1, 3.0 * hint->GetComponent(0, 1)); // three times the average tetrahedron
  first->GetCellData()->Initialize();
  ExpectAsVTK(first, sized, "input with size hints");
  vtkDataArray* hexHint = first->GetFieldData()->GetArray("HexVolume");
  hexHint->SetComponent(0, 1, 0.5 * hexHint->GetComponent(0, 1)); // half the average hexahedron
  ExpectAsVTK(first, sized, "input with size hints changed twice");
  first->GetFieldData()->RemoveArray("HexVolume"); // one hint missing: all measured again
  ExpectAsVTK(first, sized, "input with five of the six hints");
}

TEST(LoomMeshQuality, MeasuresNotOfferedBlankingAndEmpty)
{
  auto grid = RandomShapes(8, 0.2);
  // A number a shape does not offer: VTK's default measure for it, with a warning naming the property.
  Measures odd;
  odd.Of[4] = 14; // ParaView's "Shape" entry for wedges (Shape and Size, which VTK's wedges do not offer)
  odd.Of[0] = 99;
  vtkSmartPointer<vtkDataSet> expected = RunVTK(grid, Measures()); // the defaults: Radius Ratio, Edge Ratio
  vtkNew<vtkLoomMeshQuality> loom;
  loom->SetInputData(grid);
  Set(loom.Get(), odd);
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  ASSERT_EQ(1, o.Status);
  EXPECT_NE(std::string::npos, o.Warnings.find("Triangle Quality Measure 99")) << o.Warnings;
  EXPECT_NE(std::string::npos, o.Warnings.find("Wedge Quality Measure 14")) << o.Warnings;
  EXPECT_NE(std::string::npos, o.Warnings.find("Loom Mesh Quality")) << o.Warnings;
  ExpectSame(expected, loom->GetOutput(), "measures not offered");

  // A structured grid with a blanked cell: VTK's filter (which leaves it out), with one info message.
  auto blanked = loomtest::Twisted(loomtest::Wavelet(3));
  blanked->BlankCell(5);
  vtkNew<vtkLoomMeshQuality> b;
  b->SetInputData(blanked);
  loomtest::LogCapture log;
  ASSERT_EQ(1, b->GetExecutive()->Update());
  EXPECT_NE(std::string::npos, log.Text.find("vtkMeshQuality")) << log.Text;
  ExpectSame(RunVTK(blanked, Measures()), b->GetOutput(), "blanked structured grid");
  EXPECT_TRUE(std::isnan(b->GetOutput()->GetCellData()->GetArray("Quality")->GetComponent(5, 0)));

  // Empty in, empty out: no cells, an empty Quality array, zero statistics.
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkPoints> none;
  empty->SetPoints(none);
  vtkNew<vtkLoomMeshQuality> e;
  e->SetInputData(empty);
  loomtest::ExpectSilentEmpty(e, "empty grid");
  ASSERT_NE(nullptr, e->GetOutput()->GetCellData()->GetArray("Quality"));
  vtkDataArray* stats = e->GetOutput()->GetFieldData()->GetArray("Mesh Hexahedron Quality");
  ASSERT_NE(nullptr, stats);
  for (int k = 0; k < 5; ++k)
    EXPECT_EQ(0.0, stats->GetComponent(0, k));
}

// The statistics add fixed blocks of cells in order: Serial's and TBB's are the same bits.
TEST(LoomMeshQuality, StatisticsDoNotDependOnTheThreads)
{
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(loomtest::Append(loomtest::Twisted(loomtest::Wavelet(12))));
  tets->Update();
  ASSERT_GT(tets->GetOutput()->GetNumberOfCells(), 3 * 16384);
  auto statistics = [&](int device) {
    vtkNew<vtkLoomMeshQuality> loom;
    loom->SetInputData(tets->GetOutput());
    loom->SetHexQualityMeasure(14); // the size pass too
    loom->SetDevice(device);
    loom->Update();
    std::vector<double> values;
    for (const char* name : { "Mesh Tetrahedron Quality", "TetVolume" })
      for (int k = 0; k < 5; ++k)
        values.push_back(loom->GetOutput()->GetFieldData()->GetArray(name)->GetComponent(0, k));
    return values;
  };
  const std::vector<double> serial = statistics(vtkLoomMeshQuality::DEVICE_SERIAL);
  EXPECT_GT(serial[1], 0.0);
  EXPECT_EQ(serial, statistics(vtkLoomMeshQuality::DEVICE_TBB));
}
