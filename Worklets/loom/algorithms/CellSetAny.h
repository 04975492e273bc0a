// Loom algorithms: the cell sets the worklet families accept, as one run-time variant.
#pragma once

#include <loom/cont/CellSetExplicit.h>
#include <loom/cont/CellSetStructured.h>

#include <variant>

namespace loom
{
namespace algorithms
{
/// Structured grids in 1, 2 or 3 dimensions, or explicit cells with 32- or 64-bit ids (the two
/// storages of vtkCellArray).
using CellSetAny = std::variant<loom::cont::CellSetStructured<1>, loom::cont::CellSetStructured<2>,
                                loom::cont::CellSetStructured<3>, loom::cont::CellSetExplicit<Int32, Int32>,
                                loom::cont::CellSetExplicit<Int64, Int64>>;

inline Id NumberOfCells(const CellSetAny& cells)
{
  return std::visit([](const auto& c) { return c.GetNumberOfCells(); }, cells);
}
inline Id NumberOfPoints(const CellSetAny& cells)
{
  return std::visit([](const auto& c) { return c.GetNumberOfPoints(); }, cells);
}
} // namespace algorithms
} // namespace loom
