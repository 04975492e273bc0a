// Loom algorithms: cells in VTK's cell-array layout (offsets and connectivity, 32- or 64-bit), as the
// interop borrows them from a vtkCellArray and as the families that read such arrays take them.
#pragma once

#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace algorithms
{
/// Offsets (one more than cells, from 0) and connectivity, 32- or 64-bit. Empty handles: no cells.
struct CellArrays
{
  bool Is64Bit = false;
  loom::cont::ArrayHandle<Int32> Offsets32, Connectivity32;
  loom::cont::ArrayHandle<Int64> Offsets64, Connectivity64;
  /// Holds `offsets` and `connectivity` (32-bit: Is64Bit off; 64-bit: on).
  void Set(const loom::cont::ArrayHandle<Int32>& offsets, const loom::cont::ArrayHandle<Int32>& connectivity)
  {
    this->Is64Bit = false;
    this->Offsets32 = offsets;
    this->Connectivity32 = connectivity;
  }
  void Set(const loom::cont::ArrayHandle<Int64>& offsets, const loom::cont::ArrayHandle<Int64>& connectivity)
  {
    this->Is64Bit = true;
    this->Offsets64 = offsets;
    this->Connectivity64 = connectivity;
  }
  Id GetNumberOfCells() const
  {
    const Id n = this->Is64Bit ? this->Offsets64.GetNumberOfValues() : this->Offsets32.GetNumberOfValues();
    return n > 0 ? n - 1 : 0;
  }
};
} // namespace algorithms
} // namespace loom
