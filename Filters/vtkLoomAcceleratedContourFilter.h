// Loom filters: vtkContourFilter on Loom (Loom's object factory hands it out where VTK or ParaView makes a
// vtkContourFilter: ParaView's Contour makes one for every execution).
#ifndef vtkLoomAcceleratedContourFilter_h
#define vtkLoomAcceleratedContourFilter_h

#include "LoomFiltersModule.h"

#include <vtkContourFilter.h>

/// vtkContourFilter whose RequestData runs vtkLoomContour where Loom takes the input and the properties
/// set (vtkLoomSettings::AccelerateParaViewFilters on), and vtkContourFilter's own code otherwise: Compute
/// Gradients, a component other than 0, an explicit output points precision, Generate Triangles off, an
/// input Loom's contour family does not take (one info message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedContourFilter : public vtkContourFilter
{
public:
  static vtkLoomAcceleratedContourFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedContourFilter, vtkContourFilter);

protected:
  vtkLoomAcceleratedContourFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedContourFilter(const vtkLoomAcceleratedContourFilter&) = delete;
  void operator=(const vtkLoomAcceleratedContourFilter&) = delete;
};

#endif
