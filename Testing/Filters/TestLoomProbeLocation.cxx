// Loom Probe Location against VTK's code for ParaView's Probe Location (vtkPProbeFilter), Serial and TBB,
// point for point: the probe points, every array's type and values (1e-6 relative), the valid-point mask; on
// every dataset type, probe clouds partly outside the input and points exactly on its vertices, edges and faces
// (VTK's cell where several hold a point);
// the probe's own arrays, field data, Pass Partial Arrays; the locator kept while the probe moves; bad input.
#include "LoomSamplingTesting.h"

#include <vtkLoomProbeLocation.h>

#include <loom/algorithms/locate/LocateCell.h>

#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkFloatArray.h>
#include <vtkGenericCell.h>
#include <vtkIdList.h>
#include <vtkIntArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

namespace
{
/// `n` probe points, a vertex each: random in [-span, span]^3 (part outside a wavelet of half `span` - 2),
/// then the input's points `every`th (on vertices, edges and faces of its cells), as float coordinates.
vtkSmartPointer<vtkPolyData> Cloud(int n, double span, vtkDataSet* onPointsOf = nullptr, int every = 7)
{
  std::mt19937 random(20261128);
  std::uniform_real_distribution<double> along(-span, span);
  vtkNew<vtkPoints> at;
  for (int i = 0; i < n; ++i)
    at->InsertNextPoint(along(random), along(random), along(random));
  for (vtkIdType p = 0; onPointsOf && p < onPointsOf->GetNumberOfPoints(); p += every)
    at->InsertNextPoint(onPointsOf->GetPoint(p));
  vtkNew<vtkCellArray> vertices;
  for (vtkIdType i = 0; i < at->GetNumberOfPoints(); ++i)
    vertices->InsertNextCell(1, &i);
  auto cloud = vtkSmartPointer<vtkPolyData>::New();
  cloud->SetPoints(at);
  cloud->SetVerts(vertices);
  return cloud;
}

using Configure = std::function<void(vtkLoomProbeLocation*)>;

/// Loom's probe equals VTK's on `input` at `probe`, on every device (`fallback`: VTK's code made it), a sample's
/// cell arrays from VTK's cell where several hold it; returns the valid points.
vtkIdType ExpectAsVTK(vtkDataObject* input, vtkDataSet* probe, const std::string& what, const Configure& configure = {},
                      bool fallback = false)
{
  vtkNew<vtkLoomProbeLocation> settings;
  if (configure)
    configure(settings);
  vtkSmartPointer<vtkAlgorithm> vtk = settings->VTKFilter();
  vtk->SetInputDataObject(0, probe);
  vtk->SetInputDataObject(1, input);
  vtk->Update();
  auto* expected = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0));
  vtkIdType valid = 0;
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomProbeLocation> loom;
    if (configure)
      configure(loom);
    loom->SetInputData(input);
    loom->SetSourceData(probe);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    EXPECT_EQ(1, loom->GetExecutive()->Update()) << what;
    const std::string at = what + " device " + std::to_string(device);
    EXPECT_EQ(fallback, log.Text.find("vtkPProbeFilter samples it instead") != std::string::npos) << at << ": " << log.Text;
    if (!fallback)
      loomtest::ExpectRanOn(loom, device, at);
    vtkDataSet* got = loom->GetOutput();
    EXPECT_STREQ(probe->GetClassName(), got->GetClassName()) << at;
    loomtest::ExpectSameSamples(expected, got, at);
    EXPECT_EQ(expected->GetCellData()->GetNumberOfArrays(), got->GetCellData()->GetNumberOfArrays()) << at;
    EXPECT_EQ(expected->GetFieldData()->GetNumberOfArrays(), got->GetFieldData()->GetNumberOfArrays()) << at;
    valid = loomtest::ValidPoints(got);
  }
  return valid;
}
} // namespace

TEST(LoomProbeLocation, EveryDatasetTypeAsVTK)
{
  vtkSmartPointer<vtkImageData> image = loomtest::WaveletWithCells(6);
  vtkSmartPointer<vtkUnstructuredGrid> hexahedra = loomtest::Hexahedra(image);
  vtkSmartPointer<vtkPolyData> cloud = Cloud(400, 8.0, hexahedra);
  const vtkIdType onPoints = (hexahedra->GetNumberOfPoints() + 6) / 7;
  const auto rectilinear = loomtest::Rectilinear(image, [](int, int i) { return -6.0 + 0.9 * i + 0.01 * i * i; });
  int inputs = 0;
  for (auto input : { vtkSmartPointer<vtkDataSet>(image), vtkSmartPointer<vtkDataSet>(hexahedra),
                      vtkSmartPointer<vtkDataSet>(loomtest::Tetrahedra(image)),
                      vtkSmartPointer<vtkDataSet>(loomtest::Append(image)), vtkSmartPointer<vtkDataSet>(rectilinear) })
  {
    const std::string what = std::string(input->GetClassName()) + " " + std::to_string(inputs++);
    const vtkIdType valid = ExpectAsVTK(input, cloud, what);
    EXPECT_GT(valid, onPoints) << what << ": the input's points and random points inside";
    EXPECT_LT(valid, cloud->GetNumberOfPoints()) << what << ": random points outside";
  }
  // ParaView's default probe: one point, the centre of the input's bounds.
  EXPECT_EQ(1, ExpectAsVTK(hexahedra, Cloud(1, 0.0), "the default probe"));
}

TEST(LoomProbeLocation, ClosestPointTiesAsVTK)
{
  // Probe points in random order on the grid's vertices, edge midpoints, face and cell centres and anywhere: a
  // probe point equidistant from several of the input's points, in several cells, takes the cell VTK's walk from
  // the point its locator returns reaches (VTK's strategy decides those), every other one the cell Loom's walk
  // reaches, as VTK's (the Ids array exactly), on volumes, mixed cells and surfaces.
  std::mt19937 random(20261130);
  std::uniform_int_distribution<int> grid(-8, 8), kind(0, 2);
  std::uniform_real_distribution<double> along(-4.3, 4.3);
  vtkNew<vtkPoints> at;
  for (int i = 0; i < 1500; ++i)
  {
    const int k = kind(random);
    double x[3];
    for (double& v : x)
      v = k == 0 ? grid(random) / 2 : k == 1 ? grid(random) / 2.0 : along(random);
    at->InsertNextPoint(x);
  }
  vtkNew<vtkPolyData> cloud;
  cloud->SetPoints(at);
  for (const auto& set : loomtest::WalkedPointSets(loomtest::WaveletWithCells(4)))
    EXPECT_GT(ExpectAsVTK(set.second, cloud, set.first), 0) << set.first;
}

TEST(LoomProbeLocation, BoundaryFacesAsVTKsCellBoundary)
{
  // The face (edge) VTK's walk leaves a cell by, at parametric coordinates in and around every cell Loom locates
  // in: the same points in the same order as vtkCell::CellBoundary.
  std::mt19937 random(7);
  std::uniform_real_distribution<double> around(-0.5, 1.5);
  vtkNew<vtkGenericCell> cell;
  for (int type : { VTK_TRIANGLE, VTK_QUAD, VTK_PIXEL, VTK_TETRA, VTK_HEXAHEDRON, VTK_VOXEL, VTK_WEDGE, VTK_PYRAMID })
  {
    cell->SetCellType(type);
    for (vtkIdType k = 0; k < cell->GetNumberOfPoints(); ++k)
      cell->GetPointIds()->SetId(k, k);
    for (int trial = 0; trial < 4000; ++trial)
    {
      double pc[3] = { around(random), around(random), cell->GetCellDimension() == 3 ? around(random) : 0.0 };
      if (trial % 4 == 0) // on the lines and planes that split the cell's regions
        pc[1] = trial % 8 == 0 ? pc[0] : 1.0 - pc[0];
      vtkNew<vtkIdList> vtk;
      cell->CellBoundary(0, pc, vtk);
      int face[4], side = -1;
      const int n = loom::algorithms::locate::BoundaryFace(static_cast<loom::UInt8>(type), pc, face, side);
      std::vector<vtkIdType> expected(vtk->GetPointer(0), vtk->GetPointer(0) + vtk->GetNumberOfIds()), got(face, face + n);
      ASSERT_EQ(expected, got) << cell->GetRepresentativeCell()->GetClassName() << " at " << pc[0] << " " << pc[1] << " " << pc[2];
    }
  }
}

TEST(LoomProbeLocation, TheProbesArraysFieldDataAndPartialArrays)
{
  vtkSmartPointer<vtkImageData> image = loomtest::WaveletWithCells(5);
  vtkSmartPointer<vtkPolyData> cloud = Cloud(120, 7.0);
  vtkNew<vtkIntArray> own; // the probe's point array, its cell array "C" (named as the input's) and field data
  own->SetName("own");
  own->SetNumberOfTuples(cloud->GetNumberOfPoints());
  own->Fill(7);
  cloud->GetPointData()->AddArray(own);
  vtkNew<vtkDoubleArray> cellsOwn;
  cellsOwn->SetName("C");
  cellsOwn->SetNumberOfTuples(cloud->GetNumberOfCells());
  cellsOwn->Fill(-1.0);
  cloud->GetCellData()->AddArray(cellsOwn);
  vtkNew<vtkFloatArray> note;
  note->SetName("note");
  note->InsertNextValue(3.5f);
  cloud->GetFieldData()->AddArray(note);
  for (bool on : { false, true })
  {
    const std::string what = on ? "the probe's arrays passed, NaN partial" : "the probe's arrays left out";
    ExpectAsVTK(loomtest::Tetrahedra(image), cloud, what, [on](vtkLoomProbeLocation* f) {
      f->SetPassPointArrays(on);
      f->SetPassCellArrays(on);
      f->SetPassFieldArrays(!on);
      f->SetPassPartialArrays(on);
    });
  }
}

TEST(LoomProbeLocation, LocatorKeptWhileTheProbeMoves)
{
  vtkSmartPointer<vtkUnstructuredGrid> tets = loomtest::Tetrahedra(loomtest::WaveletWithCells(5));
  vtkNew<vtkLoomProbeLocation> loom;
  loom->SetInputData(tets);
  loom->SetSourceData(Cloud(50, 4.0));
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
  EXPECT_GT(loom->GetLocatorBytes(), 0);
  loom->SetSourceData(Cloud(80, 3.0)); // the probe moved: the same locator
  loom->Update();
  EXPECT_TRUE(loom->GetLocatorReused());
  EXPECT_EQ(80, loom->GetOutput()->GetNumberOfPoints());
  tets->GetPoints()->Modified();
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
}

TEST(LoomProbeLocation, BadInput)
{
  vtkSmartPointer<vtkImageData> image = loomtest::WaveletWithCells(4);
  // Probe points outside the input: every one invalid, no error.
  EXPECT_GT(ExpectAsVTK(loomtest::Hexahedra(image), Cloud(30, 3.0), "inside"), 0);
  vtkSmartPointer<vtkPolyData> far = Cloud(30, 3.0);
  for (vtkIdType i = 0; i < far->GetNumberOfPoints(); ++i)
  {
    double x[3];
    far->GetPoint(i, x);
    far->GetPoints()->SetPoint(i, x[0] + 50.0, x[1], x[2]);
  }
  EXPECT_EQ(0, ExpectAsVTK(loomtest::Hexahedra(image), far, "outside"));
  // An empty input: the probe points, every one invalid.
  EXPECT_EQ(0, ExpectAsVTK(vtkSmartPointer<vtkUnstructuredGrid>::New(), Cloud(10, 2.0), "empty input"));
  // No probe points: an error naming the input.
  vtkNew<vtkLoomProbeLocation> loom;
  loom->SetInputData(image);
  const loomtest::Outcome none = loomtest::UpdateCapturing(loom);
  EXPECT_NE(std::string::npos, none.Errors.find("Probe Type")) << none.Errors;
  // A NaN probe point: invalid on Loom's path.
  vtkSmartPointer<vtkPolyData> nan = Cloud(5, 2.0);
  nan->GetPoints()->SetPoint(2, std::nan(""), 0.0, 0.0);
  vtkNew<vtkLoomProbeLocation> withNaN;
  withNaN->SetInputData(loomtest::Hexahedra(image));
  withNaN->SetSourceData(nan);
  const loomtest::Outcome o = loomtest::UpdateCapturing(withNaN);
  EXPECT_EQ("", o.Errors);
  EXPECT_EQ(0.0, withNaN->GetOutput()->GetPointData()->GetArray("vtkValidPointMask")->GetComponent(2, 0));
  EXPECT_EQ(4, loomtest::ValidPoints(withNaN->GetOutput()));
  // A probe that is an image: VTK's code (ParaView samples an image's points cell by cell).
  vtkNew<vtkImageData> grid;
  grid->SetDimensions(5, 4, 3);
  grid->SetOrigin(-3.3, -2.1, -1.7);
  grid->SetSpacing(1.4, 1.1, 0.9);
  ExpectAsVTK(loomtest::Tetrahedra(image), grid, "an image probe", {}, true);
}
