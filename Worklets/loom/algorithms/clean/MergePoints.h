// Loom algorithms, clean family: coincident points merged (exactly, or within a distance), points no
// cell uses dropped on request, cell connectivity renumbered, and the point data of merged points
// averaged: the engine of Loom Clean to Grid.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
struct MergePointsOptions
{
  /// Points at most this far apart merge (an absolute distance). 0: only points at the same position
  /// merge (-0 and +0 are the same; a point with a NaN coordinate merges with nothing).
  double Tolerance = 0.0;
  /// One flag per point (0: the point is dropped and maps to -1), or empty (every point takes part).
  loom::cont::ArrayHandle<UInt8> UsedPoints;
  /// Also list the input points merged into each output point (MergePointsResult::MemberOffsets).
  bool ListMembers = false;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

struct MergePointsResult
{
  /// Per input point: its output point, or -1 for a dropped point.
  loom::cont::ArrayHandle<Id> PointMap;
  /// Per output point: the input point whose position and data it keeps (the lowest id of those merged
  /// into it). Output points are numbered in the order of these ids.
  loom::cont::ArrayHandle<Id> FirstPoints;
  /// With ListMembers: output point o merges input points Members[MemberOffsets[o] .. MemberOffsets[o+1]-1]
  /// (ascending).
  loom::cont::ArrayHandle<Id> MemberOffsets, Members;
  /// True when every input point is its own output point (nothing merged, nothing dropped): PointMap and
  /// FirstPoints are then 0, 1, 2, ... (one array, shared by both: let go of one by assigning an empty
  /// handle, not ReleaseResources) and a caller can keep the points, cells and point data as they are.
  bool Identity = false;
  Id GetNumberOfPoints() const { return this->FirstPoints.GetNumberOfValues(); }
};

/// The points of `points` (three components, Float32 or Float64) merged as vtkCleanUnstructuredGrid
/// (ParaView's Clean to Grid) merges them when it inserts them in id order: each point joins the
/// first point before it that it coincides with (exact: the same position; with a tolerance: the
/// lowest-id kept point within the distance), else it is kept; kept points are numbered in id order.
/// Exact merging groups the points with a reduce-by-key worklet on a hash of their positions; a
/// tolerance sorts them into bins of at least that size and settles, in id order, only the points
/// that have an earlier point within reach. ErrorBadValue for a negative or NaN tolerance, used flags
/// of the wrong length, or points without three components; ErrorBadType for integer positions.
MergePointsResult MergePoints(const FieldArray& points, const MergePointsOptions& options);

/// Fills `result.MemberOffsets` and `result.Members` from its PointMap (what ListMembers asks MergePoints
/// for), for a caller that asks only once it knows the points are not its own (Identity).
void ListMemberPoints(MergePointsResult& result, loom::cont::DeviceId device);
/// One flag per point: 1 where a cell uses it (`connectivity` holds point ids < numberOfPoints).
/// ErrorBadValue for an id outside the points.
loom::cont::ArrayHandle<UInt8> UsedPointFlags(const loom::cont::ArrayHandle<Int32>& connectivity, Id numberOfPoints,
                                              loom::cont::DeviceId device);
loom::cont::ArrayHandle<UInt8> UsedPointFlags(const loom::cont::ArrayHandle<Int64>& connectivity, Id numberOfPoints,
                                              loom::cont::DeviceId device);

/// New connectivity: each id through `pointMap` (a new array, the same width as the input's; the ids
/// must map to points, not -1). ErrorBadValue for an id outside the map or mapping to no point.
loom::cont::ArrayHandle<Int32> RemapPointIds(const loom::cont::ArrayHandle<Int32>& connectivity,
                                             const loom::cont::ArrayHandle<Id>& pointMap, loom::cont::DeviceId device);
loom::cont::ArrayHandle<Int64> RemapPointIds(const loom::cont::ArrayHandle<Int64>& connectivity,
                                             const loom::cont::ArrayHandle<Id>& pointMap, loom::cont::DeviceId device);

/// As RemapPointIds, into the connectivity's own memory (for a connectivity the caller made).
void RemapPointIdsInPlace(loom::cont::ArrayHandle<Int32>& connectivity, const loom::cont::ArrayHandle<Id>& pointMap,
                          loom::cont::DeviceId device);
void RemapPointIdsInPlace(loom::cont::ArrayHandle<Int64>& connectivity, const loom::cont::ArrayHandle<Id>& pointMap,
                          loom::cont::DeviceId device);
/// Tuple o of the result is the mean of the field's tuples Members[Offsets[o] .. Offsets[o+1]-1], per
/// component (accumulated in double; integer kinds rounded to the nearest value, as VTK's interpolation
/// of integers does). Same kind and components as the field, interleaved.
FieldArray AverageTuples(const FieldArray& field, const loom::cont::ArrayHandle<Id>& offsets,
                         const loom::cont::ArrayHandle<Id>& members, loom::cont::DeviceId device);
} // namespace algorithms
} // namespace loom
