// Loom algorithms, contour family: the per-point bodies of what contour points carry (interpolated
// fields, grid positions, gradient normals, cell values gathered to primitives), shared by the CPU
// loops (ContourFields.cxx) and the CUDA kernels (ContourFieldsCuda.cu).
#pragma once

#include <loom/algorithms/contour/ContourImpl.h>

#include <cmath>
#include <limits>
#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace contour
{
/// (i, j, k) of a point of a grid: two divisions by constants done as multiplications by their
/// reciprocals, corrected by one step (exact for ids below 2^52; a 64-bit integer division costs
/// tens of cycles and there are millions of points).
struct GridIndex
{
  Id NX = 1, NXY = 1;
  double InvX = 1.0, InvXY = 1.0;
  GridIndex() = default;
  GridIndex(Id nx, Id ny)
    : NX(nx)
    , NXY(nx * ny)
    , InvX(1.0 / static_cast<double>(nx))
    , InvXY(1.0 / static_cast<double>(nx * ny))
  {
  }
  LOOM_EXEC static inline Id DivMod(Id p, Id d, double inv, Id& rest)
  {
    Id q = static_cast<Id>(static_cast<double>(p) * inv);
    Id r = p - q * d;
    if (r < 0)
    {
      --q;
      r += d;
    }
    else if (r >= d)
    {
      ++q;
      r -= d;
    }
    rest = r;
    return q;
  }
  LOOM_EXEC void operator()(Id p, Id ijk[3]) const
  {
    Id inPlane = 0;
    ijk[2] = DivMod(p, this->NXY, this->InvXY, inPlane);
    ijk[1] = DivMod(inPlane, this->NX, this->InvX, ijk[0]);
  }
};

/// Where the contour points lie: on the edge A[p] -> B[p] at Weight[p].
struct EdgePointers
{
  const Id* A = nullptr;
  const Id* B = nullptr;
  const Float64* W = nullptr;
};

/// An interpolated value stored as T the way VTK stores it (vtkDataArray's edge interpolation): integers
/// rounded half away from zero and clamped to T's range, floating point as it is.
template <typename T>
LOOM_EXEC T StoreAs(double v)
{
  if constexpr (std::is_integral_v<T>)
  {
    constexpr double low = static_cast<double>(std::numeric_limits<T>::lowest());
    constexpr double high = static_cast<double>(std::numeric_limits<T>::max());
    if (!(v > low)) // NaN too
      return std::numeric_limits<T>::lowest();
    if (v >= high)
      return std::numeric_limits<T>::max();
    return static_cast<T>(v >= 0.0 ? v + 0.5 : v - 0.5);
  }
  else
    return static_cast<T>(v);
}

/// A point field at contour point p, every component.
template <typename T>
struct InterpolatePoint
{
  EdgePointers E;
  ComponentPortal<T> In, Out;
  bool RoundIntegers = true; // false: truncate, as VTK's plane cutters store integers
  LOOM_EXEC void operator()(Id p) const
  {
    for (IdComponent c = 0; c < this->In.NumberOfComponents; ++c)
    {
      const double va = static_cast<double>(this->In.Get(this->E.A[p], c));
      const double vb = static_cast<double>(this->In.Get(this->E.B[p], c));
      const double v = va + static_cast<double>(this->E.W[p]) * (vb - va);
      this->Out.Set(p, c, this->RoundIntegers ? StoreAs<T>(v) : static_cast<T>(v));
    }
  }
};

/// Tuple t of the output is tuple Source[t] of the input.
template <typename T>
struct GatherTuple
{
  const Id* Source = nullptr;
  ComponentPortal<T> In, Out;
  LOOM_EXEC void operator()(Id t) const
  {
    for (IdComponent c = 0; c < this->In.NumberOfComponents; ++c)
      this->Out.Set(t, c, this->In.Get(this->Source[t], c));
  }
};

/// Position of contour point p on a uniform or rectilinear grid (Axes[d]: the planes along d).
template <typename T>
struct AxesPoint
{
  EdgePointers E;
  GridIndex Index;
  const double* Axes[3] = {};
  T* Out = nullptr;
  LOOM_EXEC void operator()(Id p) const
  {
    Id ia[3], ib[3];
    this->Index(this->E.A[p], ia);
    this->Index(this->E.B[p], ib);
    for (int d = 0; d < 3; ++d)
    {
      const double xa = this->Axes[d][ia[d]], xb = this->Axes[d][ib[d]];
      this->Out[3 * p + d] = static_cast<T>(xa + static_cast<double>(this->E.W[p]) * (xb - xa));
    }
  }
};

/// Unit normal at contour point p from the field's gradient at the edge's two ends (central
/// differences, one-sided at the boundary), pointing towards lower values.
template <typename T>
struct GradientNormal
{
  EdgePointers E;
  GridIndex Index;
  Id Size[3] = {};
  Id Strides[3] = {};
  const double* Axes[3] = {};
  ComponentPortal<T> Field;
  Float32* Out = nullptr;
  LOOM_EXEC void operator()(Id p) const
  {
    double g[2][3];
    const Id ends[2] = { this->E.A[p], this->E.B[p] };
    for (int e = 0; e < 2; ++e)
    {
      Id ijk[3];
      this->Index(ends[e], ijk);
      for (int d = 0; d < 3; ++d)
      {
        const Id lo = ijk[d] > 0 ? ijk[d] - 1 : ijk[d];
        const Id hi = ijk[d] + 1 < this->Size[d] ? ijk[d] + 1 : ijk[d];
        const double dx = this->Axes[d][hi] - this->Axes[d][lo];
        const double df = static_cast<double>(this->Field.Get(ends[e] + (hi - ijk[d]) * this->Strides[d], 0)) -
                          static_cast<double>(this->Field.Get(ends[e] - (ijk[d] - lo) * this->Strides[d], 0));
        g[e][d] = dx != 0.0 ? df / dx : 0.0;
      }
    }
    double nrm[3], len = 0.0;
    for (int d = 0; d < 3; ++d)
    {
      nrm[d] = -(g[0][d] + static_cast<double>(this->E.W[p]) * (g[1][d] - g[0][d]));
      len += nrm[d] * nrm[d];
    }
    len = std::sqrt(len);
    for (int d = 0; d < 3; ++d)
      this->Out[3 * p + d] = static_cast<Float32>(len > 0.0 ? nrm[d] / len : 0.0);
  }
};

/// The CUDA versions (ContourFieldsCuda.cu), called by the entries of ContourFields.cxx when the
/// device resolves to CUDA; arguments are checked by those entries.
/// InterpolateEdgesCuda with `flags` (one per contour point): only the flagged points, the others `fill`.
FieldArray InterpolateEdgesCuda(const ContourEdges& edges, const FieldArray& pointField, bool roundIntegers,
                                const loom::cont::ArrayHandle<UInt8>* flags = nullptr, double fill = 0.0);
FieldArray GatherSourceCellsCuda(const loom::cont::ArrayHandle<Id>& sourceCells, const FieldArray& cellField);
FieldArray AxesEdgePointsCuda(const ContourEdges& edges, const Id3& dims, const std::vector<double> axes[3],
                              ValueKind kind);
FieldArray GradientNormalsCuda(const ContourEdges& edges, const Id3& dims, const FieldArray& field,
                               const std::vector<double> axes[3]);
} // namespace contour
} // namespace algorithms
} // namespace loom
