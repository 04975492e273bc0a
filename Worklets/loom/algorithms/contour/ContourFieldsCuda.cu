// Loom algorithms, contour family on CUDA: what the contour points carry, one GPU thread per point
// (or primitive), with the same per-point bodies as the CPU loops (ContourFieldsImpl.h). Fields are
// read and written through their device copies; the grid axes go to the GPU once per call.
#include <loom/algorithms/PointSelection.h>
#include <loom/algorithms/contour/ContourFieldsImpl.h>

#include <loom/cont/Algorithm.h>

#include <string>
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
using loom::cont::cuda::DeviceRead;

EdgePointers DevicePointersOf(const ContourEdges& edges)
{
  return EdgePointers{ DeviceRead(edges.A), DeviceRead(edges.B), DeviceRead(edges.Weight) };
}

// The three axes in one device array; Axes[d] point into it.
struct DeviceAxes
{
  loom::cont::ArrayHandle<double> Values;
  const double* Axes[3] = {};
  explicit DeviceAxes(const std::vector<double> axes[3])
  {
    std::vector<double> all;
    for (int d = 0; d < 3; ++d)
      all.insert(all.end(), axes[d].begin(), axes[d].end());
    this->Values = loom::cont::make_ArrayHandle(all);
    const double* base = DeviceRead(this->Values);
    std::size_t at = 0;
    for (int d = 0; d < 3; ++d)
    {
      this->Axes[d] = base + at;
      at += axes[d].size();
    }
  }
};
} // namespace

FieldArray InterpolateEdgesCuda(const ContourEdges& edges, const FieldArray& pointField, bool roundIntegers,
                                const loom::cont::ArrayHandle<UInt8>* flags, double fill)
{
  const Id n = edges.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(pointField.GetKind(), n, pointField.GetNumberOfComponents());
  CallWithKind(pointField.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> to = out.GetDevicePortal<T>(true, false);
    const InterpolatePoint<T> body{ DevicePointersOf(edges), pointField.GetDevicePortal<T>(false, false), to,
                                    roundIntegers };
    if (!flags)
      CudaAlgorithm::Schedule(body, n);
    else
      CudaAlgorithm::Schedule(SelectedPointsOnly<InterpolatePoint<T>, T>{ body, DeviceRead(*flags), to, FillValueFor<T>(fill) },
                              n);
    return 0;
  });
  return out;
}

FieldArray GatherSourceCellsCuda(const loom::cont::ArrayHandle<Id>& sourceCells, const FieldArray& cellField)
{
  const Id n = sourceCells.GetNumberOfValues();
  const Id cells = cellField.GetNumberOfTuples();
  if (n > 0)
  {
    const Id lowest = CudaAlgorithm::Reduce(sourceCells, Id(0), loom::Minimum{});
    const Id highest = CudaAlgorithm::Reduce(sourceCells, Id(-1), loom::Maximum{});
    if (lowest < 0 || highest >= cells)
      throw loom::cont::ErrorBadValue("source cell " + std::to_string(lowest < 0 ? lowest : highest) +
                                      " is outside the " + std::to_string(cells) + " tuples of the cell field.");
  }
  FieldArray out = FieldArray::Allocate(cellField.GetKind(), n, cellField.GetNumberOfComponents());
  CallWithKind(cellField.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    CudaAlgorithm::Schedule(GatherTuple<T>{ DeviceRead(sourceCells),
                                            cellField.GetDevicePortal<T>(false, false),
                                            out.GetDevicePortal<T>(true, false) },
                            n);
    return 0;
  });
  return out;
}

FieldArray AxesEdgePointsCuda(const ContourEdges& edges, const Id3& dims, const std::vector<double> axes[3],
                              ValueKind kind)
{
  const Id n = edges.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(kind, n, 3);
  const DeviceAxes device(axes);
  auto fill = [&](auto zero) {
    using T = decltype(zero);
    AxesPoint<T> body;
    body.E = DevicePointersOf(edges);
    body.Index = GridIndex(dims[0], dims[1]);
    for (int d = 0; d < 3; ++d)
      body.Axes[d] = device.Axes[d];
    body.Out = out.GetDevicePortal<T>(true, false).Pointers[0];
    CudaAlgorithm::Schedule(body, n);
  };
  if (kind == ValueKind::Float32)
    fill(Float32{});
  else
    fill(Float64{});
  return out;
}

FieldArray GradientNormalsCuda(const ContourEdges& edges, const Id3& dims, const FieldArray& field,
                               const std::vector<double> axes[3])
{
  const Id n = edges.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(ValueKind::Float32, n, 3);
  const DeviceAxes device(axes);
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    GradientNormal<T> body;
    body.E = DevicePointersOf(edges);
    body.Index = GridIndex(dims[0], dims[1]);
    for (int d = 0; d < 3; ++d)
    {
      body.Size[d] = dims[d];
      body.Axes[d] = device.Axes[d];
    }
    body.Strides[0] = 1;
    body.Strides[1] = dims[0];
    body.Strides[2] = dims[0] * dims[1];
    body.Field = field.GetDevicePortal<T>(false, false);
    body.Out = out.GetDevicePortal<Float32>(true, false).Pointers[0];
    CudaAlgorithm::Schedule(body, n);
    return 0;
  });
  return out;
}
} // namespace contour
} // namespace algorithms
} // namespace loom
