// Loom filters: cell data to point data on Loom's engine (stands beside vtkCellDataToPointData).
#ifndef vtkLoomCellDataToPointData_h
#define vtkLoomCellDataToPointData_h

#include "LoomFiltersModule.h"
#include "vtkLoomDataAverageFilter.h"

/// Each point gets the mean of the values of the cells that use it, for every (or every selected)
/// cell array. The output keeps the input's structure and point data; cell data only with
/// PassInputData on.
class LOOMFILTERS_EXPORT vtkLoomCellDataToPointData : public vtkLoomDataAverageFilter
{
public:
  static vtkLoomCellDataToPointData* New();
  vtkTypeMacro(vtkLoomCellDataToPointData, vtkLoomDataAverageFilter);

  /// As ParaView's Cell Data to Point Data (off by default): on, a piece of a distributed dataset asks for
  /// one more layer of ghost cells, so that the points on its boundary average all their cells and the
  /// result does not depend on the number of pieces (the extra cells are marked as ghosts).
  vtkSetMacro(PieceInvariant, bool);
  vtkGetMacro(PieceInvariant, bool);
  vtkBooleanMacro(PieceInvariant, bool);

protected:
  vtkLoomCellDataToPointData() = default;
  bool AveragePointsToCells() const override { return false; }
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  bool PieceInvariant = false;

private:
  vtkLoomCellDataToPointData(const vtkLoomCellDataToPointData&) = delete;
  void operator=(const vtkLoomCellDataToPointData&) = delete;
};

#endif
