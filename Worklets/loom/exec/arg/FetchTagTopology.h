// Loom: fetches of topology worklets. FetchTagArrayTopologyMapIn gives the values of a field at the
// visited element's incident elements (a Vec-like view); FetchTagCellSetIn answers the topology
// aspects (CellShape, IncidentElementCount, IncidentElementIndices) from the thread indices.
#pragma once

#include <loom/exec/VecFromPortal.h>
#include <loom/exec/arg/Fetch.h>

namespace loom
{
namespace exec
{
namespace arg
{
struct FetchTagArrayTopologyMapIn
{
};
struct FetchTagCellSetIn
{
};

template <typename Portal>
struct Fetch<FetchTagArrayTopologyMapIn, AspectTagDefault, Portal>
{
  template <typename Indices>
  LOOM_EXEC auto Load(const Indices& indices, const Portal& portal) const
  {
    using IndicesVec = std::decay_t<decltype(indices.GetIndicesIncident())>;
    return VecFromPortalPermute<IndicesVec, Portal>(indices.GetIndicesIncident(), portal);
  }
  template <typename Indices, typename V>
  LOOM_EXEC void Store(const Indices&, const Portal&, const V&) const
  {
  }
};

template <typename Connectivity>
struct Fetch<FetchTagCellSetIn, AspectTagDefault, Connectivity> : internal::FetchFromIndices<UInt8>
{
  template <typename Indices>
  LOOM_EXEC UInt8 Load(const Indices& indices, const Connectivity&) const
  {
    return indices.GetCellShape();
  }
};
template <typename FetchTag, typename ExecObject>
struct Fetch<FetchTag, AspectTagCellShape, ExecObject> : internal::FetchFromIndices<UInt8>
{
  template <typename Indices>
  LOOM_EXEC UInt8 Load(const Indices& indices, const ExecObject&) const
  {
    return indices.GetCellShape();
  }
};
template <typename FetchTag, typename ExecObject>
struct Fetch<FetchTag, AspectTagIncidentElementCount, ExecObject>
  : internal::FetchFromIndices<IdComponent>
{
  template <typename Indices>
  LOOM_EXEC IdComponent Load(const Indices& indices, const ExecObject&) const
  {
    return indices.GetIndicesIncident().GetNumberOfComponents();
  }
};
template <typename FetchTag, typename ExecObject>
struct Fetch<FetchTag, AspectTagAsVertices, ExecObject>
{
  template <typename Indices>
  LOOM_EXEC const auto& Load(const Indices& indices, const ExecObject&) const
  {
    return indices.GetIndicesIncident();
  }
  template <typename Indices, typename V>
  LOOM_EXEC void Store(const Indices&, const ExecObject&, const V&) const
  {
  }
};
} // namespace arg
} // namespace exec
} // namespace loom
