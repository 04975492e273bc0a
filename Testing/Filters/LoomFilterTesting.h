// Loom filter tests: the inputs and helpers the filter test programs share (the wavelet as an image,
// as voxels and as hexahedra, the bundled datasets, an observer that collects error messages).
#pragma once

#include <gtest/gtest.h>

#include <vtkAlgorithm.h>
#include <vtkAppendFilter.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCommand.h>
#include <vtkDataSetReader.h>
#include <vtkExecutive.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkImageDataToPointSet.h>
#include <vtkIntArray.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkSmartPointer.h>
#include <vtkUnstructuredGrid.h>
#include <vtkFloatArray.h>
#include <vtkDoubleArray.h>
#include <vtkDataObjectTree.h>
#include <vtkDataObjectTreeIterator.h>
#include <vtkLoomExecution.h>
#include <vtkLoomSettings.h>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include <algorithm>
#include <cmath>

#include <string>

#ifndef LOOM_DATA_DIR
#error LOOM_DATA_DIR must name the Data folder
#endif

namespace loomtest
{
/// The devices a filter test runs its cases on (the filters' DeviceChoice: 1 Serial, 2 TBB, 3 CUDA): the one
/// LOOM_DEVICE names (the `.cuda` twins run with LOOM_DEVICE=cuda), else Serial and TBB, and CUDA where a
/// GPU can run it. Every device loop of the filter tests takes its list from Devices(), which asks once.
inline std::vector<int> FindDevices()
{
  const char* env = std::getenv("LOOM_DEVICE");
  const std::string named = env ? env : "";
  if (named == "serial")
    return { 1 };
  if (named == "tbb")
    return { 2 };
  if (named == "cuda")
    return { 3 };
  const std::string report = vtkLoomSettings::GetInstance()->GetDeviceReport();
  if (report.find("CUDA: ") != std::string::npos && report.find("CUDA: unavailable") == std::string::npos)
    return { 1, 2, 3 };
  return { 1, 2 };
}
inline const std::vector<int>& Devices()
{
  static const std::vector<int> devices = FindDevices();
  return devices;
}

/// The CUDA cases a program ran, reported when it ends ("loomtest: N cases on CUDA", which
/// scripts/gpu_tests.sh prints per program).
struct CudaCaseCount
{
  int Cases = 0;
  ~CudaCaseCount()
  {
    if (this->Cases > 0)
      std::printf("loomtest: %d cases on CUDA\n", this->Cases);
  }
};
inline CudaCaseCount CudaCases;

/// After a case on `device` (0: Auto): on CUDA, unless VTK's filter computed it or it stopped before any work, its
/// execution record must name CUDA, so that a silent CPU fallback fails the `.cuda` twin. LOOM_TEST_CUDA_STAND_IN=1
/// (Filters.TwinsAskForCuda: a machine without a GPU made to run the twins' device list) counts the case
/// without that check (the request falls back to a CPU device there).
inline void ExpectRanOn(vtkAlgorithm* filter, int device, const std::string& what)
{
  const bool auto_ = device == 0;
  if (device == 0)
    device = Devices().back(); // Auto: LOOM_DEVICE's device, else the best present (CUDA, TBB), as Loom picks
  vtkLoomExecution* record = vtkLoomExecution::GetLast(filter);
  // Cases VTK's filter computed (a fallback) or that stopped before any work (empty or bad input) ran no family.
  if (device != 3 || !record || record->GetFallback() || std::string(record->GetDevices()) == "none")
    return;
  ++CudaCases.Cases;
  if (std::getenv("LOOM_TEST_CUDA_STAND_IN"))
    return;
  // Auto's estimate may leave the work to the CPU (small test inputs), and then says so in the record.
  if (auto_ && std::string(record->GetMessage()).find("rather than CUDA") != std::string::npos)
    return;
  EXPECT_NE(std::string::npos, std::string(record->GetDevices()).find("CUDA"))
    << what << ": asked for CUDA, ran on " << record->GetDevices();
}

/// Adds to polygonal data (of at least 21 points) the cells beside its polygons that filters treat apart: a
/// vertex, a poly-vertex (with `polyVertex`), a line, a poly-line, a triangle strip and a five-point polygon;
/// the cell arrays no longer fit and are removed.
inline void AddOtherPolygonalCells(vtkPolyData* poly, bool polyVertex)
{
  vtkNew<vtkCellArray> verts, lines, strips;
  const vtkIdType vertex[1] = { 3 }, polyVertexIds[3] = { 0, 1, 2 }, line[2] = { 0, 7 }, polyLine[4] = { 1, 5, 9, 20 },
                  strip[5] = { 0, 1, 9, 10, 18 }, polygon[5] = { 0, 1, 2, 11, 10 };
  verts->InsertNextCell(1, vertex);
  if (polyVertex)
    verts->InsertNextCell(3, polyVertexIds);
  lines->InsertNextCell(2, line);
  lines->InsertNextCell(4, polyLine);
  strips->InsertNextCell(5, strip);
  poly->SetVerts(verts);
  poly->SetLines(lines);
  poly->SetStrips(strips);
  poly->GetPolys()->InsertNextCell(5, polygon);
  poly->GetCellData()->Initialize();
}

/// ParaView's Wavelet on [-half, half)^3 points.
inline vtkSmartPointer<vtkImageData> Wavelet(int half)
{
  vtkNew<vtkRTAnalyticSource> source;
  source->SetWholeExtent(-half, half - 1, -half, half - 1, -half, half - 1);
  source->Update();
  return source->GetOutput();
}

/// Adds a smooth 3-component double point array "V" (the active vectors) to a dataset.
inline void AddVectors(vtkDataSet* data)
{
  vtkNew<vtkDoubleArray> v;
  v->SetName("V");
  v->SetNumberOfComponents(3);
  v->SetNumberOfTuples(data->GetNumberOfPoints());
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
  {
    double x[3];
    data->GetPoint(p, x);
    v->SetTuple3(p, std::sin(0.3 * x[0]) * x[1], std::cos(0.2 * x[1]) * x[2], 0.1 * x[0] * x[2] + x[1]);
  }
  data->GetPointData()->SetVectors(v);
}

/// The dataset's cells in an unstructured grid (an image gives voxels).
inline vtkSmartPointer<vtkUnstructuredGrid> Append(vtkDataSet* data)
{
  vtkNew<vtkAppendFilter> append;
  append->AddInputData(data);
  append->Update();
  return append->GetOutput();
}

/// The image's cells as hexahedra (not voxels): through a structured grid, then appended.
inline vtkSmartPointer<vtkUnstructuredGrid> Hexahedra(vtkImageData* image)
{
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(image);
  toPoints->Update();
  return Append(toPoints->GetOutput());
}

/// The image's points twisted (by up to 0.3 along each axis): a structured grid of non-planar faces, with
/// the image's arrays.
inline vtkSmartPointer<vtkStructuredGrid> Twisted(vtkImageData* image)
{
  auto grid = vtkSmartPointer<vtkStructuredGrid>::New();
  grid->SetDimensions(image->GetDimensions());
  vtkNew<vtkPoints> points;
  for (vtkIdType p = 0; p < image->GetNumberOfPoints(); ++p)
  {
    double x[3];
    image->GetPoint(p, x);
    points->InsertNextPoint(x[0] + 0.3 * std::sin(x[1]), x[1] + 0.3 * std::sin(x[2] + x[0]), x[2] + 0.3 * std::sin(x[0]));
  }
  grid->SetPoints(points);
  grid->GetPointData()->ShallowCopy(image->GetPointData());
  grid->GetCellData()->ShallowCopy(image->GetCellData());
  return grid;
}

/// The image's points and arrays on a rectilinear grid whose coordinate i along axis a is `coordinate(a, i)`
/// (uneven steps where the tests want them).
inline vtkSmartPointer<vtkRectilinearGrid> Rectilinear(vtkImageData* image, const std::function<double(int, int)>& coordinate)
{
  auto grid = vtkSmartPointer<vtkRectilinearGrid>::New();
  int dims[3];
  image->GetDimensions(dims);
  grid->SetDimensions(dims);
  vtkNew<vtkDoubleArray> c[3];
  for (int a = 0; a < 3; ++a)
    for (int i = 0; i < dims[a]; ++i)
      c[a]->InsertNextValue(coordinate(a, i));
  grid->SetXCoordinates(c[0]);
  grid->SetYCoordinates(c[1]);
  grid->SetZCoordinates(c[2]);
  grid->GetPointData()->ShallowCopy(image->GetPointData());
  grid->GetCellData()->ShallowCopy(image->GetCellData());
  return grid;
}

/// The 80^3 wavelet with arrays near whose peak Contour, Threshold and Clip read a small part (large enough that a
/// part's counted work is well above the work counter's rounding): RTData, the vectors V (AddVectors), "Negated"
/// (-RTData, its low values at the peak) on the points, "CellId" (vtkIdType) and "RTCells" (the mean of the cell's
/// RTData) on the cells; as an image, a rectilinear grid with uneven steps and a twisted structured grid.
struct PeakGrids
{
  vtkSmartPointer<vtkImageData> Image;
  vtkSmartPointer<vtkRectilinearGrid> Rectilinear;
  vtkSmartPointer<vtkStructuredGrid> Twisted;
  std::vector<vtkDataSet*> All() const { return { this->Image, this->Rectilinear, this->Twisted }; }
};
inline PeakGrids MakePeakGrids()
{
  PeakGrids grids;
  grids.Image = vtkSmartPointer<vtkImageData>::New();
  grids.Image->DeepCopy(Wavelet(40));
  vtkImageData* image = grids.Image;
  AddVectors(image);
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  vtkNew<vtkFloatArray> negated;
  negated->SetName("Negated");
  negated->SetNumberOfTuples(rt->GetNumberOfTuples());
  for (vtkIdType p = 0; p < rt->GetNumberOfTuples(); ++p)
    negated->SetValue(p, static_cast<float>(-rt->GetComponent(p, 0)));
  image->GetPointData()->AddArray(negated);
  vtkNew<vtkIdTypeArray> cellIds;
  cellIds->SetName("CellId");
  vtkNew<vtkFloatArray> cellValues;
  cellValues->SetName("RTCells");
  int dims[3];
  image->GetDimensions(dims);
  for (vtkIdType c = 0; c < image->GetNumberOfCells(); ++c)
  {
    cellIds->InsertNextValue(c);
    const vtkIdType i = c % (dims[0] - 1), j = (c / (dims[0] - 1)) % (dims[1] - 1),
                    k = c / ((dims[0] - 1) * (dims[1] - 1));
    double sum = 0;
    for (int corner = 0; corner < 8; ++corner)
      sum += rt->GetComponent(i + (corner & 1) + dims[0] * (j + ((corner >> 1) & 1) + dims[1] * (k + (corner >> 2))), 0);
    cellValues->InsertNextValue(static_cast<float>(sum / 8));
  }
  image->GetCellData()->AddArray(cellIds);
  image->GetCellData()->AddArray(cellValues);
  grids.Rectilinear = Rectilinear(image, [](int a, int i) { return -40.0 + i + 0.2 * std::sin(1.3 * i + a); });
  grids.Twisted = Twisted(image);
  return grids;
}

/// A file of Data/, with every scalar, vector and field array it holds.
inline vtkSmartPointer<vtkDataSet> Read(const std::string& file)
{
  vtkNew<vtkDataSetReader> reader;
  reader->SetFileName((std::string(LOOM_DATA_DIR) + "/" + file).c_str());
  reader->ReadAllScalarsOn();
  reader->ReadAllVectorsOn();
  reader->ReadAllFieldsOn();
  reader->Update();
  return reader->GetOutput();
}

/// Collects the text of the error events it observes.
struct ErrorCatcher : vtkCommand
{
  static ErrorCatcher* New() { return new ErrorCatcher; }
  void Execute(vtkObject*, unsigned long, void* data) override { this->Message += static_cast<const char*>(data); }
  std::string Message;
};

/// What an Update did: the executive's status, the output, and the filter's error and warning texts
/// (errors the executive reports included).
/// How many points a probe output's vtkValidPointMask marks valid (0 without the array).
inline vtkIdType ValidPoints(vtkDataSet* probed)
{
  vtkDataArray* mask = probed->GetPointData()->GetArray("vtkValidPointMask");
  vtkIdType valid = 0;
  for (vtkIdType p = 0; mask && p < mask->GetNumberOfTuples(); ++p)
    valid += mask->GetComponent(p, 0) != 0;
  return valid;
}

/// What one execution of a filter gave and did (RunOnGrids).
struct GridRun
{
  vtkSmartPointer<vtkDataSet> Output; ///< a copy of the output
  vtkTypeInt64 Work = 0;              ///< loop elements the execution record counted (0 without the work monitor)
  vtkTypeUInt64 BytesToDevice = 0;    ///< bytes the execution moved to a GPU
  vtkIdType InputPoints = 0;          ///< the input's points
  vtkIdType PartPoints = 0;           ///< the points of the part of a grid it read (0: the whole input)
};

/// Runs `filter` with LOOM_SUB_GRIDS=0 (whole grids) when `whole`, as the environment says otherwise.
inline GridRun RunOnGrids(vtkAlgorithm* filter, bool whole)
{
  const char* set = std::getenv("LOOM_SUB_GRIDS");
  const std::string before = set ? set : "";
  if (whole)
    setenv("LOOM_SUB_GRIDS", "0", 1);
  filter->Modified();
  filter->Update();
  if (set)
    setenv("LOOM_SUB_GRIDS", before.c_str(), 1);
  else
    unsetenv("LOOM_SUB_GRIDS");
  auto* out = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  GridRun run;
  run.Output.TakeReference(out->NewInstance());
  run.Output->DeepCopy(out);
  if (vtkLoomExecution* record = vtkLoomExecution::GetLast(filter))
  {
    run.Work = record->GetWorkElements();
    run.BytesToDevice = record->GetBytesToDevice();
    run.InputPoints = record->GetInputPoints();
    run.PartPoints = record->GetPartPoints();
  }
  return run;
}

/// A probe's output (Plot Over Line, Probe Location) equals VTK's: the points, the cell count, every point
/// array by name and type, each value within 1e-6 relative (NaN where VTK has NaN), but where `skip(array
/// name, point)` says the test checks that value otherwise.
inline void ExpectSameSamples(vtkDataSet* expected, vtkDataSet* got, const std::string& at,
                              const std::function<bool(const char*, vtkIdType)>& skip = {})
{
  ASSERT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << at;
  ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;
  for (vtkIdType p = 0; p < got->GetNumberOfPoints(); ++p)
    for (int a = 0; a < 3; ++a)
      ASSERT_EQ(expected->GetPoint(p)[a], got->GetPoint(p)[a]) << at << " point " << p;
  vtkPointData* e = expected->GetPointData();
  vtkPointData* g = got->GetPointData();
  ASSERT_EQ(e->GetNumberOfArrays(), g->GetNumberOfArrays()) << at;
  for (int a = 0; a < e->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* x = e->GetArray(a);
    vtkDataArray* y = g->GetArray(a);
    ASSERT_STREQ(x->GetName(), y->GetName()) << at;
    ASSERT_EQ(x->GetDataType(), y->GetDataType()) << at << " " << x->GetName();
    int differ = 0;
    for (vtkIdType t = 0; t < x->GetNumberOfTuples(); ++t)
      for (int c = 0; c < x->GetNumberOfComponents(); ++c)
      {
        const double u = x->GetComponent(t, c), v = y->GetComponent(t, c);
        if (skip && skip(x->GetName(), t))
          continue;
        if (!(std::abs(u - v) <= 1e-6 * std::max(std::abs(u), 1e-300) || (std::isnan(u) && std::isnan(v))) && differ++ < 5)
          ADD_FAILURE() << at << " " << x->GetName() << " point " << t << ": VTK " << u << ", Loom " << v;
      }
    EXPECT_EQ(0, differ) << at << " " << x->GetName();
  }
}

struct Outcome
{
  int Status = 0;
  vtkSmartPointer<vtkDataObject> Output;
  std::string Errors, Warnings;
};
inline Outcome UpdateCapturing(vtkAlgorithm* filter)
{
  vtkNew<ErrorCatcher> errors, warnings;
  filter->AddObserver(vtkCommand::ErrorEvent, errors);
  filter->AddObserver(vtkCommand::WarningEvent, warnings);
  filter->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, errors);
  Outcome o;
  o.Status = filter->GetExecutive()->Update();
  o.Output = filter->GetOutputDataObject(0);
  o.Errors = errors->Message;
  o.Warnings = warnings->Message;
  filter->RemoveObservers(vtkCommand::ErrorEvent);
  filter->RemoveObservers(vtkCommand::WarningEvent);
  filter->GetExecutive()->RemoveObservers(vtkCommand::ErrorEvent);
  return o;
}
/// Updates `filter` (its input set) and expects what an empty input gives: success, no error or warning,
/// and no output cells.
inline void ExpectSilentEmpty(vtkAlgorithm* filter, const std::string& what)
{
  const Outcome o = UpdateCapturing(filter);
  EXPECT_EQ(1, o.Status) << what;
  EXPECT_EQ("", o.Errors + o.Warnings) << what;
  auto* out = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  ASSERT_NE(nullptr, out) << what;
  EXPECT_EQ(0, out->GetNumberOfCells()) << what;
}

/// The messages vtkLogger gives at verbosity 1 and above while it lives (the filters' fallback notes,
/// which Loom logs at 1: the output window shows them to users).
struct LogCapture
{
  std::string Text;
  LogCapture()
  {
    vtkLogger::AddCallback("loomtest-capture", &LogCapture::Add, this, vtkLogger::VERBOSITY_1);
  }
  ~LogCapture() { vtkLogger::RemoveCallback("loomtest-capture"); }
  static void Add(void* self, const vtkLogger::Message& m)
  {
    static_cast<LogCapture*>(self)->Text += std::string(m.message) + "\n";
  }
};

/// One cell Loom's cell sets do not take, on ten points of the unit tetrahedron (its corners and
/// edge midpoints), with point scalars "S" = x + y + z: a polyhedron (the tetrahedron as faces) when
/// `polyhedron`, else a quadratic tetrahedron.
inline vtkSmartPointer<vtkUnstructuredGrid> UnsupportedCellGrid(bool polyhedron)
{
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  vtkNew<vtkPoints> points;
  const double x[10][3] = { { 0, 0, 0 },     { 1, 0, 0 },     { 0, 1, 0 },     { 0, 0, 1 },     { .5, 0, 0 },
                            { .5, .5, 0 },   { 0, .5, 0 },    { 0, 0, .5 },    { .5, 0, .5 },   { 0, .5, .5 } };
  vtkNew<vtkFloatArray> s;
  s->SetName("S");
  for (const auto& p : x)
  {
    points->InsertNextPoint(p);
    s->InsertNextValue(static_cast<float>(p[0] + p[1] + p[2]));
  }
  grid->SetPoints(points);
  grid->GetPointData()->SetScalars(s);
  if (polyhedron)
  {
    vtkNew<vtkIdList> faces;
    for (vtkIdType v : { 4, 3, 0, 2, 1, 3, 0, 1, 3, 3, 1, 2, 3, 3, 2, 0, 3 })
      faces->InsertNextId(v);
    grid->InsertNextCell(VTK_POLYHEDRON, faces);
  }
  else
  {
    const vtkIdType ids[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    grid->InsertNextCell(VTK_QUADRATIC_TETRA, 10, ids);
  }
  return grid;
}
/// The dataset's RTData point array replaced by an int copy (the active scalars): for composite inputs
/// whose blocks disagree on an array's type.
inline void RTDataAsInt(vtkDataSet* data)
{
  vtkDataArray* rt = data->GetPointData()->GetArray("RTData");
  vtkNew<vtkIntArray> asInt;
  asInt->SetName("RTData");
  asInt->SetNumberOfTuples(rt->GetNumberOfTuples());
  for (vtkIdType i = 0; i < rt->GetNumberOfTuples(); ++i)
    asInt->SetValue(i, static_cast<int>(rt->GetComponent(i, 0)));
  data->GetPointData()->RemoveArray("RTData");
  data->GetPointData()->SetScalars(asInt);
}
/// The leaves of a data object (itself when it is a dataset); null leaves skipped.
inline std::vector<vtkDataSet*> Leaves(vtkDataObject* data)
{
  std::vector<vtkDataSet*> leaves;
  if (auto* set = vtkDataSet::SafeDownCast(data))
    leaves.push_back(set);
  else if (auto* tree = vtkDataObjectTree::SafeDownCast(data))
  {
    vtkSmartPointer<vtkDataObjectTreeIterator> it;
    it.TakeReference(tree->NewTreeIterator());
    it->SkipEmptyNodesOn();
    for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
      if (auto* leaf = vtkDataSet::SafeDownCast(it->GetCurrentDataObject()))
        leaves.push_back(leaf);
  }
  return leaves;
}
} // namespace loomtest
