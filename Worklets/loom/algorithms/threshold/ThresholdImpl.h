// Loom algorithms, threshold family: the worklets and the passes, for every device. Included by
// Threshold.cxx (CPU devices) and ThresholdCuda.cu (CUDA) only.
#pragma once

#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterPermutation.h>
#include <loom/worklet/WorkletMapField.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <cmath>
#include <limits>
#include <string>

namespace loom
{
namespace algorithms
{
namespace threshold
{
LOOM_UNIT_NAMESPACE_BEGIN
/// The criterion as worklets read it. Component -1 is the magnitude.
struct Criterion
{
  double Lower = 0.0, Upper = 1.0;
  ThresholdOptions::Method Method = ThresholdOptions::Method::Between;
  ThresholdOptions::Components Mode = ThresholdOptions::Components::Selected;
  IdComponent Component = 0;

  LOOM_EXEC bool Passes(double s) const
  {
    switch (this->Method)
    {
      case ThresholdOptions::Method::BelowLower: return s <= this->Lower;
      case ThresholdOptions::Method::AboveUpper: return s >= this->Upper;
      default: return s >= this->Lower && s <= this->Upper;
    }
  }
  /// The range test of vtkThreshold's continuous cell range.
  LOOM_EXEC bool Meets(double low, double high) const { return !(this->Lower > high || this->Upper < low); }

  template <typename T>
  LOOM_EXEC static double Value(const ComponentPortal<T>& f, Id t, IdComponent c)
  {
    if (c >= 0)
      return static_cast<double>(f.Get(t, c));
    double sum = 0.0;
    for (IdComponent k = 0; k < f.NumberOfComponents; ++k)
    {
      const double v = static_cast<double>(f.Get(t, k));
      sum += v * v;
    }
    return std::sqrt(sum);
  }
  /// The components the mode looks at: [first, last).
  template <typename T>
  LOOM_EXEC void Components(const ComponentPortal<T>& f, IdComponent& first, IdComponent& last) const
  {
    if (this->Mode == ThresholdOptions::Components::Selected)
    {
      first = this->Component;
      last = this->Component + 1;
    }
    else
    {
      first = 0;
      last = f.NumberOfComponents;
    }
  }
  /// Whether tuple t passes: the selected component, or all / any of them.
  template <typename T>
  LOOM_EXEC bool TuplePasses(const ComponentPortal<T>& f, Id t) const
  {
    IdComponent first, last;
    this->Components(f, first, last);
    const bool any = this->Mode == ThresholdOptions::Components::Any;
    for (IdComponent c = first; c < last; ++c)
      if (this->Passes(Value(f, t, c)) == any)
        return any;
    return !any;
  }
};

/// One flag per tuple: whether it passes.
template <typename T>
struct TuplePasses : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn index, ExecObject field, FieldOut passes);
  using ExecutionSignature = _3(_1, _2);
  Criterion Test;
  LOOM_EXEC UInt8 operator()(Id t, const ComponentPortal<T>& field) const
  {
    return this->Test.TuplePasses(field, t) ? 1 : 0;
  }
};

/// Cells from their points' flags: all (or any) of the points pass; empty cells never kept.
struct CellFromPointFlags : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInPoint passes, FieldOutCell keep);
  using ExecutionSignature = _3(PointCount, _2);
  bool All = true;
  bool Invert = false;
  template <typename Flags>
  LOOM_EXEC UInt8 operator()(IdComponent n, const Flags& passes) const
  {
    if (n == 0)
      return 0;
    bool keep = this->All;
    for (IdComponent k = 0; k < n; ++k)
      if ((passes[k] != 0) != this->All)
      {
        keep = !this->All;
        break;
      }
    return keep != this->Invert ? 1 : 0;
  }
};

/// Cells from their own value.
struct CellFromCellFlags : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInCell passes, FieldOutCell keep);
  using ExecutionSignature = _3(PointCount, _2);
  bool Invert = false;
  LOOM_EXEC UInt8 operator()(IdComponent n, UInt8 passes) const
  {
    return n > 0 && ((passes != 0) != this->Invert) ? 1 : 0;
  }
};

/// Cells whose points' range of values (per component) meets [Lower, Upper]; NaN values are left out.
template <typename T>
struct CellFromPointRange : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, ExecObject field, FieldOutCell keep);
  using ExecutionSignature = _3(PointIndices, _2);
  Criterion Test;
  bool Invert = false;
  template <typename Ids>
  LOOM_EXEC UInt8 operator()(const Ids& ids, const ComponentPortal<T>& field) const
  {
    const IdComponent n = ids.GetNumberOfComponents();
    if (n == 0)
      return 0;
    IdComponent first, last;
    this->Test.Components(field, first, last);
    const bool any = this->Test.Mode != ThresholdOptions::Components::All;
    bool keep = !any;
    for (IdComponent c = first; c < last; ++c)
    {
      double low = std::numeric_limits<double>::infinity(), high = -low;
      for (IdComponent k = 0; k < n; ++k)
      {
        const double v = Criterion::Value(field, static_cast<Id>(ids[k]), c);
        low = v < low ? v : low;
        high = v > high ? v : high;
      }
      if (this->Test.Meets(low, high) == any)
      {
        keep = any;
        break;
      }
    }
    return keep != this->Invert ? 1 : 0;
  }
};

/// Marks the points of the kept cells (run under MaskSelect: only kept cells are visited). Several
/// cells mark a point with the same value: relaxed atomic stores on CPU threads.
struct MarkPoints : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, WholeArrayOut used);
  using ExecutionSignature = void(PointIndices, _2);
  using MaskType = loom::worklet::MaskSelect;
  template <typename Ids, typename Portal>
  LOOM_EXEC void operator()(const Ids& ids, const Portal& used) const
  {
    UInt8* flags = used.GetArray();
    for (IdComponent k = 0; k < ids.GetNumberOfComponents(); ++k)
    {
#ifdef __CUDA_ARCH__
      flags[ids[k]] = 1;
#else
      __atomic_store_n(flags + ids[k], UInt8(1), __ATOMIC_RELAXED);
#endif
    }
  }
};

/// Points per kept cell (ScatterPermutation over the kept cells).
struct CountCellPoints : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldOutCell count);
  using ExecutionSignature = _2(PointCount);
  using ScatterType = loom::worklet::ScatterPermutation;
  LOOM_EXEC Id operator()(IdComponent n) const { return n; }
};

/// The kept cells written with the new point ids (ScatterPermutation over the kept cells): the shape,
/// the ids from begins[o] on, and the end offset at o + 1 (and offset 0 by the first cell).
/// Structured cells become voxels/pixels when asked.
template <typename OutId>
struct WriteCells : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, WholeArrayIn pointMap, WholeArrayIn begins, FieldOutCell shape,
                                WholeArrayOut offsets, WholeArrayOut connectivity);
  using ExecutionSignature = void(CellShape, PointIndices, OutputIndex, _2, _3, _4, _5, _6);
  using ScatterType = loom::worklet::ScatterPermutation;
  bool AsVoxels = false;
  template <typename Ids, typename MapPortal, typename BeginPortal, typename OffsetPortal, typename ConnPortal>
  LOOM_EXEC void operator()(UInt8 inShape, const Ids& ids, Id o, const MapPortal& map, const BeginPortal& begins,
                            UInt8& shape, const OffsetPortal& offsets, const ConnPortal& connectivity) const
  {
    const IdComponent n = ids.GetNumberOfComponents();
    const Id begin = static_cast<Id>(begins.Get(o));
    if (o == 0)
      offsets.Set(0, OutId(0));
    offsets.Set(o + 1, static_cast<OutId>(begin + n));
    shape = inShape;
    if (this->AsVoxels && (n == 8 || n == 4))
    {
      // Hexahedron order (around the bottom face) to voxel order (x fastest, then y, then z).
      shape = n == 8 ? UInt8(CELL_SHAPE_VOXEL) : UInt8(CELL_SHAPE_PIXEL);
      constexpr IdComponent voxel[8] = { 0, 1, 3, 2, 4, 5, 7, 6 };
      for (IdComponent k = 0; k < n; ++k)
        connectivity.Set(begin + k, static_cast<OutId>(map.Get(static_cast<Id>(ids[voxel[k]]))));
      return;
    }
    for (IdComponent k = 0; k < n; ++k)
      connectivity.Set(begin + k, static_cast<OutId>(map.Get(static_cast<Id>(ids[k]))));
  }
};

/// Flags per cell from the criterion (see ThresholdCells).
template <typename CellSetType>
loom::cont::ArrayHandle<UInt8> RunThresholdCells(const CellSetType& cells, const FieldArray& field,
                                                 const ThresholdOptions& options, loom::cont::DeviceId device)
{
  Criterion test;
  test.Lower = options.Lower;
  test.Upper = options.Upper;
  test.Method = options.Criterion;
  test.Mode = options.ComponentMode;
  test.Component = options.Component == field.GetNumberOfComponents() && field.GetNumberOfComponents() > 1
                     ? -1
                     : options.Component;
  const loom::cont::Invoker invoke(device);
  loom::cont::ArrayHandle<UInt8> keep;
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortalObject<T> values(field, ComponentPortalObject<T>::Access::In);
    if (options.PointField && !options.AllScalars && options.UseContinuousCellRange)
    {
      CellFromPointRange<T> worklet;
      worklet.Test = test;
      worklet.Invert = options.Invert;
      invoke(worklet, cells, values, keep);
      return;
    }
    loom::cont::ArrayHandle<UInt8> passes;
    TuplePasses<T> tuples;
    tuples.Test = test;
    invoke(tuples, loom::cont::ArrayHandleIndex(field.GetNumberOfTuples()), values, passes);
    if (options.PointField)
    {
      CellFromPointFlags worklet;
      worklet.All = options.AllScalars;
      worklet.Invert = options.Invert;
      invoke(worklet, cells, passes, keep);
    }
    else
    {
      CellFromCellFlags worklet;
      worklet.Invert = options.Invert;
      invoke(worklet, cells, passes, keep);
    }
  });
  return keep;
}

template <typename T>
constexpr bool IsStructuredSet = false;
template <IdComponent Dim>
constexpr bool IsStructuredSet<loom::cont::CellSetStructured<Dim>> = true;

/// The kept cells' layout (see ExtractCells), offsets and ids of type OutId.
template <typename OutId, typename CellSetType>
void WriteSubset(const CellSetType& cells, const loom::worklet::ScatterPermutation& kept,
                 const loom::cont::ArrayHandle<Id>& pointMap, StructuredCellKind kind, loom::cont::DeviceId device,
                 loom::cont::ArrayHandle<OutId>& offsets, loom::cont::ArrayHandle<OutId>& connectivity,
                 CellSubset& subset)
{
  const Id n = subset.CellIds.GetNumberOfValues();
  offsets.Allocate(n + 1);
  if (n == 0)
  {
    offsets.GetPointer()[0] = 0;
    connectivity.Allocate(0);
    subset.Shapes.Allocate(0);
    return;
  }
  const loom::cont::Invoker invoke(device);
  WriteCells<OutId> writer;
  if constexpr (IsStructuredSet<CellSetType>)
  {
    const Id size = Id(1) << CellSetType::Dimension;
    writer.AsVoxels = kind == StructuredCellKind::Voxel;
    connectivity.Allocate(n * size);
    invoke(writer, kept, cells, pointMap, loom::cont::ArrayHandleCounting<Id>(0, size, n), subset.Shapes, offsets,
           connectivity);
  }
  else
  {
    (void)kind;
    loom::cont::ArrayHandle<Id> counts, begins;
    invoke(CountCellPoints{}, kept, cells, counts);
    const Id total = loom::cont::Algorithm::ScanExclusive(device, counts, begins, Id(0));
    connectivity.Allocate(total);
    invoke(writer, kept, cells, pointMap, begins, subset.Shapes, offsets, connectivity);
  }
}

template <typename CellSetType>
CellSubset RunExtractCells(const CellSetType& cells, const loom::cont::ArrayHandle<UInt8>& keep,
                           StructuredCellKind kind, loom::cont::DeviceId device)
{
  CellSubset subset;
  const Id numberOfCells = cells.GetNumberOfCells(), numberOfPoints = cells.GetNumberOfPoints();
  loom::cont::Algorithm::CopyIf(device, loom::cont::ArrayHandleIndex(numberOfCells), keep, subset.CellIds);
  // Points used by a kept cell, numbered in input order.
  loom::cont::ArrayHandle<UInt8> used;
  loom::cont::Algorithm::Copy(device, loom::cont::ArrayHandleConstant<UInt8>(0, numberOfPoints), used);
  const loom::cont::Invoker invoke(device);
  if (subset.CellIds.GetNumberOfValues() > 0)
    invoke(MarkPoints{}, loom::worklet::MaskSelect(keep, device), cells, used);
  loom::cont::ArrayHandle<Id> pointMap;
  loom::cont::Algorithm::ScanExclusive(device, used, pointMap, Id(0));
  loom::cont::Algorithm::CopyIf(device, loom::cont::ArrayHandleIndex(numberOfPoints), used, subset.PointIds);

  const loom::worklet::ScatterPermutation kept(subset.CellIds);
  Id size = 0;
  if constexpr (IsStructuredSet<CellSetType>)
    size = numberOfCells << CellSetType::Dimension;
  else
    size = cells.GetConnectivity().GetNumberOfValues();
  subset.Is64Bit = size > std::numeric_limits<Int32>::max() || numberOfPoints > std::numeric_limits<Int32>::max();
  if (subset.Is64Bit)
    WriteSubset<Int64>(cells, kept, pointMap, kind, device, subset.Offsets64, subset.Connectivity64, subset);
  else
    WriteSubset<Int32>(cells, kept, pointMap, kind, device, subset.Offsets32, subset.Connectivity32, subset);
  return subset;
}
LOOM_UNIT_NAMESPACE_END
} // namespace threshold
} // namespace algorithms
} // namespace loom
