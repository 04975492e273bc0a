// Loom algorithms: threshold entries (checks, the device choice, and the CPU instantiations).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/threshold/ThresholdCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/threshold/ThresholdImpl.h>

namespace loom
{
namespace algorithms
{
loom::cont::ArrayHandle<UInt8> ThresholdCells(const CellSetAny& cells, const FieldArray& field,
                                              const ThresholdOptions& options, loom::cont::ArrayHandle<UInt8>* usedPoints)
{
  if (usedPoints)
    *usedPoints = loom::cont::ArrayHandle<UInt8>();
  const Id expected = options.PointField ? NumberOfPoints(cells) : NumberOfCells(cells);
  if (field.GetNumberOfTuples() != expected)
    throw loom::cont::ErrorBadValue(std::string("the ") + (options.PointField ? "point" : "cell") + " field has " +
                                    std::to_string(field.GetNumberOfTuples()) + " tuples but the dataset has " +
                                    std::to_string(expected) + (options.PointField ? " points." : " cells."));
  const IdComponent components = field.GetNumberOfComponents();
  if (options.ComponentMode == ThresholdOptions::Components::Selected &&
      (options.Component < 0 || options.Component > components || (components == 1 && options.Component == 1)))
    throw loom::cont::ErrorBadValue("component " + std::to_string(options.Component) + " of a field of " +
                                    std::to_string(components) + " component" + (components == 1 ? "" : "s") +
                                    (components > 1 ? " (0 to " + std::to_string(components - 1) + ", or " +
                                                        std::to_string(components) + " for the magnitude)"
                                                    : "") +
                                    " does not exist.");
  return WithCudaFallback(
    options.Device, "threshold", [&](auto) { return threshold::ThresholdCellsCuda(cells, field, options); },
    [&](loom::cont::DeviceId cpu) {
      return std::visit(
        [&](const auto& c) { return threshold::RunThresholdCells(c, field, options, cpu, usedPoints); }, cells);
    });
}

CellSubset ExtractCells(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& keep, StructuredCellKind kind,
                        loom::cont::DeviceId device, const loom::cont::ArrayHandle<UInt8>& usedPoints)
{
  if (keep.GetNumberOfValues() != NumberOfCells(cells))
    throw loom::cont::ErrorBadValue("ExtractCells: " + std::to_string(keep.GetNumberOfValues()) + " flags for " +
                                    std::to_string(NumberOfCells(cells)) + " cells.");
  const Id used = usedPoints.GetNumberOfValues();
  if (used != 0 && used != NumberOfPoints(cells))
    throw loom::cont::ErrorBadValue("ExtractCells: " + std::to_string(used) + " used-point flags for " +
                                    std::to_string(NumberOfPoints(cells)) + " points.");
  return WithCudaFallback(
    device, "extractCells", [&](auto) { return threshold::ExtractCellsCuda(cells, keep, kind); },
    [&](loom::cont::DeviceId cpu) {
      return std::visit([&](const auto& c) { return threshold::RunExtractCells(c, keep, kind, cpu, usedPoints); },
                        cells);
    });
}

CellSubset Threshold(const CellSetAny& cells, const FieldArray& field, const ThresholdOptions& options,
                     StructuredCellKind kind)
{
  loom::cont::ArrayHandle<UInt8> used;
  const loom::cont::ArrayHandle<UInt8> keep = ThresholdCells(cells, field, options, &used);
  return ExtractCells(cells, keep, kind, options.Device, used);
}
} // namespace algorithms
} // namespace loom
