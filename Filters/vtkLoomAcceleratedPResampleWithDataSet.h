// Loom filters: ParaView's Resample With Dataset on Loom. The plugin redefines ParaView's Resample With Dataset proxy
// (ResampleWithDataset) with this class (ParaView's properties and defaults unchanged). ParaView's proxy names
// vtkResampleWithDataSet, whose New() gives vtkPResampleWithDataSet (VTK's object factory): this class derives
// from that.
#ifndef vtkLoomAcceleratedPResampleWithDataSet_h
#define vtkLoomAcceleratedPResampleWithDataSet_h

#include "LoomFiltersModule.h"

#include <vtkPResampleWithDataSet.h>

/// vtkPResampleWithDataSet whose RequestData runs vtkLoomResampleWithDataset where Loom takes the inputs
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPResampleWithDataSet's own code otherwise: a Cell
/// Locator other than ParaView's default Static Cell Locator (its bins decide between the cells that hold a point), several MPI
/// ranks (a point on a piece boundary can take another rank's cell there), inputs Loom Resample With Dataset sends
/// to VTK (one info message per reason). The ports are vtkResampleWithDataSet's: port 0 the destination mesh,
/// port 1 the source of the arrays.
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPResampleWithDataSet : public vtkPResampleWithDataSet
{
public:
  static vtkLoomAcceleratedPResampleWithDataSet* New();
  vtkTypeMacro(vtkLoomAcceleratedPResampleWithDataSet, vtkPResampleWithDataSet);

protected:
  vtkLoomAcceleratedPResampleWithDataSet() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPResampleWithDataSet(const vtkLoomAcceleratedPResampleWithDataSet&) = delete;
  void operator=(const vtkLoomAcceleratedPResampleWithDataSet&) = delete;
};

#endif
