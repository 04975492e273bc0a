// Loom algorithms, histogram family on CUDA: the same passes as the CPU devices (HistogramImpl.h).
#include <loom/algorithms/histogram/HistogramCuda.h>
#include <loom/algorithms/histogram/HistogramImpl.h>

namespace loom
{
namespace algorithms
{
namespace histogram
{
HistogramRange RangeCuda(const FieldArray& values, const HistogramOptions& options)
{
  return HistogramPasses<loom::cont::DeviceAdapterTagCuda>::Range(values, options);
}
std::vector<Int64> CountsCuda(const FieldArray& values, const HistogramOptions& options, double min, double step,
                              double shift)
{
  return HistogramPasses<loom::cont::DeviceAdapterTagCuda>::Counts(values, options, min, step, shift);
}
} // namespace histogram
} // namespace algorithms
} // namespace loom
