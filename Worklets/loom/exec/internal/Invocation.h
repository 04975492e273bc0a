// Loom: the Invocation: everything one worklet launch needs in the execution environment: the
// transported execution objects, the signatures, the input-domain index, and the scatter's and mask's
// maps (OutputToInputMap, VisitArray, ThreadToOutputMap).
#pragma once

#include <loom/Types.h>
#include <loom/exec/internal/FunctionSignature.h>

#include <tuple>

namespace loom
{
namespace exec
{
namespace internal
{
template <typename ControlSignature, typename ExecutionSignature, int InputDomainIndex,
          typename ParameterTuple, typename OutputToInputPortal, typename VisitPortal,
          typename ThreadToOutputPortal>
struct Invocation
{
  using ControlParameters = typename FunctionSignature<ControlSignature>::Parameters;
  using ExecutionInfo = FunctionSignature<ExecutionSignature>;
  using Parameters = ParameterTuple;
  static constexpr int INPUT_DOMAIN_INDEX = InputDomainIndex;

  /// The execution objects, one per control parameter (ordered as the ControlSignature).
  ParameterTuple Params;
  OutputToInputPortal OutputToInputMap;
  VisitPortal VisitArray;
  ThreadToOutputPortal ThreadToOutputMap;

  /// The execution object of the input domain.
  LOOM_EXEC const auto& GetInputDomain() const { return std::get<InputDomainIndex - 1>(this->Params); }

  /// The same invocation with other maps (used when a scatter or a mask is applied).
  template <typename NewOutputToInput, typename NewVisit, typename NewThreadToOutput>
  auto ChangeMaps(const NewOutputToInput& outputToInput, const NewVisit& visit,
                  const NewThreadToOutput& threadToOutput) const
  {
    return Invocation<ControlSignature, ExecutionSignature, InputDomainIndex, ParameterTuple,
                      NewOutputToInput, NewVisit, NewThreadToOutput>{ this->Params, outputToInput,
                                                                      visit, threadToOutput };
  }
};
} // namespace internal
} // namespace exec
} // namespace loom
