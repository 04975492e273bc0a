// Loom tests: reduce-by-key worklets shared by the host tests (UnitTestReduceByKey.cxx) and the
// nvcc-compiled CUDA runs (Cuda/CudaTestKernels.cu).
#pragma once

#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/WorkletReduceByKey.h>

namespace loom
{
namespace test
{
/// The sum of each key's values (a return value to ReducedValuesOut).
struct SumPerKey : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn, ValuesIn, ReducedValuesOut);
  using ExecutionSignature = _3(_2);
  template <typename Values>
  LOOM_EXEC Float32 operator()(const Values& values) const
  {
    Float32 sum = 0.f;
    for (IdComponent k = 0; k < values.GetNumberOfComponents(); ++k)
      sum += values[k];
    return sum;
  }
};

/// Every value's rank among its key's values (ValuesOut), and per key the key and its count.
struct RankWithinKey : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn, ValuesOut, ReducedValuesOut, ReducedValuesOut);
  using ExecutionSignature = void(_1, ValueCount, _2, _3, _4);
  template <typename K, typename Ranks>
  LOOM_EXEC void operator()(K key, IdComponent count, Ranks& ranks, K& keyOut, IdComponent& countOut) const
  {
    for (IdComponent k = 0; k < ranks.GetNumberOfComponents(); ++k)
      ranks[k] = k;
    keyOut = key;
    countOut = count;
  }
};

/// Each value scaled by its key's factor and shifted by its key's mean, in place (ValuesInOut with
/// ReducedValuesIn).
struct CenterAndScale : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn, ValuesInOut, ReducedValuesIn);
  using ExecutionSignature = void(_2, _3);
  template <typename Values>
  LOOM_EXEC void operator()(Values& values, Float64 factor) const
  {
    const IdComponent n = values.GetNumberOfComponents();
    Float64 mean = 0.0;
    for (IdComponent k = 0; k < n; ++k)
      mean += static_cast<Float64>(values[k]);
    mean /= n;
    for (IdComponent k = 0; k < n; ++k)
      values[k] = factor * (static_cast<Float64>(values[k]) - mean);
  }
};

/// The largest value of each selected key (ReducedValuesInOut keeps the unselected keys' values).
template <typename Mask>
struct MaxPerKeyMasked : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn, ValuesIn, ReducedValuesInOut);
  using ExecutionSignature = void(_2, _3);
  using MaskType = Mask;
  template <typename Values>
  LOOM_EXEC void operator()(const Values& values, Float32& out) const
  {
    Float32 m = values[0];
    for (IdComponent k = 1; k < values.GetNumberOfComponents(); ++k)
      m = values[k] > m ? static_cast<Float32>(values[k]) : m;
    out = m;
  }
};
} // namespace test
} // namespace loom
