// Loom algorithms: tetrahedralize, cell data copied from each input cell to its children (every value
// kind instantiated here).
#include <loom/algorithms/tetrahedralize/TetrahedralizeImpl.h>
#include <loom/worklet/WorkletMapField.h>

namespace loom
{
namespace algorithms
{
namespace
{
/// Where the children of each input cell are: [Begin(c), Begin(c + 1)).
struct ChildRanges : loom::cont::ExecutionObjectBase
{
  Id PerCell = 0;
  const Id* Offsets = nullptr;
  LOOM_EXEC Id Begin(Id cell) const { return this->Offsets ? this->Offsets[cell] : cell * this->PerCell; }
  template <typename Device>
  ChildRanges PrepareForExecution(Device) const
  {
    return *this;
  }
};

/// Once per input cell: its tuple written to each of its children.
template <typename T>
struct CopyToChildren : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn cell, ExecObject ranges, ExecObject in, ExecObject out);
  using ExecutionSignature = void(_1, _2, _3, _4);
  LOOM_EXEC void operator()(Id cell, const ChildRanges& ranges, const ComponentPortal<T>& in,
                            const ComponentPortal<T>& out) const
  {
    const Id end = ranges.Begin(cell + 1);
    for (Id child = ranges.Begin(cell); child < end; ++child)
      for (IdComponent c = 0; c < in.NumberOfComponents; ++c)
        out.Set(child, c, in.Get(cell, c));
  }
};
} // namespace

FieldArray GatherToChildren(const SimplexCells& cells, Id numberOfInputCells, const FieldArray& cellField,
                            loom::cont::DeviceId device)
{
  if (cellField.GetNumberOfTuples() != numberOfInputCells)
    throw loom::cont::ErrorBadValue("the cell field has " + std::to_string(cellField.GetNumberOfTuples()) +
                                    " tuples but the dataset has " + std::to_string(numberOfInputCells) + " cells.");
  if (cells.ChildrenPerCell == 0 && cells.ChildOffsets.GetNumberOfValues() != numberOfInputCells + 1)
    throw loom::cont::ErrorBadValue("the children offsets have " +
                                    std::to_string(cells.ChildOffsets.GetNumberOfValues()) + " entries for " +
                                    std::to_string(numberOfInputCells) + " cells.");
  FieldArray out = FieldArray::Allocate(cellField.GetKind(), cells.NumberOfCells, cellField.GetNumberOfComponents());
  ChildRanges ranges;
  ranges.PerCell = cells.ChildrenPerCell;
  ranges.Offsets = cells.ChildrenPerCell > 0 ? nullptr : cells.ChildOffsets.GetPointer();
  CallWithKind(cellField.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    ComponentPortalObject<T> in, o;
    in.Portal = cellField.GetPortal<T>();
    o.Portal = out.GetPortal<T>();
    loom::cont::Invoker{ device }(CopyToChildren<T>{}, loom::cont::ArrayHandleIndex(numberOfInputCells), ranges, in, o);
  });
  return out;
}
} // namespace algorithms
} // namespace loom
