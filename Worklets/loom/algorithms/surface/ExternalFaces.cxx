// Loom algorithms, surface family: external faces by a counting sort of the faces of 3D cells on their
// smallest point (the buckets are VTK's output order; a face is matched only against the faces of its
// bucket), passed cells copied, the used points numbered in input order; structured grids by their six
// sides. The passes run on the CPU devices (Serial, TBB); CUDA runs the data-parallel passes of
// ExternalFacesImpl.h on explicit cells (ExternalFacesCuda.cu), which run here too for the tests.
#include <loom/algorithms/surface/ExternalFaces.h>
#include <loom/algorithms/surface/ExternalFacesImpl.h>

#include <loom/CellShape.h>
#include <loom/algorithms/CellIds.h>
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Error.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace surface
{
namespace
{
constexpr Id CellBlock = 4096;
constexpr Id FaceBlock = 1 << 15;
constexpr Id PointBlock = 1 << 16;

constexpr FaceTable Tetra = FaceTableOf(CELL_SHAPE_TETRA);
constexpr FaceTable Voxel = FaceTableOf(CELL_SHAPE_VOXEL);
constexpr FaceTable Hexahedron = FaceTableOf(CELL_SHAPE_HEXAHEDRON);
constexpr FaceTable Wedge = FaceTableOf(CELL_SHAPE_WEDGE);
constexpr FaceTable Pyramid = FaceTableOf(CELL_SHAPE_PYRAMID);

/// The face table of a 3D cell type, or null (the block passes keep pointers to these tables).
inline const FaceTable* FacesOf(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_TETRA:
      return &Tetra;
    case CELL_SHAPE_VOXEL:
      return &Voxel;
    case CELL_SHAPE_HEXAHEDRON:
      return &Hexahedron;
    case CELL_SHAPE_WEDGE:
      return &Wedge;
    case CELL_SHAPE_PYRAMID:
      return &Pyramid;
    default:
      return nullptr;
  }
}

/// Marks a used point (several cells may mark the same point with the same value).
inline void MarkUsed(UInt8* used)
{
  __atomic_store_n(used, UInt8(1), __ATOMIC_RELAXED);
}

/// A face's points but its smallest (the bucket's point) in ascending order, padded with -1: equal for
/// two faces of a bucket on the same points.
template <typename K>
struct FaceKey
{
  K P[3];
  bool operator==(const FaceKey& o) const { return this->P[0] == o.P[0] && this->P[1] == o.P[1] && this->P[2] == o.P[2]; }
  bool operator<(const FaceKey& o) const { return std::lexicographical_compare(this->P, this->P + 3, o.P, o.P + 3); }
};

/// The same key packed in 64 bits, for meshes whose faces span fewer than 2^21 - 1 ids: the other
/// points' distances from the smallest, 21 bits each (a triangle's missing fourth point all ones).
struct PackedFaceKey
{
  UInt64 V;
  static constexpr Id Limit = (Id(1) << 21) - 1;
  PackedFaceKey() = default;
  explicit PackedFaceKey(const Id* face)
    : V(static_cast<UInt64>(face[1] - face[0]) | (static_cast<UInt64>(face[2] - face[0]) << 21) |
        (static_cast<UInt64>(face[3] < 0 ? Limit : face[3] - face[0]) << 42))
  {
  }
  bool operator==(const PackedFaceKey& o) const { return this->V == o.V; }
  bool operator<(const PackedFaceKey& o) const { return this->V < o.V; }
};

/// Totals per block of cells (by kind of output cell) or of face entries (Poly only).
struct Totals
{
  Id Cells[Kinds] = { 0, 0, 0, 0 };
  Id Connectivity[Kinds] = { 0, 0, 0, 0 };
  void Add(const Totals& o)
  {
    for (int k = 0; k < Kinds; ++k)
    {
      this->Cells[k] += o.Cells[k];
      this->Connectivity[k] += o.Connectivity[k];
    }
  }
};

/// Exclusive prefix of block totals in place; returns the sum.
Totals PrefixTotals(std::vector<Totals>& totals)
{
  Totals sum;
  for (Totals& t : totals)
  {
    const Totals here = t;
    t = sum;
    sum.Add(here);
  }
  return sum;
}

/// Offsets, connectivity and source cells of one kind, allocated for `cells` cells.
struct KindWriter
{
  Id* Sources = nullptr;
  Int32* Offsets32 = nullptr;
  Int32* Connectivity32 = nullptr;
  Int64* Offsets64 = nullptr;
  Int64* Connectivity64 = nullptr;
  void Cell(Id at, Id connectivityAt, Id source) const
  {
    this->Sources[at] = source;
    if (this->Offsets64)
      this->Offsets64[at] = connectivityAt;
    else
      this->Offsets32[at] = static_cast<Int32>(connectivityAt);
  }
  void Point(Id at, Id point) const
  {
    if (this->Connectivity64)
      this->Connectivity64[at] = point;
    else
      this->Connectivity32[at] = static_cast<Int32>(point);
  }
};

KindWriter Allocate(SurfaceCells& out, Id cells, Id connectivity, bool is64)
{
  KindWriter w;
  out.Is64Bit = is64;
  out.SourceCells.Allocate(cells);
  w.Sources = out.SourceCells.GetPointer();
  if (is64)
  {
    out.Offsets64.Allocate(cells + 1);
    out.Connectivity64.Allocate(connectivity);
    w.Offsets64 = out.Offsets64.GetPointer();
    w.Connectivity64 = out.Connectivity64.GetPointer();
    w.Offsets64[cells] = connectivity;
  }
  else
  {
    out.Offsets32.Allocate(cells + 1);
    out.Connectivity32.Allocate(connectivity);
    w.Offsets32 = out.Offsets32.GetPointer();
    w.Connectivity32 = out.Connectivity32.GetPointer();
    w.Offsets32[cells] = static_cast<Int32>(connectivity);
  }
  return w;
}

/// The used points numbered in input order: `number[p]` for every used point, and their list.
Id NumberUsedPoints(loom::cont::DeviceId device, const UInt8* used, Id numPoints, loom::cont::ArrayHandle<Id>& numberArray,
                    loom::cont::ArrayHandle<Id>& pointIds)
{
  numberArray.Allocate(numPoints);
  Id* number = numberArray.GetPointer();
  const Id blocks = (numPoints + PointBlock - 1) / PointBlock;
  const std::vector<Id> start = BlockStarts(device, blocks, PointBlock, [=](Id b) {
    Id n = 0;
    for (Id p = b * PointBlock, end = std::min(numPoints, p + PointBlock); p < end; ++p)
      n += used[p];
    return n;
  });
  const Id* s = start.data();
  pointIds.Allocate(s[blocks]);
  Id* ids = pointIds.GetPointer();
  HostForEach(device, blocks, 1, PointBlock, [=](Id b) {
    Id n = s[b];
    for (Id p = b * PointBlock, end = std::min(numPoints, p + PointBlock); p < end; ++p)
    {
      number[p] = n;
      if (used[p])
        ids[n++] = p;
    }
  });
  return s[blocks];
}

/// MatchBucket of a bucket of more than 32 faces: its faces sorted by key, twins found as neighbours.
template <typename Key>
void MatchLargeBucket(int n, const Key* k, UInt8* external)
{
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    order[static_cast<std::size_t>(i)] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return k[a] < k[b]; });
  for (int r = 0; r < n; ++r)
  {
    const int i = order[static_cast<std::size_t>(r)];
    const bool twin = (r > 0 && k[order[static_cast<std::size_t>(r - 1)]] == k[i]) ||
      (r + 1 < n && k[order[static_cast<std::size_t>(r + 1)]] == k[i]);
    external[i] = twin ? 0 : 1;
  }
}

/// Step 3 of ExplicitFaces for one bucket (the `n` faces from `begin` whose smallest point is the same):
/// its entries in (cell, face) order (the order a single thread fills it in; threads sort it), and a face
/// external when no other face of the bucket has its points. Faces of ghost cells hide their twins but
/// are not output. Returns the number of external faces.
template <typename K, typename Key>
inline Id MatchBucket(Id begin, int n, K* entries, Key* keys, UInt8* external, const UInt8* flags, bool serial)
{
  if (n == 0)
    return 0;
  K* e = entries + begin;
  Key* k = keys + begin;
  UInt8* out = external + begin;
  if (!serial)
    for (int i = 1; i < n; ++i) // insertion sort of both by the entry
      for (int j = i; j > 0 && e[j] < e[j - 1]; --j)
      {
        std::swap(e[j], e[j - 1]);
        std::swap(k[j], k[j - 1]);
      }
  if (n > 32)
  {
    MatchLargeBucket(n, k, out);
    Id found = 0;
    for (int i = 0; i < n; ++i)
    {
      if (flags && (flags[e[i] / 8] & SurfaceGhostCell))
        out[i] = 0;
      found += out[i];
    }
    return found;
  }
  // Pairs found from the left: a face not yet paired is compared with the faces after it until its twin.
  // A face left unpaired has no twin after it, nor among the unpaired faces before it (they were compared
  // with it); a third face on the same points is one of the paired faces before it, which the rare
  // unpaired faces are compared with. Paired faces are internal, the rest external (faces of ghost cells
  // are not output).
  const UInt32 all = n == 32 ? ~UInt32(0) : (UInt32(1) << n) - 1;
  UInt32 paired = 0;
  for (int i = 0; i < n; ++i)
    if (!(paired >> i & 1u))
      for (int j = i + 1; j < n; ++j)
        if (k[j] == k[i])
        {
          paired |= 1u << i | 1u << j;
          break;
        }
  if (paired != all)
    for (int i = 0; i < n; ++i)
      if (!(paired >> i & 1u))
        for (int j = 0; j < i; ++j)
          if ((paired >> j & 1u) && k[j] == k[i])
          {
            paired |= 1u << i;
            break;
          }
  if (flags)
    for (int i = 0; i < n; ++i)
      if (flags[e[i] / 8] & SurfaceGhostCell)
        paired |= 1u << i;
  for (int i = 0; i < n; ++i)
    out[i] = !(paired >> i & 1u);
  return __builtin_popcount(all & ~paired);
}

/// The positions of the set flags among `flags[from, to)`, written from `out` in order: eight flags are
/// skipped at a time where none is set (a surface's faces are a small share of a volume's).
inline void ListSetFlags(const UInt8* flags, Id from, Id to, Id* out)
{
  Id i = from;
  for (; i < to && (i & 7); ++i)
    if (flags[i])
      *out++ = i;
  for (; i + 8 <= to; i += 8)
  {
    UInt64 eight;
    std::memcpy(&eight, flags + i, 8);
    if (eight)
      for (Id j = i; j < i + 8; ++j)
        if (flags[j])
          *out++ = j;
  }
  for (; i < to; ++i)
    if (flags[i])
      *out++ = i;
}

/// Steps 4 and 5 of ExplicitFaces: the output totals per block (passed cells by kind; external faces) and
/// the points used, then the points numbered and the cells written: the cells of no more than two dimensions
/// passed as they are, and the `faces` external faces (`list[i]`: a face entry, `entries[list[i]]` its cell
/// * 8 + face) as polygons.
template <typename O, typename C, typename K>
ExternalFacesResult WriteSurface(const loom::cont::CellSetExplicit<O, C>& cells, const ExternalFacesOptions& options,
                                 Id faces, const Id* list, const K* entries)
{
  const loom::cont::DeviceId device = options.Device;
  const Id numCells = cells.GetNumberOfCells();
  const Id numPoints = cells.GetNumberOfPoints();
  const UInt8* shapes = cells.GetShapes().ReadPortal().GetArray();
  const O* offsets = cells.GetOffsets().ReadPortal().GetArray();
  const C* conn = cells.GetConnectivity().ReadPortal().GetArray();
  const UInt8* flags = options.CellFlags.GetNumberOfValues() ? options.CellFlags.ReadPortal().GetArray() : nullptr;
  const Id cellBlocks = (numCells + CellBlock - 1) / CellBlock;
  auto readIds = [=](Id c, Id* ids, int n) { ReadCellIds(conn + offsets[c], n, ids); };
  // 4. Output totals per block (passed cells by kind; external faces), and the points used.
  loom::cont::ArrayHandle<UInt8> usedArray;
  usedArray.Allocate(numPoints);
  UInt8* used = usedArray.GetPointer();
  std::memset(used, 0, static_cast<std::size_t>(numPoints));
  std::vector<Totals> cellTotals(static_cast<std::size_t>(cellBlocks));
  Totals* ct = cellTotals.data();
  auto passed = [=](Id c) { return !(flags && flags[c]) && KindOf(shapes[c]) < Solid; };
  HostForEach(device, cellBlocks, 1, CellBlock, [=](Id b) {
    Totals t;
    for (Id c = b * CellBlock, end = std::min(numCells, c + CellBlock); c < end; ++c)
      if (passed(c))
      {
        const int kind = KindOf(shapes[c]);
        ++t.Cells[kind];
        t.Connectivity[kind] += static_cast<Id>(offsets[c + 1] - offsets[c]);
        for (O i = offsets[c]; i < offsets[c + 1]; ++i)
          MarkUsed(used + conn[i]);
      }
    ct[b] = t;
  });
  const Id faceBlocks = (faces + FaceBlock - 1) / FaceBlock;
  std::vector<Totals> faceTotals(static_cast<std::size_t>(faceBlocks));
  Totals* ft = faceTotals.data();
  HostForEach(device, faceBlocks, 1, FaceBlock, [&, list, entries, used, ft](Id b) {
    Totals t;
    for (Id i = b * FaceBlock, end = std::min(faces, i + FaceBlock); i < end; ++i)
    {
      const Id c = entries[list[i]] / 8;
      const int f = static_cast<int>(entries[list[i]] % 8);
      const FaceTable& table = *FacesOf(shapes[c]);
      ++t.Cells[Poly];
      t.Connectivity[Poly] += table.Size[f];
      for (int v = 0; v < table.Size[f]; ++v)
        MarkUsed(used + conn[offsets[c] + table.V[f][v]]);
    }
    ft[b] = t;
  });
  const Totals passedSum = PrefixTotals(cellTotals);
  const Totals faceSum = PrefixTotals(faceTotals);

  // 5. Points numbered; cells written.
  ExternalFacesResult r;
  loom::cont::ArrayHandle<Id> numberArray;
  const Id usedCount = NumberUsedPoints(device, used, numPoints, numberArray, r.PointIds);
  const Id* number = numberArray.GetPointer();
  SurfaceCells* outs[Kinds] = { &r.Verts, &r.Lines, &r.Polys, &r.Strips };
  KindWriter writers[Kinds];
  for (int k = 0; k < Kinds; ++k)
  {
    const Id cellsOut = passedSum.Cells[k] + (k == Poly ? faceSum.Cells[Poly] : 0);
    const Id connOut = passedSum.Connectivity[k] + (k == Poly ? faceSum.Connectivity[Poly] : 0);
    writers[k] = Allocate(*outs[k], cellsOut, connOut, usedCount > 0x7fffffff || connOut > 0x7fffffff);
  }
  const KindWriter* w = writers;
  HostForEach(device, cellBlocks, 1, CellBlock, [=](Id b) {
    Totals at = ct[b];
    for (Id c = b * CellBlock, end = std::min(numCells, c + CellBlock); c < end; ++c)
      if (passed(c))
      {
        const int kind = KindOf(shapes[c]);
        const KindWriter& out = w[kind];
        out.Cell(at.Cells[kind]++, at.Connectivity[kind], c);
        const O first = offsets[c];
        const int size = static_cast<int>(offsets[c + 1] - first);
        for (int v = 0; v < size; ++v)
        {
          // A pixel's points in quadrilateral order.
          const int from = shapes[c] == CELL_SHAPE_PIXEL && v >= 2 ? 5 - v : v;
          out.Point(at.Connectivity[kind]++, number[conn[first + from]]);
        }
      }
  });
  HostForEach(device, faceBlocks, 1, FaceBlock, [&, list, entries, ft, w, number](Id b) {
    Id atCell = passedSum.Cells[Poly] + ft[b].Cells[Poly];
    Id atConn = passedSum.Connectivity[Poly] + ft[b].Connectivity[Poly];
    const KindWriter& out = w[Poly];
    for (Id i = b * FaceBlock, end = std::min(faces, i + FaceBlock); i < end; ++i)
    {
      const Id c = entries[list[i]] / 8;
      const int f = static_cast<int>(entries[list[i]] % 8);
      const FaceTable& table = *FacesOf(shapes[c]);
      Id ids[8], face[4];
      readIds(c, ids, table.Points);
      const int n = FacePoints(table, f, ids, face);
      out.Cell(atCell++, atConn, c);
      for (int v = 0; v < n; ++v)
        out.Point(atConn++, number[face[v]]);
    }
  });
  return r;
}

template <typename O, typename C>
ExternalFacesResult ExplicitFaces(const loom::cont::CellSetExplicit<O, C>& cells, const ExternalFacesOptions& options)
{
  const loom::cont::DeviceId device = options.Device;
  const bool serial = loom::cont::RuntimeDeviceTracker::Get().Resolve(device) == loom::cont::DeviceId::Serial;
  const Id numCells = cells.GetNumberOfCells();
  const Id numPoints = cells.GetNumberOfPoints();
  const UInt8* shapes = cells.GetShapes().ReadPortal().GetArray();
  const O* offsets = cells.GetOffsets().ReadPortal().GetArray();
  const C* conn = cells.GetConnectivity().ReadPortal().GetArray();
  const UInt8* flags = options.CellFlags.GetNumberOfValues() ? options.CellFlags.ReadPortal().GetArray() : nullptr;
  const Id cellBlocks = (numCells + CellBlock - 1) / CellBlock;

  // 1. The faces of each point (the faces whose smallest point it is); unknown cells found.
  loom::cont::ArrayHandle<Int32> countArray;
  countArray.Allocate(numPoints);
  Int32* count = countArray.GetPointer();
  std::memset(count, 0, static_cast<std::size_t>(numPoints) * sizeof(Int32));
  std::atomic<Id> badCell{ -1 };
  auto readIds = [=](Id c, Id* ids, int n) { ReadCellIds(conn + offsets[c], n, ids); };
  auto forEachFace = [=](Id c, const FaceTable& t, auto&& body) {
    Id ids[8];
    readIds(c, ids, t.Points);
    for (int f = 0; f < t.Count; ++f)
    {
      Id smallest = ids[t.V[f][0]], largest = smallest;
      for (int v = 1; v < t.Size[f]; ++v)
      {
        smallest = std::min(smallest, ids[t.V[f][v]]);
        largest = std::max(largest, ids[t.V[f][v]]);
      }
      body(f, smallest, largest);
    }
  };
  // The largest span of ids within a face (packed keys when it is small).
  std::atomic<Id> widest{ 0 };
  HostForEach(device, cellBlocks, 1, CellBlock, [&, count](Id b) {
    Id spread = 0;
    for (Id c = b * CellBlock, end = std::min(numCells, c + CellBlock); c < end; ++c)
    {
      const Kind kind = KindOf(shapes[c]);
      const FaceTable* t = FacesOf(shapes[c]);
      if (kind == Unknown || (t && offsets[c + 1] - offsets[c] != t->Points))
      {
        badCell.store(c, std::memory_order_relaxed);
        continue;
      }
      if (!t || (flags && (flags[c] & SurfaceHiddenCell)))
        continue;
      forEachFace(c, *t, [&](int, Id p, Id q) {
        spread = std::max(spread, q - p);
        if (serial)
          ++count[p];
        else
          __atomic_fetch_add(count + p, 1, __ATOMIC_RELAXED);
      });
    }
    Id seen = widest.load(std::memory_order_relaxed);
    while (spread > seen && !widest.compare_exchange_weak(seen, spread, std::memory_order_relaxed))
    {
    }
  });
  if (badCell.load() >= 0)
  {
    const Id c = badCell.load();
    ThrowBadCell(c, static_cast<int>(shapes[c]), static_cast<long long>(offsets[c + 1] - offsets[c]));
  }

  // 2. Buckets: the faces of point p are entries start[p] .. start[p] + count[p], each with its cell and
  // face (`entries`) and its other points in ascending order (`keys`): the matching then reads the
  // buckets alone, in order.
  loom::cont::ArrayHandle<Id> startArray;
  const Id faces = numPoints ? loom::cont::Algorithm::ScanExclusive(device, countArray, startArray, Id(0)) : 0;
  // The fill moves start[p] on past each face it writes to bucket p (one array read and written per face):
  // after it, start[p] is bucket p's end, and bucket p begins at start[p - 1] (0 for point 0).
  Id* start = startArray.GetPointer();
  auto bucketBegin = [start](Id p) { return p ? start[p - 1] : Id(0); };
  loom::cont::ArrayHandle<UInt8> externalArray;
  externalArray.Allocate(faces);
  UInt8* external = externalArray.GetPointer();
  auto bucketMatchAndWrite = [&](auto keyZero, auto faceKeyZero) -> ExternalFacesResult {
    using K = decltype(keyZero);
    using Key = decltype(faceKeyZero);
    loom::cont::ArrayHandle<K> entryArray;
    entryArray.Allocate(faces);
    K* entries = entryArray.GetPointer();
    loom::cont::ArrayHandle<Key> keyArray;
    keyArray.Allocate(faces);
    Key* keys = keyArray.GetPointer();
    HostForEach(device, cellBlocks, 1, CellBlock, [&, entries, keys, start](Id b) {
      for (Id c = b * CellBlock, end = std::min(numCells, c + CellBlock); c < end; ++c)
      {
        const FaceTable* t = FacesOf(shapes[c]);
        if (!t || (flags && (flags[c] & SurfaceHiddenCell)))
          continue;
        Id ids[8];
        readIds(c, ids, t->Points);
        for (int f = 0; f < t->Count; ++f)
        {
          Id face[4] = { ids[t->V[f][0]], ids[t->V[f][1]], ids[t->V[f][2]], -1 };
          if (t->Size[f] == 4)
            face[3] = ids[t->V[f][3]];
          SortFace(face, t->Size[f]);
          const Id p = face[0];
          const Id slot = serial ? start[p]++ : __atomic_fetch_add(start + p, 1, __ATOMIC_RELAXED);
          entries[slot] = static_cast<K>(c * 8 + f);
          if constexpr (std::is_same<Key, PackedFaceKey>::value)
            keys[slot] = PackedFaceKey(face);
          else
            keys[slot] = Key{ { static_cast<K>(face[1]), static_cast<K>(face[2]), static_cast<K>(face[3]) } };
        }
      }
    });

    // 3. Each bucket in (cell, face) order (the order a single thread fills it in; threads sort it); a
    // face is external when no other face of its bucket has its points. Faces of ghost cells hide their
    // twins but are not output. The external faces listed in bucket order (the writers then visit them
    // alone).
    const Id pointBlocks = (numPoints + PointBlock - 1) / PointBlock;
    const std::vector<Id> listStart = BlockStarts(device, pointBlocks, PointBlock, [&, entries, keys, external, count](Id b) {
      Id found = 0;
      for (Id p = b * PointBlock, end = std::min(numPoints, p + PointBlock); p < end; ++p)
        found += MatchBucket(bucketBegin(p), count[p], entries, keys, external, flags, serial);
      return found;
    });
    loom::cont::ArrayHandle<Id> listArray;
    listArray.Allocate(listStart.back());
    Id* list = listArray.GetPointer();
    const Id* ls = listStart.data();
    HostForEach(device, pointBlocks, 1, PointBlock, [=](Id b) {
      const Id from = b * PointBlock, to = std::min(numPoints, from + PointBlock);
      ListSetFlags(external, bucketBegin(from), bucketBegin(to), list + ls[b]);
    });
    return WriteSurface(cells, options, listStart.back(), list, entries);
  };
  // 32-bit entries, and 64-bit packed keys (else 32-bit ids), where the ids and codes fit: less memory
  // to fault in and to move (12 bytes a face instead of 16 on the wavelet's hexahedra).
  const bool packed = widest.load() < PackedFaceKey::Limit;
  if (numPoints <= 0x7fffffff && numCells <= 0x7fffffff / 8)
    return packed ? bucketMatchAndWrite(Int32{}, PackedFaceKey{}) : bucketMatchAndWrite(Int32{}, FaceKey<Int32>{});
  return packed ? bucketMatchAndWrite(Id{}, PackedFaceKey{}) : bucketMatchAndWrite(Id{}, FaceKey<Id>{});
}

/// The number of a boundary point of an nx x ny x nz grid among the boundary points in input order.
struct BoundaryNumbering
{
  Id Nx, Ny, Nz;
  Id Full() const { return this->Nx * this->Ny; }
  Id Inner() const { return 2 * this->Nx + 2 * (this->Ny - 2); }
  Id Count() const { return 2 * this->Full() + (this->Nz - 2) * this->Inner(); }
  Id operator()(Id i, Id j, Id k) const
  {
    if (k == 0)
      return i + this->Nx * j;
    if (k == this->Nz - 1)
      return this->Full() + (this->Nz - 2) * this->Inner() + i + this->Nx * j;
    const Id base = this->Full() + (k - 1) * this->Inner();
    if (j == 0)
      return base + i;
    if (j == this->Ny - 1)
      return base + this->Nx + 2 * (this->Ny - 2) + i;
    return base + this->Nx + 2 * (j - 1) + (i == 0 ? 0 : 1);
  }
};

ExternalFacesResult StructuredFaces(const loom::cont::CellSetStructured<3>& cells, loom::cont::DeviceId device)
{
  const Id3 P = cells.GetPointDimensions();
  const Id nx = P[0], ny = P[1], nz = P[2];
  const BoundaryNumbering number{ nx, ny, nz };
  ExternalFacesResult r;
  // Boundary points in input order, slab by slab.
  r.PointIds.Allocate(number.Count());
  Id* ids = r.PointIds.GetPointer();
  HostForEach(device, nz, 1, [=](Id k) {
    for (Id j = 0; j < ny; ++j)
    {
      const bool fullRow = k == 0 || k == nz - 1 || j == 0 || j == ny - 1;
      const Id row = nx * (j + ny * k);
      if (fullRow)
        for (Id i = 0; i < nx; ++i)
          ids[number(i, j, k)] = row + i;
      else
      {
        ids[number(0, j, k)] = row;
        ids[number(nx - 1, j, k)] = row + nx - 1;
      }
    }
  });
  // The six sides' cells: x low, x high, y low, y high, z low, z high (the hexahedron's faces 0..5).
  const Id cx = nx - 1, cy = ny - 1, cz = nz - 1;
  const Id sideCells[6] = { cy * cz, cy * cz, cx * cz, cx * cz, cx * cy, cx * cy };
  Id sideStart[7] = { 0 };
  for (int s = 0; s < 6; ++s)
    sideStart[s + 1] = sideStart[s] + sideCells[s];
  const Id quads = sideStart[6];
  KindWriter out = Allocate(r.Polys, quads, 4 * quads, 4 * quads > 0x7fffffff);
  for (SurfaceCells* empty : { &r.Verts, &r.Lines, &r.Strips })
    Allocate(*empty, 0, 0, false);
  HostForEach(device, quads, 1 << 12, [=](Id q) {
    int s = 0;
    while (q >= sideStart[s + 1])
      ++s;
    const Id local = q - sideStart[s];
    Id i, j, k;
    if (s < 2)
    {
      i = s == 0 ? 0 : cx - 1;
      j = local % cy;
      k = local / cy;
    }
    else if (s < 4)
    {
      j = s == 2 ? 0 : cy - 1;
      i = local % cx;
      k = local / cx;
    }
    else
    {
      k = s == 4 ? 0 : cz - 1;
      i = local % cx;
      j = local / cx;
    }
    // The cell's corners in hexahedron order, as (i, j, k) offsets.
    static constexpr int Corner[8][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 },
                                          { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 } };
    Id corners[8], face[4];
    for (int v = 0; v < 8; ++v)
      corners[v] = (i + Corner[v][0]) + nx * ((j + Corner[v][1]) + ny * (k + Corner[v][2]));
    FacePoints(Hexahedron, s, corners, face);
    out.Cell(q, 4 * q, i + cx * (j + cy * k));
    for (int v = 0; v < 4; ++v)
    {
      const Id p = face[v], pi = p % nx, pj = (p / nx) % ny, pk = p / (nx * ny);
      out.Point(4 * q + v, number(pi, pj, pk));
    }
  });
  return r;
}

/// 1D and 2D structured cell sets: every cell passed (lines, or pixels as quadrilaterals), on all points.
template <int Dim>
ExternalFacesResult StructuredPassed(const loom::cont::CellSetStructured<Dim>& cells, loom::cont::DeviceId device)
{
  const Id numCells = cells.GetNumberOfCells();
  const Id numPoints = cells.GetNumberOfPoints();
  const Id3 P = cells.GetPointDimensions();
  const Id3 C = cells.GetCellDimensions();
  ExternalFacesResult r;
  r.PointIds.Allocate(numPoints);
  Id* ids = r.PointIds.GetPointer();
  HostForEach(device, numPoints, 1 << 14, [=](Id p) { ids[p] = p; });
  constexpr int Size = Dim == 1 ? 2 : 4;
  const bool is64 = Size * numCells > 0x7fffffff;
  SurfaceCells& target = Dim == 1 ? r.Lines : r.Polys;
  KindWriter out = Allocate(target, numCells, Size * numCells, is64);
  for (SurfaceCells* other : { &r.Verts, Dim == 1 ? &r.Polys : &r.Lines, &r.Strips })
    Allocate(*other, 0, 0, false);
  HostForEach(device, numCells, 1 << 12, [=](Id c) {
    out.Cell(c, Size * c, c);
    if (Dim == 1)
    {
      out.Point(2 * c, c);
      out.Point(2 * c + 1, c + 1);
      return;
    }
    const Id i = c % C[0], j = c / C[0], base = i + P[0] * j;
    out.Point(4 * c, base);
    out.Point(4 * c + 1, base + 1);
    out.Point(4 * c + 2, base + 1 + P[0]);
    out.Point(4 * c + 3, base + P[0]);
  });
  return r;
}
/// A structured cell set as explicit cells (hexahedra, quadrilaterals or lines in VTK's point order), for
/// ghost or hidden cells: their flags need the explicit path's face matching.
template <int Dim>
loom::cont::CellSetExplicit<Int64, Int64> AsExplicit(const loom::cont::CellSetStructured<Dim>& cells,
                                                      loom::cont::DeviceId device)
{
  const Id3 p = cells.GetPointDimensions();
  const Id3 c = cells.GetCellDimensions();
  const Id numCells = cells.GetNumberOfCells();
  constexpr int corners = Dim == 3 ? 8 : Dim == 2 ? 4 : 2;
  constexpr UInt8 shape = Dim == 3 ? CELL_SHAPE_HEXAHEDRON : Dim == 2 ? CELL_SHAPE_QUAD : CELL_SHAPE_LINE;
  loom::cont::ArrayHandle<UInt8> shapes;
  loom::cont::ArrayHandle<Int64> offsets, connectivity;
  shapes.Allocate(numCells);
  offsets.Allocate(numCells + 1);
  connectivity.Allocate(numCells * corners);
  UInt8* s = shapes.GetPointer();
  Int64* o = offsets.GetPointer();
  Int64* conn = connectivity.GetPointer();
  o[numCells] = numCells * corners;
  HostForEach(device, numCells, 4096, [&](Id cell) {
    const Id i = cell % c[0], j = (cell / c[0]) % c[1], k = cell / (c[0] * c[1]);
    const Id base = i + p[0] * (j + p[1] * k);
    const Id dx = 1, dy = p[0], dz = p[0] * p[1];
    Int64* v = conn + cell * corners;
    s[cell] = shape;
    o[cell] = cell * corners;
    v[0] = base;
    v[1] = base + dx;
    if (Dim >= 2)
    {
      v[2] = base + dx + dy;
      v[3] = base + dy;
    }
    if (Dim == 3)
    {
      v[4] = base + dz;
      v[5] = base + dx + dz;
      v[6] = base + dx + dy + dz;
      v[7] = base + dy + dz;
    }
  });
  return loom::cont::CellSetExplicit<Int64, Int64>(cells.GetNumberOfPoints(), shapes, offsets, connectivity);
}
} // namespace
} // namespace surface

namespace surface
{
namespace
{
template <typename O, typename C>
ExternalFacesResult DataParallelOnHost(const loom::cont::CellSetExplicit<O, C>& cells, const ExternalFacesOptions& options)
{
  return loom::cont::CallOnDevice(options.Device, [&](auto tag) {
    return parallel::ExplicitFacesParallel<decltype(tag)>(cells, options);
  });
}

/// Explicit cells: the data-parallel passes on CUDA, the block passes on the CPU devices.
template <typename O, typename C>
ExternalFacesResult ExplicitFacesOnDevice(const loom::cont::CellSetExplicit<O, C>& cells,
                                          const ExternalFacesOptions& options)
{
  return WithCudaFallback(
    options.Device, "ExternalFaces", [&](auto) { return ExplicitFacesCuda(cells, options); },
    [&](loom::cont::DeviceId cpu) {
      ExternalFacesOptions onCpu = options;
      onCpu.Device = cpu;
      return ExplicitFaces(cells, onCpu);
    });
}
} // namespace

ExternalFacesResult ExplicitFacesDataParallel(const loom::cont::CellSetExplicit<Int32, Int32>& cells,
                                              const ExternalFacesOptions& options)
{
  return DataParallelOnHost(cells, options);
}
ExternalFacesResult ExplicitFacesDataParallel(const loom::cont::CellSetExplicit<Int64, Int64>& cells,
                                              const ExternalFacesOptions& options)
{
  return DataParallelOnHost(cells, options);
}
} // namespace surface

ExternalFacesResult ExternalFaces(const CellSetAny& cells, const ExternalFacesOptions& options)
{
  const Id numCells = NumberOfCells(cells);
  const Id flags = options.CellFlags.GetNumberOfValues();
  if (flags != 0 && flags != numCells)
    throw loom::cont::ErrorBadValue("ExternalFaces: " + std::to_string(flags) + " cell flags for " +
                                    std::to_string(numCells) + " cells.");
  return std::visit(
    [&](const auto& c) {
      using CellSetType = std::decay_t<decltype(c)>;
      if constexpr (std::is_same_v<CellSetType, loom::cont::CellSetStructured<3>> ||
                    std::is_same_v<CellSetType, loom::cont::CellSetStructured<2>> ||
                    std::is_same_v<CellSetType, loom::cont::CellSetStructured<1>>)
      {
        if (flags != 0)
          return surface::ExplicitFacesOnDevice(surface::AsExplicit(c, options.Device), options);
        if constexpr (std::is_same_v<CellSetType, loom::cont::CellSetStructured<3>>)
          return surface::StructuredFaces(c, options.Device);
        else
          return surface::StructuredPassed(c, options.Device);
      }
      else
        return surface::ExplicitFacesOnDevice(c, options);
    },
    cells);
}
} // namespace algorithms
} // namespace loom
