// Loom filters: a dataset sampled onto an image on Loom's engine (stands beside ParaView's Resample To
// Image, vtkResampleToImage).
#ifndef vtkLoomResampleToImage_h
#define vtkLoomResampleToImage_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkImageAlgorithm.h>

#include <memory>
#include <string>

namespace loom
{
namespace interop
{
class ProbeSource;
}
}

/// Samples the input's point and cell arrays at the points of an image of Sampling Dimensions spanning the
/// input's bounds (nudged inwards by 1e-6 of their size, as VTK) or the Sampling Bounds: point arrays
/// interpolated in the containing cell, cell arrays taken from it, vtkValidPointMask, and the points in no
/// cell (and the cells touching them) blanked with vtkGhostType. Where cells overlap, the cell of highest id
/// gives the value, as vtkResampleToImage's. The input's locator is kept while the input is unmodified.
class LOOMFILTERS_EXPORT vtkLoomResampleToImage : public vtkImageAlgorithm
{
public:
  static vtkLoomResampleToImage* New();
  vtkTypeMacro(vtkLoomResampleToImage, vtkImageAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// Sample within the input's bounds (on by default) or within SamplingBounds.
  vtkSetMacro(UseInputBounds, bool);
  vtkGetMacro(UseInputBounds, bool);
  vtkBooleanMacro(UseInputBounds, bool);
  ///@}

  ///@{
  /// xmin, xmax, ymin, ymax, zmin, zmax of the image when UseInputBounds is off (0 1 0 1 0 1).
  vtkSetVector6Macro(SamplingBounds, double);
  vtkGetVector6Macro(SamplingBounds, double);
  ///@}

  ///@{
  /// The image's points along x, y and z (10 10 10; ParaView's proxy: 100 100 100).
  vtkSetVector3Macro(SamplingDimensions, int);
  vtkGetVector3Macro(SamplingDimensions, int);
  ///@}

  LOOM_SAMPLING_LOCATOR_MEMBERS

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomResampleToImage();
  ~vtkLoomResampleToImage() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool UseInputBounds = true;
  double SamplingBounds[6] = { 0, 1, 0, 1, 0, 1 };
  int SamplingDimensions[3] = { 10, 10, 10 };
#ifndef __VTK_WRAP__
  std::unique_ptr<loom::interop::ProbeSource> Source;
  std::string AgreedSignature;
#endif

private:
  vtkLoomResampleToImage(const vtkLoomResampleToImage&) = delete;
  void operator=(const vtkLoomResampleToImage&) = delete;
};

#endif
