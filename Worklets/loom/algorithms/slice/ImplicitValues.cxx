// Loom algorithms, slice family: implicit function values at points (a map over points or grid rows).
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/slice/ImplicitFunction.h>

namespace loom
{
namespace algorithms
{
FieldArray ImplicitValues(const ImplicitFunction& function, const FieldArray* points, const Id3& pointDims,
                          const std::vector<double> axes[3], loom::cont::DeviceId device)
{
  if (points)
  {
    if (points->GetNumberOfComponents() != 3)
      throw loom::cont::ErrorBadValue("ImplicitValues: points have " +
                                      std::to_string(points->GetNumberOfComponents()) + " components, not 3.");
    const Id n = points->GetNumberOfTuples();
    FieldArray out = FieldArray::Allocate(ValueKind::Float64, n, 1);
    double* v = out.GetPortal<Float64>().Pointers[0];
    auto run = [&](auto zero) {
      using T = decltype(zero);
      const ComponentPortal<T> p = points->GetPortal<T>();
      HostForEach(device, n, 1 << 14, [=](Id i) {
        v[i] = function.Evaluate(static_cast<double>(p.Get(i, 0)), static_cast<double>(p.Get(i, 1)),
                                 static_cast<double>(p.Get(i, 2)));
      });
    };
    if (points->GetKind() == ValueKind::Float64)
      run(Float64{});
    else if (points->GetKind() == ValueKind::Float32)
      run(Float32{});
    else
      throw loom::cont::ErrorBadType(std::string("ImplicitValues: points of ") + ValueKindName(points->GetKind()) +
                                     " (float32 or float64 expected).");
    return out;
  }
  for (int a = 0; a < 3; ++a)
    if (static_cast<Id>(axes[a].size()) != 3 * pointDims[a])
      throw loom::cont::ErrorBadValue("ImplicitValues: axis " + std::to_string(a) + " does not match the grid.");
  const Id nx = pointDims[0], ny = pointDims[1];
  FieldArray out = FieldArray::Allocate(ValueKind::Float64, nx * ny * pointDims[2], 1);
  double* v = out.GetPortal<Float64>().Pointers[0];
  const double* ax = axes[0].data();
  const double* ay = axes[1].data();
  const double* az = axes[2].data();
  HostForEach(device, ny * pointDims[2], 4, pointDims[0], [=](Id row) {
    const Id j = row % ny, k = row / ny;
    const double base[3] = { ay[3 * j] + az[3 * k], ay[3 * j + 1] + az[3 * k + 1], ay[3 * j + 2] + az[3 * k + 2] };
    double* o = v + row * nx;
    for (Id i = 0; i < nx; ++i)
      o[i] = function.Evaluate(base[0] + ax[3 * i], base[1] + ax[3 * i + 1], base[2] + ax[3 * i + 2]);
  });
  return out;
}
} // namespace algorithms
} // namespace loom
