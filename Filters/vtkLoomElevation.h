// Loom filters: vtkLoomElevation, ParaView's Elevation (vtkElevationFilter's scalars) on Loom's engine,
// with an output mask.
#ifndef vtkLoomElevation_h
#define vtkLoomElevation_h

#include "LoomFiltersModule.h"
#include "vtkLoomFieldFilter.h"

/// A float point array "Elevation" (the active scalars): each point projected onto the line from
/// LowPoint to HighPoint, clamped to [0, 1] and mapped to ScalarRange, as vtkElevationFilter. On images
/// and rectilinear grids the positions come from the axes (none are stored). With a mask only the
/// selected points are computed; the others hold a kept array's values or the fill value.
class LOOMFILTERS_EXPORT vtkLoomElevation : public vtkLoomFieldFilter
{
public:
  static vtkLoomElevation* New();
  vtkTypeMacro(vtkLoomElevation, vtkLoomFieldFilter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The line's ends (default (0, 0, 0) and (0, 0, 1), as VTK) and the scalar range they map to
  /// (default 0 1). Equal ends elevate along (0, 0, 1) from LowPoint with a warning.
  vtkSetVector3Macro(LowPoint, double);
  vtkGetVectorMacro(LowPoint, double, 3);
  vtkSetVector3Macro(HighPoint, double);
  vtkGetVectorMacro(HighPoint, double, 3);
  vtkSetVector2Macro(ScalarRange, double);
  vtkGetVectorMacro(ScalarRange, double, 2);
  ///@}

protected:
  vtkLoomElevation() = default;
  ~vtkLoomElevation() override = default;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double LowPoint[3] = { 0.0, 0.0, 0.0 };
  double HighPoint[3] = { 0.0, 0.0, 1.0 };
  double ScalarRange[2] = { 0.0, 1.0 };

private:
  vtkLoomElevation(const vtkLoomElevation&) = delete;
  void operator=(const vtkLoomElevation&) = delete;
};

#endif
