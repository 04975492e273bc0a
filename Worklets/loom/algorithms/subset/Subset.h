// Loom algorithms, subset family: the ids of a structured grid's sub-grid (a VOI, a sampling), by which the
// point and cell arrays, and a curvilinear grid's points, are gathered (GatherTuples).
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
/// The flat ids, in a grid of `dims` points (x fastest), of the sub-grid that takes index `index[a][o]` along
/// axis a at its own index o: entry (i, j, k) of the result (x fastest) is index[0][i] + dims[0] * (index[1][j]
/// + dims[1] * index[2][k]). One row of the result per task on the CPU devices (the ids are read on the host
/// or uploaded once). ErrorBadValue when an index is outside its axis.
loom::cont::ArrayHandle<Id> GridSubsetIds(const Id3& dims, const std::vector<Id> index[3],
                                          loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// Point ids (or with `cells`, cell ids) of a sub-grid of `partDims` points (x fastest) whose first point is
/// point `first` of a grid of `dims` points, turned in place into the grid's ids (what a filter run on the
/// sub-grid refers to; a grid has max(d - 1, 1) cells along an axis of d points), on the CPU device the tracker
/// picks for `device` (ids on a GPU are read back). ErrorBadValue when the sub-grid does not fit in the grid, or
/// for an id outside the sub-grid.
void SubGridIdsToGrid(loom::cont::ArrayHandle<Id>& ids, const Id3& partDims, const Id first[3], const Id3& dims,
                      bool cells, loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
