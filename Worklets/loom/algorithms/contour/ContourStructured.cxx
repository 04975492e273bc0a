// Loom algorithms, contour family: the structured path, in the manner of flying edges. Per isovalue:
//  1. per row of points: the case of every x-edge (bit 0: left point at or above the isovalue, bit 1:
//     right point), the number of crossed x-edges and where the first and last are;
//  2. per row of points: its crossed y- and z-edges and the triangles of the row of cells above it,
//     looking only between the trim bounds of the rows involved (outside them every row is constant);
//  3. exclusive scans of points and triangles per row;
//  4. per row: its points (x-, then y-, then z-edges, in x order) and the triangles of its row of
//     cells, whose point ids come from running counts of crossed edges: every point is made once and
//     shared, with no search and no sort;
//  5. only where a point's value equals an isovalue (noticed in pass 1): the points of the edges that
//     reach such a point are welded into one and the triangles that collapse are dropped, as marching
//     cells does (WeldOnVertices).
#include <loom/algorithms/contour/ContourImpl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace contour
{
namespace
{
struct RowInfo
{
  Id XCount = 0;
  Id First = 0; // first crossed x-edge (NumberOfXEdges when none)
  Id End = 0;   // one past the last crossed x-edge (0 when none)
  UInt8 LeftState = 0;
  UInt8 RightState = 0;
};

struct RowCounts
{
  Id Y = 0, Z = 0, Triangles = 0;
};

// Cells [begin, end) of a row of x-edges outside which the given rows are all constant and equal.
struct Range
{
  Id Begin, End;
};
template <int N>
LOOM_EXEC inline Range TrimRange(const RowInfo* const (&rows)[N], Id edges)
{
  Id b = edges, e = 0;
  bool leftDiffers = false, rightDiffers = false;
  for (int q = 0; q < N; ++q)
  {
    b = std::min(b, rows[q]->First);
    e = std::max(e, rows[q]->End);
    leftDiffers = leftDiffers || rows[q]->LeftState != rows[0]->LeftState;
    rightDiffers = rightDiffers || rows[q]->RightState != rows[0]->RightState;
  }
  if (leftDiffers)
    b = 0;
  if (rightDiffers)
    e = edges;
  return Range{ b, std::max(b, e) };
}

// State (at or above) of point p of a row, from its x-edge cases.
LOOM_EXEC inline UInt8 PointState(const UInt8* xc, Id p, Id edges)
{
  return p < edges ? (xc[p] & 1u) : (xc[edges - 1] >> 1);
}

// True when the 8 cells from i on have the case 0 or 255 in all four rows (nothing to do there): the
// four rows' edge cases are all 0 or all 3.
LOOM_EXEC inline bool EightCellsEmpty(const UInt8* x0, const UInt8* x1, const UInt8* x2, const UInt8* x3, Id i)
{
  UInt64 a, b, c, d;
  std::memcpy(&a, x0 + i, 8);
  std::memcpy(&b, x1 + i, 8);
  std::memcpy(&c, x2 + i, 8);
  std::memcpy(&d, x3 + i, 8);
  const UInt64 any = a | b | c | d, all = a & b & c & d;
  return any == 0 || all == 0x0303030303030303ull;
}

// Bit 0 of each of 8 bytes: the states of points [p, p + 8) of a row (p + 8 <= edges).
LOOM_EXEC inline UInt64 EightStates(const UInt8* xc, Id p)
{
  UInt64 v;
  std::memcpy(&v, xc + p, 8);
  return v & 0x0101010101010101ull;
}

// Points p in [begin, end] whose state differs between two rows: how many.
LOOM_EXEC inline Id CountDiffering(const UInt8* xa, const UInt8* xb, Id begin, Id end, Id edges)
{
  Id count = 0, p = begin;
  for (; p + 8 <= end + 1 && p + 8 <= edges; p += 8)
    count += __builtin_popcountll(EightStates(xa, p) ^ EightStates(xb, p));
  for (; p <= end; ++p)
    count += PointState(xa, p, edges) ^ PointState(xb, p, edges);
  return count;
}

// Calls f(p) for those points, in increasing order.
template <typename F>
LOOM_EXEC inline void ForEachDiffering(const UInt8* xa, const UInt8* xb, Id begin, Id end, Id edges, F&& f)
{
  Id p = begin;
  for (; p + 8 <= end + 1 && p + 8 <= edges; p += 8)
  {
    for (UInt64 d = EightStates(xa, p) ^ EightStates(xb, p); d; d &= d - 1)
      f(p + (__builtin_ctzll(d) >> 3));
  }
  for (; p <= end; ++p)
    if (PointState(xa, p, edges) != PointState(xb, p, edges))
      f(p);
}

struct HexTable
{
  UInt8 Count[256];
  const UInt16* Offsets;
  const UInt8* Edges;
};

HexTable MakeHexTable(ContourOptions::Grid grid)
{
  const ShapeTable& hex = GetTables().Shapes[StructuredTableSlot(3, grid)];
  HexTable t;
  for (int c = 0; c < 256; ++c)
    t.Count[c] = static_cast<UInt8>((hex.CaseOffsets[c + 1] - hex.CaseOffsets[c]) / 3);
  t.Offsets = hex.CaseOffsets;
  t.Edges = hex.CaseEdges;
  return t;
}

// The x-edge case pair of row 1 and row 3 enter the hexahedron's vertex bits swapped (vertex 3 is
// at i, vertex 2 at i + 1; 7 at i, 6 at i + 1).
LOOM_EXEC inline unsigned CellCase(UInt8 c0, UInt8 c1, UInt8 c2, UInt8 c3)
{
  const unsigned s1 = ((c1 & 1u) << 1) | (c1 >> 1);
  const unsigned s3 = ((c3 & 1u) << 1) | (c3 >> 1);
  return c0 | (s1 << 2) | (c2 << 4) | (s3 << 6);
}

template <typename T>
struct Isovalue
{
  loom::cont::ArrayHandle<UInt8> XCases; // not zero-filled; large ones on huge pages
  std::vector<RowInfo> Rows;
  std::vector<RowCounts> Counts;
  std::vector<Id> PointOffsets, TriangleOffsets;
  Id Points = 0, Triangles = 0;
  std::vector<UInt8> OnIso; // rows holding a point whose value is the isovalue
  bool Weld = false;
};
// Pass 5, only for an isovalue that some point's value equals. The points made on the edges that end
// at such an input point (weight 0 or 1) are that input point: the first made stands for the others,
// triangles that then repeat a point are dropped, and points no triangle uses any more are removed.
// A point made by row g is used only by the triangles of the cell rows g, g - 1, g - ny and
// g - ny - 1, so the work stays near those points: emptied point and triangle slots are filled from
// the end of the isovalue's ranges, and `PointsLost`/`TrianglesLost` say how much each range shrank.
struct WeldGrid
{
  Id Rows, NX, NY, NZ;
  Id PointBase, TriangleBase; // where this isovalue's points and triangles start in the result
};
struct WeldLoss
{
  Id PointsLost = 0, TrianglesLost = 0;
};

template <typename Value>
WeldLoss WeldOnVertices(ContourResult& r, const WeldGrid& g, const std::vector<Id>& pointOffsets,
                        const std::vector<Id>& triangleOffsets, const std::vector<UInt8>& onIso, double iso,
                        Value&& value, loom::cont::DeviceId device)
{
  Id* a = r.Points.A.GetPointer();
  Id* b = r.Points.B.GetPointer();
  Float64* w = r.Points.Weight.GetPointer();
  Id* conn = r.Connectivity.GetPointer();
  Id* sources = r.SourceCells.GetNumberOfValues() ? r.SourceCells.GetPointer() : nullptr;
  // The cell rows whose triangles may use the points of generating row `row`.
  auto cellRowsUsing = [&](Id row, std::vector<Id>& out) {
    const Id j = row % g.NY, k = row / g.NY;
    for (int dk = 0; dk <= 1; ++dk)
      for (int dj = 0; dj <= 1; ++dj)
        if (j - dj >= 0 && j - dj + 1 < g.NY && k - dk >= 0 && k - dk + 1 < g.NZ)
          out.push_back(row - dj - dk * g.NY);
  };
  auto rowOfPoint = [&](Id p) {
    const auto it = std::upper_bound(pointOffsets.begin(), pointOffsets.end(), p - g.PointBase);
    return static_cast<Id>(it - pointOffsets.begin()) - 1;
  };
  // The cell rows whose triangles may use contour point p: for a point standing for an input point
  // (A == B), the cells around that input point (those of the cell rows cellRowsUsing gives for the
  // input point's own row); for any other point, the cells around its edge, near the row that made it.
  // (`made` is the id the point was made with, `at` where its values are now.)
  auto cellRowsNear = [&](Id made, Id at, std::vector<Id>& out) {
    cellRowsUsing(a[at] == b[at] ? a[at] / g.NX : rowOfPoint(made), out);
  };

  // The rows that can make points on the isovalue's points: those holding such points and the rows
  // before them in y and z.
  std::vector<Id> rows;
  for (Id row = 0; row < g.Rows; ++row)
  {
    const Id j = row % g.NY, k = row / g.NY;
    if (onIso[static_cast<std::size_t>(row)] || (j + 1 < g.NY && onIso[static_cast<std::size_t>(row + 1)]) ||
        (k + 1 < g.NZ && onIso[static_cast<std::size_t>(row + g.NY)]))
      rows.push_back(row);
  }
  std::vector<std::pair<Id, Id>> on; // (input point, contour point)
  for (Id row : rows)
    for (Id p = g.PointBase + pointOffsets[static_cast<std::size_t>(row)],
            end = g.PointBase + pointOffsets[static_cast<std::size_t>(row) + 1];
         p < end; ++p)
      if (w[p] == 0.0 || w[p] == 1.0)
      {
        const Id vertex = value(a[p]) == iso ? a[p] : (value(b[p]) == iso ? b[p] : -1);
        if (vertex >= 0)
          on.emplace_back(vertex, p);
      }
  WeldLoss loss;
  if (on.empty())
    return loss;
  std::sort(on.begin(), on.end());
  std::unordered_map<Id, Id> standsFor; // welded point -> the point standing for it
  std::vector<Id> holes;                // points to remove
  for (std::size_t q = 0; q < on.size(); ++q)
  {
    if (q == 0 || on[q].first != on[q - 1].first)
    {
      a[on[q].second] = b[on[q].second] = on[q].first; // the standing point is its input point
      w[on[q].second] = 0.0;
    }
    else
    {
      standsFor[on[q].second] = standsFor.count(on[q - 1].second) ? standsFor[on[q - 1].second] : on[q - 1].second;
      holes.push_back(on[q].second);
    }
  }
  // The cell rows to visit, and in them the triangles that use a welded point.
  std::vector<Id> cellRows;
  for (Id row : rows)
    cellRowsUsing(row, cellRows);
  std::sort(cellRows.begin(), cellRows.end());
  cellRows.erase(std::unique(cellRows.begin(), cellRows.end()), cellRows.end());
  std::mutex mutex;
  std::vector<Id> collapsed;
  ForEach(device, static_cast<Id>(cellRows.size()), 16, [&](Id q) {
    const Id row = cellRows[static_cast<std::size_t>(q)];
    std::vector<Id> found;
    for (Id t = g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row)];
         t < g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row) + 1]; ++t)
    {
      Id* c = conn + 3 * t;
      for (int e = 0; e < 3; ++e)
      {
        const auto it = standsFor.find(c[e]);
        if (it != standsFor.end())
          c[e] = it->second;
      }
      if (c[0] == c[1] || c[1] == c[2] || c[0] == c[2])
        found.push_back(t);
    }
    if (!found.empty())
    {
      std::lock_guard<std::mutex> lock(mutex);
      collapsed.insert(collapsed.end(), found.begin(), found.end());
    }
  });
  std::sort(collapsed.begin(), collapsed.end());
  // Points of dropped triangles that no kept triangle uses go too.
  if (!collapsed.empty())
  {
    std::vector<Id> maybe;
    for (Id t : collapsed)
      maybe.insert(maybe.end(), conn + 3 * t, conn + 3 * t + 3);
    std::sort(maybe.begin(), maybe.end());
    maybe.erase(std::unique(maybe.begin(), maybe.end()), maybe.end());
    std::vector<Id> near;
    for (Id p : maybe)
      cellRowsNear(p, p, near);
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    std::vector<UInt8> used(maybe.size(), 0);
    for (Id row : near)
      for (Id t = g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row)];
           t < g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row) + 1]; ++t)
        if (!std::binary_search(collapsed.begin(), collapsed.end(), t))
          for (int e = 0; e < 3; ++e)
          {
            const auto it = std::lower_bound(maybe.begin(), maybe.end(), conn[3 * t + e]);
            if (it != maybe.end() && *it == conn[3 * t + e])
              used[static_cast<std::size_t>(it - maybe.begin())] = 1;
          }
    for (std::size_t q = 0; q < maybe.size(); ++q)
      if (!used[q])
        holes.push_back(maybe[q]);
  }
  // Point holes filled from the end of the range; the triangles using a moved point renumbered.
  std::sort(holes.begin(), holes.end());
  Id end = g.PointBase + pointOffsets.back();
  std::vector<std::pair<Id, Id>> moved; // (old id, new id)
  for (auto h = holes.begin(), last = holes.end(); h != last; ++h)
  {
    --end;
    while (last != h && *(last - 1) == end) // the last point is itself a hole: drop it
    {
      --last;
      if (last == h)
        break;
      --end;
    }
    if (last == h)
      break;
    a[*h] = a[end];
    b[*h] = b[end];
    w[*h] = w[end];
    moved.emplace_back(end, *h);
  }
  loss.PointsLost = static_cast<Id>(holes.size());
  if (!moved.empty())
  {
    std::sort(moved.begin(), moved.end());
    std::vector<Id> near;
    for (const auto& m : moved)
      cellRowsNear(m.first, m.second, near);
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    for (Id row : near)
      for (Id t = g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row)];
           t < g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row) + 1]; ++t)
        for (int e = 0; e < 3; ++e)
        {
          const auto it = std::lower_bound(moved.begin(), moved.end(), std::make_pair(conn[3 * t + e], Id(-1)));
          if (it != moved.end() && it->first == conn[3 * t + e])
            conn[3 * t + e] = it->second;
        }
  }
  // Dropped triangles' slots filled from the end of the isovalue's triangles.
  Id lastTriangle = g.TriangleBase + triangleOffsets.back();
  for (auto it = collapsed.rbegin(); it != collapsed.rend(); ++it)
  {
    --lastTriangle;
    if (*it != lastTriangle)
    {
      std::copy(conn + 3 * lastTriangle, conn + 3 * lastTriangle + 3, conn + 3 * *it);
      if (sources)
        sources[*it] = sources[lastTriangle];
    }
  }
  loss.TrianglesLost = static_cast<Id>(collapsed.size());
  return loss;
}
} // namespace

template <typename T>
bool ContourStructured3D(const Id3& dims, const T* field, const ContourOptions& options, ContourResult& result)
{
  const Id nx = dims[0], ny = dims[1], nz = dims[2];
  const Id edges = nx - 1;
  const Id rows = ny * nz;
  const Id nxy = nx * ny;
  const HexTable table = MakeHexTable(options.StructuredFrom);
  const loom::cont::DeviceId device = options.Device;
  const std::size_t values = options.IsoValues.size();
  std::vector<Isovalue<T>> iso(values);
  const Id rowGrain = std::max<Id>(1, 8192 / std::max<Id>(1, nx));

  for (std::size_t v = 0; v < values; ++v)
  {
    Isovalue<T>& s = iso[v];
    const double value = options.IsoValues[v];
    s.XCases.Allocate(edges * rows);
    s.Rows.resize(static_cast<std::size_t>(rows));
    s.Counts.resize(static_cast<std::size_t>(rows));
    UInt8* xcases = s.XCases.GetPointer();
    RowInfo* info = s.Rows.data();
    std::vector<UInt8> badRows(v == 0 ? static_cast<std::size_t>(rows) : 0, 0);
    UInt8* bad = badRows.data();
    const bool checkFinite = std::is_floating_point<T>::value && v == 0;
    s.OnIso.assign(static_cast<std::size_t>(rows), 0);
    UInt8* onIso = s.OnIso.data();

    // Pass 1. The comparison runs in T: for float fields the isovalue is rounded up to the smallest
    // float not below it, which keeps `value >= isovalue` exact and lets the loops vectorize.
    T threshold = static_cast<T>(value);
    if (static_cast<double>(threshold) < value)
      threshold = std::nextafter(threshold, std::numeric_limits<T>::infinity());
    // Points whose value is the isovalue (possible only when T holds it exactly) make points on
    // vertices, which several edges share: this path numbers points per edge, so pass 5 welds them.
    const bool exact = static_cast<double>(threshold) == value;
    ForEach(device, rows, rowGrain, nx, [=](Id r) {
      const T* f = field + r * nx;
      UInt8* xc = xcases + r * edges;
      Id count = 0;
      // In blocks through a small buffer of point states, so that both loops vectorize.
      constexpr Id block = 1024;
      UInt8 above[block + 1];
      for (Id base = 0; base < edges; base += block)
      {
        const Id m = std::min(block, edges - base);
        UInt8 hit = 0; // a point on the isovalue (meaningful when `exact`)
        for (Id q = 0; q <= m; ++q)
        {
          above[q] = f[base + q] >= threshold;
          hit |= f[base + q] == threshold;
        }
        unsigned crossed = 0;
        for (Id q = 0; q < m; ++q)
        {
          xc[base + q] = static_cast<UInt8>(above[q] | (above[q + 1] << 1));
          crossed += above[q] ^ above[q + 1];
        }
        count += crossed;
        onIso[r] |= exact ? hit : UInt8(0);
      }
      if (checkFinite)
      {
        bool finite = true;
        for (Id i = 0; i < nx; ++i)
          finite &= (f[i] - f[i]) == T(0);
        bad[r] = !finite;
      }
      RowInfo ri;
      ri.XCount = count;
      ri.LeftState = xc[0] & 1u;
      ri.RightState = xc[edges - 1] >> 1;
      ri.First = edges;
      ri.End = 0;
      if (count > 0)
      {
        Id a = 0;
        while (xc[a] == 0 || xc[a] == 3)
          ++a;
        Id b = edges;
        while (xc[b - 1] == 0 || xc[b - 1] == 3)
          --b;
        ri.First = a;
        ri.End = b;
      }
      info[r] = ri;
    });
    if (checkFinite && std::find(badRows.begin(), badRows.end(), 1) != badRows.end())
      return false;
    s.Weld = exact && std::find(s.OnIso.begin(), s.OnIso.end(), 1) != s.OnIso.end();

    // Pass 2.
    RowCounts* counts = s.Counts.data();
    ForEach(device, rows, rowGrain, nx, [=](Id r) {
      const Id j = r % ny, k = r / ny;
      RowCounts rc;
      const UInt8* x0 = xcases + r * edges;
      if (j + 1 < ny)
      {
        const RowInfo* pair[2] = { &info[r], &info[r + 1] };
        const Range range = TrimRange(pair, edges);
        const UInt8* x1 = x0 + edges;
        if (range.End > range.Begin)
          rc.Y = CountDiffering(x0, x1, range.Begin, range.End, edges);
      }
      if (k + 1 < nz)
      {
        const RowInfo* pair[2] = { &info[r], &info[r + ny] };
        const Range range = TrimRange(pair, edges);
        const UInt8* x2 = x0 + ny * edges;
        if (range.End > range.Begin)
          rc.Z = CountDiffering(x0, x2, range.Begin, range.End, edges);
      }
      if (j + 1 < ny && k + 1 < nz)
      {
        const RowInfo* quad[4] = { &info[r], &info[r + 1], &info[r + ny], &info[r + ny + 1] };
        const Range range = TrimRange(quad, edges);
        const UInt8* x1 = x0 + edges;
        const UInt8* x2 = x0 + ny * edges;
        const UInt8* x3 = x2 + edges;
        Id tris = 0;
        for (Id i = range.Begin; i < range.End;)
        {
          if (i + 8 <= range.End && EightCellsEmpty(x0, x1, x2, x3, i))
          {
            i += 8;
            continue;
          }
          tris += table.Count[CellCase(x0[i], x1[i], x2[i], x3[i])];
          ++i;
        }
        rc.Triangles = tris;
      }
      counts[r] = rc;
    });

    // Pass 3 (rows are few: a serial scan).
    s.PointOffsets.resize(static_cast<std::size_t>(rows) + 1);
    s.TriangleOffsets.resize(static_cast<std::size_t>(rows) + 1);
    Id p = 0, t = 0;
    for (Id r = 0; r < rows; ++r)
    {
      s.PointOffsets[static_cast<std::size_t>(r)] = p;
      s.TriangleOffsets[static_cast<std::size_t>(r)] = t;
      p += info[r].XCount + counts[r].Y + counts[r].Z;
      t += counts[r].Triangles;
    }
    s.PointOffsets[static_cast<std::size_t>(rows)] = p;
    s.TriangleOffsets[static_cast<std::size_t>(rows)] = t;
    s.Points = p;
    s.Triangles = t;
  }

  // One allocation for every isovalue.
  Id totalPoints = 0, totalTriangles = 0;
  result.PointStarts.assign(1, 0);
  for (const auto& s : iso)
  {
    totalPoints += s.Points;
    totalTriangles += s.Triangles;
    result.PointStarts.push_back(totalPoints);
  }
  result.PrimitiveSize = 3;
  result.Points.A.Allocate(totalPoints);
  result.Points.B.Allocate(totalPoints);
  result.Points.Weight.Allocate(totalPoints);
  result.Connectivity.Allocate(totalTriangles * 3);
  if (options.SourceCells)
    result.SourceCells.Allocate(totalTriangles);
  Id* outA = result.Points.A.GetPointer();
  Id* outB = result.Points.B.GetPointer();
  Float64* outW = result.Points.Weight.GetPointer();
  Id* conn = result.Connectivity.GetPointer();
  Id* sourceCells = options.SourceCells ? result.SourceCells.GetPointer() : nullptr;

  Id pointBase = 0, triangleBase = 0;
  for (std::size_t v = 0; v < values; ++v)
  {
    const Isovalue<T>& s = iso[v];
    const double value = options.IsoValues[v];
    const UInt8* xcases = s.XCases.GetPointer();
    const RowInfo* info = s.Rows.data();
    const RowCounts* counts = s.Counts.data();
    const Id* pointOffsets = s.PointOffsets.data();
    const Id* triangleOffsets = s.TriangleOffsets.data();

    // Pass 4.
    ForEach(device, rows, rowGrain, nx, [=](Id r) {
      const Id j = r % ny, k = r / ny;
      const T* f = field + r * nx;
      const UInt8* x0 = xcases + r * edges;
      const Id rowPoint = r * nx;
      // This row's points.
      Id out = pointBase + pointOffsets[r];
      for (Id i = info[r].First; i < info[r].End; ++i)
      {
        if (x0[i] == 1 || x0[i] == 2)
        {
          outA[out] = rowPoint + i;
          outB[out] = rowPoint + i + 1;
          outW[out] = EdgeWeight(f[i], f[i + 1], value);
          ++out;
        }
      }
      for (int axis = 0; axis < 2; ++axis)
      {
        const Id step = axis == 0 ? 1 : ny;
        if ((axis == 0 && j + 1 >= ny) || (axis == 1 && k + 1 >= nz))
          continue;
        const RowInfo* pair[2] = { &info[r], &info[r + step] };
        const Range range = TrimRange(pair, edges);
        if (range.End <= range.Begin)
          continue;
        const UInt8* xo = x0 + step * edges;
        const T* fo = field + (r + step) * nx;
        const Id offset = step * nx;
        ForEachDiffering(x0, xo, range.Begin, range.End, edges, [&](Id p) {
          outA[out] = rowPoint + p;
          outB[out] = rowPoint + p + offset;
          outW[out] = EdgeWeight(f[p], fo[p], value);
          ++out;
        });
      }
      if (j + 1 >= ny || k + 1 >= nz)
        return;

      // The row of cells above: ids from running counts.
      const RowInfo* quad[4] = { &info[r], &info[r + 1], &info[r + ny], &info[r + ny + 1] };
      const Range range = TrimRange(quad, edges);
      const UInt8* x1 = x0 + edges;
      const UInt8* x2 = x0 + ny * edges;
      const UInt8* x3 = x2 + edges;
      const Id r1 = r + 1, r2 = r + ny, r3 = r + ny + 1;
      // Bases of the x-, y- and z-edge points of the rows involved.
      const Id xb0 = pointBase + pointOffsets[r], xb1 = pointBase + pointOffsets[r1];
      const Id xb2 = pointBase + pointOffsets[r2], xb3 = pointBase + pointOffsets[r3];
      const Id yb0 = xb0 + info[r].XCount, yb2 = xb2 + info[r2].XCount;
      const Id zb0 = yb0 + counts[r].Y, zb1 = xb1 + info[r1].XCount + counts[r1].Y;
      Id cx0 = 0, cx1 = 0, cx2 = 0, cx3 = 0, cy0 = 0, cy2 = 0, cz0 = 0, cz1 = 0;
      Id tri = triangleBase + triangleOffsets[r];
      const Id cellRow = (j + k * (ny - 1)) * edges;
      for (Id i = range.Begin; i < range.End; ++i)
      {
        // Runs of empty cells change no count.
        while (i + 8 <= range.End && EightCellsEmpty(x0, x1, x2, x3, i))
          i += 8;
        if (i >= range.End)
          break;
        const unsigned c = CellCase(x0[i], x1[i], x2[i], x3[i]);
        const unsigned v0 = c & 1u, v1 = (c >> 1) & 1u, v2 = (c >> 2) & 1u, v3 = (c >> 3) & 1u;
        const unsigned v4 = (c >> 4) & 1u, v5 = (c >> 5) & 1u, v6 = (c >> 6) & 1u, v7 = (c >> 7) & 1u;
        if (table.Count[c])
        {
          Id ids[12];
          ids[0] = xb0 + cx0;
          ids[2] = xb1 + cx1;
          ids[4] = xb2 + cx2;
          ids[6] = xb3 + cx3;
          ids[3] = yb0 + cy0;
          ids[1] = ids[3] + (v0 ^ v3);
          ids[7] = yb2 + cy2;
          ids[5] = ids[7] + (v4 ^ v7);
          ids[8] = zb0 + cz0;
          ids[9] = ids[8] + (v0 ^ v4);
          ids[10] = zb1 + cz1;
          ids[11] = ids[10] + (v3 ^ v7);
          const UInt8* e = table.Edges + table.Offsets[c];
          const UInt8* eEnd = table.Edges + table.Offsets[c + 1];
          for (; e < eEnd; e += 3, ++tri)
          {
            conn[3 * tri] = ids[e[0]];
            conn[3 * tri + 1] = ids[e[1]];
            conn[3 * tri + 2] = ids[e[2]];
            if (sourceCells)
              sourceCells[tri] = cellRow + i;
          }
        }
        cx0 += v0 ^ v1;
        cx1 += v3 ^ v2;
        cx2 += v4 ^ v5;
        cx3 += v7 ^ v6;
        cy0 += v0 ^ v3;
        cy2 += v4 ^ v7;
        cz0 += v0 ^ v4;
        cz1 += v3 ^ v7;
      }
    });
    pointBase += s.Points;
    triangleBase += s.Triangles;
  }
  // Pass 5 where needed, then the ranges closed up (later isovalues' points and triangles moved down
  // over what earlier ones lost, their point ids shifted with them).
  Id pointBase5 = 0, triangleBase5 = 0, pointShift = 0, triangleShift = 0;
  Id* conn5 = result.Connectivity.GetPointer();
  for (std::size_t v = 0; v < values; ++v)
  {
    const Isovalue<T>& s = iso[v];
    WeldLoss loss;
    if (s.Weld)
      loss = WeldOnVertices(result, WeldGrid{ rows, nx, ny, nz, pointBase5, triangleBase5 }, s.PointOffsets,
                            s.TriangleOffsets, s.OnIso, options.IsoValues[v],
                            [=](Id p) { return static_cast<double>(field[p]); }, device);
    const Id keptPoints = s.Points - loss.PointsLost, keptTriangles = s.Triangles - loss.TrianglesLost;
    if (pointShift || triangleShift)
    {
      const Id from = pointBase5, to = pointBase5 - pointShift;
      std::copy(result.Points.A.GetPointer() + from, result.Points.A.GetPointer() + from + keptPoints,
                result.Points.A.GetPointer() + to);
      std::copy(result.Points.B.GetPointer() + from, result.Points.B.GetPointer() + from + keptPoints,
                result.Points.B.GetPointer() + to);
      std::copy(result.Points.Weight.GetPointer() + from, result.Points.Weight.GetPointer() + from + keptPoints,
                result.Points.Weight.GetPointer() + to);
      // Moved down in order (the ranges may overlap, so not in parallel).
      const Id t0 = triangleBase5, t1 = triangleBase5 - triangleShift;
      for (Id q = 0; q < 3 * keptTriangles; ++q)
        conn5[3 * t1 + q] = conn5[3 * t0 + q] - pointShift;
      if (sourceCells)
        std::copy(sourceCells + t0, sourceCells + t0 + keptTriangles, sourceCells + t1);
    }
    pointShift += loss.PointsLost;
    triangleShift += loss.TrianglesLost;
    pointBase5 += s.Points;
    triangleBase5 += s.Triangles;
    result.PointStarts[v + 1] = pointBase5 - pointShift;
  }
  if (pointShift || triangleShift)
  {
    result.Points.A = result.Points.A.View(0, pointBase5 - pointShift);
    result.Points.B = result.Points.B.View(0, pointBase5 - pointShift);
    result.Points.Weight = result.Points.Weight.View(0, pointBase5 - pointShift);
    result.Connectivity = result.Connectivity.View(0, 3 * (triangleBase5 - triangleShift));
    if (sourceCells)
      result.SourceCells = result.SourceCells.View(0, triangleBase5 - triangleShift);
  }
  return true;
}

template bool ContourStructured3D<Float32>(const Id3&, const Float32*, const ContourOptions&, ContourResult&);
template bool ContourStructured3D<Float64>(const Id3&, const Float64*, const ContourOptions&, ContourResult&);
} // namespace contour
} // namespace algorithms
} // namespace loom
