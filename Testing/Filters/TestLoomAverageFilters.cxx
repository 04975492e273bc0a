// Loom filter tests: vtkLoomPointDataToCellData and vtkLoomCellDataToPointData against VTK's
// vtkPointDataToCellData / vtkCellDataToPointData on the wavelet (image and unstructured) and the
// bundled datasets; masks; zero-copy interop; and the bad-input contract.
#include <vtkLoomCellDataToPointData.h>
#include <vtkLoomPointDataToCellData.h>

#include <LoomInterop.h>

#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"
#include "vtkLoomExecution.h"

#include <vtkAppendFilter.h>
#include <vtkCellData.h>
#include <vtkCellDataToPointData.h>
#include <vtkCommand.h>
#include <vtkDataSetReader.h>
#include <vtkExecutive.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointDataToCellData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkStringArray.h>
#include <vtkTypeInt64Array.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <gtest/gtest.h>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <string>

#ifndef LOOM_DATA_DIR
#error LOOM_DATA_DIR must name the Data folder
#endif

namespace
{
using loomtest::ErrorCatcher;
using loomtest::Read;
using loomtest::Wavelet;
/// The dataset's cells in an unstructured grid (an image's as voxels).
vtkSmartPointer<vtkDataSet> AsUnstructured(vtkDataSet* data)
{
  return loomtest::Append(data);
}

void CompareWithVTK(vtkDataSet* input, const std::string& what)
{
  vtkNew<vtkPointDataToCellData> vtkP2C;
  vtkP2C->SetInputData(input);
  vtkP2C->Update();
  vtkNew<vtkLoomPointDataToCellData> loomP2C;
  loomP2C->SetInputData(input);
  loomP2C->Update();
  loomtest::ExpectSameArrays(vtkP2C->GetOutput()->GetCellData(), loomP2C->GetOutput()->GetCellData(), what + " p2c");

  vtkNew<vtkCellDataToPointData> vtkC2P;
  vtkC2P->SetInputData(vtkP2C->GetOutput());
  vtkC2P->Update();
  vtkNew<vtkLoomCellDataToPointData> loomC2P;
  loomC2P->SetInputData(vtkP2C->GetOutput());
  loomC2P->Update();
  loomtest::ExpectSameArrays(vtkC2P->GetOutput()->GetPointData(), loomC2P->GetOutput()->GetPointData(), what + " c2p");
}

template <typename Filter>
std::string RunExpectingError(vtkDataSet* input, void (*configure)(Filter*))
{
  vtkNew<Filter> filter;
  vtkNew<ErrorCatcher> catcher;
  filter->AddObserver(vtkCommand::ErrorEvent, catcher);
  filter->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, catcher);
  filter->SetInputData(input);
  configure(filter);
  filter->Update();
  EXPECT_EQ(0, filter->GetOutput()->GetNumberOfPoints()) << "the output of a refused run is empty";
  return catcher->Message;
}
} // namespace

TEST(LoomAverageFilters, WaveletImageAndUnstructured)
{
  auto image = Wavelet(16);
  CompareWithVTK(image, "wavelet image");
  CompareWithVTK(AsUnstructured(image), "wavelet unstructured (voxels)");
}

TEST(LoomAverageFilters, BundledDatasets)
{
  for (const char* file : { "kitchen.vtk", "mixed-cell-shapes.vtk", "simple_unstructured_bin.vtk" })
    CompareWithVTK(Read(file), file);
}

TEST(LoomAverageFilters, TbbAndSerialAgree)
{
  auto image = Wavelet(12);
  vtkNew<vtkLoomPointDataToCellData> serial, tbb;
  serial->SetInputData(image);
  serial->SetDevice(vtkLoomDataAverageFilter::DEVICE_SERIAL);
  serial->Update();
  tbb->SetInputData(image);
  tbb->SetDevice(vtkLoomDataAverageFilter::DEVICE_TBB);
  tbb->Update();
  // The devices that ran: a TBB request on a build without TBB runs Serial, and would compare it with itself.
  ASSERT_STREQ(vtkLoomExecution::GetLast(serial)->GetDevices(), "Serial");
  const std::string ran = vtkLoomExecution::GetLast(tbb)->GetDevices();
  if (ran != "TBB")
    GTEST_SKIP() << "TBB did not run (" << ran << "): there is nothing to compare Serial with";
  loomtest::ExpectSameArrays(serial->GetOutput()->GetCellData(), tbb->GetOutput()->GetCellData(), "serial vs tbb", 0.0);
}

TEST(LoomAverageFilters, MaskedRunsMatchOnSelectedCells)
{
  auto image = Wavelet(10);
  const vtkIdType cells = image->GetNumberOfCells();
  vtkNew<vtkIntArray> mask;
  mask->SetName("mask");
  vtkNew<vtkFloatArray> keep;
  keep->SetName("keep");
  for (vtkIdType c = 0; c < cells; ++c)
  {
    mask->InsertNextValue(c % 5 == 0 ? 3 : 0);
    keep->InsertNextValue(-1.5f);
  }
  image->GetCellData()->AddArray(mask);
  image->GetCellData()->AddArray(keep);

  vtkNew<vtkLoomPointDataToCellData> full;
  full->SetInputData(image);
  full->Update();
  vtkDataArray* reference = full->GetOutput()->GetCellData()->GetArray("RTData");

  vtkNew<vtkLoomPointDataToCellData> masked;
  masked->SetInputData(image);
  masked->SetMaskArrayName("mask");
  masked->Update();
  vtkSmartPointer<vtkDataArray> nanFilled = masked->GetOutput()->GetCellData()->GetArray("RTData");
  masked->SetKeepArrayName("keep");
  masked->Update();
  vtkDataArray* kept = masked->GetOutput()->GetCellData()->GetArray("RTData");

  vtkNew<vtkLoomPointDataToCellData> byIds;
  byIds->SetInputData(image);
  for (vtkIdType c = cells - 1; c >= 0; --c) // any order, and an id listed twice selects its cell once
    if (c % 5 == 0)
    {
      byIds->AddMaskId(c);
      if (c % 3 == 0)
        byIds->AddMaskId(c);
    }
  byIds->FillWithNaNOff();
  byIds->SetFillValue(7.0);
  byIds->Update();
  vtkDataArray* filled = byIds->GetOutput()->GetCellData()->GetArray("RTData");
  for (vtkIdType c = 0; c < cells; ++c)
  {
    if (c % 5 == 0)
    {
      ASSERT_EQ(reference->GetTuple1(c), kept->GetTuple1(c));
      ASSERT_EQ(reference->GetTuple1(c), filled->GetTuple1(c));
    }
    else
    {
      ASSERT_EQ(-1.5, kept->GetTuple1(c));
      ASSERT_EQ(7.0, filled->GetTuple1(c));
      ASSERT_TRUE(std::isnan(nanFilled->GetTuple1(c)));
    }
  }
  // The input is untouched.
  EXPECT_EQ(-1.5, image->GetCellData()->GetArray("keep")->GetTuple1(1));
}

TEST(LoomAverageFilters, ArraysAndCellsAreNotCopied)
{
  auto image = Wavelet(8);
  vtkDataArray* rt = image->GetPointData()->GetArray("RTData");
  const auto field = loom::interop::FieldFromVTK(rt);
  EXPECT_EQ(rt->GetVoidPointer(0), static_cast<void*>(field.GetPortal<float>().Pointers[0]));
  const auto back = loom::interop::FieldToVTK(field, "back");
  EXPECT_EQ(rt->GetVoidPointer(0), back->GetVoidPointer(0)); // handed back without a copy

  vtkSmartPointer<vtkDataSet> gridOwner = AsUnstructured(image);
  auto grid = vtkUnstructuredGrid::SafeDownCast(gridOwner);
  const auto cells = loom::interop::CellSetFromVTK(grid);
  const bool is64 = grid->GetCells()->IsStorage64Bit();
  const void* conn = is64 ? std::get<loom::cont::CellSetExplicit<loom::Int64, loom::Int64>>(cells)
                              .GetConnectivity()
                              .GetPointer()
                          : static_cast<const void*>(std::get<loom::cont::CellSetExplicit<loom::Int32, loom::Int32>>(cells)
                              .GetConnectivity()
                              .GetPointer());
  EXPECT_EQ(grid->GetCells()->GetConnectivityArray()->GetVoidPointer(0), conn);

  // The filter's output array uses the engine's buffer: its memory is not the input's (nor the input
  // point array's), and it holds the averages after the filter and its output are gone.
  vtkSmartPointer<vtkDataArray> result;
  {
    vtkNew<vtkLoomPointDataToCellData> filter;
    filter->SetInputData(image);
    filter->Update();
    result = filter->GetOutput()->GetCellData()->GetArray("RTData");
  }
  ASSERT_NE(result, nullptr);
  vtkDataArray* rtdata = image->GetPointData()->GetArray("RTData");
  const char* in = static_cast<const char*>(rtdata->GetVoidPointer(0));
  const char* out = static_cast<const char*>(result->GetVoidPointer(0));
  const std::size_t inBytes = static_cast<std::size_t>(rtdata->GetDataSize()) * rtdata->GetDataTypeSize();
  const std::size_t outBytes = static_cast<std::size_t>(result->GetDataSize()) * result->GetDataTypeSize();
  EXPECT_TRUE(out + outBytes <= in || in + inBytes <= out) << "the output array overlaps the input's memory";
  vtkNew<vtkPointDataToCellData> reference;
  reference->SetInputData(image);
  reference->Update();
  vtkDataArray* expected = reference->GetOutput()->GetCellData()->GetArray("RTData");
  ASSERT_EQ(expected->GetNumberOfTuples(), result->GetNumberOfTuples());
  double worst = 0.0;
  for (vtkIdType c = 0; c < expected->GetNumberOfTuples(); ++c)
    worst = std::max(worst, std::abs(expected->GetTuple1(c) - result->GetTuple1(c)));
  EXPECT_LT(worst, 1e-3) << "the output array no longer holds the averages once the filter is gone";
}

TEST(LoomAverageFilters, ConversionAllocatesNothingInProportion)
{
  // A 256^3 float array and a cell array of 10^7 hexahedra: wrapping them allocates a few hundred
  // bytes of bookkeeping, not memory in proportion to the data (64 MiB and 720 MiB here).
  vtkNew<vtkFloatArray> big;
  big->SetNumberOfValues(vtkIdType(256) * 256 * 256);
  const loom::Id cellCount = 10000000;
  vtkNew<vtkUnstructuredGrid> grid;
  {
    vtkNew<vtkPoints> points;
    points->SetNumberOfPoints(cellCount + 8);
    grid->SetPoints(points);
    vtkNew<vtkCellArray> cells;
    vtkNew<vtkTypeInt64Array> offsets, connectivity;
    offsets->SetNumberOfValues(cellCount + 1);
    connectivity->SetNumberOfValues(cellCount * 8);
    for (loom::Id c = 0; c <= cellCount; ++c)
      offsets->SetValue(c, 8 * c);
    for (loom::Id k = 0; k < cellCount * 8; ++k)
      connectivity->SetValue(k, k / 8 + k % 8);
    cells->SetData(offsets, connectivity);
    vtkNew<vtkUnsignedCharArray> types;
    types->SetNumberOfValues(cellCount);
    types->FillValue(VTK_HEXAHEDRON);
    grid->SetCells(types, cells);
  }
  const auto before = mallinfo2();
  {
    const auto field = loom::interop::FieldFromVTK(big);
    const auto cells = loom::interop::CellSetFromVTK(grid);
    const auto after = mallinfo2();
    const std::size_t grew = (after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd);
    EXPECT_LT(grew, std::size_t(64) * 1024) << "bytes allocated while converting";
    EXPECT_EQ(big->GetPointer(0), field.GetPortal<float>().Pointers[0]);
    EXPECT_EQ(loom::Id(cellCount), loom::algorithms::NumberOfCells(cells));
  }
}

TEST(LoomAverageFilters, BadInputIsRefusedWithAClearError)
{
  auto image = Wavelet(6);
  vtkNew<vtkStringArray> names;
  names->SetName("names");
  names->SetNumberOfValues(image->GetNumberOfPoints());
  image->GetPointData()->AddArray(names);

  std::string m = RunExpectingError<vtkLoomPointDataToCellData>(image, [](vtkLoomPointDataToCellData* f) {
    f->ProcessAllArraysOff();
    f->AddArray("nope");
  });
  EXPECT_NE(m.find("vtkLoomPointDataToCellData"), std::string::npos) << m;
  EXPECT_NE(m.find("'nope'"), std::string::npos) << m;

  m = RunExpectingError<vtkLoomPointDataToCellData>(image, [](vtkLoomPointDataToCellData* f) {
    f->ProcessAllArraysOff();
    f->AddArray("names");
  });
  EXPECT_NE(m.find("'names'"), std::string::npos) << m;
  EXPECT_NE(m.find("not a numeric array"), std::string::npos) << m;

  vtkNew<vtkIntArray> shortMask;
  shortMask->SetName("short");
  shortMask->SetNumberOfValues(3);
  image->GetCellData()->AddArray(shortMask);
  m = RunExpectingError<vtkLoomPointDataToCellData>(image, [](vtkLoomPointDataToCellData* f) {
    f->SetMaskArrayName("short");
  });
  EXPECT_NE(m.find("'short'"), std::string::npos) << m;
  EXPECT_NE(m.find("3 values"), std::string::npos) << m;

  // An empty dataset: an empty output and no message.
  vtkNew<vtkUnstructuredGrid> empty;
  {
    vtkNew<vtkLoomCellDataToPointData> filter;
    filter->SetInputData(empty);
    loomtest::ExpectSilentEmpty(filter, "empty unstructured grid");
    EXPECT_EQ(0, filter->GetOutput()->GetNumberOfPoints());
  }

  // A polyhedron.
  vtkNew<vtkUnstructuredGrid> poly;
  vtkNew<vtkPoints> points;
  for (int i = 0; i < 4; ++i)
    points->InsertNextPoint(i & 1, (i >> 1) & 1, i == 3);
  poly->SetPoints(points);
  vtkIdType faces[] = { 4, 3, 0, 1, 2, 3, 0, 1, 3, 3, 1, 2, 3, 3, 0, 2, 3 };
  vtkIdType ids[] = { 0, 1, 2, 3 };
  poly->InsertNextCell(VTK_POLYHEDRON, 4, ids, 4, faces + 1);
  vtkNew<vtkFloatArray> values;
  values->SetName("v");
  values->SetNumberOfValues(4);
  values->FillValue(1.f);
  poly->GetPointData()->AddArray(values);
  values->SetValue(3, 5.f);
  // Averaging needs only each cell's point list: a polyhedron is averaged over its points, as VTK does.
  vtkNew<vtkLoomPointDataToCellData> loom;
  loom->SetInputData(poly);
  loom->Update();
  vtkNew<vtkPointDataToCellData> reference;
  reference->SetInputData(poly);
  reference->Update();
  vtkDataArray* mean = loom->GetOutput()->GetCellData()->GetArray("v");
  ASSERT_NE(nullptr, mean);
  EXPECT_FLOAT_EQ(2.0f, static_cast<float>(mean->GetComponent(0, 0)));
  EXPECT_FLOAT_EQ(static_cast<float>(reference->GetOutput()->GetCellData()->GetArray("v")->GetComponent(0, 0)),
                  static_cast<float>(mean->GetComponent(0, 0)));
}

// Composite inputs: VTK's composite pipeline runs the Loom filter on every block; each block's
// result equals the filter on that block alone.
TEST(LoomAverageFilters, MultiblockInputsRunPerBlock)
{
  vtkNew<vtkMultiBlockDataSet> blocks;
  blocks->SetNumberOfBlocks(2);
  auto image = Wavelet(6);
  auto grid = AsUnstructured(Wavelet(4));
  blocks->SetBlock(0, image);
  blocks->SetBlock(1, grid);
  vtkNew<vtkLoomPointDataToCellData> loom;
  loom->SetInputData(blocks);
  loom->Update();
  auto* out = vtkMultiBlockDataSet::SafeDownCast(loom->GetOutputDataObject(0));
  ASSERT_NE(out, nullptr) << "a multiblock input gives a multiblock output";
  ASSERT_EQ(out->GetNumberOfBlocks(), 2u);
  vtkDataSet* inputs[2] = { image, grid };
  for (unsigned b = 0; b < 2; ++b)
  {
    auto* block = vtkDataSet::SafeDownCast(out->GetBlock(b));
    ASSERT_NE(block, nullptr);
    vtkNew<vtkPointDataToCellData> reference;
    reference->SetInputData(inputs[b]);
    reference->Update();
    loomtest::ExpectSameArrays(reference->GetOutput()->GetCellData(), block->GetCellData(),
                     "block " + std::to_string(b));
  }
}

// The point-to-cell connectivity of an unstructured grid is built once and reused by later runs on
// the same cells (another execution, another filter instance); a grid whose cells change gets it
// built again, and results stay right.
TEST(LoomAverageFilters, PointToCellConnectivityIsReusedAcrossExecutions)
{
  auto grid = AsUnstructured(Wavelet(5));
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(grid);
  cells->Update();
  auto withCells = cells->GetOutput();
  const loom::Id before = loom::cont::internal::NumberOfReverseConnectivityBuilds();
  for (int run = 0; run < 3; ++run)
  {
    vtkNew<vtkLoomCellDataToPointData> loom;
    loom->SetInputData(withCells);
    loom->Update();
    ASSERT_GT(loom->GetOutput()->GetPointData()->GetNumberOfArrays(), 0);
  }
  EXPECT_EQ(loom::cont::internal::NumberOfReverseConnectivityBuilds(), before + 1);

  // New cells (the same shape, points reversed in one cell): built again, and the result follows.
  auto changed = vtkSmartPointer<vtkUnstructuredGrid>::New();
  changed->DeepCopy(withCells);
  vtkNew<vtkLoomCellDataToPointData> loom;
  loom->SetInputData(changed);
  loom->Update();
  EXPECT_EQ(loom::cont::internal::NumberOfReverseConnectivityBuilds(), before + 2);
  vtkNew<vtkCellDataToPointData> reference;
  reference->SetInputData(changed);
  reference->Update();
  loomtest::ExpectSameArrays(reference->GetOutput()->GetPointData(), loom->GetOutput()->GetPointData(), "changed grid");
}

namespace
{
/// "P:name:type" and "C:name:type" of every array of a dataset, sorted.
std::vector<std::string> ArrayList(vtkDataSet* data)
{
  std::vector<std::string> list;
  for (int cells = 0; cells < 2; ++cells)
  {
    vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(data->GetCellData())
                                             : static_cast<vtkDataSetAttributes*>(data->GetPointData());
    for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
      list.push_back(std::string(cells ? "C:" : "P:") + attributes->GetArrayName(a) + ":" +
                     attributes->GetAbstractArray(a)->GetDataTypeAsString());
  }
  std::sort(list.begin(), list.end());
  return list;
}
} // namespace

// Ghost flags (vtkGhostType on points and cells, as ParaView's pipeline adds them on MPI ranks) are never
// averaged and always stay with their points or cells, as VTK's filters keep them; found by the fuzzer
// (Loom made a float vtkGhostType of the averaged flags).
TEST(LoomAverageFilters, GhostArraysStayAsTheyAre)
{
  vtkNew<vtkImageData> image;
  image->SetDimensions(3, 3, 3);
  for (int cells = 0; cells < 2; ++cells)
  {
    const vtkIdType n = cells ? image->GetNumberOfCells() : image->GetNumberOfPoints();
    vtkNew<vtkDoubleArray> v;
    v->SetName("v");
    v->SetNumberOfTuples(n);
    vtkNew<vtkUnsignedCharArray> ghosts;
    ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
    ghosts->SetNumberOfTuples(n);
    for (vtkIdType i = 0; i < n; ++i)
    {
      v->SetValue(i, 0.5 * i);
      ghosts->SetValue(i, i % 5 == 0 ? vtkDataSetAttributes::DUPLICATEPOINT : 0);
    }
    vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(image->GetCellData())
                                             : static_cast<vtkDataSetAttributes*>(image->GetPointData());
    attributes->AddArray(v);
    attributes->AddArray(ghosts);
  }
  for (bool pass : { false, true })
  {
    vtkNew<vtkLoomPointDataToCellData> loomToCells;
    vtkNew<vtkPointDataToCellData> vtkToCells;
    vtkNew<vtkLoomCellDataToPointData> loomToPoints;
    vtkNew<vtkCellDataToPointData> vtkToPoints;
    loomToCells->SetPassInputData(pass);
    vtkToCells->SetPassPointData(pass);
    loomToPoints->SetPassInputData(pass);
    vtkToPoints->SetPassCellData(pass);
    for (auto [loom, reference] : { std::pair<vtkDataSetAlgorithm*, vtkDataSetAlgorithm*>(loomToCells, vtkToCells),
                                    std::pair<vtkDataSetAlgorithm*, vtkDataSetAlgorithm*>(loomToPoints, vtkToPoints) })
    {
      loom->SetInputData(image);
      loom->Update();
      reference->SetInputData(image);
      reference->Update();
      EXPECT_EQ(ArrayList(reference->GetOutput()), ArrayList(loom->GetOutput()))
        << loom->GetClassName() << " pass " << pass;
      for (vtkDataSetAttributes* attributes : { static_cast<vtkDataSetAttributes*>(loom->GetOutput()->GetPointData()),
                                                static_cast<vtkDataSetAttributes*>(loom->GetOutput()->GetCellData()) })
        if (vtkAbstractArray* ghosts = attributes->GetAbstractArray(vtkDataSetAttributes::GhostArrayName()))
          EXPECT_EQ(VTK_UNSIGNED_CHAR, ghosts->GetDataType());
    }
  }
}

// An image of one point has one cell (a vertex, VTK_SINGLE_POINT): averaged both ways as VTK's filters do;
// found by the fuzzer (Loom gave zero-tuple cell arrays, and an empty output the other way).
TEST(LoomAverageFilters, SinglePointImage)
{
  vtkNew<vtkImageData> image;
  image->SetDimensions(1, 1, 1);
  vtkNew<vtkDoubleArray> p, c;
  p->SetName("p");
  p->InsertNextValue(3.5);
  c->SetName("c");
  c->InsertNextValue(-2.25);
  image->GetPointData()->AddArray(p);
  image->GetCellData()->AddArray(c);
  ASSERT_EQ(1, image->GetNumberOfCells());
  vtkNew<vtkLoomPointDataToCellData> toCells;
  toCells->SetInputData(image);
  toCells->Update();
  ASSERT_NE(nullptr, toCells->GetOutput()->GetCellData()->GetArray("p"));
  ASSERT_EQ(1, toCells->GetOutput()->GetCellData()->GetArray("p")->GetNumberOfTuples());
  EXPECT_EQ(3.5, toCells->GetOutput()->GetCellData()->GetArray("p")->GetComponent(0, 0));
  vtkNew<vtkLoomCellDataToPointData> toPoints;
  toPoints->SetInputData(image);
  toPoints->Update();
  ASSERT_EQ(1, toPoints->GetOutput()->GetNumberOfPoints());
  ASSERT_NE(nullptr, toPoints->GetOutput()->GetPointData()->GetArray("c"));
  EXPECT_EQ(-2.25, toPoints->GetOutput()->GetPointData()->GetArray("c")->GetComponent(0, 0));
}
