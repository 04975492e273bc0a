// Loom filters: vtkGradientFilter on Loom (Loom's object factory hands it out where VTK or ParaView makes a
// vtkGradientFilter: ParaView's Gradient makes one for every execution).
#ifndef vtkLoomAcceleratedGradientFilter_h
#define vtkLoomAcceleratedGradientFilter_h

#include "LoomFiltersModule.h"

#include <vtkGradientFilter.h>

/// vtkGradientFilter whose RequestData runs vtkLoomGradient where Loom takes the input
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkGradientFilter's own code otherwise (cells the
/// gradient family does not take, with one info message).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedGradientFilter : public vtkGradientFilter
{
public:
  static vtkLoomAcceleratedGradientFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedGradientFilter, vtkGradientFilter);

protected:
  vtkLoomAcceleratedGradientFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedGradientFilter(const vtkLoomAcceleratedGradientFilter&) = delete;
  void operator=(const vtkLoomAcceleratedGradientFilter&) = delete;
};

#endif
