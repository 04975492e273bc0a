// Loom: the CUDA device algorithms on raw device pointers (CUB from the toolkit's CCCL), compiled
// once here for the value types of CudaAlgorithms.h. Scalar results come back by small copies.
#include <loom/cont/BinaryOperators.h>
#include <loom/cont/Error.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaAlgorithms.h>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstddef>

namespace loom
{
namespace cont
{
namespace cuda
{
namespace internal
{
namespace
{
// Device memory for CUB's temporary storage and results, freed on scope exit.
class Scratch
{
public:
  explicit Scratch(std::size_t bytes)
    : Bytes(bytes)
    , Pointer(DeviceAllocate(bytes))
  {
  }
  ~Scratch() { DeviceFree(this->Pointer); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  void* Get() const { return this->Pointer; }
  std::size_t Bytes;

private:
  void* Pointer;
};

void Check(cudaError_t error, const char* what)
{
  if (error != cudaSuccess)
    CheckLaunch(what); // reports the sticky or last error with its name
  if (error != cudaSuccess)
    throw ErrorBadDevice(std::string("CUDA failed in ") + what + " (" + cudaGetErrorString(error) + ").");
}

// Run a CUB call twice: once to size the temporary storage, once to do the work.
template <typename Call>
void RunCub(const char* what, Call&& call)
{
  std::size_t bytes = 0;
  Check(call(nullptr, bytes), what);
  Scratch temp(bytes > 0 ? bytes : 1);
  Check(call(temp.Get(), bytes), what);
  CheckLaunch(what);
}

template <typename T>
T ReadBack(const T* device)
{
  T value{};
  CopyDeviceToHost(&value, device, sizeof(T));
  return value;
}

template <typename T, typename Op>
T ReduceWith(const T* in, Id n, T init, Op op)
{
  Scratch result(sizeof(T));
  T* out = static_cast<T*>(result.Get());
  RunCub("Reduce", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceReduce::Reduce(temp, bytes, in, out, n, op, init);
  });
  return ReadBack(out);
}

template <typename T, bool Upper>
__global__ void BoundsKernel(const T* sorted, Id m, const T* values, Id* out, Id n)
{
  for (Id i = blockIdx.x * static_cast<Id>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<Id>(blockDim.x) * gridDim.x)
  {
    const T v = values[i];
    Id lo = 0, hi = m;
    while (lo < hi)
    {
      const Id mid = lo + (hi - lo) / 2;
      const bool right = Upper ? !(v < sorted[mid]) : (sorted[mid] < v);
      if (right)
        lo = mid + 1;
      else
        hi = mid;
    }
    out[i] = lo;
  }
}
} // namespace

template <typename T>
T Reduce(const T* in, Id n, T init, NativeOp op)
{
  switch (op)
  {
    case NativeOp::Minimum:
      return ReduceWith(in, n, init, loom::Minimum{});
    case NativeOp::Maximum:
      return ReduceWith(in, n, init, loom::Maximum{});
    default:
      return ReduceWith(in, n, init, loom::Sum{});
  }
}

template <typename T>
T ScanSum(const T* in, T* out, Id n, T init, bool inclusive)
{
  if (n == 0)
    return inclusive ? T{} : init;
  const T lastIn = ReadBack(in + n - 1); // read first: the scan may run in place
  if (inclusive)
    RunCub("ScanInclusive", [&](void* temp, std::size_t& bytes) {
      return cub::DeviceScan::InclusiveScan(temp, bytes, in, out, loom::Sum{}, n);
    });
  else
    RunCub("ScanExclusive", [&](void* temp, std::size_t& bytes) {
      return cub::DeviceScan::ExclusiveScan(temp, bytes, in, out, loom::Sum{}, init, n);
    });
  const T last = ReadBack(out + n - 1);
  return inclusive ? last : static_cast<T>(last + lastIn);
}

template <typename T>
Id CopyFlagged(const T* in, const UInt8* flags, T* out, Id n)
{
  Scratch count(sizeof(Id));
  Id* selected = static_cast<Id*>(count.Get());
  RunCub("CopyIf", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceSelect::Flagged(temp, bytes, in, flags, out, selected, n);
  });
  return ReadBack(selected);
}

namespace
{
struct NotZeroAsId
{
  __host__ __device__ Id operator()(UInt8 flag) const { return flag != 0 ? 1 : 0; }
};
} // namespace

Id CountFlagged(const UInt8* flags, Id n)
{
  if (n <= 0)
    return 0;
  Scratch total(sizeof(Id));
  Id* sum = static_cast<Id*>(total.Get());
  const thrust::transform_iterator<NotZeroAsId, const UInt8*> ones(flags, NotZeroAsId{});
  RunCub("CountFlagged", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceReduce::Sum(temp, bytes, ones, sum, n);
  });
  return ReadBack(sum);
}

Id FlaggedIndices(const UInt8* flags, Id* out, Id n)
{
  if (n <= 0)
    return 0;
  Scratch count(sizeof(Id));
  Id* selected = static_cast<Id*>(count.Get());
  const thrust::counting_iterator<Id> index(0);
  RunCub("CopyIf", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceSelect::Flagged(temp, bytes, index, flags, out, selected, n);
  });
  return ReadBack(selected);
}

template <typename T>
Id Unique(const T* in, T* out, Id n)
{
  Scratch count(sizeof(Id));
  Id* selected = static_cast<Id*>(count.Get());
  RunCub("Unique", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceSelect::Unique(temp, bytes, in, out, selected, n);
  });
  return ReadBack(selected);
}

template <typename T>
void Sort(T* values, Id n)
{
  if (n < 2)
    return;
  Scratch alternate(sizeof(T) * static_cast<std::size_t>(n));
  cub::DoubleBuffer<T> keys(values, static_cast<T*>(alternate.Get()));
  RunCub("Sort", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceRadixSort::SortKeys(temp, bytes, keys, n);
  });
  if (keys.Current() != values)
    CopyDeviceToDevice(values, keys.Current(), sizeof(T) * static_cast<std::size_t>(n));
}

template <typename K, typename V>
void SortByKey(K* keys, V* values, Id n)
{
  if (n < 2)
    return;
  Scratch alternateKeys(sizeof(K) * static_cast<std::size_t>(n));
  Scratch alternateValues(sizeof(V) * static_cast<std::size_t>(n));
  cub::DoubleBuffer<K> k(keys, static_cast<K*>(alternateKeys.Get()));
  cub::DoubleBuffer<V> v(values, static_cast<V*>(alternateValues.Get()));
  RunCub("SortByKey", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceRadixSort::SortPairs(temp, bytes, k, v, n);
  });
  if (k.Current() != keys)
    CopyDeviceToDevice(keys, k.Current(), sizeof(K) * static_cast<std::size_t>(n));
  if (v.Current() != values)
    CopyDeviceToDevice(values, v.Current(), sizeof(V) * static_cast<std::size_t>(n));
}

template <typename K, typename V>
Id ReduceByKeySum(const K* keys, const V* values, K* keysOut, V* valuesOut, Id n)
{
  Scratch count(sizeof(Id));
  Id* runs = static_cast<Id*>(count.Get());
  RunCub("ReduceByKey", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceReduce::ReduceByKey(temp, bytes, keys, keysOut, values, valuesOut, runs,
                                          loom::Sum{}, n);
  });
  return ReadBack(runs);
}

template <typename T>
void Bounds(const T* sorted, Id m, const T* values, Id* out, Id n, bool upper)
{
  if (n == 0)
    return;
  const int threads = 256;
  const Id blocks = (n + threads - 1) / threads;
  const unsigned grid = static_cast<unsigned>(blocks < 65535 * 8 ? blocks : 65535 * 8);
  if (upper)
    BoundsKernel<T, true><<<grid, threads>>>(sorted, m, values, out, n);
  else
    BoundsKernel<T, false><<<grid, threads>>>(sorted, m, values, out, n);
  CheckLaunch(upper ? "UpperBounds" : "LowerBounds");
}

#define LOOM_CUDA_INSTANTIATE_VALUE(T)                                                             \
  template T Reduce<T>(const T*, Id, T, NativeOp);                                                 \
  template T ScanSum<T>(const T*, T*, Id, T, bool);                                                \
  template Id CopyFlagged<T>(const T*, const UInt8*, T*, Id);                                      \
  template Id Unique<T>(const T*, T*, Id);                                                         \
  template void Sort<T>(T*, Id);                                                                   \
  template void Bounds<T>(const T*, Id, const T*, Id*, Id, bool);
LOOM_CUDA_INSTANTIATE_VALUE(Int32)
LOOM_CUDA_INSTANTIATE_VALUE(Int64)
LOOM_CUDA_INSTANTIATE_VALUE(UInt8)
LOOM_CUDA_INSTANTIATE_VALUE(Float32)
LOOM_CUDA_INSTANTIATE_VALUE(Float64)
#undef LOOM_CUDA_INSTANTIATE_VALUE

#define LOOM_CUDA_INSTANTIATE_KEY_VALUE(K, V)                                                      \
  template void SortByKey<K, V>(K*, V*, Id);                                                       \
  template Id ReduceByKeySum<K, V>(const K*, const V*, K*, V*, Id);
#define LOOM_CUDA_INSTANTIATE_KEY(K)                                                               \
  LOOM_CUDA_INSTANTIATE_KEY_VALUE(K, Int32)                                                        \
  LOOM_CUDA_INSTANTIATE_KEY_VALUE(K, Int64)                                                        \
  LOOM_CUDA_INSTANTIATE_KEY_VALUE(K, UInt8)                                                        \
  LOOM_CUDA_INSTANTIATE_KEY_VALUE(K, Float32)                                                      \
  LOOM_CUDA_INSTANTIATE_KEY_VALUE(K, Float64)
LOOM_CUDA_INSTANTIATE_KEY(Int32)
LOOM_CUDA_INSTANTIATE_KEY(Int64)
#undef LOOM_CUDA_INSTANTIATE_KEY
#undef LOOM_CUDA_INSTANTIATE_KEY_VALUE
namespace
{
__global__ void ProbeKernel() {}
} // namespace

bool KernelsCanRun(std::string& reason)
{
  // Every Loom .cu file is compiled for the same architectures, so one kernel answers for all.
  cudaFuncAttributes attributes;
  const cudaError_t error = cudaFuncGetAttributes(&attributes, ProbeKernel);
  if (error == cudaSuccess)
    return true;
  cudaGetLastError();
  reason = std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
  return false;
}
} // namespace internal
} // namespace cuda
} // namespace cont
} // namespace loom
