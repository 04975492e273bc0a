// Loom algorithms: which cell shapes a list of VTK cell types holds, read eight types at a time along
// runs of one type (a grid of one cell type, or one sorted by type, costs a compare per eight cells).
#pragma once

#include <loom/Types.h>

#include <array>
#include <cstdint>
#include <cstring>

namespace loom
{
namespace algorithms
{
/// For each of the 256 type values, whether `shapes[0, count)` holds it (host memory).
inline std::array<bool, 256> ShapesPresent(const UInt8* shapes, Id count)
{
  std::array<bool, 256> seen{};
  Id c = 0;
  while (c < count)
  {
    const UInt8 shape = shapes[c++];
    seen[shape] = true;
    const std::uint64_t run = 0x0101010101010101ull * shape;
    for (std::uint64_t word; c + 8 <= count; c += 8)
    {
      std::memcpy(&word, shapes + c, 8);
      if (word != run)
        break;
    }
    while (c < count && shapes[c] == shape)
      ++c;
  }
  return seen;
}
} // namespace algorithms
} // namespace loom
