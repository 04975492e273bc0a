// Loom filters: ParaView's Cell Size on Loom. The plugin redefines ParaView's Cell Size proxy (CellSize) with this
// class (ParaView's properties and defaults unchanged).
#ifndef vtkLoomAcceleratedPCellSizeFilter_h
#define vtkLoomAcceleratedPCellSizeFilter_h

#include "LoomFiltersModule.h"

#include <vtkPCellSizeFilter.h>

/// vtkPCellSizeFilter whose RequestData runs vtkLoomCellSize where Loom takes the input
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPCellSizeFilter's own code otherwise: Compute Sum on
/// composite input (ParaView's filter also puts the grand total on the composite dataset), blanked cells (VTK
/// measures them as 0), inputs Loom Cell Size sends to VTK (one info message per reason). Under MPI the sums are
/// every rank's, as ParaView's.
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPCellSizeFilter : public vtkPCellSizeFilter
{
public:
  static vtkLoomAcceleratedPCellSizeFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedPCellSizeFilter, vtkPCellSizeFilter);

protected:
  vtkLoomAcceleratedPCellSizeFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPCellSizeFilter(const vtkLoomAcceleratedPCellSizeFilter&) = delete;
  void operator=(const vtkLoomAcceleratedPCellSizeFilter&) = delete;
};

#endif
