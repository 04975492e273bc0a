// Loom filters: vtkTransformFilter on Loom. The plugin redefines ParaView's Transform proxy with this class
// (ParaView's properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedTransformFilter_h
#define vtkLoomAcceleratedTransformFilter_h

#include "LoomFiltersModule.h"

#include <vtkTransformFilter.h>

/// vtkTransformFilter whose RequestData runs vtkLoomTransform where Loom takes the input and the transform
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkTransformFilter's own code otherwise (non-linear
/// transforms, integer vector arrays; one info message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedTransformFilter : public vtkTransformFilter
{
public:
  static vtkLoomAcceleratedTransformFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedTransformFilter, vtkTransformFilter);

protected:
  vtkLoomAcceleratedTransformFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedTransformFilter(const vtkLoomAcceleratedTransformFilter&) = delete;
  void operator=(const vtkLoomAcceleratedTransformFilter&) = delete;
};

#endif
