// Loom plugin: ParaView's Extract Subset on Loom. The plugin redefines ParaView's Extract Subset proxy
// (ExtractGrid) with this class (ParaView's properties, defaults and widgets unchanged): vtkPVExtractVOI whose
// RequestData runs vtkLoomExtractSubset where Loom takes the input and the properties set.
#ifndef vtkLoomAcceleratedExtractVOI_h
#define vtkLoomAcceleratedExtractVOI_h

#include "LoomParaViewFiltersModule.h"

#include <vtkPVExtractVOI.h>

/// vtkPVExtractVOI on Loom's extract family (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPVExtractVOI's
/// own code otherwise: sampling where VTK's sampled output differs from the settings' meaning (an image sampled
/// along some axes only, cell data of a grid whose extent does not start at 0), sampling of composite input, global
/// ids (VTK's copy leaves them out), several MPI ranks, what Loom Extract Subset fails on or sends to VTK (one info
/// message per reason).
/// ParaView's requests to the input (the VOI's extent) are its own.
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedExtractVOI : public vtkPVExtractVOI
{
public:
  static vtkLoomAcceleratedExtractVOI* New();
  vtkTypeMacro(vtkLoomAcceleratedExtractVOI, vtkPVExtractVOI);

protected:
  vtkLoomAcceleratedExtractVOI() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedExtractVOI(const vtkLoomAcceleratedExtractVOI&) = delete;
  void operator=(const vtkLoomAcceleratedExtractVOI&) = delete;
};

#endif
