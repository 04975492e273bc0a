// Loom: FetchTagExecObject: the execution object itself (a whole-array portal, or any object a
// worklet gets through ExecObject) is the argument.
#pragma once

#include <loom/exec/arg/Fetch.h>

namespace loom
{
namespace exec
{
namespace arg
{
struct FetchTagExecObject
{
};

template <typename ExecObjectType>
struct Fetch<FetchTagExecObject, AspectTagDefault, ExecObjectType>
{
  using ValueType = ExecObjectType;
  template <typename Indices>
  LOOM_EXEC const ExecObjectType& Load(const Indices&, const ExecObjectType& object) const
  {
    return object;
  }
  template <typename Indices, typename V>
  LOOM_EXEC void Store(const Indices&, const ExecObjectType&, const V&) const
  {
  }
};
} // namespace arg
} // namespace exec
} // namespace loom
