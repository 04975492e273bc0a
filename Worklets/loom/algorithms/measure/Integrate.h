// Loom algorithms, measure family: the integrals of a dataset's point and cell fields over its cells (VTK's
// vtkIntegrateAttributes, ParaView's Integrate Variables): the total length, area or volume of the cells
// of the highest dimension present, the centre of that measure, and every component of every field
// integrated over those cells.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
struct IntegrateOptions
{
  /// The structured cells are VTK's pixels and voxels (images, rectilinear grids: measured by their edge
  /// lengths), not quadrilaterals and hexahedra (structured grids).
  bool AxisAligned = false;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

struct Integrals
{
  /// The dimension of the cells integrated (1 lines, 2 surfaces, 3 volumes); 0 when no cell has a
  /// dimension above 0 (vertices only, or no cells), and then everything below is 0.
  int Dimension = 0;
  /// Their total length, area or volume.
  double Measure = 0.0;
  /// The centres of their pieces weighted by the pieces' measures, summed (divided by Measure: the centre).
  double Center[3] = { 0.0, 0.0, 0.0 };
  /// Per point field, then per component, the integral (a point field is linear over each piece).
  std::vector<std::vector<double>> PointFields;
  /// Per cell field and component, the integral (the cell's value times its measure).
  std::vector<std::vector<double>> CellFields;
};

/// The integrals over `cells` on `points` (three components, float32 or float64), as VTK integrates: of
/// the cells of the highest dimension present (not flagged in `skip`: empty, or one flag per cell), lines
/// and poly-lines by their segments, triangles, strips, polygons (fanned from their first point) and
/// quadrilaterals (as triangles 0-1-2 and 0-3-2) by their triangles of non-zero area, tetrahedra by their
/// signed volume, hexahedra, wedges and pyramids by the tetrahedra VTK splits them into, pixels and voxels
/// by their edge lengths. A point field counts with the mean of each piece's corners, a cell field with its
/// value. Every sum is compensated and adds fixed blocks of cells in order, then the blocks in order: the
/// result is the same, bit for bit, on every CPU device and thread count.
Integrals Integrate(const CellSetAny& cells, const FieldArray& points, const std::vector<FieldArray>& pointFields,
                    const std::vector<FieldArray>& cellFields, const IntegrateOptions& options,
                    const loom::cont::ArrayHandle<UInt8>& skip = loom::cont::ArrayHandle<UInt8>());
} // namespace algorithms
} // namespace loom
