// Loom: the CUDA device algorithms on raw device pointers, built on CUB in CudaAlgorithms.cu and
// compiled there once for a short list of value types (IsNative). No CUDA header is needed here.
#pragma once

#include <loom/Types.h>

#include <string>
#include <type_traits>

namespace loom
{
namespace cont
{
namespace cuda
{
namespace internal
{
/// True when this GPU can run Loom's kernels (the fat binaries hold code for it: a cubin of its
/// architecture or PTX it can compile); otherwise `reason` says why. Asked by cuda::IsAvailable.
bool KernelsCanRun(std::string& reason);

/// The value types CudaAlgorithms.cu is compiled for.
template <typename T>
struct IsNative
  : std::integral_constant<bool, std::is_same<T, Int32>::value || std::is_same<T, Int64>::value ||
                                   std::is_same<T, UInt8>::value || std::is_same<T, Float32>::value ||
                                   std::is_same<T, Float64>::value>
{
};
/// The key types of ReduceByKey and SortByKey (their values: any IsNative type).
template <typename T>
struct IsNativeKey : std::integral_constant<bool, std::is_same<T, Int32>::value || std::is_same<T, Int64>::value>
{
};

enum class NativeOp
{
  Sum,
  Minimum,
  Maximum
};

/// init op in[0] op ... op in[n-1].
template <typename T>
T Reduce(const T* in, Id n, T init, NativeOp op);
/// Sum scan; returns the total (inclusive) or init + total (exclusive).
template <typename T>
T ScanSum(const T* in, T* out, Id n, T init, bool inclusive);
/// out receives the in[i] whose flags[i] != 0, in order; returns how many. `out` holds n values.
template <typename T>
Id CopyFlagged(const T* in, const UInt8* flags, T* out, Id n);
/// The first of each run of equal values into `out` (n values); returns how many.
template <typename T>
Id Unique(const T* in, T* out, Id n);
/// Ascending, stable radix sort in place.
template <typename T>
void Sort(T* values, Id n);
/// Stable sort of keys in place, values permuted alike.
template <typename K, typename V>
void SortByKey(K* keys, V* values, Id n);
/// Sum per run of equal keys; outputs hold n values; returns the number of runs.
template <typename K, typename V>
Id ReduceByKeySum(const K* keys, const V* values, K* keysOut, V* valuesOut, Id n);
/// How many of the n flags are not zero.
Id CountFlagged(const UInt8* flags, Id n);
/// The indices i in [0, n) whose flags[i] is not zero, in order, into `out` (CountFlagged(flags, n)
/// values; no array of every index is made); returns how many.
Id FlaggedIndices(const UInt8* flags, Id* out, Id n);
/// out[i] = first index of sorted[0..m) not less than (Upper: greater than) values[i].
template <typename T>
void Bounds(const T* sorted, Id m, const T* values, Id* out, Id n, bool upper);
} // namespace internal
} // namespace cuda
} // namespace cont
} // namespace loom
