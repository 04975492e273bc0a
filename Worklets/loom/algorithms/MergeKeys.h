// Loom algorithms: the steps every family shares to merge points given by keys (the contour's and the
// clip's edge points): slots numbered, the keys sorted with their slots, the first slot of each run of
// equal keys flagged; an exclusive scan of the flags then numbers the distinct keys. Also the list of
// flagged indices (kept or used points) written at their scanned numbers. For every device.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Values[s] = s (the slots before a sort by key).
struct Iota
{
  Id* Values;
  LOOM_EXEC void operator()(Id s) const { this->Values[s] = s; }
};

/// Flags[s] = 1 for the first of each run of equal sorted keys, else 0.
struct FlagFirst
{
  const Int64* Sorted;
  Id* Flags;
  LOOM_EXEC void operator()(Id s) const
  {
    this->Flags[s] = (s == 0 || this->Sorted[s] != this->Sorted[s - 1]) ? 1 : 0;
  }
};

/// Listed[Number[i]] = i where Flags[i] is set (Number: the exclusive scan of the flags).
struct ListFlagged
{
  const UInt8* Flags;
  const Id* Number;
  Id* Listed;
  LOOM_EXEC void operator()(Id i) const
  {
    if (this->Flags[i])
      this->Listed[this->Number[i]] = i;
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
