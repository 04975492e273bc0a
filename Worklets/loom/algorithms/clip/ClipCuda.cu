// Loom algorithms, clip family on CUDA: the CPU's passes with one thread per point, cell or slot, and
// the same per-cell code (ClipImpl.h). The four per-cell totals are scanned (CUB) instead of summed per
// block; the cut edges' keys are merged by a radix sort of the slots. The case tables are copied to
// the GPU once per process. Nothing comes back to the host here: the arrays move when VTK reads them.
#include <loom/algorithms/MergeKeys.h>
#include <loom/algorithms/PointSelection.h>
#include <loom/algorithms/clip/ClipCuda.h>
#include <loom/algorithms/clip/ClipImpl.h>

#include <loom/cont/Algorithm.h>
#include <loom/cont/cuda/CudaMemory.h>

#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace clip
{
namespace
{
using loom::cont::cuda::CudaAlgorithm;
using loom::cont::cuda::DeviceRead;
using loom::cont::cuda::DeviceWrite;
template <typename T>
using Handle = loom::cont::ArrayHandle<T>;

/// The tables of one side and one structured dimension with device pointers, made once per process
/// (never freed: the CUDA runtime may be gone when static destructors run).
const ClipTableSet& DeviceTables(bool insideOut, int structuredDim)
{
  static std::mutex lock;
  static ClipTableSet* made[2][4] = {};
  std::lock_guard<std::mutex> guard(lock);
  ClipTableSet*& set = made[insideOut ? 1 : 0][structuredDim];
  if (set)
    return *set;
  const ClipTableSet host = HostClipTables(insideOut, structuredDim);
  // Every array of every table in one block: doubles first, then 16-bit, then bytes (aligned).
  struct Piece
  {
    const void* Data;
    std::size_t Bytes;
    std::size_t At;
  };
  std::vector<Piece> pieces;
  std::size_t bytes = 0;
  auto place = [&](const void* data, std::size_t size) {
    bytes = (bytes + 7) & ~std::size_t(7);
    pieces.push_back(Piece{ data, size, bytes });
    bytes += size;
  };
  for (const ClipTable& t : host.Slot)
  {
    if (!t.NumberOfVertices)
      continue;
    const std::size_t cases = std::size_t(1) << t.NumberOfVertices;
    const std::size_t extraTerms = t.ExtraOffsets[cases];
    const std::size_t cellBytes = t.CellOffsets[cases];
    place(t.ExtraWeights, (extraTerms ? extraTerms : 1) * sizeof(double));
    place(t.CellOffsets, (cases + 1) * sizeof(UInt16));
    place(t.ExtraOffsets, (cases + 1) * sizeof(UInt16));
    place(t.EdgeVertices, (t.NumberOfEdges ? t.NumberOfEdges : 1) * 2);
    place(t.Cells, cellBytes ? cellBytes : 1);
    place(t.Counts, 3 * cases);
    place(t.ExtraRefs, extraTerms ? extraTerms : 1);
  }
  auto* arrays = new Handle<UInt8>();
  arrays->Allocate(static_cast<Id>(bytes ? bytes : 1));
  UInt8* h = arrays->GetPointer();
  for (const Piece& p : pieces)
    std::memcpy(h + p.At, p.Data, p.Bytes);
  const UInt8* base = DeviceRead(*arrays);
  set = new ClipTableSet(host);
  std::size_t next = 0;
  for (ClipTable& t : set->Slot)
  {
    if (!t.NumberOfVertices)
      continue;
    t.ExtraWeights = reinterpret_cast<const double*>(base + pieces[next++].At);
    t.CellOffsets = reinterpret_cast<const UInt16*>(base + pieces[next++].At);
    t.ExtraOffsets = reinterpret_cast<const UInt16*>(base + pieces[next++].At);
    t.EdgeVertices = reinterpret_cast<const UInt8(*)[2]>(base + pieces[next++].At);
    t.Cells = base + pieces[next++].At;
    t.Counts = base + pieces[next++].At;
    t.ExtraRefs = base + pieces[next++].At;
  }
  return *set;
}

template <typename T>
struct FlagPoints
{
  const T* Values;
  double Value;
  bool InsideOut;
  UInt8* Flags;
  LOOM_EXEC void operator()(Id p) const
  {
    this->Flags[p] = PointFlag(static_cast<double>(this->Values[p]), this->Value, this->InsideOut);
  }
};

template <typename T>
struct Fill
{
  T* Values;
  T Value;
  LOOM_EXEC void operator()(Id i) const { this->Values[i] = this->Value; }
};

template <typename T>
struct ToDouble
{
  ComponentPortal<T> In;
  Float64* Out;
  LOOM_EXEC void operator()(Id p) const { this->Out[p] = static_cast<Float64>(this->In.Get(p, 0)); }
};

/// Per cell: its case (-1: nothing) and its four totals; kept points of cells with output marked.
template <typename Reader>
struct CaseCells
{
  Reader Cells;
  ClipTableSet Tables;
  const UInt8* Flags;
  const UInt8* Skip;
  UInt8* Used;
  Int16* Cases;
  Id* CellCount;
  Id* ConnectivityCount;
  Id* SlotCount;
  Id* ExtraCount;
  Id* Unreadable;
  LOOM_EXEC void operator()(Id c) const
  {
    Totals t;
    bool bad = false;
    const int k = CellCase(this->Cells, this->Tables, this->Flags, this->Skip, c, this->Used, t, bad);
    this->Cases[c] = static_cast<Int16>(k);
    if (bad)
      *this->Unreadable = c; // any one will do
    this->CellCount[c] = t.Cells;
    this->ConnectivityCount[c] = t.Connectivity;
    this->SlotCount[c] = t.Slots;
    this->ExtraCount[c] = t.Extras;
  }
};

/// Per cell with output: written from its scanned positions.
template <typename Reader, typename T, typename C>
struct WriteCells
{
  CellWriter<Reader, T, C> Writer;
  const Int16* Cases;
  const Id* CellStart;
  const Id* ConnectivityStart;
  const Id* SlotStart;
  const Id* ExtraStart;
  LOOM_EXEC void operator()(Id c) const
  {
    const int k = this->Cases[c];
    if (k <= 0)
      return;
    Totals at;
    at.Cells = this->CellStart[c];
    at.Connectivity = this->ConnectivityStart[c];
    at.Slots = this->SlotStart[c];
    at.Extras = this->ExtraStart[c];
    this->Writer.Write(c, k, at);
  }
};

template <typename C>
struct LastOffset
{
  C* Offsets;
  Id Cells, Connectivity;
  LOOM_EXEC void operator()(Id) const { this->Offsets[this->Cells] = static_cast<C>(this->Connectivity); }
};

template <typename Reader, typename T>
ClipResult ClipOnGpu(const Reader& reader, const ClipTableSet& tables, Id numCells, Id numPoints, const T* values,
                     const ClipOptions& options)
{
  // 1. Point flags.
  Handle<UInt8> flags;
  CudaAlgorithm::Schedule(FlagPoints<T>{ values, options.Value, options.InsideOut, DeviceWrite(flags, numPoints) },
                          numPoints);
  const UInt8* skip =
    options.SkipCells.GetNumberOfValues() == numCells && numCells > 0 ? DeviceRead(options.SkipCells) : nullptr;

  // 2. Cases and per-cell totals; kept points marked.
  Handle<UInt8> used;
  CudaAlgorithm::Schedule(Fill<UInt8>{ DeviceWrite(used, numPoints), 0 }, numPoints);
  Handle<Int16> cases;
  Handle<Id> counts[4], unreadable;
  CudaAlgorithm::Schedule(Fill<Id>{ DeviceWrite(unreadable, 1), -1 }, 1);
  CudaAlgorithm::Schedule(CaseCells<Reader>{ reader, tables, DeviceRead(flags), skip, DeviceWrite(used, numPoints),
                                             DeviceWrite(cases, numCells), DeviceWrite(counts[0], numCells),
                                             DeviceWrite(counts[1], numCells), DeviceWrite(counts[2], numCells),
                                             DeviceWrite(counts[3], numCells), DeviceWrite(unreadable, 1) },
                          numCells);
  const Id bad = unreadable.ReadPortal().Get(0);
  if (bad >= 0)
    throw loom::cont::ErrorBadType("Clip: cell " + std::to_string(bad) +
                                   " cannot be clipped (only linear cells of a fixed size; see "
                                   "UnclippableCellTypes).");
  Handle<Id> starts[4];
  Totals sum;
  sum.Cells = CudaAlgorithm::ScanExclusive(counts[0], starts[0]);
  sum.Connectivity = CudaAlgorithm::ScanExclusive(counts[1], starts[1]);
  sum.Slots = CudaAlgorithm::ScanExclusive(counts[2], starts[2]);
  sum.Extras = CudaAlgorithm::ScanExclusive(counts[3], starts[3]);
  for (auto& c : counts)
    c.ReleaseResources();

  // 3. Kept points numbered in input order.
  ClipResult r;
  Handle<Id> number;
  const Id keptCount = CudaAlgorithm::ScanExclusive(used, number);
  CudaAlgorithm::Schedule(ListFlagged{ DeviceRead(used), DeviceRead(number), DeviceWrite(r.Points.Kept, keptCount) },
                          numPoints);

  // 4. Cells written; edge points as slots (keys), extra points as stencils.
  const Id maxPoint = keptCount + sum.Slots + sum.Extras;
  r.Is64Bit = maxPoint > 0x7fffffff || sum.Connectivity > 0x7fffffff;
  Handle<Int64> keys;
  auto write = [&](auto& offsets, auto& connectivity) {
    using C = typename std::decay_t<decltype(offsets)>::ValueType;
    const CellWriter<Reader, T, C> writer{ reader,
                                           tables,
                                           values,
                                           options.Value,
                                           numPoints,
                                           keptCount,
                                           sum.Slots,
                                           DeviceRead(number),
                                           DeviceWrite(r.Shapes, sum.Cells),
                                           DeviceWrite(r.SourceCells, sum.Cells),
                                           DeviceWrite(offsets, sum.Cells + 1),
                                           DeviceWrite(connectivity, sum.Connectivity),
                                           DeviceWrite(keys, sum.Slots),
                                           DeviceWrite(r.Points.ExtraIds, sum.Extras * ClipPoints::ExtraTerms),
                                           DeviceWrite(r.Points.ExtraWeights, sum.Extras * ClipPoints::ExtraTerms) };
    CudaAlgorithm::Schedule(WriteCells<Reader, T, C>{ writer, DeviceRead(cases), DeviceRead(starts[0]),
                                                      DeviceRead(starts[1]), DeviceRead(starts[2]),
                                                      DeviceRead(starts[3]) },
                            numCells);
    CudaAlgorithm::Schedule(LastOffset<C>{ writer.Offsets, sum.Cells, sum.Connectivity }, 1);
  };
  if (r.Is64Bit)
    write(r.Offsets64, r.Connectivity64);
  else
    write(r.Offsets32, r.Connectivity32);

  // 5. Edge points merged: the slots sorted by key, one point per distinct key.
  const Id slots = sum.Slots;
  Handle<Int64> sorted;
  if (slots)
    loom::cont::cuda::internal::CopyDeviceToDevice(DeviceWrite(sorted, slots), DeviceRead(keys),
                                                   static_cast<std::size_t>(slots) * sizeof(Int64));
  Handle<Id> order, fresh, edgeNumber, slotPoint;
  CudaAlgorithm::Schedule(Iota{ DeviceWrite(order, slots) }, slots);
  if (slots)
    CudaAlgorithm::SortByKey(sorted, order);
  CudaAlgorithm::Schedule(FlagFirst{ DeviceRead(sorted), DeviceWrite(fresh, slots) }, slots);
  const Id edgePoints = slots ? CudaAlgorithm::ScanExclusive(fresh, edgeNumber) : 0;
  if (slots)
    CudaAlgorithm::Schedule(
      NumberEdgePoints<T>{ DeviceRead(sorted), DeviceRead(order), DeviceRead(edgeNumber), DeviceRead(fresh), values,
                           options.Value, numPoints, keptCount, DeviceWrite(slotPoint, slots),
                           DeviceWrite(r.Points.Edges.A, edgePoints), DeviceWrite(r.Points.Edges.B, edgePoints),
                           DeviceWrite(r.Points.Edges.Weight, edgePoints) },
      slots);
  else
  {
    DeviceWrite(r.Points.Edges.A, 0);
    DeviceWrite(r.Points.Edges.B, 0);
    DeviceWrite(r.Points.Edges.Weight, 0);
  }
  // 6. Placeholders replaced: slots by their edge point, extra points after the edge points.
  const Id extraShift = slots - edgePoints;
  auto patch = [&](auto& connectivity) {
    using C = typename std::decay_t<decltype(connectivity)>::ValueType;
    CudaAlgorithm::Schedule(PatchConnectivity<C>{ connectivity.PrepareForInPlace(loom::cont::DeviceAdapterTagCuda{})
                                                    .GetArray(),
                                                  slots ? DeviceRead(slotPoint) : nullptr, keptCount, slots,
                                                  extraShift },
                            sum.Connectivity);
  };
  if (r.Is64Bit)
    patch(r.Connectivity64);
  else
    patch(r.Connectivity32);
  return r;
}

template <typename T>
ClipResult ClipCellsOnGpu(const CellSetAny& cellSet, const T* values, const ClipOptions& options)
{
  return std::visit(
    [&](const auto& cells) {
      using CellSetType = std::decay_t<decltype(cells)>;
      if constexpr (IsStructured<CellSetType>::value)
      {
        const StructuredCells<CellSetType::Dimension> reader{ cells.GetPointDimensions(), cells.GetCellDimensions() };
        return ClipOnGpu(reader, DeviceTables(options.InsideOut, CellSetType::Dimension), cells.GetNumberOfCells(),
                         cells.GetNumberOfPoints(), values, options);
      }
      else
      {
        const auto reader = MakeExplicitCells(cells, loom::cont::DeviceAdapterTagCuda{});
        return ClipOnGpu(reader, DeviceTables(options.InsideOut, 3), cells.GetNumberOfCells(),
                         cells.GetNumberOfPoints(), values, options);
      }
    },
    cellSet);
}
} // namespace

ClipResult ClipCuda(const CellSetAny& cells, const FieldArray& field, const ClipOptions& options)
{
  const Id points = field.GetNumberOfTuples();
  if (field.GetKind() == ValueKind::Float32)
    return ClipCellsOnGpu(cells, field.GetDevicePortal<Float32>(false, false).Pointers[0], options);
  if (field.GetKind() == ValueKind::Float64)
    return ClipCellsOnGpu(cells, field.GetDevicePortal<Float64>(false, false).Pointers[0], options);
  // Other kinds as doubles (as VTK compares them).
  Handle<Float64> converted;
  Float64* out = DeviceWrite(converted, points);
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    CudaAlgorithm::Schedule(ToDouble<T>{ field.GetDevicePortal<T>(false, false), out }, points);
  });
  return ClipCellsOnGpu(cells, static_cast<const Float64*>(out), options);
}

FieldArray InterpolateClipPointsCuda(const ClipPoints& points, const FieldArray& field,
                                     const loom::cont::ArrayHandle<UInt8>* flags, double fill)
{
  const IdComponent components = field.GetNumberOfComponents();
  const Id n = points.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(field.GetKind(), n, components);
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const FieldGet<T> in{ field.GetDevicePortal<T>(false, false) };
    const ComponentPortal<T> to = out.GetDevicePortal<T>(true, false);
    const auto body = MakeInterpolatePoint(points, components, in, to.Pointers[0], loom::cont::DeviceAdapterTagCuda{});
    if (!flags)
      CudaAlgorithm::Schedule(body, n);
    else
      CudaAlgorithm::Schedule(SelectedPointsOnly<std::decay_t<decltype(body)>, T>{ body, DeviceRead(*flags), to,
                                                                                 FillValueFor<T>(fill) },
                              n);
  });
  return out;
}

FieldArray ClipGridPointsCuda(const ClipPoints& points, const Id3& pointDims, const std::vector<double> axes[3],
                              ValueKind kind)
{
  const Id n = points.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(kind, n, 3);
  Handle<Float64> axis[3];
  const double* device[3];
  for (int d = 0; d < 3; ++d)
  {
    axis[d].Allocate(static_cast<Id>(axes[d].size()));
    if (!axes[d].empty())
      std::memcpy(axis[d].GetPointer(), axes[d].data(), axes[d].size() * sizeof(double));
    device[d] = DeviceRead(axis[d]);
  }
  const GridGet get{ device[0], device[1], device[2], pointDims[0], pointDims[0] * pointDims[1] };
  auto run = [&](auto zero) {
    using T = decltype(zero);
    CudaAlgorithm::Schedule(MakeInterpolatePoint(points, 3, get, out.GetDevicePortal<T>(true, false).Pointers[0],
                                                 loom::cont::DeviceAdapterTagCuda{}),
                            n);
  };
  if (kind == ValueKind::Float32)
    run(Float32{});
  else
    run(Float64{});
  return out;
}
} // namespace clip
} // namespace algorithms
} // namespace loom
