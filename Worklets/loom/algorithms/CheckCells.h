// Loom algorithms: a cell array checked before a family reads it: offsets from 0, never decreasing,
// ending at the connectivity's length, and every point id naming a point. A family indexes points
// and connectivity by these values without checks of its own, so malformed arrays must stop here.
#pragma once

#include <loom/algorithms/CellArrays.h>
#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <string>

namespace loom
{
namespace algorithms
{
/// "" when `cells` (with `numberOfCells` cells, -1: as many as the offsets say) is well formed on
/// `numberOfPoints` points; else what is wrong, as a sentence naming the first fault found
/// ("offset 12 (7) is below offset 11 (8)", "connectivity entry 40 is point 600; there are 512 points").
/// With `shapes` (one VTK cell type per cell), each cell of a fixed-size shape must have that shape's
/// point count ("cell 3 has VTK cell type 10 and 3 points; that type has 4"): a family reads as many ids
/// as the shape has. One pass over the offsets and the connectivity on a CPU device (host memory).
std::string CheckCellArrays(const CellArrays& cells, Id numberOfPoints, Id numberOfCells,
                            loom::cont::DeviceId device, const loom::cont::ArrayHandle<UInt8>& shapes = {});

/// The check of the families that read cell corners' positions: ErrorBadValue unless `points` holds one xyz
/// tuple per point of `cells`, ErrorBadType unless the tuples are float32 or float64 (`takes`: the end of
/// that message, "CellSize takes").
void CheckXyzPoints(const CellSetAny& cells, const FieldArray& points, const char* takes);
} // namespace algorithms
} // namespace loom
