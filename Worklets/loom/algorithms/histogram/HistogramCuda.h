// Loom algorithms, histogram family: the CUDA entries, compiled by nvcc in HistogramCuda.cu; the family's
// calls hand them a request that resolves to CUDA.
#pragma once

#include <loom/algorithms/histogram/Histogram.h>

namespace loom
{
namespace algorithms
{
namespace histogram
{
HistogramRange RangeCuda(const FieldArray& values, const HistogramOptions& options);
std::vector<Int64> CountsCuda(const FieldArray& values, const HistogramOptions& options, double min, double step,
                              double shift);
} // namespace histogram
} // namespace algorithms
} // namespace loom
