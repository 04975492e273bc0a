// Loom algorithms, surface family: the external faces of a cell set (the faces of 3D cells that no
// other cell shares), with 0D, 1D and 2D cells passed, as polygonal data: vertices, lines, polygons and
// strips, each with the input cell of every output cell, on the points they use.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// Cell flags for ExternalFaces (ExternalFacesOptions::CellFlags).
enum ExternalFacesCellFlag : UInt8
{
  /// The cell's faces hide those of its neighbours, but the cell gives no output (a duplicate ghost cell:
  /// the face between a rank's cell and its ghost copy of the neighbour is not on the surface).
  SurfaceGhostCell = 1,
  /// The cell is not there (a hidden cell): no output, and its faces hide nothing.
  SurfaceHiddenCell = 2
};

struct ExternalFacesOptions
{
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
  /// One ExternalFacesCellFlag per cell, or empty (every cell is an ordinary cell).
  loom::cont::ArrayHandle<UInt8> CellFlags;
};

/// Cells of one kind of polygonal data (a vtkCellArray): offsets (one more than cells) and
/// connectivity in output point ids, 32-bit when they fit, and the input cell of each output cell.
struct SurfaceCells
{
  loom::cont::ArrayHandle<Id> SourceCells;
  bool Is64Bit = false;
  loom::cont::ArrayHandle<Int32> Offsets32, Connectivity32;
  loom::cont::ArrayHandle<Int64> Offsets64, Connectivity64;
  Id GetNumberOfCells() const { return this->SourceCells.GetNumberOfValues(); }
};

struct ExternalFacesResult
{
  SurfaceCells Verts;  ///< vertices and poly-vertices, in input order
  SurfaceCells Lines;  ///< lines and poly-lines, in input order
  SurfaceCells Polys;  ///< 2D cells in input order (pixels as quadrilaterals), then the external faces
  SurfaceCells Strips; ///< triangle strips, in input order
  /// The input point of each output point: the points the output uses, in input order.
  loom::cont::ArrayHandle<Id> PointIds;
};

/// The surface of the cells, as vtkGeometryFilter (ParaView's Extract Surface) makes it on unstructured
/// grids: a face of a 3D cell (tetrahedron, voxel, hexahedron, wedge, pyramid) is external when no other
/// cell has a face on the same points; external faces are ordered by their smallest point id, then by
/// cell and face, each starting at that point (VTK's order), triangles and quadrilaterals with VTK's
/// outward orientation. 3D structured cell sets visit their boundary only: the quadrilaterals of the six
/// sides (x low, x high, y low, y high, z low, z high), and the boundary points; with cell flags (ghost or
/// hidden cells) they are matched as explicit hexahedra, quadrilaterals or lines. ErrorBadType for cell
/// types other than VTK's linear ones. On CUDA explicit cells take the data-parallel passes (the same
/// output); a structured grid's boundary is index arithmetic and stays on the CPU.
ExternalFacesResult ExternalFaces(const CellSetAny& cells, const ExternalFacesOptions& options);

namespace surface
{
/// ExternalFaces of explicit cells by the data-parallel passes (ExternalFacesImpl.h: one thread per
/// cell, face or point), on the CPU device the tracker picks for `options.Device`: the same output as
/// the block passes ExternalFaces runs there. For tests and comparisons; CUDA runs these passes.
ExternalFacesResult ExplicitFacesDataParallel(const loom::cont::CellSetExplicit<Int32, Int32>& cells,
                                              const ExternalFacesOptions& options);
ExternalFacesResult ExplicitFacesDataParallel(const loom::cont::CellSetExplicit<Int64, Int64>& cells,
                                              const ExternalFacesOptions& options);
/// The same passes on CUDA (ExternalFacesCuda.cu; only in builds with CUDA): ExternalFaces' CUDA path.
ExternalFacesResult ExplicitFacesCuda(const loom::cont::CellSetExplicit<Int32, Int32>& cells,
                                      const ExternalFacesOptions& options);
ExternalFacesResult ExplicitFacesCuda(const loom::cont::CellSetExplicit<Int64, Int64>& cells,
                                      const ExternalFacesOptions& options);
} // namespace surface
} // namespace algorithms
} // namespace loom
