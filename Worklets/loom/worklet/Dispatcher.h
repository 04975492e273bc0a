// Loom: the Dispatcher: the seeds' invoke sequence for one worklet: type check (compile time),
// input and output ranges (scatter), thread range (mask), transport, then schedule of the task that
// loads, calls and stores. CPU devices take the fast paths where the result is the same.
#pragma once

#include <loom/cont/Algorithm.h>
#include <loom/cont/Logging.h>
#include <loom/cont/arg/Transport.h>
#include <loom/cont/arg/TypeCheck.h>
#include <loom/exec/internal/Invocation.h>
#include <loom/exec/internal/TaskCpuFastPaths.h>
#include <loom/exec/internal/TaskSingular.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/MaskNone.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/ScatterIdentity.h>
#include <loom/worklet/ScatterUniform.h>

#include <tuple>
#include <type_traits>
#include <utility>

namespace loom
{
namespace worklet
{
namespace internal
{
template <typename W, typename = void>
struct HasControlSignature : std::false_type
{
};
template <typename W>
struct HasControlSignature<W, std::void_t<typename W::ControlSignature>> : std::true_type
{
};
template <typename W, typename = void>
struct HasExecutionSignature : std::false_type
{
};
template <typename W>
struct HasExecutionSignature<W, std::void_t<typename W::ExecutionSignature>> : std::true_type
{
};

// Each check is a class template so that the compiler's error names the worklet, the parameter
// index and the tag in the instantiation context printed with the message.
template <typename Worklet, bool Present>
struct ControlSignatureCheck
{
  static_assert(Present, "Loom: the worklet has no ControlSignature (declare "
                         "`using ControlSignature = void(FieldIn, FieldOut);` or similar). The "
                         "worklet is the first template argument of ControlSignatureCheck.");
  static constexpr bool value = Present;
};
template <typename Worklet, bool Present>
struct ExecutionSignatureCheck
{
  static_assert(Present, "Loom: the worklet has no ExecutionSignature (declare "
                         "`using ExecutionSignature = _2(_1);` or similar). The worklet is the first "
                         "template argument of ExecutionSignatureCheck.");
  static constexpr bool value = Present;
};
template <typename Worklet, int ControlParameters, int InvokeArguments>
struct ArgumentCountCheck
{
  static constexpr bool value = ControlParameters == InvokeArguments;
  static_assert(value, "Loom: invoke got a different number of arguments than the worklet's "
                       "ControlSignature has parameters. See ArgumentCountCheck<Worklet, "
                       "ControlParameters, InvokeArguments>.");
};
template <typename Worklet, int ParameterIndex, typename ControlTag, typename ArgumentType>
struct ParameterTypeCheck
{
  static constexpr bool value =
    loom::cont::arg::TypeCheck<typename ControlTag::TypeCheckTag, ArgumentType>::value;
  static_assert(value, "Loom: an invoke argument does not match its ControlSignature tag. See "
                       "ParameterTypeCheck<Worklet, ParameterIndex (1-based), ControlTag, "
                       "ArgumentType>.");
};
template <typename Worklet, int ExecutionParameter, typename ExecutionTag, int ControlParameters>
struct PlaceholderCheck
{
  static constexpr bool value = ExecutionTag::INDEX >= 1 && ExecutionTag::INDEX <= ControlParameters;
  static_assert(value, "Loom: an ExecutionSignature placeholder refers past the ControlSignature. "
                       "See PlaceholderCheck<Worklet, ExecutionParameter (0 = return value), "
                       "ExecutionTag, ControlParameters>.");
};

template <typename Worklet, typename ControlParams, typename ArgsTuple, std::size_t... I>
constexpr bool CheckTypes(std::index_sequence<I...>)
{
  return (ParameterTypeCheck<Worklet, static_cast<int>(I) + 1, std::tuple_element_t<I, ControlParams>,
                             std::decay_t<std::tuple_element_t<I, ArgsTuple>>>::value &&
          ... && true);
}

template <typename Worklet, typename ReturnTag, int Arity, typename... Tags, std::size_t... I>
constexpr bool CheckPlaceholdersImpl(std::index_sequence<I...>)
{
  bool ok = true;
  if constexpr (!std::is_same<ReturnTag, void>::value)
    ok = PlaceholderCheck<Worklet, 0, ReturnTag, Arity>::value;
  return ok && (PlaceholderCheck<Worklet, static_cast<int>(I) + 1, Tags, Arity>::value && ... && true);
}

template <typename Worklet, typename ReturnTag, int Arity, typename... Tags>
constexpr bool CheckPlaceholders(std::tuple<Tags...>*)
{
  return CheckPlaceholdersImpl<Worklet, ReturnTag, Arity, Tags...>(
    std::make_index_sequence<sizeof...(Tags)>{});
}
template <typename Worklet, typename... Args>
constexpr bool CheckInvoke()
{
  constexpr bool hasControl =
    ControlSignatureCheck<Worklet, HasControlSignature<Worklet>::value>::value;
  constexpr bool hasExecution =
    ExecutionSignatureCheck<Worklet, HasExecutionSignature<Worklet>::value>::value;
  if constexpr (!(hasControl && hasExecution))
  {
    return false;
  }
  else
  {
    using Control = loom::exec::internal::FunctionSignature<typename Worklet::ControlSignature>;
    using Execution = loom::exec::internal::FunctionSignature<typename Worklet::ExecutionSignature>;
    constexpr int arity = Control::Arity;
    constexpr bool countOk =
      ArgumentCountCheck<Worklet, arity, static_cast<int>(sizeof...(Args))>::value;
    if constexpr (!countOk)
    {
      return false;
    }
    else
    {
      constexpr bool typesOk = CheckTypes<Worklet, typename Control::Parameters, std::tuple<Args...>>(
        std::make_index_sequence<sizeof...(Args)>{});
      constexpr bool placeholdersOk = CheckPlaceholders<Worklet, typename Execution::ReturnType, arity>(
        static_cast<typename Execution::Parameters*>(nullptr));
      return typesOk && placeholdersOk;
    }
  }
}

// Whether the execution signature asks for the thread index (WorkIndex or ThreadIndices), which
// the CPU fast paths do not know under a mask.
template <typename Tag>
constexpr bool TagUsesThreadIndex()
{
  return std::is_same<typename Tag::AspectTag, loom::exec::arg::AspectTagWorkIndex>::value ||
         std::is_same<typename Tag::AspectTag, loom::exec::arg::AspectTagThreadIndices>::value;
}
template <typename... Tags>
constexpr bool AnyUsesThreadIndex(std::tuple<Tags...>*)
{
  return (TagUsesThreadIndex<Tags>() || ... || false);
}

template <typename T>
struct IsScatterCounting : std::is_same<T, ScatterCounting>
{
};
template <typename T>
struct IsScatterUniform : std::false_type
{
};
template <IdComponent N>
struct IsScatterUniform<ScatterUniform<N>> : std::true_type
{
};

// A worklet and input domain that can run on a 3D schedule (structured cell sets).
template <typename W, typename Invocation, typename = void>
struct Has3DSchedule : std::false_type
{
};
template <typename W, typename Invocation>
struct Has3DSchedule<
  W, Invocation,
  std::void_t<decltype(std::declval<const Invocation&>().GetInputDomain().GetScheduleRange()),
              decltype(std::declval<const W&>().GetThreadIndices3D(Id3{}, Id{}, std::declval<const Invocation&>()))>>
  : std::true_type
{
};
} // namespace internal

LOOM_UNIT_NAMESPACE_BEGIN
/// Runs one worklet type. The scatter and mask come from the worklet's ScatterType and MaskType.
template <typename WorkletType>
class Dispatcher
{
public:
  using ScatterType = typename WorkletType::ScatterType;
  using MaskType = typename WorkletType::MaskType;

  template <typename S = ScatterType, typename M = MaskType,
            typename = std::enable_if_t<std::is_default_constructible<S>::value &&
                                        std::is_default_constructible<M>::value>>
  explicit Dispatcher(const WorkletType& worklet = WorkletType{})
    : Worklet(worklet)
    , Scatter()
    , Mask()
  {
  }
  template <typename M = MaskType, typename = std::enable_if_t<std::is_default_constructible<M>::value>>
  Dispatcher(const WorkletType& worklet, const ScatterType& scatter)
    : Worklet(worklet)
    , Scatter(scatter)
    , Mask()
  {
  }
  template <typename S = ScatterType, typename = std::enable_if_t<std::is_default_constructible<S>::value>>
  Dispatcher(const WorkletType& worklet, const MaskType& mask)
    : Worklet(worklet)
    , Scatter()
    , Mask(mask)
  {
  }
  Dispatcher(const WorkletType& worklet, const ScatterType& scatter, const MaskType& mask)
    : Worklet(worklet)
    , Scatter(scatter)
    , Mask(mask)
  {
  }

  /// The device to run on (Auto by default: the RuntimeDeviceTracker decides).
  void SetDevice(loom::cont::DeviceId device) { this->Device = device; }
  /// Force the seeds' per-output path on CPU devices too (the fast paths are on by default).
  void SetUsePerOutputPath(bool perOutput) { this->PerOutputPath = perOutput; }

  /// Type-check the arguments against the ControlSignature, then run the worklet.
  template <typename... Args>
  void Invoke(Args&&... args) const
  {
    constexpr bool ok = internal::CheckInvoke<WorkletType, Args...>();
    if constexpr (ok)
    {
      loom::cont::CallOnDevice(this->Device, [&](auto device) {
        this->InvokeOnDevice(device, std::forward_as_tuple(args...),
                             std::make_index_sequence<sizeof...(Args)>{});
      });
    }
  }

private:
  // The signatures are read inside the member templates only, after Invoke's checks, so that a
  // worklet without them gets Loom's message rather than a compiler error about a missing type.
  template <typename W>
  using ControlInfo = loom::exec::internal::FunctionSignature<typename W::ControlSignature>;
  template <typename W>
  using ExecutionInfo = loom::exec::internal::FunctionSignature<typename W::ExecutionSignature>;
  static constexpr int InputDomainIndex = WorkletType::InputDomain::INDEX;

  template <std::size_t I, typename Device, typename ArgsTuple>
  auto TransportOne(Device, const ArgsTuple& args, Id inputRange, Id outputRange) const
  {
    using ControlTag = std::tuple_element_t<I, typename ControlInfo<WorkletType>::Parameters>;
    using Arg = std::decay_t<std::tuple_element_t<I, ArgsTuple>>;
    try
    {
      return loom::cont::arg::Transport<typename ControlTag::TransportTag, Arg, Device>{}(
        std::get<I>(args), std::get<InputDomainIndex - 1>(args), inputRange, outputRange);
    }
    catch (const loom::cont::ErrorBadValue& e)
    {
      throw loom::cont::ErrorBadValue("Worklet " + loom::cont::TypeName(typeid(WorkletType)) +
                                      ", argument " + std::to_string(I + 1) + " (" +
                                      loom::cont::TypeName(typeid(ControlTag)) + "): " + e.what());
    }
  }

  template <typename Device, typename ArgsTuple, std::size_t... I>
  void InvokeOnDevice(Device device, const ArgsTuple& args, std::index_sequence<I...>) const
  {
    const Id inputRange = WorkletType::GetInputRange(std::get<InputDomainIndex - 1>(args));
    const Id outputRange = this->Scatter.GetOutputRange(inputRange);
    // Check the mask against the output range before anything is allocated.
    if constexpr (std::is_same<MaskType, MaskSelect>::value)
      this->Mask.GetSelection(outputRange);
    else
      this->Mask.GetThreadRange(outputRange);

    auto params = std::make_tuple(this->TransportOne<I>(device, args, inputRange, outputRange)...);
    using Params = decltype(params);
    using ControlSig = typename WorkletType::ControlSignature;
    using ExecSig = typename WorkletType::ExecutionSignature;
    auto makeInvocation = [&](auto outToIn, auto visit, auto threadToOut) {
      return loom::exec::internal::Invocation<ControlSig, ExecSig, InputDomainIndex, Params,
                                              decltype(outToIn), decltype(visit), decltype(threadToOut)>{
        params, outToIn, visit, threadToOut
      };
    };
    using loom::cont::ArrayHandleIndex;

    if constexpr (Device::IsHost)
    {
      constexpr bool usesThreadIndex = internal::AnyUsesThreadIndex(
        static_cast<typename ExecutionInfo<WorkletType>::Parameters*>(nullptr));
      constexpr bool maskNone = std::is_same<MaskType, MaskNone>::value;
      constexpr bool maskSelect = std::is_same<MaskType, MaskSelect>::value;
      const loom::cont::DeviceId id = loom::cont::DeviceIdOf<Device>();
      if (!this->PerOutputPath)
      {
        using PlainInvocation = decltype(makeInvocation(ArrayHandleIndex(0).ReadPortal(),
                                                        ArrayHandleIndex(0).ReadPortal(),
                                                        ArrayHandleIndex(0).ReadPortal()));
        if constexpr (std::is_same<ScatterType, ScatterIdentity>::value && maskNone &&
                      internal::Has3DSchedule<WorkletType, PlainInvocation>::value)
        {
          // Structured input, one output per input, no mask: a 3D schedule, rows of x.
          auto invocation = makeInvocation(ArrayHandleIndex(0).ReadPortal(), ArrayHandleIndex(0).ReadPortal(),
                                           ArrayHandleIndex(0).ReadPortal());
          const WorkletType& worklet = this->Worklet;
          loom::cont::internal::CpuSchedule3D(
            id,
            [&worklet, &invocation](const Id3& ijk, Id flat) {
              loom::exec::internal::DoWorkletInvoke(worklet, invocation,
                                                    worklet.GetThreadIndices3D(ijk, flat, invocation));
            },
            invocation.GetInputDomain().GetScheduleRange());
          return;
        }
        else if constexpr (internal::IsScatterUniform<ScatterType>::value && maskNone)
        {
          // N outputs per input: each input's thread indices are built once (on a 3D schedule for
          // structured input) and its N visits run in an inner loop, outputs i*N .. i*N+N-1.
          constexpr IdComponent N = ScatterType::OutputsPerInput;
          auto invocation = makeInvocation(ArrayHandleIndex(0).ReadPortal(), ArrayHandleIndex(0).ReadPortal(),
                                           ArrayHandleIndex(0).ReadPortal());
          const WorkletType& worklet = this->Worklet;
          if constexpr (internal::Has3DSchedule<WorkletType, PlainInvocation>::value)
          {
            loom::cont::internal::CpuSchedule3D(
              id,
              [&worklet, &invocation](const Id3& ijk, Id flat) {
                const auto indices = worklet.GetThreadIndices3D(ijk, flat, invocation);
                using Indices = std::decay_t<decltype(indices)>;
                for (IdComponent v = 0; v < N; ++v)
                {
                  const Id output = flat * N + v;
                  loom::exec::internal::DoWorkletInvoke(
                    worklet, invocation,
                    Indices(output, flat, output, v, indices.GetIndicesIncident(), indices.GetCellShape()));
                }
              },
              invocation.GetInputDomain().GetScheduleRange());
          }
          else
          {
            auto body = [&worklet, &invocation](Id begin, Id end) {
              for (Id i = begin; i < end; ++i)
                for (IdComponent v = 0; v < N; ++v)
                  loom::exec::internal::DoWorkletInvoke(
                    worklet, invocation, worklet.GetThreadIndices(i * N + v, i, i * N + v, v, invocation));
            };
            loom::cont::internal::CpuScheduleRanges(id, body, inputRange, 1024);
          }
          return;
        }
        else if constexpr (internal::IsScatterCounting<ScatterType>::value &&
                      (maskNone || (maskSelect && !usesThreadIndex)))
        {
          // Per input, with an inner loop over its visits: no output-to-input search.
          auto invocation = makeInvocation(ArrayHandleIndex(0).ReadPortal(), ArrayHandleIndex(0).ReadPortal(),
                                           ArrayHandleIndex(0).ReadPortal());
          auto offsets = this->Scatter.GetInputToOutputMap().PrepareForInput(device);
          auto run = [&](auto selected) {
            loom::exec::internal::TaskPerInputVisits<WorkletType, decltype(invocation),
                                                     decltype(offsets), decltype(selected)>
              task{ this->Worklet, invocation, offsets, selected };
            loom::cont::internal::CpuScheduleRanges(id, task, inputRange, 1024);
          };
          if constexpr (maskSelect)
            run(loom::exec::internal::SelectNonZero<loom::cont::ArrayPortalBasicRead<UInt8>>{
              this->Mask.GetSelection(outputRange).PrepareForInput(device) });
          else
            run(loom::exec::internal::SelectAll{});
          return;
        }
        else if constexpr (maskSelect && !usesThreadIndex)
        {
          // Walk the outputs and skip the unselected ones: no thread-to-output map.
          auto invocation =
            makeInvocation(this->Scatter.GetOutputToInputMap(inputRange).PrepareForInput(device),
                           this->Scatter.GetVisitArray(inputRange).PrepareForInput(device),
                           ArrayHandleIndex(0).ReadPortal());
          loom::exec::internal::TaskSkipUnselected<WorkletType, decltype(invocation)> task{
            this->Worklet, invocation, this->Mask.GetSelection(outputRange).GetPointer()
          };
          loom::cont::internal::CpuScheduleRanges(id, task, outputRange);
          return;
        }
      }
    }
    // The seeds' per-output path: thread -> output -> input and visit through explicit maps.
    const Id threadRange = this->Mask.GetThreadRange(outputRange);
    auto invocation =
      makeInvocation(this->Scatter.GetOutputToInputMap(inputRange).PrepareForInput(device),
                     this->Scatter.GetVisitArray(inputRange).PrepareForInput(device),
                     this->Mask.GetThreadToOutputMap(outputRange).PrepareForInput(device));
    loom::exec::internal::TaskSingular<WorkletType, decltype(invocation)> task{ this->Worklet, invocation };
    loom::cont::DeviceAdapterAlgorithm<Device>::Schedule(task, threadRange);
  }

  WorkletType Worklet;
  ScatterType Scatter;
  MaskType Mask;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
  bool PerOutputPath = false;
};
LOOM_UNIT_NAMESPACE_END
} // namespace worklet
} // namespace loom
