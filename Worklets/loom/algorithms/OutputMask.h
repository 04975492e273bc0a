// Loom algorithms: which outputs of a field-producing algorithm to compute, and what the others hold.
#pragma once

#include <loom/algorithms/FieldArray.h>

#include <limits>

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
} // namespace algorithms
} // namespace loom
