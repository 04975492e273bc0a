// Loom filters: ParaView's Probe Location on Loom. The plugin redefines ParaView's Probe Location proxy (ProbePoint)
// with this class (ParaView's properties, defaults and probe widget unchanged).
#ifndef vtkLoomAcceleratedPProbeFilter_h
#define vtkLoomAcceleratedPProbeFilter_h

#include "LoomFiltersModule.h"

#include <vtkPProbeFilter.h>

/// vtkPProbeFilter whose RequestData runs vtkLoomProbeLocation where Loom takes the inputs
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPProbeFilter's own code otherwise: categorical data,
/// spatial match, snapping to the closest point's cell, a cell locator or find-cell strategy of the user's, a
/// controller other than the global one, inputs Loom Probe Location sends to VTK (one info message per reason).
/// The ports are vtkProbeFilter's: port 0 the probe points, port 1 the dataset sampled.
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPProbeFilter : public vtkPProbeFilter
{
public:
  static vtkLoomAcceleratedPProbeFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedPProbeFilter, vtkPProbeFilter);

protected:
  vtkLoomAcceleratedPProbeFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPProbeFilter(const vtkLoomAcceleratedPProbeFilter&) = delete;
  void operator=(const vtkLoomAcceleratedPProbeFilter&) = delete;
};

#endif
