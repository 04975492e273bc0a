// Loom: basic scalar types and the fixed-size Vec used everywhere in the engine.
#pragma once

#include <loom/Macros.h>

#include <cstdint>
#include <type_traits>

namespace loom
{
/// Index type for array sizes and element ids (always 64-bit).
using Id = std::int64_t;
/// Index type for small counts: components of a Vec, points of a cell, visit indices.
using IdComponent = std::int32_t;
/// The default floating-point type.
using FloatDefault = float;
using Float32 = float;
using Float64 = double;
using Int8 = std::int8_t;
using UInt8 = std::uint8_t;
using Int16 = std::int16_t;
using UInt16 = std::uint16_t;
using Int32 = std::int32_t;
using UInt32 = std::uint32_t;
using Int64 = std::int64_t;
using UInt64 = std::uint64_t;

/// A fixed-size vector of N components of type T, with component-wise arithmetic.
template <typename T, IdComponent N>
class Vec
{
  static_assert(N > 0, "loom::Vec needs at least one component");

public:
  using ComponentType = T;
  static constexpr IdComponent NUM_COMPONENTS = N;

  Vec() = default;
  /// Fill every component with one value.
  LOOM_EXEC_CONT explicit constexpr Vec(const T& fill)
  {
    for (IdComponent i = 0; i < N; ++i)
    {
      this->Components[i] = fill;
    }
  }
  /// Give every component: Vec<float,3>(1, 2, 3).
  template <typename... Ts,
            typename = std::enable_if_t<(sizeof...(Ts) == N && N > 1)>>
  LOOM_EXEC_CONT constexpr Vec(const Ts&... values)
    : Components{ static_cast<T>(values)... }
  {
  }
  /// Convert from a Vec of another component type.
  template <typename U>
  LOOM_EXEC_CONT explicit constexpr Vec(const Vec<U, N>& other)
  {
    for (IdComponent i = 0; i < N; ++i)
    {
      this->Components[i] = static_cast<T>(other[i]);
    }
  }

  LOOM_EXEC_CONT static constexpr IdComponent GetNumberOfComponents() { return N; }
  LOOM_EXEC_CONT constexpr T& operator[](IdComponent i) { return this->Components[i]; }
  LOOM_EXEC_CONT constexpr const T& operator[](IdComponent i) const { return this->Components[i]; }

#define LOOM_VEC_COMPOUND(op)                                                                      \
  LOOM_EXEC_CONT constexpr Vec& operator op(const Vec& o)                                          \
  {                                                                                                \
    for (IdComponent i = 0; i < N; ++i)                                                            \
      this->Components[i] op o.Components[i];                                                      \
    return *this;                                                                                  \
  }                                                                                                \
  LOOM_EXEC_CONT constexpr Vec& operator op(const T& s)                                            \
  {                                                                                                \
    for (IdComponent i = 0; i < N; ++i)                                                            \
      this->Components[i] op s;                                                                    \
    return *this;                                                                                  \
  }
  LOOM_VEC_COMPOUND(+=)
  LOOM_VEC_COMPOUND(-=)
  LOOM_VEC_COMPOUND(*=)
  LOOM_VEC_COMPOUND(/=)
#undef LOOM_VEC_COMPOUND

  LOOM_EXEC_CONT constexpr bool operator==(const Vec& o) const
  {
    for (IdComponent i = 0; i < N; ++i)
    {
      if (!(this->Components[i] == o.Components[i]))
      {
        return false;
      }
    }
    return true;
  }
  LOOM_EXEC_CONT constexpr bool operator!=(const Vec& o) const { return !(*this == o); }
  /// Lexicographic order, so Vecs can be sorted and used as keys.
  LOOM_EXEC_CONT constexpr bool operator<(const Vec& o) const
  {
    for (IdComponent i = 0; i < N; ++i)
    {
      if (this->Components[i] < o.Components[i])
        return true;
      if (o.Components[i] < this->Components[i])
        return false;
    }
    return false;
  }

  T Components[N];
};

#define LOOM_VEC_BINARY(op)                                                                        \
  template <typename T, IdComponent N>                                                             \
  LOOM_EXEC_CONT constexpr Vec<T, N> operator op(Vec<T, N> a, const Vec<T, N>& b)                  \
  {                                                                                                \
    return a op## = b;                                                                             \
  }                                                                                                \
  template <typename T, IdComponent N>                                                             \
  LOOM_EXEC_CONT constexpr Vec<T, N> operator op(Vec<T, N> a, const T& s)                          \
  {                                                                                                \
    return a op## = s;                                                                             \
  }
LOOM_VEC_BINARY(+)
LOOM_VEC_BINARY(-)
LOOM_VEC_BINARY(*)
LOOM_VEC_BINARY(/)
#undef LOOM_VEC_BINARY

template <typename T, IdComponent N>
LOOM_EXEC_CONT constexpr Vec<T, N> operator*(const T& s, Vec<T, N> a)
{
  return a *= s;
}
template <typename T, IdComponent N>
LOOM_EXEC_CONT constexpr Vec<T, N> operator-(Vec<T, N> a)
{
  for (IdComponent i = 0; i < N; ++i)
    a[i] = -a[i];
  return a;
}

using Id2 = Vec<Id, 2>;
using Id3 = Vec<Id, 3>;
using IdComponent3 = Vec<IdComponent, 3>;
using Vec2f = Vec<FloatDefault, 2>;
using Vec3f = Vec<FloatDefault, 3>;
using Vec3f_32 = Vec<Float32, 3>;
using Vec3f_64 = Vec<Float64, 3>;

/// Number of components of a value type: N for Vec<T,N>, 1 for scalars.
template <typename T>
struct VecTraits
{
  using ComponentType = T;
  static constexpr IdComponent NUM_COMPONENTS = 1;
  LOOM_EXEC_CONT static constexpr const T& GetComponent(const T& v, IdComponent) { return v; }
  LOOM_EXEC_CONT static constexpr void SetComponent(T& v, IdComponent, const T& c) { v = c; }
};
template <typename T, IdComponent N>
struct VecTraits<Vec<T, N>>
{
  using ComponentType = T;
  static constexpr IdComponent NUM_COMPONENTS = N;
  LOOM_EXEC_CONT static constexpr const T& GetComponent(const Vec<T, N>& v, IdComponent i)
  {
    return v[i];
  }
  LOOM_EXEC_CONT static constexpr void SetComponent(Vec<T, N>& v, IdComponent i, const T& c)
  {
    v[i] = c;
  }
};

/// Make a Vec from its components, deducing the type: make_Vec(1.f, 2.f, 3.f).
template <typename T, typename... Ts>
LOOM_EXEC_CONT constexpr Vec<T, IdComponent(1 + sizeof...(Ts))> make_Vec(const T& first,
                                                                           const Ts&... rest)
{
  return Vec<T, IdComponent(1 + sizeof...(Ts))>(first, static_cast<T>(rest)...);
}

} // namespace loom
