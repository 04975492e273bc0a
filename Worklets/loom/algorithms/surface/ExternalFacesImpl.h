// Loom algorithms, surface family: the face tables and per-face helpers every device uses, and the
// data-parallel external faces of explicit cells: one thread per cell, face or point, buckets filled
// through atomic counters, totals by scans. The CPU devices run the block passes of ExternalFaces.cxx
// (fewer, cache-friendly passes); these passes are the CUDA path (ExternalFacesCuda.cu) and run on
// the CPU devices too (ExternalFacesParallel.cxx), where the tests compare both paths cell for cell.
#pragma once

#include <loom/CellShape.h>
#include <loom/algorithms/CellIds.h>
#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/MergeKeys.h>
#include <loom/algorithms/ShapesPresent.h>
#include <loom/algorithms/surface/ExternalFaces.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/CellSetExplicit.h>
#include <loom/cont/Error.h>
#include <loom/exec/Atomic.h>

#include <cstdint>
#include <string>
#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace surface
{
/// What a cell of each VTK type gives: a vertex, line, polygon or strip cell passed, or faces.
enum Kind : UInt8
{
  Vert = 0,
  Line = 1,
  Poly = 2,
  Strip = 3,
  Solid = 4,
  Unknown = 5
};
constexpr int Kinds = 4; // the kinds of output cells

/// VTK's faces of a linear 3D cell, outward, as polygons (a voxel's pixel faces in quadrilateral order),
/// and the cell's number of points. Count 0: not a 3D cell.
struct FaceTable
{
  int Points;
  int Count;
  int Size[6];
  int V[6][4];
};

/// The face table of a VTK cell type (by value: device code has no host tables to point into).
LOOM_EXEC constexpr FaceTable FaceTableOf(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_TETRA:
      return FaceTable{ 4, 4, { 3, 3, 3, 3 }, { { 0, 1, 3 }, { 1, 2, 3 }, { 2, 0, 3 }, { 0, 2, 1 } } };
    case CELL_SHAPE_VOXEL:
      return FaceTable{ 8,
                        6,
                        { 4, 4, 4, 4, 4, 4 },
                        { { 2, 0, 4, 6 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 }, { 3, 2, 6, 7 }, { 1, 0, 2, 3 }, { 4, 5, 7, 6 } } };
    case CELL_SHAPE_HEXAHEDRON:
      return FaceTable{ 8,
                        6,
                        { 4, 4, 4, 4, 4, 4 },
                        { { 0, 4, 7, 3 }, { 1, 2, 6, 5 }, { 0, 1, 5, 4 }, { 3, 7, 6, 2 }, { 0, 3, 2, 1 }, { 4, 5, 6, 7 } } };
    case CELL_SHAPE_WEDGE:
      return FaceTable{ 6, 5, { 3, 3, 4, 4, 4 }, { { 0, 1, 2 }, { 3, 5, 4 }, { 0, 3, 4, 1 }, { 1, 4, 5, 2 }, { 2, 5, 3, 0 } } };
    case CELL_SHAPE_PYRAMID:
      return FaceTable{ 5, 5, { 4, 3, 3, 3, 3 }, { { 0, 3, 2, 1 }, { 0, 1, 4 }, { 1, 2, 4 }, { 2, 3, 4 }, { 3, 0, 4 } } };
    default:
      return FaceTable{ 0, 0, {}, {} };
  }
}

LOOM_EXEC constexpr Kind KindOf(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_VERTEX:
    case CELL_SHAPE_POLY_VERTEX:
      return Vert;
    case CELL_SHAPE_LINE:
    case CELL_SHAPE_POLY_LINE:
      return Line;
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_POLYGON:
    case CELL_SHAPE_PIXEL: // written as a quadrilateral
    case CELL_SHAPE_QUAD:
      return Poly;
    case CELL_SHAPE_TRIANGLE_STRIP:
      return Strip;
    default:
      return FaceTableOf(shape).Count ? Solid : Unknown;
  }
}

/// A face's 3 or 4 points in ascending order by a sorting network of min/max pairs (no branch to
/// mispredict: the order of a face's ids is different from one face to the next).
LOOM_EXEC inline void SortFace(Id* v, int n)
{
  auto exchange = [v](int a, int b) {
    const Id lo = v[a] < v[b] ? v[a] : v[b], hi = v[a] < v[b] ? v[b] : v[a];
    v[a] = lo;
    v[b] = hi;
  };
  if (n == 4)
  {
    exchange(0, 1);
    exchange(2, 3);
    exchange(0, 2);
    exchange(1, 3);
    exchange(1, 2);
  }
  else
  {
    exchange(0, 1);
    exchange(1, 2);
    exchange(0, 1);
  }
}

/// A face's points starting at its smallest one (the orientation kept), as VTK writes them.
LOOM_EXEC inline int FacePoints(const FaceTable& t, int f, const Id* ids, Id* out)
{
  const int n = t.Size[f];
  int first = 0;
  for (int v = 1; v < n; ++v)
    if (ids[t.V[f][v]] < ids[t.V[f][first]])
      first = v;
  for (int v = 0; v < n; ++v)
    out[v] = ids[t.V[f][(first + v) % n]];
  return n;
}

/// The error for a cell whose type no path handles, or whose point count is not its type's.
[[noreturn]] inline void ThrowBadCell(Id cell, int shape, long long points)
{
  throw loom::cont::ErrorBadType("ExternalFaces: cell " + std::to_string(cell) + " (VTK cell type " +
                                 std::to_string(shape) + ", " + std::to_string(points) +
                                 " points) is not a linear VTK cell of its type's size.");
}

LOOM_UNIT_NAMESPACE_BEGIN
namespace parallel
{
template <typename T>
LOOM_EXEC inline void Exchange(T& a, T& b)
{
  const T t = a;
  a = b;
  b = t;
}

/// Sorts the positions [0, n) of a bucket in place by `less(i, j)`, moving values with `swap(i, j)` (a
/// heap sort: no memory, n log n for any bucket).
template <typename Less, typename Swap>
LOOM_EXEC void HeapSortPositions(int n, const Less& less, const Swap& swap)
{
  auto sift = [&](int root, int end) {
    while (true)
    {
      int child = 2 * root + 1;
      if (child >= end)
        return;
      if (child + 1 < end && less(child, child + 1))
        ++child;
      if (!less(root, child))
        return;
      swap(root, child);
      root = child;
    }
  };
  for (int s = n / 2 - 1; s >= 0; --s)
    sift(s, n);
  for (int end = n - 1; end > 0; --end)
  {
    swap(0, end);
    sift(0, end);
  }
}

/// The explicit cells as the passes read them (device or host pointers), with the optional flags.
template <typename O, typename C>
struct CellsView
{
  const UInt8* Shapes;
  const O* Offsets;
  const C* Connectivity;
  const UInt8* Flags;
  LOOM_EXEC bool Hidden(Id c) const { return this->Flags && (this->Flags[c] & SurfaceHiddenCell); }
  /// A 0D, 1D or 2D cell without flags: copied to the output.
  LOOM_EXEC bool Passed(Id c) const { return !(this->Flags && this->Flags[c]) && KindOf(this->Shapes[c]) < Solid; }
  LOOM_EXEC void Ids(Id c, int n, Id* ids) const { ReadCellIds(this->Connectivity + this->Offsets[c], n, ids); }
};

/// 1. Per cell: its faces counted in the bucket of their smallest point; the first cell no path handles
/// (BadCell[0]) and the first cell naming a point outside the points (BadCell[1]) noted.
template <typename O, typename C>
struct CountFaces
{
  CellsView<O, C> Cells;
  Id NumberOfPoints;
  Int32* Count;
  Id* BadCell;
  LOOM_EXEC void operator()(Id c) const
  {
    const UInt8 shape = this->Cells.Shapes[c];
    const Kind kind = KindOf(shape);
    const FaceTable t = FaceTableOf(shape);
    if (kind == Unknown || (t.Count && this->Cells.Offsets[c + 1] - this->Cells.Offsets[c] != t.Points))
    {
      loom::exec::AtomicMin(this->BadCell, c);
      return;
    }
    const UInt64 limit = static_cast<UInt64>(this->NumberOfPoints);
    if (!t.Count)
    {
      // A passed cell: its ids checked where they are.
      for (O i = this->Cells.Offsets[c]; i < this->Cells.Offsets[c + 1]; ++i)
        if (static_cast<UInt64>(this->Cells.Connectivity[i]) >= limit)
        {
          loom::exec::AtomicMin(this->BadCell + 1, c);
          return;
        }
      return;
    }
    // A 3D cell: its ids read once, checked, then its faces counted.
    Id ids[8];
    this->Cells.Ids(c, t.Points, ids);
    for (int v = 0; v < t.Points; ++v)
      if (static_cast<UInt64>(ids[v]) >= limit)
      {
        loom::exec::AtomicMin(this->BadCell + 1, c);
        return;
      }
    if (this->Cells.Hidden(c))
      return;
    for (int f = 0; f < t.Count; ++f)
    {
      Id smallest = ids[t.V[f][0]];
      for (int v = 1; v < t.Size[f]; ++v)
        smallest = ids[t.V[f][v]] < smallest ? ids[t.V[f][v]] : smallest;
      loom::exec::AtomicAdd(this->Count + smallest, 1);
    }
  }
};

/// 2. Per cell: each face into its bucket, as its code (cell * 8 + face) and its other points ascending
/// (three ids, -1 for a triangle's missing fourth).
template <typename O, typename C>
struct FillBuckets
{
  CellsView<O, C> Cells;
  const Id* Start;
  Int32* Cursor;
  Id* Entries;
  Id* Keys;
  LOOM_EXEC void operator()(Id c) const
  {
    const FaceTable t = FaceTableOf(this->Cells.Shapes[c]);
    if (!t.Count || this->Cells.Hidden(c))
      return;
    Id ids[8];
    this->Cells.Ids(c, t.Points, ids);
    for (int f = 0; f < t.Count; ++f)
    {
      Id face[4] = { ids[t.V[f][0]], ids[t.V[f][1]], ids[t.V[f][2]], -1 };
      if (t.Size[f] == 4)
        face[3] = ids[t.V[f][3]];
      SortFace(face, t.Size[f]);
      const Id at = this->Start[face[0]] + loom::exec::AtomicAdd(this->Cursor + face[0], 1);
      this->Entries[at] = c * 8 + f;
      this->Keys[3 * at] = face[1];
      this->Keys[3 * at + 1] = face[2];
      this->Keys[3 * at + 2] = face[3];
    }
  }
};

/// 3. Per point: its bucket put in (cell, face) order, and each face marked external when no other face
/// of the bucket has its points (faces of ghost cells hide their twins but are not output).
struct MatchBuckets
{
  const Id* Start;
  const Int32* Count;
  Id* Entries;
  Id* Keys;
  UInt8* External;
  const UInt8* Flags;
  LOOM_EXEC void operator()(Id p) const
  {
    const int n = this->Count[p];
    if (n == 0)
      return;
    Id* e = this->Entries + this->Start[p];
    Id* k = this->Keys + 3 * this->Start[p];
    UInt8* x = this->External + this->Start[p];
    auto same = [k](int i, int j) {
      return k[3 * i] == k[3 * j] && k[3 * i + 1] == k[3 * j + 1] && k[3 * i + 2] == k[3 * j + 2];
    };
    auto swap = [e, k, x](int i, int j) {
      Exchange(e[i], e[j]);
      Exchange(k[3 * i], k[3 * j]);
      Exchange(k[3 * i + 1], k[3 * j + 1]);
      Exchange(k[3 * i + 2], k[3 * j + 2]);
      Exchange(x[i], x[j]);
    };
    auto byEntry = [e](int i, int j) { return e[i] < e[j]; };
    if (n <= 32)
    {
      for (int i = 1; i < n; ++i) // insertion sort by the entry
        for (int j = i; j > 0 && byEntry(j, j - 1); --j)
          swap(j, j - 1);
      for (int i = 0; i < n; ++i)
      {
        bool twin = false;
        for (int j = 0; j < n && !twin; ++j)
          twin = j != i && same(i, j);
        x[i] = twin ? 0 : 1;
      }
    }
    else
    {
      // Large buckets: sorted by their keys (twins side by side), then back into entry order.
      auto byKey = [k, e](int i, int j) {
        for (int v = 0; v < 3; ++v)
          if (k[3 * i + v] != k[3 * j + v])
            return k[3 * i + v] < k[3 * j + v];
        return e[i] < e[j];
      };
      HeapSortPositions(n, byKey, swap);
      for (int r = 0; r < n; ++r)
        x[r] = (r > 0 && same(r - 1, r)) || (r + 1 < n && same(r, r + 1)) ? 0 : 1;
      HeapSortPositions(n, byEntry, swap);
    }
    if (this->Flags)
      for (int i = 0; i < n; ++i)
        if (this->Flags[e[i] / 8] & SurfaceGhostCell)
          x[i] = 0;
  }
};

/// 4a. Per cell: the points of a passed cell marked used.
template <typename O, typename C>
struct MarkPassedPoints
{
  CellsView<O, C> Cells;
  UInt8* Used;
  LOOM_EXEC void operator()(Id c) const
  {
    if (!this->Cells.Passed(c))
      return;
    for (O i = this->Cells.Offsets[c]; i < this->Cells.Offsets[c + 1]; ++i)
      loom::exec::AtomicStore(this->Used + this->Cells.Connectivity[i], UInt8(1));
  }
};

/// 4b. Per face entry: the points of an external face marked used; its point count (0 if internal).
template <typename O, typename C>
struct MarkFacePoints
{
  CellsView<O, C> Cells;
  const Id* Entries;
  const UInt8* External;
  UInt8* Used;
  Id* Size;
  LOOM_EXEC void operator()(Id i) const
  {
    if (!this->External[i])
    {
      this->Size[i] = 0;
      return;
    }
    const Id c = this->Entries[i] / 8;
    const int f = static_cast<int>(this->Entries[i] % 8);
    const FaceTable t = FaceTableOf(this->Cells.Shapes[c]);
    Id ids[8];
    this->Cells.Ids(c, t.Points, ids);
    for (int v = 0; v < t.Size[f]; ++v)
      loom::exec::AtomicStore(this->Used + ids[t.V[f][v]], UInt8(1));
    this->Size[i] = t.Size[f];
  }
};

/// 4c. Per cell: 1 and its point count where it is a passed cell of kind `K`, else 0 and 0.
template <typename O, typename C>
struct PassedCounts
{
  CellsView<O, C> Cells;
  int K;
  Id* Cells1;
  Id* Size;
  LOOM_EXEC void operator()(Id c) const
  {
    const bool here = this->Cells.Passed(c) && KindOf(this->Cells.Shapes[c]) == this->K;
    this->Cells1[c] = here ? 1 : 0;
    this->Size[c] = here ? static_cast<Id>(this->Cells.Offsets[c + 1] - this->Cells.Offsets[c]) : 0;
  }
};

/// Offsets, connectivity and source cells of one kind of output cells.
template <typename OT>
struct Writer
{
  Id* Sources;
  OT* Offsets;
  OT* Connectivity;
  LOOM_EXEC void Cell(Id at, Id connectivityAt, Id source) const
  {
    this->Sources[at] = source;
    this->Offsets[at] = static_cast<OT>(connectivityAt);
  }
  LOOM_EXEC void Point(Id at, Id point) const { this->Connectivity[at] = static_cast<OT>(point); }
};

/// 6a. Per cell: a passed cell of kind `K` copied (a pixel's points in quadrilateral order).
template <typename O, typename C, typename OT>
struct WritePassed
{
  CellsView<O, C> Cells;
  int K;
  const Id* CellStart;
  const Id* ConnectivityStart;
  const Id* Number;
  Writer<OT> Out;
  LOOM_EXEC void operator()(Id c) const
  {
    const UInt8 shape = this->Cells.Shapes[c];
    if (!this->Cells.Passed(c) || KindOf(shape) != this->K)
      return;
    const Id at = this->ConnectivityStart[c];
    this->Out.Cell(this->CellStart[c], at, c);
    const O first = this->Cells.Offsets[c];
    const int size = static_cast<int>(this->Cells.Offsets[c + 1] - first);
    for (int v = 0; v < size; ++v)
    {
      const int from = shape == CELL_SHAPE_PIXEL && v >= 2 ? 5 - v : v;
      this->Out.Point(at + v, this->Number[this->Cells.Connectivity[first + from]]);
    }
  }
};

/// 6b. Per face entry: an external face written after the passed polygons, from its smallest point.
template <typename O, typename C, typename OT>
struct WriteFaces
{
  CellsView<O, C> Cells;
  const Id* Entries;
  const UInt8* External;
  const Id* FaceStart;
  const Id* ConnectivityStart;
  Id FirstCell, FirstConnectivity;
  const Id* Number;
  Writer<OT> Out;
  LOOM_EXEC void operator()(Id i) const
  {
    if (!this->External[i])
      return;
    const Id c = this->Entries[i] / 8;
    const int f = static_cast<int>(this->Entries[i] % 8);
    const FaceTable t = FaceTableOf(this->Cells.Shapes[c]);
    Id ids[8], face[4];
    this->Cells.Ids(c, t.Points, ids);
    const int n = FacePoints(t, f, ids, face);
    const Id at = this->FirstConnectivity + this->ConnectivityStart[i];
    this->Out.Cell(this->FirstCell + this->FaceStart[i], at, c);
    for (int v = 0; v < n; ++v)
      this->Out.Point(at + v, this->Number[face[v]]);
  }
};

template <typename OT>
struct SetLastOffset
{
  OT* Offsets;
  Id Cells, Connectivity;
  LOOM_EXEC void operator()(Id) const { this->Offsets[this->Cells] = static_cast<OT>(this->Connectivity); }
};

template <typename Tag, typename OT>
Writer<OT> AllocateCells(SurfaceCells& out, Id cells, Id connectivity)
{
  constexpr bool is64 = std::is_same<OT, Int64>::value;
  out.Is64Bit = is64;
  loom::cont::ArrayHandle<OT>* offsets;
  loom::cont::ArrayHandle<OT>* ids;
  if constexpr (is64)
  {
    offsets = &out.Offsets64;
    ids = &out.Connectivity64;
  }
  else
  {
    offsets = &out.Offsets32;
    ids = &out.Connectivity32;
  }
  const Writer<OT> w{ WritePointer<Tag>(out.SourceCells, cells), WritePointer<Tag>(*offsets, cells + 1),
                      WritePointer<Tag>(*ids, connectivity) };
  loom::cont::DeviceAdapterAlgorithm<Tag>::Schedule(SetLastOffset<OT>{ w.Offsets, cells, connectivity }, 1);
  return w;
}

/// The external faces of explicit cells on device `Tag`: the same output as ExternalFaces' block passes
/// (faces in bucket order, each bucket in cell and face order; passed cells in input order; used points
/// numbered in input order). Keys take three ids a face (no packing): memory for simplicity, since the
/// device holds the whole face list at once.
template <typename Tag, typename O, typename C>
ExternalFacesResult ExplicitFacesParallel(const loom::cont::CellSetExplicit<O, C>& cells,
                                          const ExternalFacesOptions& options)
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using loom::cont::ArrayHandle;
  const Id numCells = cells.GetNumberOfCells();
  const Id numPoints = cells.GetNumberOfPoints();
  const bool hasFlags = options.CellFlags.GetNumberOfValues() > 0;
  const CellsView<O, C> view{ ReadPointer<Tag>(cells.GetShapes()), ReadPointer<Tag>(cells.GetOffsets()),
                              ReadPointer<Tag>(cells.GetConnectivity()),
                              hasFlags ? ReadPointer<Tag>(options.CellFlags) : nullptr };

  // 1. Faces counted per smallest point; a cell no path handles reported as the block passes report it.
  if (hasFlags && options.CellFlags.GetNumberOfValues() != numCells)
    throw loom::cont::ErrorBadValue("ExternalFaces: " + std::to_string(options.CellFlags.GetNumberOfValues()) +
                                    " cell flags for " + std::to_string(numCells) + " cells.");
  ArrayHandle<Int32> count, cursor;
  ArrayHandle<Id> bad;
  Int32* counts = WritePointer<Tag>(count, numPoints);
  Algorithm::Schedule(Fill<Int32>{ counts, 0 }, numPoints);
  Id* badSlots = WritePointer<Tag>(bad, 2);
  Algorithm::Schedule(Fill<Id>{ badSlots, INT64_MAX }, 2);
  Algorithm::Schedule(CountFaces<O, C>{ view, numPoints, counts, badSlots }, numCells);
  const Id badCell = bad.ReadPortal().Get(0), badPoints = bad.ReadPortal().Get(1);
  if (badCell != INT64_MAX)
  {
    const O* offsets = cells.GetOffsets().ReadPortal().GetArray();
    ThrowBadCell(badCell, static_cast<int>(cells.GetShapes().ReadPortal().Get(badCell)),
                 static_cast<long long>(offsets[badCell + 1] - offsets[badCell]));
  }
  if (badPoints != INT64_MAX)
    throw loom::cont::ErrorBadValue("ExternalFaces: cell " + std::to_string(badPoints) + " names a point outside the " +
                                    std::to_string(numPoints) + " points.");

  // 2. Buckets filled and matched.
  ArrayHandle<Id> start, entries, keys;
  const Id faces = numPoints ? Algorithm::ScanExclusive(count, start, Id(0)) : 0;
  const Id* starts = numPoints ? ReadPointer<Tag>(start) : nullptr;
  Int32* cursors = WritePointer<Tag>(cursor, numPoints);
  Algorithm::Schedule(Fill<Int32>{ cursors, 0 }, numPoints);
  Id* entry = WritePointer<Tag>(entries, faces);
  Id* key = WritePointer<Tag>(keys, 3 * faces);
  Algorithm::Schedule(FillBuckets<O, C>{ view, starts, cursors, entry, key }, numCells);
  cursor.ReleaseResources();
  ArrayHandle<UInt8> external;
  UInt8* isExternal = WritePointer<Tag>(external, faces);
  Algorithm::Schedule(MatchBuckets{ starts, ReadPointer<Tag>(count), entry, key, isExternal, view.Flags }, numPoints);
  keys.ReleaseResources();
  count.ReleaseResources();
  start.ReleaseResources();

  // 3. Used points; totals of the passed cells by kind and of the external faces.
  const std::array<bool, 256> present = ShapesPresent(cells.GetShapes().ReadPortal().GetArray(), numCells);
  bool kindPresent[Kinds] = { false, false, false, false };
  for (int s = 0; s < 256; ++s)
    if (present[static_cast<std::size_t>(s)] && KindOf(static_cast<UInt8>(s)) < Solid)
      kindPresent[KindOf(static_cast<UInt8>(s))] = true;
  ArrayHandle<UInt8> used;
  UInt8* usedFlags = WritePointer<Tag>(used, numPoints);
  Algorithm::Schedule(Fill<UInt8>{ usedFlags, 0 }, numPoints);
  if (kindPresent[Vert] || kindPresent[Line] || kindPresent[Poly] || kindPresent[Strip])
    Algorithm::Schedule(MarkPassedPoints<O, C>{ view, usedFlags }, numCells);
  ArrayHandle<Id> faceSize, faceStart, faceConnectivityStart;
  Algorithm::Schedule(MarkFacePoints<O, C>{ view, entry, isExternal, usedFlags, WritePointer<Tag>(faceSize, faces) },
                      faces);
  const Id faceCells = faces ? Algorithm::ScanExclusive(external, faceStart, Id(0)) : 0;
  const Id faceConnectivity = faces ? Algorithm::ScanExclusive(faceSize, faceConnectivityStart, Id(0)) : 0;
  faceSize.ReleaseResources();
  ArrayHandle<Id> cellStart[Kinds], connectivityStart[Kinds];
  Id passedCells[Kinds] = { 0, 0, 0, 0 }, passedConnectivity[Kinds] = { 0, 0, 0, 0 };
  for (int k = 0; k < Kinds; ++k)
    if (kindPresent[k])
    {
      ArrayHandle<Id> ones, sizes;
      Algorithm::Schedule(
        PassedCounts<O, C>{ view, k, WritePointer<Tag>(ones, numCells), WritePointer<Tag>(sizes, numCells) }, numCells);
      passedCells[k] = Algorithm::ScanExclusive(ones, cellStart[k], Id(0));
      passedConnectivity[k] = Algorithm::ScanExclusive(sizes, connectivityStart[k], Id(0));
    }

  // 4. Points numbered in input order; cells written.
  ExternalFacesResult r;
  ArrayHandle<Id> number;
  const Id usedCount = numPoints ? Algorithm::ScanExclusive(used, number, Id(0)) : 0;
  const Id* numbers = numPoints ? ReadPointer<Tag>(number) : nullptr;
  Algorithm::Schedule(ListFlagged{ usedFlags, numbers, WritePointer<Tag>(r.PointIds, usedCount) }, numPoints);
  SurfaceCells* outs[Kinds] = { &r.Verts, &r.Lines, &r.Polys, &r.Strips };
  for (int k = 0; k < Kinds; ++k)
  {
    const Id cellsOut = passedCells[k] + (k == Poly ? faceCells : 0);
    const Id connOut = passedConnectivity[k] + (k == Poly ? faceConnectivity : 0);
    auto write = [&](auto width) {
      using OT = decltype(width);
      const Writer<OT> w = AllocateCells<Tag, OT>(*outs[k], cellsOut, connOut);
      if (passedCells[k])
        Algorithm::Schedule(WritePassed<O, C, OT>{ view, k, ReadPointer<Tag>(cellStart[k]),
                                                   ReadPointer<Tag>(connectivityStart[k]), numbers, w },
                            numCells);
      if (k == Poly && faceCells)
        Algorithm::Schedule(WriteFaces<O, C, OT>{ view, entry, isExternal, ReadPointer<Tag>(faceStart),
                                                  ReadPointer<Tag>(faceConnectivityStart), passedCells[Poly],
                                                  passedConnectivity[Poly], numbers, w },
                            faces);
    };
    if (usedCount > 0x7fffffff || connOut > 0x7fffffff)
      write(Int64{});
    else
      write(Int32{});
  }
  return r;
}
} // namespace parallel
LOOM_UNIT_NAMESPACE_END
} // namespace surface
} // namespace algorithms
} // namespace loom
