// Loom algorithms, clean family: the device passes of MergePoints (exact merging by a reduce-by-key
// worklet, the kept points numbered, the map and the member lists), of the used-point flags and of the
// renumbering, written once for every device: MergePoints.cxx instantiates them for the CPU devices,
// MergePointsCuda.cu for CUDA. One thread per point or per connectivity entry.
#pragma once

#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/MergeKeys.h>
#include <loom/algorithms/clean/MergePoints.h>
#include <loom/algorithms/clean/MergePointsWorklets.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Error.h>
#include <loom/cont/Invoker.h>
#include <loom/exec/Atomic.h>
#include <loom/worklet/Keys.h>

#include <cstdint>
#include <string>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
namespace clean
{
/// Kept[p] = 1 where p is its own representative.
struct FlagRepresentatives
{
  const Id* Representatives;
  UInt8* Kept;
  LOOM_EXEC void operator()(Id p) const { this->Kept[p] = this->Representatives[p] == p ? 1 : 0; }
};

/// The numbering (an exclusive scan of the kept flags) rewritten into the map in place: a point that
/// is not its own representative takes its representative's number (-1 for a dropped point); a kept
/// point's number, the only kind read, is never written, so threads do not race.
struct MapThroughRepresentatives
{
  const Id* Representatives;
  Id* Map;
  Id* FirstPoints;
  LOOM_EXEC void operator()(Id p) const
  {
    const Id r = this->Representatives[p];
    if (r == p)
      this->FirstPoints[this->Map[p]] = p;
    else
      this->Map[p] = r < 0 ? -1 : this->Map[r];
  }
};

/// The identity member lists: output point o has one member, itself.
struct IdentityMembers
{
  Id N;
  Id* MemberOffsets;
  Id* Members;
  LOOM_EXEC void operator()(Id o) const
  {
    this->MemberOffsets[o] = o;
    if (o < this->N)
      this->Members[o] = o;
  }
};

/// Used[p] = 1 for every point a connectivity entry names; the first entry outside the points noted in Bad.
template <typename I>
struct MarkUsedPoints
{
  const I* Ids;
  Id NumberOfPoints;
  UInt8* Used;
  Id* Bad;
  LOOM_EXEC void operator()(Id i) const
  {
    const Id p = static_cast<Id>(this->Ids[i]);
    if (p < 0 || p >= this->NumberOfPoints)
      loom::exec::AtomicMin(this->Bad, i);
    else
      loom::exec::AtomicStore(this->Used + p, UInt8(1));
  }
};

/// To[i] = Map[In[i]] (To may be In); an entry outside the map or mapping to no point is left as it
/// was, and the first such entry noted in Bad.
template <typename I>
struct RemapEntries
{
  const I* In;
  I* To;
  const Id* Map;
  Id N;
  Id* Bad;
  LOOM_EXEC void operator()(Id i) const
  {
    const Id p = static_cast<Id>(this->In[i]);
    const Id q = (p >= 0 && p < this->N) ? this->Map[p] : -1;
    if (q < 0)
      loom::exec::AtomicMin(this->Bad, i);
    else
      this->To[i] = static_cast<I>(q);
  }
};

template <typename Tag>
struct Passes : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::InPlace;
  using Pointers::Read;
  using Pointers::Write;
  /// A slot for the first bad index (AtomicMin), INT64_MAX before the pass.
  static loom::cont::ArrayHandle<Id> BadSlot()
  {
    loom::cont::ArrayHandle<Id> slot;
    Algorithm::Schedule(Fill<Id>{ Write(slot, 1), INT64_MAX }, 1);
    return slot;
  }

  /// Exact merging: a hash of each position as the key, the keys grouped once (Keys), and one
  /// reduce-by-key invocation per hash group settling which points coincide.
  template <typename T>
  static loom::cont::ArrayHandle<Id> ExactRepresentatives(const FieldArray& points, const MergePointsOptions& options)
  {
    const Id n = points.GetNumberOfTuples();
    loom::cont::Invoker invoke(loom::cont::DeviceIdOf<Tag>());
    loom::cont::ArrayHandle<Int32> hashes;
    invoke(HashPosition<T>{}, loom::cont::ArrayHandleIndex(n),
           ComponentPortalObject<T>(points, ComponentPortalObject<T>::Access::In), hashes);
    const loom::worklet::Keys<Int32> groups(hashes, loom::cont::DeviceIdOf<Tag>());
    hashes.ReleaseResources();
    SettleHashGroup<T> settle;
    settle.HasUsedFlags = options.UsedPoints.GetNumberOfValues() > 0;
    loom::cont::ArrayHandle<Id> reps;
    loom::cont::ArrayHandle<UInt8> used = settle.HasUsedFlags ? options.UsedPoints : loom::cont::ArrayHandle<UInt8>();
    if (!settle.HasUsedFlags)
      Write(used, 1); // never read
    invoke(settle, groups, reps, ComponentPortalObject<T>(points, ComponentPortalObject<T>::Access::In), used);
    return reps;
  }

  /// Kept points (their own representatives) numbered in id order; every point mapped through its
  /// representative. With every point kept the numbering is 0, 1, 2, ...: the map and the first points
  /// are that same array (Identity).
  static void Number(loom::cont::ArrayHandle<Id>& reps, MergePointsResult& result)
  {
    const Id n = reps.GetNumberOfValues();
    const Id* rep = Read(reps);
    loom::cont::ArrayHandle<UInt8> kept;
    Algorithm::Schedule(FlagRepresentatives{ rep, Write(kept, n) }, n);
    loom::cont::ArrayHandle<Id> number;
    const Id outputPoints = Algorithm::ScanExclusive(kept, number, Id(0));
    kept.ReleaseResources();
    result.PointMap = number;
    result.Identity = outputPoints == n;
    if (result.Identity)
      result.FirstPoints = number;
    else
      Algorithm::Schedule(MapThroughRepresentatives{ rep, InPlace(number), Write(result.FirstPoints, outputPoints) }, n);
    reps.ReleaseResources();
  }

  static void ListMembers(MergePointsResult& result)
  {
    const Id n = result.PointMap.GetNumberOfValues(), outputPoints = result.GetNumberOfPoints();
    if (result.Identity)
    {
      // One member each, itself: no sort.
      Algorithm::Schedule(IdentityMembers{ n, Write(result.MemberOffsets, outputPoints + 1), Write(result.Members, n) },
                          outputPoints + 1);
      return;
    }
    // The input points of each output point: the map as keys (dropped points, -1, group first).
    const loom::worklet::Keys<Int64> byOutput(result.PointMap, loom::cont::DeviceIdOf<Tag>());
    Id skip = 0, base = 0;
    FindFirstKeptGroup<Tag>(byOutput.GetUniqueKeys(), byOutput.GetOffsets(), skip, base);
    Algorithm::Schedule(ShiftedOffsets{ Read(byOutput.GetOffsets()), skip, base, Write(result.MemberOffsets, outputPoints + 1) },
                        outputPoints + 1);
    result.Members = byOutput.GetSortedValuesMap().View(base, n - base);
  }

  template <typename I>
  static loom::cont::ArrayHandle<UInt8> UsedFlags(const loom::cont::ArrayHandle<I>& connectivity, Id numberOfPoints)
  {
    loom::cont::ArrayHandle<UInt8> used;
    UInt8* u = Write(used, numberOfPoints);
    Algorithm::Schedule(Fill<UInt8>{ u, 0 }, numberOfPoints);
    loom::cont::ArrayHandle<Id> bad = BadSlot();
    const Id m = connectivity.GetNumberOfValues();
    Algorithm::Schedule(MarkUsedPoints<I>{ Read(connectivity), numberOfPoints, u, InPlace(bad) }, m);
    const Id at = bad.ReadPortal().Get(0);
    if (at != INT64_MAX)
      throw loom::cont::ErrorBadValue("a cell uses point " + std::to_string(static_cast<Id>(connectivity.ReadPortal().Get(at))) +
                                      ", outside the " + std::to_string(numberOfPoints) + " points.");
    return used;
  }

  /// The entries of `from` through `pointMap`, into `to` (allocated here), or into `from` itself when `to`
  /// is null (each entry is read once, then written).
  template <typename I>
  static void Remap(const loom::cont::ArrayHandle<I>& from, loom::cont::ArrayHandle<I>* to,
                    const loom::cont::ArrayHandle<Id>& pointMap)
  {
    const Id n = pointMap.GetNumberOfValues(), m = from.GetNumberOfValues();
    loom::cont::ArrayHandle<Id> bad = BadSlot();
    I* out = to ? Write(*to, m) : InPlace(from);
    const I* in = to ? Read(from) : out;
    Algorithm::Schedule(RemapEntries<I>{ in, out, Read(pointMap), n, InPlace(bad) }, m);
    const Id at = bad.ReadPortal().Get(0);
    if (at != INT64_MAX)
      throw loom::cont::ErrorBadValue("a cell uses point " + std::to_string(static_cast<Id>(from.ReadPortal().Get(at))) +
                                      ", which is outside the " + std::to_string(n) + " points or was dropped.");
  }
};

/// Exact merging on device `Tag`: representatives, numbering, member lists on request.
template <typename Tag>
MergePointsResult ExactMergeOn(const FieldArray& points, const MergePointsOptions& options)
{
  MergePointsResult result;
  loom::cont::ArrayHandle<Id> reps;
  if (points.GetKind() == ValueKind::Float32)
    reps = Passes<Tag>::template ExactRepresentatives<Float32>(points, options);
  else
    reps = Passes<Tag>::template ExactRepresentatives<Float64>(points, options);
  Passes<Tag>::Number(reps, result);
  if (options.ListMembers)
    Passes<Tag>::ListMembers(result);
  return result;
}
} // namespace clean
LOOM_UNIT_NAMESPACE_END

/// The clean family's CUDA entries (MergePointsCuda.cu; only in builds with CUDA).
MergePointsResult ExactMergeCuda(const FieldArray& points, const MergePointsOptions& options);
void ListMemberPointsCuda(MergePointsResult& result);
loom::cont::ArrayHandle<UInt8> UsedPointFlagsCuda(const loom::cont::ArrayHandle<Int32>& connectivity, Id numberOfPoints);
loom::cont::ArrayHandle<UInt8> UsedPointFlagsCuda(const loom::cont::ArrayHandle<Int64>& connectivity, Id numberOfPoints);
void RemapPointIdsCuda(const loom::cont::ArrayHandle<Int32>& from, loom::cont::ArrayHandle<Int32>* to,
                       const loom::cont::ArrayHandle<Id>& pointMap);
void RemapPointIdsCuda(const loom::cont::ArrayHandle<Int64>& from, loom::cont::ArrayHandle<Int64>* to,
                       const loom::cont::ArrayHandle<Id>& pointMap);
} // namespace algorithms
} // namespace loom
