// Loom: oneTBB primitives (parallel_reduce, parallel_scan) for sums over contiguous arithmetic
// arrays; declared here, instantiated for a fixed type list in AlgorithmsTBB.cxx.
#pragma once

#include <loom/Types.h>

#include <type_traits>

namespace loom
{
namespace cont
{
namespace tbb
{
/// The value types with a native TBB path.
template <typename T>
struct HasNativeSum
  : std::integral_constant<bool, std::is_same<T, Int32>::value || std::is_same<T, Int64>::value ||
                                   std::is_same<T, UInt32>::value || std::is_same<T, UInt64>::value ||
                                   std::is_same<T, Float32>::value || std::is_same<T, Float64>::value>
{
};

/// init + sum of in[0, n) with tbb::parallel_reduce.
template <typename T>
T ReduceSum(const T* in, Id n, T init);
/// out[i] = in[0] + ... + in[i] with tbb::parallel_scan; returns the total.
template <typename T>
T ScanInclusiveSum(const T* in, T* out, Id n);
/// out[i] = init + in[0] + ... + in[i-1] with tbb::parallel_scan; returns init + the total.
template <typename T>
T ScanExclusiveSum(const T* in, T* out, Id n, T init);
} // namespace tbb
} // namespace cont
} // namespace loom
