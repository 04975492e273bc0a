// Loom filters: vtkWarpVector on Loom. The plugin redefines ParaView's Warp By Vector proxy with this class (ParaView's
// properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedWarpVector_h
#define vtkLoomAcceleratedWarpVector_h

#include "LoomFiltersModule.h"

#include <vtkWarpVector.h>

/// vtkWarpVector whose RequestData runs vtkLoomWarpByVector where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkWarpVector's own code otherwise (inputs Loom Warp By Vector sends to VTK; one info
/// message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedWarpVector : public vtkWarpVector
{
public:
  static vtkLoomAcceleratedWarpVector* New();
  vtkTypeMacro(vtkLoomAcceleratedWarpVector, vtkWarpVector);

protected:
  vtkLoomAcceleratedWarpVector() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedWarpVector(const vtkLoomAcceleratedWarpVector&) = delete;
  void operator=(const vtkLoomAcceleratedWarpVector&) = delete;
};

#endif
