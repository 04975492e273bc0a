// Loom filter tests: an output that cannot fit. In a child process whose address space is capped a little
// above what it uses (RLIMIT_AS), each filter that makes a large output is asked for one larger than the
// cap: the filter fails with an error naming itself and the memory it could not get, leaves an empty
// output, does not crash, and the process goes on: the filter then runs on a small input.
#include "LoomFilterTesting.h"

#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomGradient.h"
#include "vtkLoomTetrahedralize.h"
#include "vtkLoomThreshold.h"

#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkCallbackCommand.h>
#include <vtkDataSet.h>

#ifdef LOOM_TEST_STARTS_TBB
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#endif

#include <execinfo.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

namespace
{
// The process's virtual size now (bytes), from /proc/self/statm.
long long VirtualBytes()
{
  std::ifstream statm("/proc/self/statm");
  long long pages = 0;
  statm >> pages;
  return pages * sysconf(_SC_PAGESIZE);
}

struct Errors
{
  std::string Text;
  int Count = 0;
};

void OnError(vtkObject*, unsigned long, void* client, void* call)
{
  auto* errors = static_cast<Errors*>(client);
  ++errors->Count;
  errors->Text += static_cast<const char*>(call);
}

struct Case
{
  const char* Name;
  std::function<vtkSmartPointer<vtkAlgorithm>()> Make;
};

std::vector<Case> Cases()
{
  std::vector<Case> cases;
  cases.push_back({ "Tetrahedralize", [] { return vtkSmartPointer<vtkLoomTetrahedralize>::New(); } });
  cases.push_back({ "Threshold", [] {
                     auto f = vtkSmartPointer<vtkLoomThreshold>::New();
                     f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
                     f->SetLowerThreshold(-1e9);
                     f->SetUpperThreshold(1e9);
                     return f;
                   } });
  cases.push_back({ "Clip", [] {
                     auto f = vtkSmartPointer<vtkLoomClip>::New();
                     f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
                     f->SetValue(150.0);
                     return f;
                   } });
  cases.push_back({ "Gradient", [] {
                     auto f = vtkSmartPointer<vtkLoomGradient>::New();
                     f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
                     return f;
                   } });
  return cases;
}

// The child's terminate handler: what was thrown and where, written without allocating (the address space
// is capped), then exit code 7.
void WriteText(const char* text)
{
  if (write(2, text, std::strlen(text)) < 0)
    _exit(7);
}

[[noreturn]] void ChildTerminate()
{
  WriteText("the capped child called std::terminate: ");
  if (std::exception_ptr thrown = std::current_exception())
  {
    try
    {
      std::rethrow_exception(thrown);
    }
    catch (const std::exception& e)
    {
      WriteText(e.what());
    }
    catch (...)
    {
      WriteText("(not a std::exception)");
    }
  }
  else
    WriteText("(no exception)");
  WriteText("\n");
  void* frames[64];
  backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
  _exit(7);
}

#ifdef LOOM_TEST_STARTS_TBB
// Starts every oneTBB worker (one per core) before the cap: one task per thread, each waiting until all
// have started (bounded by a count of yields, not by time: oneTBB does not promise that every worker joins,
// and a wait that never ends would hang the test; a worker that did not start shows as the oneTBB error
// below, not as a different verdict). oneTBB starts workers when work first needs them, and one that cannot start
// under the cap (pthread_create: EAGAIN, a thread's stack counts in the address space) makes oneTBB throw:
// in a worker of its own, which ends in std::terminate (seen on a 16-core GPU machine, where a small
// warm-up run had woken a few workers only), or in the filter's thread (a clear error, not the one about
// memory this test looks for). The test is about Loom's allocations, in a process whose threads exist.
void StartEveryWorker()
{
  const int threads = tbb::this_task_arena::max_concurrency();
  std::atomic<int> started{ 0 };
  tbb::parallel_for(
    0, threads,
    [&](int) {
      ++started;
      for (long yields = 0; started.load() < threads && yields < 50000000; ++yields)
        std::this_thread::yield();
    },
    tbb::static_partitioner());
}
#endif

// In the child: run the filter on a small input, cap the address space `headroom` bytes above its size
// now, run the filter on the big input, then on the small one again. Exit codes: 0 as expected, 2 the
// big run did not fail, 3 no error or an unclear one, 4 output not empty, 5 the small run failed, 7
// std::terminate.
int Child(const Case& c, vtkDataSet* big, vtkDataSet* small, long long headroom)
{
  std::set_terminate(ChildTerminate);
  void* frames[1];
  backtrace(frames, 1); // loads what backtrace needs before the cap
#ifdef LOOM_TEST_STARTS_TBB
  StartEveryWorker();
#endif
  // Auto as before Auto's estimate (which would leave the small warm-up run to the CPU, and the CUDA context
  // to the capped run).
  setenv("LOOM_AUTO_MODEL", "0", 1);
  {
    // A process that runs filters has its devices started before memory runs short: the filter once on
    // the small input first (the CUDA context where a GPU is present).
    vtkSmartPointer<vtkAlgorithm> warm = c.Make();
    warm->SetInputDataObject(small);
    warm->Update();
  }
  loom::cont::cuda::WaitForPreparation(); // nothing of CUDA's preparation left to run under the cap
  const rlim_t cap = static_cast<rlim_t>(VirtualBytes() + headroom);
  rlimit limit{ cap, cap };
  if (setrlimit(RLIMIT_AS, &limit) != 0)
    return 6;
  vtkSmartPointer<vtkAlgorithm> filter = c.Make();
  Errors errors;
  vtkNew<vtkCallbackCommand> onError;
  onError->SetCallback(&OnError);
  onError->SetClientData(&errors);
  filter->AddObserver(vtkCommand::ErrorEvent, onError);
  filter->SetInputDataObject(big);
  filter->Update();
  std::printf("%s, address space capped %lld MiB above its size: %d error(s): %s\n", c.Name, headroom >> 20,
              errors.Count, errors.Text.c_str());
  std::fflush(stdout);
  if (errors.Count == 0)
    return 2;
  if (errors.Text.find("memory") == std::string::npos)
    return 3;
  auto* out = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  if (out && (out->GetNumberOfCells() > 0 || out->GetNumberOfPoints() > 0))
    return 4;
  // The process goes on: the filter again (a new one: an image's update extent stays with the old
  // input) on a small input.
  errors = Errors();
  filter = c.Make();
  filter->AddObserver(vtkCommand::ErrorEvent, onError);
  filter->SetInputDataObject(small);
  filter->Update();
  out = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  if (errors.Count != 0 || !out || out->GetNumberOfCells() == 0)
    return 5;
  return 0;
}
} // namespace

TEST(MemoryLimit, AnOutputThatCannotFitIsAClearError)
{
  // 160^3 points: 4 million hexahedra (the tetrahedra alone need about 0.5 GB); 16^3 for the small run.
  vtkSmartPointer<vtkImageData> big = loomtest::Wavelet(80);
  vtkSmartPointer<vtkImageData> small = loomtest::Wavelet(8);
  for (const Case& c : Cases())
  {
    SCOPED_TRACE(c.Name);
    // Headroom for the run's bookkeeping but not its output (Gradient's 161^3 float gradients need 50 MB,
    // which 48 MiB held once the TBB worker had started before the cap: less; Clip's output, about 190 MB,
    // fits in 256 MiB since its grid passes need no sort: less; so does Threshold's, since the buffer pool
    // joins the blocks its passes give back into the larger ones it asks for next: less).
    const std::string name = c.Name;
    const long long headroom = name == "Gradient"        ? (long long)(24) << 20
      : name == "Clip" || name == "Threshold" ? (long long)(128) << 20
                                              : (long long)(256) << 20;
    std::fflush(stdout);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0)
      _exit(Child(c, big, small, headroom));
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "the child died (signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0)
                                   << ")";
    EXPECT_EQ(WEXITSTATUS(status), 0)
      << "2: the large run did not fail, 3: no clear error, 4: output not empty, 5: the next run failed, 6: no cap, "
         "7: std::terminate (its exception and stack above)";
  }
}
