// Loom tests: the bookkeeping above the CUDA runtime (staged copies through the pinned pool, registered
// blocks, memory handed over and found again with its device copy), run against a stand-in runtime
// whose "device memory" is host memory, so that it is checked on machines without a GPU. The stand-in
// runs asynchronous copies late (when an event after them is waited for, or at the next synchronous
// call), as a GPU may: a staging buffer refilled before its copy has left would carry the wrong bytes.
// Where a GPU is present these are skipped: the Cuda.* tests run the real runtime there.
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/HandOver.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaRuntime.h>
#include <loom/cont/internal/Buffer.h>
#include <loom/cont/internal/BufferPool.h>

#include "StandInCudaRuntime.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <sys/mman.h>
#include <unistd.h>
#include <memory>
#include <vector>

using namespace loom;
using cont::cuda::internal::CopyKind;
using cont::cuda::internal::GetStagingStatistics;
using cont::cuda::internal::StageChunk;
using cont::internal::Buffer;

namespace
{
using loomtest::StandInRuntime;

// Installs a stand-in for a test, and puts CUDA's runtime back after it (pooled blocks it registered
// and the staging buffers it made go back to it first).
class CudaTransfers : public ::testing::Test
{
protected:
  StandInRuntime Runtime;
  std::size_t CacheLimit = 0;
  void SetUp() override
  {
    if (cont::cuda::IsAvailable())
      GTEST_SKIP() << "a GPU is present: the Cuda.* tests run the real runtime";
    cont::internal::ReleasePooledMemory();
    cont::cuda::internal::SetRuntime(&this->Runtime);
    cont::cuda::ResetTransferCounts();
    this->CacheLimit = cont::GetDeviceInputCacheLimit();
  }
  void TearDown() override
  {
    if (cont::cuda::IsAvailable())
      return;
    // The kept device copies are the stand-in's memory.
    cont::ClearDeviceInputCache();
    cont::SetDeviceInputCacheLimit(this->CacheLimit);
    cont::internal::ReleasePooledMemory();
    cont::cuda::internal::SetRuntime(nullptr);
  }
};

std::vector<UInt8> Pattern(std::size_t bytes, unsigned seed)
{
  std::vector<UInt8> v(bytes);
  for (std::size_t i = 0; i < bytes; ++i)
  {
    // A mix of the position's bits: no period (a chunk in another chunk's place shows).
    UInt64 x = i + seed * 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
    v[i] = static_cast<UInt8>((x ^ (x >> 29)) >> 56);
  }
  return v;
}
} // namespace

TEST_F(CudaTransfers, BorrowedMemoryIsStagedThroughReusedPinnedBuffers)
{
  const std::size_t bytes = 5 * StageChunk + 123; // six chunks, the last one short
  std::vector<UInt8> host = Pattern(bytes, 1);
  bool released = false;
  {
    auto buffer = Buffer::Borrow(host.data(), bytes, [&released] { released = true; });
    const UInt8* device = static_cast<const UInt8*>(buffer->PrepareDeviceRead());
    ASSERT_TRUE(this->Runtime.Device.count(const_cast<UInt8*>(device)));
    EXPECT_EQ(0, std::memcmp(device, host.data(), bytes)); // every chunk arrived, in its place
    auto s = GetStagingStatistics();
    EXPECT_EQ(1u, s.StagedToDevice);
    EXPECT_EQ(6u, s.Chunks);
    EXPECT_EQ(2u, s.BuffersAllocated);
    EXPECT_EQ(2 * StageChunk, s.PinnedBytesHeld);
    EXPECT_EQ(0, this->Runtime.Registrations); // borrowed memory is never registered
    EXPECT_EQ(6, this->Runtime.AsyncCopies);
    EXPECT_EQ(0, this->Runtime.AsyncFromPageable); // only pinned buffers cross asynchronously

    // A kernel writes (the stand-in's device memory is host memory); the host asks for the values.
    UInt8* written = static_cast<UInt8*>(buffer->PrepareDeviceWrite(/*keepContents=*/true));
    const std::vector<UInt8> expected = Pattern(bytes, 7);
    std::memcpy(written, expected.data(), bytes);
    buffer->GetReadData();
    EXPECT_EQ(expected, host);
    s = GetStagingStatistics();
    EXPECT_EQ(1u, s.StagedToHost);
    EXPECT_EQ(12u, s.Chunks);
    EXPECT_EQ(2u, s.BuffersAllocated); // the same two buffers served both ways
    EXPECT_EQ(2, this->Runtime.PinnedAllocations);
    EXPECT_EQ(0, this->Runtime.AsyncFromPageable);
    const auto counts = cont::cuda::GetTransferCounts();
    EXPECT_EQ(1u, counts.HostToDevice);
    EXPECT_EQ(1u, counts.DeviceToHost);
    EXPECT_EQ(bytes, counts.BytesHostToDevice);
  }
  EXPECT_TRUE(released);
  EXPECT_EQ(this->Runtime.DeviceAllocations, this->Runtime.DeviceFrees); // the device copy went with it
}

TEST_F(CudaTransfers, SmallAndRegisteredMemoryIsCopiedDirectly)
{
  // Below the staging threshold: one direct copy each way, no pinned buffer.
  std::vector<UInt8> small = Pattern(100 << 10, 2);
  auto borrowed = Buffer::Borrow(small.data(), small.size(), {});
  borrowed->PrepareDeviceRead();
  EXPECT_EQ(0u, GetStagingStatistics().StagedToDevice);
  EXPECT_EQ(0, this->Runtime.PinnedAllocations);
  EXPECT_EQ(1, this->Runtime.SyncCopies);

  // A large block Loom owns is registered at its first transfer and copied directly; it goes back to the
  // pool registered, and the next block of its size is that block: no new registration, no staging.
  const std::size_t bytes = 3 * StageChunk;
  const std::vector<UInt8> values = Pattern(bytes, 3);
  void* first = nullptr;
  {
    auto owned = Buffer::Allocate(bytes);
    std::memcpy(owned->GetData(), values.data(), bytes);
    const void* device = owned->PrepareDeviceRead();
    EXPECT_TRUE(owned->IsHostRegistered());
    EXPECT_EQ(0, std::memcmp(device, values.data(), bytes));
    first = owned->GetHostAddress();
  }
  EXPECT_EQ(1, this->Runtime.Registrations);
  {
    auto again = Buffer::Allocate(bytes);
    EXPECT_EQ(first, again->GetHostAddress());
    EXPECT_TRUE(again->IsHostRegistered());
    std::memcpy(again->GetData(), values.data(), bytes);
    again->PrepareDeviceRead();
    std::memset(again->PrepareDeviceWrite(true), 5, bytes);
    EXPECT_EQ(5, static_cast<const UInt8*>(again->GetReadData())[bytes - 1]);
  }
  EXPECT_EQ(1, this->Runtime.Registrations);
  EXPECT_EQ(0u, GetStagingStatistics().StagedToDevice + GetStagingStatistics().StagedToHost);
  EXPECT_EQ(0, this->Runtime.AsyncFromPageable);
}

TEST_F(CudaTransfers, RefusedRegistrationIsStaged)
{
  this->Runtime.RefuseRegistration = true;
  const std::size_t bytes = 2 * StageChunk + 4096;
  const std::vector<UInt8> values = Pattern(bytes, 4);
  auto owned = Buffer::Allocate(bytes);
  std::memcpy(owned->GetData(), values.data(), bytes);
  EXPECT_EQ(0, std::memcmp(owned->PrepareDeviceRead(), values.data(), bytes));
  EXPECT_FALSE(owned->IsHostRegistered());
  EXPECT_EQ(1u, GetStagingStatistics().StagedToDevice);
  EXPECT_EQ(3u, GetStagingStatistics().Chunks);
  EXPECT_EQ(0, this->Runtime.AsyncFromPageable);
}

TEST_F(CudaTransfers, HandedOverArraysAreFoundWithTheirDeviceCopy)
{
  using Handle = cont::ArrayHandle<Float32>;
  const Id n = Id(1) << 21; // 8 MiB
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(Float32);
  // A filter's result made on the device...
  Handle result;
  auto portal = result.PrepareForOutput(n, cont::DeviceAdapterTagCuda{});
  for (Id i = 0; i < n; ++i)
    portal.Set(i, static_cast<Float32>(i) * 0.5f);
  // ...handed over as a holder (VTK) does it: the host gets the values, the device copy stays. The block's
  // pages were never touched on the host: they are made resident by Loom's threads before the block is
  // registered, not by the driver's registration.
  result.ReadPortal();
  EXPECT_TRUE(result.GetBuffer()->IsHostRegistered());
  EXPECT_EQ(0u, this->Runtime.PagesFaultedByRegistration);
  Float32* data = result.GetHostAddress();
  EXPECT_EQ(0.5f * static_cast<Float32>(n - 1), data[n - 1]);
  const auto before = cont::GetHandOverStatistics();
  cont::KeepHandedOver(data, std::make_shared<Handle>(result), bytes);
  cont::StampHandedOver(data, 7);
  result = Handle(); // the filter lets go; the registry keeps it
  cont::cuda::ResetTransferCounts();
  const int freesBefore = this->Runtime.DeviceFrees;

  // A filter downstream given the unmodified memory finds the array, its values on the device already.
  auto found = cont::FindHandedOver<Handle>(data, bytes, 7);
  ASSERT_TRUE(found);
  EXPECT_EQ(data, found->GetHostAddress());
  found->PrepareForInput(cont::DeviceAdapterTagCuda{});
  EXPECT_EQ(0u, cont::cuda::GetTransferCounts().HostToDevice);
  // Not found as another kind, another size, or at another address.
  EXPECT_FALSE(cont::FindHandedOver<cont::ArrayHandle<Int32>>(data, bytes, 7));
  EXPECT_FALSE(cont::FindHandedOver<Handle>(data, bytes - 4, 7));
  EXPECT_FALSE(cont::FindHandedOver<Handle>(data + 1, bytes - 4, 7));

  // The holder modified it (another stamp): not found, the stale device copy dropped, and not found again
  // with the old stamp either.
  EXPECT_FALSE(cont::FindHandedOver<Handle>(data, bytes, 8));
  EXPECT_EQ(freesBefore + 1, this->Runtime.DeviceFrees);
  EXPECT_FALSE(cont::FindHandedOver<Handle>(data, bytes, 7));
  // Stamped anew, it is found again; its values go to the device once more.
  cont::StampHandedOver(data, 9);
  found = cont::FindHandedOver<Handle>(data, bytes, 9);
  ASSERT_TRUE(found);
  found->PrepareForInput(cont::DeviceAdapterTagCuda{});
  EXPECT_EQ(1u, cont::cuda::GetTransferCounts().HostToDevice);
  found.reset();

  auto s = cont::GetHandOverStatistics();
  EXPECT_EQ(before.Kept + 1, s.Kept);
  EXPECT_EQ(before.Found + 2, s.Found);
  EXPECT_EQ(before.FoundModified + 1, s.FoundModified);
  EXPECT_EQ(before.Held + 1, s.Held);
  cont::ReleaseHandedOver(data); // the holder frees it: the array and its device copy go
  EXPECT_EQ(before.Held, cont::GetHandOverStatistics().Held);
  EXPECT_EQ(this->Runtime.DeviceAllocations, this->Runtime.DeviceFrees);
}

TEST_F(CudaTransfers, StagingBuffersAreFreedWithTheirRuntime)
{
  std::vector<UInt8> host = Pattern(2 * StageChunk, 5);
  auto buffer = Buffer::Borrow(host.data(), host.size(), {});
  buffer->PrepareDeviceRead();
  EXPECT_EQ(2u, this->Runtime.Pinned.size());
  buffer.reset();
  cont::cuda::internal::ReleaseStagingBuffers();
  EXPECT_TRUE(this->Runtime.Pinned.empty());
  EXPECT_EQ(0u, GetStagingStatistics().PinnedBytesHeld);
}

// VTK's arrays (memory Loom borrows) keep their device copies between runs while unmodified: the device
// input cache. Lenders here are addresses of local tokens; the filters' test checks VTK's arrays.
TEST_F(CudaTransfers, BorrowedMemoryKeepsItsDeviceCopyWhileUnmodified)
{
  const std::size_t bytes = 3 * (std::size_t(1) << 20);
  std::vector<UInt8> host = Pattern(bytes, 11);
  int lenderA = 0, lenderB = 0;
  cont::ClearDeviceInputCache();
  cont::SetDeviceInputCacheLimit(std::size_t(64) << 20);
  const auto before = cont::GetDeviceInputCacheStatistics();
  auto deviceBytes = [&](const std::shared_ptr<Buffer>& b) {
    const UInt8* d = static_cast<const UInt8*>(b->PrepareDeviceRead());
    this->Runtime.Synchronize("the test");
    return std::vector<UInt8>(d, d + bytes);
  };

  // First run: uploaded, and kept after the buffer goes.
  auto first = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 5 });
  const void* copy = first->PrepareDeviceRead();
  EXPECT_EQ(1u, cont::cuda::GetTransferCounts().HostToDevice);
  first.reset();
  EXPECT_EQ(0, this->Runtime.DeviceFrees);
  EXPECT_EQ(before.Entries + 1, cont::GetDeviceInputCacheStatistics().Entries);

  // The same memory, lender and stamp: the same copy, nothing moved.
  auto again = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 5 });
  EXPECT_EQ(copy, again->PrepareDeviceRead());
  EXPECT_TRUE(again->IsDeviceCopyShared());
  EXPECT_EQ(host, deviceBytes(again));
  EXPECT_EQ(1u, cont::cuda::GetTransferCounts().HostToDevice);
  EXPECT_EQ(before.Reused + 1, cont::GetDeviceInputCacheStatistics().Reused);

  // Not another lender's, nor another size.
  auto other = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderB, 5 });
  EXPECT_NE(copy, other->PrepareDeviceRead());
  auto shorter = Buffer::Borrow(host.data(), bytes - 1, {}, cont::Lender{ &lenderA, 5 });
  EXPECT_NE(copy, shorter->PrepareDeviceRead());
  EXPECT_EQ(3u, cont::cuda::GetTransferCounts().HostToDevice);
  other.reset();
  shorter.reset();

  // Modified (the values changed and the lender's stamp moved): uploaded again with the new values; the
  // lender's copies under the old stamp go (the shorter one at once, the other once its last reader lets
  // go).
  host[0] ^= 0xff;
  host[bytes - 1] ^= 0xff;
  const int freesBefore = this->Runtime.DeviceFrees;
  auto modified = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  EXPECT_EQ(host, deviceBytes(modified));
  EXPECT_EQ(4u, cont::cuda::GetTransferCounts().HostToDevice);
  EXPECT_EQ(freesBefore + 1, this->Runtime.DeviceFrees); // `again` still reads the old copy
  again.reset();
  EXPECT_EQ(freesBefore + 2, this->Runtime.DeviceFrees);
  modified.reset();

  // The lender went away and another took its memory and its stamp: never taken for the old one.
  cont::ForgetDeviceCopiesOf(&lenderA);
  host[1] ^= 0xff;
  auto reused = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  EXPECT_EQ(host, deviceBytes(reused));
  EXPECT_EQ(5u, cont::cuda::GetTransferCounts().HostToDevice);
  reused.reset();

  // A device write to a cached copy takes it out of the cache; a reader of the copy keeps its values.
  auto reader = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  const std::vector<UInt8> kept = deviceBytes(reader);
  auto writer = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  UInt8* written = static_cast<UInt8*>(writer->PrepareDeviceWrite(true));
  written[0] ^= 0x55;
  EXPECT_EQ(kept, deviceBytes(reader));
  EXPECT_EQ(5u, cont::cuda::GetTransferCounts().HostToDevice);
  writer->GetReadData(); // the written values to the host
  EXPECT_NE(kept[0], host[0]);
  writer.reset();
  reader.reset();
  host[0] = kept[0];
  auto afterWrite = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  afterWrite->PrepareDeviceRead();
  EXPECT_EQ(6u, cont::cuda::GetTransferCounts().HostToDevice);
  afterWrite.reset();

  // A host write (through a writable pointer) does the same.
  auto hostWriter = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  hostWriter->PrepareDeviceRead();
  EXPECT_EQ(6u, cont::cuda::GetTransferCounts().HostToDevice);
  hostWriter->GetData();
  hostWriter.reset();
  auto afterHostWrite = Buffer::Borrow(host.data(), bytes, {}, cont::Lender{ &lenderA, 6 });
  afterHostWrite->PrepareDeviceRead();
  EXPECT_EQ(7u, cont::cuda::GetTransferCounts().HostToDevice);
  afterHostWrite.reset();

  cont::ClearDeviceInputCache();
  EXPECT_EQ(0u, cont::GetDeviceInputCacheStatistics().Entries);
  EXPECT_EQ(this->Runtime.DeviceAllocations, this->Runtime.DeviceFrees);
}

TEST_F(CudaTransfers, DeviceInputCacheHonoursItsBound)
{
  const std::size_t bytes = std::size_t(1) << 20;
  std::vector<std::vector<UInt8>> hosts;
  for (unsigned i = 0; i < 4; ++i)
    hosts.push_back(Pattern(bytes, 20 + i));
  int lender = 0;
  cont::ClearDeviceInputCache();
  cont::SetDeviceInputCacheLimit(2 * bytes + bytes / 2); // room for two
  const auto before = cont::GetDeviceInputCacheStatistics();
  auto run = [&](unsigned i) {
    Buffer::Borrow(hosts[i].data(), bytes, {}, cont::Lender{ &lender, 1 })->PrepareDeviceRead();
    return cont::cuda::GetTransferCounts().HostToDevice;
  };
  EXPECT_EQ(1u, run(0));
  EXPECT_EQ(2u, run(1));
  EXPECT_EQ(2u, run(0)); // 0 used again: 1 is now the least recently used
  EXPECT_EQ(3u, run(2)); // 1 goes
  auto s = cont::GetDeviceInputCacheStatistics();
  EXPECT_EQ(2u, s.Entries);
  EXPECT_LE(s.BytesHeld, s.Limit);
  EXPECT_EQ(before.Evicted + 1, s.Evicted);
  EXPECT_EQ(3u, run(0));
  EXPECT_EQ(3u, run(2));
  EXPECT_EQ(4u, run(1));
  EXPECT_EQ(this->Runtime.DeviceAllocations, this->Runtime.DeviceFrees + 2); // the two held

  // A lower bound drops the least recently used at once; 0 keeps nothing.
  cont::SetDeviceInputCacheLimit(bytes);
  EXPECT_EQ(1u, cont::GetDeviceInputCacheStatistics().Entries);
  EXPECT_EQ(4u, run(1));
  cont::SetDeviceInputCacheLimit(0);
  EXPECT_EQ(0u, cont::GetDeviceInputCacheStatistics().Entries);
  EXPECT_EQ(5u, run(3));
  EXPECT_EQ(6u, run(3));
  EXPECT_EQ(this->Runtime.DeviceAllocations, this->Runtime.DeviceFrees);

  // A full device: the kept copies go before an allocation fails.
  cont::SetDeviceInputCacheLimit(std::size_t(64) << 20);
  run(0);
  run(1);
  EXPECT_EQ(2u, cont::GetDeviceInputCacheStatistics().Entries);
  this->Runtime.DeviceBudget = 2 * bytes + bytes / 2;
  const auto forgotten = cont::GetDeviceInputCacheStatistics().Forgotten;
  EXPECT_EQ(9u, run(2)); // uploaded where the two kept copies were
  s = cont::GetDeviceInputCacheStatistics();
  EXPECT_EQ(forgotten + 2, s.Forgotten);
  EXPECT_EQ(1u, s.Entries);
  this->Runtime.DeviceBudget = ~std::size_t(0);
}
