// Loom: the base of every worklet: the placeholders _1.._20, the index tags, the default input
// domain (_1), scatter (identity) and mask (none), the control tags every worklet type shares
// (WholeArrayIn/Out/InOut, ExecObject), and the default thread indices.
#pragma once

#include <loom/cont/arg/Transport.h>
#include <loom/cont/arg/TypeCheck.h>
#include <loom/exec/arg/BasicArg.h>
#include <loom/exec/arg/FetchTagArrayDirect.h>
#include <loom/exec/arg/FetchTagExecObject.h>
#include <loom/exec/arg/ThreadIndicesBasic.h>
#include <loom/worklet/MaskNone.h>
#include <loom/worklet/ScatterIdentity.h>

namespace loom
{
namespace worklet
{
namespace internal
{
/// Marker base of every worklet.
class WorkletBase
{
public:
  template <int N>
  using Arg = loom::exec::arg::BasicArg<N>;
  using _1 = Arg<1>;
  using _2 = Arg<2>;
  using _3 = Arg<3>;
  using _4 = Arg<4>;
  using _5 = Arg<5>;
  using _6 = Arg<6>;
  using _7 = Arg<7>;
  using _8 = Arg<8>;
  using _9 = Arg<9>;
  using _10 = Arg<10>;
  using _11 = Arg<11>;
  using _12 = Arg<12>;
  using _13 = Arg<13>;
  using _14 = Arg<14>;
  using _15 = Arg<15>;
  using _16 = Arg<16>;
  using _17 = Arg<17>;
  using _18 = Arg<18>;
  using _19 = Arg<19>;
  using _20 = Arg<20>;

  using WorkIndex = loom::exec::arg::WorkIndex;
  using InputIndex = loom::exec::arg::InputIndex;
  using OutputIndex = loom::exec::arg::OutputIndex;
  using VisitIndex = loom::exec::arg::VisitIndex;
  using ThreadIndices = loom::exec::arg::ThreadIndices;

  /// The control parameter whose size sets the number of inputs.
  using InputDomain = _1;
  using ScatterType = ScatterIdentity;
  using MaskType = MaskNone;

  /// An array the worklet reads at any index (it receives a portal).
  struct WholeArrayIn
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayIn;
    using TransportTag = loom::cont::arg::TransportTagWholeArrayIn;
    using FetchTag = loom::exec::arg::FetchTagExecObject;
  };
  /// An array the worklet writes at any index (it receives a portal; the size is kept).
  struct WholeArrayOut
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayInOut;
    using TransportTag = loom::cont::arg::TransportTagWholeArrayOut;
    using FetchTag = loom::exec::arg::FetchTagExecObject;
  };
  /// An array the worklet reads and writes at any index.
  struct WholeArrayInOut
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayInOut;
    using TransportTag = loom::cont::arg::TransportTagWholeArrayInOut;
    using FetchTag = loom::exec::arg::FetchTagExecObject;
  };
  /// Any object deriving from loom::cont::ExecutionObjectBase.
  struct ExecObject
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagExecObject;
    using TransportTag = loom::cont::arg::TransportTagExecObject;
    using FetchTag = loom::exec::arg::FetchTagExecObject;
  };

  /// Number of inputs given by the input-domain argument (topology worklets count cells or points).
  template <typename Domain>
  static Id GetInputRange(const Domain& domain)
  {
    return domain.GetNumberOfValues();
  }

  /// The indices of one invocation; topology worklets return richer objects.
  template <typename Invocation>
  LOOM_EXEC loom::exec::arg::ThreadIndicesBasic GetThreadIndices(Id threadIndex, Id inputIndex,
                                                                 Id outputIndex, IdComponent visit,
                                                                 const Invocation&) const
  {
    return loom::exec::arg::ThreadIndicesBasic(threadIndex, inputIndex, outputIndex, visit);
  }
};
} // namespace internal
} // namespace worklet
} // namespace loom
