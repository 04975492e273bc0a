// Loom: Transport<Tag, Type, Device> turns an invoke argument into its execution object (a portal,
// or the object an ExecObject prepares), checking sizes against the input and output ranges.
#pragma once

#include <loom/CellShape.h>
#include <loom/cont/ArrayHandle.h>

#include <string>

namespace loom
{
namespace cont
{
namespace arg
{
/// Specialise with `operator()(const Type& object, const InputDomain& domain, Id inputRange,
/// Id outputRange) const` returning the execution object. `domain` is the input-domain argument
/// (an array, or a cell set whose point count sizes point fields).
template <typename TransportTag, typename Type, typename Device>
struct Transport;

/// Array read at the input index; must have exactly the input range's size.
struct TransportTagArrayIn
{
};
/// Array written at the output index; allocated to the output range.
struct TransportTagArrayOut
{
};
/// Array read and written at the output index; must have the output range's size.
struct TransportTagArrayInOut
{
};
/// Whole arrays: any size, random access.
struct TransportTagWholeArrayIn
{
};
struct TransportTagWholeArrayOut
{
};
struct TransportTagWholeArrayInOut
{
};
/// An ExecutionObjectBase: its PrepareForExecution(Device) result.
struct TransportTagExecObject
{
};
/// A cell set visited by VisitTopology elements that read their IncidentTopology elements.
template <typename VisitTopology, typename IncidentTopology>
struct TransportTagCellSetIn
{
};
/// A field on the incident elements of the input-domain cell set (one value per point for
/// WorkletVisitCellsWithPoints, one per cell for WorkletVisitPointsWithCells).
template <typename IncidentTopology>
struct TransportTagTopologyFieldIn
{
};

namespace detail
{
inline void CheckArraySize(const char* what, Id actual, Id expected, const char* domain)
{
  if (actual != expected)
  {
    throw ErrorBadValue(std::string(what) + " has " + std::to_string(actual) +
                        " values but the " + domain + " has " + std::to_string(expected) + ".");
  }
}
} // namespace detail

template <typename Type, typename Device>
struct Transport<TransportTagArrayIn, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& array, const Domain&, Id inputRange, Id) const
  {
    detail::CheckArraySize("the input array", array.GetNumberOfValues(), inputRange, "input domain");
    return array.PrepareForInput(Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagArrayOut, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& array, const Domain&, Id, Id outputRange) const
  {
    return const_cast<Type&>(array).PrepareForOutput(outputRange, Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagArrayInOut, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& array, const Domain&, Id, Id outputRange) const
  {
    detail::CheckArraySize("the in-out array", array.GetNumberOfValues(), outputRange, "output range");
    return array.PrepareForInPlace(Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagWholeArrayIn, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& array, const Domain&, Id, Id) const { return array.PrepareForInput(Device{}); }
};
template <typename Type, typename Device>
struct Transport<TransportTagWholeArrayInOut, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& array, const Domain&, Id, Id) const { return array.PrepareForInPlace(Device{}); }
};
/// A whole output array keeps its size (the worklet writes where it wants): the in-out transport.
template <typename Type, typename Device>
struct Transport<TransportTagWholeArrayOut, Type, Device>
  : Transport<TransportTagWholeArrayInOut, Type, Device>
{
};
template <typename Type, typename Device>
struct Transport<TransportTagExecObject, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& object, const Domain&, Id, Id) const { return object.PrepareForExecution(Device{}); }
};
template <typename Visit, typename Incident, typename Type, typename Device>
struct Transport<TransportTagCellSetIn<Visit, Incident>, Type, Device>
{
  template <typename Domain>
  auto operator()(const Type& cellSet, const Domain&, Id, Id) const
  {
    return cellSet.PrepareForInput(Device{}, Visit{}, Incident{});
  }
};
template <typename Incident, typename Type, typename Device>
struct Transport<TransportTagTopologyFieldIn<Incident>, Type, Device>
{
  template <typename CellSetType>
  auto operator()(const Type& array, const CellSetType& cellSet, Id, Id) const
  {
    const bool points = std::is_same<Incident, TopologyElementTagPoint>::value;
    const Id expected = points ? cellSet.GetNumberOfPoints() : cellSet.GetNumberOfCells();
    detail::CheckArraySize(points ? "the point field" : "the cell field", array.GetNumberOfValues(),
                           expected, points ? "cell set's point count" : "cell set's cell count");
    return array.PrepareForInput(Device{});
  }
};
} // namespace arg
} // namespace cont
} // namespace loom
