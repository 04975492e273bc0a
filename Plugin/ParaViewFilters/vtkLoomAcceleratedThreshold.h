// Loom plugin: ParaView's Threshold on Loom. The plugin redefines ParaView's Threshold proxy with this class
// (ParaView's properties, defaults and widgets unchanged): vtkPVThreshold whose RequestData runs
// vtkLoomThreshold where Loom takes the input and the properties set.
#ifndef vtkLoomAcceleratedThreshold_h
#define vtkLoomAcceleratedThreshold_h

#include "LoomParaViewFiltersModule.h"

#include <vtkPVThreshold.h>

/// vtkPVThreshold on Loom's threshold family (vtkLoomSettings::AccelerateParaViewFilters on), and
/// vtkPVThreshold's own code otherwise: hyper tree grids, an Output Points Precision set, inputs Loom's
/// threshold family does not take (one info message per reason).
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedThreshold : public vtkPVThreshold
{
public:
  static vtkLoomAcceleratedThreshold* New();
  vtkTypeMacro(vtkLoomAcceleratedThreshold, vtkPVThreshold);

protected:
  vtkLoomAcceleratedThreshold() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedThreshold(const vtkLoomAcceleratedThreshold&) = delete;
  void operator=(const vtkLoomAcceleratedThreshold&) = delete;
};

#endif
