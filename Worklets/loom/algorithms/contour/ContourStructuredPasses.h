// Loom algorithms, contour family: the flying-edges passes of a 3D structured grid as functors over raw
// pointers, one call per row of points, written once for every device. The CPU path
// (ContourStructured.cxx) runs passes 2 and 4 from here and its own vectorized pass 1 and host scans;
// FlyingEdgesPasses runs all of them with a device's Schedule, Reduce and scans (ContourStructuredCuda.cu
// on the GPU; on the CPU devices in the tests, where it must give the CPU path's arrays exactly).
//
// A row r of points (j = r % ny, k = r / ny) owns its x-edges and the y- and z-edges to rows r + 1 and
// r + ny, and the row of cells between rows r, r + 1, r + ny and r + ny + 1. Its points are numbered
// x-edges, then y-edges, then z-edges, each in x order; its triangles follow its cells in x order.
#pragma once

#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/contour/ContourImpl.h>
#include <loom/cont/BinaryOperators.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace contour
{
LOOM_UNIT_NAMESPACE_BEGIN
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
    b = rows[q]->First < b ? rows[q]->First : b;
    e = rows[q]->End > e ? rows[q]->End : e;
    leftDiffers = leftDiffers || rows[q]->LeftState != rows[0]->LeftState;
    rightDiffers = rightDiffers || rows[q]->RightState != rows[0]->RightState;
  }
  if (leftDiffers)
    b = 0;
  if (rightDiffers)
    e = edges;
  return Range{ b, e > b ? e : b };
}

LOOM_EXEC inline int PopCount64(UInt64 x)
{
#ifdef __CUDA_ARCH__
  return __popcll(x);
#else
  return __builtin_popcountll(x);
#endif
}
LOOM_EXEC inline int TrailingZeros64(UInt64 x)
{
#ifdef __CUDA_ARCH__
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
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
    count += PopCount64(EightStates(xa, p) ^ EightStates(xb, p));
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
      f(p + (TrailingZeros64(d) >> 3));
  }
  for (; p <= end; ++p)
    if (PointState(xa, p, edges) != PointState(xb, p, edges))
      f(p);
}

// The x-edge case pair of row 1 and row 3 enter the hexahedron's vertex bits swapped (vertex 3 is
// at i, vertex 2 at i + 1; 7 at i, 6 at i + 1).
LOOM_EXEC inline unsigned CellCase(UInt8 c0, UInt8 c1, UInt8 c2, UInt8 c3)
{
  const unsigned s1 = ((c1 & 1u) << 1) | (c1 >> 1);
  const unsigned s3 = ((c3 & 1u) << 1) | (c3 >> 1);
  return c0 | (s1 << 2) | (c2 << 4) | (s3 << 6);
}

// The row's first and last crossed x-edges and its end states, from its cases and crossed count.
LOOM_EXEC inline RowInfo DescribeRow(const UInt8* xc, Id edges, Id count)
{
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
  return ri;
}

/// Pass 1 (the device version; the CPU path has a vectorized one giving the same cases): the case of every
/// x-edge of row r (bit 0: left point at or above Threshold, bit 1: right point), the row's RowInfo, and
/// two flags: a non-finite value in the row (when CheckFinite), a point equal to Threshold (when Exact).
template <typename T>
struct ClassifyRows
{
  const T* Field;
  T Threshold;
  Id NX, Edges;
  bool CheckFinite, Exact;
  UInt8* XCases;
  RowInfo* Info;
  UInt8* NotFinite;
  UInt8* OnIsovalue;
  LOOM_EXEC void operator()(Id r) const
  {
    const T* f = this->Field + r * this->NX;
    UInt8* xc = this->XCases + r * this->Edges;
    Id count = 0;
    UInt8 left = f[0] >= this->Threshold;
    bool hit = f[0] == this->Threshold, finite = (f[0] - f[0]) == T(0);
    for (Id q = 0; q < this->Edges; ++q)
    {
      const T value = f[q + 1];
      const UInt8 right = value >= this->Threshold;
      xc[q] = static_cast<UInt8>(left | (right << 1));
      count += left ^ right;
      left = right;
      hit = hit || value == this->Threshold;
      finite = finite && (value - value) == T(0);
    }
    this->Info[r] = DescribeRow(xc, this->Edges, count);
    this->NotFinite[r] = this->CheckFinite && !finite;
    this->OnIsovalue[r] = this->Exact && hit;
  }
};

/// Pass 2: the crossed y- and z-edges of row r and the triangles of its row of cells, looking only between
/// the trim bounds of the rows involved. `Points` and `Triangles` (optional) get the row's totals.
struct CountRows
{
  const UInt8* XCases;
  const RowInfo* Info;
  const Tables* CaseTables;
  int Slot;
  Id NY, NZ, Edges;
  RowCounts* Counts;
  Id* Points;
  Id* Triangles;
  LOOM_EXEC void operator()(Id r) const
  {
    const Id ny = this->NY, edges = this->Edges;
    const Id j = r % ny, k = r / ny;
    const UInt16* caseOffsets = this->CaseTables->Shapes[this->Slot].CaseOffsets;
    RowCounts rc;
    const UInt8* x0 = this->XCases + r * edges;
    if (j + 1 < ny)
    {
      const RowInfo* pair[2] = { &this->Info[r], &this->Info[r + 1] };
      const Range range = TrimRange(pair, edges);
      if (range.End > range.Begin)
        rc.Y = CountDiffering(x0, x0 + edges, range.Begin, range.End, edges);
    }
    if (k + 1 < this->NZ)
    {
      const RowInfo* pair[2] = { &this->Info[r], &this->Info[r + ny] };
      const Range range = TrimRange(pair, edges);
      if (range.End > range.Begin)
        rc.Z = CountDiffering(x0, x0 + ny * edges, range.Begin, range.End, edges);
    }
    if (j + 1 < ny && k + 1 < this->NZ)
    {
      const RowInfo* quad[4] = { &this->Info[r], &this->Info[r + 1], &this->Info[r + ny], &this->Info[r + ny + 1] };
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
        const unsigned c = CellCase(x0[i], x1[i], x2[i], x3[i]);
        tris += (caseOffsets[c + 1] - caseOffsets[c]) / 3;
        ++i;
      }
      rc.Triangles = tris;
    }
    this->Counts[r] = rc;
    if (this->Points)
      this->Points[r] = this->Info[r].XCount + rc.Y + rc.Z;
    if (this->Triangles)
      this->Triangles[r] = rc.Triangles;
  }
};

/// Pass 4: row r's points (x-, then y-, then z-edges, in x order) and the triangles of its row of cells,
/// whose point ids come from running counts of crossed edges: every point made once and shared. Point and
/// triangle offsets are the exclusive scans of the rows' totals; the bases place this isovalue's range in
/// the joined result.
template <typename T>
struct GenerateRows
{
  const T* Field;
  const UInt8* XCases;
  const RowInfo* Info;
  const RowCounts* Counts;
  const Id* PointOffsets;
  const Id* TriangleOffsets;
  const Tables* CaseTables;
  int Slot;
  Id NX, NY, NZ, Edges;
  double Value;
  Id PointBase, TriangleBase;
  Id* OutA;
  Id* OutB;
  Float64* OutW;
  Id* Conn;
  Id* SourceCells; // optional
  LOOM_EXEC void operator()(Id r) const
  {
    const Id nx = this->NX, ny = this->NY, edges = this->Edges;
    const Id j = r % ny, k = r / ny;
    const RowInfo* info = this->Info;
    const T* f = this->Field + r * nx;
    const UInt8* x0 = this->XCases + r * edges;
    const Id rowPoint = r * nx;
    // This row's points.
    Id out = this->PointBase + this->PointOffsets[r];
    for (Id i = info[r].First; i < info[r].End; ++i)
    {
      if (x0[i] == 1 || x0[i] == 2)
      {
        this->OutA[out] = rowPoint + i;
        this->OutB[out] = rowPoint + i + 1;
        this->OutW[out] = EdgeWeight(f[i], f[i + 1], this->Value);
        ++out;
      }
    }
    for (int axis = 0; axis < 2; ++axis)
    {
      const Id step = axis == 0 ? 1 : ny;
      if ((axis == 0 && j + 1 >= ny) || (axis == 1 && k + 1 >= this->NZ))
        continue;
      const RowInfo* pair[2] = { &info[r], &info[r + step] };
      const Range range = TrimRange(pair, edges);
      if (range.End <= range.Begin)
        continue;
      const UInt8* xo = x0 + step * edges;
      const T* fo = this->Field + (r + step) * nx;
      const Id offset = step * nx;
      ForEachDiffering(x0, xo, range.Begin, range.End, edges, [&](Id p) {
        this->OutA[out] = rowPoint + p;
        this->OutB[out] = rowPoint + p + offset;
        this->OutW[out] = EdgeWeight(f[p], fo[p], this->Value);
        ++out;
      });
    }
    if (j + 1 >= ny || k + 1 >= this->NZ)
      return;

    // The row of cells above: ids from running counts.
    const RowInfo* quad[4] = { &info[r], &info[r + 1], &info[r + ny], &info[r + ny + 1] };
    const Range range = TrimRange(quad, edges);
    const UInt8* x1 = x0 + edges;
    const UInt8* x2 = x0 + ny * edges;
    const UInt8* x3 = x2 + edges;
    const Id r1 = r + 1, r2 = r + ny, r3 = r + ny + 1;
    // Bases of the x-, y- and z-edge points of the rows involved.
    const Id* po = this->PointOffsets;
    const Id xb0 = this->PointBase + po[r], xb1 = this->PointBase + po[r1];
    const Id xb2 = this->PointBase + po[r2], xb3 = this->PointBase + po[r3];
    const Id yb0 = xb0 + info[r].XCount, yb2 = xb2 + info[r2].XCount;
    const Id zb0 = yb0 + this->Counts[r].Y, zb1 = xb1 + info[r1].XCount + this->Counts[r1].Y;
    Id cx0 = 0, cx1 = 0, cx2 = 0, cx3 = 0, cy0 = 0, cy2 = 0, cz0 = 0, cz1 = 0;
    Id tri = this->TriangleBase + this->TriangleOffsets[r];
    const Id cellRow = (j + k * (ny - 1)) * edges;
    const ShapeTable& table = this->CaseTables->Shapes[this->Slot];
    Id* conn = this->Conn;
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
      const UInt8* e = table.CaseEdges + table.CaseOffsets[c];
      const UInt8* eEnd = table.CaseEdges + table.CaseOffsets[c + 1];
      if (e < eEnd)
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
        for (; e < eEnd; e += 3, ++tri)
        {
          conn[3 * tri] = ids[e[0]];
          conn[3 * tri + 1] = ids[e[1]];
          conn[3 * tri + 2] = ids[e[2]];
          if (this->SourceCells)
            this->SourceCells[tri] = cellRow + i;
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
  }
};

/// The float threshold of an isovalue: the smallest T not below it, so that `value >= threshold` in T
/// is `value >= isovalue` exactly; `exact` when T holds the isovalue itself (points may then lie on it).
template <typename T>
inline T IsovalueThreshold(double value, bool& exact)
{
  T threshold = static_cast<T>(value);
  if (static_cast<double>(threshold) < value)
    threshold = std::nextafter(threshold, std::numeric_limits<T>::infinity());
  exact = static_cast<double>(threshold) == value;
  return threshold;
}

/// One range of points per isovalue (`parts`' Points and Triangles counts, in order): the result's point
/// starts and primitive size, and the totals.
template <typename Parts>
inline void StartIsovalueRanges(const Parts& parts, ContourResult& result, Id& points, Id& triangles)
{
  points = triangles = 0;
  result.PointStarts.assign(1, 0);
  for (const auto& s : parts)
  {
    points += s.Points;
    triangles += s.Triangles;
    result.PointStarts.push_back(points);
  }
  result.PrimitiveSize = 3;
}

/// The structured contour by the passes above on device Tag: the CPU path's arrays (points, triangles,
/// source cells and point starts, in its order), with the scans and totals on the device. Returns false,
/// having made nothing, when the field holds a non-finite value or a point's value equals an isovalue
/// (the points on vertices must be welded: marching cells does that); `tables` are the case tables where
/// the device reads them.
template <typename Tag, typename T>
bool FlyingEdgesPasses(const Id3& dims, const loom::cont::ArrayHandle<T>& field, const ContourOptions& options,
                       const Tables* tables, ContourResult& result)
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using loom::cont::ArrayHandle;
  const Id nx = dims[0], ny = dims[1], nz = dims[2];
  const Id edges = nx - 1, rows = ny * nz;
  const int slot = StructuredTableSlot(3, options.StructuredFrom);
  const T* values = Pointers::Read(field);
  struct Isovalue
  {
    ArrayHandle<UInt8> XCases;
    ArrayHandle<RowInfo> Info;
    ArrayHandle<RowCounts> Counts;
    ArrayHandle<Id> PointOffsets, TriangleOffsets;
    Id Points = 0, Triangles = 0;
  };
  std::vector<Isovalue> iso(options.IsoValues.size());
  for (std::size_t v = 0; v < iso.size(); ++v)
  {
    Isovalue& s = iso[v];
    bool exact = false;
    const T threshold = IsovalueThreshold<T>(options.IsoValues[v], exact);
    const bool checkFinite = std::is_floating_point<T>::value && v == 0;
    ArrayHandle<UInt8> notFinite, onIsovalue;
    Algorithm::Schedule(ClassifyRows<T>{ values, threshold, nx, edges, checkFinite, exact,
                                         Pointers::Write(s.XCases, edges * rows), Pointers::Write(s.Info, rows),
                                         Pointers::Write(notFinite, rows), Pointers::Write(onIsovalue, rows) },
                        rows);
    if (checkFinite && Algorithm::Reduce(notFinite, UInt8(0), loom::Maximum{}) != 0)
      return false;
    if (exact && Algorithm::Reduce(onIsovalue, UInt8(0), loom::Maximum{}) != 0)
      return false;
    ArrayHandle<Id> points, triangles;
    Algorithm::Schedule(CountRows{ Pointers::Read(s.XCases), Pointers::Read(s.Info), tables, slot, ny, nz, edges,
                                   Pointers::Write(s.Counts, rows), Pointers::Write(points, rows),
                                   Pointers::Write(triangles, rows) },
                        rows);
    // Exclusive scans: where each row's points and triangles start.
    s.Points = Algorithm::ScanExclusive(points, s.PointOffsets);
    s.Triangles = Algorithm::ScanExclusive(triangles, s.TriangleOffsets);
  }
  Id totalPoints = 0, totalTriangles = 0;
  StartIsovalueRanges(iso, result, totalPoints, totalTriangles);
  Id* outA = Pointers::Write(result.Points.A, totalPoints);
  Id* outB = Pointers::Write(result.Points.B, totalPoints);
  Float64* outW = Pointers::Write(result.Points.Weight, totalPoints);
  Id* conn = Pointers::Write(result.Connectivity, 3 * totalTriangles);
  Id* sources = options.SourceCells ? Pointers::Write(result.SourceCells, totalTriangles) : nullptr;
  if (!options.SourceCells)
    result.SourceCells = ArrayHandle<Id>();
  Id pointBase = 0, triangleBase = 0;
  for (std::size_t v = 0; v < iso.size(); ++v)
  {
    const Isovalue& s = iso[v];
    Algorithm::Schedule(GenerateRows<T>{ values, Pointers::Read(s.XCases), Pointers::Read(s.Info),
                                         Pointers::Read(s.Counts), Pointers::Read(s.PointOffsets),
                                         Pointers::Read(s.TriangleOffsets), tables, slot, nx, ny, nz, edges,
                                         options.IsoValues[v], pointBase, triangleBase, outA, outB, outW, conn,
                                         sources },
                        rows);
    pointBase += s.Points;
    triangleBase += s.Triangles;
  }
  return true;
}
LOOM_UNIT_NAMESPACE_END
} // namespace contour
} // namespace algorithms
} // namespace loom
