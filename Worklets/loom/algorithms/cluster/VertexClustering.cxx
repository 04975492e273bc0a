// Loom algorithms, cluster family: ClusterVertices. The elements that add quadrics are listed in cell
// order; their corners are grouped by bin with the engine's Keys (values keep element order), and a
// reduce-by-key worklet folds each bin's quadrics in VTK's order; output points are numbered by the
// first corner of each bin, duplicate triangles found with a second Keys grouping (hashes of their
// sorted points), and each bin's point placed as asked. The passes run on the CPU devices.
#include <loom/algorithms/cluster/VertexClustering.h>
#include <loom/algorithms/cluster/VertexClusteringWorklets.h>

#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/Hash.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Error.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/Keys.h>

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;
constexpr Id CellBlock = 4096;
constexpr Id IndexBlock = 1 << 14;

/// The bin grid as vtkQuadricClustering lays it over the bounds, and its HashPoint.
struct BinGrid
{
  double Lo[3] = { 0, 0, 0 };
  double Size[3] = { 0, 0, 0 };
  double Step[3] = { 0, 0, 0 };
  Id Div[3] = { 1, 1, 1 };
  Id Slice = 1;
  /// VTK's static_cast<vtkIdType> of the scaled offset, clamped to the grid; a NaN or an offset beyond
  /// the 64-bit range converts to the most negative id on x86 (then bin 0), and so here.
  Id Coordinate(double v, int c) const
  {
    const double t = (v - this->Lo[c]) * this->Step[c];
    Id i = (t >= -9223372036854775808.0 && t < 9223372036854775808.0) ? static_cast<Id>(t)
                                                                       : std::numeric_limits<Id>::min();
    return i < 0 ? 0 : (i >= this->Div[c] ? this->Div[c] - 1 : i);
  }
  Id Bin(double x, double y, double z) const
  {
    return this->Coordinate(x, 0) + this->Coordinate(y, 1) * this->Div[0] + this->Coordinate(z, 2) * this->Slice;
  }
};

/// One kind of cells: offsets and connectivity on host memory.
struct CellsView
{
  const Int32* O32 = nullptr;
  const Int32* C32 = nullptr;
  const Int64* O64 = nullptr;
  const Int64* C64 = nullptr;
  Id Count = 0;
  Id Size = 0; // connectivity length
  explicit CellsView(const CellArrays& cells)
  {
    this->Count = cells.GetNumberOfCells();
    if (this->Count == 0)
      return;
    if (cells.Is64Bit)
    {
      this->O64 = cells.Offsets64.ReadPortal().GetArray();
      this->C64 = cells.Connectivity64.ReadPortal().GetArray();
      this->Size = cells.Connectivity64.GetNumberOfValues();
    }
    else
    {
      this->O32 = cells.Offsets32.ReadPortal().GetArray();
      this->C32 = cells.Connectivity32.ReadPortal().GetArray();
      this->Size = cells.Connectivity32.GetNumberOfValues();
    }
  }
};

enum CellKind
{
  Verts = 0,
  Lines = 1,
  Polys = 2,
  Strips = 3
};

/// Calls f(a, b, c) for each element of cell `cell` in VTK's order: a vertex cell's points (b = c = -1),
/// a polyline's segments (c = -1), a polygon's fan from its first point, a strip's triangles with every
/// other one flipped. `o` and `v` are the cell array's offsets and connectivity.
template <typename I, typename F>
inline void ForEachElement(int kind, const I* o, const I* v, Id cell, F&& f)
{
  const Id b = static_cast<Id>(o[cell]), n = static_cast<Id>(o[cell + 1]) - b;
  const I* p = v + b;
  if (kind == Polys)
  {
    for (Id j = 0; j + 2 < n; ++j)
      f(Id(p[0]), Id(p[j + 1]), Id(p[j + 2]));
  }
  else if (kind == Verts)
  {
    for (Id j = 0; j < n; ++j)
      f(Id(p[j]), Id(-1), Id(-1));
  }
  else if (kind == Lines)
  {
    for (Id j = 1; j < n; ++j)
      f(Id(p[j - 1]), Id(p[j]), Id(-1));
  }
  else
  {
    for (Id j = 2; j < n; ++j)
      if (j % 2 == 0)
        f(Id(p[j - 2]), Id(p[j - 1]), Id(p[j]));
      else
        f(Id(p[j - 1]), Id(p[j - 2]), Id(p[j]));
  }
}

/// The indices i in [0, n) with pred(i), ascending (pred is called twice per index).
template <typename Pred>
ArrayHandle<Id> CompactIndices(DeviceId device, Id n, Pred pred)
{
  const Id blocks = (n + IndexBlock - 1) / IndexBlock;
  std::vector<Id> start(static_cast<std::size_t>(blocks) + 1, 0);
  Id* s = start.data();
  HostForEach(device, blocks, 1, IndexBlock, [&, s](Id b) {
    Id count = 0;
    for (Id i = b * IndexBlock; i < std::min(n, (b + 1) * IndexBlock); ++i)
      count += pred(i) ? 1 : 0;
    s[b + 1] = count;
  });
  for (Id b = 0; b < blocks; ++b)
    s[b + 1] += s[b];
  ArrayHandle<Id> out;
  out.Allocate(s[blocks]);
  Id* o = out.GetPointer();
  HostForEach(device, blocks, 1, IndexBlock, [&, s, o](Id b) {
    Id at = s[b];
    for (Id i = b * IndexBlock; i < std::min(n, (b + 1) * IndexBlock); ++i)
      if (pred(i))
        o[at++] = i;
  });
  return out;
}

/// The symmetric 3x3 matrix's eigenvalues w and eigenvectors (columns of e), by cyclic Jacobi rotations.
void SymmetricEigen(const double m[3][3], double w[3], double e[3][3])
{
  double a[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
    {
      a[i][j] = m[i][j];
      e[i][j] = i == j ? 1.0 : 0.0;
    }
  for (int sweep = 0; sweep < 64; ++sweep)
  {
    const double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
    const double diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
    if (off == 0.0 || off <= 1e-34 * diag)
      break;
    for (int p = 0; p < 2; ++p)
      for (int q = p + 1; q < 3; ++q)
      {
        if (a[p][q] == 0.0)
          continue;
        const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
        const double t = std::fabs(theta) > 1e150 ? 0.5 / theta
                                                  : (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < 3; ++k)
        {
          const double kp = a[k][p], kq = a[k][q];
          a[k][p] = c * kp - s * kq;
          a[k][q] = s * kp + c * kq;
        }
        for (int k = 0; k < 3; ++k)
        {
          const double pk = a[p][k], qk = a[q][k];
          a[p][k] = c * pk - s * qk;
          a[q][k] = s * pk + c * qk;
        }
        for (int k = 0; k < 3; ++k)
        {
          const double kp = e[k][p], kq = e[k][q];
          e[k][p] = c * kp - s * kq;
          e[k][q] = s * kp + c * kq;
        }
      }
  }
  for (int i = 0; i < 3; ++i)
    w[i] = a[i][i];
}

/// vtkQuadricClustering's point of least error for a bin: the bin center moved by the pseudo-inverse
/// of the quadric's 3x3 part (directions whose eigenvalue is below 1e-3 of the largest left out),
/// kept within the sphere around the bin.
void QuadricMinimizer(const double q[9], const BinGrid& grid, Id bin, double point[3])
{
  const Id ijk[3] = { bin % grid.Div[0], (bin / grid.Div[0]) % grid.Div[1], bin / grid.Slice };
  double center[3];
  for (int c = 0; c < 3; ++c)
  {
    const double lo = grid.Lo[c] + static_cast<double>(ijk[c]) * grid.Size[c];
    const double hi = grid.Lo[c] + static_cast<double>(ijk[c] + 1) * grid.Size[c];
    center[c] = (hi + lo) / 2.0;
  }
  const double a[3][3] = { { q[0], q[1], q[2] }, { q[1], q[4], q[5] }, { q[2], q[5], q[7] } };
  const double b[3] = { -q[3], -q[6], -q[8] };
  double w[3], e[3][3];
  SymmetricEigen(a, w, e);
  const double maxW = std::max({ std::fabs(w[0]), std::fabs(w[1]), std::fabs(w[2]) });
  double r[3];
  for (int i = 0; i < 3; ++i)
    r[i] = b[i] - (a[i][0] * center[0] + a[i][1] * center[1] + a[i][2] * center[2]);
  double delta[3] = { 0, 0, 0 };
  for (int k = 0; k < 3; ++k)
  {
    if (!(maxW > 0.0) || !(std::fabs(w[k] / maxW) > 1.0e-3))
      continue;
    const double along = (e[0][k] * r[0] + e[1][k] * r[1] + e[2][k] * r[2]) / w[k];
    for (int i = 0; i < 3; ++i)
      delta[i] += e[i][k] * along;
  }
  const double mag = std::sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]);
  const double radius =
    std::sqrt(grid.Size[0] * grid.Size[0] + grid.Size[1] * grid.Size[1] + grid.Size[2] * grid.Size[2]) / 2.0;
  if (mag > radius)
    for (int i = 0; i < 3; ++i)
      delta[i] *= radius / mag;
  for (int i = 0; i < 3; ++i)
    point[i] = center[i] + delta[i];
}

/// A double's bits as an unsigned number with the same order (for atomic minimums; not for NaN).
inline UInt64 OrderedBits(double v)
{
  UInt64 b;
  std::memcpy(&b, &v, sizeof(b));
  return (b >> 63) ? ~b : (b | 0x8000000000000000ULL);
}

/// slot = min(slot, v), atomically (relaxed).
template <typename V>
inline void AtomicMin(std::atomic<V>& slot, V v)
{
  V seen = slot.load(std::memory_order_relaxed);
  while (v < seen && !slot.compare_exchange_weak(seen, v, std::memory_order_relaxed))
  {
  }
}

template <typename T>
VertexClusteringResult Cluster(const FieldArray& positions, const VertexClusteringInput& input,
                               const VertexClusteringOptions& options)
{
  const DeviceId device = options.Device;
  VertexClusteringResult result;
  const Id numPoints = positions.GetNumberOfTuples();
  const ComponentPortal<T> pts = positions.GetPortal<T>();

  // Bounds of all points (as vtkPolyData::GetBounds; NaN coordinates skipped).
  {
    const Id blocks = (numPoints + IndexBlock - 1) / IndexBlock;
    std::vector<double> partial(static_cast<std::size_t>(blocks) * 6);
    double* part = partial.data();
    HostForEach(device, blocks, 1, IndexBlock, [&, part](Id b) {
      double* r = part + 6 * b;
      for (int c = 0; c < 3; ++c)
      {
        r[2 * c] = std::numeric_limits<double>::infinity();
        r[2 * c + 1] = -std::numeric_limits<double>::infinity();
      }
      for (Id p = b * IndexBlock; p < std::min(numPoints, (b + 1) * IndexBlock); ++p)
        for (int c = 0; c < 3; ++c)
        {
          const double v = static_cast<double>(pts.Get(p, c));
          if (v < r[2 * c])
            r[2 * c] = v;
          if (v > r[2 * c + 1])
            r[2 * c + 1] = v;
        }
    });
    for (int c = 0; c < 3; ++c)
    {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (Id b = 0; b < blocks; ++b)
      {
        lo = std::min(lo, part[6 * b + 2 * c]);
        hi = std::max(hi, part[6 * b + 2 * c + 1]);
      }
      if (lo > hi)
        lo = hi = 0.0; // no coordinate but NaN: every point falls in the first bin
      result.Bounds[2 * c] = lo;
      result.Bounds[2 * c + 1] = hi;
    }
  }

  // Division counts, adjusted as vtkQuadricClustering::RequestData adjusts them.
  Id div[3] = { options.Divisions[0], options.Divisions[1], options.Divisions[2] };
  const Id half = div[0] * div[1] * div[2] / 2;
  if (options.AutoAdjustDivisions && half > numPoints)
  {
    const double factor = std::pow(static_cast<double>(half) / static_cast<double>(numPoints), 0.33333);
    for (int c = 0; c < 3; ++c)
    {
      const int d = static_cast<int>(0.5 + static_cast<double>(options.Divisions[c]) / factor);
      div[c] = d > 0 ? d : 1;
    }
  }
  BinGrid grid;
  for (int c = 0; c < 3; ++c)
  {
    result.Divisions[c] = div[c];
    grid.Div[c] = div[c];
    grid.Lo[c] = result.Bounds[2 * c];
    grid.Size[c] = (result.Bounds[2 * c + 1] - result.Bounds[2 * c]) / static_cast<double>(div[c]);
    grid.Step[c] = grid.Size[c] > 0.0 ? 1.0 / grid.Size[c] : 0.0;
  }
  grid.Slice = div[0] * div[1];
  const Id numBins = div[0] * div[1] * div[2];

  // Each point's bin.
  ArrayHandle<Int64> pointBins;
  pointBins.Allocate(numPoints);
  Int64* binOf = pointBins.GetPointer();
  HostForEach(device, numPoints, 1 << 14, [=, &grid](Id p) {
    binOf[p] = grid.Bin(static_cast<double>(pts.Get(p, 0)), static_cast<double>(pts.Get(p, 1)),
                        static_cast<double>(pts.Get(p, 2)));
  });

  // The elements that add quadrics, in cell order (vertices, lines, polygons, strips): corners, cell.
  const CellsView views[4] = { CellsView(input.Verts), CellsView(input.Lines), CellsView(input.Polys),
                               CellsView(input.Strips) };
  Id firstCell[4];
  firstCell[0] = input.FirstCell;
  for (int k = 1; k < 4; ++k)
    firstCell[k] = firstCell[k - 1] + views[k - 1].Count;
  struct BlockRef
  {
    int Kind;
    Id Begin, End;
  };
  std::vector<BlockRef> cellBlocks;
  for (int k = 0; k < 4; ++k)
    for (Id b = 0; b < views[k].Count; b += CellBlock)
      cellBlocks.push_back(BlockRef{ k, b, std::min(views[k].Count, b + CellBlock) });
  std::atomic<Id> badPoint{ 0 };
  std::atomic<bool> hasBadPoint{ false };
  const bool internal = options.UseInternalTriangles;
  // Calls emit(cell, a, b, c) for the elements of the block that add quadrics.
  auto visitBlock = [&](const BlockRef& block, auto&& emit) {
    const CellsView& v = views[block.Kind];
    const int kind = block.Kind;
    const Id base = firstCell[kind];
    const UInt64 limit = static_cast<UInt64>(numPoints);
    auto run = [&](const auto* o, const auto* conn) {
      for (Id cell = block.Begin; cell < block.End; ++cell)
        ForEachElement(kind, o, conn, cell, [&](Id a, Id b, Id c) {
          // (unsigned: a negative id is out of range too)
          if (static_cast<UInt64>(a) >= limit || (kind != Verts && static_cast<UInt64>(b) >= limit) ||
              (kind > Lines && static_cast<UInt64>(c) >= limit))
          {
            badPoint.store(static_cast<UInt64>(a) >= limit ? a : (static_cast<UInt64>(b) >= limit ? b : c),
                           std::memory_order_relaxed);
            hasBadPoint.store(true, std::memory_order_relaxed);
            return;
          }
          if (kind > Lines)
          {
            if (!internal && (binOf[a] == binOf[b] || binOf[a] == binOf[c] || binOf[b] == binOf[c]))
              return;
          }
          else if (kind == Lines)
          {
            double d2 = 0.0;
            for (int k = 0; k < 3; ++k)
            {
              const double d = static_cast<double>(pts.Get(b, k)) - static_cast<double>(pts.Get(a, k));
              d2 += d * d;
            }
            if (d2 == 0.0)
              return; // VTK skips coincident ends before any bin sees the segment
          }
          emit(base + cell, a, b, c);
        });
    };
    if (v.O64)
      run(v.O64, v.C64);
    else
      run(v.O32, v.C32);
  };
  // One pass: each block keeps its elements (cell and corners), then they are copied in block order.
  const Id numCellBlocks = static_cast<Id>(cellBlocks.size());
  std::vector<std::vector<Id>> found(cellBlocks.size());
  std::vector<Id> blockStart(cellBlocks.size() + 1, 0);
  Id* bs = blockStart.data();
  HostForEach(device, numCellBlocks, 1, CellBlock, [&, bs](Id b) {
    std::vector<Id>& out = found[static_cast<std::size_t>(b)];
    visitBlock(cellBlocks[static_cast<std::size_t>(b)], [&](Id cell, Id a, Id p, Id c) {
      out.push_back(cell);
      out.push_back(a);
      out.push_back(p);
      out.push_back(c);
    });
    bs[b + 1] = static_cast<Id>(out.size() / 4);
  });
  if (hasBadPoint.load())
    throw loom::cont::ErrorBadValue("a cell uses point " + std::to_string(badPoint.load()) + ", outside the " +
                                    std::to_string(numPoints) + " points.");
  for (Id b = 0; b < numCellBlocks; ++b)
    bs[b + 1] += bs[b];
  const Id numElements = bs[numCellBlocks];
  ArrayHandle<Id> cornerIds, elementCells;
  cornerIds.Allocate(3 * numElements);
  elementCells.Allocate(numElements);
  Id* corners = cornerIds.GetPointer();
  Id* cellOf = elementCells.GetPointer();
  HostForEach(device, numCellBlocks, 1, CellBlock, [&, bs, corners, cellOf](Id b) {
    std::vector<Id>& in = found[static_cast<std::size_t>(b)];
    const Id at = bs[b], n = bs[b + 1] - at;
    for (Id i = 0; i < n; ++i)
    {
      cellOf[at + i] = in[static_cast<std::size_t>(4 * i)];
      corners[3 * (at + i)] = in[static_cast<std::size_t>(4 * i + 1)];
      corners[3 * (at + i) + 1] = in[static_cast<std::size_t>(4 * i + 2)];
      corners[3 * (at + i) + 2] = in[static_cast<std::size_t>(4 * i + 3)];
    }
    std::vector<Id>().swap(in);
  });

  result.Points = FieldArray::Allocate(ValueKind::Float32, 0, 3);
  for (auto* h : { &result.PointSources, &result.Members, &result.Verts, &result.Lines, &result.Triangles,
                   &result.VertCells, &result.LineCells, &result.TriangleCells })
    h->Allocate(0);
  for (auto* h : { &result.MemberOffsets, &result.VertOffsets })
  {
    h->Allocate(1);
    h->GetPointer()[0] = 0;
  }
  if (numElements == 0)
    return result;

  // The corners grouped by bin (a segment's missing third corner: key -1, first), folded per bin.
  ArrayHandle<Int64> cornerBins;
  cornerBins.Allocate(3 * numElements);
  Int64* cb = cornerBins.GetPointer();
  HostForEach(device, 3 * numElements, 1 << 14, [=](Id s) { cb[s] = corners[s] < 0 ? -1 : binOf[corners[s]]; });
  const loom::worklet::Keys<Int64> bins(cornerBins, device);
  const Id groups = bins.GetNumberOfUniqueKeys();
  const Int64* unique = bins.GetUniqueKeys().ReadPortal().GetArray();
  const Id skip = unique[0] < 0 ? 1 : 0;
  const Id numUsed = groups - skip;
  ArrayHandle<Id> firstCorner;
  ArrayHandle<Float64> quadrics;
  quadrics.Allocate(9 * groups);
  {
    cluster::FoldBinQuadrics<T> fold;
    fold.Elements = cluster::ElementCorners<T>{ corners, pts };
    loom::cont::Invoker invoke(device);
    invoke(fold, bins, loom::cont::ArrayHandleIndex(3 * numElements), firstCorner, quadrics);
  }
  const Id* first = firstCorner.ReadPortal().GetArray();
  const Float64* quad = quadrics.ReadPortal().GetArray();

  // Output points numbered by each bin's first corner (the order in which VTK meets the bins).
  ArrayHandle<Id> order, groupOfVertex;
  order.Allocate(numUsed);
  groupOfVertex.Allocate(numUsed);
  if (numUsed > 0)
    std::memcpy(order.GetPointer(), first + skip, static_cast<std::size_t>(numUsed) * sizeof(Id));
  Id* gov = groupOfVertex.GetPointer();
  HostForEach(device, numUsed, 1 << 14, [=](Id u) { gov[u] = u + skip; });
  loom::cont::Algorithm::SortByKey(device, order, groupOfVertex);
  order.ReleaseResources();
  ArrayHandle<Id> vertexOfGroup;
  vertexOfGroup.Allocate(groups);
  Id* vog = vertexOfGroup.GetPointer();
  if (skip)
    vog[0] = -1;
  HostForEach(device, numUsed, 1 << 14, [=](Id o) { vog[gov[o]] = o; });
  // Each corner's output point.
  ArrayHandle<Id> cornerVertex;
  cornerVertex.Allocate(3 * numElements);
  Id* cv = cornerVertex.GetPointer();
  {
    const Id* off = bins.GetOffsets().ReadPortal().GetArray();
    const Id* sorted = bins.GetSortedValuesMap().ReadPortal().GetArray();
    HostForEach(device, groups, 1 << 10, [=](Id g) {
      for (Id k = off[g]; k < off[g + 1]; ++k)
        cv[sorted[k]] = vog[g];
    });
  }

  // Output vertex cells: the vertices that reach their bin first (vertex cells come first, so no other
  // element reaches a vertex's bin before one), grouped by their cell.
  {
    const Id numVertices = views[0].Size;
    const ArrayHandle<Id> firsts = CompactIndices(device, numVertices, [=](Id e) {
      return corners[3 * e + 1] < 0 && first[gov[cv[3 * e]]] == 3 * e;
    });
    const Id nf = firsts.GetNumberOfValues();
    const Id* fe = firsts.ReadPortal().GetArray();
    Id cells = 0;
    for (Id i = 0; i < nf; ++i)
      cells += (i == 0 || cellOf[fe[i]] != cellOf[fe[i - 1]]) ? 1 : 0;
    result.VertOffsets.Allocate(cells + 1);
    result.Verts.Allocate(nf);
    result.VertCells.Allocate(cells);
    Id* vo = result.VertOffsets.GetPointer();
    Id* vp = result.Verts.GetPointer();
    Id* vc = result.VertCells.GetPointer();
    Id at = 0;
    for (Id i = 0; i < nf; ++i)
    {
      if (i == 0 || cellOf[fe[i]] != cellOf[fe[i - 1]])
      {
        vo[at] = i;
        vc[at++] = cellOf[fe[i]];
      }
      vp[i] = cv[3 * fe[i]];
    }
    vo[cells] = nf;
  }
  // Output segments: those over two bins.
  const ArrayHandle<Id> segments = CompactIndices(device, numElements, [=](Id e) {
    return corners[3 * e + 1] >= 0 && corners[3 * e + 2] < 0 && cv[3 * e] != cv[3 * e + 1];
  });
  // Output triangles: those over three bins, the first of equal ones.
  ArrayHandle<Id> triangles = CompactIndices(device, numElements, [=](Id e) {
    return corners[3 * e + 2] >= 0 && cv[3 * e] != cv[3 * e + 1] && cv[3 * e] != cv[3 * e + 2] &&
      cv[3 * e + 1] != cv[3 * e + 2];
  });
  if (options.PreventDuplicateCells && triangles.GetNumberOfValues() > 1)
  {
    const Id nt = triangles.GetNumberOfValues();
    const Id* tri = triangles.ReadPortal().GetArray();
    ArrayHandle<Id> sortedVertices;
    ArrayHandle<Int64> hashes;
    sortedVertices.Allocate(3 * nt);
    hashes.Allocate(nt);
    Id* sv = sortedVertices.GetPointer();
    Int64* h = hashes.GetPointer();
    HostForEach(device, nt, 1 << 14, [=](Id t) {
      const Id e = tri[t];
      Id v[3] = { cv[3 * e], cv[3 * e + 1], cv[3 * e + 2] };
      std::sort(v, v + 3);
      sv[3 * t] = v[0];
      sv[3 * t + 1] = v[1];
      sv[3 * t + 2] = v[2];
      h[t] = static_cast<Int64>(Mix64(Mix64(Mix64(static_cast<UInt64>(v[0])) ^ static_cast<UInt64>(v[1])) ^
                                      static_cast<UInt64>(v[2])) >>
                                1);
    });
    const loom::worklet::Keys<Int64> equal(hashes, device);
    hashes.ReleaseResources();
    ArrayHandle<UInt8> keep;
    loom::cont::Invoker invoke(device);
    invoke(cluster::KeepFirstTriangles{}, equal, keep, sortedVertices);
    const UInt8* k = keep.ReadPortal().GetArray();
    const ArrayHandle<Id> kept = CompactIndices(device, nt, [=](Id t) { return k[t] != 0; });
    const Id* kp = kept.ReadPortal().GetArray();
    ArrayHandle<Id> survivors;
    survivors.Allocate(kept.GetNumberOfValues());
    Id* sp = survivors.GetPointer();
    HostForEach(device, kept.GetNumberOfValues(), 1 << 14, [=](Id t) { sp[t] = tri[kp[t]]; });
    triangles = survivors;
  }
  {
    const Id ns = segments.GetNumberOfValues(), nt = triangles.GetNumberOfValues();
    const Id* seg = segments.ReadPortal().GetArray();
    const Id* tri = triangles.ReadPortal().GetArray();
    result.Lines.Allocate(2 * ns);
    result.LineCells.Allocate(ns);
    result.Triangles.Allocate(3 * nt);
    result.TriangleCells.Allocate(nt);
    Id* lo = result.Lines.GetPointer();
    Id* lc = result.LineCells.GetPointer();
    Id* to = result.Triangles.GetPointer();
    Id* tc = result.TriangleCells.GetPointer();
    HostForEach(device, ns, 1 << 14, [=](Id s) {
      lo[2 * s] = cv[3 * seg[s]];
      lo[2 * s + 1] = cv[3 * seg[s] + 1];
      lc[s] = cellOf[seg[s]];
    });
    HostForEach(device, nt, 1 << 14, [=](Id t) {
      for (int i = 0; i < 3; ++i)
        to[3 * t + i] = cv[3 * tri[t] + i];
      tc[t] = cellOf[tri[t]];
    });
  }

  // The point of each used bin.
  result.Points = FieldArray::Allocate(ValueKind::Float32, numUsed, 3);
  Float32* xyz = result.Points.GetPortal<Float32>().Pointers[0];
  if (options.Point == ClusterPoint::QuadricMinimizer)
  {
    HostForEach(device, numUsed, 1 << 10, [=, &grid](Id o) {
      const Id g = gov[o];
      double x[3];
      QuadricMinimizer(quad + 9 * g, grid, unique[g], x);
      for (int c = 0; c < 3; ++c)
        xyz[3 * o + c] = static_cast<Float32>(x[c]);
    });
    return result;
  }

  // Every input point's output point (-1: its bin is not used), through a dense bin lookup when the
  // grid is not much larger than the mesh, else a search of the used bins.
  ArrayHandle<Int64> pointVertex;
  pointVertex.Allocate(numPoints);
  Int64* pv = pointVertex.GetPointer();
  const Int64* usedBins = unique + skip;
  if (numBins <= std::max<Id>(Id(1) << 24, 4 * numPoints))
  {
    std::unique_ptr<Int32[]> lookup(new Int32[static_cast<std::size_t>(numBins)]);
    Int32* lk = lookup.get();
    HostForEach(device, numBins, 1 << 16, [=](Id b) { lk[b] = -1; });
    HostForEach(device, numUsed, 1 << 14, [=](Id u) { lk[usedBins[u]] = static_cast<Int32>(vog[u + skip]); });
    HostForEach(device, numPoints, 1 << 14, [=](Id p) { pv[p] = lk[binOf[p]]; });
  }
  else
    HostForEach(device, numPoints, 1 << 14, [=](Id p) {
      const Int64* at = std::lower_bound(usedBins, usedBins + numUsed, binOf[p]);
      pv[p] = (at != usedBins + numUsed && *at == binOf[p]) ? vog[(at - usedBins) + skip] : -1;
    });

  if (options.Point == ClusterPoint::Mean)
  {
    // Members by output point (the points of unused bins, key -1, group first).
    const loom::worklet::Keys<Int64> byVertex(pointVertex, device);
    const Int64* vk = byVertex.GetUniqueKeys().ReadPortal().GetArray();
    const Id vskip = vk[0] < 0 ? 1 : 0;
    const Id* offsets = byVertex.GetOffsets().ReadPortal().GetArray();
    const Id base = offsets[vskip];
    result.MemberOffsets.Allocate(numUsed + 1);
    Id* mo = result.MemberOffsets.GetPointer();
    HostForEach(device, numUsed + 1, 1 << 14, [=](Id o) { mo[o] = offsets[o + vskip] - base; });
    result.Members = byVertex.GetSortedValuesMap().View(base, numPoints - base);
    const Id* mem = result.Members.ReadPortal().GetArray();
    HostForEach(device, numUsed, 1 << 12, [=](Id o) {
      double sum[3] = { 0, 0, 0 };
      for (Id k = mo[o]; k < mo[o + 1]; ++k)
        for (int c = 0; c < 3; ++c)
          sum[c] += static_cast<double>(pts.Get(mem[k], c));
      const double count = static_cast<double>(mo[o + 1] - mo[o]);
      for (int c = 0; c < 3; ++c)
        xyz[3 * o + c] = static_cast<Float32>(sum[c] / count);
    });
    return result;
  }

  // The input point of least error in each bin (VTK: the first point, in id order, whose error is
  // strictly below every earlier one's and below DBL_MAX): the least error by an atomic minimum, then
  // the lowest id reaching it.
  std::unique_ptr<std::atomic<UInt64>[]> least(new std::atomic<UInt64>[static_cast<std::size_t>(numUsed)]);
  std::unique_ptr<std::atomic<Id>[]> chosen(new std::atomic<Id>[static_cast<std::size_t>(numUsed)]);
  std::atomic<UInt64>* ls = least.get();
  std::atomic<Id>* ch = chosen.get();
  HostForEach(device, numUsed, 1 << 14, [=](Id o) {
    ls[o].store(~UInt64(0), std::memory_order_relaxed);
    ch[o].store(std::numeric_limits<Id>::max(), std::memory_order_relaxed);
  });
  auto error = [=](Id p, Id o) {
    const double* q = quad + 9 * gov[o];
    const double x = static_cast<double>(pts.Get(p, 0)), y = static_cast<double>(pts.Get(p, 1)),
                 z = static_cast<double>(pts.Get(p, 2));
    return q[0] * x * x + 2.0 * q[1] * x * y + 2.0 * q[2] * x * z + 2.0 * q[3] * x + q[4] * y * y +
      2.0 * q[5] * y * z + 2.0 * q[6] * y + q[7] * z * z + 2.0 * q[8] * z;
  };
  if (loom::cont::RuntimeDeviceTracker::Get().Resolve(device) == DeviceId::Serial)
  {
    // One thread: VTK's own loop (a point replaces the bin's choice when its error is strictly less).
    std::vector<double> leastError(static_cast<std::size_t>(numUsed), DBL_MAX);
    for (Id p = 0; p < numPoints; ++p)
    {
      const Id o = pv[p];
      if (o < 0)
        continue;
      const double e = error(p, o);
      if (e < leastError[static_cast<std::size_t>(o)])
      {
        leastError[static_cast<std::size_t>(o)] = e;
        ch[o].store(p, std::memory_order_relaxed);
      }
    }
  }
  else
  {
    HostForEach(device, numPoints, 1 << 14, [=](Id p) {
      const Id o = pv[p];
      if (o < 0)
        return;
      const double e = error(p, o);
      if (e < DBL_MAX)
        AtomicMin(ls[o], OrderedBits(e));
    });
    HostForEach(device, numPoints, 1 << 14, [=](Id p) {
      const Id o = pv[p];
      if (o < 0)
        return;
      const double e = error(p, o);
      if (e < DBL_MAX && OrderedBits(e) <= ls[o].load(std::memory_order_relaxed))
        AtomicMin(ch[o], p);
    });
  }
  result.PointSources.Allocate(numUsed);
  Id* src = result.PointSources.GetPointer();
  HostForEach(device, numUsed, 1 << 12, [=](Id o) {
    Id p = ch[o].load(std::memory_order_relaxed);
    if (p == std::numeric_limits<Id>::max())
      p = corners[first[gov[o]]]; // no finite error in the bin: the point that first reached it
    src[o] = p;
    for (int c = 0; c < 3; ++c)
      xyz[3 * o + c] = static_cast<Float32>(pts.Get(p, c));
  });
  return result;
}
} // namespace

VertexClusteringResult ClusterVertices(const VertexClusteringInput& input, const VertexClusteringOptions& requested)
{
  VertexClusteringOptions options = requested;
  if (RunsOnCuda(options.Device))
    options.Device = loom::cont::RuntimeDeviceTracker::Get().CanRunOn(DeviceId::TBB) ? DeviceId::TBB : DeviceId::Serial;
  for (int c = 0; c < 3; ++c)
    if (options.Divisions[c] < 1)
      throw loom::cont::ErrorBadValue("ClusterVertices: " + std::to_string(options.Divisions[c]) + " divisions along " +
                                      "xyz"[c] + "; at least 1 is needed.");
  const FieldArray& points = input.Points;
  if (points.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("ClusterVertices: the points have " +
                                    std::to_string(points.GetNumberOfComponents()) + " components, not 3.");
  // Integer positions are clustered as doubles (VTK reads every point as double).
  const FieldArray positions = AsFloatingPoint(points, options.Device);
  return positions.GetKind() == ValueKind::Float32 ? Cluster<Float32>(positions, input, options)
                                                   : Cluster<Float64>(positions, input, options);
}
} // namespace algorithms
} // namespace loom
