// Loom algorithms, contour family: the marching-cells worklets (counting a cell's primitives from the
// case tables, and writing one primitive's edge keys and weights) and the per-slot bodies of the
// merge (flag the first of each run of sorted keys, number the points), shared by the CPU path
// (ContourCells.cxx, host loops) and the CUDA path (ContourCuda.cu, kernels).
#pragma once

#include <loom/algorithms/contour/ContourImpl.h>

#include <loom/cont/ExecutionObjectBase.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <cmath>

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
  template <typename Values>
  LOOM_EXEC void operator()(UInt8 shape, const Values& values, IdComponent& count, const Tables* tables,
                            const UInt8* skip, Id cell) const
  {
    const ShapeTable& t = tables->Shapes[shape < 15 ? shape : 0];
    unsigned c = 0;
    count = 0;
    if (skip && skip[cell])
      return;
    if (t.NumberOfVertices && t.PrimitiveSize == this->PrimitiveSize && CaseOf(t, values, this->Iso, c))
      count = (t.CaseOffsets[c + 1] - t.CaseOffsets[c]) / t.PrimitiveSize;
  }
};

template <int N>
struct GeneratePrimitives : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInPoint, FieldOutCell, FieldOutCell, FieldOutCell, ExecObject);
  using ExecutionSignature = void(CellShape, PointIndices, _2, VisitIndex, InputIndex, _3, _4, _5, _6);
  using ScatterType = loom::worklet::ScatterCounting;
  double Iso = 0.0;
  Id NumberOfPoints = 0;
  template <typename Ids, typename Values>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, const Values& values, IdComponent visit, Id cell,
                            Vec<Int64, N>& keys, Vec<Float32, N>& weights, Id& source,
                            const Tables* tables) const
  {
    const ShapeTable& t = tables->Shapes[shape];
    unsigned c = 0;
    CaseOf(t, values, this->Iso, c);
    const UInt8* e = t.CaseEdges + t.CaseOffsets[c] + visit * N;
    for (int q = 0; q < N; ++q)
    {
      const IdComponent la = t.EdgeVertices[e[q]][0], lb = t.EdgeVertices[e[q]][1];
      Id a = static_cast<Id>(ids[la]), b = static_cast<Id>(ids[lb]);
      double sa = static_cast<double>(values[la]), sb = static_cast<double>(values[lb]);
      if (b < a)
      {
        const Id t = a;
        a = b;
        b = t;
        const double st = sa;
        sa = sb;
        sb = st;
      }
      keys[q] = a * this->NumberOfPoints + b;
      weights[q] = EdgeWeight(sa, sb, this->Iso);
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
                            loom::cont::ArrayHandle<Vec<Int64, N>>& keys,
                            loom::cont::ArrayHandle<Vec<Float32, N>>& weights,
                            loom::cont::ArrayHandle<Id>& sourceCells)
{
  loom::cont::Invoker invoke(device);
  loom::cont::ArrayHandle<IdComponent> counts;
  CountPrimitives count;
  count.Iso = iso;
  count.PrimitiveSize = N;
  invoke(count, cells, field, counts, TablesObject{}, skip);
  loom::worklet::ScatterCounting scatter(counts, device);
  GeneratePrimitives<N> generate;
  generate.Iso = iso;
  generate.NumberOfPoints = cells.GetNumberOfPoints();
  invoke(generate, scatter, cells, field, keys, weights, sourceCells, TablesObject{});
}
LOOM_UNIT_NAMESPACE_END

// Unmerged: every primitive point is its own point.
struct SplitKeys
{
  const Int64* Keys;
  const Float32* Weights;
  Id Points;
  Id* A;
  Id* B;
  Float32* W;
  Id* Conn;
  LOOM_EXEC void operator()(Id s) const
  {
    this->A[s] = this->Keys[s] / this->Points;
    this->B[s] = this->Keys[s] % this->Points;
    this->W[s] = this->Weights[s];
    this->Conn[s] = s;
  }
};

struct Iota
{
  Id* Values;
  LOOM_EXEC void operator()(Id s) const { this->Values[s] = s; }
};

struct FlagFirst
{
  const Int64* Sorted;
  Id* Flags;
  LOOM_EXEC void operator()(Id s) const
  {
    this->Flags[s] = (s == 0 || this->Sorted[s] != this->Sorted[s - 1]) ? 1 : 0;
  }
};

// Slot s of the sorted keys: its point is the number of first occurrences before it (its own
// first occurrence included); a first occurrence also writes the point.
struct NumberPoints
{
  const Int64* Sorted;
  const Id* Order;
  const Id* Number;
  const Id* Fresh;
  const Float32* Weights;
  Id Points;
  Id* Conn;
  Id* A;
  Id* B;
  Float32* W;
  LOOM_EXEC void operator()(Id s) const
  {
    const Id p = this->Number[s] - 1 + this->Fresh[s];
    this->Conn[this->Order[s]] = p;
    if (this->Fresh[s])
    {
      this->A[p] = this->Sorted[s] / this->Points;
      this->B[p] = this->Sorted[s] % this->Points;
      this->W[p] = this->Weights[this->Order[s]];
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
