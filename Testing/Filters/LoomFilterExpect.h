// Loom filter tests: GoogleTest assertions the filter test programs share (LoomFilterTesting.h has the
// inputs and helpers that need no GoogleTest).
#pragma once

#include <vtkDataArray.h>
#include <vtkCellData.h>
#include <vtkDataSet.h>
#include <vtkDataSetAttributes.h>
#include <vtkIdList.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>

#include "LoomFilterTesting.h"
#include "LoomInterop.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace loomtest
{
/// Every array of `expected` is in `actual` (of the same type) with equal values
/// within `tolerance` relative (0: exactly; NaN where it has NaN); at least one array unless `allowNone`.
inline void ExpectSameArrays(vtkDataSetAttributes* expected, vtkDataSetAttributes* actual, const std::string& what,
                             double tolerance = 1e-6, bool allowNone = false)
{
  if (!allowNone)
    ASSERT_GT(expected->GetNumberOfArrays(), 0) << what;
  for (int i = 0; i < expected->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* e = expected->GetArray(i);
    if (!e)
      continue;
    vtkDataArray* a = actual->GetArray(e->GetName());
    ASSERT_NE(nullptr, a) << what << ": no array " << e->GetName();
    ASSERT_EQ(e->GetNumberOfTuples(), a->GetNumberOfTuples()) << what << " " << e->GetName();
    ASSERT_EQ(e->GetNumberOfComponents(), a->GetNumberOfComponents()) << what << " " << e->GetName();
    EXPECT_EQ(e->GetDataType(), a->GetDataType()) << what << " " << e->GetName();
    for (vtkIdType t = 0; t < e->GetNumberOfTuples(); ++t)
      for (int c = 0; c < e->GetNumberOfComponents(); ++c)
      {
        const double x = e->GetComponent(t, c), y = a->GetComponent(t, c);
        if (std::isnan(x) && std::isnan(y))
          continue;
        ASSERT_LE(std::abs(x - y), tolerance * std::max(1.0, std::abs(x)))
          << what << " " << e->GetName() << " tuple " << t << " component " << c;
      }
  }
}
/// `got` is `expected` exactly: the same points (positions equal; of the same type in point sets), the same
/// cells (types and point ids, in order), and the same point and cell arrays value for value.
inline void ExpectIdenticalData(vtkDataSet* expected, vtkDataSet* got, const std::string& what)
{
  ASSERT_EQ(got->GetNumberOfPoints(), expected->GetNumberOfPoints()) << what;
  ASSERT_EQ(got->GetNumberOfCells(), expected->GetNumberOfCells()) << what;
  auto* e = vtkPointSet::SafeDownCast(expected);
  auto* g = vtkPointSet::SafeDownCast(got);
  if (e && g && e->GetPoints() && g->GetPoints())
    EXPECT_EQ(g->GetPoints()->GetDataType(), e->GetPoints()->GetDataType()) << what;
  for (vtkIdType p = 0; p < expected->GetNumberOfPoints(); ++p)
  {
    double x[3], y[3];
    expected->GetPoint(p, x);
    got->GetPoint(p, y);
    ASSERT_TRUE(x[0] == y[0] && x[1] == y[1] && x[2] == y[2])
      << what << ": point " << p << " (" << x[0] << ", " << x[1] << ", " << x[2] << ") against (" << y[0] << ", " << y[1]
      << ", " << y[2] << ")";
  }
  vtkNew<vtkIdList> a, b;
  for (vtkIdType c = 0; c < expected->GetNumberOfCells(); ++c)
  {
    ASSERT_EQ(got->GetCellType(c), expected->GetCellType(c)) << what << ": cell " << c;
    expected->GetCellPoints(c, a);
    got->GetCellPoints(c, b);
    ASSERT_EQ(b->GetNumberOfIds(), a->GetNumberOfIds()) << what << ": cell " << c;
    for (vtkIdType k = 0; k < a->GetNumberOfIds(); ++k)
      ASSERT_EQ(b->GetId(k), a->GetId(k)) << what << ": cell " << c;
  }
  ASSERT_EQ(got->GetPointData()->GetNumberOfArrays(), expected->GetPointData()->GetNumberOfArrays()) << what;
  ASSERT_EQ(got->GetCellData()->GetNumberOfArrays(), expected->GetCellData()->GetNumberOfArrays()) << what;
  ExpectSameArrays(expected->GetPointData(), got->GetPointData(), what + ", point data", 0.0, /*allowNone=*/true);
  ExpectSameArrays(expected->GetCellData(), got->GetCellData(), what + ", cell data", 0.0, /*allowNone=*/true);
}


/// A filter re-executed on an unchanged image or rectilinear grid reads only the part its values reach (the value
/// blocks of LoomInterop.h): the first run reads the whole grid and makes no blocks, the second makes them, the
/// third finds them again; the second and third give the output of the whole grid (LOOM_SUB_GRIDS=0) exactly. The third counts
/// less than `share` of the whole grid's CPU work, or on CUDA (`device` 3) moves less than half of its bytes to the
/// GPU. Returns the third run.
inline GridRun ExpectPartOnReexecution(vtkAlgorithm* filter, int device, double share, const std::string& what)
{
  namespace li = loom::interop;
  li::ClearValueBlocks();
  const li::ValueBlocksStatistics before = li::GetValueBlocksStatistics();
  const GridRun whole = RunOnGrids(filter, true);
  const GridRun first = RunOnGrids(filter, false); // seen: the whole grid still
  EXPECT_EQ(before.Made, li::GetValueBlocksStatistics().Made) << what;
  EXPECT_EQ(0, whole.PartPoints) << what;
  EXPECT_EQ(0, first.PartPoints) << what;
  const GridRun second = RunOnGrids(filter, false); // blocks made: the part
  EXPECT_EQ(before.Made + 1, li::GetValueBlocksStatistics().Made) << what;
  const GridRun third = RunOnGrids(filter, false); // blocks found again
  EXPECT_EQ(before.Made + 1, li::GetValueBlocksStatistics().Made) << what;
  EXPECT_EQ(before.Reused + 1, li::GetValueBlocksStatistics().Reused) << what;
  ExpectRanOn(filter, device, what);
  for (const GridRun* run : { &second, &third }) // the record says which part was read
  {
    EXPECT_GT(run->PartPoints, 0) << what;
    EXPECT_LE(2 * run->PartPoints, run->InputPoints) << what;
  }
  ExpectIdenticalData(whole.Output, second.Output, what + ", second run");
  ExpectIdenticalData(whole.Output, third.Output, what + ", third run");
  if (device != 3 && whole.Work > 0) // the work monitor counts CPU work
    EXPECT_LT(static_cast<double>(third.Work), share * static_cast<double>(whole.Work)) << what;
  if (device == 3 && whole.BytesToDevice > 0) // the part alone crosses the link
    EXPECT_LT(2 * third.BytesToDevice, whole.BytesToDevice) << what;
  return third;
}
} // namespace loomtest
