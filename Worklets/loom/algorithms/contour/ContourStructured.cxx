// Loom algorithms, contour family: the structured path, in the manner of flying edges. Per isovalue:
//  1. per row of points: the case of every x-edge (bit 0: left point at or above the isovalue, bit 1:
//     right point), the number of crossed x-edges and where the first and last are;
//  2. per row of points: its crossed y- and z-edges and the triangles of the row of cells above it,
//     looking only between the trim bounds of the rows involved (outside them every row is constant);
//  3. exclusive scans of points and triangles per row;
//  4. per row: its points (x-, then y-, then z-edges, in x order) and the triangles of its row of
//     cells, whose point ids come from running counts of crossed edges: every point is made once and
//     shared, with no search and no sort.
#include <loom/algorithms/contour/ContourImpl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
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

HexTable MakeHexTable()
{
  const ShapeTable& hex = GetTables().Shapes[CELL_SHAPE_HEXAHEDRON];
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
};
} // namespace

template <typename T>
bool ContourStructured3D(const Id3& dims, const T* field, const ContourOptions& options, ContourResult& result)
{
  const Id nx = dims[0], ny = dims[1], nz = dims[2];
  const Id edges = nx - 1;
  const Id rows = ny * nz;
  const Id nxy = nx * ny;
  const HexTable table = MakeHexTable();
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

    // Pass 1. The comparison runs in T: for float fields the isovalue is rounded up to the smallest
    // float not below it, which keeps `value >= isovalue` exact and lets the loops vectorize.
    T threshold = static_cast<T>(value);
    if (static_cast<double>(threshold) < value)
      threshold = std::nextafter(threshold, std::numeric_limits<T>::infinity());
    ForEach(device, rows, rowGrain, [=](Id r) {
      const T* f = field + r * nx;
      UInt8* xc = xcases + r * edges;
      Id count = 0;
      // In blocks through a small buffer of point states, so that both loops vectorize.
      constexpr Id block = 1024;
      UInt8 above[block + 1];
      for (Id base = 0; base < edges; base += block)
      {
        const Id m = std::min(block, edges - base);
        for (Id q = 0; q <= m; ++q)
          above[q] = f[base + q] >= threshold;
        unsigned crossed = 0;
        for (Id q = 0; q < m; ++q)
        {
          xc[base + q] = static_cast<UInt8>(above[q] | (above[q + 1] << 1));
          crossed += above[q] ^ above[q + 1];
        }
        count += crossed;
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

    // Pass 2.
    RowCounts* counts = s.Counts.data();
    ForEach(device, rows, rowGrain, [=](Id r) {
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
  Float32* outW = result.Points.Weight.GetPointer();
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
    ForEach(device, rows, rowGrain, [=](Id r) {
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
  return true;
}

template bool ContourStructured3D<Float32>(const Id3&, const Float32*, const ContourOptions&, ContourResult&);
template bool ContourStructured3D<Float64>(const Id3&, const Float64*, const ContourOptions&, ContourResult&);
} // namespace contour
} // namespace algorithms
} // namespace loom
