// Loom tests: every device algorithm against a brute-force reference, at the sizes and data
// patterns that break parallel algorithms (empty, one, chunk edges, a million; equal, sorted,
// reverse-sorted, duplicated and random values).
#include "TestingDevice.h"

#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/ArrayHandlePermutation.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace loom;
using loom::cont::Algorithm;
using loom::cont::ArrayHandle;

namespace
{
const std::vector<Id> Sizes = { 0, 1, 2, 1023, 1024, 1025, 1000003 };

enum class Pattern
{
  Random,
  AllEqual,
  Sorted,
  ReverseSorted,
  FewDistinct
};
const std::vector<Pattern> Patterns = { Pattern::Random, Pattern::AllEqual, Pattern::Sorted,
                                        Pattern::ReverseSorted, Pattern::FewDistinct };

std::string Describe(Id n, Pattern p)
{
  static const char* names[] = { "random", "all-equal", "sorted", "reverse-sorted", "few-distinct" };
  return "n=" + std::to_string(n) + " pattern=" + names[static_cast<int>(p)] +
         " device=" + cont::DeviceName(test::Device());
}

template <typename T>
T MakeValue(std::mt19937_64& rng)
{
  if constexpr (std::is_floating_point<T>::value)
    return static_cast<T>(std::uniform_real_distribution<double>(-1000.0, 1000.0)(rng));
  else if constexpr (std::is_signed<T>::value)
    return static_cast<T>(std::uniform_int_distribution<Int64>(-1000000, 1000000)(rng));
  else
    return static_cast<T>(std::uniform_int_distribution<UInt64>(0, 2000000)(rng));
}

template <typename T>
std::vector<T> MakeData(Id n, Pattern pattern, unsigned seed = 7)
{
  std::mt19937_64 rng(seed + static_cast<unsigned>(n));
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& x : v)
    x = MakeValue<T>(rng);
  switch (pattern)
  {
    case Pattern::Random:
      break;
    case Pattern::AllEqual:
      std::fill(v.begin(), v.end(), static_cast<T>(42));
      break;
    case Pattern::Sorted:
      std::sort(v.begin(), v.end());
      break;
    case Pattern::ReverseSorted:
      std::sort(v.begin(), v.end(), [](T a, T b) { return b < a; });
      break;
    case Pattern::FewDistinct:
      for (auto& x : v)
        x = static_cast<T>(static_cast<Int64>(std::abs(static_cast<double>(x))) % 5 - 2);
      break;
  }
  return v;
}

template <typename T>
void ExpectVectorsEqual(const std::vector<T>& expected, const std::vector<T>& actual,
                        const std::string& what)
{
  ASSERT_EQ(expected.size(), actual.size()) << what;
  for (std::size_t i = 0; i < expected.size(); ++i)
  {
    ASSERT_EQ(expected[i], actual[i]) << what << " at index " << i;
  }
}

template <typename T>
class AlgorithmTyped : public ::testing::Test
{
};
using ValueTypes = ::testing::Types<Int32, Int64, UInt32, Float32, Float64>;
TYPED_TEST_SUITE(AlgorithmTyped, ValueTypes);

TYPED_TEST(AlgorithmTyped, Copy)
{
  using T = TypeParam;
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto data = MakeData<T>(n, p);
      ArrayHandle<T> out;
      Algorithm::Copy(test::Device(), cont::make_ArrayHandle(data), out);
      ExpectVectorsEqual(data, cont::ToVector(out), "Copy " + Describe(n, p));
    }
}

TYPED_TEST(AlgorithmTyped, CopyIf)
{
  using T = TypeParam;
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto data = MakeData<T>(n, p);
      auto stencil = MakeData<Int32>(n, Pattern::Random, 3);
      for (auto& s : stencil)
        s = (s % 3 == 0) ? 1 : 0;
      std::vector<T> expected;
      for (std::size_t i = 0; i < data.size(); ++i)
        if (stencil[i] != 0)
          expected.push_back(data[i]);
      ArrayHandle<T> out;
      Algorithm::CopyIf(test::Device(), cont::make_ArrayHandle(data), cont::make_ArrayHandle(stencil),
                        out);
      ExpectVectorsEqual(expected, cont::ToVector(out), "CopyIf " + Describe(n, p));
    }
}

TYPED_TEST(AlgorithmTyped, ScanAndReduce)
{
  using T = TypeParam;
  // Integer-valued data keeps float sums exact so any summation order gives the same answer.
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto data = MakeData<T>(n, p);
      for (auto& x : data)
        x = static_cast<T>(static_cast<Int64>(x) % 8);
      const auto input = cont::make_ArrayHandle(data);
      std::vector<T> inclusive(data.size()), exclusive(data.size());
      T running = T(0);
      for (std::size_t i = 0; i < data.size(); ++i)
      {
        exclusive[i] = static_cast<T>(running + T(5));
        running = static_cast<T>(running + data[i]);
        inclusive[i] = running;
      }
      ArrayHandle<T> outIn, outEx;
      const T totalIn = Algorithm::ScanInclusive(test::Device(), input, outIn);
      const T totalEx = Algorithm::ScanExclusive(test::Device(), input, outEx, T(5));
      ExpectVectorsEqual(inclusive, cont::ToVector(outIn), "ScanInclusive " + Describe(n, p));
      ExpectVectorsEqual(exclusive, cont::ToVector(outEx), "ScanExclusive " + Describe(n, p));
      EXPECT_EQ(n == 0 ? T(0) : running, totalIn) << Describe(n, p);
      EXPECT_EQ(static_cast<T>(running + T(5)), totalEx) << Describe(n, p);
      EXPECT_EQ(static_cast<T>(running + T(3)),
                Algorithm::Reduce(test::Device(), input, T(3)))
        << "Reduce " << Describe(n, p);
      // A non-sum operator takes the generic path on every device.
      const T maxRef =
        data.empty() ? T(-100) : std::max(T(-100), *std::max_element(data.begin(), data.end()));
      EXPECT_EQ(maxRef, Algorithm::Reduce(test::Device(), input, T(-100), Maximum{}))
        << "Reduce(Maximum) " << Describe(n, p);
    }
}

TYPED_TEST(AlgorithmTyped, SortAndUnique)
{
  using T = TypeParam;
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto data = MakeData<T>(n, p);
      auto expected = data;
      std::sort(expected.begin(), expected.end());
      auto array = cont::make_ArrayHandle(data);
      Algorithm::Sort(test::Device(), array);
      ExpectVectorsEqual(expected, cont::ToVector(array), "Sort " + Describe(n, p));

      auto descending = data;
      std::sort(descending.begin(), descending.end(), [](T a, T b) { return b < a; });
      auto array2 = cont::make_ArrayHandle(data);
      Algorithm::Sort(test::Device(), array2, SortGreater{});
      ExpectVectorsEqual(descending, cont::ToVector(array2), "Sort(greater) " + Describe(n, p));

      expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
      Algorithm::Unique(test::Device(), array);
      ExpectVectorsEqual(expected, cont::ToVector(array), "Unique " + Describe(n, p));
    }
}

// CopyIf of the indices of non-zero flags (the CPU devices' branch-free path, the CUDA device's counting
// selection) equals the flagged positions in order, for any non-zero flag value, sparse, dense and
// clustered flags, sizes around the 512-flag pieces and chunk ends, and 32-bit or 64-bit output ids.
TEST(Algorithm, FlaggedIndicesAreTheNonZeroPositions)
{
  std::mt19937 random(7);
  for (Id n : { Id(0), Id(1), Id(511), Id(512), Id(513), Id(4097), Id(1000003) })
    for (int density : { 0, 1, 50, 99, 100 })
    {
      std::vector<UInt8> flags(static_cast<std::size_t>(n));
      for (Id i = 0; i < n; ++i)
      {
        const bool set = density == 100 || (density > 0 && static_cast<int>(random() % 100) < density) ||
          (density == 1 && (i / 700) % 9 == 0); // clustered runs besides the sparse ones
        flags[static_cast<std::size_t>(i)] = set ? static_cast<UInt8>(1 + random() % 255) : 0;
      }
      std::vector<Id> expected;
      for (Id i = 0; i < n; ++i)
        if (flags[static_cast<std::size_t>(i)])
          expected.push_back(i);
      ArrayHandle<Id> ids;
      ArrayHandle<Int32> ids32;
      Algorithm::CopyIf(test::Device(), cont::ArrayHandleIndex(n), cont::make_ArrayHandle(flags), ids);
      Algorithm::CopyIf(test::Device(), cont::ArrayHandleIndex(n), cont::make_ArrayHandle(flags), ids32);
      const std::string what = "n " + std::to_string(n) + ", density " + std::to_string(density);
      ExpectVectorsEqual(expected, cont::ToVector(ids), what);
      ExpectVectorsEqual(std::vector<Int32>(expected.begin(), expected.end()), cont::ToVector(ids32), what);
    }
}

TEST(Algorithm, SortNegativeZeroAndInfinities)
{
  std::vector<Float32> data = { 3.f, -0.f, 0.f, -INFINITY, INFINITY, -1.5f, 1e-30f, -1e-30f, 2.f };
  auto expected = data;
  std::stable_sort(expected.begin(), expected.end());
  auto array = cont::make_ArrayHandle(data);
  Algorithm::Sort(test::Device(), array);
  auto got = cont::ToVector(array);
  for (std::size_t i = 0; i < data.size(); ++i)
    EXPECT_EQ(expected[i], got[i]) << i; // -0 == 0, so either order of the zeros is accepted
}

TEST(Algorithm, SortByKeyIsStable)
{
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto keys = MakeData<Int32>(n, p);
      std::vector<Id> values(keys.size());
      std::iota(values.begin(), values.end(), Id(0));
      std::vector<std::pair<Int32, Id>> pairs;
      for (std::size_t i = 0; i < keys.size(); ++i)
        pairs.emplace_back(keys[i], values[i]);
      std::stable_sort(pairs.begin(), pairs.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      auto k = cont::make_ArrayHandle(keys);
      auto v = cont::make_ArrayHandle(values);
      Algorithm::SortByKey(test::Device(), k, v);
      auto gotK = cont::ToVector(k);
      auto gotV = cont::ToVector(v);
      for (std::size_t i = 0; i < pairs.size(); ++i)
      {
        ASSERT_EQ(pairs[i].first, gotK[i]) << Describe(n, p) << " index " << i;
        ASSERT_EQ(pairs[i].second, gotV[i]) << Describe(n, p) << " index " << i;
      }
      // Same with a comparator (merge-sort path), descending.
      std::stable_sort(pairs.begin(), pairs.end(),
                       [](const auto& a, const auto& b) { return b.first < a.first; });
      auto k2 = cont::make_ArrayHandle(keys);
      auto v2 = cont::make_ArrayHandle(values);
      Algorithm::SortByKey(test::Device(), k2, v2, SortGreater{});
      gotK = cont::ToVector(k2);
      gotV = cont::ToVector(v2);
      for (std::size_t i = 0; i < pairs.size(); ++i)
      {
        ASSERT_EQ(pairs[i].first, gotK[i]) << "greater " << Describe(n, p) << " index " << i;
        ASSERT_EQ(pairs[i].second, gotV[i]) << "greater " << Describe(n, p) << " index " << i;
      }
    }
}

TEST(Algorithm, SortVecKeysLexicographically)
{
  for (Id n : Sizes)
  {
    auto a = MakeData<Int64>(n, Pattern::FewDistinct, 1);
    auto b = MakeData<Int64>(n, Pattern::Random, 2);
    std::vector<Id2> keys(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      keys[i] = Id2(a[i], b[i] % 7);
    auto expected = keys;
    std::sort(expected.begin(), expected.end());
    auto array = cont::make_ArrayHandle(keys);
    Algorithm::Sort(test::Device(), array);
    ExpectVectorsEqual(expected, cont::ToVector(array), "Sort Id2 n=" + std::to_string(n));
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    Algorithm::Unique(test::Device(), array);
    ExpectVectorsEqual(expected, cont::ToVector(array), "Unique Id2 n=" + std::to_string(n));
  }
}

TEST(Algorithm, ReduceByKey)
{
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto keys = MakeData<Int32>(n, p);
      std::sort(keys.begin(), keys.end());
      if (p == Pattern::Random) // unsorted runs too: ReduceByKey works on consecutive runs
        keys = MakeData<Int32>(n, Pattern::FewDistinct);
      auto values = MakeData<Int64>(n, Pattern::Random, 9);
      std::vector<Int32> refKeys;
      std::vector<Int64> refValues;
      for (std::size_t i = 0; i < keys.size(); ++i)
      {
        if (i == 0 || keys[i] != keys[i - 1])
        {
          refKeys.push_back(keys[i]);
          refValues.push_back(values[i]);
        }
        else
        {
          refValues.back() += values[i];
        }
      }
      ArrayHandle<Int32> outKeys;
      ArrayHandle<Int64> outValues;
      Algorithm::ReduceByKey(test::Device(), cont::make_ArrayHandle(keys),
                             cont::make_ArrayHandle(values), outKeys, outValues);
      ExpectVectorsEqual(refKeys, cont::ToVector(outKeys), "ReduceByKey keys " + Describe(n, p));
      ExpectVectorsEqual(refValues, cont::ToVector(outValues), "ReduceByKey values " + Describe(n, p));
    }
}

TEST(Algorithm, LowerAndUpperBounds)
{
  for (Id n : Sizes)
    for (Pattern p : Patterns)
    {
      auto sorted = MakeData<Int32>(n, p);
      std::sort(sorted.begin(), sorted.end());
      auto queries = MakeData<Int32>(std::min<Id>(n + 5, 20000), Pattern::Random, 4);
      for (std::size_t i = 0; i < queries.size() && i < sorted.size(); i += 3)
        queries[i] = sorted[i]; // exact hits
      std::vector<Id> lower, upper;
      for (Int32 q : queries)
      {
        lower.push_back(std::lower_bound(sorted.begin(), sorted.end(), q) - sorted.begin());
        upper.push_back(std::upper_bound(sorted.begin(), sorted.end(), q) - sorted.begin());
      }
      ArrayHandle<Id> outLower, outUpper;
      auto s = cont::make_ArrayHandle(sorted);
      auto qa = cont::make_ArrayHandle(queries);
      Algorithm::LowerBounds(test::Device(), s, qa, outLower);
      Algorithm::UpperBounds(test::Device(), s, qa, outUpper);
      ExpectVectorsEqual(lower, cont::ToVector(outLower), "LowerBounds " + Describe(n, p));
      ExpectVectorsEqual(upper, cont::ToVector(outUpper), "UpperBounds " + Describe(n, p));
    }
}

TEST(Algorithm, ScheduleCoversEveryIndexOnce)
{
  for (Id n : Sizes)
  {
    std::vector<Int32> hits(static_cast<std::size_t>(n), 0);
    Int32* h = hits.data();
    Algorithm::Schedule(test::Device(), [h](Id i) { h[i] += 1; }, n);
    EXPECT_EQ(n, std::count(hits.begin(), hits.end(), 1)) << "n=" << n;
  }
  for (Id3 range : { Id3(0, 4, 4), Id3(1, 1, 1), Id3(17, 3, 5), Id3(128, 64, 33) })
  {
    const Id n = range[0] * range[1] * range[2];
    std::vector<Int32> hits(static_cast<std::size_t>(n), 0);
    std::vector<char> ok(static_cast<std::size_t>(n), 0);
    Int32* h = hits.data();
    char* o = ok.data();
    Algorithm::Schedule(
      test::Device(),
      [h, o, range](const Id3& ijk, Id flat) {
        h[flat] += 1;
        o[flat] = (flat == ijk[0] + range[0] * (ijk[1] + range[1] * ijk[2])) ? 1 : 0;
      },
      range);
    EXPECT_EQ(n, std::count(hits.begin(), hits.end(), 1));
    EXPECT_EQ(n, std::count(ok.begin(), ok.end(), 1));
  }
}

TEST(Algorithm, ImplicitAndPermutationInputs)
{
  ArrayHandle<Id> out;
  Algorithm::Copy(test::Device(), cont::ArrayHandleCounting<Id>(10, 3, 2000), out);
  auto v = cont::ToVector(out);
  for (Id i = 0; i < 2000; ++i)
    ASSERT_EQ(10 + 3 * i, v[static_cast<std::size_t>(i)]);
  EXPECT_EQ(Id(2000 * 1999 / 2), Algorithm::Reduce(test::Device(), cont::ArrayHandleIndex(2000), Id(0)));
  EXPECT_EQ(Float64(2.5 * 1000),
            Algorithm::Reduce(test::Device(), cont::ArrayHandleConstant<Float64>(2.5, 1000), 0.0));

  auto values = cont::make_ArrayHandle(std::vector<Float32>{ 10, 11, 12, 13 });
  auto indices = cont::make_ArrayHandle(std::vector<Id>{ 3, 3, 0, 2 });
  ArrayHandle<Float32> gathered;
  Algorithm::Copy(test::Device(), cont::make_ArrayHandlePermutation(indices, values), gathered);
  ExpectVectorsEqual(std::vector<Float32>{ 13, 13, 10, 12 }, cont::ToVector(gathered), "permutation");
}

TEST(Algorithm, SizeMismatchesThrowBadValue)
{
  auto a = cont::make_ArrayHandle(std::vector<Int32>{ 1, 2, 3 });
  auto b = cont::make_ArrayHandle(std::vector<Int32>{ 1, 2 });
  ArrayHandle<Int32> out, outKeys;
  EXPECT_THROW(Algorithm::CopyIf(test::Device(), a, b, out), cont::ErrorBadValue);
  EXPECT_THROW(Algorithm::SortByKey(test::Device(), a, b), cont::ErrorBadValue);
  EXPECT_THROW(Algorithm::ReduceByKey(test::Device(), a, b, outKeys, out), cont::ErrorBadValue);
  // The inputs are untouched by a refused call.
  ExpectVectorsEqual(std::vector<Int32>{ 1, 2, 3 }, cont::ToVector(a), "input after refusal");
  try
  {
    Algorithm::CopyIf(test::Device(), a, b, out);
  }
  catch (const cont::ErrorBadValue& e)
  {
    EXPECT_NE(std::string(e.what()).find("CopyIf"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("stencil"), std::string::npos) << e.what();
  }
}
} // namespace
