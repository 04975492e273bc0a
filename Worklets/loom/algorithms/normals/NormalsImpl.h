// Loom algorithms, normals family: the device passes, written once for every device (Normals.cxx runs them
// on the CPU devices, NormalsCuda.cu on CUDA), and the host traversal for the components whose ordering
// VTK's traversal order decides (Normals.h). Included by those two units.
//
// Arithmetic follows vtkPolyDataNormals step by step: polygon normals in double (vtkPolygon::ComputeNormal's
// sums and divisions), stored as float; the feature test on the float normals' float dot product against the
// cosine in double; point normals summed in float in cell order and scaled by the float inverse of their
// float length. Built without fused multiply-adds on CUDA (-fmad=false), so every device gives VTK's bits.
#pragma once

#include <loom/algorithms/CellsOnDevice.h>
#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/normals/Normals.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/CellSetExplicit.h>
#include <loom/exec/Atomic.h>

#include <cmath>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace normals
{
LOOM_UNIT_NAMESPACE_BEGIN
/// The input polygons (original ordering) and VTK's point-to-cell links.
template <typename T>
struct Polygons
{
  const T* Offsets;
  const T* Conn;
  const Id* LinkOffsets;
  const Id* LinkCells;

  LOOM_EXEC Id Begin(Id c) const { return static_cast<Id>(this->Offsets[c]); }
  LOOM_EXEC Id Size(Id c) const { return static_cast<Id>(this->Offsets[c + 1] - this->Offsets[c]); }
  LOOM_EXEC Id Point(Id c, Id k) const { return static_cast<Id>(this->Conn[this->Begin(c) + k]); }
  /// Where the original position k of polygon c (of n points) lies once c is ordered (reversed or not).
  LOOM_EXEC static Id Ordered(bool flip, Id n, Id k) { return flip ? n - 1 - k : k; }

  /// Whether point q's (sorted) links hold cell d, and where its first link is (-1: none).
  LOOM_EXEC Id FindLink(Id q, Id d) const
  {
    Id lo = this->LinkOffsets[q], hi = this->LinkOffsets[q + 1];
    while (lo < hi)
    {
      const Id mid = lo + (hi - lo) / 2;
      if (this->LinkCells[mid] < d)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < this->LinkOffsets[q + 1] && this->LinkCells[lo] == d ? lo : -1;
  }
  /// Whether polygon d holds point q: its points scanned when it has few, else q's sorted links searched.
  LOOM_EXEC bool Holds(Id d, Id q) const
  {
    const Id b = this->Begin(d), e = this->Begin(d + 1);
    if (e - b > 8)
      return this->FindLink(q, d) >= 0;
    for (Id k = b; k < e; ++k)
      if (static_cast<Id>(this->Conn[k]) == q)
        return true;
    return false;
  }
  /// VTK's GetCellEdgeNeighbors: the cells other than `cell` that hold both p and q, in the order of p's
  /// links (a cell listed as often as it uses p), each passed to `f` with its link of p; returns how many.
  template <typename F>
  LOOM_EXEC Id EdgeNeighbors(Id cell, Id p, Id q, F&& f) const
  {
    Id count = 0;
    for (Id i = this->LinkOffsets[p]; i < this->LinkOffsets[p + 1]; ++i)
    {
      const Id d = this->LinkCells[i];
      if (d != cell && this->Holds(d, q))
      {
        ++count;
        f(d, i);
      }
    }
    return count;
  }
  /// The first of the links of point p at index i that lead to the same cell (links are sorted).
  LOOM_EXEC Id FirstLink(Id p, Id i) const
  {
    while (i > this->LinkOffsets[p] && this->LinkCells[i - 1] == this->LinkCells[i])
      --i;
    return i;
  }
  /// A polygon whose orientation relation to its neighbours is a parity: three points or more, none twice.
  LOOM_EXEC bool Regular(Id c) const
  {
    const Id n = this->Size(c), b = this->Begin(c);
    if (n < 3)
      return false;
    if (n > 8)
    {
      // a repeated point lists the polygon twice in a row in that point's sorted links
      for (Id i = 0; i < n; ++i)
      {
        const Id v = static_cast<Id>(this->Conn[b + i]);
        const Id first = this->FindLink(v, c);
        if (first + 1 < this->LinkOffsets[v + 1] && this->LinkCells[first + 1] == c)
          return false;
      }
      return true;
    }
    for (Id i = 1; i < n; ++i)
      for (Id j = 0; j < i; ++j)
        if (this->Conn[b + i] == this->Conn[b + j])
          return false;
    return true;
  }
  /// The relation of regular polygon d to a polygon that runs p -> q: 0 when d runs q -> p (consistent),
  /// 1 when it runs p -> q (one of them must be reversed); false when p and q are not an edge of d.
  LOOM_EXEC bool Relation(Id d, Id p, Id q, int& relation) const
  {
    const Id n = this->Size(d), b = this->Begin(d);
    for (Id l = 0; l < n; ++l)
      if (static_cast<Id>(this->Conn[b + l]) == q)
      {
        if (static_cast<Id>(this->Conn[b + (l + 1) % n]) == p)
          relation = 0;
        else if (static_cast<Id>(this->Conn[b + (l + n - 1) % n]) == p)
          relation = 1;
        else
          return false;
        return true;
      }
    return false;
  }
};

/// Union-find with parity: Word[x] = parent * 2 + (x's ordering relative to its parent's). Roots hold
/// x * 2. A link, once made, is never undone (only shortened with the parities composed), so every parity
/// read is a true relation.
LOOM_EXEC inline Id FindRoot(Id* word, Id x, int& parity)
{
  parity = 0;
  for (;;)
  {
    const Id w = loom::exec::AtomicLoad(word + x);
    const Id parent = w >> 1;
    if (parent == x)
      return x;
    const Id w2 = loom::exec::AtomicLoad(word + parent);
    const Id grand = w2 >> 1;
    if (grand == parent)
    {
      parity ^= static_cast<int>(w & 1);
      return parent;
    }
    const Id composed = (w ^ w2) & 1;
    loom::exec::AtomicCompareExchange(word + x, w, grand * 2 + composed); // path halving; may lose a race
    parity ^= static_cast<int>(composed);
    x = grand;
  }
}

/// Joins a and b with the relation `relation` (1: opposite orderings); false when they were joined already
/// with the other relation (a contradiction).
LOOM_EXEC inline bool UnionWithParity(Id* word, Id a, Id b, int relation)
{
  for (;;)
  {
    int pa, pb;
    const Id ra = FindRoot(word, a, pa);
    const Id rb = FindRoot(word, b, pb);
    if (ra == rb)
      return (pa ^ pb) == relation;
    const Id link = static_cast<Id>(pa ^ pb ^ relation);
    if (ra < rb ? loom::exec::AtomicCompareExchange(word + rb, rb * 2, ra * 2 + link)
                : loom::exec::AtomicCompareExchange(word + ra, ra * 2, rb * 2 + link))
      return true;
  }
}

/// One thread per polygon: 1 where its relation to its neighbours is a parity (Polygons::Regular).
template <typename T>
struct MarkRegular
{
  Polygons<T> P;
  UInt8* Regular;
  LOOM_EXEC void operator()(Id c) const { this->Regular[c] = this->P.Regular(c) ? 1 : 0; }
};

/// One thread per polygon: every pair VTK's traversal compares joins, with its relation (a pair of regular
/// polygons sharing an edge once, from its smaller polygon: both would join the same way); polygons whose
/// relations are no parity mark their component for the host traversal.
template <typename T>
struct JoinPolygons
{
  Polygons<T> P;
  const UInt8* Regular;
  bool NonManifold;
  Id* Word;
  UInt8* Irregular;
  LOOM_EXEC void operator()(Id c) const
  {
    const Id n = this->P.Size(c);
    const bool regular = this->Regular[c] != 0;
    bool irregular = !regular;
    for (Id k = 0; k < n; ++k)
    {
      const Id p = this->P.Point(c, k), q = this->P.Point(c, (k + 1) % n);
      Id near[4];
      Id found = 0;
      const Id count = this->P.EdgeNeighbors(c, p, q, [&](Id d, Id) {
        if (found < 4)
          near[found] = d;
        ++found;
      });
      if (count == 0)
        continue;
      // VTK counts a polygon's neighbours across an edge through the links of the edge's first point in the
      // polygon's current ordering: p, or q once the polygon is reversed. With Non-Manifold Traversal off
      // (one neighbour only) the edge is skipped only when both counts say more than one. They differ only
      // where a neighbour uses p or q twice, which is irregular: its component goes to the host's traversal.
      if (!this->NonManifold && count > 1 && this->P.EdgeNeighbors(c, q, p, [](Id, Id) {}) > 1)
        continue;
      auto join = [&](Id d, Id) {
        int relation = 0;
        if (regular && this->Regular[d] && this->P.Relation(d, p, q, relation))
        {
          if (d > c && !UnionWithParity(this->Word, c, d, relation))
            irregular = true;
        }
        else
        {
          UnionWithParity(this->Word, c, d, 0); // the same component; its ordering is the host's
          irregular = true;
        }
      };
      if (count <= 4)
        for (Id i = 0; i < count; ++i)
          join(near[i], 0);
      else
        this->P.EdgeNeighbors(c, p, q, join);
    }
    if (irregular)
      this->Irregular[c] = 1;
  }
};

/// One thread per polygon: its root, whether it is reversed (parity to the root, then Flip Normals), and its
/// mark on the root when its component needs the host traversal.
struct ResolvePolygons
{
  Id* Word;
  const UInt8* Irregular;
  bool FlipAll;
  Id* Root;
  UInt8* Flip;
  UInt8* IrregularRoot;
  LOOM_EXEC void operator()(Id c) const
  {
    int parity;
    const Id root = FindRoot(this->Word, c, parity);
    this->Root[c] = root;
    this->Flip[c] = static_cast<UInt8>(parity ^ (this->FlipAll ? 1 : 0));
    if (this->Irregular[c])
      loom::exec::AtomicStore(this->IrregularRoot + root, UInt8(1));
  }
};

/// One thread per polygon: its points in its final ordering.
template <typename T>
struct OrderPolygons
{
  Polygons<T> P;
  const UInt8* Flip;
  T* Out;
  LOOM_EXEC void operator()(Id c) const
  {
    const Id n = this->P.Size(c), b = this->P.Begin(c);
    const bool flip = this->Flip && this->Flip[c];
    for (Id k = 0; k < n; ++k)
      this->Out[b + Polygons<T>::Ordered(flip, n, k)] = this->P.Conn[b + k];
  }
};

/// One thread per polygon: vtkPolygon::ComputeNormal of its ordered points, as float (the cell normal).
template <typename T>
struct PolygonNormals
{
  const T* Offsets;
  const T* Ordered;
  PointsOnDevice Points;
  float* Normals; // 3 per polygon
  LOOM_EXEC void operator()(Id c) const
  {
    const Id b = static_cast<Id>(this->Offsets[c]), n = static_cast<Id>(this->Offsets[c + 1]) - b;
    double normal[3] = { 0.0, 0.0, 0.0 };
    if (n == 3)
    {
      double v1[3], v2[3], v3[3];
      this->Points.Get(static_cast<Id>(this->Ordered[b]), v1);
      this->Points.Get(static_cast<Id>(this->Ordered[b + 1]), v2);
      this->Points.Get(static_cast<Id>(this->Ordered[b + 2]), v3);
      Cross(v3, v2, v1, normal);
    }
    else if (n > 3)
    {
      double v[3][3];
      double* v0 = v[0];
      double* v1 = v[1];
      double* v2 = v[2];
      this->Points.Get(static_cast<Id>(this->Ordered[b]), v1);
      this->Points.Get(static_cast<Id>(this->Ordered[b + 1]), v2);
      for (Id i = 0; i < n; ++i)
      {
        double* spare = v0;
        v0 = v1;
        v1 = v2;
        v2 = spare;
        this->Points.Get(static_cast<Id>(this->Ordered[b + (i + 2) % n]), v2);
        double term[3];
        Cross(v2, v1, v0, term);
        normal[0] += term[0];
        normal[1] += term[1];
        normal[2] += term[2];
      }
    }
    const double length = std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
    if (n >= 3 && length != 0.0)
    {
      normal[0] /= length;
      normal[1] /= length;
      normal[2] /= length;
    }
    for (int j = 0; j < 3; ++j)
      this->Normals[3 * c + j] = static_cast<float>(normal[j]);
  }
  /// (a - o) x (b - o), VTK's order of operations.
  LOOM_EXEC static void Cross(const double* a, const double* o, const double* b, double* out)
  {
    const double ax = a[0] - o[0], ay = a[1] - o[1], az = a[2] - o[2];
    const double bx = b[0] - o[0], by = b[1] - o[1], bz = b[2] - o[2];
    out[0] = ay * bz - az * by;
    out[1] = az * bx - ax * bz;
    out[2] = ax * by - ay * bx;
  }
};

/// One thread per point: VTK's fans around the point (its cells walked across the edges with the point
/// whose two polygons are the only ones there and whose normals' float dot product exceeds the cosine),
/// each fan's number written on the point's links; Extra[p] = the fans after the first (0 without
/// splitting, or when the point has fewer than two cells).
template <typename T>
struct FindFans
{
  Polygons<T> P;
  const float* Normals; // per polygon
  double Cosine;
  Int32* Fan;           // per link
  Id* Extra;            // per point
  LOOM_EXEC Id OtherNeighbour(Id cell, Id p, Id from) const
  {
    // VTK: the polygon's point after p, unless that is `from`, else the one before
    const Id n = this->P.Size(cell);
    if (n < 2)
      return p; // a one-point polygon (VTK reads past it)
    Id spot = 0;
    while (spot < n && this->P.Point(cell, spot) != p)
      ++spot;
    const Id next = spot == 0 ? this->P.Point(cell, 1)
                              : spot == n - 1 ? this->P.Point(cell, spot - 1) : this->P.Point(cell, spot + 1);
    const Id other = spot == 0 ? this->P.Point(cell, n - 1)
                               : spot == n - 1 ? this->P.Point(cell, 0) : this->P.Point(cell, spot - 1);
    return next != from ? next : other;
  }
  LOOM_EXEC void operator()(Id p) const
  {
    const Id begin = this->P.LinkOffsets[p], end = this->P.LinkOffsets[p + 1];
    for (Id i = begin; i < end; ++i)
      this->Fan[i] = end - begin <= 1 ? 0 : -1;
    if (end - begin <= 1)
    {
      this->Extra[p] = 0;
      return;
    }
    Int32 fans = 0;
    for (Id j = begin; j < end; ++j)
    {
      const Id seed = this->P.LinkCells[j];
      const Id seedLink = this->P.FirstLink(p, j);
      if (this->Fan[seedLink] >= 0)
        continue;
      this->Fan[seedLink] = fans;
      // the seed's two neighbours of p, in VTK's order
      const Id n = this->P.Size(seed);
      Id spot = 0;
      while (spot < n && this->P.Point(seed, spot) != p)
        ++spot;
      Id start[2];
      if (n < 2)
        start[0] = start[1] = p; // a one-point polygon (VTK reads past it)
      else if (spot == 0)
      {
        start[0] = this->P.Point(seed, 1);
        start[1] = this->P.Point(seed, n - 1);
      }
      else if (spot == n - 1)
      {
        start[0] = this->P.Point(seed, spot - 1);
        start[1] = this->P.Point(seed, 0);
      }
      else
      {
        start[0] = this->P.Point(seed, spot + 1);
        start[1] = this->P.Point(seed, spot - 1);
      }
      for (int side = 0; side < 2; ++side)
      {
        Id cell = seed, nei = start[side];
        while (cell >= 0)
        {
          Id only = -1, link = -1;
          const Id count = this->P.EdgeNeighbors(cell, p, nei, [&](Id d, Id i) {
            only = d;
            link = i; // its first link: links are visited in order
          });
          if (count != 1)
            link = -1;
          if (link < 0 || this->Fan[link] >= 0)
            break; // a boundary, a non-manifold edge, or a polygon already in a fan
          const float* a = this->Normals + 3 * cell;
          const float* b = this->Normals + 3 * only;
          const float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
          if (!(static_cast<double>(dot) > this->Cosine))
            break; // a sharp edge
          this->Fan[link] = fans;
          nei = this->OtherNeighbour(only, p, nei);
          cell = only;
        }
      }
      ++fans;
    }
    this->Extra[p] = fans - 1;
  }
};

/// One thread per point: the point's fans after the first become the points First[p] ... (their ids written
/// in the polygons' ordered points, every use of p in the fan's polygons, and in PointIds), and the point
/// normals of p and its new points: the float polygon normals summed in cell order, then scaled by the
/// float inverse of their float length (times -1 with Flip Normals and no Consistency), as VTK scales them.
template <typename T>
struct SplitAndSum
{
  Polygons<T> P;
  const Int32* Fan;      // per link (null: no splitting)
  const Id* First;       // per point: its first new point (null: no splitting)
  const UInt8* Flip;     // per polygon (null: none reversed)
  const float* Normals;  // per polygon
  double Direction;
  T* Ordered;            // the ordered connectivity, split here
  Id* PointIds;          // per output point, its input point (null: no point split)
  float* PointNormals;   // null: no point normals
  LOOM_EXEC Id Target(Id p, Int32 fan) const { return fan > 0 ? this->First[p] + fan - 1 : p; }
  LOOM_EXEC void operator()(Id p) const
  {
    const Id begin = this->P.LinkOffsets[p], end = this->P.LinkOffsets[p + 1];
    const Int32 fans = this->Fan && end - begin > 1 ? this->MaxFan(begin, end) + 1 : 1;
    if (this->PointNormals)
      for (Int32 f = 0; f < fans; ++f)
        for (int j = 0; j < 3; ++j)
          this->PointNormals[3 * this->Target(p, f) + j] = 0.0f;
    if (this->PointIds)
      for (Int32 f = 0; f < fans; ++f)
        this->PointIds[this->Target(p, f)] = p;
    for (Id i = begin; i < end; ++i)
    {
      const Id cell = this->P.LinkCells[i];
      const Int32 fan = this->Fan ? this->Fan[this->P.FirstLink(p, i)] : 0;
      const Id target = this->Target(p, fan);
      if (fan > 0 && (i == begin || this->P.LinkCells[i - 1] != cell))
      {
        // every use of p in the polygon becomes the fan's point (VTK replaces one use per link)
        const Id n = this->P.Size(cell), b = this->P.Begin(cell);
        const bool flip = this->Flip && this->Flip[cell];
        for (Id k = 0; k < n; ++k)
          if (static_cast<Id>(this->P.Conn[b + k]) == p)
            this->Ordered[b + Polygons<T>::Ordered(flip, n, k)] = static_cast<T>(target);
      }
      if (this->PointNormals)
        for (int j = 0; j < 3; ++j)
          this->PointNormals[3 * target + j] = this->PointNormals[3 * target + j] + this->Normals[3 * cell + j];
    }
    if (this->PointNormals)
      for (Int32 f = 0; f < fans; ++f)
      {
        float* v = this->PointNormals + 3 * this->Target(p, f);
        const float norm = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        const double length = static_cast<double>(norm) * this->Direction;
        if (length != 0.0)
        {
          const float scale = static_cast<float>(1.0 / length);
          v[0] *= scale;
          v[1] *= scale;
          v[2] *= scale;
        }
      }
  }
  LOOM_EXEC Int32 MaxFan(Id begin, Id end) const
  {
    Int32 most = 0;
    for (Id i = begin; i < end; ++i)
      most = this->Fan[i] > most ? this->Fan[i] : most;
    return most;
  }
};

/// One thread per leading cell (vertices, lines): VTK's (1, 0, 0).
struct LeadingNormals
{
  float* Normals;
  LOOM_EXEC void operator()(Id c) const
  {
    this->Normals[3 * c] = 1.0f;
    this->Normals[3 * c + 1] = 0.0f;
    this->Normals[3 * c + 2] = 0.0f;
  }
};

/// The orderings of the components marked for the host: VTK's breadth-first traversal from each one's
/// smallest polygon, on the host (flip flags of the other polygons untouched). Returns how many components.
template <typename T>
Id TraverseOnHost(const Polygons<T>& P, Id cells, bool nonManifold, bool flipAll, const Id* root,
                  const UInt8* irregularRoot, UInt8* flip)
{
  std::vector<char> visited(static_cast<std::size_t>(cells), 0);
  std::vector<Id> wave, next, points, neighbours;
  auto current = [&](Id c, std::vector<Id>& out) {
    const Id n = P.Size(c);
    out.resize(static_cast<std::size_t>(n));
    for (Id k = 0; k < n; ++k)
      out[static_cast<std::size_t>(Polygons<T>::Ordered(flip[c] != 0, n, k))] = P.Point(c, k);
  };
  for (Id c = 0; c < cells; ++c) // the traversal starts from the input's orderings
    if (irregularRoot[root[c]])
      flip[c] = 0;
  Id components = 0;
  for (Id seed = 0; seed < cells; ++seed)
  {
    if (!irregularRoot[root[seed]] || visited[static_cast<std::size_t>(seed)])
      continue;
    ++components;
    flip[seed] = flipAll ? 1 : 0;
    visited[static_cast<std::size_t>(seed)] = 1;
    wave.assign(1, seed);
    while (!wave.empty())
    {
      next.clear();
      for (const Id c : wave)
      {
        current(c, points);
        const std::vector<Id> own = points;
        const Id n = static_cast<Id>(own.size());
        for (Id j = 0; j < n; ++j)
        {
          const Id a = own[static_cast<std::size_t>(j)], b = own[static_cast<std::size_t>((j + 1) % n)];
          neighbours.clear();
          P.EdgeNeighbors(c, a, b, [&](Id d, Id) { neighbours.push_back(d); });
          if (neighbours.size() != 1 && !nonManifold)
            continue;
          for (const Id d : neighbours)
          {
            if (visited[static_cast<std::size_t>(d)])
              continue;
            current(d, points);
            const Id m = static_cast<Id>(points.size());
            Id l = 0;
            while (l < m && points[static_cast<std::size_t>(l)] != b)
              ++l;
            if (m == 0 || points[static_cast<std::size_t>((l + 1) % m)] != a)
              flip[d] = flip[d] ? 0 : 1;
            visited[static_cast<std::size_t>(d)] = 1;
            next.push_back(d);
          }
        }
      }
      wave.swap(next);
    }
  }
  return components;
}

/// The passes on device `Tag`, for connectivity of type T.
template <typename Tag, typename T>
struct NormalPasses : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::Read;
  using Pointers::Write;

  static SurfaceNormalsResult Run(const loom::cont::ArrayHandle<T>& offsets, const loom::cont::ArrayHandle<T>& conn,
                                  Id numberOfPoints, const FieldArray& points, const SurfaceNormalsOptions& options,
                                  loom::cont::DeviceId device)
  {
    const Id cells = offsets.GetNumberOfValues() - 1;
    // VTK's links (each point's cells in increasing order, a cell once per use), built on the host
    const loom::cont::internal::ReverseConnectivity links =
      loom::cont::internal::BuildReverseConnectivity(offsets, conn, numberOfPoints, device);
    Polygons<T> P{ Read(offsets), Read(conn), Read(links.Offsets), Read(links.CellIds) };
    SurfaceNormalsResult out;

    // 1. consistent ordering
    loom::cont::ArrayHandle<UInt8> flip;
    if (options.Consistency && cells > 0)
    {
      loom::cont::ArrayHandle<Id> word, root;
      loom::cont::ArrayHandle<UInt8> irregular, irregularRoot;
      Id* w = Write(word, cells);
      Algorithm::Schedule(IdentityWords{ w }, cells);
      UInt8* marks = Write(irregular, cells);
      Algorithm::Schedule(Fill<UInt8>{ marks, 0 }, cells);
      UInt8* rootMarks = Write(irregularRoot, cells);
      Algorithm::Schedule(Fill<UInt8>{ rootMarks, 0 }, cells);
      loom::cont::ArrayHandle<UInt8> regular;
      Algorithm::Schedule(MarkRegular<T>{ P, Write(regular, cells) }, cells);
      Pointers::RunBlocks(JoinPolygons<T>{ P, Read(regular), options.NonManifoldTraversal, w, marks }, cells, 1);
      Algorithm::Schedule(ResolvePolygons{ w, Read(irregular), options.FlipNormals, Write(root, cells),
                                           Write(flip, cells), rootMarks },
                          cells);
      const UInt8* anyMarks = irregular.ReadPortal().GetArray();
      bool any = false;
      for (Id c = 0; c < cells && !any; ++c)
        any = anyMarks[c] != 0;
      if (any)
      {
        const Polygons<T> host{ offsets.ReadPortal().GetArray(), conn.ReadPortal().GetArray(),
                                links.Offsets.ReadPortal().GetArray(), links.CellIds.ReadPortal().GetArray() };
        out.SequentialComponents =
          TraverseOnHost(host, cells, options.NonManifoldTraversal, options.FlipNormals,
                         root.ReadPortal().GetArray(), irregularRoot.ReadPortal().GetArray(), flip.GetPointer());
        P = Polygons<T>{ Read(offsets), Read(conn), Read(links.Offsets), Read(links.CellIds) };
      }
      const UInt8* f = flip.ReadPortal().GetArray();
      for (Id c = 0; c < cells; ++c)
        out.Flipped += f[c];
    }
    const UInt8* flips = flip.GetNumberOfValues() > 0 ? Read(flip) : nullptr;

    // 2. the ordered polygons and their normals
    loom::cont::ArrayHandle<T> ordered;
    T* orderedOut = Write(ordered, conn.GetNumberOfValues());
    Algorithm::Schedule(OrderPolygons<T>{ P, flips, orderedOut }, cells);
    // (written in place in the cell-normal array when it is asked for, after the leading cells' (1, 0, 0))
    loom::cont::ArrayHandle<float> own;
    float* normals;
    if (options.ComputeCellNormals)
    {
      out.CellNormals = FieldArray::Allocate(ValueKind::Float32, options.LeadingCells + cells, 3);
      float* to = PortalOn<Tag, Float32>(out.CellNormals, true).Pointers[0];
      Algorithm::Schedule(LeadingNormals{ to }, options.LeadingCells);
      normals = to + 3 * options.LeadingCells;
    }
    else
      normals = Write(own, 3 * cells);
    Algorithm::Schedule(PolygonNormals<T>{ Read(offsets), Read(ordered), PointsOnDeviceOf<Tag>(points), normals },
                        cells);

    // 3. fans and new points
    loom::cont::ArrayHandle<Int32> fan;
    loom::cont::ArrayHandle<Id> extra, first;
    Id added = 0;
    if (options.Splitting)
    {
      const double cosine = std::cos(options.FeatureAngle * 0.017453292519943295);
      Pointers::RunBlocks(FindFans<T>{ P, normals, cosine, Write(fan, links.CellIds.GetNumberOfValues()),
                                       Write(extra, numberOfPoints) },
                          numberOfPoints, 4);
      added = Algorithm::ScanExclusive(extra, first, numberOfPoints) - numberOfPoints; // first new point: after the input's
    }
    out.NumberOfPoints = numberOfPoints + added;
    loom::cont::ArrayHandle<Id> pointIds; // when points split: every output point's input point
    Id* idsOut = added > 0 ? Write(pointIds, out.NumberOfPoints) : nullptr;
    float* pointNormals = nullptr;
    if (options.ComputePointNormals)
    {
      out.PointNormals = FieldArray::Allocate(ValueKind::Float32, out.NumberOfPoints, 3);
      pointNormals = PortalOn<Tag, Float32>(out.PointNormals, true).Pointers[0];
    }
    if (options.ComputePointNormals || added > 0)
      Pointers::RunBlocks(SplitAndSum<T>{ P, added > 0 ? Read(fan) : nullptr, added > 0 ? Read(first) : nullptr, flips,
                                          normals, options.FlipNormals && !options.Consistency ? -1.0 : 1.0,
                                          Pointers::InPlace(ordered), idsOut, pointNormals },
                          numberOfPoints, 4);
    if (added > 0)
      out.PointIds = pointIds;
    out.Polygons.Set(offsets, ordered);
    return out;
  }

  struct IdentityWords
  {
    Id* Word;
    LOOM_EXEC void operator()(Id c) const { this->Word[c] = c * 2; }
  };
};
LOOM_UNIT_NAMESPACE_END
} // namespace normals
} // namespace algorithms
} // namespace loom
