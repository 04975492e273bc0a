// Loom algorithms: GridPoints, one raw loop per row of points (or per listed point).
#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/HostForEach.h>

namespace loom
{
namespace algorithms
{
namespace
{
template <typename T>
void Generate(const Id3& dims, const std::vector<double> axes[3], const loom::cont::ArrayHandle<Id>* ids, T* out,
              loom::cont::DeviceId device)
{
  const double* ax = axes[0].data();
  const double* ay = axes[1].data();
  const double* az = axes[2].data();
  const Id nx = dims[0], ny = dims[1];
  if (ids)
  {
    const Id* from = ids->ReadPortal().GetArray();
    HostForEach(device, ids->GetNumberOfValues(), 1 << 14, [=](Id t) {
      const Id p = from[t], i = p % nx, j = (p / nx) % ny, k = p / (nx * ny);
      for (int d = 0; d < 3; ++d)
        out[3 * t + d] = static_cast<T>(ax[3 * i + d] + ay[3 * j + d] + az[3 * k + d]);
    });
    return;
  }
  HostForEach(device, ny * dims[2], 16, dims[0], [=](Id row) {
    const Id j = row % ny, k = row / ny;
    const double base[3] = { ay[3 * j] + az[3 * k], ay[3 * j + 1] + az[3 * k + 1], ay[3 * j + 2] + az[3 * k + 2] };
    T* p = out + 3 * nx * row;
    for (Id i = 0; i < nx; ++i)
    {
      p[3 * i] = static_cast<T>(base[0] + ax[3 * i]);
      p[3 * i + 1] = static_cast<T>(base[1] + ax[3 * i + 1]);
      p[3 * i + 2] = static_cast<T>(base[2] + ax[3 * i + 2]);
    }
  });
}
} // namespace

FieldArray GridPoints(const Id3& pointDims, const std::vector<double> axes[3], ValueKind kind,
                      const loom::cont::ArrayHandle<Id>* ids, loom::cont::DeviceId device)
{
  for (int a = 0; a < 3; ++a)
    if (static_cast<Id>(axes[a].size()) != 3 * pointDims[a])
      throw loom::cont::ErrorBadValue("GridPoints: axis " + std::to_string(a) + " has " +
                                      std::to_string(axes[a].size()) + " values for " +
                                      std::to_string(pointDims[a]) + " points (3 per point expected).");
  const Id n = ids ? ids->GetNumberOfValues() : pointDims[0] * pointDims[1] * pointDims[2];
  const ValueKind k = kind == ValueKind::Float64 ? ValueKind::Float64 : ValueKind::Float32;
  FieldArray out = FieldArray::Allocate(k, n, 3);
  if (n == 0)
    return out;
  if (k == ValueKind::Float64)
    Generate(pointDims, axes, ids, out.GetPortal<Float64>().Pointers[0], device);
  else
    Generate(pointDims, axes, ids, out.GetPortal<Float32>().Pointers[0], device);
  return out;
}
} // namespace algorithms
} // namespace loom
