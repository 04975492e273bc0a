// Loom algorithms, histogram family: the device passes, written once for every device (Histogram.cxx runs
// them on the CPU devices, HistogramCuda.cu on CUDA). Included by those two units only.
//
// Each pass gives every thread a row: its own range, or its own counts of every bin, which the next step
// joins. On a CPU device a row is a contiguous chunk of values; on CUDA row r reads values r, r + rows, ...,
// so that neighbouring threads read neighbouring values. Counts and extremes do not depend on the order.
#pragma once

#include <loom/algorithms/AnyPortal.h>
#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/histogram/Histogram.h>
#include <loom/cont/Algorithm.h>
#include <loom/exec/Atomic.h>

#include <cmath>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace histogram
{
/// Bins above which CUDA counts into one shared set by atomic additions (a set per thread would be too many).
constexpr Id SharedBins = 4096;

/// Values per row on a CPU device (at least four times the bins, so that the rows' counts stay within the
/// values).
constexpr Id HostChunk = Id(1) << 14;


LOOM_UNIT_NAMESPACE_BEGIN
/// Whether `v` is neither NaN nor infinite (v - v is 0 exactly then).
LOOM_EXEC inline bool Finite(double v)
{
  return v - v == 0.0;
}

/// A field's values as the histogram reads them.
template <typename T>
struct Reader
{
  ComponentPortal<T> Values;
  IdComponent Component;
  const UInt8* Ghosts;
  UInt8 GhostBits;
  bool OwnType; ///< HistogramOptions::SquaresInOwnType

  LOOM_EXEC bool Skipped(Id i) const { return this->Ghosts && (this->Ghosts[i] & this->GhostBits); }
  LOOM_EXEC bool Magnitude() const { return this->Component == this->Values.NumberOfComponents; }
  /// The value binned: the component, or the magnitude summed in double.
  LOOM_EXEC double Binned(Id i) const
  {
    if (!this->Magnitude())
      return static_cast<double>(this->Values.Get(i, this->Component));
    double sum = 0.0;
    for (IdComponent c = 0; c < this->Values.NumberOfComponents; ++c)
    {
      const double x = static_cast<double>(this->Values.Get(i, c));
      sum += x * x;
    }
    return std::sqrt(sum);
  }
  /// The value the range is taken from: as Binned, but with OwnType a three-component magnitude's squares
  /// are summed in the field's type (promoted as C++ promotes it), as VTK's range pass sums them.
  LOOM_EXEC double Ranged(Id i) const
  {
    if (!this->OwnType || !this->Magnitude() || this->Values.NumberOfComponents != 3)
      return this->Binned(i);
    const T x = this->Values.Get(i, 0), y = this->Values.Get(i, 1), z = this->Values.Get(i, 2);
    return std::sqrt(static_cast<double>(x * x + y * y + z * z));
  }
};

/// The values of row `r`: a chunk (CPU) or every rows-th value (CUDA). A CPU row keeps `Lanes` (4) ranges or
/// sets of counts, value i in lane i % 4 of its chunk, so that no value waits for the previous one's compare or
/// count; a CUDA row keeps one.
struct Rows
{
  Id N, Count, Chunk;
  bool Strided;
  int Lanes;
  LOOM_EXEC void Span(Id r, Id& begin, Id& end, Id& step) const
  {
    if (this->Strided)
    {
      begin = r;
      end = this->N;
      step = this->Count;
    }
    else
    {
      begin = r * this->Chunk;
      end = begin + this->Chunk < this->N ? begin + this->Chunk : this->N;
      step = 1;
    }
  }
};

/// A finite range being gathered.
struct Extremes
{
  double Lo = HistogramStartMin, Hi = HistogramStartMax;
  LOOM_EXEC void Take(double v)
  {
    if (Finite(v))
    {
      this->Lo = v < this->Lo ? v : this->Lo;
      this->Hi = v > this->Hi ? v : this->Hi;
    }
  }
  LOOM_EXEC void Join(const Extremes& e)
  {
    this->Lo = e.Lo < this->Lo ? e.Lo : this->Lo;
    this->Hi = e.Hi > this->Hi ? e.Hi : this->Hi;
  }
};

/// One thread per row: the row's finite range (Out: min and max per row).
template <typename T>
struct RangeRows
{
  Reader<T> In;
  Rows Layout;
  double* Out;
  LOOM_EXEC void operator()(Id r) const
  {
    Id i, end, step;
    this->Layout.Span(r, i, end, step);
    Extremes e0, e1, e2, e3;
    if (step == 1 && !this->In.Ghosts)
    {
      // Without ghosts (most histograms): four values at a time, each lane its own extremes.
      if (this->In.Magnitude())
        for (; i + 4 <= end; i += 4)
        {
          e0.Take(this->In.Ranged(i));
          e1.Take(this->In.Ranged(i + 1));
          e2.Take(this->In.Ranged(i + 2));
          e3.Take(this->In.Ranged(i + 3));
        }
      else
      {
        const T* p = this->In.Values.Pointers[this->In.Component];
        const Id s = this->In.Values.Stride;
        for (; i + 4 <= end; i += 4)
        {
          e0.Take(static_cast<double>(p[i * s]));
          e1.Take(static_cast<double>(p[(i + 1) * s]));
          e2.Take(static_cast<double>(p[(i + 2) * s]));
          e3.Take(static_cast<double>(p[(i + 3) * s]));
        }
      }
    }
    for (; i < end; i += step)
      if (!this->In.Skipped(i))
        e0.Take(this->In.Ranged(i));
    e0.Join(e1);
    e2.Join(e3);
    e0.Join(e2);
    this->Out[2 * r] = e0.Lo;
    this->Out[2 * r + 1] = e0.Hi;
  }
};

/// A value's bin as vtkExtractHistogram computes it: (int)((v - Min + Shift) / Step), int's conversion as
/// x86-64 makes it (NaN and what int cannot hold become its smallest value), clamped to the bins. Inside the
/// bins the quotient comes from a product with 1 / Step where that cannot change the truncation: the product
/// and the quotient lie within a few units in the last place of each other, far less than Margin, so a product
/// more than Margin away from an integer truncates as the quotient does. Other values (near an edge, outside
/// the bins, NaN) are divided as VTK divides them.
struct BinOf
{
  double Min, Step, Shift;
  double Inverse; ///< 1 / Step, or NaN where Step or its inverse is 0 or not finite (every value divided)
  double Margin;  ///< 1e-12 of the bins: the product's distance from an integer that decides
  Int32 Bins;
  LOOM_EXEC LOOM_ALWAYS_INLINE static Int32 Truncated(double q)
  {
    return (q >= -2147483648.0 && q < 2147483648.0) ? static_cast<Int32>(q) : Int32(-2147483647 - 1);
  }
  LOOM_EXEC LOOM_ALWAYS_INLINE Int32 operator()(double v) const
  {
    const double x = v - this->Min + this->Shift;
    const double q = x * this->Inverse;
    if (q >= 0.0 && q < static_cast<double>(this->Bins))
    {
      const Int32 bin = static_cast<Int32>(q);
      const double off = q - static_cast<double>(bin);
      if (off > this->Margin && off < 1.0 - this->Margin)
        return bin;
    }
    const Int32 bin = Truncated(x / this->Step);
    return bin < 0 ? 0 : (bin >= this->Bins ? this->Bins - 1 : bin);
  }
};

/// One thread per row: the row's count of every bin (Out: Lanes * Bins counts per row).
template <typename T>
struct CountRows
{
  Reader<T> In;
  Rows Layout;
  BinOf Bin;
  Int32* Out;
  LOOM_EXEC void operator()(Id r) const
  {
    const Int32 bins = this->Bin.Bins;
    Int32* counts = this->Out + r * this->Layout.Lanes * bins;
    for (Id b = 0; b < Id(this->Layout.Lanes) * bins; ++b)
      counts[b] = 0;
    Id i, end, step;
    this->Layout.Span(r, i, end, step);
    if (step == 1 && this->Layout.Lanes == 4 && !this->In.Ghosts)
    {
      // Without ghosts: four values at a time, each lane its own counts, so that neighbouring values of one
      // bin do not wait for each other's count.
      Int32 *c0 = counts, *c1 = counts + bins, *c2 = counts + Id(2) * bins, *c3 = counts + Id(3) * bins;
      if (this->In.Magnitude())
        for (; i + 4 <= end; i += 4)
        {
          ++c0[this->Bin(this->In.Binned(i))];
          ++c1[this->Bin(this->In.Binned(i + 1))];
          ++c2[this->Bin(this->In.Binned(i + 2))];
          ++c3[this->Bin(this->In.Binned(i + 3))];
        }
      else
      {
        const T* p = this->In.Values.Pointers[this->In.Component];
        const Id s = this->In.Values.Stride;
        for (; i + 4 <= end; i += 4)
        {
          ++c0[this->Bin(static_cast<double>(p[i * s]))];
          ++c1[this->Bin(static_cast<double>(p[(i + 1) * s]))];
          ++c2[this->Bin(static_cast<double>(p[(i + 2) * s]))];
          ++c3[this->Bin(static_cast<double>(p[(i + 3) * s]))];
        }
      }
    }
    for (; i < end; i += step)
      if (!this->In.Skipped(i))
        ++counts[this->Bin(this->In.Binned(i))];
  }
};

/// One thread per stride of values, counting into one set of bins by atomic additions: CUDA with more bins
/// than a set per thread leaves room for (Out zeroed first).
template <typename T>
struct CountShared
{
  Reader<T> In;
  Id N, Threads;
  BinOf Bin;
  Int32* Out;
  LOOM_EXEC void operator()(Id t) const
  {
    for (Id i = t; i < this->N; i += this->Threads)
      if (!this->In.Skipped(i))
        loom::exec::AtomicAdd(this->Out + this->Bin(this->In.Binned(i)), 1);
  }
};

/// One thread per bin: the rows' counts of the bin added.
struct SumColumns
{
  const Int32* Rows;
  Id Count;
  Int32 Bins;
  Int64* Out;
  LOOM_EXEC void operator()(Id b) const
  {
    Int64 sum = 0;
    for (Id r = 0; r < this->Count; ++r)
      sum += this->Rows[r * this->Bins + b];
    this->Out[b] = sum;
  }
};

/// The histogram's passes on device `Tag`.
template <typename Tag>
struct HistogramPasses : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::Read;
  using Pointers::Write;

  /// The rows of `n` values: chunks of at least `bins` values on a CPU device; on CUDA enough rows for the
  /// GPU's threads, with at most about 2^18 counts in all.
  static Rows Layout(Id n, Id bins)
  {
    Rows rows{ n, 1, 1, !Tag::IsHost, Tag::IsHost ? 4 : 1 };
    if constexpr (Tag::IsHost)
    {
      rows.Chunk = 4 * bins > HostChunk ? 4 * bins : HostChunk;
      rows.Count = (n + rows.Chunk - 1) / rows.Chunk;
    }
    else
    {
      const Id most = (Id(1) << 18) / (bins > 0 ? bins : 1);
      rows.Count = (n + 63) / 64;
      rows.Count = rows.Count < most ? rows.Count : most;
      rows.Count = rows.Count > 0 ? rows.Count : 1;
    }
    return rows;
  }

  template <typename Pass>
  static void Run(const Pass& pass, const Rows& rows)
  {
    Pointers::RunBlocks(pass, rows.Count, rows.Chunk);
  }

  template <typename T>
  static Reader<T> ReaderOf(const FieldArray& values, const HistogramOptions& options)
  {
    return Reader<T>{ PortalOn<Tag, T>(values, false), options.Component,
                      options.Ghosts.GetNumberOfValues() > 0 ? Read(options.Ghosts) : nullptr, options.GhostBits,
                      options.SquaresInOwnType };
  }

  static HistogramRange Range(const FieldArray& values, const HistogramOptions& options)
  {
    const Rows rows = Layout(values.GetNumberOfTuples(), 1);
    loom::cont::ArrayHandle<double> out;
    CallWithKind(values.GetKind(), [&](auto zero) {
      using T = decltype(zero);
      Run(RangeRows<T>{ ReaderOf<T>(values, options), rows, Write(out, 2 * rows.Count) }, rows);
    });
    HistogramRange range;
    const std::vector<double> extremes = loom::cont::ToVector(out);
    for (Id r = 0; r < rows.Count; ++r)
      range.Join(HistogramRange{ extremes[static_cast<std::size_t>(2 * r)], extremes[static_cast<std::size_t>(2 * r + 1)] });
    return range;
  }

  static std::vector<Int64> Counts(const FieldArray& values, const HistogramOptions& options, double min, double step,
                                   double shift)
  {
    const Rows rows = Layout(values.GetNumberOfTuples(), options.Bins);
    const Int32 bins = static_cast<Int32>(options.Bins);
    const double inverse = 1.0 / step;
    const bool multiply = Finite(step) && step != 0.0 && Finite(inverse) && inverse != 0.0;
    const BinOf bin{ min, step, shift, multiply ? inverse : std::nan(""), 1e-12 * (static_cast<double>(bins) + 1.0), bins };
    loom::cont::ArrayHandle<Int32> counts;
    // Many bins on CUDA: one set, every thread adding to it; otherwise a set per row (and lane).
    const bool shared = !Tag::IsHost && bins > SharedBins;
    const Id sets = shared ? 1 : rows.Count * rows.Lanes;
    CallWithKind(values.GetKind(), [&](auto zero) {
      using T = decltype(zero);
      if (shared)
      {
        const Id n = values.GetNumberOfTuples(), threads = n < (Id(1) << 20) ? n : (Id(1) << 20);
        Int32* set = Write(counts, bins);
        Algorithm::Schedule(Fill<Int32>{ set, 0 }, bins);
        Algorithm::Schedule(CountShared<T>{ ReaderOf<T>(values, options), n, threads, bin, set }, threads);
      }
      else
        Run(CountRows<T>{ ReaderOf<T>(values, options), rows, bin, Write(counts, sets * bins) }, rows);
    });
    loom::cont::ArrayHandle<Int64> sums;
    Algorithm::Schedule(SumColumns{ Read(counts), sets, bins, Write(sums, bins) }, bins);
    return loom::cont::ToVector(sums);
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace histogram
} // namespace algorithms
} // namespace loom
