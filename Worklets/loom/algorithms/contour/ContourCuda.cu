// Loom algorithms, contour family on CUDA: marching cells on the GPU for every cell set (structured
// grids included: their connectivity is implicit, so a 3D image costs no connectivity traffic), with
// the same worklets as the CPU path (ContourWorklets.h) and the seeds' per-output ScatterCounting.
// Merging is the GPU-shaped version of the CPU's: a radix sort of the edge keys with their slots
// (CUB), first occurrences flagged and scanned, one thread per slot writing ids and new points.
// Several isovalues are joined on the device. Nothing is copied back to the host here: the arrays
// come back when the caller reads them.
#include <loom/algorithms/contour/ContourWorklets.h>

#include <loom/cont/Algorithm.h>
#include <loom/cont/cuda/CudaMemory.h>

#include <cstring>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace contour
{
namespace
{
using loom::cont::cuda::CudaAlgorithm;
template <typename T>
using Handle = loom::cont::ArrayHandle<T>;
template <typename T>
T* Out(Handle<T>& array, Id n)
{
  return loom::cont::cuda::DeviceWrite(array, n);
}
template <typename T>
const T* In(const Handle<T>& array)
{
  return loom::cont::cuda::DeviceRead(array);
}
// Device pointer for writing part of an array whose other values stay (already on the device).
template <typename T>
T* Part(Handle<T>& array)
{
  return array.PrepareForInPlace(loom::cont::DeviceAdapterTagCuda{}).GetArray();
}

template <int N, typename T, typename CellSetType>
ContourResult OneIsovalue(const CellSetType& cells, const Handle<T>& field, double iso, bool merge,
                          ContourOptions::Grid structuredFrom, const SkipFlagsObject& skip)
{
  const Id pointCount = cells.GetNumberOfPoints();
  Handle<Vec<Int64, N>> keys;
  ContourResult r;
  r.PrimitiveSize = N;
  GeneratePrimitiveEdges<N>(loom::cont::DeviceId::Cuda, cells, field, iso, skip, structuredFrom, keys,
                            r.SourceCells);

  const Id slots = keys.GetNumberOfValues() * N;
  const Int64* key = reinterpret_cast<const Int64*>(In(keys));
  const T* values = In(field); // on the device already: the worklets read it there
  Id* conn = Out(r.Connectivity, slots);
  if (!merge)
  {
    CudaAlgorithm::Schedule(SplitKeys<T>{ key, values, iso, KeySplit(pointCount), Out(r.Points.A, slots),
                                          Out(r.Points.B, slots), Out(r.Points.Weight, slots), conn },
                            slots);
    return r;
  }
  Handle<Int64> sorted;
  Int64* sk = Out(sorted, slots);
  loom::cont::cuda::internal::CopyDeviceToDevice(sk, key, static_cast<std::size_t>(slots) * sizeof(Int64));
  Handle<Id> order;
  CudaAlgorithm::Schedule(Iota{ Out(order, slots) }, slots);
  CudaAlgorithm::SortByKey(sorted, order);
  Handle<Id> fresh;
  CudaAlgorithm::Schedule(FlagFirst{ In(sorted), Out(fresh, slots) }, slots);
  Handle<Id> number;
  const Id points = CudaAlgorithm::ScanExclusive(fresh, number);
  NumberPoints<T> write{ In(sorted), In(order), In(number), In(fresh), values, iso, KeySplit(pointCount), conn,
                         Out(r.Points.A, points), Out(r.Points.B, points), Out(r.Points.Weight, points) };
  CudaAlgorithm::Schedule(write, slots);
  return r;
}

ContourResult Concatenate(std::vector<ContourResult>& parts, bool sources)
{
  using loom::cont::cuda::internal::CopyDeviceToDevice;
  auto allocate = [sources](ContourResult& r, Id points, Id slots) {
    Out(r.Points.A, points);
    Out(r.Points.B, points);
    Out(r.Points.Weight, points);
    Out(r.Connectivity, slots);
    if (sources)
      Out(r.SourceCells, slots / r.PrimitiveSize);
  };
  auto append = [sources](const ContourResult& p, ContourResult& r, Id p0, Id s0) {
    const Id np = p.Points.GetNumberOfPoints(), ns = p.Connectivity.GetNumberOfValues();
    CopyDeviceToDevice(Part(r.Points.A) + p0, In(p.Points.A), np * sizeof(Id));
    CopyDeviceToDevice(Part(r.Points.B) + p0, In(p.Points.B), np * sizeof(Id));
    CopyDeviceToDevice(Part(r.Points.Weight) + p0, In(p.Points.Weight), np * sizeof(Float64));
    CudaAlgorithm::Schedule(CopyShifted{ In(p.Connectivity), Part(r.Connectivity) + s0, p0 }, ns);
    if (sources)
      CopyDeviceToDevice(Part(r.SourceCells) + s0 / r.PrimitiveSize, In(p.SourceCells),
                         (ns / r.PrimitiveSize) * sizeof(Id));
  };
  return JoinParts(parts, allocate, append);
}
} // namespace

const Tables* GetDeviceTables()
{
  // Made once and kept for the life of the process (never freed: the CUDA runtime may be gone
  // when static destructors run). The tables' arrays go first, then the table structs pointing
  // into the device copy of those arrays.
  static const Tables* const device = [] {
    const Tables& host = GetTables();
    std::vector<std::size_t> offsetAt(NumberOfTableSlots), edgeAt(NumberOfTableSlots);
    std::size_t bytes = 0;
    for (int s = 0; s < NumberOfTableSlots; ++s)
    {
      const ShapeTable& t = host.Shapes[s];
      if (!t.NumberOfVertices)
        continue;
      const std::size_t cases = std::size_t(1) << t.NumberOfVertices;
      bytes = (bytes + 7) & ~std::size_t(7);
      offsetAt[s] = bytes;
      bytes += (cases + 1) * sizeof(UInt16);
      edgeAt[s] = bytes;
      bytes += t.CaseOffsets[cases];
    }
    auto* arrays = new Handle<UInt8>();
    arrays->Allocate(static_cast<Id>(bytes ? bytes : 1));
    UInt8* h = arrays->GetPointer();
    for (int s = 0; s < NumberOfTableSlots; ++s)
    {
      const ShapeTable& t = host.Shapes[s];
      if (!t.NumberOfVertices)
        continue;
      const std::size_t cases = std::size_t(1) << t.NumberOfVertices;
      std::memcpy(h + offsetAt[s], t.CaseOffsets, (cases + 1) * sizeof(UInt16));
      std::memcpy(h + edgeAt[s], t.CaseEdges, t.CaseOffsets[cases]);
    }
    const UInt8* base = In(*arrays);
    auto* tables = new Handle<Tables>();
    tables->Allocate(1);
    Tables* t = tables->GetPointer();
    *t = host;
    for (int s = 0; s < NumberOfTableSlots; ++s)
      if (t->Shapes[s].NumberOfVertices)
      {
        t->Shapes[s].CaseOffsets = reinterpret_cast<const UInt16*>(base + offsetAt[s]);
        t->Shapes[s].CaseEdges = base + edgeAt[s];
      }
    return In(*tables);
  }();
  return device;
}

template <typename T>
ContourResult ContourCellsCuda(const CellSetAny& cellSet, const Handle<T>& field, const ContourOptions& options,
                               int primitiveSize)
{
  ContourResult r = std::visit(
    [&](const auto& cells) {
      SkipFlagsObject skip;
      skip.Flags = options.SkipCells;
      std::vector<ContourResult> parts;
      for (double iso : options.IsoValues)
        parts.push_back(primitiveSize == 3 ? OneIsovalue<3>(cells, field, iso, options.MergePoints,
                                                            options.StructuredFrom, skip)
                                           : OneIsovalue<2>(cells, field, iso, options.MergePoints,
                                                            options.StructuredFrom, skip));
      return Concatenate(parts, options.SourceCells);
    },
    cellSet);
  if (!options.SourceCells)
    r.SourceCells = Handle<Id>();
  return r;
}

template ContourResult ContourCellsCuda<Float32>(const CellSetAny&, const Handle<Float32>&, const ContourOptions&,
                                                 int);
template ContourResult ContourCellsCuda<Float64>(const CellSetAny&, const Handle<Float64>&, const ContourOptions&,
                                                 int);
} // namespace contour
} // namespace algorithms
} // namespace loom
