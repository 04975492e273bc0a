// Loom algorithms, contour family: the structured path, in the manner of flying edges. Per isovalue:
//  1. per row of points: the case of every x-edge (bit 0: left point at or above the isovalue, bit 1:
//     right point), the number of crossed x-edges and where the first and last are;
//  2. per row of points: its crossed y- and z-edges and the triangles of the row of cells above it,
//     looking only between the trim bounds of the rows involved (outside them every row is constant);
//  3. exclusive scans of points and triangles per row;
//  4. per row: its points (x-, then y-, then z-edges, in x order) and the triangles of its row of
//     cells, whose point ids come from running counts of crossed edges: every point is made once and
//     shared, with no search and no sort;
//  5. only where a point's value equals an isovalue (noticed in pass 1): the points of the edges that
//     reach such a point are welded into one and the triangles that collapse are dropped, as marching
//     cells does (WeldOnVertices).
// Passes 2 and 4 are ContourStructuredPasses.h's functors, which the GPU runs too (with its own pass 1
// and scans: FlyingEdgesPasses, whose CPU run ContourStructuredDataParallel is compared with this path).
#include <loom/algorithms/contour/ContourStructuredPasses.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace contour
{
namespace
{
template <typename T>
struct Isovalue
{
  loom::cont::ArrayHandle<UInt8> XCases; // not zero-filled; large ones on huge pages
  std::vector<RowInfo> Rows;
  std::vector<RowCounts> Counts;
  std::vector<Id> PointOffsets, TriangleOffsets;
  Id Points = 0, Triangles = 0;
  std::vector<UInt8> OnIso; // rows holding a point whose value is the isovalue
  bool Weld = false;
};
// Pass 5, only for an isovalue that some point's value equals. The points made on the edges that end
// at such an input point (weight 0 or 1) are that input point: the first made stands for the others,
// triangles that then repeat a point are dropped, and points no triangle uses any more are removed.
// A point made by row g is used only by the triangles of the cell rows g, g - 1, g - ny and
// g - ny - 1, so the work stays near those points: emptied point and triangle slots are filled from
// the end of the isovalue's ranges, and `PointsLost`/`TrianglesLost` say how much each range shrank.
struct WeldGrid
{
  Id Rows, NX, NY, NZ;
  Id PointBase, TriangleBase; // where this isovalue's points and triangles start in the result
};
struct WeldLoss
{
  Id PointsLost = 0, TrianglesLost = 0;
};

/// The cell rows a weld visits: those whose triangles may use a generating row's points, or a contour point.
struct WeldRows
{
  const WeldGrid& G;
  const std::vector<Id>& PointOffsets;
  const Id* A;
  const Id* B;
  /// The cell rows whose triangles may use the points of generating row `row`.
  void Using(Id row, std::vector<Id>& out) const
  {
    const Id j = row % this->G.NY, k = row / this->G.NY;
    for (int dk = 0; dk <= 1; ++dk)
      for (int dj = 0; dj <= 1; ++dj)
        if (j - dj >= 0 && j - dj + 1 < this->G.NY && k - dk >= 0 && k - dk + 1 < this->G.NZ)
          out.push_back(row - dj - dk * this->G.NY);
  }
  Id RowOfPoint(Id p) const
  {
    const auto it = std::upper_bound(this->PointOffsets.begin(), this->PointOffsets.end(), p - this->G.PointBase);
    return static_cast<Id>(it - this->PointOffsets.begin()) - 1;
  }
  /// The cell rows whose triangles may use contour point p: for a point standing for an input point
  /// (A == B), the cells around that input point (those of the cell rows Using gives for the input point's
  /// own row); for any other point, the cells around its edge, near the row that made it. (`made` is the
  /// id the point was made with, `at` where its values are now.)
  void Near(Id made, Id at, std::vector<Id>& out) const
  {
    this->Using(this->A[at] == this->B[at] ? this->A[at] / this->G.NX : this->RowOfPoint(made), out);
  }
  /// Near for each of `points` (as made and as they are), sorted and unique.
  template <typename Made, typename At>
  std::vector<Id> AllNear(std::size_t n, Made made, At at) const
  {
    std::vector<Id> rows;
    for (std::size_t q = 0; q < n; ++q)
      this->Near(made(q), at(q), rows);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
  }
};

/// The points of the collapsed triangles that no kept triangle uses (looked for in the rows near them),
/// added to `holes`.
inline void UnusedPointsOf(const std::vector<Id>& collapsed, const Id* conn, const WeldRows& rows, const WeldGrid& g,
                           const std::vector<Id>& triangleOffsets, std::vector<Id>& holes)
{
  std::vector<Id> maybe;
  for (Id t : collapsed)
    maybe.insert(maybe.end(), conn + 3 * t, conn + 3 * t + 3);
  std::sort(maybe.begin(), maybe.end());
  maybe.erase(std::unique(maybe.begin(), maybe.end()), maybe.end());
  const std::vector<Id> near = rows.AllNear(maybe.size(), [&](std::size_t q) { return maybe[q]; },
                                            [&](std::size_t q) { return maybe[q]; });
  std::vector<UInt8> used(maybe.size(), 0);
  for (Id row : near)
    for (Id t = g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row)];
         t < g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row) + 1]; ++t)
      if (!std::binary_search(collapsed.begin(), collapsed.end(), t))
        for (int e = 0; e < 3; ++e)
        {
          const auto it = std::lower_bound(maybe.begin(), maybe.end(), conn[3 * t + e]);
          if (it != maybe.end() && *it == conn[3 * t + e])
            used[static_cast<std::size_t>(it - maybe.begin())] = 1;
        }
  for (std::size_t q = 0; q < maybe.size(); ++q)
    if (!used[q])
      holes.push_back(maybe[q]);
}

/// The triangles (in the rows near the moved points) that use a moved point renumbered: `moved` holds
/// (old id, new id) pairs.
inline void RenumberMoved(std::vector<std::pair<Id, Id>>& moved, Id* conn, const WeldRows& rows, const WeldGrid& g,
                          const std::vector<Id>& triangleOffsets)
{
  std::sort(moved.begin(), moved.end());
  const std::vector<Id> near = rows.AllNear(moved.size(), [&](std::size_t q) { return moved[q].first; },
                                            [&](std::size_t q) { return moved[q].second; });
  for (Id row : near)
    for (Id t = g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row)];
         t < g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row) + 1]; ++t)
      for (int e = 0; e < 3; ++e)
      {
        const auto it = std::lower_bound(moved.begin(), moved.end(), std::make_pair(conn[3 * t + e], Id(-1)));
        if (it != moved.end() && it->first == conn[3 * t + e])
          conn[3 * t + e] = it->second;
      }
}

template <typename Value>
WeldLoss WeldOnVertices(ContourResult& r, const WeldGrid& g, const std::vector<Id>& pointOffsets,
                        const std::vector<Id>& triangleOffsets, const std::vector<UInt8>& onIso, double iso,
                        Value&& value, loom::cont::DeviceId device)
{
  Id* a = r.Points.A.GetPointer();
  Id* b = r.Points.B.GetPointer();
  Float64* w = r.Points.Weight.GetPointer();
  Id* conn = r.Connectivity.GetPointer();
  Id* sources = r.SourceCells.GetNumberOfValues() ? r.SourceCells.GetPointer() : nullptr;
  const WeldRows near{ g, pointOffsets, a, b };
  // The rows that can make points on the isovalue's points: those holding such points and the rows
  // before them in y and z.
  std::vector<Id> rows;
  for (Id row = 0; row < g.Rows; ++row)
  {
    const Id j = row % g.NY, k = row / g.NY;
    if (onIso[static_cast<std::size_t>(row)] || (j + 1 < g.NY && onIso[static_cast<std::size_t>(row + 1)]) ||
        (k + 1 < g.NZ && onIso[static_cast<std::size_t>(row + g.NY)]))
      rows.push_back(row);
  }
  std::vector<std::pair<Id, Id>> on; // (input point, contour point)
  for (Id row : rows)
    for (Id p = g.PointBase + pointOffsets[static_cast<std::size_t>(row)],
            end = g.PointBase + pointOffsets[static_cast<std::size_t>(row) + 1];
         p < end; ++p)
      if (w[p] == 0.0 || w[p] == 1.0)
      {
        const Id vertex = value(a[p]) == iso ? a[p] : (value(b[p]) == iso ? b[p] : -1);
        if (vertex >= 0)
          on.emplace_back(vertex, p);
      }
  WeldLoss loss;
  if (on.empty())
    return loss;
  std::sort(on.begin(), on.end());
  std::unordered_map<Id, Id> standsFor; // welded point -> the point standing for it
  std::vector<Id> holes;                // points to remove
  for (std::size_t q = 0; q < on.size(); ++q)
  {
    if (q == 0 || on[q].first != on[q - 1].first)
    {
      a[on[q].second] = b[on[q].second] = on[q].first; // the standing point is its input point
      w[on[q].second] = 0.0;
    }
    else
    {
      standsFor[on[q].second] = standsFor.count(on[q - 1].second) ? standsFor[on[q - 1].second] : on[q - 1].second;
      holes.push_back(on[q].second);
    }
  }
  // The cell rows to visit, and in them the triangles that use a welded point.
  std::vector<Id> cellRows;
  for (Id row : rows)
    near.Using(row, cellRows);
  std::sort(cellRows.begin(), cellRows.end());
  cellRows.erase(std::unique(cellRows.begin(), cellRows.end()), cellRows.end());
  std::mutex mutex;
  std::vector<Id> collapsed;
  ForEach(device, static_cast<Id>(cellRows.size()), 16, [&](Id q) {
    const Id row = cellRows[static_cast<std::size_t>(q)];
    std::vector<Id> found;
    for (Id t = g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row)];
         t < g.TriangleBase + triangleOffsets[static_cast<std::size_t>(row) + 1]; ++t)
    {
      Id* c = conn + 3 * t;
      for (int e = 0; e < 3; ++e)
      {
        const auto it = standsFor.find(c[e]);
        if (it != standsFor.end())
          c[e] = it->second;
      }
      if (c[0] == c[1] || c[1] == c[2] || c[0] == c[2])
        found.push_back(t);
    }
    if (!found.empty())
    {
      std::lock_guard<std::mutex> lock(mutex);
      collapsed.insert(collapsed.end(), found.begin(), found.end());
    }
  });
  std::sort(collapsed.begin(), collapsed.end());
  // Points of dropped triangles that no kept triangle uses go too.
  if (!collapsed.empty())
    UnusedPointsOf(collapsed, conn, near, g, triangleOffsets, holes);
  // Point holes filled from the end of the range; the triangles using a moved point renumbered.
  std::sort(holes.begin(), holes.end());
  Id end = g.PointBase + pointOffsets.back();
  std::vector<std::pair<Id, Id>> moved; // (old id, new id)
  for (auto h = holes.begin(), last = holes.end(); h != last; ++h)
  {
    --end;
    while (last != h && *(last - 1) == end) // the last point is itself a hole: drop it
    {
      --last;
      if (last == h)
        break;
      --end;
    }
    if (last == h)
      break;
    a[*h] = a[end];
    b[*h] = b[end];
    w[*h] = w[end];
    moved.emplace_back(end, *h);
  }
  loss.PointsLost = static_cast<Id>(holes.size());
  if (!moved.empty())
    RenumberMoved(moved, conn, near, g, triangleOffsets);
  // Dropped triangles' slots filled from the end of the isovalue's triangles.
  Id lastTriangle = g.TriangleBase + triangleOffsets.back();
  for (auto it = collapsed.rbegin(); it != collapsed.rend(); ++it)
  {
    --lastTriangle;
    if (*it != lastTriangle)
    {
      std::copy(conn + 3 * lastTriangle, conn + 3 * lastTriangle + 3, conn + 3 * *it);
      if (sources)
        sources[*it] = sources[lastTriangle];
    }
  }
  loss.TrianglesLost = static_cast<Id>(collapsed.size());
  return loss;
}
} // namespace

/// Pass 5 of ContourStructured3D where an isovalue needs it (points on vertices welded), then the ranges
/// closed up: later isovalues' points and triangles moved down over what earlier ones lost, their point
/// ids shifted with them.
template <typename T>
void WeldAndCloseUp(const std::vector<Isovalue<T>>& iso, const Id3& dims, const T* field, const ContourOptions& options,
                    ContourResult& result)
{
  const Id nx = dims[0], ny = dims[1], nz = dims[2], rows = ny * nz;
  const loom::cont::DeviceId device = options.Device;
  const std::size_t values = iso.size();
  Id* sourceCells = options.SourceCells ? result.SourceCells.GetPointer() : nullptr;
  Id pointBase5 = 0, triangleBase5 = 0, pointShift = 0, triangleShift = 0;
  Id* conn5 = result.Connectivity.GetPointer();
  for (std::size_t v = 0; v < values; ++v)
  {
    const Isovalue<T>& s = iso[v];
    WeldLoss loss;
    if (s.Weld)
      loss = WeldOnVertices(result, WeldGrid{ rows, nx, ny, nz, pointBase5, triangleBase5 }, s.PointOffsets,
                            s.TriangleOffsets, s.OnIso, options.IsoValues[v],
                            [=](Id p) { return static_cast<double>(field[p]); }, device);
    const Id keptPoints = s.Points - loss.PointsLost, keptTriangles = s.Triangles - loss.TrianglesLost;
    if (pointShift || triangleShift)
    {
      const Id from = pointBase5, to = pointBase5 - pointShift;
      std::copy(result.Points.A.GetPointer() + from, result.Points.A.GetPointer() + from + keptPoints,
                result.Points.A.GetPointer() + to);
      std::copy(result.Points.B.GetPointer() + from, result.Points.B.GetPointer() + from + keptPoints,
                result.Points.B.GetPointer() + to);
      std::copy(result.Points.Weight.GetPointer() + from, result.Points.Weight.GetPointer() + from + keptPoints,
                result.Points.Weight.GetPointer() + to);
      // Moved down in order (the ranges may overlap, so not in parallel).
      const Id t0 = triangleBase5, t1 = triangleBase5 - triangleShift;
      for (Id q = 0; q < 3 * keptTriangles; ++q)
        conn5[3 * t1 + q] = conn5[3 * t0 + q] - pointShift;
      if (sourceCells)
        std::copy(sourceCells + t0, sourceCells + t0 + keptTriangles, sourceCells + t1);
    }
    pointShift += loss.PointsLost;
    triangleShift += loss.TrianglesLost;
    pointBase5 += s.Points;
    triangleBase5 += s.Triangles;
    result.PointStarts[v + 1] = pointBase5 - pointShift;
  }
  if (pointShift || triangleShift)
  {
    result.Points.A = result.Points.A.View(0, pointBase5 - pointShift);
    result.Points.B = result.Points.B.View(0, pointBase5 - pointShift);
    result.Points.Weight = result.Points.Weight.View(0, pointBase5 - pointShift);
    result.Connectivity = result.Connectivity.View(0, 3 * (triangleBase5 - triangleShift));
    if (sourceCells)
      result.SourceCells = result.SourceCells.View(0, triangleBase5 - triangleShift);
  }
}

template <typename T>
bool ContourStructured3D(const Id3& dims, const T* field, const ContourOptions& options, ContourResult& result)
{
  const Id nx = dims[0], ny = dims[1], nz = dims[2];
  const Id edges = nx - 1;
  const Id rows = ny * nz;
  const Tables* tables = &GetTables();
  const int slot = StructuredTableSlot(3, options.StructuredFrom);
  const loom::cont::DeviceId device = options.Device;
  const std::size_t values = options.IsoValues.size();
  std::vector<Isovalue<T>> iso(values);
  const Id rowGrain = std::max<Id>(1, 8192 / std::max<Id>(1, nx));

  for (std::size_t v = 0; v < values; ++v)
  {
    Isovalue<T>& s = iso[v];
    const double value = options.IsoValues[v];
    s.XCases.Allocate(edges * rows);
    s.Rows.resize(static_cast<std::size_t>(rows));
    s.Counts.resize(static_cast<std::size_t>(rows));
    UInt8* xcases = s.XCases.GetPointer();
    RowInfo* info = s.Rows.data();
    std::vector<UInt8> badRows(v == 0 ? static_cast<std::size_t>(rows) : 0, 0);
    UInt8* bad = badRows.data();
    const bool checkFinite = std::is_floating_point<T>::value && v == 0;
    s.OnIso.assign(static_cast<std::size_t>(rows), 0);
    UInt8* onIso = s.OnIso.data();

    // Pass 1. The comparison runs in T: for float fields the isovalue is rounded up to the smallest
    // float not below it, which keeps `value >= isovalue` exact and lets the loops vectorize.
    // Points whose value is the isovalue (possible only when T holds it exactly) make points on
    // vertices, which several edges share: this path numbers points per edge, so pass 5 welds them.
    bool exact = false;
    const T threshold = IsovalueThreshold<T>(value, exact);
    ForEach(device, rows, rowGrain, nx, [=](Id r) {
      const T* f = field + r * nx;
      UInt8* xc = xcases + r * edges;
      Id count = 0;
      // In blocks through a small buffer of point states, so that both loops vectorize.
      constexpr Id block = 1024;
      UInt8 above[block + 1];
      for (Id base = 0; base < edges; base += block)
      {
        const Id m = std::min(block, edges - base);
        UInt8 hit = 0; // a point on the isovalue (meaningful when `exact`)
        for (Id q = 0; q <= m; ++q)
        {
          above[q] = f[base + q] >= threshold;
          hit |= f[base + q] == threshold;
        }
        unsigned crossed = 0;
        for (Id q = 0; q < m; ++q)
        {
          xc[base + q] = static_cast<UInt8>(above[q] | (above[q + 1] << 1));
          crossed += above[q] ^ above[q + 1];
        }
        count += crossed;
        onIso[r] |= exact ? hit : UInt8(0);
      }
      if (checkFinite)
      {
        bool finite = true;
        for (Id i = 0; i < nx; ++i)
          finite &= (f[i] - f[i]) == T(0);
        bad[r] = !finite;
      }
      info[r] = DescribeRow(xc, edges, count);
    });
    if (checkFinite && std::find(badRows.begin(), badRows.end(), 1) != badRows.end())
      return false;
    s.Weld = exact && std::find(s.OnIso.begin(), s.OnIso.end(), 1) != s.OnIso.end();

    // Pass 2.
    ForEach(device, rows, rowGrain, nx,
            CountRows{ xcases, info, tables, slot, ny, nz, edges, s.Counts.data(), nullptr, nullptr });
    const RowCounts* counts = s.Counts.data();

    // Pass 3 (rows are few: a serial scan).
    s.PointOffsets.resize(static_cast<std::size_t>(rows) + 1);
    s.TriangleOffsets.resize(static_cast<std::size_t>(rows) + 1);
    Id p = 0, t = 0;
    for (Id r = 0; r < rows; ++r)
    {
      s.PointOffsets[static_cast<std::size_t>(r)] = p;
      s.TriangleOffsets[static_cast<std::size_t>(r)] = t;
      p += info[r].XCount + counts[r].Y + counts[r].Z;
      t += counts[r].Triangles;
    }
    s.PointOffsets[static_cast<std::size_t>(rows)] = p;
    s.TriangleOffsets[static_cast<std::size_t>(rows)] = t;
    s.Points = p;
    s.Triangles = t;
  }

  // One allocation for every isovalue.
  Id totalPoints = 0, totalTriangles = 0;
  StartIsovalueRanges(iso, result, totalPoints, totalTriangles);
  result.Points.A.Allocate(totalPoints);
  result.Points.B.Allocate(totalPoints);
  result.Points.Weight.Allocate(totalPoints);
  result.Connectivity.Allocate(totalTriangles * 3);
  if (options.SourceCells)
    result.SourceCells.Allocate(totalTriangles);
  Id* outA = result.Points.A.GetPointer();
  Id* outB = result.Points.B.GetPointer();
  Float64* outW = result.Points.Weight.GetPointer();
  Id* conn = result.Connectivity.GetPointer();
  Id* sourceCells = options.SourceCells ? result.SourceCells.GetPointer() : nullptr;

  Id pointBase = 0, triangleBase = 0;
  for (std::size_t v = 0; v < values; ++v)
  {
    const Isovalue<T>& s = iso[v];
    const double value = options.IsoValues[v];
    const UInt8* xcases = s.XCases.GetPointer();
    const RowInfo* info = s.Rows.data();
    const RowCounts* counts = s.Counts.data();
    const Id* pointOffsets = s.PointOffsets.data();
    const Id* triangleOffsets = s.TriangleOffsets.data();

    // Pass 4.
    ForEach(device, rows, rowGrain, nx,
            GenerateRows<T>{ field, xcases, info, counts, pointOffsets, triangleOffsets, tables, slot, nx, ny, nz,
                             edges, value, pointBase, triangleBase, outA, outB, outW, conn, sourceCells });
    pointBase += s.Points;
    triangleBase += s.Triangles;
  }
  // Pass 5 where needed, then the ranges closed up.
  WeldAndCloseUp(iso, Id3(nx, ny, nz), field, options, result);
  return true;
}

template bool ContourStructured3D<Float32>(const Id3&, const Float32*, const ContourOptions&, ContourResult&);
template bool ContourStructured3D<Float64>(const Id3&, const Float64*, const ContourOptions&, ContourResult&);

template <typename T>
bool ContourStructuredDataParallel(const Id3& dims, const loom::cont::ArrayHandle<T>& field,
                                   const ContourOptions& options, ContourResult& result)
{
  return loom::cont::CallOnDevice(options.Device, [&](auto tag) {
    return FlyingEdgesPasses<decltype(tag), T>(dims, field, options, &GetTables(), result);
  });
}
template bool ContourStructuredDataParallel<Float32>(const Id3&, const loom::cont::ArrayHandle<Float32>&,
                                                     const ContourOptions&, ContourResult&);
template bool ContourStructuredDataParallel<Float64>(const Id3&, const loom::cont::ArrayHandle<Float64>&,
                                                     const ContourOptions&, ContourResult&);
} // namespace contour
} // namespace algorithms
} // namespace loom
