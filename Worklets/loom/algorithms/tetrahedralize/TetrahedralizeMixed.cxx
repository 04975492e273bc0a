// Loom algorithms: tetrahedralize, the counting path for mixed cells (every cell set instantiated here).
#include <loom/algorithms/tetrahedralize/TetrahedralizeImpl.h>

namespace loom
{
namespace algorithms
{
namespace tetrahedralize
{
void RunMixedCells(const CellSetAny& cells, bool five, loom::cont::DeviceId device, SimplexCells& result)
{
  // Structured 2D and 3D grids take the uniform paths (Tetrahedralize.cxx).
  std::visit(
    [&](const auto& c) {
      using C = std::decay_t<decltype(c)>;
      if constexpr (std::is_same<C, loom::cont::CellSetStructured<2>>::value ||
                    std::is_same<C, loom::cont::CellSetStructured<3>>::value)
        throw loom::cont::ErrorBadValue("Tetrahedralize: structured 2D and 3D grids take the uniform path.");
      else
        RunMixedAnyIds(c, five, device, result);
    },
    cells);
}
} // namespace tetrahedralize
} // namespace algorithms
} // namespace loom
