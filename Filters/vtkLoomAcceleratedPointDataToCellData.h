// Loom filters: vtkPointDataToCellData on Loom (Loom's object factory hands it out where VTK or ParaView makes a
// vtkPointDataToCellData: ParaView's Point Data to Cell Data proxy is one).
#ifndef vtkLoomAcceleratedPointDataToCellData_h
#define vtkLoomAcceleratedPointDataToCellData_h

#include "LoomFiltersModule.h"

#include <vtkPointDataToCellData.h>

/// vtkPointDataToCellData whose RequestData runs vtkLoomPointDataToCellData where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPointDataToCellData's own code otherwise (one info
/// message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPointDataToCellData : public vtkPointDataToCellData
{
public:
  static vtkLoomAcceleratedPointDataToCellData* New();
  vtkTypeMacro(vtkLoomAcceleratedPointDataToCellData, vtkPointDataToCellData);

protected:
  vtkLoomAcceleratedPointDataToCellData() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPointDataToCellData(const vtkLoomAcceleratedPointDataToCellData&) = delete;
  void operator=(const vtkLoomAcceleratedPointDataToCellData&) = delete;
};

#endif
