// Loom algorithms, advect family: the particle task (VTK's stream tracer loop for one seed: its velocity
// field's cell cache, integrators, step control and the points it keeps), the derivatives behind the
// vorticity, the sliding normals, and the passes on every device.
#pragma once

#include <loom/algorithms/TaskOutput.h>
#include <loom/algorithms/advect/Advect.h>
#include <loom/algorithms/locate/LocateImpl.h>

#include <cmath>

namespace loom
{
namespace algorithms
{
namespace advect
{
LOOM_UNIT_NAMESPACE_BEGIN
using locate::CellCorners;
using locate::LocatorOnDevice;

/// One kept point of a line.
struct PointRecord
{
  double X[3];
  double PC[3];
  Id Cell;
  double Time;
  double Velocity[3];
  double Vorticity[3];
  double Omega;
  double Rotation;
};

LOOM_EXEC inline double Norm(const double* v)
{
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}
/// vtkMath::Normalize (and vtkVector's): the vector divided by its norm unless it is 0; the norm.
LOOM_EXEC inline double Normalize(double* v)
{
  const double n = Norm(v);
  if (n != 0.0)
    for (int i = 0; i < 3; ++i)
      v[i] /= n;
  return n;
}

LOOM_EXEC inline void Cross(const double* a, const double* b, double* c)
{
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}
LOOM_EXEC inline double Dot(const double* a, const double* b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
/// The derivatives of a voxel's weights along r, s and t (eight per direction, VTK's voxel point order).
LOOM_EXEC inline void VoxelDerivatives(const double* r, double* dn)
{
  const double rm = 1.0 - r[0], sm = 1.0 - r[1], tm = 1.0 - r[2];
  const double v[24] = { -sm * tm, sm * tm, -r[1] * tm, r[1] * tm, -sm * r[2], sm * r[2], -r[1] * r[2], r[1] * r[2],
                         -rm * tm, -r[0] * tm, rm * tm, r[0] * tm, -rm * r[2], -r[0] * r[2], rm * r[2], r[0] * r[2],
                         -rm * sm, -r[0] * sm, -rm * r[1], -r[0] * r[1], rm * sm, r[0] * sm, rm * r[1], r[0] * r[1] };
  for (int k = 0; k < 24; ++k)
    dn[k] = v[k];
}

/// Where the velocity field was last evaluated (VTK's interpolated velocity field's cache: its last cell, tried
/// first for the next point).
struct Where
{
  Id Cell = -1;
  double PC[3] = { 0, 0, 0 };
  int N = 0;
  Id Ids[8];
  double W[8];
};

/// The vector field on a located dataset: the velocity at a point (VTK's FunctionValues), the cell's length
/// (its bounding box's diagonal) and the vorticity there.
template <typename T>
struct VelocityField
{
  LocatorOnDevice L;
  ComponentPortal<T> V;
  bool CellVectors;
  /// Explicit cells: the cells of each point (reverse connectivity), for VTK's walk from cell to cell.
  const Id* LinkOffsets = nullptr;
  const Id* LinkCells = nullptr;
  /// Cells another piece owns (AdvectInPiece: non-zero where a ghost cell is): a point in one is not here.
  const UInt8* Skip = nullptr;
  /// A piece of a dataset (AdvectInPiece): where the closest-point search finds no cell (the closest point of
  /// the whole dataset may be another piece's), any cell the locator finds that holds the point.
  bool Piece = false;
  /// A piece's inner faces (AdvectOptions::PieceBox): beyond one a point is not here.
  double Box[6] = { -1.0e300, 1.0e300, -1.0e300, 1.0e300, -1.0e300, 1.0e300 };

  /// Cell `cell`'s corners and their coordinates into `c`; false for a cell of another point count than its
  /// shape has (the locator takes none).
  LOOM_EXEC bool Corners(Id cell, CellCorners& c) const
  {
    this->L.Cells.Ids(cell, c);
    if (c.N != locate::ShapePoints(c.Shape))
      return false;
    for (int k = 0; k < c.N; ++k)
      this->L.Points.Get(c.Ids[k], c.X[k]);
    return true;
  }

  /// The cell across `face` (local indices into `c`, `side` for a structured hexahedron) from `cell`, or -1.
  LOOM_EXEC Id Across(Id cell, const CellCorners& c, const int* face, int n, int side) const
  {
    if (this->L.Cells.Kind == 2)
    {
      const Id* dims = this->L.Cells.Dims;
      const Id cx = dims[0] - 1, cy = dims[1] - 1, cz = dims[2] - 1;
      Id ijk[3] = { cell % cx, (cell / cx) % cy, cell / (cx * cy) };
      const int axis[6] = { 2, 0, 1, 2, 0, 1 }, step[6] = { -1, 1, -1, 1, -1, 1 };
      if (side < 0)
        return -1;
      ijk[axis[side]] += step[side];
      const Id count[3] = { cx, cy, cz };
      if (ijk[axis[side]] < 0 || ijk[axis[side]] >= count[axis[side]])
        return -1;
      return ijk[0] + cx * (ijk[1] + cy * ijk[2]);
    }
    if (!this->LinkOffsets || n == 0)
      return -1;
    const Id p0 = c.Ids[face[0]];
    for (Id q = this->LinkOffsets[p0]; q < this->LinkOffsets[p0 + 1]; ++q)
    {
      const Id other = this->LinkCells[q];
      if (other == cell)
        continue;
      CellCorners o;
      this->L.Cells.Ids(other, o);
      bool all = true;
      for (int f = 1; f < n && all; ++f)
      {
        bool found = false;
        for (int k = 0; k < o.N && k < 8 && !found; ++k)
          found = o.Ids[k] == c.Ids[face[f]];
        all = found;
      }
      if (all)
        return other;
    }
    return -1;
  }

  /// VTK's walk from `start` (its closest-point strategy from the cached cell): up to twelve cells, each time
  /// across the face nearest to x, until one contains x; -1 when the walk ends first.
  LOOM_EXEC Id Walk(Id start, const double* x, double* pc) const
  {
    Id visited[12];
    int seen = 0;
    Id cell = start;
    for (int walk = 0; walk < 12 && cell >= 0; ++walk)
    {
      for (int v = 0; v < seen; ++v)
        if (visited[v] == cell)
          return -1;
      visited[seen++] = cell;
      CellCorners c;
      if (!this->Corners(cell, c))
        return -1;
      double dist2 = 0.0;
      if (locate::Evaluate(c, x, pc, dist2) == 1)
        return cell;
      int face[4], side = -1;
      const int n = locate::BoundaryFace(c.Shape, pc, face, side);
      cell = this->Across(cell, c, face, n, side);
    }
    return -1;
  }

  /// Grid cells (image, rectilinear): the cell's index per axis.
  LOOM_EXEC void GridIndex(Id cell, Id* ijk) const
  {
    Id rest = cell;
    for (int a = 0; a < 3; ++a)
    {
      const Id cells = this->L.Dims[a] > 1 ? this->L.Dims[a] - 1 : 1;
      ijk[a] = rest % cells;
      rest /= cells;
    }
  }
  /// The width of grid cell `ijk` along axis a.
  LOOM_EXEC double GridWidth(const Id* ijk, int a) const
  {
    return this->L.Type == 1 ? this->L.Coordinates[a][ijk[a] + 1] - this->L.Coordinates[a][ijk[a]] : this->L.Spacing[a];
  }

  /// Whether x lies in the cached cell (VTK's EvaluatePosition returning 1: a voxel's closed box, a 3D cell
  /// within its parametric slack), its parametric coordinates into `pc`.
  LOOM_EXEC bool InCell(Id cell, const double* x, double* pc) const
  {
    if (this->L.Type == 2)
    {
      CellCorners c;
      double dist2 = 0.0;
      return this->Corners(cell, c) && locate::Evaluate(c, x, pc, dist2) == 1;
    }
    Id ijk[3];
    this->GridIndex(cell, ijk);
    if (this->L.Type == 0)
    {
      const double* m = this->L.PhysicalToIndex;
      for (int a = 0; a < 3; ++a)
      {
        const double index = m[4 * a] * x[0] + m[4 * a + 1] * x[1] + m[4 * a + 2] * x[2] + m[4 * a + 3];
        pc[a] = index - static_cast<double>(ijk[a] + this->L.ExtentMin[a]);
        if (!(pc[a] >= 0.0 && pc[a] <= 1.0))
          return false;
      }
      return true;
    }
    for (int a = 0; a < 3; ++a)
    {
      const double lo = this->L.Coordinates[a][ijk[a]], hi = this->L.Coordinates[a][ijk[a] + 1];
      if (!(x[a] >= lo && x[a] <= hi))
        return false;
      pc[a] = (x[a] - lo) / (hi - lo);
    }
    return true;
  }

  /// A cell this piece owns that holds x, among the neighbours of `cell` (another piece's, which holds x: x on
  /// their shared face, edge or vertex, or within the parametric slack), or -1.
  LOOM_EXEC Id Unskipped(Id cell, const double* x, double* pc) const
  {
    Id chosen = -1;
    auto take = [&](Id c) {
      if (this->Skip[c] || !this->InCell(c, x, pc))
        return false;
      chosen = c;
      return true;
    };
    if (this->L.Type == 2)
    {
      CellCorners corners;
      this->L.Cells.Ids(cell, corners);
      for (int k = 0; k < corners.N && k < 8 && chosen < 0; ++k)
        this->ForPointCells(corners.Ids[k], take);
      return chosen;
    }
    Id ijk[3], cells[3];
    this->GridIndex(cell, ijk);
    for (int a = 0; a < 3; ++a)
      cells[a] = this->L.Dims[a] > 1 ? this->L.Dims[a] - 1 : 1;
    for (Id dk = -1; dk <= 1 && chosen < 0; ++dk)
      for (Id dj = -1; dj <= 1 && chosen < 0; ++dj)
        for (Id di = -1; di <= 1 && chosen < 0; ++di)
        {
          const Id i = ijk[0] + di, j = ijk[1] + dj, k = ijk[2] + dk;
          if (i >= 0 && j >= 0 && k >= 0 && i < cells[0] && j < cells[1] && k < cells[2])
            take(i + cells[0] * (j + cells[1] * k));
        }
    return chosen;
  }

  /// The velocity at x into f (normalized when asked), `at` updated: the cached cell first, then the locator.
  /// False when no cell contains x (the cache is then cleared, as VTK's).
  LOOM_EXEC bool Evaluate(const double* x, Where& at, double* f, bool normalize) const
  {
    f[0] = f[1] = f[2] = 0.0;
    double pc[3];
    Id cell = -1;
    if (at.Cell >= 0 && this->InCell(at.Cell, x, pc))
      cell = at.Cell;
    else if (at.Cell >= 0 && this->L.Type == 2 && this->InBounds(x))
    {
      cell = this->Walk(at.Cell, x, pc);
      if (cell < 0)
        cell = this->FromClosestPoint(x, pc);
    }
    else
      cell = this->L.Type == 2 ? this->FromClosestPoint(x, pc) : this->L.Find(x, pc);
    if (cell < 0 && this->Piece)
      cell = this->L.Find(x, pc);
    if (cell >= 0 && this->Piece &&
        (x[0] < this->Box[0] || x[0] > this->Box[1] || x[1] < this->Box[2] || x[1] > this->Box[3] ||
         x[2] < this->Box[4] || x[2] > this->Box[5]))
      cell = -1;
    if (cell >= 0 && this->Skip && this->Skip[cell])
      cell = this->Unskipped(cell, x, pc);
    at.Cell = cell;
    if (cell < 0)
      return false;
    for (int a = 0; a < 3; ++a)
      at.PC[a] = pc[a];
    at.N = this->L.PointWeights(cell, pc, at.Ids, at.W);
    if (this->CellVectors)
      for (int i = 0; i < 3; ++i)
        f[i] = static_cast<double>(this->V.Get(cell, i));
    else
      for (int j = 0; j < at.N; ++j)
        for (int i = 0; i < 3; ++i)
          f[i] += static_cast<double>(this->V.Get(at.Ids[j], i)) * at.W[j];
    if (normalize)
      Normalize(f);
    return true;
  }

  /// VTK's closest-point strategy without a cached cell: among the cells of the point closest to x, in VTK's
  /// order (ForPointCells), the first that holds x. The closest point is looked for from the corners of a cell
  /// the locator finds, then among its neighbours (a point on a face, edge or vertex several cells share is in
  /// the cell VTK picks, not the lowest id).
  LOOM_EXEC Id FromClosestPoint(const double* x, double* pc) const
  {
    const Id found = this->L.Find(x, pc);
    if (found < 0)
      return found;
    Id closest = -1;
    double best = INFINITY;
    auto nearer = [&](Id cell) { // the cell's corners against the closest so far
      CellCorners c;
      this->L.Cells.Ids(cell, c);
      for (int k = 0; k < c.N && k < 8; ++k)
      {
        double p[3];
        this->L.Points.Get(c.Ids[k], p);
        const double d2 = locate::Distance2(p, x);
        if (d2 < best || (d2 == best && c.Ids[k] < closest))
        {
          best = d2;
          closest = c.Ids[k];
        }
      }
      return false;
    };
    nearer(found);
    // Closer points among the cells of the closest so far (the locator's cell need not have the closest point
    // as a corner): a descent over the mesh, a few rounds.
    for (int round = 0; round < 8; ++round)
    {
      const Id before = closest;
      this->ForPointCells(before, nearer);
      if (closest == before)
        break;
    }
    double at[3];
    auto holds = [&](Id cell) {
      CellCorners o;
      double dist2 = 0.0;
      return this->Corners(cell, o) && locate::Evaluate(o, x, at, dist2) == 1;
    };
    auto take = [&](Id cell) {
      for (int a = 0; a < 3; ++a)
        pc[a] = at[a];
      return cell;
    };
    Id chosen = found;
    this->ForPointCells(closest, [&](Id cell) {
      if (!holds(cell))
        return false;
      chosen = take(cell);
      return true;
    });
    return chosen; // none of them: the found cell, `pc` still its coordinates
  }

  /// `visit(cell)` for the cells of point `p` in VTK's order (a structured grid's from the cell below the point
  /// along i, an unstructured grid's by decreasing id), until it returns true.
  template <typename Visit>
  LOOM_EXEC void ForPointCells(Id p, Visit&& visit) const
  {
    if (this->L.Cells.Kind == 2)
    {
      const Id* dims = this->L.Cells.Dims;
      const Id pi = p % dims[0], pj = (p / dims[0]) % dims[1], pk = p / (dims[0] * dims[1]);
      const int offsets[8][3] = { { -1, 0, 0 }, { -1, -1, 0 }, { -1, -1, -1 }, { -1, 0, -1 },
                                  { 0, 0, 0 },  { 0, -1, 0 },  { 0, -1, -1 },  { 0, 0, -1 } };
      for (const auto& o : offsets)
      {
        const Id i = pi + o[0], j = pj + o[1], k = pk + o[2];
        if (i < 0 || j < 0 || k < 0 || i >= dims[0] - 1 || j >= dims[1] - 1 || k >= dims[2] - 1)
          continue;
        if (visit(i + (dims[0] - 1) * (j + (dims[1] - 1) * k)))
          return;
      }
      return;
    }
    if (!this->LinkOffsets)
      return;
    // vtkUnstructuredGrid's static links list a point's cells by decreasing id (they are filled from the end).
    for (Id q = this->LinkOffsets[p + 1]; q > this->LinkOffsets[p]; --q)
      if (visit(this->LinkCells[q - 1]))
        return;
  }

  /// Within the dataset's bounds grown by the tolerance (VTK's closest-point strategy looks no further).
  LOOM_EXEC bool InBounds(const double* x) const
  {
    const double* b = this->L.Bins.Bounds;
    const double p = this->L.Pad;
    return x[0] >= b[0] - p && x[0] <= b[1] + p && x[1] >= b[2] - p && x[1] <= b[3] + p && x[2] >= b[4] - p && x[2] <= b[5] + p;
  }

  /// The length of the cell (the diagonal of its bounding box, VTK's cell length).
  LOOM_EXEC double CellLength(Id cell) const
  {
    double d2 = 0.0;
    if (this->L.Type == 2)
    {
      CellCorners c;
      this->Corners(cell, c); // a cell the locator found: of its shape's point count
      double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
      for (int k = 0; k < c.N; ++k)
        for (int a = 0; a < 3; ++a)
        {
          lo[a] = c.X[k][a] < lo[a] ? c.X[k][a] : lo[a];
          hi[a] = c.X[k][a] > hi[a] ? c.X[k][a] : hi[a];
        }
      for (int a = 0; a < 3; ++a)
        d2 += (hi[a] - lo[a]) * (hi[a] - lo[a]);
      return std::sqrt(d2);
    }
    Id ijk[3];
    this->GridIndex(cell, ijk);
    for (int a = 0; a < 3; ++a)
      if (this->L.Dims[a] > 1)
        d2 += this->GridWidth(ijk, a) * this->GridWidth(ijk, a);
    return std::sqrt(d2);
  }

  /// The vorticity at `at` (the curl of the point vectors interpolated in its cell, VTK's cell derivatives).
  LOOM_EXEC void Vorticity(const Where& at, double* w) const
  {
    w[0] = w[1] = w[2] = 0.0;
    if (this->CellVectors || at.Cell < 0)
      return;
    // d[3 * i + j]: the derivative of component i along x_j.
    double d[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    if (this->L.Type != 2)
    {
      // A voxel: the weights' derivatives over its sides.
      Id ijk[3];
      this->GridIndex(at.Cell, ijk);
      const double side[3] = { this->GridWidth(ijk, 0), this->GridWidth(ijk, 1), this->GridWidth(ijk, 2) };
      double dn[24];
      VoxelDerivatives(at.PC, dn);
      for (int i = 0; i < 3; ++i)
      {
        double s[3] = { 0, 0, 0 };
        for (int k = 0; k < 8; ++k)
        {
          const double v = static_cast<double>(this->V.Get(at.Ids[k], i));
          s[0] += dn[k] * v;
          s[1] += dn[8 + k] * v;
          s[2] += dn[16 + k] * v;
        }
        for (int j = 0; j < 3; ++j)
          d[3 * i + j] = s[j] / side[j];
      }
    }
    else
    {
      CellCorners c;
      if (!this->Corners(at.Cell, c))
        return;
      // The weights' derivatives along r, s, t (n per direction).
      double dn[24];
      const int n = c.N;
      if (c.Shape == CELL_SHAPE_TETRA)
      {
        const double t[12] = { -1, 1, 0, 0, -1, 0, 1, 0, -1, 0, 0, 1 };
        for (int k = 0; k < 12; ++k)
          dn[k] = t[k];
      }
      else if (c.Shape == CELL_SHAPE_VOXEL)
        VoxelDerivatives(at.PC, dn);
      else
        locate::Derivatives(c.Shape, at.PC, dn);
      // The Jacobian (rows: d/dr, d/ds, d/dt of x, y, z) and its inverse.
      double J[3][3] = { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
      for (int k = 0; k < n; ++k)
        for (int r = 0; r < 3; ++r)
          for (int a = 0; a < 3; ++a)
            J[r][a] += dn[r * n + k] * c.X[k][a];
      const double det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
        J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
      if (det == 0.0)
        return;
      double I[3][3];
      I[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) / det;
      I[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) / det;
      I[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) / det;
      I[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) / det;
      I[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) / det;
      I[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) / det;
      I[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) / det;
      I[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) / det;
      I[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) / det;
      for (int i = 0; i < 3; ++i)
      {
        double s[3] = { 0, 0, 0 }; // d v_i / d(r, s, t)
        for (int k = 0; k < n; ++k)
        {
          const double v = static_cast<double>(this->V.Get(c.Ids[k], i));
          for (int r = 0; r < 3; ++r)
            s[r] += dn[r * n + k] * v;
        }
        for (int j = 0; j < 3; ++j) // d/dx_j = sum over r of d(r)/dx_j * d/dr
          d[3 * i + j] = s[0] * I[j][0] + s[1] * I[j][1] + s[2] * I[j][2];
      }
    }
    w[0] = d[7] - d[5];
    w[1] = d[2] - d[6];
    w[2] = d[3] - d[1];
  }
};

/// The Cash-Karp coefficients of VTK's Runge-Kutta 4-5.
struct CashKarp
{
  static LOOM_EXEC double A(int i)
  {
    const double a[5] = { 1.0 / 5.0, 3.0 / 10.0, 3.0 / 5.0, 1.0, 7.0 / 8.0 };
    return a[i];
  }
  static LOOM_EXEC double B(int i, int k)
  {
    const double b[5][5] = { { 1.0 / 5.0, 0, 0, 0, 0 },
                             { 3.0 / 40.0, 9.0 / 40.0, 0, 0, 0 },
                             { 3.0 / 10.0, -9.0 / 10.0, 6.0 / 5.0, 0, 0 },
                             { -11.0 / 54.0, 5.0 / 2.0, -70.0 / 27.0, 35.0 / 27.0, 0 },
                             { 1631.0 / 55296.0, 175.0 / 512.0, 575.0 / 13824.0, 44275.0 / 110592.0, 253.0 / 4096.0 } };
    return b[i][k];
  }
  static LOOM_EXEC double C(int j)
  {
    const double c[6] = { 37.0 / 378.0, 0, 250.0 / 621.0, 125.0 / 594.0, 0, 512.0 / 1771.0 };
    return c[j];
  }
  static LOOM_EXEC double DC(int j)
  {
    const double dc[6] = { 37.0 / 378.0 - 2825.0 / 27648.0,   0, 250.0 / 621.0 - 18575.0 / 48384.0,
                           125.0 / 594.0 - 13525.0 / 55296.0, -277.0 / 14336.0, 512.0 / 1771.0 - 1.0 / 4.0 };
    return dc[j];
  }
};

/// A step that needs the field at a point this piece does not hold (Particle::Next's and Step's result).
constexpr int NeedsField = -1;

/// Where a particle's field comes from when no cell of this piece holds the point: nowhere (one piece).
struct NoRemote
{
  static constexpr bool Active = false;
  LOOM_EXEC int Find(Id, const double*, double*, bool, Int32&) const { return 0; }
};
/// The fields other pieces found for each particle (AdvectInPiece): 1 found (its piece into `rank`), 0 in no
/// piece, NeedsField not asked yet.
struct PieceRemote
{
  static constexpr bool Active = true;
  const Id* Offsets;
  const RemoteVelocity* Known;
  LOOM_EXEC int Find(Id t, const double* x, double* f, bool normalize, Int32& rank) const
  {
    for (Id k = this->Offsets[t]; k < this->Offsets[t + 1]; ++k)
    {
      const RemoteVelocity& r = this->Known[k];
      if (r.X[0] == x[0] && r.X[1] == x[1] && r.X[2] == x[2])
      {
        rank = r.Rank;
        if (r.Rank < 0)
          return 0;
        for (int i = 0; i < 3; ++i)
          f[i] = r.Velocity[i];
        if (normalize)
          Normalize(f);
        return 1;
      }
    }
    return NeedsField;
  }
};

/// One particle: VTK's stream tracer loop (vtkStreamTracer's integration of one seed), emitting its kept points.
/// With a PieceRemote (AdvectInPiece) the loop stops where the field must come from another piece, and carries on
/// from the state it left.
template <typename T, typename S, typename R = NoRemote>
struct Particle
{
  VelocityField<T> Field;
  ComponentPortal<S> Seeds;
  const Int8* Forward;
  Int32* Reasons;
  AdvectOptions O;
  R Remote{};

  /// The particle a field is asked for (its task), the point that no piece's field answered yet, and the piece
  /// found to hold a point.
  struct Trip
  {
    Id Task;
    double Query[3];
    Int32 Rank;
  };

  LOOM_EXEC double ToLength(double interval, double cellLength) const
  {
    return this->O.CellLengthUnit ? interval * cellLength : interval;
  }
  /// vtkStreamTracer::ConvertIntervals.
  LOOM_EXEC void Intervals(double& step, double& minStep, double& maxStep, int direction, double cellLength) const
  {
    minStep = maxStep = step = direction * this->ToLength(this->O.InitialStep, cellLength);
    if (this->O.MinimumStep > 0.0)
      minStep = this->ToLength(this->O.MinimumStep, cellLength);
    if (this->O.MaximumStep > 0.0)
      maxStep = this->ToLength(this->O.MaximumStep, cellLength);
  }

  /// The normalized field at a stage point y: 1, 0 outside every cell, NeedsField (y into the trip's query).
  LOOM_EXEC int Stage(const double* y, Where& at, double* k, Trip& trip) const
  {
    if (this->Field.Evaluate(y, at, k, true))
      return 1;
    if constexpr (R::Active)
    {
      const int found = this->Remote.Find(trip.Task, y, k, true, trip.Rank);
      if (found == NeedsField)
        for (int i = 0; i < 3; ++i)
          trip.Query[i] = y[i];
      return found;
    }
    return 0;
  }

  /// One Runge-Kutta 2 or 4 step, or one Cash-Karp step (its error into `error`), from x to next (normalized
  /// field): 0, OutOfDomain with `taken` the part done, or NeedsField.
  LOOM_EXEC int Step(const double* x, double* next, double dt, double& taken, double& error, Where& at, Trip& trip) const
  {
    taken = 0.0;
    error = 0.0;
    double k[6][3], y[3];
    if (const int first = this->Stage(x, at, k[0], trip); first != 1)
    {
      for (int i = 0; i < 3; ++i)
        next[i] = x[i];
      return first == NeedsField ? NeedsField : 1;
    }
    auto out = [&](int found, double done) {
      if (found == NeedsField)
        return NeedsField;
      for (int i = 0; i < 3; ++i)
        next[i] = y[i];
      taken = done;
      return 1;
    };
    if (this->O.Method == Integrator::RungeKutta2)
    {
      for (int i = 0; i < 3; ++i)
        y[i] = x[i] + dt / 2.0 * k[0][i];
      if (const int f = this->Stage(y, at, k[1], trip); f != 1)
        return out(f, dt / 2.0);
      for (int i = 0; i < 3; ++i)
        next[i] = x[i] + dt * k[1][i];
      taken = dt;
      return 0;
    }
    if (this->O.Method == Integrator::RungeKutta4)
    {
      for (int i = 0; i < 3; ++i)
        y[i] = x[i] + dt / 2.0 * k[0][i];
      if (const int f = this->Stage(y, at, k[1], trip); f != 1)
        return out(f, dt / 2.0);
      for (int i = 0; i < 3; ++i)
        y[i] = x[i] + dt / 2.0 * k[1][i];
      if (const int f = this->Stage(y, at, k[2], trip); f != 1)
        return out(f, dt / 2.0);
      for (int i = 0; i < 3; ++i)
        y[i] = x[i] + dt * k[2][i];
      if (const int f = this->Stage(y, at, k[3], trip); f != 1)
        return out(f, dt);
      for (int i = 0; i < 3; ++i)
        next[i] = x[i] + dt * (k[0][i] / 6.0 + k[1][i] / 3.0 + k[2][i] / 3.0 + k[3][i] / 6.0);
      taken = dt;
      return 0;
    }
    for (int s = 1; s < 6; ++s)
    {
      for (int i = 0; i < 3; ++i)
      {
        double sum = 0.0;
        for (int q = 0; q < s; ++q)
          sum += CashKarp::B(s - 1, q) * k[q][i];
        y[i] = x[i] + dt * sum;
      }
      if (const int f = this->Stage(y, at, k[s], trip); f != 1)
        return out(f, dt * CashKarp::A(s - 1));
    }
    for (int i = 0; i < 3; ++i)
    {
      double sum = 0.0;
      for (int j = 0; j < 6; ++j)
        sum += CashKarp::C(j) * k[j][i];
      next[i] = x[i] + dt * sum;
    }
    taken = dt;
    double err = 0.0;
    for (int i = 0; i < 3; ++i)
    {
      double sum = 0.0;
      for (int j = 0; j < 6; ++j)
        sum += CashKarp::DC(j) * k[j][i];
      err += dt * sum * dt * sum;
    }
    error = std::sqrt(err);
    if (next[0] == x[0] && next[1] == x[1] && next[2] == x[2])
      return 3;
    return 0;
  }

  /// vtkRungeKutta45::ComputeNextStep's step control (dt adapted in place, as VTK hands it back); the other
  /// integrators take one step.
  LOOM_EXEC int Next(const double* x, double* next, double& dt, double& taken, double minStep, double maxStep,
                     Where& at, Trip& trip) const
  {
    double error = 0.0;
    if (this->O.Method != Integrator::RungeKutta45)
      return this->Step(x, next, dt, taken, error, at, trip);
    const double maxError = this->O.MaximumError;
    minStep = minStep < 0 ? -minStep : minStep;
    maxStep = maxStep < 0 ? -maxStep : maxStep;
    taken = 0.0;
    double absDT = std::fabs(dt);
    if ((minStep == absDT && maxStep == absDT) || maxError <= 0.0)
      return this->Step(x, next, dt, taken, error, at, trip);
    if (minStep > maxStep)
      return 3;
    error = 1.7976931348623157e308;
    while (error > maxError)
    {
      if (const int r = this->Step(x, next, dt, taken, error, at, trip))
        return r;
      absDT = std::fabs(dt);
      if (absDT == minStep)
        break;
      const double ratio = error / maxError;
      double tmp;
      if (ratio == 0.0)
        tmp = dt < 0 ? -minStep : minStep;
      else if (ratio > 1)
        tmp = 0.9 * dt * std::pow(ratio, -0.25);
      else
        tmp = 0.9 * dt * std::pow(ratio, -0.2);
      const double tmp2 = std::fabs(tmp);
      bool last = false;
      if (tmp2 > maxStep)
      {
        dt = maxStep * dt / std::fabs(dt);
        last = true;
      }
      else if (tmp2 < minStep)
      {
        dt = minStep * dt / std::fabs(dt);
        last = true;
      }
      else
        dt = tmp;
      if (0.0 + dt == 0.0)
        return 3; // VTK: step size underflow
      if (last)
      {
        if (const int r = this->Step(x, next, dt, taken, error, at, trip))
          return r;
        break;
      }
    }
    return 0;
  }

  /// One seed's line (Advect).
  template <typename Emit>
  LOOM_EXEC void operator()(Id p, Emit& emit) const
  {
    ParticleState s;
    for (int i = 0; i < 3; ++i)
      s.X[i] = static_cast<double>(this->Seeds.Get(p, i));
    s.Forward = this->Forward[p];
    this->Run(s, p, emit);
    this->Reasons[p] = s.Reason;
  }

  /// The particle from its state (Seed, Blocked or Moving) until it ends or, in pieces, stops again.
  template <typename Emit>
  LOOM_EXEC void Run(ParticleState& s, Id task, Emit& emit) const
  {
    const AdvectOptions& o = this->O;
    const int direction = s.Forward ? 1 : -1;
    double point1[3], point2[3], velocity[3];
    for (int i = 0; i < 3; ++i)
      point1[i] = point2[i] = s.X[i];
    const Int32 status = s.Status;
    s.Status = ParticleState::Done;
    s.Reason = static_cast<Int32>(Termination::None);
    Where at;
    Trip trip{ task, { 0, 0, 0 }, -1 };
    double propagation = 0.0, time = 0.0, speed = 0.0, cellLength = 0.0;
    double stepSize = 0.0, minStep = 0.0, maxStep = 0.0, step = 0.0, taken = 0.0;
    double lastTime = 0.0, lastOmega = 0.0, lastRotation = 0.0, omega = 0.0;
    Id steps = 0, lengthOf = -1;
    float last[3];
    PointRecord r;
    auto record = [&](double omegaAt, double rotation) {
      for (int i = 0; i < 3; ++i)
      {
        r.X[i] = point1[i];
        r.PC[i] = at.PC[i];
        r.Velocity[i] = velocity[i];
      }
      r.Cell = at.Cell;
      r.Time = time;
      r.Omega = omegaAt;
      r.Rotation = rotation;
      ++s.Points;
      emit(r);
    };
    // VTK's angular velocity: the vorticity along the unit tangent, scaled (0 at a seed that does not move).
    auto angular = [&]() -> double { return Dot(r.Vorticity, velocity) / speed * o.RotationScale; };
    bool arriving = false;
    if (status == ParticleState::Seed)
    {
      if (!this->Field.Evaluate(point1, at, velocity, false))
        return;
      if (0.0 >= o.MaximumLength || 0 > o.MaximumSteps)
        return;
      for (int i = 0; i < 3; ++i)
        last[i] = static_cast<float>(point1[i]);
      // The cell length, computed again only when the particle's cell changes.
      lengthOf = at.Cell;
      cellLength = this->Field.CellLength(at.Cell);
      speed = Norm(velocity);
      if (speed != 0.0)
        this->Intervals(stepSize, minStep, maxStep, direction, cellLength);
      if (o.ComputeVorticity)
      {
        this->Field.Vorticity(at, r.Vorticity);
        omega = speed != 0.0 ? angular() : 0.0;
      }
      else
        r.Vorticity[0] = r.Vorticity[1] = r.Vorticity[2] = 0.0;
      record(omega, 0.0);
      lastOmega = omega;
    }
    else
    {
      for (int i = 0; i < 3; ++i)
      {
        velocity[i] = s.Velocity[i];
        last[i] = s.Last[i];
      }
      speed = s.Speed;
      stepSize = s.StepSize;
      minStep = s.MinStep;
      maxStep = s.MaxStep;
      taken = s.Taken;
      propagation = s.Propagation;
      time = s.Time;
      steps = s.Steps;
      lastTime = s.LastTime;
      lastOmega = s.LastOmega;
      lastRotation = s.LastRotation;
      arriving = status == ParticleState::Moving;
      if (!arriving)
        at.Cell = s.Cell; // the cache as the step found it
    }
    // Where the line stops in this piece: the state at the top of the loop (Blocked), or after the step (Moving).
    auto stop = [&](Int32 how, const double* x, const double* query) {
      s.Status = how;
      for (int i = 0; i < 3; ++i)
      {
        s.X[i] = x[i];
        s.Velocity[i] = velocity[i];
        s.Query[i] = query[i];
        s.Last[i] = last[i];
      }
      s.Speed = speed;
      s.StepSize = stepSize;
      s.MinStep = minStep;
      s.MaxStep = maxStep;
      s.Taken = taken;
      s.Propagation = propagation;
      s.Time = time;
      s.Steps = steps;
      s.LastTime = lastTime;
      s.LastOmega = lastOmega;
      s.LastRotation = lastRotation;
      s.Rank = trip.Rank;
    };
    Termination reason = Termination::OutOfLength;
    while (arriving || propagation < o.MaximumLength)
    {
      if (arriving)
      {
        arriving = false;
        if (!this->Field.Evaluate(point2, at, velocity, false))
        {
          reason = Termination::OutOfDomain;
          break;
        }
      }
      else
      {
        [[maybe_unused]] const double top[3] = { stepSize, minStep, maxStep };
        [[maybe_unused]] const Id topCell = at.Cell;
        if (steps++ > o.MaximumSteps)
        {
          reason = Termination::OutOfSteps;
          break;
        }
        if (speed == 0 || speed <= o.TerminalSpeed)
        {
          reason = Termination::Stagnation;
          break;
        }
        double aStep = std::fabs(stepSize);
        if (propagation + aStep > o.MaximumLength)
        {
          aStep = o.MaximumLength - propagation;
          stepSize = stepSize >= 0 ? aStep : -aStep;
          maxStep = stepSize;
        }
        taken = 0.0;
        const int tmp = this->Next(point1, point2, stepSize, taken, minStep, maxStep, at, trip);
        // Blocked: the loop's top again once the field at the query is known.
        auto block = [&](const double* query) {
          --steps;
          stepSize = top[0];
          minStep = top[1];
          maxStep = top[2];
          stop(ParticleState::Blocked, point1, query);
          s.Cell = topCell;
        };
        if constexpr (R::Active)
          if (tmp == NeedsField)
          {
            block(trip.Query);
            return;
          }
        if (tmp != 0)
        {
          reason = static_cast<Termination>(tmp);
          break;
        }
        if (!this->Field.Evaluate(point2, at, velocity, false))
        {
          if constexpr (R::Active)
          {
            double v[3];
            const int found = this->Remote.Find(task, point2, v, false, trip.Rank);
            if (found == NeedsField)
            {
              block(point2);
              return;
            }
            if (found == 1) // the step ends in another piece, which goes on from there
            {
              stop(ParticleState::Moving, point2, point2);
              return;
            }
          }
          for (int i = 0; i < 3; ++i)
            point1[i] = point2[i];
          reason = Termination::OutOfDomain;
          break;
        }
      }
      for (int i = 0; i < 3; ++i)
        point1[i] = point2[i];
      const double speed2 = Norm(velocity);
      if ((speed + speed2) / 2 <= o.TerminalSpeed)
      {
        reason = Termination::Stagnation;
        break;
      }
      time += taken / speed;
      propagation += std::fabs(stepSize);
      if (at.Cell != lengthOf)
      {
        lengthOf = at.Cell;
        cellLength = this->Field.CellLength(at.Cell);
      }
      speed = speed2;
      const float converted[3] = { static_cast<float>(point1[0]), static_cast<float>(point1[1]), static_cast<float>(point1[2]) };
      if (converted[0] != last[0] || converted[1] != last[1] || converted[2] != last[2])
      {
        for (int i = 0; i < 3; ++i)
          last[i] = converted[i];
        double rotation = 0.0;
        if (o.ComputeVorticity)
        {
          this->Field.Vorticity(at, r.Vorticity);
          omega = angular();
          rotation = lastRotation + (lastOmega + omega) / 2 * (time - lastTime);
        }
        else
          omega = 0.0;
        record(omega, rotation);
        lastTime = time;
        lastOmega = omega;
        lastRotation = rotation;
      }
      if (speed == 0 || speed <= o.TerminalSpeed)
      {
        reason = Termination::Stagnation;
        break;
      }
      this->Intervals(step, minStep, maxStep, direction, cellLength);
      if (o.Method == Integrator::RungeKutta45)
      {
        if (std::fabs(stepSize) < std::fabs(minStep))
          stepSize = std::fabs(minStep) * stepSize / std::fabs(stepSize);
        else if (std::fabs(stepSize) > std::fabs(maxStep))
          stepSize = std::fabs(maxStep) * stepSize / std::fabs(stepSize);
      }
      else
        stepSize = step;
    }
    s.Reason = static_cast<Int32>(reason);
  }
};

/// AdvectInPiece's task: the particle of each state.
template <typename T>
struct PieceParticle
{
  Particle<T, Float64, PieceRemote> P;
  ParticleState* States;
  template <typename Emit>
  LOOM_EXEC void operator()(Id t, Emit& emit) const
  {
    this->P.Run(this->States[t], t, emit);
  }
};

/// AdvectVelocities' pass: the field at each point, from no cached cell.
template <typename T>
struct PointVelocity
{
  VelocityField<T> Field;
  ComponentPortal<Float64> Points;
  Int8* Found;
  double* Velocity;
  LOOM_EXEC void operator()(Id p) const
  {
    double x[3];
    for (int i = 0; i < 3; ++i)
      x[i] = this->Points.Get(p, i);
    Where at;
    this->Found[p] = this->Field.Evaluate(x, at, this->Velocity + 3 * p, false) ? 1 : 0;
  }
};

/// Pass per point: the records split into the output arrays.
struct SplitRecords
{
  const PointRecord* In;
  double* Points;
  Id* Cells;
  double* PCoords;
  double* Time;
  double* Velocity;
  double* Vorticity; ///< null without vorticity (with AngularVelocity and Rotation)
  double* Omega;
  double* Rotation;
  LOOM_EXEC void operator()(Id q) const
  {
    const PointRecord& r = this->In[q];
    for (int i = 0; i < 3; ++i)
    {
      this->Points[3 * q + i] = r.X[i];
      this->PCoords[3 * q + i] = r.PC[i];
      this->Velocity[3 * q + i] = r.Velocity[i];
    }
    this->Cells[q] = r.Cell;
    this->Time[q] = r.Time;
    if (this->Vorticity)
    {
      for (int i = 0; i < 3; ++i)
        this->Vorticity[3 * q + i] = r.Vorticity[i];
      this->Omega[q] = r.Omega;
      this->Rotation[q] = r.Rotation;
    }
  }
};

/// vtkVector's Normalize(): the vector times the inverse of its norm unless it is 0; the norm.
LOOM_EXEC inline double VectorNormalize(double* v)
{
  const double n = Norm(v);
  if (n == 0.0)
    return 0.0;
  const double inverse = 1.0 / n;
  for (int i = 0; i < 3; ++i)
    v[i] = v[i] * inverse;
  return n;
}
/// vtkVector's Normalized(): u = v, normalized.
LOOM_EXEC inline void Unit(const double* v, double* u)
{
  for (int i = 0; i < 3; ++i)
    u[i] = v[i];
  VectorNormalize(u);
}
/// Pass per line: vtkPolyLine's sliding normals along one particle's points (float32 xyz), then turned by the
/// rotation about the velocity as VTK's stream tracer turns them.
template <typename V>
struct SlidingNormals
{
  const Float32* Points;
  const Id* Offsets;
  ComponentPortal<V> Velocity;
  const double* Rotation;
  double* Normals;
  LOOM_EXEC void Get(Id q, double* x) const
  {
    for (int i = 0; i < 3; ++i)
      x[i] = static_cast<double>(this->Points[3 * q + i]);
  }
  /// The first id from `start` whose next point differs (its segment is valid), or `end`.
  LOOM_EXEC Id NextValid(Id start, Id end) const
  {
    double ps[3], pe[3];
    this->Get(start, ps);
    for (Id e = start + 1; e < end; ++e)
    {
      this->Get(e, pe);
      if (ps[0] != pe[0] || ps[1] != pe[1] || ps[2] != pe[2])
        return e - 1;
    }
    return end;
  }
  LOOM_EXEC void Set(Id q, const double* n) const
  {
    for (int i = 0; i < 3; ++i)
      this->Normals[3 * q + i] = n[i];
  }
  LOOM_EXEC void operator()(Id line) const
  {
    const Id begin = this->Offsets[line], end = this->Offsets[line + 1], npts = end - begin;
    const double unitX[3] = { 1, 0, 0 };
    for (Id q = begin; q < end; ++q)
      this->Set(q, unitX);
    if (npts >= 2)
      this->Slide(begin, npts);
    for (Id q = begin; q < end; ++q)
    {
      double normal[3], local1[3], local2[3], velocity[3];
      for (int i = 0; i < 3; ++i)
      {
        normal[i] = this->Normals[3 * q + i];
        velocity[i] = static_cast<double>(this->Velocity.Get(q, i));
        local1[i] = normal[i];
      }
      const double length = Normalize(local1);
      Cross(local1, velocity, local2);
      Normalize(local2);
      const double theta = this->Rotation[q], c = std::cos(theta), s = std::sin(theta);
      for (int i = 0; i < 3; ++i)
        normal[i] = length * (c * local1[i] + s * local2[i]);
      this->Set(q, normal);
    }
  }
  /// vtkPolyLine's sliding normals of one line (local ids 0..npts-1 from `base`).
  LOOM_EXEC void Slide(Id base, Id npts) const
  {
    auto next = [&](Id s) {
      const Id e = this->NextValid(base + s, base + npts);
      return e - base;
    };
    auto segment = [&](Id s, double* u) {
      double a[3], b[3], d[3];
      this->Get(base + s, a);
      this->Get(base + s + 1, b);
      for (int i = 0; i < 3; ++i)
        d[i] = b[i] - a[i];
      Unit(d, u);
    };
    double normal[3] = { 0, 0, 1 }, sPrev[3], sNext[3];
    Id s = next(0);
    if (s == npts)
    {
      for (Id q = 0; q < npts; ++q)
        this->Set(base + q, normal);
      return;
    }
    segment(s, sPrev);
    while (++s < npts)
    {
      s = next(s);
      if (s != npts)
      {
        segment(s, sNext);
        double n[3];
        Cross(sPrev, sNext, n);
        if (Norm(n) > 1.0e-3)
        {
          for (int i = 0; i < 3; ++i)
          {
            normal[i] = n[i];
            sPrev[i] = sNext[i];
          }
          break;
        }
      }
    }
    if (s >= npts)
      for (int i = 0; i < 3; ++i)
        if (sPrev[i] != 0.0)
        {
          normal[(i + 2) % 3] = 0.0;
          normal[(i + 1) % 3] = 1.0;
          normal[i] = -sPrev[(i + 1) % 3] / sPrev[i];
          break;
        }
    VectorNormalize(normal);
    Id lastNormal = 0;
    while (++s < npts)
    {
      s = next(s);
      if (s == npts)
        break;
      segment(s, sNext);
      double w[3], q[3], c[3], sum[3];
      Cross(sPrev, normal, w);
      if (VectorNormalize(w) == 0.0)
        continue;
      Cross(sNext, sPrev, q);
      if (VectorNormalize(q) == 0.0)
        continue;
      const double f1 = Dot(q, normal);
      double f2 = 1.0 - f1 * f1;
      f2 = f2 > 0.0 ? std::sqrt(1.0 - f1 * f1) : 0.0;
      for (int i = 0; i < 3; ++i)
        sum[i] = sNext[i] + sPrev[i];
      Unit(sum, c);
      Cross(c, q, w);
      Cross(sPrev, q, c);
      if (Dot(normal, c) * Dot(w, c) < 0)
        f2 = -1.0 * f2;
      for (Id i = lastNormal; i < s; ++i)
        this->Set(base + i, normal);
      lastNormal = s;
      for (int i = 0; i < 3; ++i)
        sPrev[i] = sNext[i];
      for (int i = 0; i < 3; ++i)
        normal[i] = f1 * q[i] + f2 * w[i];
    }
    for (Id i = lastNormal; i < npts; ++i)
      this->Set(base + i, normal);
  }
};

template <typename Tag>
struct Passes : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::Read;
  using Pointers::Write;

  template <typename T, typename S>
  static Streamlines Advect(const CellLocator::Data& d, const FieldArray& vectors, const FieldArray& seeds,
                            const loom::cont::ArrayHandle<Int8>& forward, const AdvectOptions& options)
  {
    const Id n = seeds.GetNumberOfTuples();
    Streamlines out;
    VelocityField<T> field = Field<T>(d, vectors, options);
    Particle<T, S> task{ field,
                         PortalOn<Tag, S>(seeds, false), Read(forward), Write(out.Reasons, n), options };
    Split(RunTasks<Tag, PointRecord>(task, n, 16, ParticleWeight(options)), options, out);
    return out;
  }

  template <typename T>
  static Streamlines InPiece(const CellLocator::Data& d, const FieldArray& vectors, loom::cont::ArrayHandle<ParticleState>& states,
                             const loom::cont::ArrayHandle<Id>& knownOffsets,
                             const loom::cont::ArrayHandle<RemoteVelocity>& known,
                             const loom::cont::ArrayHandle<UInt8>& skipCells, const AdvectOptions& options)
  {
    Streamlines out;
    PieceParticle<T> task{ { Field<T>(d, vectors, options, true, skipCells), {}, nullptr, nullptr, options,
                             PieceRemote{ Read(knownOffsets), Read(known) } },
                           Pointers::InPlace(states) };
    Split(RunTasks<Tag, PointRecord>(task, states.GetNumberOfValues(), 16, ParticleWeight(options)), options, out);
    return out;
  }

  template <typename T>
  static void Velocities(const CellLocator::Data& d, const FieldArray& vectors, const FieldArray& points,
                         const loom::cont::ArrayHandle<UInt8>& skipCells, const AdvectOptions& options,
                         loom::cont::ArrayHandle<Int8>& found, loom::cont::ArrayHandle<Float64>& velocity)
  {
    const Id n = points.GetNumberOfTuples();
    Algorithm::Schedule(PointVelocity<T>{ Field<T>(d, vectors, options, true, skipCells), PortalOn<Tag, Float64>(points, false),
                                          Write(found, n), Write(velocity, 3 * n) },
                        n);
  }

  /// The particles' velocity field: VTK's tolerance outside an image; for other cells its closest-point search
  /// (the bounds grown by the tolerance, no box test per cell, the cell across the face left by).
  template <typename T>
  static VelocityField<T> Field(const CellLocator::Data& d, const FieldArray& vectors, const AdvectOptions& options,
                                bool piece = false, const loom::cont::ArrayHandle<UInt8>& skipCells = {})
  {
    LocateOptions locate;
    locate.ComputeTolerance = false;
    locate.Tolerance = options.Tolerance;
    locate.BoundsTolerance = options.Tolerance;
    LocatorOnDevice locator = locate::Passes<Tag>::LocatorOf(d, locate);
    locator.PreferStrict = true;
    VelocityField<T> field{ locator, PortalOn<Tag, T>(vectors, false), options.CellVectors };
    std::visit(
      [&](const auto& set) {
        using Set = std::decay_t<decltype(set)>;
        if constexpr (std::is_same<Set, loom::cont::CellSetExplicit<Int32, Int32>>::value ||
                      std::is_same<Set, loom::cont::CellSetExplicit<Int64, Int64>>::value)
        {
          const loom::cont::internal::ReverseConnectivity& links = set.GetReverseConnectivity(loom::cont::DeviceIdOf<Tag>());
          field.LinkOffsets = ReadPointer<Tag>(links.Offsets);
          field.LinkCells = ReadPointer<Tag>(links.CellIds);
        }
      },
      d.Cells);
    field.Piece = piece;
    for (int f = 0; f < 6; ++f)
      field.Box[f] = options.PieceBox[f];
    if (skipCells.GetNumberOfValues() > 0)
      field.Skip = Read(skipCells);
    return field;
  }

  /// The records of a run split into the lines' arrays.
  static void Split(const TaskRecords<PointRecord>& records, const AdvectOptions& options, Streamlines& out)
  {
    out.Offsets = records.Offsets;
    const Id m = records.Records.GetNumberOfValues();
    const bool vorticity = options.ComputeVorticity;
    SplitRecords split{ Read(records.Records),
                        Write(out.Points, 3 * m),
                        Write(out.Located.Cells, m),
                        Write(out.Located.PCoords, 3 * m),
                        Write(out.Time, m),
                        Write(out.Velocity, 3 * m),
                        vorticity ? Write(out.Vorticity, 3 * m) : nullptr,
                        vorticity ? Write(out.AngularVelocity, m) : nullptr,
                        vorticity ? Write(out.Rotation, m) : nullptr };
    Algorithm::Schedule(split, m);
    out.Located.Found = m;
  }

  template <typename V>
  static loom::cont::ArrayHandle<Float64> Normals(const loom::cont::ArrayHandle<Float32>& points,
                                                  const loom::cont::ArrayHandle<Id>& offsets, const FieldArray& velocity,
                                                  const loom::cont::ArrayHandle<Float64>& rotation)
  {
    loom::cont::ArrayHandle<Float64> normals;
    const Id lines = offsets.GetNumberOfValues() > 0 ? offsets.GetNumberOfValues() - 1 : 0;
    SlidingNormals<V> pass{ Read(points), Read(offsets), PortalOn<Tag, V>(velocity, false), Read(rotation),
                            Write(normals, 3 * rotation.GetNumberOfValues()) };
    Algorithm::Schedule(pass, lines);
    return normals;
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace advect
} // namespace algorithms
} // namespace loom
