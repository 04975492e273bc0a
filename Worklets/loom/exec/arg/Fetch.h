// Loom: Fetch, which loads a worklet argument before the call and stores it after; specialised per
// fetch tag and aspect. The index aspects (WorkIndex, ...) are answered here for every fetch tag.
#pragma once

#include <loom/exec/arg/AspectTags.h>
#include <loom/exec/arg/ThreadIndicesBasic.h>

namespace loom
{
namespace exec
{
namespace arg
{
/// Load(indices, execObject) gives the worklet's argument; Store(indices, execObject, value)
/// writes it back. Specialise on FetchTag (the parameter's kind) and AspectTag.
template <typename FetchTag, typename AspectTag, typename ExecObjectType>
struct Fetch;

namespace internal
{
// Fetch base for values computed from the thread indices: nothing is stored.
template <typename ValueT>
struct FetchFromIndices
{
  using ValueType = ValueT;
  template <typename Indices, typename ExecObject>
  LOOM_EXEC void Store(const Indices&, const ExecObject&, const ValueType&) const
  {
  }
};
} // namespace internal

template <typename FetchTag, typename ExecObjectType>
struct Fetch<FetchTag, AspectTagWorkIndex, ExecObjectType> : internal::FetchFromIndices<Id>
{
  template <typename Indices>
  LOOM_EXEC Id Load(const Indices& indices, const ExecObjectType&) const
  {
    return indices.GetThreadIndex();
  }
};
template <typename FetchTag, typename ExecObjectType>
struct Fetch<FetchTag, AspectTagInputIndex, ExecObjectType> : internal::FetchFromIndices<Id>
{
  template <typename Indices>
  LOOM_EXEC Id Load(const Indices& indices, const ExecObjectType&) const
  {
    return indices.GetInputIndex();
  }
};
template <typename FetchTag, typename ExecObjectType>
struct Fetch<FetchTag, AspectTagOutputIndex, ExecObjectType> : internal::FetchFromIndices<Id>
{
  template <typename Indices>
  LOOM_EXEC Id Load(const Indices& indices, const ExecObjectType&) const
  {
    return indices.GetOutputIndex();
  }
};
template <typename FetchTag, typename ExecObjectType>
struct Fetch<FetchTag, AspectTagVisitIndex, ExecObjectType> : internal::FetchFromIndices<IdComponent>
{
  template <typename Indices>
  LOOM_EXEC IdComponent Load(const Indices& indices, const ExecObjectType&) const
  {
    return indices.GetVisitIndex();
  }
};
template <typename FetchTag, typename ExecObjectType>
struct Fetch<FetchTag, AspectTagThreadIndices, ExecObjectType>
{
  template <typename Indices>
  LOOM_EXEC const Indices& Load(const Indices& indices, const ExecObjectType&) const
  {
    return indices;
  }
  template <typename Indices, typename V>
  LOOM_EXEC void Store(const Indices&, const ExecObjectType&, const V&) const
  {
  }
};
} // namespace arg
} // namespace exec
} // namespace loom
