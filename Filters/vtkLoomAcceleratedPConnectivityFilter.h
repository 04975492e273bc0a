// Loom filters: ParaView's Connectivity on Loom. The plugin redefines ParaView's Connectivity proxy
// (PVConnectivityFilter) with this class (ParaView's properties and defaults unchanged). ParaView's proxy names
// vtkConnectivityFilter, whose New() gives vtkPConnectivityFilter (VTK's object factory): this class derives
// from that.
#ifndef vtkLoomAcceleratedPConnectivityFilter_h
#define vtkLoomAcceleratedPConnectivityFilter_h

#include "LoomFiltersModule.h"

#include <vtkPConnectivityFilter.h>

/// vtkPConnectivityFilter whose RequestData runs vtkLoomConnectivity where Loom takes the input
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPConnectivityFilter's own code otherwise: the
/// Largest and Specified Regions modes (VTK keeps every region's points there), the seeded modes (VTK leaves the
/// region ids of cells it does not reach unset), global ids and blanked cells (VTK's copy differs), input spread
/// over several MPI ranks (VTK's ranks relabel the regions together), inputs Loom Connectivity sends to VTK (one
/// info message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPConnectivityFilter : public vtkPConnectivityFilter
{
public:
  static vtkLoomAcceleratedPConnectivityFilter* New();
  vtkTypeMacro(vtkLoomAcceleratedPConnectivityFilter, vtkPConnectivityFilter);

protected:
  vtkLoomAcceleratedPConnectivityFilter() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPConnectivityFilter(const vtkLoomAcceleratedPConnectivityFilter&) = delete;
  void operator=(const vtkLoomAcceleratedPConnectivityFilter&) = delete;
};

#endif
