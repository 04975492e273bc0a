// Loom tests: the nvcc-compiled half of the CUDA tests (see CudaTestKernels.h).
#include "CudaTestKernels.h"
#include "../ReduceByKeyWorklets.h"

#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/ArrayHandlePermutation.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/WorkletMapField.h>

namespace loom
{
namespace test
{
namespace
{
struct Saxpy : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn x, FieldIn y, FieldOut out);
  using ExecutionSignature = _3(_1, _2);
  float A = 2.f;
  LOOM_EXEC float operator()(float x, float y) const { return this->A * x + y; }
};

struct CountingMasked : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn in, FieldInOut out);
  using ExecutionSignature = void(_1, VisitIndex, _2);
  using ScatterType = loom::worklet::ScatterCounting;
  using MaskType = loom::worklet::MaskSelect;
  LOOM_EXEC void operator()(Int32 value, IdComponent visit, Int32& out) const { out = 10 * value + visit; }
};

template <typename Portal>
struct Fill3D
{
  Portal Out;
  Id3 Range;
  LOOM_EXEC void operator()(const Id3& ijk, Id flat) const
  {
    this->Out.Set(flat, ijk[0] + 1000 * ijk[1] + 1000000 * ijk[2]);
  }
};

template <typename T>
void Append(std::vector<double>& all, const cont::ArrayHandle<T>& a)
{
  all.push_back(static_cast<double>(a.GetNumberOfValues()));
  for (const T& v : cont::ToVector(a))
    all.push_back(static_cast<double>(v));
}
} // namespace

void RunSaxpy(cont::DeviceId device, float a, const cont::ArrayHandle<float>& x,
              const cont::ArrayHandle<float>& y, cont::ArrayHandle<float>& out)
{
  Saxpy worklet;
  worklet.A = a;
  cont::Invoker invoke(device);
  invoke(worklet, x, y, out);
}

void RunCountingMasked(cont::DeviceId device, const cont::ArrayHandle<IdComponent>& counts,
                       const cont::ArrayHandle<Int32>& in, const cont::ArrayHandle<UInt8>& select,
                       cont::ArrayHandle<Int32>& out, bool perOutputPath)
{
  cont::Invoker invoke(device);
  invoke.SetUsePerOutputPath(perOutputPath);
  invoke(CountingMasked{}, loom::worklet::ScatterCounting(counts, device),
         loom::worklet::MaskSelect(select, device), in, out);
}

std::vector<double> RunReduceByKey(cont::DeviceId device, const cont::ArrayHandle<Int32>& keys,
                                   const cont::ArrayHandle<Float32>& values, const cont::ArrayHandle<UInt8>& select)
{
  loom::worklet::Keys<Int32> k(keys, device);
  cont::Invoker invoke(device);
  cont::ArrayHandle<Float32> sums;
  invoke(SumPerKey{}, k, values, sums);
  cont::ArrayHandle<IdComponent> ranks, counts;
  cont::ArrayHandle<Int32> keyOut;
  invoke(RankWithinKey{}, k, ranks, keyOut, counts);
  auto masked = cont::make_ArrayHandle(std::vector<Float32>(static_cast<std::size_t>(k.GetNumberOfUniqueKeys()), 7.5f));
  invoke(MaxPerKeyMasked<loom::worklet::MaskSelect>{}, loom::worklet::MaskSelect(select, device), k, values, masked);
  std::vector<double> all;
  Append(all, k.GetUniqueKeys());
  Append(all, k.GetOffsets());
  Append(all, k.GetSortedValuesMap());
  Append(all, sums);
  Append(all, ranks);
  Append(all, keyOut);
  Append(all, counts);
  Append(all, masked);
  return all;
}

std::vector<double> RunAlgorithmSequence(cont::DeviceId device)
{
  using cont::Algorithm;
  using cont::ArrayHandle;
  const Id n = 5000;
  std::vector<Int32> keys(n);
  std::vector<Float64> values(n);
  for (Id i = 0; i < n; ++i)
  {
    keys[i] = static_cast<Int32>((i * 7919) % 613) - 300;
    values[i] = 0.5 * static_cast<double>(i % 17);
  }
  std::vector<double> all;
  ArrayHandle<Int32> k = cont::make_ArrayHandle(keys);
  ArrayHandle<Float64> v = cont::make_ArrayHandle(values);

  ArrayHandle<Int64> scanned;
  all.push_back(static_cast<double>(Algorithm::ScanExclusive(device, k, scanned, Int64(3))));
  Append(all, scanned);
  ArrayHandle<Float64> inclusive;
  all.push_back(Algorithm::ScanInclusive(device, v, inclusive));
  Append(all, inclusive);
  all.push_back(static_cast<double>(Algorithm::Reduce(device, k, Int64(0))));
  all.push_back(static_cast<double>(Algorithm::Reduce(device, k, Int32(1000), Minimum{})));
  all.push_back(Algorithm::Reduce(device, v, -1.0, Maximum{}));

  ArrayHandle<UInt8> flags;
  Algorithm::Copy(device, cont::ArrayHandleCounting<UInt8>(0, 1, n), flags); // implicit input
  ArrayHandle<Int64> picked;
  Algorithm::CopyIf(device, cont::ArrayHandleIndex(n), flags, picked);
  Append(all, picked);

  ArrayHandle<Int32> sortedKeys;
  Algorithm::Copy(device, k, sortedKeys);
  ArrayHandle<Float64> carried;
  Algorithm::Copy(device, v, carried);
  Algorithm::SortByKey(device, sortedKeys, carried);
  Append(all, sortedKeys);
  Append(all, carried);
  ArrayHandle<Int32> runKeys;
  ArrayHandle<Float64> runSums;
  Algorithm::ReduceByKey(device, sortedKeys, carried, runKeys, runSums);
  Append(all, runKeys);
  Append(all, runSums);

  ArrayHandle<Float64> sortedValues;
  Algorithm::Copy(device, v, sortedValues);
  Algorithm::Sort(device, sortedValues);
  Algorithm::Unique(device, sortedValues);
  Append(all, sortedValues);

  ArrayHandle<Int32> unique;
  Algorithm::Copy(device, sortedKeys, unique);
  Algorithm::Unique(device, unique);
  ArrayHandle<Id> lower, upper;
  Algorithm::LowerBounds(device, unique, k, lower);
  Algorithm::UpperBounds(device, unique, k, upper);
  Append(all, lower);
  Append(all, upper);

  ArrayHandle<Int32> gathered;
  Algorithm::Copy(device, cont::make_ArrayHandlePermutation(lower, unique), gathered);
  Append(all, gathered);

  const Id3 range(7, 5, 3);
  ArrayHandle<Id> grid;
  cont::CallOnDevice(device, [&](auto tag) {
    auto portal = grid.PrepareForOutput(range[0] * range[1] * range[2], tag);
    cont::DeviceAdapterAlgorithm<decltype(tag)>::Schedule(Fill3D<decltype(portal)>{ portal, range }, range);
  });
  Append(all, grid);
  return all;
}
} // namespace test
} // namespace loom
