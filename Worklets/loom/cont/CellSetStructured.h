// Loom: CellSetStructured<Dim>: the implicit cells of a 1D, 2D or 3D structured grid.
#pragma once

#include <loom/cont/CellSet.h>
#include <loom/cont/Error.h>
#include <loom/exec/ConnectivityStructured.h>

#include <string>

namespace loom
{
namespace cont
{
/// A grid of point dimensions (nx[, ny[, nz]]), each at least 1. Cells are lines, quads or hexahedra
/// in VTK's point order; nothing is stored.
template <int Dim>
class CellSetStructured : public CellSet
{
  static_assert(Dim >= 1 && Dim <= 3, "CellSetStructured is 1D, 2D or 3D");

public:
  CellSetStructured() = default;
  explicit CellSetStructured(const Id3& pointDims)
    : PointDims(pointDims)
  {
    for (int d = 0; d < 3; ++d)
    {
      if (pointDims[d] < 1 || (d >= Dim && pointDims[d] != 1))
        throw ErrorBadValue("CellSetStructured<" + std::to_string(Dim) + ">: bad point dimensions (" +
                            std::to_string(pointDims[0]) + ", " + std::to_string(pointDims[1]) + ", " +
                            std::to_string(pointDims[2]) + ").");
    }
  }
  static constexpr int Dimension = Dim;
  const Id3& GetPointDimensions() const { return this->PointDims; }
  Id3 GetCellDimensions() const
  {
    Id3 c(Id(1));
    for (int d = 0; d < Dim; ++d)
      c[d] = this->PointDims[d] > 1 ? this->PointDims[d] - 1 : 0;
    return c;
  }
  Id GetNumberOfPoints() const { return this->PointDims[0] * this->PointDims[1] * this->PointDims[2]; }
  Id GetNumberOfCells() const
  {
    const Id3 c = this->GetCellDimensions();
    return c[0] * c[1] * c[2];
  }

  template <typename Device>
  exec::ConnectivityStructured<Dim> PrepareForInput(Device, TopologyElementTagCell,
                                                    TopologyElementTagPoint) const
  {
    return exec::ConnectivityStructured<Dim>(this->PointDims);
  }
  template <typename Device>
  exec::ConnectivityStructuredPointToCell<Dim> PrepareForInput(Device, TopologyElementTagPoint,
                                                               TopologyElementTagCell) const
  {
    return exec::ConnectivityStructuredPointToCell<Dim>(this->PointDims);
  }

private:
  Id3 PointDims{ Id(1) };
};
} // namespace cont
} // namespace loom
