// Loom filters: vtkDataSetTriangleFilter on Loom. The plugin redefines ParaView's Tetrahedralize proxy with this class (ParaView's
// properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedDataSetTriangleFilter_h
#define vtkLoomAcceleratedDataSetTriangleFilter_h

#include "LoomFiltersModule.h"

#include <vtkDataSetTriangleFilter.h>

/// vtkDataSetTriangleFilter whose RequestData runs vtkLoomTetrahedralize where Loom takes the input and the properties set
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkDataSetTriangleFilter's own code otherwise (Tetrahedra Only, and unstructured grids and polygonal data, whose hexahedra VTK splits by an ordered Delaunay triangulation; one info
/// message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedDataSetTriangleFilter : public vtkDataSetTriangleFilter
{
public:
  static vtkLoomAcceleratedDataSetTriangleFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedDataSetTriangleFilter, vtkDataSetTriangleFilter);

protected:
  vtkLoomAcceleratedDataSetTriangleFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedDataSetTriangleFilter(const vtkLoomAcceleratedDataSetTriangleFilter&) = delete;
  void operator=(const vtkLoomAcceleratedDataSetTriangleFilter&) = delete;
};

#endif
