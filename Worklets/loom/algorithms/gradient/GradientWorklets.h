// Loom algorithms, gradient family: the derivative of linear cells, the structured finite
// differences, and the worklets built on them. Included by GradientImpl.h only.
#pragma once

#include <loom/CellShape.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/gradient/Gradient.h>
#include <loom/worklet/WorkletMapField.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <cmath>

namespace loom
{
namespace algorithms
{
namespace gradient
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Most points of a cell the family differentiates.
constexpr IdComponent MaxCellPoints = 8;

/// Topological dimension of a shape (-1 for shapes the family does not differentiate).
LOOM_EXEC_CONT inline int ShapeDimension(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_VERTEX: return 0;
    case CELL_SHAPE_LINE: return 1;
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_PIXEL: return 2;
    case CELL_SHAPE_TETRA:
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON:
    case CELL_SHAPE_WEDGE: return 3;
    default: return -1;
  }
}

/// Whether the family differentiates a cell of this shape and point count.
LOOM_EXEC_CONT inline bool Differentiable(UInt8 shape, IdComponent points)
{
  return ShapeDimension(shape) >= 0 && CellShapeNumberOfPoints(shape) == points;
}

/// Parametric coordinates of corner k (VTK's point order).
LOOM_EXEC inline void CornerPCoords(UInt8 shape, IdComponent k, double pc[3])
{
  pc[0] = pc[1] = pc[2] = 0.0;
  switch (shape)
  {
    case CELL_SHAPE_LINE: pc[0] = k; break;
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_TETRA:
      if (k > 0)
        pc[k - 1] = 1.0;
      break;
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_HEXAHEDRON:
      pc[0] = (k & 3) == 1 || (k & 3) == 2;
      pc[1] = (k & 3) >= 2;
      pc[2] = k >= 4;
      break;
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_VOXEL:
      pc[0] = k & 1;
      pc[1] = (k >> 1) & 1;
      pc[2] = k >> 2;
      break;
    case CELL_SHAPE_WEDGE:
      if (k % 3 > 0)
        pc[k % 3 - 1] = 1.0;
      pc[2] = k >= 3;
      break;
    default: break;
  }
}

/// Parametric center of a shape (VTK's GetParametricCenter).
LOOM_EXEC inline void CenterPCoords(UInt8 shape, double pc[3])
{
  pc[0] = pc[1] = pc[2] = 0.0;
  switch (shape)
  {
    case CELL_SHAPE_LINE: pc[0] = 0.5; break;
    case CELL_SHAPE_TRIANGLE: pc[0] = pc[1] = 1.0 / 3.0; break;
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_PIXEL: pc[0] = pc[1] = 0.5; break;
    case CELL_SHAPE_TETRA: pc[0] = pc[1] = pc[2] = 0.25; break;
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON: pc[0] = pc[1] = pc[2] = 0.5; break;
    case CELL_SHAPE_WEDGE:
      pc[0] = pc[1] = 1.0 / 3.0;
      pc[2] = 0.5;
      break;
    default: break;
  }
}

/// Derivatives of the shape's interpolation functions at `pc`: dN[k][a] = dN_k / dr_a.
LOOM_EXEC inline void ShapeDerivatives(UInt8 shape, IdComponent n, const double pc[3], double dN[][3])
{
  for (IdComponent k = 0; k < n; ++k)
  {
    double c[3];
    CornerPCoords(shape, k, c);
    // Per axis: the factor of the corner's 1-D function and its derivative (r or 1-r).
    double f[3], df[3];
    for (int a = 0; a < 3; ++a)
    {
      f[a] = c[a] > 0.5 ? pc[a] : 1.0 - pc[a];
      df[a] = c[a] > 0.5 ? 1.0 : -1.0;
    }
    switch (shape)
    {
      case CELL_SHAPE_LINE: dN[k][0] = df[0], dN[k][1] = dN[k][2] = 0.0; break;
      case CELL_SHAPE_QUAD:
      case CELL_SHAPE_PIXEL:
        dN[k][0] = df[0] * f[1];
        dN[k][1] = f[0] * df[1];
        dN[k][2] = 0.0;
        break;
      case CELL_SHAPE_HEXAHEDRON:
      case CELL_SHAPE_VOXEL:
        dN[k][0] = df[0] * f[1] * f[2];
        dN[k][1] = f[0] * df[1] * f[2];
        dN[k][2] = f[0] * f[1] * df[2];
        break;
      case CELL_SHAPE_TRIANGLE:
      case CELL_SHAPE_TETRA:
        for (int a = 0; a < 3; ++a)
          dN[k][a] = k == 0 ? -1.0 : (k - 1 == a ? 1.0 : 0.0);
        if (shape == CELL_SHAPE_TRIANGLE)
          dN[k][2] = 0.0;
        break;
      case CELL_SHAPE_WEDGE:
      {
        // N_k = L_k(r, s) T_k(t), L = (1 - r - s, r, s), T = 1 - t or t.
        const IdComponent m = k % 3;
        const double L = m == 0 ? 1.0 - pc[0] - pc[1] : pc[m - 1];
        const double T = f[2];
        dN[k][0] = (m == 0 ? -1.0 : (m == 1 ? 1.0 : 0.0)) * T;
        dN[k][1] = (m == 0 ? -1.0 : (m == 2 ? 1.0 : 0.0)) * T;
        dN[k][2] = L * df[2];
        break;
      }
      default: dN[k][0] = dN[k][1] = dN[k][2] = 0.0; break;
    }
  }
}

/// The weights W of a cell's gradient at `pc`: grad v = sum_k W[k] v_k, in world coordinates.
/// 3D cells: the inverse Jacobian applied to the shape derivatives; 2D cells: the gradient in the
/// plane of the cell's tangents; lines: VTK's per-axis difference quotient; vertices: zero. Returns
/// false (weights zero) for a cell degenerate at `pc`.
LOOM_EXEC inline bool GradientWeights(UInt8 shape, IdComponent n, const double x[][3], const double pc[3],
                                      double W[][3])
{
  for (IdComponent k = 0; k < n; ++k)
    W[k][0] = W[k][1] = W[k][2] = 0.0;
  const int dim = ShapeDimension(shape);
  if (dim <= 0)
    return dim == 0;
  if (dim == 1)
  {
    // vtkLine::Derivatives: (v1 - v0) / (x1 - x0) per axis, 0 where the line does not move.
    for (int a = 0; a < 3; ++a)
    {
      const double d = x[1][a] - x[0][a];
      if (d != 0.0)
      {
        W[0][a] = -1.0 / d;
        W[1][a] = 1.0 / d;
      }
    }
    return true;
  }
  double dN[MaxCellPoints][3];
  ShapeDerivatives(shape, n, pc, dN);
  // J[a][j] = d x_j / d r_a.
  double J[3][3] = { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
  for (IdComponent k = 0; k < n; ++k)
    for (int a = 0; a < dim; ++a)
      if (dN[k][a] != 0.0)
        for (int j = 0; j < 3; ++j)
          J[a][j] += dN[k][a] * x[k][j];
  if (dim == 2)
  {
    const double aa = J[0][0] * J[0][0] + J[0][1] * J[0][1] + J[0][2] * J[0][2];
    const double ab = J[0][0] * J[1][0] + J[0][1] * J[1][1] + J[0][2] * J[1][2];
    const double bb = J[1][0] * J[1][0] + J[1][1] * J[1][1] + J[1][2] * J[1][2];
    const double det = aa * bb - ab * ab;
    if (!(det > 0.0))
      return false;
    const double i00 = bb / det, i01 = -ab / det, i11 = aa / det;
    for (IdComponent k = 0; k < n; ++k)
    {
      const double alpha = i00 * dN[k][0] + i01 * dN[k][1];
      const double beta = i01 * dN[k][0] + i11 * dN[k][1];
      for (int j = 0; j < 3; ++j)
        W[k][j] = alpha * J[0][j] + beta * J[1][j];
    }
    return true;
  }
  // Inverse of J by cofactors: grad v = J^-1 (dv/dr).
  const double c00 = J[1][1] * J[2][2] - J[1][2] * J[2][1];
  const double c01 = J[1][2] * J[2][0] - J[1][0] * J[2][2];
  const double c02 = J[1][0] * J[2][1] - J[1][1] * J[2][0];
  const double det = J[0][0] * c00 + J[0][1] * c01 + J[0][2] * c02;
  if (det == 0.0 || !std::isfinite(det))
    return false;
  const double inv[3][3] = { { c00 / det, (J[0][2] * J[2][1] - J[0][1] * J[2][2]) / det,
                               (J[0][1] * J[1][2] - J[0][2] * J[1][1]) / det },
                             { c01 / det, (J[0][0] * J[2][2] - J[0][2] * J[2][0]) / det,
                               (J[0][2] * J[1][0] - J[0][0] * J[1][2]) / det },
                             { c02 / det, (J[0][1] * J[2][0] - J[0][0] * J[2][1]) / det,
                               (J[0][0] * J[1][1] - J[0][1] * J[1][0]) / det } };
  for (IdComponent k = 0; k < n; ++k)
    if (dN[k][0] != 0.0 || dN[k][1] != 0.0 || dN[k][2] != 0.0)
      for (int j = 0; j < 3; ++j)
        W[k][j] = inv[j][0] * dN[k][0] + inv[j][1] * dN[k][1] + inv[j][2] * dN[k][2];
  return true;
}

/// The parametric edges at a corner of a linear cell (or anywhere in a simplex): along direction a
/// the interpolant changes by v[Hi[a]] - v[Lo[a]] per unit of r_a. Returns the cell's dimension
/// (-1 for shapes without such edges: vertices and lines take GradientWeights).
LOOM_EXEC inline int CornerEdges(UInt8 shape, IdComponent k, IdComponent lo[3], IdComponent hi[3])
{
  // Hexahedron and quad corners in voxel (binary) order and back: the map is its own inverse.
  constexpr IdComponent binary[8] = { 0, 1, 3, 2, 4, 5, 7, 6 };
  switch (shape)
  {
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_TETRA:
    {
      const int dim = shape == CELL_SHAPE_TETRA ? 3 : 2;
      for (int a = 0; a < dim; ++a)
      {
        lo[a] = 0;
        hi[a] = a + 1;
      }
      return dim;
    }
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_HEXAHEDRON:
    {
      const bool ordered = shape == CELL_SHAPE_QUAD || shape == CELL_SHAPE_HEXAHEDRON;
      const int dim = shape == CELL_SHAPE_PIXEL || shape == CELL_SHAPE_QUAD ? 2 : 3;
      const IdComponent b = ordered ? binary[k] : k;
      for (int a = 0; a < dim; ++a)
      {
        const IdComponent low = b & ~(1 << a), high = b | (1 << a);
        lo[a] = ordered ? binary[low] : low;
        hi[a] = ordered ? binary[high] : high;
      }
      return dim;
    }
    case CELL_SHAPE_WEDGE:
    {
      const IdComponent layer = k >= 3 ? 3 : 0, m = k % 3;
      lo[0] = lo[1] = layer;
      hi[0] = layer + 1;
      hi[1] = layer + 2;
      lo[2] = m;
      hi[2] = m + 3;
      return 3;
    }
    default: return -1;
  }
}

/// The gradient inverse of a cell at a corner from its edges: grad v = sum_a R[a] (v[Hi[a]] - v[Lo[a]]).
/// False for a cell degenerate there (R zero).
LOOM_EXEC inline bool EdgeInverse(int dim, const double e[3][3], double R[3][3])
{
  for (int a = 0; a < 3; ++a)
    R[a][0] = R[a][1] = R[a][2] = 0.0;
  if (dim == 2)
  {
    const double aa = e[0][0] * e[0][0] + e[0][1] * e[0][1] + e[0][2] * e[0][2];
    const double ab = e[0][0] * e[1][0] + e[0][1] * e[1][1] + e[0][2] * e[1][2];
    const double bb = e[1][0] * e[1][0] + e[1][1] * e[1][1] + e[1][2] * e[1][2];
    const double det = aa * bb - ab * ab;
    if (!(det > 0.0))
      return false;
    for (int j = 0; j < 3; ++j)
    {
      R[0][j] = (bb * e[0][j] - ab * e[1][j]) / det;
      R[1][j] = (aa * e[1][j] - ab * e[0][j]) / det;
    }
    return true;
  }
  const double c00 = e[1][1] * e[2][2] - e[1][2] * e[2][1];
  const double c01 = e[1][2] * e[2][0] - e[1][0] * e[2][2];
  const double c02 = e[1][0] * e[2][1] - e[1][1] * e[2][0];
  const double det = e[0][0] * c00 + e[0][1] * c01 + e[0][2] * c02;
  if (det == 0.0 || !std::isfinite(det))
    return false;
  // R[a][j] = (J^-1)[j][a] for J[a][j] = e[a][j].
  const double r = 1.0 / det;
  R[0][0] = c00 * r;
  R[0][1] = c01 * r;
  R[0][2] = c02 * r;
  R[1][0] = (e[0][2] * e[2][1] - e[0][1] * e[2][2]) * r;
  R[1][1] = (e[0][0] * e[2][2] - e[0][2] * e[2][0]) * r;
  R[1][2] = (e[0][1] * e[2][0] - e[0][0] * e[2][1]) * r;
  R[2][0] = (e[0][1] * e[1][2] - e[0][2] * e[1][1]) * r;
  R[2][1] = (e[0][2] * e[1][0] - e[0][0] * e[1][2]) * r;
  R[2][2] = (e[0][0] * e[1][1] - e[0][1] * e[1][0]) * r;
  return true;
}

/// The output portals of one gradient run and the quantities derived from the gradient.
template <typename O>
struct GradientPortals
{
  ComponentPortal<O> G, D, V, Q;
  IdComponent Components = 1; // of the differentiated field

  /// Writes the gradient g (3 * Components values) and what derives from it at element e.
  LOOM_EXEC void Write(Id e, const double* g) const
  {
    if (this->G.NumberOfComponents > 0)
      for (IdComponent c = 0; c < 3 * this->Components; ++c)
        this->G.Set(e, c, static_cast<O>(g[c]));
    if (this->D.NumberOfComponents > 0)
      this->D.Set(e, 0, static_cast<O>(g[0] + g[4] + g[8]));
    if (this->V.NumberOfComponents > 0)
    {
      this->V.Set(e, 0, static_cast<O>(g[7] - g[5]));
      this->V.Set(e, 1, static_cast<O>(g[2] - g[6]));
      this->V.Set(e, 2, static_cast<O>(g[3] - g[1]));
    }
    if (this->Q.NumberOfComponents > 0)
      this->Q.Set(e, 0,
                  static_cast<O>(-(g[0] * g[0] + g[4] * g[4] + g[8] * g[8]) / 2.0 -
                                 (g[1] * g[3] + g[2] * g[6] + g[5] * g[7])));
  }
  /// Writes `value` into every output at element e.
  LOOM_EXEC void Fill(Id e, O value) const
  {
    const ComponentPortal<O>* all[4] = { &this->G, &this->D, &this->V, &this->Q };
    for (const ComponentPortal<O>* p : all)
      for (IdComponent c = 0; c < p->NumberOfComponents; ++c)
        p->Set(e, c, value);
  }
};

/// GradientPortals as a worklet argument (fields left empty are not written).
template <typename O>
struct GradientOutputsObject : loom::cont::ExecutionObjectBase
{
  const GradientResult* Result = nullptr;
  IdComponent Components = 1;
  typename ComponentPortalObject<O>::Access Use = ComponentPortalObject<O>::Access::Out;

  template <typename Device>
  GradientPortals<O> PrepareForExecution(Device device) const
  {
    auto prepare = [&](const FieldArray& f) {
      return f.GetNumberOfTuples() > 0 ? ComponentPortalObject<O>(f, this->Use).PrepareForExecution(device)
                                       : ComponentPortal<O>{};
    };
    GradientPortals<O> p;
    p.G = prepare(this->Result->Gradient);
    p.D = prepare(this->Result->Divergence);
    p.V = prepare(this->Result->Vorticity);
    p.Q = prepare(this->Result->QCriterion);
    p.Components = this->Components;
    return p;
  }
};

/// Image and rectilinear grid positions: the sum of each axis's contribution.
struct AxesGeometry
{
  ComponentPortal<double> Axis[3];
  LOOM_EXEC void Point(const Id ijk[3], double x[3]) const
  {
    for (int d = 0; d < 3; ++d)
      x[d] = this->Axis[0].Get(ijk[0], d) + this->Axis[1].Get(ijk[1], d) + this->Axis[2].Get(ijk[2], d);
  }
};
struct AxesGeometryObject : loom::cont::ExecutionObjectBase
{
  const FieldArray* Axis[3] = { nullptr, nullptr, nullptr };
  template <typename Device>
  AxesGeometry PrepareForExecution(Device device) const
  {
    AxesGeometry g;
    for (int a = 0; a < 3; ++a)
      g.Axis[a] = ComponentPortalObject<double>(*this->Axis[a], ComponentPortalObject<double>::Access::In)
                    .PrepareForExecution(device);
    return g;
  }
};
/// Structured grid positions: one stored point per index.
template <typename P>
struct PointGeometry
{
  ComponentPortal<P> Points;
  Id Dims[3] = { 1, 1, 1 };
  LOOM_EXEC void Point(const Id ijk[3], double x[3]) const
  {
    const Id p = ijk[0] + this->Dims[0] * (ijk[1] + this->Dims[1] * ijk[2]);
    for (int d = 0; d < 3; ++d)
      x[d] = static_cast<double>(this->Points.Get(p, d));
  }
};
template <typename P>
struct PointGeometryObject : loom::cont::ExecutionObjectBase
{
  const FieldArray* Points = nullptr;
  Id3 Dims{ 1, 1, 1 };
  template <typename Device>
  PointGeometry<P> PrepareForExecution(Device device) const
  {
    PointGeometry<P> g;
    g.Points = ComponentPortalObject<P>(*this->Points, ComponentPortalObject<P>::Access::In).PrepareForExecution(device);
    for (int a = 0; a < 3; ++a)
      g.Dims[a] = this->Dims[a];
    return g;
  }
};

/// VTK's structured gradient at one point or cell: per index direction the difference of the
/// neighbours' positions and values (central inside, one-sided at the ends, a unit step along a
/// flat direction), then the derivatives through the inverse of that Jacobian.
template <typename T, typename O, typename Mask>
struct StructuredGradientWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn element, ExecObject geometry, ExecObject field, ExecObject outputs);
  using ExecutionSignature = void(_1, _2, _3, _4);
  using MaskType = Mask;
  Id Dims[3] = { 1, 1, 1 };      // elements (points, or cells) per direction
  Id PointDims[3] = { 1, 1, 1 }; // points per direction
  bool Cells = false;

  template <typename Geometry>
  LOOM_EXEC void Position(const Geometry& geometry, const Id ijk[3], double x[3]) const
  {
    if (!this->Cells)
    {
      geometry.Point(ijk, x);
      return;
    }
    // The cell's center: the mean of its corners (a flat direction has one).
    x[0] = x[1] = x[2] = 0.0;
    int corners = 0;
    for (int c = 0; c < 8; ++c)
    {
      const Id corner[3] = { ijk[0] + (c & 1), ijk[1] + ((c >> 1) & 1), ijk[2] + (c >> 2) };
      if (corner[0] >= this->PointDims[0] || corner[1] >= this->PointDims[1] || corner[2] >= this->PointDims[2])
        continue;
      double p[3];
      geometry.Point(corner, p);
      for (int d = 0; d < 3; ++d)
        x[d] += p[d];
      ++corners;
    }
    for (int d = 0; d < 3; ++d)
      x[d] /= corners;
  }

  template <typename Geometry>
  LOOM_EXEC void operator()(Id e, const Geometry& geometry, const ComponentPortal<T>& f,
                            const GradientPortals<O>& out) const
  {
    const IdComponent nc = f.NumberOfComponents;
    const Id row = e / this->Dims[0], k = row / this->Dims[1];
    const Id ijk[3] = { e - row * this->Dims[0], row - k * this->Dims[1], k };
    double dx[3][3], dv[3][MaxComponents];
    for (int a = 0; a < 3; ++a)
    {
      if (this->Dims[a] == 1)
      {
        dx[a][0] = dx[a][1] = dx[a][2] = 0.0;
        dx[a][a] = 1.0;
        for (IdComponent c = 0; c < nc; ++c)
          dv[a][c] = 0.0;
        continue;
      }
      Id plus[3] = { ijk[0], ijk[1], ijk[2] }, minus[3] = { ijk[0], ijk[1], ijk[2] };
      double factor = 1.0;
      if (ijk[a] == 0)
        plus[a] = 1;
      else if (ijk[a] == this->Dims[a] - 1)
        minus[a] = ijk[a] - 1;
      else
      {
        plus[a] = ijk[a] + 1;
        minus[a] = ijk[a] - 1;
        factor = 0.5;
      }
      double xp[3], xm[3];
      this->Position(geometry, plus, xp);
      this->Position(geometry, minus, xm);
      for (int d = 0; d < 3; ++d)
        dx[a][d] = factor * (xp[d] - xm[d]);
      const Id ep = plus[0] + this->Dims[0] * (plus[1] + this->Dims[1] * plus[2]);
      const Id em = minus[0] + this->Dims[0] * (minus[1] + this->Dims[1] * minus[2]);
      for (IdComponent c = 0; c < nc; ++c)
        dv[a][c] = factor * (static_cast<double>(f.Get(ep, c)) - static_cast<double>(f.Get(em, c)));
    }
    // VTK's metrics: the inverse of the Jacobian (zero where it is singular).
    const double xxi = dx[0][0], yxi = dx[0][1], zxi = dx[0][2];
    const double xeta = dx[1][0], yeta = dx[1][1], zeta = dx[1][2];
    const double xzeta = dx[2][0], yzeta = dx[2][1], zzeta = dx[2][2];
    double aj = xxi * yeta * zzeta + yxi * zeta * xzeta + zxi * xeta * yzeta - zxi * yeta * xzeta -
      yxi * xeta * zzeta - xxi * zeta * yzeta;
    if (aj != 0.0)
      aj = 1.0 / aj;
    const double xix = aj * (yeta * zzeta - zeta * yzeta), xiy = -aj * (xeta * zzeta - zeta * xzeta),
                 xiz = aj * (xeta * yzeta - yeta * xzeta);
    const double etax = -aj * (yxi * zzeta - zxi * yzeta), etay = aj * (xxi * zzeta - zxi * xzeta),
                 etaz = -aj * (xxi * yzeta - yxi * xzeta);
    const double zetax = aj * (yxi * zeta - zxi * yeta), zetay = -aj * (xxi * zeta - zxi * xeta),
                 zetaz = aj * (xxi * yeta - yxi * xeta);
    double g[3 * MaxComponents];
    for (IdComponent c = 0; c < nc; ++c)
    {
      g[3 * c] = xix * dv[0][c] + etax * dv[1][c] + zetax * dv[2][c];
      g[3 * c + 1] = xiy * dv[0][c] + etay * dv[1][c] + zetay * dv[2][c];
      g[3 * c + 2] = xiz * dv[0][c] + etaz * dv[1][c] + zetaz * dv[2][c];
    }
    out.Write(e, g);
  }
};

/// The structured gradient on an axis-aligned image or rectilinear grid, where the Jacobian is
/// diagonal: per direction one difference of values times the inverse of that direction's step
/// (InverseStep[a][index], 0 along a flat direction). Unmasked runs visit whole rows (`Rows`), masked
/// runs single points.
template <typename T, typename O, typename Mask>
struct AxisAlignedGradientWorklet : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn item, WholeArrayIn inverseSteps, ExecObject field, ExecObject outputs);
  using ExecutionSignature = void(_1, _2, _3, _4);
  using MaskType = Mask;
  Id Dims[3] = { 1, 1, 1 };
  Id StepOffset[3] = { 0, 0, 0 }; // where each direction's inverse steps start in inverseSteps
  bool Rows = false;

  template <typename Steps>
  LOOM_EXEC void Element(Id i, Id j, Id k, const Steps& steps, const ComponentPortal<T>& f,
                         const GradientPortals<O>& out) const
  {
    const Id ijk[3] = { i, j, k };
    const Id stride[3] = { 1, this->Dims[0], this->Dims[0] * this->Dims[1] };
    const Id e = i + stride[1] * j + stride[2] * k;
    double g[3 * MaxComponents];
    for (int a = 0; a < 3; ++a)
    {
      const double inverse = steps.Get(this->StepOffset[a] + ijk[a]);
      if (this->Dims[a] == 1)
      {
        for (IdComponent c = 0; c < f.NumberOfComponents; ++c)
          g[3 * c + a] = 0.0;
        continue;
      }
      const Id ep = ijk[a] + 1 < this->Dims[a] ? e + stride[a] : e;
      const Id em = ijk[a] > 0 ? e - stride[a] : e;
      const double factor = ep - em == 2 * stride[a] ? 0.5 : 1.0;
      for (IdComponent c = 0; c < f.NumberOfComponents; ++c)
        g[3 * c + a] = factor * (static_cast<double>(f.Get(ep, c)) - static_cast<double>(f.Get(em, c))) * inverse;
    }
    out.Write(e, g);
  }

  template <typename Steps>
  LOOM_EXEC void operator()(Id item, const Steps& steps, const ComponentPortal<T>& f,
                            const GradientPortals<O>& out) const
  {
    if (this->Rows)
    {
      const Id k = item / this->Dims[1], j = item - k * this->Dims[1];
      for (Id i = 0; i < this->Dims[0]; ++i)
        this->Element(i, j, k, steps, f, out);
      return;
    }
    const Id row = item / this->Dims[0], k = row / this->Dims[1];
    this->Element(item - row * this->Dims[0], row - k * this->Dims[1], k, steps, f, out);
  }
};

/// Reads a cell's corner positions; false when it has more corners than the family handles.
template <typename P, typename Ids>
LOOM_EXEC bool CornerPositions(const ComponentPortal<P>& points, const Ids& ids, IdComponent n, double x[][3])
{
  if (n > MaxCellPoints)
    return false;
  for (IdComponent k = 0; k < n; ++k)
    for (int d = 0; d < 3; ++d)
      x[k][d] = static_cast<double>(points.Get(static_cast<Id>(ids[k]), d));
  return true;
}

/// Per cell: the gradient of a point field at the cell's parametric center.
template <typename T, typename P, typename O, typename Mask>
struct CellGradientWorklet : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, ExecObject points, ExecObject field, ExecObject outputs);
  using ExecutionSignature = void(CellShape, PointIndices, _2, _3, _4, InputIndex);
  using MaskType = Mask;

  template <typename Ids>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, const ComponentPortal<P>& points,
                            const ComponentPortal<T>& f, const GradientPortals<O>& out, Id cell) const
  {
    const IdComponent n = ids.GetNumberOfComponents();
    double x[MaxCellPoints][3], W[MaxCellPoints][3], pc[3];
    double g[3 * MaxComponents];
    for (IdComponent c = 0; c < 3 * f.NumberOfComponents; ++c)
      g[c] = 0.0;
    if (Differentiable(shape, n) && CornerPositions(points, ids, n, x))
    {
      CenterPCoords(shape, pc);
      GradientWeights(shape, n, x, pc, W);
      for (IdComponent k = 0; k < n; ++k)
        for (IdComponent c = 0; c < f.NumberOfComponents; ++c)
        {
          const double v = static_cast<double>(f.Get(static_cast<Id>(ids[k]), c));
          for (int d = 0; d < 3; ++d)
            g[3 * c + d] += W[k][d] * v;
        }
    }
    out.Write(cell, g);
  }
};

/// The lowest dimension of the cells that count at a point: all (-1), the point's highest (Patch),
/// or the dataset's highest (MinimumDimension).
struct ContributingRule
{
  GradientOptions::Contributing Option = GradientOptions::Contributing::All;
  int DataSetDimension = 0;

  template <typename CellIds, typename Shapes>
  LOOM_EXEC int MinimumDimension(const CellIds& cells, const Shapes& shapes) const
  {
    if (this->Option == GradientOptions::Contributing::All)
      return -1;
    if (this->Option == GradientOptions::Contributing::DataSetMax)
      return this->DataSetDimension;
    int highest = -1;
    for (IdComponent i = 0; i < cells.GetNumberOfComponents(); ++i)
    {
      const int d = ShapeDimension(static_cast<UInt8>(shapes.Get(static_cast<Id>(cells[i]))));
      highest = d > highest ? d : highest;
    }
    return highest;
  }
};

/// Per point: the mean over the contributing cells using the point exactly once of each cell's
/// derivative at the point; `Replacement` where no cell contributes.
template <typename T, typename P, typename O, typename Mask>
struct PointGradientWorklet : loom::worklet::WorkletVisitPointsWithCells
{
  using ControlSignature = void(CellSetIn, WholeArrayIn shapes, WholeArrayIn offsets, WholeArrayIn connectivity,
                                ExecObject points, ExecObject field, ExecObject outputs);
  using ExecutionSignature = void(CellIndices, _2, _3, _4, _5, _6, _7, InputIndex);
  using MaskType = Mask;
  ContributingRule Rule;
  O Replacement{};

  template <typename CellIds, typename Shapes, typename Offsets, typename Connectivity>
  LOOM_EXEC void operator()(const CellIds& cells, const Shapes& shapes, const Offsets& offsets,
                            const Connectivity& connectivity, const ComponentPortal<P>& points,
                            const ComponentPortal<T>& f, const GradientPortals<O>& out, Id point) const
  {
    const IdComponent nc = f.NumberOfComponents;
    const int minimum = this->Rule.MinimumDimension(cells, shapes);
    double g[3 * MaxComponents];
    for (IdComponent c = 0; c < 3 * nc; ++c)
      g[c] = 0.0;
    Id valid = 0;
    for (IdComponent i = 0; i < cells.GetNumberOfComponents(); ++i)
    {
      const Id cell = static_cast<Id>(cells[i]);
      const UInt8 shape = static_cast<UInt8>(shapes.Get(cell));
      const Id begin = static_cast<Id>(offsets.Get(cell));
      const IdComponent n = static_cast<IdComponent>(static_cast<Id>(offsets.Get(cell + 1)) - begin);
      if (ShapeDimension(shape) < minimum || !Differentiable(shape, n))
        continue;
      Id ids[MaxCellPoints];
      IdComponent corner = -1, times = 0;
      for (IdComponent k = 0; k < n; ++k)
      {
        ids[k] = static_cast<Id>(connectivity.Get(begin + k));
        if (ids[k] == point)
        {
          corner = k;
          ++times;
        }
      }
      if (times != 1)
        continue; // degenerate at this point, as VTK skips it
      ++valid;
      IdComponent lo[3], hi[3];
      const int dim = CornerEdges(shape, corner, lo, hi);
      if (dim < 0)
      {
        // Vertices (zero) and lines: the general weights.
        double x[MaxCellPoints][3], W[MaxCellPoints][3], pc[3];
        CornerPositions(points, ids, n, x);
        CornerPCoords(shape, corner, pc);
        GradientWeights(shape, n, x, pc, W);
        for (IdComponent k = 0; k < n; ++k)
          for (IdComponent c = 0; c < nc; ++c)
          {
            const double v = static_cast<double>(f.Get(ids[k], c));
            for (int d = 0; d < 3; ++d)
              g[3 * c + d] += W[k][d] * v;
          }
        continue;
      }
      // At a corner only the edges leaving it matter: the Jacobian's rows are those edges.
      double e[3][3], R[3][3];
      for (int a = 0; a < dim; ++a)
        for (int d = 0; d < 3; ++d)
          e[a][d] = static_cast<double>(points.Get(ids[hi[a]], d)) - static_cast<double>(points.Get(ids[lo[a]], d));
      if (!EdgeInverse(dim, e, R))
        continue;
      for (IdComponent c = 0; c < nc; ++c)
        for (int a = 0; a < dim; ++a)
        {
          const double dv = static_cast<double>(f.Get(ids[hi[a]], c)) - static_cast<double>(f.Get(ids[lo[a]], c));
          for (int d = 0; d < 3; ++d)
            g[3 * c + d] += R[a][d] * dv;
        }
    }
    if (valid == 0)
    {
      out.Fill(point, this->Replacement);
      return;
    }
    for (IdComponent c = 0; c < 3 * nc; ++c)
      g[c] /= static_cast<double>(valid);
    out.Write(point, g);
  }
};

/// Per point: the mean of the contributing cells' values (vtkCellDataToPointData), 0 where none.
template <typename T, typename Mask>
struct ContributingAverageWorklet : loom::worklet::WorkletVisitPointsWithCells
{
  using ControlSignature = void(CellSetIn, WholeArrayIn shapes, ExecObject cellField, ExecObject pointField);
  using ExecutionSignature = void(CellIndices, _2, _3, _4, InputIndex);
  using MaskType = Mask;
  ContributingRule Rule;

  template <typename CellIds, typename Shapes>
  LOOM_EXEC void operator()(const CellIds& cells, const Shapes& shapes, const ComponentPortal<T>& in,
                            const ComponentPortal<T>& out, Id point) const
  {
    const int minimum = this->Rule.MinimumDimension(cells, shapes);
    for (IdComponent c = 0; c < in.NumberOfComponents; ++c)
    {
      double sum = 0.0;
      Id count = 0;
      for (IdComponent i = 0; i < cells.GetNumberOfComponents(); ++i)
      {
        const Id cell = static_cast<Id>(cells[i]);
        if (minimum >= 0 && ShapeDimension(static_cast<UInt8>(shapes.Get(cell))) < minimum)
          continue;
        sum += static_cast<double>(in.Get(cell, c));
        ++count;
      }
      out.Set(point, c, static_cast<T>(count > 0 ? sum / static_cast<double>(count) : 0.0));
    }
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace gradient
} // namespace algorithms
} // namespace loom
