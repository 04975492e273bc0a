// Loom filters: vtkWarpScalar on Loom. The plugin redefines ParaView's Warp By Scalar proxy with this class (ParaView's
// properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedWarpScalar_h
#define vtkLoomAcceleratedWarpScalar_h

#include "LoomFiltersModule.h"

#include <vtkWarpScalar.h>

/// vtkWarpScalar whose RequestData runs vtkLoomWarpByScalar where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkWarpScalar's own code otherwise (Generate Enclosure; one info
/// message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedWarpScalar : public vtkWarpScalar
{
public:
  static vtkLoomAcceleratedWarpScalar* New();
  vtkTypeMacro(vtkLoomAcceleratedWarpScalar, vtkWarpScalar);

protected:
  vtkLoomAcceleratedWarpScalar() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedWarpScalar(const vtkLoomAcceleratedWarpScalar&) = delete;
  void operator=(const vtkLoomAcceleratedWarpScalar&) = delete;
};

#endif
