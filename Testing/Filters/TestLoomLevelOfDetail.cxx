// Loom filter tests: vtkLoomLevelOfDetail against VTK's vtkQuadricClustering (ParaView's Quadric
// Clustering) on the same inputs, Serial and TBB: the same points in the same order (the input point
// chosen bit for bit; the quadric minimizer within 1e-4 of a bin), the same triangles and segments point
// for point, the same point and cell data. The wavelet's contour (ParaView's and VTK's defaults, fine and
// coarse bins, adjusted bins), triangle strips, polylines, polygons of the bundled datasets' surfaces,
// multiblock input, vertex cells, the mean point, the feature-edge fallback, empty and bad input.
#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkLoomLevelOfDetail.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCompositeDataSet.h>
#include <vtkContourFilter.h>
#include <vtkCutter.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPlane.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkQuadricClustering.h>
#include <vtkSphereSource.h>
#include <vtkStripper.h>
#include <vtkTriangleFilter.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace
{
/// ParaView's Quadric Clustering settings (the proxy's defaults) or VTK's class defaults.
struct Settings
{
  int Divisions[3] = { 50, 50, 50 };
  bool UseInputPoints = true;
  bool UseInternalTriangles = false;
  bool CopyCellData = true;
  bool AutoAdjust = true;
  bool PreventDuplicates = true;
};
Settings VTKDefaults()
{
  Settings s;
  s.UseInputPoints = false;
  s.UseInternalTriangles = true;
  s.CopyCellData = false;
  return s;
}

/// The wavelet's contour at 157 with its RTData, a cell id array "CellId" and an int point array.
vtkSmartPointer<vtkPolyData> WaveletContour(int half)
{
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(loomtest::Wavelet(half));
  contour->SetValue(0, 157.0);
  contour->ComputeScalarsOn();
  contour->Update();
  vtkSmartPointer<vtkPolyData> out = contour->GetOutput();
  vtkNew<vtkIdTypeArray> ids;
  ids->SetName("CellId");
  ids->SetNumberOfValues(out->GetNumberOfCells());
  for (vtkIdType c = 0; c < out->GetNumberOfCells(); ++c)
    ids->SetValue(c, c);
  out->GetCellData()->AddArray(ids);
  vtkNew<vtkIntArray> pid;
  pid->SetName("PointIndex");
  pid->SetNumberOfValues(out->GetNumberOfPoints());
  for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
    pid->SetValue(p, static_cast<int>(p));
  out->GetPointData()->AddArray(pid);
  return out;
}

std::vector<vtkIdType> Connectivity(vtkCellArray* cells)
{
  std::vector<vtkIdType> out;
  if (!cells)
    return out;
  vtkIdType n;
  const vtkIdType* pts;
  for (cells->InitTraversal(); cells->GetNextCell(n, pts);)
  {
    out.push_back(n);
    out.insert(out.end(), pts, pts + n);
  }
  return out;
}

void ExpectSameAsVTK(vtkPolyData* input, const Settings& s, int device, double pointTolerance = 0.0,
                     bool compareCellData = true)
{
  vtkNew<vtkQuadricClustering> vtk;
  vtk->SetInputData(input);
  vtk->SetNumberOfDivisions(s.Divisions[0], s.Divisions[1], s.Divisions[2]);
  vtk->SetUseInputPoints(s.UseInputPoints);
  vtk->SetUseInternalTriangles(s.UseInternalTriangles);
  vtk->SetCopyCellData(s.CopyCellData);
  vtk->SetAutoAdjustNumberOfDivisions(s.AutoAdjust);
  vtk->SetPreventDuplicateCells(s.PreventDuplicates);
  vtk->Update();
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetInputData(input);
  loom->SetDevice(device);
  loom->SetNumberOfDivisions(s.Divisions[0], s.Divisions[1], s.Divisions[2]);
  loom->SetUseInputPoints(s.UseInputPoints);
  loom->SetUseInternalTriangles(s.UseInternalTriangles);
  loom->SetCopyCellData(s.CopyCellData);
  loom->SetAutoAdjustNumberOfDivisions(s.AutoAdjust);
  loom->SetPreventDuplicateCells(s.PreventDuplicates);
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  ASSERT_EQ(o.Status, 1) << o.Errors;
  loomtest::ExpectRanOn(loom, device, "Loom Level of Detail");
  vtkPolyData* e = vtk->GetOutput();
  vtkPolyData* a = loom->GetOutput();
  ASSERT_GT(e->GetNumberOfPoints(), 0);
  ASSERT_EQ(a->GetNumberOfPoints(), e->GetNumberOfPoints());
  EXPECT_EQ(a->GetPoints()->GetDataType(), e->GetPoints()->GetDataType());
  // Bins are pointTolerance-relative: of the bounds' diagonal over the divisions.
  const double scale = input->GetLength() / std::min({ s.Divisions[0], s.Divisions[1], s.Divisions[2] });
  for (vtkIdType p = 0; p < e->GetNumberOfPoints(); ++p)
  {
    double x[3], y[3];
    e->GetPoint(p, x);
    a->GetPoint(p, y);
    for (int c = 0; c < 3; ++c)
      ASSERT_LE(std::abs(x[c] - y[c]), pointTolerance * scale) << "point " << p << " component " << c;
  }
  EXPECT_EQ(Connectivity(a->GetPolys()), Connectivity(e->GetPolys()));
  EXPECT_EQ(Connectivity(a->GetLines()), Connectivity(e->GetLines()));
  EXPECT_EQ(Connectivity(a->GetStrips()), Connectivity(e->GetStrips()));
  EXPECT_EQ(Connectivity(a->GetVerts()), Connectivity(e->GetVerts()));
  loomtest::ExpectSameArrays(e->GetPointData(), a->GetPointData(), "point data", 0.0, true);
  EXPECT_EQ(a->GetPointData()->GetNumberOfArrays(), e->GetPointData()->GetNumberOfArrays());
  if (!compareCellData)
    return;
  loomtest::ExpectSameArrays(e->GetCellData(), a->GetCellData(), "cell data", 0.0, true);
  EXPECT_EQ(a->GetCellData()->GetNumberOfArrays(), e->GetCellData()->GetNumberOfArrays());
}

class LevelOfDetail : public testing::TestWithParam<int>
{
};
} // namespace

TEST_P(LevelOfDetail, WaveletContour)
{
  const vtkSmartPointer<vtkPolyData> contour = WaveletContour(32);
  ASSERT_GT(contour->GetNumberOfPolys(), 10000);
  Settings paraview;
  ExpectSameAsVTK(contour, paraview, GetParam());
  Settings fine = paraview;
  fine.Divisions[0] = 120;
  fine.Divisions[1] = 90;
  fine.Divisions[2] = 101;
  ExpectSameAsVTK(contour, fine, GetParam()); // adjusted down
  fine.AutoAdjust = false;
  ExpectSameAsVTK(contour, fine, GetParam());
  Settings coarse = paraview;
  coarse.Divisions[0] = 4;
  coarse.Divisions[1] = 3;
  coarse.Divisions[2] = 5;
  coarse.UseInternalTriangles = true;
  ExpectSameAsVTK(contour, coarse, GetParam());
  coarse.PreventDuplicates = false;
  ExpectSameAsVTK(contour, coarse, GetParam());
  // VTK's defaults: the quadric minimizer (VTK's SVD, Loom's Jacobi rotations: 1e-4 of a bin).
  ExpectSameAsVTK(contour, VTKDefaults(), GetParam(), 1e-4);
  Settings minimizer = paraview;
  minimizer.UseInputPoints = false;
  ExpectSameAsVTK(contour, minimizer, GetParam(), 1e-4);
}

TEST_P(LevelOfDetail, StripsLinesAndPolygons)
{
  // A sphere as triangle strips.
  vtkNew<vtkSphereSource> sphere;
  sphere->SetThetaResolution(80);
  sphere->SetPhiResolution(60);
  vtkNew<vtkStripper> stripper;
  stripper->SetInputConnection(sphere->GetOutputPort());
  stripper->Update();
  ASSERT_GT(stripper->GetOutput()->GetNumberOfStrips(), 0);
  Settings s;
  s.Divisions[0] = s.Divisions[1] = s.Divisions[2] = 12;
  ExpectSameAsVTK(stripper->GetOutput(), s, GetParam());
  ExpectSameAsVTK(stripper->GetOutput(), VTKDefaults(), GetParam(), 1e-4);
  // Polylines: the wavelet cut by planes, its segments joined.
  vtkNew<vtkCutter> cutter;
  cutter->SetInputData(loomtest::Wavelet(16));
  vtkNew<vtkPlane> plane;
  plane->SetNormal(0.3, 0.2, 1.0);
  cutter->SetCutFunction(plane);
  vtkNew<vtkContourFilter> lines;
  lines->SetInputConnection(cutter->GetOutputPort());
  lines->SetValue(0, 150.0);
  vtkNew<vtkStripper> polylines;
  polylines->SetInputConnection(lines->GetOutputPort());
  polylines->Update();
  ASSERT_GT(polylines->GetOutput()->GetNumberOfLines(), 0);
  s.Divisions[0] = s.Divisions[1] = s.Divisions[2] = 20;
  ExpectSameAsVTK(polylines->GetOutput(), s, GetParam());
  ExpectSameAsVTK(polylines->GetOutput(), VTKDefaults(), GetParam(), 1e-4);
  // Quadrilaterals and triangles: the surfaces of the bundled datasets.
  for (const char* file : { "kitchen.vtk", "mixed-cell-shapes.vtk", "simple_unstructured_bin.vtk" })
  {
    SCOPED_TRACE(file);
    vtkNew<vtkDataSetSurfaceFilter> surface;
    surface->SetInputData(loomtest::Read(file));
    surface->Update();
    ASSERT_GT(surface->GetOutput()->GetNumberOfPolys(), 0);
    s.Divisions[0] = s.Divisions[1] = s.Divisions[2] = 8;
    ExpectSameAsVTK(surface->GetOutput(), s, GetParam());
    ExpectSameAsVTK(surface->GetOutput(), VTKDefaults(), GetParam(), 1e-4);
  }
}

INSTANTIATE_TEST_SUITE_P(Devices, LevelOfDetail,
                         testing::ValuesIn(loomtest::Devices()));

TEST(LevelOfDetailInput, MeanPointAveragesTheBin)
{
  const vtkSmartPointer<vtkPolyData> contour = WaveletContour(16);
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetInputData(contour);
  loom->SetNumberOfDivisions(7, 6, 5);
  loom->SetRepresentativePoint(vtkLoomLevelOfDetail::MEAN);
  loom->Update();
  vtkNew<vtkQuadricClustering> vtk;
  vtk->SetInputData(contour);
  vtk->SetNumberOfDivisions(7, 6, 5);
  vtk->SetUseInputPoints(true);
  vtk->Update();
  vtkPolyData* a = loom->GetOutput();
  ASSERT_EQ(a->GetNumberOfPoints(), vtk->GetOutput()->GetNumberOfPoints());
  EXPECT_EQ(Connectivity(a->GetPolys()), Connectivity(vtk->GetOutput()->GetPolys()));
  // Brute force: each output point is the mean of the input points in its bin (the bin of the point
  // VTK chose), and carries their mean RTData.
  double bounds[6];
  contour->GetBounds(bounds);
  auto binOf = [&](const double x[3]) {
    const int d[3] = { 7, 6, 5 };
    int b = 0, scale = 1;
    for (int c = 0; c < 3; ++c)
    {
      const double size = (bounds[2 * c + 1] - bounds[2 * c]) / d[c];
      int i = static_cast<int>((x[c] - bounds[2 * c]) * (1.0 / size));
      i = std::min(std::max(i, 0), d[c] - 1);
      b += i * scale;
      scale *= d[c];
    }
    return b;
  };
  vtkDataArray* rt = contour->GetPointData()->GetArray("RTData");
  vtkDataArray* meanRt = a->GetPointData()->GetArray("RTData");
  ASSERT_NE(meanRt, nullptr);
  for (vtkIdType o = 0; o < a->GetNumberOfPoints(); ++o)
  {
    double chosen[3];
    vtk->GetOutput()->GetPoint(o, chosen);
    const int bin = binOf(chosen);
    double sum[3] = { 0, 0, 0 }, value = 0;
    int count = 0;
    for (vtkIdType p = 0; p < contour->GetNumberOfPoints(); ++p)
    {
      double x[3];
      contour->GetPoint(p, x);
      if (binOf(x) != bin)
        continue;
      for (int c = 0; c < 3; ++c)
        sum[c] += x[c];
      value += rt->GetComponent(p, 0);
      ++count;
    }
    ASSERT_GT(count, 0);
    double y[3];
    a->GetPoint(o, y);
    for (int c = 0; c < 3; ++c)
      EXPECT_NEAR(y[c], sum[c] / count, 1e-5) << "point " << o;
    EXPECT_NEAR(meanRt->GetComponent(o, 0), value / count, 1e-3) << "point " << o;
  }
}

TEST(LevelOfDetailInput, MultiblockBlocksClusteredAlone)
{
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetBlock(0, WaveletContour(12));
  vtkNew<vtkSphereSource> sphere;
  sphere->Update();
  blocks->SetBlock(1, sphere->GetOutput());
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetInputData(blocks);
  loom->SetNumberOfDivisions(10, 10, 10);
  loom->Update();
  auto* out = vtkMultiBlockDataSet::SafeDownCast(loom->GetOutputDataObject(0));
  ASSERT_NE(out, nullptr);
  for (unsigned b = 0; b < 2; ++b)
  {
    vtkNew<vtkQuadricClustering> vtk;
    vtk->SetInputData(blocks->GetBlock(b));
    vtk->SetNumberOfDivisions(10, 10, 10);
    vtk->Update();
    auto* piece = vtkPolyData::SafeDownCast(out->GetBlock(b));
    ASSERT_NE(piece, nullptr);
    EXPECT_EQ(piece->GetNumberOfPoints(), vtk->GetOutput()->GetNumberOfPoints());
    EXPECT_EQ(Connectivity(piece->GetPolys()), Connectivity(vtk->GetOutput()->GetPolys()));
  }
}

TEST(LevelOfDetailInput, VertexCells)
{
  // The contour with vertex cells on some of its points: vertex quadrics supersede the triangles' in
  // their bins; each vertex cell keeps its first-reached bins.
  vtkSmartPointer<vtkPolyData> contour = WaveletContour(16);
  auto setVerts = [&](bool polyvertex) {
    vtkNew<vtkCellArray> verts;
    for (vtkIdType p = 0; p < contour->GetNumberOfPoints(); p += 97)
      verts->InsertNextCell(1, &p);
    const vtkIdType poly[4] = { 5, 900, 901, 3000 };
    if (polyvertex)
      verts->InsertNextCell(4, poly);
    contour->SetVerts(verts);
    // The cell ids again, for the vertex cells and polygons.
    vtkNew<vtkIdTypeArray> ids;
    ids->SetName("CellId");
    ids->SetNumberOfValues(contour->GetNumberOfCells());
    for (vtkIdType c = 0; c < contour->GetNumberOfCells(); ++c)
      ids->SetValue(c, c);
    contour->GetCellData()->AddArray(ids);
  };
  setVerts(false);
  loomtest::LogCapture log;
  Settings s;
  s.Divisions[0] = s.Divisions[1] = s.Divisions[2] = 15;
  ExpectSameAsVTK(contour, s, vtkLoomLevelOfDetail::DEVICE_TBB);
  ExpectSameAsVTK(contour, VTKDefaults(), vtkLoomLevelOfDetail::DEVICE_SERIAL, 1e-4);
  EXPECT_EQ(log.Text.find("vtkQuadricClustering"), std::string::npos) << log.Text; // no fallback
  // A polyvertex reaching several new bins: the same points and cells as VTK; the cell data is one
  // tuple per output cell, each its source cell's (VTK adds a tuple per bin the vertex cells reach
  // first, so its lines' and triangles' data shift past a polyvertex: a documented difference).
  setVerts(true);
  ExpectSameAsVTK(contour, s, vtkLoomLevelOfDetail::DEVICE_TBB, 0.0, false);
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetInputData(contour);
  loom->SetNumberOfDivisions(15, 15, 15);
  loom->CopyCellDataOn();
  loom->Update();
  vtkPolyData* out = loom->GetOutput();
  vtkDataArray* ids = out->GetCellData()->GetArray("CellId");
  ASSERT_NE(ids, nullptr);
  ASSERT_EQ(ids->GetNumberOfTuples(), out->GetNumberOfCells());
  const vtkIdType inputVerts = contour->GetNumberOfVerts();
  for (vtkIdType c = 0; c < out->GetNumberOfCells(); ++c)
  {
    const vtkIdType source = static_cast<vtkIdType>(ids->GetComponent(c, 0));
    EXPECT_EQ(contour->GetCellType(source) == VTK_VERTEX || contour->GetCellType(source) == VTK_POLY_VERTEX,
              c < out->GetNumberOfVerts())
      << "cell " << c;
    EXPECT_EQ(source < inputVerts, c < out->GetNumberOfVerts()) << "cell " << c;
  }
  // The polyvertex is the last vertex cell: it gives the last output vertex cell.
  EXPECT_EQ(static_cast<vtkIdType>(ids->GetComponent(out->GetNumberOfVerts() - 1, 0)), inputVerts - 1);
}

TEST(LevelOfDetailInput, FeatureEdgesGoToVTK)
{
  // An open surface (the contour of a half wavelet) has boundary edges.
  vtkSmartPointer<vtkPolyData> contour = WaveletContour(10);
  for (const bool points : { false, true })
  {
    vtkNew<vtkLoomLevelOfDetail> loom;
    loom->SetInputData(contour);
    loom->SetUseFeatureEdges(true);
    loom->SetUseFeaturePoints(points);
    loomtest::LogCapture log;
    loom->Update();
    EXPECT_NE(log.Text.find("Loom Level of Detail"), std::string::npos) << log.Text;
    EXPECT_NE(log.Text.find("vtkQuadricClustering"), std::string::npos) << log.Text;
    vtkNew<vtkQuadricClustering> vtk;
    vtk->SetInputData(contour);
    vtk->SetUseFeatureEdges(true);
    vtk->SetUseFeaturePoints(points);
    vtk->Update();
    ASSERT_GT(vtk->GetOutput()->GetNumberOfPoints(), 0);
    EXPECT_EQ(loom->GetOutput()->GetNumberOfPoints(), vtk->GetOutput()->GetNumberOfPoints());
    EXPECT_EQ(Connectivity(loom->GetOutput()->GetPolys()), Connectivity(vtk->GetOutput()->GetPolys()));
  }
}

TEST(LevelOfDetailInput, EmptyInEmptyOut)
{
  vtkNew<vtkPolyData> empty;
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetInputData(empty);
  loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(o.Status, 1);
  EXPECT_TRUE(o.Errors.empty()) << o.Errors;
  EXPECT_EQ(loom->GetOutput()->GetNumberOfPoints(), 0);
  // Points without cells: no bin is used, no points (as VTK).
  vtkNew<vtkPolyData> points;
  points->SetPoints(WaveletContour(8)->GetPoints());
  loom->SetInputData(points);
  o = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(o.Status, 1);
  EXPECT_EQ(loom->GetOutput()->GetNumberOfPoints(), 0);
  EXPECT_EQ(loom->GetOutput()->GetNumberOfCells(), 0);
}

TEST(LevelOfDetailInput, ZeroBinsIsAnError)
{
  const vtkSmartPointer<vtkPolyData> contour = WaveletContour(8);
  const vtkMTimeType before = contour->GetMTime();
  const vtkIdType points = contour->GetNumberOfPoints();
  vtkNew<vtkLoomLevelOfDetail> loom;
  loom->SetInputData(contour);
  loom->SetNumberOfDivisions(10, 0, 10);
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(o.Status, 0);
  EXPECT_NE(o.Errors.find("Loom Level of Detail"), std::string::npos) << o.Errors;
  EXPECT_NE(o.Errors.find("NumberOfDivisions (Number of Dimensions) is 10 0 10"), std::string::npos) << o.Errors;
  EXPECT_EQ(loom->GetOutput()->GetNumberOfPoints(), 0);
  EXPECT_EQ(contour->GetMTime(), before);
  EXPECT_EQ(contour->GetNumberOfPoints(), points);
  // A cell array shorter than the cells (VTK's filter gives an empty output): an error naming it.
  vtkNew<vtkPolyData> shortArray;
  shortArray->ShallowCopy(contour);
  vtkNew<vtkFloatArray> partial;
  partial->SetName("Partial");
  partial->SetNumberOfValues(contour->GetNumberOfCells() - 1);
  shortArray->GetCellData()->AddArray(partial);
  loom->SetInputData(shortArray);
  loom->SetNumberOfDivisions(10, 10, 10);
  const loomtest::Outcome s = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(s.Status, 0);
  EXPECT_NE(s.Errors.find("Loom Level of Detail: the input's cell array 'Partial' has " +
                          std::to_string(contour->GetNumberOfCells() - 1) + " tuples"),
            std::string::npos)
    << s.Errors;
  // A cell naming a point that does not exist.
  vtkNew<vtkPolyData> bad;
  bad->SetPoints(contour->GetPoints());
  vtkNew<vtkCellArray> polys;
  const vtkIdType tri[3] = { 0, 1, points + 5 };
  polys->InsertNextCell(3, tri);
  bad->SetPolys(polys);
  loom->SetInputData(bad);
  loom->SetNumberOfDivisions(10, 10, 10);
  const loomtest::Outcome b = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(b.Status, 0);
  EXPECT_NE(b.Errors.find("Loom Level of Detail"), std::string::npos) << b.Errors;
  EXPECT_NE(b.Errors.find(std::to_string(points + 5)), std::string::npos) << b.Errors;
}
