// Loom filters: the shared base of vtkLoomPointDataToCellData and vtkLoomCellDataToPointData: array
// selection, device choice, the output mask (array or ids) with its fill or kept values, progress,
// abort, pass-through, and the bad-input contract.
#ifndef vtkLoomDataAverageFilter_h
#define vtkLoomDataAverageFilter_h

#include "LoomFiltersModule.h"

#include "vtkLoomFieldFilter.h"

#include <string>
#include <vector>

/// Averages data from one kind of element to the other (points to cells or cells to points) on
/// Loom's engine. With a mask only the selected output elements are computed; the others hold the
/// values of a chosen existing array (KeepArrayName) or FillValue (default NaN).
class LOOMFILTERS_EXPORT vtkLoomDataAverageFilter : public vtkLoomFieldFilter
{
public:
  vtkTypeMacro(vtkLoomDataAverageFilter, vtkLoomFieldFilter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Average every numeric array (default) or only those named with AddArray.
  vtkSetMacro(ProcessAllArrays, bool);
  vtkGetMacro(ProcessAllArrays, bool);
  vtkBooleanMacro(ProcessAllArrays, bool);
  void AddArray(const char* name);
  void ClearArrays();
  ///@}

  ///@{
  /// Keep the input's arrays of the averaged kind in the output too (default off, as VTK's filters).
  vtkSetMacro(PassInputData, bool);
  vtkGetMacro(PassInputData, bool);
  vtkBooleanMacro(PassInputData, bool);
  ///@}

  // Device and the mask (MaskArrayName, MaskIds, KeepArrayName, FillValue, FillWithNaN) come from
  // vtkLoomFieldFilter: on the output elements (cell data for point to cell, point data for cell to
  // point); a kept array has the type and components of each averaged array.

protected:
  vtkLoomDataAverageFilter();
  ~vtkLoomDataAverageFilter() override;

  /// True to average point data into cells, false for cells into points.
  virtual bool AveragePointsToCells() const = 0;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool ProcessAllArrays = true;
  bool PassInputData = false;
  std::vector<std::string> Arrays;

private:
  vtkLoomDataAverageFilter(const vtkLoomDataAverageFilter&) = delete;
  void operator=(const vtkLoomDataAverageFilter&) = delete;
};

#endif
