// Loom algorithms, clip family: what a cell, an edge slot or an output point does, for every device.
// Included by Clip.cxx (the CPU passes, cells in blocks) and ClipCuda.cu (one thread per cell, slot or
// point) only: both drive the same per-cell code, so the devices cut every cell alike.
#pragma once

#include <loom/Macros.h>
#include <loom/algorithms/CellIds.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/clip/Clip.h>
#include <loom/algorithms/clip/ClipCaseTables.h>

#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace clip
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Point flags.
constexpr UInt8 Kept = 1, NotANumber = 2;

/// The tables one clip uses, by slot: the VTK cell type (1-14) of explicit cells, StructuredSlot for
/// the cells of a structured cell set. A slot without a table has NumberOfVertices 0.
constexpr int StructuredSlot = 15;
constexpr int TableSlots = 16;
struct ClipTableSet
{
  ClipTable Slot[TableSlots];
};

/// The tables on the host for one side (InsideOut or not) and one structured dimension (1-3).
inline ClipTableSet HostClipTables(bool insideOut, int structuredDim)
{
  ClipTableSet set{};
  auto put = [&](int slot, const ClipTable& normal, const ClipTable& inverted) {
    set.Slot[slot] = insideOut ? inverted : normal;
  };
  put(1, VertexTable, VertexInsideOutTable);
  put(3, LineTable, LineInsideOutTable);
  put(5, TriangleTable, TriangleInsideOutTable);
  put(8, PixelTable, PixelInsideOutTable);
  put(9, QuadTable, QuadInsideOutTable);
  put(10, TetraTable, TetraInsideOutTable);
  put(11, VoxelTable, VoxelInsideOutTable);
  put(12, HexahedronTable, HexahedronInsideOutTable);
  put(13, WedgeTable, WedgeInsideOutTable);
  put(14, PyramidTable, PyramidInsideOutTable);
  if (structuredDim == 3)
    put(StructuredSlot, Structured3Table, Structured3InsideOutTable);
  else if (structuredDim == 2)
    put(StructuredSlot, Structured2Table, Structured2InsideOutTable);
  else
    put(StructuredSlot, LineTable, LineInsideOutTable);
  return set;
}

/// The cells of a structured cell set: points in structured order (x fastest).
template <int Dim>
struct StructuredCells
{
  Id3 P, C;
  LOOM_EXEC LOOM_ALWAYS_INLINE int Read(Id cell, Id* ids, const ClipTableSet&) const
  {
    if (Dim == 1)
    {
      ids[0] = cell;
      ids[1] = cell + 1;
      return StructuredSlot;
    }
    // Flat dimensions are dropped by the structured cell set: C and P are those of the kept axes.
    const Id i = cell % this->C[0], rest = cell / this->C[0];
    const Id j = Dim == 2 ? rest : rest % this->C[1], k = Dim == 2 ? 0 : rest / this->C[1];
    const Id base = i + this->P[0] * (j + this->P[1] * k);
    ids[0] = base;
    ids[1] = base + 1;
    ids[2] = base + this->P[0];
    ids[3] = base + this->P[0] + 1;
    if (Dim == 3)
    {
      const Id slab = this->P[0] * this->P[1];
      for (int v = 0; v < 4; ++v)
        ids[v + 4] = ids[v] + slab;
    }
    return StructuredSlot;
  }
  /// The table slot of a cell Read has accepted.
  LOOM_EXEC int Slot(Id) const { return StructuredSlot; }
};

/// The cells of an explicit cell set (host or device pointers).
template <typename O, typename C>
struct ExplicitCells
{
  const UInt8* Shapes;
  const O* Offsets;
  const C* Connectivity;
  /// The cell's table slot and points; -1 for a cell the tables do not know (type or size).
  LOOM_EXEC LOOM_ALWAYS_INLINE int Read(Id cell, Id* ids, const ClipTableSet& tables) const
  {
    const UInt8 shape = this->Shapes[cell];
    const O begin = this->Offsets[cell];
    if (shape >= TableSlots || shape == StructuredSlot || tables.Slot[shape].NumberOfVertices == 0 ||
        this->Offsets[cell + 1] - begin != tables.Slot[shape].NumberOfVertices)
      return -1;
    ReadCellIds(this->Connectivity + begin, tables.Slot[shape].NumberOfVertices, ids);
    return shape;
  }
  /// The table slot of a cell Read has accepted.
  LOOM_EXEC int Slot(Id cell) const { return this->Shapes[cell]; }
};

template <typename T>
struct IsStructured : std::false_type
{
};
template <int Dim>
struct IsStructured<loom::cont::CellSetStructured<Dim>> : std::true_type
{
};

/// An explicit cell set's arrays prepared for reading on `Device`.
template <typename O, typename C, typename Device>
ExplicitCells<O, C> MakeExplicitCells(const loom::cont::CellSetExplicit<O, C>& cells, Device device)
{
  return ExplicitCells<O, C>{ cells.GetShapes().PrepareForInput(device).GetArray(),
                              cells.GetOffsets().PrepareForInput(device).GetArray(),
                              cells.GetConnectivity().PrepareForInput(device).GetArray() };
}

/// Per cell or per block: output cells, connectivity, edge slots and extra points.
struct Totals
{
  Id Cells = 0, Connectivity = 0, Slots = 0, Extras = 0;
};

LOOM_EXEC inline bool IsNan(double x)
{
  return x != x;
}
LOOM_EXEC inline bool IsInf(double x)
{
  return x == x && x - x != x - x;
}

/// The point's flag: NotANumber, Kept (its value is on the kept side) or 0.
LOOM_EXEC inline UInt8 PointFlag(double s, double value, bool insideOut)
{
  return IsNan(s) ? NotANumber : static_cast<UInt8>((s >= value) != insideOut ? Kept : 0);
}

/// Where the value crosses on the edge from a value sa to sb (one end kept, one not), from sa's end;
/// an infinite end takes the point to the other end's limit (both infinite: the middle).
LOOM_EXEC inline double EdgeWeight(double value, double sa, double sb)
{
  const double w = (value - sa) / (sb - sa);
  if (w == w)
    return w;
  return IsInf(sa) ? (IsInf(sb) ? 0.5 : 1.0) : 0.0;
}

/// The case of a cell from its points' flags; -1 when a point is NaN.
LOOM_EXEC LOOM_ALWAYS_INLINE int CaseOf(const UInt8* flags, const Id* ids, int n)
{
  int c = 0, any = 0;
  for (int v = 0; v < n; ++v)
  {
    const int f = flags[ids[v]];
    any |= f;
    c |= (f & Kept) << v;
  }
  return (any & NotANumber) ? -1 : c;
}

LOOM_EXEC inline int CutEdges(const ClipTable& t, int c)
{
  int cut = 0;
  for (int e = 0; e < t.NumberOfEdges; ++e)
    cut += ((c >> t.EdgeVertices[e][0]) & 1) != ((c >> t.EdgeVertices[e][1]) & 1);
  return cut;
}

/// Several cells mark a point with the same value: relaxed atomic stores on CPU threads.
LOOM_EXEC inline void MarkUsed(UInt8* used)
{
#ifdef __CUDA_ARCH__
  *used = 1;
#else
  __atomic_store_n(used, UInt8(1), __ATOMIC_RELAXED);
#endif
}

/// The number of cut edges of every case of every slot, CutEdges precomputed (CPU passes).
struct CutEdgeCounts
{
  UInt8 Count[TableSlots][256];
  explicit CutEdgeCounts(const ClipTableSet& tables)
  {
    for (int s = 0; s < TableSlots; ++s)
      for (int k = 0; k < 256; ++k)
        this->Count[s][k] = static_cast<UInt8>(
          tables.Slot[s].NumberOfVertices && k < (1 << tables.Slot[s].NumberOfVertices) ? CutEdges(tables.Slot[s], k)
                                                                                       : 0);
  }
};

/// The case of a cell that gives output (else -1), with its totals added to `t`; the kept points of
/// such a cell are marked in `used` (unless it is null). `unreadable` is set for a cell the tables do not
/// know. `cut`: the cut-edge counts by slot and case, or null to count the edges. `sawNaN`, when given, is
/// set for a cell with a NaN point.
template <typename Reader>
LOOM_EXEC LOOM_ALWAYS_INLINE int CellCase(const Reader& reader, const ClipTableSet& tables, const UInt8* flags,
                                          const UInt8* skip, Id c, UInt8* used, Totals& t, bool& unreadable,
                                          const CutEdgeCounts* cut = nullptr, bool* sawNaN = nullptr)
{
  Id ids[8];
  const int slot = reader.Read(c, ids, tables);
  if (slot < 0)
  {
    unreadable = true;
    return -1;
  }
  const ClipTable& table = tables.Slot[slot];
  if (skip && skip[c])
    return -1;
  const int k = CaseOf(flags, ids, table.NumberOfVertices);
  if (k < 0 && sawNaN)
    *sawNaN = true;
  if (k <= 0)
    return -1;
  const UInt8* counts = table.Counts + 3 * k;
  if (counts[0] == 0)
    return -1;
  t.Cells += counts[0];
  t.Connectivity += counts[1];
  t.Extras += counts[2];
  t.Slots += cut ? cut->Count[slot][k] : CutEdges(table, k);
  if (used)
    for (int v = 0; v < table.NumberOfVertices; ++v)
      if ((k >> v) & 1)
        MarkUsed(used + ids[v]);
  return k;
}

/// Writes the output of a cell of case k > 0 from the positions `at` on (advanced past it): its cells
/// (the source cell, offsets, connectivity), edge points as slots (their keys; placeholders
/// KeptCount + slot in the connectivity until the merge), extra points as stencils (placeholders
/// KeptCount + Slots + extra point). A slot's key is its edge's two points (lower * NumberOfPoints +
/// higher), or, with GridAxes set (the cells of a structured grid of that many axes, rows RowStride points
/// long), the edge's index GridAxes * lower + axis: both order the edges alike.
template <typename Reader, typename T, typename C, typename N = Id>
struct CellWriter
{
  Reader Cells;
  ClipTableSet Tables;
  const T* Values;
  double Value;
  Id NumberOfPoints, KeptCount, SlotCount;
  const N* Number; // the output number of each kept input point
  UInt8* Shapes;
  Id* Sources;
  C* Offsets;
  C* Connectivity;
  Int64* Keys;
  Id* ExtraIds;
  Float64* ExtraWeights;
  int GridAxes = 0;
  Id RowStride = 0;

  LOOM_EXEC LOOM_ALWAYS_INLINE void Write(Id c, int k, Totals& at) const
  {
    Id ids[8];
    const ClipTable& table = this->Tables.Slot[this->Cells.Read(c, ids, this->Tables)];
    const int n = table.NumberOfVertices;
    Id localPoint[ExtraRef + 8];
    for (int v = 0; v < n; ++v)
      localPoint[v] = static_cast<Id>(this->Number[ids[v]]);
    const UInt8* counts = table.Counts + 3 * k;
    // A cell kept whole (every vertex kept) has no cut edge and no extra point.
    const bool whole = k == (1 << n) - 1 && counts[2] == 0;
    double t[12];
    for (int e = 0; e < (whole ? 0 : table.NumberOfEdges); ++e)
    {
      const int a = table.EdgeVertices[e][0], b = table.EdgeVertices[e][1];
      if (((k >> a) & 1) == ((k >> b) & 1))
        continue;
      // Keys from the lower point id, weights from the table's first vertex.
      const bool flip = ids[a] > ids[b];
      const Id pa = flip ? ids[b] : ids[a], pb = flip ? ids[a] : ids[b];
      if (this->GridAxes)
      {
        const Id d = pb - pa;
        this->Keys[at.Slots] = static_cast<Int64>(pa) * this->GridAxes + (d == 1 ? 0 : d == this->RowStride ? 1 : 2);
      }
      else
        this->Keys[at.Slots] = static_cast<Int64>(pa) * this->NumberOfPoints + pb;
      const double w = EdgeWeight(this->Value, static_cast<double>(this->Values[pa]),
                                  static_cast<double>(this->Values[pb]));
      t[e] = flip ? 1.0 - w : w;
      localPoint[EdgeRef + e] = this->KeptCount + at.Slots++;
    }
    const UInt8* refs = table.ExtraRefs + table.ExtraOffsets[k];
    const double* weights = table.ExtraWeights + table.ExtraOffsets[k];
    for (int x = 0; x < counts[2]; ++x)
    {
      double vw[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
      const int terms = *refs++;
      ++weights;
      for (int q = 0; q < terms; ++q, ++refs, ++weights)
      {
        const int ref = *refs;
        if (ref < EdgeRef)
          vw[ref] += *weights;
        else if (ref < ExtraRef)
        {
          const int e = ref - EdgeRef;
          vw[table.EdgeVertices[e][0]] += *weights * (1.0 - t[e]);
          vw[table.EdgeVertices[e][1]] += *weights * t[e];
        }
      }
      const Id slot = at.Extras++;
      for (int v = 0; v < ClipPoints::ExtraTerms; ++v)
      {
        this->ExtraIds[slot * ClipPoints::ExtraTerms + v] = v < n ? ids[v] : ids[0];
        this->ExtraWeights[slot * ClipPoints::ExtraTerms + v] = v < n ? vw[v] : 0.0;
      }
      localPoint[ExtraRef + x] = this->KeptCount + this->SlotCount + slot;
    }
    const UInt8* cell = table.Cells + table.CellOffsets[k];
    for (int q = 0; q < counts[0]; ++q)
    {
      const UInt8 type = *cell++;
      const int size = *cell++;
      this->Shapes[at.Cells] = type;
      this->Sources[at.Cells] = c;
      this->Offsets[at.Cells++] = static_cast<C>(at.Connectivity);
      for (int v = 0; v < size; ++v)
        this->Connectivity[at.Connectivity++] = static_cast<C>(localPoint[*cell++]);
    }
  }
};

/// Sorted slot s: the first slot of each key makes the edge point (numbered by the distinct keys
/// before it: `Number` is the exclusive scan of `Fresh`); every slot learns its point.
template <typename T>
struct NumberEdgePoints
{
  const Int64* Sorted;
  const Id* Order;
  const Id* Number;
  const Id* Fresh;
  const T* Values;
  double Value;
  Id NumberOfPoints, KeptCount;
  Id* SlotPoint;
  Id* A;
  Id* B;
  Float64* Weight;
  LOOM_EXEC void operator()(Id s) const
  {
    const Id e = this->Number[s] + this->Fresh[s] - 1;
    this->SlotPoint[this->Order[s]] = this->KeptCount + e;
    if (this->Fresh[s])
    {
      const Id a = this->Sorted[s] / this->NumberOfPoints, b = this->Sorted[s] % this->NumberOfPoints;
      this->A[e] = a;
      this->B[e] = b;
      this->Weight[e] = EdgeWeight(this->Value, static_cast<double>(this->Values[a]),
                                   static_cast<double>(this->Values[b]));
    }
  }
};

/// Placeholders replaced: edge slots by their merged point, extra points moved after the edge points.
template <typename C>
struct PatchConnectivity
{
  C* Connectivity;
  const Id* SlotPoint;
  Id KeptCount, Slots, ExtraShift;
  LOOM_EXEC void operator()(Id i) const
  {
    const Id p = static_cast<Id>(this->Connectivity[i]);
    if (p < this->KeptCount)
      return;
    this->Connectivity[i] =
      static_cast<C>(p < this->KeptCount + this->Slots ? this->SlotPoint[p - this->KeptCount] : p - this->ExtraShift);
  }
};

/// Output point p's values from the input's `Get(point, component)`: a kept point, a point on an edge
/// (an end of weight zero is not read: an infinite value there would make the point NaN), or an extra
/// point (its stencil).
template <typename T, typename Get>
struct InterpolatePoint
{
  Get In;
  IdComponent Components;
  Id KeptCount, EdgeCount;
  const Id* Kept;
  const Id* A;
  const Id* B;
  const Float64* W;
  const Id* ExtraIds;
  const Float64* ExtraWeights;
  T* Out;
  LOOM_EXEC void operator()(Id p) const
  {
    T* o = this->Out + p * this->Components;
    if (p < this->KeptCount)
    {
      for (IdComponent c = 0; c < this->Components; ++c)
        o[c] = static_cast<T>(this->In(this->Kept[p], c));
      return;
    }
    const Id e = p - this->KeptCount;
    if (e < this->EdgeCount)
    {
      const double w = this->W[e];
      for (IdComponent c = 0; c < this->Components; ++c)
      {
        const double va = w == 1.0 ? 0.0 : this->In(this->A[e], c), vb = w == 0.0 ? 0.0 : this->In(this->B[e], c);
        o[c] = static_cast<T>(w == 0.0 ? va : w == 1.0 ? vb : va + w * (vb - va));
      }
      return;
    }
    const Id x = (e - this->EdgeCount) * ClipPoints::ExtraTerms;
    for (IdComponent c = 0; c < this->Components; ++c)
    {
      double s = 0.0;
      for (int q = 0; q < ClipPoints::ExtraTerms; ++q)
        if (const double weight = this->ExtraWeights[x + q])
          s += weight * this->In(this->ExtraIds[x + q], c);
      o[c] = static_cast<T>(s);
    }
  }
};

/// The interpolation of `points` for `Device` (the points' arrays prepared for reading there).
template <typename T, typename Get, typename Device>
InterpolatePoint<T, Get> MakeInterpolatePoint(const ClipPoints& points, IdComponent components, const Get& get, T* out,
                                              Device device)
{
  return InterpolatePoint<T, Get>{ get,
                                   components,
                                   points.Kept.GetNumberOfValues(),
                                   points.Edges.GetNumberOfPoints(),
                                   points.Kept.PrepareForInput(device).GetArray(),
                                   points.Edges.A.PrepareForInput(device).GetArray(),
                                   points.Edges.B.PrepareForInput(device).GetArray(),
                                   points.Edges.Weight.PrepareForInput(device).GetArray(),
                                   points.ExtraIds.PrepareForInput(device).GetArray(),
                                   points.ExtraWeights.PrepareForInput(device).GetArray(),
                                   out };
}

/// A field's component as a double.
template <typename T>
struct FieldGet
{
  ComponentPortal<T> Portal;
  LOOM_EXEC double operator()(Id p, IdComponent c) const { return static_cast<double>(this->Portal.Get(p, c)); }
};

/// A grid point's coordinate from the grid's axes (xyz per index along each axis).
struct GridGet
{
  const double* X;
  const double* Y;
  const double* Z;
  Id Nx, Nxy;
  LOOM_EXEC double operator()(Id p, IdComponent c) const
  {
    const Id k = p / this->Nxy, rest = p - k * this->Nxy, j = rest / this->Nx, i = rest - j * this->Nx;
    return this->X[3 * i + c] + this->Y[3 * j + c] + this->Z[3 * k + c];
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace clip
} // namespace algorithms
} // namespace loom
