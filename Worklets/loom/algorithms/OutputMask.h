// Loom algorithms: which outputs of a field-producing algorithm to compute, and what the others hold.
#pragma once

#include <loom/algorithms/FieldArray.h>

#include <cmath>
#include <limits>
#include <type_traits>

namespace loom
{
namespace algorithms
{
/// All outputs, the outputs whose flag is non-zero, or a list of output ids. Unselected outputs
/// hold the values of `Keep` (a field shaped like the output) when given, else `Fill`.
struct OutputMask
{
  enum class Mode
  {
    All,
    Select,
    Indices
  };
  Mode Selection = Mode::All;
  loom::cont::ArrayHandle<UInt8> Flags;
  loom::cont::ArrayHandle<Id> Ids;
  const FieldArray* Keep = nullptr;
  double Fill = std::numeric_limits<double>::quiet_NaN();
};

/// What an unselected output of value type T holds for the fill value `fill`: the value itself in floating
/// arrays; in integer arrays 0 when it is not finite (NaN has no integer), else the value clamped to T's
/// range and truncated toward zero.
template <typename T>
T FillValueFor(double fill)
{
  if constexpr (std::is_floating_point<T>::value)
    return static_cast<T>(fill);
  else
  {
    if (!std::isfinite(fill))
      return T(0);
    constexpr double low = static_cast<double>(std::numeric_limits<T>::lowest());
    constexpr double high = static_cast<double>(std::numeric_limits<T>::max());
    return fill <= low ? std::numeric_limits<T>::lowest() : fill >= high ? std::numeric_limits<T>::max()
                                                                         : static_cast<T>(fill);
  }
}
} // namespace algorithms
} // namespace loom
