// Loom algorithms, measure family: CellSize's checks, the device choice and the sums (the CPU
// instantiations of the worklet are here).
#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/measure/CellSizeCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/measure/CellSizeImpl.h>

#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
// The sum of the values not flagged in `skip`: fixed blocks summed in order, then the block sums in
// order, so the result does not depend on the threads that ran.
double Sum(const FieldArray& values, const loom::cont::ArrayHandle<UInt8>& skip, loom::cont::DeviceId device)
{
  constexpr Id block = Id(1) << 14;
  const Id n = values.GetNumberOfTuples(), blocks = (n + block - 1) / block;
  const Float64* v = values.GetPortal<Float64>().Pointers[0];
  const UInt8* flags = skip.GetNumberOfValues() > 0 ? skip.ReadPortal().GetArray() : nullptr;
  std::vector<double> partial(static_cast<std::size_t>(blocks), 0.0);
  double* sums = partial.data();
  HostForEach(device, blocks, 1, block, [=](Id b) {
    double s = 0.0;
    for (Id i = b * block; i < n && i < (b + 1) * block; ++i)
      s += flags && flags[i] ? 0.0 : v[i];
    sums[b] = s;
  });
  double total = 0.0;
  for (double s : partial)
    total += s;
  return total;
}
} // namespace

CellSizes CellSize(const CellSetAny& cells, const FieldArray& points, const CellSizeOptions& options,
                   const loom::cont::ArrayHandle<UInt8>& skip)
{
  const Id n = NumberOfCells(cells);
  CheckXyzPoints(cells, points, "CellSize takes");
  if (skip.GetNumberOfValues() != 0 && skip.GetNumberOfValues() != n)
    throw loom::cont::ErrorBadValue("CellSize: " + std::to_string(skip.GetNumberOfValues()) + " skip flags for " +
                                    std::to_string(n) + " cells.");
  CellSizes sizes;
  for (int d = 0; d < 4; ++d)
    if (options.Measure[d])
      sizes.Size[d] = FieldArray::Allocate(ValueKind::Float64, n, 1);
  if (n == 0)
    return sizes;
  WithCudaFallback(
    options.Device, "cellSize",
    [&](auto) {
      measure::CellSizeCuda(cells, points, options, sizes);
      return 0;
    },
    [&](loom::cont::DeviceId cpu) {
      measure::RunCellSize(cells, points, options, sizes, cpu);
      return 0;
    });
  for (int d = 0; d < 4; ++d)
    if (options.Sum && options.Measure[d])
      sizes.Sum[d] = Sum(sizes.Size[d], skip, options.Device);
  return sizes;
}
} // namespace algorithms
} // namespace loom
