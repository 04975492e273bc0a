// Loom filters: vtkCellDataToPointData on Loom (Loom's object factory hands it out where VTK or ParaView makes a
// vtkCellDataToPointData: ParaView's Cell Data to Point Data proxy is one).
#ifndef vtkLoomAcceleratedCellDataToPointData_h
#define vtkLoomAcceleratedCellDataToPointData_h

#include "LoomFiltersModule.h"

#include <vtkCellDataToPointData.h>

/// vtkCellDataToPointData whose RequestData runs vtkLoomCellDataToPointData where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkCellDataToPointData's own code otherwise (one info
/// message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedCellDataToPointData : public vtkCellDataToPointData
{
public:
  static vtkLoomAcceleratedCellDataToPointData* New();
  vtkTypeMacro(vtkLoomAcceleratedCellDataToPointData, vtkCellDataToPointData);

protected:
  vtkLoomAcceleratedCellDataToPointData() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedCellDataToPointData(const vtkLoomAcceleratedCellDataToPointData&) = delete;
  void operator=(const vtkLoomAcceleratedCellDataToPointData&) = delete;
};

#endif
