// Loom filters: vtkPPolyDataNormals on Loom. The plugin redefines ParaView's Generate Surface Normals proxy
// with this class (ParaView's properties, defaults and labels unchanged).
#ifndef vtkLoomAcceleratedPPolyDataNormals_h
#define vtkLoomAcceleratedPPolyDataNormals_h

#include "LoomFiltersModule.h"

#include <vtkPPolyDataNormals.h>

/// vtkPPolyDataNormals whose RequestData runs vtkLoomGenerateSurfaceNormals (vtkLoomSettings::
/// AccelerateParaViewFilters on), and vtkPolyDataNormals' own code where their outputs would differ (Splitting
/// with vertices or lines before the polygons, triangle strips beside vertices or lines: VTK's output there is
/// its own) and for the input Loom's filter hands to VTK (one info message).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPPolyDataNormals : public vtkPPolyDataNormals
{
public:
  static vtkLoomAcceleratedPPolyDataNormals* New();
  vtkTypeMacro(vtkLoomAcceleratedPPolyDataNormals, vtkPPolyDataNormals);

protected:
  vtkLoomAcceleratedPPolyDataNormals() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPPolyDataNormals(const vtkLoomAcceleratedPPolyDataNormals&) = delete;
  void operator=(const vtkLoomAcceleratedPPolyDataNormals&) = delete;
};

#endif
