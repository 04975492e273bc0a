// Loom: implementation of device names, the device tracker and the CPU backend lookup.
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/internal/CpuBackend.h>

#ifdef LOOM_ENABLE_CUDA
#include <loom/cont/cuda/internal/CudaRuntime.h>
#endif

#include <algorithm>
#include <atomic>
#include <cctype>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

#include <pthread.h>

namespace loom
{
namespace cont
{
namespace
{
// The devices that ran work on this thread since the current device record began (bit 1 << device).
thread_local unsigned RanDevices = 0;
// This thread's current CPU device (a DeviceId), or -1 outside every ScopedCpuDevice.
thread_local Int8 CpuDeviceNow = -1;
}

DeviceId CurrentCpuDevice()
{
  return CpuDeviceNow >= 0 ? static_cast<DeviceId>(CpuDeviceNow) : RuntimeDeviceTracker::Get().HostDevice();
}

ScopedCpuDevice::ScopedCpuDevice(DeviceId device)
  : Outer(CpuDeviceNow)
{
  CpuDeviceNow = static_cast<Int8>(device);
}

ScopedCpuDevice::~ScopedCpuDevice()
{
  CpuDeviceNow = this->Outer;
}

const char* DeviceName(DeviceId device)
{
  switch (device)
  {
    case DeviceId::Serial:
      return "serial";
    case DeviceId::TBB:
      return "tbb";
    case DeviceId::Cuda:
      return "cuda";
    case DeviceId::Auto:
      return "auto";
  }
  return "unknown";
}

DeviceId ParseDeviceName(const std::string& name)
{
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (DeviceId d : { DeviceId::Serial, DeviceId::TBB, DeviceId::Cuda, DeviceId::Auto })
  {
    if (lower == DeviceName(d))
      return d;
  }
  throw ErrorBadDevice("Unknown Loom device '" + name +
                       "': use one of serial, tbb, cuda or auto.");
}

#ifndef LOOM_ENABLE_CUDA
bool cuda::IsAvailable()
{
  return false;
}

std::string cuda::Describe()
{
  return "not compiled in (LOOM_ENABLE_CUDA is off)";
}

void cuda::PrepareInBackground() {}

cuda::Preparation cuda::GetPreparation()
{
  return Preparation::Off;
}

void cuda::WaitForPreparation() {}
#else
namespace
{
// The background preparation: its state, and its thread, joined when it is waited for, before a fork and at
// exit.
struct Preparer
{
  std::mutex Mutex;
  std::condition_variable Ended;
  cuda::Preparation State = cuda::Preparation::NotStarted;
  std::thread Thread;
  std::atomic<bool> Exiting{ false }; // the process is exiting: the preparation stops after its current step
};
Preparer& GetPreparer()
{
  static Preparer* preparer = new Preparer; // never destroyed: filters may be made during exit
  return *preparer;
}
void JoinPreparation()
{
  Preparer& p = GetPreparer();
  std::thread thread;
  {
    std::unique_lock<std::mutex> lock(p.Mutex);
    p.Ended.wait(lock, [&] { return p.State != cuda::Preparation::Running; });
    thread.swap(p.Thread);
  }
  if (thread.joinable())
    thread.join();
}
void JoinAtExit()
{
  GetPreparer().Exiting = true;
  JoinPreparation();
}
// A forked child has no preparation thread: the fork waits for it (the child then finds it finished, and no
// lock it took held).
void JoinBeforeFork()
{
  JoinPreparation();
}
} // namespace

void cuda::PrepareInBackground()
{
  Preparer& p = GetPreparer();
  std::lock_guard<std::mutex> lock(p.Mutex);
  if (p.State != Preparation::NotStarted)
    return;
  const char* env = std::getenv("LOOM_CUDA_PREPARE");
  if (env && env[0] == '0')
  {
    p.State = Preparation::Off;
    return;
  }
  static const bool forkHandled = pthread_atfork(&JoinBeforeFork, nullptr, nullptr) == 0;
  (void)forkHandled;
  try
  {
    p.Thread = std::thread([&p] {
      try
      {
        internal::PrepareRuntime();
      }
      catch (...)
      {
        // The execution that needs CUDA meets the same failure and reports it.
      }
      std::lock_guard<std::mutex> ended(p.Mutex);
      p.State = Preparation::Finished;
      p.Ended.notify_all();
    });
  }
  catch (const std::system_error&)
  {
    p.State = Preparation::Off; // no thread to be had (a thread limit): the first execution prepares
    return;
  }
  p.State = Preparation::Running; // the thread's own end waits for this lock
}

bool cuda::internal::PreparationGoesOn()
{
  return !GetPreparer().Exiting;
}

void cuda::internal::PreparationReachedTheDriver()
{
  // The driver registered its own exit teardown when it started (just now, on this thread): a join registered
  // after it runs before it, so that the teardown never meets this thread inside CUDA.
  static const bool registered = std::atexit(&JoinAtExit) == 0;
  (void)registered;
}

cuda::Preparation cuda::GetPreparation()
{
  Preparer& p = GetPreparer();
  std::lock_guard<std::mutex> lock(p.Mutex);
  return p.State;
}

void cuda::WaitForPreparation()
{
  JoinPreparation();
}

void cuda::internal::ResetPreparation()
{
  Preparer& p = GetPreparer();
  std::thread thread;
  {
    std::unique_lock<std::mutex> lock(p.Mutex);
    p.Ended.wait(lock, [&] { return p.State != Preparation::Running; });
    thread.swap(p.Thread);
    p.State = Preparation::NotStarted;
  }
  if (thread.joinable())
    thread.join();
}
#endif

std::string DescribeDevice(DeviceId device)
{
  const RuntimeDeviceTracker& tracker = RuntimeDeviceTracker::Get();
  switch (device)
  {
    case DeviceId::Serial:
      return "Serial: 1 thread";
    case DeviceId::TBB:
#ifdef LOOM_ENABLE_TBB
      if (!tracker.CanRunOn(DeviceId::TBB))
        return "TBB: disabled after a failure";
      {
        const int threads = internal::TBBBackend().Concurrency();
        return "TBB: " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
      }
#else
      return "TBB: unavailable (not compiled in)";
#endif
    case DeviceId::Cuda:
      if (tracker.CanRunOn(DeviceId::Cuda))
        return "CUDA: " + cuda::Describe();
      if (RuntimeDeviceTracker::IsCompiled(DeviceId::Cuda) && cuda::IsAvailable())
        return "CUDA: disabled after a failure (" + cuda::Describe() + ")";
      return "CUDA: unavailable (" + cuda::Describe() + ")";
    default:
      return "Auto";
  }
}

unsigned BeginDeviceRecord()
{
  const unsigned outer = RanDevices;
  RanDevices = 0;
  return outer;
}

std::string EndDeviceRecord(unsigned outer)
{
  const unsigned ran = RanDevices;
  RanDevices = outer | ran;
  std::string names;
  for (DeviceId d : { DeviceId::Cuda, DeviceId::TBB, DeviceId::Serial })
    if (ran & (1u << static_cast<int>(d)))
      names += (names.empty() ? "" : "+") + std::string(DeviceName(d));
  return names;
}

void DiscardDeviceRecord(unsigned outer)
{
  RanDevices = outer;
}

namespace internal
{
void NoteCudaRequestRunsOnHost(DeviceId device)
{
  static std::once_flag noted;
  std::call_once(noted, [device] {
    Log(LogLevel::Info, std::string("CUDA was picked for code compiled without nvcc (a worklet family with "
                                    "no CUDA translation unit); it runs on ") +
                          DeviceName(device) + ".");
  });
}

void NoteDeviceRan(DeviceId device)
{
  RanDevices |= 1u << static_cast<int>(device);
}

const CpuBackend& GetCpuBackend(DeviceId device)
{
  NoteDeviceRan(device);
  switch (device)
  {
    case DeviceId::Serial:
      return SerialBackend();
#ifdef LOOM_ENABLE_TBB
    case DeviceId::TBB:
      return TBBBackend();
#endif
    default:
      throw ErrorBadDevice(std::string("Loom device '") + DeviceName(device) +
                           "' is not a CPU device compiled into this build.");
  }
}
} // namespace internal

RuntimeDeviceTracker& RuntimeDeviceTracker::Get()
{
  // Never destroyed: Loom memory released during static destruction (VTK arrays freed after
  // sys.exit) may still ask which devices are on.
  static RuntimeDeviceTracker* tracker = new RuntimeDeviceTracker;
  return *tracker;
}

RuntimeDeviceTracker::RuntimeDeviceTracker()
{
  std::fill(this->Disabled, this->Disabled + NumberOfDevices, false);
}

bool RuntimeDeviceTracker::IsCompiled(DeviceId device)
{
  switch (device)
  {
    case DeviceId::Serial:
      return true;
    case DeviceId::TBB:
#ifdef LOOM_ENABLE_TBB
      return true;
#else
      return false;
#endif
    case DeviceId::Cuda:
#ifdef LOOM_ENABLE_CUDA
      return true;
#else
      return false;
#endif
    default:
      return false;
  }
}

DeviceId RuntimeDeviceTracker::HostDevice() const
{
  return this->CanRunOn(DeviceId::TBB) ? DeviceId::TBB : DeviceId::Serial;
}

bool RuntimeDeviceTracker::CanRunOn(DeviceId device) const
{
  if (device == DeviceId::Auto || !IsCompiled(device) || this->Disabled[static_cast<int>(device)])
    return false;
  if (device == DeviceId::Cuda)
    return cuda::IsAvailable();
  return true;
}

void RuntimeDeviceTracker::DisableDevice(DeviceId device, const std::string& reason)
{
  if (device == DeviceId::Auto || device == DeviceId::Serial)
    return; // serial is the last resort and is never disabled
  this->Disabled[static_cast<int>(device)] = true;
  Log(LogLevel::Warn,
      std::string("device ") + DeviceName(device) + " disabled: " + reason);
  if (device == DeviceId::Cuda)
    ClearDeviceInputCache(); // CUDA is off: the kept copies of VTK's arrays go
}

DeviceId RuntimeDeviceTracker::HostFallback(const std::string& reason) const
{
  const DeviceId next = this->HostDevice();
  Log(LogLevel::Warn, reason + " This call runs on " + DeviceName(next) + " instead; CUDA stays enabled.");
  return next;
}

void RuntimeDeviceTracker::Reset()
{
  std::fill(this->Disabled, this->Disabled + NumberOfDevices, false);
  this->Forced = DeviceId::Auto;
}

void RuntimeDeviceTracker::ForceDevice(DeviceId device)
{
  this->Forced = device;
}

DeviceId RuntimeDeviceTracker::Requested(DeviceId requested) const
{
  if (requested == DeviceId::Auto)
    requested = this->Forced;
  if (requested == DeviceId::Auto)
    requested = DeviceFromEnvironment();
  return requested;
}

bool RuntimeDeviceTracker::MayRunOnCuda(DeviceId requested) const
{
  if (!IsCompiled(DeviceId::Cuda) || this->Disabled[static_cast<int>(DeviceId::Cuda)])
    return false;
  try
  {
    requested = this->Requested(requested);
  }
  catch (const ErrorBadDevice&)
  {
    return false; // the execution reports the unknown name
  }
  return requested == DeviceId::Auto || requested == DeviceId::Cuda;
}

DeviceId RuntimeDeviceTracker::DeviceFromEnvironment()
{
  const char* env = std::getenv("LOOM_DEVICE");
  if (!env || !*env)
    return DeviceId::Auto;
  return ParseDeviceName(env);
}

DeviceId RuntimeDeviceTracker::Resolve(DeviceId requested) const
{
  requested = this->Requested(requested);
  const bool explicitRequest = requested != DeviceId::Auto;
  if (requested == DeviceId::Auto)
    requested = DeviceId::Cuda; // best first
  // Fallback order: CUDA, TBB, Serial.
  static const DeviceId order[] = { DeviceId::Cuda, DeviceId::TBB, DeviceId::Serial };
  const int start = requested == DeviceId::Cuda ? 0 : requested == DeviceId::TBB ? 1 : 2;
  for (int i = start; i < 3; ++i)
  {
    if (this->CanRunOn(order[i]))
    {
      if (explicitRequest && order[i] != requested)
      {
        static std::once_flag warned[NumberOfDevices];
        std::call_once(warned[static_cast<int>(requested)], [&] {
          Log(LogLevel::Warn, std::string("device ") + DeviceName(requested) +
                                " is not available here; running on " + DeviceName(order[i]) +
                                " instead.");
        });
      }
      return order[i];
    }
  }
  return DeviceId::Serial;
}
} // namespace cont
} // namespace loom
