// Loom tests: a stand-in for the CUDA runtime whose "device memory" is host memory, so that the
// bookkeeping above the runtime (staging, registrations, hand-overs, the device input cache) runs and is
// checked on machines without a GPU. Asynchronous copies run late (when an event after them is waited
// for, or at the next synchronous call), as a GPU may run them. Install with
// loom::cont::cuda::internal::SetRuntime(&standIn), between tests only.
#pragma once

#include <loom/cont/Error.h>
#include <loom/cont/cuda/internal/CudaRuntime.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace loomtest
{
class StandInRuntime final : public loom::cont::cuda::internal::Runtime
{
public:
  // What the bookkeeping asked for.
  int DeviceAllocations = 0, DeviceFrees = 0, PinnedAllocations = 0, Registrations = 0;
  int AsyncCopies = 0, SyncCopies = 0, AsyncFromPageable = 0;
  std::size_t PagesFaultedByRegistration = 0;
  bool RefuseRegistration = false;
  std::size_t DeviceBudget = ~std::size_t(0); // "device memory" beyond it: ErrorBadAllocation
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
    std::size_t inUse = 0;
    for (const auto& d : this->Device)
      inUse += d.second;
    if (inUse + bytes > this->DeviceBudget)
      throw loom::cont::ErrorBadAllocation("stand-in runtime: out of device memory");
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
  void CopyAsync(void* destination, const void* source, std::size_t bytes, loom::cont::cuda::internal::CopyKind kind) override
  {
    ++this->AsyncCopies;
    const void* host = kind == loom::cont::cuda::internal::CopyKind::HostToDevice ? source : destination;
    if (kind != loom::cont::cuda::internal::CopyKind::DeviceToDevice && !this->IsPageLocked(host, bytes))
      ++this->AsyncFromPageable;
    this->Pending.push_back(Copy_{ destination, source, bytes });
  }
  void Copy(void* destination, const void* source, std::size_t bytes, loom::cont::cuda::internal::CopyKind) override
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
  // The background preparation (cuda::PrepareInBackground): counted, the thread noted, then `OnPrepare`.
  int Prepares = 0;
  std::thread::id PreparedOn;
  std::function<void()> OnPrepare;
  void Prepare() override
  {
    ++this->Prepares;
    this->PreparedOn = std::this_thread::get_id();
    if (this->OnPrepare)
      this->OnPrepare();
  }

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
} // namespace loomtest
