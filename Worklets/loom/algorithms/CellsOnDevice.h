// Loom algorithms: a cell set and its points on one device, for the passes written once for every device
// (scheduled as functors over raw pointers): explicit cells (32- or 64-bit offsets and connectivity) or a
// structured grid's, each cell's shape and its corners in VTK's order, any number of them; xyz points of
// either float kind.
#pragma once

#include <loom/CellShape.h>
#include <loom/algorithms/AnyPortal.h>
#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/DevicePasses.h>

#include <cmath>
#include <type_traits>
#include <variant>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
/// A cell set on a device: explicit (32- or 64-bit) or a structured grid's, with any number of corners.
struct CellsOnDevice
{
  int Kind = 0; ///< 0 explicit Int32, 1 explicit Int64, 2 structured
  const UInt8* Shapes = nullptr;
  const Int32* Offsets32 = nullptr;
  const Int32* Connectivity32 = nullptr;
  const Int64* Offsets64 = nullptr;
  const Int64* Connectivity64 = nullptr;
  Id Dims[3] = { 1, 1, 1 };
  int Dim = 3;
  UInt8 StructuredShape = CELL_SHAPE_HEXAHEDRON;

  LOOM_EXEC UInt8 Shape(Id cell) const { return this->Kind == 2 ? this->StructuredShape : this->Shapes[cell]; }
  /// Where the cell's corners start (explicit) or its first corner's point (structured), and how many.
  LOOM_EXEC void Range(Id cell, Id& begin, IdComponent& count) const
  {
    if (this->Kind == 0)
    {
      begin = this->Offsets32[cell];
      count = static_cast<IdComponent>(this->Offsets32[cell + 1] - begin);
    }
    else if (this->Kind == 1)
    {
      begin = this->Offsets64[cell];
      count = static_cast<IdComponent>(this->Offsets64[cell + 1] - begin);
    }
    else
    {
      const Id cx = this->Dims[0] - 1, cy = this->Dim >= 2 ? this->Dims[1] - 1 : 1;
      const Id i = cell % cx, j = (cell / cx) % cy, k = cell / (cx * cy);
      begin = i + this->Dims[0] * (j + this->Dims[1] * k);
      count = this->Dim == 3 ? 8 : this->Dim == 2 ? 4 : 2;
    }
  }
  /// The cell's shape and its first eight point ids (`c.N` the true count), for the locate family.
  template <typename Corners>
  LOOM_EXEC void Ids(Id cell, Corners& c) const
  {
    c.Shape = this->Shape(cell);
    Id begin;
    IdComponent count;
    this->Range(cell, begin, count);
    c.N = count;
    for (IdComponent k = 0; k < count && k < 8; ++k)
      c.Ids[k] = this->Corner(begin, k);
  }
  /// Corner `c` of a cell whose Range began at `begin`: VTK's order (hexahedron and quadrilateral corners
  /// counter-clockwise; a pixel's and voxel's corners x fastest, as the structured shape says).
  LOOM_EXEC Id Corner(Id begin, IdComponent c) const
  {
    if (this->Kind == 0)
      return this->Connectivity32[begin + c];
    if (this->Kind == 1)
      return this->Connectivity64[begin + c];
    const Id dx = this->Dims[0], dxy = this->Dims[0] * this->Dims[1];
    const bool axisOrder = this->StructuredShape == CELL_SHAPE_PIXEL || this->StructuredShape == CELL_SHAPE_VOXEL;
    const int q = c & 3;
    const Id i = q == 1 || q == 2 ? 1 : 0, j = q >= 2 ? 1 : 0;
    const Id di = axisOrder ? (q & 1) : i, dj = axisOrder ? (q >> 1) : j;
    return begin + di + dx * dj + (c >= 4 ? dxy : 0);
  }
};

/// The cells on device `Tag`; `axisAligned`: a structured grid's cells are pixels and voxels (images and
/// rectilinear grids), not quadrilaterals and hexahedra.
template <typename Tag>
CellsOnDevice CellsOnDeviceOf(const CellSetAny& cells, bool axisAligned)
{
  CellsOnDevice c;
  std::visit(
    [&](const auto& set) {
      using Set = std::decay_t<decltype(set)>;
      if constexpr (std::is_same<Set, loom::cont::CellSetExplicit<Int32, Int32>>::value)
      {
        c.Kind = 0;
        c.Shapes = ReadPointer<Tag>(set.GetShapes());
        c.Offsets32 = ReadPointer<Tag>(set.GetOffsets());
        c.Connectivity32 = ReadPointer<Tag>(set.GetConnectivity());
      }
      else if constexpr (std::is_same<Set, loom::cont::CellSetExplicit<Int64, Int64>>::value)
      {
        c.Kind = 1;
        c.Shapes = ReadPointer<Tag>(set.GetShapes());
        c.Offsets64 = ReadPointer<Tag>(set.GetOffsets());
        c.Connectivity64 = ReadPointer<Tag>(set.GetConnectivity());
      }
      else
      {
        c.Kind = 2;
        const auto dims = set.GetPointDimensions();
        for (int a = 0; a < Set::Dimension; ++a)
          c.Dims[a] = dims[a];
        c.Dim = Set::Dimension;
        c.StructuredShape = c.Dim == 3 ? (axisAligned ? CELL_SHAPE_VOXEL : CELL_SHAPE_HEXAHEDRON)
          : c.Dim == 2                 ? (axisAligned ? CELL_SHAPE_PIXEL : CELL_SHAPE_QUAD)
                                       : CELL_SHAPE_LINE;
      }
    },
    cells);
  return c;
}
/// xyz points, float32 or float64, on a device.
struct PointsOnDevice
{
  ComponentPortal<Float32> F32;
  ComponentPortal<Float64> F64;
  bool Double = true;
  LOOM_EXEC void Get(Id p, double* x) const
  {
    for (int j = 0; j < 3; ++j)
      x[j] = this->Double ? this->F64.Get(p, j) : static_cast<double>(this->F32.Get(p, j));
  }
  /// Points `ids[0, n)` into `x` and their bounding box (`lo`, `hi`; a NaN coordinate is left out of it): the
  /// kind chosen once, the box kept in registers.
  LOOM_EXEC void GetBox(const Id* ids, int n, double (*x)[3], double* lo, double* hi) const
  {
    if (this->Double)
      BoxOf(this->F64, ids, n, x, lo, hi);
    else
      BoxOf(this->F32, ids, n, x, lo, hi);
  }
  template <typename T>
  LOOM_EXEC static void BoxOf(const ComponentPortal<T>& p, const Id* ids, int n, double (*x)[3], double* lo, double* hi)
  {
    const T* px = p.Pointers[0];
    const T* py = p.Pointers[1];
    const T* pz = p.Pointers[2];
    const Id stride = p.Stride;
    double l0 = INFINITY, l1 = INFINITY, l2 = INFINITY, h0 = -INFINITY, h1 = -INFINITY, h2 = -INFINITY;
    for (int k = 0; k < n; ++k)
    {
      const Id at = ids[k] * stride;
      const double v0 = static_cast<double>(px[at]), v1 = static_cast<double>(py[at]), v2 = static_cast<double>(pz[at]);
      x[k][0] = v0;
      x[k][1] = v1;
      x[k][2] = v2;
      l0 = v0 < l0 ? v0 : l0;
      l1 = v1 < l1 ? v1 : l1;
      l2 = v2 < l2 ? v2 : l2;
      h0 = v0 > h0 ? v0 : h0;
      h1 = v1 > h1 ? v1 : h1;
      h2 = v2 > h2 ? v2 : h2;
    }
    lo[0] = l0;
    lo[1] = l1;
    lo[2] = l2;
    hi[0] = h0;
    hi[1] = h1;
    hi[2] = h2;
  }
};

/// The points on device `Tag`.
template <typename Tag>
PointsOnDevice PointsOnDeviceOf(const FieldArray& points)
{
  PointsOnDevice p;
  p.Double = points.GetKind() == ValueKind::Float64;
  if (p.Double)
    p.F64 = PortalOn<Tag, Float64>(points, false);
  else
    p.F32 = PortalOn<Tag, Float32>(points, false);
  return p;
}
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
