// Loom Stream Tracer against vtkStreamTracer (ParaView's Stream Tracer on one rank), Serial and TBB: on an
// image, a rectilinear grid of uneven steps, a twisted structured grid, hexahedra, tetrahedra, cell vectors,
// the kitchen (a curvilinear grid with a real flow) and a grid of every linear cell shape, from a line and a
// point cloud, with each integrator, both directions and both step units: the same lines (count, seed,
// termination reason), the same points (Runge-Kutta 2 and 4: to the bit; Runge-Kutta 4-5: the same count and
// total length within 1e-4) and the same arrays; a rigid rotation's exact circles; the locator kept while the
// seeds move; bad input.
#include "LoomFilterTesting.h"

#include <vtkLoomExecution.h>
#include <vtkLoomStreamTracer.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkIntArray.h>
#include <vtkLineSource.h>
#include <vtkMath.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkPointSet.h>
#include <vtkPointSource.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkStreamTracer.h>
#include <vtkStructuredGrid.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace
{
/// The wavelet of (2 half)^3 points with a swirling vector field V = (RTData / 50 - y, x + RTData / 100, z / 10).
vtkSmartPointer<vtkImageData> Flow(int half = 10)
{
  vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(half);
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  vtkNew<vtkDoubleArray> v;
  v->SetName("V");
  v->SetNumberOfComponents(3);
  v->SetNumberOfTuples(image->GetNumberOfPoints());
  for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
  {
    double x[3];
    image->GetPoint(p, x);
    const double r = rt->GetTuple1(p);
    v->SetTuple3(p, r / 50.0 - x[1], x[0] + r / 100.0, x[2] / 10.0);
  }
  image->GetPointData()->AddArray(v);
  image->GetPointData()->SetActiveVectors("V");
  return image;
}

vtkSmartPointer<vtkDataSet> Tetrahedra(vtkDataSet* data)
{
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(data);
  tets->Update();
  return tets->GetOutput();
}

vtkSmartPointer<vtkDataSet> CellVectors(vtkImageData* image)
{
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(image);
  cells->Update();
  vtkSmartPointer<vtkDataSet> out = cells->GetOutput();
  out->GetPointData()->Initialize();
  return out;
}

vtkSmartPointer<vtkPolyData> LineSeeds(const double* a, const double* b, int resolution)
{
  vtkNew<vtkLineSource> line;
  line->SetPoint1(a[0], a[1], a[2]);
  line->SetPoint2(b[0], b[1], b[2]);
  line->SetResolution(resolution);
  line->Update();
  return line->GetOutput();
}

vtkSmartPointer<vtkPolyData> CloudSeeds(const double* center, double radius, int points)
{
  vtkNew<vtkPointSource> cloud;
  cloud->SetCenter(center[0], center[1], center[2]);
  cloud->SetRadius(radius);
  cloud->SetNumberOfPoints(points);
  cloud->Update();
  return cloud->GetOutput();
}

struct Settings
{
  int Integrator = vtkStreamTracer::RUNGE_KUTTA45;
  int Direction = vtkStreamTracer::BOTH;
  int Unit = vtkStreamTracer::CELL_LENGTH_UNIT;
  double Initial = 0.2, Maximum = 0.5, Length = 40.0;
  const char* Vectors = "V";
  bool Cells = false; // the vectors are cell data
};

template <typename Tracer>
void Configure(Tracer* f, vtkDataSet* input, vtkDataSet* seeds, const Settings& s)
{
  f->SetInputData(input);
  f->SetSourceData(seeds);
  f->SetIntegratorType(s.Integrator);
  f->SetIntegrationDirection(s.Direction);
  f->SetIntegrationStepUnit(s.Unit);
  f->SetInitialIntegrationStep(s.Initial);
  f->SetMaximumIntegrationStep(s.Maximum);
  f->SetMaximumPropagation(s.Length);
  f->SetInputArrayToProcess(0, 0, 0, s.Cells ? vtkDataObject::FIELD_ASSOCIATION_CELLS : vtkDataObject::FIELD_ASSOCIATION_POINTS,
                            s.Vectors);
}

vtkSmartPointer<vtkPolyData> VTKLines(vtkDataSet* input, vtkDataSet* seeds, const Settings& s)
{
  vtkNew<vtkStreamTracer> vtk;
  Configure(vtk.Get(), input, seeds, s);
  vtk->Update();
  return vtk->GetOutput();
}

vtkSmartPointer<vtkPolyData> LoomLines(vtkDataSet* input, vtkDataSet* seeds, const Settings& s, int device,
                                       const std::string& what)
{
  vtkNew<vtkLoomStreamTracer> loom;
  Configure(loom.Get(), input, seeds, s);
  loom->SetDevice(device);
  loom->FallbackToVTKOff(); // every case here is Loom's own
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(1, o.Status) << what;
  EXPECT_EQ("", o.Errors + o.Warnings) << what;
  loomtest::ExpectRanOn(loom, device, what);
  return loom->GetOutput();
}

double LinesLength(vtkPolyData* lines)
{
  double total = 0.0;
  vtkCellArray* cells = lines->GetLines();
  vtkIdType n;
  const vtkIdType* ids;
  for (cells->InitTraversal(); cells->GetNextCell(n, ids);)
    for (vtkIdType i = 1; i < n; ++i)
    {
      double a[3], b[3];
      lines->GetPoint(ids[i - 1], a);
      lines->GetPoint(ids[i], b);
      total += std::sqrt(vtkMath::Distance2BetweenPoints(a, b));
    }
  return total;
}

/// The same lines: per line its seed and reason; the total length within 1e-4; the same points within
/// `tolerance` and every array of VTK's with its type and components, values within 1e-4 of the array's largest
/// magnitude (vorticity is a cell's derivative: where a point lies on a face two cells give two values).
/// `adaptive` (Runge-Kutta 4-5, whose steps follow an error estimate: where two cells hold a point, another cell's
/// interpolation changes the next step, and the lines part): the points' count and the total length only, and
/// the arrays' types and components.
void ExpectSameLines(vtkPolyData* vtk, vtkPolyData* loom, double tolerance, const std::string& what, bool adaptive = false)
{

  ASSERT_EQ(vtk->GetNumberOfLines(), loom->GetNumberOfLines()) << what;
  ASSERT_GT(vtk->GetNumberOfLines(), 0) << what;
  for (const char* name : { "ReasonForTermination", "SeedIds" })
  {
    vtkDataArray* a = vtk->GetCellData()->GetArray(name);
    vtkDataArray* b = loom->GetCellData()->GetArray(name);
    ASSERT_TRUE(a && b && b->IsA("vtkIntArray")) << what << ": " << name;
    for (vtkIdType c = 0; c < a->GetNumberOfTuples(); ++c)
      ASSERT_EQ(a->GetTuple1(c), b->GetTuple1(c)) << what << ": " << name << " of line " << c;
  }
  ASSERT_EQ(vtk->GetNumberOfPoints(), loom->GetNumberOfPoints()) << what;
  EXPECT_TRUE(loom->GetPoints()->GetData()->IsA("vtkFloatArray")) << what;
  for (vtkIdType p = 0; p < vtk->GetNumberOfPoints() && !adaptive; ++p)
  {
    double a[3], b[3];
    vtk->GetPoint(p, a);
    loom->GetPoint(p, b);
    ASSERT_LE(std::sqrt(vtkMath::Distance2BetweenPoints(a, b)), tolerance) << what << ": point " << p;
  }
  const double length = LinesLength(vtk);
  EXPECT_NEAR(LinesLength(loom), length, 1e-4 * length) << what;
  vtkPointData* pa = vtk->GetPointData();
  vtkPointData* pb = loom->GetPointData();
  ASSERT_EQ(pa->GetNumberOfArrays(), pb->GetNumberOfArrays()) << what;
  for (int i = 0; i < pa->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* a = pa->GetArray(i);
    vtkDataArray* b = pb->GetArray(i);
    ASSERT_TRUE(b && std::string(a->GetName()) == b->GetName()) << what << ": array " << i << " " << a->GetName();
    ASSERT_EQ(a->GetDataType(), b->GetDataType()) << what << ": " << a->GetName();
    ASSERT_EQ(a->GetNumberOfComponents(), b->GetNumberOfComponents()) << what << ": " << a->GetName();
    if (adaptive)
      continue;
    double largest = 0.0;
    for (vtkIdType t = 0; t < a->GetNumberOfValues(); ++t)
      largest = std::max(largest, std::fabs(a->GetVariantValue(t).ToDouble()));
    for (vtkIdType t = 0; t < a->GetNumberOfValues(); ++t)
      ASSERT_NEAR(a->GetVariantValue(t).ToDouble(), b->GetVariantValue(t).ToDouble(), 1e-4 * largest + 1e-12)
        << what << ": " << a->GetName() << " value " << t;
  }
  vtkDataArray* normals = pb->GetVectors();
  EXPECT_TRUE(normals && std::string(normals->GetName()) == "Normals") << what << ": the active vectors";
}

/// The cells of a structured grid as hexahedra, two wedges or six pyramids about an added centre point (its
/// arrays the corners' mean), by the cube's i + j (`conforming`: a face two cells share has the same corners in
/// both) or i + j + k (the wedges' triangles beside the hexahedra's and pyramids' squares).
vtkSmartPointer<vtkUnstructuredGrid> Mixed(vtkStructuredGrid* grid, bool conforming)
{
  int dims[3];
  grid->GetDimensions(dims);
  auto out = vtkSmartPointer<vtkUnstructuredGrid>::New();
  vtkNew<vtkPoints> points;
  points->DeepCopy(grid->GetPoints());
  out->SetPoints(points);
  out->GetPointData()->DeepCopy(grid->GetPointData());
  vtkPointData* pd = out->GetPointData();
  out->Allocate(8 * grid->GetNumberOfCells());
  auto id = [&](int i, int j, int k) { return static_cast<vtkIdType>(i + dims[0] * (j + dims[1] * k)); };
  for (int k = 0; k + 1 < dims[2]; ++k)
    for (int j = 0; j + 1 < dims[1]; ++j)
      for (int i = 0; i + 1 < dims[0]; ++i)
      {
        const vtkIdType c[8] = { id(i, j, k),     id(i + 1, j, k),     id(i + 1, j + 1, k),     id(i, j + 1, k),
                                 id(i, j, k + 1), id(i + 1, j, k + 1), id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1) };
        const int kind = (i + j + (conforming ? 0 : k)) % 3;
        if (kind == 0)
          out->InsertNextCell(VTK_HEXAHEDRON, 8, c);
        else if (kind == 1)
        {
          const vtkIdType w1[6] = { c[0], c[1], c[3], c[4], c[5], c[7] }, w2[6] = { c[1], c[2], c[3], c[5], c[6], c[7] };
          out->InsertNextCell(VTK_WEDGE, 6, w1);
          out->InsertNextCell(VTK_WEDGE, 6, w2);
        }
        else
        {
          double centre[3] = { 0, 0, 0 };
          for (vtkIdType q : c)
          {
            double x[3];
            points->GetPoint(q, x);
            for (int a = 0; a < 3; ++a)
              centre[a] += x[a] / 8.0;
          }
          const vtkIdType apex = points->InsertNextPoint(centre);
          for (int a = 0; a < pd->GetNumberOfArrays(); ++a)
          {
            vtkDataArray* array = pd->GetArray(a);
            std::vector<double> mean(array->GetNumberOfComponents(), 0.0);
            for (vtkIdType q : c)
              for (int m = 0; m < array->GetNumberOfComponents(); ++m)
                mean[m] += array->GetComponent(q, m) / 8.0;
            array->InsertTuple(apex, mean.data());
          }
          const int faces[6][4] = { { 0, 3, 2, 1 }, { 4, 5, 6, 7 }, { 0, 1, 5, 4 }, { 1, 2, 6, 5 }, { 2, 3, 7, 6 }, { 3, 0, 4, 7 } };
          for (const auto& f : faces)
          {
            const vtkIdType p[5] = { c[f[0]], c[f[1]], c[f[2]], c[f[3]], apex };
            out->InsertNextCell(VTK_PYRAMID, 5, p);
          }
        }
      }
  return out;
}

struct Input
{
  std::string Name;
  vtkSmartPointer<vtkDataSet> Data;
  vtkSmartPointer<vtkDataSet> Line, Cloud;
  Settings Base;
};

std::vector<Input> Inputs()
{
  std::vector<Input> inputs;
  vtkSmartPointer<vtkImageData> flow = Flow();
  const double a[3] = { -9.5, -9.3, -9.1 }, b[3] = { 9.7, 9.2, 9.6 }, c[3] = { 0.3, -0.4, 0.5 };
  vtkSmartPointer<vtkPolyData> line = LineSeeds(a, b, 30), cloud = CloudSeeds(c, 6.0, 50);
  inputs.push_back({ "image", flow, line, cloud, {} });
  inputs.push_back({ "rectilinear", loomtest::Rectilinear(flow, [](int, int i) { return -10.0 + i + 0.02 * i * i - 0.4; }),
                     line, cloud, {} });
  inputs.push_back({ "structured", loomtest::Twisted(flow), line, cloud, {} });
  inputs.push_back({ "hexahedra", loomtest::Hexahedra(flow), line, cloud, {} });
  inputs.push_back({ "tetrahedra", Tetrahedra(loomtest::Twisted(flow)), line, cloud, {} });
  Input cells{ "cell vectors", CellVectors(flow), line, cloud, {} };
  cells.Base.Cells = true;
  inputs.push_back(cells);
  // The kitchen: ParaView's classic streamlines, a line across the room and a cloud by the stove.
  Input kitchen{ "kitchen", loomtest::Read("kitchen.vtk"), nullptr, nullptr, {} };
  const double k1[3] = { 0.08, 0.1, 0.1 }, k2[3] = { 0.08, 5.9, 2.4 }, k3[3] = { 2.0, 3.0, 1.2 };
  kitchen.Line = LineSeeds(k1, k2, 40);
  kitchen.Cloud = CloudSeeds(k3, 0.8, 40);
  kitchen.Base.Vectors = "velocity";
  kitchen.Base.Length = 15.0;
  inputs.push_back(kitchen);
  // Hexahedra, wedges and pyramids together (each cube of the twisted grid one of them by i + j + k).
  Input mixed{ "hexahedra, wedges and pyramids", Mixed(loomtest::Twisted(Flow(6)), true), nullptr, nullptr, {} };
  const double m1[3] = { -5.5, -5.2, -5.1 }, m2[3] = { 4.6, 4.3, 4.4 }, m3[3] = { 0.2, -0.3, 0.1 };
  mixed.Line = LineSeeds(m1, m2, 25);
  mixed.Cloud = CloudSeeds(m3, 4.0, 30);
  mixed.Base.Length = 20.0;
  inputs.push_back(mixed);
  return inputs;
}
} // namespace

TEST(LoomStreamTracer, SameLinesAsVTKOnEveryGrid)
{
  for (const Input& in : Inputs())
  {
    ASSERT_GT(in.Data->GetNumberOfCells(), 0) << in.Name;
    for (int integrator : { 0, 1, 2 })
      for (int seeds : { 0, 1 })
        for (int unit : { vtkStreamTracer::CELL_LENGTH_UNIT, vtkStreamTracer::LENGTH_UNIT })
        {
          if (unit == vtkStreamTracer::LENGTH_UNIT && in.Name != "image" && in.Name != "tetrahedra" && in.Name != "kitchen")
            continue;
          Settings s = in.Base;
          s.Integrator = integrator;
          s.Unit = unit;
          if (in.Name == "kitchen" && unit == vtkStreamTracer::LENGTH_UNIT)
          {
            s.Initial = 0.02;
            s.Maximum = 0.05;
          }
          vtkDataSet* seed = seeds ? in.Cloud : in.Line;
          const vtkSmartPointer<vtkPolyData> vtk = VTKLines(in.Data, seed, s);
          for (int device : loomtest::Devices())
          {
            const std::string what = in.Name + ", integrator " + std::to_string(integrator) + (seeds ? ", cloud" : ", line") +
              (unit == vtkStreamTracer::LENGTH_UNIT ? ", length unit" : "") + ", device " + std::to_string(device);
            // Runge-Kutta 2 and 4: VTK's points to the bit (float for float) on every input.
            ExpectSameLines(vtk, LoomLines(in.Data, seed, s, device, what), 0.0, what, integrator == 2);
          }
        }
  }
}

TEST(LoomStreamTracer, FallsBackToVTKForCellsOfFewerDimensions)
{
  // Every cell shape of VTK's linear ones (vertices to hexahedra, polygons and strips too): VTK's filter integrates
  // it, with one info message; its output is the filter's.
  vtkSmartPointer<vtkDataSet> data = loomtest::Read("mixed-cell-shapes.vtk");
  double bounds[6];
  data->GetBounds(bounds);
  const double a[3] = { bounds[0] + 0.05, bounds[2] + 0.1, bounds[4] + 0.2 }, b[3] = { bounds[1] - 0.1, bounds[3] - 0.05, bounds[5] - 0.15 };
  vtkSmartPointer<vtkPolyData> line = LineSeeds(a, b, 25);
  Settings s;
  s.Vectors = "vectors";
  s.Length = 10.0;
  const vtkSmartPointer<vtkPolyData> vtk = VTKLines(data, line, s);
  vtkNew<vtkLoomStreamTracer> loom;
  Configure(loom.Get(), data, line, s);
  loomtest::LogCapture log;
  loom->Update();
  EXPECT_NE(std::string::npos, log.Text.find("VTK's vtkStreamTracer integrates it instead")) << log.Text;
  EXPECT_TRUE(vtkLoomExecution::GetLast(loom)->GetFallback());
  ExpectSameLines(vtk, loom->GetOutput(), 0.0, "mixed-cell-shapes.vtk");
}

TEST(LoomStreamTracer, FindsWhatVTKsWalkMissesOnANonConformingMesh)
{
  // Wedges' triangles beside squares: VTK's walk cannot cross from a square to the two triangles, and its
  // closest-point search then misses some seeds; Loom's locator finds their cells. Every seed that starts lines
  // in VTK's output starts as many in Loom's, and Loom's has more.
  vtkSmartPointer<vtkUnstructuredGrid> mesh = Mixed(loomtest::Twisted(Flow(6)), false);
  const double c[3] = { 0.2, -0.3, 0.1 };
  vtkSmartPointer<vtkPolyData> cloud = CloudSeeds(c, 4.0, 30);
  Settings s;
  s.Integrator = vtkStreamTracer::RUNGE_KUTTA2;
  s.Length = 20.0;
  const vtkSmartPointer<vtkPolyData> vtk = VTKLines(mesh, cloud, s);
  auto linesPerSeed = [](vtkPolyData* lines) {
    std::map<int, int> count;
    vtkDataArray* seeds = lines->GetCellData()->GetArray("SeedIds");
    for (vtkIdType l = 0; seeds && l < seeds->GetNumberOfTuples(); ++l)
      ++count[static_cast<int>(seeds->GetTuple1(l))];
    return count;
  };
  const std::map<int, int> theirs = linesPerSeed(vtk);
  for (int device : loomtest::Devices())
  {
    const vtkSmartPointer<vtkPolyData> loom = LoomLines(mesh, cloud, s, device, "non-conforming");
    EXPECT_GT(loom->GetNumberOfLines(), vtk->GetNumberOfLines());
    const std::map<int, int> ours = linesPerSeed(loom);
    for (const auto& seed : theirs)
      EXPECT_GE(ours.count(seed.first) ? ours.at(seed.first) : 0, seed.second) << "seed " << seed.first;
  }
}

TEST(LoomStreamTracer, ForwardAndBackwardAlone)
{
  vtkSmartPointer<vtkImageData> flow = Flow();
  const double a[3] = { -9.5, -9.3, -9.1 }, b[3] = { 9.7, 9.2, 9.6 };
  vtkSmartPointer<vtkPolyData> line = LineSeeds(a, b, 30);
  for (int direction : { vtkStreamTracer::FORWARD, vtkStreamTracer::BACKWARD })
    for (int integrator : { 0, 2 })
    {
      Settings s;
      s.Direction = direction;
      s.Integrator = integrator;
      const vtkSmartPointer<vtkPolyData> vtk = VTKLines(flow, line, s);
      for (int device : loomtest::Devices())
      {
        const std::string what = "direction " + std::to_string(direction) + ", integrator " + std::to_string(integrator);
        ExpectSameLines(vtk, LoomLines(flow, line, s, device, what), 1e-6 * std::sqrt(flow->GetLength2()), what);
      }
    }
}

TEST(LoomStreamTracer, RigidRotationGivesCircles)
{
  // v = (-y, x, 0): the streamlines are circles about the z axis; from seeds at radius 1..5 along x, one turn.
  vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(8);
  vtkNew<vtkDoubleArray> v;
  v->SetName("V");
  v->SetNumberOfComponents(3);
  for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
  {
    double x[3];
    image->GetPoint(p, x);
    v->InsertNextTuple3(-x[1], x[0], 0.0);
  }
  image->GetPointData()->AddArray(v);
  const double a[3] = { 1, 0, 0.5 }, b[3] = { 5, 0, 0.5 };
  vtkSmartPointer<vtkPolyData> line = LineSeeds(a, b, 4);
  Settings s;
  s.Integrator = vtkStreamTracer::RUNGE_KUTTA4;
  s.Direction = vtkStreamTracer::FORWARD;
  s.Unit = vtkStreamTracer::LENGTH_UNIT;
  s.Initial = 0.01;
  s.Length = 2 * vtkMath::Pi() * 1.0; // one turn of the inner circle, part of the outer ones
  for (int device : loomtest::Devices())
  {
    vtkSmartPointer<vtkPolyData> out = LoomLines(image, line, s, device, "rotation");
    ASSERT_EQ(out->GetNumberOfLines(), 5);
    vtkDataArray* seedIds = out->GetCellData()->GetArray("SeedIds");
    vtkDataArray* time = out->GetPointData()->GetArray("IntegrationTime");
    vtkDataArray* vorticity = out->GetPointData()->GetArray("Vorticity");
    vtkCellArray* cells = out->GetLines();
    vtkIdType n;
    const vtkIdType* ids;
    vtkIdType c = 0;
    for (cells->InitTraversal(); cells->GetNextCell(n, ids); ++c)
    {
      const double radius = 1.0 + seedIds->GetTuple1(c);
      for (vtkIdType i = 0; i < n; ++i)
      {
        double x[3];
        out->GetPoint(ids[i], x);
        // On the circle (float points), at the angle the time gives (speed = radius, so angle = time).
        ASSERT_NEAR(std::hypot(x[0], x[1]), radius, 1e-5 * radius) << "line " << c << " point " << i;
        ASSERT_NEAR(x[2], 0.5, 1e-6);
        const double angle = std::atan2(x[1], x[0]), expected = std::remainder(time->GetTuple1(ids[i]), 2 * vtkMath::Pi());
        ASSERT_NEAR(std::remainder(angle - expected, 2 * vtkMath::Pi()), 0.0, 1e-5) << "line " << c << " point " << i;
        ASSERT_NEAR(vorticity->GetComponent(ids[i], 2), 2.0, 1e-9);
      }
    }
  }
}

TEST(LoomStreamTracer, LocatorKeptWhileTheSeedsMove)
{
  vtkSmartPointer<vtkDataSet> tets = Tetrahedra(Flow(6));
  vtkNew<vtkLoomStreamTracer> loom;
  const double a[3] = { -4, -4, -4 }, b[3] = { 4, 4, 4 }, c[3] = { -4, 3, 0 };
  Settings s;
  Configure(loom.Get(), tets, LineSeeds(a, b, 10), s);
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
  EXPECT_GT(loom->GetLocatorBytes(), 0);
  loom->SetSourceData(LineSeeds(a, c, 12));
  loom->Update();
  EXPECT_TRUE(loom->GetLocatorReused());
  EXPECT_GT(loom->GetOutput()->GetNumberOfLines(), 0);
  // A new dataset on the same arrays (ParaView hands a filter a shallow copy of an unchanged input at each
  // execution): reused.
  vtkSmartPointer<vtkDataSet> copy = vtkSmartPointer<vtkDataSet>::Take(tets->NewInstance());
  copy->ShallowCopy(tets);
  loom->SetInputData(copy);
  loom->Update();
  EXPECT_TRUE(loom->GetLocatorReused());
  // The points moved: built again.
  vtkPointSet::SafeDownCast(copy)->GetPoints()->Modified();
  loom->Update();
  EXPECT_FALSE(loom->GetLocatorReused());
}

TEST(LoomStreamTracer, BadInput)
{
  vtkSmartPointer<vtkImageData> flow = Flow(6);
  const double a[3] = { -4, -4, -4 }, b[3] = { 4, 4, 4 };
  vtkSmartPointer<vtkPolyData> line = LineSeeds(a, b, 10);
  auto expectError = [&](vtkDataSet* input, const Settings& s, const std::string& says) {
    vtkNew<vtkLoomStreamTracer> loom;
    Configure(loom.Get(), input, line, s);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Stream Tracer")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find(says)) << o.Errors;
    EXPECT_EQ(0, loom->GetOutput()->GetNumberOfPoints());
  };
  // No vectors: none chosen and none active, or a name the input lacks.
  vtkSmartPointer<vtkImageData> bare = loomtest::Wavelet(6);
  {
    vtkNew<vtkLoomStreamTracer> loom;
    loom->SetInputData(bare);
    loom->SetSourceData(line);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_NE(std::string::npos, o.Errors.find("Vectors: no array is chosen and the input has no active point vectors"))
      << o.Errors;
  }
  Settings missing;
  missing.Vectors = "W";
  expectError(flow, missing, "Vectors array 'W' is not in the input");
  // One and two components.
  for (int components : { 1, 2 })
  {
    vtkSmartPointer<vtkImageData> copy = Flow(6);
    vtkNew<vtkDoubleArray> narrow;
    narrow->SetName("N");
    narrow->SetNumberOfComponents(components);
    narrow->SetNumberOfTuples(copy->GetNumberOfPoints());
    narrow->Fill(1.0);
    copy->GetPointData()->AddArray(narrow);
    Settings s;
    s.Vectors = "N";
    expectError(copy, s, "Vectors array 'N' has " + std::to_string(components) + " components");
  }
  for (int device : loomtest::Devices())
  {
    // Zero vectors everywhere: a point per seed (stagnation), no line, as VTK.
    vtkSmartPointer<vtkImageData> still = Flow(6);
    vtkDataArray* v = still->GetPointData()->GetArray("V");
    for (vtkIdType t = 0; t < v->GetNumberOfTuples(); ++t)
      v->SetTuple3(t, 0, 0, 0);
    Settings s;
    vtkSmartPointer<vtkPolyData> vtk = VTKLines(still, line, s), out = LoomLines(still, line, s, device, "still");
    EXPECT_EQ(0, out->GetNumberOfLines());
    EXPECT_EQ(vtk->GetNumberOfPoints(), out->GetNumberOfPoints());
    EXPECT_EQ(11 * 2, out->GetNumberOfPoints());
    // Seeds outside the domain: nothing.
    const double far1[3] = { 20, 20, 20 }, far2[3] = { 30, 20, 20 };
    out = LoomLines(flow, LineSeeds(far1, far2, 5), s, device, "outside");
    EXPECT_EQ(0, out->GetNumberOfPoints());
    EXPECT_EQ(0, VTKLines(flow, LineSeeds(far1, far2, 5), s)->GetNumberOfPoints());
    // A zero-length seed line: every seed the same point, every line the same, as VTK's.
    vtkSmartPointer<vtkPolyData> same = LineSeeds(a, a, 4);
    ExpectSameLines(VTKLines(flow, same, s), LoomLines(flow, same, s, device, "zero-length line"), 1e-6, "zero-length line");
    // The most steps a vtkIdType holds: the length ends the lines. (VTK's filter allocates its arrays for that
    // many points and fails: it runs with a million here, which the length ends as well.)
    Settings many;
    {
      vtkNew<vtkLoomStreamTracer> loom;
      Configure(loom.Get(), flow, line, many);
      loom->SetMaximumNumberOfSteps(std::numeric_limits<vtkIdType>::max());
      loom->SetDevice(device);
      loom->Update();
      vtkNew<vtkStreamTracer> vtk;
      Configure(vtk.Get(), flow, line, many);
      vtk->SetMaximumNumberOfSteps(1000000);
      vtk->Update();
      ExpectSameLines(vtk->GetOutput(), loom->GetOutput(), 1e-6 * std::sqrt(flow->GetLength2()), "huge Maximum Steps");
    }
    // NaN and infinite vectors: lines end where they meet them (no NaN point), no error.
    vtkSmartPointer<vtkImageData> holes = Flow(6);
    vtkDataArray* w = holes->GetPointData()->GetArray("V");
    for (vtkIdType t = 0; t < w->GetNumberOfTuples(); t += 7)
      w->SetTuple3(t, t % 2 ? std::numeric_limits<double>::quiet_NaN() : 1.0, std::numeric_limits<double>::infinity(), 0.0);
    out = LoomLines(holes, line, s, device, "NaN and Inf");
    for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
    {
      double x[3];
      out->GetPoint(p, x);
      ASSERT_TRUE(std::isfinite(x[0]) && std::isfinite(x[1]) && std::isfinite(x[2])) << "point " << p;
    }
  }
}
