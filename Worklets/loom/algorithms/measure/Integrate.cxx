// Loom algorithms, measure family: Integrate's checks, the device choice and the blocks added in order (the
// CPU instantiations of its passes are here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/measure/IntegrateCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/measure/IntegrateImpl.h>

#include <string>

namespace loom
{
namespace algorithms
{
namespace
{
void CheckFields(const std::vector<FieldArray>& fields, Id tuples, const char* side)
{
  for (const FieldArray& f : fields)
    if (f.GetNumberOfTuples() != tuples)
      throw loom::cont::ErrorBadValue(std::string("Integrate: a ") + side + " field has " +
                                      std::to_string(f.GetNumberOfTuples()) + " tuples for " + std::to_string(tuples) +
                                      " " + side + "s.");
}
} // namespace

Integrals Integrate(const CellSetAny& cells, const FieldArray& points, const std::vector<FieldArray>& pointFields,
                    const std::vector<FieldArray>& cellFields, const IntegrateOptions& options,
                    const loom::cont::ArrayHandle<UInt8>& skip)
{
  const Id n = NumberOfCells(cells);
  if (points.GetNumberOfComponents() != 3 || points.GetNumberOfTuples() != NumberOfPoints(cells))
    throw loom::cont::ErrorBadValue("Integrate: the points (" + std::to_string(points.GetNumberOfTuples()) +
                                    " tuples of " + std::to_string(points.GetNumberOfComponents()) +
                                    " components) do not match the cells' " + std::to_string(NumberOfPoints(cells)) +
                                    " xyz points.");
  if (points.GetKind() != ValueKind::Float32 && points.GetKind() != ValueKind::Float64)
    throw loom::cont::ErrorBadType(std::string("Integrate: the points hold ") + ValueKindName(points.GetKind()) +
                                   "; it takes float32 or float64 points.");
  if (skip.GetNumberOfValues() != 0 && skip.GetNumberOfValues() != n)
    throw loom::cont::ErrorBadValue("Integrate: " + std::to_string(skip.GetNumberOfValues()) + " skip flags for " +
                                    std::to_string(n) + " cells.");
  CheckFields(pointFields, points.GetNumberOfTuples(), "point");
  CheckFields(cellFields, n, "cell");

  Integrals result;
  for (const FieldArray& f : pointFields)
    result.PointFields.emplace_back(static_cast<std::size_t>(f.GetNumberOfComponents()), 0.0);
  for (const FieldArray& f : cellFields)
    result.CellFields.emplace_back(static_cast<std::size_t>(f.GetNumberOfComponents()), 0.0);
  if (n == 0)
    return result;

  // The highest dimension first (a cheap pass over the shapes), then the cells of that dimension.
  const int dimension = WithCudaFallback(
    options.Device, "integrate", [&](auto) { return measure::HighestDimensionCuda(cells, skip); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        return measure::IntegratePasses<decltype(tag)>::HighestDimension(cells, skip);
      });
    });
  if (dimension < 1)
    return result;
  result.Dimension = dimension;
  const std::vector<double> sums = WithCudaFallback(
    options.Device, "integrate",
    [&](auto) { return measure::IntegrateBlocksCuda(cells, points, pointFields, cellFields, options, skip, dimension); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        return measure::IntegratePasses<decltype(tag)>::Sums(cells, points, pointFields, cellFields, options, skip,
                                                             dimension);
      });
    });

  // The blocks in order, each block's sum and compensation into one compensated total per quantity.
  const Id blocks = measure::BlockCount(n);
  const std::size_t width = static_cast<std::size_t>(measure::Width(pointFields, cellFields));
  std::vector<double> total(width, 0.0);
  for (std::size_t q = 0; q < width; ++q)
  {
    double s[2] = { 0.0, 0.0 };
    for (Id b = 0; b < blocks; ++b)
    {
      const double* row = sums.data() + static_cast<std::size_t>(b) * 2 * width;
      measure::AddCompensated(s, 1, row[q]);
      measure::AddCompensated(s, 1, row[width + q]);
    }
    total[q] = s[0] + s[1];
  }
  result.Measure = total[0];
  for (int j = 0; j < 3; ++j)
    result.Center[j] = total[1 + j];
  std::size_t at = measure::FirstField;
  for (auto& field : result.PointFields)
    for (double& v : field)
      v = total[at++];
  for (auto& field : result.CellFields)
    for (double& v : field)
      v = total[at++];
  return result;
}
} // namespace algorithms
} // namespace loom
