// Loom filters: vtkMeshQuality on Loom. The plugin redefines ParaView's Mesh Quality proxy with this class
// (ParaView's properties, defaults and labels unchanged).
#ifndef vtkLoomAcceleratedMeshQuality_h
#define vtkLoomAcceleratedMeshQuality_h

#include "LoomFiltersModule.h"

#include <vtkMeshQuality.h>

/// vtkMeshQuality whose RequestData runs vtkLoomMeshQuality (vtkLoomSettings::AccelerateParaViewFilters on),
/// and vtkMeshQuality's own code for the settings ParaView does not set (Save Cell Quality off, the
/// deprecated Volume and Compatibility Mode) and the input Loom's filter hands to VTK (one info message).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedMeshQuality : public vtkMeshQuality
{
public:
  static vtkLoomAcceleratedMeshQuality* New();
  vtkTypeMacro(vtkLoomAcceleratedMeshQuality, vtkMeshQuality);

protected:
  vtkLoomAcceleratedMeshQuality() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedMeshQuality(const vtkLoomAcceleratedMeshQuality&) = delete;
  void operator=(const vtkLoomAcceleratedMeshQuality&) = delete;
};

#endif
