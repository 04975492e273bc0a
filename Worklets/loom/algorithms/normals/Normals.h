// Loom algorithms, normals family: the surface normals of polygons as VTK's vtkPolyDataNormals makes them
// (ParaView's Generate Surface Normals): consistent ordering, polygon normals, points split at sharp edges,
// point normals.
//
// Data-parallel formulation. The points-to-cells links are VTK's (each point's cells in increasing order, a
// cell listed once per use). Consistency is a union-find with parity over the cells: every pair of cells
// VTK's traversal would compare (the cells sharing the two points of an edge; with Non-Manifold Traversal
// off only an edge shared by exactly two) joins one set, with the relation "same or opposite ordering"
// that the shared edge asks for. Sets hook under their smaller root, so each component's root is its
// smallest cell, the seed VTK's traversal starts from; a cell's flip is its parity to the root. Where that
// relation is not a parity (a cell with a repeated point or fewer than three, two cells sharing two points
// that are not an edge of both) or the relations contradict each other (a Moebius strip, a non-manifold edge
// whose cells cannot all agree), VTK's answer depends on the order of its traversal: those components are
// ordered by VTK's breadth-first traversal itself, on the host (`SequentialComponents` counts its seeds).
// Splitting visits every point on its own: the fans of its cells walked across edges whose polygon normals
// are within the feature angle, as VTK walks them, each fan after the first a new point; the new points are
// numbered by a prefix sum over the points, so they come out in VTK's order. Point normals sum the float
// polygon normals of each point's cells in cell order, as VTK does: the values are VTK's to the bit.
#pragma once

#include <loom/algorithms/CellArrays.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
struct SurfaceNormalsOptions
{
  double FeatureAngle = 30.0;      ///< degrees: an edge whose polygons' normals differ more is sharp
  bool Splitting = true;           ///< duplicate the points of sharp edges
  bool Consistency = true;         ///< order the polygons consistently
  bool FlipNormals = false;        ///< reverse every polygon (with Consistency) or the point normals (without)
  bool NonManifoldTraversal = true; ///< order across edges shared by more than two polygons
  bool ComputePointNormals = true;
  bool ComputeCellNormals = false;
  /// Leading cell-normal tuples of (1, 0, 0) (the input's vertices and lines, which VTK's array covers too).
  Id LeadingCells = 0;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

struct SurfaceNormalsResult
{
  /// The polygons ordered and split: the input's offsets, a new connectivity of the same width.
  CellArrays Polygons;
  /// Per output point, the input point it copies (the input's points first, then the split points in
  /// VTK's order). Empty when Splitting made no new point (the output's points are the input's).
  loom::cont::ArrayHandle<Id> PointIds;
  Id NumberOfPoints = 0;
  FieldArray PointNormals; ///< Float32, 3 components, per output point (ComputePointNormals)
  FieldArray CellNormals;  ///< Float32, 3 components, LeadingCells + polygons (ComputeCellNormals)
  Id Flipped = 0;              ///< polygons whose ordering was reversed (VTK's NumFlips)
  Id SequentialComponents = 0; ///< traversals run on the host (one per seed polygon)
};

/// The normals of `polygons` (VTK's cell-array layout) over `numberOfPoints` points at `points` (xyz,
/// float32 or float64). Throws ErrorBadValue for a point id outside the points, or points that are not xyz.
SurfaceNormalsResult SurfaceNormals(const CellArrays& polygons, Id numberOfPoints, const FieldArray& points,
                                    const SurfaceNormalsOptions& options);
} // namespace algorithms
} // namespace loom
