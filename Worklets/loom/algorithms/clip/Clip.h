// Loom algorithms, clip family: the part of each cell on one side of a point field's value, split into
// linear cells by case tables derived from vtkTableBasedClipDataSet (ParaView's Clip), so that every
// cell is cut as VTK cuts it and the kept volume is VTK's.
//
// Cells are visited in blocks: a first pass finds each cell's case and the block's totals, a scan of
// the block totals places every block, and a second pass writes the cells. Points on cut edges are
// merged by a sort of the edge keys (only the cut cells have any, so the sort is the size of the
// surface, not of the volume); on structured grids (CPU) by a bitmap over the grid's edges instead, each
// edge point numbered by its rank there (the sort's order, without the sort), and the cells of a block are
// walked with their corner ids stepped from cell to cell.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/algorithms/contour/Contour.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
struct ClipOptions
{
  /// Points whose value is at least Value are inside (VTK's convention: a value equal to Value is
  /// kept, and with InsideOut it is not).
  double Value = 0.0;
  /// Keep the cells' parts below Value instead (vtkTableBasedClipDataSet's InsideOut; ParaView's
  /// Invert, on by default there).
  bool InsideOut = false;
  /// Optional, one flag per cell: cells whose flag is not zero give nothing (hidden ghost cells).
  loom::cont::ArrayHandle<UInt8> SkipCells;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// The output points, in three runs: [0, K) input points kept (Kept holds their ids), then the points
/// on cut edges (Edges: A + Weight * (B - A)), then the extra points some cases put inside a cut cell,
/// each a weighted sum of the eight (or fewer) points of its cell: ExtraIds / ExtraWeights hold
/// ExtraTerms entries per extra point (weight 0 for unused terms).
struct ClipPoints
{
  static constexpr IdComponent ExtraTerms = 8;
  loom::cont::ArrayHandle<Id> Kept;
  ContourEdges Edges;
  loom::cont::ArrayHandle<Id> ExtraIds;
  loom::cont::ArrayHandle<Float64> ExtraWeights;
  Id GetNumberOfExtraPoints() const { return this->ExtraIds.GetNumberOfValues() / ExtraTerms; }
  Id GetNumberOfPoints() const
  {
    return this->Kept.GetNumberOfValues() + this->Edges.GetNumberOfPoints() + this->GetNumberOfExtraPoints();
  }
};

/// The clipped cells, laid out as vtkCellArray stores them (32-bit offsets and connectivity when the
/// sizes fit, else 64-bit), with the input cell of each output cell (to carry cell data).
struct ClipResult
{
  ClipPoints Points;
  loom::cont::ArrayHandle<UInt8> Shapes;
  bool Is64Bit = false;
  loom::cont::ArrayHandle<Int32> Offsets32, Connectivity32;
  loom::cont::ArrayHandle<Int64> Offsets64, Connectivity64;
  loom::cont::ArrayHandle<Id> SourceCells;
  Id GetNumberOfCells() const { return this->Shapes.GetNumberOfValues(); }
};

/// Clips the cells by a one-component point field. Every linear cell is handled (vertices, lines,
/// triangles, quads, pixels, tetrahedra, voxels, hexahedra, wedges, pyramids; structured cells as
/// vtkTableBasedClipDataSet cuts the cells of images, rectilinear and structured grids). Cells with a
/// NaN value at any point give nothing; infinite values are values like any other. ErrorBadType for
/// other cells (poly-vertices, poly-lines, polygons, strips), naming the VTK type; ErrorBadValue when the
/// field does not have one tuple per point or more than one component.
ClipResult Clip(const CellSetAny& cells, const FieldArray& field, const ClipOptions& options);

/// The VTK types of the cells Clip cannot cut (empty when it can cut them all), read from the shapes only:
/// the cells are taken as checked (CheckCellArrays with their types refuses a fixed-size shape with another
/// point count).
std::vector<UInt8> UnclippableCellTypes(const CellSetAny& cells);

/// For each output point, the input point whose value a non-numeric array (strings) takes there, as
/// VTK interpolates such arrays: a kept point's own, a cut edge's nearer end, an inner point's
/// heaviest term.
loom::cont::ArrayHandle<Id> NearestInputPoints(const ClipPoints& points);

/// A point field at the clip's output points (same kind and components; integer kinds truncate the
/// interpolated value, as VTK does).
FieldArray InterpolateClipPoints(const ClipPoints& points, const FieldArray& pointField,
                                 loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// The clip's output points made only from input points `inputPoints` selects (a mask over the
/// `numberOfInputPoints` input points: flags, ids or all): a kept point when it is selected, an edge point
/// when both ends are (those with a non-zero weight), an inner point when every term with a non-zero weight
/// is; as a mask over the output points (flags) with the same fill value. The points must be the family's
/// own for an input of that many points (their ids are not checked again).
OutputMask ClipPointsMask(const ClipPoints& points, const OutputMask& inputPoints, Id numberOfInputPoints,
                          loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// InterpolateClipPoints computing only the output points `pointsMask` selects (flags over the output
/// points, as ClipPointsMask gives); the others hold its fill value (FillValueFor). CPU loops, or one CUDA
/// thread per output point.
FieldArray InterpolateClipPoints(const ClipPoints& points, const FieldArray& pointField, const OutputMask& pointsMask,
                                 loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// The positions of the clip's output points on a uniform or rectilinear grid given by its point
/// dimensions and axes (see GridPoints), as xyz of the given kind (Float32 or Float64).
FieldArray ClipGridPoints(const ClipPoints& points, const Id3& pointDims, const std::vector<double> axes[3],
                          ValueKind kind, loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
