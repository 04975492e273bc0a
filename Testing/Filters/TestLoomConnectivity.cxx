// Loom filter tests: vtkLoomConnectivity against vtkConnectivityFilter (ParaView's Connectivity) on thresholds
// of the wavelet (many regions: hexahedra, tetrahedra), the image itself, a structured grid, polygonal data of
// every kind (vertices, lines, polygons, strips) and a contour in pieces, quadratic cells, over every
// extraction mode, region id assignment and Color Regions, on each device: the same cells in the same order
// (cell types and corner positions), the same point and cell data at every corner and cell, the same RegionId
// values; the documented differences (kept points in input order, one cell RegionId per output cell) asserted
// as such; the fallbacks (polyhedra, Scalar Connectivity) and the bad-input contract.
#include <vtkLoomConnectivity.h>

#include "LoomFilterTesting.h"

#include <vtkAppendPolyData.h>
#include <vtkCellData.h>
#include <vtkCellArray.h>
#include <vtkConnectivityFilter.h>
#include <vtkContourFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkIdTypeArray.h>
#include <vtkLineSource.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSphereSource.h>
#include <vtkStripper.h>
#include <vtkThreshold.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <vector>

namespace
{
struct Setting
{
  int Mode = vtkLoomConnectivity::ALL_REGIONS;
  int Order = vtkLoomConnectivity::UNSPECIFIED;
  bool Color = true;
  std::vector<vtkIdType> Seeds;
  std::vector<int> Regions;
  std::array<double, 3> Closest{ 0, 0, 0 };
  std::string Describe() const
  {
    std::string s = "mode " + std::to_string(Mode) + " order " + std::to_string(Order) + " color " +
      std::to_string(Color) + " seeds";
    for (vtkIdType i : Seeds)
      s += " " + std::to_string(i);
    s += " regions";
    for (int r : Regions)
      s += " " + std::to_string(r);
    return s;
  }
};

template <typename Filter>
void Configure(Filter* f, const Setting& s)
{
  f->SetExtractionMode(s.Mode);
  f->SetRegionIdAssignmentMode(s.Order);
  f->SetColorRegions(s.Color);
  f->SetClosestPoint(s.Closest.data());
  for (vtkIdType i : s.Seeds)
    f->AddSeed(i);
  for (int r : s.Regions)
    f->AddSpecifiedRegion(r);
}

/// Adds "CellNumber" (the input cell id, double) and "PointNumber" (the input point id) to a copy's arrays.
void Number(vtkDataSet* data)
{
  vtkNew<vtkDoubleArray> cells, points;
  cells->SetName("CellNumber");
  points->SetName("PointNumber");
  cells->SetNumberOfTuples(data->GetNumberOfCells());
  points->SetNumberOfTuples(data->GetNumberOfPoints());
  for (vtkIdType c = 0; c < data->GetNumberOfCells(); ++c)
    cells->SetValue(c, static_cast<double>(c));
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
    points->SetValue(p, static_cast<double>(p));
  data->GetCellData()->AddArray(cells);
  data->GetPointData()->AddArray(points);
}

/// The points the cells of `data` use (their positions), sorted.
std::vector<std::array<double, 3>> UsedPoints(vtkDataSet* data)
{
  std::set<vtkIdType> used;
  vtkNew<vtkIdList> ids;
  for (vtkIdType c = 0; c < data->GetNumberOfCells(); ++c)
  {
    data->GetCellPoints(c, ids);
    for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k)
      used.insert(ids->GetId(k));
  }
  std::vector<std::array<double, 3>> out;
  for (vtkIdType p : used)
  {
    double x[3];
    data->GetPoint(p, x);
    out.push_back({ x[0], x[1], x[2] });
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Runs both filters on `input` with setting `s` and compares: the same cells in the same order, corner for
/// corner, with the same arrays; the documented differences asserted as such.
void ExpectAsVTK(vtkDataSet* input, const Setting& s, const std::string& what)
{
  vtkNew<vtkConnectivityFilter> vtk;
  vtk->SetInputData(input);
  Configure(vtk.Get(), s);
  vtk->Update();
  auto* expected = vtkPointSet::SafeDownCast(vtk->GetOutputDataObject(0));
  const bool seeded = s.Mode == vtkLoomConnectivity::POINT_SEEDED_REGIONS ||
    s.Mode == vtkLoomConnectivity::CELL_SEEDED_REGIONS || s.Mode == vtkLoomConnectivity::CLOSEST_POINT_REGION;
  for (int device : loomtest::Devices())
  {
    const std::string at = what + " " + s.Describe() + " device " + std::to_string(device);
    vtkNew<vtkLoomConnectivity> loom;
    loom->SetInputData(input);
    loom->SetDevice(device);
    loom->SetFallbackToVTK(false);
    Configure(loom.Get(), s);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    ASSERT_EQ(1, o.Status) << at << ": " << o.Errors;
    EXPECT_EQ("", o.Errors + o.Warnings) << at;
    loomtest::ExpectRanOn(loom, device, at);
    auto* got = vtkPointSet::SafeDownCast(loom->GetOutputDataObject(0));
    ASSERT_NE(nullptr, got) << at;
    ASSERT_STREQ(expected->GetClassName(), got->GetClassName()) << at;
    EXPECT_EQ(vtk->GetNumberOfExtractedRegions(), loom->GetNumberOfExtractedRegions()) << at;
    ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;

    // The points: VTK's all-regions and seeded outputs hold exactly the kept cells' points (in its traversal's
    // order); Loom's hold the kept cells' points in input order, in every mode.
    const auto usedByLoom = UsedPoints(got);
    EXPECT_EQ(static_cast<std::size_t>(got->GetNumberOfPoints()), usedByLoom.size()) << at << ": unused points";
    EXPECT_EQ(UsedPoints(expected), usedByLoom) << at;
    if (s.Mode == vtkLoomConnectivity::ALL_REGIONS || seeded)
      EXPECT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << at;
    vtkDataArray* pointNumber = got->GetPointData()->GetArray("PointNumber");
    ASSERT_NE(nullptr, pointNumber) << at;
    for (vtkIdType p = 1; p < got->GetNumberOfPoints(); ++p)
      ASSERT_LT(pointNumber->GetComponent(p - 1, 0), pointNumber->GetComponent(p, 0)) << at << " point " << p;

    // Cell by cell: the type, the corners' positions and point arrays, the cell arrays.
    vtkNew<vtkIdList> e, g;
    vtkDataArray* eRegion = expected->GetPointData()->GetArray("RegionId");
    vtkDataArray* gRegion = got->GetPointData()->GetArray("RegionId");
    vtkDataArray* eCellRegion = expected->GetCellData()->GetArray("RegionId");
    vtkDataArray* gCellRegion = got->GetCellData()->GetArray("RegionId");
    ASSERT_EQ(s.Color, gRegion != nullptr) << at;
    ASSERT_EQ(s.Color, gCellRegion != nullptr) << at;
    if (s.Color)
    {
      EXPECT_EQ(gRegion, got->GetPointData()->GetScalars()) << at;
      EXPECT_EQ(gCellRegion, got->GetCellData()->GetScalars()) << at;
      EXPECT_EQ(VTK_ID_TYPE, gRegion->GetDataType()) << at;
      EXPECT_EQ(got->GetNumberOfCells(), gCellRegion->GetNumberOfTuples()) << at;
    }
    vtkDataArray* gCellNumber = got->GetCellData()->GetArray("CellNumber");
    ASSERT_NE(nullptr, gCellNumber) << at;
    int differ = 0;
    for (vtkIdType c = 0; c < got->GetNumberOfCells() && differ < 5; ++c)
    {
      const std::string cell = at + " cell " + std::to_string(c);
      ASSERT_EQ(expected->GetCellType(c), got->GetCellType(c)) << cell;
      expected->GetCellPoints(c, e);
      got->GetCellPoints(c, g);
      ASSERT_EQ(e->GetNumberOfIds(), g->GetNumberOfIds()) << cell;
      for (vtkIdType k = 0; k < e->GetNumberOfIds(); ++k)
      {
        double x[3], y[3];
        expected->GetPoint(e->GetId(k), x);
        got->GetPoint(g->GetId(k), y);
        for (int a = 0; a < 3; ++a)
          differ += x[a] != y[a];
        for (int a = 0; a < expected->GetPointData()->GetNumberOfArrays(); ++a)
        {
          vtkDataArray* ea = expected->GetPointData()->GetArray(a);
          vtkDataArray* ga = got->GetPointData()->GetArray(ea->GetName());
          ASSERT_NE(nullptr, ga) << cell << " " << ea->GetName();
          for (int comp = 0; comp < ea->GetNumberOfComponents(); ++comp)
            if (ea->GetComponent(e->GetId(k), comp) != ga->GetComponent(g->GetId(k), comp) && differ++ < 5)
              ADD_FAILURE() << cell << " corner " << k << " " << ea->GetName() << ": VTK "
                            << ea->GetComponent(e->GetId(k), comp) << ", Loom " << ga->GetComponent(g->GetId(k), comp);
        }
      }
      // VTK's cell arrays: its own by output cell, its RegionId by input cell (set only where it reached).
      for (int a = 0; a < expected->GetCellData()->GetNumberOfArrays(); ++a)
      {
        vtkDataArray* ea = expected->GetCellData()->GetArray(a);
        vtkDataArray* ga = got->GetCellData()->GetArray(ea->GetName());
        ASSERT_NE(nullptr, ga) << cell << " " << ea->GetName();
        const vtkIdType from = ea == eCellRegion ? static_cast<vtkIdType>(gCellNumber->GetComponent(c, 0)) : c;
        for (int comp = 0; comp < ea->GetNumberOfComponents(); ++comp)
          if (ea->GetComponent(from, comp) != ga->GetComponent(c, comp) && differ++ < 5)
            ADD_FAILURE() << cell << " " << ea->GetName() << ": VTK " << ea->GetComponent(from, comp) << ", Loom "
                          << ga->GetComponent(c, comp);
      }
      if (seeded && s.Color)
        EXPECT_EQ(0, gCellRegion->GetComponent(c, 0)) << cell;
    }
    EXPECT_EQ(0, differ) << at;
    EXPECT_EQ(expected->GetPointData()->GetNumberOfArrays(), got->GetPointData()->GetNumberOfArrays()) << at;
    EXPECT_EQ(expected->GetCellData()->GetNumberOfArrays(), got->GetCellData()->GetNumberOfArrays()) << at;
    (void)eRegion;
  }
}

/// Every extraction mode and assignment on `input` (with `regions` regions expected from VTK's filter).
void EveryMode(vtkDataSet* input, const std::string& what, int atLeastRegions)
{
  vtkNew<vtkConnectivityFilter> count;
  count->SetInputData(input);
  count->SetExtractionModeToAllRegions();
  count->Update();
  const int regions = count->GetNumberOfExtractedRegions();
  ASSERT_GE(regions, atLeastRegions) << what;
  const vtkIdType points = input->GetNumberOfPoints(), cells = input->GetNumberOfCells();
  double bounds[6];
  input->GetBounds(bounds);
  for (int order = 0; order < 3; ++order)
    for (int mode : { vtkLoomConnectivity::ALL_REGIONS, vtkLoomConnectivity::LARGEST_REGION,
                      vtkLoomConnectivity::SPECIFIED_REGIONS })
    {
      Setting s;
      s.Mode = mode;
      s.Order = order;
      s.Regions = { 0, regions / 2, regions - 1, regions + 5, -1 };
      ExpectAsVTK(input, s, what);
    }
  Setting s;
  s.Mode = vtkLoomConnectivity::ALL_REGIONS;
  s.Color = false;
  ExpectAsVTK(input, s, what);
  s.Mode = vtkLoomConnectivity::CELL_SEEDED_REGIONS;
  s.Color = true;
  s.Seeds = { cells - 1, -3, cells / 3 };
  ExpectAsVTK(input, s, what);
  s.Mode = vtkLoomConnectivity::POINT_SEEDED_REGIONS;
  s.Seeds = { points / 2, 0, points - 1 };
  ExpectAsVTK(input, s, what);
  s.Mode = vtkLoomConnectivity::CLOSEST_POINT_REGION;
  s.Seeds.clear();
  s.Closest = { bounds[0] + 0.3 * (bounds[1] - bounds[0]), bounds[2] + 0.7 * (bounds[3] - bounds[2]),
                0.5 * (bounds[4] + bounds[5]) };
  ExpectAsVTK(input, s, what);
  s.Closest = { bounds[1] + 100.0, bounds[3] + 100.0, bounds[5] + 100.0 }; // outside: a corner's region
  ExpectAsVTK(input, s, what);
}

vtkSmartPointer<vtkDataSet> Thresholded(vtkDataSet* input, double lower, double upper)
{
  vtkNew<vtkThreshold> threshold;
  threshold->SetInputData(input);
  threshold->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  threshold->SetLowerThreshold(lower);
  threshold->SetUpperThreshold(upper);
  threshold->Update();
  auto out = vtkSmartPointer<vtkUnstructuredGrid>::New();
  out->DeepCopy(threshold->GetOutput());
  Number(out);
  return out;
}
} // namespace

TEST(LoomConnectivity, ThresholdsOfTheWaveletAsVTK)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(12);
  EveryMode(Thresholded(wavelet, 100.0, 130.0), "voxels", 20);
  EveryMode(Thresholded(loomtest::Hexahedra(wavelet), 100.0, 130.0), "hexahedra", 20);
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(Thresholded(wavelet, 230.0, 300.0));
  tets->Update();
  auto tetrahedra = vtkSmartPointer<vtkUnstructuredGrid>::New();
  tetrahedra->DeepCopy(tets->GetOutput());
  Number(tetrahedra);
  EveryMode(tetrahedra, "tetrahedra", 2);
}

TEST(LoomConnectivity, GridsAsVTK)
{
  // One region each: every cell of a grid shares points with its neighbours.
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(5);
  Number(wavelet);
  EveryMode(wavelet, "image", 1);
  vtkSmartPointer<vtkStructuredGrid> twisted = loomtest::Twisted(wavelet);
  EveryMode(twisted, "structured grid", 1);
}

TEST(LoomConnectivity, PolygonalDataOfEveryKindAsVTK)
{
  // Vertices, lines, polygons and strips in one polygonal dataset: several regions, polygonal data out.
  vtkNew<vtkSphereSource> sphere, other;
  sphere->SetThetaResolution(12);
  sphere->SetPhiResolution(8);
  other->SetCenter(3, 0, 0);
  vtkNew<vtkStripper> strips;
  strips->SetInputConnection(other->GetOutputPort());
  vtkNew<vtkLineSource> line;
  line->SetPoint1(-3, 0, 0);
  line->SetPoint2(-2, 1, 0);
  line->SetResolution(4);
  vtkNew<vtkPolyData> vertices;
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> verts;
  for (int i = 0; i < 4; ++i)
  {
    points->InsertNextPoint(0, 0, 5 + i);
    const vtkIdType id = i;
    verts->InsertNextCell(1, &id);
  }
  vertices->SetPoints(points);
  vertices->SetVerts(verts);
  vtkNew<vtkAppendPolyData> append;
  append->AddInputConnection(sphere->GetOutputPort());
  append->AddInputConnection(strips->GetOutputPort());
  append->AddInputConnection(line->GetOutputPort());
  append->AddInputData(vertices);
  append->Update();
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->DeepCopy(append->GetOutput());
  ASSERT_GT(poly->GetNumberOfStrips(), 0);
  Number(poly);
  EveryMode(poly, "polygonal data", 7);

  // A contour of the wavelet in pieces (a noisy field's isosurface).
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(loomtest::Wavelet(12));
  contour->SetValue(0, 240.0);
  contour->Update();
  auto surface = vtkSmartPointer<vtkPolyData>::New();
  surface->DeepCopy(contour->GetOutput());
  Number(surface);
  EveryMode(surface, "contour", 2);
}

TEST(LoomConnectivity, QuadraticCellsByAllTheirNodes)
{
  // A quadratic tetrahedron and a separate linear one: two regions, both kept as they are.
  vtkSmartPointer<vtkUnstructuredGrid> grid = loomtest::UnsupportedCellGrid(false);
  vtkPoints* points = grid->GetPoints();
  vtkIdType ids[4];
  for (int i = 0; i < 4; ++i)
    ids[i] = points->InsertNextPoint(5 + (i == 1), 5 + (i == 2), 5 + (i == 3));
  grid->InsertNextCell(VTK_TETRA, 4, ids);
  grid->GetPointData()->Initialize();
  Number(grid);
  EveryMode(grid, "quadratic tetrahedron", 2);
}

TEST(LoomConnectivity, FallbacksAndBadInput)
{
  // Polyhedra and Scalar Connectivity: VTK's filter, with one note; off, an error naming the reason.
  vtkSmartPointer<vtkUnstructuredGrid> polyhedron = loomtest::UnsupportedCellGrid(true);
  for (int c = 0; c < 2; ++c)
  {
    vtkNew<vtkLoomConnectivity> loom;
    vtkNew<vtkConnectivityFilter> vtk;
    loom->SetInputData(polyhedron);
    vtk->SetInputData(polyhedron);
    if (c == 1)
    {
      loom->SetScalarConnectivity(true);
      loom->SetScalarRange(0.5, 2.0);
      vtk->SetScalarConnectivity(true);
      vtk->SetScalarRange(0.5, 2.0);
    }
    vtk->Update();
    {
      loomtest::LogCapture log;
      const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
      EXPECT_EQ(1, o.Status);
      EXPECT_NE(std::string::npos, log.Text.find(c ? "Scalar Connectivity" : "polyhedra")) << log.Text;
      EXPECT_NE(std::string::npos, log.Text.find("VTK's vtkConnectivityFilter")) << log.Text;
      EXPECT_EQ(vtk->GetOutput()->GetNumberOfCells(), vtkDataSet::SafeDownCast(o.Output)->GetNumberOfCells());
      EXPECT_EQ(vtk->GetNumberOfExtractedRegions(), loom->GetNumberOfExtractedRegions());
    }
    loom->SetFallbackToVTK(false);
    const loomtest::Outcome off = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, off.Status);
    EXPECT_NE(std::string::npos, off.Errors.find("Loom Connectivity")) << off.Errors;
  }

  // Output Points Precision other than the default: VTK's filter, with one note, and its point type.
  {
    auto grid = Thresholded(loomtest::Wavelet(6), 100.0, 200.0);
    vtkNew<vtkLoomConnectivity> loom;
    loom->SetInputData(grid);
    loom->SetOutputPointsPrecision(vtkAlgorithm::DOUBLE_PRECISION);
    loomtest::LogCapture log;
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(1, o.Status);
    EXPECT_NE(std::string::npos, log.Text.find("Output Points Precision")) << log.Text;
    EXPECT_EQ(VTK_DOUBLE, vtkPointSet::SafeDownCast(o.Output)->GetPoints()->GetDataType());
    EXPECT_EQ(VTK_FLOAT, vtkPointSet::SafeDownCast(grid)->GetPoints()->GetDataType()); // the input: float
  }

  // Seeds past the input's points or cells: an error naming Seed Ids; the input unchanged.
  auto grid = Thresholded(loomtest::Wavelet(6), 100.0, 200.0);
  const vtkMTimeType before = grid->GetMTime();
  for (int mode : { vtkLoomConnectivity::POINT_SEEDED_REGIONS, vtkLoomConnectivity::CELL_SEEDED_REGIONS })
  {
    vtkNew<vtkLoomConnectivity> loom;
    loom->SetInputData(grid);
    loom->SetExtractionMode(mode);
    loom->AddSeed(0);
    loom->AddSeed(mode == vtkLoomConnectivity::POINT_SEEDED_REGIONS ? grid->GetNumberOfPoints()
                                                                    : grid->GetNumberOfCells() + 7);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Connectivity")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find("Seed Ids")) << o.Errors;
    EXPECT_EQ(0, vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0))->GetNumberOfCells());
  }
  EXPECT_EQ(before, grid->GetMTime());

  // Empty in, empty out; no seeds, no region found: nothing, silently, as VTK.
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkLoomConnectivity> loom;
  loom->SetInputData(empty);
  loomtest::ExpectSilentEmpty(loom, "empty grid");
  vtkNew<vtkPolyData> emptyPoly;
  loom->SetInputData(emptyPoly);
  loomtest::ExpectSilentEmpty(loom, "empty polygonal data");
  EXPECT_TRUE(vtkPolyData::SafeDownCast(loom->GetOutputDataObject(0)));
  Setting none;
  none.Mode = vtkLoomConnectivity::CELL_SEEDED_REGIONS;
  ExpectAsVTK(grid, none, "no seeds");
}

TEST(LoomConnectivity, GlobalIdsCarriedWhereVTKDropsThem)
{
  // A documented difference (docs/filters/connectivity.md): VTK's copy leaves the GlobalIds attribute out.
  auto grid = Thresholded(loomtest::Wavelet(6), 100.0, 200.0);
  vtkNew<vtkIdTypeArray> ids;
  ids->SetName("Ids");
  ids->SetNumberOfTuples(grid->GetNumberOfPoints());
  for (vtkIdType p = 0; p < grid->GetNumberOfPoints(); ++p)
    ids->SetValue(p, 1000 + p);
  grid->GetPointData()->SetGlobalIds(ids);
  vtkNew<vtkConnectivityFilter> vtk;
  vtk->SetInputData(grid);
  vtk->Update();
  EXPECT_EQ(nullptr, vtk->GetOutput()->GetPointData()->GetArray("Ids"));
  vtkNew<vtkLoomConnectivity> loom;
  loom->SetInputData(grid);
  loom->Update();
  auto* out = vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0));
  vtkDataArray* carried = out->GetPointData()->GetArray("Ids");
  ASSERT_NE(nullptr, carried);
  vtkDataArray* number = out->GetPointData()->GetArray("PointNumber");
  for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
    ASSERT_EQ(1000 + number->GetComponent(p, 0), carried->GetComponent(p, 0)) << "point " << p;
}
