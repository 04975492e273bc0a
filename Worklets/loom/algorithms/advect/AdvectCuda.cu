// Loom algorithms, advect family on CUDA: one thread per particle (a count run and a write run, TaskOutput.h)
// and per line.
#include <loom/algorithms/advect/AdvectCuda.h>
#include <loom/algorithms/advect/AdvectImpl.h>

namespace loom
{
namespace algorithms
{
namespace advect
{
using Cuda = Passes<loom::cont::DeviceAdapterTagCuda>;

Streamlines AdvectCuda(const CellLocator::Data& data, const FieldArray& vectors, const FieldArray& seeds,
                       const loom::cont::ArrayHandle<Int8>& forward, const AdvectOptions& options)
{
  if (vectors.GetKind() == ValueKind::Float32)
    return Cuda::Advect<Float32, Float64>(data, vectors, seeds, forward, options);
  return Cuda::Advect<Float64, Float64>(data, vectors, seeds, forward, options);
}
loom::cont::ArrayHandle<Float64> StreamNormalsCuda(const loom::cont::ArrayHandle<Float32>& points,
                                                   const loom::cont::ArrayHandle<Id>& lineOffsets,
                                                   const FieldArray& velocity,
                                                   const loom::cont::ArrayHandle<Float64>& rotation)
{
  if (velocity.GetKind() == ValueKind::Float32)
    return Cuda::Normals<Float32>(points, lineOffsets, velocity, rotation);
  return Cuda::Normals<Float64>(points, lineOffsets, velocity, rotation);
}
} // namespace advect
} // namespace algorithms
} // namespace loom
