// Loom algorithms, averaging family: point data to cell data (the mean of a cell's point values) and
// cell data to point data (the mean of the values of the cells using a point), any number of
// components, every value kind, optionally masked.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// One value per cell: the mean over the cell's points, computed in double and stored in the
/// input's kind. ErrorBadValue when the field does not have one tuple per point or the mask does
/// not fit the cells.
FieldArray PointToCellAverage(const CellSetAny& cells, const FieldArray& pointField, const OutputMask& mask,
                              loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// One value per point: the mean over the cells using the point (0 for a point no cell uses).
FieldArray CellToPointAverage(const CellSetAny& cells, const FieldArray& cellField, const OutputMask& mask,
                              loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
