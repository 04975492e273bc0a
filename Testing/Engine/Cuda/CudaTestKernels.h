// Loom tests: worklets and algorithms compiled by nvcc (CudaTestKernels.cu) behind plain functions,
// so the GoogleTest files stay host-compiled. Each runs on the device asked for (CUDA, or a CPU
// device for the reference), with the usual fallback.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace test
{
/// out = a * x + y through an Invoker on `device`.
void RunSaxpy(cont::DeviceId device, float a, const cont::ArrayHandle<float>& x,
              const cont::ArrayHandle<float>& y, cont::ArrayHandle<float>& out);

/// A ScatterCounting worklet under a MaskSelect: out[o] = 10 * in[input] + visit for the selected
/// outputs; the others keep out's values (out must hold one value per output).
void RunCountingMasked(cont::DeviceId device, const cont::ArrayHandle<IdComponent>& counts,
                       const cont::ArrayHandle<Int32>& in, const cont::ArrayHandle<UInt8>& select,
                       cont::ArrayHandle<Int32>& out, bool perOutputPath);

/// Reduce-by-key on `device` over `keys` (Keys built there): per key the sum of `values`, each value's
/// rank within its key, and the largest value of the keys `select`s (7.5 for the others); concatenated.
std::vector<double> RunReduceByKey(cont::DeviceId device, const cont::ArrayHandle<Int32>& keys,
                                   const cont::ArrayHandle<Float32>& values, const cont::ArrayHandle<UInt8>& select);

/// A fixed sequence of every device algorithm (sorts, scans, reduce, copy-if, unique, reduce-by-key,
/// bounds, copy from implicit arrays, a 3D schedule) on `device`; the results, concatenated.
std::vector<double> RunAlgorithmSequence(cont::DeviceId device);
} // namespace test
} // namespace loom
