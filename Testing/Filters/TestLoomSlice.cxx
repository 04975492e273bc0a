// Loom filter tests: vtkLoomSlice against vtkCutter (what ParaView's Slice runs on datasets) on the
// wavelet as image, rectilinear grid, structured grid, hexahedra and tetrahedra, polygonal data and the
// bundled datasets, cut by planes (several offsets, a non-unit normal, a transform), spheres, cylinders
// and rotated boxes, on Serial and TBB: the same area (relative 1e-9; length for 2D cells), the same
// number of triangles, the same ranges of the interpolated point data and carried cell data; the
// implicit functions against VTK's own values; bad input.
#include <vtkLoomSlice.h>

#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"
#include "LoomInterop.h"

#include <loom/algorithms/slice/ImplicitFunction.h>

#include <vtkBox.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellSizeFilter.h>
#include <vtkCutter.h>
#include <vtkCylinder.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkElevationFilter.h>
#include <vtkExecutive.h>
#include <vtkFloatArray.h>
#include <vtkIdList.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPartitionedDataSet.h>
#include <vtkIntArray.h>
#include <vtkPlane.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkPolyData.h>
#include <vtkQuadric.h>
#include <vtkRectilinearGrid.h>
#include <vtkSphere.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace
{

/// The wavelet with its point data averaged to cells too (a cell array to carry).
vtkSmartPointer<vtkImageData> Image(int half)
{
  vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(half);
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(image);
  cells->PassPointDataOn();
  cells->Update();
  vtkSmartPointer<vtkImageData> out = vtkImageData::SafeDownCast(cells->GetOutput());
  out->GetCellData()->GetArray("RTData")->SetName("CellRT");
  return out;
}

vtkSmartPointer<vtkRectilinearGrid> Rectilinear(vtkImageData* image)
{
  const double* origin = image->GetOrigin();
  return loomtest::Rectilinear(image, [origin](int a, int i) { return origin[a] + i + 0.3 * std::sin(1.7 * i + a); });
}

struct Measure
{
  double Size = 0; // area of triangles and polygons, length of lines
  vtkIdType Triangles = 0, Lines = 0;
};

Measure Sizes(vtkPolyData* poly)
{
  Measure m;
  m.Triangles = poly->GetNumberOfPolys();
  m.Lines = poly->GetNumberOfLines();
  if (poly->GetNumberOfCells() == 0)
    return m;
  vtkNew<vtkCellSizeFilter> sizes;
  sizes->SetInputData(poly);
  sizes->ComputeSumOn();
  sizes->Update();
  vtkFieldData* sums = sizes->GetOutput()->GetFieldData();
  m.Size = sums->GetArray("Area")->GetComponent(0, 0) + sums->GetArray("Length")->GetComponent(0, 0);
  return m;
}

/// Triangles with two vertices at the same position.
vtkIdType Collapsed(vtkPolyData* poly)
{
  vtkIdType n = 0;
  vtkNew<vtkIdList> ids;
  for (vtkIdType c = 0; c < poly->GetNumberOfCells(); ++c)
  {
    poly->GetCellPoints(c, ids);
    if (ids->GetNumberOfIds() != 3)
      continue;
    double a[3], b[3], d[3];
    poly->GetPoint(ids->GetId(0), a);
    poly->GetPoint(ids->GetId(1), b);
    poly->GetPoint(ids->GetId(2), d);
    auto same = [](const double* x, const double* y) { return x[0] == y[0] && x[1] == y[1] && x[2] == y[2]; };
    n += same(a, b) || same(b, d) || same(a, d);
  }
  return n;
}

/// `masked`: every third point's arrays interpolated (Mask Ids), the others filled.
vtkSmartPointer<vtkLoomSlice> MakeSlice(vtkDataSet* input, vtkImplicitFunction* f, const std::vector<double>& offsets,
                                        int device, bool masked = false)
{
  auto slice = vtkSmartPointer<vtkLoomSlice>::New();
  slice->SetInputData(input);
  slice->SetCutFunction(f);
  slice->SetNumberOfContours(static_cast<int>(offsets.size()));
  for (std::size_t i = 0; i < offsets.size(); ++i)
    slice->SetValue(static_cast<int>(i), offsets[i]);
  slice->SetDevice(device);
  if (masked)
  {
    vtkNew<vtkIdTypeArray> ids;
    for (vtkIdType p = 0; p < input->GetNumberOfPoints(); p += 3)
      ids->InsertNextValue(p);
    slice->SetMaskIds(ids);
  }
  return slice;
}

vtkSmartPointer<vtkPolyData> RunLoom(vtkDataSet* input, vtkImplicitFunction* f, const std::vector<double>& offsets,
                                     int device)
{
  vtkSmartPointer<vtkLoomSlice> slice = MakeSlice(input, f, offsets, device);
  slice->Update();
  loomtest::ExpectRanOn(slice, device, "Loom Slice");
  return slice->GetOutput();
}

vtkSmartPointer<vtkPolyData> RunVTK(vtkDataSet* input, vtkImplicitFunction* f, const std::vector<double>& offsets)
{
  vtkNew<vtkCutter> cutter;
  cutter->SetInputData(input);
  cutter->SetCutFunction(f);
  cutter->SetNumberOfContours(static_cast<int>(offsets.size()));
  for (std::size_t i = 0; i < offsets.size(); ++i)
    cutter->SetValue(static_cast<int>(i), offsets[i]);
  cutter->Update();
  return cutter->GetOutput();
}

void ExpectSameRange(vtkFieldData* a, vtkFieldData* b, const char* name, const std::string& what)
{
  vtkDataArray* x = a->GetArray(name);
  vtkDataArray* y = b->GetArray(name);
  ASSERT_TRUE(x && y) << what << ": array " << name;
  double rx[2], ry[2];
  x->GetRange(rx, 0);
  y->GetRange(ry, 0);
  const double scale = std::max(1.0, std::abs(ry[1]) + std::abs(ry[0]));
  EXPECT_NEAR(rx[0], ry[0], 1e-6 * scale) << what << ": " << name;
  EXPECT_NEAR(rx[1], ry[1], 1e-6 * scale) << what << ": " << name;
}

/// The functions the datasets are cut by, placed relative to the dataset's bounds.
std::vector<std::pair<std::string, vtkSmartPointer<vtkImplicitFunction>>> Functions(vtkDataSet* data)
{
  double b[6];
  data->GetBounds(b);
  const double c[3] = { 0.5 * (b[0] + b[1]) + 0.13, 0.5 * (b[2] + b[3]) - 0.21, 0.5 * (b[4] + b[5]) + 0.07 };
  const double size = std::max({ b[1] - b[0], b[3] - b[2], b[5] - b[4] });
  std::vector<std::pair<std::string, vtkSmartPointer<vtkImplicitFunction>>> all;
  auto plane = vtkSmartPointer<vtkPlane>::New();
  plane->SetOrigin(c[0], c[1], c[2]);
  plane->SetNormal(0.3, 0.5, 0.8);
  all.emplace_back("plane", plane);
  auto axis = vtkSmartPointer<vtkPlane>::New();
  axis->SetOrigin(c[0], c[1], c[2]);
  axis->SetNormal(0, 0, 2.0); // not unit: the offsets scale with it, as in VTK
  all.emplace_back("plane, normal of length 2", axis);
  auto moved = vtkSmartPointer<vtkPlane>::New();
  moved->SetNormal(1, 0, 0);
  vtkNew<vtkTransform> shift;
  shift->Translate(-c[0], -c[1], -c[2]);
  shift->RotateZ(30);
  moved->SetTransform(shift.Get());
  all.emplace_back("transformed plane", moved);
  auto sphere = vtkSmartPointer<vtkSphere>::New();
  sphere->SetCenter(c[0], c[1], c[2]);
  sphere->SetRadius(0.55 * size);
  all.emplace_back("sphere", sphere);
  auto cylinder = vtkSmartPointer<vtkCylinder>::New();
  cylinder->SetCenter(c[0], c[1], c[2]);
  cylinder->SetAxis(0.2, 1.0, 0.3);
  cylinder->SetRadius(0.4 * size);
  all.emplace_back("cylinder", cylinder);
  auto box = vtkSmartPointer<vtkBox>::New();
  box->SetBounds(-0.42 * size, 0.3 * size, -0.35 * size, 0.4 * size, -0.3 * size, 0.36 * size);
  vtkNew<vtkTransform> turn;
  turn->RotateX(20);
  turn->RotateY(-15);
  turn->Translate(-c[0], -c[1], -c[2]);
  box->SetTransform(turn.Get());
  all.emplace_back("rotated box", box);
  return all;
}

/// `slack`: triangles the counts may differ by (zero-area slivers: see the README's Slice section).
void CompareAll(vtkDataSet* data, const std::string& name, bool cellData = true, vtkIdType slack = 0)
{
  double b[6];
  data->GetBounds(b);
  const double size = std::max({ b[1] - b[0], b[3] - b[2], b[5] - b[4] });
  int cut = 0;
  for (const auto& [label, function] : Functions(data))
  for (int several = 0; several < 2; ++several)
  {
    // One offset (a plane through a 3D grid takes the band path: only cells near the plane), or
    // several parallel planes.
    const bool plane = label.find("plane") != std::string::npos;
    if (several && !plane)
      continue;
    // vtkCutter's one-plane fast paths (flying edges on images, the plane cutters elsewhere) read the
    // plane's origin and normal and ignore its transform (722 triangles with and without a 30 degree
    // turn on the image); with several offsets it honours it, and is the reference for that case.
    if (!several && label == "transformed plane")
      continue;
    const std::vector<double> offsets =
      several ? std::vector<double>{ -0.2 * size, 0.0, 0.17 * size } : std::vector<double>{ 0.0 };
    const vtkSmartPointer<vtkPolyData> reference = RunVTK(data, function, offsets);
    const Measure r = Sizes(reference);
    if (r.Size == 0.0)
    {
      // The function misses this dataset: Loom's slice is empty too.
      EXPECT_EQ(RunLoom(data, function, offsets, vtkLoomSlice::DEVICE_SERIAL)->GetNumberOfCells(), 0) << name;
      continue;
    }
    ++cut;
    for (int device : loomtest::Devices())
    {
      const std::string what = name + ", " + label + ", device " + std::to_string(device);
      const vtkSmartPointer<vtkPolyData> loom = RunLoom(data, function, offsets, device);
      const Measure m = Sizes(loom);
      EXPECT_NEAR(m.Size, r.Size, 1e-7 * r.Size) << what;
      // Triangles collapsed by rounding to float positions: VTK's cutter merges coincident points with a
      // locator and drops them, Loom (as ParaView's one-plane slice) keeps them: the others must agree.
      const vtkIdType proper = m.Triangles - Collapsed(loom), reference_proper = r.Triangles - Collapsed(reference);
      // On the bundled datasets (float points of a curvilinear grid) both also differ in which slivers
      // they make: their totals may differ by `slack`.
      if (slack == 0)
        EXPECT_EQ(proper, reference_proper) << what << ": " << m.Triangles << " triangles, VTK " << r.Triangles;
      else
        EXPECT_LE(std::abs(m.Triangles - r.Triangles), slack)
          << what << ": " << m.Triangles << " triangles, VTK " << r.Triangles;
      EXPECT_EQ(m.Lines, r.Lines) << what;
      ExpectSameRange(loom->GetPointData(), reference->GetPointData(), "RTData", what);
      if (cellData)
        ExpectSameRange(loom->GetCellData(), reference->GetCellData(), "CellRT", what);
      EXPECT_FALSE(loom->GetPointData()->GetArray("vtkLoomSliceFunction")) << what << ": the function leaks";
    }
  }
  EXPECT_GE(cut, 4) << name << ": too few functions cut the dataset";
}

TEST(LoomSlice, ImageMatchesVTK)
{
  CompareAll(Image(10), "image");
}
/// The slice as an unordered set: each point's position with its point data values, and each triangle as its
/// three points' positions (sorted), with its cell data values. The plane band numbers its points in its own
/// order, not the full pass's.
std::map<std::vector<double>, int> SliceCells(vtkPolyData* poly)
{
  std::map<std::vector<double>, int> set;
  auto position = [&](vtkIdType p) {
    double x[3];
    poly->GetPoint(p, x);
    std::vector<double> key(x, x + 3);
    for (int a = 0; a < poly->GetPointData()->GetNumberOfArrays(); ++a)
      if (vtkDataArray* array = poly->GetPointData()->GetArray(a))
        for (int c = 0; c < array->GetNumberOfComponents(); ++c)
        {
          const double value = array->GetComponent(p, c);
          key.push_back(std::isnan(value) ? 1.0e301 : value); // NaN (a masked point's fill) as one value
        }
    return key;
  };
  for (vtkIdType p = 0; p < poly->GetNumberOfPoints(); ++p)
    ++set[position(p)];
  vtkNew<vtkIdList> ids;
  for (vtkIdType t = 0; t < poly->GetNumberOfCells(); ++t)
  {
    poly->GetCellPoints(t, ids);
    std::vector<std::vector<double>> corners;
    for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k)
      corners.push_back(position(ids->GetId(k)));
    std::sort(corners.begin(), corners.end());
    std::vector<double> key = { -1.0e300, static_cast<double>(corners.size()) };
    for (const auto& corner : corners)
      key.insert(key.end(), corner.begin(), corner.end());
    for (int a = 0; a < poly->GetCellData()->GetNumberOfArrays(); ++a)
      if (vtkDataArray* array = poly->GetCellData()->GetArray(a))
        for (int c = 0; c < array->GetNumberOfComponents(); ++c)
          key.push_back(array->GetComponent(t, c));
    ++set[key];
  }
  return set;
}

/// Planes through an image and a rectilinear grid at one offset and at several (in and out of order), masked
/// and not: the plane band (only the cells near each plane, each offset's points and triangles after the
/// previous offsets') gives the full pass's slice (LOOM_SUB_GRIDS=0): the same points with the same values and
/// the same triangles with the same cell data, in its own order, doing less than half its work.
TEST(LoomSlice, PlaneBandsAtEveryOffsetAreTheFullPass)
{
  const vtkSmartPointer<vtkImageData> image = Image(24);
  const vtkSmartPointer<vtkRectilinearGrid> rectilinear = Rectilinear(image);
  for (vtkDataSet* data : { static_cast<vtkDataSet*>(image), static_cast<vtkDataSet*>(rectilinear) })
  {
    double b[6];
    data->GetBounds(b);
    const double size = b[1] - b[0];
    auto tilted = vtkSmartPointer<vtkPlane>::New();
    tilted->SetOrigin(0.5 * (b[0] + b[1]) + 0.13, 0.5 * (b[2] + b[3]) - 0.21, 0.5 * (b[4] + b[5]) + 0.07);
    tilted->SetNormal(0.3, 0.5, 0.8);
    auto square = vtkSmartPointer<vtkPlane>::New();
    square->SetOrigin(0.5 * (b[0] + b[1]) + 0.31, 0.0, 0.0);
    square->SetNormal(1.0, 0.0, 0.0);
    for (vtkPlane* plane : { tilted.Get(), square.Get() })
      for (const std::vector<double>& offsets : { std::vector<double>{ 0.0 },
                                                  std::vector<double>{ -0.2 * size, 0.0, 0.17 * size },
                                                  std::vector<double>{ 0.17 * size, -0.2 * size, 0.05 * size } })
        for (int masked = 0; masked < 2; ++masked)
          for (int device : loomtest::Devices())
          {
            const std::string what = std::string(data->GetClassName()) + (plane == square ? ", square plane" : ", tilted plane") +
                                     ", " + std::to_string(offsets.size()) + " offsets" + (masked ? ", masked" : "") +
                                     ", device " + std::to_string(device);
            vtkSmartPointer<vtkLoomSlice> slice = MakeSlice(data, plane, offsets, device, masked);
            const loomtest::GridRun whole = loomtest::RunOnGrids(slice, true);
            const loomtest::GridRun band = loomtest::RunOnGrids(slice, false);
            loomtest::ExpectRanOn(slice, device, what);
            ASSERT_GT(whole.Output->GetNumberOfCells(), 0) << what;
            ASSERT_EQ(band.Output->GetNumberOfPoints(), whole.Output->GetNumberOfPoints()) << what;
            ASSERT_EQ(band.Output->GetNumberOfCells(), whole.Output->GetNumberOfCells()) << what;
            if (device == vtkLoomSlice::DEVICE_CUDA)
            {
              // The band runs on the host, the full pass on the GPU, whose arithmetic may differ in the last bit.
              const Measure w = Sizes(vtkPolyData::SafeDownCast(whole.Output)), b = Sizes(vtkPolyData::SafeDownCast(band.Output));
              EXPECT_NEAR(b.Size, w.Size, 1e-9 * w.Size) << what;
              continue;
            }
            EXPECT_TRUE(SliceCells(vtkPolyData::SafeDownCast(whole.Output)) ==
                        SliceCells(vtkPolyData::SafeDownCast(band.Output)))
              << what << ": the points, values or triangles differ";
            if (device != vtkLoomSlice::DEVICE_CUDA && whole.Work > 0)
              EXPECT_LT(2 * band.Work, whole.Work) << what;
          }
  }
}

/// Spheres, boxes (a turned and shifted one, as ParaView's Box gives it) and a cylinder along an axis, smaller
/// than the grid (across the axis), on an image and a rectilinear grid, with one offset and three, with and
/// without a point mask: the slice of the part of the grid their level sets reach (loom::interop::SubGrid) is the
/// whole grid's slice point for point, triangle for triangle and value for value (LOOM_SUB_GRIDS=0), does less
/// than half its work (on a GPU, moves less than half its bytes), and matches vtkCutter; a sphere outside the
/// grid gives the whole grid's empty output.
TEST(LoomSlice, BoundedFunctionsCutOnlyTheirPartOfTheGrid)
{
  const vtkSmartPointer<vtkImageData> image = Image(16);
  const vtkSmartPointer<vtkRectilinearGrid> rectilinear = Rectilinear(image);
  for (vtkDataSet* data : { static_cast<vtkDataSet*>(image), static_cast<vtkDataSet*>(rectilinear) })
  {
    double b[6];
    data->GetBounds(b);
    const double size = b[1] - b[0];
    auto sphere = vtkSmartPointer<vtkSphere>::New();
    sphere->SetCenter(b[0] + 0.3 * size, b[2] + 0.55 * size, b[4] + 0.4 * size);
    sphere->SetRadius(0.18 * size);
    auto box = vtkSmartPointer<vtkBox>::New();
    box->SetBounds(-0.1 * size, 0.12 * size, -0.15 * size, 0.1 * size, -0.08 * size, 0.14 * size);
    vtkNew<vtkTransform> turn;
    turn->RotateZ(25);
    turn->RotateX(-10);
    turn->Translate(-(b[0] + 0.6 * size), -(b[2] + 0.4 * size), -(b[4] + 0.5 * size));
    box->SetTransform(turn.Get());
    auto column = vtkSmartPointer<vtkCylinder>::New(); // along y: bounded across it
    column->SetCenter(b[0] + 0.6 * size, 0.0, b[4] + 0.35 * size);
    column->SetAxis(0.0, 1.0, 0.0);
    column->SetRadius(0.15 * size);
    auto outside = vtkSmartPointer<vtkSphere>::New();
    outside->SetCenter(b[1] + size, b[3], b[5]);
    outside->SetRadius(0.1 * size);
    const double r2 = 0.18 * 0.18 * size * size;
    const std::vector<std::tuple<std::string, vtkImplicitFunction*, std::vector<double>>> cases = {
      { "sphere", sphere, { 0.0 } },
      { "sphere, three offsets", sphere, { -0.4 * r2, 0.0, 0.3 * r2 } },
      { "box", box, { 0.0 } },
      { "box, three offsets", box, { -0.02 * size, 0.0, 0.05 * size } },
      { "cylinder along y", column, { 0.0 } },
      { "sphere outside the grid", outside, { 0.0 } },
    };
    for (const auto& [label, function, offsets] : cases)
      for (int masked = 0; masked < 2; ++masked)
        for (int device : loomtest::Devices())
        {
          const std::string what = std::string(data->GetClassName()) + ", " + label + (masked ? ", masked" : "") +
                                   ", device " + std::to_string(device);
          vtkSmartPointer<vtkLoomSlice> slice = MakeSlice(data, function, offsets, device, masked);
          const loomtest::GridRun whole = loomtest::RunOnGrids(slice, true);
          const loomtest::GridRun cut = loomtest::RunOnGrids(slice, false);
          loomtest::ExpectRanOn(slice, device, what);
          loomtest::ExpectIdenticalData(whole.Output, cut.Output, what);
          EXPECT_EQ(0, whole.PartPoints) << what; // the record says which part was read
          EXPECT_GT(cut.PartPoints, 0) << what;
          EXPECT_LE(2 * cut.PartPoints, cut.InputPoints) << what;
          vtkPolyData* part = vtkPolyData::SafeDownCast(cut.Output);
          if (device != vtkLoomSlice::DEVICE_CUDA && whole.Work > 0) // the work monitor counts CPU work
            EXPECT_LT(2 * cut.Work, whole.Work) << what;
          if (device == vtkLoomSlice::DEVICE_CUDA && whole.BytesToDevice > 0) // the part alone crosses the link
            EXPECT_LT(2 * cut.BytesToDevice, whole.BytesToDevice) << what;
          if (masked)
            continue;
          const vtkSmartPointer<vtkPolyData> reference = RunVTK(data, function, offsets);
          const Measure r = Sizes(reference), m = Sizes(part);
          EXPECT_NEAR(m.Size, r.Size, 1e-7 * r.Size) << what;
          EXPECT_EQ(m.Triangles - Collapsed(part), r.Triangles - Collapsed(reference)) << what;
          EXPECT_EQ(part->GetNumberOfPolys() == 0, label == "sphere outside the grid") << what;
        }
  }
}

/// Planes through grid points (values exactly at the offset on whole rows of points), on the band path
/// and the full one: the same triangles as vtkCutter, none collapsed.
TEST(LoomSlice, PlanesThroughGridPoints)
{
  vtkSmartPointer<vtkImageData> image = Image(6);
  for (const std::array<double, 3>& normal : { std::array<double, 3>{ 1, 0, 0 }, std::array<double, 3>{ 1, 1, 0 },
                                               std::array<double, 3>{ 1, 1, 1 } })
    for (const std::vector<double>& offsets : { std::vector<double>{ 0.0 }, std::vector<double>{ -2.0, 0.0, 3.0 } })
    {
      vtkNew<vtkPlane> plane;
      plane->SetOrigin(0, 0, 0);
      plane->SetNormal(normal.data());
      const std::string what = "normal " + std::to_string(normal[0]) + "," + std::to_string(normal[1]) + "," +
        std::to_string(normal[2]) + ", " + std::to_string(offsets.size()) + " offsets";
      const vtkSmartPointer<vtkPolyData> reference = RunVTK(image, plane, offsets);
      const Measure r = Sizes(reference);
      // VTK's one-plane cutter (flying edges) keeps triangles collapsed to a segment or a point where the
      // plane runs through grid points; Loom makes none (as ParaView's Contour).
      const vtkIdType collapsed = Collapsed(reference);
      if (offsets.size() > 1)
        EXPECT_EQ(collapsed, 0) << what;
      for (int device : loomtest::Devices())
      {
        const vtkSmartPointer<vtkPolyData> loom = RunLoom(image, plane, offsets, device);
        const Measure m = Sizes(loom);
        EXPECT_EQ(m.Triangles - Collapsed(loom), r.Triangles - collapsed) << what;
        EXPECT_NEAR(m.Size, r.Size, 1e-7 * r.Size) << what;
      }
    }
}

/// CutterParity (what ParaView's own Slice on Loom turns on): a plane through grid points goes to vtkCutter, with
/// one info message, so that every triangle (collapsed ones included) and every point is vtkCutter's, on the band
/// path (one offset) and the full one (several); a plane through no grid point stays on Loom.
TEST(LoomSlice, CutterParityThroughGridPoints)
{
  vtkSmartPointer<vtkImageData> image = Image(6);
  for (const std::vector<double>& offsets : { std::vector<double>{ 0.0 }, std::vector<double>{ -2.0, 0.0, 3.0 } })
    for (const double shift : { 0.0, 0.137 })
    {
      vtkNew<vtkPlane> plane;
      plane->SetOrigin(shift, 0, 0);
      plane->SetNormal(1, 1, 0);
      const vtkSmartPointer<vtkPolyData> reference = RunVTK(image, plane, offsets);
      loomtest::LogCapture log;
      vtkSmartPointer<vtkLoomSlice> slice = MakeSlice(image, plane, offsets, vtkLoomSlice::DEVICE_SERIAL);
      slice->SetCutterParity(true);
      slice->Update();
      const std::string what = std::to_string(offsets.size()) + " offsets, origin x " + std::to_string(shift);
      const bool through = shift == 0.0;
      EXPECT_EQ(log.Text.find("exactly on the slice") != std::string::npos, through) << what << ": " << log.Text;
      if (through)
      {
        if (offsets.size() == 1) // one plane: vtkCutter's flying edges keep collapsed triangles
          EXPECT_GT(Collapsed(reference), 0) << what << ": the case needs collapsed triangles to tell";
        EXPECT_EQ(Sizes(slice->GetOutput()).Triangles, Sizes(reference).Triangles) << what;
        EXPECT_EQ(slice->GetOutput()->GetNumberOfPoints(), reference->GetNumberOfPoints()) << what;
      }
      else
      {
        loomtest::ExpectRanOn(slice, vtkLoomSlice::DEVICE_SERIAL, "Loom Slice");
        EXPECT_EQ(Sizes(slice->GetOutput()).Triangles, Sizes(reference).Triangles) << what;
      }
    }
}

namespace
{
/// A slice's cells as comparable values: each triangle's corners (rounded to 1e-6, rotated to start at the smallest,
/// their order kept) with its cell's `cellArray` value, sorted; and each point (rounded) with its `pointArray` value,
/// sorted.
struct OrientedCells
{
  std::vector<std::array<double, 10>> Triangles;
  std::vector<std::array<double, 4>> Points;
  /// The same triangles (and source cells); the same points, their values within 1e-9 relative (VTK and Loom
  /// interpolate in another order).
  bool operator==(const OrientedCells& o) const
  {
    if (this->Triangles != o.Triangles || this->Points.size() != o.Points.size())
      return false;
    for (std::size_t p = 0; p < this->Points.size(); ++p)
    {
      const auto& a = this->Points[p];
      const auto& b = o.Points[p];
      if (a[0] != b[0] || a[1] != b[1] || a[2] != b[2] || std::abs(a[3] - b[3]) > 1e-9 * std::max(1.0, std::abs(b[3])))
        return false;
    }
    return true;
  }
};

OrientedCells CellsOf(vtkPolyData* poly, const char* pointArray, const char* cellArray)
{
  OrientedCells c;
  auto round = [](double v, double unit) { return std::round(v / unit) * unit; };
  vtkDataArray* pv = poly->GetPointData()->GetArray(pointArray);
  vtkDataArray* cv = poly->GetCellData()->GetArray(cellArray);
  for (vtkIdType p = 0; p < poly->GetNumberOfPoints(); ++p)
  {
    double x[3];
    poly->GetPoint(p, x);
    const double v = pv ? pv->GetComponent(p, 0) : 0.0;
    c.Points.push_back({ round(x[0], 1e-6), round(x[1], 1e-6), round(x[2], 1e-6), v });
  }
  vtkNew<vtkIdList> ids;
  for (vtkIdType t = 0; t < poly->GetNumberOfCells(); ++t)
  {
    poly->GetCellPoints(t, ids);
    std::array<std::array<double, 3>, 3> corners;
    for (int k = 0; k < 3 && k < ids->GetNumberOfIds(); ++k)
    {
      double x[3];
      poly->GetPoint(ids->GetId(k), x);
      corners[k] = { round(x[0], 1e-6), round(x[1], 1e-6), round(x[2], 1e-6) };
    }
    std::rotate(corners.begin(), std::min_element(corners.begin(), corners.end()), corners.end());
    std::array<double, 10> row;
    for (int k = 0; k < 9; ++k)
      row[k] = corners[k / 3][k % 3];
    row[9] = cv ? cv->GetComponent(t, 0) : 0.0;
    c.Triangles.push_back(row);
  }
  std::sort(c.Triangles.begin(), c.Triangles.end());
  std::sort(c.Points.begin(), c.Points.end());
  return c;
}
} // namespace

/// CutterParity on images cut by a plane along an axis through a layer of grid points (ParaView's default Slice of
/// an image of odd point counts): Loom cuts them itself, with the cells of vtkCutter's one-plane path (flying edges,
/// which puts the points on the plane below it for a normal along +x, above otherwise): every triangle, its
/// corners' order and the cell it came from, every point and its values; on the first, an inner and the last
/// layer, for each axis and both signs, on two images (unit spacing; spacings of 0.5, 2 and 1 from an origin and an
/// extent off 0). A spacing that is not a power of two, or an origin between steps, leaves the rule inexact: vtkCutter
/// then cuts it (a fallback).
TEST(LoomSlice, CutterParityAxisPlanesThroughGridLayers)
{
  struct Grid
  {
    double Origin[3], Spacing[3];
    int Extent[6];
  };
  for (const Grid& g : { Grid{ { 0, 0, 0 }, { 1, 1, 1 }, { -4, 4, -4, 4, -4, 4 } },
                         Grid{ { 1.5, -2, 3 }, { 0.5, 2, 1 }, { 0, 8, -3, 5, 2, 9 } } })
  {
    vtkNew<vtkImageData> image;
    image->SetExtent(const_cast<int*>(g.Extent));
    image->SetOrigin(g.Origin);
    image->SetSpacing(g.Spacing);
    vtkNew<vtkDoubleArray> values;
    values->SetName("Values");
    for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
    {
      double x[3];
      image->GetPoint(p, x);
      values->InsertNextValue(3 * x[0] - 5 * x[1] + 7 * x[2] + std::sin(x[0] * x[1] + x[2]));
    }
    image->GetPointData()->SetScalars(values);
    vtkNew<vtkDoubleArray> xs; // 0 on the first image's middle x layer, where the +x cut weights its points 0
    xs->SetName("X");
    for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
      xs->InsertNextValue(image->GetPoint(p)[0]);
    image->GetPointData()->AddArray(xs);
    vtkNew<vtkDoubleArray> cellIds;
    cellIds->SetName("CellIds");
    for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
      cellIds->InsertNextValue(static_cast<double>(c));
    image->GetCellData()->AddArray(cellIds);
    for (int axis = 0; axis < 3; ++axis)
      for (const double sign : { 1.0, -1.0 })
        for (const int layer : { g.Extent[2 * axis], (g.Extent[2 * axis] + g.Extent[2 * axis + 1]) / 2, g.Extent[2 * axis + 1] })
        {
          double origin[3] = { g.Origin[0] + 1.3, g.Origin[1] - 0.7, g.Origin[2] + 0.9 }, normal[3] = { 0, 0, 0 };
          origin[axis] = g.Origin[axis] + layer * g.Spacing[axis];
          normal[axis] = sign;
          vtkNew<vtkPlane> plane;
          plane->SetOrigin(origin);
          plane->SetNormal(normal);
          const std::string what = "spacing " + std::to_string(g.Spacing[0]) + ", axis " + std::to_string(axis) +
            (sign > 0 ? " +" : " -") + ", layer " + std::to_string(layer);
          const OrientedCells reference = CellsOf(RunVTK(image, plane, { 0.0 }), "Values", "CellIds");
          if (layer != g.Extent[2 * axis] && layer != g.Extent[2 * axis + 1])
            EXPECT_GT(reference.Triangles.size(), 0u) << what;
          for (int device : loomtest::Devices())
          {
            loomtest::LogCapture log;
            vtkSmartPointer<vtkLoomSlice> slice = MakeSlice(image, plane, { 0.0 }, device);
            slice->SetCutterParity(true);
            slice->Update();
            EXPECT_EQ(log.Text.find("exactly on the slice"), std::string::npos) << what << ": " << log.Text;
            loomtest::ExpectRanOn(slice, device, what);
            const OrientedCells got = CellsOf(slice->GetOutput(), "Values", "CellIds");
            EXPECT_EQ(got.Points.size(), reference.Points.size()) << what;
            EXPECT_EQ(got.Triangles.size(), reference.Triangles.size()) << what;
            EXPECT_TRUE(got == reference) << what << ", device " << device;
            if (axis == 0 && origin[0] == 0.0) // the points on the plane x = 0 take X exactly, as vtkCutter's
              for (vtkIdType p = 0; p < slice->GetOutput()->GetNumberOfPoints(); ++p)
                EXPECT_EQ(slice->GetOutput()->GetPointData()->GetArray("X")->GetComponent(p, 0), 0.0) << what;
          }
        }
  }
  // A spacing of 0.7: vtkCutter's rule is not exact there, and vtkCutter cuts the image (a fallback).
  vtkSmartPointer<vtkImageData> odd = Image(4);
  odd->SetSpacing(0.7, 1, 1);
  vtkNew<vtkPlane> plane;
  plane->SetOrigin(odd->GetOrigin()[0] + 2 * 0.7, 0.3, -0.2); // the points of index 2 along x
  plane->SetNormal(1, 0, 0);
  loomtest::LogCapture log;
  vtkSmartPointer<vtkLoomSlice> slice = MakeSlice(odd, plane, { 0.0 }, vtkLoomSlice::DEVICE_SERIAL);
  slice->SetCutterParity(true);
  slice->Update();
  EXPECT_NE(log.Text.find("exactly on the slice"), std::string::npos) << log.Text;
  // An origin between steps (0.25 with a spacing of 1), and Merge Points off (flying edges merge the points
  // on the plane): vtkCutter's too.
  vtkSmartPointer<vtkImageData> shifted = Image(4);
  shifted->SetOrigin(0.25, 0, 0);
  for (const bool merge : { true, false })
  {
    vtkSmartPointer<vtkImageData> input = merge ? shifted : Image(4);
    vtkNew<vtkPlane> through;
    through->SetOrigin(input->GetOrigin()[0] + 2, 0.3, -0.2); // the points of index 2 along x
    through->SetNormal(1, 0, 0);
    loomtest::LogCapture other;
    vtkSmartPointer<vtkLoomSlice> cut = MakeSlice(input, through, { 0.0 }, vtkLoomSlice::DEVICE_SERIAL);
    cut->SetCutterParity(true);
    cut->SetMergePoints(merge);
    cut->Update();
    EXPECT_NE(other.Text.find("exactly on the slice"), std::string::npos) << (merge ? "shifted" : "not merged");
  }
}

TEST(LoomSlice, RectilinearMatchesVTK)
{
  CompareAll(Rectilinear(Image(8)), "rectilinear");
}
TEST(LoomSlice, StructuredMatchesVTK)
{
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(Image(8));
  toPoints->Update();
  CompareAll(toPoints->GetOutput(), "structured");
}
TEST(LoomSlice, UnstructuredMatchesVTK)
{
  CompareAll(loomtest::Hexahedra(Image(8)), "hexahedra");
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(Image(7));
  tets->Update();
  CompareAll(tets->GetOutput(), "tetrahedra");
}
TEST(LoomSlice, PolyDataGivesLines)
{
  vtkNew<vtkSphereSource> sphere;
  sphere->SetRadius(10);
  sphere->SetThetaResolution(32);
  sphere->SetPhiResolution(24);
  vtkNew<vtkElevationFilter> elevation;
  elevation->SetInputConnection(sphere->GetOutputPort());
  elevation->SetLowPoint(0, 0, -10);
  elevation->SetHighPoint(0, 0, 10);
  elevation->Update();
  vtkSmartPointer<vtkDataSet> data = elevation->GetOutput();
  data->GetPointData()->GetArray("Elevation")->SetName("RTData");
  CompareAll(data, "sphere surface", false);
}
/// Polygonal data with cells the contour family does not cut (a pentagon, a line) goes to vtkCutter:
/// the same output as VTK's.
TEST(LoomSlice, PolyDataWithPolygonsFallsBack)
{
  vtkNew<vtkPolyData> poly;
  vtkNew<vtkPoints> points;
  for (int i = 0; i < 5; ++i)
    points->InsertNextPoint(std::cos(1.2566 * i), std::sin(1.2566 * i), 0.1 * i);
  poly->SetPoints(points);
  vtkNew<vtkCellArray> polys, lines;
  const vtkIdType pentagon[5] = { 0, 1, 2, 3, 4 }, line[2] = { 0, 2 };
  polys->InsertNextCell(5, pentagon);
  lines->InsertNextCell(2, line);
  poly->SetPolys(polys);
  vtkNew<vtkPlane> plane;
  plane->SetNormal(1, 0.3, 0);
  plane->SetOrigin(0.1, 0, 0);
  const Measure polygonOnly = Sizes(RunLoom(poly, plane, { 0.0 }, vtkLoomSlice::DEVICE_SERIAL));
  const Measure reference = Sizes(RunVTK(poly, plane, { 0.0 }));
  EXPECT_EQ(polygonOnly.Lines, reference.Lines);
  EXPECT_GT(reference.Lines, 0);
  EXPECT_NEAR(polygonOnly.Size, reference.Size, 1e-12);
  poly->SetLines(lines);
  const vtkSmartPointer<vtkPolyData> both = RunLoom(poly, plane, { 0.0 }, vtkLoomSlice::DEVICE_SERIAL);
  const vtkSmartPointer<vtkPolyData> bothReference = RunVTK(poly, plane, { 0.0 });
  EXPECT_EQ(both->GetNumberOfCells(), bothReference->GetNumberOfCells());
  EXPECT_EQ(both->GetNumberOfVerts(), bothReference->GetNumberOfVerts());
}

/// Polyhedra and higher-order cells have no Loom cell set: vtkCutter slices them, with one info
/// message naming the cell type, and the slice is vtkCutter's.
TEST(LoomSlice, UnsupportedCellsFallBackToVTK)
{
  vtkNew<vtkPlane> plane;
  plane->SetOrigin(0.2, 0.2, 0.2);
  plane->SetNormal(1, 1, 1);
  for (bool polyhedron : { true, false })
  {
    auto grid = loomtest::UnsupportedCellGrid(polyhedron);
    loomtest::LogCapture log;
    const Measure loom = Sizes(RunLoom(grid, plane, { 0.0 }, vtkLoomSlice::DEVICE_SERIAL));
    const Measure reference = Sizes(RunVTK(grid, plane, { 0.0 }));
    EXPECT_NE(log.Text.find(polyhedron ? "vtkPolyhedron (VTK cell type 42)" : "vtkQuadraticTetra (VTK cell type 24)"),
              std::string::npos)
      << log.Text;
    EXPECT_NE(log.Text.find("VTK's vtkCutter slices it instead"), std::string::npos) << log.Text;
    EXPECT_GT(reference.Size, 0.0);
    EXPECT_NEAR(loom.Size, reference.Size, 1e-12);
    EXPECT_EQ(loom.Triangles, reference.Triangles);
    EXPECT_GT(loom.Triangles, 0);
  }
}

TEST(LoomSlice, BundledDatasetsMatchVTK)
{
  for (const char* file : { "kitchen.vtk", "mixed-cell-shapes.vtk", "wedge_cells.vtk" })
  {
    vtkSmartPointer<vtkDataSet> data = loomtest::Read(file);
    // Each file's first point array as RTData, its average as a cell array.
    vtkDataArray* first = nullptr;
    for (int i = 0; i < data->GetPointData()->GetNumberOfArrays() && !first; ++i)
      if (data->GetPointData()->GetArray(i) && data->GetPointData()->GetArray(i)->GetNumberOfComponents() == 1)
        first = data->GetPointData()->GetArray(i);
    ASSERT_TRUE(first) << file;
    vtkNew<vtkDoubleArray> rt;
    rt->DeepCopy(first);
    rt->SetName("RTData");
    data->GetPointData()->AddArray(rt);
    CompareAll(data, file, false, 2);
  }
}

/// Loom's implicit functions give VTK's values (FunctionValue, the transform included) at random points.
TEST(LoomSlice, FunctionsMatchVTKValues)
{
  vtkSmartPointer<vtkImageData> image = Image(4);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-20, 20);
  auto functions = Functions(image);
  // A box flat along z (vtkBox's zero-length axis), and a plane whose origin terms cancel.
  auto flat = vtkSmartPointer<vtkBox>::New();
  flat->SetBounds(-5, 5, -3, 4, 1, 1);
  functions.emplace_back("flat box", flat);
  auto far = vtkSmartPointer<vtkPlane>::New();
  far->SetOrigin(1e6 + 0.3, -1e6, 0);
  far->SetNormal(1, 1, 0);
  functions.emplace_back("plane with a far origin", far);
  for (const auto& [label, function] : functions)
  {
    const loom::algorithms::ImplicitFunction f = loom::interop::ImplicitFunctionFromVTK(function);
    for (int i = 0; i < 1000; ++i)
    {
      double x[3] = { u(rng), u(rng), i % 10 == 0 ? 1.0 : u(rng) }; // some on the flat box's plane
      const double expected = function->FunctionValue(x);
      EXPECT_NEAR(f.Evaluate(x[0], x[1], x[2]), expected, 1e-12 * (1.0 + std::abs(expected))) << label;
    }
  }
}

/// Composite inputs run block by block: a multiblock with an image, an empty grid and a null block.
TEST(LoomSlice, CompositeInputs)
{
  vtkSmartPointer<vtkImageData> image = Image(6);
  vtkNew<vtkMultiBlockDataSet> multi;
  multi->SetBlock(0, image);
  multi->SetBlock(1, vtkSmartPointer<vtkUnstructuredGrid>::New());
  multi->SetBlock(2, nullptr);
  multi->SetBlock(3, loomtest::Hexahedra(image));
  vtkNew<vtkPlane> plane;
  plane->SetOrigin(0.23, 0.17, -0.31);
  plane->SetNormal(0.41, 0.27, 1.0);
  vtkNew<vtkLoomSlice> loom;
  loom->SetInputData(multi);
  loom->SetCutFunction(plane);
  loom->Update();
  auto* out = vtkMultiBlockDataSet::SafeDownCast(loom->GetOutputDataObject(0));
  ASSERT_TRUE(out);
  const Measure expected = Sizes(RunVTK(image, plane, { 0.0 }));
  for (unsigned int b : { 0u, 3u })
  {
    const Measure m = Sizes(vtkPolyData::SafeDownCast(out->GetBlock(b)));
    EXPECT_EQ(m.Triangles, expected.Triangles) << "block " << b;
    EXPECT_NEAR(m.Size, expected.Size, 1e-7 * expected.Size) << "block " << b;
  }
  auto* empty = vtkPolyData::SafeDownCast(out->GetBlock(1));
  EXPECT_TRUE(!empty || empty->GetNumberOfCells() == 0);
}

/// A partitioned dataset whose partitions hold a point array in different types (float and int):
/// each partition's slice carries its own array, of its own type, as vtkCutter does.
TEST(LoomSlice, PartitionsDisagreeingOnAnArrayType)
{
  vtkSmartPointer<vtkImageData> a = Image(5), b = Image(6);
  loomtest::RTDataAsInt(b);
  vtkNew<vtkPartitionedDataSet> partitioned;
  partitioned->SetPartition(0, a);
  partitioned->SetPartition(1, b);
  vtkNew<vtkPlane> plane;
  plane->SetOrigin(0.23, 0.17, -0.31);
  plane->SetNormal(0.41, 0.27, 1.0);
  vtkNew<vtkLoomSlice> loom;
  loom->SetInputData(partitioned);
  loom->SetCutFunction(plane);
  loom->Update();
  auto* out = vtkPartitionedDataSet::SafeDownCast(loom->GetOutputDataObject(0));
  ASSERT_TRUE(out);
  ASSERT_EQ(out->GetNumberOfPartitions(), 2u);
  for (unsigned int p = 0; p < 2; ++p)
  {
    vtkDataSet* input = p == 0 ? static_cast<vtkDataSet*>(a) : static_cast<vtkDataSet*>(b);
    auto* slice = vtkPolyData::SafeDownCast(out->GetPartition(p));
    ASSERT_TRUE(slice) << "partition " << p;
    const vtkSmartPointer<vtkPolyData> reference = RunVTK(input, plane, { 0.0 });
    const Measure m = Sizes(slice), e = Sizes(reference);
    EXPECT_GT(e.Triangles, 0);
    EXPECT_EQ(m.Triangles, e.Triangles) << "partition " << p;
    EXPECT_NEAR(m.Size, e.Size, 1e-7 * e.Size) << "partition " << p;
    vtkDataArray* values = slice->GetPointData()->GetArray("RTData");
    vtkDataArray* expected = reference->GetPointData()->GetArray("RTData");
    ASSERT_TRUE(values && expected);
    EXPECT_EQ(values->GetDataType(), p == 0 ? VTK_FLOAT : VTK_INT);
    EXPECT_EQ(values->GetDataType(), expected->GetDataType());
    double r[2], er[2];
    values->GetRange(r);
    expected->GetRange(er);
    EXPECT_NEAR(r[0], er[0], p == 0 ? 1e-3 : 1.0);
    EXPECT_NEAR(r[1], er[1], p == 0 ? 1e-3 : 1.0);
  }
}

/// The filter on `input` with the function, updated with its messages captured.
loomtest::Outcome RunCase(vtkDataObject* input, vtkImplicitFunction* f)
{
  vtkNew<vtkLoomSlice> slice;
  slice->SetInputData(input);
  slice->SetCutFunction(f);
  return loomtest::UpdateCapturing(slice);
}

TEST(LoomSlice, BadInput)
{
  vtkSmartPointer<vtkImageData> image = Image(4);
  auto expectError = [](const loomtest::Outcome& o, const std::vector<std::string>& words) {
    EXPECT_EQ(o.Status, 0);
    for (const std::string& w : words)
      EXPECT_NE(o.Errors.find(w), std::string::npos) << "'" << w << "' not in: " << o.Errors;
    auto* output = vtkPolyData::SafeDownCast(o.Output);
    ASSERT_TRUE(output);
    EXPECT_EQ(output->GetNumberOfCells(), 0);
  };
  expectError(RunCase(image, nullptr), { "Loom Slice", "Slice Type", "no implicit function" });
  vtkNew<vtkPlane> flat;
  flat->SetNormal(0, 0, 0);
  expectError(RunCase(image, flat), { "Slice Type", "normal is zero" });
  vtkNew<vtkQuadric> quadric;
  expectError(RunCase(image, quadric), { "Slice Type", "vtkQuadric", "not handled" });
  // A box of zero size cuts nothing, as vtkCutter: an empty output, no error.
  vtkNew<vtkBox> point;
  point->SetBounds(0.5, 0.5, 0.5, 0.5, 0.5, 0.5);
  const loomtest::Outcome o = RunCase(image, point);
  EXPECT_EQ(o.Status, 1);
  EXPECT_TRUE(o.Errors.empty()) << o.Errors;
  EXPECT_EQ(vtkPolyData::SafeDownCast(o.Output)->GetNumberOfCells(), RunVTK(image, point, { 0.0 })->GetNumberOfCells());
  // Empty inputs: empty outputs, no message.
  vtkNew<vtkPlane> plane;
  const loomtest::Outcome empty = RunCase(vtkSmartPointer<vtkUnstructuredGrid>::New(), plane);
  EXPECT_EQ(empty.Status, 1);
  EXPECT_TRUE(empty.Errors.empty()) << empty.Errors;
  EXPECT_EQ(vtkPolyData::SafeDownCast(empty.Output)->GetNumberOfCells(), 0);
}
} // namespace
