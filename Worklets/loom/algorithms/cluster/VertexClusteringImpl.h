// Loom algorithms, cluster family: the passes of ClusterVertices after the bin grid is laid out, written
// once for every device (one thread per point, cell, element, corner group or bin; compactions by
// scans; the least-error point by atomic minimums): VertexClustering.cxx runs them on the CPU devices,
// VertexClusteringCuda.cu on CUDA.
#pragma once

#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/Hash.h>
#include <loom/algorithms/cluster/VertexClustering.h>
#include <loom/algorithms/cluster/VertexClusteringWorklets.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Error.h>
#include <loom/cont/Invoker.h>
#include <loom/exec/Atomic.h>
#include <loom/worklet/Keys.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
namespace cluster
{
/// The bin grid as vtkQuadricClustering lays it over the bounds, and its HashPoint.
struct BinGrid
{
  double Lo[3] = { 0, 0, 0 };
  double Size[3] = { 0, 0, 0 };
  double Step[3] = { 0, 0, 0 };
  Id Div[3] = { 1, 1, 1 };
  Id Slice = 1;
  /// VTK's static_cast<vtkIdType> of the scaled offset, clamped to the grid; a NaN or an offset beyond
  /// the 64-bit range converts to the most negative id on x86 (then bin 0), and so here.
  LOOM_EXEC Id Coordinate(double v, int c) const
  {
    const double t = (v - this->Lo[c]) * this->Step[c];
    const Id i = (t >= -9223372036854775808.0 && t < 9223372036854775808.0) ? static_cast<Id>(t) : Id(-1);
    return i < 0 ? 0 : (i >= this->Div[c] ? this->Div[c] - 1 : i);
  }
  LOOM_EXEC Id Bin(double x, double y, double z) const
  {
    return this->Coordinate(x, 0) + this->Coordinate(y, 1) * this->Div[0] + this->Coordinate(z, 2) * this->Slice;
  }
  /// The grid of the bounds and division counts laid out in `result`.
  static BinGrid Of(const VertexClusteringResult& result)
  {
    BinGrid grid;
    for (int c = 0; c < 3; ++c)
    {
      grid.Div[c] = result.Divisions[c];
      grid.Lo[c] = result.Bounds[2 * c];
      grid.Size[c] = (result.Bounds[2 * c + 1] - result.Bounds[2 * c]) / static_cast<double>(result.Divisions[c]);
      grid.Step[c] = grid.Size[c] > 0.0 ? 1.0 / grid.Size[c] : 0.0;
    }
    grid.Slice = result.Divisions[0] * result.Divisions[1];
    return grid;
  }
};

/// The symmetric 3x3 matrix's eigenvalues w and eigenvectors (columns of e), by cyclic Jacobi rotations.
LOOM_EXEC inline void SymmetricEigen(const double m[3][3], double w[3], double e[3][3])
{
  double a[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
    {
      a[i][j] = m[i][j];
      e[i][j] = i == j ? 1.0 : 0.0;
    }
  for (int sweep = 0; sweep < 64; ++sweep)
  {
    const double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
    const double diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
    if (off == 0.0 || off <= 1e-34 * diag)
      break;
    for (int p = 0; p < 2; ++p)
      for (int q = p + 1; q < 3; ++q)
      {
        if (a[p][q] == 0.0)
          continue;
        const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
        const double t = std::fabs(theta) > 1e150
          ? 0.5 / theta
          : (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < 3; ++k)
        {
          const double kp = a[k][p], kq = a[k][q];
          a[k][p] = c * kp - s * kq;
          a[k][q] = s * kp + c * kq;
        }
        for (int k = 0; k < 3; ++k)
        {
          const double pk = a[p][k], qk = a[q][k];
          a[p][k] = c * pk - s * qk;
          a[q][k] = s * pk + c * qk;
        }
        for (int k = 0; k < 3; ++k)
        {
          const double kp = e[k][p], kq = e[k][q];
          e[k][p] = c * kp - s * kq;
          e[k][q] = s * kp + c * kq;
        }
      }
  }
  for (int i = 0; i < 3; ++i)
    w[i] = a[i][i];
}

/// vtkQuadricClustering's point of least error for a bin: the bin center moved by the pseudo-inverse
/// of the quadric's 3x3 part (directions whose eigenvalue is below 1e-3 of the largest left out),
/// kept within the sphere around the bin.
LOOM_EXEC inline void QuadricMinimizer(const double q[9], const BinGrid& grid, Id bin, double point[3])
{
  const Id ijk[3] = { bin % grid.Div[0], (bin / grid.Div[0]) % grid.Div[1], bin / grid.Slice };
  double center[3];
  for (int c = 0; c < 3; ++c)
  {
    const double lo = grid.Lo[c] + static_cast<double>(ijk[c]) * grid.Size[c];
    const double hi = grid.Lo[c] + static_cast<double>(ijk[c] + 1) * grid.Size[c];
    center[c] = (hi + lo) / 2.0;
  }
  const double a[3][3] = { { q[0], q[1], q[2] }, { q[1], q[4], q[5] }, { q[2], q[5], q[7] } };
  const double b[3] = { -q[3], -q[6], -q[8] };
  double w[3], e[3][3];
  SymmetricEigen(a, w, e);
  double maxW = std::fabs(w[0]);
  maxW = std::fabs(w[1]) > maxW ? std::fabs(w[1]) : maxW;
  maxW = std::fabs(w[2]) > maxW ? std::fabs(w[2]) : maxW;
  double r[3];
  for (int i = 0; i < 3; ++i)
    r[i] = b[i] - (a[i][0] * center[0] + a[i][1] * center[1] + a[i][2] * center[2]);
  double delta[3] = { 0, 0, 0 };
  for (int k = 0; k < 3; ++k)
  {
    if (!(maxW > 0.0) || !(std::fabs(w[k] / maxW) > 1.0e-3))
      continue;
    const double along = (e[0][k] * r[0] + e[1][k] * r[1] + e[2][k] * r[2]) / w[k];
    for (int i = 0; i < 3; ++i)
      delta[i] += e[i][k] * along;
  }
  const double mag = std::sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]);
  const double radius =
    std::sqrt(grid.Size[0] * grid.Size[0] + grid.Size[1] * grid.Size[1] + grid.Size[2] * grid.Size[2]) / 2.0;
  if (mag > radius)
    for (int i = 0; i < 3; ++i)
      delta[i] *= radius / mag;
  for (int i = 0; i < 3; ++i)
    point[i] = center[i] + delta[i];
}

/// A double's bits as an unsigned number with the same order (-0 as +0, which compare equal; not for NaN).
LOOM_EXEC inline UInt64 OrderedBits(double v)
{
  v += 0.0;
  UInt64 b;
  std::memcpy(&b, &v, sizeof(b));
  return (b >> 63) ? ~b : (b | 0x8000000000000000ULL);
}

enum CellKind
{
  Verts = 0,
  Lines = 1,
  Polys = 2,
  Strips = 3
};

/// Calls f(a, b, c) for each element of cell `cell` in VTK's order: a vertex cell's points (b = c = -1),
/// a polyline's segments (c = -1), a polygon's fan from its first point, a strip's triangles with every
/// other one flipped. `o` and `v` are the cell array's offsets and connectivity.
template <typename I, typename F>
LOOM_EXEC inline void ForEachElement(int kind, const I* o, const I* v, Id cell, F&& f)
{
  const Id b = static_cast<Id>(o[cell]), n = static_cast<Id>(o[cell + 1]) - b;
  const I* p = v + b;
  if (kind == Polys)
  {
    for (Id j = 0; j + 2 < n; ++j)
      f(Id(p[0]), Id(p[j + 1]), Id(p[j + 2]));
  }
  else if (kind == Verts)
  {
    for (Id j = 0; j < n; ++j)
      f(Id(p[j]), Id(-1), Id(-1));
  }
  else if (kind == Lines)
  {
    for (Id j = 1; j < n; ++j)
      f(Id(p[j - 1]), Id(p[j]), Id(-1));
  }
  else
  {
    for (Id j = 2; j < n; ++j)
      if (j % 2 == 0)
        f(Id(p[j - 2]), Id(p[j - 1]), Id(p[j]));
      else
        f(Id(p[j - 1]), Id(p[j - 2]), Id(p[j]));
  }
}

/// One kind of cells as the passes read them (device or host pointers).
struct KindCells
{
  const Int32* O32 = nullptr;
  const Int32* C32 = nullptr;
  const Int64* O64 = nullptr;
  const Int64* C64 = nullptr;
  int Kind = Verts;
  template <typename F>
  LOOM_EXEC void ForEach(Id cell, F&& f) const
  {
    if (this->O64)
      ForEachElement(this->Kind, this->O64, this->C64, cell, f);
    else
      ForEachElement(this->Kind, this->O32, this->C32, cell, f);
  }
};

/// Whether an element adds quadrics (a triangle inside fewer than three bins only with internal
/// triangles; a segment of non-zero length); a corner outside the points noted (Bad: flag, point).
template <typename T>
struct ElementFilter
{
  const Int64* BinOf;
  ComponentPortal<T> Points;
  Id NumberOfPoints;
  bool Internal;
  Id* Bad;
  LOOM_EXEC bool Keep(int kind, Id a, Id b, Id c) const
  {
    // (unsigned: a negative id is out of range too)
    const UInt64 limit = static_cast<UInt64>(this->NumberOfPoints);
    if (static_cast<UInt64>(a) >= limit || (kind != Verts && static_cast<UInt64>(b) >= limit) ||
        (kind > Lines && static_cast<UInt64>(c) >= limit))
    {
      loom::exec::AtomicStore(this->Bad + 1,
                              static_cast<UInt64>(a) >= limit ? a : (static_cast<UInt64>(b) >= limit ? b : c));
      loom::exec::AtomicStore(this->Bad, Id(1));
      return false;
    }
    if (kind > Lines)
      return this->Internal ||
        !(this->BinOf[a] == this->BinOf[b] || this->BinOf[a] == this->BinOf[c] || this->BinOf[b] == this->BinOf[c]);
    if (kind == Lines)
    {
      double d2 = 0.0;
      for (int k = 0; k < 3; ++k)
      {
        const double d = static_cast<double>(this->Points.Get(b, k)) - static_cast<double>(this->Points.Get(a, k));
        d2 += d * d;
      }
      return d2 != 0.0; // VTK skips coincident ends before any bin sees the segment
    }
    return true;
  }
};

template <typename T>
struct PointBins
{
  ComponentPortal<T> Points;
  BinGrid Grid;
  Int64* BinOf;
  LOOM_EXEC void operator()(Id p) const
  {
    this->BinOf[p] = this->Grid.Bin(static_cast<double>(this->Points.Get(p, 0)),
                                    static_cast<double>(this->Points.Get(p, 1)),
                                    static_cast<double>(this->Points.Get(p, 2)));
  }
};

/// Per cell: how many of its elements add quadrics.
template <typename T>
struct CountElements
{
  KindCells Cells;
  ElementFilter<T> Filter;
  Id* Count;
  LOOM_EXEC void operator()(Id cell) const
  {
    Id n = 0;
    const int kind = this->Cells.Kind;
    this->Cells.ForEach(cell, [&](Id a, Id b, Id c) { n += this->Filter.Keep(kind, a, b, c) ? 1 : 0; });
    this->Count[cell] = n;
  }
};

/// Per cell: its elements that add quadrics, from its scanned position: their cell and corners.
template <typename T>
struct WriteElements
{
  KindCells Cells;
  ElementFilter<T> Filter;
  const Id* Start;
  Id Base, FirstCell;
  Id* CellOf;
  Id* Corners;
  LOOM_EXEC void operator()(Id cell) const
  {
    Id at = this->Base + this->Start[cell];
    const int kind = this->Cells.Kind;
    this->Cells.ForEach(cell, [&](Id a, Id b, Id c) {
      if (!this->Filter.Keep(kind, a, b, c))
        return;
      this->CellOf[at] = this->FirstCell + cell;
      this->Corners[3 * at] = a;
      this->Corners[3 * at + 1] = b;
      this->Corners[3 * at + 2] = c;
      ++at;
    });
  }
};

struct CornerBins
{
  const Id* Corners;
  const Int64* BinOf;
  Int64* Bins;
  LOOM_EXEC void operator()(Id s) const
  {
    this->Bins[s] = this->Corners[s] < 0 ? -1 : this->BinOf[this->Corners[s]];
  }
};

/// Out[i] = In[i + Shift] (a view's values copied out) and Order[i] = i + Shift.
struct ShiftedCopy
{
  const Id* In;
  Id Shift;
  Id* Out;
  Id* Order;
  LOOM_EXEC void operator()(Id i) const
  {
    this->Out[i] = this->In[i + this->Shift];
    this->Order[i] = i + this->Shift;
  }
};

struct Scatter
{
  const Id* Where;
  Id* To;
  LOOM_EXEC void operator()(Id o) const { this->To[this->Where[o]] = o; }
};

/// Per bin group: each of its corners' output point.
struct CornerVertices
{
  const Id* Offsets;
  const Id* Sorted;
  const Id* VertexOfGroup;
  Id* CornerVertex;
  LOOM_EXEC void operator()(Id g) const
  {
    for (Id k = this->Offsets[g]; k < this->Offsets[g + 1]; ++k)
      this->CornerVertex[this->Sorted[k]] = this->VertexOfGroup[g];
  }
};

/// Flags of the output elements: vertices that reach their bin first (Which 0), segments over two bins
/// (1), triangles over three bins (2).
struct FlagElements
{
  const Id* Corners;
  const Id* CornerVertex;
  const Id* FirstCorner;
  const Id* GroupOfVertex;
  int Which;
  UInt8* Flags;
  LOOM_EXEC void operator()(Id e) const
  {
    const Id* k = this->Corners + 3 * e;
    const Id* v = this->CornerVertex + 3 * e;
    bool out;
    if (this->Which == 0)
      out = k[1] < 0 && this->FirstCorner[this->GroupOfVertex[v[0]]] == 3 * e;
    else if (this->Which == 1)
      out = k[1] >= 0 && k[2] < 0 && v[0] != v[1];
    else
      out = k[2] >= 0 && v[0] != v[1] && v[0] != v[2] && v[1] != v[2];
    this->Flags[e] = out ? 1 : 0;
  }
};

/// Per vertex kept: 1 where it starts a new output vertex cell (its cell differs from the previous one's).
struct FlagNewCells
{
  const Id* Kept;
  const Id* CellOf;
  UInt8* Flags;
  LOOM_EXEC void operator()(Id i) const
  {
    this->Flags[i] = (i == 0 || this->CellOf[this->Kept[i]] != this->CellOf[this->Kept[i - 1]]) ? 1 : 0;
  }
};

struct WriteVertexCells
{
  const Id* Kept;
  const Id* CellOf;
  const Id* CornerVertex;
  const UInt8* New;
  const Id* CellNumber;
  Id Cells, Count;
  Id* VertOffsets;
  Id* Verts;
  Id* VertCells;
  LOOM_EXEC void operator()(Id i) const
  {
    if (this->New[i])
    {
      this->VertOffsets[this->CellNumber[i]] = i;
      this->VertCells[this->CellNumber[i]] = this->CellOf[this->Kept[i]];
    }
    this->Verts[i] = this->CornerVertex[3 * this->Kept[i]];
    if (i == 0)
      this->VertOffsets[this->Cells] = this->Count;
  }
};

/// Per candidate triangle: its output points sorted, and a hash of them.
struct SortTriangle
{
  const Id* Triangles;
  const Id* CornerVertex;
  Id* Sorted;
  Int64* Hashes;
  LOOM_EXEC void operator()(Id t) const
  {
    const Id e = this->Triangles[t];
    Id v[3] = { this->CornerVertex[3 * e], this->CornerVertex[3 * e + 1], this->CornerVertex[3 * e + 2] };
    for (int i = 0; i < 2; ++i) // three values, two passes
      for (int j = 0; j + 1 < 3 - i; ++j)
        if (v[j + 1] < v[j])
        {
          const Id s = v[j];
          v[j] = v[j + 1];
          v[j + 1] = s;
        }
    this->Sorted[3 * t] = v[0];
    this->Sorted[3 * t + 1] = v[1];
    this->Sorted[3 * t + 2] = v[2];
    this->Hashes[t] = static_cast<Int64>(
      Mix64(Mix64(Mix64(static_cast<UInt64>(v[0])) ^ static_cast<UInt64>(v[1])) ^ static_cast<UInt64>(v[2])) >> 1);
  }
};

struct Gather
{
  const Id* From;
  const Id* Ids;
  Id* To;
  LOOM_EXEC void operator()(Id i) const { this->To[i] = this->From[this->Ids[i]]; }
};

struct WriteSegmentsAndTriangles
{
  const Id* Elements;
  const Id* CornerVertex;
  const Id* CellOf;
  int Corners;
  Id* Points;
  Id* Cells;
  LOOM_EXEC void operator()(Id s) const
  {
    const Id e = this->Elements[s];
    for (int i = 0; i < this->Corners; ++i)
      this->Points[this->Corners * s + i] = this->CornerVertex[3 * e + i];
    this->Cells[s] = this->CellOf[e];
  }
};

struct MinimizerPoints
{
  const Float64* Quadrics;
  const Id* GroupOfVertex;
  const Int64* Unique;
  BinGrid Grid;
  ComponentPortal<Float32> Out;
  LOOM_EXEC void operator()(Id o) const
  {
    const Id g = this->GroupOfVertex[o];
    double x[3];
    QuadricMinimizer(this->Quadrics + 9 * g, this->Grid, this->Unique[g], x);
    for (int c = 0; c < 3; ++c)
      this->Out.Set(o, c, static_cast<Float32>(x[c]));
  }
};

/// A dense lookup from bin to output point (-1: unused bin).
struct BinLookup
{
  const Int64* UsedBins;
  const Id* VertexOfGroup;
  Id Skip;
  Int32* Lookup;
  LOOM_EXEC void operator()(Id u) const
  {
    this->Lookup[this->UsedBins[u]] = static_cast<Int32>(this->VertexOfGroup[u + this->Skip]);
  }
};

/// Every input point's output point (-1: its bin is not used): through the dense lookup, or a binary
/// search of the used bins when there is none.
struct PointVertices
{
  const Int64* BinOf;
  const Int32* Lookup;
  const Int64* UsedBins;
  Id NumberUsed, Skip;
  const Id* VertexOfGroup;
  Int64* PointVertex;
  LOOM_EXEC void operator()(Id p) const
  {
    const Int64 bin = this->BinOf[p];
    if (this->Lookup)
    {
      this->PointVertex[p] = this->Lookup[bin];
      return;
    }
    Id lo = 0, hi = this->NumberUsed;
    while (lo < hi)
    {
      const Id mid = lo + (hi - lo) / 2;
      if (this->UsedBins[mid] < bin)
        lo = mid + 1;
      else
        hi = mid;
    }
    this->PointVertex[p] = (lo < this->NumberUsed && this->UsedBins[lo] == bin) ? this->VertexOfGroup[lo + this->Skip] : -1;
  }
};

template <typename T>
struct MeanPoints
{
  const Id* MemberOffsets;
  const Id* Members;
  ComponentPortal<T> Points;
  ComponentPortal<Float32> Out;
  LOOM_EXEC void operator()(Id o) const
  {
    double sum[3] = { 0, 0, 0 };
    for (Id k = this->MemberOffsets[o]; k < this->MemberOffsets[o + 1]; ++k)
      for (int c = 0; c < 3; ++c)
        sum[c] += static_cast<double>(this->Points.Get(this->Members[k], c));
    const double count = static_cast<double>(this->MemberOffsets[o + 1] - this->MemberOffsets[o]);
    for (int c = 0; c < 3; ++c)
      this->Out.Set(o, c, static_cast<Float32>(sum[c] / count));
  }
};

/// Out[9o .. 9o+8] = the quadric of output point o's bin (the quadrics in output point order).
struct QuadricsByVertex
{
  const Float64* Quadrics;
  const Id* GroupOfVertex;
  Float64* Out;
  LOOM_EXEC void operator()(Id o) const
  {
    for (int i = 0; i < 9; ++i)
      this->Out[9 * o + i] = this->Quadrics[9 * this->GroupOfVertex[o] + i];
  }
};

/// A point's quadric error in its bin (the bin's quadric, in output point order, at the point).
template <typename T>
struct PointError
{
  const Float64* Quadrics;
  ComponentPortal<T> Points;
  LOOM_EXEC double operator()(Id p, Id o) const
  {
    const double* q = this->Quadrics + 9 * o;
    const double x = static_cast<double>(this->Points.Get(p, 0)), y = static_cast<double>(this->Points.Get(p, 1)),
                 z = static_cast<double>(this->Points.Get(p, 2));
    return q[0] * x * x + 2.0 * q[1] * x * y + 2.0 * q[2] * x * z + 2.0 * q[3] * x + q[4] * y * y +
      2.0 * q[5] * y * z + 2.0 * q[6] * y + q[7] * z * z + 2.0 * q[8] * z;
  }
};

/// Each point's error (kept for the second pass) and each bin's least finite error, as ordered bits.
template <typename T>
struct LeastError
{
  PointError<T> Error;
  const Int64* PointVertex;
  double* Errors;
  UInt64* Least;
  LOOM_EXEC void operator()(Id p) const
  {
    const Id o = this->PointVertex[p];
    if (o < 0)
      return;
    const double e = this->Error(p, o);
    this->Errors[p] = e;
    if (e < DBL_MAX)
      loom::exec::AtomicMin(this->Least + o, OrderedBits(e));
  }
};

/// The lowest point id of each bin reaching the bin's least error.
struct ChooseLeast
{
  const Int64* PointVertex;
  const double* Errors;
  const UInt64* Least;
  Id* Chosen;
  LOOM_EXEC void operator()(Id p) const
  {
    const Id o = this->PointVertex[p];
    if (o >= 0 && this->Errors[p] < DBL_MAX && OrderedBits(this->Errors[p]) <= this->Least[o])
      loom::exec::AtomicMin(this->Chosen + o, p);
  }
};

template <typename T>
struct ChosenPoints
{
  const Id* Chosen;
  const Id* Corners;
  const Id* FirstCorner;
  const Id* GroupOfVertex;
  ComponentPortal<T> Points;
  Id* Sources;
  ComponentPortal<Float32> Out;
  LOOM_EXEC void operator()(Id o) const
  {
    Id p = this->Chosen[o];
    if (p == INT64_MAX)
      p = this->Corners[this->FirstCorner[this->GroupOfVertex[o]]]; // no finite error: the first to reach it
    this->Sources[o] = p;
    for (int c = 0; c < 3; ++c)
      this->Out.Set(o, c, static_cast<Float32>(this->Points.Get(p, c)));
  }
};

template <typename Tag, typename T>
struct Passes : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::Read;
  using Pointers::Write;
  template <typename V>
  using ArrayHandle = loom::cont::ArrayHandle<V>;
  static KindCells View(const CellArrays& cells, int kind)
  {
    KindCells v;
    v.Kind = kind;
    if (cells.GetNumberOfCells() == 0)
      return v;
    if (cells.Is64Bit)
    {
      v.O64 = Read(cells.Offsets64);
      v.C64 = Read(cells.Connectivity64);
    }
    else
    {
      v.O32 = Read(cells.Offsets32);
      v.C32 = Read(cells.Connectivity32);
    }
    return v;
  }
  /// The indices i with flags[i] set, ascending.
  static loom::cont::ArrayHandle<Id> Compact(const loom::cont::ArrayHandle<UInt8>& flags)
  {
    loom::cont::ArrayHandle<Id> out;
    Algorithm::CopyIf(loom::cont::ArrayHandleIndex(flags.GetNumberOfValues()), flags, out);
    return out;
  }
  static loom::cont::ArrayHandle<Id> CompactElements(const FlagElements& like, int which, Id n)
  {
    loom::cont::ArrayHandle<UInt8> flags;
    FlagElements f = like;
    f.Which = which;
    f.Flags = Write(flags, n);
    Algorithm::Schedule(f, n);
    return Compact(flags);
  }

  /// The output vertex cells: the vertices (of the first `numVertices` elements) that reach their bin first
  /// (vertex cells come first, so no other element reaches a vertex's bin before one), grouped by their cell.
  static void WriteVertexCellsOf(const FlagElements& flagging, Id numVertices, const Id* cellOf, const Id* cv,
                                 VertexClusteringResult& result)
  {
    const ArrayHandle<Id> firsts = CompactElements(flagging, 0, numVertices);
    const Id nf = firsts.GetNumberOfValues();
    ArrayHandle<UInt8> fresh;
    ArrayHandle<Id> cellNumber;
    Algorithm::Schedule(FlagNewCells{ Read(firsts), cellOf, Write(fresh, nf) }, nf);
    const Id cells = nf ? Algorithm::ScanExclusive(fresh, cellNumber, Id(0)) : 0;
    if (nf > 0)
      Algorithm::Schedule(WriteVertexCells{ Read(firsts), cellOf, cv, Read(fresh), Read(cellNumber), cells, nf,
                                            Write(result.VertOffsets, cells + 1),
                                            Write(result.Verts, nf), Write(result.VertCells, cells) },
                          nf);
  }

  /// Every input point's output point (-1: none), through a dense bin lookup when the grid is not much
  /// larger than the mesh, else a search of the used bins.
  static ArrayHandle<Int64> PointVertexMap(const Int64* binOf, const Int64* unique, const Id* vog, Id skip, Id numUsed,
                                           Id numBins, Id numPoints)
  {
    ArrayHandle<Int64> pointVertex;
    Int64* pv = Write(pointVertex, numPoints);
    ArrayHandle<Int32> lookup;
    const Int32* lk = nullptr;
    if (numBins <= (numPoints * 4 > (Id(1) << 24) ? numPoints * 4 : (Id(1) << 24)))
    {
      Int32* l = Write(lookup, numBins);
      Algorithm::Schedule(Fill<Int32>{ l, -1 }, numBins);
      Algorithm::Schedule(BinLookup{ unique + skip, vog, skip, l }, numUsed);
      lk = l;
    }
    Algorithm::Schedule(PointVertices{ binOf, lk, unique + skip, numUsed, skip, vog, pv }, numPoints);
    lookup.ReleaseResources();
    return pointVertex;
  }

  /// The mean of each output point's input points (`pointVertex`: each input point's output point, -1 for
  /// the points of unused bins, which group first), and the members by output point, into `result`.
  static void MeanPointsOf(const ArrayHandle<Int64>& pointVertex, const ComponentPortal<T>& pts, Id numUsed,
                           Id numPoints, const ComponentPortal<Float32>& xyz, VertexClusteringResult& result)
  {
    const loom::worklet::Keys<Int64> byVertex(pointVertex, loom::cont::DeviceIdOf<Tag>());
    Id vskip = 0, baseMember = 0;
    FindFirstKeptGroup<Tag>(byVertex.GetUniqueKeys(), byVertex.GetOffsets(), vskip, baseMember);
    Id* mo = Write(result.MemberOffsets, numUsed + 1);
    Algorithm::Schedule(ShiftedOffsets{ Read(byVertex.GetOffsets()), vskip, baseMember, mo }, numUsed + 1);
    result.Members = byVertex.GetSortedValuesMap().View(baseMember, numPoints - baseMember);
    Algorithm::Schedule(MeanPoints<T>{ mo, Read(result.Members), pts, xyz }, numUsed);
  }

  /// The output segments (elements over two bins) and triangles (over three bins; with
  /// `preventDuplicates`, the first of equal ones), with their source cells, into `result`.
  static void WriteSegmentsAndTriangleCells(const FlagElements& flagging, Id numElements, const Id* cv,
                                            const Id* cellOf, bool preventDuplicates, VertexClusteringResult& result)
  {
    const ArrayHandle<Id> segments = CompactElements(flagging, 1, numElements);
    ArrayHandle<Id> triangles = CompactElements(flagging, 2, numElements);
    if (preventDuplicates && triangles.GetNumberOfValues() > 1)
    {
      const Id nt = triangles.GetNumberOfValues();
      ArrayHandle<Id> sortedVertices;
      ArrayHandle<Int64> hashes;
      Algorithm::Schedule(SortTriangle{ Read(triangles), cv, Write(sortedVertices, 3 * nt), Write(hashes, nt) }, nt);
      const loom::worklet::Keys<Int64> equal(hashes, loom::cont::DeviceIdOf<Tag>());
      hashes.ReleaseResources();
      ArrayHandle<UInt8> keep;
      loom::cont::Invoker invoke(loom::cont::DeviceIdOf<Tag>());
      invoke(KeepFirstTriangles{}, equal, keep, sortedVertices);
      const ArrayHandle<Id> kept = Compact(keep);
      ArrayHandle<Id> survivors;
      const Id ns = kept.GetNumberOfValues();
      Algorithm::Schedule(Gather{ Read(triangles), Read(kept), Write(survivors, ns) }, ns);
      triangles = survivors;
    }
    {
      const Id ns = segments.GetNumberOfValues(), nt = triangles.GetNumberOfValues();
      Algorithm::Schedule(WriteSegmentsAndTriangles{ Read(segments), cv, cellOf, 2, Write(result.Lines, 2 * ns),
                                                     Write(result.LineCells, ns) },
                          ns);
      Algorithm::Schedule(WriteSegmentsAndTriangles{ Read(triangles), cv, cellOf, 3, Write(result.Triangles, 3 * nt),
                                                     Write(result.TriangleCells, nt) },
                          nt);
    }
  }

  /// The input point of least error in each of the `numUsed` bins (VTK: the first point, in id order, whose
  /// error is strictly below every earlier one's and below DBL_MAX): the least error by an atomic minimum,
  /// then the lowest id reaching it; INT64_MAX where no point has a finite error. `pv`: each input point's
  /// output point (-1: none).
  static ArrayHandle<Id> LeastErrorPoints(const Float64* quad, const Id* gov, const ComponentPortal<T>& pts,
                                          const Int64* pv, Id numUsed, Id numPoints)
  {
    ArrayHandle<Float64> byVertex;
    Algorithm::Schedule(QuadricsByVertex{ quad, gov, Write(byVertex, 9 * numUsed) }, numUsed);
    const PointError<T> error{ Read(byVertex), pts };
    ArrayHandle<Id> chosen;
    Id* ch = Write(chosen, numUsed);
    Algorithm::Schedule(Fill<Id>{ ch, INT64_MAX }, numUsed);
    if (loom::cont::RunsOnSerial<Tag>())
    {
      // One thread: VTK's own loop (a point replaces the bin's choice when its error is strictly less).
      std::vector<double> leastError(static_cast<std::size_t>(numUsed), DBL_MAX);
      for (Id p = 0; p < numPoints; ++p)
      {
        const Id o = pv[p];
        if (o < 0)
          continue;
        const double e = error(p, o);
        if (e < leastError[static_cast<std::size_t>(o)])
        {
          leastError[static_cast<std::size_t>(o)] = e;
          ch[o] = p;
        }
      }
    }
    else
    {
      ArrayHandle<UInt64> least;
      ArrayHandle<Float64> errors;
      UInt64* ls = Write(least, numUsed);
      Algorithm::Schedule(Fill<UInt64>{ ls, ~UInt64(0) }, numUsed);
      Float64* pe = Write(errors, numPoints);
      Algorithm::Schedule(LeastError<T>{ error, pv, pe, ls }, numPoints);
      Algorithm::Schedule(ChooseLeast{ pv, pe, ls, ch }, numPoints);
    }
    return chosen;
  }

  /// The passes after the grid: `result` holds the bounds and divisions on entry.
  static VertexClusteringResult Run(const FieldArray& positions, const VertexClusteringInput& input,
                                    const VertexClusteringOptions& options, const VertexClusteringResult& laidOut)
  {
    const BinGrid grid = BinGrid::Of(laidOut);
    // A result of its own (array handles share their memory when copied: a failed CUDA attempt must not
    // leave its arrays to the CPU rerun), with the laid-out bounds and divisions.
    VertexClusteringResult result;
    for (int c = 0; c < 3; ++c)
    {
      result.Divisions[c] = laidOut.Divisions[c];
      result.Bounds[2 * c] = laidOut.Bounds[2 * c];
      result.Bounds[2 * c + 1] = laidOut.Bounds[2 * c + 1];
    }
    const Id numPoints = positions.GetNumberOfTuples();
    const ComponentPortal<T> pts =
      ComponentPortalObject<T>(positions, ComponentPortalObject<T>::Access::In).PrepareForExecution(Tag{});
    const Id numBins = grid.Div[0] * grid.Div[1] * grid.Div[2];

    // Each point's bin.
    ArrayHandle<Int64> pointBins;
    Int64* binOf = Write(pointBins, numPoints);
    Algorithm::Schedule(PointBins<T>{ pts, grid, binOf }, numPoints);

    // The elements that add quadrics, in cell order (vertices, lines, polygons, strips): cell, corners.
    const CellArrays* kinds[4] = { &input.Verts, &input.Lines, &input.Polys, &input.Strips };
    ArrayHandle<Id> bad;
    Id* badSlots = Write(bad, 2);
    Algorithm::Schedule(Fill<Id>{ badSlots, 0 }, 2);
    const ElementFilter<T> filter{ binOf, pts, numPoints, options.UseInternalTriangles, badSlots };
    ArrayHandle<Id> starts[4];
    Id base[5] = { 0, 0, 0, 0, 0 };
    Id firstCell = input.FirstCell;
    Id firstCells[4];
    for (int k = 0; k < 4; ++k)
    {
      firstCells[k] = firstCell;
      const Id count = kinds[k]->GetNumberOfCells();
      firstCell += count;
      base[k + 1] = base[k];
      if (count == 0)
        continue;
      ArrayHandle<Id> counts;
      Algorithm::Schedule(CountElements<T>{ View(*kinds[k], k), filter, Write(counts, count) }, count);
      base[k + 1] += Algorithm::ScanExclusive(counts, starts[k], Id(0));
    }
    if (bad.ReadPortal().Get(0))
      throw loom::cont::ErrorBadValue("a cell uses point " + std::to_string(bad.ReadPortal().Get(1)) +
                                      ", outside the " + std::to_string(numPoints) + " points.");
    const Id numElements = base[4];
    ArrayHandle<Id> cornerIds, elementCells;
    Id* corners = Write(cornerIds, 3 * numElements);
    Id* cellOf = Write(elementCells, numElements);
    for (int k = 0; k < 4; ++k)
      if (base[k + 1] > base[k])
        Algorithm::Schedule(WriteElements<T>{ View(*kinds[k], k), filter, Read(starts[k]), base[k], firstCells[k],
                                              cellOf, corners },
                            kinds[k]->GetNumberOfCells());

    auto empty = [](ArrayHandle<Id>& h, Id n) {
      h.Allocate(n);
      if (n)
        h.GetPointer()[0] = 0;
    };
    result.Points = FieldArray::Allocate(ValueKind::Float32, 0, 3);
    for (auto* h : { &result.PointSources, &result.Members, &result.Verts, &result.Lines, &result.Triangles,
                     &result.VertCells, &result.LineCells, &result.TriangleCells })
      empty(*h, 0);
    empty(result.MemberOffsets, 1);
    empty(result.VertOffsets, 1);
    if (numElements == 0)
      return result;

    // The corners grouped by bin (a segment's missing third corner: key -1, first), folded per bin.
    ArrayHandle<Int64> cornerBins;
    Algorithm::Schedule(CornerBins{ corners, binOf, Write(cornerBins, 3 * numElements) }, 3 * numElements);
    const loom::worklet::Keys<Int64> bins(cornerBins, loom::cont::DeviceIdOf<Tag>());
    cornerBins.ReleaseResources();
    const Id groups = bins.GetNumberOfUniqueKeys();
    Id skip = 0, firstKept = 0;
    FindFirstKeptGroup<Tag>(bins.GetUniqueKeys(), bins.GetOffsets(), skip, firstKept);
    const Id numUsed = groups - skip;
    ArrayHandle<Id> firstCorner;
    ArrayHandle<Float64> quadrics;
    Write(quadrics, 9 * groups);
    {
      loom::cont::Invoker invoke(loom::cont::DeviceIdOf<Tag>());
      invoke(FoldBinQuadrics<T>{}, bins, loom::cont::ArrayHandleIndex(3 * numElements), firstCorner, quadrics,
             cornerIds, ComponentPortalObject<T>(positions, ComponentPortalObject<T>::Access::In));
    }
    const Id* first = Read(firstCorner);

    // Output points numbered by each bin's first corner (the order in which VTK meets the bins).
    ArrayHandle<Id> order, groupOfVertex, vertexOfGroup;
    Algorithm::Schedule(ShiftedCopy{ first, skip, Write(order, numUsed), Write(groupOfVertex, numUsed) }, numUsed);
    if (numUsed > 1)
      Algorithm::SortByKey(order, groupOfVertex);
    order.ReleaseResources();
    Id* vog = Write(vertexOfGroup, groups);
    if (skip)
      Algorithm::Schedule(Fill<Id>{ vog, -1 }, 1);
    const Id* gov = Read(groupOfVertex);
    Algorithm::Schedule(Scatter{ gov, vog }, numUsed);
    // Each corner's output point.
    ArrayHandle<Id> cornerVertex;
    Id* cv = Write(cornerVertex, 3 * numElements);
    Algorithm::Schedule(CornerVertices{ Read(bins.GetOffsets()), Read(bins.GetSortedValuesMap()), vog, cv }, groups);

    // Output vertex cells: the vertices that reach their bin first (vertex cells come first, so no other
    // element reaches a vertex's bin before one), grouped by their cell.
    const FlagElements flagging{ corners, cv, first, gov, 0, nullptr };
    WriteVertexCellsOf(flagging, base[1], cellOf, cv, result);
    // Output segments (those over two bins) and triangles (over three bins, the first of equal ones).
    WriteSegmentsAndTriangleCells(flagging, numElements, cv, cellOf, options.PreventDuplicateCells, result);

    // The point of each used bin.
    result.Points = FieldArray::Allocate(ValueKind::Float32, numUsed, 3);
    const ComponentPortal<Float32> xyz =
      ComponentPortalObject<Float32>(result.Points, ComponentPortalObject<Float32>::Access::Out)
        .PrepareForExecution(Tag{});
    const Float64* quad = Read(quadrics);
    const Int64* unique = Read(bins.GetUniqueKeys());
    if (options.Point == ClusterPoint::QuadricMinimizer)
    {
      Algorithm::Schedule(MinimizerPoints{ quad, gov, unique, grid, xyz }, numUsed);
      return result;
    }

    // Every input point's output point, through a dense bin lookup when the grid is not much larger
    // than the mesh, else a search of the used bins.
    ArrayHandle<Int64> pointVertex = PointVertexMap(binOf, unique, vog, skip, numUsed, numBins, numPoints);
    const Int64* pv = Read(pointVertex);

    if (options.Point == ClusterPoint::Mean)
    {
      MeanPointsOf(pointVertex, pts, numUsed, numPoints, xyz, result);
      return result;
    }

    // The input point of least error in each bin.
    ArrayHandle<Id> chosen = LeastErrorPoints(quad, gov, pts, pv, numUsed, numPoints);
    const Id* ch = Read(chosen);
    Algorithm::Schedule(ChosenPoints<T>{ ch, corners, first, gov, pts, Write(result.PointSources, numUsed), xyz },
                        numUsed);
    return result;
  }


};
} // namespace cluster
LOOM_UNIT_NAMESPACE_END

/// ClusterVertices' passes after the grid on CUDA (VertexClusteringCuda.cu; only in builds with CUDA):
/// `laidOut` holds the bounds and division counts.
VertexClusteringResult ClusterVerticesCuda(const FieldArray& positions, const VertexClusteringInput& input,
                                           const VertexClusteringOptions& options,
                                           const VertexClusteringResult& laidOut);
} // namespace algorithms
} // namespace loom
