// Loom algorithms, contour family: what the contour points carry: interpolated point fields,
// positions on uniform and rectilinear grids, and normals (from the field's gradient on grids, from
// the triangles elsewhere).
#include <loom/algorithms/PointSelection.h>
#include <loom/algorithms/contour/ContourFieldsImpl.h>

#include <cmath>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
using contour::GridIndex;

void CheckEdges(const ContourEdges& edges)
{
  if (edges.B.GetNumberOfValues() != edges.A.GetNumberOfValues() ||
      edges.Weight.GetNumberOfValues() != edges.A.GetNumberOfValues())
    throw loom::cont::ErrorBadValue("contour edges: A, B and Weight differ in length.");
}

contour::EdgePointers PointersOf(const ContourEdges& edges)
{
  return contour::EdgePointers{ edges.A.GetPointer(), edges.B.GetPointer(), edges.Weight.GetPointer() };
}
} // namespace

FieldArray InterpolateEdges(const ContourEdges& edges, const FieldArray& pointField, loom::cont::DeviceId device,
                            bool roundIntegers)
{
  CheckEdges(edges);
  return WithCudaFallback(
    device, "contour point field interpolation",
    [&](auto) { return contour::InterpolateEdgesCuda(edges, pointField, roundIntegers); },
    [&](loom::cont::DeviceId cpu) {
      const Id n = edges.GetNumberOfPoints();
      FieldArray out = FieldArray::Allocate(pointField.GetKind(), n, pointField.GetNumberOfComponents());
      CallWithKind(pointField.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        const contour::InterpolatePoint<T> body{ PointersOf(edges), pointField.GetPortal<T>(), out.GetPortal<T>(),
                                                 roundIntegers };
        contour::ForEach(cpu, n, 4096, body);
        return 0;
      });
      return out;
    });
}

OutputMask EdgePointsMask(const ContourEdges& edges, const OutputMask& inputPoints, Id numberOfInputPoints,
                          loom::cont::DeviceId device)
{
  CheckEdges(edges);
  const loom::cont::ArrayHandle<UInt8> selected = SelectionFlags(inputPoints, numberOfInputPoints, device);
  const Id n = edges.GetNumberOfPoints();
  OutputMask mask = MadePointsMask(inputPoints, n);
  const UInt8* in = selected.GetPointer();
  // Read, not written: device copies of the edges stay current for a CUDA interpolation.
  const contour::EdgePointers e{ edges.A.ReadPortal().GetArray(), edges.B.ReadPortal().GetArray(),
                                 edges.Weight.ReadPortal().GetArray() };
  UInt8* out = mask.Flags.GetPointer();
  contour::ForEach(device, n, 4096, [=](Id p) { out[p] = EdgePointSelected(in, e.A[p], e.B[p], e.W[p]); });
  return mask;
}

FieldArray InterpolateEdges(const ContourEdges& edges, const FieldArray& pointField, const OutputMask& pointsMask,
                            loom::cont::DeviceId device, bool roundIntegers)
{
  CheckEdges(edges);
  const Id n = edges.GetNumberOfPoints();
  if (pointsMask.Selection != OutputMask::Mode::Select || pointsMask.Flags.GetNumberOfValues() != n)
    throw loom::cont::ErrorBadValue("contour point mask: " + std::to_string(n) +
                                    " flags are needed, one per contour point.");
  return WithCudaFallback(
    device, "contour point field interpolation (masked)",
    [&](auto) {
      return contour::InterpolateEdgesCuda(edges, pointField, roundIntegers, &pointsMask.Flags, pointsMask.Fill);
    },
    [&](loom::cont::DeviceId cpu) {
      FieldArray out = FieldArray::Allocate(pointField.GetKind(), n, pointField.GetNumberOfComponents());
      const UInt8* flags = pointsMask.Flags.ReadPortal().GetArray();
      CallWithKind(pointField.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        const contour::InterpolatePoint<T> body{ PointersOf(edges), pointField.GetPortal<T>(), out.GetPortal<T>(),
                                                 roundIntegers };
        contour::ForEach(cpu, n, 4096,
                         SelectedPointsOnly<contour::InterpolatePoint<T>, T>{ body, flags, out.GetPortal<T>(),
                                                                              FillValueFor<T>(pointsMask.Fill) });
        return 0;
      });
      return out;
    });
}

loom::cont::ArrayHandle<Id> NearestEdgeEnds(const ContourEdges& edges)
{
  CheckEdges(edges);
  const Id n = edges.GetNumberOfPoints();
  loom::cont::ArrayHandle<Id> nearest;
  nearest.Allocate(n);
  const Id* a = edges.A.GetPointer();
  const Id* b = edges.B.GetPointer();
  const Float64* w = edges.Weight.GetPointer();
  Id* out = nearest.GetPointer();
  for (Id p = 0; p < n; ++p)
    out[p] = w[p] >= 0.5 ? b[p] : a[p];
  return nearest;
}

FieldArray GatherSourceCells(const loom::cont::ArrayHandle<Id>& sourceCells, const FieldArray& cellField,
                             loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "contour cell field gather", [&](auto) { return contour::GatherSourceCellsCuda(sourceCells, cellField); },
    [&](loom::cont::DeviceId cpu) {
      const Id n = sourceCells.GetNumberOfValues();
      const Id* src = sourceCells.GetPointer();
      const Id cells = cellField.GetNumberOfTuples();
      for (Id t = 0; t < n; ++t)
        if (src[t] < 0 || src[t] >= cells)
          throw loom::cont::ErrorBadValue("source cell " + std::to_string(src[t]) + " is outside the " +
                                          std::to_string(cells) + " tuples of the cell field.");
      FieldArray out = FieldArray::Allocate(cellField.GetKind(), n, cellField.GetNumberOfComponents());
      CallWithKind(cellField.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        contour::ForEach(cpu, n, 4096, contour::GatherTuple<T>{ src, cellField.GetPortal<T>(), out.GetPortal<T>() });
        return 0;
      });
      return out;
    });
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
  return WithCudaFallback(
    device, "contour point positions", [&](auto) { return contour::AxesEdgePointsCuda(edges, dims, axes, kind); },
    [&](loom::cont::DeviceId cpu) {
      const Id n = edges.GetNumberOfPoints();
      FieldArray out = FieldArray::Allocate(kind, n, 3);
      auto fill = [&](auto zero) {
        using T = decltype(zero);
        contour::AxesPoint<T> body;
        body.E = PointersOf(edges);
        body.Index = GridIndex(dims[0], dims[1]);
        for (int d = 0; d < 3; ++d)
          body.Axes[d] = axes[d].data();
        body.Out = out.GetPortal<T>().Pointers[0];
        contour::ForEach(cpu, n, 4096, body);
      };
      if (kind == ValueKind::Float32)
        fill(Float32{});
      else
        fill(Float64{});
      return out;
    });
}

FieldArray GradientNormals(const ContourEdges& edges, const Id3& dims, const FieldArray& field,
                           const std::vector<double> axes[3], loom::cont::DeviceId device)
{
  CheckEdges(edges);
  if (field.GetNumberOfTuples() != dims[0] * dims[1] * dims[2])
    throw loom::cont::ErrorBadValue("contour normals: the field does not have one value per grid point.");
  return WithCudaFallback(
    device, "contour gradient normals", [&](auto) { return contour::GradientNormalsCuda(edges, dims, field, axes); },
    [&](loom::cont::DeviceId cpu) {
      const Id n = edges.GetNumberOfPoints();
      FieldArray out = FieldArray::Allocate(ValueKind::Float32, n, 3);
      CallWithKind(field.GetKind(), [&](auto zero) {
        using T = decltype(zero);
        contour::GradientNormal<T> body;
        body.E = PointersOf(edges);
        body.Index = GridIndex(dims[0], dims[1]);
        for (int d = 0; d < 3; ++d)
        {
          body.Size[d] = dims[d];
          body.Axes[d] = axes[d].data();
        }
        body.Strides[0] = 1;
        body.Strides[1] = dims[0];
        body.Strides[2] = dims[0] * dims[1];
        body.Field = field.GetPortal<T>();
        body.Out = out.GetPortal<Float32>().Pointers[0];
        contour::ForEach(cpu, n, 4096, body);
        return 0;
      });
      return out;
    });
}

FieldArray TriangleNormals(const FieldArray& points, const loom::cont::ArrayHandle<Id>& connectivity,
                           loom::cont::DeviceId device)
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
    // One pass over the triangles, in order on the calling thread (the sums at shared points make it
    // serial), in pieces that report progress and honour an abort.
    auto range = [&](Id begin, Id end) {
      for (Id t = begin; t < end; ++t)
      {
        const Id p[3] = { conn[3 * t], conn[3 * t + 1], conn[3 * t + 2] };
        double e1[3], e2[3];
        for (int d = 0; d < 3; ++d)
        {
          e1[d] = static_cast<double>(x.Get(p[1], d)) - static_cast<double>(x.Get(p[0], d));
          e2[d] = static_cast<double>(x.Get(p[2], d)) - static_cast<double>(x.Get(p[0], d));
        }
        double c[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                        e1[0] * e2[1] - e1[1] * e2[0] };
        // Each triangle counts alike (its unit normal), as in vtkContourFilter's normals of unstructured
        // grids; a degenerate triangle adds nothing.
        const double length = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
        if (length == 0.0)
          continue;
        for (double& v : c)
          v /= length;
        for (int q = 0; q < 3; ++q)
          for (int d = 0; d < 3; ++d)
            sum[static_cast<std::size_t>(3 * p[q] + d)] += c[d];
      }
    };
    loom::cont::internal::CpuSequentialRanges(range, triangles);
  };
  if (points.GetKind() == ValueKind::Float64)
    accumulate(Float64{});
  else if (points.GetKind() == ValueKind::Float32)
    accumulate(Float32{});
  else
    throw loom::cont::ErrorBadType("contour normals: points must be float32 or float64.");
  FieldArray out = FieldArray::Allocate(ValueKind::Float32, n, 3);
  Float32* o = out.GetPortal<Float32>().Pointers[0];
  const double* sums = sum.data();
  HostForEach(device, n, 1 << 14, [=](Id p) {
    const double* s = sums + 3 * p;
    const double len = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    for (int d = 0; d < 3; ++d)
      o[3 * p + d] = static_cast<Float32>(len > 0.0 ? s[d] / len : 0.0);
  });
  return out;
}
} // namespace algorithms
} // namespace loom
