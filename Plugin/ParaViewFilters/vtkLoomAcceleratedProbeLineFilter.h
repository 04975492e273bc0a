// Loom plugin: ParaView's Plot Over Line on Loom. The plugin redefines ParaView's Plot Over Line proxy (ProbeLine)
// with this class (ParaView's properties, defaults, line widget and line chart view unchanged): vtkPVProbeLineFilter
// whose RequestData runs vtkLoomPlotOverLine where Loom takes the input and the properties set.
#ifndef vtkLoomAcceleratedProbeLineFilter_h
#define vtkLoomAcceleratedProbeLineFilter_h

#include "LoomParaViewFiltersModule.h"

#include <vtkPVProbeLineFilter.h>

/// vtkPVProbeLineFilter on Loom's locate family (vtkLoomSettings::AccelerateParaViewFilters on), and
/// vtkPVProbeLineFilter's own code otherwise: inputs Loom Plot Over Line sends to VTK (one info message per
/// reason).
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedProbeLineFilter : public vtkPVProbeLineFilter
{
public:
  static vtkLoomAcceleratedProbeLineFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedProbeLineFilter, vtkPVProbeLineFilter);

protected:
  // Made where vtkPVProbeLineFilter's members (a line source and VTK's probe, declared only in its header) are
  // complete types.
  vtkLoomAcceleratedProbeLineFilter();
  ~vtkLoomAcceleratedProbeLineFilter() override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedProbeLineFilter(const vtkLoomAcceleratedProbeLineFilter&) = delete;
  void operator=(const vtkLoomAcceleratedProbeLineFilter&) = delete;
};

#endif
