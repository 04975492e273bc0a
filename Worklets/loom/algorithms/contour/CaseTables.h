// Loom algorithms, contour family: the marching-cells case tables. They are VTK's triangulation, so
// that Loom Contour gives the triangles ParaView's Contour gives: DerivedCaseTables.h holds, for every
// shape and case, the primitives vtkContourFilter makes on one cell of that shape
// (scripts/derive_contour_tables.py observed them; Testing/Filters/TestLoomContourCases.cxx checks
// them against VTK case by case). In 2D, VTK resolves the ambiguous case of an image cell differently
// from that of a rectilinear grid's cell and a quad, so structured cell sets take the table of the VTK
// dataset they came from (StructuredTableSlot, ContourImpl.h).
#pragma once

#include <loom/CellShape.h>
#include <loom/Types.h>

namespace loom
{
namespace algorithms
{
namespace contour
{
/// One shape's table. Primitives (triangles for 3D shapes, segments for 2D ones) of case c are
/// CaseEdges[CaseOffsets[c] .. CaseOffsets[c+1]), PrimitiveSize edge indices each; a primitive's
/// point lies on edge e, between local vertices EdgeVertices[e][0] and EdgeVertices[e][1].
struct ShapeTable
{
  UInt8 NumberOfVertices = 0; // 0: not a shape marching cells handles
  UInt8 NumberOfEdges = 0;
  UInt8 PrimitiveSize = 0; // 3: triangles, 2: line segments
  UInt8 MaxPrimitives = 0; // most primitives any case gives
  UInt8 EdgeVertices[12][2] = {};
  const UInt16* CaseOffsets = nullptr; // 2^NumberOfVertices + 1 entries
  const UInt8* CaseEdges = nullptr;
};

/// Table slots: 0..14 are the VTK cell shape ids; three more hold the cells of images (3D and 2D) and
/// of 2D rectilinear grids (3D ones contour as images), whose vertices a structured cell set numbers as
/// a hexahedron's (a quad's in 2D).
constexpr int TableImageCell3D = 15;
constexpr int TableImageCell2D = 16;
constexpr int TableRectilinearCell2D = 17;
constexpr int NumberOfTableSlots = 18;

/// Tables for every slot; shapes without a table have NumberOfVertices 0. Cheap to copy into a worklet
/// (pointers to static storage).
struct Tables
{
  ShapeTable Shapes[NumberOfTableSlots];
};

/// The tables, built on first use (thread-safe).
const Tables& GetTables();

/// The faces of a 3D shape in outward order, for tests: Faces[f] has FaceSize[f] vertices.
struct ShapeFaces
{
  int NumberOfFaces = 0;
  int FaceSize[6] = {};
  int Faces[6][4] = {};
};
ShapeFaces GetShapeFaces(UInt8 shape);

} // namespace contour
} // namespace algorithms
} // namespace loom
