// Loom algorithms, measure family: the size of every cell by its dimension (VTK's vtkCellSizeFilter):
// the vertex count of 0D cells, the length of 1D cells, the area of 2D cells and the volume of 3D cells,
// each in its own float64 array that holds 0 for the cells of the other dimensions.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
struct CellSizeOptions
{
  /// Which of the four arrays to compute (vertex count, length, area, volume); a cell whose dimension is
  /// not asked for counts nowhere.
  bool Measure[4] = { true, true, true, true };
  /// The structured cells are VTK's pixels and voxels (images, rectilinear grids: the product of the
  /// absolute edge lengths), not quadrilaterals and hexahedra (structured grids).
  bool AxisAligned = false;
  /// Whether to sum each asked-for array (one more pass over it; CellSizes::Sum stays 0 otherwise).
  bool Sum = false;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

struct CellSizes
{
  /// Per dimension 0-3, one value per cell (empty where not asked for).
  FieldArray Size[4];
  /// Per dimension, the sum over the cells not flagged in `skip` (see CellSize), when options.Sum.
  double Sum[4] = { 0.0, 0.0, 0.0, 0.0 };
};

/// The sizes of `cells` on `points` (three components, float32 or float64), as VTK measures them:
/// triangles, polygons (fanned from their first point) and strips by the absolute areas of their
/// triangles, pixels and voxels by their edge lengths, quadrilaterals by Verdict's signed area,
/// tetrahedra by their signed volume and hexahedra, wedges and pyramids by the signed volumes of the
/// tetrahedra VTK splits them into. `skip` (empty, or one flag per cell): cells left out of the sums
/// (ghost cells). Each sum adds fixed blocks of cells in order, so it does not depend on the thread count.
CellSizes CellSize(const CellSetAny& cells, const FieldArray& points, const CellSizeOptions& options,
                   const loom::cont::ArrayHandle<UInt8>& skip = loom::cont::ArrayHandle<UInt8>());
} // namespace algorithms
} // namespace loom
