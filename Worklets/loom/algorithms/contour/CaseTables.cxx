// Loom algorithms, contour family: the case tables as worklets read them, built once from the derived
// tables (DerivedCaseTables.h), and the shapes' faces for the tests.
#include <loom/algorithms/contour/CaseTables.h>
#include <loom/algorithms/contour/DerivedCaseTables.h>

#include <algorithm>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace contour
{
namespace
{
Tables Build()
{
  Tables tables;
  for (const derived::DerivedTable& d : derived::Tables)
  {
    ShapeTable& t = tables.Shapes[d.Slot];
    t.NumberOfVertices = d.NumberOfVertices;
    t.NumberOfEdges = d.NumberOfEdges;
    t.PrimitiveSize = d.PrimitiveSize;
    for (int e = 0; e < d.NumberOfEdges; ++e)
    {
      t.EdgeVertices[e][0] = d.EdgeVertices[e][0];
      t.EdgeVertices[e][1] = d.EdgeVertices[e][1];
    }
    t.CaseOffsets = d.CaseOffsets;
    t.CaseEdges = d.CaseEdges;
    int most = 0;
    for (int c = 0; c < (1 << d.NumberOfVertices); ++c)
      most = std::max(most, (d.CaseOffsets[c + 1] - d.CaseOffsets[c]) / d.PrimitiveSize);
    t.MaxPrimitives = static_cast<UInt8>(most);
  }
  return tables;
}
} // namespace

const Tables& GetTables()
{
  static const Tables* tables = new Tables(Build()); // never destroyed: a contour may run during exit
  return *tables;
}

ShapeFaces GetShapeFaces(UInt8 shape)
{
  // Outward order (counter-clockwise seen from outside), VTK's local vertex numbers.
  struct Definition
  {
    UInt8 Shape;
    std::vector<std::vector<int>> Faces;
  };
  static const Definition definitions[] = {
    { CELL_SHAPE_TETRA, { { 0, 2, 1 }, { 0, 1, 3 }, { 1, 2, 3 }, { 0, 3, 2 } } },
    { CELL_SHAPE_VOXEL, { { 0, 2, 3, 1 }, { 4, 5, 7, 6 }, { 0, 1, 5, 4 }, { 2, 6, 7, 3 }, { 0, 4, 6, 2 }, { 1, 3, 7, 5 } } },
    { CELL_SHAPE_HEXAHEDRON,
      { { 0, 3, 2, 1 }, { 4, 5, 6, 7 }, { 0, 1, 5, 4 }, { 3, 7, 6, 2 }, { 0, 4, 7, 3 }, { 1, 2, 6, 5 } } },
    { CELL_SHAPE_WEDGE, { { 0, 1, 2 }, { 3, 5, 4 }, { 0, 3, 4, 1 }, { 1, 4, 5, 2 }, { 2, 5, 3, 0 } } },
    { CELL_SHAPE_PYRAMID, { { 0, 3, 2, 1 }, { 0, 1, 4 }, { 1, 2, 4 }, { 2, 3, 4 }, { 3, 0, 4 } } },
  };
  ShapeFaces out;
  for (const Definition& d : definitions)
  {
    if (d.Shape != shape)
      continue;
    out.NumberOfFaces = static_cast<int>(d.Faces.size());
    for (std::size_t f = 0; f < d.Faces.size(); ++f)
    {
      out.FaceSize[f] = static_cast<int>(d.Faces[f].size());
      for (std::size_t v = 0; v < d.Faces[f].size(); ++v)
        out.Faces[f][v] = d.Faces[f][v];
    }
  }
  return out;
}
} // namespace contour
} // namespace algorithms
} // namespace loom
