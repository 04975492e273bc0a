// Loom algorithms, locate family: where a point lies in one linear cell (parametric coordinates, inside or
// not) and the cell's interpolation weights there, written after VTK's cells (vtkTetra, vtkHexahedron,
// vtkWedge, vtkPyramid, vtkVoxel, vtkTriangle, vtkQuad, vtkPixel EvaluatePosition: the same start, steps,
// convergence tests and parametric slack), so that Loom finds the cells and weights VTK's probe finds.
// Shared by the CPU devices and CUDA.
#pragma once

#include <loom/CellShape.h>
#include <loom/Macros.h>
#include <loom/Types.h>

#include <cmath>
#include <initializer_list>

namespace loom
{
namespace algorithms
{
namespace locate
{
/// The points of one cell: up to eight, xyz.
struct CellCorners
{
  int N = 0;
  UInt8 Shape = 0;
  Id Ids[8];
  double X[8][3];
};

LOOM_EXEC inline double Det3(const double* c1, const double* c2, const double* c3)
{
  return c1[0] * c2[1] * c3[2] + c2[0] * c3[1] * c1[2] + c3[0] * c1[1] * c2[2] - c1[0] * c3[1] * c2[2] -
    c2[0] * c1[1] * c3[2] - c3[0] * c2[1] * c1[2];
}
LOOM_EXEC inline double Det2(const double* c1, const double* c2)
{
  return c1[0] * c2[1] - c2[0] * c1[1];
}
LOOM_EXEC inline double Distance2(const double* a, const double* b)
{
  const double d0 = a[0] - b[0], d1 = a[1] - b[1], d2 = a[2] - b[2];
  return d0 * d0 + d1 * d1 + d2 * d2;
}
LOOM_EXEC inline bool InSlack(double v, double slack)
{
  return v >= -slack && v <= 1.0 + slack;
}

/// The interpolation weights of a linear cell at parametric coordinates `r` (VTK's point order).
LOOM_EXEC inline void Weights(UInt8 shape, const double* r, double* w)
{
  const double rm = 1.0 - r[0], sm = 1.0 - r[1], tm = 1.0 - r[2];
  switch (shape)
  {
    case CELL_SHAPE_TRIANGLE:
      w[0] = 1.0 - (r[0] + r[1]);
      w[1] = r[0];
      w[2] = r[1];
      return;
    case CELL_SHAPE_QUAD:
      w[0] = rm * sm;
      w[1] = r[0] * sm;
      w[2] = r[0] * r[1];
      w[3] = rm * r[1];
      return;
    case CELL_SHAPE_PIXEL:
      w[0] = rm * sm;
      w[1] = r[0] * sm;
      w[2] = rm * r[1];
      w[3] = r[0] * r[1];
      return;
    case CELL_SHAPE_TETRA:
      w[0] = 1.0 - r[0] - r[1] - r[2];
      w[1] = r[0];
      w[2] = r[1];
      w[3] = r[2];
      return;
    case CELL_SHAPE_VOXEL:
      w[0] = rm * sm * tm;
      w[1] = r[0] * sm * tm;
      w[2] = rm * r[1] * tm;
      w[3] = r[0] * r[1] * tm;
      w[4] = rm * sm * r[2];
      w[5] = r[0] * sm * r[2];
      w[6] = rm * r[1] * r[2];
      w[7] = r[0] * r[1] * r[2];
      return;
    case CELL_SHAPE_HEXAHEDRON:
      w[0] = rm * sm * tm;
      w[1] = r[0] * sm * tm;
      w[2] = r[0] * r[1] * tm;
      w[3] = rm * r[1] * tm;
      w[4] = rm * sm * r[2];
      w[5] = r[0] * sm * r[2];
      w[6] = r[0] * r[1] * r[2];
      w[7] = rm * r[1] * r[2];
      return;
    case CELL_SHAPE_WEDGE:
      w[0] = (1.0 - r[0] - r[1]) * tm;
      w[1] = r[0] * tm;
      w[2] = r[1] * tm;
      w[3] = (1.0 - r[0] - r[1]) * r[2];
      w[4] = r[0] * r[2];
      w[5] = r[1] * r[2];
      return;
    case CELL_SHAPE_PYRAMID:
      w[0] = rm * sm * tm;
      w[1] = r[0] * sm * tm;
      w[2] = r[0] * r[1] * tm;
      w[3] = rm * r[1] * tm;
      w[4] = r[2];
      return;
    default: return;
  }
}

/// The derivatives of the weights of a hexahedron, wedge or pyramid along r, s and t (n per direction).
LOOM_EXEC inline void Derivatives(UInt8 shape, const double* r, double* d)
{
  const double rm = 1.0 - r[0], sm = 1.0 - r[1], tm = 1.0 - r[2];
  if (shape == CELL_SHAPE_HEXAHEDRON)
  {
    const double dr[8] = { -sm * tm, sm * tm, r[1] * tm, -r[1] * tm, -sm * r[2], sm * r[2], r[1] * r[2], -r[1] * r[2] };
    const double ds[8] = { -rm * tm, -r[0] * tm, r[0] * tm, rm * tm, -rm * r[2], -r[0] * r[2], r[0] * r[2], rm * r[2] };
    const double dt[8] = { -rm * sm, -r[0] * sm, -r[0] * r[1], -rm * r[1], rm * sm, r[0] * sm, r[0] * r[1], rm * r[1] };
    for (int k = 0; k < 8; ++k)
    {
      d[k] = dr[k];
      d[k + 8] = ds[k];
      d[k + 16] = dt[k];
    }
  }
  else if (shape == CELL_SHAPE_WEDGE)
  {
    const double v[18] = { -1.0 + r[2], 1.0 - r[2], 0.0, -r[2], r[2], 0.0, -1.0 + r[2], 0.0, 1.0 - r[2],
                           -r[2], 0.0, r[2], -1.0 + r[0] + r[1], -r[0], -r[1], 1.0 - r[0] - r[1], r[0], r[1] };
    for (int k = 0; k < 18; ++k)
      d[k] = v[k];
  }
  else
  {
    const double v[15] = { -sm * tm, sm * tm, r[1] * tm, -r[1] * tm, 0.0, -rm * tm, -r[0] * tm, r[0] * tm, rm * tm, 0.0,
                           -rm * sm, -r[0] * sm, -r[0] * r[1], -rm * r[1], 1.0 };
    for (int k = 0; k < 15; ++k)
      d[k] = v[k];
  }
}

/// Newton's sums over the cell's `n` points (VTK's order: point by point, each product added in turn):
/// f = sum x w, and the columns rc, sc, tc = sum x dw/dr, dw/ds, dw/dt (`d`: n derivatives per direction). On
/// the CPU two sums share each vector operation (f with rc, sc with tc): each sum's own additions, in the
/// same order, to the same bits.
LOOM_EXEC inline void Columns(const CellCorners& c, int n, const double* w, const double* d, double* f, double* rc,
                              double* sc, double* tc)
{
#if defined(__CUDA_ARCH__) || !defined(__GNUC__)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 3; ++j)
    {
      const double coord = c.X[i][j];
      f[j] += coord * w[i];
      rc[j] += coord * d[i];
      sc[j] += coord * d[i + n];
      tc[j] += coord * d[i + 2 * n];
    }
#else
  typedef double Pair __attribute__((vector_size(16)));
  Pair fr[3], st[3];
  for (int j = 0; j < 3; ++j)
  {
    fr[j] = Pair{ f[j], rc[j] };
    st[j] = Pair{ sc[j], tc[j] };
  }
  for (int i = 0; i < n; ++i)
  {
    const Pair a = { w[i], d[i] }, b = { d[i + n], d[i + 2 * n] };
    for (int j = 0; j < 3; ++j)
    {
      const Pair coord = { c.X[i][j], c.X[i][j] };
      fr[j] += coord * a;
      st[j] += coord * b;
    }
  }
  for (int j = 0; j < 3; ++j)
  {
    f[j] = fr[j][0];
    rc[j] = fr[j][1];
    sc[j] = st[j][0];
    tc[j] = st[j][1];
  }
#endif
}

/// Whether a hexahedron's trilinear map is affine: its bilinear and trilinear coefficients (x0 - x1 + x2 - x3,
/// x0 - x1 - x4 + x5, x0 - x3 - x4 + x7, and -x0 + x1 - x2 + x3 + x4 - x5 + x6 - x7) within 1e-13 of the sum of
/// its three edges from point 0, per coordinate.
LOOM_EXEC inline bool Affine(const CellCorners& c)
{
  const double(*x)[3] = c.X;
  for (int j = 0; j < 3; ++j)
  {
    const double scale = 1e-13 * (std::fabs(x[1][j] - x[0][j]) + std::fabs(x[3][j] - x[0][j]) + std::fabs(x[4][j] - x[0][j]));
    const double rs = x[0][j] - x[1][j] + x[2][j] - x[3][j];
    const double rt = x[0][j] - x[1][j] - x[4][j] + x[5][j];
    const double st = x[0][j] - x[3][j] - x[4][j] + x[7][j];
    const double rst = -x[0][j] + x[1][j] - x[2][j] + x[3][j] + x[4][j] - x[5][j] + x[6][j] - x[7][j];
    if (!(std::fabs(rs) <= scale && std::fabs(rt) <= scale && std::fabs(st) <= scale && std::fabs(rst) <= scale))
      return false;
  }
  return true;
}

/// Newton's method for a hexahedron, wedge or pyramid, as VTK's EvaluatePosition: 1 inside, 0 outside, -1
/// when it fails (a small determinant, divergence, no convergence).
/// (One copy per shape: the shape's branches and point count fixed at compile time.)
template <UInt8 Shape>
LOOM_EXEC inline int EvaluateNewtonOf(const CellCorners& c, const double* x, double* pc, bool affineStop)
{
  constexpr bool hex = Shape == CELL_SHAPE_HEXAHEDRON, pyramid = Shape == CELL_SHAPE_PYRAMID;
  constexpr int n = hex ? 8 : pyramid ? 5 : 6;
  if (pyramid)
  {
    // The apex first (VTK: the inversion has trouble there).
    const double* apex = c.X[4];
    const double d2 = Distance2(apex, x);
    double mid[3] = { 0, 0, 0 };
    for (int k = 0; k < 4; ++k)
      for (int j = 0; j < 3; ++j)
        mid[j] += c.X[k][j];
    for (int j = 0; j < 3; ++j)
      mid[j] /= 4.;
    const double l2 = Distance2(apex, mid);
    if (d2 == 0. || (l2 != 0. && d2 / l2 < 1.e-6))
    {
      pc[0] = pc[1] = 0;
      pc[2] = 1;
      return 1;
    }
  }
  // A scale for an acceptable determinant: the longest diagonal (hexahedron) or edge, cubed.
  constexpr int hexDiagonals[4][2] = { { 0, 6 }, { 1, 7 }, { 2, 4 }, { 3, 5 } };
  constexpr int wedgeEdges[9][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 3, 4 }, { 4, 5 }, { 5, 3 }, { 0, 3 }, { 1, 4 }, { 2, 5 } };
  constexpr int pyramidEdges[8][2] = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 0 }, { 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 } };
  double longest = 0;
  const int pairs = hex ? 4 : pyramid ? 8 : 9;
  for (int i = 0; i < pairs; ++i)
  {
    const int* e = hex ? hexDiagonals[i] : pyramid ? pyramidEdges[i] : wedgeEdges[i];
    const double d2 = Distance2(c.X[e[0]], c.X[e[1]]);
    longest = longest < d2 ? d2 : longest;
  }
  // VTK: the smaller of 1e-20 and 1e-5 longest^1.5, which is 1e-20 unless the cell is tiny (longest under
  // 1e-10): pow only then.
  const double detTolerance = longest >= 1e-9 ? 1e-20
                                               : (1e-20 < .00001 * std::pow(longest, 1.5) ? 1e-20 : .00001 * std::pow(longest, 1.5));
  const double start = pyramid ? 0.3333333 : 0.5;
  const double converged = hex ? 1.e-05 : 1.e-03;
  double params[3] = { start, start, start };
  pc[0] = pc[1] = pc[2] = start;
  double w[8], d[24];
  bool done = false;
  for (int iteration = 0; !done && iteration < 10; ++iteration)
  {
    double f[3] = { 0, 0, 0 }, rc[3] = { 0, 0, 0 }, sc[3] = { 0, 0, 0 }, tc[3] = { 0, 0, 0 };
    Weights(Shape, pc, w);
    Derivatives(Shape, pc, d);
    Columns(c, n, w, d, f, rc, sc, tc);
    for (int j = 0; j < 3; ++j)
      f[j] -= x[j];
    const double det = Det3(rc, sc, tc);
    if (std::fabs(det) < detTolerance)
      return -1;
    pc[0] = params[0] - Det3(f, sc, tc) / det;
    pc[1] = params[1] - Det3(rc, f, tc) / det;
    pc[2] = params[2] - Det3(rc, sc, f) / det;
    if (std::fabs(pc[0] - params[0]) < converged && std::fabs(pc[1] - params[1]) < converged &&
        std::fabs(pc[2] - params[2]) < converged)
      done = true;
    else if (std::fabs(pc[0]) > 1.e6 || std::fabs(pc[1]) > 1.e6 || std::fabs(pc[2]) > 1.e6)
      return -1;
    else if (hex && affineStop && iteration == 0 && Affine(c))
      done = true; // the first step solved it: the second would move pc by its rounding only
    else
      for (int j = 0; j < 3; ++j)
        params[j] = pc[j];
  }
  if (!done)
    return -1;
  const double slack = hex ? 1.e-06 : 0.001;
  const bool inside = InSlack(pc[0], slack) && InSlack(pc[1], slack) && InSlack(pc[2], slack) &&
    (Shape != CELL_SHAPE_WEDGE || pc[0] + pc[1] <= 1.001);
  return inside ? 1 : 0;
}
/// `affineStop`: a hexahedron whose trilinear map is affine (a parallelepiped, to 1e-13 of its edges) stops after
/// Newton's first step, which solves a linear map; VTK takes a second, which moves the parametric coordinates
/// by rounding only. Off, VTK's steps and bits.
LOOM_EXEC inline int EvaluateNewton(const CellCorners& c, const double* x, double* pc, bool affineStop = false)
{
  switch (c.Shape)
  {
    case CELL_SHAPE_HEXAHEDRON: return EvaluateNewtonOf<CELL_SHAPE_HEXAHEDRON>(c, x, pc, affineStop);
    case CELL_SHAPE_WEDGE: return EvaluateNewtonOf<CELL_SHAPE_WEDGE>(c, x, pc, false);
    default: return EvaluateNewtonOf<CELL_SHAPE_PYRAMID>(c, x, pc, false);
  }
}

/// vtkTriangle::ComputeNormalDirection(v1, v2, v3): (v3 - v2) x (v1 - v2).
LOOM_EXEC inline void NormalDirection(const double* v1, const double* v2, const double* v3, double* n)
{
  const double a[3] = { v3[0] - v2[0], v3[1] - v2[1], v3[2] - v2[2] };
  const double b[3] = { v1[0] - v2[0], v1[1] - v2[1], v1[2] - v2[2] };
  n[0] = a[1] * b[2] - a[2] * b[1];
  n[1] = a[2] * b[0] - a[0] * b[2];
  n[2] = a[0] * b[1] - a[1] * b[0];
}
LOOM_EXEC inline void UnitNormal(const double* v1, const double* v2, const double* v3, double* n)
{
  NormalDirection(v1, v2, v3, n);
  const double l = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (l != 0.0)
    for (int j = 0; j < 3; ++j)
      n[j] /= l;
}
/// x projected on the plane through `o` with unit normal `n` (vtkPlane::ProjectPoint).
LOOM_EXEC inline void Project(const double* x, const double* o, const double* n, double* p)
{
  const double t = n[0] * (x[0] - o[0]) + n[1] * (x[1] - o[1]) + n[2] * (x[2] - o[2]);
  for (int j = 0; j < 3; ++j)
    p[j] = x[j] - t * n[j];
}
/// The two axes other than the normal's largest component.
LOOM_EXEC inline void PlaneAxes(const double* n, int* axes)
{
  int idx = 0;
  double largest = 0.0;
  for (int i = 0; i < 3; ++i)
  {
    const double a = n[i] < 0 ? -n[i] : n[i];
    if (a > largest)
    {
      largest = a;
      idx = i;
    }
  }
  for (int j = 0, i = 0; i < 3; ++i)
    if (i != idx)
      axes[j++] = i;
}

/// Whether `x` lies in the cell (1), outside (0) or the cell is degenerate (-1), its parametric coordinates
/// `pc` and, for 2D cells, the squared distance from x to the cell's plane (`dist2`; 0 for 3D cells);
/// `affineStop` as EvaluateNewton's.
LOOM_EXEC inline int Evaluate(const CellCorners& c, const double* x, double* pc, double& dist2, bool affineStop = false)
{
  dist2 = 0.0;
  pc[0] = pc[1] = pc[2] = 0.0;
  switch (c.Shape)
  {
    case CELL_SHAPE_TETRA:
    {
      const double* p0 = c.X[0];
      double rhs[3], c1[3], c2[3], c3[3];
      for (int i = 0; i < 3; ++i)
      {
        rhs[i] = x[i] - p0[i];
        c1[i] = c.X[1][i] - p0[i];
        c2[i] = c.X[2][i] - p0[i];
        c3[i] = c.X[3][i] - p0[i];
      }
      const double det = Det3(c1, c2, c3);
      if (det == 0.0)
        return -1;
      pc[0] = Det3(rhs, c2, c3) / det;
      pc[1] = Det3(c1, rhs, c3) / det;
      pc[2] = Det3(c1, c2, rhs) / det;
      const double p4 = 1.0 - pc[0] - pc[1] - pc[2];
      return InSlack(pc[0], 0.001) && InSlack(pc[1], 0.001) && InSlack(pc[2], 0.001) && InSlack(p4, 0.001) ? 1 : 0;
    }
    case CELL_SHAPE_VOXEL:
      pc[0] = (x[0] - c.X[0][0]) / (c.X[1][0] - c.X[0][0]);
      pc[1] = (x[1] - c.X[0][1]) / (c.X[2][1] - c.X[0][1]);
      pc[2] = (x[2] - c.X[0][2]) / (c.X[4][2] - c.X[0][2]);
      return InSlack(pc[0], 0.0) && InSlack(pc[1], 0.0) && InSlack(pc[2], 0.0) ? 1 : 0;
    case CELL_SHAPE_HEXAHEDRON:
    case CELL_SHAPE_WEDGE:
    case CELL_SHAPE_PYRAMID: return EvaluateNewton(c, x, pc, affineStop);
    case CELL_SHAPE_TRIANGLE:
    {
      const double *pt1 = c.X[1], *pt2 = c.X[2], *pt3 = c.X[0];
      double n[3], cp[3];
      NormalDirection(pt1, pt2, pt3, n);
      const double n2 = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
      const double t = n[0] * (x[0] - pt1[0]) + n[1] * (x[1] - pt1[1]) + n[2] * (x[2] - pt1[2]);
      for (int j = 0; j < 3; ++j)
        cp[j] = n2 != 0.0 ? x[j] - t * n[j] / n2 : x[j];
      int axes[2];
      PlaneAxes(n, axes);
      double rhs[2], c1[2], c2[2];
      for (int i = 0; i < 2; ++i)
      {
        rhs[i] = cp[axes[i]] - pt3[axes[i]];
        c1[i] = pt1[axes[i]] - pt3[axes[i]];
        c2[i] = pt2[axes[i]] - pt3[axes[i]];
      }
      const double det = Det2(c1, c2);
      if (det == 0.0)
        return -1;
      pc[0] = Det2(rhs, c2) / det;
      pc[1] = Det2(c1, rhs) / det;
      const double w0 = 1 - (pc[0] + pc[1]);
      if (InSlack(w0, 0.0) && InSlack(pc[0], 0.0) && InSlack(pc[1], 0.0))
      {
        dist2 = Distance2(cp, x);
        return 1;
      }
      return 0;
    }
    case CELL_SHAPE_PIXEL:
    {
      double n[3], cp[3], p21[3], p31[3], p[3];
      UnitNormal(c.X[0], c.X[1], c.X[2], n);
      Project(x, c.X[0], n, cp);
      for (int i = 0; i < 3; ++i)
      {
        p21[i] = c.X[1][i] - c.X[0][i];
        p31[i] = c.X[2][i] - c.X[0][i];
        p[i] = x[i] - c.X[0][i];
      }
      double l21 = std::sqrt(p21[0] * p21[0] + p21[1] * p21[1] + p21[2] * p21[2]);
      double l31 = std::sqrt(p31[0] * p31[0] + p31[1] * p31[1] + p31[2] * p31[2]);
      l21 = l21 == 0.0 ? 1.0 : l21;
      l31 = l31 == 0.0 ? 1.0 : l31;
      pc[0] = (p21[0] * p[0] + p21[1] * p[1] + p21[2] * p[2]) / (l21 * l21);
      pc[1] = (p31[0] * p[0] + p31[1] * p[1] + p31[2] * p[2]) / (l31 * l31);
      if (InSlack(pc[0], 0.0) && InSlack(pc[1], 0.0))
      {
        dist2 = Distance2(cp, x);
        return 1;
      }
      return 0;
    }
    case CELL_SHAPE_QUAD:
    {
      double n[3], cp[3];
      UnitNormal(c.X[0], c.X[1], c.X[2], n);
      if (n[0] == 0.0 && n[1] == 0.0 && n[2] == 0.0)
        UnitNormal(c.X[1], c.X[2], c.X[3], n);
      Project(x, c.X[0], n, cp);
      int axes[2];
      PlaneAxes(n, axes);
      double params[2] = { 0.5, 0.5 };
      pc[0] = pc[1] = 0.5;
      bool done = false;
      for (int iteration = 0; !done && iteration < 20; ++iteration)
      {
        const double rm = 1.0 - pc[0], sm = 1.0 - pc[1];
        const double w[4] = { rm * sm, pc[0] * sm, pc[0] * pc[1], rm * pc[1] };
        const double dr[4] = { -sm, sm, pc[1], -pc[1] }, ds[4] = { -rm, -pc[0], pc[0], rm };
        double f[2] = { 0, 0 }, rc[2] = { 0, 0 }, sc[2] = { 0, 0 };
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 2; ++j)
          {
            const double coord = c.X[i][axes[j]];
            f[j] += coord * w[i];
            rc[j] += coord * dr[i];
            sc[j] += coord * ds[i];
          }
        for (int j = 0; j < 2; ++j)
          f[j] -= cp[axes[j]];
        const double det = Det2(rc, sc);
        if (det == 0.0)
          return -1;
        pc[0] = params[0] - Det2(f, sc) / det;
        pc[1] = params[1] - Det2(rc, f) / det;
        if (std::fabs(pc[0] - params[0]) < 1.e-04 && std::fabs(pc[1] - params[1]) < 1.e-04)
          done = true;
        else if (std::fabs(pc[0]) > 1.e6 || std::fabs(pc[1]) > 1.e6)
          return -1;
        else
        {
          params[0] = pc[0];
          params[1] = pc[1];
        }
      }
      if (!done)
        return -1;
      if (InSlack(pc[0], 0.001) && InSlack(pc[1], 0.001))
      {
        dist2 = Distance2(cp, x);
        return 1;
      }
      return 0;
    }
    default: return -1;
  }
}

/// VTK's CellBoundary: the face (3D cells) or edge (2D cells) of a cell nearest to parametric coordinates `pc`
/// (its local point indices into `face`, their count returned; 0 for another shape), and for hexahedra and
/// voxels which face (0 t = 0, 1 r = 1, 2 s = 0, 3 t = 1, 4 r = 0, 5 s = 1) into `side`. VTK's walk from cell
/// to cell crosses it (vtkClosestPointStrategy, the interpolated velocity field).
LOOM_EXEC inline int BoundaryFace(UInt8 shape, const double* pc, int* face, int& side)
{
  auto set = [&](std::initializer_list<int> ids) {
    int n = 0;
    for (int i : ids)
      face[n++] = i;
    return n;
  };
  side = -1;
  if (shape == CELL_SHAPE_TRIANGLE)
  {
    // Three regions of the parametric triangle, split by lines through its centroid.
    const double t1 = pc[0] - pc[1], t2 = 0.5 * (1.0 - pc[0]) - pc[1], t3 = 2.0 * pc[0] + pc[1] - 1.0;
    if (t1 >= 0.0 && t2 >= 0.0)
      return set({ 0, 1 });
    if (t2 < 0.0 && t3 >= 0.0)
      return set({ 1, 2 });
    return set({ 2, 0 });
  }
  if (shape == CELL_SHAPE_QUAD || shape == CELL_SHAPE_PIXEL)
  {
    // The square's diagonals split it into the four edges' regions (a pixel's corners x fastest).
    const double t1 = pc[0] - pc[1], t2 = 1.0 - pc[0] - pc[1];
    const bool pixel = shape == CELL_SHAPE_PIXEL;
    if (t1 >= 0.0 && t2 >= 0.0)
      return set({ 0, 1 });
    if (t1 >= 0.0)
      return pixel ? set({ 1, 3 }) : set({ 1, 2 });
    if (t2 < 0.0)
      return pixel ? set({ 3, 2 }) : set({ 2, 3 });
    return pixel ? set({ 2, 0 }) : set({ 3, 0 });
  }
  if (shape == CELL_SHAPE_TETRA)
  {
    double least = 1.0 - pc[0] - pc[1] - pc[2];
    int idx = 3;
    for (int i = 0; i < 3; ++i)
      if (pc[i] < least)
      {
        least = pc[i];
        idx = i;
      }
    return idx == 0 ? set({ 0, 2, 3 }) : idx == 1 ? set({ 0, 1, 3 }) : idx == 2 ? set({ 0, 1, 2 }) : set({ 1, 2, 3 });
  }
  if (shape == CELL_SHAPE_HEXAHEDRON || shape == CELL_SHAPE_VOXEL)
  {
    const double t1 = pc[0] - pc[1], t2 = 1.0 - pc[0] - pc[1], t3 = pc[1] - pc[2], t4 = 1.0 - pc[1] - pc[2],
                 t5 = pc[2] - pc[0], t6 = 1.0 - pc[2] - pc[0];
    if (t3 >= 0.0 && t4 >= 0.0 && t5 < 0.0 && t6 >= 0.0)
      side = 0;
    else if (t1 >= 0.0 && t2 < 0.0 && t5 < 0.0 && t6 < 0.0)
      side = 1;
    else if (t1 >= 0.0 && t2 >= 0.0 && t3 < 0.0 && t4 >= 0.0)
      side = 2;
    else if (t3 < 0.0 && t4 < 0.0 && t5 >= 0.0 && t6 < 0.0)
      side = 3;
    else if (t1 < 0.0 && t2 >= 0.0 && t5 >= 0.0 && t6 >= 0.0)
      side = 4;
    else
      side = 5;
    if (shape == CELL_SHAPE_VOXEL)
    {
      const int v[6][4] = { { 0, 1, 3, 2 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 }, { 4, 5, 7, 6 }, { 0, 4, 6, 2 }, { 3, 2, 6, 7 } };
      return set({ v[side][0], v[side][1], v[side][2], v[side][3] });
    }
    const int h[6][4] = { { 0, 1, 2, 3 }, { 1, 2, 6, 5 }, { 0, 1, 5, 4 }, { 4, 5, 6, 7 }, { 0, 4, 7, 3 }, { 2, 3, 7, 6 } };
    return set({ h[side][0], h[side][1], h[side][2], h[side][3] });
  }
  if (shape == CELL_SHAPE_WEDGE)
  {
    const double normals[9][3] = { { 0.0, 0.83205, -0.5547 },         { -0.639602, -0.639602, -0.426401 }, { 0.83205, 0.0, -0.5547 },
                                   { 0.0, 0.83205, 0.5547 },          { -0.639602, -0.639602, 0.426401 },  { 0.83205, 0.0, 0.5547 },
                                   { -0.707107, 0.707107, 0.0 },      { 0.447214, 0.894427, 0.0 },         { 0.894427, 0.447214, 0.0 } };
    const double at[3] = { 0.333333, 0.333333, 0.5 };
    double v[9];
    for (int i = 0; i < 9; ++i)
      v[i] = normals[i][0] * (pc[0] - at[0]) + normals[i][1] * (pc[1] - at[1]) + normals[i][2] * (pc[2] - at[2]);
    if (v[0] >= 0.0 && v[1] >= 0.0 && v[2] >= 0.0)
      return set({ 0, 1, 2 });
    if (v[3] >= 0.0 && v[4] >= 0.0 && v[5] >= 0.0)
      return set({ 3, 4, 5 });
    if (v[0] <= 0.0 && v[3] <= 0.0 && v[6] <= 0.0 && v[7] <= 0.0)
      return set({ 0, 1, 4, 3 });
    if (v[1] <= 0.0 && v[4] <= 0.0 && v[7] >= 0.0 && v[8] >= 0.0)
      return set({ 1, 2, 5, 4 });
    return set({ 2, 0, 3, 5 });
  }
  if (shape == CELL_SHAPE_PYRAMID)
  {
    const double normals[6][3] = { { 0.0, -0.5547002, 0.8320503 }, { 0.5547002, 0.0, 0.8320503 },  { 0.0, 0.5547002, 0.8320503 },
                                   { -0.5547002, 0.0, 0.8320503 }, { 0.70710670, -0.70710670, 0.0 }, { 0.70710670, 0.70710670, 0.0 } };
    const double at[3] = { 0.5, 0.5, 0.3333333 };
    double v[6];
    for (int i = 0; i < 6; ++i)
      v[i] = normals[i][0] * (pc[0] - at[0]) + normals[i][1] * (pc[1] - at[1]) + normals[i][2] * (pc[2] - at[2]);
    if (v[4] >= 0.0 && v[5] <= 0.0 && v[0] >= 0.0)
      return set({ 0, 1, 4 });
    if (v[4] >= 0.0 && v[5] >= 0.0 && v[1] >= 0.0)
      return set({ 1, 2, 4 });
    if (v[4] <= 0.0 && v[5] >= 0.0 && v[2] >= 0.0)
      return set({ 2, 3, 4 });
    if (v[4] <= 0.0 && v[5] <= 0.0 && v[3] >= 0.0)
      return set({ 3, 0, 4 });
    return set({ 0, 1, 2, 3 });
  }
  return 0;
}

/// Whether parametric coordinates `pc` of a cell of `shape` lie in the cell itself, not only within the
/// parametric slack VTK's EvaluatePosition allows around it.
LOOM_EXEC inline bool StrictlyInside(UInt8 shape, const double* pc)
{
  const bool unit = pc[0] >= 0.0 && pc[0] <= 1.0 && pc[1] >= 0.0 && pc[1] <= 1.0 && pc[2] >= 0.0 && pc[2] <= 1.0;
  switch (shape)
  {
    case CELL_SHAPE_TRIANGLE: return pc[0] >= 0.0 && pc[1] >= 0.0 && pc[0] + pc[1] <= 1.0;
    case CELL_SHAPE_TETRA: return pc[0] >= 0.0 && pc[1] >= 0.0 && pc[2] >= 0.0 && pc[0] + pc[1] + pc[2] <= 1.0;
    case CELL_SHAPE_WEDGE: return unit && pc[0] + pc[1] <= 1.0;
    default: return unit;
  }
}

/// The squared diagonal of the box [lo, hi] (VTK's cell length squared, vtkCell::GetLength2).
LOOM_EXEC inline double Diagonal2(const double* lo, const double* hi)
{
  return (hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) + (hi[2] - lo[2]) * (hi[2] - lo[2]);
}

/// VTK's probe with Compute Tolerance: a 2D cell of bounding box [lo, hi] holds a point at squared distance
/// `dist2` from its plane where that is at most 1e-6 of the box's squared diagonal (1e-3 of the diagonal).
LOOM_EXEC inline bool WithinCellTolerance(double dist2, const double* lo, const double* hi)
{
  return dist2 <= Diagonal2(lo, hi) * 1e-6;
}

/// Whether the shape is one Evaluate takes, and its dimension (0 when not).
LOOM_EXEC_CONT inline int LocatableDimension(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_PIXEL: return 2;
    case CELL_SHAPE_TETRA:
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON:
    case CELL_SHAPE_WEDGE:
    case CELL_SHAPE_PYRAMID: return 3;
    default: return 0;
  }
}
/// The number of points of a locatable shape.
LOOM_EXEC_CONT inline int ShapePoints(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_TRIANGLE: return 3;
    case CELL_SHAPE_QUAD:
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_TETRA: return 4;
    case CELL_SHAPE_PYRAMID: return 5;
    case CELL_SHAPE_WEDGE: return 6;
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON: return 8;
    default: return 0;
  }
}
} // namespace locate
} // namespace algorithms
} // namespace loom
