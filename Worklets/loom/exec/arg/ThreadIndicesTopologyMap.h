// Loom: thread indices of topology worklets: the basic indices plus the visited element's shape and
// the ids of its incident elements (a cell's points, or a point's cells).
#pragma once

#include <loom/exec/arg/ThreadIndicesBasic.h>

namespace loom
{
namespace exec
{
namespace arg
{
template <typename IndicesVec>
class ThreadIndicesTopologyMap : public ThreadIndicesBasic
{
public:
  LOOM_EXEC ThreadIndicesTopologyMap(Id threadIndex, Id inputIndex, Id outputIndex, IdComponent visit,
                                     const IndicesVec& incident, UInt8 shape)
    : ThreadIndicesBasic(threadIndex, inputIndex, outputIndex, visit)
    , Incident(incident)
    , Shape(shape)
  {
  }
  LOOM_EXEC const IndicesVec& GetIndicesIncident() const { return this->Incident; }
  LOOM_EXEC UInt8 GetCellShape() const { return this->Shape; }

private:
  IndicesVec Incident;
  UInt8 Shape;
};
} // namespace arg
} // namespace exec
} // namespace loom
