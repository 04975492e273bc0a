// Loom algorithms, threshold family: the worklets and the passes, for every device. Included by
// Threshold.cxx (CPU devices) and ThresholdCuda.cu (CUDA) only.
#pragma once

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterPermutation.h>
#include <loom/worklet/WorkletMapField.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

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

#ifndef LOOM_CUDA_TRANSLATION_UNIT
/// CPU path of TuplePasses for one component: a loop per block of tuples the compiler vectorises.
template <typename T>
void SelectedComponentFlags(const FieldArray& field, const Criterion& test, loom::cont::DeviceId device,
                            loom::cont::ArrayHandle<UInt8>& passes)
{
  const Id n = field.GetNumberOfTuples();
  passes.Allocate(n);
  UInt8* out = passes.GetPointer();
  const ComponentPortal<T> f = field.GetPortal<T>();
  const T* v = f.Pointers[test.Component];
  const Id stride = f.Stride;
  const double lo = test.Lower, hi = test.Upper;
  const auto method = test.Method;
  constexpr Id block = 1 << 14;
  HostForEach(device, (n + block - 1) / block, 1, block, [=](Id b) {
    const Id begin = b * block, end = begin + block < n ? begin + block : n;
    if (method == ThresholdOptions::Method::BelowLower)
      for (Id i = begin; i < end; ++i)
        out[i] = static_cast<double>(v[i * stride]) <= lo;
    else if (method == ThresholdOptions::Method::AboveUpper)
      for (Id i = begin; i < end; ++i)
        out[i] = static_cast<double>(v[i * stride]) >= hi;
    else
      for (Id i = begin; i < end; ++i)
      {
        const double x = static_cast<double>(v[i * stride]);
        out[i] = (x >= lo) & (x <= hi);
      }
  });
}

/// CPU path of MarkPoints on a 3D grid: a point is used when one of the (up to 8) cells around it is
/// kept; one row of points at a time, no atomics.
inline void UsedPointsFromCellRows(const loom::cont::CellSetStructured<3>& cells,
                                   const loom::cont::ArrayHandle<UInt8>& keep, loom::cont::DeviceId device,
                                   loom::cont::ArrayHandle<UInt8>& used)
{
  const Id3 d = cells.GetPointDimensions();
  const Id nx = d[0], ny = d[1], nz = d[2], cx = nx - 1, cy = ny - 1;
  used.Allocate(nx * ny * nz);
  UInt8* out = used.GetPointer();
  const UInt8* k = keep.ReadPortal().GetArray();
  HostForEach(device, ny * nz, 8, nx, [=](Id row) {
    const Id j = row % ny, z = row / ny;
    UInt8* o = out + row * nx;
    std::memset(o, 0, static_cast<std::size_t>(nx));
    for (Id dz = z - 1; dz <= z; ++dz)
      for (Id dy = j - 1; dy <= j; ++dy)
      {
        if (dz < 0 || dy < 0 || dz >= nz - 1 || dy >= cy)
          continue;
        const UInt8* c = k + (dy + dz * cy) * cx;
        o[0] |= c[0] != 0;
        for (Id i = 1; i < cx; ++i)
          o[i] |= (c[i - 1] | c[i]) != 0;
        o[cx] |= c[cx - 1] != 0;
      }
  });
}

/// CPU path of WriteCells for the kept cells of a 3D grid: ids computed from the cell's (i, j, k).
template <typename OutId>
void WriteStructuredCells(const loom::cont::CellSetStructured<3>& cells, const loom::cont::ArrayHandle<Id>& cellIds,
                          const loom::cont::ArrayHandle<OutId>& pointMap, bool voxels, loom::cont::DeviceId device,
                          loom::cont::ArrayHandle<OutId>& offsets, loom::cont::ArrayHandle<OutId>& connectivity,
                          loom::cont::ArrayHandle<UInt8>& shapes)
{
  const Id n = cellIds.GetNumberOfValues();
  const Id3 d = cells.GetPointDimensions();
  const Id nx = d[0], nxy = d[0] * d[1], cx = d[0] - 1, cxy = (d[0] - 1) * (d[1] - 1);
  offsets.Allocate(n + 1);
  connectivity.Allocate(8 * n);
  shapes.Allocate(n);
  OutId* off = offsets.GetPointer();
  OutId* conn = connectivity.GetPointer();
  const Id* ids = cellIds.ReadPortal().GetArray();
  const OutId* map = pointMap.ReadPortal().GetArray();
  const UInt8 shape = voxels ? UInt8(CELL_SHAPE_VOXEL) : UInt8(CELL_SHAPE_HEXAHEDRON);
  std::memset(shapes.GetPointer(), shape, static_cast<std::size_t>(n));
  // Voxel order is x fastest, then y, then z; hexahedron order goes around each face.
  const Id corner[2][8] = { { 0, 1, nx + 1, nx, nxy, nxy + 1, nxy + nx + 1, nxy + nx },
                            { 0, 1, nx, nx + 1, nxy, nxy + 1, nxy + nx, nxy + nx + 1 } };
  const Id* c = corner[voxels ? 1 : 0];
  constexpr Id block = 1 << 13;
  HostForEach(device, (n + block - 1) / block, 1, block, [=](Id b) {
    const Id begin = b * block, end = begin + block < n ? begin + block : n;
    for (Id o = begin; o < end; ++o)
    {
      const Id cell = ids[o], k = cell / cxy, rest = cell - k * cxy, j = rest / cx, i = rest - j * cx;
      const Id p = i + j * nx + k * nxy;
      OutId* out = conn + 8 * o;
      for (int q = 0; q < 8; ++q)
        out[q] = map[p + c[q]];
      off[o] = static_cast<OutId>(8 * o);
    }
  });
  off[n] = static_cast<OutId>(8 * n);
}

template <typename T>
constexpr bool IsExplicitSet = false;
template <typename O, typename C>
constexpr bool IsExplicitSet<loom::cont::CellSetExplicit<O, C>> = true;
constexpr Id ExplicitCellBlock = 1 << 13;

/// Zeroes a per-point flag array (in pieces, on the device's threads).
inline void ClearPointFlags(loom::cont::ArrayHandle<UInt8>& flags, Id points, loom::cont::DeviceId device)
{
  flags.Allocate(points);
  UInt8* u = flags.GetPointer();
  constexpr Id pointBlock = 1 << 20;
  HostForEach(device, (points + pointBlock - 1) / pointBlock, 1, pointBlock, [=](Id b) {
    const Id begin = b * pointBlock;
    std::memset(u + begin, 0, static_cast<std::size_t>(begin + pointBlock < points ? pointBlock : points - begin));
  });
}

/// CPU path of CellFromPointFlags on explicit cells: one loop per block of cells over the raw offsets
/// and connectivity (all or any of a cell's point flags, no early exit to mispredict). With `used`, the
/// points of the kept cells are flagged there too (relaxed byte stores), while the cell's ids are at hand.
template <typename O, typename C>
void CellFlagsFromPointIds(const loom::cont::CellSetExplicit<O, C>& cells, const loom::cont::ArrayHandle<UInt8>& passes,
                           bool all, bool invert, loom::cont::DeviceId device, loom::cont::ArrayHandle<UInt8>& keep,
                           loom::cont::ArrayHandle<UInt8>* used = nullptr)
{
  const Id n = cells.GetNumberOfCells();
  keep.Allocate(n);
  UInt8* out = keep.GetPointer();
  UInt8* u = nullptr;
  if (used)
  {
    ClearPointFlags(*used, cells.GetNumberOfPoints(), device);
    u = used->GetPointer();
  }
  const O* off = cells.GetOffsets().ReadPortal().GetArray();
  const C* conn = cells.GetConnectivity().ReadPortal().GetArray();
  const UInt8* f = passes.ReadPortal().GetArray();
  const UInt8 flip = invert ? 1 : 0;
  HostForEach(device, (n + ExplicitCellBlock - 1) / ExplicitCellBlock, 1, ExplicitCellBlock, [=](Id b) {
    const Id begin = b * ExplicitCellBlock, end = begin + ExplicitCellBlock < n ? begin + ExplicitCellBlock : n;
    for (Id c = begin; c < end; ++c)
    {
      const Id s = static_cast<Id>(off[c]), e = static_cast<Id>(off[c + 1]);
      UInt8 k = all ? 1 : 0;
      if (all)
        for (Id i = s; i < e; ++i)
          k &= f[conn[i]] != 0;
      else
        for (Id i = s; i < e; ++i)
          k |= f[conn[i]] != 0;
      out[c] = e > s ? UInt8(k ^ flip) : UInt8(0);
      if (u && out[c])
        for (Id i = s; i < e; ++i)
          __atomic_store_n(u + conn[i], UInt8(1), __ATOMIC_RELAXED);
    }
  });
}

/// CPU path of MarkPoints on explicit cells: the points of the kept cells flagged (relaxed byte
/// stores), one loop per block of cells.
template <typename O, typename C>
void UsedPointsFromCellIds(const loom::cont::CellSetExplicit<O, C>& cells, const loom::cont::ArrayHandle<UInt8>& keep,
                           loom::cont::DeviceId device, loom::cont::ArrayHandle<UInt8>& used)
{
  const Id n = cells.GetNumberOfCells();
  ClearPointFlags(used, cells.GetNumberOfPoints(), device);
  UInt8* u = used.GetPointer();
  const O* off = cells.GetOffsets().ReadPortal().GetArray();
  const C* conn = cells.GetConnectivity().ReadPortal().GetArray();
  const UInt8* k = keep.ReadPortal().GetArray();
  HostForEach(device, (n + ExplicitCellBlock - 1) / ExplicitCellBlock, 1, ExplicitCellBlock, [=](Id b) {
    const Id begin = b * ExplicitCellBlock, end = begin + ExplicitCellBlock < n ? begin + ExplicitCellBlock : n;
    for (Id c = begin; c < end; ++c)
      if (k[c])
        for (Id i = static_cast<Id>(off[c]), e = static_cast<Id>(off[c + 1]); i < e; ++i)
          __atomic_store_n(u + conn[i], UInt8(1), __ATOMIC_RELAXED);
  });
}

/// CPU path of CountCellPoints and WriteCells on explicit cells: per block of kept cells, their sizes
/// summed, then their shapes, offsets and renumbered ids written.
template <typename OutId, typename O, typename C>
void WriteExplicitCells(const loom::cont::CellSetExplicit<O, C>& cells, const loom::cont::ArrayHandle<Id>& cellIds,
                        const loom::cont::ArrayHandle<OutId>& pointMap, loom::cont::DeviceId device,
                        loom::cont::ArrayHandle<OutId>& offsets, loom::cont::ArrayHandle<OutId>& connectivity,
                        loom::cont::ArrayHandle<UInt8>& shapes)
{
  const Id n = cellIds.GetNumberOfValues();
  const Id blocks = (n + ExplicitCellBlock - 1) / ExplicitCellBlock;
  const O* off = cells.GetOffsets().ReadPortal().GetArray();
  const C* conn = cells.GetConnectivity().ReadPortal().GetArray();
  const UInt8* inShapes = cells.GetShapes().ReadPortal().GetArray();
  const Id* ids = cellIds.ReadPortal().GetArray();
  const OutId* map = pointMap.ReadPortal().GetArray();
  const std::vector<Id> start = BlockStarts(device, blocks, ExplicitCellBlock, [=](Id b) {
    const Id begin = b * ExplicitCellBlock, end = begin + ExplicitCellBlock < n ? begin + ExplicitCellBlock : n;
    Id size = 0;
    for (Id o = begin; o < end; ++o)
      size += static_cast<Id>(off[ids[o] + 1] - off[ids[o]]);
    return size;
  });
  const Id* st = start.data();
  offsets.Allocate(n + 1);
  connectivity.Allocate(st[blocks]);
  shapes.Allocate(n);
  OutId* outOff = offsets.GetPointer();
  OutId* outConn = connectivity.GetPointer();
  UInt8* outShapes = shapes.GetPointer();
  HostForEach(device, blocks, 1, ExplicitCellBlock, [=](Id b) {
    const Id begin = b * ExplicitCellBlock, end = begin + ExplicitCellBlock < n ? begin + ExplicitCellBlock : n;
    Id at = st[b];
    for (Id o = begin; o < end; ++o)
    {
      const Id c = ids[o];
      outShapes[o] = inShapes[c];
      outOff[o] = static_cast<OutId>(at);
      for (Id i = static_cast<Id>(off[c]), e = static_cast<Id>(off[c + 1]); i < e; ++i)
        outConn[at++] = map[conn[i]];
    }
  });
  outOff[n] = static_cast<OutId>(st[blocks]);
}

/// CPU path of CellFromPointFlags on a 3D grid, one row of cells at a time.
inline void CellFlagsFromPointRows(const loom::cont::CellSetStructured<3>& cells,
                                   const loom::cont::ArrayHandle<UInt8>& passes, bool all, bool invert,
                                   loom::cont::DeviceId device, loom::cont::ArrayHandle<UInt8>& keep)
{
  const Id3 d = cells.GetPointDimensions();
  const Id nx = d[0], ny = d[1], cx = d[0] - 1, cy = d[1] - 1, cz = d[2] - 1;
  keep.Allocate(cx * cy * cz);
  UInt8* out = keep.GetPointer();
  const UInt8* f = passes.ReadPortal().GetArray();
  const UInt8 flip = invert ? 1 : 0;
  HostForEach(device, cy * cz, 8, cx, [=](Id row) {
    const Id j = row % cy, k = row / cy;
    const UInt8* a = f + (j + k * ny) * nx;
    const UInt8* b = a + nx;
    const UInt8* c = a + nx * ny;
    const UInt8* e = c + nx;
    UInt8* o = out + row * cx;
    if (all)
      for (Id i = 0; i < cx; ++i)
        o[i] = static_cast<UInt8>((a[i] & b[i] & c[i] & e[i] & a[i + 1] & b[i + 1] & c[i + 1] & e[i + 1]) ^ flip);
    else
      for (Id i = 0; i < cx; ++i)
        o[i] = static_cast<UInt8>((a[i] | b[i] | c[i] | e[i] | a[i + 1] | b[i + 1] | c[i + 1] | e[i + 1]) ^ flip);
  });
}
#endif

/// Flags per cell from the criterion (see ThresholdCells).
template <typename CellSetType>
loom::cont::ArrayHandle<UInt8> RunThresholdCells(const CellSetType& cells, const FieldArray& field,
                                                 const ThresholdOptions& options, loom::cont::DeviceId device,
                                                 loom::cont::ArrayHandle<UInt8>* usedPoints = nullptr)
{
  (void)usedPoints;
  Criterion test;
  test.Lower = options.Lower;
  test.Upper = options.Upper;
  test.Method = options.Criterion;
  test.Mode = options.ComponentMode;
  // The component matters in the Selected mode only (the others look at every component).
  test.Component = options.ComponentMode != ThresholdOptions::Components::Selected ? 0
    : options.Component == field.GetNumberOfComponents() && field.GetNumberOfComponents() > 1 ? -1
                                                                                               : options.Component;
  const loom::cont::Invoker invoke(device);
  loom::cont::ArrayHandle<UInt8> keep;
  if (options.PointField && !options.AllScalars && options.UseContinuousCellRange)
  {
    // The range test reads values as doubles: integer kinds run on a float64 copy (one cell worklet for
    // two kinds instead of ten; the mode is rarely used).
    const FieldArray values = AsFloatingPoint(field, device);
    auto range = [&](auto zero) {
      using T = decltype(zero);
      CellFromPointRange<T> worklet;
      worklet.Test = test;
      worklet.Invert = options.Invert;
      invoke(worklet, cells, ComponentPortalObject<T>(values, ComponentPortalObject<T>::Access::In), keep);
    };
    CallWithFloat(values.GetKind(), range);
    return keep;
  }
  CallWithKind(field.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const ComponentPortalObject<T> values(field, ComponentPortalObject<T>::Access::In);
    loom::cont::ArrayHandle<UInt8> passes;
    TuplePasses<T> tuples;
    tuples.Test = test;
#ifndef LOOM_CUDA_TRANSLATION_UNIT
    if (test.Component >= 0 && (test.Mode == ThresholdOptions::Components::Selected ||
                                field.GetNumberOfComponents() == 1))
      SelectedComponentFlags<T>(field, test, device, passes); // CPU: one tight loop per block of tuples
    else
#endif
      invoke(tuples, loom::cont::ArrayHandleIndex(field.GetNumberOfTuples()), values, passes);
#ifndef LOOM_CUDA_TRANSLATION_UNIT
    if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<3>>::value)
    {
      // CPU devices, 3D grids: a cell's flag from the four point rows around its row of cells,
      // x-neighbours combined in a loop that vectorises (the flags are 0 or 1).
      if (options.PointField)
      {
        CellFlagsFromPointRows(cells, passes, options.AllScalars, options.Invert, device, keep);
        return;
      }
    }
#endif
#ifndef LOOM_CUDA_TRANSLATION_UNIT
    if constexpr (IsExplicitSet<CellSetType>)
    {
      if (options.PointField)
      {
        CellFlagsFromPointIds(cells, passes, options.AllScalars, options.Invert, device, keep, usedPoints);
        return;
      }
    }
#endif
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

/// The kept cells' layout (see ExtractCells), offsets and ids of type OutId (the point map's type too).
template <typename OutId, typename CellSetType>
void WriteSubset(const CellSetType& cells, const loom::worklet::ScatterPermutation& kept,
                 const loom::cont::ArrayHandle<OutId>& pointMap, StructuredCellKind kind, loom::cont::DeviceId device,
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
#ifndef LOOM_CUDA_TRANSLATION_UNIT
  if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<3>>::value)
  {
    WriteStructuredCells(cells, subset.CellIds, pointMap, kind == StructuredCellKind::Voxel, device, offsets,
                         connectivity, subset.Shapes);
    return;
  }
#endif
#ifndef LOOM_CUDA_TRANSLATION_UNIT
  if constexpr (IsExplicitSet<CellSetType>)
  {
    (void)kind;
    (void)kept;
    (void)invoke;
    WriteExplicitCells(cells, subset.CellIds, pointMap, device, offsets, connectivity, subset.Shapes);
    return;
  }
#endif
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
                           StructuredCellKind kind, loom::cont::DeviceId device,
                           const loom::cont::ArrayHandle<UInt8>& usedPoints = loom::cont::ArrayHandle<UInt8>())
{
  CellSubset subset;
  const Id numberOfCells = cells.GetNumberOfCells(), numberOfPoints = cells.GetNumberOfPoints();
  loom::cont::Algorithm::CopyIf(device, loom::cont::ArrayHandleIndex(numberOfCells), keep, subset.CellIds);
  // Points used by a kept cell, numbered in input order (given by the flag pass, or marked here).
  loom::cont::ArrayHandle<UInt8> used = usedPoints;
  bool marked = numberOfPoints > 0 && used.GetNumberOfValues() == numberOfPoints;
  if (!marked)
    used = loom::cont::ArrayHandle<UInt8>();
#ifndef LOOM_CUDA_TRANSLATION_UNIT
  if constexpr (std::is_same<CellSetType, loom::cont::CellSetStructured<3>>::value)
  {
    if (!marked)
      UsedPointsFromCellRows(cells, keep, device, used);
    marked = true;
  }
  if constexpr (IsExplicitSet<CellSetType>)
  {
    if (!marked)
      UsedPointsFromCellIds(cells, keep, device, used);
    marked = true;
  }
#endif
  if (!marked)
  {
    loom::cont::Algorithm::Copy(device, loom::cont::ArrayHandleConstant<UInt8>(0, numberOfPoints), used);
    const loom::cont::Invoker invoke(device);
    if (subset.CellIds.GetNumberOfValues() > 0)
      invoke(MarkPoints{}, loom::worklet::MaskSelect(keep, device), cells, used);
  }
  const loom::worklet::ScatterPermutation kept(subset.CellIds);
  Id size = 0;
  if constexpr (IsStructuredSet<CellSetType>)
    size = numberOfCells << CellSetType::Dimension;
  else
    size = cells.GetConnectivity().GetNumberOfValues();
  subset.Is64Bit = size > std::numeric_limits<Int32>::max() || numberOfPoints > std::numeric_limits<Int32>::max();
  // The map from input to output point ids has the output ids' width (half the memory for 32-bit ids:
  // with every input point, it is the largest temporary here); the kept points' ids are listed once the
  // map is gone.
  auto write = [&](auto zero, auto& offsets, auto& connectivity) {
    using OutId = decltype(zero);
    loom::cont::ArrayHandle<OutId> pointMap;
    loom::cont::Algorithm::ScanExclusive(device, used, pointMap, OutId(0));
    WriteSubset<OutId>(cells, kept, pointMap, kind, device, offsets, connectivity, subset);
    pointMap = loom::cont::ArrayHandle<OutId>();
    loom::cont::Algorithm::CopyIf(device, loom::cont::ArrayHandleIndex(numberOfPoints), used, subset.PointIds);
  };
  if (subset.Is64Bit)
    write(Int64(0), subset.Offsets64, subset.Connectivity64);
  else
    write(Int32(0), subset.Offsets32, subset.Connectivity32);
  return subset;
}
LOOM_UNIT_NAMESPACE_END
} // namespace threshold
} // namespace algorithms
} // namespace loom
