// Loom tests: the bookkeeping above the CUDA runtime (staged copies through the pinned pool, registered
// blocks, memory handed over and found again with its device copy), run against a stand-in runtime
// whose "device memory" is host memory, so that it is checked on machines without a GPU. The stand-in
// runs asynchronous copies late (when an event after them is waited for, or at the next synchronous
// call), as a GPU may: a staging buffer refilled before its copy has left would carry the wrong bytes.
// Where a GPU is present these are skipped: the Cuda.* tests run the real runtime there.
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/HandOver.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/cuda/CudaMemory.h>
#include <loom/cont/cuda/internal/CudaRuntime.h>
#include <loom/cont/internal/Buffer.h>
#include <loom/cont/internal/BufferPool.h>

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
class StandInRuntime final : public cont::cuda::internal::Runtime
{
public:
  // What the bookkeeping asked for.
  int DeviceAllocations = 0, DeviceFrees = 0, PinnedAllocations = 0, Registrations = 0;
  int AsyncCopies = 0, SyncCopies = 0, AsyncFromPageable = 0;
  std::size_t PagesFaultedByRegistration = 0;
  bool RefuseRegistration = false;
  std::map<void*, std::size_t> Device, Pinned, Registered;

  ~StandInRuntime() override
  {
    for (auto& d : this->Device)
      std::free(d.first);
    for (auto& p : this->Pinned)
      std::free(p.first);
  }
  void* DeviceAllocate(std::size_t bytes) override
  {
    ++this->DeviceAllocations;
    void* p = std::malloc(bytes);
    this->Device[p] = bytes;
    return p;
  }
  void DeviceFree(void* pointer) override
  {
    if (!pointer || !this->Device.count(pointer))
      return;
    this->RunPending();
    ++this->DeviceFrees;
    this->Device.erase(pointer);
    std::free(pointer);
  }
  void* PinnedAllocate(std::size_t bytes) override
  {
    ++this->PinnedAllocations;
    void* p = std::malloc(bytes);
    this->Pinned[p] = bytes;
    return p;
  }
  void PinnedFree(void* pointer) override
  {
    this->RunPending();
    this->Pinned.erase(pointer);
    std::free(pointer);
  }
  bool HostRegister(void* host, std::size_t bytes) override
  {
    if (this->RefuseRegistration)
      return false;
    ++this->Registrations;
    this->Registered[host] = bytes;
    // What the driver would fault in on its one thread: the pages not resident yet.
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGE_SIZE));
    std::vector<unsigned char> resident((bytes + page - 1) / page);
    if (mincore(host, bytes, resident.data()) == 0)
      for (unsigned char r : resident)
        this->PagesFaultedByRegistration += (r & 1) ? 0 : 1;
    return true;
  }
  void HostUnregister(void* host) override { this->Registered.erase(host); }
  void CopyAsync(void* destination, const void* source, std::size_t bytes, CopyKind kind) override
  {
    ++this->AsyncCopies;
    const void* host = kind == CopyKind::HostToDevice ? source : destination;
    if (kind != CopyKind::DeviceToDevice && !this->IsPageLocked(host, bytes))
      ++this->AsyncFromPageable;
    this->Pending.push_back(Copy_{ destination, source, bytes });
  }
  void Copy(void* destination, const void* source, std::size_t bytes, CopyKind) override
  {
    this->RunPending();
    ++this->SyncCopies;
    std::memcpy(destination, source, bytes);
  }
  void* CreateEvent() override { return new std::size_t(0); }
  void RecordEvent(void* event) override { *static_cast<std::size_t*>(event) = this->Issued + this->Pending.size(); }
  void WaitEvent(void* event) override
  {
    const std::size_t upTo = *static_cast<std::size_t*>(event);
    while (this->Issued < upTo && !this->Pending.empty())
      this->RunOne();
  }
  void DestroyEvent(void* event) override { delete static_cast<std::size_t*>(event); }
  void Synchronize(const char*) override { this->RunPending(); }

  bool IsPageLocked(const void* p, std::size_t bytes) const
  {
    auto inside = [&](const std::map<void*, std::size_t>& blocks) {
      for (const auto& b : blocks)
      {
        const char* begin = static_cast<const char*>(b.first);
        if (static_cast<const char*>(p) >= begin && static_cast<const char*>(p) + bytes <= begin + b.second)
          return true;
      }
      return false;
    };
    return inside(this->Pinned) || inside(this->Registered);
  }

private:
  struct Copy_
  {
    void* To;
    const void* From;
    std::size_t Bytes;
  };
  std::deque<Copy_> Pending;
  std::size_t Issued = 0;
  void RunOne()
  {
    const Copy_ c = this->Pending.front();
    this->Pending.pop_front();
    std::memcpy(c.To, c.From, c.Bytes);
    ++this->Issued;
  }
  void RunPending()
  {
    while (!this->Pending.empty())
      this->RunOne();
  }
};

// Installs a stand-in for a test, and puts CUDA's runtime back after it (pooled blocks it registered
// and the staging buffers it made go back to it first).
class CudaTransfers : public ::testing::Test
{
protected:
  StandInRuntime Runtime;
  void SetUp() override
  {
    if (cont::cuda::IsAvailable())
      GTEST_SKIP() << "a GPU is present: the Cuda.* tests run the real runtime";
    cont::internal::ReleasePooledMemory();
    cont::cuda::internal::SetRuntime(&this->Runtime);
    cont::cuda::ResetTransferCounts();
  }
  void TearDown() override
  {
    if (cont::cuda::IsAvailable())
      return;
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
