// Loom algorithms: a 64-bit hash finaliser shared by the families that group by hashed keys (clean:
// point positions; cluster: triangles' output points).
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>

namespace loom
{
namespace algorithms
{
/// A 64-bit finaliser (good avalanche: nearby inputs land far apart).
LOOM_EXEC inline UInt64 Mix64(UInt64 x)
{
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ULL;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dULL;
  x ^= x >> 33;
  return x;
}
} // namespace algorithms
} // namespace loom
