// Loom algorithms, contour family on CUDA: the structured (flying-edges) path of images, rectilinear and
// structured grids, by the passes of ContourStructuredPasses.h (one GPU thread per row of points, the
// rows' totals scanned by CUB, the case tables in GPU memory). The field is read from the GPU once per
// pass and only crossed edges are written; the output stays there until VTK reads it.
#include <loom/algorithms/contour/ContourStructuredPasses.h>
#include <loom/algorithms/contour/ContourWorklets.h>

namespace loom
{
namespace algorithms
{
namespace contour
{
template <typename T>
bool ContourStructuredCuda(const Id3& dims, const loom::cont::ArrayHandle<T>& field, const ContourOptions& options,
                           ContourResult& result)
{
  return FlyingEdgesPasses<loom::cont::DeviceAdapterTagCuda, T>(dims, field, options, GetDeviceTables(), result);
}
template bool ContourStructuredCuda<Float32>(const Id3&, const loom::cont::ArrayHandle<Float32>&,
                                             const ContourOptions&, ContourResult&);
template bool ContourStructuredCuda<Float64>(const Id3&, const loom::cont::ArrayHandle<Float64>&,
                                             const ContourOptions&, ContourResult&);
} // namespace contour
} // namespace algorithms
} // namespace loom
