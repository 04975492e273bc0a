// Loom Resample To Image against VTK's vtkResampleToImage (ParaView's Resample To Image), Serial and TBB,
// point for point: the geometry, the valid-point mask, every array's type and values (1e-6 relative) and
// the ghost flags, on every dataset type; the locator reused while the input is unchanged; fallbacks and
// bad input. Resample With Dataset re-executed on an unchanged source (the cells' visit of the points, then
// the bins) against vtkResampleWithDataSet.
#include "LoomSamplingTesting.h"

#include <vtkLoomResampleToImage.h>
#include <vtkLoomResampleWithDataset.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCharArray.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkGenericCell.h>
#include <vtkImageData.h>
#include <vtkImageDataToPointSet.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkPolyData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkResampleToImage.h>
#include <vtkResampleWithDataSet.h>
#include <vtkShortArray.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

namespace
{
struct Sampling
{
  int Dims[3] = { 17, 13, 11 };
  bool InputBounds = true;
  double Bounds[6] = { 0, 1, 0, 1, 0, 1 };
};

/// The wavelet with a double cell array "C" (its RTData averaged to cells), an int16 two-component point
/// array "Pair", and a float cell array "rank" sharing nothing with the point arrays.
vtkSmartPointer<vtkImageData> Source(int half)
{
  vtkSmartPointer<vtkImageData> image = loomtest::WaveletWithCells(half);
  vtkNew<vtkShortArray> pair;
  pair->SetName("Pair");
  pair->SetNumberOfComponents(2);
  pair->SetNumberOfTuples(image->GetNumberOfPoints());
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
  {
    pair->SetTypedComponent(p, 0, static_cast<short>(rt->GetComponent(p, 0)));
    pair->SetTypedComponent(p, 1, static_cast<short>(p % 1000 - 500));
  }
  image->GetPointData()->AddArray(pair);
  vtkNew<vtkFloatArray> rank;
  rank->SetName("rank");
  rank->SetNumberOfTuples(image->GetNumberOfCells());
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
    rank->SetValue(c, static_cast<float>(c));
  image->GetCellData()->AddArray(rank);
  return image;
}

vtkSmartPointer<vtkRectilinearGrid> Rectilinear(vtkImageData* image)
{
  return loomtest::Rectilinear(image, [image](int a, int i) { // uneven steps
    return image->GetOrigin()[a] + image->GetSpacing()[a] * (i + 0.3 * std::sin(0.7 * i));
  });
}

/// The image as a structured grid whose inner points are moved a little (curved hexahedra).
vtkSmartPointer<vtkStructuredGrid> Structured(vtkImageData* image)
{
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(image);
  toPoints->Update();
  auto grid = vtkSmartPointer<vtkStructuredGrid>::New();
  grid->DeepCopy(toPoints->GetOutput());
  vtkPoints* points = grid->GetPoints();
  for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p)
  {
    double x[3];
    points->GetPoint(p, x);
    points->SetPoint(p, x[0] + 0.2 * std::sin(x[1]), x[1] + 0.2 * std::cos(x[2]), x[2] + 0.1 * std::sin(x[0]));
  }
  return grid;
}

using loomtest::Tetrahedra;

/// Jittered tetrahedra with a noisy point field "noise": values that change sign within cells.
vtkSmartPointer<vtkUnstructuredGrid> NoisyTetrahedra()
{
  vtkSmartPointer<vtkUnstructuredGrid> tets = Tetrahedra(loomtest::Hexahedra(Source(6)));
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> jitter(-0.25, 0.25), noise(-1.0, 1.0);
  vtkNew<vtkPoints> moved;
  moved->DeepCopy(tets->GetPoints());
  for (vtkIdType p = 0; p < moved->GetNumberOfPoints(); ++p)
  {
    double x[3];
    moved->GetPoint(p, x);
    if (std::abs(x[0]) < 5.5 && std::abs(x[1]) < 5.5 && std::abs(x[2]) < 5.5)
      moved->SetPoint(p, x[0] + jitter(rng), x[1] + jitter(rng), x[2] + jitter(rng));
  }
  tets->SetPoints(moved);
  vtkNew<vtkDoubleArray> field;
  field->SetName("noise");
  for (vtkIdType p = 0; p < tets->GetNumberOfPoints(); ++p)
    field->InsertNextValue(noise(rng));
  tets->GetPointData()->AddArray(field);
  return tets;
}

template <typename Filter>
void Configure(Filter* f, const Sampling& s)
{
  f->SetSamplingDimensions(s.Dims[0], s.Dims[1], s.Dims[2]);
  f->SetUseInputBounds(s.InputBounds);
  f->SetSamplingBounds(s.Bounds[0], s.Bounds[1], s.Bounds[2], s.Bounds[3], s.Bounds[4], s.Bounds[5]);
}

/// The arrays of `got` (point or cell data) equal `expected`'s: names in order, types, components, values.
void ExpectArrays(vtkDataSetAttributes* expected, vtkDataSetAttributes* got, const std::string& at)
{
  ASSERT_EQ(expected->GetNumberOfArrays(), got->GetNumberOfArrays()) << at;
  for (int a = 0; a < expected->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* e = expected->GetArray(a);
    vtkDataArray* g = got->GetArray(a);
    ASSERT_NE(nullptr, g) << at;
    ASSERT_STREQ(e->GetName(), g->GetName()) << at << " array " << a;
    ASSERT_EQ(e->GetDataType(), g->GetDataType()) << at << " " << e->GetName();
    ASSERT_EQ(e->GetNumberOfComponents(), g->GetNumberOfComponents()) << at << " " << e->GetName();
    ASSERT_EQ(e->GetNumberOfTuples(), g->GetNumberOfTuples()) << at << " " << e->GetName();
    int differ = 0;
    for (vtkIdType t = 0; t < e->GetNumberOfTuples(); ++t)
      for (int c = 0; c < e->GetNumberOfComponents(); ++c)
      {
        const double x = e->GetComponent(t, c), y = g->GetComponent(t, c);
        if (!(std::abs(x - y) <= 1e-6 * std::max(std::abs(x), 1e-300) || (std::isnan(x) && std::isnan(y))) && differ++ < 5)
          ADD_FAILURE() << at << " " << e->GetName() << " tuple " << t << " component " << c << ": VTK " << x
                        << ", Loom " << y;
      }
    EXPECT_EQ(0, differ) << at << " " << e->GetName();
  }
}

/// Loom's image equals vtkResampleToImage's on `input`, on every device (`fallback`: VTK's filter made it,
/// with its note); returns the valid points.
vtkIdType ExpectAsVTK(vtkDataObject* input, const Sampling& s, const std::string& what, bool fallback = false)
{
  vtkNew<vtkResampleToImage> vtk;
  vtk->SetInputDataObject(input);
  Configure(vtk.Get(), s);
  vtk->Update();
  vtkImageData* expected = vtk->GetOutput();
  vtkIdType valid = 0;
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomResampleToImage> loom;
    loom->SetInputData(input);
    Configure(loom.Get(), s);
    loom->SetDevice(device);
    loomtest::LogCapture log;
    EXPECT_EQ(1, loom->GetExecutive()->Update()) << what;
    EXPECT_EQ(fallback, log.Text.find("vtkResampleToImage samples it instead") != std::string::npos) << what << ": " << log.Text;
    const std::string at = what + " device " + std::to_string(device);
    if (!fallback)
      loomtest::ExpectRanOn(loom, device, at);
    vtkImageData* got = loom->GetOutput();
    for (int a = 0; a < 3; ++a)
    {
      EXPECT_EQ(expected->GetOrigin()[a], got->GetOrigin()[a]) << at;
      EXPECT_EQ(expected->GetSpacing()[a], got->GetSpacing()[a]) << at;
      EXPECT_EQ(expected->GetExtent()[2 * a + 1], got->GetExtent()[2 * a + 1]) << at;
    }
    ExpectArrays(expected->GetPointData(), got->GetPointData(), at + " points");
    ExpectArrays(expected->GetCellData(), got->GetCellData(), at + " cells");
    vtkDataArray* mask = got->GetPointData()->GetArray("vtkValidPointMask");
    EXPECT_NE(nullptr, vtkCharArray::SafeDownCast(mask)) << at;
    valid = loomtest::ValidPoints(got);
  }
  return valid;
}
} // namespace

TEST(LoomResampleToImage, EveryDatasetTypeAsVTK)
{
  vtkSmartPointer<vtkImageData> image = Source(10);
  Sampling s;
  const vtkIdType all = 17 * 13 * 11;
  EXPECT_EQ(all, ExpectAsVTK(image, s, "image"));
  EXPECT_EQ(all, ExpectAsVTK(Rectilinear(image), s, "rectilinear grid"));
  EXPECT_GT(ExpectAsVTK(Structured(image), s, "curved structured grid"), all / 2); // its moved boundary
  EXPECT_EQ(all, ExpectAsVTK(loomtest::Hexahedra(image), s, "hexahedra"));
  EXPECT_EQ(all, ExpectAsVTK(Tetrahedra(image), s, "tetrahedra"));
  EXPECT_EQ(all, ExpectAsVTK(loomtest::Append(image), s, "voxels"));
  const vtkIdType noisy = ExpectAsVTK(NoisyTetrahedra(), s, "jittered tetrahedra, a noisy field");
  EXPECT_GT(noisy, all / 2);
  EXPECT_LT(noisy, all); // the jittered boundary leaves some image points out
}

TEST(LoomResampleToImage, BoundsPartlyOutsideAndFlatAxes)
{
  vtkSmartPointer<vtkImageData> image = Source(8);
  Sampling s;
  s.InputBounds = false;
  const double bounds[6] = { -12, 4, -3, 11, -8, 8 }; // beyond the input on three sides
  std::copy(bounds, bounds + 6, s.Bounds);
  for (auto input : { vtkSmartPointer<vtkDataSet>(image), vtkSmartPointer<vtkDataSet>(loomtest::Hexahedra(image)),
                      vtkSmartPointer<vtkDataSet>(Tetrahedra(image)), vtkSmartPointer<vtkDataSet>(Rectilinear(image)) })
  {
    const std::string what = std::string(input->GetClassName()) + ", bounds partly outside";
    const vtkIdType valid = ExpectAsVTK(input, s, what);
    EXPECT_GT(valid, 0) << what;
    EXPECT_LT(valid, 17 * 13 * 11) << what;
  }
  // Image points exactly on the input's nodes and faces (the hexahedra's shared faces: the highest cell).
  s.Dims[0] = 17;
  s.Dims[1] = 9;
  s.Dims[2] = 1; // a flat axis: spacing 0 at zmin
  const double onNodes[6] = { -8, 8, -8, 8, -2, 5 };
  std::copy(onNodes, onNodes + 6, s.Bounds);
  ExpectAsVTK(loomtest::Hexahedra(image), s, "hexahedra, image points on the nodes");
  ExpectAsVTK(Rectilinear(image), s, "rectilinear, image points on the nodes");
  ExpectAsVTK(image, s, "image, image points on the nodes");
  // Wholly outside: every point invalid, zeros.
  const double outside[6] = { 20, 30, 20, 30, 20, 30 };
  std::copy(outside, outside + 6, s.Bounds);
  EXPECT_EQ(0, ExpectAsVTK(loomtest::Hexahedra(image), s, "hexahedra, bounds outside"));
}

TEST(LoomResampleToImage, BundledDatasets)
{
  // Polygons and strips (mixed-cell-shapes, simple_unstructured_bin) go to VTK's filter.
  for (const char* file : { "kitchen.vtk", "mixed-cell-shapes.vtk", "simple_unstructured_bin.vtk", "voxel_cells.vtk",
                            "wedge_cells.vtk" })
  {
    vtkSmartPointer<vtkDataSet> data = loomtest::Read(file);
    Sampling s;
    s.Dims[0] = 23;
    s.Dims[1] = 19;
    s.Dims[2] = 15;
    const std::string name = file;
    EXPECT_GT(ExpectAsVTK(data, s, file, name == "mixed-cell-shapes.vtk" || name == "simple_unstructured_bin.vtk"), 0) << file;
  }
}

TEST(LoomResampleToImage, LocatorReusedWhileTheInputIsUnchanged)
{
  vtkSmartPointer<vtkUnstructuredGrid> tets = Tetrahedra(Source(6));
  vtkNew<vtkLoomResampleToImage> loom;
  loom->SetInputData(tets);
  loom->SetSamplingDimensions(8, 8, 8);
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
  loom->SetSamplingDimensions(12, 9, 7); // new sample points, the same input
  loom->Update();
  EXPECT_TRUE(loom->GetLocatorReused());
  EXPECT_EQ(12 * 9 * 7, loom->GetOutput()->GetNumberOfPoints());
  tets->GetPoints()->Modified(); // the input changed: built again
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
}

namespace
{
/// How many cells of `source` contain x (EvaluatePosition, VTK's parametric slack), by brute force.
int Holders(vtkDataSet* source, const double* x)
{
  int holders = 0;
  vtkNew<vtkGenericCell> cell;
  for (vtkIdType c = 0; c < source->GetNumberOfCells(); ++c)
  {
    source->GetCell(c, cell);
    double closest[3], pc[3], dist2, w[8];
    int sub = 0;
    holders += cell->EvaluatePosition(x, closest, sub, pc, dist2, w) == 1;
  }
  return holders;
}
} // namespace

TEST(LoomResampleWithDataset, TheSourceIsBinnedWhenSampledAgainUnchanged)
{
  // The first execution's cells visit the destination's points (no bins), the second bins the cells, the third
  // finds the bins again: every output the same, bit for bit, and the interpolated point arrays and the mask
  // vtkResampleWithDataSet's (cell arrays may take another of the cells that share a face: not compared here).
  vtkSmartPointer<vtkUnstructuredGrid> source = NoisyTetrahedra();
  vtkSmartPointer<vtkImageData> shifted = Source(5);
  shifted->SetOrigin(-3.3, -2.1, -6.4);
  shifted->SetSpacing(1.3, 0.9, 1.1); // points on the source's faces and beyond its bounds
  vtkSmartPointer<vtkUnstructuredGrid> destination = Tetrahedra(loomtest::Hexahedra(shifted));
  vtkNew<vtkResampleWithDataSet> vtk;
  vtk->SetInputData(destination);
  vtk->SetSourceData(source);
  vtk->Update();
  vtkPointData* expected = vtkDataSet::SafeDownCast(vtk->GetOutput())->GetPointData();
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomResampleWithDataset> loom;
    loom->SetInputData(destination);
    loom->SetSourceData(source);
    loom->SetDevice(device);
    vtkSmartPointer<vtkDataSet> first;
    vtkIdType bytes[3] = { 0, 0, 0 };
    for (int run = 0; run < 3; ++run)
    {
      const std::string at = "device " + std::to_string(device) + ", execution " + std::to_string(run + 1);
      loom->Modified();
      loom->Update();
      loomtest::ExpectRanOn(loom, device, at);
      EXPECT_EQ(run == 2, loom->GetLocatorReused()) << at;
      bytes[run] = loom->GetLocatorBytes();
      vtkDataSet* got = vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0));
      for (const char* name : { "noise", "RTData", "Pair", "vtkValidPointMask" })
      {
        vtkDataArray* e = expected->GetArray(name);
        vtkDataArray* g = got->GetPointData()->GetArray(name);
        ASSERT_NE(nullptr, e) << name;
        ASSERT_NE(nullptr, g) << at << " " << name;
        ASSERT_EQ(e->GetNumberOfValues(), g->GetNumberOfValues()) << at << " " << name;
        for (vtkIdType t = 0; t < e->GetNumberOfTuples(); ++t)
          if (!(std::abs(e->GetComponent(t, 0) - g->GetComponent(t, 0)) <= 1e-6 * std::max(1.0, std::abs(e->GetComponent(t, 0)))))
            ASSERT_GE(Holders(source, got->GetPoint(t)), 2) // each filter took another cell (within VTK's slack)
              << at << " " << name << " point " << t << ": VTK " << e->GetComponent(t, 0) << ", Loom " << g->GetComponent(t, 0);
      }
      if (run == 0)
      {
        first = vtkSmartPointer<vtkDataSet>::Take(got->NewInstance());
        first->DeepCopy(got);
        const vtkIdType valid = loomtest::ValidPoints(got);
        EXPECT_GT(valid, got->GetNumberOfPoints() / 4) << at;
        EXPECT_LT(valid, got->GetNumberOfPoints()) << at; // partly outside
        continue;
      }
      vtkPointData* a = first->GetPointData();
      ASSERT_EQ(a->GetNumberOfArrays(), got->GetPointData()->GetNumberOfArrays()) << at;
      for (int k = 0; k < a->GetNumberOfArrays(); ++k)
      {
        vtkDataArray* x = a->GetArray(k);
        vtkDataArray* y = got->GetPointData()->GetArray(x->GetName());
        ASSERT_NE(nullptr, y) << at << " " << x->GetName();
        for (vtkIdType v = 0; v < x->GetNumberOfValues(); ++v)
          ASSERT_EQ(x->GetComponent(v / x->GetNumberOfComponents(), static_cast<int>(v % x->GetNumberOfComponents())),
                    y->GetComponent(v / y->GetNumberOfComponents(), static_cast<int>(v % y->GetNumberOfComponents())))
            << at << " " << x->GetName() << " value " << v << " (the bins against the visit)";
      }
    }
    EXPECT_LT(bytes[0], 4096) << "device " << device << ": the visit keeps no bins";
    EXPECT_GT(bytes[1], 4096) << "device " << device;
    EXPECT_EQ(bytes[1], bytes[2]) << "device " << device;
  }
}

TEST(LoomResampleToImage, FallbacksAndBadInput)
{
  // Polyhedra, composite input: VTK's filter, one info message, VTK's output.
  for (bool polyhedron : { true, false })
  {
    vtkSmartPointer<vtkUnstructuredGrid> grid = loomtest::UnsupportedCellGrid(polyhedron);
    vtkNew<vtkLoomResampleToImage> loom;
    loom->SetInputData(grid);
    loomtest::LogCapture log;
    loom->Update();
    EXPECT_NE(std::string::npos, log.Text.find("vtkResampleToImage samples it instead")) << log.Text;
    vtkNew<vtkResampleToImage> vtk;
    vtk->SetInputDataObject(grid);
    vtk->Update();
    ExpectArrays(vtk->GetOutput()->GetPointData(), loom->GetOutput()->GetPointData(), "unsupported cells");
  }
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetBlock(0, Source(4));
  blocks->SetBlock(1, Tetrahedra(Source(3)));
  {
    vtkNew<vtkLoomResampleToImage> loom;
    loom->SetInputData(blocks);
    loomtest::LogCapture log;
    loom->Update();
    EXPECT_NE(std::string::npos, log.Text.find("composite data")) << log.Text;
    EXPECT_EQ(1000, loom->GetOutput()->GetNumberOfPoints());
  }
  // Fallback To VTK off: an error naming the filter.
  {
    vtkNew<vtkLoomResampleToImage> loom;
    loom->SetInputData(loomtest::UnsupportedCellGrid(true));
    loom->SetFallbackToVTK(false);
    const loomtest::Outcome outcome = loomtest::UpdateCapturing(loom);
    EXPECT_NE(std::string::npos, outcome.Errors.find("Loom Resample To Image")) << outcome.Errors;
  }
  // A strip without a valid triangle: VTK's filter (the fallback for strips) would crash on it; an error.
  {
    vtkNew<vtkPolyData> strip;
    vtkNew<vtkPoints> points;
    points->InsertNextPoint(0, 0, 0);
    points->InsertNextPoint(1, 0, 0);
    points->InsertNextPoint(2, 0, 0);
    strip->SetPoints(points);
    vtkNew<vtkCellArray> strips;
    const vtkIdType collinear[3] = { 0, 1, 2 };
    strips->InsertNextCell(3, collinear);
    strip->SetStrips(strips);
    vtkNew<vtkLoomResampleToImage> loom;
    loom->SetInputData(strip);
    const loomtest::Outcome outcome = loomtest::UpdateCapturing(loom);
    EXPECT_NE(std::string::npos, outcome.Errors.find("would crash")) << outcome.Errors;
  }
  // A poly-vertex with a point at 1e300, alone and in a multiblock (which VTK's filter samples for Loom): VTK's
  // vtkPolyVertex::EvaluatePosition finds no nearest point (the squared distances overflow) and writes a weight at
  // an unset index (found by the fuzzer); an error naming the cell.
  {
    vtkNew<vtkPolyData> cloud;
    vtkNew<vtkPoints> points;
    points->InsertNextPoint(0, 0, 0);
    points->InsertNextPoint(1e300, 0, 0);
    points->InsertNextPoint(0, 1, 0);
    cloud->SetPoints(points);
    vtkNew<vtkCellArray> verts;
    const vtkIdType all[3] = { 0, 1, 2 };
    verts->InsertNextCell(3, all);
    cloud->SetVerts(verts);
    vtkNew<vtkMultiBlockDataSet> blocks;
    blocks->SetBlock(0, cloud);
    for (vtkDataObject* input : { static_cast<vtkDataObject*>(cloud), static_cast<vtkDataObject*>(blocks) })
    {
      vtkNew<vtkLoomResampleToImage> loom;
      loom->SetInputDataObject(input);
      const loomtest::Outcome outcome = loomtest::UpdateCapturing(loom);
      EXPECT_NE(std::string::npos, outcome.Errors.find("cell 0 is a poly-vertex with a point beyond 1e150"))
        << outcome.Errors;
    }
  }
  // Zero sampling dimensions: an error naming the property; the input unchanged.
  vtkSmartPointer<vtkImageData> image = Source(4);
  const vtkMTimeType before = image->GetMTime();
  vtkNew<vtkLoomResampleToImage> loom;
  loom->SetInputData(image);
  loom->SetSamplingDimensions(4, 0, 4);
  const loomtest::Outcome outcome = loomtest::UpdateCapturing(loom);
  EXPECT_NE(std::string::npos, outcome.Errors.find("Sampling Dimensions")) << outcome.Errors;
  EXPECT_EQ(0, loom->GetOutput()->GetNumberOfPoints());
  EXPECT_EQ(before, image->GetMTime());
  // Empty input: ParaView's image of invalid points.
  EXPECT_EQ(0, ExpectAsVTK(vtkSmartPointer<vtkUnstructuredGrid>::New(), Sampling(), "empty input"));
}
