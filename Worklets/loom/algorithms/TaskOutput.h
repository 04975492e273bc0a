// Loom algorithms: many independent iterative tasks, each writing a number of records it learns only as it
// runs (a particle's steps, a ray's hits), gathered in task order. Used by the advect family; any family whose
// work items loop until a condition and emit as they go can use it.
#pragma once

#include <loom/algorithms/DevicePasses.h>

#include <cstring>
#include <vector>

namespace loom
{
namespace algorithms
{
/// The records of every task, in task order: task t's are Records[Offsets[t], Offsets[t + 1]).
template <typename Record>
struct TaskRecords
{
  loom::cont::ArrayHandle<Id> Offsets; ///< tasks + 1
  loom::cont::ArrayHandle<Record> Records;
};

LOOM_UNIT_NAMESPACE_BEGIN
namespace tasks
{
template <typename Record>
struct CountEmit
{
  Id N = 0;
  LOOM_EXEC void operator()(const Record&) { ++this->N; }
};
template <typename Record>
struct WriteEmit
{
  Record* To;
  LOOM_EXEC void operator()(const Record& r) { *this->To++ = r; }
};
template <typename Task, typename Record>
struct CountPass
{
  Task Run;
  Id* Counts;
  LOOM_EXEC void operator()(Id t) const
  {
    CountEmit<Record> emit;
    this->Run(t, emit);
    this->Counts[t] = emit.N;
  }
};
template <typename Task, typename Record>
struct WritePass
{
  Task Run;
  const Id* Offsets;
  Record* Out;
  LOOM_EXEC void operator()(Id t) const
  {
    WriteEmit<Record> emit{ this->Out + this->Offsets[t] };
    this->Run(t, emit);
  }
};
struct CloseOffsets
{
  const Id* Starts;
  Id Tasks, Total;
  Id* Out;
  LOOM_EXEC void operator()(Id t) const { this->Out[t] = t < this->Tasks ? this->Starts[t] : this->Total; }
};
} // namespace tasks
LOOM_UNIT_NAMESPACE_END

/// Runs `task(t, emit)` for every t in [0, n) on device `Tag`; a task calls `emit(record)` for each record it
/// makes (its task functor: `template <typename Emit> LOOM_EXEC void operator()(Id t, Emit& emit) const`). The
/// records come back in task order whatever the schedule.
///
/// CPU devices run every task once: a block of `block` tasks appends to its own growing buffer (progress and
/// abort per block), then the blocks' buffers are copied into place once every count is known. CUDA, where a
/// thread cannot grow a buffer, runs every task twice: a count run, a scan, and a write run (a task must make
/// the same records both times: a deterministic function of t). `weight`: the loop elements a task stands for
/// (progress and abort count them).
template <typename Tag, typename Record, typename Task>
TaskRecords<Record> RunTasks(const Task& task, Id n, Id block = 16, Id weight = 1)
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  TaskRecords<Record> out;
  if constexpr (Tag::IsHost)
  {
    const Id blocks = n > 0 ? (n + block - 1) / block : 0;
    std::vector<std::vector<Record>> buffers(static_cast<std::size_t>(blocks));
    std::vector<Id> counts(static_cast<std::size_t>(n) + 1, 0);
    auto run = [&](Id b) {
      std::vector<Record>& buffer = buffers[static_cast<std::size_t>(b)];
      auto emit = [&buffer](const Record& r) { buffer.push_back(r); };
      for (Id t = b * block; t < n && t < (b + 1) * block; ++t)
      {
        const std::size_t before = buffer.size();
        task(t, emit);
        counts[static_cast<std::size_t>(t)] = static_cast<Id>(buffer.size() - before);
      }
    };
    DevicePointersOn<Tag>::RunBlocks(run, blocks, block * weight);
    Id* offsets = WritePointer<Tag>(out.Offsets, n + 1);
    Id total = 0;
    for (Id t = 0; t < n; ++t)
    {
      offsets[t] = total;
      total += counts[static_cast<std::size_t>(t)];
    }
    offsets[n] = total;
    Record* records = WritePointer<Tag>(out.Records, total);
    auto copy = [&](Id b) {
      const std::vector<Record>& buffer = buffers[static_cast<std::size_t>(b)];
      if (!buffer.empty())
        std::memcpy(records + offsets[b * block], buffer.data(), buffer.size() * sizeof(Record));
      std::vector<Record>().swap(buffers[static_cast<std::size_t>(b)]);
    };
    DevicePointersOn<Tag>::RunBlocks(copy, blocks, 1);
  }
  else
  {
    (void)weight;
    loom::cont::ArrayHandle<Id> counts, starts;
    Algorithm::Schedule(tasks::CountPass<Task, Record>{ task, WritePointer<Tag>(counts, n) }, n);
    const Id total = Algorithm::ScanExclusive(counts, starts, Id(0));
    Algorithm::Schedule(tasks::CloseOffsets{ ReadPointer<Tag>(starts), n, total, WritePointer<Tag>(out.Offsets, n + 1) }, n + 1);
    Algorithm::Schedule(
      tasks::WritePass<Task, Record>{ task, ReadPointer<Tag>(out.Offsets), WritePointer<Tag>(out.Records, total) }, n);
  }
  return out;
}
} // namespace algorithms
} // namespace loom
