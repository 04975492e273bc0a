// Loom: binary operators and predicates for the device algorithms (Sum, Minimum, Maximum, ...).
#pragma once

#include <loom/Math.h>

namespace loom
{
/// a + b
struct Sum
{
  template <typename T>
  LOOM_EXEC_CONT T operator()(const T& a, const T& b) const
  {
    return static_cast<T>(a + b);
  }
};
/// a * b
struct Product
{
  template <typename T>
  LOOM_EXEC_CONT T operator()(const T& a, const T& b) const
  {
    return static_cast<T>(a * b);
  }
};
/// min(a, b)
struct Minimum
{
  template <typename T>
  LOOM_EXEC_CONT T operator()(const T& a, const T& b) const
  {
    return loom::Min(a, b);
  }
};
/// max(a, b)
struct Maximum
{
  template <typename T>
  LOOM_EXEC_CONT T operator()(const T& a, const T& b) const
  {
    return loom::Max(a, b);
  }
};
/// a < b
struct SortLess
{
  template <typename T>
  LOOM_EXEC_CONT bool operator()(const T& a, const T& b) const
  {
    return a < b;
  }
};
/// b < a
struct SortGreater
{
  template <typename T>
  LOOM_EXEC_CONT bool operator()(const T& a, const T& b) const
  {
    return b < a;
  }
};
/// a == b
struct Equal
{
  template <typename T>
  LOOM_EXEC_CONT bool operator()(const T& a, const T& b) const
  {
    return a == b;
  }
};
/// v != 0: the default stencil predicate of CopyIf.
struct NotZero
{
  template <typename T>
  LOOM_EXEC_CONT bool operator()(const T& v) const
  {
    return v != T(0);
  }
};
} // namespace loom
