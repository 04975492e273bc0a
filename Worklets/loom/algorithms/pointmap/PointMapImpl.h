// Loom algorithms, point-map family: checks, outputs and the dispatch over value kinds and masks.
// Included by PointMap.cxx (CPU devices) and PointMapCuda.cu (CUDA) only.
#pragma once

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/OutputMaskFill.h>
#include <loom/algorithms/pointmap/PointMap.h>
#include <loom/algorithms/pointmap/PointMapWorklets.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/MaskNone.h>

#include <string>

namespace loom
{
namespace algorithms
{
namespace pointmap
{
LOOM_UNIT_NAMESPACE_BEGIN
inline void CheckPerPoint(const FieldArray& field, Id points, const char* what, int components)
{
  if (field.GetNumberOfTuples() != points)
    throw loom::cont::ErrorBadValue(std::string("the ") + what + " field has " +
                                    std::to_string(field.GetNumberOfTuples()) + " tuples for " +
                                    std::to_string(points) + " points.");
  if (components > 0 && field.GetNumberOfComponents() != components)
    throw loom::cont::ErrorBadType(std::string("the ") + what + " field has " +
                                   std::to_string(field.GetNumberOfComponents()) + " components, not " +
                                   std::to_string(components) + ".");
  if (field.GetNumberOfComponents() < 1)
    throw loom::cont::ErrorBadType(std::string("the ") + what + " field has no components.");
}

/// The positions as worklets read them: stored points (as Float32 or Float64) or a grid's axes.
struct PositionsObject : loom::cont::ExecutionObjectBase
{
  FieldArray Points; // stored points, floating point
  FieldArray Axes[3];
  Id Dims[3] = { 1, 1, 1 };
  bool Rows = false;

  PositionsObject(const PointPositions& positions, const OutputMask& mask, loom::cont::DeviceId device)
  {
    if (positions.Points)
    {
      CheckPerPoint(*positions.Points, positions.Points->GetNumberOfTuples(), "point", 3);
      this->Points = AsFloatingPoint(*positions.Points, device);
      return;
    }
    if (!positions.Axes)
      throw loom::cont::ErrorBadValue("no points: neither stored points nor a grid's axes.");
    for (int a = 0; a < 3; ++a)
    {
      this->Dims[a] = positions.Dims[a];
      if (static_cast<Id>(positions.Axes[a].size()) != 3 * this->Dims[a] || this->Dims[a] < 1)
        throw loom::cont::ErrorBadValue("axis " + std::to_string(a) + " has " + std::to_string(positions.Axes[a].size()) +
                                        " values for " + std::to_string(this->Dims[a]) + " points.");
      this->Axes[a] = FieldArray::FromAOS(loom::cont::make_ArrayHandle(positions.Axes[a]), 3);
    }
    this->Rows = mask.Selection == OutputMask::Mode::All;
  }
  bool Stored() const { return this->Points.GetNumberOfTuples() > 0 || this->Axes[0].GetNumberOfTuples() == 0; }
  /// Work items: points, or rows of a grid's points.
  Id Items(Id points) const { return this->Rows && !this->Stored() ? this->Dims[1] * this->Dims[2] : points; }
};

template <typename P>
struct StoredPositionsObject : loom::cont::ExecutionObjectBase
{
  const FieldArray* Points = nullptr;
  template <typename Device>
  StoredPositions<P> PrepareForExecution(Device device) const
  {
    return StoredPositions<P>{ ComponentPortalObject<P>(*this->Points, ComponentPortalObject<P>::Access::In)
                                 .PrepareForExecution(device) };
  }
};
struct AxesPositionsObject : loom::cont::ExecutionObjectBase
{
  const PositionsObject* Source = nullptr;
  template <typename Device>
  AxesPositions PrepareForExecution(Device device) const
  {
    AxesPositions a;
    for (int k = 0; k < 3; ++k)
    {
      a.Axis[k] = ComponentPortalObject<double>(this->Source->Axes[k], ComponentPortalObject<double>::Access::In)
                    .PrepareForExecution(device);
      a.Dims[k] = this->Source->Dims[k];
    }
    a.Rows = this->Source->Rows;
    return a;
  }
};

/// Calls `f(positionsExecObject)` with the stored points (by value kind) or the axes.
template <typename F>
void WithPositions(const PositionsObject& positions, F&& f)
{
  if (!positions.Stored())
    f(AxesPositionsObject{ {}, &positions });
  else if (positions.Points.GetKind() == ValueKind::Float32)
    f(StoredPositionsObject<Float32>{ {}, &positions.Points });
  else
    f(StoredPositionsObject<Float64>{ {}, &positions.Points });
}

/// Runs `Worklet<Mask>` on every point or the mask's selection, after prefilling `out` for the
/// unselected points.
template <template <typename> class Worklet, typename O, typename Configure, typename... Args>
void RunMasked(const FieldArray& out, Id items, const OutputMask& mask, loom::cont::DeviceId device,
               Configure&& configure, Args&&... args)
{
  loom::cont::Invoker invoke(device);
  const loom::cont::ArrayHandleIndex index(items);
  if (mask.Selection == OutputMask::Mode::All)
  {
    Worklet<loom::worklet::MaskNone> w;
    configure(w);
    invoke(w, index, std::forward<Args>(args)..., ComponentPortalObject<O>(out, ComponentPortalObject<O>::Access::Out));
    return;
  }
  if (mask.Selection == OutputMask::Mode::Select && mask.Flags.GetNumberOfValues() != out.GetNumberOfTuples())
    throw loom::cont::ErrorBadValue("the mask has " + std::to_string(mask.Flags.GetNumberOfValues()) +
                                    " entries but there are " + std::to_string(out.GetNumberOfTuples()) + " points.");
  Prefill<O>(out, mask, device);
  Worklet<loom::worklet::MaskIndices> w;
  configure(w);
  invoke(w, loom::worklet::MaskIndices(SelectedIds(mask, device), device), index, std::forward<Args>(args)...,
         ComponentPortalObject<O>(out, ComponentPortalObject<O>::Access::InOut));
}

struct ElevationOf
{
  template <typename M>
  using type = ElevationWorklet<M>;
};
template <typename O, typename S, typename N>
struct WarpScalarOf
{
  template <typename M>
  using type = WarpScalarWorklet<O, S, N, M>;
};
template <typename O, typename V>
struct WarpVectorOf
{
  template <typename M>
  using type = WarpVectorWorklet<O, V, M>;
};

template <typename P>
ComponentPortalObject<P> In(const FieldArray& f)
{
  return ComponentPortalObject<P>(f, ComponentPortalObject<P>::Access::In);
}

inline FieldArray RunElevation(const PointPositions& input, const ElevationOptions& options, const OutputMask& mask,
                               loom::cont::DeviceId device)
{
  const PositionsObject positions(input, mask, device);
  const Id n = input.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(ValueKind::Float32, n, 1);
  double direction[3], length2 = 0.0;
  for (int d = 0; d < 3; ++d)
  {
    direction[d] = options.High[d] - options.Low[d];
    length2 += direction[d] * direction[d];
  }
  if (length2 <= 0.0)
  {
    direction[0] = direction[1] = 0.0;
    direction[2] = length2 = 1.0;
  }
  WithPositions(positions, [&](const auto& where) {
    RunMasked<ElevationOf::template type, Float32>(
      out, positions.Items(n), mask, device,
      [&](auto& w) {
        for (int d = 0; d < 3; ++d)
        {
          w.Low[d] = options.Low[d];
          w.Direction[d] = direction[d];
        }
        w.Length2 = length2;
        w.Range[0] = options.Range[0];
        w.Range[1] = options.Range[1];
      },
      where);
  });
  return out;
}

/// The mask of a warp: unselected points keep their positions unless another field is kept (`kept`
/// holds a grid's positions, made only then).
inline OutputMask KeepPositions(const OutputMask& mask, const PointPositions& input, const PositionsObject& positions,
                                ValueKind kind, FieldArray& kept, loom::cont::DeviceId device)
{
  OutputMask m = mask;
  if (m.Selection == OutputMask::Mode::All || m.Keep)
    return m;
  if (!positions.Stored())
    kept = GridPoints(input.Dims, input.Axes, kind, nullptr, device);
  else if (positions.Points.GetKind() == kind)
    kept = positions.Points;
  else
  {
    // The positions in the output's kind (one host pass).
    kept = FieldArray::Allocate(kind, positions.Points.GetNumberOfTuples(), 3);
    CallWithFloat(kind, [&](auto o) {
      using O = decltype(o);
      CallWithFloat(positions.Points.GetKind(), [&](auto p) {
        using P = decltype(p);
        const ComponentPortal<P> from = positions.Points.GetPortal<P>();
        const ComponentPortal<O> to = kept.GetPortal<O>();
        for (Id t = 0; t < from.NumberOfTuples; ++t)
          for (int d = 0; d < 3; ++d)
            to.Set(t, d, static_cast<O>(from.Get(t, d)));
      });
    });
  }
  m.Keep = &kept;
  return m;
}

inline ValueKind KindOf(WarpPrecision precision)
{
  return precision == WarpPrecision::Float64 ? ValueKind::Float64 : ValueKind::Float32;
}

/// What both warps share: the positions, the output in the asked kind, the mask that keeps the
/// unselected points' positions, and `move(out, positions, mask, whereObject, O{})` with the output's
/// C++ type.
template <typename Move>
FieldArray RunWarp(const PointPositions& input, WarpPrecision precision, const OutputMask& mask,
                   loom::cont::DeviceId device, Move&& move)
{
  const PositionsObject positions(input, mask, device);
  FieldArray out = FieldArray::Allocate(KindOf(precision), input.GetNumberOfPoints(), 3);
  FieldArray kept;
  const OutputMask m = KeepPositions(mask, input, positions, out.GetKind(), kept, device);
  WithPositions(positions, [&](const auto& where) {
    CallWithFloat(out.GetKind(), [&](auto o) { move(out, positions.Items(input.GetNumberOfPoints()), m, where, o); });
  });
  return out;
}

inline FieldArray RunWarpScalar(const PointPositions& input, const FieldArray& scalarInput,
                                const WarpScalarOptions& options, WarpPrecision precision, const OutputMask& mask,
                                loom::cont::DeviceId device)
{
  CheckPerPoint(scalarInput, input.GetNumberOfPoints(), "scalar", 0);
  if (options.Normals)
    CheckPerPoint(*options.Normals, input.GetNumberOfPoints(), "normal", 3);
  const FieldArray scalars = AsFloatingPoint(scalarInput, device);
  const FieldArray normals = options.Normals ? AsFloatingPoint(*options.Normals, device) : FieldArray();
  return RunWarp(input, precision, mask, device, [&](const FieldArray& out, Id items, const OutputMask& m,
                                                     const auto& where, auto o) {
    using O = decltype(o);
    CallWithFloat(scalars.GetKind(), [&](auto s) {
      using S = decltype(s);
      CallWithFloat(options.Normals ? normals.GetKind() : ValueKind::Float32, [&](auto nk) {
        using N = decltype(nk);
        ComponentPortalObject<N> normalObject;
        if (options.Normals)
          normalObject = In<N>(normals);
        RunMasked<WarpScalarOf<O, S, N>::template type, O>(
          out, items, m, device,
          [&](auto& w) {
            w.Factor = options.ScaleFactor;
            for (int d = 0; d < 3; ++d)
              w.Normal[d] = options.Normal[d];
            w.XYPlane = options.XYPlane;
            w.PointNormals = options.Normals != nullptr;
          },
          where, In<S>(scalars), normalObject);
      });
    });
  });
}

inline FieldArray RunWarpVector(const PointPositions& input, const FieldArray& vectorInput, double scaleFactor,
                                WarpPrecision precision, const OutputMask& mask, loom::cont::DeviceId device)
{
  CheckPerPoint(vectorInput, input.GetNumberOfPoints(), "vector", 3);
  const FieldArray vectors = AsFloatingPoint(vectorInput, device);
  return RunWarp(input, precision, mask, device, [&](const FieldArray& out, Id items, const OutputMask& m,
                                                     const auto& where, auto o) {
    using O = decltype(o);
    CallWithFloat(vectors.GetKind(), [&](auto v) {
      using V = decltype(v);
      RunMasked<WarpVectorOf<O, V>::template type, O>(
        out, items, m, device, [&](auto& w) { w.Factor = scaleFactor; }, where, In<V>(vectors));
    });
  });
}

template <typename O>
struct TransformPointOf
{
  template <typename M>
  using type = TransformPointWorklet<O, M>;
};

inline FieldArray RunTransformPoints(const PointPositions& input, const AffineTransform& transform,
                                     WarpPrecision precision, loom::cont::DeviceId device)
{
  const OutputMask all;
  const PositionsObject positions(input, all, device);
  const Id n = input.GetNumberOfPoints();
  FieldArray out = FieldArray::Allocate(KindOf(precision), n, 3);
  WithPositions(positions, [&](const auto& where) {
    CallWithFloat(out.GetKind(), [&](auto o) {
      using O = decltype(o);
      RunMasked<TransformPointOf<O>::template type, O>(
        out, positions.Items(n), all, device,
        [&](auto& w) {
          for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 4; ++c)
              w.M[r][c] = transform.M[r][c];
        },
        where);
    });
  });
  return out;
}

inline FieldArray RunTransformVectors(const FieldArray& vectors, const double (&matrix)[3][3], bool normalize,
                                      loom::cont::DeviceId device)
{
  CheckPerPoint(vectors, vectors.GetNumberOfTuples(), "vector", 3);
  if (vectors.GetKind() != ValueKind::Float32 && vectors.GetKind() != ValueKind::Float64)
    throw loom::cont::ErrorBadType("the vector field is not of float or double values.");
  FieldArray out = FieldArray::Allocate(vectors.GetKind(), vectors.GetNumberOfTuples(), 3);
  CallWithFloat(vectors.GetKind(), [&](auto t) {
    using T = decltype(t);
    TransformVectorWorklet<T> w;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        w.M[r][c] = matrix[r][c];
    w.Normalize = normalize;
    loom::cont::Invoker invoke(device);
    invoke(w, loom::cont::ArrayHandleIndex(vectors.GetNumberOfTuples()), In<T>(vectors),
           ComponentPortalObject<T>(out, ComponentPortalObject<T>::Access::Out));
  });
  return out;
}
LOOM_UNIT_NAMESPACE_END
} // namespace pointmap
} // namespace algorithms
} // namespace loom
