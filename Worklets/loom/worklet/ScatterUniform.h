// Loom: ScatterUniform<N>: exactly N outputs per input (for example 5 or 6 tetrahedra per hexahedron).
#pragma once

#include <loom/cont/ArrayHandleImplicit.h>

namespace loom
{
namespace worklet
{
namespace internal
{
template <IdComponent N>
struct DivideByN
{
  LOOM_EXEC_CONT Id operator()(Id outputIndex) const { return outputIndex / N; }
};
template <IdComponent N>
struct ModuloN
{
  LOOM_EXEC_CONT IdComponent operator()(Id outputIndex) const
  {
    return static_cast<IdComponent>(outputIndex % N);
  }
};
} // namespace internal

/// Output o comes from input o / N with visit index o % N.
template <IdComponent N>
class ScatterUniform
{
  static_assert(N >= 1, "ScatterUniform<N> needs N >= 1");

public:
  /// Outputs per input (the CPU fast path runs each input's visits in one inner loop).
  static constexpr IdComponent OutputsPerInput = N;
  using OutputToInputMapType = loom::cont::ArrayHandleImplicit<internal::DivideByN<N>>;
  using VisitArrayType = loom::cont::ArrayHandleImplicit<internal::ModuloN<N>>;

  Id GetOutputRange(Id inputRange) const { return inputRange * N; }
  OutputToInputMapType GetOutputToInputMap(Id inputRange) const
  {
    return OutputToInputMapType(internal::DivideByN<N>{}, inputRange * N);
  }
  VisitArrayType GetVisitArray(Id inputRange) const
  {
    return VisitArrayType(internal::ModuloN<N>{}, inputRange * N);
  }
};
} // namespace worklet
} // namespace loom
