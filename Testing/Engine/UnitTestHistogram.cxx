// Loom tests: the histogram family against a plain loop over the values (VTK's formulas written out, one
// value at a time): every value kind the filters hand it, one and three components and the magnitude,
// interleaved and per-component layouts, ghosts, NaN and infinities, centred bins, one bin and many, on the
// test's device.
#include "TestingDevice.h"

#include <loom/algorithms/histogram/Histogram.h>

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
/// The value the reference bins: a component, or the magnitude from every component in double.
template <typename T>
double Binned(const std::vector<T>& v, int comps, Id t, int component)
{
  if (component < comps)
    return static_cast<double>(v[static_cast<std::size_t>(t * comps + component)]);
  double s = 0.0;
  for (int c = 0; c < comps; ++c)
    s += static_cast<double>(v[static_cast<std::size_t>(t * comps + c)]) *
      static_cast<double>(v[static_cast<std::size_t>(t * comps + c)]);
  return std::sqrt(s);
}

/// The reference: range, then bins, one value at a time.
template <typename T>
void Reference(const std::vector<T>& v, int comps, int component, const std::vector<UInt8>& ghosts, Id bins,
               bool center, bool ownType, HistogramRange& range, std::vector<Int64>& counts)
{
  const Id n = static_cast<Id>(v.size()) / comps;
  range = HistogramRange();
  for (Id t = 0; t < n; ++t)
  {
    if (!ghosts.empty() && (ghosts[static_cast<std::size_t>(t)] & 2))
      continue;
    double x = Binned(v, comps, t, component);
    if (component == comps && comps == 3 && ownType)
    {
      const T a = v[static_cast<std::size_t>(3 * t)], b = v[static_cast<std::size_t>(3 * t + 1)],
              c = v[static_cast<std::size_t>(3 * t + 2)];
      x = std::sqrt(static_cast<double>(a * a + b * b + c * c));
    }
    if (std::isfinite(x))
      range.Join(HistogramRange{ x, x });
  }
  double lo = range.Min, hi = range.Max;
  if (lo == hi)
  {
    lo -= 0.5;
    hi += 0.5;
  }
  counts.assign(static_cast<std::size_t>(bins), 0);
  const double step = (hi - lo) / static_cast<double>(center ? bins - 1 : bins);
  for (Id t = 0; t < n; ++t)
  {
    if (!ghosts.empty() && (ghosts[static_cast<std::size_t>(t)] & 2))
      continue;
    const double q = (Binned(v, comps, t, component) - lo + (center ? step / 2.0 : 0.0)) / step;
    long long b = std::isnan(q) || q >= 2147483648.0 || q < -2147483648.0 ? INT_MIN : static_cast<long long>(q);
    b = b < 0 ? 0 : (b >= bins ? bins - 1 : b);
    ++counts[static_cast<std::size_t>(b)];
  }
}

template <typename T>
std::vector<T> RandomValues(std::size_t count, std::mt19937& rng, bool specials)
{
  std::vector<T> v(count);
  std::uniform_real_distribution<double> u(-100.0, 100.0);
  for (auto& x : v)
    x = static_cast<T>(std::is_signed<T>::value ? u(rng) : std::fabs(u(rng)));
  if constexpr (std::is_floating_point<T>::value)
    if (specials && count > 20)
    {
      v[3] = std::numeric_limits<T>::quiet_NaN();
      v[11] = std::numeric_limits<T>::infinity();
      v[17] = -std::numeric_limits<T>::infinity();
    }
  return v;
}

template <typename T>
void CheckKind(std::mt19937& rng)
{
  for (int comps : { 1, 3 })
    for (int component = 0; component <= comps; ++component)
      for (bool soa : { false, true })
        for (Id bins : { Id(1), Id(7), Id(300) })
          for (bool center : { false, true })
          {
            if (center && bins == 1)
              continue; // (one centred bin: a step of 1/0, every value in it; below)
            const std::size_t tuples = 50000 + static_cast<std::size_t>(rng() % 1000);
            const std::vector<T> v = RandomValues<T>(tuples * static_cast<std::size_t>(comps), rng, true);
            // Ghosts with 7 bins (bit 1 skipped, bit 0 not), none otherwise (the four-lane loops); the
            // magnitude's range summed in the field's type for interleaved fields, in double for the others.
            std::vector<UInt8> ghosts(bins == 7 ? tuples : 0);
            for (auto& g : ghosts)
              g = static_cast<UInt8>(rng() % 5 == 0 ? 2 : (rng() % 3 == 0 ? 1 : 0));
            const bool ownType = !soa;
            std::vector<std::vector<T>> split(static_cast<std::size_t>(comps), std::vector<T>(tuples));
            for (std::size_t t = 0; t < tuples; ++t)
              for (int c = 0; c < comps; ++c)
                split[static_cast<std::size_t>(c)][t] = v[t * static_cast<std::size_t>(comps) + static_cast<std::size_t>(c)];
            std::vector<loom::cont::ArrayHandle<T>> handles;
            for (const auto& s : split)
              handles.push_back(loom::cont::make_ArrayHandle(s));
            const FieldArray field = soa ? FieldArray::FromSOA(handles) : FieldArray::FromAOS(loom::cont::make_ArrayHandle(v), comps);

            HistogramOptions options;
            options.Component = component;
            options.Bins = bins;
            options.CenterBinsAroundMinAndMax = center;
            options.Ghosts = loom::cont::make_ArrayHandle(ghosts);
            options.GhostBits = 2;
            options.SquaresInOwnType = ownType;
            options.Device = loom::test::Device();
            HistogramRange expectedRange;
            std::vector<Int64> expected;
            Reference(v, comps, component, ghosts, bins, center, ownType, expectedRange, expected);

            const HistogramRange range = FiniteRange(field, options);
            ASSERT_EQ(range.Min, expectedRange.Min) << comps << " components, component " << component;
            ASSERT_EQ(range.Max, expectedRange.Max);
            double lo = range.Min, hi = range.Max;
            if (lo == hi)
            {
              lo -= 0.5;
              hi += 0.5;
            }
            const std::vector<Int64> counts = BinCounts(field, options, lo, hi);
            ASSERT_EQ(counts, expected) << comps << " components, component " << component << ", " << bins
                                        << " bins, centred " << center << (soa ? ", SOA" : ", AOS");
            Int64 total = 0;
            for (Int64 c : counts)
              total += c;
            Int64 kept = ghosts.empty() ? static_cast<Int64>(tuples) : 0;
            for (UInt8 g : ghosts)
              kept += (g & 2) ? 0 : 1;
            EXPECT_EQ(total, kept); // every value not skipped is counted once, NaN and infinities included
          }
}
} // namespace

TEST(Histogram, EveryKindAgainstOneValueAtATime)
{
  std::mt19937 rng(11);
  CheckKind<Float32>(rng);
  CheckKind<Float64>(rng);
  CheckKind<Int8>(rng);
  CheckKind<UInt8>(rng);
  CheckKind<Int16>(rng);
  CheckKind<Int32>(rng);
  CheckKind<UInt32>(rng);
  CheckKind<Int64>(rng);
}

TEST(Histogram, EdgesSpecialsAndCustomRanges)
{
  // Values on the bin edges of [0, 10] in 10 bins: v in [k, k + 1) goes to bin k, 10 to the last bin;
  // below the range to the first, above it to the last; NaN and infinities to the first.
  std::vector<double> v{ 0, 1, 2, 2.5, 9.999, 10, -3, 14, std::nan(""), HUGE_VAL, -HUGE_VAL, 1e300 };
  HistogramOptions options;
  options.Bins = 10;
  options.Device = loom::test::Device();
  const FieldArray field = FieldArray::FromAOS(loom::cont::make_ArrayHandle(v), 1);
  const std::vector<Int64> counts = BinCounts(field, options, 0.0, 10.0);
  // bin 0: 0, -3, NaN, both infinities, 1e300 (a quotient beyond int); bin 9: 9.999, 10, 14.
  EXPECT_EQ(counts, (std::vector<Int64>{ 6, 1, 2, 0, 0, 0, 0, 0, 0, 3 }));
  const HistogramRange range = FiniteRange(field, options);
  EXPECT_EQ(range.Min, -3.0);
  EXPECT_EQ(range.Max, 1e300);

  // Values a few units in the last place around every bin edge, centred and not: each in the bin VTK's
  // division gives (the engine multiplies by the step's inverse away from the edges only).
  for (bool center : { false, true })
    for (Id bins : { Id(7), Id(1000) })
    {
      const double lo = -3.3, hi = 17.9, step = (hi - lo) / static_cast<double>(center ? bins - 1 : bins);
      std::vector<double> near;
      for (Id k = 0; k <= bins; ++k)
      {
        double at = lo + static_cast<double>(k) * step - (center ? step / 2.0 : 0.0);
        for (int u = 0; u < 4; ++u)
          at = std::nextafter(at, -HUGE_VAL);
        for (int u = 0; u < 9; ++u, at = std::nextafter(at, HUGE_VAL))
          near.push_back(at);
      }
      std::vector<Int64> expected(static_cast<std::size_t>(bins), 0);
      for (double x : near)
      {
        const double q = (x - lo + (center ? step / 2.0 : 0.0)) / step;
        long long b = static_cast<long long>(q);
        b = b < 0 ? 0 : (b >= bins ? bins - 1 : b);
        ++expected[static_cast<std::size_t>(b)];
      }
      HistogramOptions edges;
      edges.Bins = bins;
      edges.CenterBinsAroundMinAndMax = center;
      edges.Device = loom::test::Device();
      EXPECT_EQ(BinCounts(FieldArray::FromAOS(loom::cont::make_ArrayHandle(near), 1), edges, lo, hi), expected)
        << bins << " bins, centred " << center;
    }

  // Many bins (CUDA counts them into one shared set; the CPU devices in chunks of four times the bins).
  {
    std::vector<float> many(300000);
    for (std::size_t i = 0; i < many.size(); ++i)
      many[i] = static_cast<float>(std::sin(0.001 * static_cast<double>(i)) * 1000.0);
    HistogramOptions wide;
    wide.Bins = 40000;
    wide.Device = loom::test::Device();
    std::vector<Int64> expected(40000, 0);
    const double step = 2000.0 / 40000.0;
    for (float v : many)
    {
      long long b = static_cast<long long>((static_cast<double>(v) + 1000.0) / step);
      ++expected[static_cast<std::size_t>(b < 0 ? 0 : (b >= 40000 ? 39999 : b))];
    }
    EXPECT_EQ(BinCounts(FieldArray::FromAOS(loom::cont::make_ArrayHandle(many), 1), wide, -1000.0, 1000.0), expected);
  }

  // No finite value: the range stays empty.
  std::vector<float> specials{ NAN, INFINITY };
  const FieldArray none = FieldArray::FromAOS(loom::cont::make_ArrayHandle(specials), 1);
  EXPECT_TRUE(FiniteRange(none, options).Empty());
  // An empty field: an empty range and zero counts.
  const FieldArray empty = FieldArray::FromAOS(loom::cont::make_ArrayHandle(std::vector<float>()), 1);
  EXPECT_TRUE(FiniteRange(empty, options).Empty());
  EXPECT_EQ(BinCounts(empty, options, 0.0, 1.0), std::vector<Int64>(10, 0));

  // One centred bin: the step is 1/0, every value lands in the one bin.
  options.Bins = 1;
  options.CenterBinsAroundMinAndMax = true;
  EXPECT_EQ(BinCounts(field, options, -0.5, 0.5), std::vector<Int64>{ 12 });

  // Centres as VTK's bin_extents holds them.
  EXPECT_EQ(BinCenters(0.0, 10.0, 4, false), (std::vector<double>{ 1.25, 3.75, 6.25, 8.75 }));
  EXPECT_EQ(BinCenters(0.0, 9.0, 4, true), (std::vector<double>{ 0.0, 3.0, 6.0, 9.0 }));

  // A component the field does not have, and a bin count of 0, are errors.
  options.Component = 2;
  EXPECT_THROW(FiniteRange(field, options), loom::cont::ErrorBadValue);
  options.Component = 0;
  options.Bins = 0;
  EXPECT_THROW(BinCounts(field, options, 0.0, 1.0), loom::cont::ErrorBadValue);
}
