// Loom algorithms, clip family: the CPU passes (Serial and TBB through HostForEach).
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/MergeKeys.h>
#include <loom/algorithms/PointSelection.h>
#include <loom/algorithms/ShapesPresent.h>
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/clip/ClipCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/clip/ClipImpl.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Error.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstring>
#include <string>

namespace loom
{
namespace algorithms
{
namespace clip
{
namespace
{
constexpr Id BlockSize = 4096;

/// The cells of a structured cell set read in ascending order (the CPU passes walk each block of cells
/// so): a cell's corner ids step from the previous cell's instead of coming from two divisions per cell;
/// a cell after a gap is found by dividing. One walk per block (the state is the walk's own).
template <int Dim>
struct StructuredWalk
{
  static constexpr int Dimension = Dim;
  StructuredCells<Dim> Cells;
  mutable Id Next = -1, I = 0, J = 0, Base = 0;

  LOOM_ALWAYS_INLINE int Read(Id cell, Id* ids, const ClipTableSet& tables) const
  {
    if (Dim == 1)
      return this->Cells.Read(cell, ids, tables);
    const Id3& P = this->Cells.P;
    const Id3& C = this->Cells.C;
    if (cell != this->Next)
    {
      this->I = cell % C[0];
      const Id rest = cell / C[0];
      this->J = Dim == 2 ? rest : rest % C[1];
      const Id k = Dim == 2 ? 0 : rest / C[1];
      this->Base = this->I + P[0] * (this->J + P[1] * k);
    }
    const Id base = this->Base;
    ids[0] = base;
    ids[1] = base + 1;
    ids[2] = base + P[0];
    ids[3] = base + P[0] + 1;
    if (Dim == 3)
    {
      const Id slab = P[0] * P[1];
      for (int v = 0; v < 4; ++v)
        ids[v + 4] = ids[v] + slab;
    }
    // The next cell: one point on; past a row's end one more, past a slab's end (3D) a row more.
    this->Next = cell + 1;
    ++this->Base;
    if (++this->I == C[0])
    {
      this->I = 0;
      ++this->Base;
      if (Dim == 3 && ++this->J == C[1])
      {
        this->J = 0;
        this->Base += P[0];
      }
    }
    return StructuredSlot;
  }
  int Slot(Id) const { return StructuredSlot; }
};

template <typename Reader>
struct IsWalk : std::false_type
{
};
template <int Dim>
struct IsWalk<StructuredWalk<Dim>> : std::true_type
{
};

/// Whether every case of the table with a kept vertex gives cells (then every kept point of a grid
/// without NaN and skipped cells is used: each point is some cell's).
bool EveryKeptCaseGivesCells(const ClipTable& table)
{
  for (int k = 1; k < (1 << table.NumberOfVertices); ++k)
    if (table.Counts[3 * k] == 0)
      return false;
  return true;
}

/// The edge points of a structured grid's slots, whose keys are edge indices (CellWriter's GridAxes): the
/// distinct edges are the set bits of a bitmap over the grid's edges, numbered by their rank (the order a
/// sort of the keys would give). Fills `slotPoint` (each slot's output point) and the edges; returns
/// their number.
template <typename T>
Id MergeGridEdges(loom::cont::DeviceId device, int axes, const Id3& pointDims, Id numPoints, const Int64* keys,
                  Id slots, const T* values, double value, Id keptCount, Id* slotPoint, ContourEdges& edges)
{
  const Id words = (axes * numPoints + 63) >> 6;
  loom::cont::ArrayHandle<UInt64> bitArray;
  bitArray.Allocate(words);
  UInt64* bits = bitArray.GetPointer();
  HostForEach(device, words, 1 << 16, [=](Id w) { bits[w] = 0; });
  HostForEach(device, slots, 1 << 14, [=](Id s) {
    const Int64 e = keys[s];
    UInt64* word = bits + (e >> 6);
    const UInt64 bit = UInt64(1) << (e & 63);
    // Most edges are met by several cells: a read first spares the locked write.
    if (!(__atomic_load_n(word, __ATOMIC_RELAXED) & bit))
      __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
  });
  // Each word's first rank: counts per block of words, the blocks' starts, then each word's.
  constexpr Id WordBlock = 1 << 12;
  const Id wordBlocks = (words + WordBlock - 1) / WordBlock;
  const std::vector<Id> blockStart = BlockStarts(device, wordBlocks, WordBlock, [=](Id b) {
    Id n = 0;
    for (Id w = b * WordBlock, end = std::min(words, w + WordBlock); w < end; ++w)
      n += __builtin_popcountll(bits[w]);
    return n;
  });
  const Id* bs = blockStart.data();
  const Id count = bs[wordBlocks];
  loom::cont::ArrayHandle<Id> startArray;
  startArray.Allocate(words);
  Id* start = startArray.GetPointer();
  edges.A.Allocate(count);
  edges.B.Allocate(count);
  edges.Weight.Allocate(count);
  Id* a = edges.A.GetPointer();
  Id* b = edges.B.GetPointer();
  Float64* weight = edges.Weight.GetPointer();
  const Id stride[3] = { 1, pointDims[0], pointDims[0] * pointDims[1] };
  HostForEach(device, wordBlocks, 1, WordBlock, [=](Id block) {
    Id n = bs[block];
    for (Id w = block * WordBlock, end = std::min(words, w + WordBlock); w < end; ++w)
    {
      start[w] = n;
      for (UInt64 x = bits[w]; x; x &= x - 1, ++n)
      {
        const Id e = (w << 6) + __builtin_ctzll(x);
        const Id pa = e / axes, pb = pa + stride[e - pa * axes];
        a[n] = pa;
        b[n] = pb;
        weight[n] = EdgeWeight(value, static_cast<double>(values[pa]), static_cast<double>(values[pb]));
      }
    }
  });
  HostForEach(device, slots, 1 << 14, [=](Id s) {
    const Int64 e = keys[s];
    const UInt64 below = bits[e >> 6] & ((UInt64(1) << (e & 63)) - 1);
    slotPoint[s] = keptCount + start[e >> 6] + __builtin_popcountll(below);
  });
  return count;
}

/// The block totals turned into each block's start (exclusive), and their sum.
inline Totals ExclusiveTotals(Totals* tot, Id blocks)
{
  Totals sum;
  for (Id b = 0; b < blocks; ++b)
  {
    const Totals t = tot[b];
    tot[b] = sum;
    sum.Cells += t.Cells;
    sum.Connectivity += t.Connectivity;
    sum.Slots += t.Slots;
    sum.Extras += t.Extras;
  }
  return sum;
}

/// The kept vertices of the cells with output marked in `used` (zeroed first): on a grid with NaN points,
/// where points whose every cell has a NaN point are not used.
template <typename Reader>
void MarkKeptPointsOfCutCells(loom::cont::DeviceId device, const Reader& reader, const ClipTableSet& tables,
                              const Int16* cases, Id numCells, Id numPoints, UInt8* used)
{
  std::memset(used, 0, static_cast<std::size_t>(numPoints));
  const Id blocks = (numCells + BlockSize - 1) / BlockSize;
  HostForEach(device, blocks, 1, BlockSize, [&, used, cases](Id b) {
    const Reader cellReader = reader;
    Id ids[8];
    for (Id c = b * BlockSize, end = std::min(numCells, c + BlockSize); c < end; ++c)
      if (cases[c] > 0)
      {
        cellReader.Read(c, ids, tables);
        for (int v = 0; v < tables.Slot[StructuredSlot].NumberOfVertices; ++v)
          if ((cases[c] >> v) & 1)
            MarkUsed(used + ids[v]);
      }
  });
}

/// Step 3 of ClipTyped: every input point's number among the kept points (in `numberArray`, the output
/// ids' width), and the kept points' input ids (`kept`), by blocks of 2^16 points starting at `starts`.
template <typename N>
void NumberPoints(loom::cont::DeviceId device, Id numPoints, const UInt8* used, const Id* starts, Id* kept,
                  loom::cont::ArrayHandle<N>& numberArray)
{
  const Id pointBlocks = (numPoints + (1 << 16) - 1) >> 16;
  numberArray.Allocate(numPoints);
  N* number = numberArray.GetPointer();
  HostForEach(device, pointBlocks, 1, Id(1) << 16, [=](Id b) {
    Id n = starts[b];
    for (Id p = b << 16, end = std::min(numPoints, (b + 1) << 16); p < end; ++p)
    {
      number[p] = static_cast<N>(n);
      if (used[p])
        kept[n++] = p;
    }
  });
}

/// Step 4 of ClipTyped: the cells written (shapes, source cells, offsets and connectivity in the width of
/// C), edge points as slots (`keys`), extra points as stencils; `number` numbers the kept points.
template <typename Reader, typename T, typename C>
void WriteCells(loom::cont::DeviceId device, const Reader& reader, const ClipTableSet& tables, const T* values,
                double value, Id numPoints, Id keptCount, const Totals& sum, const Totals* tot, const Int16* cases,
                Id numCells, const C* number, ClipResult& r, C* offsets, C* conn, Int64* keys)
{
  CellWriter<Reader, T, C, C> writer{ reader,
                                      tables,
                                      values,
                                      value,
                                      numPoints,
                                      keptCount,
                                      sum.Slots,
                                      number,
                                      r.Shapes.GetPointer(),
                                      r.SourceCells.GetPointer(),
                                      offsets,
                                      conn,
                                      keys,
                                      r.Points.ExtraIds.GetPointer(),
                                      r.Points.ExtraWeights.GetPointer() };
  if constexpr (IsWalk<Reader>::value)
  {
    writer.GridAxes = Reader::Dimension;
    writer.RowStride = reader.Cells.P[0];
  }
  const Id blocks = (numCells + BlockSize - 1) / BlockSize;
  HostForEach(device, blocks, 1, BlockSize, [&](Id b) {
    const auto blockWriter = writer; // a local copy: the byte stores may alias what a reference reaches
    Totals at = tot[b];
    for (Id c = b * BlockSize, end = std::min(numCells, c + BlockSize); c < end; ++c)
      if (cases[c] > 0)
        blockWriter.Write(c, cases[c], at);
  });
  offsets[sum.Cells] = static_cast<C>(sum.Connectivity);
}

/// Step 5 of ClipTyped: the edge points merged, one per distinct key of the `slots` slots (the keys are let
/// go of): on a grid by the edges' bitmap, else by sorting the slots by key (in their own memory). Each
/// slot's point goes to `slotPoint`, the edge points to `edges`; returns how many there are.
template <typename Reader, typename T>
Id MergeEdgePoints(loom::cont::DeviceId device, const Reader& reader, Id numPoints,
                   loom::cont::ArrayHandle<Int64>& keyArray, Id slots, const T* values, double value, Id keptCount,
                   loom::cont::ArrayHandle<Id>& slotPoint, ContourEdges& edges)
{
  Id edgePoints = 0;
  if constexpr (IsWalk<Reader>::value)
  {
    slotPoint.Allocate(slots);
    edgePoints = MergeGridEdges(device, Reader::Dimension, reader.Cells.P, numPoints, keyArray.GetPointer(), slots,
                                values, value, keptCount, slotPoint.GetPointer(), edges);
    keyArray = loom::cont::ArrayHandle<Int64>();
  }
  else
  {
    loom::cont::ArrayHandle<Int64> sorted = keyArray; // the same array (handles share their state)
    keyArray = loom::cont::ArrayHandle<Int64>();
    loom::cont::ArrayHandle<Id> order;
    order.Allocate(slots);
    HostForEach(device, slots, 1 << 14, Iota{ order.GetPointer() });
    loom::cont::Algorithm::SortByKey(device, sorted, order);
    // (The sort may hand back new memory: pointers are taken after it.)
    const Int64* sk = sorted.GetPointer();
    loom::cont::ArrayHandle<Id> isNew;
    isNew.Allocate(slots);
    Id* fresh = isNew.GetPointer();
    HostForEach(device, slots, 1 << 14, FlagFirst{ sk, fresh });
    loom::cont::ArrayHandle<Id> edgeNumber;
    edgePoints = slots ? loom::cont::Algorithm::ScanExclusive(device, isNew, edgeNumber) : 0;
    edges.A.Allocate(edgePoints);
    edges.B.Allocate(edgePoints);
    edges.Weight.Allocate(edgePoints);
    slotPoint.Allocate(slots);
    if (slots)
    {
      const NumberEdgePoints<T> numbering{ sk,
                                           order.GetPointer(),
                                           edgeNumber.GetPointer(),
                                           fresh,
                                           values,
                                           value,
                                           numPoints,
                                           keptCount,
                                           slotPoint.GetPointer(),
                                           edges.A.GetPointer(),
                                           edges.B.GetPointer(),
                                           edges.Weight.GetPointer() };
      HostForEach(device, slots, 1 << 14, numbering);
    }
  }
  return edgePoints;
}

/// Step 6 of ClipTyped: the placeholders in the connectivity replaced, slots by their edge point, extra
/// points after the edge points (`extraShift`). Only the output of cut cells holds placeholders: each block
/// walks its cells' cases to find it.
template <typename Reader, typename C>
void PatchPlaceholders(loom::cont::DeviceId device, const Reader& reader, const ClipTableSet& tables, const Int16* cases,
                       const Totals* tot, Id numCells, C* conn, const loom::cont::ArrayHandle<Id>& slotPoint, Id keptCount,
                       Id slots, Id extraShift)
{
  const PatchConnectivity<C> patchOne{ conn, slotPoint.GetPointer(), keptCount, slots, extraShift };
  const Id blocks = (numCells + BlockSize - 1) / BlockSize;
  HostForEach(device, blocks, 1, BlockSize, [&, patchOne](Id b) {
    Id at = tot[b].Connectivity;
    for (Id c = b * BlockSize, end = std::min(numCells, c + BlockSize); c < end; ++c)
    {
      const int k = cases[c];
      if (k <= 0)
        continue;
      const ClipTable& table = tables.Slot[reader.Slot(c)];
      const UInt8* counts = table.Counts + 3 * k;
      if (k != (1 << table.NumberOfVertices) - 1 || counts[2] != 0)
        for (Id i = at; i < at + counts[1]; ++i)
          patchOne(i);
      at += counts[1];
    }
  });
}

template <typename Reader, typename T>
ClipResult ClipTyped(const Reader& reader, const ClipTableSet& tables, Id numCells, Id numPoints, const T* values,
                     const ClipOptions& options)
{
  const loom::cont::DeviceId device = options.Device;
  const double value = options.Value;
  const bool insideOut = options.InsideOut;
  // 1. Point flags.
  loom::cont::ArrayHandle<UInt8> flagArray;
  flagArray.Allocate(numPoints);
  UInt8* flags = flagArray.GetPointer();
  HostForEach(device, numPoints, 1 << 14,
              [=](Id p) { flags[p] = PointFlag(static_cast<double>(values[p]), value, insideOut); });
  const UInt8* skip = options.SkipCells.GetNumberOfValues() == numCells && numCells > 0
    ? options.SkipCells.ReadPortal().GetArray()
    : nullptr;

  // 2. Cases and block totals; the kept points of cells with output are marked.
  const Id blocks = (numCells + BlockSize - 1) / BlockSize;
  std::vector<Totals> totals(static_cast<std::size_t>(blocks) + 1);
  // A grid without skipped cells uses exactly its kept points (each point is some cell's, and every case
  // with a kept vertex gives cells) unless a cell has a NaN point: the cells need not mark them then.
  const bool keptAreUsed = IsWalk<Reader>::value && !skip && EveryKeptCaseGivesCells(tables.Slot[StructuredSlot]);
  loom::cont::ArrayHandle<UInt8> usedArray;
  UInt8* used = nullptr;
  if (!keptAreUsed)
  {
    usedArray.Allocate(numPoints);
    used = usedArray.GetPointer();
    std::memset(used, 0, static_cast<std::size_t>(numPoints));
  }
  loom::cont::ArrayHandle<Int16> caseArray;
  caseArray.Allocate(numCells);
  Int16* cases = caseArray.GetPointer();
  Totals* tot = totals.data();
  std::atomic<Id> unreadable{ -1 }; // a cell the tables do not know (reported below; any one will do)
  std::atomic<bool> nanCells{ false };
  const CutEdgeCounts cutCounts(tables);
  HostForEach(device, blocks, 1, BlockSize, [&, flags, used, cases, tot](Id b) {
    // Local copies: the byte stores below may alias anything reached through a reference, which
    // would make the compiler reload the reader and the tables for every cell.
    const Reader cellReader = reader;
    const ClipTableSet cellTables = tables;
    Totals t;
    bool nan = false;
    for (Id c = b * BlockSize, end = std::min(numCells, c + BlockSize); c < end; ++c)
    {
      bool bad = false;
      cases[c] =
        static_cast<Int16>(CellCase(cellReader, cellTables, flags, skip, c, used, t, bad, &cutCounts, &nan));
      if (bad)
        unreadable.store(c, std::memory_order_relaxed);
    }
    if (nan)
      nanCells.store(true, std::memory_order_relaxed);
    tot[b] = t;
  });
  if (keptAreUsed && nanCells.load())
  {
    // Points whose every cell has a NaN point are not used: the cells with output mark theirs after all.
    usedArray.Allocate(numPoints);
    used = usedArray.GetPointer();
    MarkKeptPointsOfCutCells(device, reader, tables, cases, numCells, numPoints, used);
  }
  else if (keptAreUsed)
    used = flags; // no NaN point (each would have made its cells NaN ones): the flags are 0 or Kept (1)
  if (unreadable.load() >= 0)
    throw loom::cont::ErrorBadType("Clip: cell " + std::to_string(unreadable.load()) +
                                   " cannot be clipped (only linear cells of a fixed size; see "
                                   "UnclippableCellTypes).");
  const Totals sum = ExclusiveTotals(tot, blocks);

  // 3. Kept points numbered in input order, in the output ids' width (the numbering has a value per
  // input point: 32-bit ids halve the largest temporary here).
  ClipResult r;
  const Id pointBlocks = (numPoints + (1 << 16) - 1) >> 16;
  const std::vector<Id> pointStart = BlockStarts(device, pointBlocks, Id(1) << 16, [=](Id b) {
    Id n = 0;
    for (Id p = b << 16, end = std::min(numPoints, (b + 1) << 16); p < end; ++p)
      n += used[p];
    return n;
  });
  const Id* ps = pointStart.data();
  const Id keptCount = ps[pointBlocks];
  const Id maxPoint = keptCount + sum.Slots + sum.Extras;
  r.Is64Bit = maxPoint > 0x7fffffff || sum.Connectivity > 0x7fffffff;
  r.Points.Kept.Allocate(keptCount);
  Id* kept = r.Points.Kept.GetPointer();
  loom::cont::ArrayHandle<Int32> number32;
  loom::cont::ArrayHandle<Int64> number64;
  if (r.Is64Bit)
    NumberPoints(device, numPoints, used, ps, kept, number64);
  else
    NumberPoints(device, numPoints, used, ps, kept, number32);
  // The point flags are spent: their memory serves the arrays below.
  flagArray.ReleaseResources();
  usedArray.ReleaseResources();

  // 4. Cells written; edge points as slots (keys), extra points as stencils.
  r.Shapes.Allocate(sum.Cells);
  r.SourceCells.Allocate(sum.Cells);
  loom::cont::ArrayHandle<Int64> keyArray;
  keyArray.Allocate(sum.Slots);
  r.Points.ExtraIds.Allocate(sum.Extras * ClipPoints::ExtraTerms);
  r.Points.ExtraWeights.Allocate(sum.Extras * ClipPoints::ExtraTerms);
  if (r.Is64Bit)
  {
    r.Offsets64.Allocate(sum.Cells + 1);
    r.Connectivity64.Allocate(sum.Connectivity);
    WriteCells(device, reader, tables, values, value, numPoints, keptCount, sum, tot, cases, numCells,
               number64.GetPointer(), r, r.Offsets64.GetPointer(), r.Connectivity64.GetPointer(), keyArray.GetPointer());
  }
  else
  {
    r.Offsets32.Allocate(sum.Cells + 1);
    r.Connectivity32.Allocate(sum.Connectivity);
    WriteCells(device, reader, tables, values, value, numPoints, keptCount, sum, tot, cases, numCells,
               number32.GetPointer(), r, r.Offsets32.GetPointer(), r.Connectivity32.GetPointer(), keyArray.GetPointer());
  }
  number32 = loom::cont::ArrayHandle<Int32>();
  number64 = loom::cont::ArrayHandle<Int64>();

  // 5. Edge points merged, one per distinct key.
  const Id slots = sum.Slots;
  loom::cont::ArrayHandle<Id> slotPoint;
  const Id edgePoints = MergeEdgePoints(device, reader, numPoints, keyArray, slots, values, value, keptCount, slotPoint,
                                        r.Points.Edges);
  // 6. Placeholders replaced: slots by their edge point, extra points after the edge points.
  if (r.Is64Bit)
    PatchPlaceholders(device, reader, tables, cases, tot, numCells, r.Connectivity64.GetPointer(), slotPoint, keptCount,
                      slots, sum.Slots - edgePoints);
  else
    PatchPlaceholders(device, reader, tables, cases, tot, numCells, r.Connectivity32.GetPointer(), slotPoint, keptCount,
                      slots, sum.Slots - edgePoints);
  return r;
}

template <typename T>
ClipResult ClipCells(const CellSetAny& cellSet, const T* values, const ClipOptions& options)
{
  return std::visit(
    [&](const auto& cells) {
      using CellSetType = std::decay_t<decltype(cells)>;
      if constexpr (IsStructured<CellSetType>::value)
      {
        const StructuredWalk<CellSetType::Dimension> reader{
          StructuredCells<CellSetType::Dimension>{ cells.GetPointDimensions(), cells.GetCellDimensions() }
        };
        return ClipTyped(reader, HostClipTables(options.InsideOut, CellSetType::Dimension), cells.GetNumberOfCells(),
                         cells.GetNumberOfPoints(), values, options);
      }
      else
      {
        const auto reader = MakeExplicitCells(cells, loom::cont::DeviceAdapterTagCpu{});
        return ClipTyped(reader, HostClipTables(options.InsideOut, 3), cells.GetNumberOfCells(),
                         cells.GetNumberOfPoints(), values, options);
      }
    },
    cellSet);
}

/// Interpolation at the output points from a source of input values `get(p, c)`.
template <typename T, typename Get>
void Interpolate(const ClipPoints& points, IdComponent components, const Get& get, T* out,
                 loom::cont::DeviceId device)
{
  const Id n = points.GetNumberOfPoints();
  HostForEach(device, n, 1 << 12,
              MakeInterpolatePoint(points, components, get, out, loom::cont::DeviceAdapterTagCpu{}));
}
} // namespace
} // namespace clip

std::vector<UInt8> UnclippableCellTypes(const CellSetAny& cellSet)
{
  std::vector<UInt8> result;
  std::visit(
    [&](const auto& cells) {
      using CellSetType = std::decay_t<decltype(cells)>;
      if constexpr (!std::is_same_v<CellSetType, loom::cont::CellSetStructured<1>> &&
                    !std::is_same_v<CellSetType, loom::cont::CellSetStructured<2>> &&
                    !std::is_same_v<CellSetType, loom::cont::CellSetStructured<3>>)
      {
        const clip::ClipTableSet tables = clip::HostClipTables(false, 3);
        // The shapes only: a cell of a fixed-size shape with another point count never gets here (the
        // cell check, CheckCellArrays with the types, refuses it before any family reads the cells).
        const Id n = cells.GetNumberOfCells();
        const std::array<bool, 256> seen = ShapesPresent(n ? cells.GetShapes().ReadPortal().GetArray() : nullptr, n);
        for (int s = 0; s < 256; ++s)
          if (seen[s] && (s >= clip::TableSlots || s == clip::StructuredSlot || tables.Slot[s].NumberOfVertices == 0))
            result.push_back(static_cast<UInt8>(s));
      }
    },
    cellSet);
  return result;
}

ClipResult Clip(const CellSetAny& cells, const FieldArray& field, const ClipOptions& options)
{
  const Id points = NumberOfPoints(cells);
  if (field.GetNumberOfComponents() != 1)
    throw loom::cont::ErrorBadValue("Clip: the field has " + std::to_string(field.GetNumberOfComponents()) +
                                    " components; one is needed.");
  if (field.GetNumberOfTuples() != points)
    throw loom::cont::ErrorBadValue("Clip: the field has " + std::to_string(field.GetNumberOfTuples()) +
                                    " tuples for " + std::to_string(points) + " points.");
  // Cells the tables do not know are found by the case pass (no separate pass over the cells).
  return WithCudaFallback(
    options.Device, "clip", [&](auto) { return clip::ClipCuda(cells, field, options); },
    [&](loom::cont::DeviceId cpu) {
      ClipOptions host = options;
      host.Device = cpu;
      if (field.GetKind() == ValueKind::Float32)
        return clip::ClipCells(cells, field.GetPortal<Float32>().Pointers[0], host);
      if (field.GetKind() == ValueKind::Float64)
        return clip::ClipCells(cells, field.GetPortal<Float64>().Pointers[0], host);
      // Other kinds as doubles (as VTK compares them).
      loom::cont::ArrayHandle<Float64> converted;
      converted.Allocate(points);
      Float64* out = converted.GetPointer();
      CallWithKind(field.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        const ComponentPortal<T> in = field.GetPortal<T>();
        HostForEach(cpu, points, 1 << 14, [=](Id p) { out[p] = static_cast<Float64>(in.Get(p, 0)); });
      });
      return clip::ClipCells(cells, out, host);
    });
}

loom::cont::ArrayHandle<Id> NearestInputPoints(const ClipPoints& points)
{
  const Id kept = points.Kept.GetNumberOfValues();
  const loom::cont::ArrayHandle<Id> ends = NearestEdgeEnds(points.Edges);
  const Id edges = ends.GetNumberOfValues();
  const Id extra = points.GetNumberOfExtraPoints();
  loom::cont::ArrayHandle<Id> nearest;
  nearest.Allocate(kept + edges + extra);
  Id* out = nearest.GetPointer();
  if (kept)
    std::memcpy(out, points.Kept.GetPointer(), sizeof(Id) * static_cast<size_t>(kept));
  if (edges)
    std::memcpy(out + kept, ends.GetPointer(), sizeof(Id) * static_cast<size_t>(edges));
  const Id* ids = points.ExtraIds.GetPointer();
  const Float64* weights = points.ExtraWeights.GetPointer();
  for (Id e = 0; e < extra; ++e)
  {
    IdComponent best = 0;
    for (IdComponent t = 1; t < ClipPoints::ExtraTerms; ++t)
      if (weights[e * ClipPoints::ExtraTerms + t] > weights[e * ClipPoints::ExtraTerms + best])
        best = t;
    out[kept + edges + e] = ids[e * ClipPoints::ExtraTerms + best];
  }
  return nearest;
}

FieldArray InterpolateClipPoints(const ClipPoints& points, const FieldArray& field, loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "clip interpolation", [&](auto) { return clip::InterpolateClipPointsCuda(points, field); },
    [&](loom::cont::DeviceId cpu) {
      const IdComponent components = field.GetNumberOfComponents();
      FieldArray out = FieldArray::Allocate(field.GetKind(), points.GetNumberOfPoints(), components);
      CallWithKind(field.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        clip::Interpolate(points, components, clip::FieldGet<T>{ field.GetPortal<T>() }, out.GetPortal<T>().Pointers[0],
                          cpu);
      });
      return out;
    });
}

OutputMask ClipPointsMask(const ClipPoints& points, const OutputMask& inputPoints, Id numberOfInputPoints,
                          loom::cont::DeviceId device)
{
  const loom::cont::ArrayHandle<UInt8> selected = SelectionFlags(inputPoints, numberOfInputPoints, device);
  const Id n = points.GetNumberOfPoints();
  OutputMask mask = MadePointsMask(inputPoints, n);
  const UInt8* in = selected.GetPointer();
  UInt8* out = mask.Flags.GetPointer();
  const Id keptCount = points.Kept.GetNumberOfValues(), edgeCount = points.Edges.GetNumberOfPoints();
  // Read, not written: device copies of the points stay current for a CUDA interpolation.
  const Id* kept = points.Kept.ReadPortal().GetArray();
  const Id* a = points.Edges.A.ReadPortal().GetArray();
  const Id* b = points.Edges.B.ReadPortal().GetArray();
  const Float64* w = points.Edges.Weight.ReadPortal().GetArray();
  const Id* extraIds = points.ExtraIds.ReadPortal().GetArray();
  const Float64* extraWeights = points.ExtraWeights.ReadPortal().GetArray();
  HostForEach(device, n, 4096, [=](Id p) {
    if (p < keptCount)
    {
      out[p] = in[kept[p]];
      return;
    }
    const Id e = p - keptCount;
    if (e < edgeCount)
    {
      out[p] = EdgePointSelected(in, a[e], b[e], w[e]);
      return;
    }
    const Id x = (e - edgeCount) * ClipPoints::ExtraTerms;
    UInt8 all = 1;
    for (int q = 0; q < ClipPoints::ExtraTerms; ++q)
      if (extraWeights[x + q] != 0.0)
        all &= in[extraIds[x + q]];
    out[p] = all;
  });
  return mask;
}

FieldArray InterpolateClipPoints(const ClipPoints& points, const FieldArray& field, const OutputMask& pointsMask,
                                 loom::cont::DeviceId device)
{
  const Id n = points.GetNumberOfPoints();
  if (pointsMask.Selection != OutputMask::Mode::Select || pointsMask.Flags.GetNumberOfValues() != n)
    throw loom::cont::ErrorBadValue("clip point mask: " + std::to_string(n) +
                                    " flags are needed, one per output point.");
  return WithCudaFallback(
    device, "clip interpolation (masked)",
    [&](auto) { return clip::InterpolateClipPointsCuda(points, field, &pointsMask.Flags, pointsMask.Fill); },
    [&](loom::cont::DeviceId cpu) {
      const IdComponent components = field.GetNumberOfComponents();
      FieldArray out = FieldArray::Allocate(field.GetKind(), n, components);
      const UInt8* flags = pointsMask.Flags.ReadPortal().GetArray();
      CallWithKind(field.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        const auto body = clip::MakeInterpolatePoint(points, components, clip::FieldGet<T>{ field.GetPortal<T>() },
                                                     out.GetPortal<T>().Pointers[0],
                                                     loom::cont::DeviceAdapterTagCpu{});
        HostForEach(cpu, n, 1 << 12,
                    SelectedPointsOnly<std::decay_t<decltype(body)>, T>{ body, flags, out.GetPortal<T>(),
                                                                        FillValueFor<T>(pointsMask.Fill) });
      });
      return out;
    });
}

FieldArray ClipGridPoints(const ClipPoints& points, const Id3& pointDims, const std::vector<double> axes[3],
                          ValueKind kind, loom::cont::DeviceId device)
{
  if (kind != ValueKind::Float32 && kind != ValueKind::Float64)
    throw loom::cont::ErrorBadType("ClipGridPoints: positions are float32 or float64.");
  for (int d = 0; d < 3; ++d)
    if (axes[d].size() != static_cast<std::size_t>(3 * pointDims[d]))
      throw loom::cont::ErrorBadValue("ClipGridPoints: axis " + std::to_string(d) + " has " +
                                      std::to_string(axes[d].size()) + " values for " +
                                      std::to_string(pointDims[d]) + " points.");
  return WithCudaFallback(
    device, "clip points", [&](auto) { return clip::ClipGridPointsCuda(points, pointDims, axes, kind); },
    [&](loom::cont::DeviceId cpu) {
      FieldArray out = FieldArray::Allocate(kind, points.GetNumberOfPoints(), 3);
      const clip::GridGet get{ axes[0].data(), axes[1].data(), axes[2].data(), pointDims[0],
                               pointDims[0] * pointDims[1] };
      if (kind == ValueKind::Float32)
        clip::Interpolate(points, 3, get, out.GetPortal<Float32>().Pointers[0], cpu);
      else
        clip::Interpolate(points, 3, get, out.GetPortal<Float64>().Pointers[0], cpu);
      return out;
    });
}
} // namespace algorithms
} // namespace loom
