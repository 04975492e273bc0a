// Loom algorithms, point-map family: where points are (stored, or a grid's axes) and the worklets (one
// point each; a grid's rows when every point is computed). Included by PointMapImpl.h only.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <cmath>
#include <loom/worklet/WorkletMapField.h>

namespace loom
{
namespace algorithms
{
namespace pointmap
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Stored points (point sets): xyz tuples. Work items are points.
template <typename P>
struct StoredPositions
{
  ComponentPortal<P> Points;
  static constexpr bool Grid = false;
  LOOM_EXEC void Get(Id p, double x[3]) const
  {
    for (int d = 0; d < 3; ++d)
      x[d] = static_cast<double>(this->Points.Get(p, d));
  }
};

/// A grid's points from its axes (images, rectilinear grids): coordinate d of point (i, j, k) is
/// Axis[0][i][d] + Axis[1][j][d] + Axis[2][k][d]. Work items are rows of x when every point is
/// computed (`Rows`), else points.
struct AxesPositions
{
  ComponentPortal<double> Axis[3];
  Id Dims[3] = { 1, 1, 1 };
  bool Rows = false;
  static constexpr bool Grid = true;
  LOOM_EXEC void RowBase(Id row, double base[3]) const
  {
    const Id k = row / this->Dims[1], j = row - k * this->Dims[1];
    for (int d = 0; d < 3; ++d)
      base[d] = this->Axis[1].Get(j, d) + this->Axis[2].Get(k, d);
  }
  LOOM_EXEC void Get(Id p, double x[3]) const
  {
    const Id row = p / this->Dims[0], i = p - row * this->Dims[0];
    this->RowBase(row, x);
    for (int d = 0; d < 3; ++d)
      x[d] += this->Axis[0].Get(i, d);
  }
};

/// Calls `apply(point, x)` for the points of one work item (see the positions types).
template <typename Positions, typename Apply>
LOOM_EXEC void ForItemPoints(const Positions& positions, Id item, const Apply& apply)
{
  double x[3];
  if constexpr (Positions::Grid)
  {
    if (positions.Rows)
    {
      double base[3];
      positions.RowBase(item, base);
      const Id n = positions.Dims[0];
      for (Id i = 0; i < n; ++i)
      {
        for (int d = 0; d < 3; ++d)
          x[d] = positions.Axis[0].Get(i, d) + base[d];
        apply(item * n + i, x);
      }
      return;
    }
  }
  positions.Get(item, x);
  apply(item, x);
}

/// vtkElevationFilter's scalar at a point: the clamped projection onto the low -> high vector.
template <typename Mask>
struct ElevationWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn item, ExecObject positions, ExecObject out);
  using ExecutionSignature = void(_1, _2, _3);
  using MaskType = Mask;
  double Low[3] = { 0, 0, 0 }, Direction[3] = { 0, 0, 1 }, Length2 = 1.0, Range[2] = { 0, 1 };

  template <typename Positions>
  LOOM_EXEC void operator()(Id item, const Positions& positions, const ComponentPortal<Float32>& out) const
  {
    ForItemPoints(positions, item, [&](Id p, const double x[3]) {
      double t = 0.0;
      for (int d = 0; d < 3; ++d)
        t += (x[d] - this->Low[d]) * this->Direction[d];
      t /= this->Length2;
      t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
      out.Set(p, 0, static_cast<Float32>(this->Range[0] + t * (this->Range[1] - this->Range[0])));
    });
  }
};

/// vtkWarpScalar's move: x + factor s n, s the scalar's first component (or z on the xy plane), n the
/// point's normal or the fixed one.
template <typename O, typename S, typename N, typename Mask>
struct WarpScalarWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn item, ExecObject positions, ExecObject scalars, ExecObject normals,
                                ExecObject out);
  using ExecutionSignature = void(_1, _2, _3, _4, _5);
  using MaskType = Mask;
  double Factor = 1.0, Normal[3] = { 0, 0, 1 };
  bool XYPlane = false, PointNormals = false;

  template <typename Positions>
  LOOM_EXEC void operator()(Id item, const Positions& positions, const ComponentPortal<S>& scalars,
                            const ComponentPortal<N>& normals, const ComponentPortal<O>& out) const
  {
    ForItemPoints(positions, item, [&](Id p, const double x[3]) {
      const double s = this->XYPlane ? x[2] : static_cast<double>(scalars.Get(p, 0));
      for (int d = 0; d < 3; ++d)
      {
        const double n = this->PointNormals ? static_cast<double>(normals.Get(p, d)) : this->Normal[d];
        out.Set(p, d, static_cast<O>(x[d] + this->Factor * s * n));
      }
    });
  }
};

/// vtkWarpVector's move: x + factor v.
template <typename O, typename V, typename Mask>
struct WarpVectorWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn item, ExecObject positions, ExecObject vectors, ExecObject out);
  using ExecutionSignature = void(_1, _2, _3, _4);
  using MaskType = Mask;
  double Factor = 1.0;

  template <typename Positions>
  LOOM_EXEC void operator()(Id item, const Positions& positions, const ComponentPortal<V>& vectors,
                            const ComponentPortal<O>& out) const
  {
    ForItemPoints(positions, item, [&](Id p, const double x[3]) {
      for (int d = 0; d < 3; ++d)
        out.Set(p, d, static_cast<O>(x[d] + this->Factor * static_cast<double>(vectors.Get(p, d))));
    });
  }
};

/// vtkLinearTransform's point: each coordinate a x + b y + c z + d in double, then stored.
template <typename O, typename Mask>
struct TransformPointWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn item, ExecObject positions, ExecObject out);
  using ExecutionSignature = void(_1, _2, _3);
  using MaskType = Mask;
  double M[3][4] = { { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 } };

  template <typename Positions>
  LOOM_EXEC void operator()(Id item, const Positions& positions, const ComponentPortal<O>& out) const
  {
    ForItemPoints(positions, item, [&](Id p, const double x[3]) {
      for (int r = 0; r < 3; ++r)
        out.Set(p, r, static_cast<O>(this->M[r][0] * x[0] + this->M[r][1] * x[1] + this->M[r][2] * x[2] + this->M[r][3]));
    });
  }
};

/// vtkLinearTransform's vector (a x + b y + c z in double, stored as T) and, with Normalize, its normal
/// (then divided by its length, computed in T as vtkMath::Normalize does).
template <typename T>
struct TransformVectorWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn tuple, ExecObject in, ExecObject out);
  using ExecutionSignature = void(_1, _2, _3);
  double M[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
  bool Normalize = false;

  LOOM_EXEC void operator()(Id t, const ComponentPortal<T>& in, const ComponentPortal<T>& out) const
  {
    const double v[3] = { static_cast<double>(in.Get(t, 0)), static_cast<double>(in.Get(t, 1)),
                          static_cast<double>(in.Get(t, 2)) };
    T w[3];
    for (int r = 0; r < 3; ++r)
      w[r] = static_cast<T>(this->M[r][0] * v[0] + this->M[r][1] * v[1] + this->M[r][2] * v[2]);
    if (this->Normalize)
    {
      const T length = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
      if (length != T(0))
        for (int r = 0; r < 3; ++r)
          w[r] /= length;
    }
    for (int r = 0; r < 3; ++r)
      out.Set(t, r, w[r]);
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace pointmap
} // namespace algorithms
} // namespace loom
