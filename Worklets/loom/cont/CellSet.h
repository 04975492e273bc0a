// Loom: marker base of cell sets (the input domain of topology worklets).
#pragma once

#include <loom/Types.h>

namespace loom
{
namespace cont
{
/// Every cell set derives from this and provides GetNumberOfCells(), GetNumberOfPoints() and
/// PrepareForInput(Device, VisitTopology, IncidentTopology) returning its execution connectivity.
struct CellSet
{
};
} // namespace cont
} // namespace loom
