// Loom Plot Over Line against VTK's code for ParaView's Plot Over Line (a float line source into
// vtkProbeLineFilter, as vtkPVProbeLineFilter runs it), Serial and TBB, point for point: the points, every
// array's type and values (1e-6 relative, NaN where VTK has NaN), the valid-point mask, arc_length; on every
// dataset type, lines partly outside, a degenerate line; the other sampling patterns and bad input.
#include "LoomSamplingTesting.h"

#include <vtkLoomPlotOverLine.h>

#include <vtkCellData.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkPartitionedDataSet.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPointDataToCellData.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace
{
vtkSmartPointer<vtkImageData> Source(int half)
{
  return loomtest::WaveletWithCells(half);
}
using loomtest::Tetrahedra;

struct Line
{
  double P1[3], P2[3];
  int Resolution;
};

/// Loom's polyline equals VTK's on `input`, on every device (`fallback`: VTK's code made it); returns the
/// valid points.
vtkIdType ExpectAsVTK(vtkDataObject* input, const Line& l, const std::string& what, int pattern = 2, bool fallback = false)
{
  vtkNew<vtkLoomPlotOverLine> settings;
  settings->SetPoint1(l.P1);
  settings->SetPoint2(l.P2);
  settings->SetLineResolution(l.Resolution);
  settings->SetSamplingPattern(pattern);
  vtkSmartPointer<vtkAlgorithm> vtk = settings->VTKFilter();
  vtk->SetInputDataObject(0, input);
  vtk->Update();
  auto* expected = vtkPolyData::SafeDownCast(vtk->GetOutputDataObject(0));
  vtkIdType valid = 0;
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomPlotOverLine> loom;
    loom->SetInputData(input);
    loom->SetPoint1(l.P1);
    loom->SetPoint2(l.P2);
    loom->SetLineResolution(l.Resolution);
    loom->SetSamplingPattern(pattern);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    EXPECT_EQ(1, loom->GetExecutive()->Update()) << what;
    const std::string at = what + " device " + std::to_string(device);
    EXPECT_EQ(fallback, log.Text.find("vtkProbeLineFilter samples it instead") != std::string::npos) << at << ": " << log.Text;
    if (!fallback)
      loomtest::ExpectRanOn(loom, device, at);
    vtkPolyData* got = loom->GetOutput();
    loomtest::ExpectSameSamples(expected, got, at);
    valid = loomtest::ValidPoints(got);
  }
  return valid;
}
} // namespace

TEST(LoomPlotOverLine, EveryDatasetTypeAsVTK)
{
  vtkSmartPointer<vtkImageData> image = Source(8);
  const Line inside{ { -7.25, -5.5, -6.0 }, { 6.5, 5.75, 4.25 }, 97 };
  const Line partly{ { -11.0, -2.3, 0.7 }, { 3.1, 9.6, -1.2 }, 64 };
  for (auto input : { vtkSmartPointer<vtkDataSet>(image), vtkSmartPointer<vtkDataSet>(loomtest::Hexahedra(image)),
                      vtkSmartPointer<vtkDataSet>(Tetrahedra(image)), vtkSmartPointer<vtkDataSet>(loomtest::Append(image)),
                      vtkSmartPointer<vtkDataSet>(loomtest::Rectilinear(image, [](int, int i) { return -8.0 + i + 0.2 * std::sin(1.3 * i); })) })
  {
    const std::string what = input->GetClassName();
    EXPECT_EQ(98, ExpectAsVTK(input, inside, what + ", inside"));
    const vtkIdType valid = ExpectAsVTK(input, partly, what + ", partly outside");
    EXPECT_GT(valid, 10) << what;
    EXPECT_LT(valid, 65) << what;
  }
  // The default line of ParaView's proxy: the bounds' corners (ends exactly on the boundary).
  EXPECT_EQ(1001, ExpectAsVTK(loomtest::Hexahedra(image), Line{ { -8, -8, -8 }, { 7, 7, 7 }, 1000 }, "corner to corner"));
  // On a rectilinear grid VTK's probe keeps the previous point's cell where it holds the next point, and finds the
  // first one's by its coordinates (vtkRectilinearGrid::FindCell: on a face, the cell below it). The corner-to-corner
  // line meets grid points (every 200th sample) that 8 cells hold, both ways, and a line in a grid plane lies on
  // faces.
  vtkSmartPointer<vtkRectilinearGrid> grid = loomtest::Rectilinear(image, [](int, int i) { return -8.0 + i; });
  EXPECT_EQ(1001, ExpectAsVTK(grid, Line{ { -8, -8, -8 }, { 7, 7, 7 }, 1000 }, "rectilinear, corner to corner"));
  ExpectAsVTK(grid, Line{ { -7.5, 2, -6.5 }, { 6.5, 2, 5.5 }, 140 }, "rectilinear, a line in the grid plane y = 2");
  ExpectAsVTK(grid, Line{ { 7, 7, 7 }, { -8, -8, -8 }, 1000 }, "rectilinear, corner to corner backwards");
  // Lines in grid planes of uneven steps: samples on faces and edges four cells hold, the previous cell kept
  // whichever of them it is.
  vtkSmartPointer<vtkRectilinearGrid> uneven =
    loomtest::Rectilinear(image, [](int a, int i) { return -8.0 + i + (a == 1 ? 0.2 * std::sin(1.3 * i) : 0.0); });
  ExpectAsVTK(uneven, Line{ { -5, 2, 6 }, { -5, 6, 4 }, 100 }, "rectilinear, a line in the grid plane x = -5");
  ExpectAsVTK(uneven, Line{ { -7, 6, 3 }, { 5, -6, 3 }, 96 }, "rectilinear, a line in the grid plane z = 3");
}

TEST(LoomPlotOverLine, WalksFromCellToCellAsVTK)
{
  // ParaView's probe keeps the previous sample's cell while it holds the next one, else walks across the faces
  // nearest to the sample from it, then from the cells of the point closest to the sample. On lines through grid
  // points, along grid edges and in grid planes, samples lie on vertices, edges and faces that several cells hold:
  // Loom takes VTK's cell every time (the Ids array exactly), on volumes, mixed cells and surfaces.
  vtkSmartPointer<vtkImageData> image = Source(4);
  const Line lines[] = { { { -4, -4, -4 }, { 4, 4, 4 }, 16 },        { { 4, 4, -4 }, { -4, -4, 4 }, 32 },
                         { { -4, -1, 2 }, { 4, 3, -2 }, 16 },        { { -3, 2, -4 }, { -3, 2, 4 }, 8 },
                         { { -4, 0.5, 1 }, { 4, 0.5, 1 }, 16 },      { { 3, -4, -2 }, { -1, 4, 3 }, 24 },
                         { { -5, -3.5, 1.5 }, { 5, 2.5, -0.5 }, 40 }, { { -4, -4, 0 }, { 4, 4, 0 }, 64 },
                         { { 0, -4, -3 }, { 0, 4, 3 }, 48 },        { { 0, 3.5, -4 }, { 0, -2.5, 4 }, 32 },
                         // Long lines: Loom walks blocks of samples at once, each from no previous cell, then each
                         // again in order from the true one until they agree (here at grid points and faces).
                         { { -4, -4, -4 }, { 4, 4, 4 }, 4096 },      { { -4, 0.5, 1 }, { 4, 0.5, 1 }, 4096 } };
  for (const auto& set : loomtest::WalkedPointSets(image))
    for (const Line& l : lines)
      ExpectAsVTK(set.second, l,
                  set.first + ", from (" + std::to_string(l.P1[0]) + ", " + std::to_string(l.P1[1]) + ", " +
                    std::to_string(l.P1[2]) + ")");
}

TEST(LoomPlotOverLine, PatternsDegenerateLinesAndBadInput)
{
  vtkSmartPointer<vtkImageData> image = Source(5);
  const Line line{ { -4.5, -3.2, -1.1 }, { 3.9, 2.7, 3.3 }, 20 };
  // The patterns at cell boundaries and segment centres: VTK's code.
  ExpectAsVTK(image, line, "cell boundaries", 0, true);
  ExpectAsVTK(image, line, "segment centres", 1, true);
  // A degenerate line (Point1 equal to Point2): every sample the same point.
  ExpectAsVTK(loomtest::Hexahedra(image), Line{ { 0.3, 0.4, 0.5 }, { 0.3, 0.4, 0.5 }, 10 }, "a point");
  // Wholly outside: every sample invalid (NaN in float arrays).
  EXPECT_EQ(0, ExpectAsVTK(Tetrahedra(image), Line{ { 20, 20, 20 }, { 30, 21, 22 }, 10 }, "outside"));
  // Resolution 0: an error naming the property.
  vtkNew<vtkLoomPlotOverLine> loom;
  loom->SetInputData(image);
  loom->SetLineResolution(0);
  const loomtest::Outcome outcome = loomtest::UpdateCapturing(loom);
  EXPECT_NE(std::string::npos, outcome.Errors.find("Resolution")) << outcome.Errors;
  // Empty input: ParaView's line, every point invalid.
  EXPECT_EQ(0, ExpectAsVTK(vtkSmartPointer<vtkUnstructuredGrid>::New(), line, "empty input"));
}

TEST(LoomPlotOverLine, LocatorReusedWhenTheLineMoves)
{
  vtkSmartPointer<vtkUnstructuredGrid> tets = Tetrahedra(Source(5));
  vtkNew<vtkLoomPlotOverLine> loom;
  loom->SetInputData(tets);
  loom->SetPoint1(-4, -4, -4);
  loom->SetPoint2(4, 4, 4);
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
  EXPECT_GT(loom->GetLocatorBytes(), 0);
  loom->SetPoint2(4, -3, 2); // the line moved: the same locator
  loom->Update();
  EXPECT_TRUE(loom->GetLocatorReused());
  tets->GetPoints()->Modified();
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
}

TEST(LoomPlotOverLine, WhatParaViewsProbeCrashesOnIsRefused)
{
  vtkSmartPointer<vtkImageData> image = Source(3);
  auto run = [](vtkDataObject* input, const Line& l, int pattern) {
    vtkNew<vtkLoomPlotOverLine> loom;
    loom->SetInputData(input);
    loom->SetPoint1(l.P1[0], l.P1[1], l.P1[2]);
    loom->SetPoint2(l.P2[0], l.P2[1], l.P2[2]);
    loom->SetLineResolution(l.Resolution);
    loom->SetSamplingPattern(pattern);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    return std::make_pair(o, vtkSmartPointer<vtkPolyData>(loom->GetOutput()));
  };
  const double nan = std::nan("");
  // A NaN end on Loom's path: the line, every sample invalid; through VTK's code (another pattern): an error.
  auto [onLoom, line] = run(loomtest::Hexahedra(image), Line{ { nan, 0, 0 }, { 1, 1, 1 }, 10 }, 2);
  EXPECT_EQ("", onLoom.Errors);
  ASSERT_EQ(11, line->GetNumberOfPoints());
  vtkDataArray* valid = line->GetPointData()->GetArray("vtkValidPointMask");
  ASSERT_NE(nullptr, valid);
  EXPECT_EQ(0.0, valid->GetRange()[1]) << "a NaN line is in no cell";
  EXPECT_NE(std::string::npos, run(image, Line{ { nan, 0, 0 }, { 1, 1, 1 }, 10 }, 0).first.Errors.find("Point1"));
  // A tetrahedron with an infinite coordinate, handed to VTK's code by the pattern: refused, naming the cell.
  vtkSmartPointer<vtkUnstructuredGrid> tets = Tetrahedra(image);
  tets->GetPoints()->SetPoint(0, std::numeric_limits<double>::infinity(), 0, 0);
  const std::string infinite = run(tets, Line{ { -2, -2, -2 }, { 2, 2, 2 }, 10 }, 0).first.Errors;
  EXPECT_NE(std::string::npos, infinite.find("infinite coordinate")) << infinite;
  // A hexagonal prism in a grid of fewer points than its corners (VTK's walk would read past them).
  vtkNew<vtkUnstructuredGrid> prism;
  vtkNew<vtkPoints> points;
  for (int i = 0; i < 6; ++i)
    points->InsertNextPoint(std::cos(i), std::sin(i), i % 2);
  prism->SetPoints(points);
  const vtkIdType corners[12] = { 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5 };
  prism->InsertNextCell(VTK_HEXAGONAL_PRISM, 12, corners);
  const std::string walk = run(prism, Line{ { -1, 0, 0 }, { 1, 0, 1 }, 10 }, 2).first.Errors;
  EXPECT_NE(std::string::npos, walk.find("hexagonal prism")) << walk;
  // Composite data (VTK's code): blocks whose arrays disagree on their type are handed to it in one type (it
  // would leave the second block's samples NaN); on their components, refused (it would read past them).
  auto withSecond = [&](vtkDataArray* second) {
    auto parts = vtkSmartPointer<vtkPartitionedDataSet>::New();
    auto shifted = vtkSmartPointer<vtkImageData>::New();
    shifted->DeepCopy(image);
    shifted->SetOrigin(image->GetOrigin()[0] + 6.0, image->GetOrigin()[1], image->GetOrigin()[2]);
    second->SetName("RTData");
    shifted->GetPointData()->AddArray(second);
    parts->SetPartition(0, image);
    parts->SetPartition(1, shifted);
    return parts;
  };
  vtkNew<vtkDoubleArray> wider; // the wavelet's float RTData as double in the second block
  wider->DeepCopy(image->GetPointData()->GetArray("RTData"));
  ASSERT_NE(wider->GetDataType(), image->GetPointData()->GetArray("RTData")->GetDataType());
  const Line across{ { -2.5, 0.5, 0.5 }, { 8.5, 0.5, 0.5 }, 22 }; // through both blocks
  auto [retyped, sampled] = run(withSecond(wider), across, 2);
  EXPECT_EQ("", retyped.Errors);
  vtkDataArray* values = sampled->GetPointData()->GetArray("RTData");
  ASSERT_NE(nullptr, values);
  EXPECT_EQ(VTK_FLOAT, values->GetDataType()) << "the first block's type";
  // What VTK's filter gives when the blocks agree (the second block's RTData float as the first's).
  vtkNew<vtkFloatArray> same;
  same->DeepCopy(image->GetPointData()->GetArray("RTData"));
  vtkSmartPointer<vtkPolyData> reference = run(withSecond(same), across, 2).second;
  vtkDataArray* expected = reference->GetPointData()->GetArray("RTData");
  ASSERT_NE(nullptr, expected);
  EXPECT_GT(loomtest::ValidPoints(reference), 12) << "samples in both blocks";
  EXPECT_EQ(loomtest::ValidPoints(reference), loomtest::ValidPoints(sampled));
  ASSERT_EQ(expected->GetNumberOfTuples(), values->GetNumberOfTuples());
  for (vtkIdType i = 0; i < values->GetNumberOfTuples(); ++i)
  {
    const double u = expected->GetComponent(i, 0), v = values->GetComponent(i, 0);
    EXPECT_TRUE(u == v || (std::isnan(u) && std::isnan(v))) << "sample " << i << ": " << u << " and " << v;
  }
  vtkNew<vtkDoubleArray> vectors;
  vectors->SetNumberOfComponents(3);
  vectors->SetNumberOfTuples(image->GetNumberOfPoints());
  vectors->Fill(1.0);
  const std::string components = run(withSecond(vectors), across, 2).first.Errors;
  EXPECT_NE(std::string::npos, components.find("'RTData'")) << components;
  EXPECT_NE(std::string::npos, components.find("block 1")) << components;
  vtkNew<vtkPartitionedDataSet> pointsOnly;
  pointsOnly->SetPartition(0, image);
  vtkNew<vtkUnstructuredGrid> cloud;
  cloud->SetPoints(tets->GetPoints());
  pointsOnly->SetPartition(1, cloud);
  const std::string cloudError = run(pointsOnly, Line{ { -2, -2, -2 }, { 2, 2, 2 }, 10 }, 2).first.Errors;
  EXPECT_NE(std::string::npos, cloudError.find("points without cells")) << cloudError;
}
