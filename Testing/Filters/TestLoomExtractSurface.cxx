// Loom filter tests: vtkLoomExtractSurface against vtkGeometryFilter (what ParaView's Extract Surface
// runs). Unstructured grids: the same output, cell for cell (types, point lists in output ids, in order),
// the same points and the same point and cell data. Structured inputs: the same faces as sets of point
// positions, each with the same orientation, the same data. Ghost and hidden cells, the fallback inputs
// (polygonal data, polyhedra, quadratic cells), empty and composite inputs; Serial and TBB.
#include <vtkLoomExtractSurface.h>

#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataArray.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkDoubleArray.h>
#include <vtkGeometryFilter.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

namespace
{
const std::vector<int> Devices = loomtest::Devices();

/// Cell ids 0..n-1 as a cell array "cid", so that every output cell names its input cell.
void AddCellIds(vtkDataSet* data)
{
  vtkNew<vtkIdTypeArray> ids;
  ids->SetName("cid");
  for (vtkIdType c = 0; c < data->GetNumberOfCells(); ++c)
    ids->InsertNextValue(c);
  data->GetCellData()->AddArray(ids);
}

vtkSmartPointer<vtkPolyData> VTKSurface(vtkDataObject* input, bool removeGhostInterfaces = true)
{
  vtkNew<vtkGeometryFilter> filter;
  filter->SetInputDataObject(input);
  filter->SetRemoveGhostInterfaces(removeGhostInterfaces);
  filter->Update();
  return filter->GetOutput();
}

vtkSmartPointer<vtkDataObject> LoomSurface(vtkDataObject* input, int device, bool removeGhostInterfaces = true)
{
  vtkNew<vtkLoomExtractSurface> filter;
  filter->SetInputDataObject(input);
  filter->SetDevice(device);
  filter->SetRemoveGhostInterfaces(removeGhostInterfaces);
  const loomtest::Outcome o = loomtest::UpdateCapturing(filter);
  EXPECT_EQ(1, o.Status) << o.Errors;
  EXPECT_EQ("", o.Errors);
  loomtest::ExpectRanOn(filter, device, "Loom Extract Surface");
  return o.Output;
}

std::vector<std::vector<vtkIdType>> CellsOf(vtkCellArray* cells)
{
  std::vector<std::vector<vtkIdType>> out;
  vtkIdType n;
  const vtkIdType* ids;
  for (cells->InitTraversal(); cells->GetNextCell(n, ids);)
    out.emplace_back(ids, ids + n);
  return out;
}

/// The same output as VTK's, cell for cell.
void ExpectSameAsVTK(vtkPolyData* expected, vtkPolyData* actual, const std::string& label)
{
  ASSERT_NE(nullptr, actual) << label;
  ASSERT_EQ(expected->GetNumberOfPoints(), actual->GetNumberOfPoints()) << label;
  for (vtkIdType p = 0; p < expected->GetNumberOfPoints(); ++p)
  {
    double e[3], a[3];
    expected->GetPoint(p, e);
    actual->GetPoint(p, a);
    for (int d = 0; d < 3; ++d)
      ASSERT_EQ(e[d], a[d]) << label << " point " << p;
  }
  const std::pair<const char*, vtkCellArray* (vtkPolyData::*)()> kinds[] = { { "verts", &vtkPolyData::GetVerts },
                                                                             { "lines", &vtkPolyData::GetLines },
                                                                             { "polys", &vtkPolyData::GetPolys },
                                                                             { "strips", &vtkPolyData::GetStrips } };
  for (const auto& [name, get] : kinds)
  {
    const auto e = CellsOf((expected->*get)()), a = CellsOf((actual->*get)());
    ASSERT_EQ(e.size(), a.size()) << label << " " << name;
    for (std::size_t c = 0; c < e.size(); ++c)
      ASSERT_EQ(e[c], a[c]) << label << " " << name << " cell " << c;
  }
  ASSERT_EQ(expected->GetPointData()->GetNumberOfArrays(), actual->GetPointData()->GetNumberOfArrays()) << label;
  ASSERT_EQ(expected->GetCellData()->GetNumberOfArrays(), actual->GetCellData()->GetNumberOfArrays()) << label;
  loomtest::ExpectSameArrays(expected->GetPointData(), actual->GetPointData(), label + " point data", 0.0, true);
  loomtest::ExpectSameArrays(expected->GetCellData(), actual->GetCellData(), label + " cell data", 0.0, true);
}

void ExpectSameAsVTK(vtkDataSet* input, const std::string& label)
{
  const auto expected = VTKSurface(input);
  EXPECT_GT(expected->GetNumberOfCells(), 0) << label;
  for (int device : Devices)
    ExpectSameAsVTK(expected, vtkPolyData::SafeDownCast(LoomSurface(input, device)),
                    label + " device " + std::to_string(device));
}

/// Polygons as sets of point positions (as floats), each with its positions in order from the smallest
/// one (so that the orientation is part of the value), its cell data and its points' data.
using Position = std::array<float, 3>;
struct FaceRecord
{
  std::vector<Position> Cycle;
  std::vector<double> CellValues, PointValues;
  bool operator==(const FaceRecord& o) const
  {
    return this->Cycle == o.Cycle && this->CellValues == o.CellValues && this->PointValues == o.PointValues;
  }
};
/// The numeric arrays of point or cell data, by name (array order is not compared).
std::vector<vtkDataArray*> ByName(vtkFieldData* data)
{
  std::map<std::string, vtkDataArray*> named;
  for (int a = 0; a < data->GetNumberOfArrays(); ++a)
    if (vtkDataArray* array = data->GetArray(a))
      named[array->GetName() ? array->GetName() : ""] = array;
  std::vector<vtkDataArray*> arrays;
  for (const auto& entry : named)
    arrays.push_back(entry.second);
  return arrays;
}

std::map<std::vector<Position>, FaceRecord> FaceSet(vtkPolyData* surface)
{
  std::map<std::vector<Position>, FaceRecord> faces;
  const std::vector<vtkDataArray*> pointArrays = ByName(surface->GetPointData());
  const std::vector<vtkDataArray*> cellArrays = ByName(surface->GetCellData());
  vtkCellArray* polys = surface->GetPolys();
  vtkIdType n;
  const vtkIdType* ids;
  vtkIdType cell = surface->GetNumberOfVerts() + surface->GetNumberOfLines();
  for (polys->InitTraversal(); polys->GetNextCell(n, ids); ++cell)
  {
    FaceRecord r;
    std::vector<std::pair<Position, vtkIdType>> points;
    for (vtkIdType v = 0; v < n; ++v)
    {
      double x[3];
      surface->GetPoint(ids[v], x);
      points.push_back({ Position{ static_cast<float>(x[0]), static_cast<float>(x[1]), static_cast<float>(x[2]) }, ids[v] });
    }
    const auto first = std::min_element(points.begin(), points.end()) - points.begin();
    for (vtkIdType v = 0; v < n; ++v)
    {
      const auto& [position, id] = points[static_cast<std::size_t>((first + v) % n)];
      r.Cycle.push_back(position);
      for (vtkDataArray* array : pointArrays)
        r.PointValues.push_back(array->GetComponent(id, 0));
    }
    for (vtkDataArray* array : cellArrays)
      r.CellValues.push_back(array->GetComponent(cell, 0));
    std::vector<Position> key = r.Cycle;
    std::sort(key.begin(), key.end());
    EXPECT_EQ(0u, faces.count(key)) << "a face twice";
    faces[key] = r;
  }
  return faces;
}

void ExpectSameFaceSets(vtkDataSet* input, const std::string& label)
{
  const auto expected = VTKSurface(input);
  const auto e = FaceSet(expected);
  EXPECT_GT(e.size(), 0u) << label;
  for (int device : Devices)
  {
    const auto held = LoomSurface(input, device);
    auto* actual = vtkPolyData::SafeDownCast(held);
    ASSERT_NE(nullptr, actual) << label;
    EXPECT_EQ(expected->GetNumberOfPoints(), actual->GetNumberOfPoints()) << label;
    EXPECT_EQ(expected->GetNumberOfPolys(), actual->GetNumberOfPolys()) << label;
    const auto a = FaceSet(actual);
    ASSERT_EQ(e.size(), a.size()) << label;
    for (const auto& [key, record] : e)
    {
      const auto found = a.find(key);
      ASSERT_NE(a.end(), found) << label << ": a face of VTK's is missing";
      ASSERT_TRUE(found->second == record) << label << ": a face differs in orientation or data";
    }
  }
}

/// Cells of every kind Loom passes (a quadrilateral, a voxel, a pixel, a vertex, a line, a strip, a
/// poly-vertex, a triangle, a polygon, a poly-line), as in ParaView's tests of vtkGeometryFilter.
vtkSmartPointer<vtkUnstructuredGrid> MixedKinds()
{
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  vtkNew<vtkPoints> points;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i)
        points->InsertNextPoint(i, j, k);
  for (int i = 0; i < 6; ++i)
    points->InsertNextPoint(5 + i, 0.5 * i, 0);
  grid->SetPoints(points);
  auto add = [&](int type, std::vector<vtkIdType> ids) { grid->InsertNextCell(type, static_cast<vtkIdType>(ids.size()), ids.data()); };
  add(VTK_QUAD, { 8, 9, 10, 11 });
  add(VTK_VOXEL, { 0, 1, 2, 3, 4, 5, 6, 7 });
  add(VTK_PIXEL, { 8, 9, 11, 10 });
  add(VTK_VERTEX, { 9 });
  add(VTK_LINE, { 8, 10 });
  add(VTK_TRIANGLE_STRIP, { 8, 9, 10, 11 });
  add(VTK_POLY_VERTEX, { 8, 9 });
  add(VTK_TRIANGLE, { 11, 12, 13 });
  add(VTK_POLYGON, { 8, 9, 12, 13, 11 });
  add(VTK_POLY_LINE, { 10, 11, 12 });
  vtkNew<vtkDoubleArray> s;
  s->SetName("S");
  for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p)
    s->InsertNextValue(0.25 * static_cast<double>(p * p));
  grid->GetPointData()->AddArray(s);
  AddCellIds(grid);
  return grid;
}
} // namespace

TEST(ExtractSurface, HexahedraVoxelsAndTetrahedraAsVTK)
{
  auto image = loomtest::Wavelet(8);
  auto hexahedra = loomtest::Hexahedra(image);
  AddCellIds(hexahedra);
  ExpectSameAsVTK(hexahedra, "hexahedra");
  auto voxels = loomtest::Append(image);
  AddCellIds(voxels);
  ExpectSameAsVTK(voxels, "voxels");
  vtkNew<vtkDataSetTriangleFilter> tetrahedralize;
  tetrahedralize->SetInputData(hexahedra);
  tetrahedralize->Update();
  ExpectSameAsVTK(tetrahedralize->GetOutput(), "tetrahedra");
}

TEST(ExtractSurface, BundledDatasetsAsVTK)
{
  for (const char* file : { "mixed-cell-shapes.vtk", "simple_unstructured_bin.vtk", "voxel_cells.vtk", "wedge_cells.vtk" })
  {
    auto data = loomtest::Read(file);
    AddCellIds(data);
    ExpectSameAsVTK(data, file);
  }
}

TEST(ExtractSurface, PassedCellsOfEveryKindAsVTK)
{
  ExpectSameAsVTK(MixedKinds(), "mixed kinds");
}

TEST(ExtractSurface, StructuredInputsVisitTheBoundary)
{
  auto image = loomtest::Wavelet(6);
  AddCellIds(image);
  ExpectSameFaceSets(image, "image");
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(image);
  toPoints->Update();
  ExpectSameFaceSets(toPoints->GetOutput(), "structured grid");
  auto rect = vtkSmartPointer<vtkRectilinearGrid>::New();
  rect->SetDimensions(5, 4, 3);
  for (int d = 0; d < 3; ++d)
  {
    vtkNew<vtkDoubleArray> axis;
    for (int i = 0; i < 5 - d; ++i)
      axis->InsertNextValue(i * i * (1.0 + d));
    d == 0 ? rect->SetXCoordinates(axis) : d == 1 ? rect->SetYCoordinates(axis) : rect->SetZCoordinates(axis);
  }
  AddCellIds(rect);
  ExpectSameFaceSets(rect, "rectilinear grid");
  vtkNew<vtkRTAnalyticSource> flat; // a 2D image: every pixel is on the surface
  flat->SetWholeExtent(-5, 5, -4, 4, 0, 0);
  flat->Update();
  AddCellIds(flat->GetOutput());
  ExpectSameFaceSets(flat->GetOutput(), "2D image");
  // The kitchen's structured grid: as sets (its points are floats).
  auto kitchen = loomtest::Read("kitchen.vtk");
  AddCellIds(kitchen);
  ExpectSameFaceSets(kitchen, "kitchen.vtk");
}

TEST(ExtractSurface, GhostAndHiddenCellsAsVTK)
{
  auto hexahedra = loomtest::Hexahedra(loomtest::Wavelet(6));
  AddCellIds(hexahedra);
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  for (vtkIdType c = 0; c < hexahedra->GetNumberOfCells(); ++c)
  {
    double center[3] = { 0, 0, 0 };
    vtkIdType n;
    const vtkIdType* ids;
    hexahedra->GetCellPoints(c, n, ids);
    for (vtkIdType v = 0; v < n; ++v)
      center[0] += hexahedra->GetPoint(ids[v])[0] / static_cast<double>(n);
    // The cells past x = 2 are another rank's (duplicates); one more cell is hidden.
    ghosts->InsertNextValue(center[0] > 2 ? vtkDataSetAttributes::DUPLICATECELL : c == 7 ? vtkDataSetAttributes::HIDDENCELL : 0);
  }
  hexahedra->GetCellData()->AddArray(ghosts);
  for (bool remove : { true, false })
  {
    const auto expected = VTKSurface(hexahedra, remove);
    EXPECT_GT(expected->GetNumberOfCells(), 0);
    for (int device : Devices)
      ExpectSameAsVTK(expected, vtkPolyData::SafeDownCast(LoomSurface(hexahedra, device, remove)),
                      std::string("ghosts, RemoveGhostInterfaces ") + (remove ? "on" : "off"));
  }
}

// Pieces of an image with ghost cells, as an MPI rank holds them: Loom matches the ghost cells' faces itself
// (they went to vtkGeometryFilter before, whose structured path gives piece 1 of 3 with one ghost level and
// PieceInvariant garbage point ids and a corrupted heap; found by the MPI table on 3 ranks). The reference is
// vtkGeometryFilter on the same piece as an unstructured grid: the same faces, point and cell data.
TEST(ExtractSurface, ImagePiecesWithGhostCellsAsVTK)
{
  for (const std::array<int, 6>& extent : { std::array<int, 6>{ -6, 5, -6, 5, -6, 5 }, std::array<int, 6>{ -6, 5, -6, 5, 0, 0 } })
    for (int ghostLevels : { 1, 2 })
      for (int piece = 0; piece < 3; ++piece)
      {
        vtkNew<vtkRTAnalyticSource> source;
        source->SetWholeExtent(extent[0], extent[1], extent[2], extent[3], extent[4], extent[5]);
        source->UpdatePiece(piece, 3, ghostLevels);
        vtkNew<vtkImageData> image;
        image->DeepCopy(source->GetOutput());
        AddCellIds(image);
        ASSERT_NE(nullptr, image->GetCellData()->GetGhostArray());
        const auto grid = loomtest::Append(image);
        for (bool remove : { true, false })
        {
          const std::string label = "piece " + std::to_string(piece) + " of 3, " + std::to_string(ghostLevels) +
            " ghost levels, z " + std::to_string(extent[5]) + (remove ? ", ghost interfaces removed" : "");
          const auto e = FaceSet(VTKSurface(grid, remove));
          for (int device : Devices)
          {
            vtkNew<vtkLoomExtractSurface> filter;
            filter->SetInputData(image);
            filter->SetDevice(device);
            filter->SetRemoveGhostInterfaces(remove);
            filter->SetPieceInvariant(1);
            filter->SetFallbackToVTK(false);
            const loomtest::Outcome o = loomtest::UpdateCapturing(filter);
            ASSERT_EQ("", o.Errors) << label;
            loomtest::ExpectRanOn(filter, device, label);
            const auto a = FaceSet(vtkPolyData::SafeDownCast(o.Output));
            ASSERT_EQ(e.size(), a.size()) << label;
            for (const auto& [key, record] : e)
            {
              const auto found = a.find(key);
              ASSERT_NE(a.end(), found) << label << ": a face of VTK's is missing";
              EXPECT_TRUE(found->second == record) << label << ": a face differs in orientation or data";
            }
          }
        }
      }
}

TEST(ExtractSurface, FallbackInputsGiveVTKsSurfaceWithOneMessage)
{
  for (bool polyhedron : { true, false })
  {
    auto grid = loomtest::UnsupportedCellGrid(polyhedron);
    loomtest::LogCapture log;
    const auto expected = VTKSurface(grid);
    const auto held = LoomSurface(grid, vtkLoomExtractSurface::DEVICE_SERIAL);
    auto* actual = vtkPolyData::SafeDownCast(held);
    ASSERT_NE(nullptr, actual);
    EXPECT_EQ(expected->GetNumberOfPolys(), actual->GetNumberOfPolys());
    EXPECT_EQ(expected->GetNumberOfPoints(), actual->GetNumberOfPoints());
    EXPECT_NE(std::string::npos, log.Text.find(polyhedron ? "vtkPolyhedron (VTK cell type 42)" : "VTK cell type 24"))
      << log.Text;
    EXPECT_NE(std::string::npos, log.Text.find("vtkGeometryFilter")) << log.Text;
  }
  // Polygonal data goes to VTK's filter too.
  auto polys = VTKSurface(loomtest::Hexahedra(loomtest::Wavelet(4)));
  loomtest::LogCapture log;
  ExpectSameAsVTK(VTKSurface(polys), vtkPolyData::SafeDownCast(LoomSurface(polys, vtkLoomExtractSurface::DEVICE_TBB)),
                  "polygonal data");
  EXPECT_NE(std::string::npos, log.Text.find("polygonal data")) << log.Text;
}

TEST(ExtractSurface, EmptyAndCompositeInputs)
{
  // Empty in, empty out, without a message.
  vtkNew<vtkUnstructuredGrid> empty;
  auto held = LoomSurface(empty, vtkLoomExtractSurface::DEVICE_SERIAL);
  auto* out = vtkPolyData::SafeDownCast(held);
  ASSERT_NE(nullptr, out);
  EXPECT_EQ(0, out->GetNumberOfCells());
  // Points and no cells.
  vtkNew<vtkUnstructuredGrid> pointsOnly;
  pointsOnly->SetPoints(loomtest::Hexahedra(loomtest::Wavelet(2))->GetPoints());
  held = LoomSurface(pointsOnly, vtkLoomExtractSurface::DEVICE_SERIAL);
  out = vtkPolyData::SafeDownCast(held);
  ASSERT_NE(nullptr, out);
  EXPECT_EQ(0, out->GetNumberOfCells());
  // A multiblock with an empty and a null block: block by block, each VTK's.
  vtkNew<vtkMultiBlockDataSet> blocks;
  auto hexahedra = loomtest::Hexahedra(loomtest::Wavelet(4));
  blocks->SetBlock(0, hexahedra);
  blocks->SetBlock(1, empty);
  blocks->SetBlock(2, nullptr);
  blocks->SetBlock(3, loomtest::Read("wedge_cells.vtk"));
  held = LoomSurface(blocks, vtkLoomExtractSurface::DEVICE_TBB);
  auto* result = vtkMultiBlockDataSet::SafeDownCast(held);
  ASSERT_NE(nullptr, result);
  ASSERT_EQ(4u, result->GetNumberOfBlocks());
  ExpectSameAsVTK(VTKSurface(hexahedra), vtkPolyData::SafeDownCast(result->GetBlock(0)), "block 0");
  ExpectSameAsVTK(VTKSurface(blocks->GetBlock(3)), vtkPolyData::SafeDownCast(result->GetBlock(3)), "block 3");
  EXPECT_EQ(nullptr, result->GetBlock(2));
}
