// Loom algorithms, histogram family: the counts of a field's values in equal bins, as VTK's
// vtkExtractHistogram bins them (ParaView's Histogram): the finite range of the chosen component (or the
// magnitude), then each value's bin by VTK's arithmetic, the ghosts left out. Counts are integers, so every
// device and thread count gives the same result.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
struct HistogramOptions
{
  /// The component binned; the number of components asks for the magnitude.
  IdComponent Component = 0;
  /// The bins (at least 1).
  Id Bins = 10;
  /// The first and last bins centred on the range's ends (the bins then one narrower step apart).
  bool CenterBinsAroundMinAndMax = false;
  /// The range of a three-component magnitude from the squares summed in the field's own type (promoted as
  /// C++ promotes it), as VTK's range pass sums them for the arrays it dispatches by type (char, short, int,
  /// float, double, their unsigned kinds, interleaved); off, in double, as VTK sums the others'.
  bool SquaresInOwnType = false;
  /// One ghost flag per tuple (empty: none); the tuples whose flags have any of `GhostBits` are left out.
  loom::cont::ArrayHandle<UInt8> Ghosts;
  UInt8 GhostBits = 0;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// Where VTK starts a range: the smallest value at the largest double, the largest at -1e299 (VTK_DOUBLE_MIN).
constexpr double HistogramStartMin = 1.7976931348623157e308;
constexpr double HistogramStartMax = -1.0e299;

/// The smallest and largest finite value, starting where VTK starts them: no finite value leaves Min > Max.
struct HistogramRange
{
  double Min = HistogramStartMin;
  double Max = HistogramStartMax;
  bool Empty() const { return this->Min > this->Max; }
  /// The range of both (MPI ranks, composite blocks).
  void Join(const HistogramRange& other)
  {
    this->Min = other.Min < this->Min ? other.Min : this->Min;
    this->Max = other.Max > this->Max ? other.Max : this->Max;
  }
};

/// The finite range of the values binned (HistogramOptions::Component, ghosts left out). A component
/// is read as a double; the magnitude of a three-component field as VTK's range reads it (the squares summed
/// in the field's own type with SquaresInOwnType, else in double, then the square root), of other fields from
/// all components in double.
HistogramRange FiniteRange(const FieldArray& values, const HistogramOptions& options);

/// The count of values in each of `options.Bins` bins over [min, max], as vtkExtractHistogram counts them:
/// bin (int)((v - min (+ half a step when centred)) / step), clamped to the first and last bins (so a
/// value beyond the range, NaN or infinite counts at an end: NaN, infinities and quotients beyond int's
/// range in the first bin, as VTK's build on x86-64 converts them). The magnitude from all components in
/// double.
std::vector<Int64> BinCounts(const FieldArray& values, const HistogramOptions& options, double min, double max);

/// The step between bin centres over [min, max] (VTK's BinDelta).
double BinStep(double min, double max, Id bins, bool centerBinsAroundMinAndMax);
/// The bins' centres as VTK's bin_extents holds them (min + i * step, plus half a step unless centred).
std::vector<double> BinCenters(double min, double max, Id bins, bool centerBinsAroundMinAndMax);
} // namespace algorithms
} // namespace loom
