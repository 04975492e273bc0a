// Loom Integrate Variables against VTK's vtkIntegrateAttributes (ParaView's Integrate Variables) on every
// dataset type and cell shape Loom takes, on each device of the run: the same point (float, its centre), the
// same vertex, the same double arrays in the same order with the same components, values within 1e-9 of the
// integral of the values' size; the highest dimension only; ghost cells out; Divide Cell Data By Volume;
// composite input (the arrays every block has); unsupported cells through VTK's filter; empty input; the same
// bits on every device.
#include "LoomFilterTesting.h"

#include <vtkLoomIntegrateVariables.h>

#include <vtkCellData.h>
#include <vtkContourFilter.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkIntegrateAttributes.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace
{
/// The integrals' scale for a tolerance: the input's measure times its largest magnitude, per array.
double Scale(vtkDataArray* input, double measure)
{
  double largest = 0.0;
  for (int c = 0; c < input->GetNumberOfComponents(); ++c)
  {
    double range[2];
    input->GetRange(range, c);
    largest = std::max({ largest, std::abs(range[0]), std::abs(range[1]) });
  }
  return std::max(1.0, largest * std::abs(measure));
}

/// Loom's output is VTK's: point, vertex, arrays in order (names, components, double), values.
void ExpectSame(vtkDataSet* input, vtkUnstructuredGrid* expected, vtkUnstructuredGrid* got, const std::string& at)
{
  ASSERT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << at;
  ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;
  if (expected->GetNumberOfPoints() == 0)
    return;
  EXPECT_EQ(VTK_VERTEX, got->GetCellType(0)) << at;
  EXPECT_EQ(expected->GetPoints()->GetDataType(), got->GetPoints()->GetDataType()) << at;
  const double* e = expected->GetPoint(0);
  const double p[3] = { e[0], e[1], e[2] };
  const double* g = got->GetPoint(0);
  for (int j = 0; j < 3; ++j)
    EXPECT_NEAR(p[j], g[j], 1e-5 * std::max(1.0, std::abs(p[j]))) << at << " point " << j;
  vtkDataArray* measureArray = nullptr;
  for (const char* name : { "Length", "Area", "Volume" })
    if (!measureArray)
      measureArray = expected->GetCellData()->GetArray(name);
  const double measure = measureArray ? measureArray->GetComponent(0, 0) : 1.0;
  for (int side = 0; side < 2; ++side)
  {
    vtkDataSetAttributes* es = side ? static_cast<vtkDataSetAttributes*>(expected->GetCellData()) : expected->GetPointData();
    vtkDataSetAttributes* gs = side ? static_cast<vtkDataSetAttributes*>(got->GetCellData()) : got->GetPointData();
    vtkDataSetAttributes* in = side ? static_cast<vtkDataSetAttributes*>(input->GetCellData()) : input->GetPointData();
    ASSERT_EQ(es->GetNumberOfArrays(), gs->GetNumberOfArrays()) << at << (side ? " cell" : " point") << " arrays";
    for (int a = 0; a < es->GetNumberOfArrays(); ++a)
    {
      vtkDataArray* ea = es->GetArray(a);
      vtkDataArray* ga = gs->GetArray(a);
      const std::string name = ea->GetName() ? ea->GetName() : "";
      const std::string what = at + (side ? " cell array " : " point array ") + name;
      ASSERT_EQ(name, std::string(ga->GetName() ? ga->GetName() : "")) << at << " array " << a;
      ASSERT_EQ(VTK_DOUBLE, ga->GetDataType()) << what;
      ASSERT_EQ(ea->GetNumberOfComponents(), ga->GetNumberOfComponents()) << what;
      ASSERT_EQ(1, ga->GetNumberOfTuples()) << what;
      vtkDataArray* source = name.empty() ? nullptr : in->GetArray(name.c_str());
      const double scale = source ? Scale(source, measure) : std::max(1.0, std::abs(ea->GetComponent(0, 0)));
      for (int c = 0; c < ea->GetNumberOfComponents(); ++c)
      {
        const double ev = ea->GetComponent(0, c), gv = ga->GetComponent(0, c);
        if (!(std::isnan(ev) && std::isnan(gv))) // NaN in, NaN out (both)
          EXPECT_NEAR(ev, gv, 1e-9 * scale) << what << " component " << c;
        EXPECT_EQ(std::string(ea->GetComponentName(c) ? ea->GetComponentName(c) : ""),
                  std::string(ga->GetComponentName(c) ? ga->GetComponentName(c) : ""))
          << what << " component " << c;
      }
    }
  }
}

/// Loom's output equals VTK's on `input` (a dataset or composite data), on every device of the run.
void ExpectAsVTK(vtkDataObject* input, const std::string& what, bool divide = false)
{
  vtkNew<vtkIntegrateAttributes> vtk;
  vtk->SetInputData(input);
  vtk->SetDivideAllCellDataByVolume(divide);
  vtk->Update();
  vtkDataSet* first = loomtest::Leaves(input).empty() ? nullptr : loomtest::Leaves(input)[0];
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomIntegrateVariables> loom;
    loom->SetInputData(input);
    loom->SetDivideAllCellDataByVolume(divide);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    ASSERT_EQ(1, loom->GetExecutive()->Update()) << what;
    EXPECT_EQ(std::string::npos, log.Text.find("vtkIntegrateAttributes")) << what << ": fell back to VTK";
    const std::string at = what + " device " + std::to_string(device);
    if (vtk->GetOutput()->GetNumberOfCells() > 0 && first && first->GetNumberOfCells() > 0)
      loomtest::ExpectRanOn(loom, device, at);
    vtkDataSet* reference = first ? first : vtk->GetOutput();
    ExpectSame(reference, vtk->GetOutput(), loom->GetOutput(), at);
  }
}

/// A field with a large mean, two signs and three components (component names), on the points.
void AddFields(vtkDataSet* data)
{
  vtkNew<vtkFloatArray> f;
  f->SetName("F");
  f->SetNumberOfComponents(3);
  f->SetComponentName(0, "first");
  f->SetNumberOfTuples(data->GetNumberOfPoints());
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
  {
    double x[3];
    data->GetPoint(p, x);
    f->SetTuple3(p, 1e4 + x[0], std::sin(x[1]) * x[2], -x[2] * x[2]);
  }
  data->GetPointData()->AddArray(f);
  vtkNew<vtkIntArray> ids;
  ids->SetName("ids");
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
    ids->InsertNextValue(static_cast<int>(p % 97));
  data->GetPointData()->AddArray(ids);
  vtkNew<vtkStringArray> names; // not numeric: left out, as VTK leaves it
  names->SetName("names");
  names->SetNumberOfValues(data->GetNumberOfPoints());
  data->GetPointData()->AddArray(names);
}

/// The dataset with its point arrays averaged to cells as well.
vtkSmartPointer<vtkDataSet> WithCellArrays(vtkDataSet* data)
{
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(data);
  cells->PassPointDataOn();
  cells->Update();
  vtkSmartPointer<vtkDataSet> out;
  out.TakeReference(cells->GetOutput()->NewInstance());
  out->ShallowCopy(cells->GetOutput());
  // vtkPointDataToCellData turns the string array "names" into a numeric cell array of uninitialized values
  // (a NaN at times, which no equality holds): not an input to compare on.
  out->GetCellData()->RemoveArray("names");
  return out;
}

} // namespace

TEST(LoomIntegrateVariables, ImagesAndGridsAsVTK)
{
  auto image = loomtest::Wavelet(5);
  image->SetSpacing(0.5, 2.0, 1.5);
  AddFields(image);
  ExpectAsVTK(WithCellArrays(image), "image");
  ExpectAsVTK(WithCellArrays(image), "image, cell arrays divided", true);
  auto flat = loomtest::Wavelet(5);
  flat->SetExtent(-5, 5, 0, 0, -5, 4);
  flat->GetPointData()->Initialize(); // RTData no longer fits
  AddFields(flat);
  ExpectAsVTK(WithCellArrays(flat), "flat image (pixels)");
  ExpectAsVTK(WithCellArrays(loomtest::Rectilinear(image,
                                                   [](int a, int i) { return a == 1 ? 3.0 - 0.5 * i : std::pow(1.0 + i, 1.2 + 0.1 * a); })),
              "rectilinear grid");
  ExpectAsVTK(WithCellArrays(loomtest::Twisted(image)), "distorted structured grid (twisted hexahedra)");
  ExpectAsVTK(WithCellArrays(loomtest::Twisted(flat)), "distorted flat structured grid (non-planar quadrilaterals)");
}

TEST(LoomIntegrateVariables, CellsAsVTK)
{
  auto image = loomtest::Wavelet(4);
  AddFields(image);
  ExpectAsVTK(WithCellArrays(loomtest::Hexahedra(image)), "hexahedra");
  ExpectAsVTK(WithCellArrays(loomtest::Append(image)), "voxels");
  auto twisted = loomtest::Append(loomtest::Twisted(image));
  ExpectAsVTK(WithCellArrays(twisted), "twisted hexahedra", true);
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(twisted);
  tets->Update();
  ExpectAsVTK(WithCellArrays(tets->GetOutput()), "tetrahedra");
  for (const char* file : { "wedge_cells.vtk", "voxel_cells.vtk", "mixed-cell-shapes.vtk", "kitchen.vtk",
                            "simple_unstructured_bin.vtk" })
  {
    auto data = loomtest::Read(file);
    AddFields(data);
    ExpectAsVTK(WithCellArrays(data), file);
  }
  // Surfaces: the contour (triangles), the distorted surface (quadrilaterals) with a polygon and a strip
  // added, then with lines and vertices only (lengths).
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 157.0);
  contour->Update();
  ExpectAsVTK(WithCellArrays(contour->GetOutput()), "contour triangles");
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(loomtest::Twisted(image));
  surface->Update();
  vtkPolyData* poly = surface->GetOutput();
  loomtest::AddOtherPolygonalCells(poly, false);
  ExpectAsVTK(WithCellArrays(poly), "mixed polygonal data (the surfaces count)");
  ExpectAsVTK(WithCellArrays(loomtest::Append(poly)), "mixed cells as an unstructured grid");
  poly->SetPolys(vtkNew<vtkCellArray>());
  poly->SetStrips(vtkNew<vtkCellArray>());
  ExpectAsVTK(WithCellArrays(poly), "lines and a vertex (the lines count)");
}

TEST(LoomIntegrateVariables, GhostsCompositeFallbackAndEmpty)
{
  auto image = loomtest::Wavelet(3);
  AddFields(image);
  auto hexahedra = WithCellArrays(loomtest::Hexahedra(image));
  // Ghost cells are left out (duplicate and hidden cells), and their flags integrated as VTK does.
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  for (vtkIdType c = 0; c < hexahedra->GetNumberOfCells(); ++c)
    ghosts->InsertNextValue(c % 4 == 0 ? vtkDataSetAttributes::DUPLICATECELL : c % 7 == 0 ? vtkDataSetAttributes::HIDDENCELL : 0);
  hexahedra->GetCellData()->AddArray(ghosts);
  ExpectAsVTK(hexahedra, "hexahedra with ghost cells");
  auto imageCells = WithCellArrays(image);
  imageCells->GetCellData()->AddArray(ghosts);
  ExpectAsVTK(imageCells, "image with ghost cells");

  // Composite data: the arrays every block with points has, over all blocks (an empty block and a block
  // of lower dimension among them).
  vtkNew<vtkMultiBlockDataSet> blocks;
  auto second = WithCellArrays(loomtest::Append(loomtest::Twisted(loomtest::Wavelet(2))));
  AddFields(second);
  second->GetPointData()->RemoveArray("ids");
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 157.0);
  contour->Update();
  blocks->SetNumberOfBlocks(4);
  blocks->SetBlock(0, hexahedra);
  blocks->SetBlock(1, vtkNew<vtkUnstructuredGrid>());
  blocks->SetBlock(2, second);
  blocks->SetBlock(3, contour->GetOutput());
  ExpectAsVTK(blocks, "multiblock");

  // Polyhedra and quadratic cells: VTK's filter, with one info message; off, an error.
  for (bool polyhedron : { true, false })
  {
    auto grid = loomtest::UnsupportedCellGrid(polyhedron);
    vtkNew<vtkLoomIntegrateVariables> f;
    f->SetInputData(grid);
    loomtest::LogCapture log;
    ASSERT_EQ(1, f->GetExecutive()->Update());
    EXPECT_NE(std::string::npos, log.Text.find("vtkIntegrateAttributes")) << log.Text;
    vtkNew<vtkIntegrateAttributes> vtk;
    vtk->SetInputData(grid);
    vtk->Update();
    ExpectSame(grid, vtk->GetOutput(), f->GetOutput(), polyhedron ? "polyhedron" : "quadratic tetrahedron");
    f->SetFallbackToVTK(false);
    const loomtest::Outcome o = loomtest::UpdateCapturing(f);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Integrate Variables")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find("Fallback To VTK")) << o.Errors;
  }

  // Empty input: VTK's answer, one point at the origin and nothing integrated (no measure array).
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkPoints> none;
  empty->SetPoints(none);
  ExpectAsVTK(empty, "empty grid");
  ExpectAsVTK(vtkNew<vtkMultiBlockDataSet>(), "empty multiblock");
}

// The integrals add fixed blocks of cells in order: every device gives the same bits (several blocks here).
TEST(LoomIntegrateVariables, SameBitsOnEveryDevice)
{
  auto image = loomtest::Wavelet(14);
  AddFields(image);
  auto twisted = WithCellArrays(loomtest::Append(loomtest::Twisted(image)));
  ASSERT_GT(twisted->GetNumberOfCells(), 4 * 1024);
  auto run = [&](int device) {
    vtkNew<vtkLoomIntegrateVariables> loom;
    loom->SetInputData(twisted);
    loom->SetDevice(device);
    loom->Update();
    std::vector<double> values;
    for (vtkDataSetAttributes* side : { static_cast<vtkDataSetAttributes*>(loom->GetOutput()->GetPointData()),
                                        static_cast<vtkDataSetAttributes*>(loom->GetOutput()->GetCellData()) })
      for (int a = 0; a < side->GetNumberOfArrays(); ++a)
        for (int c = 0; c < side->GetArray(a)->GetNumberOfComponents(); ++c)
          values.push_back(side->GetArray(a)->GetComponent(0, c));
    return values;
  };
  const std::vector<double> serial = run(vtkLoomIntegrateVariables::DEVICE_SERIAL);
  ASSERT_GT(serial.size(), 8u);
  for (int device : loomtest::Devices())
    EXPECT_EQ(serial, run(device)) << "device " << device;
}
