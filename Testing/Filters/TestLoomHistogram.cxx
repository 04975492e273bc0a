// Loom Histogram against VTK's vtkExtractHistogram (ParaView's Histogram, one rank) on each device of the run:
// the same table (columns, their order and types, every count and centre equal) on the wavelet's point and cell
// data as every value kind, a component and the magnitude of vectors, one bin to a thousand, centred bins,
// custom and reversed ranges, Normalize and Accumulation, ghosts, NaN and infinities, composite data and
// tables; field data against a count made here (VTK's filter reads no ghost array there and crashes); Calculate
// Averages and 17 components through VTK's filter; bad properties and arrays named in errors; empty input.
#include "LoomFilterTesting.h"

#include <vtkLoomExecution.h>
#include <vtkLoomHistogram.h>

#include <vtkCellData.h>
#include <vtkCharArray.h>
#include <vtkDoubleArray.h>
#include <vtkExtractHistogram.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkIntArray.h>
#include <vtkLongLongArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkSOADataArrayTemplate.h>
#include <vtkShortArray.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkTable.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnsignedIntArray.h>
#include <vtkUnsignedLongLongArray.h>
#include <vtkUnsignedShortArray.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

namespace
{
using Setup = std::function<void(vtkAlgorithm*)>;

/// Both filters' settings: the array, then the histogram's properties.
struct Settings
{
  int Association = vtkDataObject::FIELD_ASSOCIATION_POINTS;
  std::string Array = "RTData";
  int Component = 0, Bins = 10;
  bool Center = false, Custom = false, Normalize = false, Accumulation = false, Averages = false;
  double Range[2] = { 0.0, 100.0 };
};

template <typename F>
void Configure(F* f, const Settings& s)
{
  f->SetInputArrayToProcess(0, 0, 0, s.Association, s.Array.c_str());
  f->SetComponent(s.Component);
  f->SetBinCount(s.Bins);
  f->SetCenterBinsAroundMinAndMax(s.Center);
  f->SetUseCustomBinRanges(s.Custom);
  f->SetCustomBinRanges(s.Range[0], s.Range[1]);
  f->SetNormalize(s.Normalize);
  f->SetAccumulation(s.Accumulation);
  f->SetCalculateAverages(s.Averages);
}

/// The two tables are the same: columns by name in order, types, components, every value (counts and
/// centres bit for bit; NaN where VTK has NaN).
void ExpectSameTable(vtkTable* expected, vtkTable* got, const std::string& at)
{
  ASSERT_NE(nullptr, got) << at;
  ASSERT_EQ(expected->GetNumberOfColumns(), got->GetNumberOfColumns()) << at;
  ASSERT_EQ(expected->GetNumberOfRows(), got->GetNumberOfRows()) << at;
  for (vtkIdType c = 0; c < expected->GetNumberOfColumns(); ++c)
  {
    auto* e = vtkDataArray::SafeDownCast(expected->GetColumn(c));
    auto* g = vtkDataArray::SafeDownCast(got->GetColumn(c));
    ASSERT_TRUE(e && g) << at;
    const std::string name = e->GetName();
    EXPECT_EQ(name, g->GetName()) << at << " column " << c;
    EXPECT_EQ(e->GetDataType(), g->GetDataType()) << at << " " << name;
    ASSERT_EQ(e->GetNumberOfComponents(), g->GetNumberOfComponents()) << at << " " << name;
    for (vtkIdType r = 0; r < e->GetNumberOfTuples(); ++r)
      for (int k = 0; k < e->GetNumberOfComponents(); ++k)
      {
        const double x = e->GetComponent(r, k), y = g->GetComponent(r, k);
        if (!(std::isnan(x) && std::isnan(y)))
          ASSERT_EQ(x, y) << at << " " << name << " row " << r;
      }
  }
}

/// Loom's histogram of `input` with `settings` on every device, against VTK's.
void Compare(vtkDataObject* input, const Settings& settings, const std::string& what, bool fallback = false)
{
  vtkNew<vtkExtractHistogram> vtk;
  Configure(vtk.Get(), settings);
  vtk->SetInputData(input);
  vtk->Update();
  for (int device : loomtest::Devices())
  {
    vtkNew<vtkLoomHistogram> loom;
    Configure(loom.Get(), settings);
    loom->SetDevice(device);
    loom->SetInputData(input);
    loomtest::LogCapture log;
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    const std::string at = what + " on device " + std::to_string(device);
    ASSERT_EQ(1, o.Status) << at << ": " << o.Errors;
    EXPECT_EQ("", o.Errors) << at;
    ExpectSameTable(vtk->GetOutput(), loom->GetOutput(), at);
    vtkLoomExecution* record = vtkLoomExecution::GetLast(loom);
    ASSERT_NE(nullptr, record) << at;
    EXPECT_EQ(fallback, record->GetFallback()) << at;
    if (fallback)
      EXPECT_NE(std::string::npos, log.Text.find("VTK's vtkExtractHistogram bins it instead")) << at << ": " << log.Text;
    else
      loomtest::ExpectRanOn(loom, device, at);
    if (vtk->GetOutput()->GetNumberOfColumns() > 0)
    {
      double range[2];
      loom->GetBinRange(range);
      EXPECT_EQ(vtk->GetBinRange()[0], range[0]) << at;
      EXPECT_EQ(vtk->GetBinRange()[1], range[1]) << at;
    }
  }
}

/// RTData as a new array of type A named `name` (values rounded by the conversion).
template <typename A>
void AddConverted(vtkDataSet* data, const char* name, double scale, double shift)
{
  vtkDataArray* rt = data->GetPointData()->GetArray("RTData");
  vtkNew<A> a;
  a->SetName(name);
  a->SetNumberOfTuples(rt->GetNumberOfTuples());
  for (vtkIdType i = 0; i < rt->GetNumberOfTuples(); ++i)
    a->SetTuple1(i, rt->GetTuple1(i) * scale + shift);
  data->GetPointData()->AddArray(a);
}

/// Three-component vectors of type A from RTData and the point's coordinates.
template <typename A>
void AddVectorsOf(vtkDataSet* data, const char* name)
{
  vtkDataArray* rt = data->GetPointData()->GetArray("RTData");
  vtkNew<A> a;
  a->SetName(name);
  a->SetNumberOfComponents(3);
  a->SetNumberOfTuples(rt->GetNumberOfTuples());
  for (vtkIdType i = 0; i < rt->GetNumberOfTuples(); ++i)
  {
    double x[3];
    data->GetPoint(i, x);
    a->SetTuple3(i, 0.3 * rt->GetTuple1(i) - 20.0 * x[0], 7.0 * x[1] - 3.0 * x[2], 0.1 * rt->GetTuple1(i) + x[2]);
  }
  data->GetPointData()->AddArray(a);
}
} // namespace

TEST(LoomHistogram, WaveletPropertiesAsVTK)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(16);
  for (int bins : { 1, 10, 256, 1000 })
    for (bool center : { false, true })
    {
      Settings s;
      s.Bins = bins;
      s.Center = center;
      Compare(wavelet, s, std::to_string(bins) + " bins, centred " + std::to_string(center));
    }
  Settings s;
  s.Custom = true;
  s.Range[0] = 100.0;
  s.Range[1] = 200.0; // values on both sides of the range: the end bins take them
  Compare(wavelet, s, "custom range");
  s.Range[0] = 200.0;
  s.Range[1] = 100.0; // reversed: swapped with a warning, as VTK swaps it
  Compare(wavelet, s, "reversed custom range");
  s.Range[0] = s.Range[1] = 150.0; // a single value: widened by half a unit
  Compare(wavelet, s, "custom range of one value");
  Settings n;
  n.Normalize = true;
  Compare(wavelet, n, "normalized");
  n.Accumulation = true;
  Compare(wavelet, n, "normalized and accumulated");
  n.Normalize = false;
  n.Bins = 33;
  Compare(wavelet, n, "accumulated");
}

TEST(LoomHistogram, ValueKindsComponentsAndCellsAsVTK)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(12);
  AddConverted<vtkCharArray>(wavelet, "char", 0.5, -60.0);
  AddConverted<vtkUnsignedCharArray>(wavelet, "uchar", 0.9, 0.0);
  AddConverted<vtkShortArray>(wavelet, "short", 13.0, -1500.0);
  AddConverted<vtkUnsignedShortArray>(wavelet, "ushort", 3.0, 0.0);
  AddConverted<vtkIntArray>(wavelet, "int", 1000.0, -150000.0);
  AddConverted<vtkUnsignedIntArray>(wavelet, "uint", 7.0, 0.0);
  AddConverted<vtkLongLongArray>(wavelet, "longlong", 1e6, -1.5e8);
  AddConverted<vtkUnsignedLongLongArray>(wavelet, "ulonglong", 11.0, 0.0);
  AddConverted<vtkDoubleArray>(wavelet, "double", 0.001, 0.0);
  AddVectorsOf<vtkFloatArray>(wavelet, "Vfloat");
  AddVectorsOf<vtkDoubleArray>(wavelet, "Vdouble");
  AddVectorsOf<vtkShortArray>(wavelet, "Vshort");
  // 64-bit integers of up to 1e8 (their squares beyond 2^53: VTK's range sums them in double) and float
  // vectors stored per component (VTK's range reads them through vtkDataArray, in double).
  AddVectorsOf<vtkLongLongArray>(wavelet, "Vlonglong");
  {
    vtkDataArray* small = wavelet->GetPointData()->GetArray("Vlonglong");
    for (vtkIdType i = 0; i < small->GetNumberOfValues(); ++i)
      static_cast<vtkLongLongArray*>(small)->SetValue(i, static_cast<vtkLongLongArray*>(small)->GetValue(i) * 1000003);
    vtkNew<vtkSOADataArrayTemplate<float>> soa;
    soa->SetName("Vsoa");
    soa->SetNumberOfComponents(3);
    soa->SetNumberOfTuples(wavelet->GetNumberOfPoints());
    vtkDataArray* from = wavelet->GetPointData()->GetArray("Vfloat");
    for (vtkIdType i = 0; i < soa->GetNumberOfTuples(); ++i)
      for (int c = 0; c < 3; ++c)
        soa->SetTypedComponent(i, c, static_cast<float>(from->GetComponent(i, c) * 1.37));
    wavelet->GetPointData()->AddArray(soa);
  }
  for (const char* name : { "char", "uchar", "short", "ushort", "int", "uint", "longlong", "ulonglong", "double" })
  {
    Settings s;
    s.Array = name;
    s.Bins = 37;
    Compare(wavelet, s, name);
  }
  for (const char* name : { "Vfloat", "Vdouble", "Vshort", "Vlonglong", "Vsoa" })
    for (int component = 0; component <= 3; ++component)
    {
      Settings s;
      s.Array = name;
      s.Component = component; // 3: the magnitude
      s.Bins = 50;
      Compare(wavelet, s, std::string(name) + " component " + std::to_string(component));
    }
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(wavelet);
  cells->Update();
  Settings c;
  c.Association = vtkDataObject::FIELD_ASSOCIATION_CELLS;
  c.Bins = 20;
  Compare(cells->GetOutput(), c, "cell RTData");
  c.Array = "Vfloat";
  c.Component = 3;
  Compare(cells->GetOutput(), c, "cell vector magnitude");
}

TEST(LoomHistogram, GhostsSpecialsCompositeAndTablesAsVTK)
{
  // Hidden and duplicate points left out (a point flagged otherwise counts), and cells likewise.
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(10);
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  ghosts->SetNumberOfTuples(wavelet->GetNumberOfPoints());
  for (vtkIdType i = 0; i < wavelet->GetNumberOfPoints(); ++i)
    ghosts->SetValue(i, i % 7 == 0 ? vtkDataSetAttributes::HIDDENPOINT
                                   : (i % 11 == 0 ? vtkDataSetAttributes::DUPLICATEPOINT
                                                  : (i % 5 == 0 ? vtkDataSetAttributes::HIDDENCELL : 0)));
  vtkNew<vtkImageData> ghosted;
  ghosted->DeepCopy(wavelet);
  ghosted->GetPointData()->AddArray(ghosts);
  Compare(ghosted, Settings(), "ghost points");

  // NaN and infinities: left out of the range, counted in the first bin as VTK's build counts them.
  vtkNew<vtkImageData> special;
  special->DeepCopy(wavelet);
  vtkNew<vtkFloatArray> odd;
  odd->DeepCopy(wavelet->GetPointData()->GetArray("RTData"));
  odd->SetName("odd");
  for (vtkIdType i = 0; i < odd->GetNumberOfTuples(); i += 13)
    odd->SetValue(i, i % 3 == 0 ? NAN : (i % 3 == 1 ? INFINITY : -INFINITY));
  special->GetPointData()->AddArray(odd);
  Settings s;
  s.Array = "odd";
  Compare(special, s, "NaN and infinities");
  s.Custom = true;
  s.Range[0] = 50.0;
  s.Range[1] = 250.0;
  Compare(special, s, "NaN and infinities, custom range");

  // Every value NaN: no range, an empty table (as VTK's).
  vtkNew<vtkImageData> nans;
  nans->DeepCopy(wavelet);
  vtkNew<vtkFloatArray> none;
  none->SetName("none");
  none->SetNumberOfTuples(wavelet->GetNumberOfPoints());
  none->Fill(NAN);
  nans->GetPointData()->AddArray(none);
  Settings n;
  n.Array = "none";
  Compare(nans, n, "all NaN");

  // Composite: every block with the array, the others skipped (a null block, a block without it).
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetBlock(0, wavelet);
  blocks->SetBlock(1, nullptr);
  vtkNew<vtkImageData> bare;
  bare->SetDimensions(3, 3, 3);
  blocks->SetBlock(2, bare);
  blocks->SetBlock(3, loomtest::Wavelet(5));
  blocks->SetBlock(4, ghosted);
  Compare(blocks, Settings(), "multiblock");

  // A table's rows.
  vtkNew<vtkTable> table;
  vtkNew<vtkDoubleArray> column;
  column->SetName("x");
  for (int i = 0; i < 5000; ++i)
    column->InsertNextValue(std::sin(0.01 * i) * 40.0 + (i % 17));
  table->AddColumn(column);
  Settings rows;
  rows.Association = vtkDataObject::FIELD_ASSOCIATION_ROWS;
  rows.Array = "x";
  rows.Bins = 64;
  Compare(table, rows, "table rows");
}

TEST(LoomHistogram, FieldDataCountedAsVTKWouldCountIt)
{
  // VTK's filter dereferences a null attribute object on field data (its ghost lookup); Loom bins the array,
  // checked against a count made here.
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(4);
  vtkNew<vtkDoubleArray> f;
  f->SetName("f");
  for (int i = 0; i < 100; ++i)
    f->InsertNextValue(i * 0.37);
  wavelet->GetFieldData()->AddArray(f);
  vtkNew<vtkLoomHistogram> loom;
  loom->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_NONE, "f");
  loom->SetBinCount(4);
  loom->SetInputData(wavelet);
  loom->Update();
  vtkTable* out = loom->GetOutput();
  ASSERT_EQ(2, out->GetNumberOfColumns());
  const double step = 99 * 0.37 / 4;
  int expected[4] = { 0, 0, 0, 0 };
  for (int i = 0; i < 100; ++i)
    ++expected[std::min(3, static_cast<int>(i * 0.37 / step))];
  for (int b = 0; b < 4; ++b)
  {
    EXPECT_EQ(expected[b], out->GetValueByName(b, "bin_values").ToInt()) << b;
    EXPECT_DOUBLE_EQ(step * (b + 0.5), out->GetValueByName(b, "bin_extents").ToDouble()) << b;
  }
}

TEST(LoomHistogram, AveragesAndWideArraysThroughVTK)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(8);
  loomtest::AddVectors(wavelet);
  Settings s;
  s.Averages = true;
  Compare(wavelet, s, "Calculate Averages", true);
  vtkNew<vtkDoubleArray> wide;
  wide->SetName("wide");
  wide->SetNumberOfComponents(17);
  wide->SetNumberOfTuples(wavelet->GetNumberOfPoints());
  for (vtkIdType i = 0; i < wide->GetNumberOfValues(); ++i)
    wide->SetValue(i, std::cos(0.001 * i));
  wavelet->GetPointData()->AddArray(wide);
  Settings w;
  w.Array = "wide";
  w.Component = 16;
  Compare(wavelet, w, "17 components", true);
}

TEST(LoomHistogram, BadInputNamedAndEmptyInputEmpty)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(4);
  vtkNew<vtkStringArray> words;
  words->SetName("words");
  words->SetNumberOfValues(wavelet->GetNumberOfPoints());
  wavelet->GetPointData()->AddArray(words);
  vtkNew<vtkDoubleArray> field;
  field->SetName("f");
  field->InsertNextValue(1.0);
  field->InsertNextValue(2.0);
  wavelet->GetFieldData()->AddArray(field);
  const unsigned long before = wavelet->GetMTime();
  auto expectError = [&](const Settings& s, const std::string& words1, const std::string& words2) {
    vtkNew<vtkLoomHistogram> loom;
    Configure(loom.Get(), s);
    loom->SetInputData(wavelet);
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Histogram")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find(words1)) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find(words2)) << o.Errors;
    EXPECT_EQ(0, loom->GetOutput()->GetNumberOfColumns()) << o.Errors;
  };
  Settings s;
  s.Bins = 0;
  expectError(s, "Bin Count is 0", "at least 1");
  s = Settings();
  s.Component = -1;
  expectError(s, "Component is -1", "magnitude");
  s.Component = 2;
  expectError(s, "Component is 2", "Select Input Array array 'RTData' has 1 components");
  s = Settings();
  s.Association = vtkDataObject::FIELD_ASSOCIATION_NONE;
  s.Array = "f";
  s.Averages = true; // VTK's filter, which computes averages, crashes on field data without a custom range
  expectError(s, "Calculate Averages on field data", "Use Custom Bin Ranges");
  s = Settings();
  s.Array = "missing";
  expectError(s, "Select Input Array array 'missing'", "not in the input's point data");
  s.Array = "words";
  expectError(s, "Select Input Array array 'words'", "vtkStringArray, not a numeric array");
  EXPECT_EQ(before, wavelet->GetMTime());

  // Empty input: an empty table, silently.
  vtkNew<vtkUnstructuredGrid> empty;
  vtkNew<vtkLoomHistogram> loom;
  loom->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  loom->SetInputData(empty);
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(1, o.Status);
  EXPECT_EQ("", o.Errors + o.Warnings);
  EXPECT_EQ(0, loom->GetOutput()->GetNumberOfColumns());

  // Empty blocks carrying cell arrays (one with tuples on no cells), where a setting would send the input to
  // VTK's filter (Calculate Averages, the magnitude of a 3-component array): an empty table, silently, not VTK's
  // filter, which reads past such arrays (the fuzzer found it crashing).
  vtkNew<vtkMultiBlockDataSet> blocks;
  for (int b = 0; b < 2; ++b)
  {
    vtkNew<vtkStructuredGrid> grid;
    vtkNew<vtkUnsignedLongLongArray> s;
    s->SetName("s");
    s->SetNumberOfComponents(3);
    grid->GetCellData()->AddArray(s);
    vtkNew<vtkCharArray> v;
    v->SetName("v");
    v->SetNumberOfComponents(3);
    v->SetNumberOfTuples(b == 0 ? 1 : 0);
    v->FillValue(1);
    grid->GetCellData()->AddArray(v);
    blocks->SetBlock(b, grid);
  }
  vtkNew<vtkLoomHistogram> averages;
  averages->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "s");
  averages->SetComponent(3);
  averages->SetCalculateAverages(true);
  averages->SetInputData(blocks);
  const loomtest::Outcome e = loomtest::UpdateCapturing(averages);
  EXPECT_EQ(1, e.Status);
  EXPECT_EQ("", e.Errors + e.Warnings);
  EXPECT_EQ(0, averages->GetOutput()->GetNumberOfRows());
  EXPECT_FALSE(vtkLoomExecution::GetLast(averages)->GetFallback());

  // A block with points whose array is shorter than them, where VTK's filter is needed: an error naming the
  // array, not VTK's read past it.
  vtkNew<vtkImageData> image;
  image->SetDimensions(3, 3, 1);
  vtkNew<vtkDoubleArray> shortArray;
  shortArray->SetName("short");
  shortArray->SetNumberOfTuples(4);
  shortArray->FillValue(2.0);
  image->GetPointData()->AddArray(shortArray);
  vtkNew<vtkMultiBlockDataSet> withShort;
  withShort->SetBlock(0, image);
  vtkNew<vtkLoomHistogram> reading;
  reading->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "short");
  reading->SetCalculateAverages(true);
  reading->SetInputData(withShort);
  const loomtest::Outcome r = loomtest::UpdateCapturing(reading);
  EXPECT_NE(std::string::npos, r.Errors.find("Loom Histogram")) << r.Errors;
  EXPECT_NE(std::string::npos, r.Errors.find("'short' has 4 tuples for 9 points")) << r.Errors;
  EXPECT_NE(std::string::npos, r.Errors.find("would read past")) << r.Errors;
  EXPECT_FALSE(vtkLoomExecution::GetLast(reading)->GetFallback());
}
