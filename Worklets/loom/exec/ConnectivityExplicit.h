// Loom: execution-side connectivity of explicit cell sets: shapes, offsets (one more than elements)
// and connectivity portals of any integer type (so VTK's 32- and 64-bit cell arrays fit unchanged).
// The same class holds the reverse (point-to-cell) connectivity.
#pragma once

#include <loom/exec/VecFromPortal.h>

namespace loom
{
namespace exec
{
template <typename ShapesPortal, typename OffsetsPortal, typename ConnectivityPortal>
class ConnectivityExplicit
{
public:
  using IndicesType = VecFromPortal<ConnectivityPortal>;

  ConnectivityExplicit() = default;
  LOOM_EXEC_CONT ConnectivityExplicit(const ShapesPortal& shapes, const OffsetsPortal& offsets,
                                      const ConnectivityPortal& connectivity)
    : Shapes(shapes)
    , Offsets(offsets)
    , Connectivity(connectivity)
  {
  }
  LOOM_EXEC Id GetNumberOfElements() const { return this->Offsets.GetNumberOfValues() - 1; }
  LOOM_EXEC UInt8 GetCellShape(Id element) const { return static_cast<UInt8>(this->Shapes.Get(element)); }
  LOOM_EXEC IdComponent GetNumberOfIndices(Id element) const
  {
    return static_cast<IdComponent>(this->Offsets.Get(element + 1) - this->Offsets.Get(element));
  }
  LOOM_EXEC IndicesType GetIndices(Id element) const
  {
    const Id begin = static_cast<Id>(this->Offsets.Get(element));
    return IndicesType(this->Connectivity, begin,
                       static_cast<IdComponent>(static_cast<Id>(this->Offsets.Get(element + 1)) - begin));
  }

private:
  ShapesPortal Shapes{};
  OffsetsPortal Offsets{};
  ConnectivityPortal Connectivity{};
};
} // namespace exec
} // namespace loom
