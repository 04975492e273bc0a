// Loom: explicit cell sets: CellSetExplicit (a shape and a run of point ids per cell: shapes,
// offsets, connectivity, in 32- or 64-bit integers) and CellSetSingleType (one shape, a fixed
// number of points per cell). The point-to-cell connectivity is built on first use with the device
// algorithms and cached.
#pragma once

#include <loom/CellShape.h>
#include <loom/cont/ArrayHandle.h>
#include <loom/cont/ArrayHandleImplicit.h>
#include <loom/cont/CellSet.h>
#include <loom/cont/DeviceAdapterTag.h>
#include <loom/exec/ConnectivityExplicit.h>

#include <memory>

namespace loom
{
namespace cont
{
namespace internal
{
/// Points to cells: for point p, the cells using it are CellIds[Offsets[p] .. Offsets[p+1]),
/// in increasing order.
struct ReverseConnectivity
{
  ArrayHandle<Id> Offsets;
  ArrayHandle<Id> CellIds;
};

/// Build the reverse connectivity of `numberOfCells` cells whose point ids are
/// connectivity[cellOffsets[c] .. cellOffsets[c+1]). Instantiated for Int32 and Int64 offsets and
/// connectivity (CellSetExplicit.cxx). ErrorBadValue for a point id outside [0, numberOfPoints).
template <typename OffsetsT, typename ConnT>
ReverseConnectivity BuildReverseConnectivity(const ArrayHandle<OffsetsT>& cellOffsets,
                                             const ArrayHandle<ConnT>& connectivity, Id numberOfPoints,
                                             DeviceId device);

/// How many times BuildReverseConnectivity has run in this process (for tests of its caching).
Id NumberOfReverseConnectivityBuilds();

using PointToCellConnectivity =
  exec::ConnectivityExplicit<ArrayPortalImplicit<ConstantFunctor<UInt8>>, ArrayPortalBasicRead<Id>,
                             ArrayPortalBasicRead<Id>>;
} // namespace internal

/// Cells of any supported shapes. Offsets has one entry more than there are cells.
template <typename OffsetsT = Id, typename ConnT = Id>
class CellSetExplicit : public CellSet
{
public:
  CellSetExplicit() = default;
  CellSetExplicit(Id numberOfPoints, const ArrayHandle<UInt8>& shapes, const ArrayHandle<OffsetsT>& offsets,
                  const ArrayHandle<ConnT>& connectivity)
    : NumberOfPoints(numberOfPoints)
    , Shapes(shapes)
    , Offsets(offsets)
    , Connectivity(connectivity)
  {
    if (offsets.GetNumberOfValues() != shapes.GetNumberOfValues() + 1)
      throw ErrorBadValue("CellSetExplicit: " + std::to_string(offsets.GetNumberOfValues()) +
                          " offsets for " + std::to_string(shapes.GetNumberOfValues()) +
                          " cells (expected one more than cells).");
  }

  Id GetNumberOfPoints() const { return this->NumberOfPoints; }
  Id GetNumberOfCells() const { return this->Shapes.GetNumberOfValues(); }
  const ArrayHandle<UInt8>& GetShapes() const { return this->Shapes; }
  const ArrayHandle<OffsetsT>& GetOffsets() const { return this->Offsets; }
  const ArrayHandle<ConnT>& GetConnectivity() const { return this->Connectivity; }

  template <typename Device>
  auto PrepareForInput(Device device, TopologyElementTagCell, TopologyElementTagPoint) const
  {
    return exec::ConnectivityExplicit<ArrayPortalBasicRead<UInt8>, ArrayPortalBasicRead<OffsetsT>,
                                      ArrayPortalBasicRead<ConnT>>(
      this->Shapes.PrepareForInput(device), this->Offsets.PrepareForInput(device),
      this->Connectivity.PrepareForInput(device));
  }
  template <typename Device>
  internal::PointToCellConnectivity PrepareForInput(Device device, TopologyElementTagPoint,
                                                    TopologyElementTagCell) const
  {
    const internal::ReverseConnectivity& r = this->GetReverseConnectivity(DeviceIdOf<Device>());
    return internal::PointToCellConnectivity(
      ArrayHandleConstant<UInt8>(CELL_SHAPE_VERTEX, this->NumberOfPoints).ReadPortal(),
      r.Offsets.PrepareForInput(device), r.CellIds.PrepareForInput(device));
  }

  /// The point-to-cell connectivity (built on first call, then cached and shared by copies).
  const internal::ReverseConnectivity& GetReverseConnectivity(DeviceId device = DeviceId::Auto) const
  {
    if (!*this->Reverse)
      *this->Reverse = std::make_shared<internal::ReverseConnectivity>(
        internal::BuildReverseConnectivity(this->Offsets, this->Connectivity, this->NumberOfPoints, device));
    return **this->Reverse;
  }

  /// Where the point-to-cell connectivity is kept once built. Cell sets made again for the same
  /// cells (the next execution of a filter on an unchanged grid) can share it instead of building it
  /// again: the caller answers for the cells being the same.
  using ReverseSlot = std::shared_ptr<std::shared_ptr<internal::ReverseConnectivity>>;
  const ReverseSlot& GetReverseSlot() const { return this->Reverse; }
  void ShareReverseSlot(const ReverseSlot& slot)
  {
    if (slot)
      this->Reverse = slot;
  }

private:
  Id NumberOfPoints = 0;
  ArrayHandle<UInt8> Shapes;
  ArrayHandle<OffsetsT> Offsets;
  ArrayHandle<ConnT> Connectivity;
  ReverseSlot Reverse = std::make_shared<std::shared_ptr<internal::ReverseConnectivity>>();
};

/// Cells of one shape with a fixed number of points each (all tetrahedra, all triangles, ...).
template <typename ConnT = Id>
class CellSetSingleType : public CellSet
{
public:
  CellSetSingleType() = default;
  CellSetSingleType(Id numberOfPoints, UInt8 shape, IdComponent pointsPerCell,
                    const ArrayHandle<ConnT>& connectivity)
    : NumberOfPoints(numberOfPoints)
    , Shape(shape)
    , PointsPerCell(pointsPerCell)
    , Connectivity(connectivity)
  {
    if (pointsPerCell <= 0 || connectivity.GetNumberOfValues() % pointsPerCell != 0)
      throw ErrorBadValue("CellSetSingleType: " + std::to_string(connectivity.GetNumberOfValues()) +
                          " point ids do not make cells of " + std::to_string(pointsPerCell) + " points.");
  }
  Id GetNumberOfPoints() const { return this->NumberOfPoints; }
  Id GetNumberOfCells() const { return this->Connectivity.GetNumberOfValues() / this->PointsPerCell; }
  UInt8 GetCellShape() const { return this->Shape; }
  IdComponent GetNumberOfPointsInCell() const { return this->PointsPerCell; }
  const ArrayHandle<ConnT>& GetConnectivity() const { return this->Connectivity; }
  ArrayHandleCounting<Id> GetOffsets() const
  {
    return ArrayHandleCounting<Id>(0, this->PointsPerCell, this->GetNumberOfCells() + 1);
  }

  template <typename Device>
  auto PrepareForInput(Device device, TopologyElementTagCell, TopologyElementTagPoint) const
  {
    return exec::ConnectivityExplicit<ArrayPortalImplicit<internal::ConstantFunctor<UInt8>>,
                                      ArrayPortalImplicit<internal::CountingFunctor<Id>>,
                                      ArrayPortalBasicRead<ConnT>>(
      ArrayHandleConstant<UInt8>(this->Shape, this->GetNumberOfCells()).ReadPortal(),
      this->GetOffsets().ReadPortal(), this->Connectivity.PrepareForInput(device));
  }
  template <typename Device>
  internal::PointToCellConnectivity PrepareForInput(Device device, TopologyElementTagPoint,
                                                    TopologyElementTagCell) const
  {
    if (!*this->Reverse)
    {
      ArrayHandle<Id> offsets;
      offsets.Allocate(this->GetNumberOfCells() + 1);
      Id* o = offsets.GetPointer();
      for (Id c = 0; c <= this->GetNumberOfCells(); ++c)
        o[c] = c * this->PointsPerCell;
      *this->Reverse = std::make_shared<internal::ReverseConnectivity>(internal::BuildReverseConnectivity(
        offsets, this->Connectivity, this->NumberOfPoints, DeviceIdOf<Device>()));
    }
    const internal::ReverseConnectivity& r = **this->Reverse;
    return internal::PointToCellConnectivity(
      ArrayHandleConstant<UInt8>(CELL_SHAPE_VERTEX, this->NumberOfPoints).ReadPortal(),
      r.Offsets.PrepareForInput(device), r.CellIds.PrepareForInput(device));
  }

private:
  Id NumberOfPoints = 0;
  UInt8 Shape = CELL_SHAPE_EMPTY;
  IdComponent PointsPerCell = 1;
  ArrayHandle<ConnT> Connectivity;
  std::shared_ptr<std::shared_ptr<internal::ReverseConnectivity>> Reverse =
    std::make_shared<std::shared_ptr<internal::ReverseConnectivity>>();
};
} // namespace cont
} // namespace loom
