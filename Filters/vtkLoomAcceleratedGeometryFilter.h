// Loom filters: vtkGeometryFilter on Loom. The plugin redefines ParaView's Extract Surface proxy with this
// class (ParaView's properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedGeometryFilter_h
#define vtkLoomAcceleratedGeometryFilter_h

#include "LoomFiltersModule.h"

#include <vtkGeometryFilter.h>

/// vtkGeometryFilter whose RequestData runs vtkLoomExtractSurface where Loom takes the input and the
/// properties set (vtkLoomSettings::AccelerateParaViewFilters on), and vtkGeometryFilter's own code
/// otherwise (point, cell or extent clipping, original ids passed through, a surface with coincident points
/// when Merging is on, inputs Loom Extract Surface sends to VTK; one info message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedGeometryFilter : public vtkGeometryFilter
{
public:
  static vtkLoomAcceleratedGeometryFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedGeometryFilter, vtkGeometryFilter);

protected:
  vtkLoomAcceleratedGeometryFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedGeometryFilter(const vtkLoomAcceleratedGeometryFilter&) = delete;
  void operator=(const vtkLoomAcceleratedGeometryFilter&) = delete;
};

#endif
