// Loom algorithms, slice family: PlaneBandCut: per column of cells along the plane's steepest axis a
// binary search for the crossed cells, a compact numbering of their points, the plane's values at those
// points only, and the contour family's marching cells on that band of cells.
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/slice/CutExtent.h>
#include <loom/algorithms/slice/PlaneBand.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace loom
{
namespace algorithms
{
bool PlaneBandApplies(const Id3& pointDims, const std::vector<double> axes[3])
{
  // 3D, and axis-aligned (the band's binary search needs each axis monotonic).
  return pointDims[0] >= 2 && pointDims[1] >= 2 && pointDims[2] >= 2 && GridIsAxisAligned(pointDims, axes);
}

ContourResult PlaneBandCut(const Id3& pointDims, const std::vector<double> axes[3], const ImplicitFunction& plane,
                           double value, bool mergePoints, FieldArray& positions, loom::cont::DeviceId requested)
{
  // Host work throughout (the band is small): a CUDA request runs on the best CPU device.
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  loom::cont::DeviceId device = tracker.Resolve(requested);
  if (device == loom::cont::DeviceId::Cuda)
    device = tracker.HostDevice();
  if (plane.Type != ImplicitFunction::Kind::Plane || !PlaneBandApplies(pointDims, axes))
    throw loom::cont::ErrorBadValue("PlaneBandCut: a plane and an axis-aligned 3D grid are needed.");
  const double* m = plane.Transform;
  if (!(m[0] == 1 && m[1] == 0 && m[2] == 0 && m[3] == 0 && m[4] == 0 && m[5] == 1 && m[6] == 0 && m[7] == 0 &&
        m[8] == 0 && m[9] == 0 && m[10] == 1 && m[11] == 0))
    throw loom::cont::ErrorBadValue("PlaneBandCut: the plane must not carry a transform.");

  // Scalar coordinates and each axis's share of the plane's value (exact up to rounding: the band is
  // widened by a margin far above it, and every cell in it is cut with the exact values).
  std::vector<double> coord[3], share[3];
  double reach[3];
  for (int a = 0; a < 3; ++a)
  {
    for (Id i = 0; i < pointDims[a]; ++i)
    {
      coord[a].push_back(GridAxisCoordinate(axes, a, i));
      share[a].push_back(plane.Normal[a] * coord[a].back());
    }
    reach[a] = std::abs(share[a].front() - share[a].back());
  }
  // The steepest axis: the one the plane's value changes most along, per cell.
  int p = 0;
  for (int a = 1; a < 3; ++a)
    if (reach[a] / static_cast<double>(pointDims[a] - 1) > reach[p] / static_cast<double>(pointDims[p] - 1))
      p = a;
  const int q = p == 0 ? 1 : 0, r = p == 2 ? 1 : 2;
  const double shift = -(plane.Normal[0] * plane.Origin[0] + plane.Normal[1] * plane.Origin[1] +
                         plane.Normal[2] * plane.Origin[2]);
  double magnitude = std::abs(value) + std::abs(shift);
  for (int a = 0; a < 3; ++a)
    magnitude += std::abs(plane.Normal[a] * plane.Origin[a]); // terms that may cancel in the shift
  for (int a = 0; a < 3; ++a)
    magnitude += std::max(std::abs(share[a].front()), std::abs(share[a].back()));
  const double margin = 1e-9 * magnitude;
  const std::vector<double>& g = share[p];
  const bool rising = g.back() >= g.front();
  const Id np = pointDims[p], nq = pointDims[q], nr = pointDims[r];
  const Id cq = nq - 1, cr = nr - 1;

  // Cells [Lo, Hi] of each column (q, r) along p (Lo > Hi: none).
  std::vector<Id> lo(static_cast<std::size_t>(cq * cr)), hi(lo.size());
  HostForEach(device, cq * cr, 64, [&](Id c) {
    const Id iq = c % cq, ir = c / cq;
    double hmin = std::numeric_limits<double>::infinity(), hmax = -hmin;
    for (Id dq = 0; dq < 2; ++dq)
      for (Id dr = 0; dr < 2; ++dr)
      {
        const double h = share[q][static_cast<std::size_t>(iq + dq)] + share[r][static_cast<std::size_t>(ir + dr)] + shift;
        hmin = std::min(hmin, h);
        hmax = std::max(hmax, h);
      }
    // Cell i crosses when [g(i), g(i+1)] meets [low, high].
    const double low = value - hmax - margin, high = value - hmin + margin;
    Id first, last;
    if (rising)
    {
      first = std::lower_bound(g.begin() + 1, g.end(), low) - g.begin() - 1;       // g(i+1) >= low
      last = std::upper_bound(g.begin(), g.end() - 1, high) - g.begin() - 1;      // g(i) <= high
    }
    else
    {
      first = std::lower_bound(g.begin() + 1, g.end(), high, std::greater<double>()) - g.begin() - 1; // g(i+1) <= high
      last = std::upper_bound(g.begin(), g.end() - 1, low, std::greater<double>()) - g.begin() - 1;   // g(i) >= low
    }
    lo[static_cast<std::size_t>(c)] = std::max<Id>(first, 0);
    hi[static_cast<std::size_t>(c)] = std::min<Id>(last, np - 2);
  });

  const Id nx = pointDims[0], ny = pointDims[1];
  const Id3 stride(1, nx, nx * ny);
  const Id cx = nx - 1, cxy = (nx - 1) * (ny - 1);
  ContourOptions options;
  options.IsoValues = { value };
  options.MergePoints = mergePoints;
  options.SourceCells = true;
  options.Device = device;
  // The grid id of point (i, j, k) and the plane's value there, as the full pass computes it.
  auto gridPoint = [&](Id i, Id j, Id k, Id& id, double& f) {
    id = i + stride[1] * j + stride[2] * k;
    const double* ax = &axes[0][static_cast<std::size_t>(3 * i)];
    const double* ay = &axes[1][static_cast<std::size_t>(3 * j)];
    const double* az = &axes[2][static_cast<std::size_t>(3 * k)];
    f = plane.Evaluate(ax[0] + ay[0] + az[0], ax[1] + ay[1] + az[1], ax[2] + ay[2] + az[2]);
  };
  // The band's contour back on the grid: its points' edges in grid ids (`ids`: band point -> grid point),
  // its cells by `gridCell` (band cell -> grid cell), and the cut points' positions.
  auto onGrid = [&](ContourResult r, const Id* ids, auto gridCell) {
    Id* a = r.Points.A.GetPointer();
    Id* b = r.Points.B.GetPointer();
    HostForEach(device, r.Points.GetNumberOfPoints(), 1 << 14, [=](Id k) {
      a[k] = ids[a[k]];
      b[k] = ids[b[k]];
    });
    Id* src = r.SourceCells.GetPointer();
    HostForEach(device, r.SourceCells.GetNumberOfValues(), 1 << 14, [=](Id k) { src[k] = gridCell(src[k]); });
    positions = AxesEdgePoints(r.Points, pointDims, coord, ValueKind::Float32, device);
    return r;
  };

  // Every column crossed over the same cells (a plane square to an axis: its band is a box of the grid):
  // the box is a grid of its own, contoured by the structured pass (the same tables, the same triangles
  // as marching cells on its cells, the points merged without a sort).
  bool box = mergePoints && lo[0] <= hi[0];
  for (std::size_t c = 1; c < lo.size() && box; ++c)
    box = lo[c] == lo[0] && hi[c] == hi[0];
  if (box)
  {
    Id3 dims = pointDims, offset(0, 0, 0);
    dims[p] = hi[0] - lo[0] + 2;
    offset[p] = lo[0];
    const Id boxPoints = dims[0] * dims[1] * dims[2];
    loom::cont::ArrayHandle<Id> boxIds;
    boxIds.Allocate(boxPoints);
    FieldArray values = FieldArray::Allocate(ValueKind::Float64, boxPoints, 1);
    Id* ids = boxIds.GetPointer();
    double* f = values.GetPortal<Float64>().Pointers[0];
    HostForEach(device, dims[1] * dims[2], 16, [&](Id row) {
      const Id j = row % dims[1] + offset[1], k = row / dims[1] + offset[2];
      for (Id i = 0, at = row * dims[0]; i < dims[0]; ++i, ++at)
        gridPoint(i + offset[0], j, k, ids[at], f[at]);
    });
    const Id bx = dims[0] - 1, by = dims[1] - 1;
    return onGrid(Contour(loom::cont::CellSetStructured<3>(dims), values, options), ids, [=](Id c) {
      return (c % bx + offset[0]) + cx * ((c / bx) % by + offset[1]) + cxy * (c / (bx * by) + offset[2]);
    });
  }

  // The points of each point column (q', r'): the hull of its neighbouring cell columns' cells.
  const Id pq = nq, pr = nr;
  std::vector<Id> plo(static_cast<std::size_t>(pq * pr)), pcount(plo.size()), base(plo.size() + 1, 0);
  HostForEach(device, pq * pr, 256, [&](Id pc) {
    const Id iq = pc % pq, ir = pc / pq;
    Id a = np, b = -1;
    for (Id dq = -1; dq <= 0; ++dq)
      for (Id dr = -1; dr <= 0; ++dr)
      {
        const Id cqi = iq + dq, cri = ir + dr;
        if (cqi < 0 || cri < 0 || cqi >= cq || cri >= cr)
          continue;
        const std::size_t c = static_cast<std::size_t>(cqi + cq * cri);
        if (lo[c] > hi[c])
          continue;
        a = std::min(a, lo[c]);
        b = std::max(b, hi[c] + 1);
      }
    plo[static_cast<std::size_t>(pc)] = a;
    pcount[static_cast<std::size_t>(pc)] = b >= a ? b - a + 1 : 0;
  });
  for (std::size_t pc = 0; pc < pcount.size(); ++pc)
    base[pc + 1] = base[pc] + pcount[pc];
  const Id points = base.back();
  std::vector<Id> cellBase(lo.size() + 1, 0);
  for (std::size_t c = 0; c < lo.size(); ++c)
    cellBase[c + 1] = cellBase[c] + (lo[c] <= hi[c] ? hi[c] - lo[c] + 1 : 0);
  const Id cells = cellBase.back();

  if (cells == 0)
  {
    positions = FieldArray::Allocate(ValueKind::Float32, 0, 3);
    return ContourResult();
  }
  // Grid ids of the band's points, and the plane's values there (as the full pass computes them).
  loom::cont::ArrayHandle<Id> pointIds;
  pointIds.Allocate(points);
  FieldArray values = FieldArray::Allocate(ValueKind::Float64, points, 1);
  Id* ids = pointIds.GetPointer();
  double* f = values.GetPortal<Float64>().Pointers[0];
  HostForEach(device, pq * pr, 64, [&](Id pc) {
    const Id iq = pc % pq, ir = pc / pq;
    for (Id k = 0; k < pcount[static_cast<std::size_t>(pc)]; ++k)
    {
      Id ijk[3];
      ijk[p] = plo[static_cast<std::size_t>(pc)] + k;
      ijk[q] = iq;
      ijk[r] = ir;
      const Id at = base[static_cast<std::size_t>(pc)] + k;
      gridPoint(ijk[0], ijk[1], ijk[2], ids[at], f[at]);
    }
  });

  // The band's cells as voxels on the compact points (voxel order: x fastest, then y, then z), with 32-bit
  // offsets and ids where they fit (half the memory of the band's largest array).
  loom::cont::ArrayHandle<Id> cellIds;
  loom::cont::ArrayHandle<UInt8> shapes;
  cellIds.Allocate(cells);
  shapes.Allocate(cells);
  Id* cid = cellIds.GetPointer();
  std::fill(shapes.GetPointer(), shapes.GetPointer() + cells, UInt8(CELL_SHAPE_VOXEL));
  auto band = [&](auto zero) {
    using I = decltype(zero);
    loom::cont::ArrayHandle<I> offsets, connectivity;
    offsets.Allocate(cells + 1);
    connectivity.Allocate(8 * cells);
    I* off = offsets.GetPointer();
    I* conn = connectivity.GetPointer();
    HostForEach(device, cq * cr, 16, [&](Id c) {
      const Id iq = c % cq, ir = c / cq;
      Id at = cellBase[static_cast<std::size_t>(c)];
      for (Id i = lo[static_cast<std::size_t>(c)]; i <= hi[static_cast<std::size_t>(c)]; ++i, ++at)
      {
        Id ijk[3];
        ijk[p] = i;
        ijk[q] = iq;
        ijk[r] = ir;
        cid[at] = ijk[0] + cx * ijk[1] + cxy * ijk[2];
        off[at] = static_cast<I>(8 * at);
        for (int corner = 0; corner < 8; ++corner)
        {
          Id d[3] = { corner & 1, (corner >> 1) & 1, (corner >> 2) & 1 };
          const Id pc = (iq + d[q]) + pq * (ir + d[r]);
          conn[8 * at + corner] =
            static_cast<I>(base[static_cast<std::size_t>(pc)] + (i + d[p]) - plo[static_cast<std::size_t>(pc)]);
        }
      }
    });
    off[cells] = static_cast<I>(8 * cells);
    return CellSetAny(loom::cont::CellSetExplicit<I, I>(points, shapes, offsets, connectivity));
  };
  const bool narrow = 8 * cells <= std::numeric_limits<Int32>::max() && points <= std::numeric_limits<Int32>::max();
  const CellSetAny bandCells = narrow ? band(Int32(0)) : band(Int64(0));

  return onGrid(Contour(bandCells, values, options), ids, [cid](Id c) { return cid[c]; });
}

ContourResult PlaneBandCut(const Id3& dims, const std::vector<double> axes[3], const ImplicitFunction& plane,
                           const std::vector<double>& values, bool merge, FieldArray& positions,
                           loom::cont::DeviceId device)
{
  if (values.size() == 1)
    return PlaneBandCut(dims, axes, plane, values[0], merge, positions, device);
  std::vector<ContourResult> cuts;
  std::vector<FieldArray> where(values.size());
  Id points = 0, primitives = 0;
  for (std::size_t v = 0; v < values.size(); ++v)
  {
    cuts.push_back(PlaneBandCut(dims, axes, plane, values[v], merge, where[v], device));
    points += cuts.back().Points.GetNumberOfPoints();
    primitives += cuts.back().GetNumberOfPrimitives();
  }
  ContourResult all;
  all.Points.A.Allocate(points);
  all.Points.B.Allocate(points);
  all.Points.Weight.Allocate(points);
  all.Connectivity.Allocate(3 * primitives);
  all.SourceCells.Allocate(primitives);
  positions = FieldArray::Allocate(ValueKind::Float32, points, 3);
  const ComponentPortal<Float32> xyz = positions.GetPortal<Float32>();
  Id p0 = 0, c0 = 0;
  auto append = [](const auto& from, auto& to, Id at, Id shift) {
    const Id n = from.GetNumberOfValues();
    const auto* in = n ? from.ReadPortal().GetArray() : nullptr;
    auto* out = to.GetPointer();
    for (Id i = 0; i < n; ++i)
      out[at + i] = in[i] + shift;
  };
  for (std::size_t v = 0; v < values.size(); ++v)
  {
    const ContourResult& cut = cuts[v];
    all.PointStarts.push_back(p0);
    append(cut.Points.A, all.Points.A, p0, 0);
    append(cut.Points.B, all.Points.B, p0, 0);
    append(cut.Points.Weight, all.Points.Weight, p0, 0);
    append(cut.Connectivity, all.Connectivity, 3 * c0, p0);
    append(cut.SourceCells, all.SourceCells, c0, 0);
    if (cut.Points.GetNumberOfPoints() > 0)
    {
      const ComponentPortal<Float32> from = where[v].GetPortal<Float32>();
      for (Id i = 0; i < cut.Points.GetNumberOfPoints(); ++i)
        for (int d = 0; d < 3; ++d)
          xyz.Set(p0 + i, d, from.Get(i, d));
    }
    p0 += cut.Points.GetNumberOfPoints();
    c0 += cut.GetNumberOfPrimitives();
  }
  all.PointStarts.push_back(p0);
  return all;
}
} // namespace algorithms
} // namespace loom
