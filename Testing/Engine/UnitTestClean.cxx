// Loom tests: the clean family on the device under test against a brute-force reference that inserts
// the points one by one in id order, as vtkCleanUnstructuredGrid does (each point compared with every
// kept point before it): exact merging with many copies, -0 and +0, NaN positions, hash groups of
// different positions, unused points dropped, tolerance merging (float and double), member lists,
// averaging, renumbering, and bad input.
#include "TestingDevice.h"

#include <loom/algorithms/clean/MergePoints.h>
#include <loom/cont/Error.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace loom;
using namespace loom::algorithms;

namespace
{
template <typename T>
struct Cloud
{
  std::vector<T> Xyz;
  Id Size() const { return static_cast<Id>(this->Xyz.size() / 3); }
  FieldArray Field() const { return FieldArray::FromAOS(cont::make_ArrayHandle(this->Xyz), 3); }
};

/// The reference: point p (taking part) joins the lowest-id kept point q < p within the tolerance
/// (exact: equal coordinates, -0 == +0, NaN equal to nothing), else it is kept.
template <typename T>
std::vector<Id> ReferenceMap(const Cloud<T>& c, double tolerance, const std::vector<UInt8>& used)
{
  const Id n = c.Size();
  std::vector<Id> rep(static_cast<std::size_t>(n), -1), map(static_cast<std::size_t>(n), -1);
  std::vector<Id> kept;
  for (Id p = 0; p < n; ++p)
  {
    if (!used.empty() && !used[static_cast<std::size_t>(p)])
      continue;
    Id r = p;
    for (Id q : kept)
    {
      bool same;
      if (tolerance > 0)
      {
        double d2 = 0;
        for (int k = 0; k < 3; ++k)
        {
          const double d = double(c.Xyz[3 * p + k]) - double(c.Xyz[3 * q + k]);
          d2 += d * d;
        }
        same = d2 <= tolerance * tolerance;
      }
      else
        same = c.Xyz[3 * p] == c.Xyz[3 * q] && c.Xyz[3 * p + 1] == c.Xyz[3 * q + 1] && c.Xyz[3 * p + 2] == c.Xyz[3 * q + 2];
      if (same)
      {
        r = q;
        break; // kept points are in id order: the first is the lowest
      }
    }
    rep[static_cast<std::size_t>(p)] = r;
    if (r == p)
      kept.push_back(p);
  }
  std::vector<Id> number(static_cast<std::size_t>(n), -1);
  for (std::size_t i = 0; i < kept.size(); ++i)
    number[static_cast<std::size_t>(kept[i])] = static_cast<Id>(i);
  for (Id p = 0; p < n; ++p)
    if (rep[static_cast<std::size_t>(p)] >= 0)
      map[static_cast<std::size_t>(p)] = number[static_cast<std::size_t>(rep[static_cast<std::size_t>(p)])];
  return map;
}

template <typename T>
void ExpectMatchesReference(const Cloud<T>& c, double tolerance, const std::vector<UInt8>& used, const char* what)
{
  MergePointsOptions options;
  options.Device = test::Device();
  options.Tolerance = tolerance;
  options.ListMembers = true;
  if (!used.empty())
    options.UsedPoints = cont::make_ArrayHandle(used);
  const MergePointsResult r = MergePoints(c.Field(), options);
  const std::vector<Id> expected = ReferenceMap(c, tolerance, used);
  const Id n = c.Size();
  ASSERT_EQ(r.PointMap.GetNumberOfValues(), n) << what;
  const Id* map = r.PointMap.ReadPortal().GetArray();
  Id outputs = 0;
  for (Id p = 0; p < n; ++p)
  {
    ASSERT_EQ(map[p], expected[static_cast<std::size_t>(p)]) << what << ": point " << p;
    outputs = std::max(outputs, map[p] + 1);
  }
  ASSERT_EQ(r.GetNumberOfPoints(), outputs) << what;
  // FirstPoints: the lowest input point of each output point; members: all of them, ascending.
  const Id* first = r.FirstPoints.ReadPortal().GetArray();
  const Id* off = r.MemberOffsets.ReadPortal().GetArray();
  const Id* mem = r.Members.ReadPortal().GetArray();
  ASSERT_EQ(r.MemberOffsets.GetNumberOfValues(), outputs + 1) << what;
  std::vector<Id> lowest(static_cast<std::size_t>(outputs), -1), count(static_cast<std::size_t>(outputs), 0);
  for (Id p = n - 1; p >= 0; --p)
    if (map[p] >= 0)
    {
      lowest[static_cast<std::size_t>(map[p])] = p;
      ++count[static_cast<std::size_t>(map[p])];
    }
  for (Id o = 0; o < outputs; ++o)
  {
    ASSERT_EQ(first[o], lowest[static_cast<std::size_t>(o)]) << what << ": output point " << o;
    ASSERT_EQ(off[o + 1] - off[o], count[static_cast<std::size_t>(o)]) << what << ": output point " << o;
    for (Id s = off[o]; s < off[o + 1]; ++s)
    {
      ASSERT_EQ(map[mem[s]], o) << what;
      if (s > off[o])
        ASSERT_LT(mem[s - 1], mem[s]) << what;
    }
  }
}

/// `distinct` random positions on a coarse lattice (so that copies are exact), each copied a random
/// number of times, shuffled.
template <typename T>
Cloud<T> Duplicated(Id distinct, int maxCopies, unsigned seed)
{
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> coord(-50, 50), copies(1, maxCopies);
  std::vector<std::array<T, 3>> pts;
  for (Id i = 0; i < distinct; ++i)
  {
    const std::array<T, 3> x{ T(coord(rng)) * T(0.25), T(coord(rng)) * T(0.25), T(coord(rng)) * T(0.25) };
    for (int c = copies(rng); c > 0; --c)
      pts.push_back(x);
  }
  std::shuffle(pts.begin(), pts.end(), rng);
  Cloud<T> c;
  for (const auto& x : pts)
    c.Xyz.insert(c.Xyz.end(), x.begin(), x.end());
  return c;
}
} // namespace

TEST(Clean, ExactMatchesInsertionOrder)
{
  ExpectMatchesReference(Duplicated<Float32>(3000, 8, 1), 0.0, {}, "float32, up to 8 copies");
  ExpectMatchesReference(Duplicated<Float64>(3000, 3, 2), 0.0, {}, "float64, up to 3 copies");
  // Lattice of 101^3 positions, 8000 draws: many coincide by chance as well.
  ExpectMatchesReference(Duplicated<Float32>(8000, 1, 3), 0.0, {}, "float32, chance coincidences");
}

TEST(Clean, ManyCopiesOfOnePoint)
{
  Cloud<Float32> c;
  for (int i = 0; i < 200000; ++i)
    c.Xyz.insert(c.Xyz.end(), { 1.5f, -2.f, 3.f });
  c.Xyz.insert(c.Xyz.end(), { 0.f, 0.f, 0.f });
  MergePointsOptions options;
  options.Device = test::Device();
  const MergePointsResult r = MergePoints(c.Field(), options);
  ASSERT_EQ(r.GetNumberOfPoints(), 2);
  EXPECT_EQ(r.PointMap.ReadPortal().Get(199999), 0);
  EXPECT_EQ(r.PointMap.ReadPortal().Get(200000), 1);
}

TEST(Clean, SignedZeroAndNaN)
{
  const Float32 nan = std::numeric_limits<Float32>::quiet_NaN();
  Cloud<Float32> c;
  c.Xyz = { 0.f, 0.f, 0.f, -0.f, 0.f, -0.f, nan, 1.f, 1.f, nan, 1.f, 1.f, 2.f, 2.f, 2.f, 0.f, -0.f, 0.f };
  MergePointsOptions options;
  options.Device = test::Device();
  const MergePointsResult r = MergePoints(c.Field(), options);
  const Id* map = r.PointMap.ReadPortal().GetArray();
  // -0 is +0; NaN positions coincide with nothing, not even each other.
  EXPECT_EQ(map[0], 0);
  EXPECT_EQ(map[1], 0);
  EXPECT_EQ(map[2], 1);
  EXPECT_EQ(map[3], 2);
  EXPECT_EQ(map[4], 3);
  EXPECT_EQ(map[5], 0);
  ExpectMatchesReference(c, 0.0, {}, "signed zero and NaN");
}

TEST(Clean, UnusedPointsDropped)
{
  Cloud<Float64> c = Duplicated<Float64>(2000, 4, 4);
  std::mt19937 rng(5);
  std::vector<UInt8> used(static_cast<std::size_t>(c.Size()));
  for (auto& u : used)
    u = (rng() % 4) ? 1 : 0;
  ExpectMatchesReference(c, 0.0, used, "exact, a quarter unused");
  ExpectMatchesReference(c, 0.3, used, "tolerance, a quarter unused");
}

TEST(Clean, ToleranceMatchesInsertionOrder)
{
  // Clusters of jittered copies (jitter well under the tolerance, clusters well apart) and a uniform
  // cloud where chains form (the order of insertion decides).
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> jitter(-0.01, 0.01), where(0.0, 10.0);
  Cloud<Float64> clusters;
  for (int k = 0; k < 2000; ++k)
  {
    const double x = std::floor(where(rng)), y = std::floor(where(rng)), z = k * 0.5;
    for (int j = 0; j < 3; ++j)
      clusters.Xyz.insert(clusters.Xyz.end(), { x + jitter(rng), y + jitter(rng), z + jitter(rng) });
  }
  ExpectMatchesReference(clusters, 0.05, {}, "jittered clusters");
  Cloud<Float32> uniform;
  for (int k = 0; k < 6000; ++k)
    uniform.Xyz.insert(uniform.Xyz.end(), { Float32(where(rng)), Float32(where(rng)), Float32(where(rng) * 0.1) });
  ExpectMatchesReference(uniform, 0.2, {}, "uniform cloud, chains");
  ExpectMatchesReference(uniform, 1e-9, {}, "tiny tolerance (bins widened)");
}

TEST(Clean, RemapAndUsedFlags)
{
  const std::vector<Id> map{ 0, 0, 1, -1, 2 };
  const std::vector<Int32> conn{ 0, 1, 2, 4, 1 };
  const cont::ArrayHandle<Int32> out = RemapPointIds(cont::make_ArrayHandle(conn), cont::make_ArrayHandle(map), test::Device());
  const std::vector<Int32> expected{ 0, 0, 1, 2, 0 };
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(out.ReadPortal().Get(static_cast<Id>(i)), expected[i]);
  const cont::ArrayHandle<UInt8> used = UsedPointFlags(cont::make_ArrayHandle(conn), 5, test::Device());
  const std::vector<UInt8> usedExpected{ 1, 1, 1, 0, 1 };
  for (std::size_t i = 0; i < usedExpected.size(); ++i)
    EXPECT_EQ(used.ReadPortal().Get(static_cast<Id>(i)), usedExpected[i]);
  // Ids outside the points, or mapped to a dropped point.
  EXPECT_THROW(UsedPointFlags(cont::make_ArrayHandle(std::vector<Int32>{ 0, 5 }), 5, test::Device()),
               cont::ErrorBadValue);
  EXPECT_THROW(RemapPointIds(cont::make_ArrayHandle(std::vector<Int64>{ 3 }), cont::make_ArrayHandle(map), test::Device()),
               cont::ErrorBadValue);
}

TEST(Clean, AverageTuples)
{
  const std::vector<Int32> values{ 1, 10, 2, 20, 4, 40, 7, 70 }; // 4 tuples of 2 components
  const std::vector<Id> offsets{ 0, 3, 4 }, members{ 0, 1, 2, 3 };
  const FieldArray avg = AverageTuples(FieldArray::FromAOS(cont::make_ArrayHandle(values), 2),
                                       cont::make_ArrayHandle(offsets), cont::make_ArrayHandle(members), test::Device());
  ASSERT_EQ(avg.GetNumberOfTuples(), 2);
  const auto p = avg.GetPortal<Int32>();
  EXPECT_EQ(p.Get(0, 0), 2);  // (1+2+4)/3 = 2.33 -> 2
  EXPECT_EQ(p.Get(0, 1), 23); // 70/3 = 23.3 -> 23
  EXPECT_EQ(p.Get(1, 0), 7);
  EXPECT_EQ(p.Get(1, 1), 70);
}

TEST(Clean, BadInput)
{
  Cloud<Float32> c = Duplicated<Float32>(10, 2, 7);
  MergePointsOptions options;
  options.Device = test::Device();
  options.Tolerance = -1.0;
  EXPECT_THROW(MergePoints(c.Field(), options), cont::ErrorBadValue);
  options.Tolerance = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(MergePoints(c.Field(), options), cont::ErrorBadValue);
  options.Tolerance = 0.0;
  options.UsedPoints = cont::make_ArrayHandle(std::vector<UInt8>{ 1, 1 });
  EXPECT_THROW(MergePoints(c.Field(), options), cont::ErrorBadValue);
  options.UsedPoints = {};
  EXPECT_THROW(MergePoints(FieldArray::FromAOS(cont::make_ArrayHandle(c.Xyz), 1), options), cont::ErrorBadValue);
  EXPECT_THROW(MergePoints(FieldArray::FromAOS(cont::make_ArrayHandle(std::vector<Int32>{ 1, 2, 3 }), 3), options),
               cont::ErrorBadType);
  // Empty in, empty out.
  const MergePointsResult r = MergePoints(Cloud<Float32>{}.Field(), options);
  EXPECT_EQ(r.GetNumberOfPoints(), 0);
}
