// Loom tests: the CUDA device. Results on CUDA equal the Serial device's; data moves between host
// and device only when needed (counted transfers). These need a GPU: elsewhere they are skipped,
// except CudaFallback, which checks that a forced CUDA request without a GPU still gives the right
// results on a CPU device with one logged warning (run in its own process by CTest).
#include "Cuda/CudaTestKernels.h"
#include "TestingDevice.h"

#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/cuda/CudaMemory.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

using namespace loom;
using cont::ArrayHandle;
using cont::DeviceId;

namespace
{
bool OnCuda()
{
  return test::Device() == DeviceId::Cuda && cont::RuntimeDeviceTracker::Get().CanRunOn(DeviceId::Cuda);
}

ArrayHandle<float> Ramp(Id n, float scale)
{
  std::vector<float> v(static_cast<std::size_t>(n));
  for (Id i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = scale * static_cast<float>(i);
  return cont::make_ArrayHandle(v);
}
} // namespace

TEST(Cuda, AlgorithmsMatchSerial)
{
  if (!OnCuda())
    GTEST_SKIP() << "needs a CUDA device (--loom-device=cuda on a machine with a GPU)";
  EXPECT_EQ(test::RunAlgorithmSequence(DeviceId::Serial), test::RunAlgorithmSequence(DeviceId::Cuda));
}

TEST(Cuda, ReduceByKeyMatchesSerial)
{
  if (!OnCuda())
    GTEST_SKIP() << "needs a CUDA device (--loom-device=cuda on a machine with a GPU)";
  const Id n = 300007;
  std::vector<Int32> keys(n);
  std::vector<Float32> values(n);
  for (Id i = 0; i < n; ++i)
  {
    keys[i] = static_cast<Int32>((i * 7919) % 4099) - 2000;
    values[i] = static_cast<Float32>(i % 13) - 6.f; // small integers: the sums are exact in any order
  }
  std::vector<UInt8> select(4099);
  for (std::size_t u = 0; u < select.size(); ++u)
    select[u] = static_cast<UInt8>(u % 5 == 0);
  auto run = [&](DeviceId device) {
    return test::RunReduceByKey(device, cont::make_ArrayHandle(keys), cont::make_ArrayHandle(values),
                                cont::make_ArrayHandle(select));
  };
  EXPECT_EQ(run(DeviceId::Serial), run(DeviceId::Cuda));
}

TEST(Cuda, ScatterAndMaskMatchSerial)
{
  if (!OnCuda())
    GTEST_SKIP() << "needs a CUDA device (--loom-device=cuda on a machine with a GPU)";
  const Id n = 1000;
  std::vector<IdComponent> counts(n);
  std::vector<Int32> values(n);
  for (Id i = 0; i < n; ++i)
  {
    counts[i] = static_cast<IdComponent>(i % 4);
    values[i] = static_cast<Int32>(i);
  }
  Id total = 0;
  for (IdComponent c : counts)
    total += c;
  std::vector<UInt8> select(static_cast<std::size_t>(total));
  for (Id o = 0; o < total; ++o)
    select[o] = static_cast<UInt8>(o % 3 == 0);
  auto run = [&](DeviceId device) {
    ArrayHandle<Int32> out = cont::make_ArrayHandle(std::vector<Int32>(static_cast<std::size_t>(total), -1));
    test::RunCountingMasked(device, cont::make_ArrayHandle(counts), cont::make_ArrayHandle(values),
                            cont::make_ArrayHandle(select), out, false);
    return cont::ToVector(out);
  };
  EXPECT_EQ(run(DeviceId::Serial), run(DeviceId::Cuda));
}

TEST(Cuda, TransfersOnlyWhenNeeded)
{
  if (!OnCuda())
    GTEST_SKIP() << "needs a CUDA device (--loom-device=cuda on a machine with a GPU)";
  const Id n = 1 << 16;
  ArrayHandle<float> x = Ramp(n, 1.f), y = Ramp(n, 2.f), out, out2;
  cont::cuda::ResetTransferCounts();
  test::RunSaxpy(DeviceId::Cuda, 3.f, x, y, out);
  auto c = cont::cuda::GetTransferCounts();
  EXPECT_EQ(2u, c.HostToDevice); // x and y go up once
  EXPECT_EQ(0u, c.DeviceToHost); // the result stays on the device
  // A second worklet on device data: nothing moves in between.
  test::RunSaxpy(DeviceId::Cuda, 1.f, out, x, out2);
  c = cont::cuda::GetTransferCounts();
  EXPECT_EQ(2u, c.HostToDevice);
  EXPECT_EQ(0u, c.DeviceToHost);
  // Reading the result on the host copies it back once, however often it is read.
  auto portal = out2.ReadPortal();
  EXPECT_FLOAT_EQ(3.f * 5.f + 2.f * 5.f + 5.f, portal.Get(5));
  out2.ReadPortal();
  c = cont::cuda::GetTransferCounts();
  EXPECT_EQ(1u, c.DeviceToHost);
  // Read on the host, still current on the device: using it again uploads nothing.
  test::RunSaxpy(DeviceId::Cuda, 1.f, out2, x, out);
  EXPECT_EQ(2u, cont::cuda::GetTransferCounts().HostToDevice);
  // Written on the host: the device copy is stale and goes up again.
  out2.WritePortal().Set(0, 1.f);
  test::RunSaxpy(DeviceId::Cuda, 1.f, out2, x, out);
  EXPECT_EQ(3u, cont::cuda::GetTransferCounts().HostToDevice);
}

TEST(Cuda, LargeBlocksArePinnedAndStayPinnedThroughThePool)
{
  if (!OnCuda())
    GTEST_SKIP() << "needs a CUDA device (--loom-device=cuda on a machine with a GPU)";
  if (const char* pin = std::getenv("LOOM_CUDA_PIN"); pin && pin[0] == '0')
    GTEST_SKIP() << "LOOM_CUDA_PIN=0 turns the registration off";
  // 6 Mi floats (24 MiB: a pooled block): computed on the GPU, read on the host.
  const Id n = Id(6) << 20;
  ArrayHandle<float> x = Ramp(n, 1.f), y = Ramp(n, 2.f);
  const void* address = nullptr;
  {
    ArrayHandle<float> out;
    test::RunSaxpy(DeviceId::Cuda, 3.f, x, y, out);
    EXPECT_TRUE(x.GetBuffer()->IsHostRegistered()); // registered before its copy up
    EXPECT_FLOAT_EQ(out.ReadPortal().Get(n - 1), 5.f * static_cast<float>(n - 1));
    EXPECT_TRUE(out.GetBuffer()->IsHostRegistered()); // registered before its copy back
    address = out.GetBuffer()->GetHostAddress();
  }
  // The block went back to the pool registered: the next output of that size reuses it, still pinned,
  // and the values that come back are the new ones.
  ArrayHandle<float> again;
  test::RunSaxpy(DeviceId::Cuda, 1.f, x, y, again);
  EXPECT_EQ(again.GetBuffer()->GetHostAddress(), address);
  EXPECT_TRUE(again.GetBuffer()->IsHostRegistered());
  EXPECT_FLOAT_EQ(again.ReadPortal().Get(n - 1), 3.f * static_cast<float>(n - 1));
  // Small blocks are not registered; borrowed memory never is.
  ArrayHandle<float> small = Ramp(1000, 1.f), smallOut;
  test::RunSaxpy(DeviceId::Cuda, 1.f, small, small, smallOut);
  smallOut.ReadPortal();
  EXPECT_FALSE(smallOut.GetBuffer()->IsHostRegistered());
  std::vector<float> mine(static_cast<std::size_t>(n), 1.f);
  ArrayHandle<float> borrowed = ArrayHandle<float>::Borrow(mine.data(), n);
  ArrayHandle<float> fromBorrowed;
  test::RunSaxpy(DeviceId::Cuda, 1.f, borrowed, y, fromBorrowed);
  EXPECT_FALSE(borrowed.GetBuffer()->IsHostRegistered());
  EXPECT_FLOAT_EQ(fromBorrowed.ReadPortal().Get(7), 1.f + 14.f);
}

TEST(CudaFallback, ForcedCudaWithoutGpuRunsOnTheHost)
{
  if (cont::cuda::IsAvailable())
    GTEST_SKIP() << "a GPU is present: nothing falls back";
  const Id n = 1000;
  ArrayHandle<float> x = Ramp(n, 1.f), y = Ramp(n, 2.f), out;
  testing::internal::CaptureStderr();
  test::RunSaxpy(DeviceId::Cuda, 3.f, x, y, out);
  const std::string log = testing::internal::GetCapturedStderr();
  // The warning is logged once per process: CTest's Engine.CudaFallback runs this test alone.
  if (std::getenv("LOOM_TEST_FIRST_CUDA_REQUEST"))
    EXPECT_NE(log.find("device cuda is not available here"), std::string::npos) << log;
  const auto p = out.ReadPortal();
  ASSERT_EQ(n, p.GetNumberOfValues());
  for (Id i = 0; i < n; ++i)
    ASSERT_FLOAT_EQ(5.f * static_cast<float>(i), p.Get(i));
  EXPECT_EQ(0u, cont::cuda::GetTransferCounts().HostToDevice);
  // The algorithms and the scatter/mask worklet give the CPU results too.
  EXPECT_EQ(test::RunAlgorithmSequence(DeviceId::Serial), test::RunAlgorithmSequence(DeviceId::Cuda));
}

TEST(CudaFallback, DeviceMemoryWithoutGpuIsABadDevice)
{
  if (cont::cuda::IsAvailable())
    GTEST_SKIP() << "a GPU is present";
  ArrayHandle<float> a = Ramp(10, 1.f);
  try
  {
    a.PrepareForInput(cont::DeviceAdapterTagCuda{});
    FAIL() << "device memory without a GPU must throw";
  }
  catch (const cont::ErrorBadDevice& e)
  {
    EXPECT_NE(std::string(e.what()).find("No CUDA device is available"), std::string::npos) << e.what();
  }
  // Nothing moved and the host values are untouched.
  EXPECT_EQ(0u, cont::cuda::GetTransferCounts().HostToDevice);
  EXPECT_FLOAT_EQ(9.f, a.ReadPortal().Get(9));
}
