// Loom algorithms, contour family: marching cells on any cell set, and the family's entry point.
// Per isovalue: a worklet visiting cells with points counts each cell's primitives from the case
// tables; ScatterCounting then runs the generating worklet once per primitive (VisitIndex picks the
// primitive of the cell), which writes an edge key (the edge's two point ids) and the weight for each
// of the primitive's points. Merging sorts the keys (radix sort), numbers the distinct ones and
// writes each primitive point's number into the connectivity.
#include <loom/algorithms/ShapesPresent.h>
#include <loom/algorithms/contour/ContourImpl.h>
#include <loom/algorithms/contour/ContourWorklets.h>


#include <algorithm>
#include <array>
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
// The slots in key order, stably (the radix sort's order), for inputs with few points for their slots
// (a band of cells, a small grid): a counting sort on each key's first point (a = key / points), then
// each run of one first point (a few keys) in key order.
void OrderByFirstPoint(const Int64* key, Id slots, Id points, Int64* sorted, Id* order)
{
  std::vector<Id> start(static_cast<std::size_t>(points) + 1, 0);
  const KeySplit split(points);
  for (Id s = 0; s < slots; ++s)
    ++start[static_cast<std::size_t>(split.First(key[s])) + 1];
  for (std::size_t a = 1; a < start.size(); ++a)
    start[a] += start[a - 1];
  std::vector<Id> next(start.begin(), start.end() - 1);
  for (Id s = 0; s < slots; ++s)
    order[next[static_cast<std::size_t>(split.First(key[s]))]++] = s;
  for (std::size_t a = 0; a + 1 < start.size(); ++a)
  {
    // Insertion sort of the run by key; stable, and runs are a few slots long.
    for (Id i = start[a] + 1; i < start[a + 1]; ++i)
    {
      const Id slot = order[i];
      Id j = i;
      for (; j > start[a] && key[order[j - 1]] > key[slot]; --j)
        order[j] = order[j - 1];
      order[j] = slot;
    }
  }
  for (Id i = 0; i < slots; ++i)
    sorted[i] = key[order[i]];
}

template <int N, typename T, typename CellSetType>
ContourResult OneIsovalue(const CellSetType& cells, const loom::cont::ArrayHandle<T>& field, double iso,
                          bool merge, ContourOptions::Grid structuredFrom, const SkipFlagsObject& skip,
                          loom::cont::DeviceId device)
{
  const Id pointCount = cells.GetNumberOfPoints();
  loom::cont::ArrayHandle<Vec<Int64, N>> keys;
  ContourResult r;
  r.PrimitiveSize = N;
  GeneratePrimitiveEdges<N>(device, cells, field, iso, skip, structuredFrom, keys, r.SourceCells);

  const Id slots = keys.GetNumberOfValues() * N;
  const Int64* key = reinterpret_cast<const Int64*>(keys.GetPointer());
  const T* values = field.ReadPortal().GetArray();
  r.Connectivity.Allocate(slots);
  Id* conn = r.Connectivity.GetPointer();
  if (!merge)
  {
    r.Points.A.Allocate(slots);
    r.Points.B.Allocate(slots);
    r.Points.Weight.Allocate(slots);
    ForEach(device, slots, 4096,
            SplitKeys<T>{ key, values, iso, KeySplit(pointCount), r.Points.A.GetPointer(), r.Points.B.GetPointer(),
                          r.Points.Weight.GetPointer(), conn });
    return r;
  }
  // Merge: sort the keys with their slots, number the distinct keys, hand the numbers back. Each
  // temporary goes once it has served (the keys once sorted, the first-slot flags once scanned), so that
  // the next ones take their memory.
  loom::cont::ArrayHandle<Int64> sorted;
  sorted.Allocate(slots);
  loom::cont::ArrayHandle<Id> order;
  order.Allocate(slots);
  if (pointCount <= slots)
    OrderByFirstPoint(key, slots, pointCount, sorted.GetPointer(), order.GetPointer());
  else
  {
    if (slots > 0) // (an empty handle's pointer is null, which memcpy may not take even for 0 bytes)
      std::memcpy(sorted.GetPointer(), key, static_cast<std::size_t>(slots) * sizeof(Int64));
    ForEach(device, slots, 4096, Iota{ order.GetPointer() });
    loom::cont::Algorithm::SortByKey(device, sorted, order);
  }
  keys = loom::cont::ArrayHandle<Vec<Int64, N>>();
  loom::cont::ArrayHandle<Id> isNew;
  isNew.Allocate(slots);
  ForEach(device, slots, 4096, FlagFirst{ sorted.GetPointer(), isNew.GetPointer() });
  loom::cont::ArrayHandle<Id> number;
  const Id points = loom::cont::Algorithm::ScanExclusive(device, isNew, number);
  isNew = loom::cont::ArrayHandle<Id>();
  r.Points.A.Allocate(points);
  r.Points.B.Allocate(points);
  r.Points.Weight.Allocate(points);
  ForEach(device, slots, 4096,
          NumberPoints<T>{ sorted.GetPointer(), order.GetPointer(), number.GetPointer(), nullptr, values, iso,
                           KeySplit(pointCount), conn, r.Points.A.GetPointer(), r.Points.B.GetPointer(),
                           r.Points.Weight.GetPointer() });
  return r;
}

template <typename CellSetType>
ContourCellKinds KindsOf(const CellSetType& cells)
{
  const Tables& tables = GetTables();
  ContourCellKinds kinds;
  auto add = [&](UInt8 shape) {
    const ShapeTable& t = tables.Shapes[shape < 15 ? shape : 0];
    if (!t.NumberOfVertices || shape >= 15)
      kinds.Skipped.push_back(shape);
    else
      (t.PrimitiveSize == 3 ? kinds.Has3D : kinds.Has2D) = true;
  };
  if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<1>>::value)
    add(CELL_SHAPE_LINE);
  else if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<2>>::value)
    add(CELL_SHAPE_QUAD);
  else if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<3>>::value)
    add(CELL_SHAPE_HEXAHEDRON);
  else
  {
    // A read: a device copy stays current.
    const std::array<bool, 256> seen =
      loom::algorithms::ShapesPresent(cells.GetShapes().ReadPortal().GetArray(), cells.GetNumberOfCells());
    for (int s = 0; s < 256; ++s)
      if (seen[s])
        add(static_cast<UInt8>(s));
  }
  return kinds;
}

// The size of the primitives to make (3: triangles, 2: segments), or an error.
template <typename CellSetType>
int PrimitiveSizeOf(const CellSetType& cells, int dimension)
{
  if (dimension == 3 || dimension == 2)
    return dimension;
  const ContourCellKinds kinds = KindsOf(cells);
  if (!kinds.Skipped.empty())
    throw loom::cont::ErrorBadType("cells of VTK type " + std::to_string(static_cast<int>(kinds.Skipped[0])) +
                                   " cannot be contoured (marching cells handles triangles, quads, pixels, "
                                   "tetrahedra, voxels, hexahedra, wedges and pyramids).");
  if (kinds.Has2D && kinds.Has3D)
    throw loom::cont::ErrorBadType("the cells mix 2D and 3D shapes; contour one dimension at a time.");
  return kinds.Has2D ? 2 : 3;
}

// Points and primitives of several results, in order, in one result: each part copied in blocks on the
// CPU device's threads (progress and abort between blocks).
ContourResult Concatenate(std::vector<ContourResult>& parts, bool sources, loom::cont::DeviceId device)
{
  auto allocate = [sources](ContourResult& r, Id points, Id slots) {
    r.Points.A.Allocate(points);
    r.Points.B.Allocate(points);
    r.Points.Weight.Allocate(points);
    r.Connectivity.Allocate(slots);
    if (sources)
      r.SourceCells.Allocate(slots / r.PrimitiveSize);
  };
  auto append = [sources, device](const ContourResult& p, ContourResult& r, Id p0, Id s0) {
    constexpr Id block = 1 << 16;
    const Id np = p.Points.GetNumberOfPoints(), ns = p.Connectivity.GetNumberOfValues(), size = r.PrimitiveSize;
    const Id *a = p.Points.A.GetPointer(), *b = p.Points.B.GetPointer(), *in = p.Connectivity.GetPointer();
    const Float64* w = p.Points.Weight.GetPointer();
    Id *outA = r.Points.A.GetPointer() + p0, *outB = r.Points.B.GetPointer() + p0;
    Float64* outW = r.Points.Weight.GetPointer() + p0;
    HostForEach(device, (np + block - 1) / block, 1, block, [=](Id k) {
      const Id begin = k * block, count = std::min(block, np - begin);
      std::memcpy(outA + begin, a + begin, count * sizeof(Id));
      std::memcpy(outB + begin, b + begin, count * sizeof(Id));
      std::memcpy(outW + begin, w + begin, count * sizeof(Float64));
    });
    Id* out = r.Connectivity.GetPointer() + s0;
    const Id* source = sources ? p.SourceCells.GetPointer() : nullptr;
    Id* outSource = sources ? r.SourceCells.GetPointer() + s0 / size : nullptr;
    HostForEach(device, (ns + block - 1) / block, 1, block, [=](Id k) {
      const Id begin = k * block, end = std::min(begin + block, ns);
      for (Id s = begin; s < end; ++s)
        out[s] = in[s] + p0;
      // The sources of the primitives whose first slot lies in this block.
      if (source)
        for (Id t = (begin + size - 1) / size; t * size < end; ++t)
          outSource[t] = source[t];
    });
  };
  return JoinParts(parts, allocate, append);
}
} // namespace

template <typename T>
ContourResult ContourCells(const CellSetAny& cellSet, const loom::cont::ArrayHandle<T>& field,
                           const ContourOptions& options)
{
  return std::visit(
    [&](const auto& cells) {
      const int n = PrimitiveSizeOf(cells, options.Dimension);
      return WithCudaFallback(
        options.Device, "contour", [&](auto) { return ContourCellsCuda<T>(cellSet, field, options, n); },
        [&](loom::cont::DeviceId cpu) {
          std::vector<ContourResult> parts;
          SkipFlagsObject skip;
          skip.Flags = options.SkipCells;
          for (double iso : options.IsoValues)
            parts.push_back(n == 3 ? OneIsovalue<3>(cells, field, iso, options.MergePoints,
                                                    options.StructuredFrom, skip, cpu)
                                   : OneIsovalue<2>(cells, field, iso, options.MergePoints,
                                                    options.StructuredFrom, skip, cpu));
          ContourResult r = Concatenate(parts, options.SourceCells, cpu);
          if (!options.SourceCells)
            r.SourceCells = loom::cont::ArrayHandle<Id>();
          return r;
        });
    },
    cellSet);
}

template ContourResult ContourCells<Float32>(const CellSetAny&, const loom::cont::ArrayHandle<Float32>&,
                                             const ContourOptions&);
template ContourResult ContourCells<Float64>(const CellSetAny&, const loom::cont::ArrayHandle<Float64>&,
                                             const ContourOptions&);
} // namespace contour

ContourCellKinds GetContourCellKinds(const CellSetAny& cells)
{
  return std::visit([](const auto& c) { return contour::KindsOf(c); }, cells);
}

namespace
{
template <typename T>
ContourResult ContourTyped(const CellSetAny& cells, const FieldArray& field, const ContourOptions& options)
{
  // The field's own block: on CUDA it goes up once, for the contour and the gradient normals alike.
  const loom::cont::ArrayHandle<T> values = field.GetSingleComponent<T>();
  if (const auto* s3 = std::get_if<loom::cont::CellSetStructured<3>>(&cells))
  {
    const Id3 dims = s3->GetPointDimensions();
    if (dims[0] >= 2 && dims[1] >= 2 && dims[2] >= 2 && options.Dimension != 2 &&
        options.SkipCells.GetNumberOfValues() == 0)
    {
      // The structured path: the flying-edges passes on CUDA, the CPU path elsewhere (and where the GPU
      // runs out of memory). Both decline a non-finite field; the GPU also declines points on an
      // isovalue (the CPU welds them): marching cells then.
      bool done = false;
      ContourResult r = WithCudaFallback(
        options.Device, "contour",
        [&](auto) {
          ContourResult g;
          done = contour::ContourStructuredCuda<T>(dims, values, options, g);
          return g;
        },
        [&](loom::cont::DeviceId cpu) {
          ContourOptions onCpu = options;
          onCpu.Device = cpu;
          ContourResult c;
          done = contour::ContourStructured3D<T>(dims, values.ReadPortal().GetArray(), onCpu, c);
          return c;
        });
      if (done)
        return r;
    }
  }
  return contour::ContourCells<T>(cells, values, options);
}
} // namespace

ContourResult Contour(const CellSetAny& cells, const FieldArray& field, const ContourOptions& options)
{
  if (options.IsoValues.empty())
    throw loom::cont::ErrorBadValue("no isovalues: give at least one value to contour at.");
  if (options.SkipCells.GetNumberOfValues() != 0 && options.SkipCells.GetNumberOfValues() != NumberOfCells(cells))
    throw loom::cont::ErrorBadValue("the cell flags have " + std::to_string(options.SkipCells.GetNumberOfValues()) +
                                    " entries for " + std::to_string(NumberOfCells(cells)) + " cells.");
  const Id points = NumberOfPoints(cells);
  if (field.GetNumberOfTuples() != points)
    throw loom::cont::ErrorBadValue("the field has " + std::to_string(field.GetNumberOfTuples()) +
                                    " tuples but the dataset has " + std::to_string(points) + " points.");
  if (field.GetNumberOfComponents() != 1)
    throw loom::cont::ErrorBadValue("the field has " + std::to_string(field.GetNumberOfComponents()) +
                                    " components; contouring needs one (select a component).");
  if (field.GetKind() == ValueKind::Float32)
    return ContourTyped<Float32>(cells, field, options);
  if (field.GetKind() == ValueKind::Float64)
    return ContourTyped<Float64>(cells, field, options);
  // Integer fields: converted to float64 once.
  FieldArray converted = FieldArray::Allocate(ValueKind::Float64, points, 1);
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = field.GetPortal<T>();
    Float64* out = converted.GetPortal<Float64>().Pointers[0];
    contour::ForEach(options.Device, points, 4096, [=](Id p) { out[p] = static_cast<Float64>(in.Get(p, 0)); });
    return 0;
  });
  return ContourTyped<Float64>(cells, converted, options);
}
} // namespace algorithms
} // namespace loom
