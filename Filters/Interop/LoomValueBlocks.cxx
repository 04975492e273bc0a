// Loom interop: the value blocks of VTK arrays that contours re-execute on (ContoursAPart, LoomInterop.h).
#include "LoomInterop.h"

#include <loom/algorithms/contour/ValueBlocks.h>

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkCellData.h>
#include <vtkPointData.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <list>
#include <mutex>
#include <unordered_map>

namespace loom
{
namespace interop
{
namespace
{
// What an array was when it was last asked for: another value in any of these is another array's memory.
struct Identity
{
  vtkMTimeType MTime = 0;
  const void* Memory = nullptr;
  vtkIdType Tuples = 0;
  int Type = 0;
  Id3 Dims{ 0, 0, 0 };
  bool operator==(const Identity& o) const
  {
    return MTime == o.MTime && Memory == o.Memory && Tuples == o.Tuples && Type == o.Type && Dims == o.Dims;
  }
};

struct Entry
{
  Identity Is;
  std::shared_ptr<const loom::algorithms::ValueBlocks> Blocks; // null: seen once
  unsigned long Observer = 0;                                  // of the array's deletion
  std::list<vtkDataArray*>::iterator Use;
};

// Arrays known, the most recently used first. Never destroyed: an array deleted at exit still tells it.
struct Cache
{
  std::mutex Lock;
  std::unordered_map<vtkDataArray*, Entry> Entries;
  std::list<vtkDataArray*> Uses;
  std::size_t Bytes = 0;
  std::size_t Limit = std::size_t(256) << 20;
  ValueBlocksStatistics Counts;
  static constexpr std::size_t MaxEntries = 1024;

  // Under the lock. The array lives (its deletion erases it first).
  void Drop(std::unordered_map<vtkDataArray*, Entry>::iterator at, bool observed)
  {
    if (at->second.Blocks)
      this->Bytes -= at->second.Blocks->Bytes();
    if (observed)
      at->first->RemoveObserver(at->second.Observer);
    this->Uses.erase(at->second.Use);
    this->Entries.erase(at);
  }
  void Bound()
  {
    while (!this->Uses.empty() && (this->Bytes > this->Limit || this->Entries.size() > MaxEntries))
    {
      this->Drop(this->Entries.find(this->Uses.back()), true);
      ++this->Counts.Evicted;
    }
  }
};
Cache& TheCache()
{
  static Cache* cache = new Cache;
  return *cache;
}

void ForgetDeleted(vtkObject* caller, unsigned long, void*, void*)
{
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.Lock);
  auto at = cache.Entries.find(static_cast<vtkDataArray*>(caller));
  if (at == cache.Entries.end())
    return;
  cache.Drop(at, false);
  ++cache.Counts.Forgotten;
}

// The array's blocks when it was asked for before, unchanged (made now on the second time); null the first
// time.
std::shared_ptr<const loom::algorithms::ValueBlocks> BlocksOf(vtkDataArray* array, const Id3& dims,
                                                              loom::cont::DeviceId device)
{
  Cache& cache = TheCache();
  // Not the dataset's MTime: ParaView's pipeline hands a filter a new shallow copy of its input at every
  // execution, around the same arrays. Values written into an array call for its Modified(), as VTK's own
  // cached ranges (vtkDataArray::GetRange) require.
  const Identity is{ array->GetMTime(), array->GetVoidPointer(0), array->GetNumberOfTuples(), array->GetDataType(),
                     dims };
  {
    std::lock_guard<std::mutex> lock(cache.Lock);
    auto at = cache.Entries.find(array);
    if (at != cache.Entries.end() && !(at->second.Is == is))
    {
      cache.Drop(at, true); // modified since: what it was is no use
      ++cache.Counts.Forgotten;
      at = cache.Entries.end();
    }
    if (at == cache.Entries.end())
    {
      // The first time: remembered, no blocks.
      vtkNew<vtkCallbackCommand> forget;
      forget->SetCallback(ForgetDeleted);
      Entry entry;
      entry.Is = is;
      entry.Observer = array->AddObserver(vtkCommand::DeleteEvent, forget);
      cache.Uses.push_front(array);
      entry.Use = cache.Uses.begin();
      cache.Entries.emplace(array, std::move(entry));
      cache.Bound();
      return nullptr;
    }
    cache.Uses.splice(cache.Uses.begin(), cache.Uses, at->second.Use);
    if (at->second.Blocks)
    {
      ++cache.Counts.Reused;
      return at->second.Blocks;
    }
  }
  // The second time: the blocks are made (outside the lock), then kept if the array is still as it was.
  auto blocks = std::make_shared<const loom::algorithms::ValueBlocks>(
    loom::algorithms::MakeValueBlocks(FieldFromVTK(array), dims, device));
  std::lock_guard<std::mutex> lock(cache.Lock);
  ++cache.Counts.Made;
  auto at = cache.Entries.find(array);
  if (at != cache.Entries.end() && at->second.Is == is && !at->second.Blocks)
  {
    at->second.Blocks = blocks;
    cache.Bytes += blocks->Bytes();
    cache.Bound();
  }
  return blocks;
}
} // namespace

namespace
{
// The value blocks of `array` on `grid` when a filter may read only a part of it (SubGridsAllowed, an image,
// rectilinear or structured grid, a one-component point (or with `onCells`, cell) array in standard memory, asked
// for unchanged before), with the grid's point `dims`; null otherwise.
std::shared_ptr<const loom::algorithms::ValueBlocks> PartBlocks(vtkDataSet* grid, vtkDataArray* array, bool onCells,
                                                                Id3& dims, loom::cont::DeviceId device)
{
  if (!SubGridsAllowed() || !array || array->GetNumberOfComponents() != 1 || !array->HasStandardMemoryLayout())
    return nullptr;
  if (!GridDimensions(grid, dims))
    return nullptr;
  vtkDataSetAttributes* attributes = onCells ? static_cast<vtkDataSetAttributes*>(grid->GetCellData())
                                             : static_cast<vtkDataSetAttributes*>(grid->GetPointData());
  // A cell array's blocks are over the grid of cells (max(d - 1, 1) along an axis of d points).
  Id3 valueDims = dims;
  if (onCells)
    for (int a = 0; a < 3; ++a)
      valueDims[a] = std::max<Id>(dims[a] - 1, 1);
  const Id values = valueDims[0] * valueDims[1] * valueDims[2];
  if (dims[0] * dims[1] * dims[2] < 2 || array->GetNumberOfTuples() != values ||
      attributes->GetArray(array->GetName()) != array)
    return nullptr;
  return BlocksOf(array, valueDims, device);
}
} // namespace

bool ContoursAPart(vtkDataSet* grid, vtkDataArray* array, const std::vector<double>& values,
                   loom::algorithms::GridExtent& extent, loom::cont::DeviceId device)
{
  Id3 dims;
  // A value that is not a number crosses nothing, as no comparison with it holds: the whole grid, as it is.
  if (std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); }))
    return false;
  const auto blocks = values.empty() ? nullptr : PartBlocks(grid, array, false, dims, device);
  if (!blocks)
    return false;
  loom::algorithms::ContourExtent(*blocks, values, extent);
  return 2 * extent.NumberOfPoints() <= dims[0] * dims[1] * dims[2];
}

bool ValuesReachAPart(vtkDataSet* grid, vtkDataArray* array, bool onCells,
                      const std::function<bool(double, double)>& holds, loom::algorithms::GridExtent& extent,
                      loom::cont::DeviceId device)
{
  // A block holding every value must hold for any criterion; one that does not (a bound that is not a number,
  // which the filter compares otherwise) is not trusted: the whole grid.
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (!holds(-inf, inf))
    return false;
  Id3 dims;
  const auto blocks = PartBlocks(grid, array, onCells, dims, device);
  if (!blocks)
    return false;
  loom::algorithms::BlocksExtent(*blocks, holds, 0, extent);
  if (onCells)
    for (int a = 0; a < 3; ++a) // the cells' extent as points: each cell's last point too
      extent.Last[a] = std::min<Id>(extent.Last[a] + 1, dims[a] - 1);
  return 2 * extent.NumberOfPoints() <= dims[0] * dims[1] * dims[2];
}

ValueBlocksStatistics GetValueBlocksStatistics()
{
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.Lock);
  ValueBlocksStatistics s = cache.Counts;
  s.Entries = cache.Entries.size();
  s.Bytes = cache.Bytes;
  return s;
}

void SetValueBlocksLimit(std::size_t bytes)
{
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.Lock);
  cache.Limit = bytes;
  cache.Bound();
}

std::size_t GetValueBlocksLimit()
{
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.Lock);
  return cache.Limit;
}

void ClearValueBlocks()
{
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.Lock);
  while (!cache.Entries.empty())
  {
    cache.Drop(cache.Entries.begin(), true);
    ++cache.Counts.Forgotten;
  }
}
} // namespace interop
} // namespace loom
