// Loom: execution-side connectivity of structured grids (implicit): cells to points and points to
// cells, in 1D, 2D and 3D. Cell point order is VTK's for lines, quads and hexahedra.
#pragma once

#include <loom/CellShape.h>
#include <loom/exec/VecFromPortal.h>

namespace loom
{
namespace exec
{
/// Cells of a structured grid of `PointDims` points (unused dimensions are 1).
template <int Dim>
class ConnectivityStructured
{
public:
  static constexpr IdComponent PointsPerCell = IdComponent(1) << Dim;
  using IndicesType = Vec<Id, PointsPerCell>;

  ConnectivityStructured() = default;
  LOOM_EXEC_CONT explicit ConnectivityStructured(const Id3& pointDims)
    : PointDims(pointDims)
  {
  }
  LOOM_EXEC Id GetNumberOfElements() const
  {
    Id n = 1;
    for (int d = 0; d < Dim; ++d)
      n *= this->PointDims[d] - 1;
    return n;
  }
  LOOM_EXEC UInt8 GetCellShape(Id) const
  {
    return Dim == 3 ? CELL_SHAPE_HEXAHEDRON : Dim == 2 ? CELL_SHAPE_QUAD : CELL_SHAPE_LINE;
  }
  LOOM_EXEC IdComponent GetNumberOfIndices(Id) const { return PointsPerCell; }
  /// Cells per dimension (1 for the unused ones): the range of a 3D schedule.
  LOOM_EXEC Id3 GetScheduleRange() const
  {
    Id3 r(Id(1));
    for (int d = 0; d < Dim; ++d)
      r[d] = this->PointDims[d] - 1;
    return r;
  }
  /// Point ids of the cell at (i, j, k): no division, for 3D schedules.
  LOOM_EXEC IndicesType GetIndices(const Id3& ijk) const
  {
    const Id dx = this->PointDims[0], dxy = this->PointDims[0] * this->PointDims[1];
    const Id p = ijk[0] + dx * ijk[1] + dxy * ijk[2];
    IndicesType ids;
    ids[0] = p;
    ids[1] = p + 1;
    if (Dim >= 2)
    {
      ids[2] = p + 1 + dx;
      ids[3] = p + dx;
    }
    if (Dim == 3)
    {
      for (IdComponent q = 0; q < 4; ++q)
        ids[q + 4] = ids[q] + dxy;
    }
    return ids;
  }
  LOOM_EXEC IndicesType GetIndices(Id cell) const
  {
    const Id cx = this->PointDims[0] - 1;
    IndicesType ids;
    if (Dim == 1)
    {
      ids[0] = cell;
      ids[1] = cell + 1;
    }
    else if (Dim == 2)
    {
      const Id i = cell % cx, j = cell / cx;
      const Id p = i + this->PointDims[0] * j;
      ids[0] = p;
      ids[1] = p + 1;
      ids[2] = p + 1 + this->PointDims[0];
      ids[3] = p + this->PointDims[0];
    }
    else
    {
      const Id cy = this->PointDims[1] - 1;
      const Id i = cell % cx, j = (cell / cx) % cy, k = cell / (cx * cy);
      const Id dx = this->PointDims[0], dxy = this->PointDims[0] * this->PointDims[1];
      const Id p = i + dx * j + dxy * k;
      ids[0] = p;
      ids[1] = p + 1;
      ids[2] = p + 1 + dx;
      ids[3] = p + dx;
      for (IdComponent q = 0; q < 4; ++q)
        ids[q + 4] = ids[q] + dxy;
    }
    return ids;
  }

private:
  Id3 PointDims{ Id(1) };
};

/// The cells around each point of a structured grid (up to 2^Dim), in increasing cell order.
template <int Dim>
class ConnectivityStructuredPointToCell
{
public:
  using IndicesType = VecVariable<Id, (IdComponent(1) << Dim)>;

  ConnectivityStructuredPointToCell() = default;
  LOOM_EXEC_CONT explicit ConnectivityStructuredPointToCell(const Id3& pointDims)
    : PointDims(pointDims)
  {
  }
  LOOM_EXEC Id GetNumberOfElements() const
  {
    Id n = 1;
    for (int d = 0; d < Dim; ++d)
      n *= this->PointDims[d];
    return n;
  }
  LOOM_EXEC UInt8 GetCellShape(Id) const { return CELL_SHAPE_VERTEX; }
  LOOM_EXEC IdComponent GetNumberOfIndices(Id point) const
  {
    return this->GetIndices(point).GetNumberOfComponents();
  }
  /// Points per dimension: the range of a 3D schedule.
  LOOM_EXEC Id3 GetScheduleRange() const { return this->PointDims; }
  LOOM_EXEC IndicesType GetIndices(Id point) const
  {
    Id3 ijk(Id(0));
    Id rest = point;
    for (int d = 0; d < Dim; ++d)
    {
      ijk[d] = rest % this->PointDims[d];
      rest /= this->PointDims[d];
    }
    return this->GetIndices(ijk);
  }
  /// Cells around the point at (i, j, k), for 3D schedules.
  LOOM_EXEC IndicesType GetIndices(const Id3& ijk) const
  {
    IndicesType cells;
    const Id cxi = this->PointDims[0] - 1;
    bool interior = true;
    for (int d = 0; d < Dim; ++d)
      interior = interior && ijk[d] > 0 && ijk[d] < this->PointDims[d] - 1;
    if (interior)
    {
      // All 2^Dim cells exist: fixed offsets from the lowest one, in increasing order.
      const Id cyi = Dim >= 2 ? this->PointDims[1] - 1 : 1;
      const Id base = (ijk[0] - 1) + cxi * ((Dim >= 2 ? ijk[1] - 1 : 0) + cyi * (Dim == 3 ? ijk[2] - 1 : 0));
      for (Id dk = 0; dk < (Dim == 3 ? 2 : 1); ++dk)
        for (Id dj = 0; dj < (Dim >= 2 ? 2 : 1); ++dj)
        {
          const Id row = base + cxi * (dj + cyi * dk);
          cells.Append(row);
          cells.Append(row + 1);
        }
      return cells;
    }
    const Id kLo = Dim == 3 ? ijk[2] - 1 : 0, kHi = Dim == 3 ? ijk[2] : 0;
    const Id jLo = Dim >= 2 ? ijk[1] - 1 : 0, jHi = Dim >= 2 ? ijk[1] : 0;
    const Id cx = this->PointDims[0] - 1;
    const Id cy = Dim >= 2 ? this->PointDims[1] - 1 : 1;
    const Id cz = Dim == 3 ? this->PointDims[2] - 1 : 1;
    for (Id k = kLo; k <= kHi; ++k)
      for (Id j = jLo; j <= jHi; ++j)
        for (Id i = ijk[0] - 1; i <= ijk[0]; ++i)
          if (i >= 0 && i < cx && j >= 0 && j < cy && k >= 0 && k < cz)
            cells.Append(i + cx * (j + cy * k));
    return cells;
  }

private:
  Id3 PointDims{ Id(1) };
};
} // namespace exec
} // namespace loom
