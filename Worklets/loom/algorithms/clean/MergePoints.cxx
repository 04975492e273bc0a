// Loom algorithms, clean family: MergePoints (exact on a reduce-by-key worklet, or within a tolerance on
// bins), used-point flags, connectivity renumbering and the averaging of merged points' tuples. The device
// passes are MergePointsImpl.h's, for the CPU devices here and for CUDA in MergePointsCuda.cu (a tolerance
// merge settles points in id order on the CPU; the averaging reads VTK's host arrays on the CPU).
#include <loom/algorithms/clean/MergePoints.h>
#include <loom/algorithms/clean/MergePointsImpl.h>

#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Error.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/Keys.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <string>

namespace loom
{
namespace algorithms
{
namespace
{
using loom::cont::ArrayHandle;
using loom::cont::DeviceId;

/// Merging within a tolerance, as inserting the points one by one in id order would merge them: a
/// point joins the lowest-id kept point within `tolerance`, else it is kept. The points are sorted
/// into bins at least `tolerance` wide (so a point's partners lie in the 27 bins around it); a parallel
/// pass marks the points with no earlier point within reach (kept for certain), then the rest are
/// settled in id order.
template <typename T>
ArrayHandle<Id> ToleranceRepresentatives(const FieldArray& points, const MergePointsOptions& options)
{
  const Id n = points.GetNumberOfTuples();
  const DeviceId device = options.Device;
  const ComponentPortal<T> pts = points.GetPortal<T>();
  const bool hasUsed = options.UsedPoints.GetNumberOfValues() > 0;
  const UInt8* used = hasUsed ? options.UsedPoints.ReadPortal().GetArray() : nullptr;
  auto isUsed = [=](Id p) { return !hasUsed || used[p] != 0; };

  // Bounds of the points that take part (NaN coordinates take part in nothing).
  double lo[3] = { std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::max() };
  double hi[3] = { -lo[0], -lo[1], -lo[2] };
  auto finite = [&](Id p) {
    return std::isfinite(static_cast<double>(pts.Get(p, 0))) && std::isfinite(static_cast<double>(pts.Get(p, 1))) &&
      std::isfinite(static_cast<double>(pts.Get(p, 2)));
  };
  for (Id p = 0; p < n; ++p)
    if (isUsed(p) && finite(p))
      for (int c = 0; c < 3; ++c)
      {
        lo[c] = std::min(lo[c], static_cast<double>(pts.Get(p, c)));
        hi[c] = std::max(hi[c], static_cast<double>(pts.Get(p, c)));
      }
  ArrayHandle<Id> reps;
  reps.Allocate(n);
  Id* rep = reps.GetPointer();
  if (lo[0] > hi[0])
  {
    for (Id p = 0; p < n; ++p)
      rep[p] = isUsed(p) ? p : -1;
    return reps;
  }
  // Bins at least `tolerance` wide, no more of them than points (wider bins when needed).
  const double tolerance = options.Tolerance;
  double width = tolerance;
  Id dims[3];
  for (;;)
  {
    double total = 1.0;
    for (int c = 0; c < 3; ++c)
      total *= std::floor((hi[c] - lo[c]) / width) + 1.0;
    if (total <= static_cast<double>(std::max<Id>(n, 1)))
      break;
    width *= 1.5;
  }
  for (int c = 0; c < 3; ++c)
    dims[c] = static_cast<Id>(std::floor((hi[c] - lo[c]) / width)) + 1;
  auto binOf = [&](Id p, Id ijk[3]) {
    for (int c = 0; c < 3; ++c)
      ijk[c] = std::min<Id>(dims[c] - 1, static_cast<Id>((static_cast<double>(pts.Get(p, c)) - lo[c]) / width));
  };
  const Id numBins = dims[0] * dims[1] * dims[2];
  // Each taking-part point's bin (-1 for the others, sorted first), grouped in id order.
  ArrayHandle<Int64> binKeys;
  binKeys.Allocate(n);
  Int64* bk = binKeys.GetPointer();
  HostForEach(device, n, 1 << 14, [&, bk](Id p) {
    if (!isUsed(p) || !finite(p))
    {
      bk[p] = -1;
      return;
    }
    Id ijk[3];
    binOf(p, ijk);
    bk[p] = (ijk[2] * dims[1] + ijk[1]) * dims[0] + ijk[0];
  });
  const loom::worklet::Keys<Int64> bins(binKeys, device);
  binKeys.ReleaseResources();
  const Int64* unique = bins.GetUniqueKeys().ReadPortal().GetArray();
  const Id* offsets = bins.GetOffsets().ReadPortal().GetArray();
  const Id* members = bins.GetSortedValuesMap().ReadPortal().GetArray();
  // Dense bin -> group lookup.
  std::vector<Int32> groupOfBin(static_cast<std::size_t>(numBins), -1);
  for (Id g = 0; g < bins.GetNumberOfUniqueKeys(); ++g)
    if (unique[g] >= 0)
      groupOfBin[static_cast<std::size_t>(unique[g])] = static_cast<Int32>(g);
  const double tol2 = tolerance * tolerance;
  // Calls f(q) for the points q < p in the bins around p (ascending within each bin) until f says stop.
  auto forEarlierNeighbours = [&](Id p, auto&& f) {
    Id ijk[3];
    binOf(p, ijk);
    for (Id k = std::max<Id>(0, ijk[2] - 1); k <= std::min(dims[2] - 1, ijk[2] + 1); ++k)
      for (Id j = std::max<Id>(0, ijk[1] - 1); j <= std::min(dims[1] - 1, ijk[1] + 1); ++j)
        for (Id i = std::max<Id>(0, ijk[0] - 1); i <= std::min(dims[0] - 1, ijk[0] + 1); ++i)
        {
          const Int32 g = groupOfBin[static_cast<std::size_t>((k * dims[1] + j) * dims[0] + i)];
          if (g < 0)
            continue;
          for (Id s = offsets[g]; s < offsets[g + 1] && members[s] < p; ++s)
            if (!f(members[s]))
              return;
        }
  };
  auto near = [&](Id p, Id q) {
    double d2 = 0.0;
    for (int c = 0; c < 3; ++c)
    {
      const double d = static_cast<double>(pts.Get(p, c)) - static_cast<double>(pts.Get(q, c));
      d2 += d * d;
    }
    return d2 <= tol2;
  };
  // Pass 1 (parallel): points with no earlier point within reach are kept for certain (rep = p);
  // the others are marked -2 and settled below.
  HostForEach(device, n, 1 << 12, [&, rep](Id p) {
    if (!isUsed(p))
    {
      rep[p] = -1;
      return;
    }
    if (!finite(p))
    {
      rep[p] = p;
      return;
    }
    bool any = false;
    forEarlierNeighbours(p, [&](Id q) {
      any = near(p, q);
      return !any;
    });
    rep[p] = any ? -2 : p;
  });
  // Pass 2 (in id order): the lowest-id kept point within reach, else the point itself.
  for (Id p = 0; p < n; ++p)
  {
    if (rep[p] != -2)
      continue;
    Id best = p;
    forEarlierNeighbours(p, [&](Id q) {
      if (q < best && rep[q] == q && near(p, q))
        best = q;
      return true;
    });
    rep[p] = best;
  }
  return reps;
}

template <typename I>
ArrayHandle<UInt8> UsedFlagsImpl(const ArrayHandle<I>& connectivity, Id numberOfPoints, DeviceId device)
{
  return WithCudaFallback(
    device, "UsedPointFlags", [&](auto) { return UsedPointFlagsCuda(connectivity, numberOfPoints); },
    [&](DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        return clean::Passes<decltype(tag)>::UsedFlags(connectivity, numberOfPoints);
      });
    });
}

template <typename I>
void RemapImpl(const ArrayHandle<I>& from, ArrayHandle<I>* to, const ArrayHandle<Id>& pointMap, DeviceId device)
{
  WithCudaFallback(
    device, "RemapPointIds",
    [&](auto) {
      RemapPointIdsCuda(from, to, pointMap);
      return 0;
    },
    [&](DeviceId cpu) {
      loom::cont::CallOnDevice(cpu, [&](auto tag) {
        clean::Passes<decltype(tag)>::Remap(from, to, pointMap);
        return 0;
      });
      return 0;
    });
}
} // namespace

MergePointsResult MergePoints(const FieldArray& points, const MergePointsOptions& options)
{
  const Id n = points.GetNumberOfTuples();
  if (points.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("MergePoints: the points have " + std::to_string(points.GetNumberOfComponents()) +
                                    " components, not 3.");
  if (!(options.Tolerance >= 0.0) || std::isinf(options.Tolerance))
    throw loom::cont::ErrorBadValue("MergePoints: the tolerance " + std::to_string(options.Tolerance) +
                                    " is not a finite distance of zero or more.");
  if (options.UsedPoints.GetNumberOfValues() != 0 && options.UsedPoints.GetNumberOfValues() != n)
    throw loom::cont::ErrorBadValue("MergePoints: " + std::to_string(options.UsedPoints.GetNumberOfValues()) +
                                    " used-point flags for " + std::to_string(n) + " points.");
  MergePointsResult result;
  if (n == 0)
  {
    result.PointMap.Allocate(0);
    result.FirstPoints.Allocate(0);
    result.MemberOffsets.Allocate(1);
    result.MemberOffsets.GetPointer()[0] = 0;
    result.Members.Allocate(0);
    return result;
  }
  if (points.GetKind() != ValueKind::Float32 && points.GetKind() != ValueKind::Float64)
    throw loom::cont::ErrorBadType(std::string("MergePoints: positions of kind ") + ValueKindName(points.GetKind()) +
                                   " (Float32 or Float64 expected).");
  if (options.Tolerance > 0.0)
  {
    // Within a tolerance the points are settled in id order: a CPU pass (host code runs a CUDA request on TBB).
    return loom::cont::CallOnDevice(options.Device, [&](auto tag) {
      using Tag = decltype(tag);
      MergePointsOptions onCpu = options;
      onCpu.Device = loom::cont::DeviceIdOf<Tag>();
      ArrayHandle<Id> reps = points.GetKind() == ValueKind::Float32 ? ToleranceRepresentatives<Float32>(points, onCpu)
                                                                    : ToleranceRepresentatives<Float64>(points, onCpu);
      MergePointsResult merged;
      clean::Passes<Tag>::Number(reps, merged);
      if (options.ListMembers)
        clean::Passes<Tag>::ListMembers(merged);
      return merged;
    });
  }
  // Exact merging: on CUDA when the request resolves to it (the same passes).
  return WithCudaFallback(
    options.Device, "MergePoints", [&](auto) { return ExactMergeCuda(points, options); },
    [&](DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) { return clean::ExactMergeOn<decltype(tag)>(points, options); });
    });
}

void ListMemberPoints(MergePointsResult& result, DeviceId device)
{
  WithCudaFallback(
    device, "ListMemberPoints",
    [&](auto) {
      ListMemberPointsCuda(result);
      return 0;
    },
    [&](DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        clean::Passes<decltype(tag)>::ListMembers(result);
        return 0;
      });
    });
}

ArrayHandle<UInt8> UsedPointFlags(const ArrayHandle<Int32>& connectivity, Id numberOfPoints, DeviceId device)
{
  return UsedFlagsImpl(connectivity, numberOfPoints, device);
}
ArrayHandle<UInt8> UsedPointFlags(const ArrayHandle<Int64>& connectivity, Id numberOfPoints, DeviceId device)
{
  return UsedFlagsImpl(connectivity, numberOfPoints, device);
}
ArrayHandle<Int32> RemapPointIds(const ArrayHandle<Int32>& connectivity, const ArrayHandle<Id>& pointMap, DeviceId device)
{
  ArrayHandle<Int32> out;
  RemapImpl(connectivity, &out, pointMap, device);
  return out;
}
ArrayHandle<Int64> RemapPointIds(const ArrayHandle<Int64>& connectivity, const ArrayHandle<Id>& pointMap, DeviceId device)
{
  ArrayHandle<Int64> out;
  RemapImpl(connectivity, &out, pointMap, device);
  return out;
}

void RemapPointIdsInPlace(ArrayHandle<Int32>& connectivity, const ArrayHandle<Id>& pointMap, DeviceId device)
{
  RemapImpl<Int32>(connectivity, nullptr, pointMap, device);
}
void RemapPointIdsInPlace(ArrayHandle<Int64>& connectivity, const ArrayHandle<Id>& pointMap, DeviceId device)
{
  RemapImpl<Int64>(connectivity, nullptr, pointMap, device);
}

FieldArray AverageTuples(const FieldArray& field, const ArrayHandle<Id>& offsets, const ArrayHandle<Id>& members,
                         DeviceId device)
{
  const Id outTuples = offsets.GetNumberOfValues() > 0 ? offsets.GetNumberOfValues() - 1 : 0;
  const IdComponent components = field.GetNumberOfComponents();
  const Id tuples = field.GetNumberOfTuples(), m = members.GetNumberOfValues();
  FieldArray out = FieldArray::Allocate(field.GetKind(), outTuples, components);
  if (outTuples == 0)
    return out;
  const Id* off = offsets.ReadPortal().GetArray();
  const Id* mem = members.ReadPortal().GetArray();
  if (off[0] != 0 || off[outTuples] > m)
    throw loom::cont::ErrorBadValue("AverageTuples: offsets do not fit the " + std::to_string(m) + " members.");
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortal<T> in = field.GetPortal<T>();
    T* to = out.GetPortal<T>().Pointers[0];
    std::atomic<Id> bad{ -1 };
    HostForEach(device, outTuples, 1 << 12, [&, in, to](Id o) {
      const Id b = off[o], e = off[o + 1];
      for (Id s = b; s < e; ++s)
        if (mem[s] < 0 || mem[s] >= tuples)
        {
          bad.store(s, std::memory_order_relaxed);
          return;
        }
      for (IdComponent c = 0; c < components; ++c)
      {
        if (e - b == 1)
        {
          to[o * components + c] = in.Get(mem[b], c);
          continue;
        }
        double sum = 0.0;
        for (Id s = b; s < e; ++s)
          sum += static_cast<double>(in.Get(mem[s], c));
        const double mean = e > b ? sum / static_cast<double>(e - b) : 0.0;
        if constexpr (std::is_integral<T>::value)
          to[o * components + c] = static_cast<T>(std::llround(mean));
        else
          to[o * components + c] = static_cast<T>(mean);
      }
    });
    if (bad.load() >= 0)
      throw loom::cont::ErrorBadValue("AverageTuples: member " + std::to_string(mem[bad.load()]) +
                                      " is outside a field of " + std::to_string(tuples) + " tuples.");
  });
  return out;
}
} // namespace algorithms
} // namespace loom
