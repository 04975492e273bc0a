// Loom: the CPU fast paths (design.md section 2). TaskPerInputVisits runs a counting scatter per
// input with an inner loop over its visits (no output-to-input search); TaskSkipUnselected walks the
// outputs and skips those a MaskSelect leaves out (no thread-to-output map). Both give the same
// result as TaskSingular; the dispatcher uses them only when the worklet does not ask for the thread
// index, which these paths do not know under a mask.
#pragma once

#include <loom/exec/internal/WorkletInvokeFunctor.h>

namespace loom
{
namespace exec
{
namespace internal
{
/// Selects every output.
struct SelectAll
{
  LOOM_EXEC constexpr bool operator()(Id) const { return true; }
};
/// Selects the outputs whose entry in a selection portal is non-zero.
template <typename Portal>
struct SelectNonZero
{
  Portal Selection;
  LOOM_EXEC bool operator()(Id outputIndex) const { return this->Selection.Get(outputIndex) != 0; }
};

/// Input range [begin, end): input i writes outputs offsets[i] .. offsets[i+1]-1.
template <typename Worklet, typename Invocation, typename OffsetsPortal, typename Selected>
struct TaskPerInputVisits
{
  Worklet W;
  Invocation Inv;
  OffsetsPortal Offsets; // input-to-output map with one extra entry at the end
  Selected IsSelected;

  LOOM_EXEC void operator()(Id begin, Id end) const
  {
    Id outputBegin = this->Offsets.Get(begin);
    for (Id inputIndex = begin; inputIndex < end; ++inputIndex)
    {
      const Id outputEnd = this->Offsets.Get(inputIndex + 1);
      for (Id outputIndex = outputBegin; outputIndex < outputEnd; ++outputIndex)
      {
        if (this->IsSelected(outputIndex))
        {
          const IdComponent visit = static_cast<IdComponent>(outputIndex - outputBegin);
          DoWorkletInvoke(this->W, this->Inv,
                          this->W.GetThreadIndices(outputIndex, inputIndex, outputIndex, visit, this->Inv));
        }
      }
      outputBegin = outputEnd;
    }
  }
};

/// Output range [begin, end): outputs not selected are skipped.
template <typename Worklet, typename Invocation, typename Selected>
struct TaskSkipUnselected
{
  Worklet W;
  Invocation Inv;
  Selected IsSelected;

  LOOM_EXEC void operator()(Id begin, Id end) const
  {
    for (Id outputIndex = begin; outputIndex < end; ++outputIndex)
    {
      if (this->IsSelected(outputIndex))
      {
        const Id inputIndex = static_cast<Id>(this->Inv.OutputToInputMap.Get(outputIndex));
        const IdComponent visit = static_cast<IdComponent>(this->Inv.VisitArray.Get(outputIndex));
        DoWorkletInvoke(this->W, this->Inv,
                        this->W.GetThreadIndices(outputIndex, inputIndex, outputIndex, visit, this->Inv));
      }
    }
  }
};
} // namespace internal
} // namespace exec
} // namespace loom
