// Loom filters: vtkIntegrateAttributes on Loom. The plugin redefines ParaView's Integrate Variables proxy with
// this class (ParaView's properties, defaults and views unchanged).
#ifndef vtkLoomAcceleratedIntegrateAttributes_h
#define vtkLoomAcceleratedIntegrateAttributes_h

#include "LoomFiltersModule.h"

#include <vtkIntegrateAttributes.h>

/// vtkIntegrateAttributes whose RequestData runs vtkLoomIntegrateVariables where Loom takes the input
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkIntegrateAttributes' own code otherwise (inputs Loom
/// Integrate Variables sends to VTK; one info message per reason). Under MPI every rank takes the same route.
class LOOMFILTERS_EXPORT vtkLoomAcceleratedIntegrateAttributes : public vtkIntegrateAttributes
{
public:
  static vtkLoomAcceleratedIntegrateAttributes* New();
  vtkTypeMacro(vtkLoomAcceleratedIntegrateAttributes, vtkIntegrateAttributes);

protected:
  vtkLoomAcceleratedIntegrateAttributes() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedIntegrateAttributes(const vtkLoomAcceleratedIntegrateAttributes&) = delete;
  void operator=(const vtkLoomAcceleratedIntegrateAttributes&) = delete;
};

#endif
