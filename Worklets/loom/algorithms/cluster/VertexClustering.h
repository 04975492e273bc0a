// Loom algorithms, cluster family: vertex clustering of polygonal meshes on a uniform bin grid (the
// points of each bin collapse into one), as vtkQuadricClustering clusters them: the engine of Loom
// Level of Detail.
#pragma once

#include <loom/algorithms/CellArrays.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// Where the point of a cluster goes.
enum class ClusterPoint
{
  /// The input point of the bin with the least quadric error (ties: the lowest id), as
  /// vtkQuadricClustering's UseInputPoints; its point data goes with it.
  BestInputPoint,
  /// The point of least quadric error, kept within the bin's enclosing sphere (vtkQuadricClustering
  /// without UseInputPoints).
  QuadricMinimizer,
  /// The mean of the bin's input points (all of them, used by a cell or not, as UseInputPoints
  /// considers them); point data averaged.
  Mean
};

struct VertexClusteringOptions
{
  /// Bins along x, y and z over the bounds of the points (each at least 1).
  Id Divisions[3] = { 50, 50, 50 };
  /// vtkQuadricClustering's AutoAdjustNumberOfDivisions: when half the bins outnumber the points,
  /// every division count shrinks by the cube root of the excess.
  bool AutoAdjustDivisions = true;
  /// Triangles inside fewer than three bins add their quadrics too (they never become output cells).
  bool UseInternalTriangles = false;
  /// Triangles on the same three output points after the first are dropped.
  bool PreventDuplicateCells = true;
  ClusterPoint Point = ClusterPoint::BestInputPoint;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// The input mesh: points (three components, any kind; integers clustered as doubles) and its vertex
/// cells (each point a vertex), lines (polylines as segments), polygons (fanned from their first point)
/// and triangle strips. Cell ids (for the output's cell data) count the vertex cells from FirstCell,
/// then the lines, the polygons and the strips, as vtkPolyData numbers them.
struct VertexClusteringInput
{
  FieldArray Points;
  CellArrays Verts, Lines, Polys, Strips;
  Id FirstCell = 0;
};

struct VertexClusteringResult
{
  /// The bins used: their counts (after adjustment) and the bounds they divide.
  Id Divisions[3] = { 0, 0, 0 };
  double Bounds[6] = { 0, 0, 0, 0, 0, 0 };
  /// One point per used bin (Float32 xyz, as vtkPoints stores them), numbered in the order the mesh
  /// first reaches the bins (VTK's order).
  FieldArray Points;
  /// BestInputPoint: the input point each output point is. Mean: the input points averaged into
  /// output point o are Members[MemberOffsets[o] .. MemberOffsets[o+1]-1], ascending.
  loom::cont::ArrayHandle<Id> PointSources, MemberOffsets, Members;
  /// Output vertex cells (VertOffsets: one more than cells), segments (2 point ids each) and
  /// triangles (3 each), and the input cell of each.
  loom::cont::ArrayHandle<Id> VertOffsets, Verts, Lines, Triangles, VertCells, LineCells, TriangleCells;
};

/// The mesh clustered as vtkQuadricClustering clusters it (without its feature edges): the bins divide
/// the bounds of all points; a vertex adds its quadric to its bin, a triangle reaching three bins (and,
/// with UseInternalTriangles, any triangle) to its corners' bins, a segment of non-zero length to its
/// ends' bins (vertex quadrics supersede segment quadrics in a bin, and those triangle quadrics); a bin
/// is used once an element that adds to it is met, in cell order; triangles over three bins and
/// segments over two become output cells, and a vertex cell keeps the points of the bins it reaches
/// first among the vertex cells. Quadrics are summed in VTK's order, so errors and chosen points are VTK's.
/// Bins are dense arrays over the used bins (the full grid only as a lookup of 4 bytes per bin, or a
/// search when the grid is much larger than the mesh). ErrorBadValue for a division count below 1,
/// points without three components, or a cell using a point outside the points.
VertexClusteringResult ClusterVertices(const VertexClusteringInput& input, const VertexClusteringOptions& options);
} // namespace algorithms
} // namespace loom
