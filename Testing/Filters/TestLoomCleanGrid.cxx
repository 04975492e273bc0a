// Loom filter tests: vtkLoomCleanGrid against ParaView's Clean to Grid (vtkCleanUnstructuredGrid) on the
// same inputs, Serial and TBB: the same points in the same order, the same cells point for point, the
// same point and cell data. The hexahedral wavelet appended from its 8 octants (points duplicated on the
// seams), jittered copies with a tolerance, every input kind, unused points, averaging, multiblock
// inputs, polyhedra, blanking, integer points, empty and bad input.
#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkLoomCleanGrid.h>

#include <vtkAppendFilter.h>
#include <vtkAppendPolyData.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCleanUnstructuredGrid.h>
#include <vtkDoubleArray.h>
#include <vtkExtractVOI.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkImageDataToPointSet.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPlaneSource.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <random>

namespace
{
/// The 8 octants of the wavelet image as hexahedra, appended without merging: the seam points appear
/// 2, 4 or 8 times. Each point carries "Octant" (its block) and each cell "CellOctant".
vtkSmartPointer<vtkUnstructuredGrid> Octants(int half)
{
  vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(half);
  int e[6];
  image->GetExtent(e);
  vtkNew<vtkAppendFilter> append;
  append->MergePointsOff();
  int block = 0;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i, ++block)
      {
        vtkNew<vtkExtractVOI> voi;
        voi->SetInputData(image);
        const int mid[3] = { (e[0] + e[1]) / 2, (e[2] + e[3]) / 2, (e[4] + e[5]) / 2 };
        voi->SetVOI(i ? mid[0] : e[0], i ? e[1] : mid[0], j ? mid[1] : e[2], j ? e[3] : mid[1], k ? mid[2] : e[4],
                    k ? e[5] : mid[2]);
        voi->Update();
        vtkSmartPointer<vtkUnstructuredGrid> hex = loomtest::Hexahedra(voi->GetOutput());
        vtkNew<vtkIntArray> octant;
        octant->SetName("Octant");
        octant->SetNumberOfTuples(hex->GetNumberOfPoints());
        octant->FillValue(block);
        hex->GetPointData()->AddArray(octant);
        vtkNew<vtkIntArray> cellOctant;
        cellOctant->SetName("CellOctant");
        cellOctant->SetNumberOfTuples(hex->GetNumberOfCells());
        cellOctant->FillValue(block);
        hex->GetCellData()->AddArray(cellOctant);
        append->AddInputData(hex);
      }
  append->Update();
  return append->GetOutput();
}

vtkSmartPointer<vtkUnstructuredGrid> ParaViewClean(vtkDataObject* input, double tolerance = 0.0, bool absolute = false)
{
  vtkNew<vtkCleanUnstructuredGrid> clean;
  clean->SetInputData(input);
  clean->SetTolerance(absolute ? 0.0 : tolerance);
  clean->SetAbsoluteTolerance(absolute ? tolerance : 1.0);
  clean->SetToleranceIsAbsolute(absolute);
  clean->Update();
  return clean->GetOutput();
}

vtkSmartPointer<vtkUnstructuredGrid> LoomClean(vtkDataObject* input, int device, double tolerance = 0.0,
                                               bool absolute = false)
{
  vtkNew<vtkLoomCleanGrid> clean;
  clean->SetInputData(input);
  clean->SetDevice(device);
  if (absolute)
  {
    clean->SetAbsoluteTolerance(tolerance);
    clean->ToleranceIsAbsoluteOn();
  }
  else
    clean->SetTolerance(tolerance);
  clean->Update();
  loomtest::ExpectRanOn(clean, device, "Loom Clean to Grid");
  return clean->GetOutput();
}

/// The same points (in order, exactly, of the same type), the same cells (types and point ids), the same data.
void ExpectSameGrid(vtkUnstructuredGrid* expected, vtkUnstructuredGrid* actual, const std::string& what)
{
  loomtest::ExpectIdenticalData(expected, actual, what);
}

class CleanGrid : public ::testing::TestWithParam<int>
{
};
} // namespace

TEST_P(CleanGrid, OctantsOfTheHexahedralWavelet)
{
  vtkSmartPointer<vtkUnstructuredGrid> octants = Octants(12);
  vtkSmartPointer<vtkUnstructuredGrid> expected = ParaViewClean(octants);
  // The seams merge back: the points of the whole 24^3-point grid.
  ASSERT_EQ(expected->GetNumberOfPoints(), 24 * 24 * 24);
  ASSERT_LT(expected->GetNumberOfPoints(), octants->GetNumberOfPoints());
  ExpectSameGrid(expected, LoomClean(octants, GetParam()), "octants");
}

TEST_P(CleanGrid, ToleranceMergesJitteredCopies)
{
  vtkSmartPointer<vtkUnstructuredGrid> octants = Octants(8);
  // Every point moved by up to 1e-4 (the points are 1 apart): copies on the seams no longer coincide.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> jitter(-1e-4, 1e-4);
  vtkPoints* pts = octants->GetPoints();
  for (vtkIdType p = 0; p < pts->GetNumberOfPoints(); ++p)
  {
    double x[3];
    pts->GetPoint(p, x);
    pts->SetPoint(p, x[0] + jitter(rng), x[1] + jitter(rng), x[2] + jitter(rng));
  }
  const vtkIdType exact = LoomClean(octants, GetParam())->GetNumberOfPoints();
  EXPECT_EQ(exact, octants->GetNumberOfPoints());
  // Relative: 1e-3 of the diagonal (about 0.026); absolute: 0.01.
  ExpectSameGrid(ParaViewClean(octants, 1e-3), LoomClean(octants, GetParam(), 1e-3), "relative tolerance");
  vtkSmartPointer<vtkUnstructuredGrid> absolute = LoomClean(octants, GetParam(), 0.01, true);
  ExpectSameGrid(ParaViewClean(octants, 0.01, true), absolute, "absolute tolerance");
  EXPECT_EQ(absolute->GetNumberOfPoints(), 16 * 16 * 16);
}

TEST_P(CleanGrid, EveryInputKind)
{
  vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(6);
  ExpectSameGrid(ParaViewClean(image), LoomClean(image, GetParam()), "image");
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(image);
  toPoints->Update();
  vtkStructuredGrid* sgrid = toPoints->GetOutput();
  ExpectSameGrid(ParaViewClean(sgrid), LoomClean(sgrid, GetParam()), "structured grid");
  vtkNew<vtkRectilinearGrid> rect;
  rect->SetDimensions(5, 4, 3);
  for (int a = 0; a < 3; ++a)
  {
    vtkNew<vtkDoubleArray> c;
    for (int i = 0; i < (a == 0 ? 5 : a == 1 ? 4 : 3); ++i)
      c->InsertNextValue(i * i * 0.5 + a);
    a == 0 ? rect->SetXCoordinates(c) : a == 1 ? rect->SetYCoordinates(c) : rect->SetZCoordinates(c);
  }
  ExpectSameGrid(ParaViewClean(rect), LoomClean(rect, GetParam()), "rectilinear grid");
  // 2D image: pixels.
  vtkNew<vtkImageData> flat;
  flat->SetDimensions(7, 5, 1);
  ExpectSameGrid(ParaViewClean(flat), LoomClean(flat, GetParam()), "2D image");
  // Polygonal data: two overlapping planes (the second's points coincide with the first's).
  vtkNew<vtkPlaneSource> plane;
  plane->SetResolution(6, 4);
  vtkNew<vtkAppendPolyData> twice;
  twice->AddInputConnection(plane->GetOutputPort());
  twice->AddInputConnection(plane->GetOutputPort());
  twice->Update();
  vtkSmartPointer<vtkUnstructuredGrid> poly = LoomClean(twice->GetOutput(), GetParam());
  ExpectSameGrid(ParaViewClean(twice->GetOutput()), poly, "polygonal data");
  EXPECT_EQ(poly->GetNumberOfPoints(), 7 * 5);
  // Higher-order cells are renumbered like any other.
  vtkSmartPointer<vtkUnstructuredGrid> quadratic = loomtest::UnsupportedCellGrid(false);
  ExpectSameGrid(ParaViewClean(quadratic), LoomClean(quadratic, GetParam()), "quadratic tetrahedron");
}

TEST_P(CleanGrid, UnusedPointsAndAveraging)
{
  vtkSmartPointer<vtkUnstructuredGrid> octants = Octants(6);
  // Three extra points no cell uses: one on a used position, one alone, one a copy of the lone one.
  vtkPoints* pts = octants->GetPoints();
  pts->InsertNextPoint(pts->GetPoint(0));
  pts->InsertNextPoint(100, 100, 100);
  pts->InsertNextPoint(100, 100, 100);
  for (int a = 0; a < octants->GetPointData()->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* array = octants->GetPointData()->GetArray(a);
    for (int k = 0; k < 3; ++k)
      array->InsertNextTuple(array->GetTuple(0));
  }
  // Kept by default, as ParaView 5.11 keeps them (the one on a used position merges).
  vtkSmartPointer<vtkUnstructuredGrid> kept = LoomClean(octants, GetParam());
  ExpectSameGrid(ParaViewClean(octants), kept, "unused points kept");
  EXPECT_EQ(kept->GetNumberOfPoints(), 12 * 12 * 12 + 1);

  vtkNew<vtkLoomCleanGrid> clean;
  clean->SetInputData(octants);
  clean->SetDevice(GetParam());
  clean->RemovePointsWithoutCellsOn();
  clean->SetPointDataWeighingStrategy(vtkLoomCleanGrid::AVERAGING);
  clean->Update();
  vtkUnstructuredGrid* out = clean->GetOutput();
  ASSERT_EQ(out->GetNumberOfPoints(), 12 * 12 * 12);
  ASSERT_EQ(out->GetNumberOfCells(), octants->GetNumberOfCells());
  // Brute force: each output point's Octant is the rounded mean of the octants of its copies.
  std::map<std::array<double, 3>, std::vector<int>> copies;
  auto* octant = vtkIntArray::SafeDownCast(octants->GetPointData()->GetArray("Octant"));
  for (vtkIdType p = 0; p < octants->GetNumberOfPoints() - 3; ++p)
  {
    double x[3];
    octants->GetPoint(p, x);
    copies[{ x[0], x[1], x[2] }].push_back(octant->GetValue(p));
  }
  auto* averaged = vtkIntArray::SafeDownCast(out->GetPointData()->GetArray("Octant"));
  ASSERT_NE(averaged, nullptr);
  for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
  {
    double x[3];
    out->GetPoint(p, x);
    const std::vector<int>& c = copies.at({ x[0], x[1], x[2] });
    double sum = 0;
    for (int v : c)
      sum += v;
    ASSERT_EQ(averaged->GetValue(p), static_cast<int>(std::llround(sum / c.size()))) << "point " << p;
  }
  // Cells still on the same positions.
  vtkNew<vtkIdList> a, b;
  for (vtkIdType c = 0; c < out->GetNumberOfCells(); c += 7)
  {
    octants->GetCellPoints(c, a);
    out->GetCellPoints(c, b);
    for (vtkIdType k = 0; k < a->GetNumberOfIds(); ++k)
    {
      double x[3], y[3];
      octants->GetPoint(a->GetId(k), x);
      out->GetPoint(b->GetId(k), y);
      ASSERT_TRUE(x[0] == y[0] && x[1] == y[1] && x[2] == y[2]) << "cell " << c;
    }
  }
}

TEST_P(CleanGrid, MultiblockBlockByBlock)
{
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetBlock(0, Octants(4));
  blocks->SetBlock(1, loomtest::Wavelet(4));
  vtkNew<vtkLoomCleanGrid> clean;
  clean->SetInputData(blocks);
  clean->SetDevice(GetParam());
  clean->Update();
  auto* out = vtkMultiBlockDataSet::SafeDownCast(clean->GetOutputDataObject(0));
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(out->GetNumberOfBlocks(), 2u);
  ExpectSameGrid(ParaViewClean(blocks->GetBlock(0)), vtkUnstructuredGrid::SafeDownCast(out->GetBlock(0)), "block 0");
  ExpectSameGrid(ParaViewClean(blocks->GetBlock(1)), vtkUnstructuredGrid::SafeDownCast(out->GetBlock(1)), "block 1");
}

INSTANTIATE_TEST_SUITE_P(Devices, CleanGrid,
                         ::testing::ValuesIn(loomtest::Devices()));

TEST(CleanGridInput, PolyhedraBlankingAndIntegerPoints)
{
  // A polyhedron twice (the second copy's points duplicated): faces renumbered as ParaView's.
  vtkSmartPointer<vtkUnstructuredGrid> one = loomtest::UnsupportedCellGrid(true);
  vtkNew<vtkAppendFilter> twice;
  twice->MergePointsOff();
  twice->AddInputData(one);
  twice->AddInputData(one);
  twice->Update();
  vtkUnstructuredGrid* polyhedra = twice->GetOutput();
  vtkSmartPointer<vtkUnstructuredGrid> out = LoomClean(polyhedra, vtkLoomCleanGrid::DEVICE_AUTO);
  vtkSmartPointer<vtkUnstructuredGrid> expected = ParaViewClean(polyhedra);
  ExpectSameGrid(expected, out, "polyhedra");
  ASSERT_NE(out->GetFaces(), nullptr);
  ASSERT_EQ(out->GetFaces()->GetNumberOfValues(), expected->GetFaces()->GetNumberOfValues());
  for (vtkIdType i = 0; i < out->GetFaces()->GetNumberOfValues(); ++i)
    ASSERT_EQ(out->GetFaces()->GetValue(i), expected->GetFaces()->GetValue(i)) << "face stream " << i;
  EXPECT_EQ(out->GetNumberOfPoints(), one->GetNumberOfPoints());

  // A structured grid with a blanked cell and a blanked point: empty cells, as ParaView's.
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(loomtest::Wavelet(4));
  toPoints->Update();
  vtkNew<vtkStructuredGrid> blanked;
  blanked->DeepCopy(toPoints->GetOutput());
  blanked->BlankCell(3);
  blanked->BlankPoint(40);
  ExpectSameGrid(ParaViewClean(blanked), LoomClean(blanked, vtkLoomCleanGrid::DEVICE_SERIAL), "blanked structured grid");

  // Integer point coordinates (two copies of each): merged, the type kept.
  vtkNew<vtkUnstructuredGrid> ints;
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToInt();
  for (int copy = 0; copy < 2; ++copy)
    for (int k = 0; k < 4; ++k)
      pts->InsertNextPoint(k, k % 2, 0);
  ints->SetPoints(pts);
  ints->Allocate(2);
  const vtkIdType a[4] = { 0, 1, 2, 3 }, b[4] = { 4, 5, 6, 7 };
  ints->InsertNextCell(VTK_POLY_LINE, 4, a);
  ints->InsertNextCell(VTK_POLY_LINE, 4, b);
  vtkSmartPointer<vtkUnstructuredGrid> merged = LoomClean(ints, vtkLoomCleanGrid::DEVICE_SERIAL);
  ExpectSameGrid(ParaViewClean(ints), merged, "integer points");
  EXPECT_EQ(merged->GetNumberOfPoints(), 4);
}

TEST(CleanGridInput, EmptyInEmptyOut)
{
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkLoomCleanGrid> clean;
  clean->SetInputData(empty);
  const loomtest::Outcome o = loomtest::UpdateCapturing(clean);
  EXPECT_EQ(o.Status, 1);
  EXPECT_TRUE(o.Errors.empty()) << o.Errors;
  EXPECT_EQ(clean->GetOutput()->GetNumberOfPoints(), 0);
  EXPECT_EQ(clean->GetOutput()->GetNumberOfCells(), 0);
  // Points but no cells: no points out, as ParaView's filter.
  vtkNew<vtkUnstructuredGrid> pointsOnly;
  vtkNew<vtkPoints> pts;
  pts->InsertNextPoint(0, 0, 0);
  pointsOnly->SetPoints(pts);
  clean->SetInputData(pointsOnly);
  clean->Update();
  EXPECT_EQ(clean->GetOutput()->GetNumberOfPoints(), ParaViewClean(pointsOnly)->GetNumberOfPoints());
}

TEST(CleanGridInput, NegativeToleranceIsAnError)
{
  vtkSmartPointer<vtkUnstructuredGrid> octants = Octants(4);
  const vtkMTimeType before = octants->GetMTime();
  const vtkIdType points = octants->GetNumberOfPoints();
  vtkNew<vtkLoomCleanGrid> clean;
  clean->SetInputData(octants);
  clean->SetTolerance(-0.1);
  loomtest::Outcome o = loomtest::UpdateCapturing(clean);
  EXPECT_EQ(o.Status, 0);
  EXPECT_NE(o.Errors.find("Loom Clean to Grid: Tolerance is -0.1"), std::string::npos) << o.Errors;
  EXPECT_EQ(clean->GetOutput()->GetNumberOfPoints(), 0);
  clean->SetTolerance(0.0);
  clean->SetAbsoluteTolerance(-2.0);
  clean->ToleranceIsAbsoluteOn();
  o = loomtest::UpdateCapturing(clean);
  EXPECT_EQ(o.Status, 0);
  EXPECT_NE(o.Errors.find("AbsoluteTolerance is -2"), std::string::npos) << o.Errors;
  // The input is untouched.
  EXPECT_EQ(octants->GetMTime(), before);
  EXPECT_EQ(octants->GetNumberOfPoints(), points);
}
