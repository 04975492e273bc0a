// Loom: the indices of one worklet invocation: thread, input, output and visit.
#pragma once

#include <loom/Types.h>

namespace loom
{
namespace exec
{
namespace arg
{
/// Indices of one invocation. With a scatter the output and input indices differ; with a mask the
/// thread index (the count of invocations before this one) differs from the output index.
class ThreadIndicesBasic
{
public:
  ThreadIndicesBasic() = default;
  LOOM_EXEC ThreadIndicesBasic(Id threadIndex, Id inputIndex, Id outputIndex, IdComponent visitIndex)
    : ThreadIndex(threadIndex)
    , InputIndex(inputIndex)
    , OutputIndex(outputIndex)
    , VisitIndex(visitIndex)
  {
  }
  LOOM_EXEC Id GetThreadIndex() const { return this->ThreadIndex; }
  LOOM_EXEC Id GetInputIndex() const { return this->InputIndex; }
  LOOM_EXEC Id GetOutputIndex() const { return this->OutputIndex; }
  LOOM_EXEC IdComponent GetVisitIndex() const { return this->VisitIndex; }

private:
  Id ThreadIndex = 0;
  Id InputIndex = 0;
  Id OutputIndex = 0;
  IdComponent VisitIndex = 0;
};
} // namespace arg
} // namespace exec
} // namespace loom
