// Loom algorithms, clip family: the CPU passes (Serial and TBB through HostForEach).
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/clip/Clip.h>
#include <loom/algorithms/clip/ClipCaseTables.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Error.h>

#include <algorithm>
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
constexpr UInt8 Kept = 1, NotANumber = 2;

/// VTK cell types.
enum : UInt8
{
  Vertex = 1,
  Line = 3,
  Triangle = 5,
  Pixel = 8,
  Quad = 9,
  Tetra = 10,
  Voxel = 11,
  Hexahedron = 12,
  Wedge = 13,
  Pyramid = 14
};

const ClipTable* TableOf(UInt8 shape, bool insideOut)
{
  switch (shape)
  {
    case Vertex: return insideOut ? &VertexInsideOutTable : &VertexTable;
    case Line: return insideOut ? &LineInsideOutTable : &LineTable;
    case Triangle: return insideOut ? &TriangleInsideOutTable : &TriangleTable;
    case Pixel: return insideOut ? &PixelInsideOutTable : &PixelTable;
    case Quad: return insideOut ? &QuadInsideOutTable : &QuadTable;
    case Tetra: return insideOut ? &TetraInsideOutTable : &TetraTable;
    case Voxel: return insideOut ? &VoxelInsideOutTable : &VoxelTable;
    case Hexahedron: return insideOut ? &HexahedronInsideOutTable : &HexahedronTable;
    case Wedge: return insideOut ? &WedgeInsideOutTable : &WedgeTable;
    case Pyramid: return insideOut ? &PyramidInsideOutTable : &PyramidTable;
    default: return nullptr;
  }
}

/// The cells of a cell set one at a time: their table and point ids.
template <typename CellSetType>
struct CellReader;

template <int Dim>
struct CellReader<loom::cont::CellSetStructured<Dim>>
{
  const ClipTable* Table;
  Id3 P, C;
  CellReader(const loom::cont::CellSetStructured<Dim>& cells, bool insideOut)
    : P(cells.GetPointDimensions())
    , C(cells.GetCellDimensions())
  {
    this->Table = Dim == 3 ? (insideOut ? &Structured3InsideOutTable : &Structured3Table)
      : Dim == 2           ? (insideOut ? &Structured2InsideOutTable : &Structured2Table)
                           : (insideOut ? &LineInsideOutTable : &LineTable);
  }
  /// The cell's table and its points (structured order: x fastest); null for none.
  const ClipTable* Read(Id cell, Id* ids) const
  {
    if (Dim == 1)
    {
      ids[0] = cell;
      ids[1] = cell + 1;
      return this->Table;
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
    return this->Table;
  }
};

template <typename O, typename C>
struct CellReader<loom::cont::CellSetExplicit<O, C>>
{
  const UInt8* Shapes;
  const O* Offsets;
  const C* Connectivity;
  bool InsideOut;
  CellReader(const loom::cont::CellSetExplicit<O, C>& cells, bool insideOut)
    : Shapes(cells.GetShapes().ReadPortal().GetArray())
    , Offsets(cells.GetOffsets().ReadPortal().GetArray())
    , Connectivity(cells.GetConnectivity().ReadPortal().GetArray())
    , InsideOut(insideOut)
  {
  }
  const ClipTable* Read(Id cell, Id* ids) const
  {
    const ClipTable* table = TableOf(this->Shapes[cell], this->InsideOut);
    const O begin = this->Offsets[cell];
    if (!table || this->Offsets[cell + 1] - begin != table->NumberOfVertices)
      return nullptr;
    for (int v = 0; v < table->NumberOfVertices; ++v)
      ids[v] = static_cast<Id>(this->Connectivity[begin + v]);
    return table;
  }
};

/// Per block: output cells, connectivity, edge slots and extra points.
struct Totals
{
  Id Cells = 0, Connectivity = 0, Slots = 0, Extras = 0;
};

/// Where the value crosses on the edge from a value sa to sb (one end kept, one not), from sa's end;
/// an infinite end takes the point to the other end's limit (both infinite: the middle).
inline double EdgeWeight(double value, double sa, double sb)
{
  const double w = (value - sa) / (sb - sa);
  if (w == w)
    return w;
  return std::isinf(sa) ? (std::isinf(sb) ? 0.5 : 1.0) : 0.0;
}

/// The case of a cell from its points' flags; -1 when a point is NaN.
inline int CaseOf(const UInt8* flags, const Id* ids, int n)
{
  int c = 0;
  for (int v = 0; v < n; ++v)
  {
    const UInt8 f = flags[ids[v]];
    if (f & NotANumber)
      return -1;
    c |= (f & Kept) << v;
  }
  return c;
}

inline int CutEdges(const ClipTable& t, int c)
{
  int cut = 0;
  for (int e = 0; e < t.NumberOfEdges; ++e)
    cut += ((c >> t.EdgeVertices[e][0]) & 1) != ((c >> t.EdgeVertices[e][1]) & 1);
  return cut;
}

template <typename Reader, typename T>
ClipResult ClipTyped(const Reader& reader, Id numCells, Id numPoints, const T* values, const ClipOptions& options)
{
  const loom::cont::DeviceId device = options.Device;
  const double value = options.Value;
  const bool insideOut = options.InsideOut;
  // 1. Point flags.
  loom::cont::ArrayHandle<UInt8> flagArray;
  flagArray.Allocate(numPoints);
  UInt8* flags = flagArray.GetPointer();
  HostForEach(device, numPoints, 1 << 14, [=](Id p) {
    const double s = static_cast<double>(values[p]);
    flags[p] = std::isnan(s) ? NotANumber : static_cast<UInt8>((s >= value) != insideOut ? Kept : 0);
  });
  const UInt8* skip = options.SkipCells.GetNumberOfValues() == numCells && numCells > 0
    ? options.SkipCells.ReadPortal().GetArray()
    : nullptr;

  // 2. Cases and block totals; the kept points of cells with output are marked.
  const Id blocks = (numCells + BlockSize - 1) / BlockSize;
  std::vector<Totals> totals(static_cast<std::size_t>(blocks) + 1);
  loom::cont::ArrayHandle<UInt8> usedArray;
  usedArray.Allocate(numPoints);
  UInt8* used = usedArray.GetPointer();
  std::memset(used, 0, static_cast<std::size_t>(numPoints));
  loom::cont::ArrayHandle<Int16> caseArray;
  caseArray.Allocate(numCells);
  Int16* cases = caseArray.GetPointer();
  Totals* tot = totals.data();
  std::atomic<Id> unreadable{ -1 }; // a cell the tables do not know (reported below; any one will do)
  HostForEach(device, blocks, 1, [&, flags, used, cases, tot](Id b) {
    Totals t;
    Id ids[8];
    for (Id c = b * BlockSize, end = std::min(numCells, c + BlockSize); c < end; ++c)
    {
      const ClipTable* table = reader.Read(c, ids);
      if (!table)
        unreadable.store(c, std::memory_order_relaxed);
      const int k = table && !(skip && skip[c]) ? CaseOf(flags, ids, table->NumberOfVertices) : -1;
      cases[c] = static_cast<Int16>(k);
      if (k <= 0)
        continue;
      const UInt8* counts = table->Counts + 3 * k;
      if (counts[0] == 0)
      {
        cases[c] = -1;
        continue;
      }
      t.Cells += counts[0];
      t.Connectivity += counts[1];
      t.Extras += counts[2];
      t.Slots += CutEdges(*table, k);
      for (int v = 0; v < table->NumberOfVertices; ++v)
        if ((k >> v) & 1)
          __atomic_store_n(used + ids[v], UInt8(1), __ATOMIC_RELAXED);
    }
    tot[b] = t;
  });
  if (unreadable.load() >= 0)
    throw loom::cont::ErrorBadType("Clip: cell " + std::to_string(unreadable.load()) +
                                   " cannot be clipped (only linear cells of a fixed size; see "
                                   "UnclippableCellTypes).");
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

  // 3. Kept points numbered in input order.
  ClipResult r;
  loom::cont::ArrayHandle<Id> numberArray;
  numberArray.Allocate(numPoints);
  Id* number = numberArray.GetPointer();
  const Id pointBlocks = (numPoints + (1 << 16) - 1) >> 16;
  std::vector<Id> pointStart(static_cast<std::size_t>(pointBlocks) + 1, 0);
  Id* ps = pointStart.data();
  HostForEach(device, pointBlocks, 1, [=](Id b) {
    Id n = 0;
    for (Id p = b << 16, end = std::min(numPoints, (b + 1) << 16); p < end; ++p)
      n += used[p];
    ps[b + 1] = n;
  });
  for (Id b = 0; b < pointBlocks; ++b)
    ps[b + 1] += ps[b];
  const Id keptCount = ps[pointBlocks];
  r.Points.Kept.Allocate(keptCount);
  Id* kept = r.Points.Kept.GetPointer();
  HostForEach(device, pointBlocks, 1, [=](Id b) {
    Id n = ps[b];
    for (Id p = b << 16, end = std::min(numPoints, (b + 1) << 16); p < end; ++p)
    {
      number[p] = n;
      if (used[p])
        kept[n++] = p;
    }
  });

  // 4. Cells written; edge points as slots (keys), extra points as stencils.
  const Id maxPoint = keptCount + sum.Slots + sum.Extras;
  r.Is64Bit = maxPoint > 0x7fffffff || sum.Connectivity > 0x7fffffff;
  r.Shapes.Allocate(sum.Cells);
  r.SourceCells.Allocate(sum.Cells);
  loom::cont::ArrayHandle<Int64> keyArray;
  keyArray.Allocate(sum.Slots);
  r.Points.ExtraIds.Allocate(sum.Extras * ClipPoints::ExtraTerms);
  r.Points.ExtraWeights.Allocate(sum.Extras * ClipPoints::ExtraTerms);
  UInt8* shapes = r.Shapes.GetPointer();
  Id* sources = r.SourceCells.GetPointer();
  Int64* keys = keyArray.GetPointer();
  Id* extraIds = r.Points.ExtraIds.GetPointer();
  Float64* extraWeights = r.Points.ExtraWeights.GetPointer();
  auto write = [&](auto* offsets, auto* conn) {
    using C = std::remove_pointer_t<decltype(conn)>;
    HostForEach(device, blocks, 1, [&, offsets, conn](Id b) {
      Totals at = tot[b];
      Id ids[8];
      Id localPoint[20 + 8];
      for (Id c = b * BlockSize, end = std::min(numCells, c + BlockSize); c < end; ++c)
      {
        const int k = cases[c];
        if (k < 0 || k == 0)
          continue;
        const ClipTable& table = *reader.Read(c, ids);
        const int n = table.NumberOfVertices;
        for (int v = 0; v < n; ++v)
          localPoint[v] = number[ids[v]];
        // Edge points: slots now, numbers after the merge (placeholders keptCount + slot).
        double t[12];
        for (int e = 0; e < table.NumberOfEdges; ++e)
        {
          const int a = table.EdgeVertices[e][0], bb = table.EdgeVertices[e][1];
          if (((k >> a) & 1) == ((k >> bb) & 1))
            continue;
          Id pa = ids[a], pb = ids[bb];
          int va = a, vb = bb;
          if (pa > pb)
          {
            std::swap(pa, pb);
            std::swap(va, vb);
          }
          keys[at.Slots] = static_cast<Int64>(pa) * numPoints + pb;
          const double sa = static_cast<double>(values[ids[va]]), sb = static_cast<double>(values[ids[vb]]);
          const double w = EdgeWeight(value, sa, sb);
          t[e] = va == a ? w : 1.0 - w; // from the table's first vertex
          localPoint[EdgeRef + e] = keptCount + at.Slots++;
        }
        const UInt8* counts = table.Counts + 3 * k;
        // Extra points: weights over the cell's vertices.
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
            extraIds[slot * ClipPoints::ExtraTerms + v] = v < n ? ids[v] : ids[0];
            extraWeights[slot * ClipPoints::ExtraTerms + v] = v < n ? vw[v] : 0.0;
          }
          localPoint[ExtraRef + x] = keptCount + sum.Slots + slot;
        }
        // Output cells.
        const UInt8* cell = table.Cells + table.CellOffsets[k];
        for (int q = 0; q < counts[0]; ++q)
        {
          const UInt8 type = *cell++;
          const int size = *cell++;
          shapes[at.Cells] = type;
          sources[at.Cells] = c;
          offsets[at.Cells++] = static_cast<C>(at.Connectivity);
          for (int v = 0; v < size; ++v)
            conn[at.Connectivity++] = static_cast<C>(localPoint[*cell++]);
        }
      }
    });
    offsets[sum.Cells] = static_cast<C>(sum.Connectivity);
  };
  if (r.Is64Bit)
  {
    r.Offsets64.Allocate(sum.Cells + 1);
    r.Connectivity64.Allocate(sum.Connectivity);
    write(r.Offsets64.GetPointer(), r.Connectivity64.GetPointer());
  }
  else
  {
    r.Offsets32.Allocate(sum.Cells + 1);
    r.Connectivity32.Allocate(sum.Connectivity);
    write(r.Offsets32.GetPointer(), r.Connectivity32.GetPointer());
  }

  // 5. Edge points merged: the slots sorted by key, one point per distinct key.
  const Id slots = sum.Slots;
  loom::cont::ArrayHandle<Int64> sorted;
  sorted.Allocate(slots);
  if (slots)
    std::memcpy(sorted.GetPointer(), keys, static_cast<std::size_t>(slots) * sizeof(Int64));
  loom::cont::ArrayHandle<Id> order;
  order.Allocate(slots);
  {
    Id* identity = order.GetPointer();
    HostForEach(device, slots, 1 << 14, [=](Id s) { identity[s] = s; });
  }
  loom::cont::Algorithm::SortByKey(device, sorted, order);
  // (The sort may hand back new memory: pointers are taken after it.)
  const Id* ord = order.GetPointer();
  const Int64* sk = sorted.GetPointer();
  loom::cont::ArrayHandle<Id> isNew;
  isNew.Allocate(slots);
  Id* fresh = isNew.GetPointer();
  HostForEach(device, slots, 1 << 14, [=](Id s) { fresh[s] = s == 0 || sk[s] != sk[s - 1] ? 1 : 0; });
  loom::cont::ArrayHandle<Id> edgeNumber;
  const Id edgePoints = slots ? loom::cont::Algorithm::ScanExclusive(device, isNew, edgeNumber) : 0;
  r.Points.Edges.A.Allocate(edgePoints);
  r.Points.Edges.B.Allocate(edgePoints);
  r.Points.Edges.Weight.Allocate(edgePoints);
  loom::cont::ArrayHandle<Id> slotPointArray;
  slotPointArray.Allocate(slots);
  Id* slotPoint = slotPointArray.GetPointer();
  {
    const Id* en = slots ? edgeNumber.GetPointer() : nullptr;
    Id* ea = r.Points.Edges.A.GetPointer();
    Id* eb = r.Points.Edges.B.GetPointer();
    Float64* ew = r.Points.Edges.Weight.GetPointer();
    HostForEach(device, slots, 1 << 14, [=](Id s) {
      const Id e = en[s] + fresh[s] - 1; // the exclusive scan counts the distinct keys before s
      slotPoint[ord[s]] = keptCount + e;
      if (fresh[s])
      {
        const Id a = sk[s] / numPoints, b = sk[s] % numPoints;
        const double sa = static_cast<double>(values[a]), sb = static_cast<double>(values[b]);
        ea[e] = a;
        eb[e] = b;
        ew[e] = EdgeWeight(value, sa, sb);
      }
    });
  }
  // 6. Placeholders replaced: slots by their edge point, extra points after the edge points.
  const Id extraShift = sum.Slots - edgePoints;
  auto patch = [&](auto* conn) {
    using C = std::remove_pointer_t<decltype(conn)>;
    HostForEach(device, sum.Connectivity, 1 << 14, [=](Id i) {
      const Id p = static_cast<Id>(conn[i]);
      if (p < keptCount)
        return;
      conn[i] = static_cast<C>(p < keptCount + slots ? slotPoint[p - keptCount] : p - extraShift);
    });
  };
  if (r.Is64Bit)
    patch(r.Connectivity64.GetPointer());
  else
    patch(r.Connectivity32.GetPointer());
  return r;
}

template <typename T>
ClipResult ClipCells(const CellSetAny& cellSet, const T* values, const ClipOptions& options)
{
  return std::visit(
    [&](const auto& cells) {
      using CellSetType = std::decay_t<decltype(cells)>;
      const CellReader<CellSetType> reader(cells, options.InsideOut);
      return ClipTyped(reader, cells.GetNumberOfCells(), cells.GetNumberOfPoints(), values, options);
    },
    cellSet);
}

/// Interpolation at the output points from a source of input values `get(p, c)`.
template <typename T, typename Get>
void Interpolate(const ClipPoints& points, IdComponent components, const Get& get, T* out,
                 loom::cont::DeviceId device)
{
  const Id k = points.Kept.GetNumberOfValues(), e = points.Edges.GetNumberOfPoints(),
           x = points.GetNumberOfExtraPoints();
  const Id* kept = points.Kept.GetNumberOfValues() ? points.Kept.GetPointer() : nullptr;
  HostForEach(device, k, 1 << 14, [=](Id p) {
    for (IdComponent c = 0; c < components; ++c)
      out[p * components + c] = static_cast<T>(get(kept[p], c));
  });
  if (e)
  {
    const Id* a = points.Edges.A.GetPointer();
    const Id* b = points.Edges.B.GetPointer();
    const Float64* w = points.Edges.Weight.GetPointer();
    T* o = out + k * components;
    HostForEach(device, e, 1 << 12, [=](Id p) {
      for (IdComponent c = 0; c < components; ++c)
      {
        // An end of weight zero is not read (an infinite value there would make the point NaN).
        const double va = w[p] == 1.0 ? 0.0 : get(a[p], c), vb = w[p] == 0.0 ? 0.0 : get(b[p], c);
        o[p * components + c] = static_cast<T>(w[p] == 0.0 ? va : w[p] == 1.0 ? vb : va + w[p] * (vb - va));
      }
    });
  }
  if (x)
  {
    const Id* ids = points.ExtraIds.GetPointer();
    const Float64* w = points.ExtraWeights.GetPointer();
    T* o = out + (k + e) * components;
    HostForEach(device, x, 1 << 10, [=](Id p) {
      for (IdComponent c = 0; c < components; ++c)
      {
        double s = 0.0;
        for (int q = 0; q < ClipPoints::ExtraTerms; ++q)
          if (const double weight = w[p * ClipPoints::ExtraTerms + q])
            s += weight * get(ids[p * ClipPoints::ExtraTerms + q], c);
        o[p * components + c] = static_cast<T>(s);
      }
    });
  }
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
        bool seen[256] = {};
        const Id n = cells.GetNumberOfCells();
        const UInt8* shapes = n ? cells.GetShapes().ReadPortal().GetArray() : nullptr;
        const auto* offsets = cells.GetOffsets().ReadPortal().GetArray();
        for (Id c = 0; c < n; ++c)
        {
          const clip::ClipTable* t = clip::TableOf(shapes[c], false);
          if (!t || offsets[c + 1] - offsets[c] != t->NumberOfVertices)
            seen[shapes[c]] = true;
        }
        for (int s = 0; s < 256; ++s)
          if (seen[s])
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
  if (field.GetKind() == ValueKind::Float32)
    return clip::ClipCells(cells, field.GetPortal<Float32>().Pointers[0], options);
  if (field.GetKind() == ValueKind::Float64)
    return clip::ClipCells(cells, field.GetPortal<Float64>().Pointers[0], options);
  // Other kinds as doubles (as VTK compares them).
  loom::cont::ArrayHandle<Float64> converted;
  converted.Allocate(points);
  Float64* out = converted.GetPointer();
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = field.GetPortal<T>();
    HostForEach(options.Device, points, 1 << 14, [=](Id p) { out[p] = static_cast<Float64>(in.Get(p, 0)); });
  });
  return clip::ClipCells(cells, out, options);
}

FieldArray InterpolateClipPoints(const ClipPoints& points, const FieldArray& field, loom::cont::DeviceId device)
{
  const IdComponent components = field.GetNumberOfComponents();
  FieldArray out = FieldArray::Allocate(field.GetKind(), points.GetNumberOfPoints(), components);
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = field.GetPortal<T>();
    clip::Interpolate(points, components, [in](Id p, IdComponent c) { return static_cast<double>(in.Get(p, c)); },
                      out.GetPortal<T>().Pointers[0], device);
  });
  return out;
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
  FieldArray out = FieldArray::Allocate(kind, points.GetNumberOfPoints(), 3);
  const double* ax = axes[0].data();
  const double* ay = axes[1].data();
  const double* az = axes[2].data();
  const Id nx = pointDims[0], nxy = pointDims[0] * pointDims[1];
  auto get = [=](Id p, IdComponent c) {
    const Id k = p / nxy, rest = p - k * nxy, j = rest / nx, i = rest - j * nx;
    return ax[3 * i + c] + ay[3 * j + c] + az[3 * k + c];
  };
  if (kind == ValueKind::Float32)
    clip::Interpolate(points, 3, get, out.GetPortal<Float32>().Pointers[0], device);
  else
    clip::Interpolate(points, 3, get, out.GetPortal<Float64>().Pointers[0], device);
  return out;
}
} // namespace algorithms
} // namespace loom
