// Loom: a loop over the pieces of a large host block on the TBB threads (the calling thread without TBB),
// outside any WorkMonitor: memory work under the transfers and the pool (copies, page population), which
// reports no progress and is never aborted halfway.
#pragma once

#include <loom/cont/internal/CpuBackend.h>

#include <algorithm>
#include <cstddef>

namespace loom
{
namespace cont
{
namespace internal
{
/// f(from, to) over byte ranges of [0, bytes) made of whole pieces of `piece` bytes (the last one short),
/// several at once.
template <typename F>
void ForEachHostPiece(std::size_t bytes, std::size_t piece, const F& f)
{
  struct Context
  {
    const F* Body;
    std::size_t Bytes, Piece;
  } context{ &f, bytes, piece };
  const RangeFunction run = [](void* c, Id begin, Id end) {
    const Context& x = *static_cast<const Context*>(c);
    (*x.Body)(static_cast<std::size_t>(begin) * x.Piece, std::min(static_cast<std::size_t>(end) * x.Piece, x.Bytes));
  };
  const Id pieces = static_cast<Id>((bytes + piece - 1) / piece);
#ifdef LOOM_ENABLE_TBB
  if (pieces > 1)
  {
    TBBBackend().Schedule(&context, run, pieces, 1);
    return;
  }
#endif
  if (pieces > 0)
    run(&context, 0, pieces);
}
} // namespace internal
} // namespace cont
} // namespace loom
