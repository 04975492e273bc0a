// Loom: fetches for arrays indexed directly by the invocation: FetchTagArrayDirectIn (read at the
// input index), FetchTagArrayDirectOut (write at the output index), FetchTagArrayDirectInOut (read
// and write at the output index).
#pragma once

#include <loom/exec/arg/Fetch.h>

namespace loom
{
namespace exec
{
namespace arg
{
struct FetchTagArrayDirectIn
{
};
struct FetchTagArrayDirectOut
{
};
struct FetchTagArrayDirectInOut
{
};

template <typename Portal>
struct Fetch<FetchTagArrayDirectIn, AspectTagDefault, Portal>
{
  using ValueType = typename Portal::ValueType;
  template <typename Indices>
  LOOM_EXEC ValueType Load(const Indices& indices, const Portal& portal) const
  {
    return portal.Get(indices.GetInputIndex());
  }
  template <typename Indices>
  LOOM_EXEC void Store(const Indices&, const Portal&, const ValueType&) const
  {
  }
};

template <typename Portal>
struct Fetch<FetchTagArrayDirectOut, AspectTagDefault, Portal>
{
  using ValueType = typename Portal::ValueType;
  template <typename Indices>
  LOOM_EXEC ValueType Load(const Indices&, const Portal&) const
  {
    return ValueType{};
  }
  template <typename Indices>
  LOOM_EXEC void Store(const Indices& indices, const Portal& portal, const ValueType& value) const
  {
    portal.Set(indices.GetOutputIndex(), value);
  }
};

template <typename Portal>
struct Fetch<FetchTagArrayDirectInOut, AspectTagDefault, Portal>
{
  using ValueType = typename Portal::ValueType;
  template <typename Indices>
  LOOM_EXEC ValueType Load(const Indices& indices, const Portal& portal) const
  {
    return portal.Get(indices.GetOutputIndex());
  }
  template <typename Indices>
  LOOM_EXEC void Store(const Indices& indices, const Portal& portal, const ValueType& value) const
  {
    portal.Set(indices.GetOutputIndex(), value);
  }
};
} // namespace arg
} // namespace exec
} // namespace loom
