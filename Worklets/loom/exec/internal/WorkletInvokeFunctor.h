// Loom: one worklet call: fetch every execution-signature argument (Load), call the worklet, store
// every argument back (Store) and store the return value if the signature has one.
#pragma once

#include <loom/exec/arg/BasicArg.h>
#include <loom/exec/arg/Fetch.h>

#include <tuple>
#include <utility>

namespace loom
{
namespace exec
{
namespace internal
{
/// The Fetch type for one execution-signature tag of an invocation.
template <typename Invocation, typename Tag>
struct FetchFor
{
  using ControlTag = std::tuple_element_t<Tag::INDEX - 1, typename Invocation::ControlParameters>;
  using ExecObject = std::tuple_element_t<Tag::INDEX - 1, typename Invocation::Parameters>;
  using type = loom::exec::arg::Fetch<typename ControlTag::FetchTag, typename Tag::AspectTag, ExecObject>;
};

/// What a loaded argument is held as: const references stay references, values are copies that the
/// worklet may modify and the fetch then stores.
template <typename LoadResult>
using LoadedType = std::conditional_t<
  std::is_lvalue_reference<LoadResult>::value &&
    std::is_const<std::remove_reference_t<LoadResult>>::value,
  LoadResult, std::decay_t<LoadResult>>;

template <typename Worklet, typename Invocation, typename Indices, typename ReturnTag,
          typename... Tags, std::size_t... I>
LOOM_EXEC LOOM_ALWAYS_INLINE void DoWorkletInvokeImpl(const Worklet& worklet, const Invocation& invocation,
                                                      const Indices& indices, std::tuple<Tags...>*,
                                                      std::index_sequence<I...>)
{
  // Load. A fetch that returns a const reference (execution objects, whole-array portals, a cell's
  // point ids) is passed on by reference, not copied for every invocation.
  std::tuple<LoadedType<decltype(typename FetchFor<Invocation, Tags>::type{}.Load(
    indices, std::get<Tags::INDEX - 1>(invocation.Params)))>...>
    values(typename FetchFor<Invocation, Tags>::type{}.Load(
      indices, std::get<Tags::INDEX - 1>(invocation.Params))...);
  // Call, and store the return value.
  if constexpr (std::is_same<ReturnTag, void>::value)
  {
    worklet(std::get<I>(values)...);
  }
  else
  {
    using ReturnFetch = typename FetchFor<Invocation, ReturnTag>::type;
    ReturnFetch{}.Store(indices, std::get<ReturnTag::INDEX - 1>(invocation.Params),
                        worklet(std::get<I>(values)...));
  }
  // Store.
  (void)std::initializer_list<int>{ (typename FetchFor<Invocation, Tags>::type{}.Store(
                                       indices, std::get<Tags::INDEX - 1>(invocation.Params),
                                       std::get<I>(values)),
                                     0)... };
}

/// Load, call, store for the invocation described by `indices`.
template <typename Worklet, typename Invocation, typename Indices>
LOOM_EXEC LOOM_ALWAYS_INLINE void DoWorkletInvoke(const Worklet& worklet, const Invocation& invocation,
                                                  const Indices& indices)
{
  using Info = typename Invocation::ExecutionInfo;
  using Params = typename Info::Parameters;
  DoWorkletInvokeImpl<Worklet, Invocation, Indices, typename Info::ReturnType>(
    worklet, invocation, indices, static_cast<Params*>(nullptr),
    std::make_index_sequence<std::tuple_size<Params>::value>{});
}
} // namespace internal
} // namespace exec
} // namespace loom
