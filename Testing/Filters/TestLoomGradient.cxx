// Loom filter tests: vtkLoomGradient against VTK's vtkGradientFilter (ParaView's Gradient) on the same
// inputs, Serial and TBB: the same arrays (names, types, components) within 1e-9 relative for double
// results and 1e-6 for float results, on images, rectilinear and distorted structured grids, voxels,
// hexahedra, tetrahedra, wedges and polygonal surfaces with lines and vertices; point and cell arrays,
// divergence, vorticity and Q-criterion, Faster Approximation, every contributing-cell and replacement
// option, multiblock input. Masks by ids and by array with the fill value or a kept array; the
// fallbacks to VTK (polyhedra, pyramids, the smoothed image boundary) with one info message; empty and
// bad input with errors naming the property.
#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkLoomExecution.h>
#include <vtkLoomGradient.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkGradientFilter.h>
#include <vtkIdTypeArray.h>
#include <vtkImageGradient.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPointDataToCellData.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkInformation.h>
#include <vtkSelection.h>
#include <vtkSelectionNode.h>
#include <vtkIntArray.h>
#include <vtkShortArray.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace
{
/// The wavelet with a smooth 3-component double point array "V" and both arrays as cell data too.
vtkSmartPointer<vtkImageData> Field(int half)
{
  auto image = loomtest::Wavelet(half);
  loomtest::AddVectors(image);
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(image);
  cells->PassPointDataOn();
  cells->Update();
  auto result = vtkSmartPointer<vtkImageData>::New();
  result->ShallowCopy(cells->GetOutput());
  return result;
}

/// The image's points moved smoothly: a curvilinear structured grid with the same arrays.
vtkSmartPointer<vtkStructuredGrid> Distorted(vtkImageData* image)
{
  auto grid = vtkSmartPointer<vtkStructuredGrid>::New();
  grid->SetDimensions(image->GetDimensions());
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
  {
    double x[3];
    image->GetPoint(p, x);
    points->InsertNextPoint(x[0] + 0.1 * std::sin(x[1]), x[1] + 0.1 * std::sin(x[2]), x[2] + 0.1 * std::sin(x[0]));
  }
  grid->SetPoints(points);
  grid->GetPointData()->ShallowCopy(image->GetPointData());
  grid->GetCellData()->ShallowCopy(image->GetCellData());
  return grid;
}

struct Request
{
  std::string Array = "RTData";
  int Association = vtkDataObject::FIELD_ASSOCIATION_POINTS;
  bool Derived = false; // divergence, vorticity, Q-criterion
  bool Faster = false;
  int Contributing = vtkGradientFilter::All;
  int Replacement = vtkGradientFilter::Zero;
};

template <typename Filter>
void Configure(Filter* f, vtkDataObject* input, const Request& r)
{
  f->SetInputDataObject(input);
  f->SetInputArrayToProcess(0, 0, 0, r.Association, r.Array.c_str());
  f->SetComputeDivergence(r.Derived);
  f->SetComputeVorticity(r.Derived);
  f->SetComputeQCriterion(r.Derived);
  f->SetFasterApproximation(r.Faster);
  f->SetContributingCellOption(r.Contributing);
  f->SetReplacementValueOption(r.Replacement);
}

/// Loom's output and VTK's agree on every array (point and cell data), on Serial and TBB.
void ExpectAsVTK(vtkDataObject* input, const Request& r, const std::string& what)
{
  vtkNew<vtkGradientFilter> vtk;
  Configure(vtk.Get(), input, r);
  vtk->Update();
  vtkDataSet* expected = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0));
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), input, r);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    ASSERT_EQ(1, loom->GetExecutive()->Update()) << what;
    EXPECT_EQ(std::string::npos, log.Text.find("vtkGradientFilter")) << what << ": fell back to VTK";
    loomtest::ExpectRanOn(loom, device, what);
    vtkDataSet* got = vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0));
    ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << what;
    const std::string at = what + " device " + std::to_string(device);
    for (int kind = 0; kind < 2; ++kind)
    {
      vtkDataSetAttributes* e = kind == 0 ? static_cast<vtkDataSetAttributes*>(expected->GetPointData())
                                          : static_cast<vtkDataSetAttributes*>(expected->GetCellData());
      vtkDataSetAttributes* g = kind == 0 ? static_cast<vtkDataSetAttributes*>(got->GetPointData())
                                          : static_cast<vtkDataSetAttributes*>(got->GetCellData());
      ASSERT_EQ(e->GetNumberOfArrays(), g->GetNumberOfArrays()) << at;
      for (int i = 0; i < e->GetNumberOfArrays(); ++i)
      {
        vtkDataArray* ea = e->GetArray(i);
        if (!ea)
          continue;
        vtkDataArray* ga = g->GetArray(ea->GetName());
        ASSERT_NE(nullptr, ga) << at << ": no " << ea->GetName();
        ASSERT_EQ(ea->GetDataType(), ga->GetDataType()) << at << " " << ea->GetName();
        ASSERT_EQ(ea->GetNumberOfComponents(), ga->GetNumberOfComponents()) << at << " " << ea->GetName();
        // Relative to the array's largest value: 1e-9 for double results, float rounding for float.
        const double tolerance = ea->GetDataType() == VTK_DOUBLE ? 1e-9 : 1e-6;
        double scale = 0.0;
        for (int c = 0; c < ea->GetNumberOfComponents(); ++c)
        {
          const double* range = ea->GetRange(c);
          scale = std::max({ scale, std::abs(range[0]), std::abs(range[1]) });
        }
        for (vtkIdType t = 0; t < ea->GetNumberOfTuples(); ++t)
          for (int c = 0; c < ea->GetNumberOfComponents(); ++c)
          {
            const double x = ea->GetComponent(t, c), y = ga->GetComponent(t, c);
            if (std::isnan(x))
              ASSERT_TRUE(std::isnan(y)) << at << " " << ea->GetName() << " tuple " << t;
            else
              ASSERT_LE(std::abs(x - y), tolerance * std::max(scale, 1e-300))
                << at << " " << ea->GetName() << " tuple " << t << " component " << c << ": " << y << ", VTK " << x;
          }
      }
    }
  }
}

Request Cells(const std::string& array, bool derived = false)
{
  Request r;
  r.Array = array;
  r.Association = vtkDataObject::FIELD_ASSOCIATION_CELLS;
  r.Derived = derived;
  return r;
}
Request Points(const std::string& array, bool derived = false)
{
  Request r;
  r.Array = array;
  r.Derived = derived;
  return r;
}

/// The surface of the hexahedra with a line and a vertex cell added and (`unused`) one point no cell
/// uses.
vtkSmartPointer<vtkPolyData> SurfaceWithLinesAndVertices(vtkDataSet* volume, bool unused = true)
{
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(volume);
  surface->Update();
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->DeepCopy(surface->GetOutput());
  vtkNew<vtkCellArray> lines, verts;
  const vtkIdType line[2] = { 0, 7 }, vertex[1] = { 3 };
  lines->InsertNextCell(2, line);
  verts->InsertNextCell(1, vertex);
  poly->SetLines(lines);
  poly->SetVerts(verts);
  // Every array grows by the new cells (two) and the new point (one), copies of its first tuple.
  auto grow = [](vtkDataSetAttributes* data, int count) {
    for (int i = 0; i < data->GetNumberOfArrays(); ++i)
      if (vtkDataArray* a = data->GetArray(i))
      {
        std::vector<double> first(a->GetNumberOfComponents());
        a->GetTuple(0, first.data());
        for (int k = 0; k < count; ++k)
          a->InsertNextTuple(first.data());
      }
  };
  grow(poly->GetCellData(), 2);
  if (!unused)
    return poly;
  const double far[3] = { 100, 100, 100 };
  poly->GetPoints()->InsertNextPoint(far);
  grow(poly->GetPointData(), 1);
  return poly;
}
} // namespace

TEST(LoomGradient, ImagesAsVTK)
{
  auto image = Field(8);
  ExpectAsVTK(image, Points("RTData"), "image point RTData");
  ExpectAsVTK(image, Points("V", true), "image point V with derived fields");
  ExpectAsVTK(image, Cells("RTData"), "image cell RTData");
  ExpectAsVTK(image, Cells("V", true), "image cell V");
  // A flat image (one slice): the flat direction's derivative is zero, as VTK.
  auto flat = loomtest::Wavelet(8);
  flat->SetExtent(-8, 7, -8, 7, 0, 0);
  flat->GetPointData()->GetScalars()->SetNumberOfTuples(16 * 16);
  ExpectAsVTK(flat, Points("RTData"), "flat image");
  // A rotated and stretched image: the general Jacobian.
  auto turned = Field(6);
  turned->SetSpacing(0.5, 1.5, 2.0);
  turned->SetDirectionMatrix(0, -1, 0, 1, 0, 0, 0, 0, 1);
  ExpectAsVTK(turned, Points("V", true), "rotated image");
}

TEST(LoomGradient, GridsAsVTK)
{
  auto image = Field(7);
  vtkNew<vtkRectilinearGrid> rectilinear;
  const int* dims = image->GetDimensions();
  rectilinear->SetDimensions(dims[0], dims[1], dims[2]);
  vtkNew<vtkDoubleArray> x, y, z;
  for (int i = 0; i < dims[0]; ++i)
  {
    x->InsertNextValue(std::pow(1.0 + i, 1.3));
    y->InsertNextValue(0.5 * i);
    z->InsertNextValue(i * i * 0.1 - 3.0);
  }
  rectilinear->SetXCoordinates(x);
  rectilinear->SetYCoordinates(y);
  rectilinear->SetZCoordinates(z);
  rectilinear->GetPointData()->ShallowCopy(image->GetPointData());
  rectilinear->GetCellData()->ShallowCopy(image->GetCellData());
  ExpectAsVTK(rectilinear, Points("V", true), "rectilinear point V");
  ExpectAsVTK(rectilinear, Cells("RTData"), "rectilinear cell RTData");
  auto curvilinear = Distorted(image);
  ExpectAsVTK(curvilinear, Points("V", true), "structured point V");
  ExpectAsVTK(curvilinear, Cells("V"), "structured cell V");
}

TEST(LoomGradient, CellsAsVTK)
{
  auto image = Field(6);
  auto hexahedra = loomtest::Hexahedra(image);
  ExpectAsVTK(hexahedra, Points("V", true), "hexahedra point V");
  ExpectAsVTK(hexahedra, Points("RTData"), "hexahedra point RTData");
  ExpectAsVTK(hexahedra, Cells("RTData"), "hexahedra cell RTData");
  Request faster = Points("V", true);
  faster.Faster = true;
  ExpectAsVTK(hexahedra, faster, "hexahedra faster approximation");
  ExpectAsVTK(loomtest::Append(image), Points("V", true), "voxels point V");
  ExpectAsVTK(loomtest::Append(Distorted(image)), Points("V", true), "distorted hexahedra point V");
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(hexahedra);
  tets->Update();
  ExpectAsVTK(tets->GetOutput(), Points("V", true), "tetrahedra point V");
  ExpectAsVTK(tets->GetOutput(), Cells("V", true), "tetrahedra cell V");
  auto wedges = loomtest::Read("wedge_cells.vtk");
  ExpectAsVTK(wedges, Points(wedges->GetPointData()->GetArray(0)->GetName()), "wedges");
  auto voxels = loomtest::Read("voxel_cells.vtk");
  ExpectAsVTK(voxels, Points(voxels->GetPointData()->GetArray(0)->GetName()), "voxel file");
}

TEST(LoomGradient, SurfacesAndOptionsAsVTK)
{
  // VTK 9.2's filter aborts on polygonal data that mixes vertices or lines with polygons (its static
  // cell links), so the options are compared on the same cells as an unstructured grid.
  auto poly = SurfaceWithLinesAndVertices(loomtest::Hexahedra(Field(5)));
  auto mixed = loomtest::Append(poly);
  // With Faster Approximation VTK leaves a point no cell uses uninitialised (vtkCellDataToPointData
  // does not write it; Loom writes 0): that run leaves the unused point out.
  auto allUsed = loomtest::Append(SurfaceWithLinesAndVertices(loomtest::Hexahedra(Field(5)), false));
  for (int contributing : { vtkGradientFilter::All, vtkGradientFilter::Patch, vtkGradientFilter::DataSetMax })
    for (int replacement : { vtkGradientFilter::Zero, vtkGradientFilter::NaN, vtkGradientFilter::DataTypeMin,
                             vtkGradientFilter::DataTypeMax })
    {
      Request r = Points("V", true);
      r.Contributing = contributing;
      r.Replacement = replacement;
      ExpectAsVTK(mixed, r, "quads, a line, a vertex and an unused point, contributing " +
                    std::to_string(contributing) + ", replacement " + std::to_string(replacement));
      r.Faster = true;
      ExpectAsVTK(allUsed, r, "the same, faster approximation, contributing " + std::to_string(contributing));
    }
  ExpectAsVTK(mixed, Cells("RTData"), "mixed cells, cell RTData");
  // Loom takes the polygonal data itself: the same gradients as VTK on the unstructured grid
  // (DataSetMax: polygonal data's highest dimension is the polygons', as for the grid).
  for (int contributing : { vtkGradientFilter::All, vtkGradientFilter::DataSetMax })
  {
    Request r = Points("V", true);
    r.Contributing = contributing;
    vtkNew<vtkGradientFilter> vtk;
    Configure(vtk.Get(), mixed, r);
    vtk->Update();
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), poly, r);
    loom->Update();
    loomtest::ExpectSameArrays(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0))->GetPointData(),
                               loom->GetOutput()->GetPointData(), "polygonal data with lines and vertices", 1e-9);
  }
  // Polygonal data VTK does take: quads, and the same as triangles, with an unused point.
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(loomtest::Hexahedra(Field(5)));
  surface->Update();
  auto quads = vtkSmartPointer<vtkPolyData>::New();
  quads->DeepCopy(surface->GetOutput());
  const double far[3] = { 100, 100, 100 };
  quads->GetPoints()->InsertNextPoint(far);
  for (int i = 0; i < quads->GetPointData()->GetNumberOfArrays(); ++i)
    if (vtkDataArray* a = quads->GetPointData()->GetArray(i))
    {
      std::vector<double> first(a->GetNumberOfComponents());
      a->GetTuple(0, first.data());
      a->InsertNextTuple(first.data());
    }
  Request nan = Points("V", true);
  nan.Replacement = vtkGradientFilter::NaN;
  ExpectAsVTK(quads, nan, "surface quads with an unused point");
  ExpectAsVTK(quads, Cells("RTData"), "surface quads, cell RTData");
  vtkNew<vtkDataSetTriangleFilter> triangles;
  triangles->SetInputData(quads);
  triangles->Update();
  ExpectAsVTK(triangles->GetOutput(), Points("RTData"), "triangulated surface");
}

TEST(LoomGradient, MultiblockAsVTK)
{
  auto image = Field(5);
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetBlock(0, image);
  blocks->SetBlock(1, loomtest::Hexahedra(image));
  blocks->SetBlock(2, nullptr);
  vtkNew<vtkLoomGradient> loom;
  Configure(loom.Get(), blocks, Points("V", true));
  vtkNew<vtkGradientFilter> vtk;
  Configure(vtk.Get(), blocks, Points("V", true));
  loom->Update();
  vtk->Update();
  auto* got = vtkMultiBlockDataSet::SafeDownCast(loom->GetOutputDataObject(0));
  auto* expected = vtkMultiBlockDataSet::SafeDownCast(vtk->GetOutputDataObject(0));
  ASSERT_NE(nullptr, got);
  for (unsigned b = 0; b < 2; ++b)
    loomtest::ExpectSameArrays(vtkDataSet::SafeDownCast(expected->GetBlock(b))->GetPointData(),
                               vtkDataSet::SafeDownCast(got->GetBlock(b))->GetPointData(),
                               "block " + std::to_string(b), 1e-9);
}

namespace
{
/// Integer copies of RTData and V on the points and cells: "RTInt" (int, RTData x 10) and "VShort" (short,
/// V x 100), rounded.
void AddIntegerArrays(vtkDataSet* data)
{
  for (vtkDataSetAttributes* attributes :
       { static_cast<vtkDataSetAttributes*>(data->GetPointData()), static_cast<vtkDataSetAttributes*>(data->GetCellData()) })
  {
    vtkDataArray* rt = attributes->GetArray("RTData");
    vtkDataArray* v = attributes->GetArray("V");
    vtkNew<vtkIntArray> i;
    i->SetName("RTInt");
    i->SetNumberOfTuples(rt->GetNumberOfTuples());
    vtkNew<vtkShortArray> s;
    s->SetName("VShort");
    s->SetNumberOfComponents(3);
    s->SetNumberOfTuples(v->GetNumberOfTuples());
    for (vtkIdType t = 0; t < rt->GetNumberOfTuples(); ++t)
    {
      i->SetValue(t, static_cast<int>(std::lround(10.0 * rt->GetComponent(t, 0))));
      for (int c = 0; c < 3; ++c)
        s->SetTypedComponent(t, c, static_cast<short>(std::lround(100.0 * v->GetComponent(t, c))));
    }
    attributes->AddArray(i);
    attributes->AddArray(s);
  }
}
} // namespace

// Integer fields are differentiated in double and stored as float, as VTK stores them (Loom computes
// them with its float64 worklets and rounds the results once): the same types and values, the
// replacement values of float, and the values a mask keeps unchanged.
TEST(LoomGradient, IntegerArraysAsVTK)
{
  auto image = Field(6);
  AddIntegerArrays(image);
  ExpectAsVTK(image, Points("RTInt"), "image point int");
  ExpectAsVTK(image, Points("VShort", true), "image point short vectors with derived fields");
  ExpectAsVTK(image, Cells("RTInt"), "image cell int");
  auto hexahedra = loomtest::Hexahedra(image);
  ExpectAsVTK(hexahedra, Points("VShort", true), "hexahedra point short vectors");
  ExpectAsVTK(hexahedra, Cells("RTInt"), "hexahedra cell int");
  auto mixed = loomtest::Append(SurfaceWithLinesAndVertices(hexahedra));
  for (int replacement : { vtkGradientFilter::DataTypeMin, vtkGradientFilter::DataTypeMax })
  {
    Request r = Points("RTInt");
    r.Contributing = vtkGradientFilter::Patch;
    r.Replacement = replacement;
    ExpectAsVTK(mixed, r, "mixed cells, int, replacement " + std::to_string(replacement));
  }
  // Masked: the kept float values come back bit for bit, the selected cells hold VTK's gradients.
  vtkNew<vtkIntArray> flags;
  flags->SetName("Selected");
  vtkNew<vtkFloatArray> old;
  old->SetName("Old");
  old->SetNumberOfComponents(3);
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
  {
    flags->InsertNextValue(c % 3 == 0);
    const float three[3] = { 0.1f * static_cast<float>(c), 1e30f, -3.3f };
    old->InsertNextTypedTuple(three);
  }
  image->GetCellData()->AddArray(flags);
  image->GetCellData()->AddArray(old);
  vtkNew<vtkGradientFilter> vtk;
  Configure(vtk.Get(), image, Cells("RTInt"));
  vtk->Update();
  vtkDataArray* full = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0))->GetCellData()->GetArray("Gradients");
  vtkNew<vtkLoomGradient> loom;
  Configure(loom.Get(), image, Cells("RTInt"));
  loom->SetMaskArrayName("Selected");
  loom->SetKeepArrayName("Old");
  loom->Update();
  vtkDataArray* g = loom->GetOutput()->GetCellData()->GetArray("Gradients");
  ASSERT_EQ(VTK_FLOAT, g->GetDataType());
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
    for (int k = 0; k < 3; ++k)
      ASSERT_EQ(c % 3 == 0 ? full->GetComponent(c, k) : old->GetComponent(c, k), g->GetComponent(c, k))
        << "cell " << c << " component " << k;
}

TEST(LoomGradient, Masks)
{
  auto image = Field(6);
  vtkNew<vtkGradientFilter> vtk;
  Configure(vtk.Get(), image, Points("V", true));
  vtk->Update();
  vtkDataArray* full = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0))->GetPointData()->GetArray("Gradients");
  vtkDataArray* fullQ = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0))->GetPointData()->GetArray("Q-criterion");
  const vtkIdType n = image->GetNumberOfPoints();
  // Ids: every 37th point, on both devices; others NaN.
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), image, Points("V", true));
    loom->SetDevice(device);
    for (vtkIdType p = 0; p < n; p += 37)
      loom->AddMaskId(p);
    loom->Update();
    loomtest::ExpectRanOn(loom, device, "masked gradient");
    vtkDataArray* g = loom->GetOutput()->GetPointData()->GetArray("Gradients");
    vtkDataArray* q = loom->GetOutput()->GetPointData()->GetArray("Q-criterion");
    for (vtkIdType p = 0; p < n; ++p)
    {
      if (p % 37 == 0)
      {
        for (int c = 0; c < 9; ++c)
          ASSERT_NEAR(full->GetComponent(p, c), g->GetComponent(p, c), 1e-12) << "point " << p;
        ASSERT_NEAR(fullQ->GetComponent(p, 0), q->GetComponent(p, 0), 1e-12) << "point " << p;
      }
      else
      {
        ASSERT_TRUE(std::isnan(g->GetComponent(p, 4))) << "unselected point " << p;
        ASSERT_TRUE(std::isnan(q->GetComponent(p, 0))) << "unselected point " << p;
      }
    }
  }
  // A mask array on the cells of a cell array, a kept array for the gradient, a fill value for the
  // rest.
  vtkNew<vtkIntArray> flags;
  flags->SetName("Selected");
  vtkNew<vtkDoubleArray> old;
  old->SetName("Old");
  old->SetNumberOfComponents(9);
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
  {
    flags->InsertNextValue(c % 5 == 1);
    double nine[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    old->InsertNextTuple(nine);
  }
  image->GetCellData()->AddArray(flags);
  image->GetCellData()->AddArray(old);
  vtkNew<vtkGradientFilter> cellVTK;
  Configure(cellVTK.Get(), image, Cells("V", true));
  cellVTK->Update();
  vtkDataArray* cellFull = vtkDataSet::SafeDownCast(cellVTK->GetOutputDataObject(0))->GetCellData()->GetArray("Gradients");
  vtkNew<vtkLoomGradient> loom;
  Configure(loom.Get(), image, Cells("V", true));
  loom->SetMaskArrayName("Selected");
  loom->SetKeepArrayName("Old");
  loom->FillWithNaNOff();
  loom->SetFillValue(-7.0);
  loom->Update();
  vtkDataArray* g = loom->GetOutput()->GetCellData()->GetArray("Gradients");
  vtkDataArray* d = loom->GetOutput()->GetCellData()->GetArray("Divergence");
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
    for (int k = 0; k < 9; ++k)
      ASSERT_NEAR(c % 5 == 1 ? cellFull->GetComponent(c, k) : k + 1.0, g->GetComponent(c, k), 1e-12) << "cell " << c;
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
    if (c % 5 != 1)
      ASSERT_EQ(-7.0, d->GetComponent(c, 0)) << "cell " << c;
  // Unstructured, masked point gradients equal the unmasked ones where selected.
  auto hexahedra = loomtest::Hexahedra(image);
  vtkNew<vtkLoomGradient> all, some;
  Configure(all.Get(), hexahedra, Points("V"));
  Configure(some.Get(), hexahedra, Points("V"));
  for (vtkIdType p = 5; p < n; p += 101)
    some->AddMaskId(p);
  all->Update();
  some->Update();
  vtkDataArray* a = all->GetOutput()->GetPointData()->GetArray("Gradients");
  vtkDataArray* s = some->GetOutput()->GetPointData()->GetArray("Gradients");
  for (vtkIdType p = 5; p < n; p += 101)
    for (int k = 0; k < 9; ++k)
      ASSERT_EQ(a->GetComponent(p, k), s->GetComponent(p, k)) << "hexahedra point " << p;
  EXPECT_TRUE(std::isnan(s->GetComponent(0, 0)));
}

namespace
{
vtkSmartPointer<vtkSelection> Select(int field, int content, vtkAbstractArray* list, bool inverse = false)
{
  auto selection = vtkSmartPointer<vtkSelection>::New();
  vtkNew<vtkSelectionNode> node;
  node->SetFieldType(field);
  node->SetContentType(content);
  node->SetSelectionList(list);
  if (inverse)
    node->GetProperties()->Set(vtkSelectionNode::INVERSE(), 1);
  selection->AddNode(node);
  return selection;
}

/// The gradient array of a Loom Gradient of "V" on `input` masked by `selection`.
vtkSmartPointer<vtkDataArray> SelectedGradient(vtkDataSet* input, vtkSelection* selection, bool onPoints)
{
  vtkNew<vtkLoomGradient> loom;
  Configure(loom.Get(), input, onPoints ? Points("V") : Cells("V"));
  loom->SetSelectionData(selection);
  loom->Update();
  vtkDataSet* out = loom->GetOutput();
  return onPoints ? out->GetPointData()->GetArray("Gradients") : out->GetCellData()->GetArray("Gradients");
}

/// Exactly `expected` elements hold the unmasked values; the others are NaN.
void ExpectSelected(vtkDataArray* full, vtkDataArray* masked, const std::vector<bool>& expected, const std::string& what)
{
  ASSERT_NE(nullptr, masked) << what;
  for (vtkIdType e = 0; e < full->GetNumberOfTuples(); ++e)
    if (expected[static_cast<std::size_t>(e)])
      ASSERT_EQ(full->GetComponent(e, 0), masked->GetComponent(e, 0)) << what << " element " << e;
    else
      ASSERT_TRUE(std::isnan(masked->GetComponent(e, 0))) << what << " unselected element " << e;
}
} // namespace

TEST(LoomGradient, SelectionAsMask)
{
  auto image = Field(5);
  auto hexahedra = loomtest::Hexahedra(image);
  for (vtkDataSet* input : { static_cast<vtkDataSet*>(image), static_cast<vtkDataSet*>(hexahedra) })
  {
    const std::string kind = input->GetClassName();
    vtkNew<vtkLoomGradient> all;
    Configure(all.Get(), input, Points("V"));
    all->Update();
    vtkDataArray* full = all->GetOutput()->GetPointData()->GetArray("Gradients");
    const vtkIdType n = input->GetNumberOfPoints();
    // Point ids (the fast path), with an id past the points ignored as VTK's selectors ignore it.
    vtkNew<vtkIdTypeArray> ids;
    std::vector<bool> expected(static_cast<std::size_t>(n), false);
    for (vtkIdType p = 1; p < n; p += 17)
    {
      ids->InsertNextValue(p);
      expected[static_cast<std::size_t>(p)] = true;
    }
    ids->InsertNextValue(n + 3);
    ExpectSelected(full, SelectedGradient(input, Select(vtkSelectionNode::POINT, vtkSelectionNode::INDICES, ids), true),
                   expected, kind + " point ids");
    // Inverted: through vtkExtractSelection.
    std::vector<bool> inverted(expected.size());
    for (std::size_t p = 0; p < expected.size(); ++p)
      inverted[p] = !expected[p];
    ExpectSelected(full,
                   SelectedGradient(input, Select(vtkSelectionNode::POINT, vtkSelectionNode::INDICES, ids, true), true),
                   inverted, kind + " inverted point ids");
    // Cell ids mask a point output by the cells' points.
    vtkNew<vtkIdTypeArray> cellIds;
    std::vector<bool> ofCells(static_cast<std::size_t>(n), false);
    vtkNew<vtkIdList> members;
    for (vtkIdType c : { vtkIdType(0), vtkIdType(7), input->GetNumberOfCells() - 1 })
    {
      cellIds->InsertNextValue(c);
      input->GetCellPoints(c, members);
      for (vtkIdType p : *members)
        ofCells[static_cast<std::size_t>(p)] = true;
    }
    ExpectSelected(full, SelectedGradient(input, Select(vtkSelectionNode::CELL, vtkSelectionNode::INDICES, cellIds), true),
                   ofCells, kind + " cell ids on points");
    // A threshold on RTData (the general path): the points whose value is in range.
    vtkNew<vtkDoubleArray> range;
    range->SetName("RTData");
    range->SetNumberOfComponents(2);
    range->InsertNextTuple2(150.0, 200.0);
    std::vector<bool> inRange(static_cast<std::size_t>(n));
    vtkDataArray* rt = input->GetPointData()->GetArray("RTData");
    for (vtkIdType p = 0; p < n; ++p)
      inRange[static_cast<std::size_t>(p)] = rt->GetComponent(p, 0) >= 150.0 && rt->GetComponent(p, 0) <= 200.0;
    ExpectSelected(full, SelectedGradient(input, Select(vtkSelectionNode::POINT, vtkSelectionNode::THRESHOLDS, range), true),
                   inRange, kind + " threshold");
    // Point ids mask a cell output by the cells using any of them.
    vtkNew<vtkLoomGradient> allCells;
    Configure(allCells.Get(), input, Cells("V"));
    allCells->Update();
    std::vector<bool> usingPoint(static_cast<std::size_t>(input->GetNumberOfCells()), false);
    vtkNew<vtkIdTypeArray> one;
    one->InsertNextValue(n / 2);
    input->GetPointCells(n / 2, members);
    for (vtkIdType c : *members)
      usingPoint[static_cast<std::size_t>(c)] = true;
    ExpectSelected(allCells->GetOutput()->GetCellData()->GetArray("Gradients"),
                   SelectedGradient(input, Select(vtkSelectionNode::POINT, vtkSelectionNode::INDICES, one), false),
                   usingPoint, kind + " point id on cells");
    // Mask ids take precedence over the selection.
    vtkNew<vtkLoomGradient> both;
    Configure(both.Get(), input, Points("V"));
    both->SetSelectionData(Select(vtkSelectionNode::POINT, vtkSelectionNode::INDICES, ids));
    both->AddMaskId(0);
    both->Update();
    std::vector<bool> zero(static_cast<std::size_t>(n), false);
    zero[0] = true;
    ExpectSelected(full, both->GetOutput()->GetPointData()->GetArray("Gradients"), zero, kind + " ids over selection");
  }
}

TEST(LoomGradient, FallbacksToVTK)
{
  for (bool polyhedron : { true, false })
  {
    auto grid = loomtest::UnsupportedCellGrid(polyhedron);
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), grid, Points("S"));
    loomtest::LogCapture log;
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    ASSERT_EQ(1, o.Status) << o.Errors;
    EXPECT_NE(std::string::npos, log.Text.find("Loom Gradient")) << log.Text;
    EXPECT_NE(std::string::npos, log.Text.find("vtkGradientFilter")) << log.Text;
    vtkNew<vtkGradientFilter> vtk;
    Configure(vtk.Get(), grid, Points("S"));
    vtk->Update();
    loomtest::ExpectSameArrays(vtk->GetOutput()->GetPointData(), loom->GetOutput()->GetPointData(), "fallback", 0);
  }
  {
    // Pyramids and strips (the bundled file): the family does not differentiate them.
    auto mixed = loomtest::Read("simple_unstructured_bin.vtk");
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), mixed, Points(mixed->GetPointData()->GetArray(0)->GetName()));
    loomtest::LogCapture log;
    loom->Update();
    EXPECT_NE(std::string::npos, log.Text.find("pyramid")) << log.Text;
  }
  // ParaView's smoothed boundary on images is vtkImageGradient's.
  auto image = Field(5);
  vtkNew<vtkLoomGradient> loom;
  Configure(loom.Get(), image, Points("RTData"));
  loom->SetBoundaryMethod(vtkLoomGradient::SMOOTHED);
  loomtest::LogCapture log;
  loom->Update();
  EXPECT_NE(std::string::npos, log.Text.find("vtkImageGradient")) << log.Text;
  vtkNew<vtkImageGradient> reference;
  reference->SetInputData(image);
  reference->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  reference->SetDimensionality(3);
  reference->Update();
  loomtest::ExpectSameArrays(reference->GetOutput()->GetPointData(), loom->GetOutput()->GetPointData(), "smoothed", 0);
}

TEST(LoomGradient, EmptyAndBadInput)
{
  // Empty in, empty out, no message; points without cells pass with VTK's warning.
  {
    vtkNew<vtkUnstructuredGrid> empty;
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), empty, Points("RTData"));
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(1, o.Status);
    EXPECT_TRUE(o.Errors.empty() && o.Warnings.empty()) << o.Errors << o.Warnings;
    EXPECT_EQ(0, vtkDataSet::SafeDownCast(o.Output)->GetNumberOfPoints());
  }
  auto image = Field(4);
  const vtkMTimeType before = image->GetMTime();
  const int arrays = image->GetPointData()->GetNumberOfArrays();
  auto expectError = [&](vtkLoomGradient* loom, const std::string& words, const std::string& what) {
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, o.Status) << what;
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Gradient")) << what << ": " << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find(words)) << what << ": " << o.Errors;
    EXPECT_EQ(0, vtkDataSet::SafeDownCast(o.Output)->GetNumberOfPoints()) << what;
  };
  {
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), image, Points("Missing"));
    expectError(loom, "Scalar Array", "a missing array");
  }
  {
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), image, Points("RTData"));
    loom->AddMaskId(3);
    loom->AddMaskId(image->GetNumberOfPoints());
    expectError(loom, "Mask Ids", "a mask id past the points");
  }
  {
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), image, Points("RTData"));
    loom->SetMaskArrayName("V");
    expectError(loom, "Mask Array 'V'", "a 3-component mask");
    loom->SetMaskArrayName("Nowhere");
    expectError(loom, "Mask Array 'Nowhere'", "a missing mask array");
  }
  {
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), image, Points("RTData"));
    loom->AddMaskId(0);
    loom->SetKeepArrayName("V"); // 3 components where the gradient has 3: kind differs (double, float)
    expectError(loom, "kept", "a kept array of the wrong kind");
  }
  {
    vtkNew<vtkDoubleArray> wide;
    wide->SetName("Wide");
    wide->SetNumberOfComponents(17);
    wide->SetNumberOfTuples(image->GetNumberOfPoints());
    wide->Fill(1.0);
    auto copy = vtkSmartPointer<vtkImageData>::New();
    copy->ShallowCopy(image);
    copy->GetPointData()->AddArray(wide);
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), copy, Points("Wide"));
    loom->FallbackToVTKOff(); // on, vtkGradientFilter differentiates it (Filters.BadInput, "9 components")
    expectError(loom, "51 components", "17 components");
  }
  {
    // Divergence of a scalar: VTK's warning, the derived fields skipped, the gradient computed.
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), image, Points("RTData", true));
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(1, o.Status);
    EXPECT_NE(std::string::npos, o.Warnings.find("3-component")) << o.Warnings;
    auto* out = vtkDataSet::SafeDownCast(o.Output);
    EXPECT_NE(nullptr, out->GetPointData()->GetArray("Gradients"));
    EXPECT_EQ(nullptr, out->GetPointData()->GetArray("Vorticity"));
  }
  {
    // A string array passes through.
    auto copy = vtkSmartPointer<vtkImageData>::New();
    copy->ShallowCopy(image);
    vtkNew<vtkStringArray> names;
    names->SetName("Names");
    names->SetNumberOfValues(copy->GetNumberOfPoints());
    copy->GetPointData()->AddArray(names);
    vtkNew<vtkLoomGradient> loom;
    Configure(loom.Get(), copy, Points("RTData"));
    loom->Update();
    EXPECT_NE(nullptr, loom->GetOutput()->GetPointData()->GetAbstractArray("Names"));
  }
  EXPECT_EQ(before, image->GetMTime());
  EXPECT_EQ(arrays, image->GetPointData()->GetNumberOfArrays());
}

// A selection on a multiblock input names its blocks by flat index (COMPOSITE_INDEX, as ParaView's
// selections on composite data do): each block is masked by its own nodes only, ids read directly and
// other kinds (thresholds) marked by vtkExtractSelection on the whole input.
TEST(LoomGradient, SelectionOnBlocks)
{
  auto first = Field(4);
  auto second = loomtest::Hexahedra(Field(4));
  vtkNew<vtkMultiBlockDataSet> blocks; // flat indices: 0 the multiblock, 1 and 2 its blocks
  blocks->SetBlock(0, first);
  blocks->SetBlock(1, second);
  vtkNew<vtkLoomGradient> all;
  Configure(all.Get(), blocks, Points("V"));
  all->Update();
  auto* allOut = vtkMultiBlockDataSet::SafeDownCast(all->GetOutputDataObject(0));
  ASSERT_NE(nullptr, allOut);

  auto selection = vtkSmartPointer<vtkSelection>::New();
  // Point ids 0..9 of block 2 only.
  vtkNew<vtkIdTypeArray> ids;
  for (vtkIdType p = 0; p < 10; ++p)
    ids->InsertNextValue(p);
  vtkNew<vtkSelectionNode> idNode;
  idNode->SetFieldType(vtkSelectionNode::POINT);
  idNode->SetContentType(vtkSelectionNode::INDICES);
  idNode->SetSelectionList(ids);
  idNode->GetProperties()->Set(vtkSelectionNode::COMPOSITE_INDEX(), 2);
  selection->AddNode(idNode);
  // RTData in [150, 200] in block 1 only.
  vtkNew<vtkDoubleArray> range;
  range->SetName("RTData");
  range->SetNumberOfComponents(2);
  range->InsertNextTuple2(150.0, 200.0);
  vtkNew<vtkSelectionNode> thresholdNode;
  thresholdNode->SetFieldType(vtkSelectionNode::POINT);
  thresholdNode->SetContentType(vtkSelectionNode::THRESHOLDS);
  thresholdNode->SetSelectionList(range);
  thresholdNode->GetProperties()->Set(vtkSelectionNode::COMPOSITE_INDEX(), 1);
  selection->AddNode(thresholdNode);

  vtkNew<vtkLoomGradient> some;
  Configure(some.Get(), blocks, Points("V"));
  some->SetSelectionData(selection);
  some->Update();
  auto* someOut = vtkMultiBlockDataSet::SafeDownCast(some->GetOutputDataObject(0));
  ASSERT_NE(nullptr, someOut);
  for (unsigned int b = 0; b < 2; ++b)
  {
    auto* in = vtkDataSet::SafeDownCast(blocks->GetBlock(b));
    const vtkIdType n = in->GetNumberOfPoints();
    std::vector<bool> expected(static_cast<std::size_t>(n), false);
    vtkDataArray* rt = in->GetPointData()->GetArray("RTData");
    for (vtkIdType p = 0; p < n; ++p)
      expected[static_cast<std::size_t>(p)] =
        b == 0 ? rt->GetComponent(p, 0) >= 150.0 && rt->GetComponent(p, 0) <= 200.0 : p < 10;
    ASSERT_GT(std::count(expected.begin(), expected.end(), true), 0);
    ExpectSelected(vtkDataSet::SafeDownCast(allOut->GetBlock(b))->GetPointData()->GetArray("Gradients"),
                   vtkDataSet::SafeDownCast(someOut->GetBlock(b))->GetPointData()->GetArray("Gradients"), expected,
                   "block " + std::to_string(b + 1));
  }
  vtkLoomExecution* record = vtkLoomExecution::GetLast(some);
  ASSERT_NE(nullptr, record);
  EXPECT_TRUE(record->GetMasked());
}
