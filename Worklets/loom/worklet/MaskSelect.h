// Loom: MaskSelect: compute only the outputs whose selection entry is non-zero; the others are not
// written (the outputs are not compacted).
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <memory>

namespace loom
{
namespace worklet
{
/// One selection flag per output (non-zero: compute it). The thread-to-output map of the seeds is
/// built on first request (a CopyIf of the output indices); the CPU fast path reads the flags
/// directly and never builds it.
class MaskSelect
{
public:
  using ThreadToOutputMapType = loom::cont::ArrayHandle<Id>;

  explicit MaskSelect(const loom::cont::ArrayHandle<UInt8>& selection,
                      loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

  /// Number of selected outputs; ErrorBadValue when the selection does not have one flag per output.
  Id GetThreadRange(Id outputRange) const;
  ThreadToOutputMapType GetThreadToOutputMap(Id outputRange) const;
  /// The flags, after checking there is one per output.
  const loom::cont::ArrayHandle<UInt8>& GetSelection(Id outputRange) const;

private:
  struct Internals
  {
    loom::cont::DeviceId Device;
    loom::cont::ArrayHandle<UInt8> Selection;
    loom::cont::ArrayHandle<Id> ThreadToOutput;
    bool MapBuilt = false;
  };
  void CheckOutputRange(Id outputRange) const;
  std::shared_ptr<Internals> State;
};
} // namespace worklet
} // namespace loom
