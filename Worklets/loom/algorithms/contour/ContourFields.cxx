// Loom algorithms, contour family: what the contour points carry: interpolated point fields,
// positions on uniform and rectilinear grids, and normals (from the field's gradient on grids, from
// the triangles elsewhere).
#include <loom/algorithms/contour/ContourImpl.h>

#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
void CheckEdges(const ContourEdges& edges)
{
  if (edges.B.GetNumberOfValues() != edges.A.GetNumberOfValues() ||
      edges.Weight.GetNumberOfValues() != edges.A.GetNumberOfValues())
    throw loom::cont::ErrorBadValue("contour edges: A, B and Weight differ in length.");
}

// (i, j, k) of a point of a grid: two divisions by constants done as multiplications by their
// reciprocals, corrected by one step (exact for ids below 2^52; a 64-bit integer division costs
// tens of cycles and there are millions of points).
struct GridIndex
{
  Id NX, NXY;
  double InvX, InvXY;
  GridIndex(Id nx, Id ny)
    : NX(nx)
    , NXY(nx * ny)
    , InvX(1.0 / static_cast<double>(nx))
    , InvXY(1.0 / static_cast<double>(nx * ny))
  {
  }
  LOOM_EXEC static inline Id DivMod(Id p, Id d, double inv, Id& rest)
  {
    Id q = static_cast<Id>(static_cast<double>(p) * inv);
    Id r = p - q * d;
    if (r < 0)
    {
      --q;
      r += d;
    }
    else if (r >= d)
    {
      ++q;
      r -= d;
    }
    rest = r;
    return q;
  }
  LOOM_EXEC void operator()(Id p, Id ijk[3]) const
  {
    Id inPlane = 0;
    ijk[2] = DivMod(p, this->NXY, this->InvXY, inPlane);
    ijk[1] = DivMod(inPlane, this->NX, this->InvX, ijk[0]);
  }
};
} // namespace

FieldArray InterpolateEdges(const ContourEdges& edges, const FieldArray& pointField, loom::cont::DeviceId device)
{
  CheckEdges(edges);
  const Id n = edges.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(pointField.GetKind(), n, pointField.GetNumberOfComponents());
  CallWithKind(pointField.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = pointField.GetPortal<T>();
    const ComponentPortal<T> o = out.GetPortal<T>();
    const Id* a = edges.A.GetPointer();
    const Id* b = edges.B.GetPointer();
    const Float32* w = edges.Weight.GetPointer();
    contour::ForEach(device, n, 4096, [=](Id p) {
      for (IdComponent c = 0; c < in.NumberOfComponents; ++c)
      {
        const double va = static_cast<double>(in.Get(a[p], c)), vb = static_cast<double>(in.Get(b[p], c));
        o.Set(p, c, static_cast<T>(va + static_cast<double>(w[p]) * (vb - va)));
      }
    });
    return 0;
  });
  return out;
}

FieldArray GatherSourceCells(const loom::cont::ArrayHandle<Id>& sourceCells, const FieldArray& cellField,
                             loom::cont::DeviceId device)
{
  const Id n = sourceCells.GetNumberOfValues();
  FieldArray out = FieldArray::Allocate(cellField.GetKind(), n, cellField.GetNumberOfComponents());
  CallWithKind(cellField.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = cellField.GetPortal<T>();
    const ComponentPortal<T> o = out.GetPortal<T>();
    const Id* src = sourceCells.GetPointer();
    const Id cells = cellField.GetNumberOfTuples();
    for (Id t = 0; t < n; ++t)
      if (src[t] < 0 || src[t] >= cells)
        throw loom::cont::ErrorBadValue("source cell " + std::to_string(src[t]) + " is outside the " +
                                        std::to_string(cells) + " tuples of the cell field.");
    contour::ForEach(device, n, 4096, [=](Id t) {
      for (IdComponent c = 0; c < in.NumberOfComponents; ++c)
        o.Set(t, c, in.Get(src[t], c));
    });
    return 0;
  });
  return out;
}

FieldArray AxesEdgePoints(const ContourEdges& edges, const Id3& dims, const std::vector<double> axes[3],
                          ValueKind kind, loom::cont::DeviceId device)
{
  CheckEdges(edges);
  for (int d = 0; d < 3; ++d)
    if (static_cast<Id>(axes[d].size()) != dims[d])
      throw loom::cont::ErrorBadValue("contour points: axis " + std::to_string(d) + " has " +
                                      std::to_string(axes[d].size()) + " coordinates for " +
                                      std::to_string(dims[d]) + " points.");
  if (kind != ValueKind::Float32 && kind != ValueKind::Float64)
    throw loom::cont::ErrorBadType("contour points are float32 or float64.");
  const Id n = edges.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(kind, n, 3);
  const GridIndex index(dims[0], dims[1]);
  const double* ax[3] = { axes[0].data(), axes[1].data(), axes[2].data() };
  const Id* a = edges.A.GetPointer();
  const Id* b = edges.B.GetPointer();
  const Float32* w = edges.Weight.GetPointer();
  auto fill = [&](auto zero) {
    using T = decltype(zero);
    T* o = out.GetPortal<T>().Pointers[0];
    contour::ForEach(device, n, 4096, [=](Id p) {
      Id ia[3], ib[3];
      index(a[p], ia);
      index(b[p], ib);
      for (int d = 0; d < 3; ++d)
      {
        const double xa = ax[d][ia[d]], xb = ax[d][ib[d]];
        o[3 * p + d] = static_cast<T>(xa + static_cast<double>(w[p]) * (xb - xa));
      }
    });
  };
  if (kind == ValueKind::Float32)
    fill(Float32{});
  else
    fill(Float64{});
  return out;
}

FieldArray GradientNormals(const ContourEdges& edges, const Id3& dims, const FieldArray& field,
                           const std::vector<double> axes[3], loom::cont::DeviceId device)
{
  CheckEdges(edges);
  if (field.GetNumberOfTuples() != dims[0] * dims[1] * dims[2])
    throw loom::cont::ErrorBadValue("contour normals: the field does not have one value per grid point.");
  const Id n = edges.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(ValueKind::Float32, n, 3);
  Float32* o = out.GetPortal<Float32>().Pointers[0];
  const Id nx = dims[0], ny = dims[1];
  const GridIndex index(nx, ny);
  const Id strides[3] = { 1, nx, nx * ny };
  const Id size[3] = { dims[0], dims[1], dims[2] };
  const double* ax[3] = { axes[0].data(), axes[1].data(), axes[2].data() };
  const Id* a = edges.A.GetPointer();
  const Id* b = edges.B.GetPointer();
  const Float32* w = edges.Weight.GetPointer();
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> f = field.GetPortal<T>();
    contour::ForEach(device, n, 4096, [=](Id p) {
      double g[2][3];
      const Id ends[2] = { a[p], b[p] };
      for (int e = 0; e < 2; ++e)
      {
        Id ijk[3];
        index(ends[e], ijk);
        for (int d = 0; d < 3; ++d)
        {
          const Id lo = ijk[d] > 0 ? ijk[d] - 1 : ijk[d];
          const Id hi = ijk[d] + 1 < size[d] ? ijk[d] + 1 : ijk[d];
          const double dx = ax[d][hi] - ax[d][lo];
          const double df = static_cast<double>(f.Get(ends[e] + (hi - ijk[d]) * strides[d], 0)) -
                            static_cast<double>(f.Get(ends[e] - (ijk[d] - lo) * strides[d], 0));
          g[e][d] = dx != 0.0 ? df / dx : 0.0;
        }
      }
      double nrm[3], len = 0.0;
      for (int d = 0; d < 3; ++d)
      {
        nrm[d] = -(g[0][d] + static_cast<double>(w[p]) * (g[1][d] - g[0][d]));
        len += nrm[d] * nrm[d];
      }
      len = std::sqrt(len);
      for (int d = 0; d < 3; ++d)
        o[3 * p + d] = static_cast<Float32>(len > 0.0 ? nrm[d] / len : 0.0);
    });
    return 0;
  });
  return out;
}

FieldArray TriangleNormals(const FieldArray& points, const loom::cont::ArrayHandle<Id>& connectivity,
                           loom::cont::DeviceId)
{
  const Id n = points.GetNumberOfTuples();
  if (points.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("contour normals: points need 3 components.");
  std::vector<double> sum(static_cast<std::size_t>(3 * n), 0.0);
  const Id* conn = connectivity.GetPointer();
  const Id triangles = connectivity.GetNumberOfValues() / 3;
  auto accumulate = [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> x = points.GetPortal<T>();
    // One pass over the triangles (the sums at shared points make it a serial loop).
    for (Id t = 0; t < triangles; ++t)
    {
      const Id p[3] = { conn[3 * t], conn[3 * t + 1], conn[3 * t + 2] };
      double e1[3], e2[3];
      for (int d = 0; d < 3; ++d)
      {
        e1[d] = static_cast<double>(x.Get(p[1], d)) - static_cast<double>(x.Get(p[0], d));
        e2[d] = static_cast<double>(x.Get(p[2], d)) - static_cast<double>(x.Get(p[0], d));
      }
      const double c[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                            e1[0] * e2[1] - e1[1] * e2[0] };
      for (int q = 0; q < 3; ++q)
        for (int d = 0; d < 3; ++d)
          sum[static_cast<std::size_t>(3 * p[q] + d)] += c[d];
    }
  };
  if (points.GetKind() == ValueKind::Float64)
    accumulate(Float64{});
  else if (points.GetKind() == ValueKind::Float32)
    accumulate(Float32{});
  else
    throw loom::cont::ErrorBadType("contour normals: points must be float32 or float64.");
  FieldArray out = FieldArray::Allocate(ValueKind::Float32, n, 3);
  Float32* o = out.GetPortal<Float32>().Pointers[0];
  for (Id p = 0; p < n; ++p)
  {
    const double* s = &sum[static_cast<std::size_t>(3 * p)];
    const double len = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    for (int d = 0; d < 3; ++d)
      o[3 * p + d] = static_cast<Float32>(len > 0.0 ? s[d] / len : 0.0);
  }
  return out;
}
} // namespace algorithms
} // namespace loom
