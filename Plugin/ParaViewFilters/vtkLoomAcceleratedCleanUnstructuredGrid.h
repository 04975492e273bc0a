// Loom plugin: vtkCleanUnstructuredGrid on Loom. The plugin redefines ParaView's Clean to Grid proxy with this class (ParaView's
// properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedCleanUnstructuredGrid_h
#define vtkLoomAcceleratedCleanUnstructuredGrid_h

#include "LoomParaViewFiltersModule.h"

#include <vtkCleanUnstructuredGrid.h>

/// vtkCleanUnstructuredGrid whose RequestData runs vtkLoomCleanGrid where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkCleanUnstructuredGrid's own code otherwise (an Output Points Precision set; one info
/// message per reason).
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedCleanUnstructuredGrid : public vtkCleanUnstructuredGrid
{
public:
  static vtkLoomAcceleratedCleanUnstructuredGrid* New();
  vtkTypeMacro(vtkLoomAcceleratedCleanUnstructuredGrid, vtkCleanUnstructuredGrid);

protected:
  vtkLoomAcceleratedCleanUnstructuredGrid() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedCleanUnstructuredGrid(const vtkLoomAcceleratedCleanUnstructuredGrid&) = delete;
  void operator=(const vtkLoomAcceleratedCleanUnstructuredGrid&) = delete;
};

#endif
