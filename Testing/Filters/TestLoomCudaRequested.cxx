// Loom filter tests: asking for CUDA where it cannot run. Every filter of the registry, on its test input,
// with CUDA as the process's device (what LOOM_DEVICE=cuda gives a filter left on Auto) runs on a CPU device
// instead and gives the same points, cells and arrays as Serial. Where a GPU runs the filters, their
// `.cuda` twins check them there and this test skips.
#include "LoomFilterExpect.h"
#include "LoomRegistryTesting.h"

#include <vtkLoomExecution.h>
#include <vtkLoomRegistry.h>
#include <vtkLoomSettings.h>

#include <vtkAlgorithm.h>
#include <vtkCellData.h>
#include <vtkDataSet.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>

#include <vtkTable.h>

#include <gtest/gtest.h>

#include <string>

namespace
{
/// Filter `index` of the registry run on `input` with `device` as the process's device.
vtkSmartPointer<vtkAlgorithm> RunOn(int index, vtkDataObject* input, int device)
{
  vtkLoomSettings::GetInstance()->SetDefaultDevice(device);
  vtkSmartPointer<vtkAlgorithm> filter;
  filter.TakeReference(vtkLoomRegistry::NewFilter(index));
  EXPECT_TRUE(loomtest::SetUpForTests(filter)) << vtkLoomRegistry::GetFilterClassName(index);
  filter->SetInputDataObject(input);
  filter->Update();
  vtkLoomSettings::GetInstance()->SetDefaultDevice(0);
  return filter;
}
} // namespace

TEST(CudaRequested, EveryFilterFallsBackToSerialsResult)
{
  for (int i = 0; i < vtkLoomRegistry::GetNumberOfFilters(); ++i)
  {
    SCOPED_TRACE(vtkLoomRegistry::GetLabel(i));
    vtkSmartPointer<vtkDataObject> input = loomtest::RegistryInput(vtkLoomRegistry::GetTestInput(i), 12);
    vtkSmartPointer<vtkAlgorithm> cuda = RunOn(i, input, 3);
    const std::string ran = vtkLoomExecution::GetLast(cuda)->GetDevices();
    if (ran.find("CUDA") != std::string::npos)
      GTEST_SKIP() << "CUDA runs here: the .cuda twins check the filters on it";
    EXPECT_TRUE(ran == "TBB" || ran == "Serial") << "ran on " << ran;
    EXPECT_FALSE(vtkLoomExecution::GetLast(cuda)->GetFailed()) << vtkLoomExecution::GetLast(cuda)->Describe();
    vtkSmartPointer<vtkAlgorithm> serial = RunOn(i, input, 1);
    if (auto* table = vtkTable::SafeDownCast(serial->GetOutputDataObject(0))) // Histogram: the same table
    {
      auto* other = vtkTable::SafeDownCast(cuda->GetOutputDataObject(0));
      ASSERT_TRUE(other);
      ASSERT_GT(table->GetNumberOfRows(), 0);
      loomtest::ExpectSameArrays(table->GetRowData(), other->GetRowData(), "row data", 0.0, true);
      continue;
    }
    auto* expected = vtkDataSet::SafeDownCast(serial->GetOutputDataObject(0));
    auto* actual = vtkDataSet::SafeDownCast(cuda->GetOutputDataObject(0));
    ASSERT_TRUE(expected && actual);
    ASSERT_GT(expected->GetNumberOfCells(), 0);
    EXPECT_EQ(expected->GetNumberOfPoints(), actual->GetNumberOfPoints());
    EXPECT_EQ(expected->GetNumberOfCells(), actual->GetNumberOfCells());
    loomtest::ExpectSameArrays(expected->GetPointData(), actual->GetPointData(), "point data", 1e-6, true);
    loomtest::ExpectSameArrays(expected->GetCellData(), actual->GetCellData(), "cell data", 1e-6, true);
  }
}
