// Loom algorithms, contour family: the generator of the marching-cells case tables (see CaseTables.h
// for the rule). Runs once, on first use; a few microseconds per shape.
#include <loom/algorithms/contour/CaseTables.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace contour
{
namespace
{
struct ShapeDefinition
{
  UInt8 Shape;
  int NumberOfVertices;
  std::vector<std::pair<int, int>> Edges;
  std::vector<std::vector<int>> Faces; // outward order; a 2D shape has its one face, counter-clockwise
  bool Is2D;
};

std::vector<ShapeDefinition> Definitions()
{
  std::vector<ShapeDefinition> d;
  d.push_back({ CELL_SHAPE_TRIANGLE, 3, { { 0, 1 }, { 1, 2 }, { 2, 0 } }, { { 0, 1, 2 } }, true });
  d.push_back({ CELL_SHAPE_QUAD, 4, { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 0 } }, { { 0, 1, 2, 3 } }, true });
  d.push_back({ CELL_SHAPE_PIXEL, 4, { { 0, 1 }, { 1, 3 }, { 3, 2 }, { 2, 0 } }, { { 0, 1, 3, 2 } }, true });
  d.push_back({ CELL_SHAPE_TETRA,
                4,
                { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 0, 3 }, { 1, 3 }, { 2, 3 } },
                { { 0, 2, 1 }, { 0, 1, 3 }, { 1, 2, 3 }, { 0, 3, 2 } },
                false });
  d.push_back({ CELL_SHAPE_VOXEL,
                8,
                { { 0, 1 }, { 1, 3 }, { 2, 3 }, { 0, 2 }, { 4, 5 }, { 5, 7 }, { 6, 7 }, { 4, 6 }, { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 } },
                { { 0, 2, 3, 1 }, { 4, 5, 7, 6 }, { 0, 1, 5, 4 }, { 2, 6, 7, 3 }, { 0, 4, 6, 2 }, { 1, 3, 7, 5 } },
                false });
  d.push_back({ CELL_SHAPE_HEXAHEDRON,
                8,
                { { 0, 1 }, { 1, 2 }, { 3, 2 }, { 0, 3 }, { 4, 5 }, { 5, 6 }, { 7, 6 }, { 4, 7 }, { 0, 4 }, { 1, 5 }, { 3, 7 }, { 2, 6 } },
                { { 0, 3, 2, 1 }, { 4, 5, 6, 7 }, { 0, 1, 5, 4 }, { 3, 7, 6, 2 }, { 0, 4, 7, 3 }, { 1, 2, 6, 5 } },
                false });
  d.push_back({ CELL_SHAPE_WEDGE,
                6,
                { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 3, 4 }, { 4, 5 }, { 5, 3 }, { 0, 3 }, { 1, 4 }, { 2, 5 } },
                { { 0, 1, 2 }, { 3, 5, 4 }, { 0, 3, 4, 1 }, { 1, 4, 5, 2 }, { 2, 5, 3, 0 } },
                false });
  d.push_back({ CELL_SHAPE_PYRAMID,
                5,
                { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 0 }, { 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 } },
                { { 0, 3, 2, 1 }, { 0, 1, 4 }, { 1, 2, 4 }, { 2, 3, 4 }, { 3, 0, 4 } },
                false });
  return d;
}

int EdgeOf(const ShapeDefinition& s, int a, int b)
{
  for (std::size_t e = 0; e < s.Edges.size(); ++e)
    if ((s.Edges[e].first == a && s.Edges[e].second == b) || (s.Edges[e].first == b && s.Edges[e].second == a))
      return static_cast<int>(e);
  throw std::logic_error("contour case tables: a face side that is not an edge");
}

// The chords of one face for a case: pairs (from edge, to edge), directed exit -> entry.
void FaceChords(const ShapeDefinition& s, const std::vector<int>& face, unsigned inside,
                std::vector<std::pair<int, int>>& chords)
{
  struct Crossing
  {
    int Edge;
    bool Exit;
  };
  std::vector<Crossing> crossings;
  const std::size_t m = face.size();
  for (std::size_t q = 0; q < m; ++q)
  {
    const int a = face[q], b = face[(q + 1) % m];
    const bool ia = (inside >> a) & 1u, ib = (inside >> b) & 1u;
    if (ia != ib)
      crossings.push_back({ EdgeOf(s, a, b), ia });
  }
  const std::size_t n = crossings.size();
  // Keep the inside vertices apart: the chord of an inside run goes from the exit that ends the run
  // back to the entry that starts it, so each entry pairs with the next exit along the walk.
  for (std::size_t c = 0; c < n; ++c)
  {
    if (crossings[c].Exit)
      continue;
    const Crossing& entry = crossings[c];
    const Crossing& exit = crossings[(c + 1) % n];
    chords.emplace_back(exit.Edge, entry.Edge);
  }
}

struct Built
{
  std::vector<UInt16> Offsets;
  std::vector<UInt8> Edges;
  int MaxPrimitives = 0;
};

Built Build(const ShapeDefinition& s)
{
  Built b;
  const unsigned cases = 1u << s.NumberOfVertices;
  b.Offsets.push_back(0);
  for (unsigned c = 0; c < cases; ++c)
  {
    std::vector<std::pair<int, int>> chords;
    for (const auto& f : s.Faces)
      FaceChords(s, f, c, chords);
    int primitives = 0;
    if (s.Is2D)
    {
      // Segments run entry -> exit so that, seen from the cell's normal side, the inside is on
      // the right: the same sense the triangles of a 3D cell give the boundary of their surface.
      for (const auto& ch : chords)
      {
        b.Edges.push_back(static_cast<UInt8>(ch.second));
        b.Edges.push_back(static_cast<UInt8>(ch.first));
        ++primitives;
      }
    }
    else
    {
      std::vector<int> next(s.Edges.size(), -1);
      for (const auto& ch : chords)
      {
        if (next[ch.first] != -1)
          throw std::logic_error("contour case tables: two chords leave one crossing");
        next[ch.first] = ch.second;
      }
      std::vector<bool> used(s.Edges.size(), false);
      for (std::size_t start = 0; start < s.Edges.size(); ++start)
      {
        if (next[start] == -1 || used[start])
          continue;
        std::vector<int> loop;
        for (int e = static_cast<int>(start); !used[e]; e = next[e])
        {
          if (next[e] == -1)
            throw std::logic_error("contour case tables: an open loop");
          used[e] = true;
          loop.push_back(e);
        }
        // The chords circle the inside seen from outside the cell; the loop's right-hand normal
        // points into the inside, so the fan is emitted reversed (normals towards lower values).
        for (std::size_t k = 1; k + 1 < loop.size(); ++k)
        {
          b.Edges.push_back(static_cast<UInt8>(loop[0]));
          b.Edges.push_back(static_cast<UInt8>(loop[k + 1]));
          b.Edges.push_back(static_cast<UInt8>(loop[k]));
          ++primitives;
        }
      }
    }
    b.MaxPrimitives = std::max(b.MaxPrimitives, primitives);
    b.Offsets.push_back(static_cast<UInt16>(b.Edges.size()));
  }
  return b;
}

struct Storage
{
  std::vector<Built> Shapes;
  Tables Table;
  Storage()
  {
    for (const ShapeDefinition& s : Definitions())
    {
      this->Shapes.push_back(Build(s));
      const Built& built = this->Shapes.back();
      ShapeTable& t = this->Table.Shapes[s.Shape];
      t.NumberOfVertices = static_cast<UInt8>(s.NumberOfVertices);
      t.NumberOfEdges = static_cast<UInt8>(s.Edges.size());
      t.PrimitiveSize = s.Is2D ? 2 : 3;
      t.MaxPrimitives = static_cast<UInt8>(built.MaxPrimitives);
      for (std::size_t e = 0; e < s.Edges.size(); ++e)
      {
        t.EdgeVertices[e][0] = static_cast<UInt8>(s.Edges[e].first);
        t.EdgeVertices[e][1] = static_cast<UInt8>(s.Edges[e].second);
      }
    }
    // Pointers only once every vector has its final place.
    std::size_t k = 0;
    for (const ShapeDefinition& s : Definitions())
    {
      this->Table.Shapes[s.Shape].CaseOffsets = this->Shapes[k].Offsets.data();
      this->Table.Shapes[s.Shape].CaseEdges = this->Shapes[k].Edges.data();
      ++k;
    }
  }
};
} // namespace

const Tables& GetTables()
{
  static const Storage storage;
  return storage.Table;
}

ShapeFaces GetShapeFaces(UInt8 shape)
{
  ShapeFaces out;
  for (const ShapeDefinition& s : Definitions())
  {
    if (s.Shape != shape)
      continue;
    out.NumberOfFaces = static_cast<int>(s.Faces.size());
    for (std::size_t f = 0; f < s.Faces.size(); ++f)
    {
      out.FaceSize[f] = static_cast<int>(s.Faces[f].size());
      for (std::size_t v = 0; v < s.Faces[f].size(); ++v)
        out.Faces[f][v] = s.Faces[f][v];
    }
  }
  return out;
}
} // namespace contour
} // namespace algorithms
} // namespace loom
