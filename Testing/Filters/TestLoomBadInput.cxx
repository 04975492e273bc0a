// The bad-input matrix: every Loom filter on every kind of awkward input, beside the VTK filter
// ParaView runs for it. The expected outcome of each cell is the README's table ("Bad-input
// matrix"), read by this program, so the table is what the tests check:
//   =      Loom computes it; the output equals VTK's filter's (counts, arrays, value ranges)
//   VTK    Loom hands the input to VTK's filter with one info message; the output equals VTK's
//   error  a clear error naming the array or cells at fault and an empty output; VTK's filter
//          fails or gives nothing there too, or the input is malformed (VTK is not run on it)
//   n/a    the case does not apply to the filter (no array, mask or cell type to get wrong)
// Every cell also checks that the input is unchanged and that nothing crashed; ASan and UBSan
// (scripts/sanitizers.sh) add leaks and memory errors.
#include "LoomFilterTesting.h"
#include "LoomRegistryTesting.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCharArray.h>
#include <vtkCleanUnstructuredGrid.h>
#include <vtkContourFilter.h>
#include <vtkCutter.h>
#include <vtkDataObjectTreeIterator.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkCellSizeFilter.h>
#include <vtkMeshQuality.h>
#include <vtkPPolyDataNormals.h>
#include <vtkConnectivityFilter.h>
#include <vtkPVExtractVOI.h>
#include <vtkStructuredGrid.h>
#include <vtkExtractHistogram.h>
#include <vtkTable.h>
#include <vtkIntegrateAttributes.h>
#include <vtkResampleToImage.h>
#include <vtkElevationFilter.h>
#include <vtkGeometryFilter.h>
#include <vtkGradientFilter.h>
#include <vtkIdTypeArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPartitionedDataSet.h>
#include <vtkPlane.h>
#include <vtkPointDataToCellData.h>
#include <vtkCellDataToPointData.h>
#include <vtkPolyData.h>
#include <vtkPoints.h>
#include <vtkProbeFilter.h>
#include <vtkQuadricClustering.h>
#include <vtkSignedCharArray.h>
#include <vtkStringArray.h>
#include <vtkTableBasedClipDataSet.h>
#include <vtkThreshold.h>
#include <vtkTransform.h>
#include <vtkTransformFilter.h>
#include <vtkTriangleFilter.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnsignedLongLongArray.h>
#include <vtkWarpScalar.h>
#include <vtkWarpVector.h>

#include "vtkLoomCellDataToPointData.h"
#include "vtkLoomCleanGrid.h"
#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomCellSize.h"
#include "vtkLoomMeshQuality.h"
#include "vtkLoomGenerateSurfaceNormals.h"
#include "vtkLoomStreamTracer.h"
#include "vtkLoomConnectivity.h"
#include "vtkLoomExtractSubset.h"
#include "vtkLoomHistogram.h"
#include "vtkLoomIntegrateVariables.h"
#include "vtkLoomPlotOverLine.h"
#include "vtkLoomProbeLocation.h"
#include "vtkLoomResampleWithDataset.h"
#include "vtkLoomResampleToImage.h"
#include "vtkLoomElevation.h"
#include "vtkLoomExecution.h"
#include "vtkLoomExtractSurface.h"
#include "vtkLoomGradient.h"
#include "vtkLoomLevelOfDetail.h"
#include "vtkLoomPointDataToCellData.h"
#include "vtkLoomSlice.h"
#include "vtkLoomTetrahedralize.h"
#include "vtkLoomThreshold.h"
#include "vtkLoomWarpByScalar.h"
#include "vtkLoomTransform.h"
#include "vtkLoomWarpByVector.h"

#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#ifndef LOOM_README
#error LOOM_README must name the README holding the matrix
#endif

namespace
{
using Ptr = vtkSmartPointer<vtkDataObject>;

// ---- Inputs -------------------------------------------------------------------------------------

/// The arrays every input carries, from the point positions and cell centers (so that pieces made
/// apart agree): point "s" (double), point "V" (3 doubles), cell "c" (double).
void AddArrays(vtkDataSet* data)
{
  vtkNew<vtkDoubleArray> s, v, c;
  s->SetName("s");
  v->SetName("V");
  v->SetNumberOfComponents(3);
  c->SetName("c");
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
  {
    double x[3];
    data->GetPoint(p, x);
    s->InsertNextValue(8.0 * std::sin(0.5 * x[0]) + 6.0 * std::cos(0.4 * x[1]) + x[2]);
    v->InsertNextTuple3(std::sin(0.3 * x[0]) * x[1], std::cos(0.2 * x[1]) * x[2], 0.1 * x[0] * x[2] + x[1]);
  }
  for (vtkIdType i = 0; i < data->GetNumberOfCells(); ++i)
  {
    double bounds[6];
    data->GetCellBounds(i, bounds);
    c->InsertNextValue(bounds[0] + 2.0 * bounds[2] - bounds[4]);
  }
  data->GetPointData()->Initialize();
  data->GetCellData()->Initialize();
  data->GetPointData()->SetScalars(s);
  data->GetPointData()->SetVectors(v);
  data->GetCellData()->SetScalars(c);
}

/// The base of every case: the 8^3-point wavelet as 343 hexahedra, or (for filters that take
/// polygonal data) its surface as triangles.
vtkSmartPointer<vtkPointSet> Base(bool polyData, bool structured)
{
  vtkSmartPointer<vtkPointSet> grid = loomtest::Hexahedra(loomtest::Wavelet(4));
  if (structured) // the same points as a structured grid (Extract Subset)
    grid = loomtest::Twisted(loomtest::Wavelet(4));
  if (polyData)
  {
    vtkNew<vtkGeometryFilter> surface;
    surface->SetInputData(grid);
    vtkNew<vtkTriangleFilter> triangles;
    triangles->SetInputConnection(surface->GetOutputPort());
    triangles->Update();
    grid = triangles->GetOutput();
  }
  AddArrays(grid);
  return grid;
}

vtkSmartPointer<vtkPointSet> Copy(vtkPointSet* data)
{
  auto copy = vtkSmartPointer<vtkPointSet>::Take(data->NewInstance());
  copy->DeepCopy(data);
  return copy;
}

/// The base with one more cell, on new points: a cube as a polyhedron, or a quadratic tetrahedron.
Ptr WithCell(vtkPointSet* base, int type)
{
  auto* grid = vtkUnstructuredGrid::SafeDownCast(base);
  if (!grid)
    return nullptr; // polygonal filters take neither
  vtkNew<vtkUnstructuredGrid> piece;
  vtkNew<vtkPoints> points;
  if (type == VTK_POLYHEDRON)
  {
    for (int k = 0; k < 2; ++k)
      for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i)
          points->InsertNextPoint(4 + i, 1 + j, 1 + k);
    piece->SetPoints(points);
    // corners: 0 (0,0,0) 1 (1,0,0) 2 (0,1,0) 3 (1,1,0) 4..7 the same at z = 1
    const vtkIdType faces[] = { 6, 4, 0, 2, 3, 1, 4, 4, 5, 7, 6, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 4, 6, 2, 4, 1,
                                3, 7, 5 };
    vtkNew<vtkIdList> stream;
    for (vtkIdType f : faces)
      stream->InsertNextId(f);
    piece->InsertNextCell(VTK_POLYHEDRON, stream);
  }
  else
  {
    const double corners[4][3] = { { 4, 1, 1 }, { 5, 1, 1 }, { 4, 2, 1 }, { 4, 1, 2 } };
    for (const auto& c : corners)
      points->InsertNextPoint(c);
    const int edges[6][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 0, 3 }, { 1, 3 }, { 2, 3 } };
    for (const auto& e : edges)
      points->InsertNextPoint(0.5 * (corners[e[0]][0] + corners[e[1]][0]), 0.5 * (corners[e[0]][1] + corners[e[1]][1]),
                              0.5 * (corners[e[0]][2] + corners[e[1]][2]));
    piece->SetPoints(points);
    const vtkIdType ids[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    piece->InsertNextCell(VTK_QUADRATIC_TETRA, 10, ids);
  }
  AddArrays(piece);
  vtkNew<vtkAppendFilter> append;
  append->AddInputData(grid);
  append->AddInputData(piece);
  append->Update();
  return append->GetOutput();
}

/// The cells' array of a point set (an unstructured grid's cells or polygonal data's polygons).
vtkCellArray* CellsOf(vtkPointSet* data)
{
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(data))
    return grid->GetCells();
  return vtkPolyData::SafeDownCast(data)->GetPolys();
}

/// Every numeric array of the dataset converted to `T`'s type (values rounded, shifted into range).
template <typename ArrayT>
void ConvertArrays(vtkDataSet* data, double shift)
{
  for (vtkDataSetAttributes* attributes : { static_cast<vtkDataSetAttributes*>(data->GetPointData()),
                                            static_cast<vtkDataSetAttributes*>(data->GetCellData()) })
  {
    std::vector<vtkSmartPointer<vtkDataArray>> converted;
    for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
    {
      vtkDataArray* in = attributes->GetArray(a);
      vtkNew<ArrayT> out;
      out->SetName(in->GetName());
      out->SetNumberOfComponents(in->GetNumberOfComponents());
      out->SetNumberOfTuples(in->GetNumberOfTuples());
      for (vtkIdType i = 0; i < in->GetNumberOfTuples(); ++i)
        for (int k = 0; k < in->GetNumberOfComponents(); ++k)
          out->SetComponent(i, k, std::round(in->GetComponent(i, k) + shift));
      converted.emplace_back(out);
    }
    const bool pointData = attributes == data->GetPointData();
    attributes->Initialize();
    for (auto& a : converted)
      attributes->AddArray(a);
    attributes->SetActiveScalars(pointData ? "s" : "c");
    if (pointData)
      attributes->SetActiveVectors("V");
  }
}

/// A 9-component point and cell array "T" (a tensor from the position), the filters' array.
void AddTensor(vtkDataSet* data)
{
  for (int cells = 0; cells < 2; ++cells)
  {
    const vtkIdType n = cells ? data->GetNumberOfCells() : data->GetNumberOfPoints();
    vtkNew<vtkDoubleArray> t;
    t->SetName("T");
    t->SetNumberOfComponents(9);
    t->SetNumberOfTuples(n);
    for (vtkIdType i = 0; i < n; ++i)
    {
      double x[3] = { 0.5 * i, 0.25 * i, 1.0 };
      if (!cells)
        data->GetPoint(i, x);
      for (int k = 0; k < 9; ++k)
        t->SetComponent(i, k, std::sin(0.3 * x[k % 3] + k) * (k + 1) + x[(k + 1) % 3]);
    }
    (cells ? static_cast<vtkDataSetAttributes*>(data->GetCellData())
           : static_cast<vtkDataSetAttributes*>(data->GetPointData()))
      ->AddArray(t);
  }
}

/// What a filter is set up with besides the input: the array it reads, its values and mask.
struct Settings
{
  std::string Array = "s";
  double Low = 0, Mid = 0, High = 0; // from the array's finite values (component 0)
  enum
  {
    NoMask,
    MaskWrongLength,
    MaskIdsPastData
  } Mask = NoMask;
  int Device = vtkLoomContour::DEVICE_AUTO;
};

struct Case
{
  std::string Name;     // the README's column
  bool Malformed;       // VTK's filter is not run on it (it may crash)
  bool ForArrayReaders; // applies only to filters that read an array
  bool ForMasks;        // applies only to the field filters (masks)
  std::function<Ptr(vtkPointSet* base, Settings& setup)> Make;
};

std::vector<Case> Cases()
{
  std::vector<Case> cases;
  auto add = [&](std::string name, bool malformed, bool arrays, bool masks,
                 std::function<Ptr(vtkPointSet*, Settings&)> make) {
    cases.push_back(Case{ std::move(name), malformed, arrays, masks, std::move(make) });
  };
  add("plain", false, false, false, [](vtkPointSet* base, Settings&) { return Ptr(Copy(base)); });
  add("empty", false, false, false, [](vtkPointSet* base, Settings&) {
    return Ptr::Take(base->NewInstance());
  });
  add("points, no cells", false, false, false, [](vtkPointSet* base, Settings&) -> Ptr {
    if (vtkStructuredGrid::SafeDownCast(base))
      return nullptr; // a structured grid's cells come with its points
    auto out = vtkSmartPointer<vtkPointSet>::Take(base->NewInstance());
    vtkNew<vtkPoints> points;
    points->DeepCopy(base->GetPoints());
    out->SetPoints(points);
    out->GetPointData()->DeepCopy(base->GetPointData());
    return Ptr(out);
  });
  add("no arrays", false, false, false, [](vtkPointSet* base, Settings&) {
    auto out = Copy(base);
    out->GetPointData()->Initialize();
    out->GetCellData()->Initialize();
    return Ptr(out);
  });
  add("array missing", false, true, false, [](vtkPointSet* base, Settings& setup) {
    setup.Array = "missing";
    return Ptr(Copy(base));
  });
  add("string arrays", false, false, false, [](vtkPointSet* base, Settings&) {
    auto out = Copy(base);
    for (int cells = 0; cells < 2; ++cells)
    {
      vtkNew<vtkStringArray> names;
      names->SetName("names");
      const vtkIdType n = cells ? out->GetNumberOfCells() : out->GetNumberOfPoints();
      for (vtkIdType i = 0; i < n; ++i)
        names->InsertNextValue((cells ? "cell " : "point ") + std::to_string(i));
      (cells ? static_cast<vtkDataSetAttributes*>(out->GetCellData())
             : static_cast<vtkDataSetAttributes*>(out->GetPointData()))
        ->AddArray(names);
    }
    return Ptr(out);
  });
  add("string array chosen", false, true, false, [](vtkPointSet* base, Settings& setup) {
    auto out = Copy(base);
    vtkNew<vtkStringArray> names;
    names->SetName("names");
    for (vtkIdType i = 0; i < out->GetNumberOfPoints(); ++i)
      names->InsertNextValue("point " + std::to_string(i));
    out->GetPointData()->AddArray(names);
    setup.Array = "names";
    return Ptr(out);
  });
  add("9 components", false, false, false, [](vtkPointSet* base, Settings& setup) {
    auto out = Copy(base);
    AddTensor(out);
    setup.Array = "T";
    return Ptr(out);
  });
  add("int8", false, false, false, [](vtkPointSet* base, Settings&) {
    auto out = Copy(base);
    ConvertArrays<vtkSignedCharArray>(out, 0.0);
    return Ptr(out);
  });
  add("uint64", false, false, false, [](vtkPointSet* base, Settings&) {
    auto out = Copy(base);
    ConvertArrays<vtkUnsignedLongLongArray>(out, 40.0);
    return Ptr(out);
  });
  add("NaN and Inf", false, false, false, [](vtkPointSet* base, Settings&) {
    auto out = Copy(base);
    for (const char* name : { "s", "V" })
    {
      vtkDataArray* a = out->GetPointData()->GetArray(name);
      a->SetComponent(3, 0, std::numeric_limits<double>::quiet_NaN());
      a->SetComponent(17, 0, std::numeric_limits<double>::infinity());
      a->SetComponent(29, 0, -std::numeric_limits<double>::infinity());
    }
    out->GetCellData()->GetArray("c")->SetComponent(5, 0, std::numeric_limits<double>::quiet_NaN());
    return Ptr(out);
  });
  add("polyhedron", false, false, false, [](vtkPointSet* base, Settings&) { return WithCell(base, VTK_POLYHEDRON); });
  add("quadratic tetra", false, false, false,
      [](vtkPointSet* base, Settings&) { return WithCell(base, VTK_QUADRATIC_TETRA); });
  add("offsets past connectivity", true, false, false, [](vtkPointSet* base, Settings&) -> Ptr {
    if (vtkStructuredGrid::SafeDownCast(base))
      return nullptr; // implicit cells
    auto out = Copy(base);
    vtkCellArray* cells = CellsOf(out);
    vtkNew<vtkIdTypeArray> offsets, connectivity;
    cells->ExportLegacyFormat(connectivity); // any valid arrays, rebuilt below
    vtkDataArray* o = cells->GetOffsetsArray();
    vtkDataArray* c = cells->GetConnectivityArray();
    offsets->SetNumberOfTuples(o->GetNumberOfTuples());
    for (vtkIdType i = 0; i < o->GetNumberOfTuples(); ++i)
      offsets->SetValue(i, static_cast<vtkIdType>(o->GetComponent(i, 0)));
    offsets->SetValue(offsets->GetNumberOfTuples() - 1, offsets->GetValue(offsets->GetNumberOfTuples() - 1) + 7);
    connectivity->SetNumberOfTuples(c->GetNumberOfTuples());
    for (vtkIdType i = 0; i < c->GetNumberOfTuples(); ++i)
      connectivity->SetValue(i, static_cast<vtkIdType>(c->GetComponent(i, 0)));
    cells->SetData(offsets, connectivity);
    return Ptr(out);
  });
  add("point id past the points", true, false, false, [](vtkPointSet* base, Settings&) -> Ptr {
    if (vtkStructuredGrid::SafeDownCast(base))
      return nullptr; // implicit cells
    auto out = Copy(base);
    vtkDataArray* c = CellsOf(out)->GetConnectivityArray();
    c->SetComponent(c->GetNumberOfTuples() / 2, 0, out->GetNumberOfPoints() + 3);
    return Ptr(out);
  });
  add("cell type of another point count", true, false, false, [](vtkPointSet* base, Settings&) -> Ptr {
    if (!vtkUnstructuredGrid::SafeDownCast(base))
      return nullptr; // polygonal cells take their kind from their point count
    auto out = Copy(base);
    vtkUnsignedCharArray* types = vtkUnstructuredGrid::SafeDownCast(out)->GetCellTypesArray();
    types->SetValue(types->GetNumberOfTuples() - 1, VTK_TETRA); // a hexahedron's 8 points as a tetrahedron
    types->Modified();
    return Ptr(out);
  });
  add("mask of wrong length", false, false, true, [](vtkPointSet* base, Settings& setup) {
    auto out = Copy(base);
    vtkNew<vtkCharArray> mask;
    mask->SetName("mask");
    mask->SetNumberOfTuples(out->GetNumberOfPoints() / 2);
    mask->FillValue(1);
    out->GetPointData()->AddArray(mask);
    vtkNew<vtkCharArray> cellMask;
    cellMask->SetName("mask");
    cellMask->SetNumberOfTuples(out->GetNumberOfCells() / 2);
    cellMask->FillValue(1);
    out->GetCellData()->AddArray(cellMask);
    setup.Mask = Settings::MaskWrongLength;
    return Ptr(out);
  });
  add("mask ids past the data", false, false, true, [](vtkPointSet* base, Settings& setup) {
    setup.Mask = Settings::MaskIdsPastData;
    return Ptr(Copy(base));
  });
  add("multiblock, empty and null blocks", false, false, false, [](vtkPointSet* base, Settings&) {
    vtkNew<vtkMultiBlockDataSet> blocks;
    blocks->SetNumberOfBlocks(3);
    blocks->SetBlock(0, Copy(base));
    blocks->SetBlock(1, Ptr::Take(base->NewInstance()));
    blocks->SetBlock(2, nullptr);
    return Ptr(blocks);
  });
  add("partitions disagree on a type", false, false, false, [](vtkPointSet* base, Settings&) {
    vtkNew<vtkPartitionedDataSet> parts;
    auto second = Copy(base);
    ConvertArrays<vtkFloatArray>(second, 0.25);
    parts->SetPartition(0, Copy(base));
    parts->SetPartition(1, second);
    return Ptr(parts);
  });
  add("CUDA without a GPU", false, false, false, [](vtkPointSet* base, Settings& setup) {
    setup.Device = vtkLoomContour::DEVICE_CUDA;
    return Ptr(Copy(base));
  });
  return cases;
}

// ---- Filters -----------------------------------------------------------------------------------

struct Filter
{
  std::string Name; // the README's row
  bool PolyData = false, ReadsArray = false, Masks = false; // Masks: has the mask properties
  std::function<vtkSmartPointer<vtkAlgorithm>(const Settings&)> Loom, VTK;
  std::set<std::string> VTKCrashes = {}; // cases VTK's filter aborts on (not run here)
  std::string Array = "s";                // the array it reads unless the case picks another
  bool Structured = false; // its base input is a structured grid (the filters of structured data only)
};

void ReadPoints(vtkAlgorithm* f, const Settings& s)
{
  f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, s.Array.c_str());
}

template <typename T>
vtkSmartPointer<vtkAlgorithm> Make(const std::function<void(T*)>& set)
{
  auto f = vtkSmartPointer<T>::New();
  set(f);
  return f;
}

/// The mask settings (and the device) of the field filters and of the filters with a point mask.
template <typename F>
void FieldSetup(F* f, const Settings& s, vtkIdType pointCount)
{
  f->SetDevice(s.Device);
  if (s.Mask == Settings::MaskWrongLength)
    f->SetMaskArrayName("mask");
  if (s.Mask == Settings::MaskIdsPastData)
  {
    vtkNew<vtkIdTypeArray> ids;
    ids->InsertNextValue(2);
    ids->InsertNextValue(pointCount + 40);
    f->SetMaskIds(ids);
  }
}

vtkSmartPointer<vtkPlane> Plane()
{
  vtkNew<vtkPlane> plane;
  plane->SetOrigin(0.1, -0.2, 0.3);
  plane->SetNormal(1.0, 0.7, 0.4);
  return plane;
}

std::vector<Filter> Filters()
{
  const vtkIdType points = 512; // the base grid's; ids past it are past the data
  std::vector<Filter> filters;
  filters.push_back({ "Point Data to Cell Data", false, false, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomPointDataToCellData>(
                          [&](vtkLoomPointDataToCellData* f) { FieldSetup(f, s, points); });
                      },
                      [](const Settings&) { return Make<vtkPointDataToCellData>([](vtkPointDataToCellData*) {}); } });
  filters.push_back({ "Cell Data to Point Data", false, false, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomCellDataToPointData>(
                          [&](vtkLoomCellDataToPointData* f) { FieldSetup(f, s, points); });
                      },
                      [](const Settings&) { return Make<vtkCellDataToPointData>([](vtkCellDataToPointData*) {}); } });
  filters.push_back({ "Contour", false, true, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomContour>([&](vtkLoomContour* f) {
                          ReadPoints(f, s);
                          f->SetValue(0, s.Mid);
                          FieldSetup(f, s, points);
                        });
                      },
                      [](const Settings& s) {
                        return Make<vtkContourFilter>([&](vtkContourFilter* f) {
                          ReadPoints(f, s);
                          f->SetValue(0, s.Mid);
                        });
                      } });
  filters.push_back({ "Tetrahedralize", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomTetrahedralize>([&](vtkLoomTetrahedralize* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) { return Make<vtkDataSetTriangleFilter>([](vtkDataSetTriangleFilter*) {}); } });
  filters.push_back({ "Threshold", false, true, false,
                      [](const Settings& s) {
                        return Make<vtkLoomThreshold>([&](vtkLoomThreshold* f) {
                          ReadPoints(f, s);
                          f->SetLowerThreshold(s.Low);
                          f->SetUpperThreshold(s.High);
                          f->SetDevice(s.Device);
                        });
                      },
                      [](const Settings& s) {
                        return Make<vtkThreshold>([&](vtkThreshold* f) {
                          ReadPoints(f, s);
                          f->SetLowerThreshold(s.Low);
                          f->SetUpperThreshold(s.High);
                          f->SetThresholdFunction(vtkThreshold::THRESHOLD_BETWEEN);
                        });
                      } });
  filters.push_back({ "Clip", false, true, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomClip>([&](vtkLoomClip* f) {
                          ReadPoints(f, s);
                          f->SetValue(s.Mid);
                          FieldSetup(f, s, points);
                        });
                      },
                      [](const Settings& s) {
                        return Make<vtkTableBasedClipDataSet>([&](vtkTableBasedClipDataSet* f) {
                          ReadPoints(f, s);
                          f->SetValue(s.Mid);
                        });
                      } });
  filters.push_back({ "Slice", false, false, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomSlice>([&](vtkLoomSlice* f) {
                          f->SetCutFunction(Plane());
                          FieldSetup(f, s, points);
                        });
                      },
                      [](const Settings&) { return Make<vtkCutter>([](vtkCutter* f) { f->SetCutFunction(Plane()); }); } });
  filters.push_back({ "Extract Surface", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomExtractSurface>([&](vtkLoomExtractSurface* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) { return Make<vtkGeometryFilter>([](vtkGeometryFilter*) {}); } });
  filters.push_back({ "Clean to Grid", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomCleanGrid>([&](vtkLoomCleanGrid* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) { return Make<vtkCleanUnstructuredGrid>([](vtkCleanUnstructuredGrid*) {}); } });
  filters.push_back({ "Level of Detail", true, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomLevelOfDetail>([&](vtkLoomLevelOfDetail* f) {
                          f->SetNumberOfDivisions(6, 6, 6);
                          f->SetDevice(s.Device);
                        });
                      },
                      [](const Settings&) {
                        return Make<vtkQuadricClustering>(
                          [](vtkQuadricClustering* f) { f->SetNumberOfDivisions(6, 6, 6); });
                      } });
  filters.push_back({ "Gradient", false, true, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomGradient>([&](vtkLoomGradient* f) {
                          ReadPoints(f, s);
                          FieldSetup(f, s, points);
                        });
                      },
                      [](const Settings& s) { return Make<vtkGradientFilter>([&](vtkGradientFilter* f) { ReadPoints(f, s); }); } });
  filters.push_back({ "Elevation", false, false, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomElevation>([&](vtkLoomElevation* f) { FieldSetup(f, s, points); });
                      },
                      [](const Settings&) { return Make<vtkElevationFilter>([](vtkElevationFilter*) {}); } });
  filters.push_back({ "Warp By Scalar", false, true, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomWarpByScalar>([&](vtkLoomWarpByScalar* f) {
                          ReadPoints(f, s);
                          f->SetScaleFactor(0.1);
                          FieldSetup(f, s, points);
                        });
                      },
                      [](const Settings& s) {
                        return Make<vtkWarpScalar>([&](vtkWarpScalar* f) {
                          ReadPoints(f, s);
                          f->SetScaleFactor(0.1);
                        });
                      } });
  filters.push_back({ "Warp By Vector", false, true, true,
                      [=](const Settings& s) {
                        return Make<vtkLoomWarpByVector>([&](vtkLoomWarpByVector* f) {
                          ReadPoints(f, s);
                          f->SetScaleFactor(0.1);
                          FieldSetup(f, s, points);
                        });
                      },
                      [](const Settings& s) {
                        return Make<vtkWarpVector>([&](vtkWarpVector* f) {
                          ReadPoints(f, s);
                          f->SetScaleFactor(0.1);
                        });
                      },
                      { "9 components" }, // vtkWarpVector asserts on 3 components
                      "V" });
  // A rotation and a scale about a point (the singular case has its own test).
  auto transformOf = []() {
    auto transform = vtkSmartPointer<vtkTransform>::New();
    transform->Translate(0.5, 0.0, -1.0);
    transform->RotateZ(40.0);
    transform->Scale(1.5, 1.0, 2.0);
    return transform;
  };
  filters.push_back({ "Transform", false, false, false,
                      [=](const Settings& s) {
                        return Make<vtkLoomTransform>([&](vtkLoomTransform* f) {
                          f->SetTransform(transformOf());
                          f->SetDevice(s.Device);
                        });
                      },
                      [=](const Settings&) {
                        return Make<vtkTransformFilter>([&](vtkTransformFilter* f) { f->SetTransform(transformOf()); });
                      } });
  filters.push_back({ "Cell Size", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomCellSize>([&](vtkLoomCellSize* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) { return Make<vtkCellSizeFilter>([](vtkCellSizeFilter*) {}); } });
  filters.push_back({ "Integrate Variables", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomIntegrateVariables>([&](vtkLoomIntegrateVariables* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) { return Make<vtkIntegrateAttributes>([](vtkIntegrateAttributes*) {}); } });
  filters.push_back({ "Histogram", false, true, false,
                      [](const Settings& s) {
                        return Make<vtkLoomHistogram>([&](vtkLoomHistogram* f) {
                          ReadPoints(f, s);
                          f->SetBinCount(12);
                          f->SetDevice(s.Device);
                        });
                      },
                      [](const Settings& s) {
                        return Make<vtkExtractHistogram>([&](vtkExtractHistogram* f) {
                          ReadPoints(f, s);
                          f->SetBinCount(12);
                        });
                      } });
  filters.push_back({ "Connectivity", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomConnectivity>([&](vtkLoomConnectivity* f) {
                          f->SetExtractionModeToAllRegions(); // ParaView's defaults
                          f->ColorRegionsOn();
                          f->SetDevice(s.Device);
                        });
                      },
                      [](const Settings&) {
                        return Make<vtkConnectivityFilter>([](vtkConnectivityFilter* f) {
                          f->SetExtractionModeToAllRegions();
                          f->ColorRegionsOn();
                        });
                      } });
  filters.push_back({ "Mesh Quality", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomMeshQuality>([&](vtkLoomMeshQuality* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) {
                        return Make<vtkMeshQuality>([](vtkMeshQuality* f) { // ParaView's defaults
                          f->SetTriangleQualityMeasureToRadiusRatio();
                          f->SetTetQualityMeasureToRadiusRatio();
                        });
                      },
                      // vtkMeshQuality reads cell 0 of every input: without cells it crashes (Loom's does not).
                      { "empty", "points, no cells", "multiblock, empty and null blocks" } });
  // A VOI inside the base grid (points -4 to 3 along each axis), every other index along I, the boundary kept.
  filters.push_back({ "Extract Subset", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomExtractSubset>([&](vtkLoomExtractSubset* f) {
                          f->SetVOI(-3, 2, -4, 3, -2, 3);
                          f->SetSampleRate(2, 1, 1);
                          f->IncludeBoundaryOn();
                          f->SetDevice(s.Device);
                        });
                      },
                      [](const Settings&) {
                        return Make<vtkPVExtractVOI>([](vtkPVExtractVOI* f) { // ParaView's Extract Subset
                          f->SetVOI(-3, 2, -4, 3, -2, 3);
                          f->SetSampleRateI(2);
                          f->IncludeBoundaryOn();
                        });
                      } });
  filters.back().Structured = true;
  filters.push_back({ "Resample To Image", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomResampleToImage>([&](vtkLoomResampleToImage* f) {
                          f->SetSamplingDimensions(9, 8, 7);
                          f->SetDevice(s.Device);
                        });
                      },
                      [](const Settings&) {
                        return Make<vtkResampleToImage>([](vtkResampleToImage* f) { f->SetSamplingDimensions(9, 8, 7); });
                      } });
  // A line through the base grid (points -4 to 3 along each axis) and beyond it.
  auto line = [](vtkLoomPlotOverLine* f) {
    f->SetPoint1(-4.5, -3.75, -2.5);
    f->SetPoint2(3.25, 2.5, 1.75);
    f->SetLineResolution(60);
  };
  filters.push_back({ "Plot Over Line", false, false, false,
                      [=](const Settings& s) {
                        return Make<vtkLoomPlotOverLine>([&](vtkLoomPlotOverLine* f) {
                          line(f);
                          f->SetDevice(s.Device);
                        });
                      },
                      [=](const Settings&) {
                        vtkNew<vtkLoomPlotOverLine> settings; // its VTK filter: ParaView's line source and probe
                        line(settings);
                        return settings->VTKFilter();
                      },
                      { "points, no cells" } }); // vtkProbeLineFilter reads the grid's missing cell types
  // Probe points through the base grid and beyond it, a vertex each.
  auto cloud = [] {
    auto probe = vtkSmartPointer<vtkPolyData>::New();
    vtkNew<vtkPoints> at;
    vtkNew<vtkCellArray> vertices;
    for (vtkIdType i = 0; i < 31; ++i)
    {
      const double t = i / 30.0;
      at->InsertNextPoint(-4.5 + 7.75 * t, -3.75 + 6.25 * t + 0.5 * (i % 2), -2.5 + 4.25 * t);
      vertices->InsertNextCell(1, &i);
    }
    probe->SetPoints(at);
    probe->SetVerts(vertices);
    return probe;
  };
  filters.push_back({ "Probe Location", false, false, false,
                      [=](const Settings& s) {
                        return Make<vtkLoomProbeLocation>([&](vtkLoomProbeLocation* f) {
                          f->SetSourceData(cloud());
                          f->SetDevice(s.Device);
                        });
                      },
                      [=](const Settings&) {
                        vtkNew<vtkLoomProbeLocation> settings; // its VTK filter: vtkPProbeFilter
                        vtkSmartPointer<vtkAlgorithm> vtk = settings->VTKFilter();
                        vtk->SetInputDataObject(0, cloud());
                        return vtk;
                      },
                      { "points, no cells" } }); // vtkProbeFilter reads the grid's missing cell types
  filters.push_back({ "Resample With Dataset", false, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomResampleWithDataset>([&](vtkLoomResampleWithDataset* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) {
                        vtkNew<vtkLoomResampleWithDataset> settings; // its VTK filter: vtkResampleWithDataSet
                        return settings->VTKFilter();
                      },
                      { "points, no cells" } }); // its static cell locator has no cells to search
  filters.push_back({ "Generate Surface Normals", true, false, false,
                      [](const Settings& s) {
                        return Make<vtkLoomGenerateSurfaceNormals>(
                          [&](vtkLoomGenerateSurfaceNormals* f) { f->SetDevice(s.Device); });
                      },
                      [](const Settings&) {
                        return Make<vtkPPolyDataNormals>([](vtkPPolyDataNormals*) {}); // ParaView's class
                      } });
  // Streamlines of V from the probe points (ParaView's integrator, steps and directions).
  auto tracer = [=](vtkLoomStreamTracer* f) {
    f->SetSourceData(cloud());
    f->SetIntegratorType(vtkLoomStreamTracer::RUNGE_KUTTA45);
    f->SetIntegrationDirection(vtkLoomStreamTracer::BOTH);
    f->SetInitialIntegrationStep(0.2);
    f->SetMaximumIntegrationStep(0.5);
    f->SetMaximumPropagation(10.0);
  };
  filters.push_back({ "Stream Tracer", false, true, false,
                      [=](const Settings& s) {
                        return Make<vtkLoomStreamTracer>([&](vtkLoomStreamTracer* f) {
                          tracer(f);
                          ReadPoints(f, s);
                          f->SetDevice(s.Device);
                        });
                      },
                      [=](const Settings& s) {
                        vtkNew<vtkLoomStreamTracer> settings; // its VTK filter: vtkStreamTracer
                        tracer(settings);
                        ReadPoints(settings, s);
                        vtkSmartPointer<vtkAlgorithm> vtk = settings->VTKFilter();
                        vtk->SetInputDataObject(1, cloud());
                        return vtk;
                      },
                      { "9 components" }, // vtkStreamTracer reads 9 components into a vector of 3: the stack is smashed
                      "V" });
  return filters;
}

// ---- Outcomes ----------------------------------------------------------------------------------


/// What a comparison looks at: sizes, and per array its components, tuples, finite range and the
/// count of NaN values.
struct Summary
{
  vtkIdType Points = 0, Cells = 0;
  struct ArrayFacts
  {
    int Components = 0;
    std::string Type; // the array's value type ("float", "string", ...)
    vtkIdType Tuples = 0, NaNs = 0;
    double Min = std::numeric_limits<double>::infinity(), Max = -std::numeric_limits<double>::infinity();
  };
  std::map<std::string, ArrayFacts> Arrays; // "point s", "cell c", ...
};

Summary Summarize(vtkDataObject* data)
{
  Summary s;
  if (auto* table = vtkTable::SafeDownCast(data)) // Histogram: its rows count as cells, its columns as row arrays
  {
    s.Cells = table->GetNumberOfRows();
    for (vtkIdType c = 0; c < table->GetNumberOfColumns(); ++c)
      if (auto* column = vtkDataArray::SafeDownCast(table->GetColumn(c)))
      {
        auto& facts = s.Arrays[std::string("row ") + (column->GetName() ? column->GetName() : "")];
        facts.Components = column->GetNumberOfComponents();
        facts.Type = column->GetDataTypeAsString();
        facts.Tuples = column->GetNumberOfTuples();
        for (vtkIdType i = 0; i < column->GetNumberOfTuples(); ++i)
          for (int k = 0; k < column->GetNumberOfComponents(); ++k)
          {
            const double v = column->GetComponent(i, k);
            if (std::isnan(v))
              ++facts.NaNs;
            else
            {
              facts.Min = std::min(facts.Min, v);
              facts.Max = std::max(facts.Max, v);
            }
          }
      }
  }
  for (vtkDataSet* leaf : loomtest::Leaves(data))
  {
    s.Points += leaf->GetNumberOfPoints();
    s.Cells += leaf->GetNumberOfCells();
    for (int cells = 0; cells < 2; ++cells)
    {
      vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(leaf->GetCellData())
                                               : static_cast<vtkDataSetAttributes*>(leaf->GetPointData());
      for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
      {
        vtkAbstractArray* array = attributes->GetAbstractArray(a);
        const std::string name = array->GetName() ? array->GetName() : "";
        if (name == "vtkOriginalCellIds" || name == "vtkOriginalPointIds" || name == "vtkGhostType")
          continue;
        auto& facts = s.Arrays[(cells ? "cell " : "point ") + name];
        facts.Components = array->GetNumberOfComponents();
        facts.Type = array->GetDataTypeAsString();
        facts.Tuples += array->GetNumberOfTuples();
        if (auto* numbers = vtkDataArray::SafeDownCast(array))
          for (vtkIdType i = 0; i < numbers->GetNumberOfTuples(); ++i)
            for (int k = 0; k < numbers->GetNumberOfComponents(); ++k)
            {
              const double v = numbers->GetComponent(i, k);
              if (std::isnan(v))
                ++facts.NaNs;
              else
              {
                facts.Min = std::min(facts.Min, v);
                facts.Max = std::max(facts.Max, v);
              }
            }
      }
    }
  }
  return s;
}

/// Differences between two summaries, one per line (empty when they agree). Ranges to 1e-6 of
/// their size (float results against double ones).
std::string Compare(const Summary& loom, const Summary& vtk)
{
  std::ostringstream d;
  if (loom.Points != vtk.Points)
    d << "points " << loom.Points << " (VTK " << vtk.Points << "); ";
  if (loom.Cells != vtk.Cells)
    d << "cells " << loom.Cells << " (VTK " << vtk.Cells << "); ";
  for (const auto& [name, v] : vtk.Arrays)
  {
    auto it = loom.Arrays.find(name);
    if (it == loom.Arrays.end())
    {
      d << "no " << name << "; ";
      continue;
    }
    const auto& l = it->second;
    auto close = [](double a, double b) {
      if (std::isinf(a) || std::isinf(b))
        return a == b;
      return std::abs(a - b) <= 1e-6 * std::max({ 1.0, std::abs(a), std::abs(b) });
    };
    if (l.Type != v.Type)
      d << name << " is " << l.Type << " (VTK " << v.Type << "); ";
    if (l.Components != v.Components || l.Tuples != v.Tuples || l.NaNs != v.NaNs ||
        (v.Tuples > 0 && (!close(l.Min, v.Min) || !close(l.Max, v.Max))))
      d << name << ": " << l.Components << "x" << l.Tuples << " [" << l.Min << ", " << l.Max << "] " << l.NaNs
        << " NaN (VTK " << v.Components << "x" << v.Tuples << " [" << v.Min << ", " << v.Max << "] " << v.NaNs
        << " NaN); ";
  }
  for (const auto& [name, l] : loom.Arrays)
    if (!vtk.Arrays.count(name))
      d << "extra " << name << "; ";
  return d.str();
}

/// The input's state that a filter must not change: modification times of the data, its arrays,
/// points and cells, and the array count.
std::string Fingerprint(vtkDataObject* data)
{
  std::ostringstream f;
  f << data->GetMTime();
  for (vtkDataSet* leaf : loomtest::Leaves(data))
  {
    f << " " << leaf->GetMTime() << "/" << leaf->GetNumberOfPoints() << "/" << leaf->GetNumberOfCells();
    for (vtkFieldData* fd : { static_cast<vtkFieldData*>(leaf->GetPointData()),
                              static_cast<vtkFieldData*>(leaf->GetCellData()) })
    {
      f << " [" << fd->GetNumberOfArrays();
      for (int a = 0; a < fd->GetNumberOfArrays(); ++a)
        f << " " << fd->GetAbstractArray(a)->GetMTime();
      f << "]";
    }
    if (auto* ps = vtkPointSet::SafeDownCast(leaf); ps && ps->GetPoints())
      f << " p" << ps->GetPoints()->GetMTime();
  }
  return f.str();
}

/// The array's finite range (component 0) over every leaf, into the setup's values.
void SetValues(vtkDataObject* data, Settings& setup)
{
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (vtkDataSet* leaf : loomtest::Leaves(data))
    if (auto* a = leaf->GetPointData()->GetArray(setup.Array.c_str()))
      for (vtkIdType i = 0; i < a->GetNumberOfTuples(); ++i)
      {
        const double v = a->GetComponent(i, 0);
        if (std::isfinite(v))
        {
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
      }
  if (!(lo <= hi))
    lo = hi = 0;
  // Off the values themselves (integer arrays): a tie at the isovalue is legal but not the point here.
  setup.Mid = 0.5 * (lo + hi) + 0.173;
  setup.Low = lo + 0.25 * (hi - lo) + 0.173;
  setup.High = lo + 0.75 * (hi - lo) + 0.173;
}

struct Result
{
  loomtest::Outcome Outcome;
  Summary Facts;
  bool Fallback = false;
  std::string Log;
};

Result Execute(vtkAlgorithm* filter, vtkDataObject* input)
{
  Result run;
  loomtest::LogCapture log;
  if (auto* probe = vtkProbeFilter::SafeDownCast(filter)) // VTK's probe: the data on port 1 (the source)
    probe->SetSourceData(input);
  else
    filter->SetInputDataObject(0, input);
  if ((filter->IsA("vtkLoomResampleWithDataset") || filter->IsA("vtkResampleWithDataSet")) &&
      filter->GetNumberOfInputConnections(1) == 0)
  {
    // Resample With Dataset: the case sampled at its own points. VTK's filter attaches its cell locator to the
    // source (vtkPointSet::SetCellLocator, a change of the dataset): it gets a shallow copy.
    vtkSmartPointer<vtkDataObject> source = input;
    if (!vtkLoomResampleWithDataset::SafeDownCast(filter))
    {
      source.TakeReference(input->NewInstance());
      source->ShallowCopy(input);
    }
    filter->SetInputDataObject(1, source);
  }
  run.Outcome = loomtest::UpdateCapturing(filter);
  run.Facts = Summarize(run.Outcome.Output);
  if (vtkLoomExecution* record = vtkLoomExecution::GetLast(filter))
    run.Fallback = record->GetFallback();
  run.Log = log.Text;
  return run;
}

/// The README's matrix: filter -> case -> expected outcome.
using Matrix = std::map<std::string, std::map<std::string, std::string>>;
Matrix ReadMatrix(std::vector<std::string>& columns)
{
  std::ifstream readme(LOOM_README);
  std::string line;
  bool inSection = false;
  Matrix matrix;
  auto cellsOf = [](const std::string& row) {
    std::vector<std::string> cells;
    std::stringstream in(row);
    std::string cell;
    std::getline(in, cell, '|'); // before the first bar
    while (std::getline(in, cell, '|'))
    {
      const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
      cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
    }
    if (!cells.empty() && cells.back().empty())
      cells.pop_back();
    return cells;
  };
  while (std::getline(readme, line))
  {
    if (line.rfind("### Bad-input matrix", 0) == 0)
      inSection = true;
    else if (inSection && line.rfind("#", 0) == 0)
      break;
    else if (inSection && line.rfind("| case", 0) == 0)
    {
      columns = cellsOf(line);
      columns.erase(columns.begin());
    }
    else if (inSection && line.rfind("| ", 0) == 0 && !columns.empty())
    {
      const auto cells = cellsOf(line);
      for (size_t i = 1; i < cells.size() && i - 1 < columns.size(); ++i)
        matrix[columns[i - 1]][cells[0]] = cells[i];
    }
  }
  return matrix;
}

// The matrix's rows are the registry's filters, every one of them.
TEST(BadInput, CoversTheRegistry)
{
  std::set<std::string> rows, registry;
  for (const Filter& filter : Filters())
    rows.insert("Loom " + filter.Name);
  for (int i = 0; i < vtkLoomRegistry::GetNumberOfFilters(); ++i)
    registry.insert(vtkLoomRegistry::GetLabel(i));
  EXPECT_EQ(rows, registry) << "TestLoomBadInput.cxx's Filters() and Filters/registry.json list different filters";
}

TEST(BadInput, Matrix)
{
  std::vector<std::string> columns;
  const Matrix expected = ReadMatrix(columns);
  const bool print = std::getenv("LOOM_PRINT_MATRIX") != nullptr;
  ASSERT_TRUE(print || !columns.empty()) << "no '### Bad-input matrix' table in " << LOOM_README;
  Matrix actual;
  int cellsChecked = 0;
  for (const Filter& filter : Filters())
  {
    vtkSmartPointer<vtkPointSet> base = Base(filter.PolyData, filter.Structured);
    for (const Case& c : Cases())
    {
      SCOPED_TRACE(filter.Name + " x " + c.Name);
      if (print)
        std::cerr << "-- " << filter.Name << " x " << c.Name << "\n";
      std::string& outcome = actual[filter.Name][c.Name];
      Settings setup;
      setup.Array = filter.Array;
      Ptr input = c.Make(base, setup);
      if (!input || (c.ForArrayReaders && !filter.ReadsArray) || (c.ForMasks && !filter.Masks))
      {
        outcome = "n/a";
        continue;
      }
      if (!filter.ReadsArray)
        setup.Array = filter.Array;
      SetValues(input, setup);
      const std::string before = Fingerprint(input);
      vtkSmartPointer<vtkAlgorithm> loom = filter.Loom(setup);
      const Result l = Execute(loom, input);
      EXPECT_EQ(before, Fingerprint(input)) << "the input changed";
      Result v;
      // VTK's filter is not run on malformed cells or where it aborts; a mask is Loom's own property.
      const bool vtkCrashes = filter.VTKCrashes.count(c.Name) > 0;
      const bool vtkRan = !c.Malformed && !c.ForMasks && !vtkCrashes;
      if (vtkRan)
      {
        vtkSmartPointer<vtkAlgorithm> reference = filter.VTK(setup);
        v = Execute(reference, input);
        EXPECT_EQ(before, Fingerprint(input)) << "VTK's filter changed the input";
      }
      const bool loomFailed = !l.Outcome.Errors.empty() || l.Outcome.Status != 1;
      std::string difference; // from VTK's output, where both ran
      const bool vtkFailed = !vtkRan || !v.Outcome.Errors.empty() || v.Outcome.Status != 1;
      const bool vtkEmpty = vtkFailed || (v.Facts.Points == 0 && v.Facts.Cells == 0);
      // ParaView's Contour aborts the process on a 9-component array (its Contour By offers one-component
      // arrays only; vtkContourFilter alone takes it): Loom Contour refuses it with one clear error.
      const bool paraviewAborts = filter.Name == "Contour" && c.Name == "9 components";
      if (loomFailed)
      {
        outcome = vtkCrashes ? "error (VTK crashes)" : paraviewAborts ? "error (ParaView aborts)" : "error";
        EXPECT_EQ(0, l.Facts.Cells) << "an error leaves an empty output";
        if (!paraviewAborts)
          EXPECT_TRUE(vtkEmpty) << "Loom refuses what VTK's filter takes: " << l.Outcome.Errors;
        if (c.ForArrayReaders || c.Name == "9 components")
          EXPECT_NE(std::string::npos, l.Outcome.Errors.find("'" + setup.Array + "'"))
            << "the error names the array: " << l.Outcome.Errors;
        if (c.ForMasks)
          EXPECT_NE(std::string::npos, l.Outcome.Errors.find("Mask")) << "the error names the mask property: "
                                                                     << l.Outcome.Errors;
        EXPECT_LT(l.Outcome.Errors.find("vtkLoom"), l.Outcome.Errors.size()) << l.Outcome.Errors;
      }
      else
      {
        outcome = l.Fallback ? "VTK" : "=";
        if (!vtkRan)
          outcome = vtkCrashes ? "runs (VTK crashes)" : "runs"; // nothing to compare with: cells the filter does not read, or VTK aborts
        else if (vtkFailed)
          outcome += " (VTK fails)";
        else if (!(difference = Compare(l.Facts, v.Facts)).empty())
          outcome = "≠"; // a documented difference (the README says which), else the check below fails
        if (l.Fallback)
          EXPECT_NE(std::string::npos, l.Log.find("instead")) << "one info message says so: " << l.Log;
      }
      ++cellsChecked;
      if (!print)
      {
        auto f = expected.find(filter.Name);
        ASSERT_NE(f, expected.end()) << "no README row for " << filter.Name;
        auto e = f->second.find(c.Name);
        ASSERT_NE(e, f->second.end()) << "no README column for " << c.Name;
        EXPECT_EQ(e->second, outcome) << "the README's matrix says otherwise; Loom: " << l.Outcome.Errors
                                      << l.Outcome.Warnings << " VTK: " << v.Outcome.Errors
                                      << " against VTK's output: " << difference;
      }
    }
  }
  std::ostringstream table;
  std::vector<std::string> names;
  for (const Case& c : Cases())
    names.push_back(c.Name);
  table << "| case |";
  for (const Filter& f : Filters())
    table << " " << f.Name << " |";
  table << "\n|---|";
  for (size_t i = 0; i < Filters().size(); ++i)
    table << "---|";
  table << "\n";
  for (const std::string& name : names)
  {
    table << "| " << name << " |";
    for (const Filter& f : Filters())
      table << " " << actual[f.Name][name] << " |";
    table << "\n";
  }
  std::cout << table.str() << cellsChecked << " cells run (n/a cells not counted)\n";
}
} // namespace
