// Loom: the topology worklets: WorkletVisitCellsWithPoints (once per cell, reading the cell's points)
// and WorkletVisitPointsWithCells (once per point, reading the point's cells).
#pragma once

#include <loom/CellShape.h>
#include <loom/exec/arg/FetchTagTopology.h>
#include <loom/exec/arg/ThreadIndicesTopologyMap.h>
#include <loom/worklet/WorkletMapField.h>

namespace loom
{
namespace worklet
{
namespace internal
{
/// Shared by both topology worklets: VisitTopology elements are the input domain; each invocation
/// sees its IncidentTopology elements.
template <typename VisitTopology, typename IncidentTopology>
class WorkletMapTopology : public WorkletBase
{
public:
  /// The cell set (the input domain, first argument by convention).
  struct CellSetIn
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagCellSet;
    using TransportTag = loom::cont::arg::TransportTagCellSetIn<VisitTopology, IncidentTopology>;
    using FetchTag = loom::exec::arg::FetchTagCellSetIn;
  };
  /// A field on the incident elements: the worklet receives a Vec-like view of their values.
  struct FieldInIncident
  {
    using TypeCheckTag = loom::cont::arg::TypeCheckTagArrayIn;
    using TransportTag = loom::cont::arg::TransportTagTopologyFieldIn<IncidentTopology>;
    using FetchTag = loom::exec::arg::FetchTagArrayTopologyMapIn;
  };
  /// Fields on the visited elements: read, written, or both, one value per visited element.
  using FieldInVisit = WorkletMapField::FieldIn;
  using FieldOutVisit = WorkletMapField::FieldOut;
  using FieldInOutVisit = WorkletMapField::FieldInOut;

  using CellShape = loom::exec::arg::CellShape;
  using IncidentElementCount = loom::exec::arg::IncidentElementCount;
  using IncidentElementIndices = loom::exec::arg::IncidentElementIndices;

  template <typename CellSetType>
  static Id GetInputRange(const CellSetType& cellSet)
  {
    return std::is_same<VisitTopology, TopologyElementTagCell>::value ? cellSet.GetNumberOfCells()
                                                                      : cellSet.GetNumberOfPoints();
  }

  template <typename Invocation>
  LOOM_EXEC auto GetThreadIndices(Id threadIndex, Id inputIndex, Id outputIndex, IdComponent visit,
                                  const Invocation& invocation) const
  {
    const auto& connectivity = invocation.GetInputDomain();
    using IndicesVec = std::decay_t<decltype(connectivity.GetIndices(inputIndex))>;
    return loom::exec::arg::ThreadIndicesTopologyMap<IndicesVec>(
      threadIndex, inputIndex, outputIndex, visit, connectivity.GetIndices(inputIndex),
      connectivity.GetCellShape(inputIndex));
  }

  /// Thread indices on a 3D schedule of a structured cell set: the element at `ijk` (flat index
  /// `flat`), found without dividing the flat index.
  template <typename Invocation>
  LOOM_EXEC auto GetThreadIndices3D(const Id3& ijk, Id flat, const Invocation& invocation) const
  {
    const auto& connectivity = invocation.GetInputDomain();
    using IndicesVec = std::decay_t<decltype(connectivity.GetIndices(ijk))>;
    return loom::exec::arg::ThreadIndicesTopologyMap<IndicesVec>(flat, flat, flat, 0, connectivity.GetIndices(ijk),
                                                                 connectivity.GetCellShape(flat));
  }
};
} // namespace internal

/// Runs once per cell. Control tags: CellSetIn, FieldInPoint (a Vec-like view of the cell's point
/// values), FieldInCell, FieldOutCell, FieldInOutCell, plus WholeArray*/ExecObject. Execution tags:
/// CellShape, PointCount, PointIndices (the seeds' AsVertices), and the index tags.
class WorkletVisitCellsWithPoints
  : public internal::WorkletMapTopology<TopologyElementTagCell, TopologyElementTagPoint>
{
public:
  using FieldInPoint = FieldInIncident;
  using FieldInCell = FieldInVisit;
  using FieldOutCell = FieldOutVisit;
  using FieldInOutCell = FieldInOutVisit;
  using PointCount = IncidentElementCount;
  using PointIndices = IncidentElementIndices;
};

/// Runs once per point. Control tags: CellSetIn, FieldInCell (a Vec-like view of the values of the
/// point's cells), FieldInPoint, FieldOutPoint, FieldInOutPoint. Execution tags: CellCount,
/// CellIndices, and the index tags.
class WorkletVisitPointsWithCells
  : public internal::WorkletMapTopology<TopologyElementTagPoint, TopologyElementTagCell>
{
public:
  using FieldInCell = FieldInIncident;
  using FieldInPoint = FieldInVisit;
  using FieldOutPoint = FieldOutVisit;
  using FieldInOutPoint = FieldInOutVisit;
  using CellCount = IncidentElementCount;
  using CellIndices = IncidentElementIndices;
};
} // namespace worklet
} // namespace loom
