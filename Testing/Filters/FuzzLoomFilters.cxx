// The filter fuzzer: random small VTK datasets (every dataset type, random cell types, point ids,
// offsets, point counts and arrays, malformed ones included) through every Loom filter with random
// settings. The bytes of one input decide everything, so one input is one reproducible case:
//   - built with -DLOOM_ENABLE_FUZZER=ON (clang), LLVMFuzzerTestOneInput is a libFuzzer target
//     (scripts/fuzz.sh: coverage-guided, under ASan+UBSan);
//   - otherwise main() replays the files and folders it is given (the corpus, the regression cases)
//     and then random inputs until --seconds have passed (CTest's time-boxed run).
// Fallback To VTK is off: VTK's own filters crash on some of these inputs (vtkGradientFilter segfaults in
// vtkPolyData::GetCell on a polygonal dataset holding vertices, lines, polygons and strips, as ParaView's
// Gradient does), which is VTK's to fix; Filters.BadInput covers the fallback path.
// What each run must show: no crash; the input unchanged (a hash of its points, cells and arrays);
// an output whose cells name existing points, whose arrays have a tuple per point or cell and whose
// ghost arrays are VTK's unsigned char flags; no
// cells in the output of a run that reported an error; Contour, Threshold and Clip re-executed twice on the
// unchanged input (the second and third runs read only the part their values reach) give the same output. A
// violation aborts, and main() leaves the
// input that caused it in loom-fuzz-crash.bin (a new regression case for the corpus).
#include "LoomFilterTesting.h"
#include "LoomInterop.h"
#include "LoomRegistryTesting.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataObjectTreeIterator.h>
#include <vtkDataSetWriter.h>
#include <vtkGarbageCollector.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkOutputWindow.h>
#include <vtkPartitionedDataSet.h>
#include <vtkPlane.h>
#include <vtkCylinder.h>
#include <vtkBox.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkShortArray.h>
#include <vtkSignedCharArray.h>
#include <vtkSphere.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkIntArray.h>
#include <vtkTable.h>
#include <vtkTypeInt32Array.h>
#include <vtkTypeInt64Array.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnsignedLongLongArray.h>

#include "vtkLoomCellDataToPointData.h"
#include "vtkLoomCleanGrid.h"
#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomCellSize.h"
#include "vtkLoomConnectivity.h"
#include "vtkLoomMeshQuality.h"
#include "vtkLoomStreamTracer.h"
#include "vtkLoomGenerateSurfaceNormals.h"
#include "vtkLoomExtractSubset.h"
#include "vtkLoomHistogram.h"
#include "vtkLoomIntegrateVariables.h"
#include "vtkLoomPlotOverLine.h"
#include "vtkLoomProbeLocation.h"
#include "vtkLoomResampleWithDataset.h"
#include "vtkLoomResampleToImage.h"
#include "vtkLoomElevation.h"
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
#include <vtkNew.h>
#include <vtkTransform.h>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <set>
#include <string>

namespace
{
/// The input's bytes, read front to back; past the end every read is 0 (short inputs are valid).
class Bytes
{
public:
  Bytes(const uint8_t* data, size_t size)
    : Data(data)
    , Size(size)
  {
  }
  uint8_t Byte() { return this->Position < this->Size ? this->Data[this->Position++] : 0; }
  /// 0 .. count-1.
  int Pick(int count) { return count <= 1 ? 0 : this->Byte() % count; }
  /// True with about `percent` percent probability.
  bool Chance(int percent) { return this->Byte() % 100 < percent; }
  /// A coordinate or field value: mostly quarters in [-32, 32), sometimes NaN, infinities, huge or tiny.
  double Value()
  {
    const uint8_t kind = this->Byte();
    switch (kind % 40)
    {
      case 0:
        return std::numeric_limits<double>::quiet_NaN();
      case 1:
        return std::numeric_limits<double>::infinity();
      case 2:
        return -std::numeric_limits<double>::infinity();
      case 3:
        return 1e300;
      case 4:
        return -1e-300;
      default:
        return (static_cast<int>(this->Byte()) - 128) / 4.0;
    }
  }
  /// A small coordinate (quarters in [-4, 4)): points that share cells stay near each other.
  double Coordinate() { return (this->Byte() % 32 - 16) / 4.0; }

private:
  const uint8_t* Data;
  size_t Size;
  size_t Position = 0;
};

// ---- Datasets ------------------------------------------------------------------------------------

const char* const ArrayNames[] = { "s", "v", "t", "mask", "vtkGhostType" };

/// A random array of `tuples` tuples (sometimes a wrong count: a malformed dataset).
vtkSmartPointer<vtkAbstractArray> RandomArray(Bytes& in, vtkIdType tuples, bool& malformed)
{
  vtkSmartPointer<vtkAbstractArray> array;
  const char* name = ArrayNames[in.Pick(5)];
  const int type = std::string(name) == "vtkGhostType" ? 2 : in.Pick(10);
  // The value types, by the input's choice (a ghost array is always unsigned char, choice 2).
  const int types[] = { VTK_FLOAT, VTK_SIGNED_CHAR, VTK_UNSIGNED_CHAR, VTK_SHORT,  VTK_INT,
                        VTK_TYPE_INT64, VTK_UNSIGNED_LONG_LONG, VTK_ID_TYPE, VTK_STRING, VTK_DOUBLE };
  array.TakeReference(vtkAbstractArray::CreateArray(types[type]));
  const int componentChoices[] = { 1, 1, 1, 3, 3, 2, 4, 6, 9 };
  array->SetName(name);
  array->SetNumberOfComponents(type == 2 && std::string(name) == "vtkGhostType" ? 1 : componentChoices[in.Pick(9)]);
  if (in.Chance(3))
  {
    malformed = true;
    tuples = tuples > 0 && in.Chance(50) ? tuples - 1 : tuples + 1;
  }
  array->SetNumberOfTuples(tuples);
  const vtkIdType values = tuples * array->GetNumberOfComponents();
  if (auto* strings = vtkStringArray::SafeDownCast(array))
  {
    for (vtkIdType i = 0; i < values; ++i)
      strings->SetValue(i, "value " + std::to_string(in.Byte()));
  }
  else
  {
    auto* numbers = vtkDataArray::SafeDownCast(array);
    const bool ghosts = std::string(name) == "vtkGhostType";
    for (vtkIdType i = 0; i < values; ++i)
    {
      double v = ghosts ? (in.Chance(80) ? 0 : (1 << in.Pick(6))) : in.Value();
      if (numbers->GetDataType() != VTK_FLOAT && numbers->GetDataType() != VTK_DOUBLE)
        v = std::isfinite(v) ? std::max(numbers->GetDataTypeMin(), std::min(numbers->GetDataTypeMax(), std::round(v)))
                             : 0.0;
      numbers->SetComponent(i / numbers->GetNumberOfComponents(), i % numbers->GetNumberOfComponents(), v);
    }
  }
  return array;
}

void RandomArrays(Bytes& in, vtkDataSet* data, bool& malformed)
{
  for (int cells = 0; cells < 2; ++cells)
  {
    vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(data->GetCellData())
                                             : static_cast<vtkDataSetAttributes*>(data->GetPointData());
    const vtkIdType tuples = cells ? data->GetNumberOfCells() : data->GetNumberOfPoints();
    const int count = in.Pick(5);
    for (int a = 0; a < count; ++a)
      attributes->AddArray(RandomArray(in, tuples, malformed));
    if (in.Chance(50))
      attributes->SetActiveScalars(ArrayNames[in.Pick(3)]);
    if (in.Chance(30))
      attributes->SetActiveVectors(ArrayNames[in.Pick(3)]);
  }
}

vtkSmartPointer<vtkPoints> RandomPoints(Bytes& in, vtkIdType count)
{
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetDataType(in.Chance(50) ? VTK_FLOAT : VTK_DOUBLE);
  points->SetNumberOfPoints(count);
  const bool specials = in.Chance(5);
  for (vtkIdType p = 0; p < count; ++p)
    points->SetPoint(p, specials && in.Chance(10) ? in.Value() : in.Coordinate(), in.Coordinate(), in.Coordinate());
  return points;
}

struct CellKind
{
  int Type;
  int Points; // -1: any number from 1 (at least 3 for polygons and strips)
};
const CellKind CellKinds[] = {
  { VTK_VERTEX, 1 },         { VTK_POLY_VERTEX, -1 },     { VTK_LINE, 2 },
  { VTK_POLY_LINE, -1 },     { VTK_TRIANGLE, 3 },         { VTK_TRIANGLE_STRIP, -1 },
  { VTK_POLYGON, -1 },       { VTK_PIXEL, 4 },            { VTK_QUAD, 4 },
  { VTK_TETRA, 4 },          { VTK_VOXEL, 8 },            { VTK_HEXAHEDRON, 8 },
  { VTK_WEDGE, 6 },          { VTK_PYRAMID, 5 },          { VTK_PENTAGONAL_PRISM, 10 },
  { VTK_HEXAGONAL_PRISM, 12 }, { VTK_QUADRATIC_EDGE, 3 }, { VTK_QUADRATIC_TETRA, 10 },
  { VTK_QUADRATIC_HEXAHEDRON, 20 }, { VTK_EMPTY_CELL, 0 }, { VTK_POLYHEDRON, -1 },
  { VTK_TETRA, 4 },          { VTK_HEXAHEDRON, 8 },       { VTK_TRIANGLE, 3 },
};

/// Random cells on `points` points into offsets, connectivity and (for a grid) types; malformed
/// cells (a wrong point count, an id past the points, offsets that disagree) now and then.
struct RandomCells
{
  std::vector<vtkIdType> Offsets{ 0 }, Connectivity;
  std::vector<unsigned char> Types;
  std::vector<vtkIdType> FaceLocations, Faces; // polyhedra
  bool Polyhedra = false;

  void Add(Bytes& in, vtkIdType points, bool grid, int onlyDimension, bool& malformed)
  {
    const CellKind kind = CellKinds[in.Pick(static_cast<int>(sizeof(CellKinds) / sizeof(CellKinds[0])))];
    int type = kind.Type;
    int count = kind.Points;
    if (!grid) // polygonal data: the cell array decides the kind, the count the cell
      count = onlyDimension == 0 ? 1 + in.Pick(3) : onlyDimension == 1 ? 2 + in.Pick(3) : 3 + in.Pick(4);
    else if (type == VTK_POLYHEDRON)
      count = 4 + in.Pick(5);
    else if (count < 0)
      count = (type == VTK_POLYGON || type == VTK_TRIANGLE_STRIP ? 3 : 1) + in.Pick(5);
    if (in.Chance(2))
    {
      malformed = true; // a count the type does not have
      count = std::max(0, count + in.Pick(5) - 2);
    }
    if (grid && in.Chance(1))
    {
      malformed = true; // not a VTK cell type
      type = 200 + in.Pick(50);
    }
    const vtkIdType first = static_cast<vtkIdType>(this->Connectivity.size());
    for (int i = 0; i < count; ++i)
    {
      vtkIdType id = points > 0 ? in.Byte() % points : 0;
      if (points == 0 || in.Chance(1))
      {
        malformed = true;
        id = in.Chance(50) ? points + in.Pick(10) : -1 - in.Pick(10);
      }
      this->Connectivity.push_back(id);
    }
    this->Offsets.push_back(static_cast<vtkIdType>(this->Connectivity.size()));
    if (grid)
    {
      this->Types.push_back(static_cast<unsigned char>(type));
      if (type == VTK_POLYHEDRON)
      {
        // Faces of the cell's own points: a tetrahedron-like shell of 3-point faces.
        this->Polyhedra = true;
        this->FaceLocations.push_back(static_cast<vtkIdType>(this->Faces.size()));
        const int faces = 4;
        this->Faces.push_back(faces);
        for (int f = 0; f < faces; ++f)
        {
          this->Faces.push_back(3);
          for (int k = 0; k < 3; ++k)
            this->Faces.push_back(count > 0 ? this->Connectivity[first + (f + k) % count] : 0);
        }
      }
      else
        this->FaceLocations.push_back(-1);
    }
  }

  vtkSmartPointer<vtkCellArray> Array(Bytes& in, bool& malformed) const
  {
    std::vector<vtkIdType> offsets = this->Offsets;
    if (in.Chance(2) && offsets.size() > 1)
    {
      malformed = true; // offsets that disagree with the connectivity
      offsets[in.Pick(static_cast<int>(offsets.size()))] += in.Pick(7) - 3;
    }
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    if (in.Chance(50))
    {
      vtkNew<vtkTypeInt32Array> o, c;
      for (vtkIdType v : offsets)
        o->InsertNextValue(static_cast<vtkTypeInt32>(v));
      for (vtkIdType v : this->Connectivity)
        c->InsertNextValue(static_cast<vtkTypeInt32>(v));
      cells->SetData(o, c);
    }
    else
    {
      vtkNew<vtkTypeInt64Array> o, c;
      for (vtkIdType v : offsets)
        o->InsertNextValue(v);
      for (vtkIdType v : this->Connectivity)
        c->InsertNextValue(v);
      cells->SetData(o, c);
    }
    return cells;
  }
};

vtkSmartPointer<vtkDataSet> RandomDataSet(Bytes& in, int kind, bool& malformed)
{
  vtkSmartPointer<vtkDataSet> data;
  switch (kind)
  {
    case 0: // unstructured grid
    {
      auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
      const vtkIdType points = in.Pick(25);
      grid->SetPoints(RandomPoints(in, points));
      RandomCells cells;
      const int count = in.Pick(13);
      for (int c = 0; c < count; ++c)
        cells.Add(in, points, true, -1, malformed);
      vtkNew<vtkUnsignedCharArray> types;
      for (unsigned char t : cells.Types)
        types->InsertNextValue(t);
      if (in.Chance(1) && types->GetNumberOfTuples() > 0)
      {
        malformed = true;
        types->SetNumberOfTuples(types->GetNumberOfTuples() - 1);
      }
      vtkSmartPointer<vtkCellArray> array = cells.Array(in, malformed);
      if (cells.Polyhedra)
      {
        vtkNew<vtkIdTypeArray> locations, faces;
        for (vtkIdType v : cells.FaceLocations)
          locations->InsertNextValue(v);
        for (vtkIdType v : cells.Faces)
          faces->InsertNextValue(v);
        grid->SetCells(types, array, locations, faces);
      }
      else
        grid->SetCells(types, array);
      data = grid;
      break;
    }
    case 1: // polygonal data
    {
      auto poly = vtkSmartPointer<vtkPolyData>::New();
      const vtkIdType points = in.Pick(25);
      poly->SetPoints(RandomPoints(in, points));
      for (int dimension = 0; dimension < 4; ++dimension)
      {
        const int count = in.Chance(40) ? in.Pick(8) : 0;
        if (count == 0)
          continue;
        RandomCells cells;
        for (int c = 0; c < count; ++c)
          cells.Add(in, points, false, dimension == 3 ? 2 : dimension, malformed);
        vtkSmartPointer<vtkCellArray> array = cells.Array(in, malformed);
        if (dimension == 0)
          poly->SetVerts(array);
        else if (dimension == 1)
          poly->SetLines(array);
        else if (dimension == 2)
          poly->SetPolys(array);
        else
          poly->SetStrips(array);
      }
      data = poly;
      break;
    }
    case 2: // image data
    {
      auto image = vtkSmartPointer<vtkImageData>::New();
      image->SetDimensions(in.Pick(5), in.Pick(5), in.Pick(5));
      image->SetOrigin(in.Coordinate(), in.Coordinate(), in.Coordinate());
      image->SetSpacing(in.Chance(90) ? 0.25 + in.Pick(8) * 0.25 : in.Value(), 0.25 + in.Pick(8) * 0.25,
                        in.Chance(95) ? 0.5 : 0.0);
      data = image;
      break;
    }
    case 3: // rectilinear grid
    {
      auto grid = vtkSmartPointer<vtkRectilinearGrid>::New();
      int dims[3] = { in.Pick(5), in.Pick(5), in.Pick(5) };
      grid->SetDimensions(dims);
      for (int axis = 0; axis < 3; ++axis)
      {
        vtkNew<vtkDoubleArray> coords;
        double x = in.Coordinate();
        for (int i = 0; i < dims[axis]; ++i)
        {
          coords->InsertNextValue(x);
          x += in.Chance(90) ? 0.25 + in.Pick(4) * 0.25 : -0.5; // now and then decreasing
        }
        (axis == 0 ? grid->SetXCoordinates(coords) : axis == 1 ? grid->SetYCoordinates(coords)
                                                               : grid->SetZCoordinates(coords));
      }
      data = grid;
      break;
    }
    default: // structured grid
    {
      auto grid = vtkSmartPointer<vtkStructuredGrid>::New();
      int dims[3] = { in.Pick(5), in.Pick(5), in.Pick(4) };
      grid->SetDimensions(dims);
      grid->SetPoints(RandomPoints(in, static_cast<vtkIdType>(dims[0]) * dims[1] * dims[2]));
      data = grid;
    }
  }
  RandomArrays(in, data, malformed);
  return data;
}

/// A dataset, or a multiblock or partitioned dataset of a few (with empty and null blocks).
vtkSmartPointer<vtkDataObject> RandomInput(Bytes& in, bool& malformed)
{
  const int kind = in.Pick(8);
  if (kind < 5)
    return RandomDataSet(in, kind, malformed);
  const int blocks = 1 + in.Pick(3);
  if (kind == 5)
  {
    auto tree = vtkSmartPointer<vtkMultiBlockDataSet>::New();
    tree->SetNumberOfBlocks(blocks);
    for (int b = 0; b < blocks; ++b)
      if (!in.Chance(20))
        tree->SetBlock(b, RandomDataSet(in, in.Pick(5), malformed));
    return tree;
  }
  auto parts = vtkSmartPointer<vtkPartitionedDataSet>::New();
  const int type = in.Pick(5); // partitions of one type, as ParaView makes them
  for (int b = 0; b < blocks; ++b)
    parts->SetPartition(b, RandomDataSet(in, type, malformed));
  return parts;
}

// ---- Checks ------------------------------------------------------------------------------------------


void HashBytes(uint64_t& h, const void* data, size_t size)
{
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i)
    h = (h ^ p[i]) * 1099511628211ull; // FNV-1a
}

void HashArray(uint64_t& h, vtkAbstractArray* array)
{
  if (!array)
    return;
  HashBytes(h, array->GetName() ? array->GetName() : "", array->GetName() ? std::strlen(array->GetName()) : 0);
  const vtkIdType n = array->GetNumberOfValues();
  HashBytes(h, &n, sizeof(n));
  if (auto* strings = vtkStringArray::SafeDownCast(array))
    for (vtkIdType i = 0; i < n; ++i)
      HashBytes(h, strings->GetValue(i).data(), strings->GetValue(i).size());
  else if (n > 0)
    HashBytes(h, array->GetVoidPointer(0), static_cast<size_t>(n) * array->GetDataTypeSize());
}

void HashCells(uint64_t& h, vtkCellArray* cells)
{
  if (cells)
  {
    HashArray(h, cells->GetOffsetsArray());
    HashArray(h, cells->GetConnectivityArray());
  }
}

/// Everything a filter must leave alone in its input.
uint64_t Hash(vtkDataObject* data)
{
  uint64_t h = 14695981039346656037ull;
  for (vtkDataSet* leaf : loomtest::Leaves(data))
  {
    for (vtkFieldData* fd : { static_cast<vtkFieldData*>(leaf->GetPointData()),
                              static_cast<vtkFieldData*>(leaf->GetCellData()) })
      for (int a = 0; a < fd->GetNumberOfArrays(); ++a)
        HashArray(h, fd->GetAbstractArray(a));
    if (auto* ps = vtkPointSet::SafeDownCast(leaf); ps && ps->GetPoints())
      HashArray(h, ps->GetPoints()->GetData());
    if (auto* grid = vtkUnstructuredGrid::SafeDownCast(leaf))
    {
      HashCells(h, grid->GetCells());
      HashArray(h, grid->GetCellTypesArray());
    }
    if (auto* poly = vtkPolyData::SafeDownCast(leaf))
      for (vtkCellArray* cells : { poly->GetVerts(), poly->GetLines(), poly->GetPolys(), poly->GetStrips() })
        HashCells(h, cells);
  }
  return h;
}

/// What is wrong with an output ("" when nothing): cells naming missing points, arrays whose tuple
/// count is not the points' or cells', ghost arrays of another type than VTK's (`integrals`: the output of
/// Integrate Variables, whose arrays are all integrals as doubles, the ghost array's too, as VTK's filter
/// gives them).
std::string CheckOutput(vtkDataObject* output, bool integrals)
{
  if (auto* table = vtkTable::SafeDownCast(output)) // Histogram: columns of one length, counts not negative
  {
    for (vtkIdType c = 0; c < table->GetNumberOfColumns(); ++c)
      if (table->GetColumn(c)->GetNumberOfTuples() != table->GetNumberOfRows())
        return "a table column of another length";
    if (auto* counts = vtkIntArray::SafeDownCast(table->GetColumnByName("bin_values")))
      for (vtkIdType r = 0; r < counts->GetNumberOfTuples(); ++r)
        if (counts->GetValue(r) < 0)
          return "a negative count";
  }
  for (vtkDataSet* leaf : loomtest::Leaves(output))
  {
    const vtkIdType points = leaf->GetNumberOfPoints(), cellCount = leaf->GetNumberOfCells();
    for (int cells = 0; cells < 2; ++cells)
    {
      vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(leaf->GetCellData())
                                               : static_cast<vtkDataSetAttributes*>(leaf->GetPointData());
      for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
      {
        vtkAbstractArray* array = attributes->GetAbstractArray(a);
        if (array->GetName() && std::string(array->GetName()) == vtkDataSetAttributes::GhostArrayName() &&
            array->GetDataType() != (integrals ? VTK_DOUBLE : VTK_UNSIGNED_CHAR))
          return std::string("a ") + array->GetDataTypeAsString() + " ghost array (VTK's are unsigned char)";
        if (array->GetNumberOfTuples() < (cells ? cellCount : points)) // longer: as VTK accepts them
          return std::string(cells ? "cell" : "point") + " array '" + (array->GetName() ? array->GetName() : "") +
            "' has " + std::to_string(array->GetNumberOfTuples()) + " tuples for " +
            std::to_string(cells ? cellCount : points) + (cells ? " cells" : " points");
      }
    }
    std::vector<vtkCellArray*> arrays;
    if (auto* grid = vtkUnstructuredGrid::SafeDownCast(leaf))
    {
      arrays.push_back(grid->GetCells());
      if (grid->GetCells() && grid->GetCellTypesArray() &&
          grid->GetCellTypesArray()->GetNumberOfTuples() != grid->GetCells()->GetNumberOfCells())
        return "the output's cell types and cells disagree";
    }
    if (auto* poly = vtkPolyData::SafeDownCast(leaf))
      arrays = { poly->GetVerts(), poly->GetLines(), poly->GetPolys(), poly->GetStrips() };
    for (vtkCellArray* cells : arrays)
    {
      if (!cells)
        continue;
      vtkDataArray* offsets = cells->GetOffsetsArray();
      vtkDataArray* connectivity = cells->GetConnectivityArray();
      const vtkIdType n = offsets->GetNumberOfTuples();
      if (n > 0 && (offsets->GetComponent(0, 0) != 0 ||
                    offsets->GetComponent(n - 1, 0) != connectivity->GetNumberOfTuples()))
        return "the output's offsets do not span its connectivity";
      for (vtkIdType i = 1; i < n; ++i)
        if (offsets->GetComponent(i, 0) < offsets->GetComponent(i - 1, 0))
          return "the output's offsets decrease";
      for (vtkIdType i = 0; i < connectivity->GetNumberOfTuples(); ++i)
      {
        const double id = connectivity->GetComponent(i, 0);
        if (id < 0 || id >= points)
          return "an output cell names point " + std::to_string(static_cast<long long>(id)) + " of " +
            std::to_string(points);
      }
    }
  }
  return "";
}

// ---- Filters ---------------------------------------------------------------------------------------

int RandomDevice(Bytes& in)
{
  const int devices[] = { vtkLoomContour::DEVICE_SERIAL, vtkLoomContour::DEVICE_TBB, vtkLoomContour::DEVICE_AUTO,
                          vtkLoomContour::DEVICE_CUDA };
  return devices[in.Chance(90) ? in.Pick(2) : 2 + in.Pick(2)];
}

void RandomArrayToProcess(Bytes& in, vtkAlgorithm* filter)
{
  const char* names[] = { "s", "v", "t", "missing", "mask" };
  filter->SetInputArrayToProcess(0, 0, 0,
                                 in.Chance(70) ? vtkDataObject::FIELD_ASSOCIATION_POINTS
                                               : vtkDataObject::FIELD_ASSOCIATION_CELLS,
                                 names[in.Pick(5)]);
}

void RandomMask(Bytes& in, vtkLoomFieldFilter* filter)
{
  filter->SetDevice(RandomDevice(in));
  if (in.Chance(15))
    filter->SetMaskArrayName("mask");
  else if (in.Chance(15))
  {
    vtkNew<vtkIdTypeArray> ids;
    const int count = in.Pick(4);
    for (int i = 0; i < count; ++i)
      ids->InsertNextValue(in.Pick(30) - 2);
    filter->SetMaskIds(ids);
  }
  if (in.Chance(10))
    filter->SetFillWithNaN(true);
}

vtkSmartPointer<vtkImplicitFunction> RandomFunction(Bytes& in)
{
  if (in.Chance(70))
  {
    auto plane = vtkSmartPointer<vtkPlane>::New();
    plane->SetOrigin(in.Coordinate(), in.Coordinate(), in.Coordinate());
    plane->SetNormal(in.Pick(3) - 1, in.Pick(3) - 1, in.Pick(3) - 1); // sometimes zero
    return plane;
  }
  if (in.Chance(50))
  {
    auto sphere = vtkSmartPointer<vtkSphere>::New();
    sphere->SetCenter(in.Coordinate(), in.Coordinate(), in.Coordinate());
    sphere->SetRadius(in.Pick(8) * 0.5);
    return sphere;
  }
  if (in.Chance(50))
  {
    // A box, sometimes turned or flattened (the part of a grid it reaches: CutExtent.h).
    auto box = vtkSmartPointer<vtkBox>::New();
    const double x = in.Coordinate(), y = in.Coordinate(), z = in.Coordinate();
    box->SetBounds(x, x + in.Pick(6) * 0.5, y, y + in.Pick(6) * 0.5, z, z + in.Pick(6) * 0.5);
    if (in.Chance(40))
    {
      vtkNew<vtkTransform> turn;
      turn->RotateZ(in.Pick(8) * 15.0);
      turn->Scale(1.0, in.Pick(3) * 0.5, 1.0); // sometimes singular
      box->SetTransform(turn.Get());
    }
    return box;
  }
  // A cylinder along a coordinate axis, or a skew one.
  auto cylinder = vtkSmartPointer<vtkCylinder>::New();
  cylinder->SetCenter(in.Coordinate(), in.Coordinate(), in.Coordinate());
  const int axis = in.Pick(4);
  cylinder->SetAxis(axis == 0 ? 1.0 : axis == 3 ? 0.5 : 0.0, axis == 1 ? 1.0 : axis == 3 ? 0.3 : 0.0,
                    axis == 2 ? 1.0 : axis == 3 ? 0.8 : 0.0);
  cylinder->SetRadius(in.Pick(8) * 0.5);
  return cylinder;
}

/// Every Loom filter, set up from the input's bytes.
std::vector<std::function<vtkSmartPointer<vtkAlgorithm>(Bytes&)>> Filters()
{
  using Ptr = vtkSmartPointer<vtkAlgorithm>;
  return {
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomPointDataToCellData>::New();
      RandomMask(in, f);
      f->SetProcessAllArrays(in.Chance(80));
      f->SetPassInputData(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomCellDataToPointData>::New();
      RandomMask(in, f);
      f->SetProcessAllArrays(in.Chance(80));
      f->SetPassInputData(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomContour>::New();
      RandomArrayToProcess(in, f);
      const int count = in.Pick(3) + 1;
      for (int i = 0; i < count; ++i)
        f->SetValue(i, in.Value());
      f->SetComputeNormals(in.Chance(50));
      f->SetComputeScalars(in.Chance(50));
      f->SetMergePoints(in.Chance(50));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomTetrahedralize>::New();
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomThreshold>::New();
      RandomArrayToProcess(in, f);
      f->SetLowerThreshold(in.Value());
      f->SetUpperThreshold(in.Value());
      f->SetThresholdMethod(in.Pick(3));
      f->SetAllScalars(in.Chance(50));
      f->SetUseContinuousCellRange(in.Chance(30));
      f->SetInvert(in.Chance(30));
      f->SetComponentMode(in.Pick(3));
      f->SetSelectedComponent(in.Pick(5) - 1);
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomClip>::New();
      if (in.Chance(50))
        f->SetClipFunction(RandomFunction(in));
      else
        RandomArrayToProcess(in, f);
      f->SetValue(in.Value());
      f->SetInsideOut(in.Chance(50));
      f->SetPreserveInputCells(in.Chance(20));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomSlice>::New();
      f->SetCutFunction(RandomFunction(in));
      const int count = in.Pick(3) + 1;
      for (int i = 0; i < count; ++i)
        f->SetValue(i, in.Pick(9) * 0.5 - 2.0);
      f->SetTriangulate(in.Chance(50));
      f->SetMergePoints(in.Chance(50));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomExtractSurface>::New();
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      f->SetRemoveGhostInterfaces(in.Chance(80));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomCleanGrid>::New();
      f->SetDevice(RandomDevice(in));
      f->SetTolerance(in.Pick(4) * 0.05);
      f->SetToleranceIsAbsolute(in.Chance(30));
      f->SetAbsoluteTolerance(in.Pick(4) * 0.25);
      f->SetRemovePointsWithoutCells(in.Chance(70));
      f->SetPointDataWeighingStrategy(in.Pick(2));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomLevelOfDetail>::New();
      f->SetNumberOfDivisions(in.Pick(6), in.Pick(6), in.Pick(6));
      f->SetAutoAdjustNumberOfDivisions(in.Chance(50));
      f->SetUseInputPoints(in.Chance(30));
      f->SetRepresentativePoint(in.Pick(2));
      f->SetCopyCellData(in.Chance(50));
      f->SetUseFeatureEdges(in.Chance(20));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomGradient>::New();
      RandomArrayToProcess(in, f);
      RandomMask(in, f);
      f->SetComputeDivergence(in.Chance(30));
      f->SetComputeVorticity(in.Chance(30));
      f->SetComputeQCriterion(in.Chance(30));
      f->SetFasterApproximation(in.Chance(30));
      f->SetContributingCellOption(in.Pick(3));
      f->SetBoundaryMethod(in.Pick(2));
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomElevation>::New();
      RandomMask(in, f);
      f->SetLowPoint(in.Coordinate(), in.Coordinate(), in.Coordinate());
      f->SetHighPoint(in.Coordinate(), in.Coordinate(), in.Coordinate());
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomWarpByScalar>::New();
      RandomArrayToProcess(in, f);
      RandomMask(in, f);
      f->SetScaleFactor(in.Value());
      f->SetUseNormal(in.Chance(30));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomWarpByVector>::New();
      RandomArrayToProcess(in, f);
      RandomMask(in, f);
      f->SetScaleFactor(in.Value());
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomTransform>::New();
      vtkNew<vtkTransform> transform;
      transform->Translate(in.Value(), in.Value(), in.Value());
      transform->RotateWXYZ(in.Value(), in.Value(), in.Value(), in.Value());
      transform->Scale(in.Value(), in.Value(), in.Value()); // zero included: a singular transform
      f->SetTransform(transform);
      f->SetTransformAllInputVectors(in.Chance(50));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomCellSize>::New();
      f->SetComputeVertexCount(in.Chance(70));
      f->SetComputeLength(in.Chance(70));
      f->SetComputeArea(in.Chance(70));
      f->SetComputeVolume(in.Chance(70));
      f->SetComputeSum(in.Chance(50));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomIntegrateVariables>::New();
      f->SetDivideAllCellDataByVolume(in.Chance(50));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomHistogram>::New();
      RandomArrayToProcess(in, f);
      f->SetComponent(in.Byte() % 5 - 1); // -1 and past the components included: errors
      f->SetBinCount(in.Chance(90) ? 1 + in.Byte() : in.Byte() % 3 - 1); // 0 and -1 included: errors
      f->SetCenterBinsAroundMinAndMax(in.Chance(30));
      f->SetUseCustomBinRanges(in.Chance(30));
      f->SetCustomBinRanges(in.Coordinate(), in.Coordinate());
      f->SetNormalize(in.Chance(30));
      f->SetAccumulation(in.Chance(30));
      f->SetCalculateAverages(in.Chance(10));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomConnectivity>::New();
      f->SetExtractionMode(1 + in.Byte() % 6);
      f->SetColorRegions(in.Chance(70));
      f->SetRegionIdAssignmentMode(in.Byte() % 3);
      f->SetClosestPoint(in.Coordinate(), in.Coordinate(), in.Coordinate());
      for (int i = 0, n = in.Byte() % 4; i < n; ++i) // past the input's points or cells included: errors
      {
        f->AddSeed(in.Byte() % 40 - 4);
        f->AddSpecifiedRegion(in.Byte() % 8 - 1);
      }
      f->SetScalarConnectivity(in.Chance(10));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomMeshQuality>::New();
      // Any measure number, those a shape does not offer (VTK's default, a warning) and negatives included.
      f->SetTriangleQualityMeasure(in.Byte() % 40 - 1);
      f->SetQuadQualityMeasure(in.Byte() % 40 - 1);
      f->SetTetQualityMeasure(in.Byte() % 40 - 1);
      f->SetPyramidQualityMeasure(in.Byte() % 40 - 1);
      f->SetWedgeQualityMeasure(in.Byte() % 40 - 1);
      f->SetHexQualityMeasure(in.Byte() % 40 - 1);
      f->SetLinearApproximation(in.Chance(30));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomGenerateSurfaceNormals>::New();
      f->SetFeatureAngle(in.Byte() % 200 - 10.0); // clamped to 0 .. 180
      f->SetSplitting(in.Chance(70));
      f->SetConsistency(in.Chance(70));
      f->SetFlipNormals(in.Chance(30));
      f->SetNonManifoldTraversal(in.Chance(70));
      f->SetComputePointNormals(in.Chance(90));
      f->SetComputeCellNormals(in.Chance(40));
      f->SetAutoOrientNormals(in.Chance(5));
      f->SetOutputPointsPrecision(in.Byte() % 4);
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(false); // vtkPolyDataNormals' cell data are short with strips beside vertices or lines
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomExtractSubset>::New(); // refuses the unstructured inputs (the executive)
      f->SetVOI(in.Byte() % 12 - 6, in.Byte() % 12 - 6, in.Byte() % 12 - 6, in.Byte() % 12 - 6, in.Byte() % 12 - 6,
                in.Byte() % 12 - 6); // reversed and outside included: errors
      f->SetSampleRate(in.Byte() % 4, in.Byte() % 4, 1 + in.Byte() % 3); // 0 included: an error
      f->SetIncludeBoundary(in.Chance(50));
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomPlotOverLine>::New();
      f->SetPoint1(in.Coordinate(), in.Coordinate(), in.Coordinate());
      f->SetPoint2(in.Coordinate(), in.Coordinate(), in.Coordinate());
      f->SetLineResolution(in.Byte() % 40); // 0 included: an error
      f->SetSamplingPattern(in.Chance(80) ? 2 : in.Byte() % 2);
      f->SetPassPartialArrays(in.Chance(50));
      f->SetComputeTolerance(in.Chance(70));
      f->SetDevice(RandomDevice(in));
      // Loom's own path only: the fallback, VTK's probe of points (it walks from cell to cell), ends the
      // process on much of what the fuzzer makes (freed cells, reads past arrays and links); the cases found
      // are refused before it (ProbeSource::CrashesVTK, BlocksDisagree), the rest is ParaView's own crash.
      f->SetFallbackToVTK(false);
      (void)in.Chance(50);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomResampleWithDataset>::New(); // the input on both ports
      f->SetPassPointArrays(in.Chance(30));
      f->SetPassCellArrays(in.Chance(30));
      f->SetMarkBlankPointsAndCells(in.Chance(50));
      f->SetComputeTolerance(in.Chance(70));
      f->SetDevice(RandomDevice(in));
      // Loom's own path only, as Probe Location's (the fallback is VTK's probe of points).
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomProbeLocation>::New();
      vtkNew<vtkPolyData> probe; // up to 15 probe points about the input, no cells or a vertex each
      vtkNew<vtkPoints> at;
      const int n = in.Byte() % 16;
      for (int i = 0; i < n; ++i)
        at->InsertNextPoint(in.Coordinate(), in.Coordinate(), in.Coordinate());
      probe->SetPoints(at);
      if (in.Chance(50))
      {
        vtkNew<vtkCellArray> vertices;
        for (vtkIdType i = 0; i < n; ++i)
          vertices->InsertNextCell(1, &i);
        probe->SetVerts(vertices);
      }
      f->SetSourceData(probe);
      f->SetPassPartialArrays(in.Chance(30));
      f->SetComputeTolerance(in.Chance(70));
      f->SetDevice(RandomDevice(in));
      // Loom's own path only, as Plot Over Line's (the fallback is VTK's probe of points).
      f->SetFallbackToVTK(false);
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomResampleToImage>::New();
      f->SetUseInputBounds(in.Chance(60));
      f->SetSamplingBounds(in.Coordinate(), in.Coordinate(), in.Coordinate(), in.Coordinate(), in.Coordinate(),
                           in.Coordinate());
      f->SetSamplingDimensions(in.Byte() % 13, in.Byte() % 13, in.Byte() % 13); // 0 included: an error
      f->SetDevice(RandomDevice(in));
      f->SetFallbackToVTK(in.Chance(50));
      return f;
    },
    [](Bytes& in) -> Ptr {
      auto f = vtkSmartPointer<vtkLoomStreamTracer>::New();
      RandomArrayToProcess(in, f);
      vtkNew<vtkPolyData> seeds; // up to 15 seeds about the input (none: the start position)
      vtkNew<vtkPoints> at;
      const int n = in.Byte() % 16;
      for (int i = 0; i < n; ++i)
        at->InsertNextPoint(in.Coordinate(), in.Coordinate(), in.Coordinate());
      seeds->SetPoints(at);
      if (in.Chance(80))
        f->SetSourceData(seeds);
      f->SetStartPosition(in.Coordinate(), in.Coordinate(), in.Coordinate());
      f->SetIntegratorType(in.Byte() % 3);
      f->SetIntegrationDirection(in.Byte() % 3);
      f->SetIntegrationStepUnit(1 + in.Byte() % 2);
      f->SetInitialIntegrationStep(in.Coordinate()); // zero and negative included
      f->SetMinimumIntegrationStep(in.Coordinate() / 4);
      f->SetMaximumIntegrationStep(in.Coordinate());
      f->SetMaximumNumberOfSteps(in.Byte() * 4 - 8);
      f->SetMaximumPropagation(in.Coordinate() * 4);
      f->SetTerminalSpeed(in.Chance(80) ? 1e-12 : in.Coordinate());
      f->SetMaximumError(in.Chance(80) ? 1e-6 : in.Coordinate());
      f->SetComputeVorticity(in.Chance(70));
      f->SetDevice(RandomDevice(in));
      // Loom's own path only: VTK's stream tracer reads past what the fuzzer makes (vectors of other sizes,
      // freed cells).
      f->SetFallbackToVTK(false);
      return f;
    },
  };
}

/// VTK's messages go nowhere (the fuzzer makes thousands); the filters' error events still fire.
class QuietWindow : public vtkOutputWindow
{
public:
  static QuietWindow* New() { return new QuietWindow; }
  void DisplayText(const char*) override {}
};

/// A line per leaf: its type, points, cells and arrays (tuples x components), for failure reports.
std::string Describe(vtkDataObject* data)
{
  std::string text = data->GetClassName();
  for (vtkDataSet* leaf : loomtest::Leaves(data))
  {
    text += std::string("\n  ") + leaf->GetClassName() + ": " + std::to_string(leaf->GetNumberOfPoints()) +
      " points, " + std::to_string(leaf->GetNumberOfCells()) + " cells;";
    for (int cells = 0; cells < 2; ++cells)
    {
      vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(leaf->GetCellData())
                                               : static_cast<vtkDataSetAttributes*>(leaf->GetPointData());
      for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
      {
        vtkAbstractArray* array = attributes->GetAbstractArray(a);
        text += std::string(cells ? " cell " : " point ") + array->GetDataTypeAsString() + " '" +
          (array->GetName() ? array->GetName() : "") + "' " + std::to_string(array->GetNumberOfTuples()) + "x" +
          std::to_string(array->GetNumberOfComponents());
      }
    }
  }
  return text;
}

struct Tally
{
  long Inputs = 0, Malformed = 0, Runs = 0, Errors = 0, CellsOut = 0;
} tally;

[[noreturn]] void Fail(const std::string& what)
{
  std::cerr << "loom fuzzer: " << what << std::endl;
  std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  static const bool quiet = [] {
    vtkNew<QuietWindow> window;
    vtkOutputWindow::SetInstance(window);
    vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
    return true;
  }();
  (void)quiet;
  static const bool trace = std::getenv("LOOM_FUZZ_TRACE") != nullptr;
  Bytes in(data, size);
  bool malformed = false;
  vtkSmartPointer<vtkDataObject> input = RandomInput(in, malformed);
  ++tally.Inputs;
  tally.Malformed += malformed;
  if (const char* folder = std::getenv("LOOM_FUZZ_WRITE")) // the input's leaves as legacy files, to study
  {
    int n = 0;
    for (vtkDataSet* leaf : loomtest::Leaves(input))
    {
      vtkNew<vtkDataSetWriter> writer;
      writer->SetInputData(leaf);
      writer->SetFileName((std::string(folder) + "/leaf" + std::to_string(n++) + ".vtk").c_str());
      writer->Write();
    }
  }
  const uint64_t before = Hash(input);
  // The filters made for this input are freed together at its end: one garbage collection per input, not one
  // per filter (most of the time of these small runs was VTK's collector).
  struct Deferred
  {
    Deferred() { vtkGarbageCollector::DeferredCollectionPush(); }
    ~Deferred() { vtkGarbageCollector::DeferredCollectionPop(); }
  } deferred;
  for (const auto& make : Filters())
  {
    vtkSmartPointer<vtkAlgorithm> filter = make(in);
    if (trace)
      std::cerr << "loom fuzzer: " << filter->GetClassName() << " on " << Describe(input) << std::endl;
    filter->SetInputDataObject(0, input);
    const std::string name = filter->GetClassName();
    const bool reexecuted = name == "vtkLoomContour" || name == "vtkLoomThreshold" || name == "vtkLoomClip";
    if (reexecuted)
      loom::interop::ClearValueBlocks(); // its first run reads the whole grid, whatever ran before on the array
    if (vtkLoomResampleWithDataset::SafeDownCast(filter))
      filter->SetInputDataObject(1, input); // Resample With Dataset: the input sampled at its own points
    const loomtest::Outcome outcome = loomtest::UpdateCapturing(filter);
    ++tally.Runs;
    auto fail = [&](const std::string& what) {
      Fail(name + ": " + what + "\ninput (" + (malformed ? "malformed" : "well formed") + "): " + Describe(input) +
           (outcome.Output ? "\noutput: " + Describe(outcome.Output) : std::string()) + "\nerrors: " + outcome.Errors);
    };
    if (Hash(input) != before)
      fail("the input changed");
    if (!outcome.Output)
      continue; // the executive gave up before the filter ran (an error it reported)
    // The point maps pass the cells on unread, malformed ones included (as VTK's do).
    const bool passesCells =
      name == "vtkLoomElevation" || name == "vtkLoomWarpByScalar" || name == "vtkLoomWarpByVector" ||
      name == "vtkLoomTransform";
    const std::string fault = malformed && passesCells ? "" : CheckOutput(outcome.Output, name == "vtkLoomIntegrateVariables");
    if (!fault.empty())
      fail(fault);
    vtkIdType cells = 0;
    for (vtkDataSet* leaf : loomtest::Leaves(outcome.Output))
      cells += leaf->GetNumberOfCells();
    tally.CellsOut += cells;
    if (!outcome.Errors.empty())
    {
      ++tally.Errors;
      // A dataset's error empties the output; in a composite one it empties the failing blocks only (the
      // pipeline runs the filter block by block), so no count is asserted there.
      if (cells != 0 && vtkDataSet::SafeDownCast(input))
        fail("an error, and " + std::to_string(cells) + " cells left in the output");
    }
    else if (reexecuted)
    {
      // Re-executed on the unchanged input they read only the part of a grid their values reach (the value
      // blocks, made on the second run, found on the third): the first run's output (the whole grid's), hash for
      // hash.
      const uint64_t first = Hash(outcome.Output);
      for (int again = 0; again < 2; ++again)
      {
        filter->Modified();
        const loomtest::Outcome repeat = loomtest::UpdateCapturing(filter);
        if (!repeat.Output || Hash(repeat.Output) != first)
          fail(std::string("re-executed on the unchanged input, a different output (run ") + std::to_string(again + 2) +
               ")" + (repeat.Output ? ": " + Describe(repeat.Output) : std::string()));
        if (Hash(input) != before)
          fail("the input changed on a re-execution");
      }
    }
  }
  return 0;
}

#ifndef LOOM_LIBFUZZER
namespace
{
// The input being run, for the signal handler to leave behind.
std::vector<uint8_t> current;

void LeaveCrash(int signal)
{
  const int fd = ::open("loom-fuzz-crash.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0)
  {
    if (::write(fd, current.data(), current.size()) < 0)
    {
    }
    ::close(fd);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void RunOne(const std::vector<uint8_t>& bytes)
{
  current = bytes;
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
}

void Replay(const std::string& path, long& replayed)
{
  struct stat info;
  if (::stat(path.c_str(), &info) != 0)
    Fail("no such file or folder: " + path);
  if (S_ISDIR(info.st_mode))
  {
    std::vector<std::string> names;
    if (DIR* dir = ::opendir(path.c_str()))
    {
      while (dirent* e = ::readdir(dir))
        if (e->d_name[0] != '.')
          names.push_back(path + "/" + e->d_name);
      ::closedir(dir);
    }
    std::sort(names.begin(), names.end());
    for (const auto& n : names)
      Replay(n, replayed);
    return;
  }
  std::ifstream file(path, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  RunOne(bytes);
  ++replayed;
}
} // namespace

/// loom_filter_fuzzer [--inputs N] [--seed S] [corpus files or folders...]
/// --inputs: that many random inputs after the corpus (bounded by work: the same inputs on any machine;
/// a longer run by hand gives more, or another seed).
int main(int argc, char** argv)
{
  long inputs = 1000;
  unsigned seed = 1;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i)
  {
    const std::string a = argv[i];
    if (a == "--inputs" && i + 1 < argc)
      inputs = std::atol(argv[++i]);
    else if (a == "--seed" && i + 1 < argc)
      seed = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
    else
      paths.push_back(a);
  }
  // The fuzzed filters are the registry's, every one of them.
  {
    std::set<std::string> fuzzed;
    const std::vector<uint8_t> zeros(64, 0);
    for (const auto& make : Filters())
    {
      Bytes in(zeros.data(), zeros.size());
      fuzzed.insert(make(in)->GetClassName());
    }
    if (fuzzed != loomtest::RegistryClasses())
    {
      std::cerr << "loom fuzzer: Filters() and Filters/registry.json list different filters" << std::endl;
      return 1;
    }
  }
  for (int s : { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL })
    std::signal(s, LeaveCrash);
  long replayed = 0;
  for (const auto& p : paths)
    Replay(p, replayed);
  std::mt19937 random(seed);
  long generated = 0;
  while (generated < inputs)
  {
    std::vector<uint8_t> bytes(16 + random() % 1024);
    for (auto& b : bytes)
      b = static_cast<uint8_t>(random());
    RunOne(bytes);
    ++generated;
  }
  std::cout << "loom fuzzer: " << replayed << " corpus inputs and " << generated << " random inputs (seed " << seed
            << "), " << tally.Malformed << " of them malformed; " << tally.Runs << " filter runs, " << tally.Errors
            << " reported errors, " << tally.CellsOut << " output cells; no crash, every input unchanged, every "
            << "output well formed" << std::endl;
  return 0;
}
#endif
