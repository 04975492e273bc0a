// Loom algorithms, quality family on CUDA: the same worklet as the CPU devices (MeshQualityImpl.h).
#include <loom/algorithms/quality/MeshQualityCuda.h>
#include <loom/algorithms/quality/MeshQualityImpl.h>

namespace loom
{
namespace algorithms
{
namespace quality
{
void MeshQualityCuda(const CellSetAny& cells, const FieldArray& points, const int measure[QualityShapeCount],
                     const double average[QualityShapeCount], bool linearizeAll, FieldArray& quality,
                     FieldArray* linear, loom::cont::ArrayHandle<UInt8>& shapes)
{
  RunMeshQuality(cells, points, measure, average, linearizeAll, quality, linear, shapes, loom::cont::DeviceId::Cuda);
}
} // namespace quality
} // namespace algorithms
} // namespace loom
