// Loom filters: vtkElevationFilter on Loom. The plugin redefines ParaView's Elevation proxy with this class (ParaView's
// properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedElevationFilter_h
#define vtkLoomAcceleratedElevationFilter_h

#include "LoomFiltersModule.h"

#include <vtkElevationFilter.h>

/// vtkElevationFilter whose RequestData runs vtkLoomElevation where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkElevationFilter's own code otherwise (inputs Loom Elevation sends to VTK; one info
/// message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedElevationFilter : public vtkElevationFilter
{
public:
  static vtkLoomAcceleratedElevationFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedElevationFilter, vtkElevationFilter);

protected:
  vtkLoomAcceleratedElevationFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedElevationFilter(const vtkLoomAcceleratedElevationFilter&) = delete;
  void operator=(const vtkLoomAcceleratedElevationFilter&) = delete;
};

#endif
