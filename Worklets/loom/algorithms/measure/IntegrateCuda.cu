// Loom algorithms, measure family on CUDA: Integrate's passes, the same as the CPU devices' (IntegrateImpl.h).
#include <loom/algorithms/measure/IntegrateCuda.h>
#include <loom/algorithms/measure/IntegrateImpl.h>

namespace loom
{
namespace algorithms
{
namespace measure
{
std::vector<double> IntegrateBlocksCuda(const CellSetAny& cells, const FieldArray& points,
                                        const std::vector<FieldArray>& pointFields,
                                        const std::vector<FieldArray>& cellFields, const IntegrateOptions& options,
                                        const loom::cont::ArrayHandle<UInt8>& skip, int dimension)
{
  return IntegratePasses<loom::cont::DeviceAdapterTagCuda>::Sums(cells, points, pointFields, cellFields, options,
                                                                   skip, dimension);
}
int HighestDimensionCuda(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& skip)
{
  return IntegratePasses<loom::cont::DeviceAdapterTagCuda>::HighestDimension(cells, skip);
}
} // namespace measure
} // namespace algorithms
} // namespace loom
