// Loom algorithms, gradient family on the CPU devices (every value kind, cell set and mask
// instantiated here); CUDA requests go to GradientCuda.cu.
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/gradient/GradientCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/gradient/GradientImpl.h>

#include <set>

namespace loom
{
namespace algorithms
{
GradientResult StructuredGradient(const PointPositions& geometry, const FieldArray& field, bool cellField,
                                  const GradientOptions& options, const OutputMask& mask, loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "structuredGradient",
    [&](auto) { return gradient::StructuredGradientCuda(geometry, field, cellField, options, mask, device); },
    [&](loom::cont::DeviceId cpu) { return gradient::RunStructured(geometry, field, cellField, options, mask, cpu); });
}

GradientResult CellGradient(const CellSetAny& cells, const FieldArray& points, const FieldArray& field, bool cellField,
                            const GradientOptions& options, const OutputMask& mask, loom::cont::DeviceId device)
{
  return WithCudaFallback(
    device, "cellGradient",
    [&](auto) { return gradient::CellGradientCuda(cells, points, field, cellField, options, mask, device); },
    [&](loom::cont::DeviceId cpu) {
      return gradient::RunCells(cells, points, field, cellField, options, mask, cpu);
    });
}

std::string UnsupportedGradientCells(const CellSetAny& cellSet)
{
  static const char* const names[] = { "empty cell", "vertex",   "poly-vertex", "line",       "poly-line",
                                       "triangle",   "triangle strip", "polygon", "pixel",      "quad",
                                       "tetrahedron", "voxel",   "hexahedron",  "wedge",      "pyramid" };
  std::set<int> missing;
  std::visit(
    [&](const auto& cells) {
      using CellSetType = std::decay_t<decltype(cells)>;
      if constexpr (std::is_same<CellSetType, loom::cont::CellSetExplicit<Int32, Int32>>::value ||
                    std::is_same<CellSetType, loom::cont::CellSetExplicit<Int64, Int64>>::value)
      {
        const auto shapes = cells.GetShapes().ReadPortal();
        const auto offsets = cells.GetOffsets().ReadPortal();
        for (Id c = 0; c < shapes.GetNumberOfValues(); ++c)
        {
          const UInt8 s = shapes.Get(c);
          if (!gradient::Differentiable(s, static_cast<IdComponent>(offsets.Get(c + 1) - offsets.Get(c))))
            missing.insert(s);
        }
      }
    },
    cellSet);
  std::string list;
  for (int s : missing)
    list += (list.empty() ? "" : ", ") + std::string(s < 15 ? names[s] : "cell") + " (VTK cell type " +
      std::to_string(s) + ")";
  return list;
}
} // namespace algorithms
} // namespace loom
