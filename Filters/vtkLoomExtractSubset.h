// Loom filters: extract subset on Loom's engine (stands beside ParaView's Extract Subset, vtkPVExtractVOI).
#ifndef vtkLoomExtractSubset_h
#define vtkLoomExtractSubset_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkDataSetAlgorithm.h>

/// A sub-grid of an image, rectilinear grid or structured grid, with the properties and meanings of ParaView's
/// Extract Subset: the VOI (point index ranges along I, J and K, clamped to the input's extent), a sample rate
/// along each axis and Include Boundary (the last index kept where a sample rate skips it). The output has the
/// input's type: the extent VTK gives it (the VOI's when every sample rate is 1, from 0 along sampled axes), an
/// image's origin and spacing (VTK's filter also moves the origin along axes of rate 1 when another is sampled,
/// shifting the points; Loom does not), a rectilinear grid's coordinates, a structured grid's points, and the point and cell data
/// gathered by Loom. A VOI covering the whole input at rate 1 passes the input through without a copy.
class LOOMFILTERS_EXPORT vtkLoomExtractSubset : public vtkDataSetAlgorithm
{
public:
  static vtkLoomExtractSubset* New();
  vtkTypeMacro(vtkLoomExtractSubset, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// VOI: imin, imax, jmin, jmax, kmin, kmax (point indices of the input's whole extent; default 0 to
  /// VTK_INT_MAX on each axis, as VTK's filters: the proxy's default is the input's whole extent). A minimum
  /// above its maximum, or a VOI that meets no point of the input, is an error.
  vtkSetVector6Macro(VOI, int);
  vtkGetVector6Macro(VOI, int);
  ///@}

  ///@{
  /// Sample Rate I, J, K (default 1): every n-th index is kept. Below 1 is an error.
  vtkSetVector3Macro(SampleRate, int);
  vtkGetVector3Macro(SampleRate, int);
  void SetSampleRateI(int rate);
  void SetSampleRateJ(int rate);
  void SetSampleRateK(int rate);
  ///@}

  ///@{
  /// Include Boundary (default off): with a sample rate above 1, the VOI's last index along that axis is kept
  /// even where the rate skips it, on rectilinear and structured grids (an image's lattice has no place for
  /// it: images ignore it, as ParaView's Extract Subset does).
  vtkSetMacro(IncludeBoundary, vtkTypeBool);
  vtkGetMacro(IncludeBoundary, vtkTypeBool);
  vtkBooleanMacro(IncludeBoundary, vtkTypeBool);
  ///@}

protected:
  vtkLoomExtractSubset();
  ~vtkLoomExtractSubset() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter for the output's type with this filter's settings and the VOI clamped to `whole` (VTK's
  /// filters ask their input for an unclamped VOI, outside its whole extent, at sample rate 1), the parallel
  /// one on several MPI ranks: the pipeline passes (information, update extent) and the fallback.
  vtkSmartPointer<vtkAlgorithm> VTKFilter(vtkDataObject* output, bool parallel, const int whole[6]);

  int VOI[6];
  int SampleRate[3] = { 1, 1, 1 };
  /// VTK's filter of the last RequestInformation (its index maps kept from pass to pass, as vtkPVExtractVOI
  /// keeps its filters): the update extent, and RequestData on several MPI ranks.
  vtkSmartPointer<vtkAlgorithm> Passes;
  vtkTypeBool IncludeBoundary = 0;

private:
  vtkLoomExtractSubset(const vtkLoomExtractSubset&) = delete;
  void operator=(const vtkLoomExtractSubset&) = delete;
};

#endif
