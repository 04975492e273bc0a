// Loom algorithms, connectivity family: the union-find passes, written once for every device
// (Connectivity.cxx runs them on the CPU devices, ConnectivityCuda.cu on CUDA). Included by those two units.
//
// The nodes are the cells (0 to cells - 1) and then the points. Every node starts as its own root; a cell
// joins each of its points (Union), a root only ever hooked under a smaller root by a compare-and-exchange
// that succeeds only while it is still a root, so concurrent unions never lose a link and every component's
// root ends as its smallest node: its smallest cell id where it has a cell.
#pragma once

#include <loom/algorithms/CellsOnDevice.h>
#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/connectivity/Connectivity.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/exec/Atomic.h>

namespace loom
{
namespace algorithms
{
namespace connectivity
{
LOOM_UNIT_NAMESPACE_BEGIN
/// The root of node x (following parents; they only ever point to smaller nodes).
LOOM_EXEC inline Id Find(const Id* parent, Id x)
{
  for (Id p = loom::exec::AtomicLoad(parent + x); p != x; p = loom::exec::AtomicLoad(parent + x))
    x = p;
  return x;
}

/// Joins the sets of a and b: the larger root hooked under the smaller, retried where another thread
/// hooked it first.
LOOM_EXEC inline void Union(Id* parent, Id a, Id b)
{
  for (;;)
  {
    a = Find(parent, a);
    b = Find(parent, b);
    if (a == b)
      return;
    if (a > b)
    {
      const Id t = a;
      a = b;
      b = t;
    }
    if (loom::exec::AtomicCompareExchange(parent + b, b, a))
      return;
  }
}

/// One thread per cell: the cell joins each of its points.
struct JoinCells
{
  CellsOnDevice Cells;
  const UInt8* Skip;
  Id NumberOfCells;
  Id* Parent;
  LOOM_EXEC void operator()(Id cell) const
  {
    if (this->Skip && this->Skip[cell])
      return;
    Id begin;
    IdComponent count;
    this->Cells.Range(cell, begin, count);
    for (IdComponent k = 0; k < count; ++k)
      Union(this->Parent, cell, this->NumberOfCells + this->Cells.Corner(begin, k));
  }
};

/// One thread per node: its root, written as its parent; 1 where a kept cell is its component's root.
struct Flatten
{
  const UInt8* Skip;
  Id NumberOfCells;
  Id* Parent;
  Id* RootFlags;
  LOOM_EXEC void operator()(Id x) const
  {
    const Id root = Find(this->Parent, x);
    loom::exec::AtomicStore(this->Parent + x, root);
    if (x < this->NumberOfCells)
      this->RootFlags[x] = root == x && !(this->Skip && this->Skip[x]) ? 1 : 0;
  }
};

/// One thread per node: the region of a cell or point (-1: a skipped cell, an unused point).
struct Label
{
  const UInt8* Skip;
  const Id* Parent;
  const Id* RegionOfRoot;
  Id NumberOfCells;
  Id* CellRegions;
  Id* PointRegions;
  LOOM_EXEC void operator()(Id x) const
  {
    const Id root = this->Parent[x];
    if (x < this->NumberOfCells)
      this->CellRegions[x] = this->Skip && this->Skip[x] ? -1 : this->RegionOfRoot[root];
    else
      this->PointRegions[x - this->NumberOfCells] = root < this->NumberOfCells ? this->RegionOfRoot[root] : -1;
  }
};

/// The passes on device `Tag`.
template <typename Tag>
struct ComponentPasses : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::Read;
  using Pointers::Write;

  static Components Run(const CellSetAny& cells, const ComponentsOptions& options)
  {
    const Id n = NumberOfCells(cells), points = NumberOfPoints(cells), nodes = n + points;
    const UInt8* skip = options.SkipCells.GetNumberOfValues() > 0 ? Read(options.SkipCells) : nullptr;
    loom::cont::ArrayHandle<Id> parent, rootFlags, regionOfRoot;
    Algorithm::Copy(loom::cont::ArrayHandleIndex(nodes), parent); // every node its own root
    Id* p = Pointers::InPlace(parent);
    Pointers::RunBlocks(JoinCells{ CellsOnDeviceOf<Tag>(cells, false), skip, n, p }, n, 1);
    Algorithm::Schedule(Flatten{ skip, n, p, Write(rootFlags, n) }, nodes);
    Components out;
    out.Regions = Algorithm::ScanExclusive(rootFlags, regionOfRoot, Id(0));
    Algorithm::Schedule(Label{ skip, Read(parent), Read(regionOfRoot), n, Write(out.CellRegions, n),
                               Write(out.PointRegions, points) },
                        nodes);
    return out;
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace connectivity
} // namespace algorithms
} // namespace loom
