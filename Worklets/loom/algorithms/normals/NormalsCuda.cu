// Loom algorithms, normals family on CUDA: the same passes as the CPU devices (NormalsImpl.h).
#include <loom/algorithms/normals/NormalsCuda.h>
#include <loom/algorithms/normals/NormalsImpl.h>

namespace loom
{
namespace algorithms
{
namespace normals
{
SurfaceNormalsResult SurfaceNormalsCuda(const CellArrays& polygons, Id numberOfPoints, const FieldArray& points,
                                        const SurfaceNormalsOptions& options)
{
  using Cuda = loom::cont::DeviceAdapterTagCuda;
  if (polygons.Is64Bit)
    return NormalPasses<Cuda, Int64>::Run(polygons.Offsets64, polygons.Connectivity64, numberOfPoints, points, options,
                                          loom::cont::DeviceId::Cuda);
  return NormalPasses<Cuda, Int32>::Run(polygons.Offsets32, polygons.Connectivity32, numberOfPoints, points, options,
                                        loom::cont::DeviceId::Cuda);
}
} // namespace normals
} // namespace algorithms
} // namespace loom
