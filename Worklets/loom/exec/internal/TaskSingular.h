// Loom: the per-output task of the seeds: thread -> output (mask) -> input and visit (scatter).
// Every device can run it; CUDA always does.
#pragma once

#include <loom/exec/internal/WorkletInvokeFunctor.h>

namespace loom
{
namespace exec
{
namespace internal
{
template <typename Worklet, typename Invocation>
struct TaskSingular
{
  Worklet W;
  Invocation Inv;

  LOOM_EXEC void operator()(Id threadIndex) const
  {
    const Id outputIndex = static_cast<Id>(this->Inv.ThreadToOutputMap.Get(threadIndex));
    const Id inputIndex = static_cast<Id>(this->Inv.OutputToInputMap.Get(outputIndex));
    const IdComponent visit = static_cast<IdComponent>(this->Inv.VisitArray.Get(outputIndex));
    DoWorkletInvoke(this->W, this->Inv,
                    this->W.GetThreadIndices(threadIndex, inputIndex, outputIndex, visit, this->Inv));
  }
};
} // namespace internal
} // namespace exec
} // namespace loom
