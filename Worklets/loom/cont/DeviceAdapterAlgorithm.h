// Loom: the device algorithms (Schedule, Copy, CopyIf, scans, Reduce, ReduceByKey, sorts, Unique,
// bounds) for one compile-time device. CPU devices share one implementation built on the
// type-erased scheduling core; TBB swaps in its own primitives where they exist.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/BinaryOperators.h>
#include <loom/cont/internal/CpuSchedule.h>
#include <loom/cont/internal/RadixSort.h>
#include <loom/cont/internal/ScanKernels.h>
#ifdef LOOM_ENABLE_TBB
#include <loom/cont/tbb/AlgorithmsTBB.h>
#endif

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

namespace loom
{
namespace cont
{
namespace internal
{
template <typename T>
struct IsBasicArrayHandle : std::false_type
{
};
template <typename T>
struct IsBasicArrayHandle<ArrayHandle<T>> : std::true_type
{
};

inline void CheckSameLength(const char* algorithm, const char* what, Id expected, Id actual)
{
  if (expected != actual)
  {
    throw ErrorBadValue(std::string(algorithm) + ": " + what + " has " + std::to_string(actual) +
                        " values, expected " + std::to_string(expected) + ".");
  }
}
} // namespace internal

/// Device algorithms for a CPU device tag (DeviceAdapterTagCpu, which runs on the thread's current CPU
/// device, or DeviceAdapterTagSerial, DeviceAdapterTagTBB).
template <typename Device>
struct DeviceAdapterAlgorithm
{
  static_assert(Device::IsHost, "the generic device algorithms run on CPU devices");
  /// The CPU device that runs these algorithms now (DeviceIdOf: the current one for DeviceAdapterTagCpu).
  static DeviceId Id_() { return DeviceIdOf<Device>(); }

  /// Call functor(i) for i in [0, n).
  template <typename Functor>
  static void Schedule(const Functor& functor, Id n)
  {
    internal::CpuSchedule1D(Id_(), functor, n);
  }
  /// Call functor(ijk, flatIndex) over a 3D range (x fastest).
  template <typename Functor>
  static void Schedule(const Functor& functor, const Id3& range)
  {
    internal::CpuSchedule3D(Id_(), functor, range);
  }
  /// Call functor(begin, end) over sub-ranges of [0, n), each at least `grain` long (each index
  /// `weight` elements of work, for a WorkMonitor's count).
  template <typename Functor>
  static void ScheduleRanges(Functor& functor, Id n, Id grain = internal::CpuDefaultGrain, Id weight = 1)
  {
    internal::CpuScheduleRanges(Id_(), functor, n, grain, weight);
  }
  /// Wait for scheduled work: CPU schedules return when done.
  static void Synchronize() {}

  /// output = input (output resized).
  template <typename InArray, typename U>
  static void Copy(const InArray& input, ArrayHandle<U>& output)
  {
    const Id n = input.GetNumberOfValues();
    auto in = input.PrepareForInput(Device{});
    auto out = output.PrepareForOutput(n, Device{});
    if constexpr (internal::IsBasicArrayHandle<InArray>::value &&
                  std::is_same<typename InArray::ValueType, U>::value)
    {
      auto body = [&](Id begin, Id end) {
        if (in.GetArray() != out.GetArray()) // copying an array onto itself is a no-op
          std::memcpy(out.GetArray() + begin, in.GetArray() + begin,
                      static_cast<std::size_t>(end - begin) * sizeof(U));
      };
      ScheduleRanges(body, n, 1 << 16);
    }
    else
    {
      Schedule([&](Id i) { out.Set(i, static_cast<U>(in.Get(i))); }, n);
    }
  }

  /// output = the values of input whose stencil value satisfies `predicate` (default: non-zero),
  /// in order.
  template <typename InArray, typename StencilArray, typename U, typename Predicate = NotZero>
  static void CopyIf(const InArray& input, const StencilArray& stencil, ArrayHandle<U>& output,
                     Predicate predicate = Predicate{})
  {
    const Id n = input.GetNumberOfValues();
    internal::CheckSameLength("CopyIf", "the stencil", n, stencil.GetNumberOfValues());
    if constexpr (std::is_same<InArray, ArrayHandleIndex>::value &&
                  std::is_same<StencilArray, ArrayHandle<UInt8>>::value && std::is_same<Predicate, NotZero>::value &&
                  std::is_integral<U>::value)
    {
      FlaggedIndices(stencil.PrepareForInput(Device{}).GetArray(), n, output);
      return;
    }
    auto in = input.PrepareForInput(Device{});
    auto st = stencil.PrepareForInput(Device{});
    Compact(
      n, [&](Id i) { return predicate(st.Get(i)); }, [&](Id i) { return static_cast<U>(in.Get(i)); },
      output);
  }

  /// init combined with every value of input by `op` (associative).
  template <typename InArray, typename T, typename Op = Sum>
  static T Reduce(const InArray& input, T init, Op op = Op{})
  {
    const Id n = input.GetNumberOfValues();
#ifdef LOOM_ENABLE_TBB
    if constexpr (internal::IsBasicArrayHandle<InArray>::value && std::is_same<Op, Sum>::value &&
                  std::is_same<typename InArray::ValueType, T>::value && tbb::HasNativeSum<T>::value)
    {
      if (Id_() == DeviceId::TBB)
        return tbb::ReduceSum(input.GetPointer(), n, init);
    }
#endif
    auto in = input.PrepareForInput(Device{});
    auto get = [&in](Id i) { return static_cast<T>(in.Get(i)); };
    const Id numChunks = internal::CpuNumberOfChunks(Id_(), n);
    std::vector<T> partial(static_cast<std::size_t>(numChunks), init);
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      if (begin < end)
        partial[static_cast<std::size_t>(c)] = internal::ChunkReduce<T>(get, begin, end, op);
    });
    T result = init;
    for (Id c = 0; c < numChunks; ++c)
      if (n * c / numChunks < n * (c + 1) / numChunks)
        result = op(result, partial[static_cast<std::size_t>(c)]);
    return result;
  }

  /// output[i] = input[0] op ... op input[i]; returns the total (T{} when empty).
  template <typename InArray, typename T, typename Op = Sum>
  static T ScanInclusive(const InArray& input, ArrayHandle<T>& output, Op op = Op{})
  {
    return ScanImpl<true>(input, output, T{}, op);
  }

  /// output[i] = init op input[0] op ... op input[i-1]; returns init op (all values).
  template <typename InArray, typename T, typename Op = Sum>
  static T ScanExclusive(const InArray& input, ArrayHandle<T>& output, T init = T{}, Op op = Op{})
  {
    return ScanImpl<false>(input, output, init, op);
  }

  /// For each run of equal consecutive keys: one key out and the values of the run combined by
  /// `op`. Keys are usually sorted first (SortByKey) so that equal keys are consecutive.
  template <typename K, typename VArray, typename V, typename Op = Sum>
  static void ReduceByKey(const ArrayHandle<K>& keys, const VArray& values, ArrayHandle<K>& keysOut,
                          ArrayHandle<V>& valuesOut, Op op = Op{})
  {
    const Id n = keys.GetNumberOfValues();
    internal::CheckSameLength("ReduceByKey", "the value array", n, values.GetNumberOfValues());
    auto k = keys.PrepareForInput(Device{});
    auto v = values.PrepareForInput(Device{});
    // A chunk owns the runs that start inside it, and follows its last run past its end.
    const Id numChunks = internal::CpuNumberOfChunks(Id_(), n);
    std::vector<Id> offsets(static_cast<std::size_t>(numChunks) + 1, 0);
    auto isHead = [&](Id i) { return i == 0 || !(k.Get(i) == k.Get(i - 1)); };
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      Id count = 0;
      for (Id i = begin; i < end; ++i)
        count += isHead(i) ? 1 : 0;
      offsets[static_cast<std::size_t>(c) + 1] = count;
    });
    std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
    auto ko = keysOut.PrepareForOutput(offsets.back(), Device{});
    auto vo = valuesOut.PrepareForOutput(offsets.back(), Device{});
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      Id o = offsets[static_cast<std::size_t>(c)];
      Id i = begin;
      while (i < end && !isHead(i))
        ++i;
      while (i < end)
      {
        const K key = k.Get(i);
        V sum = static_cast<V>(v.Get(i));
        Id j = i + 1;
        for (; j < n && k.Get(j) == key; ++j)
          sum = op(sum, static_cast<V>(v.Get(j)));
        ko.Set(o, key);
        vo.Set(o, sum);
        ++o;
        i = j;
      }
    });
  }

  /// Sort ascending. Arithmetic keys and Vecs of them use a parallel radix sort.
  template <typename T>
  static void Sort(ArrayHandle<T>& values)
  {
    if constexpr (internal::RadixKey<T>::Supported)
    {
      internal::RadixSort<T, char>(Id_(), values.GetPointer(), nullptr, values.GetNumberOfValues());
    }
    else
    {
      Sort(values, SortLess{});
    }
  }
  /// Sort by a strict weak order `compare`.
  template <typename T, typename Compare>
  static void Sort(ArrayHandle<T>& values, Compare compare)
  {
    ParallelMergeSort(values.GetPointer(), values.GetNumberOfValues(), compare);
  }

  /// Sort keys ascending and apply the same permutation to values (stable).
  template <typename K, typename V>
  static void SortByKey(ArrayHandle<K>& keys, ArrayHandle<V>& values)
  {
    internal::CheckSameLength("SortByKey", "the value array", keys.GetNumberOfValues(),
                              values.GetNumberOfValues());
    if constexpr (internal::RadixKey<K>::Supported)
    {
      internal::RadixSort<K, V>(Id_(), keys.GetPointer(), values.GetPointer(), keys.GetNumberOfValues());
    }
    else
    {
      SortByKey(keys, values, SortLess{});
    }
  }
  /// Sort keys by `compare` and apply the same permutation to values (stable).
  template <typename K, typename V, typename Compare>
  static void SortByKey(ArrayHandle<K>& keys, ArrayHandle<V>& values, Compare compare)
  {
    const Id n = keys.GetNumberOfValues();
    internal::CheckSameLength("SortByKey", "the value array", n, values.GetNumberOfValues());
    struct Pair
    {
      K Key;
      V Value;
    };
    std::unique_ptr<Pair[]> pairs(new Pair[static_cast<std::size_t>(n)]);
    K* k = keys.GetPointer();
    V* v = values.GetPointer();
    Schedule([&](Id i) { pairs[i] = Pair{ k[i], v[i] }; }, n);
    ParallelMergeSort(pairs.get(), n,
                      [&](const Pair& a, const Pair& b) { return compare(a.Key, b.Key); });
    Schedule(
      [&](Id i) {
        k[i] = pairs[i].Key;
        v[i] = pairs[i].Value;
      },
      n);
  }

  /// Remove consecutive duplicates (the array shrinks; keep the first of each run).
  template <typename T, typename Eq = Equal>
  static void Unique(ArrayHandle<T>& values, Eq equal = Eq{})
  {
    const T* p = values.GetPointer();
    ArrayHandle<T> result;
    Compact(
      values.GetNumberOfValues(), [&](Id i) { return i == 0 || !equal(p[i], p[i - 1]); },
      [&](Id i) { return p[i]; }, result);
    values = result;
  }

  /// For each value, the first index of `sorted` whose entry is not less than it.
  template <typename T, typename VArray, typename Compare = SortLess>
  static void LowerBounds(const ArrayHandle<T>& sorted, const VArray& values, ArrayHandle<Id>& output,
                          Compare compare = Compare{})
  {
    Bounds<false>(sorted, values, output, compare);
  }
  /// For each value, the first index of `sorted` whose entry is greater than it.
  template <typename T, typename VArray, typename Compare = SortLess>
  static void UpperBounds(const ArrayHandle<T>& sorted, const VArray& values, ArrayHandle<Id>& output,
                          Compare compare = Compare{})
  {
    Bounds<true>(sorted, values, output, compare);
  }

private:
  // Write get(i) for every i in [0, n) with keep(i), in order: count per chunk, offsets, write.
  template <typename Keep, typename Get, typename U>
  static void Compact(Id n, const Keep& keep, const Get& get, ArrayHandle<U>& output)
  {
    const Id numChunks = internal::CpuNumberOfChunks(Id_(), n);
    std::vector<Id> offsets(static_cast<std::size_t>(numChunks) + 1, 0);
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      Id count = 0;
      for (Id i = begin; i < end; ++i)
        count += keep(i) ? 1 : 0;
      offsets[static_cast<std::size_t>(c) + 1] = count;
    });
    std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
    auto out = output.PrepareForOutput(offsets.back(), Device{});
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      Id o = offsets[static_cast<std::size_t>(c)];
      for (Id i = begin; i < end; ++i)
        if (keep(i))
          out.Set(o++, get(i));
    });
  }

  // The indices of the non-zero flags, in order (masks' selected ids, kept-cell and kept-point lists): counted
  // per chunk over the raw flags (a loop the compiler vectorizes), then written through a small buffer per
  // piece of the chunk: eight flags at a time where they are all zero (skipped) or all set (eight indices),
  // as runs of kept or dropped cells and points are, else one by one without a branch per flag (a branch
  // on the flags of a noisy field mispredicts often).
  template <typename U>
  static void FlaggedIndices(const UInt8* flags, Id n, ArrayHandle<U>& output)
  {
    const Id numChunks = internal::CpuNumberOfChunks(Id_(), n);
    std::vector<Id> offsets(static_cast<std::size_t>(numChunks) + 1, 0);
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      Id count = 0;
      for (Id i = begin; i < end; ++i)
        count += flags[i] != 0;
      offsets[static_cast<std::size_t>(c) + 1] = count;
    });
    std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
    U* out = output.PrepareForOutput(offsets.back(), Device{}).GetArray();
    if (offsets.back() == 0)
      return; // (an empty output has no memory: nothing may be copied to its null pointer)
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      constexpr Id Piece = 512;
      U buffer[Piece];
      U* to = out + offsets[static_cast<std::size_t>(c)];
      for (Id b = begin; b < end; b += Piece)
      {
        const Id e = std::min(end, b + Piece);
        Id k = 0;
        for (Id i = b; i < e;)
        {
          if (i + 8 <= e)
          {
            UInt64 word;
            std::memcpy(&word, flags + i, sizeof(word));
            if (word == 0)
            {
              i += 8;
              continue;
            }
            constexpr UInt64 ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
            if (((word - ones) & ~word & highs) == 0) // no zero byte: all eight flags set
            {
              for (Id q = 0; q < 8; ++q)
                buffer[k + q] = static_cast<U>(i + q);
              k += 8;
              i += 8;
              continue;
            }
          }
          buffer[k] = static_cast<U>(i);
          k += flags[i] != 0;
          ++i;
        }
        if (k > 0)
          std::memcpy(to, buffer, static_cast<std::size_t>(k) * sizeof(U));
        to += k;
      }
    });
  }

  template <bool Inclusive, typename InArray, typename T, typename Op>
  static T ScanImpl(const InArray& input, ArrayHandle<T>& output, T init, Op op)
  {
    const Id n = input.GetNumberOfValues();
    if (n == 0)
    {
      output.Allocate(0);
      return Inclusive ? T{} : init;
    }
#ifdef LOOM_ENABLE_TBB
    if constexpr (internal::IsBasicArrayHandle<InArray>::value && std::is_same<Op, Sum>::value &&
                  std::is_same<typename InArray::ValueType, T>::value && tbb::HasNativeSum<T>::value)
    {
      if (Id_() == DeviceId::TBB)
      {
        const T* inPtr = input.GetPointer();
        T* outPtr = output.PrepareForOutput(n, Device{}).GetArray();
        return Inclusive ? tbb::ScanInclusiveSum(inPtr, outPtr, n)
                         : tbb::ScanExclusiveSum(inPtr, outPtr, n, init);
      }
    }
#endif
    auto in = input.PrepareForInput(Device{});
    auto out = output.PrepareForOutput(n, Device{});
    auto get = [&in](Id i) { return static_cast<T>(in.Get(i)); };
    auto set = [&out](Id i, const T& v) { out.Set(i, v); };
    const Id numChunks = internal::CpuNumberOfChunks(Id_(), n);
    // Phase 1 (several chunks only): the total of every chunk but the last, then the carries.
    std::vector<T> carry(static_cast<std::size_t>(numChunks), init);
    if (numChunks > 1)
    {
      std::vector<T> totals(static_cast<std::size_t>(numChunks));
      internal::CpuForEachChunk(Id_(), n - n / numChunks, numChunks - 1, [&](Id c, Id, Id) {
        totals[static_cast<std::size_t>(c)] =
          internal::ChunkReduce<T>(get, n * c / numChunks, n * (c + 1) / numChunks, op);
      });
      for (Id c = 1; c < numChunks; ++c)
      {
        const std::size_t k = static_cast<std::size_t>(c);
        carry[k] = (Inclusive && c == 1) ? totals[0] : op(carry[k - 1], totals[k - 1]);
      }
    }
    // Phase 2: scan every chunk from its carry.
    T last{};
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id c, Id begin, Id end) {
      const bool hasCarry = !Inclusive || c > 0;
      const T after = internal::ChunkScan<Inclusive, T>(get, set, begin, end,
                                                        carry[static_cast<std::size_t>(c)], hasCarry, op);
      if (c == numChunks - 1)
        last = after;
    });
    return last;
  }

  template <typename T, typename Compare>
  static void ParallelMergeSort(T* data, Id n, Compare compare)
  {
    const Id numChunks = internal::CpuNumberOfChunks(Id_(), n, 1 << 14);
    if (numChunks <= 1)
    {
      std::stable_sort(data, data + n, compare);
      return;
    }
    internal::CpuForEachChunk(Id_(), n, numChunks, [&](Id, Id begin, Id end) {
      std::stable_sort(data + begin, data + end, compare);
    });
    std::unique_ptr<T[]> temp(new T[static_cast<std::size_t>(n)]);
    T* src = data;
    T* dst = temp.get();
    for (Id width = 1; width < numChunks; width *= 2)
    {
      const Id pairs = (numChunks + 2 * width - 1) / (2 * width);
      internal::CpuForEachChunk(Id_(), pairs, pairs, [&](Id p, Id, Id) {
        const Id lo = n * (2 * p * width) / numChunks;
        const Id mid = n * std::min(numChunks, (2 * p + 1) * width) / numChunks;
        const Id hi = n * std::min(numChunks, (2 * p + 2) * width) / numChunks;
        std::merge(src + lo, src + mid, src + mid, src + hi, dst + lo, compare);
      });
      std::swap(src, dst);
    }
    if (src != data)
      std::copy(src, src + n, data);
  }

  template <bool Upper, typename T, typename VArray, typename Compare>
  static void Bounds(const ArrayHandle<T>& sorted, const VArray& values, ArrayHandle<Id>& output,
                     Compare compare)
  {
    const Id n = values.GetNumberOfValues();
    const T* s = sorted.GetPointer();
    const T* e = s + sorted.GetNumberOfValues();
    auto v = values.PrepareForInput(Device{});
    auto out = output.PrepareForOutput(n, Device{});
    Schedule(
      [&](Id i) {
        const T value = static_cast<T>(v.Get(i));
        const T* p = Upper ? std::upper_bound(s, e, value, compare)
                           : std::lower_bound(s, e, value, compare);
        out.Set(i, static_cast<Id>(p - s));
      },
      n);
  }
};
} // namespace cont
} // namespace loom
