// Loom tests: Keys and WorkletReduceByKey against brute-force groupings (a comparison sort), on the device under
// test: random keys, one key, all distinct, 10^7 values; values in, in-out and out; reduced values in
// and out; masks on the reduced domain, through the CPU fast paths and the seeds' per-output path.
#include "ReduceByKeyWorklets.h"
#include "TestingDevice.h"

#include <loom/cont/Invoker.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace loom;
using loom::cont::ArrayHandle;
using loom::cont::Invoker;

namespace
{
template <typename K>
std::vector<K> RandomKeys(Id n, K range, unsigned seed)
{
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<long long> pick(0, static_cast<long long>(range) - 1);
  std::vector<K> keys(static_cast<std::size_t>(n));
  for (auto& k : keys)
    k = static_cast<K>(pick(rng)) - range / 3; // negative keys too
  return keys;
}

// Small integers as floats: every partial sum is exact, whatever the order.
std::vector<Float32> SmallIntegers(Id n, unsigned seed)
{
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(-8, 8);
  std::vector<Float32> v(static_cast<std::size_t>(n));
  for (auto& x : v)
    x = static_cast<Float32>(pick(rng));
  return v;
}

// The brute-force grouping: (key, index) pairs by a comparison sort, then runs of equal keys; each key
// with its value indices in their original order.
template <typename K>
std::vector<std::pair<K, std::vector<Id>>> Groups(const std::vector<K>& keys)
{
  std::vector<std::pair<K, Id>> pairs(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i)
    pairs[i] = { keys[i], static_cast<Id>(i) };
  std::sort(pairs.begin(), pairs.end());
  std::vector<std::pair<K, std::vector<Id>>> g;
  for (const auto& [key, index] : pairs)
  {
    if (g.empty() || g.back().first != key)
      g.push_back({ key, {} });
    g.back().second.push_back(index);
  }
  return g;
}

template <typename K>
void CheckKeysAndSums(const std::vector<K>& keys, const std::string& label)
{
  const Id n = static_cast<Id>(keys.size());
  const auto values = SmallIntegers(n, 7);
  const auto groups = Groups(keys);
  loom::worklet::Keys<K> k(cont::make_ArrayHandle(keys), test::Device());
  ASSERT_EQ(static_cast<Id>(groups.size()), k.GetNumberOfUniqueKeys()) << label;
  ASSERT_EQ(n, k.GetNumberOfValues()) << label;

  const auto unique = cont::ToVector(k.GetUniqueKeys());
  const auto offsets = cont::ToVector(k.GetOffsets());
  const auto map = cont::ToVector(k.GetSortedValuesMap());
  const auto counts = cont::ToVector(k.GetCounts());
  ASSERT_EQ(groups.size() + 1, offsets.size()) << label;
  std::size_t u = 0;
  for (const auto& [key, ids] : groups)
  {
    ASSERT_EQ(key, unique[u]) << label << " key " << u;
    ASSERT_EQ(static_cast<IdComponent>(ids.size()), counts[u]) << label;
    for (std::size_t j = 0; j < ids.size(); ++j) // stable: equal keys keep their order
      ASSERT_EQ(ids[j], map[static_cast<std::size_t>(offsets[u]) + j]) << label << " key " << key;
    ++u;
  }
  ASSERT_EQ(n, offsets.back()) << label;

  ArrayHandle<Float32> sums;
  Invoker(test::Device())(test::SumPerKey{}, k, cont::make_ArrayHandle(values), sums);
  ASSERT_EQ(k.GetNumberOfUniqueKeys(), sums.GetNumberOfValues()) << label;
  const auto s = cont::ToVector(sums);
  u = 0;
  for (const auto& entry : groups)
  {
    Float32 expected = 0.f;
    for (Id i : entry.second)
      expected += values[static_cast<std::size_t>(i)];
    ASSERT_EQ(expected, s[u++]) << label << " key " << entry.first;
  }
}
} // namespace

TEST(ReduceByKey, RandomKeysAgainstBruteForce)
{
  for (Id n : { Id(0), Id(1), Id(2), Id(1023), Id(1025), Id(300007) })
  {
    CheckKeysAndSums(RandomKeys<Int32>(n, 1000, 1), "int32 n=" + std::to_string(n));
    CheckKeysAndSums(RandomKeys<Int64>(n, Int64(1) << 40, 2), "int64 n=" + std::to_string(n));
  }
}

TEST(ReduceByKey, OneKeyAndAllDistinct)
{
  CheckKeysAndSums(std::vector<Int32>(100000, 42), "one key");
  std::vector<Int32> distinct(100000);
  for (std::size_t i = 0; i < distinct.size(); ++i)
    distinct[i] = static_cast<Int32>((i * 7919) % distinct.size()); // a permutation
  CheckKeysAndSums(distinct, "all distinct");
}

TEST(ReduceByKey, TenMillionValues)
{
  CheckKeysAndSums(RandomKeys<Int32>(10000000, 1 << 20, 3), "10^7 values");
}

TEST(ReduceByKey, ValuesOutAndReducedOutputs)
{
  const auto keys = RandomKeys<Int32>(50000, 300, 4);
  const auto groups = Groups(keys);
  loom::worklet::Keys<Int32> k(cont::make_ArrayHandle(keys), test::Device());
  ArrayHandle<IdComponent> ranks, counts;
  ArrayHandle<Int32> keyOut;
  Invoker(test::Device())(test::RankWithinKey{}, k, ranks, keyOut, counts);
  ASSERT_EQ(static_cast<Id>(keys.size()), ranks.GetNumberOfValues());
  const auto r = cont::ToVector(ranks);
  const auto ko = cont::ToVector(keyOut);
  const auto c = cont::ToVector(counts);
  std::size_t u = 0;
  for (const auto& [key, ids] : groups)
  {
    ASSERT_EQ(key, ko[u]);
    ASSERT_EQ(static_cast<IdComponent>(ids.size()), c[u]);
    for (std::size_t j = 0; j < ids.size(); ++j)
      ASSERT_EQ(static_cast<IdComponent>(j), r[static_cast<std::size_t>(ids[j])]) << "key " << key;
    ++u;
  }
}

TEST(ReduceByKey, ValuesInOutWithReducedValuesIn)
{
  const auto keys = RandomKeys<Int64>(20000, 97, 5);
  const auto groups = Groups(keys);
  std::vector<Float64> values(keys.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<Float64>((i * 37) % 101);
  std::vector<Float64> factors(groups.size());
  for (std::size_t u = 0; u < factors.size(); ++u)
    factors[u] = 0.5 + static_cast<Float64>(u);
  auto array = cont::make_ArrayHandle(values);
  loom::worklet::Keys<Int64> k(cont::make_ArrayHandle(keys), test::Device());
  Invoker(test::Device())(test::CenterAndScale{}, k, array, cont::make_ArrayHandle(factors));
  const auto out = cont::ToVector(array);
  std::size_t u = 0;
  for (const auto& entry : groups)
  {
    double mean = 0.0;
    for (Id i : entry.second)
      mean += values[static_cast<std::size_t>(i)];
    mean /= static_cast<double>(entry.second.size());
    for (Id i : entry.second)
    {
      const std::size_t p = static_cast<std::size_t>(i);
      ASSERT_NEAR(factors[u] * (values[p] - mean), out[p], 1e-9) << "key " << entry.first;
    }
    ++u;
  }
}

TEST(ReduceByKey, MasksOnTheReducedDomain)
{
  const auto keys = RandomKeys<Int32>(200000, 5000, 6);
  const auto values = SmallIntegers(static_cast<Id>(keys.size()), 8);
  const auto groups = Groups(keys);
  loom::worklet::Keys<Int32> k(cont::make_ArrayHandle(keys), test::Device());
  const Id u = k.GetNumberOfUniqueKeys();
  std::vector<Float32> expected;
  for (const auto& entry : groups)
  {
    Float32 m = -1e30f;
    for (Id i : entry.second)
      m = std::max(m, values[static_cast<std::size_t>(i)]);
    expected.push_back(m);
  }
  std::mt19937 rng(9);
  for (double fraction : { 0.0, 0.01, 0.5, 1.0 })
  {
    std::vector<UInt8> select(static_cast<std::size_t>(u));
    std::vector<Id> ids;
    for (Id i = 0; i < u; ++i)
    {
      select[static_cast<std::size_t>(i)] = std::uniform_real_distribution<double>(0, 1)(rng) < fraction;
      if (select[static_cast<std::size_t>(i)])
        ids.push_back(i);
    }
    std::shuffle(ids.begin(), ids.end(), rng);
    for (bool perOutput : { false, true })
    {
      Invoker invoke(test::Device());
      invoke.SetUsePerOutputPath(perOutput);
      auto bySelect = cont::make_ArrayHandle(std::vector<Float32>(static_cast<std::size_t>(u), 7.5f));
      invoke(test::MaxPerKeyMasked<loom::worklet::MaskSelect>{},
             loom::worklet::MaskSelect(cont::make_ArrayHandle(select), test::Device()), k,
             cont::make_ArrayHandle(values), bySelect);
      auto byIds = cont::make_ArrayHandle(std::vector<Float32>(static_cast<std::size_t>(u), 7.5f));
      invoke(test::MaxPerKeyMasked<loom::worklet::MaskIndices>{},
             loom::worklet::MaskIndices(cont::make_ArrayHandle(ids)), k, cont::make_ArrayHandle(values), byIds);
      const auto a = cont::ToVector(bySelect), b = cont::ToVector(byIds);
      for (std::size_t i = 0; i < select.size(); ++i)
      {
        const Float32 want = select[i] ? expected[i] : 7.5f;
        ASSERT_EQ(want, a[i]) << "select, fraction " << fraction << " key " << i << " perOutput " << perOutput;
        ASSERT_EQ(want, b[i]) << "ids, fraction " << fraction << " key " << i << " perOutput " << perOutput;
      }
    }
  }
}

TEST(ReduceByKey, BadInputThrowsBadValue)
{
  loom::worklet::Keys<Int32> k(cont::make_ArrayHandle(std::vector<Int32>{ 3, 1, 3, 2 }), test::Device());
  Invoker invoke(test::Device());
  ArrayHandle<Float32> sums;
  // Values of the wrong length (one per distinct key instead of one per key).
  EXPECT_THROW(invoke(test::SumPerKey{}, k, cont::make_ArrayHandle(std::vector<Float32>{ 1, 2, 3 }), sums),
               cont::ErrorBadValue);
  // Reduced values of the wrong length (one per key instead of one per distinct key).
  auto values = cont::make_ArrayHandle(std::vector<Float64>{ 1, 2, 3, 4 });
  EXPECT_THROW(invoke(test::CenterAndScale{}, k, values, cont::make_ArrayHandle(std::vector<Float64>{ 1, 2, 3, 4 })),
               cont::ErrorBadValue);
  EXPECT_EQ(2.0, values.ReadPortal().Get(1)); // untouched
  // A mask of the wrong length (one flag per key).
  auto out = cont::make_ArrayHandle(std::vector<Float32>(3, 0.f));
  EXPECT_THROW(invoke(test::MaxPerKeyMasked<loom::worklet::MaskSelect>{},
                      loom::worklet::MaskSelect(cont::make_ArrayHandle(std::vector<UInt8>{ 1, 1, 1, 1 })), k,
                      cont::make_ArrayHandle(std::vector<Float32>{ 1, 2, 3, 4 }), out),
               cont::ErrorBadValue);
}
