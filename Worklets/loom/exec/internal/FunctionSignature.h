// Loom: reads a signature written as a function type, R(P1, ..., Pn): its return tag and parameters.
#pragma once

#include <tuple>
#include <type_traits>

namespace loom
{
namespace exec
{
namespace internal
{
template <typename Signature>
struct FunctionSignature
{
  static constexpr bool Valid = false;
};
template <typename R, typename... P>
struct FunctionSignature<R(P...)>
{
  static constexpr bool Valid = true;
  using ReturnType = R;
  using Parameters = std::tuple<P...>;
  static constexpr int Arity = static_cast<int>(sizeof...(P));
};
} // namespace internal
} // namespace exec
} // namespace loom
