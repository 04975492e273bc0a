// Loom filter tests: vtkLoomClip against vtkTableBasedClipDataSet (the filter behind ParaView's Clip).
// Every case of every cell type, both sides: the same cells (types, in order) and the same volume, area
// and length to 1e-12 (double points); for tetrahedra, whose cut surface is planar, the kept part and
// its complement add up to the cell and a one-vertex case is the corner tetrahedron's exact volume;
// neighbours agree on shared faces (the surface of a clipped grid is VTK's, with no inner faces); whole
// grids of every kind, structured and unstructured, by scalar and by function; bad input.
#include <vtkLoomCellSize.h>
#include <vtkLoomClip.h>

#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkBox.h>
#include <vtkCellData.h>
#include <vtkCylinder.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkFloatArray.h>
#include <vtkHexahedron.h>
#include <vtkIdList.h>
#include <vtkLine.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPartitionedDataSet.h>
#include <vtkPixel.h>
#include <vtkPlane.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkPoints.h>
#include <vtkPyramid.h>
#include <vtkQuad.h>
#include <vtkSphere.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkTableBasedClipDataSet.h>
#include <vtkThreshold.h>
#include <vtkTetra.h>
#include <vtkTransform.h>
#include <vtkTriangle.h>
#include <vtkVertex.h>
#include <vtkVoxel.h>
#include <vtkWedge.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <vector>

namespace
{
struct Sizes
{
  vtkIdType Cells = 0;
  double Volume = 0, Area = 0, Length = 0;
};

// `data` with its cells' sizes (and with `sum` their totals), by Loom's Cell Size on TBB whatever device the clip
// ran on: Filters.CellSize holds it to VTK's vtkCellSizeFilter (ParaView's Cell Size) cell for cell on every
// shape, which makes a cell object per cell and would be most of this program's time.
vtkSmartPointer<vtkDataSet> Sized(vtkDataSet* data, bool sum)
{
  vtkNew<vtkLoomCellSize> sizes;
  sizes->SetDevice(vtkLoomCellSize::DEVICE_TBB);
  sizes->SetInputData(data);
  sizes->SetComputeSum(sum);
  sizes->Update();
  return vtkDataSet::SafeDownCast(sizes->GetOutputDataObject(0));
}

Sizes Measure(vtkDataSet* data)
{
  Sizes s;
  s.Cells = data->GetNumberOfCells();
  if (!s.Cells)
    return s;
  const vtkSmartPointer<vtkDataSet> sized = Sized(data, true);
  vtkFieldData* fd = sized->GetFieldData();
  s.Volume = fd->GetArray("Volume")->GetTuple1(0);
  s.Area = fd->GetArray("Area")->GetTuple1(0);
  s.Length = fd->GetArray("Length")->GetTuple1(0);
  return s;
}

bool Close(double a, double b, double rel)
{
  return std::abs(a - b) <= rel * std::max({ std::abs(a), std::abs(b), 1e-300 });
}

/// A one-cell grid of the class's type, its points moved by up to `jitter`, scalars `values`.
template <typename CellClass>
vtkSmartPointer<vtkUnstructuredGrid> OneCell(const std::vector<double>& values, std::mt19937& rng, double jitter)
{
  vtkNew<CellClass> cell;
  const int n = cell->GetNumberOfPoints();
  const double* pc = cell->GetParametricCoords();
  std::uniform_real_distribution<double> move(-jitter, jitter);
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  const bool flat = cell->GetCellDimension() < 3;
  for (int v = 0; v < n; ++v)
    points->InsertNextPoint(pc[3 * v] + move(rng), pc[3 * v + 1] + move(rng), flat ? 0.0 : pc[3 * v + 2] + move(rng));
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  grid->SetPoints(points);
  vtkNew<vtkIdList> ids;
  for (int v = 0; v < n; ++v)
    ids->InsertNextId(v);
  grid->InsertNextCell(cell->GetCellType(), ids);
  vtkNew<vtkDoubleArray> s;
  s->SetName("s");
  for (double x : values)
    s->InsertNextValue(x);
  grid->GetPointData()->SetScalars(s);
  return grid;
}

vtkSmartPointer<vtkDataSet> VTKClip(vtkDataSet* input, double value, bool insideOut, vtkImplicitFunction* f = nullptr)
{
  vtkNew<vtkTableBasedClipDataSet> clip;
  clip->SetInputData(input);
  clip->SetValue(value);
  clip->SetInsideOut(insideOut);
  clip->SetClipFunction(f);
  clip->Update();
  return clip->GetOutput();
}

vtkSmartPointer<vtkDataSet> LoomClip(vtkDataSet* input, double value, bool insideOut, vtkImplicitFunction* f = nullptr,
                                     int device = loomtest::Devices().front())
{
  vtkNew<vtkLoomClip> clip;
  clip->SetInputData(input);
  clip->SetValue(value);
  clip->SetInsideOut(insideOut);
  clip->SetClipFunction(f);
  clip->SetDevice(device);
  const loomtest::Outcome o = loomtest::UpdateCapturing(clip);
  EXPECT_EQ(o.Errors, "");
  loomtest::ExpectRanOn(clip, device, "Loom Clip");
  return vtkDataSet::SafeDownCast(o.Output);
}

std::vector<int> Types(vtkDataSet* d)
{
  std::vector<int> t;
  for (vtkIdType c = 0; c < d->GetNumberOfCells(); ++c)
    t.push_back(d->GetCellType(c));
  return t;
}

/// The output cells of each input case (the cell array "Case"): their types in output order and their sizes.
struct CaseCells
{
  std::vector<int> Types;
  Sizes Size;
};
std::map<int, CaseCells> PerCase(vtkDataSet* output)
{
  std::map<int, CaseCells> cases;
  if (!output->GetNumberOfCells())
    return cases;
  const vtkSmartPointer<vtkDataSet> measured = Sized(output, false);
  vtkDataArray* ids = measured->GetCellData()->GetArray("Case");
  vtkDataArray* volume = measured->GetCellData()->GetArray("Volume");
  vtkDataArray* area = measured->GetCellData()->GetArray("Area");
  vtkDataArray* length = measured->GetCellData()->GetArray("Length");
  EXPECT_TRUE(ids && volume && area && length);
  if (!ids || !volume || !area || !length)
    return cases;
  for (vtkIdType c = 0; c < measured->GetNumberOfCells(); ++c)
  {
    CaseCells& at = cases[static_cast<int>(ids->GetComponent(c, 0))];
    at.Types.push_back(measured->GetCellType(c));
    ++at.Size.Cells;
    at.Size.Volume += volume->GetComponent(c, 0);
    at.Size.Area += area->GetComponent(c, 0);
    at.Size.Length += length->GetComponent(c, 0);
  }
  return cases;
}

/// Every case of the shape, three instances each (values of magnitude 1 on the unit cell, then random magnitudes
/// with the points moved), clipped by VTK and by Loom: the same cells, in the same order, and the same sizes for
/// each. The instances are disjoint cells of one grid (the cell array "Case" names each), so that each filter
/// runs once per side; a pipeline per cell would be most of the test's time.
template <typename CellClass>
void EveryCase(const char* name)
{
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> magnitude(0.1, 1.0);
  vtkNew<CellClass> cell;
  const int n = cell->GetNumberOfPoints();
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkDoubleArray> scalars;
  scalars->SetName("s");
  vtkNew<vtkIntArray> caseIds;
  caseIds->SetName("Case");
  constexpr int instances = 3;
  for (int c = 0; c < (1 << n); ++c)
    for (int instance = 0; instance < instances; ++instance)
    {
      std::vector<double> values(n);
      for (int v = 0; v < n; ++v)
        values[v] = ((c >> v) & 1 ? 1.0 : -1.0) * (instance ? magnitude(rng) : 1.0);
      auto one = OneCell<CellClass>(values, rng, instance ? 0.15 : 0.0);
      vtkNew<vtkIdList> ids;
      for (int v = 0; v < n; ++v)
      {
        ids->InsertNextId(points->InsertNextPoint(one->GetPoint(v)));
        scalars->InsertNextValue(values[v]);
      }
      grid->InsertNextCell(cell->GetCellType(), ids);
      caseIds->InsertNextValue(c * instances + instance);
    }
  grid->SetPoints(points);
  grid->GetPointData()->SetScalars(scalars);
  grid->GetCellData()->AddArray(caseIds);
  for (bool insideOut : { false, true })
  {
    const std::map<int, CaseCells> expected = PerCase(VTKClip(grid, 0.0, insideOut));
    auto clipped = LoomClip(grid, 0.0, insideOut);
    ASSERT_TRUE(clipped);
    const std::map<int, CaseCells> actual = PerCase(clipped);
    for (int id = 0; id < (1 << n) * instances; ++id)
    {
      const auto e = expected.find(id), a = actual.find(id);
      const std::string what = std::string(name) + " case " + std::to_string(id / instances) + " instance " +
        std::to_string(id % instances) + " insideOut " + std::to_string(insideOut);
      ASSERT_EQ(e == expected.end(), a == actual.end()) << what << ": cells on one side only";
      if (e == expected.end())
        continue;
      EXPECT_EQ(a->second.Types, e->second.Types) << what;
      const Sizes& x = a->second.Size;
      const Sizes& y = e->second.Size;
      EXPECT_TRUE(Close(x.Volume, y.Volume, 1e-12) && Close(x.Area, y.Area, 1e-12) && Close(x.Length, y.Length, 1e-12))
        << what << ": volume " << x.Volume << " / " << y.Volume << ", area " << x.Area << " / " << y.Area
        << ", length " << x.Length << " / " << y.Length;
    }
  }
}
} // namespace

TEST(LoomClip, EveryCaseOfEveryCellMatchesVTK)
{
  EveryCase<vtkVertex>("vertex");
  EveryCase<vtkLine>("line");
  EveryCase<vtkTriangle>("triangle");
  EveryCase<vtkQuad>("quad");
  EveryCase<vtkPixel>("pixel");
  EveryCase<vtkTetra>("tetra");
  EveryCase<vtkPyramid>("pyramid");
  EveryCase<vtkWedge>("wedge");
  EveryCase<vtkHexahedron>("hexahedron");
  EveryCase<vtkVoxel>("voxel");
}

TEST(LoomClip, TetrahedraAreCutExactly)
{
  // A linear field on a tetrahedron: the cut is planar, so the two sides add up to the cell, and a
  // single kept vertex keeps the corner tetrahedron (volume scaled by the three edge fractions).
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> magnitude(0.1, 1.0);
  for (int c = 1; c < 15; ++c)
    for (int instance = 0; instance < 20; ++instance)
    {
      std::vector<double> values(4);
      for (int v = 0; v < 4; ++v)
        values[v] = ((c >> v) & 1 ? 1.0 : -1.0) * magnitude(rng);
      auto grid = OneCell<vtkTetra>(values, rng, 0.2);
      const double whole = Measure(grid).Volume;
      const double kept = Measure(LoomClip(grid, 0.0, false)).Volume;
      const double rest = Measure(LoomClip(grid, 0.0, true)).Volume;
      EXPECT_NEAR(kept + rest, whole, 1e-13 * std::abs(whole)) << "case " << c;
      if (c == 1 || c == 2 || c == 4 || c == 8)
      {
        const int k = c == 1 ? 0 : c == 2 ? 1 : c == 4 ? 2 : 3;
        double fraction = 1.0;
        for (int v = 0; v < 4; ++v)
          if (v != k)
            fraction *= values[k] / (values[k] - values[v]);
        EXPECT_NEAR(kept, whole * fraction, 1e-13 * std::abs(whole)) << "case " << c;
      }
    }
}

namespace
{
/// A noisy 3D structured grid (curved, so hexahedra faces are not planar) and its unstructured copy.
vtkSmartPointer<vtkStructuredGrid> NoisyGrid(int n)
{
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> noise(-1.0, 1.0);
  auto grid = vtkSmartPointer<vtkStructuredGrid>::New();
  grid->SetDimensions(n, n, n);
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkDoubleArray> s;
  s->SetName("s");
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
      {
        points->InsertNextPoint(i + 0.2 * std::sin(j + k), j + 0.2 * std::cos(i * k), k + 0.1 * i);
        s->InsertNextValue(noise(rng));
      }
  grid->SetPoints(points);
  grid->GetPointData()->SetScalars(s);
  return grid;
}

double SurfaceArea(vtkDataSet* data)
{
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(data);
  surface->Update();
  return Measure(surface->GetOutput()).Area;
}
} // namespace

TEST(LoomClip, NeighboursAgreeOnSharedFaces)
{
  // Where two cells' cuts disagreed on a shared face, the face would be a boundary face of the output:
  // the surface would be larger than VTK's (whose cuts agree).
  auto structured = NoisyGrid(9);
  auto unstructured = loomtest::Append(structured);
  for (vtkDataSet* input : { static_cast<vtkDataSet*>(structured), static_cast<vtkDataSet*>(unstructured) })
    for (bool insideOut : { false, true })
    {
      auto expected = VTKClip(input, 0.1, insideOut);
      auto actual = LoomClip(input, 0.1, insideOut, nullptr, vtkLoomClip::DEVICE_TBB);
      EXPECT_EQ(Types(actual), Types(expected));
      EXPECT_NEAR(SurfaceArea(actual), SurfaceArea(expected), 1e-9 * SurfaceArea(expected));
      const Sizes a = Measure(actual), e = Measure(expected);
      EXPECT_TRUE(Close(a.Volume, e.Volume, 1e-12)) << a.Volume << " / " << e.Volume;
      EXPECT_EQ(actual->GetNumberOfPoints(), expected->GetNumberOfPoints());
    }
}

TEST(LoomClip, GridsMatchVTK)
{
  auto image = loomtest::Wavelet(10);
  vtkNew<vtkPlane> plane;
  plane->SetOrigin(0.3, -0.2, 0.1);
  plane->SetNormal(0.4, 1.0, -0.3);
  vtkNew<vtkSphere> sphere;
  sphere->SetRadius(6.0);
  auto voxels = loomtest::Append(image);
  for (vtkDataSet* input : { static_cast<vtkDataSet*>(image), static_cast<vtkDataSet*>(voxels) })
    for (vtkImplicitFunction* f : { static_cast<vtkImplicitFunction*>(nullptr), static_cast<vtkImplicitFunction*>(plane),
                                    static_cast<vtkImplicitFunction*>(sphere) })
      for (bool insideOut : { false, true })
      {
        const double value = f ? 0.0 : 157.0;
        auto expected = VTKClip(input, value, insideOut, f);
        auto actual = LoomClip(input, value, insideOut, f);
        EXPECT_EQ(Types(actual), Types(expected));
        const Sizes a = Measure(actual), e = Measure(expected);
        EXPECT_TRUE(Close(a.Volume, e.Volume, 1e-8)) << a.Volume << " / " << e.Volume;
        double ra[2], re[2];
        actual->GetPointData()->GetArray("RTData")->GetRange(ra);
        expected->GetPointData()->GetArray("RTData")->GetRange(re);
        EXPECT_NEAR(ra[0], re[0], 1e-4);
        EXPECT_NEAR(ra[1], re[1], 1e-4);
      }
}

/// A sphere, a turned, shifted box (as ParaView's Box gives it) and a cylinder along y keeping their inside
/// (Invert, ParaView's default) on an image and a rectilinear grid, plain, with the value as offset, crinkle
/// (Preserve Input Cells) and exact: the clip of the part of the grid the function reaches
/// (loom::interop::SubGrid) is the whole grid's clip (LOOM_SUB_GRIDS=0) point for point, cell for cell and value
/// for value, with less than half its work (on a GPU, less than half its bytes moved), and the plain one
/// vtkTableBasedClipDataSet's cells and volume; a sphere outside the grid keeps nothing either way. A plane across
/// a corner, keeping either side, reads its part too.
TEST(LoomClip, BoundedFunctionsClipOnlyTheirPartOfTheGrid)
{
  // Large enough that the clip's fixed work (its case tables) is small beside a whole grid's.
  auto image = loomtest::Wavelet(26);
  vtkNew<vtkPointDataToCellData> withCells;
  withCells->SetInputData(image);
  withCells->PassPointDataOn();
  withCells->Update();
  vtkDataSet* cellsToo = withCells->GetOutput();
  auto rectilinear = loomtest::Rectilinear(image, [](int a, int i) { return -26.0 + i + 0.3 * std::sin(1.3 * i + a); });
  for (vtkDataSet* input : { cellsToo, static_cast<vtkDataSet*>(rectilinear) })
  {
    vtkNew<vtkSphere> sphere;
    sphere->SetCenter(-4.0, 3.0, 2.5);
    sphere->SetRadius(5.0);
    vtkNew<vtkBox> box;
    box->SetBounds(-3.0, 4.0, -2.5, 3.0, -4.0, 2.0);
    vtkNew<vtkTransform> turn;
    turn->RotateZ(30);
    turn->Translate(-2.0, 1.0, 3.0);
    box->SetTransform(turn.Get());
    vtkNew<vtkCylinder> column; // along y: bounded across it
    column->SetCenter(3.0, 0.0, -2.0);
    column->SetAxis(0.0, 1.0, 0.0);
    column->SetRadius(4.0);
    vtkNew<vtkSphere> outside;
    outside->SetCenter(40.0, 0.0, 0.0);
    outside->SetRadius(3.0);
    for (vtkImplicitFunction* f : { static_cast<vtkImplicitFunction*>(sphere), static_cast<vtkImplicitFunction*>(box),
                                    static_cast<vtkImplicitFunction*>(column), static_cast<vtkImplicitFunction*>(outside) })
      for (const char* mode : { "plain", "offset", "crinkle", "exact" })
        for (int device : loomtest::Devices())
        {
          const std::string how = mode;
          if (how == "exact" && f != box.Get())
            continue;
          const std::string what = std::string(input->GetClassName()) + ", " + f->GetClassName() +
                                   (f == outside.Get() ? " outside" : "") + ", " + how + ", device " +
                                   std::to_string(device);
          vtkNew<vtkLoomClip> clip;
          clip->SetInputData(input);
          clip->SetClipFunction(f);
          clip->SetInsideOut(true);
          clip->SetValue(how == "offset" ? 2.5 : 0.0);
          clip->SetUseValueAsOffset(how == "offset");
          clip->SetPreserveInputCells(how == "crinkle");
          clip->SetExactBoxClip(how == "exact");
          clip->SetDevice(device);
          const loomtest::GridRun whole = loomtest::RunOnGrids(clip, true);
          const loomtest::GridRun cut = loomtest::RunOnGrids(clip, false);
          vtkDataSet* part = cut.Output;
          loomtest::ExpectRanOn(clip, device, what);
          loomtest::ExpectIdenticalData(whole.Output, part, what);
          EXPECT_EQ(0, whole.PartPoints) << what; // the record says which part was read
          EXPECT_GT(cut.PartPoints, 0) << what;
          EXPECT_LE(2 * cut.PartPoints, cut.InputPoints) << what;
          EXPECT_EQ(part->GetNumberOfCells() == 0, f == outside.Get()) << what;
          if (device != vtkLoomClip::DEVICE_CUDA && whole.Work > 0) // the work monitor counts CPU work
            EXPECT_LT(2 * cut.Work, whole.Work) << what;
          if (device == vtkLoomClip::DEVICE_CUDA && whole.BytesToDevice > 0) // the part alone crosses the link
            EXPECT_LT(2 * cut.BytesToDevice, whole.BytesToDevice) << what;
          if (how != "plain")
            continue;
          auto expected = VTKClip(input, 0.0, true, f);
          EXPECT_EQ(Types(part), Types(expected)) << what;
          const Sizes a = Measure(part), e = Measure(expected);
          EXPECT_TRUE(Close(a.Volume, e.Volume, 1e-8)) << what << ": " << a.Volume << " / " << e.Volume;
        }
    // A plane across a corner keeps little of the grid on either side it keeps: Invert on keeps its lower side,
    // off its upper side (the plane turned over); both read only their part.
    for (const bool insideOut : { true, false })
      for (int device : loomtest::Devices())
      {
        const double sign = insideOut ? 1.0 : -1.0;
        vtkNew<vtkPlane> corner;
        corner->SetOrigin(-18.0, -20.0, -19.0);
        corner->SetNormal(sign * 1.0, sign * 0.8, sign * 1.2);
        const std::string what = std::string(input->GetClassName()) + ", a plane across a corner" +
          (insideOut ? "" : ", its upper side") + ", device " + std::to_string(device);
        vtkNew<vtkLoomClip> clip;
        clip->SetInputData(input);
        clip->SetClipFunction(corner);
        clip->SetInsideOut(insideOut);
        clip->SetDevice(device);
        const loomtest::GridRun whole = loomtest::RunOnGrids(clip, true);
        const loomtest::GridRun cut = loomtest::RunOnGrids(clip, false);
        loomtest::ExpectRanOn(clip, device, what);
        loomtest::ExpectIdenticalData(whole.Output, cut.Output, what);
        ASSERT_GT(cut.Output->GetNumberOfCells(), 0) << what;
        EXPECT_GT(cut.PartPoints, 0) << what;
        EXPECT_LE(4 * cut.PartPoints, cut.InputPoints) << what;
        if (device != vtkLoomClip::DEVICE_CUDA && whole.Work > 0)
          EXPECT_LT(2 * cut.Work, whole.Work) << what;
        if (device == loomtest::Devices().front())
        {
          const Sizes a = Measure(cut.Output), e = Measure(VTKClip(input, 0.0, insideOut, corner));
          EXPECT_TRUE(Close(a.Volume, e.Volume, 1e-8)) << what << ": " << a.Volume << " / " << e.Volume;
        }
      }
  }
}

// Clip by Scalar re-executed on an unchanged image, rectilinear or structured grid (unmasked) reads only the part
// whose value blocks hold a value on the kept side (LoomFilterExpect.h: the whole grid's output exactly, the blocks
// made on the second run): the wavelet's peak kept (RTData at least 250), kept with Invert (its negation below
// -250), and its cells kept whole by a cell array; the cell types and volume are VTK's.
TEST(LoomClip, ScalarReexecutionsClipOnlyThePartTheirValuesReach)
{
  const loomtest::PeakGrids grids = loomtest::MakePeakGrids();
  for (vtkDataSet* input : grids.All())
    for (const int how : { 0, 1, 2 }) // RTData, its negation inside out, the cells' RTData (whole cells)
      for (int device : loomtest::Devices())
      {
        if (input != grids.Image && how != 0) // the other grids: the same blocks, other cells
          continue;
        const bool insideOut = how == 1;
        const char* array = how == 0 ? "RTData" : how == 1 ? "Negated" : "RTCells";
        const double value = insideOut ? -250.0 : 250.0;
        const std::string what = std::string(input->GetClassName()) + ", " + array + ", device " + std::to_string(device);
        vtkNew<vtkLoomClip> clip;
        clip->SetInputData(input);
        clip->SetInputArrayToProcess(0, 0, 0,
                                     how == 2 ? vtkDataObject::FIELD_ASSOCIATION_CELLS
                                              : vtkDataObject::FIELD_ASSOCIATION_POINTS,
                                     array);
        clip->SetValue(value);
        clip->SetInsideOut(insideOut);
        clip->SetDevice(device);
        const loomtest::GridRun part = loomtest::ExpectPartOnReexecution(clip, device, 2.0 / 3.0, what);
        ASSERT_GT(part.Output->GetNumberOfCells(), 0) << what;
        // VTK's clip of the image once per side (its measure triangulates); the other grids' whole-grid clips are
        // held to VTK's by the tests above.
        if (device != loomtest::Devices().front() || input != grids.Image || how == 1) // (1: the same cells as 0)
          continue;
        // By a cell array, ParaView's Clip (vtkPVClipDataSet) keeps the cells whose value is at least Value, as
        // vtkThreshold does; vtkTableBasedClipDataSet would clip by the values averaged to the points.
        vtkNew<vtkTableBasedClipDataSet> vtkClip;
        vtkNew<vtkThreshold> vtkKeep;
        vtkAlgorithm* reference = how == 2 ? static_cast<vtkAlgorithm*>(vtkKeep) : static_cast<vtkAlgorithm*>(vtkClip);
        reference->SetInputDataObject(input);
        reference->SetInputArrayToProcess(0, 0, 0,
                                          how == 2 ? vtkDataObject::FIELD_ASSOCIATION_CELLS
                                                   : vtkDataObject::FIELD_ASSOCIATION_POINTS,
                                          array);
        vtkClip->SetValue(value);
        vtkClip->SetInsideOut(insideOut);
        vtkKeep->SetThresholdFunction(vtkThreshold::THRESHOLD_UPPER);
        vtkKeep->SetUpperThreshold(value);
        reference->Update();
        vtkDataSet* expected = vtkDataSet::SafeDownCast(reference->GetOutputDataObject(0));
        EXPECT_EQ(Types(part.Output), Types(expected)) << what;
        const Sizes a = Measure(part.Output), e = Measure(expected);
        EXPECT_TRUE(Close(a.Volume, e.Volume, 1e-8)) << what << ": " << a.Volume << " / " << e.Volume;
      }
  // A Value that is not a number: no comparison with it holds, so the clip keeps every cell where the blocks'
  // ranges would say none; re-executions read the whole grid (no blocks made) and give its output (found by the
  // fuzzer).
  vtkNew<vtkLoomClip> clip;
  clip->SetInputData(grids.Image);
  clip->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  clip->SetValue(std::numeric_limits<double>::quiet_NaN());
  clip->SetInsideOut(true);
  loom::interop::ClearValueBlocks();
  const std::uint64_t made = loom::interop::GetValueBlocksStatistics().Made;
  const loomtest::GridRun whole = loomtest::RunOnGrids(clip, true);
  for (int run = 0; run < 3; ++run)
    loomtest::ExpectIdenticalData(whole.Output, loomtest::RunOnGrids(clip, false).Output, "Value NaN");
  EXPECT_EQ(made, loom::interop::GetValueBlocksStatistics().Made);
  loom::interop::ClearValueBlocks();
}

TEST(LoomClip, BadInput)
{
  auto image = loomtest::Wavelet(4);
  auto run = [](vtkDataSet* input, auto configure) {
    vtkNew<vtkLoomClip> clip;
    clip->SetInputData(input);
    configure(clip.GetPointer());
    return loomtest::UpdateCapturing(clip);
  };
  // A missing array.
  auto o = run(image, [](vtkLoomClip* c) { c->SetInputArrayToProcess(0, 0, 0, 0, "nothing"); });
  EXPECT_NE(o.Errors.find("Loom Clip: Scalars array 'nothing' is not in"), std::string::npos) << o.Errors;
  EXPECT_EQ(vtkDataSet::SafeDownCast(o.Output)->GetNumberOfCells(), 0);
  // A string array, and a three-component array.
  vtkNew<vtkImageData> copy;
  copy->DeepCopy(image);
  vtkNew<vtkStringArray> names;
  names->SetName("names");
  names->SetNumberOfValues(copy->GetNumberOfPoints());
  copy->GetPointData()->AddArray(names);
  vtkNew<vtkFloatArray> vectors;
  vectors->SetName("vectors");
  vectors->SetNumberOfComponents(3);
  vectors->SetNumberOfTuples(copy->GetNumberOfPoints());
  vectors->Fill(1.0);
  copy->GetPointData()->AddArray(vectors);
  const unsigned long before = copy->GetMTime();
  o = run(copy, [](vtkLoomClip* c) { c->SetInputArrayToProcess(0, 0, 0, 0, "names"); });
  EXPECT_NE(o.Errors.find("Scalars array 'names' is a vtkStringArray, not a numeric array"), std::string::npos)
    << o.Errors;
  o = run(copy, [](vtkLoomClip* c) {
    c->SetInputArrayToProcess(0, 0, 0, 0, "vectors");
    c->FallbackToVTKOff(); // on, vtkTableBasedClipDataSet clips by it (Filters.BadInput, "9 components")
  });
  EXPECT_NE(o.Errors.find("Scalars array 'vectors' has 3 components"), std::string::npos) << o.Errors;
  EXPECT_NE(o.Errors.find("Fallback To VTK is off"), std::string::npos) << o.Errors;
  EXPECT_EQ(copy->GetMTime(), before); // the input is not changed
  // A zero plane normal.
  vtkNew<vtkPlane> flat;
  flat->SetNormal(0.0, 0.0, 0.0);
  o = run(image, [&](vtkLoomClip* c) { c->SetClipFunction(flat); });
  EXPECT_NE(o.Errors.find("Loom Clip: cannot clip the vtkImageData (Clip Type (vtkPlane))"), std::string::npos)
    << o.Errors;
  // A box of zero size with Exact.
  vtkNew<vtkBox> box;
  box->SetBounds(0, 0, -1, 1, -1, 1);
  o = run(image, [&](vtkLoomClip* c) {
    c->SetClipFunction(box);
    c->SetInsideOut(true);
    c->SetExactBoxClip(true);
  });
  EXPECT_NE(o.Errors.find("zero size along axis 0"), std::string::npos) << o.Errors;
  // An empty input gives an empty output without a message.
  vtkNew<vtkUnstructuredGrid> empty;
  o = run(empty, [](vtkLoomClip*) {});
  EXPECT_EQ(o.Errors, "");
  EXPECT_EQ(o.Status, 1);
}

/// Polyhedra and higher-order cells have no Loom cell set: vtkTableBasedClipDataSet clips them, with
/// one info message naming the cell type, and the output is VTK's.
TEST(LoomClip, UnsupportedCellsFallBackToVTK)
{
  for (bool polyhedron : { true, false })
  {
    auto grid = loomtest::UnsupportedCellGrid(polyhedron);
    loomtest::LogCapture log;
    vtkNew<vtkLoomClip> clip;
    clip->SetInputData(grid);
    clip->SetValue(0.4);
    const loomtest::Outcome o = loomtest::UpdateCapturing(clip);
    EXPECT_EQ(o.Status, 1);
    EXPECT_EQ(o.Errors, "");
    EXPECT_NE(log.Text.find(polyhedron ? "vtkPolyhedron (VTK cell type 42)" : "vtkQuadraticTetra (VTK cell type 24)"),
              std::string::npos)
      << log.Text;
    EXPECT_NE(log.Text.find("VTK's vtkTableBasedClipDataSet clips it instead"), std::string::npos) << log.Text;
    vtkNew<vtkTableBasedClipDataSet> reference;
    reference->SetInputData(grid);
    reference->SetValue(0.4);
    reference->Update();
    auto* out = vtkUnstructuredGrid::SafeDownCast(o.Output);
    ASSERT_NE(out, nullptr);
    EXPECT_GT(reference->GetOutput()->GetNumberOfCells(), 0);
    EXPECT_EQ(out->GetNumberOfCells(), reference->GetOutput()->GetNumberOfCells());
    EXPECT_EQ(out->GetNumberOfPoints(), reference->GetOutput()->GetNumberOfPoints());
    EXPECT_NEAR(Measure(out).Volume, Measure(reference->GetOutput()).Volume, 1e-12);
    EXPECT_GT(Measure(out).Volume, 0.0);
  }
}

TEST(LoomClip, NaNDropsItsCells)
{
  auto image = loomtest::Wavelet(4);
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  rt->SetTuple1(0, std::numeric_limits<double>::quiet_NaN());
  rt->SetTuple1(5, std::numeric_limits<double>::infinity());
  auto actual = LoomClip(image, 157.0, false);
  ASSERT_TRUE(actual);
  // Cell 0 (the only cell using point 0) is gone; every output point is finite.
  for (vtkIdType p = 0; p < actual->GetNumberOfPoints(); ++p)
  {
    double x[3];
    actual->GetPoint(p, x);
    EXPECT_TRUE(std::isfinite(x[0]) && std::isfinite(x[1]) && std::isfinite(x[2]));
  }
  vtkDataArray* out = actual->GetPointData()->GetArray("RTData");
  for (vtkIdType p = 0; p < out->GetNumberOfTuples(); ++p)
    EXPECT_FALSE(std::isnan(out->GetTuple1(p)));
}

TEST(LoomClip, MultiblockBlockByBlock)
{
  auto image = loomtest::Wavelet(6);
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetBlock(0, image);
  blocks->SetBlock(1, loomtest::Append(image));
  vtkNew<vtkLoomClip> clip;
  clip->SetInputData(blocks);
  clip->SetValue(157.0);
  clip->Update();
  auto* out = vtkMultiBlockDataSet::SafeDownCast(clip->GetOutputDataObject(0));
  ASSERT_TRUE(out);
  const double expected = Measure(VTKClip(image, 157.0, false)).Volume;
  for (int b = 0; b < 2; ++b)
    EXPECT_TRUE(Close(Measure(vtkDataSet::SafeDownCast(out->GetBlock(b))).Volume, expected, 1e-8));
}

/// A partitioned dataset whose partitions hold the clip array in different types (float and int):
/// each partition is clipped with its own array, as VTK does.
TEST(LoomClip, PartitionsDisagreeingOnTheArrayType)
{
  auto a = loomtest::Wavelet(5);
  auto b = loomtest::Wavelet(6);
  loomtest::RTDataAsInt(b);
  vtkNew<vtkPartitionedDataSet> partitioned;
  partitioned->SetPartition(0, a);
  partitioned->SetPartition(1, b);
  vtkNew<vtkLoomClip> clip;
  clip->SetInputData(partitioned);
  clip->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  clip->SetValue(157.0);
  const loomtest::Outcome o = loomtest::UpdateCapturing(clip);
  EXPECT_EQ(o.Errors, "");
  auto* out = vtkPartitionedDataSet::SafeDownCast(o.Output);
  ASSERT_TRUE(out);
  ASSERT_EQ(out->GetNumberOfPartitions(), 2u);
  for (unsigned int p = 0; p < 2; ++p)
  {
    vtkDataSet* input = p == 0 ? static_cast<vtkDataSet*>(a) : static_cast<vtkDataSet*>(b);
    auto* part = out->GetPartition(p);
    ASSERT_TRUE(part) << "partition " << p;
    const Sizes e = Measure(VTKClip(input, 157.0, false));
    EXPECT_GT(e.Volume, 0.0);
    EXPECT_TRUE(Close(Measure(part).Volume, e.Volume, 1e-9)) << "partition " << p;
    // The clipped array keeps its type, and its values stay on the kept side.
    vtkDataArray* values = part->GetPointData()->GetArray("RTData");
    ASSERT_TRUE(values);
    EXPECT_EQ(values->GetDataType(), p == 0 ? VTK_FLOAT : VTK_INT);
    double range[2];
    values->GetRange(range);
    EXPECT_GE(range[0], p == 0 ? 157.0 - 1e-4 : 157.0 - 1.0) << "partition " << p;
  }
}
