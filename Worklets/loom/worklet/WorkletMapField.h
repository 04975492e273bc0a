// Loom: WorkletMapField: a worklet run once per entry of its input arrays (or more with a scatter).
#pragma once

#include <loom/worklet/internal/WorkletBase.h>

namespace loom
{
namespace worklet
{
/// Base of field-map worklets. Control tags: FieldIn (read at the input index), FieldOut (written at
/// the output index, allocated to the output range), FieldInOut (read and written at the output
/// index), plus WholeArrayIn/Out/InOut and ExecObject from the worklet base.
class WorkletMapField : public internal::WorkletBase
{
public:
  struct FieldIn
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayIn;
    using TransportTag = loom::cont::arg::TransportTagArrayIn;
    using FetchTag = loom::exec::arg::FetchTagArrayDirectIn;
  };
  struct FieldOut
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayOut;
    using TransportTag = loom::cont::arg::TransportTagArrayOut;
    using FetchTag = loom::exec::arg::FetchTagArrayDirectOut;
  };
  struct FieldInOut
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayInOut;
    using TransportTag = loom::cont::arg::TransportTagArrayInOut;
    using FetchTag = loom::exec::arg::FetchTagArrayDirectInOut;
  };
};
} // namespace worklet
} // namespace loom
