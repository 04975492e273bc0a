// Loom algorithms: a cell's point ids copied out of a connectivity array, unrolled (a loop of unknown
// length becomes a string copy, slow for a handful of ids). Shared by the CPU and CUDA passes.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>

namespace loom
{
namespace algorithms
{
/// ids[0 .. n) = conn[0 .. n), for n from 1 to 8.
template <typename C>
LOOM_EXEC LOOM_ALWAYS_INLINE void ReadCellIds(const C* conn, int n, Id* ids)
{
  switch (n)
  {
    case 8:
      ids[7] = static_cast<Id>(conn[7]);
      [[fallthrough]];
    case 7:
      ids[6] = static_cast<Id>(conn[6]);
      [[fallthrough]];
    case 6:
      ids[5] = static_cast<Id>(conn[5]);
      [[fallthrough]];
    case 5:
      ids[4] = static_cast<Id>(conn[4]);
      [[fallthrough]];
    case 4:
      ids[3] = static_cast<Id>(conn[3]);
      [[fallthrough]];
    case 3:
      ids[2] = static_cast<Id>(conn[2]);
      [[fallthrough]];
    case 2:
      ids[1] = static_cast<Id>(conn[1]);
      [[fallthrough]];
    default:
      ids[0] = static_cast<Id>(conn[0]);
  }
}
} // namespace algorithms
} // namespace loom
