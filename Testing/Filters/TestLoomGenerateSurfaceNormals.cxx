// Loom tests: Loom Generate Surface Normals against ParaView's Generate Surface Normals (vtkPPolyDataNormals)
// on the same input, Serial and TBB: the same points (in the same order), the same vertices, lines and
// polygons point for point, the same point and cell arrays to the bit. Inputs: the contour of a noisy field;
// the quadrilateral and triangulated surfaces of the wavelet's hexahedra; the surfaces of the bundled
// datasets; a sphere, a capped cylinder, a cube and a toroidal superquadric (sharp and smooth edges); triangle
// strips, alone and beside vertices and lines; polygons reversed and shuffled; a Moebius strip and a fin of
// three polygons on one edge; every switch and feature angles from 0 to 180. Also: the input unchanged, the
// active normals not copied, empty and cell-less inputs, the fallbacks and the bad input.
#include "LoomFilterTesting.h"

#include "vtkLoomExecution.h"
#include "vtkLoomGenerateSurfaceNormals.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkContourFilter.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkGeometryFilter.h>
#include <vtkIdTypeArray.h>
#include <vtkIntArray.h>
#include <vtkMath.h>
#include <vtkPPolyDataNormals.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSphereSource.h>
#include <vtkStripper.h>
#include <vtkSuperquadricSource.h>
#include <vtkTriangleFilter.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace
{
struct Settings
{
  double FeatureAngle = 30.0;
  bool Splitting = true, Consistency = true, FlipNormals = false, NonManifold = true, PointNormals = true,
       CellNormals = false;
  std::string Describe() const
  {
    return "angle " + std::to_string(this->FeatureAngle) + (this->Splitting ? " split" : "") +
      (this->Consistency ? " consistent" : "") + (this->FlipNormals ? " flip" : "") +
      (this->NonManifold ? " non-manifold" : "") + (this->PointNormals ? " point-normals" : "") +
      (this->CellNormals ? " cell-normals" : "");
  }
};

template <typename F>
void Apply(F* f, const Settings& s)
{
  f->SetFeatureAngle(s.FeatureAngle);
  f->SetSplitting(s.Splitting);
  f->SetConsistency(s.Consistency);
  f->SetFlipNormals(s.FlipNormals);
  f->SetNonManifoldTraversal(s.NonManifold);
  f->SetComputePointNormals(s.PointNormals);
  f->SetComputeCellNormals(s.CellNormals);
}

std::vector<vtkIdType> Ids(vtkCellArray* cells)
{
  std::vector<vtkIdType> out;
  if (!cells)
    return out;
  for (vtkIdType c = 0; c < cells->GetNumberOfCells(); ++c)
  {
    vtkIdType n;
    const vtkIdType* pts;
    cells->GetCellAtId(c, n, pts);
    out.push_back(n);
    out.insert(out.end(), pts, pts + n);
  }
  return out;
}

/// The arrays of `a` and `b`: the same names in the same order, types, sizes and bits; the same active normals.
void ExpectSameArrays(vtkDataSetAttributes* a, vtkDataSetAttributes* b, const std::string& at)
{
  ASSERT_EQ(a->GetNumberOfArrays(), b->GetNumberOfArrays()) << at;
  for (int i = 0; i < a->GetNumberOfArrays(); ++i)
  {
    vtkAbstractArray* x = a->GetAbstractArray(i);
    vtkAbstractArray* y = b->GetAbstractArray(x->GetName());
    ASSERT_NE(nullptr, y) << at << ": no array " << x->GetName();
    EXPECT_EQ(x->GetDataType(), y->GetDataType()) << at << " " << x->GetName();
    ASSERT_EQ(x->GetNumberOfValues(), y->GetNumberOfValues()) << at << " " << x->GetName();
    auto* dx = vtkDataArray::SafeDownCast(x);
    auto* dy = vtkDataArray::SafeDownCast(y);
    if (!dx || !dy)
      continue;
    vtkIdType differ = 0;
    for (vtkIdType t = 0; t < dx->GetNumberOfTuples(); ++t)
      for (int c = 0; c < dx->GetNumberOfComponents(); ++c)
      {
        const double u = dx->GetComponent(t, c), v = dy->GetComponent(t, c);
        differ += !(u == v || (u != u && v != v));
      }
    EXPECT_EQ(0, differ) << at << ": " << x->GetName() << " differs in " << differ << " values";
  }
  const bool aNormals = a->GetNormals() != nullptr, bNormals = b->GetNormals() != nullptr;
  EXPECT_EQ(aNormals, bNormals) << at << ": active normals";
  if (aNormals && bNormals)
    EXPECT_STREQ(a->GetNormals()->GetName(), b->GetNormals()->GetName()) << at;
}

void ExpectSame(vtkPolyData* expected, vtkPolyData* got, const std::string& at)
{
  ASSERT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << at;
  ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;
  if (expected->GetNumberOfPoints() > 0)
  {
    EXPECT_EQ(expected->GetPoints()->GetDataType(), got->GetPoints()->GetDataType()) << at;
    vtkIdType differ = 0;
    for (vtkIdType p = 0; p < expected->GetNumberOfPoints(); ++p)
    {
      double a[3], b[3];
      expected->GetPoint(p, a);
      got->GetPoint(p, b);
      differ += a[0] != b[0] || a[1] != b[1] || a[2] != b[2];
    }
    EXPECT_EQ(0, differ) << at << ": points";
  }
  EXPECT_EQ(Ids(expected->GetVerts()), Ids(got->GetVerts())) << at << ": vertices";
  EXPECT_EQ(Ids(expected->GetLines()), Ids(got->GetLines())) << at << ": lines";
  EXPECT_TRUE(Ids(expected->GetPolys()) == Ids(got->GetPolys())) << at << ": polygons";
  EXPECT_EQ(0, got->GetNumberOfStrips()) << at;
  ExpectSameArrays(expected->GetPointData(), got->GetPointData(), at + " point data");
  ExpectSameArrays(expected->GetCellData(), got->GetCellData(), at + " cell data");
}

/// A digest of the input's points, cells and arrays (the filter must not change it).
std::string Fingerprint(vtkPolyData* input)
{
  std::string s;
  auto add = [&](const void* p, std::size_t bytes) { s.append(static_cast<const char*>(p), bytes); };
  if (input->GetPoints())
    add(input->GetPoints()->GetData()->GetVoidPointer(0),
        static_cast<std::size_t>(input->GetPoints()->GetData()->GetDataSize() *
                                 input->GetPoints()->GetData()->GetDataTypeSize()));
  for (vtkCellArray* cells : { input->GetVerts(), input->GetLines(), input->GetPolys(), input->GetStrips() })
  {
    const std::vector<vtkIdType> ids = Ids(cells);
    add(ids.data(), ids.size() * sizeof(vtkIdType));
  }
  for (vtkDataSetAttributes* d : { static_cast<vtkDataSetAttributes*>(input->GetPointData()),
                                   static_cast<vtkDataSetAttributes*>(input->GetCellData()) })
    for (int i = 0; i < d->GetNumberOfArrays(); ++i)
      if (auto* a = d->GetArray(i))
      {
        s += a->GetName() ? a->GetName() : "";
        add(a->GetVoidPointer(0), static_cast<std::size_t>(a->GetDataSize() * a->GetDataTypeSize()));
      }
  return s;
}

/// Loom's filter on every device beside ParaView's, with settings `s`.
void ExpectAsParaView(vtkPolyData* input, const Settings& s, const std::string& what)
{
  const std::string before = Fingerprint(input);
  vtkNew<vtkPPolyDataNormals> paraview;
  Apply(paraview.Get(), s);
  paraview->SetInputData(input);
  paraview->Update();
  for (int device : loomtest::Devices())
  {
    const std::string at = what + " (" + s.Describe() + ", device " + std::to_string(device) + ")";
    vtkNew<vtkLoomGenerateSurfaceNormals> loom;
    Apply(loom.Get(), s);
    loom->SetDevice(device);
    loom->SetInputData(input);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(1, o.Status) << at;
    EXPECT_EQ("", o.Errors + o.Warnings) << at;
    if (input->GetNumberOfPolys() + input->GetNumberOfStrips() > 0 && (s.PointNormals || s.CellNormals))
      loomtest::ExpectRanOn(loom, device, at);
    ExpectSame(paraview->GetOutput(), loom->GetOutput(), at);
  }
  EXPECT_EQ(before, Fingerprint(input)) << what << ": the input changed";
}

std::vector<Settings> EverySetting()
{
  std::vector<Settings> all;
  for (int bits = 0; bits < 32; ++bits)
  {
    Settings s;
    s.Splitting = bits & 1;
    s.Consistency = bits & 2;
    s.FlipNormals = bits & 4;
    s.NonManifold = bits & 8;
    s.CellNormals = bits & 16;
    s.FeatureAngle = std::vector<double>{ 30.0, 0.0, 12.5, 60.0, 90.0, 180.0 }[static_cast<std::size_t>(bits % 6)];
    all.push_back(s);
  }
  return all;
}

template <typename Source>
vtkSmartPointer<vtkPolyData> Output(Source* source)
{
  source->Update();
  vtkSmartPointer<vtkPolyData> out = vtkPolyData::SafeDownCast(source->GetOutputDataObject(0));
  return out;
}

/// The contour of RTData plus noise (an uneven, bumpy surface with many small triangles).
vtkSmartPointer<vtkPolyData> NoisyContour(int half)
{
  auto wavelet = loomtest::Wavelet(half);
  vtkNew<vtkDoubleArray> noisy;
  noisy->SetName("noisy");
  std::mt19937 random(17);
  std::uniform_real_distribution<double> noise(-6.0, 6.0);
  vtkDataArray* rt = wavelet->GetPointData()->GetArray("RTData");
  noisy->SetNumberOfTuples(rt->GetNumberOfTuples());
  for (vtkIdType i = 0; i < rt->GetNumberOfTuples(); ++i)
    noisy->SetValue(i, rt->GetTuple1(i) + noise(random));
  wavelet->GetPointData()->AddArray(noisy);
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(wavelet);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "noisy");
  contour->SetValue(0, 150.0);
  contour->SetValue(1, 220.0);
  return Output(contour.Get());
}

vtkSmartPointer<vtkPolyData> Surface(vtkDataSet* data)
{
  vtkNew<vtkGeometryFilter> surface;
  surface->SetInputData(data);
  return Output(surface.Get());
}

vtkSmartPointer<vtkPolyData> Triangles(vtkPolyData* poly)
{
  vtkNew<vtkTriangleFilter> triangles;
  triangles->SetInputData(poly);
  return Output(triangles.Get());
}

/// The polygons of `poly` (a copy) reversed at random and in a shuffled order, with their cell data.
vtkSmartPointer<vtkPolyData> Shuffled(vtkPolyData* poly, unsigned seed)
{
  std::vector<vtkIdType> order(static_cast<std::size_t>(poly->GetNumberOfPolys()));
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = static_cast<vtkIdType>(i);
  std::mt19937 random(seed);
  std::shuffle(order.begin(), order.end(), random);
  vtkNew<vtkCellArray> polys;
  for (vtkIdType c : order)
  {
    vtkIdType n;
    const vtkIdType* pts;
    poly->GetPolys()->GetCellAtId(c, n, pts);
    std::vector<vtkIdType> ids(pts, pts + n);
    if (random() % 3 == 0)
      std::reverse(ids.begin(), ids.end());
    polys->InsertNextCell(n, ids.data());
  }
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->SetPoints(poly->GetPoints());
  out->SetPolys(polys);
  out->GetPointData()->PassData(poly->GetPointData());
  vtkNew<vtkIntArray> original;
  original->SetName("original");
  for (vtkIdType c : order)
    original->InsertNextValue(static_cast<int>(c));
  out->GetCellData()->AddArray(original);
  // active global ids: with Splitting VTK copies point tuples one by one, which leaves them out
  vtkNew<vtkIdTypeArray> ids;
  ids->SetName("ids");
  for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
    ids->InsertNextValue(1000 + p);
  out->GetPointData()->SetGlobalIds(ids);
  return out;
}

/// A Moebius strip of quadrilaterals (no consistent ordering) and, beside it, a fin: three triangles on one
/// edge, and a triangle with a repeated point.
vtkSmartPointer<vtkPolyData> MoebiusAndFin()
{
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> polys;
  const int segments = 24;
  for (int i = 0; i < segments; ++i)
    for (int s = -1; s <= 1; s += 2)
    {
      const double u = 2 * vtkMath::Pi() * i / segments, w = 0.3 * s;
      points->InsertNextPoint((1 + w * std::cos(u / 2)) * std::cos(u), (1 + w * std::cos(u / 2)) * std::sin(u),
                              w * std::sin(u / 2));
    }
  for (vtkIdType i = 0; i < segments; ++i)
  {
    const vtkIdType quad[4] = { 2 * i, 2 * i + 1, i + 1 < segments ? 2 * i + 3 : 0, i + 1 < segments ? 2 * i + 2 : 1 };
    polys->InsertNextCell(4, quad);
  }
  const vtkIdType a = points->InsertNextPoint(3, 0, 0), b = points->InsertNextPoint(4, 0, 0),
                  c = points->InsertNextPoint(3.5, 1, 0), d = points->InsertNextPoint(3.5, -1, 0.2),
                  e = points->InsertNextPoint(3.5, 0.1, 1);
  const vtkIdType fin[4][3] = { { a, b, c }, { a, b, d }, { b, a, e }, { c, c, e } };
  for (const auto& t : fin)
    polys->InsertNextCell(3, t);
  // Non-Manifold Traversal off: VTK counts the neighbours across c's edge 0-1 through point 1 once s has
  // reversed c, where d (using point 0 twice) is the only one; through point 0 it counts d twice.
  const vtkIdType q[7] = { points->InsertNextPoint(6, 0, 0),   points->InsertNextPoint(7, 0, 0),
                           points->InsertNextPoint(6.5, 1, 0), points->InsertNextPoint(6.5, -1, 0.3),
                           points->InsertNextPoint(7, -1, 0),  points->InsertNextPoint(7, 1, 0.5),
                           points->InsertNextPoint(6, -1, 0.1) };
  const vtkIdType s[3] = { q[1], q[2], q[5] }, c2[3] = { q[0], q[1], q[2] },
                  d2[6] = { q[0], q[3], q[1], q[4], q[0], q[6] };
  polys->InsertNextCell(3, s);
  polys->InsertNextCell(3, c2);
  polys->InsertNextCell(6, d2);
  poly->SetPoints(points);
  poly->SetPolys(polys);
  return poly;
}

/// `poly` with two vertices and a line before its polygons, and cell and point arrays (one the active normals).
vtkSmartPointer<vtkPolyData> WithVertsLinesAndArrays(vtkPolyData* poly)
{
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->DeepCopy(poly);
  vtkNew<vtkCellArray> verts, lines;
  const vtkIdType v[2] = { 0, 1 }, l[3] = { 2, 3, 4 };
  verts->InsertNextCell(1, v);
  verts->InsertNextCell(1, v + 1);
  lines->InsertNextCell(3, l);
  out->SetVerts(verts);
  out->SetLines(lines);
  out->GetCellData()->Initialize(); // the polygons' arrays would be short of the new cells
  const vtkIdType cells = out->GetNumberOfCells(), points = out->GetNumberOfPoints();
  vtkNew<vtkDoubleArray> cellValue, pointValue;
  cellValue->SetName("cellValue");
  pointValue->SetName("pointValue");
  for (vtkIdType c = 0; c < cells; ++c)
    cellValue->InsertNextValue(0.5 * static_cast<double>(c));
  for (vtkIdType p = 0; p < points; ++p)
    pointValue->InsertNextValue(1.0 + static_cast<double>(p));
  out->GetCellData()->AddArray(cellValue);
  out->GetPointData()->AddArray(pointValue);
  vtkNew<vtkFloatArray> old;
  old->SetName("OldNormals");
  old->SetNumberOfComponents(3);
  old->SetNumberOfTuples(points);
  old->Fill(0.25);
  out->GetPointData()->SetNormals(old); // not copied (VTK copies with CopyNormalsOff)
  return out;
}
} // namespace

TEST(LoomGenerateSurfaceNormals, EverySettingOnContoursAndSurfaces)
{
  const auto contour = NoisyContour(10);
  ASSERT_GT(contour->GetNumberOfPolys(), 1000);
  const auto quads = Surface(loomtest::Hexahedra(loomtest::Wavelet(5)));
  const auto shuffled = Shuffled(Triangles(quads), 5);
  const auto mixed = WithVertsLinesAndArrays(shuffled);
  for (const Settings& s : EverySetting())
  {
    ExpectAsParaView(contour, s, "noisy contour");
    ExpectAsParaView(quads, s, "quadrilateral surface");
    ExpectAsParaView(shuffled, s, "shuffled, reversed triangles");
    if (!s.Splitting) // (with Splitting, VerticesAndLinesBesidePolygons)
      ExpectAsParaView(mixed, s, "shuffled, reversed triangles beside vertices and a line");
    ExpectAsParaView(MoebiusAndFin(), s, "Moebius strip and fin");
  }
}

// vtkPolyDataNormals (VTK 9.2) splits by the normals of the wrong cells when vertices or lines come before
// the polygons: its cell-normal array starts with theirs and it reads it by polygon id. Loom splits by the
// polygons' own normals: the polygons, points and point arrays of the polygons alone, the vertices and lines
// and their cell data passed.
TEST(LoomGenerateSurfaceNormals, VerticesAndLinesBesidePolygons)
{
  const auto polygons = Shuffled(Triangles(Surface(loomtest::Hexahedra(loomtest::Wavelet(5)))), 5);
  const auto mixed = WithVertsLinesAndArrays(polygons);
  auto alone = vtkSmartPointer<vtkPolyData>::New(); // the same points, arrays and polygons, no vertices or lines
  alone->SetPoints(mixed->GetPoints());
  alone->SetPolys(mixed->GetPolys());
  alone->GetPointData()->ShallowCopy(mixed->GetPointData());
  for (const Settings& s : EverySetting())
  {
    if (!s.Splitting)
      continue;
    vtkNew<vtkPPolyDataNormals> paraview;
    Apply(paraview.Get(), s);
    paraview->SetInputData(alone);
    paraview->Update();
    vtkPolyData* expected = paraview->GetOutput();
    for (int device : loomtest::Devices())
    {
      const std::string at = "vertices and a line before the polygons (" + s.Describe() + ", device " +
        std::to_string(device) + ")";
      vtkNew<vtkLoomGenerateSurfaceNormals> loom;
      Apply(loom.Get(), s);
      loom->SetDevice(device);
      loom->SetInputData(mixed);
      loom->Update();
      vtkPolyData* got = loom->GetOutput();
      ASSERT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << at;
      EXPECT_TRUE(Ids(expected->GetPolys()) == Ids(got->GetPolys())) << at;
      EXPECT_EQ(Ids(mixed->GetVerts()), Ids(got->GetVerts())) << at;
      EXPECT_EQ(Ids(mixed->GetLines()), Ids(got->GetLines())) << at;
      ExpectSameArrays(expected->GetPointData(), got->GetPointData(), at);
      vtkDataArray* values = got->GetCellData()->GetArray("cellValue");
      ASSERT_NE(nullptr, values) << at;
      EXPECT_EQ(mixed->GetNumberOfCells(), values->GetNumberOfTuples()) << at;
      if (s.CellNormals)
      {
        vtkDataArray* normals = got->GetCellData()->GetNormals();
        ASSERT_NE(nullptr, normals) << at;
        EXPECT_EQ(1.0, normals->GetComponent(0, 0)) << at; // VTK's (1, 0, 0) for a vertex
        vtkDataArray* own = expected->GetCellData()->GetNormals();
        for (vtkIdType c = 0; c < alone->GetNumberOfPolys(); ++c)
          for (int j = 0; j < 3; ++j)
            ASSERT_EQ(own->GetComponent(c, j), normals->GetComponent(c + 3, j)) << at << " polygon " << c;
      }
    }
  }
}

TEST(LoomGenerateSurfaceNormals, SharpAndSmoothShapes)
{
  vtkNew<vtkSphereSource> sphere;
  sphere->SetThetaResolution(36);
  sphere->SetPhiResolution(24);
  vtkNew<vtkCylinderSource> cylinder;
  cylinder->SetResolution(30);
  cylinder->CappingOn();
  vtkNew<vtkCubeSource> cube; // its own "Normals" point array: not copied
  vtkNew<vtkSuperquadricSource> superquadric;
  superquadric->ToroidalOn();
  superquadric->SetPhiRoundness(0.2);
  superquadric->SetThetaRoundness(0.6);
  superquadric->SetThetaResolution(48);
  superquadric->SetPhiResolution(32);
  const std::pair<const char*, vtkSmartPointer<vtkPolyData>> shapes[] = {
    { "sphere", Output(sphere.Get()) }, { "capped cylinder", Output(cylinder.Get()) }, { "cube", Output(cube.Get()) },
    { "toroidal superquadric", Output(superquadric.Get()) }
  };
  for (const auto& shape : shapes)
    for (double angle : { 0.0, 10.0, 30.0, 44.9, 45.0, 89.0, 90.0, 91.0, 180.0 })
    {
      Settings s;
      s.FeatureAngle = angle;
      s.CellNormals = angle > 50.0;
      ExpectAsParaView(shape.second, s, shape.first);
    }
}

/// The polygons and strips of `poly` with their cell data, without its vertices and lines (where
/// vtkPolyDataNormals' splitting reads the wrong normals: VerticesAndLinesBesidePolygons).
vtkSmartPointer<vtkPolyData> PolygonsOnly(vtkPolyData* poly)
{
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->SetPoints(poly->GetPoints());
  out->SetPolys(poly->GetPolys());
  out->SetStrips(poly->GetStrips());
  out->GetPointData()->ShallowCopy(poly->GetPointData());
  const vtkIdType first = poly->GetNumberOfVerts() + poly->GetNumberOfLines();
  out->GetCellData()->CopyAllocate(poly->GetCellData());
  for (vtkIdType c = first; c < poly->GetNumberOfCells(); ++c)
    out->GetCellData()->CopyData(poly->GetCellData(), c, c - first);
  return out;
}

TEST(LoomGenerateSurfaceNormals, BundledData)
{
  for (const char* file : { "kitchen.vtk", "mixed-cell-shapes.vtk", "simple_unstructured_bin.vtk", "voxel_cells.vtk",
                            "wedge_cells.vtk" })
  {
    const auto surface = PolygonsOnly(Surface(loomtest::Read(file)));
    ASSERT_GT(surface->GetNumberOfPolys(), 0) << file;
    for (const Settings& s : { Settings(), EverySetting()[7], EverySetting()[20] })
      ExpectAsParaView(surface, s, std::string("surface of ") + file);
  }
}

TEST(LoomGenerateSurfaceNormals, TriangleStrips)
{
  vtkNew<vtkStripper> stripper;
  stripper->SetInputData(NoisyContour(6));
  const auto strips = Output(stripper.Get());
  ASSERT_GT(strips->GetNumberOfStrips(), 10);
  vtkNew<vtkDoubleArray> perStrip;
  perStrip->SetName("perStrip");
  vtkNew<vtkIdTypeArray> stripIds; // VTK copies the strips' cell data tuple by tuple: global ids left out
  stripIds->SetName("stripIds");
  for (vtkIdType c = 0; c < strips->GetNumberOfCells(); ++c)
  {
    perStrip->InsertNextValue(static_cast<double>(c));
    stripIds->InsertNextValue(c);
  }
  strips->GetCellData()->AddArray(perStrip);
  strips->GetCellData()->SetGlobalIds(stripIds);
  for (const Settings& s : { Settings(), EverySetting()[3], EverySetting()[22] })
    ExpectAsParaView(strips, s, "triangle strips");

  // Strips beside vertices and lines: VTK copies the cell data of the polygons and strips from the input's
  // first cells, which are its vertices and lines (its array one tuple per polygon, short of the cells);
  // Loom gives every output cell its own input cell's tuple.
  auto mixed = vtkSmartPointer<vtkPolyData>::New();
  mixed->DeepCopy(strips);
  vtkNew<vtkCellArray> verts;
  const vtkIdType v = 0;
  verts->InsertNextCell(1, &v);
  mixed->SetVerts(verts);
  vtkNew<vtkDoubleArray> values;
  values->SetName("cellValue");
  for (vtkIdType c = 0; c < mixed->GetNumberOfCells(); ++c)
    values->InsertNextValue(static_cast<double>(c));
  mixed->GetCellData()->Initialize();
  mixed->GetCellData()->AddArray(values);
  vtkNew<vtkLoomGenerateSurfaceNormals> loom;
  loom->SetInputData(mixed);
  loom->Update();
  vtkPolyData* out = loom->GetOutput();
  vtkDataArray* got = out->GetCellData()->GetArray("cellValue");
  ASSERT_NE(nullptr, got);
  ASSERT_EQ(out->GetNumberOfCells(), got->GetNumberOfTuples());
  EXPECT_EQ(0.0, got->GetTuple1(0)); // the vertex
  // the triangles of strip k carry strip k's value (cell 1 + k of the input)
  vtkIdType triangle = 1;
  for (vtkIdType k = 0; k < mixed->GetNumberOfStrips(); ++k)
  {
    vtkIdType n;
    const vtkIdType* pts;
    mixed->GetStrips()->GetCellAtId(k, n, pts);
    for (vtkIdType t = 0; t + 2 < n; ++t, ++triangle)
      ASSERT_EQ(static_cast<double>(1 + k), got->GetTuple1(triangle)) << "strip " << k;
  }
  EXPECT_EQ(out->GetNumberOfCells(), triangle);
}

TEST(LoomGenerateSurfaceNormals, EmptyAndPassThrough)
{
  vtkNew<vtkLoomGenerateSurfaceNormals> loom;
  vtkNew<vtkPolyData> empty;
  loom->SetInputData(empty);
  loomtest::ExpectSilentEmpty(loom, "empty input");

  // Points and vertices only, or no normals asked: the input passed through, as VTK passes it.
  auto vertsOnly = vtkSmartPointer<vtkPolyData>::New();
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> verts;
  for (int i = 0; i < 5; ++i)
  {
    const vtkIdType id = points->InsertNextPoint(i, 2 * i, 0);
    verts->InsertNextCell(1, &id);
  }
  vertsOnly->SetPoints(points);
  vertsOnly->SetVerts(verts);
  ExpectAsParaView(vertsOnly, Settings(), "vertices only");
  Settings none;
  none.PointNormals = false;
  ExpectAsParaView(NoisyContour(4), none, "no normals asked");
}

TEST(LoomGenerateSurfaceNormals, LargeSurfaceUsesTheUnionFind)
{
  vtkNew<vtkLoomGenerateSurfaceNormals> loom;
  loom->SetInputData(Shuffled(NoisyContour(14), 9));
  loom->Update();
  EXPECT_EQ(0, loom->GetSequentialComponents()); // a closed contour: every component by the union-find
  EXPECT_GT(loom->GetPolygonsReversed(), 0);
  loom->SetInputData(MoebiusAndFin());
  loom->Update();
  // Four traversals: the strip; the fin from its first triangle; the triangle with the repeated point, which
  // the fin's traversal does not reach (its edge c-c reaches the fin, no edge of the fin reaches it); the
  // s-c-d piece (d uses a point twice).
  EXPECT_EQ(4, loom->GetSequentialComponents());
}

TEST(LoomGenerateSurfaceNormals, FallbacksAndBadInput)
{
  const auto contour = NoisyContour(4);
  // Settings ParaView's proxy does not set: VTK's filter, one info message naming them.
  {
    vtkNew<vtkLoomGenerateSurfaceNormals> loom;
    loom->SetInputData(contour);
    loom->SetAutoOrientNormals(true);
    loomtest::LogCapture log;
    loom->Update();
    EXPECT_NE(std::string::npos, log.Text.find("Auto Orient Normals")) << log.Text;
    EXPECT_TRUE(vtkLoomExecution::GetLast(loom)->GetFallback());
    vtkNew<vtkPolyDataNormals> vtk;
    vtk->SetAutoOrientNormals(true);
    vtk->SetInputData(contour);
    vtk->Update();
    ExpectSame(vtk->GetOutput(), loom->GetOutput(), "Auto Orient Normals through VTK");
    loom->SetFallbackToVTK(false);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Generate Surface Normals")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find("Fallback To VTK")) << o.Errors;
  }
  {
    // integer points, and a points precision other than the input's
    auto intPoints = vtkSmartPointer<vtkPolyData>::New();
    intPoints->DeepCopy(contour);
    vtkNew<vtkPoints> ints;
    ints->SetDataTypeToInt();
    ints->SetNumberOfPoints(contour->GetNumberOfPoints());
    for (vtkIdType p = 0; p < contour->GetNumberOfPoints(); ++p)
    {
      double x[3];
      contour->GetPoint(p, x);
      ints->SetPoint(p, std::round(4 * x[0]), std::round(4 * x[1]), std::round(4 * x[2]));
    }
    intPoints->SetPoints(ints);
    vtkNew<vtkLoomGenerateSurfaceNormals> loom;
    loom->SetInputData(intPoints);
    loomtest::LogCapture log;
    loom->Update();
    EXPECT_NE(std::string::npos, log.Text.find("points of type int")) << log.Text;
    loom->SetInputData(contour);
    loom->SetOutputPointsPrecision(vtkAlgorithm::DOUBLE_PRECISION);
    loom->Update();
    EXPECT_TRUE(vtkLoomExecution::GetLast(loom)->GetFallback());
    EXPECT_EQ(VTK_DOUBLE, loom->GetOutput()->GetPoints()->GetDataType());
  }
  {
    // Not polygonal data: an error naming the filter and the input's type; the output empty.
    vtkNew<vtkLoomGenerateSurfaceNormals> loom;
    loom->SetInputData(loomtest::Hexahedra(loomtest::Wavelet(2)));
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Generate Surface Normals")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find("vtkUnstructuredGrid")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find("vtkPolyData")) << o.Errors;
    EXPECT_EQ(0, loom->GetOutput()->GetNumberOfPoints());
  }
  {
    // A polygon point id past the points: an error naming the filter, no crash.
    auto bad = vtkSmartPointer<vtkPolyData>::New();
    bad->DeepCopy(contour);
    bad->GetPolys()->ReplaceCellPointAtId(3, 1, bad->GetNumberOfPoints() + 7);
    vtkNew<vtkLoomGenerateSurfaceNormals> loom;
    loom->SetInputData(bad);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Generate Surface Normals")) << o.Errors;
  }
}
