// Loom: parallel LSD radix sort over the CPU chunk scheduler, for arithmetic keys and Vecs of them
// (lexicographic), optionally carrying values. Stable; 8-bit digits; passes whose digit is the same
// for every key are skipped.
#pragma once

#include <loom/cont/internal/CpuSchedule.h>

#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

namespace loom
{
namespace cont
{
namespace internal
{
/// Maps an arithmetic value to an unsigned integer with the same order.
template <typename T, typename Enable = void>
struct RadixScalar
{
  static constexpr bool Supported = false;
};
template <typename T>
struct RadixScalar<T, std::enable_if_t<std::is_integral<T>::value>>
{
  static constexpr bool Supported = true;
  using Bits = std::make_unsigned_t<std::conditional_t<std::is_same<T, bool>::value, UInt8, T>>;
  static Bits Encode(T v)
  {
    Bits b = static_cast<Bits>(v);
    if (std::is_signed<T>::value)
      b ^= Bits(Bits(1) << (sizeof(Bits) * 8 - 1));
    return b;
  }
};
template <typename T>
struct RadixScalar<T, std::enable_if_t<std::is_floating_point<T>::value>>
{
  static constexpr bool Supported = true;
  using Bits = std::conditional_t<sizeof(T) == 4, UInt32, UInt64>;
  static Bits Encode(T v)
  {
    Bits b;
    std::memcpy(&b, &v, sizeof(T));
    const Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
    // Negative values: flip every bit (reverses their order); positive: set the sign bit.
    return (b & sign) ? Bits(~b) : Bits(b | sign);
  }
};

/// Byte `digit` (0 = least significant) of the order-preserving encoding of a key.
template <typename K>
struct RadixKey
{
  static constexpr bool Supported = RadixScalar<K>::Supported;
  static constexpr int Bytes = sizeof(K);
  static UInt8 Digit(const K& k, int digit)
  {
    return static_cast<UInt8>(RadixScalar<K>::Encode(k) >> (8 * digit));
  }
};
template <typename T, IdComponent N>
struct RadixKey<Vec<T, N>>
{
  static constexpr bool Supported = RadixScalar<T>::Supported;
  static constexpr int Bytes = N * static_cast<int>(sizeof(T));
  static UInt8 Digit(const Vec<T, N>& k, int digit)
  {
    // The last component is the least significant (lexicographic order).
    const int component = N - 1 - digit / static_cast<int>(sizeof(T));
    const int byte = digit % static_cast<int>(sizeof(T));
    return static_cast<UInt8>(RadixScalar<T>::Encode(k[component]) >> (8 * byte));
  }
};

/// Sort keys[0, n) ascending, moving values[i] with keys[i] when values is not null.
template <typename K, typename V>
void RadixSort(DeviceId device, K* keys, V* values, Id n)
{
  if (n < 2)
    return;
  constexpr int Radix = 256;
  const Id numChunks = CpuNumberOfChunks(device, n, 1 << 16);
  std::unique_ptr<K[]> keyTemp(new K[static_cast<std::size_t>(n)]);
  std::unique_ptr<V[]> valueTemp(values ? new V[static_cast<std::size_t>(n)] : nullptr);
  std::vector<Id> counts(static_cast<std::size_t>(numChunks * Radix));

  K* srcK = keys;
  K* dstK = keyTemp.get();
  V* srcV = values;
  V* dstV = valueTemp.get();
  for (int digit = 0; digit < RadixKey<K>::Bytes; ++digit)
  {
    std::fill(counts.begin(), counts.end(), Id(0));
    CpuForEachChunk(device, n, numChunks, [&](Id c, Id begin, Id end) {
      Id* h = counts.data() + c * Radix;
      for (Id i = begin; i < end; ++i)
        ++h[RadixKey<K>::Digit(srcK[i], digit)];
    });
    // Skip a pass in which every key has the same digit.
    bool trivial = false;
    for (int d = 0; d < Radix && !trivial; ++d)
    {
      Id total = 0;
      for (Id c = 0; c < numChunks; ++c)
        total += counts[static_cast<std::size_t>(c * Radix + d)];
      trivial = (total == n);
    }
    if (trivial)
      continue;
    // Offsets: digit-major, then chunk order, so the scatter is stable.
    Id running = 0;
    for (int d = 0; d < Radix; ++d)
    {
      for (Id c = 0; c < numChunks; ++c)
      {
        Id& slot = counts[static_cast<std::size_t>(c * Radix + d)];
        const Id count = slot;
        slot = running;
        running += count;
      }
    }
    CpuForEachChunk(device, n, numChunks, [&](Id c, Id begin, Id end) {
      Id* offset = counts.data() + c * Radix;
      for (Id i = begin; i < end; ++i)
      {
        const Id to = offset[RadixKey<K>::Digit(srcK[i], digit)]++;
        dstK[to] = srcK[i];
        if (srcV)
          dstV[to] = srcV[i];
      }
    });
    std::swap(srcK, dstK);
    std::swap(srcV, dstV);
  }
  if (srcK != keys)
  {
    CpuForEachChunk(device, n, numChunks, [&](Id, Id begin, Id end) {
      std::memcpy(keys + begin, srcK + begin, static_cast<std::size_t>(end - begin) * sizeof(K));
      if (values)
        std::memcpy(values + begin, srcV + begin, static_cast<std::size_t>(end - begin) * sizeof(V));
    });
  }
}
} // namespace internal
} // namespace cont
} // namespace loom
