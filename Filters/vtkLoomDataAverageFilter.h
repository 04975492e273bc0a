// Loom filters: the shared base of vtkLoomPointDataToCellData and vtkLoomCellDataToPointData: array
// selection, device choice, the output mask (array or ids) with its fill or kept values, progress,
// abort, pass-through, and the bad-input contract.
#ifndef vtkLoomDataAverageFilter_h
#define vtkLoomDataAverageFilter_h

#include "LoomFiltersModule.h"

#include <vtkDataSetAlgorithm.h>
#include <vtkSmartPointer.h>

#include <string>
#include <vector>

class vtkIdTypeArray;

/// Averages data from one kind of element to the other (points to cells or cells to points) on
/// Loom's engine. With a mask only the selected output elements are computed; the others hold the
/// values of a chosen existing array (KeepArrayName) or FillValue (default NaN).
class LOOMFILTERS_EXPORT vtkLoomDataAverageFilter : public vtkDataSetAlgorithm
{
public:
  vtkTypeMacro(vtkLoomDataAverageFilter, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Devices for SetDevice.
  enum DeviceChoice
  {
    DEVICE_AUTO = 0,
    DEVICE_SERIAL = 1,
    DEVICE_TBB = 2,
    DEVICE_CUDA = 3
  };

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

  ///@{
  /// Where the work runs: DEVICE_AUTO (default; LOOM_DEVICE or the best available), SERIAL, TBB, CUDA.
  vtkSetClampMacro(Device, int, DEVICE_AUTO, DEVICE_CUDA);
  vtkGetMacro(Device, int);
  ///@}

  ///@{
  /// Mask by array: the name of a one-component array on the output elements (cell data for point to
  /// cell, point data for cell to point); elements where it is non-zero are computed. Empty or
  /// "None" (ParaView's no-selection entry) means no mask array.
  vtkSetStringMacro(MaskArrayName);
  vtkGetStringMacro(MaskArrayName);
  ///@}

  ///@{
  /// Mask by ids: the output elements to compute (each once, in range). Used when no mask array is set.
  void SetMaskIds(vtkIdTypeArray* ids);
  vtkIdTypeArray* GetMaskIds();
  void AddMaskId(vtkIdType id);
  void ClearMaskIds();
  ///@}

  ///@{
  /// What unselected outputs hold: the values of this existing array on the output elements (same
  /// type and components as each averaged array) or, when empty, FillValue (default NaN; 0 for
  /// integer arrays when not finite).
  vtkSetStringMacro(KeepArrayName);
  vtkGetStringMacro(KeepArrayName);
  vtkSetMacro(FillValue, double);
  vtkGetMacro(FillValue, double);
  ///@}

  ///@{
  /// Fill unselected outputs with NaN whatever FillValue says (default on; ParaView's XML cannot
  /// hold a NaN default, so the GUI shows this switch and FillValue beside it).
  vtkSetMacro(FillWithNaN, bool);
  vtkGetMacro(FillWithNaN, bool);
  vtkBooleanMacro(FillWithNaN, bool);
  ///@}

protected:
  vtkLoomDataAverageFilter();
  ~vtkLoomDataAverageFilter() override;

  /// True to average point data into cells, false for cells into points.
  virtual bool AveragePointsToCells() const = 0;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool ProcessAllArrays = true;
  bool PassInputData = false;
  int Device = DEVICE_AUTO;
  char* MaskArrayName = nullptr;
  char* KeepArrayName = nullptr;
  double FillValue;
  bool FillWithNaN = true;
  vtkSmartPointer<vtkIdTypeArray> MaskIds;
  std::vector<std::string> Arrays;

private:
  vtkLoomDataAverageFilter(const vtkLoomDataAverageFilter&) = delete;
  void operator=(const vtkLoomDataAverageFilter&) = delete;
};

#endif
