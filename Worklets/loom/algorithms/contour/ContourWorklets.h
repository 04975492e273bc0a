// Loom algorithms, contour family: the marching-cells worklets (counting a cell's primitives from the
// case tables, and writing one primitive's edge keys and weights) and the per-slot bodies of the
// merge (flag the first of each run of sorted keys, number the points), shared by the CPU path
// (ContourCells.cxx, host loops) and the CUDA path (ContourCuda.cu, kernels).
#pragma once

#include <loom/algorithms/MergeKeys.h>
#include <loom/algorithms/contour/ContourImpl.h>

#include <loom/cont/ExecutionObjectBase.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <cmath>
#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace contour
{
/// The case tables as a worklet ExecObject: the static host tables on CPU devices, their copy in
/// GPU memory on CUDA (made once, ContourCuda.cu).
const Tables* GetDeviceTables();
struct TablesObject : loom::cont::ExecutionObjectBase
{
  template <typename Device>
  const Tables* PrepareForExecution(Device) const
  {
    if constexpr (Device::IsHost)
      return &GetTables();
    else
      return GetDeviceTables();
  }
};

/// The case of a cell (bit v: vertex v at or above the isovalue); false when a value is not finite.
template <typename Values>
LOOM_EXEC bool CaseOf(const ShapeTable& t, const Values& values, double iso, unsigned& c)
{
  c = 0;
  bool finite = true;
  for (IdComponent v = 0; v < t.NumberOfVertices; ++v)
  {
    const double s = static_cast<double>(values[v]);
    finite = finite && std::isfinite(s);
    c |= static_cast<unsigned>(s >= iso) << v;
  }
  return finite;
}

/// The vertices of a cell whose value is the isovalue (asked only of cells the surface crosses).
template <typename Values>
LOOM_EXEC unsigned EqualMask(const ShapeTable& t, const Values& values, double iso)
{
  unsigned equal = 0;
  for (IdComponent v = 0; v < t.NumberOfVertices; ++v)
    equal |= static_cast<unsigned>(static_cast<double>(values[v]) == iso) << v;
  return equal;
}

/// The local vertex a primitive point on edge `e` lands on (its value is the isovalue: weight 0 or
/// 1), or -1 when the point lies inside the edge. Such points are the vertex itself, one point
/// however many edges lead there, as in VTK.
LOOM_EXEC inline int LandsOnVertex(const ShapeTable& t, UInt8 e, unsigned equal)
{
  const int a = t.EdgeVertices[e][0], b = t.EdgeVertices[e][1];
  return ((equal >> a) & 1u) ? a : (((equal >> b) & 1u) ? b : -1);
}

/// Whether a primitive (n edges from `e`) collapses: two of its points land on one vertex. VTK does
/// not emit those (no zero-area triangle, no zero-length segment).
LOOM_EXEC inline bool Collapses(const ShapeTable& t, const UInt8* e, int n, unsigned equal)
{
  for (int q = 0; q < n; ++q)
  {
    const int vq = LandsOnVertex(t, e[q], equal);
    for (int r = q + 1; r < n && vq >= 0; ++r)
      if (LandsOnVertex(t, e[r], equal) == vq)
        return true;
  }
  return false;
}

/// The table of a cell: the slot a structured cell set asks for (`slot` not 0), else its shape's.
LOOM_EXEC inline const ShapeTable& TableOf(const Tables* tables, UInt8 slot, UInt8 shape)
{
  return tables->Shapes[slot ? slot : (shape < 15 ? shape : 0)];
}

/// The cells to pass over (ContourOptions::SkipCells) as a worklet ExecObject: null when there are
/// none, else the flags in the memory of the device that runs (so a CUDA run that falls back to a
/// CPU device reads host memory).
struct SkipFlagsObject : loom::cont::ExecutionObjectBase
{
  loom::cont::ArrayHandle<UInt8> Flags;
  template <typename Device>
  const UInt8* PrepareForExecution(Device device) const
  {
    return this->Flags.GetNumberOfValues() ? this->Flags.PrepareForInput(device).GetArray() : nullptr;
  }
};

struct CountPrimitives : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInPoint, FieldOutCell, ExecObject, ExecObject);
  using ExecutionSignature = void(CellShape, _2, _3, _4, _5, InputIndex);
  double Iso = 0.0;
  UInt8 PrimitiveSize = 3; // cells whose primitives are of another size give none
  UInt8 TableSlot = 0;     // not 0: every cell takes this slot's table (structured cell sets)
  template <typename Values>
  LOOM_EXEC void operator()(UInt8 shape, const Values& values, IdComponent& count, const Tables* tables,
                            const UInt8* skip, Id cell) const
  {
    const ShapeTable& t = TableOf(tables, this->TableSlot, shape);
    unsigned c = 0;
    count = 0;
    if (skip && skip[cell])
      return;
    if (!t.NumberOfVertices || t.PrimitiveSize != this->PrimitiveSize || !CaseOf(t, values, this->Iso, c))
      return;
    const int n = t.PrimitiveSize;
    const int begin = t.CaseOffsets[c], end = t.CaseOffsets[c + 1];
    const unsigned equal = begin < end ? EqualMask(t, values, this->Iso) : 0u;
    if (equal == 0)
    {
      count = static_cast<IdComponent>((end - begin) / n);
      return;
    }
    for (int k = begin; k < end; k += n)
      count += Collapses(t, t.CaseEdges + k, n, equal) ? 0 : 1;
  }
};

/// One primitive's points as edge keys (a * points + b, a < b; p * points + p for a point that is input
/// point p); the weights are computed once per distinct point afterwards (PointWeight).
template <int N>
struct GeneratePrimitives : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInPoint, FieldOutCell, FieldOutCell, ExecObject);
  using ExecutionSignature = void(CellShape, PointIndices, _2, VisitIndex, InputIndex, _3, _4, _5);
  using ScatterType = loom::worklet::ScatterCounting;
  double Iso = 0.0;
  Id NumberOfPoints = 0;
  UInt8 TableSlot = 0;
  template <typename Ids, typename Values>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, const Values& values, IdComponent visit, Id cell,
                            Vec<Int64, N>& keys, Id& source, const Tables* tables) const
  {
    const ShapeTable& t = TableOf(tables, this->TableSlot, shape);
    unsigned c = 0;
    CaseOf(t, values, this->Iso, c);
    const unsigned equal = EqualMask(t, values, this->Iso);
    // The visit-th primitive of the case that does not collapse.
    const UInt8* e = t.CaseEdges + t.CaseOffsets[c];
    if (equal == 0)
      e += visit * N;
    else
      for (IdComponent seen = -1;; e += N)
        if (!Collapses(t, e, N, equal) && ++seen == visit)
          break;
    for (int q = 0; q < N; ++q)
    {
      const int vertex = equal ? LandsOnVertex(t, e[q], equal) : -1;
      if (vertex >= 0)
      {
        // The point is the input point itself: keyed by it alone, so every edge leading there
        // (in this cell and its neighbours) gives one merged point.
        const Id p = static_cast<Id>(ids[vertex]);
        keys[q] = p * this->NumberOfPoints + p;
        continue;
      }
      const Id a = static_cast<Id>(ids[t.EdgeVertices[e[q]][0]]), b = static_cast<Id>(ids[t.EdgeVertices[e[q]][1]]);
      keys[q] = a < b ? a * this->NumberOfPoints + b : b * this->NumberOfPoints + a;
    }
    source = cell;
  }
};
LOOM_UNIT_NAMESPACE_BEGIN
/// Marching cells' first two steps for one isovalue on `device`: count each cell's primitives, then
/// run GeneratePrimitives once per primitive (ScatterCounting): N edge keys and weights per
/// primitive and its source cell. (In the unit namespace: the CPU and CUDA compilations differ.)
template <int N, typename T, typename CellSetType>
void GeneratePrimitiveEdges(loom::cont::DeviceId device, const CellSetType& cells,
                            const loom::cont::ArrayHandle<T>& field, double iso, const SkipFlagsObject& skip,
                            ContourOptions::Grid structuredFrom, loom::cont::ArrayHandle<Vec<Int64, N>>& keys,
                            loom::cont::ArrayHandle<Id>& sourceCells)
{
  // Structured cell sets take the table of the dataset they came from (an image's, or a
  // structured grid's hexahedra); explicit cells their own shape's.
  UInt8 slot = 0;
  if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<3>>::value)
    slot = static_cast<UInt8>(StructuredTableSlot(3, structuredFrom));
  else if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<2>>::value)
    slot = static_cast<UInt8>(StructuredTableSlot(2, structuredFrom));
  loom::cont::Invoker invoke(device);
  loom::cont::ArrayHandle<IdComponent> counts;
  CountPrimitives count;
  count.Iso = iso;
  count.PrimitiveSize = N;
  count.TableSlot = slot;
  invoke(count, cells, field, counts, TablesObject{}, skip);
  loom::worklet::ScatterCounting scatter(counts, device);
  GeneratePrimitives<N> generate;
  generate.Iso = iso;
  generate.NumberOfPoints = cells.GetNumberOfPoints();
  generate.TableSlot = slot;
  invoke(generate, scatter, cells, field, keys, sourceCells, TablesObject{});
}
LOOM_UNIT_NAMESPACE_END

/// An edge key a * points + b split into its points without a 64-bit division per key (a long instruction
/// on a CPU, a longer sequence on a GPU): a from the key times 1 / points in double, then corrected to the
/// exact quotient (off by at most one for any key below points^2).
struct KeySplit
{
  Id Points = 1;
  double Inverse = 1.0;
  KeySplit() = default;
  explicit KeySplit(Id points)
    : Points(points > 0 ? points : 1)
    , Inverse(1.0 / static_cast<double>(points > 0 ? points : 1))
  {
  }
  LOOM_EXEC Id First(Int64 key) const
  {
    Id a = static_cast<Id>(static_cast<double>(key) * this->Inverse);
    while (a > 0 && a * this->Points > key)
      --a;
    while ((a + 1) * this->Points <= key)
      ++a;
    return a;
  }
};

/// The weight of the isovalue on the edge a -> b of a point's key (0 for a point that is an input
/// point: a == b), from the field, as the cells computed their cases.
template <typename T>
LOOM_EXEC inline Float64 PointWeight(const T* field, Id a, Id b, double iso)
{
  return a == b ? 0.0 : EdgeWeight(static_cast<double>(field[a]), static_cast<double>(field[b]), iso);
}

// Unmerged: every primitive point is its own point.
template <typename T>
struct SplitKeys
{
  const Int64* Keys;
  const T* Field;
  double Iso;
  KeySplit Points;
  Id* A;
  Id* B;
  Float64* W;
  Id* Conn;
  LOOM_EXEC void operator()(Id s) const
  {
    const Id a = this->Points.First(this->Keys[s]), b = this->Keys[s] - a * this->Points.Points;
    this->A[s] = a;
    this->B[s] = b;
    this->W[s] = PointWeight(this->Field, a, b, this->Iso);
    this->Conn[s] = s;
  }
};

// Slot s of the sorted keys: its point is the number of first occurrences before it (its own
// first occurrence included); a first occurrence also writes the point.
template <typename T>
struct NumberPoints
{
  const Int64* Sorted;
  const Id* Order;
  const Id* Number;
  const Id* Fresh;
  const T* Field;
  double Iso;
  KeySplit Points;
  Id* Conn;
  Id* A;
  Id* B;
  Float64* W;
  LOOM_EXEC void operator()(Id s) const
  {
    // Fresh may be null: then a slot is fresh where its key differs from the one before (FlagFirst).
    const Id fresh = this->Fresh ? this->Fresh[s] : (s == 0 || this->Sorted[s] != this->Sorted[s - 1] ? 1 : 0);
    const Id p = this->Number[s] - 1 + fresh;
    this->Conn[this->Order[s]] = p;
    if (fresh)
    {
      const Id a = this->Points.First(this->Sorted[s]), b = this->Sorted[s] - a * this->Points.Points;
      this->A[p] = a;
      this->B[p] = b;
      this->W[p] = PointWeight(this->Field, a, b, this->Iso);
    }
  }
};

// Joining results: ids shifted by the points before them.
struct CopyShifted
{
  const Id* In;
  Id* Out;
  Id Shift;
  LOOM_EXEC void operator()(Id s) const { this->Out[s] = this->In[s] + this->Shift; }
};
} // namespace contour
} // namespace algorithms
} // namespace loom
