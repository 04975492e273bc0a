// Loom: the device algorithms of the CUDA device: Schedule as grid-stride kernels over 1D and 3D
// ranges; the other algorithms through CUB (cuda/internal/CudaAlgorithms.cu) for the value types
// compiled there, and on the host (TBB, else Serial) for anything else. For .cu files only.
#pragma once

#if !defined(__CUDACC__)
#error "loom/cont/cuda/DeviceAdapterAlgorithmCuda.h is for CUDA translation units (.cu) only."
#endif

#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/DeviceAdapterAlgorithm.h>
#include <loom/cont/Logging.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaAlgorithms.h>

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
constexpr int ScheduleBlockSize = 256;

/// Blocks for n threads of work: enough to fill the GPU, then each thread strides.
inline unsigned ScheduleGrid(Id n)
{
  const Id blocks = (n + ScheduleBlockSize - 1) / ScheduleBlockSize;
  return static_cast<unsigned>(blocks < (Id(1) << 16) ? blocks : (Id(1) << 16));
}

template <typename Functor>
__global__ void Schedule1DKernel(Functor functor, Id n)
{
  const Id stride = static_cast<Id>(blockDim.x) * gridDim.x;
  for (Id i = static_cast<Id>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    functor(i);
}

/// A 3D range as a 3D grid of blocks: x by rows of Schedule3DRowThreads threads, y and z one block each,
/// so no element divides (64-bit integer division is a long instruction sequence on a GPU, and the flat
/// kernel below pays three per element).
constexpr int Schedule3DRowThreads = 128;
template <typename Functor>
__global__ void Schedule3DGridKernel(Functor functor, Id3 range)
{
  const Id i = static_cast<Id>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= range[0])
    return;
  const Id j = blockIdx.y, k = blockIdx.z;
  functor(Id3(i, j, k), i + range[0] * (j + range[1] * k));
}

/// The other 3D ranges (rows too short for a block, or more than the grid's 65535 blocks in y or z):
/// grid-stride over the flat index, dividing in `Index` (32 bits when the range fits).
template <typename Index, typename Functor>
__global__ void Schedule3DKernel(Functor functor, Id3 range)
{
  const Index nx = static_cast<Index>(range[0]), ny = static_cast<Index>(range[1]);
  const Index n = static_cast<Index>(range[0] * range[1] * range[2]);
  const Index stride = static_cast<Index>(blockDim.x) * gridDim.x;
  for (Index flat = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x; flat < n; flat += stride)
  {
    const Index row = flat / nx;
    const Id3 ijk(flat - row * nx, row % ny, row / ny);
    functor(ijk, static_cast<Id>(flat));
  }
}

template <typename InPortal, typename OutPortal>
struct CopyFunctor
{
  InPortal In;
  OutPortal Out;
  LOOM_EXEC void operator()(Id i) const
  {
    this->Out.Set(i, static_cast<typename OutPortal::ValueType>(this->In.Get(i)));
  }
};

template <typename Op>
constexpr bool IsNativeOp()
{
  return std::is_same<Op, loom::Sum>::value || std::is_same<Op, loom::Minimum>::value ||
         std::is_same<Op, loom::Maximum>::value;
}
template <typename Op>
constexpr NativeOp ToNativeOp()
{
  return std::is_same<Op, loom::Minimum>::value ? NativeOp::Minimum
    : std::is_same<Op, loom::Maximum>::value    ? NativeOp::Maximum
                                                : NativeOp::Sum;
}

#ifdef LOOM_ENABLE_TBB
using HostTag = DeviceAdapterTagTBB;
#else
using HostTag = DeviceAdapterTagSerial;
#endif

/// Logs (debug) that an algorithm runs on the host for the types it was given.
inline void NoteHostFallback(const char* algorithm)
{
  Log(LogLevel::Debug, std::string("CUDA: ") + algorithm +
                         " for these value types or operators runs on the host (arrays are copied as needed).");
}
} // namespace internal
} // namespace cuda

/// Device algorithms for the CUDA device.
template <>
struct DeviceAdapterAlgorithm<DeviceAdapterTagCuda>
{
  using Device = DeviceAdapterTagCuda;
  using Host = DeviceAdapterAlgorithm<cuda::internal::HostTag>;

  /// Call functor(i) for i in [0, n) on the GPU (the functor is copied to the device). The launch
  /// is checked; the kernel runs asynchronously, ordered before every later kernel and copy on the
  /// default stream (a copy back to the host, or Synchronize(), waits for it and reports a failure).
  template <typename Functor>
  static void Schedule(const Functor& functor, Id n)
  {
    if (n <= 0)
      return;
    cuda::internal::Schedule1DKernel<<<cuda::internal::ScheduleGrid(n), cuda::internal::ScheduleBlockSize>>>(
      functor, n);
    cuda::internal::CheckLaunch("Schedule");
  }
  /// Call functor(ijk, flatIndex) over a 3D range (x fastest) on the GPU (asynchronous, as above).
  template <typename Functor>
  static void Schedule(const Functor& functor, const Id3& range)
  {
    const Id n = range[0] * range[1] * range[2];
    if (range[0] <= 0 || range[1] <= 0 || range[2] <= 0)
      return;
    using cuda::internal::Schedule3DRowThreads;
    if (range[0] >= Schedule3DRowThreads / 4 && range[1] <= 65535 && range[2] <= 65535)
    {
      const dim3 grid(static_cast<unsigned>((range[0] + Schedule3DRowThreads - 1) / Schedule3DRowThreads),
                      static_cast<unsigned>(range[1]), static_cast<unsigned>(range[2]));
      cuda::internal::Schedule3DGridKernel<<<grid, Schedule3DRowThreads>>>(functor, range);
    }
    else if (n < (Id(1) << 32) - cuda::internal::ScheduleBlockSize * (Id(1) << 16))
      cuda::internal::Schedule3DKernel<UInt32>
        <<<cuda::internal::ScheduleGrid(n), cuda::internal::ScheduleBlockSize>>>(functor, range);
    else
      cuda::internal::Schedule3DKernel<Id>
        <<<cuda::internal::ScheduleGrid(n), cuda::internal::ScheduleBlockSize>>>(functor, range);
    cuda::internal::CheckLaunch("Schedule3D");
  }
  /// Wait for the GPU; ErrorBadDevice when a kernel failed.
  static void Synchronize() { cuda::internal::Synchronize("a CUDA kernel"); }

  template <typename InArray, typename U>
  static void Copy(const InArray& input, ArrayHandle<U>& output)
  {
    const Id n = input.GetNumberOfValues();
    if constexpr (internal::IsBasicArrayHandle<InArray>::value &&
                  std::is_same<typename InArray::ValueType, U>::value)
    {
      if (input == output)
        return;
      const U* in = input.PrepareForInput(Device{}).GetArray();
      U* out = output.PrepareForOutput(n, Device{}).GetArray();
      if (in != out)
        cuda::internal::CopyDeviceToDevice(out, in, static_cast<std::size_t>(n) * sizeof(U));
    }
    else
    {
      auto in = input.PrepareForInput(Device{});
      auto out = output.PrepareForOutput(n, Device{});
      Schedule(cuda::internal::CopyFunctor<decltype(in), decltype(out)>{ in, out }, n);
    }
  }

  template <typename InArray, typename StencilArray, typename U, typename Predicate = NotZero>
  static void CopyIf(const InArray& input, const StencilArray& stencil, ArrayHandle<U>& output,
                     Predicate predicate = Predicate{})
  {
    if constexpr (std::is_same<InArray, ArrayHandleIndex>::value && std::is_same<U, Id>::value &&
                  std::is_same<Predicate, NotZero>::value && std::is_same<StencilArray, ArrayHandle<UInt8>>::value)
    {
      // The flagged indices (masks, kept cells): counted, then selected from a counting iterator, so the
      // work and memory follow the flags and the selection, not an array of every index.
      const Id n = input.GetNumberOfValues();
      internal::CheckSameLength("CopyIf", "the stencil", n, stencil.GetNumberOfValues());
      const UInt8* flags = stencil.PrepareForInput(Device{}).GetArray();
      const Id count = cuda::internal::CountFlagged(flags, n);
      cuda::internal::FlaggedIndices(flags, output.PrepareForOutput(count, Device{}).GetArray(), n);
    }
    else if constexpr (cuda::internal::IsNative<U>::value && std::is_same<Predicate, NotZero>::value &&
                       std::is_same<StencilArray, ArrayHandle<UInt8>>::value)
    {
      const Id n = input.GetNumberOfValues();
      internal::CheckSameLength("CopyIf", "the stencil", n, stencil.GetNumberOfValues());
      const ArrayHandle<U> in = OnDevice<U>(input);
      ArrayHandle<U> selected;
      const Id count = cuda::internal::CopyFlagged(in.PrepareForInput(Device{}).GetArray(),
                                                   stencil.PrepareForInput(Device{}).GetArray(),
                                                   selected.PrepareForOutput(n, Device{}).GetArray(), n);
      CopyHead(selected, count, output);
    }
    else
    {
      cuda::internal::NoteHostFallback("CopyIf");
      Host::CopyIf(input, stencil, output, predicate);
    }
  }

  template <typename InArray, typename T, typename Op = Sum>
  static T Reduce(const InArray& input, T init, Op op = Op{})
  {
    if constexpr (cuda::internal::IsNative<T>::value && cuda::internal::IsNativeOp<Op>())
    {
      const ArrayHandle<T> in = OnDevice<T>(input);
      return cuda::internal::Reduce(in.PrepareForInput(Device{}).GetArray(), in.GetNumberOfValues(), init,
                                    cuda::internal::ToNativeOp<Op>());
    }
    else
    {
      cuda::internal::NoteHostFallback("Reduce");
      return Host::Reduce(input, init, op);
    }
  }

  template <typename InArray, typename T, typename Op = Sum>
  static T ScanInclusive(const InArray& input, ArrayHandle<T>& output, Op op = Op{})
  {
    if constexpr (cuda::internal::IsNative<T>::value && std::is_same<Op, Sum>::value)
      return Scan(input, output, T{}, true);
    else
    {
      cuda::internal::NoteHostFallback("ScanInclusive");
      return Host::ScanInclusive(input, output, op);
    }
  }

  template <typename InArray, typename T, typename Op = Sum>
  static T ScanExclusive(const InArray& input, ArrayHandle<T>& output, T init = T{}, Op op = Op{})
  {
    if constexpr (cuda::internal::IsNative<T>::value && std::is_same<Op, Sum>::value)
      return Scan(input, output, init, false);
    else
    {
      cuda::internal::NoteHostFallback("ScanExclusive");
      return Host::ScanExclusive(input, output, init, op);
    }
  }

  template <typename K, typename VArray, typename V, typename Op = Sum>
  static void ReduceByKey(const ArrayHandle<K>& keys, const VArray& values, ArrayHandle<K>& keysOut,
                          ArrayHandle<V>& valuesOut, Op op = Op{})
  {
    if constexpr (cuda::internal::IsNativeKey<K>::value && cuda::internal::IsNative<V>::value &&
                  std::is_same<Op, Sum>::value)
    {
      const Id n = keys.GetNumberOfValues();
      internal::CheckSameLength("ReduceByKey", "the value array", n, values.GetNumberOfValues());
      const ArrayHandle<V> v = OnDevice<V>(values);
      ArrayHandle<K> k;
      ArrayHandle<V> s;
      const Id runs = cuda::internal::ReduceByKeySum(
        keys.PrepareForInput(Device{}).GetArray(), v.PrepareForInput(Device{}).GetArray(),
        k.PrepareForOutput(n, Device{}).GetArray(), s.PrepareForOutput(n, Device{}).GetArray(), n);
      CopyHead(k, runs, keysOut);
      CopyHead(s, runs, valuesOut);
    }
    else
    {
      cuda::internal::NoteHostFallback("ReduceByKey");
      Host::ReduceByKey(keys, values, keysOut, valuesOut, op);
    }
  }

  template <typename T>
  static void Sort(ArrayHandle<T>& values)
  {
    if constexpr (cuda::internal::IsNative<T>::value)
      cuda::internal::Sort(values.PrepareForInPlace(Device{}).GetArray(), values.GetNumberOfValues());
    else
    {
      cuda::internal::NoteHostFallback("Sort");
      Host::Sort(values);
    }
  }
  template <typename T, typename Compare>
  static void Sort(ArrayHandle<T>& values, Compare compare)
  {
    if constexpr (std::is_same<Compare, SortLess>::value)
      Sort(values);
    else
    {
      cuda::internal::NoteHostFallback("Sort");
      Host::Sort(values, compare);
    }
  }

  template <typename K, typename V>
  static void SortByKey(ArrayHandle<K>& keys, ArrayHandle<V>& values)
  {
    internal::CheckSameLength("SortByKey", "the value array", keys.GetNumberOfValues(),
                              values.GetNumberOfValues());
    if constexpr (cuda::internal::IsNativeKey<K>::value && cuda::internal::IsNative<V>::value)
      cuda::internal::SortByKey(keys.PrepareForInPlace(Device{}).GetArray(),
                                values.PrepareForInPlace(Device{}).GetArray(), keys.GetNumberOfValues());
    else
    {
      cuda::internal::NoteHostFallback("SortByKey");
      Host::SortByKey(keys, values);
    }
  }
  template <typename K, typename V, typename Compare>
  static void SortByKey(ArrayHandle<K>& keys, ArrayHandle<V>& values, Compare compare)
  {
    if constexpr (std::is_same<Compare, SortLess>::value)
      SortByKey(keys, values);
    else
    {
      cuda::internal::NoteHostFallback("SortByKey");
      Host::SortByKey(keys, values, compare);
    }
  }

  template <typename T, typename Eq = Equal>
  static void Unique(ArrayHandle<T>& values, Eq equal = Eq{})
  {
    if constexpr (cuda::internal::IsNative<T>::value && std::is_same<Eq, Equal>::value)
    {
      const Id n = values.GetNumberOfValues();
      ArrayHandle<T> result;
      const Id count = cuda::internal::Unique(values.PrepareForInput(Device{}).GetArray(),
                                              result.PrepareForOutput(n, Device{}).GetArray(), n);
      CopyHead(result, count, values);
    }
    else
    {
      cuda::internal::NoteHostFallback("Unique");
      Host::Unique(values, equal);
    }
  }

  template <typename T, typename VArray, typename Compare = SortLess>
  static void LowerBounds(const ArrayHandle<T>& sorted, const VArray& values, ArrayHandle<Id>& output,
                          Compare compare = Compare{})
  {
    Bounds<false>(sorted, values, output, compare);
  }
  template <typename T, typename VArray, typename Compare = SortLess>
  static void UpperBounds(const ArrayHandle<T>& sorted, const VArray& values, ArrayHandle<Id>& output,
                          Compare compare = Compare{})
  {
    Bounds<true>(sorted, values, output, compare);
  }

private:
  // The values of `array` as a basic array of T in device memory (the array itself when it is one).
  template <typename T, typename A>
  static ArrayHandle<T> OnDevice(const A& array)
  {
    if constexpr (std::is_same<A, ArrayHandle<T>>::value)
    {
      return array;
    }
    else
    {
      ArrayHandle<T> copy;
      Copy(array, copy);
      return copy;
    }
  }
  // output = the first `count` values of `array` (output resized to `count`).
  template <typename T>
  static void CopyHead(const ArrayHandle<T>& array, Id count, ArrayHandle<T>& output)
  {
    const T* in = array.PrepareForInput(Device{}).GetArray();
    T* out = output.PrepareForOutput(count, Device{}).GetArray();
    cuda::internal::CopyDeviceToDevice(out, in, static_cast<std::size_t>(count) * sizeof(T));
  }
  template <typename InArray, typename T>
  static T Scan(const InArray& input, ArrayHandle<T>& output, T init, bool inclusive)
  {
    const Id n = input.GetNumberOfValues();
    const ArrayHandle<T> in = OnDevice<T>(input);
    const T* inPtr = in.PrepareForInput(Device{}).GetArray();
    T* outPtr = output.PrepareForOutput(n, Device{}).GetArray();
    return cuda::internal::ScanSum(inPtr, outPtr, n, init, inclusive);
  }
  template <bool Upper, typename T, typename VArray, typename Compare>
  static void Bounds(const ArrayHandle<T>& sorted, const VArray& values, ArrayHandle<Id>& output,
                     Compare compare)
  {
    if constexpr (cuda::internal::IsNative<T>::value && std::is_same<Compare, SortLess>::value)
    {
      const Id n = values.GetNumberOfValues();
      const ArrayHandle<T> v = OnDevice<T>(values);
      cuda::internal::Bounds(sorted.PrepareForInput(Device{}).GetArray(), sorted.GetNumberOfValues(),
                             v.PrepareForInput(Device{}).GetArray(),
                             output.PrepareForOutput(n, Device{}).GetArray(), n, Upper);
    }
    else
    {
      cuda::internal::NoteHostFallback(Upper ? "UpperBounds" : "LowerBounds");
      if constexpr (Upper)
        Host::UpperBounds(sorted, values, output, compare);
      else
        Host::LowerBounds(sorted, values, output, compare);
    }
  }
};
namespace cuda
{
/// The CUDA device's algorithms, for the families' .cu files.
using CudaAlgorithm = DeviceAdapterAlgorithm<DeviceAdapterTagCuda>;
/// Device pointer to an array's values for reading (uploaded first when the device copy is stale).
template <typename T>
const T* DeviceRead(const ArrayHandle<T>& array)
{
  return array.PrepareForInput(DeviceAdapterTagCuda{}).GetArray();
}
/// Device pointer to `n` values of `array` for a kernel to write (resized; a fresh array is not
/// uploaded first).
template <typename T>
T* DeviceWrite(ArrayHandle<T>& array, Id n)
{
  return array.PrepareForOutput(n, DeviceAdapterTagCuda{}).GetArray();
}
} // namespace cuda
} // namespace cont
} // namespace loom
