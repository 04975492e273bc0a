// Loom algorithms, contour family: isosurfaces (triangles) of 3D cells and isolines (segments) of 2D
// cells, several isovalues in one call, points merged so that a point on an edge exists once.
//
// 3D structured grids whose field is finite run a flying-edges style pass per row of points (edge cases
// once per x-edge, cell cases from four rows, ids from running counts: merged points without any
// search; points on input points whose value is an isovalue welded afterwards), on the CPU and on CUDA
// (where a grid with points on an isovalue takes marching cells instead). Every other input runs
// marching cells: ScatterCounting over the cells (primitives per cell from the case tables) and, when
// merging, a sort of the edge keys.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
/// Output points as positions on input edges: point p lies on the edge from input point A[p] to B[p]
/// at A + Weight[p] * (B - A). Weights are doubles, as VTK computes them, so that positions and
/// interpolated values round as VTK's do.
struct ContourEdges
{
  loom::cont::ArrayHandle<Id> A;
  loom::cont::ArrayHandle<Id> B;
  loom::cont::ArrayHandle<Float64> Weight;
  Id GetNumberOfPoints() const { return this->A.GetNumberOfValues(); }
};

struct ContourResult
{
  ContourEdges Points;
  /// PrimitiveSize point ids per primitive (3: triangles, 2: line segments).
  loom::cont::ArrayHandle<Id> Connectivity;
  IdComponent PrimitiveSize = 3;
  /// Points of isovalue v are [PointStarts[v], PointStarts[v+1]).
  std::vector<Id> PointStarts;
  /// The input cell of each primitive (when asked for).
  loom::cont::ArrayHandle<Id> SourceCells;
  Id GetNumberOfPrimitives() const
  {
    return this->PrimitiveSize ? this->Connectivity.GetNumberOfValues() / this->PrimitiveSize : 0;
  }
};

struct ContourOptions
{
  std::vector<double> IsoValues;
  /// Merge points on shared edges (always true on the structured path, where merging is free).
  bool MergePoints = true;
  /// Record the input cell of every primitive (to pass cell data on).
  bool SourceCells = false;
  /// The VTK dataset a structured cell set came from, whose triangulation it gets: in 2D VTK resolves
  /// the ambiguous case of an image's cells one way and of a rectilinear or structured grid's the other
  /// (in 3D the three agree). Explicit cells always take their own shape's table.
  enum class Grid
  {
    Image,
    Rectilinear,
    Structured
  };
  Grid StructuredFrom = Grid::Image;
  /// 0: every cell must be 3D (triangles) or every cell 2D (segments). 3 or 2: contour only the
  /// cells of that dimension and pass over the others (see ContourCellKinds).
  int Dimension = 0;
  /// Optional, one flag per cell: cells whose flag is not zero give nothing (ghost cells, for
  /// instance). Inputs with flags take the marching-cells path.
  loom::cont::ArrayHandle<UInt8> SkipCells;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// Contours of a one-component point field, with VTK's triangulation (the case tables are derived from
/// vtkContourFilter). A point whose value equals an isovalue is one output point shared by every
/// primitive that reaches it, and primitives that collapse there are not made. The cells must all be
/// 3D (triangles) or all 2D (line segments); mixed dimensions, 0D/1D cells, polygons and strips give
/// ErrorBadType naming the cell.
/// Cells with a non-finite value at any point give nothing. ErrorBadValue when the field does not
/// have one tuple per point or has more than one component, or when no isovalue is given.
ContourResult Contour(const CellSetAny& cells, const FieldArray& field, const ContourOptions& options);

/// Which cells of a cell set marching cells can contour: whether there are 3D and 2D ones, and the
/// VTK types of the cells it would pass over (vertices, lines, poly-lines, polygons, strips).
struct ContourCellKinds
{
  bool Has3D = false;
  bool Has2D = false;
  std::vector<UInt8> Skipped;
};
ContourCellKinds GetContourCellKinds(const CellSetAny& cells);

/// A point field at the contour points, interpolated along the edges, in the field's value kind.
/// Integer kinds round half away from zero (vtkDataArray's interpolation, vtkContourFilter's), or
/// truncate when `roundIntegers` is false (VTK's plane cutters: vtkCutter on images and linear grids).
FieldArray InterpolateEdges(const ContourEdges& edges, const FieldArray& pointField,
                            loom::cont::DeviceId device = loom::cont::DeviceId::Auto, bool roundIntegers = true);

/// The contour points whose edge has both ends (those with a non-zero weight) selected by `inputPoints`
/// (a mask over the `numberOfInputPoints` input points: flags, ids or all), as a mask over the contour
/// points (flags) with the same fill value: the points a masked run interpolates fields at (InterpolateEdges
/// with it). The edges must be the family's own for an input of that many points (their ids are not
/// checked again). ErrorBadValue as SelectionFlags for a mask that does not fit the input points.
OutputMask EdgePointsMask(const ContourEdges& edges, const OutputMask& inputPoints, Id numberOfInputPoints,
                          loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// InterpolateEdges computing only the contour points `pointsMask` selects (flags over the contour
/// points, as EdgePointsMask gives); the others hold its fill value (FillValueFor). CPU loops, or one CUDA
/// thread per contour point.
FieldArray InterpolateEdges(const ContourEdges& edges, const FieldArray& pointField,
                            const OutputMask& pointsMask, loom::cont::DeviceId device = loom::cont::DeviceId::Auto,
                            bool roundIntegers = true);

/// For each contour point, the input point whose value a non-numeric array (strings) takes there, as
/// VTK interpolates such arrays: the edge's nearer end (B from weight 0.5 on).
loom::cont::ArrayHandle<Id> NearestEdgeEnds(const ContourEdges& edges);

/// Positions of the contour points of a uniform or rectilinear grid: `axes[d]` holds the coordinate
/// of each of the pointDims[d] planes along axis d. The result is xyz of the given kind (Float32 or
/// Float64).
FieldArray AxesEdgePoints(const ContourEdges& edges, const Id3& pointDims, const std::vector<double> axes[3],
                          ValueKind kind, loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// Unit normals at the contour points of a uniform or rectilinear grid from the field's gradient
/// (central differences, one-sided at the boundary), pointing towards lower values. `axes` holds the
/// point coordinates of each axis (pointDims[d] values each).
FieldArray GradientNormals(const ContourEdges& edges, const Id3& pointDims, const FieldArray& field,
                           const std::vector<double> axes[3], loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// Unit normals at the points of a triangle mesh: the mean of the unit normals of the triangles using
/// each point (vtkContourFilter's normals on unstructured grids). `points` is a float32 or float64 xyz field.
FieldArray TriangleNormals(const FieldArray& points, const loom::cont::ArrayHandle<Id>& connectivity,
                           loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
/// A cell field carried to the primitives: tuple t is the tuple of input cell sourceCells[t].
FieldArray GatherSourceCells(const loom::cont::ArrayHandle<Id>& sourceCells, const FieldArray& cellField,
                             loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

namespace contour
{
/// The structured contour of a 3D grid (`dims` points, a Float32 or Float64 field of one value per point)
/// by the flying-edges passes written for every device (ContourStructuredPasses.h: one call per row of
/// points, scans on the device), on the CPU device the tracker picks for `options.Device`: the same
/// arrays as Contour's CPU path. The GPU runs these passes for images and grids on CUDA. Returns false,
/// having made nothing, when the field holds a non-finite value or a point's value equals an isovalue
/// (Contour then runs marching cells, which welds points on vertices). For tests and comparisons.
template <typename T>
bool ContourStructuredDataParallel(const Id3& dims, const loom::cont::ArrayHandle<T>& field,
                                   const ContourOptions& options, ContourResult& result);
} // namespace contour
} // namespace algorithms
} // namespace loom
