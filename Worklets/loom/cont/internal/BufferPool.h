// Loom: what the pool of large host blocks did (Buffer.cxx says how the pool works).
#pragma once

#include <cstddef>

namespace loom
{
namespace cont
{
namespace internal
{
/// So far in this process: bytes of large blocks mapped fresh (their pages fault in on first touch),
/// bytes served from pages Loom let go of, and the bytes the pool holds now.
struct PoolStatistics
{
  std::size_t FreshBytes = 0;
  std::size_t ReusedBytes = 0;
  std::size_t PooledBytes = 0;
};
PoolStatistics GetPoolStatistics();
/// Hands every pooled page back to the system (blocks in use are not touched).
void ReleasePooledMemory();
} // namespace internal
} // namespace cont
} // namespace loom
