// Loom plugin: ParaView's Histogram on Loom. The plugin redefines ParaView's Histogram proxy (ExtractHistogram)
// with this class (ParaView's properties, defaults and bar chart view unchanged): vtkPExtractHistogram whose
// RequestData runs vtkLoomHistogram where Loom takes the input and the properties set.
#ifndef vtkLoomAcceleratedExtractHistogram_h
#define vtkLoomAcceleratedExtractHistogram_h

#include "LoomParaViewFiltersModule.h"

#include <vtkPExtractHistogram.h>

/// vtkPExtractHistogram on Loom's histogram family (vtkLoomSettings::AccelerateParaViewFilters on), and
/// vtkPExtractHistogram's own code otherwise: Calculate Averages, a controller other than the global one, a
/// chosen array or component some rank's piece lacks (ParaView's filter bins it as empty there), inputs Loom
/// Histogram sends to VTK (one info message per reason). Under MPI every rank takes the same route.
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedExtractHistogram : public vtkPExtractHistogram
{
public:
  static vtkLoomAcceleratedExtractHistogram* New();
  vtkTypeMacro(vtkLoomAcceleratedExtractHistogram, vtkPExtractHistogram);

protected:
  vtkLoomAcceleratedExtractHistogram() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedExtractHistogram(const vtkLoomAcceleratedExtractHistogram&) = delete;
  void operator=(const vtkLoomAcceleratedExtractHistogram&) = delete;
};

#endif
