// Loom algorithms, histogram family: the checks, the device choice and the bins' arithmetic (the CPU
// instantiations of the passes are here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/histogram/HistogramCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/histogram/HistogramImpl.h>

#include <string>

namespace loom
{
namespace algorithms
{
namespace
{
void Check(const FieldArray& values, const HistogramOptions& options, const char* call)
{
  if (options.Component < 0 || options.Component > values.GetNumberOfComponents())
    throw loom::cont::ErrorBadValue(std::string(call) + ": component " + std::to_string(options.Component) +
                                    " of a field of " + std::to_string(values.GetNumberOfComponents()) +
                                    " components (the magnitude is component " +
                                    std::to_string(values.GetNumberOfComponents()) + ").");
  if (options.Ghosts.GetNumberOfValues() != 0 && options.Ghosts.GetNumberOfValues() != values.GetNumberOfTuples())
    throw loom::cont::ErrorBadValue(std::string(call) + ": " + std::to_string(options.Ghosts.GetNumberOfValues()) +
                                    " ghost flags for " + std::to_string(values.GetNumberOfTuples()) + " values.");
}
} // namespace

HistogramRange FiniteRange(const FieldArray& values, const HistogramOptions& options)
{
  Check(values, options, "FiniteRange");
  if (values.GetNumberOfTuples() == 0)
    return HistogramRange();
  return WithCudaFallback(
    options.Device, "histogramRange", [&](auto) { return histogram::RangeCuda(values, options); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(
        cpu, [&](auto tag) { return histogram::HistogramPasses<decltype(tag)>::Range(values, options); });
    });
}

double BinStep(double min, double max, Id bins, bool centerBinsAroundMinAndMax)
{
  return (max - min) / static_cast<double>(centerBinsAroundMinAndMax ? (bins - 1) : bins);
}

std::vector<double> BinCenters(double min, double max, Id bins, bool centerBinsAroundMinAndMax)
{
  const double step = BinStep(min, max, bins, centerBinsAroundMinAndMax);
  std::vector<double> centers(static_cast<std::size_t>(bins > 0 ? bins : 0));
  for (Id i = 0; i < bins; ++i)
    centers[static_cast<std::size_t>(i)] =
      min + (static_cast<double>(i) * step) + (centerBinsAroundMinAndMax ? 0. : step / 2.0);
  return centers;
}

std::vector<Int64> BinCounts(const FieldArray& values, const HistogramOptions& options, double min, double max)
{
  Check(values, options, "BinCounts");
  if (options.Bins < 1 || options.Bins > 2147483647)
    throw loom::cont::ErrorBadValue("BinCounts: " + std::to_string(options.Bins) + " bins (1 to 2^31 - 1).");
  if (values.GetNumberOfTuples() == 0)
    return std::vector<Int64>(static_cast<std::size_t>(options.Bins), 0);
  const double step = BinStep(min, max, options.Bins, options.CenterBinsAroundMinAndMax);
  const double shift = options.CenterBinsAroundMinAndMax ? step / 2.0 : 0.;
  return WithCudaFallback(
    options.Device, "histogramCounts", [&](auto) { return histogram::CountsCuda(values, options, min, step, shift); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        return histogram::HistogramPasses<decltype(tag)>::Counts(values, options, min, step, shift);
      });
    });
}
} // namespace algorithms
} // namespace loom
