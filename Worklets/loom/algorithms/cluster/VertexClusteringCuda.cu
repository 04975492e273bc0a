// Loom algorithms, cluster family on CUDA: the passes of ClusterVertices after the bin grid
// (VertexClusteringImpl.h, the same passes the CPU devices run), with the Keys groupings on CUB and the
// least-error points by CUDA's 64-bit atomic minimums.
#include <loom/algorithms/cluster/VertexClusteringImpl.h>

namespace loom
{
namespace algorithms
{
VertexClusteringResult ClusterVerticesCuda(const FieldArray& positions, const VertexClusteringInput& input,
                                           const VertexClusteringOptions& options,
                                           const VertexClusteringResult& laidOut)
{
  using Tag = loom::cont::DeviceAdapterTagCuda;
  if (positions.GetKind() == ValueKind::Float32)
    return cluster::Passes<Tag, Float32>::Run(positions, input, options, laidOut);
  return cluster::Passes<Tag, Float64>::Run(positions, input, options, laidOut);
}
} // namespace algorithms
} // namespace loom
