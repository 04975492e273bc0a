// Loom: small math helpers usable inside worklets (Vec dot/cross/magnitude, lerp, min/max).
#pragma once

#include <loom/Types.h>

#include <cmath>

namespace loom
{
template <typename T>
LOOM_EXEC_CONT constexpr T Min(const T& a, const T& b)
{
  return (b < a) ? b : a;
}
template <typename T>
LOOM_EXEC_CONT constexpr T Max(const T& a, const T& b)
{
  return (a < b) ? b : a;
}
template <typename T, IdComponent N>
LOOM_EXEC_CONT constexpr T Dot(const Vec<T, N>& a, const Vec<T, N>& b)
{
  T s = a[0] * b[0];
  for (IdComponent i = 1; i < N; ++i)
    s += a[i] * b[i];
  return s;
}
template <typename T>
LOOM_EXEC_CONT constexpr Vec<T, 3> Cross(const Vec<T, 3>& a, const Vec<T, 3>& b)
{
  return Vec<T, 3>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}
template <typename T, IdComponent N>
LOOM_EXEC_CONT T Magnitude(const Vec<T, N>& a)
{
  return static_cast<T>(std::sqrt(Dot(a, a)));
}
template <typename T, IdComponent N>
LOOM_EXEC_CONT Vec<T, N> Normal(const Vec<T, N>& a)
{
  const T m = Magnitude(a);
  return (m > T(0)) ? a / m : a;
}
/// Linear interpolation a + w (b - a), for scalars and Vecs.
template <typename V, typename W>
LOOM_EXEC_CONT constexpr V Lerp(const V& a, const V& b, const W& w)
{
  return a + (b - a) * w;
}
/// True when the value is neither NaN nor infinite.
template <typename T>
LOOM_EXEC_CONT bool IsFinite(T v)
{
  if constexpr (std::is_floating_point<T>::value)
  {
    return std::isfinite(v);
  }
  else
  {
    return true;
  }
}
} // namespace loom
