// Loom filters: point data to cell data on Loom's engine (stands beside vtkPointDataToCellData).
#ifndef vtkLoomPointDataToCellData_h
#define vtkLoomPointDataToCellData_h

#include "LoomFiltersModule.h"
#include "vtkLoomDataAverageFilter.h"

/// Each cell gets the mean of its points' values, for every (or every selected) point array. The
/// output keeps the input's structure and cell data; point data only with PassInputData on.
class LOOMFILTERS_EXPORT vtkLoomPointDataToCellData : public vtkLoomDataAverageFilter
{
public:
  static vtkLoomPointDataToCellData* New();
  vtkTypeMacro(vtkLoomPointDataToCellData, vtkLoomDataAverageFilter);

protected:
  vtkLoomPointDataToCellData() = default;
  bool AveragePointsToCells() const override { return true; }

private:
  vtkLoomPointDataToCellData(const vtkLoomPointDataToCellData&) = delete;
  void operator=(const vtkLoomPointDataToCellData&) = delete;
};

#endif
