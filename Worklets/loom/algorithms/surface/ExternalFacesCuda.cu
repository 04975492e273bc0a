// Loom algorithms, surface family on CUDA: the data-parallel passes of ExternalFacesImpl.h (the same
// passes the CPU devices run in the tests) with CUDA's atomics, scans and one thread per cell, face or
// point. The output stays on the GPU until VTK reads it.
#include <loom/algorithms/surface/ExternalFacesImpl.h>

namespace loom
{
namespace algorithms
{
namespace surface
{
ExternalFacesResult ExplicitFacesCuda(const loom::cont::CellSetExplicit<Int32, Int32>& cells,
                                      const ExternalFacesOptions& options)
{
  return parallel::ExplicitFacesParallel<loom::cont::DeviceAdapterTagCuda>(cells, options);
}
ExternalFacesResult ExplicitFacesCuda(const loom::cont::CellSetExplicit<Int64, Int64>& cells,
                                      const ExternalFacesOptions& options)
{
  return parallel::ExplicitFacesParallel<loom::cont::DeviceAdapterTagCuda>(cells, options);
}
} // namespace surface
} // namespace algorithms
} // namespace loom
