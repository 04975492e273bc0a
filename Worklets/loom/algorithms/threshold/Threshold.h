// Loom algorithms, threshold family: the cells whose scalar lies in a range (vtkThreshold's criteria),
// and the extraction of a subset of cells with only the points they use (shared with the cutting
// filters for the cells they keep whole).
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
/// vtkThreshold's criterion, with its meanings.
struct ThresholdOptions
{
  double Lower = 0.0;
  double Upper = 1.0;
  /// Between: Lower <= s <= Upper; BelowLower: s <= Lower; AboveUpper: s >= Upper. NaN never passes.
  enum class Method : UInt8
  {
    Between,
    BelowLower,
    AboveUpper
  };
  Method Criterion = Method::Between;
  /// Selected: the component `Component` (the magnitude when Component equals the number of
  /// components of a field with more than one); All: every component passes; Any: one component does.
  enum class Components : UInt8
  {
    Selected,
    All,
    Any
  };
  Components ComponentMode = Components::Selected;
  IdComponent Component = 0;
  /// The field is a point field (else a cell field).
  bool PointField = true;
  /// Point fields: every point of the cell passes (else any point does).
  bool AllScalars = true;
  /// Point fields with AllScalars off: the cell passes when the range of its points' values meets
  /// [Lower, Upper] (vtkThreshold's continuous cell range; the method is not used).
  bool UseContinuousCellRange = false;
  /// Keep the cells that do not pass instead.
  bool Invert = false;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// A subset of a cell set's cells, on the points they use, laid out as vtkCellArray stores cells.
/// Output cell c is input cell CellIds[c]; output point p is input point PointIds[p] (both in
/// increasing order). Offsets and connectivity are 32-bit when the sizes fit, else 64-bit (Is64Bit).
struct CellSubset
{
  loom::cont::ArrayHandle<Id> CellIds;
  loom::cont::ArrayHandle<Id> PointIds;
  loom::cont::ArrayHandle<UInt8> Shapes;
  bool Is64Bit = false;
  loom::cont::ArrayHandle<Int32> Offsets32, Connectivity32;
  loom::cont::ArrayHandle<Int64> Offsets64, Connectivity64;
  Id GetNumberOfCells() const { return this->CellIds.GetNumberOfValues(); }
  Id GetNumberOfPoints() const { return this->PointIds.GetNumberOfValues(); }
};

/// How structured cells are written: as voxels and pixels (the cells of images and rectilinear grids
/// in VTK) or as hexahedra and quadrilaterals (structured grids). Explicit cells keep their shape.
enum class StructuredCellKind : UInt8
{
  Voxel,
  Hexahedron
};

/// One flag per cell: 1 where the cell passes the criterion (empty cells never do). ErrorBadValue when
/// the field does not have one tuple per point (or cell), or Component is past the field's components.
/// `usedPoints`, when given, receives one flag per point, 1 where a passing cell uses the point, where
/// that comes with the cells' flags (explicit cells and point fields on a CPU device: the pass that reads
/// each cell's points marks them); elsewhere it is left empty.
loom::cont::ArrayHandle<UInt8> ThresholdCells(const CellSetAny& cells, const FieldArray& field,
                                              const ThresholdOptions& options,
                                              loom::cont::ArrayHandle<UInt8>* usedPoints = nullptr);

/// The cells whose flag is not zero, with the points they use. ErrorBadValue when there is not one
/// flag per cell. `usedPoints`: the points those cells use, as ThresholdCells gives them for these very
/// flags, or empty (they are found here then); ErrorBadValue when neither empty nor one per point.
CellSubset ExtractCells(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& keep, StructuredCellKind kind,
                        loom::cont::DeviceId device = loom::cont::DeviceId::Auto,
                        const loom::cont::ArrayHandle<UInt8>& usedPoints = loom::cont::ArrayHandle<UInt8>());

/// ThresholdCells then ExtractCells.
CellSubset Threshold(const CellSetAny& cells, const FieldArray& field, const ThresholdOptions& options,
                     StructuredCellKind kind);

} // namespace algorithms
} // namespace loom
