// Loom filter tests: GoogleTest assertions the filter test programs share (LoomFilterTesting.h has the
// inputs and helpers that need no GoogleTest).
#pragma once

#include <vtkDataArray.h>
#include <vtkDataSetAttributes.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace loomtest
{
/// Every array of `expected` is in `actual` (of the same type) with equal values
/// within `tolerance` relative (0: exactly); at least one array unless `allowNone`.
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
        ASSERT_LE(std::abs(x - y), tolerance * std::max(1.0, std::abs(x)))
          << what << " " << e->GetName() << " tuple " << t << " component " << c;
      }
  }
}
} // namespace loomtest
