// Loom filter tests: vtkLoomExtractSubset against VTK's extract filters (vtkExtractVOI, vtkExtractRectilinearGrid,
// vtkExtractGrid: what ParaView's Extract Subset runs) and a brute-force reference on the wavelet as image (with
// and without a direction matrix), rectilinear grid (uneven steps) and structured grid, 2D grids, over VOIs
// inside, across, beyond and flat on the extent, sample rates from 1 to 4 and Include Boundary, on each device:
// the same output type, extent, origin, spacing, direction, coordinates and points, and every point and cell
// array value for value (where VTK's differ by design, the reference decides: docs/filters/extract-subset.md);
// the whole input at rate 1 passed without a copy; composite input; the bad-input contract.
#include <vtkLoomExtractSubset.h>

#include "LoomFilterTesting.h"

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkExtractGrid.h>
#include <vtkExtractRectilinearGrid.h>
#include <vtkExtractVOI.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkMatrix3x3.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace
{
using VOI = std::array<int, 6>;
int ShortVTKArrays = 0; // VTK's cell arrays shorter than its cells (see ExpectSameArrays)

std::string Text(const VOI& v, const int rate[3], bool boundary)
{
  std::string s = "VOI";
  for (int x : v)
    s += " " + std::to_string(x);
  return s + " rate " + std::to_string(rate[0]) + std::to_string(rate[1]) + std::to_string(rate[2]) +
    (boundary ? " boundary" : "");
}

/// The wavelet's point data averaged to cells too (so that cell data is extracted), and a string array.
template <typename T>
vtkSmartPointer<T> WithCellData(T* data)
{
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(data);
  cells->PassPointDataOn();
  cells->Update();
  auto out = vtkSmartPointer<T>::New();
  out->ShallowCopy(cells->GetOutput());
  vtkNew<vtkStringArray> names;
  names->SetName("names");
  for (vtkIdType p = 0; p < out->GetNumberOfPoints(); ++p)
    names->InsertNextValue("point " + std::to_string(p));
  out->GetPointData()->AddArray(names);
  return out;
}

/// The same arrays, value for value. `tuples`: the count every array must have; VTK's arrays with fewer
/// (its cell data when a sampled output's cell indices pass the input's cell extent: it clamps one with the
/// other, two index spaces, and leaves the last cells unwritten) are left to the brute-force check.
void ExpectSameArrays(vtkDataSetAttributes* e, vtkDataSetAttributes* g, vtkIdType tuples, const std::string& at)
{
  ASSERT_EQ(e->GetNumberOfArrays(), g->GetNumberOfArrays()) << at;
  for (int a = 0; a < e->GetNumberOfArrays(); ++a)
  {
    vtkAbstractArray* x = e->GetAbstractArray(a);
    vtkAbstractArray* y = g->GetAbstractArray(x->GetName());
    ASSERT_NE(nullptr, y) << at << " " << x->GetName();
    ASSERT_EQ(tuples, y->GetNumberOfTuples()) << at << " " << x->GetName();
    if (x->GetNumberOfTuples() < tuples)
    {
      ++ShortVTKArrays;
      continue;
    }
    ASSERT_EQ(x->GetDataType(), y->GetDataType()) << at << " " << x->GetName();
    ASSERT_EQ(x->GetNumberOfTuples(), y->GetNumberOfTuples()) << at << " " << x->GetName();
    ASSERT_EQ(x->GetNumberOfComponents(), y->GetNumberOfComponents()) << at << " " << x->GetName();
    for (vtkIdType v = 0; v < x->GetNumberOfValues(); ++v)
      ASSERT_EQ(x->GetVariantValue(v), y->GetVariantValue(v)) << at << " " << x->GetName() << " value " << v;
  }
}

/// `mixedRates`: some axes sampled, others not: VTK's image origin then moves along the axes of rate 1 as well
/// (its points shift there), so an image's origin and points are left to the brute-force check.
void ExpectSameGrid(vtkDataSet* expected, vtkDataSet* got, const std::string& at, bool mixedRates = false)
{
  ASSERT_STREQ(expected->GetClassName(), got->GetClassName()) << at;
  ASSERT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << at;
  ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << at;
  int e[6], g[6];
  if (auto* image = vtkImageData::SafeDownCast(expected))
  {
    auto* out = vtkImageData::SafeDownCast(got);
    image->GetExtent(e);
    out->GetExtent(g);
    for (int a = 0; a < 3; ++a)
    {
      if (!mixedRates)
        EXPECT_EQ(image->GetOrigin()[a], out->GetOrigin()[a]) << at << " origin " << a;
      EXPECT_EQ(image->GetSpacing()[a], out->GetSpacing()[a]) << at << " spacing " << a;
    }
    for (int k = 0; k < 9; ++k)
      EXPECT_EQ(image->GetDirectionMatrix()->GetData()[k], out->GetDirectionMatrix()->GetData()[k]) << at;
  }
  else if (auto* rect = vtkRectilinearGrid::SafeDownCast(expected))
  {
    auto* out = vtkRectilinearGrid::SafeDownCast(got);
    rect->GetExtent(e);
    out->GetExtent(g);
    vtkDataArray* ec[3] = { rect->GetXCoordinates(), rect->GetYCoordinates(), rect->GetZCoordinates() };
    vtkDataArray* gc[3] = { out->GetXCoordinates(), out->GetYCoordinates(), out->GetZCoordinates() };
    for (int a = 0; a < 3; ++a)
    {
      ASSERT_EQ(ec[a]->GetNumberOfTuples(), gc[a]->GetNumberOfTuples()) << at;
      EXPECT_EQ(ec[a]->GetDataType(), gc[a]->GetDataType()) << at;
      for (vtkIdType i = 0; i < ec[a]->GetNumberOfTuples(); ++i)
        EXPECT_EQ(ec[a]->GetComponent(i, 0), gc[a]->GetComponent(i, 0)) << at << " axis " << a;
    }
  }
  else
  {
    auto* grid = vtkStructuredGrid::SafeDownCast(expected);
    auto* out = vtkStructuredGrid::SafeDownCast(got);
    grid->GetExtent(e);
    out->GetExtent(g);
    EXPECT_EQ(grid->GetPoints()->GetDataType(), out->GetPoints()->GetDataType()) << at;
  }
  for (int k = 0; k < 6; ++k)
    ASSERT_EQ(e[k], g[k]) << at << " extent " << k;
  for (vtkIdType p = 0; p < got->GetNumberOfPoints() && !(mixedRates && vtkImageData::SafeDownCast(got)); ++p)
    for (int a = 0; a < 3; ++a)
      ASSERT_EQ(expected->GetPoint(p)[a], got->GetPoint(p)[a]) << at << " point " << p;
  ExpectSameArrays(expected->GetPointData(), got->GetPointData(), got->GetNumberOfPoints(), at + " point data");
  ExpectSameArrays(expected->GetCellData(), got->GetCellData(), got->GetNumberOfCells(), at + " cell data");
}

vtkSmartPointer<vtkAlgorithm> VTKExtract(vtkDataSet* input, const VOI& v, const int rate[3], bool boundary)
{
  int voi[6] = { v[0], v[1], v[2], v[3], v[4], v[5] };
  int r[3] = { rate[0], rate[1], rate[2] };
  if (vtkImageData::SafeDownCast(input))
  {
    auto f = vtkSmartPointer<vtkExtractVOI>::New(); // Include Boundary off, as ParaView's Extract Subset sets it
    f->SetVOI(voi);
    f->SetSampleRate(r);
    return f;
  }
  if (vtkRectilinearGrid::SafeDownCast(input))
  {
    auto f = vtkSmartPointer<vtkExtractRectilinearGrid>::New();
    f->SetVOI(voi);
    f->SetSampleRate(r);
    f->SetIncludeBoundary(boundary);
    return f;
  }
  auto f = vtkSmartPointer<vtkExtractGrid>::New();
  f->SetVOI(voi);
  f->SetSampleRate(r);
  f->SetIncludeBoundary(boundary);
  return f;
}

/// The extent of an image, rectilinear or structured grid.
void GridExtent(vtkDataSet* input, int extent[6])
{
  if (auto* image = vtkImageData::SafeDownCast(input))
    image->GetExtent(extent);
  else if (auto* rect = vtkRectilinearGrid::SafeDownCast(input))
    rect->GetExtent(extent);
  else
    vtkStructuredGrid::SafeDownCast(input)->GetExtent(extent);
}

/// The kept input indices along each axis, made here from the settings' meaning: the VOI clamped to the
/// extent, every rate-th index from its minimum, and its maximum with Include Boundary.
std::vector<vtkIdType> Kept(const int extent[6], const VOI& v, const int rate[3], bool boundary, int a)
{
  const int lo = std::max(v[2 * a], extent[2 * a]), hi = std::min(v[2 * a + 1], extent[2 * a + 1]);
  std::vector<vtkIdType> kept;
  for (int i = lo; i <= hi; i += rate[a])
    kept.push_back(i - extent[2 * a]);
  if (boundary && kept.back() != hi - extent[2 * a])
    kept.push_back(hi - extent[2 * a]);
  return kept;
}

/// Loom's output against a brute-force reference: each point's position and arrays those of the input
/// point it keeps, each cell's arrays those of the input cell at its first point (the cell before, at the
/// last point of an axis).
void ExpectAsReference(vtkDataSet* input, vtkDataSet* got, const VOI& v, const int rate[3], bool boundary,
                       const std::string& at)
{
  int extent[6], dims[3];
  GridExtent(input, extent);
  std::vector<vtkIdType> kept[3];
  vtkIdType out[3], cells[3], inCells[3];
  for (int a = 0; a < 3; ++a)
  {
    dims[a] = extent[2 * a + 1] - extent[2 * a] + 1;
    kept[a] = Kept(extent, v, rate, boundary && !vtkImageData::SafeDownCast(input), a); // images: no boundary
    out[a] = static_cast<vtkIdType>(kept[a].size());
    cells[a] = std::max<vtkIdType>(out[a] - 1, 1);
    inCells[a] = std::max(dims[a] - 1, 1);
  }
  ASSERT_EQ(out[0] * out[1] * out[2], got->GetNumberOfPoints()) << at;
  ASSERT_EQ(cells[0] * cells[1] * cells[2], got->GetNumberOfCells()) << at;
  vtkDataArray* inPoint = input->GetPointData()->GetArray("RTData");
  vtkDataArray* outPoint = got->GetPointData()->GetArray("RTData");
  ASSERT_TRUE(inPoint && outPoint) << at;
  for (vtkIdType k = 0, p = 0; k < out[2]; ++k)
    for (vtkIdType j = 0; j < out[1]; ++j)
      for (vtkIdType i = 0; i < out[0]; ++i, ++p)
      {
        const vtkIdType from = kept[0][i] + dims[0] * (kept[1][j] + dims[1] * kept[2][k]);
        for (int a = 0; a < 3; ++a)
          ASSERT_EQ(input->GetPoint(from)[a], got->GetPoint(p)[a]) << at << " point " << p;
        ASSERT_EQ(inPoint->GetComponent(from, 0), outPoint->GetComponent(p, 0)) << at << " point " << p;
      }
  vtkDataArray* inCell = input->GetCellData()->GetArray("RTData");
  vtkDataArray* outCell = got->GetCellData()->GetArray("RTData");
  if (!inCell)
    return;
  ASSERT_NE(nullptr, outCell) << at;
  for (vtkIdType k = 0, c = 0; k < cells[2]; ++k)
    for (vtkIdType j = 0; j < cells[1]; ++j)
      for (vtkIdType i = 0; i < cells[0]; ++i, ++c)
      {
        const vtkIdType ci = std::min(kept[0][i], inCells[0] - 1), cj = std::min(kept[1][j], inCells[1] - 1),
                        ck = std::min(kept[2][k], inCells[2] - 1);
        ASSERT_EQ(inCell->GetComponent(ci + inCells[0] * (cj + inCells[1] * ck), 0), outCell->GetComponent(c, 0))
          << at << " cell " << c;
      }
}

/// Every VOI and sample rate of the list against VTK's filter for the input's type (given the VOI clamped to
/// the extent: VTK's pipeline asks for the VOI itself at rate 1) and the brute-force reference, on each device.
/// A VOI flat at the extent's maximum is left to the reference: VTK's filter aborts there (an assertion in
/// vtkExtractStructuredGridHelper::GetMappedExtentValue: it maps a cell index outside the output).
void EverySetting(vtkDataSet* input, const std::vector<VOI>& vois, const std::string& what)
{
  int compared = 0;
  int extent[6];
  GridExtent(input, extent);
  for (const VOI& v : vois)
    for (int rate = 1; rate <= 4; ++rate)
      for (int boundary = 0; boundary < 2; ++boundary)
      {
        const int rates[3] = { rate, rate == 1 ? 1 : rate - 1, rate == 3 ? 1 : rate }; // 111, 212, 321, 434
        VOI clamped;
        bool vtkAborts = false;
        for (int a = 0; a < 3; ++a)
        {
          clamped[2 * a] = std::max(v[2 * a], extent[2 * a]);
          clamped[2 * a + 1] = std::min(v[2 * a + 1], extent[2 * a + 1]);
          vtkAborts = vtkAborts ||
            (clamped[2 * a] == extent[2 * a + 1] && extent[2 * a + 1] > extent[2 * a]);
        }
        vtkSmartPointer<vtkAlgorithm> vtk;
        if (!vtkAborts)
        {
          vtk = VTKExtract(input, clamped, rates, boundary);
          vtk->SetInputDataObject(input);
          vtk->Update();
        }
        for (int device : loomtest::Devices())
        {
          const std::string at = what + " " + Text(v, rates, boundary) + " device " + std::to_string(device);
          vtkNew<vtkLoomExtractSubset> loom;
          loom->SetInputData(input);
          loom->SetVOI(v.data());
          loom->SetSampleRate(rates[0], rates[1], rates[2]);
          loom->SetIncludeBoundary(boundary);
          loom->SetDevice(device);
          const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
          ASSERT_EQ(1, o.Status) << at << ": " << o.Errors;
          EXPECT_EQ("", o.Errors + o.Warnings) << at;
          loomtest::ExpectRanOn(loom, device, at);
          ExpectAsReference(input, vtkDataSet::SafeDownCast(o.Output), v, rates, boundary, at);
          if (vtk)
          {
            const bool mixed = (rates[0] == 1 || rates[1] == 1 || rates[2] == 1) &&
              !(rates[0] == 1 && rates[1] == 1 && rates[2] == 1);
            ExpectSameGrid(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0)), vtkDataSet::SafeDownCast(o.Output),
                           at, mixed);
            ++compared;
          }
        }
      }
  EXPECT_GT(compared, 0) << what;
}
} // namespace

TEST(LoomExtractSubset, ImagesAsVTK)
{
  vtkSmartPointer<vtkImageData> wavelet = WithCellData(loomtest::Wavelet(6).Get());
  const std::vector<VOI> vois = { { -6, 5, -6, 5, -6, 5 }, { -4, 3, -5, 5, -2, 4 }, { -10, 2, 0, 20, -6, -6 },
                                  { 1, 1, -3, 2, 0, 5 }, { 5, 5, 5, 5, 5, 5 }, { -6, 5, -6, 5, 5, 5 } };
  EverySetting(wavelet, vois, "image");
  // A direction matrix and an origin and spacing of their own: the output's origin is the first kept point.
  auto oriented = vtkSmartPointer<vtkImageData>::New();
  oriented->DeepCopy(wavelet);
  oriented->SetOrigin(0.5, -1.25, 2.0);
  oriented->SetSpacing(0.5, 2.0, 1.5);
  const double direction[9] = { 0, 1, 0, -1, 0, 0, 0, 0, 1 };
  oriented->SetDirectionMatrix(direction);
  EverySetting(oriented, vois, "oriented image");
  // A 2D image.
  vtkNew<vtkRTAnalyticSource> source;
  source->SetWholeExtent(-6, 5, -6, 5, 0, 0);
  source->Update();
  EverySetting(WithCellData(source->GetOutput()), { { -5, 4, -6, 5, 0, 0 }, { 0, 3, -2, 2, -3, 3 } }, "2D image");
}

TEST(LoomExtractSubset, RectilinearAndStructuredGridsAsVTK)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(6);
  // These grids' extents run from 0 to 11.
  const std::vector<VOI> vois = { { 0, 11, 0, 11, 0, 11 }, { 2, 9, 1, 11, 4, 10 }, { -4, 8, 6, 20, 0, 0 },
                                  { 7, 7, 3, 8, 6, 11 }, { 0, 11, 0, 11, 11, 11 } };
  auto rect = loomtest::Rectilinear(wavelet, [](int a, int i) { return 0.5 * a + i + 0.05 * i * i; });
  EverySetting(WithCellData(rect.Get()), vois, "rectilinear grid");
  auto twisted = loomtest::Twisted(wavelet);
  EverySetting(WithCellData(twisted.Get()), vois, "structured grid");
  // The same grid on an extent from -6: sampled with Include Boundary, VTK's cell arrays come out short (met
  // here, and left to the reference).
  auto shifted = WithCellData(twisted.Get());
  shifted->SetExtent(-6, 5, -6, 5, -6, 5);
  const int before = ShortVTKArrays;
  EverySetting(shifted, { { -6, 5, -6, 5, -6, 5 }, { -4, 3, -5, 5, -2, 4 } }, "structured grid from -6");
  EXPECT_GT(ShortVTKArrays, before);
}

TEST(LoomExtractSubset, WholeInputPassedWithoutACopy)
{
  vtkSmartPointer<vtkImageData> wavelet = WithCellData(loomtest::Wavelet(6).Get());
  vtkSmartPointer<vtkStructuredGrid> twisted = loomtest::Twisted(wavelet);
  for (vtkDataSet* input : { static_cast<vtkDataSet*>(wavelet), static_cast<vtkDataSet*>(twisted) })
  {
    vtkNew<vtkLoomExtractSubset> loom;
    int extent[6];
    vtkImageData::SafeDownCast(input) ? vtkImageData::SafeDownCast(input)->GetExtent(extent)
                                      : vtkStructuredGrid::SafeDownCast(input)->GetExtent(extent);
    loom->SetVOI(extent[0] - 3, extent[1] + 3, extent[2], extent[3], extent[4] - 1, extent[5]); // all of it
    loom->SetInputData(input);
    loom->Update();
    auto* out = vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0));
    ASSERT_EQ(input->GetNumberOfPoints(), out->GetNumberOfPoints());
    EXPECT_EQ(input->GetPointData()->GetArray("RTData"), out->GetPointData()->GetArray("RTData"));
    EXPECT_EQ(input->GetCellData()->GetArray("RTData"), out->GetCellData()->GetArray("RTData"));
    // A sampling moves the values: the arrays are new.
    loom->SetSampleRate(2, 1, 1);
    loom->Update();
    out = vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0));
    EXPECT_NE(input->GetPointData()->GetArray("RTData"), out->GetPointData()->GetArray("RTData"));
  }
}

TEST(LoomExtractSubset, CompositeInputBlockByBlock)
{
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetNumberOfBlocks(3);
  blocks->SetBlock(0, WithCellData(loomtest::Wavelet(4).Get()));
  blocks->SetBlock(1, nullptr);
  blocks->SetBlock(2, loomtest::Twisted(loomtest::Wavelet(5)));
  vtkNew<vtkLoomExtractSubset> loom;
  loom->SetInputData(blocks);
  loom->SetVOI(-2, 2, -3, 1, -4, 0);
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  ASSERT_EQ(1, o.Status) << o.Errors;
  auto* out = vtkMultiBlockDataSet::SafeDownCast(o.Output);
  ASSERT_NE(nullptr, out);
  for (unsigned b : { 0u, 2u })
  {
    vtkNew<vtkExtractVOI> image;
    vtkNew<vtkExtractGrid> grid;
    vtkAlgorithm* vtk = b == 0 ? static_cast<vtkAlgorithm*>(image) : static_cast<vtkAlgorithm*>(grid);
    image->SetVOI(-2, 2, -3, 1, -4, 0);
    grid->SetVOI(-2, 2, -3, 1, -4, 0);
    vtk->SetInputDataObject(blocks->GetBlock(b));
    vtk->Update();
    ExpectSameGrid(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0)), vtkDataSet::SafeDownCast(out->GetBlock(b)),
                   "block " + std::to_string(b));
  }
}

TEST(LoomExtractSubset, BadInputNamedAndEmptyInputEmpty)
{
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(4);
  const vtkMTimeType before = wavelet->GetMTime();
  struct Bad
  {
    VOI V;
    std::array<int, 3> Rate;
    const char* Named;
  };
  const Bad cases[] = { { { 10, 20, -4, 3, -4, 3 }, { 1, 1, 1 }, "meets no point" },
                        { { -4, 3, -12, -9, -4, 3 }, { 1, 1, 1 }, "meets no point" },
                        { { 2, 1, -4, 3, -4, 3 }, { 1, 1, 1 }, "minimum above its maximum" },
                        { { -4, 3, -4, 3, -4, 3 }, { 1, 0, 1 }, "Sample Rate J is 0" },
                        { { -4, 3, -4, 3, -4, 3 }, { -2, 1, 1 }, "Sample Rate I is -2" } };
  for (const Bad& c : cases)
  {
    vtkNew<vtkLoomExtractSubset> loom;
    loom->SetInputData(wavelet);
    loom->SetVOI(c.V.data());
    loom->SetSampleRate(c.Rate.data());
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, o.Status) << c.Named;
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Extract Subset")) << o.Errors;
    EXPECT_NE(std::string::npos, o.Errors.find(c.Named)) << o.Errors;
  }
  EXPECT_EQ(before, wavelet->GetMTime());
  // An empty image: an empty output, silently.
  vtkNew<vtkImageData> empty;
  vtkNew<vtkLoomExtractSubset> loom;
  loom->SetInputData(empty);
  const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
  EXPECT_EQ(1, o.Status);
  EXPECT_EQ("", o.Errors + o.Warnings);
  EXPECT_EQ(0, vtkDataSet::SafeDownCast(o.Output)->GetNumberOfPoints());
}

TEST(LoomExtractSubset, FieldDataPassedGlobalIdsCarried)
{
  // Field data passes as VTK's; GlobalIds are carried where VTK's copy drops them (docs/filters/extract-subset.md).
  vtkSmartPointer<vtkImageData> wavelet = loomtest::Wavelet(4);
  vtkNew<vtkIdTypeArray> ids;
  ids->SetName("Ids");
  ids->SetNumberOfTuples(wavelet->GetNumberOfPoints());
  for (vtkIdType p = 0; p < wavelet->GetNumberOfPoints(); ++p)
    ids->SetValue(p, p);
  wavelet->GetPointData()->SetGlobalIds(ids);
  vtkNew<vtkIdTypeArray> note;
  note->SetName("note");
  note->InsertNextValue(7);
  wavelet->GetFieldData()->AddArray(note);
  vtkNew<vtkLoomExtractSubset> loom;
  loom->SetInputData(wavelet);
  loom->SetVOI(-2, 3, -4, 1, 0, 3);
  loom->SetSampleRate(2, 1, 1);
  loom->Update();
  auto* out = vtkImageData::SafeDownCast(loom->GetOutputDataObject(0));
  ASSERT_NE(nullptr, out->GetFieldData()->GetArray("note"));
  vtkDataArray* carried = out->GetPointData()->GetArray("Ids");
  ASSERT_NE(nullptr, carried);
  // Output point (i, j, k) is input point (-2 + 2i, -4 + j, k): its id in the 8^3 input from -4.
  for (int k = 0, p = 0; k < 4; ++k)
    for (int j = 0; j < 6; ++j)
      for (int i = 0; i < 3; ++i, ++p)
        ASSERT_EQ((2 + 2 * i) + 8 * (j + 8 * (4 + k)), carried->GetComponent(p, 0)) << "point " << p;
}
