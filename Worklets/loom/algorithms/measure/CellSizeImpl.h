// Loom algorithms, measure family: the cell-size worklet and its run, shared by the CPU devices
// (CellSize.cxx) and CUDA (CellSizeCuda.cu). Included by those two units only.
#pragma once

#include <loom/algorithms/measure/CellSize.h>
#include <loom/algorithms/measure/Pieces.h>
#include <loom/CellShape.h>
#include <loom/Math.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapTopology.h>

namespace loom
{
namespace algorithms
{
namespace measure
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Where each asked-for dimension's sizes go (null where not asked for).
struct SizePortals
{
  Float64* Size[4] = { nullptr, nullptr, nullptr, nullptr };
};
struct SizeOutputsObject : loom::cont::ExecutionObjectBase
{
  const CellSizes* Sizes = nullptr;
  template <typename Device>
  SizePortals PrepareForExecution(Device device) const
  {
    using Object = ComponentPortalObject<Float64>;
    SizePortals p;
    for (int d = 0; d < 4; ++d)
      if (this->Sizes->Size[d].GetNumberOfComponents() > 0 && this->Sizes->Size[d].GetNumberOfTuples() > 0)
        p.Size[d] = Object(this->Sizes->Size[d], Object::Access::Out).PrepareForExecution(device).Pointers[0];
    return p;
  }
};

/// The size of one cell and its dimension (-1: none, as VTK's empty cell), VTK's rules (see CellSize.h).
template <typename P>
struct SizeWorklet : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, ExecObject points, ExecObject sizes);
  using ExecutionSignature = void(CellShape, PointIndices, _2, _3, InputIndex);
  bool AxisAligned = false;

  using V3 = Vec<double, 3>;
  template <typename Ids>
  LOOM_EXEC static V3 At(const ComponentPortal<P>& points, const Ids& ids, IdComponent k)
  {
    const Id p = static_cast<Id>(ids[k]);
    return V3(static_cast<double>(points.Get(p, 0)), static_cast<double>(points.Get(p, 1)),
              static_cast<double>(points.Get(p, 2)));
  }
  LOOM_EXEC static double Area(const V3& a, const V3& b, const V3& c) { return 0.5 * Magnitude(Cross(b - a, c - a)); }
  LOOM_EXEC static double Volume(const V3& a, const V3& b, const V3& c, const V3& d)
  {
    return Dot(Cross(b - a, c - a), d - a) / 6.0;
  }
  // The signed volumes of the tetrahedra VTK cuts the cell (a hexahedron, wedge or pyramid) into.
  template <typename Ids>
  LOOM_EXEC static double Split(const ComponentPortal<P>& x, const Ids& ids, UInt8 shape, bool pyramidAlong02)
  {
    double sum = 0.0;
    int c[4];
    for (int t = 0; t < TetrahedronCount(shape); ++t)
    {
      TetrahedronCorners(shape, t, pyramidAlong02, c);
      sum += Volume(At(x, ids, c[0]), At(x, ids, c[1]), At(x, ids, c[2]), At(x, ids, c[3]));
    }
    return sum;
  }
  // Verdict's quadrilateral area: the corner normals projected on the unit normal of the diagonals' frame.
  LOOM_EXEC static double QuadArea(const V3 (&q)[4])
  {
    const V3 n = Normal(Cross((q[1] + q[2]) - (q[0] + q[3]), (q[2] + q[3]) - (q[0] + q[1])));
    double sum = 0.0;
    for (int k = 0; k < 4; ++k)
      sum += Dot(n, Cross(q[k] - q[(k + 3) % 4], q[(k + 1) % 4] - q[k]));
    return 0.25 * sum;
  }

  template <typename Ids>
  LOOM_EXEC double Measure(UInt8 shape, const Ids& ids, const ComponentPortal<P>& x, int& dimension) const
  {
    const IdComponent n = ids.GetNumberOfComponents();
    dimension = Dimension(shape);
    double size = 0.0;
    switch (shape)
    {
      case CELL_SHAPE_VERTEX:
      case CELL_SHAPE_POLY_VERTEX: return static_cast<double>(n);
      case CELL_SHAPE_LINE:
      case CELL_SHAPE_POLY_LINE:
        for (IdComponent k = 0; k + 1 < n; ++k)
          size += Magnitude(At(x, ids, k + 1) - At(x, ids, k));
        return size;
      case CELL_SHAPE_TRIANGLE:
      case CELL_SHAPE_POLYGON:
        for (IdComponent k = 1; k + 1 < n; ++k)
          size += Area(At(x, ids, 0), At(x, ids, k), At(x, ids, k + 1));
        return size;
      case CELL_SHAPE_TRIANGLE_STRIP:
        for (IdComponent k = 0; k + 2 < n; ++k)
          size += Area(At(x, ids, k), At(x, ids, k + 1), At(x, ids, k + 2));
        return size;
      case CELL_SHAPE_QUAD:
        if (!this->AxisAligned)
        {
          const V3 q[4] = { At(x, ids, 0), At(x, ids, 1), At(x, ids, 2), At(x, ids, 3) };
          return QuadArea(q);
        }
        return Pixel(At(x, ids, 0), At(x, ids, 1), At(x, ids, 3)); // a structured pixel, corners in quad order
      case CELL_SHAPE_PIXEL: return Pixel(At(x, ids, 0), At(x, ids, 1), At(x, ids, 2));
      case CELL_SHAPE_TETRA: return Volume(At(x, ids, 0), At(x, ids, 1), At(x, ids, 2), At(x, ids, 3));
      case CELL_SHAPE_HEXAHEDRON:
        if (!this->AxisAligned)
          return Split(x, ids, shape, false);
        return Voxel(At(x, ids, 0), At(x, ids, 1), At(x, ids, 3), At(x, ids, 4));
      case CELL_SHAPE_VOXEL: return Voxel(At(x, ids, 0), At(x, ids, 1), At(x, ids, 2), At(x, ids, 4));
      case CELL_SHAPE_WEDGE: return Split(x, ids, shape, false);
      case CELL_SHAPE_PYRAMID:
      {
        // Split along the shorter diagonal of the base (the 1-3 diagonal on a tie), as VTK splits it.
        const V3 d02 = At(x, ids, 2) - At(x, ids, 0), d13 = At(x, ids, 3) - At(x, ids, 1);
        return Split(x, ids, shape, Dot(d02, d02) < Dot(d13, d13));
      }
      default: dimension = -1; return 0.0;
    }
  }
  // VTK's pixel: the sums of the coordinate differences to the two edge neighbours, multiplied.
  LOOM_EXEC static double Pixel(const V3& a, const V3& b, const V3& c)
  {
    const V3 l = a - b, w = a - c;
    const double area = (l[0] + l[1] + l[2]) * (w[0] + w[1] + w[2]);
    return area < 0 ? -area : area;
  }
  // VTK's voxel: the x, y and z steps to the neighbours along x, y and z, multiplied.
  LOOM_EXEC static double Voxel(const V3& a, const V3& bx, const V3& by, const V3& bz)
  {
    const double volume = (bx[0] - a[0]) * (by[1] - a[1]) * (bz[2] - a[2]);
    return volume < 0 ? -volume : volume;
  }

  template <typename Ids>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, const ComponentPortal<P>& points, const SizePortals& out,
                            Id cell) const
  {
    int dimension = -1;
    const double size = this->Measure(shape, ids, points, dimension);
    for (int d = 0; d < 4; ++d)
      if (out.Size[d])
        out.Size[d][cell] = d == dimension ? size : 0.0;
  }
};

/// The sizes of every cell (arrays allocated for the asked-for dimensions), on `device`.
inline void RunCellSize(const CellSetAny& cells, const FieldArray& points, const CellSizeOptions& options,
                        CellSizes& sizes, loom::cont::DeviceId device)
{
  const loom::cont::Invoker invoke(device);
  SizeOutputsObject outputs;
  outputs.Sizes = &sizes;
  auto run = [&](auto zero) {
    using P = decltype(zero);
    SizeWorklet<P> worklet;
    worklet.AxisAligned = options.AxisAligned;
    const ComponentPortalObject<P> in(points, ComponentPortalObject<P>::Access::In);
    std::visit([&](const auto& c) { invoke(worklet, c, in, outputs); }, cells);
  };
  CallWithFloat(points.GetKind(), run);
}
LOOM_UNIT_NAMESPACE_END
} // namespace measure
} // namespace algorithms
} // namespace loom
