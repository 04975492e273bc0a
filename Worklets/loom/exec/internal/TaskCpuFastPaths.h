// Loom: the CPU fast paths (design.md section 2). TaskPerInputVisits runs a counting scatter per
// input with an inner loop over its visits (no output-to-input search); TaskSkipUnselected walks the
// outputs and skips those a MaskSelect leaves out (no thread-to-output map). Both give the same
// result as TaskSingular; the dispatcher uses them only when the worklet does not ask for the thread
// index, which these paths do not know under a mask.
#pragma once

#include <loom/exec/internal/WorkletInvokeFunctor.h>

#include <cstring>

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

/// Input range [begin, end): input i writes outputs offsets[i] .. offsets[i+1]-1. Inputs are taken a
/// few hundred at a time; their outputs' input indices are written into a small local table without
/// branches (each input writes 8 slots, the next input overwrites the ones it does not own), and the
/// outputs are then run from that table. A loop over each input's visits would mispredict its exit
/// once per input; the table keeps the worklet loop branch-free and the map never leaves the cache.
template <typename Worklet, typename Invocation, typename OffsetsPortal, typename Selected>
struct TaskPerInputVisits
{
  Worklet W;
  Invocation Inv;
  OffsetsPortal Offsets; // input-to-output map with one extra entry at the end
  Selected IsSelected;

  static constexpr Id InputsPerPass = 512;
  static constexpr Id TableSize = 4096;
  static constexpr Id Slots = 8;

  LOOM_EXEC void Run(Id inputIndex, Id outputIndex, Id firstOutput) const
  {
    if (this->IsSelected(outputIndex))
    {
      const IdComponent visit = static_cast<IdComponent>(outputIndex - firstOutput);
      DoWorkletInvoke(this->W, this->Inv,
                      this->W.GetThreadIndices(outputIndex, inputIndex, outputIndex, visit, this->Inv));
    }
  }

  LOOM_EXEC void operator()(Id begin, Id end) const
  {
    Id table[TableSize + Slots];
    for (Id passBegin = begin; passBegin < end; passBegin += InputsPerPass)
    {
      const Id passEnd = passBegin + InputsPerPass < end ? passBegin + InputsPerPass : end;
      const Id base = this->Offsets.Get(passBegin);
      const Id total = this->Offsets.Get(passEnd) - base;
      bool tabled = total <= TableSize;
      if (tabled)
      {
        Id first = base;
        for (Id i = passBegin; i < passEnd && tabled; ++i)
        {
          const Id next = this->Offsets.Get(i + 1);
          tabled = next - first <= Slots;
          Id* slot = table + (first - base);
          for (Id k = 0; k < Slots; ++k)
            slot[k] = i;
          first = next;
        }
      }
      if (tabled)
      {
        for (Id o = 0; o < total; ++o)
        {
          const Id inputIndex = table[o];
          this->Run(inputIndex, base + o, this->Offsets.Get(inputIndex));
        }
      }
      else
      {
        // Many outputs in this pass (or an input with more than Slots): plain nested loops.
        for (Id i = passBegin; i < passEnd; ++i)
        {
          const Id first = this->Offsets.Get(i);
          const Id next = this->Offsets.Get(i + 1);
          for (Id o = first; o < next; ++o)
            this->Run(i, o, first);
        }
      }
    }
  }
};

/// Output range [begin, end): outputs whose selection byte is zero are skipped. The flags are read
/// in blocks: 32 zero bytes are skipped at once, the selected outputs of a block are gathered into a
/// small local list without branches, and then visited. Visiting from a list keeps the loads of
/// successive visits independent (no mispredicted branch between them), so sparse masks stay cheap.
LOOM_EXEC inline int CountTrailingZeros(UInt64 x)
{
#if defined(__CUDA_ARCH__)
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

template <typename Worklet, typename Invocation>
struct TaskSkipUnselected
{
  Worklet W;
  Invocation Inv;
  const UInt8* Selection;

  static constexpr Id Block = 2048;

  LOOM_EXEC void Visit(Id outputIndex) const
  {
    const Id inputIndex = static_cast<Id>(this->Inv.OutputToInputMap.Get(outputIndex));
    const IdComponent visit = static_cast<IdComponent>(this->Inv.VisitArray.Get(outputIndex));
    DoWorkletInvoke(this->W, this->Inv,
                    this->W.GetThreadIndices(outputIndex, inputIndex, outputIndex, visit, this->Inv));
  }

  LOOM_EXEC void operator()(Id begin, Id end) const
  {
    const UInt8* flags = this->Selection;
    Id selected[Block];
    for (Id blockBegin = begin; blockBegin < end; blockBegin += Block)
    {
      const Id blockEnd = blockBegin + Block < end ? blockBegin + Block : end;
      Id count = 0;
      Id o = blockBegin;
      for (; o + 32 <= blockEnd; o += 32)
      {
        UInt64 words[4];
        std::memcpy(words, flags + o, sizeof(words));
        if ((words[0] | words[1] | words[2] | words[3]) == 0)
          continue;
        for (int w = 0; w < 4; ++w)
        {
          // One bit per non-zero byte (bit 8j+7 set when byte j is not zero), then walk the bits.
          const UInt64 x = words[w];
          UInt64 nonZero = ((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL | x) & 0x8080808080808080ULL;
          while (nonZero != 0)
          {
            selected[count++] = o + 8 * w + (CountTrailingZeros(nonZero) >> 3);
            nonZero &= nonZero - 1;
          }
        }
      }
      for (; o < blockEnd; ++o)
      {
        selected[count] = o;
        count += flags[o] != 0 ? 1 : 0;
      }
      if (count == blockEnd - blockBegin)
      {
        // Every output of the block is selected: run them as a contiguous range.
        for (Id t = blockBegin; t < blockEnd; ++t)
          this->Visit(t);
      }
      else
      {
        for (Id t = 0; t < count; ++t)
          this->Visit(selected[t]);
      }
    }
  }
};
} // namespace internal
} // namespace exec
} // namespace loom
