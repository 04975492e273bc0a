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

} // namespace loomtest
