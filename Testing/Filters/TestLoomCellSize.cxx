// Loom Cell Size against VTK's vtkCellSizeFilter (ParaView's Cell Size) on every dataset type and cell
// shape Loom takes, Serial and TBB: the same four arrays value for value (1e-9 relative) and the same
// sums; ghost cells out of the sums; unsupported cells through VTK's filter; empty input.
#include "LoomFilterTesting.h"

#include <vtkLoomCellSize.h>

#include <vtkAppendFilter.h>
#include <vtkCellData.h>
#include <vtkCellSizeFilter.h>
#include <vtkContourFilter.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkUnstructuredGrid.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace
{
const char* const Names[4] = { "VertexCount", "Length", "Area", "Volume" };

/// Loom's output equals VTK's on `input`: every array, and with `sum` the field data totals.
void ExpectAsVTK(vtkDataSet* input, const std::string& what, bool sum = false)
{
  vtkNew<vtkCellSizeFilter> vtk;
  vtk->SetInputData(input);
  vtk->SetComputeSum(sum);
  vtk->Update();
  vtkDataSet* expected = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0));
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomCellSize> loom;
    loom->SetInputData(input);
    loom->SetComputeSum(sum);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    ASSERT_EQ(1, loom->GetExecutive()->Update()) << what;
    EXPECT_EQ(std::string::npos, log.Text.find("vtkCellSizeFilter")) << what << ": fell back to VTK";
    vtkDataSet* got = loom->GetOutput();
    const std::string at = what + " device " + std::to_string(device);
    loomtest::ExpectRanOn(loom, device, at);
    ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;
    ASSERT_EQ(expected->GetCellData()->GetNumberOfArrays(), got->GetCellData()->GetNumberOfArrays()) << at;
    for (const char* name : Names)
    {
      vtkDataArray* e = expected->GetCellData()->GetArray(name);
      vtkDataArray* g = got->GetCellData()->GetArray(name);
      ASSERT_NE(nullptr, g) << at << ": no " << name;
      ASSERT_EQ(VTK_DOUBLE, g->GetDataType()) << at << " " << name;
      for (vtkIdType c = 0; c < e->GetNumberOfTuples(); ++c)
        ASSERT_NEAR(e->GetComponent(c, 0), g->GetComponent(c, 0), 1e-9 * std::max(1.0, std::abs(e->GetComponent(c, 0))))
          << at << " " << name << " cell " << c;
      vtkDataArray* eSum = expected->GetFieldData()->GetArray(name);
      vtkDataArray* gSum = got->GetFieldData()->GetArray(name);
      ASSERT_EQ(eSum != nullptr, gSum != nullptr) << at << " sum " << name;
      if (eSum)
        EXPECT_NEAR(eSum->GetComponent(0, 0), gSum->GetComponent(0, 0), 1e-9 * std::max(1.0, std::abs(eSum->GetComponent(0, 0))))
          << at << " sum " << name;
    }
  }
}

} // namespace

TEST(LoomCellSize, ImagesAndGridsAsVTK)
{
  auto image = loomtest::Wavelet(5);
  image->SetSpacing(0.5, 2.0, 1.5);
  ExpectAsVTK(image, "image", true);
  auto flat = loomtest::Wavelet(5);
  flat->SetExtent(-5, 5, 0, 0, -5, 4);
  flat->GetPointData()->Initialize(); // RTData no longer fits
  ExpectAsVTK(flat, "flat image");
  vtkNew<vtkRectilinearGrid> rectilinear;
  rectilinear->SetDimensions(6, 5, 4);
  vtkNew<vtkDoubleArray> x, y, z;
  for (int i = 0; i < 6; ++i)
    x->InsertNextValue(std::pow(1.0 + i, 1.3));
  for (int i = 0; i < 5; ++i)
    y->InsertNextValue(3.0 - 0.5 * i); // decreasing: VTK's voxel sizes are absolute
  for (int i = 0; i < 4; ++i)
    z->InsertNextValue(i * i * 0.1);
  rectilinear->SetXCoordinates(x);
  rectilinear->SetYCoordinates(y);
  rectilinear->SetZCoordinates(z);
  ExpectAsVTK(rectilinear, "rectilinear grid", true);
  rectilinear->SetDimensions(6, 5, 1);
  vtkNew<vtkDoubleArray> one;
  one->InsertNextValue(2.0);
  rectilinear->SetZCoordinates(one);
  ExpectAsVTK(rectilinear, "flat rectilinear grid");
  ExpectAsVTK(loomtest::Twisted(loomtest::Wavelet(4)), "distorted structured grid (twisted hexahedra)", true);
  ExpectAsVTK(loomtest::Twisted(flat), "distorted flat structured grid (non-planar quadrilaterals)", true);
}

TEST(LoomCellSize, CellsAsVTK)
{
  auto image = loomtest::Wavelet(4);
  ExpectAsVTK(loomtest::Hexahedra(image), "hexahedra", true);
  ExpectAsVTK(loomtest::Append(image), "voxels");
  auto twisted = loomtest::Append(loomtest::Twisted(image));
  ExpectAsVTK(twisted, "twisted hexahedra", true);
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(twisted);
  tets->Update();
  ExpectAsVTK(tets->GetOutput(), "tetrahedra", true);
  for (const char* file : { "wedge_cells.vtk", "voxel_cells.vtk", "mixed-cell-shapes.vtk", "kitchen.vtk",
                            "simple_unstructured_bin.vtk" })
    ExpectAsVTK(loomtest::Read(file), file, true);
  // Polygonal data: the wavelet's contour (triangles), its distorted surface (quadrilaterals), and
  // vertices, a poly-vertex, a line, a poly-line, a polygon and a triangle strip.
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 157.0);
  contour->Update();
  ExpectAsVTK(contour->GetOutput(), "contour triangles", true);
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(loomtest::Twisted(image));
  surface->Update();
  vtkPolyData* poly = surface->GetOutput();
  loomtest::AddOtherPolygonalCells(poly, true);
  ExpectAsVTK(poly, "mixed polygonal data", true);
  ExpectAsVTK(loomtest::Append(poly), "mixed cells as an unstructured grid", true);
}

TEST(LoomCellSize, OptionsGhostsFallbackAndEmpty)
{
  auto hexahedra = loomtest::Hexahedra(loomtest::Wavelet(3));
  // Ghost cells keep their sizes but leave the sums, as VTK's.
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  for (vtkIdType c = 0; c < hexahedra->GetNumberOfCells(); ++c)
    ghosts->InsertNextValue(c % 4 == 0 ? vtkDataSetAttributes::DUPLICATECELL : 0);
  hexahedra->GetCellData()->AddArray(ghosts);
  ExpectAsVTK(hexahedra, "hexahedra with ghost cells", true);
  auto image = loomtest::Wavelet(3);
  image->GetCellData()->AddArray(ghosts);
  ExpectAsVTK(image, "image with ghost cells", true);

  // Measures off and names changed: only the asked-for arrays, under their names.
  vtkNew<vtkLoomCellSize> loom;
  loom->SetInputData(hexahedra);
  loom->SetComputeVertexCount(false);
  loom->SetComputeLength(false);
  loom->SetComputeArea(false);
  loom->SetVolumeArrayName("V");
  loom->SetComputeSum(true);
  loom->Update();
  EXPECT_EQ(nullptr, loom->GetOutput()->GetCellData()->GetArray("Volume"));
  EXPECT_EQ(nullptr, loom->GetOutput()->GetCellData()->GetArray("Area"));
  ASSERT_NE(nullptr, loom->GetOutput()->GetCellData()->GetArray("V"));
  double counted = 0.0; // unit cells, ghosts left out
  for (vtkIdType c = 0; c < hexahedra->GetNumberOfCells(); ++c)
    counted += c % 4 == 0 ? 0.0 : 1.0;
  EXPECT_NEAR(counted, loom->GetOutput()->GetFieldData()->GetArray("V")->GetComponent(0, 0), 1e-12);
  EXPECT_EQ(hexahedra->GetCellData()->GetNumberOfArrays() + 1, loom->GetOutput()->GetCellData()->GetNumberOfArrays());

  // Polyhedra and quadratic cells: VTK's filter, with one info message; off, an error.
  for (bool polyhedron : { true, false })
  {
    auto grid = loomtest::UnsupportedCellGrid(polyhedron);
    vtkNew<vtkLoomCellSize> f;
    f->SetInputData(grid);
    loomtest::LogCapture log;
    ASSERT_EQ(1, f->GetExecutive()->Update());
    EXPECT_NE(std::string::npos, log.Text.find("vtkCellSizeFilter")) << log.Text;
    vtkNew<vtkCellSizeFilter> vtk;
    vtk->SetInputData(grid);
    vtk->Update();
    EXPECT_DOUBLE_EQ(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0))->GetCellData()->GetArray("Volume")->GetComponent(0, 0),
                     f->GetOutput()->GetCellData()->GetArray("Volume")->GetComponent(0, 0));
    f->SetFallbackToVTK(false);
    const loomtest::Outcome o = loomtest::UpdateCapturing(f);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Cell Size")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find("Fallback To VTK")) << o.Errors;
  }

  // Empty in, empty out: no cells, the four arrays empty, zero sums.
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkPoints> none;
  empty->SetPoints(none);
  vtkNew<vtkLoomCellSize> e;
  e->SetInputData(empty);
  e->SetComputeSum(true);
  loomtest::ExpectSilentEmpty(e, "empty grid");
  ASSERT_NE(nullptr, e->GetOutput()->GetCellData()->GetArray("Volume"));
  EXPECT_EQ(0.0, e->GetOutput()->GetFieldData()->GetArray("Volume")->GetComponent(0, 0));
}

// The totals add fixed blocks of cells in order: Serial's and TBB's are the same bits (two blocks here).
TEST(LoomCellSize, SumsDoNotDependOnTheThreads)
{
  auto twisted = loomtest::Append(loomtest::Twisted(loomtest::Wavelet(14)));
  ASSERT_GT(twisted->GetNumberOfCells(), 16384);
  auto total = [&](int device) {
    vtkNew<vtkLoomCellSize> loom;
    loom->SetInputData(twisted);
    loom->SetComputeSum(true);
    loom->SetDevice(device);
    loom->Update();
    return loom->GetOutput()->GetFieldData()->GetArray("Volume")->GetComponent(0, 0);
  };
  const double serial = total(vtkLoomCellSize::DEVICE_SERIAL);
  EXPECT_GT(serial, 0.0);
  EXPECT_EQ(serial, total(vtkLoomCellSize::DEVICE_TBB));
}
