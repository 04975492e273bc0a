// Loom algorithms, threshold family on CUDA: the same worklets as the CPU devices (ThresholdImpl.h),
// on the seeds' per-output path; the kept cells' layout comes back to the host when VTK reads it.
#include <loom/algorithms/threshold/ThresholdCuda.h>
#include <loom/algorithms/threshold/ThresholdImpl.h>

namespace loom
{
namespace algorithms
{
namespace threshold
{
loom::cont::ArrayHandle<UInt8> ThresholdCellsCuda(const CellSetAny& cells, const FieldArray& field,
                                                  const ThresholdOptions& options)
{
  return std::visit([&](const auto& c) { return RunThresholdCells(c, field, options, loom::cont::DeviceId::Cuda); },
                    cells);
}
CellSubset ExtractCellsCuda(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& keep,
                            StructuredCellKind kind)
{
  return std::visit([&](const auto& c) { return RunExtractCells(c, keep, kind, loom::cont::DeviceId::Cuda); },
                    cells);
}
} // namespace threshold
} // namespace algorithms
} // namespace loom
