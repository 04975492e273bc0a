// Loom filters: ParaView's Resample To Image on Loom. The plugin redefines ParaView's Resample To Image proxy
// (ResampleToImage) with this class (ParaView's properties and defaults unchanged). ParaView's proxy names
// vtkResampleToImage, whose New() gives vtkPResampleToImage (VTK's object factory): this class derives from that.
#ifndef vtkLoomAcceleratedPResampleToImage_h
#define vtkLoomAcceleratedPResampleToImage_h

#include "LoomFiltersModule.h"

#include <vtkPResampleToImage.h>

/// vtkPResampleToImage whose RequestData runs vtkLoomResampleToImage where Loom takes the input
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPResampleToImage's own code otherwise: a controller
/// other than the global one, inputs Loom Resample To Image sends to VTK (one info message per reason). Under
/// MPI Loom samples each rank's piece and combines the ranks' samples, as vtkPResampleToImage does.
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPResampleToImage : public vtkPResampleToImage
{
public:
  static vtkLoomAcceleratedPResampleToImage* New();
  vtkTypeMacro(vtkLoomAcceleratedPResampleToImage, vtkPResampleToImage);

protected:
  vtkLoomAcceleratedPResampleToImage() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPResampleToImage(const vtkLoomAcceleratedPResampleToImage&) = delete;
  void operator=(const vtkLoomAcceleratedPResampleToImage&) = delete;
};

#endif
