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

protected:
  vtkLoomCellDataToPointData() = default;
  bool AveragePointsToCells() const override { return false; }

private:
  vtkLoomCellDataToPointData(const vtkLoomCellDataToPointData&) = delete;
  void operator=(const vtkLoomCellDataToPointData&) = delete;
};

#endif
