// Loom filters: vtkQuadricClustering on Loom. The plugin redefines ParaView's Quadric Clustering proxy with this class
// (ParaView's properties, defaults and widgets unchanged).
#ifndef vtkLoomAcceleratedQuadricClustering_h
#define vtkLoomAcceleratedQuadricClustering_h

#include "LoomFiltersModule.h"

#include <vtkQuadricClustering.h>

/// vtkQuadricClustering whose RequestData runs vtkLoomLevelOfDetail where Loom gives VTK's output point for point
/// (vtkLoomSettings::AccelerateParaViewFilters on): Use Input Points on (ParaView's default), no feature edges, bins
/// from Number of Dimensions. Otherwise vtkQuadricClustering's own code, with one info message per reason: the quadric
/// minimizer (Use Input Points off: Loom's eigen-decomposition places the point within 1e-4 of a bin of VTK's SVD, not
/// bit for bit), feature edges, bins from a division origin and spacing, and polyvertex cells with Copy Cell Data (VTK
/// gives such a cell one tuple per new bin, Loom one per output cell).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedQuadricClustering : public vtkQuadricClustering
{
public:
  static vtkLoomAcceleratedQuadricClustering* New();
  vtkTypeMacro(vtkLoomAcceleratedQuadricClustering, vtkQuadricClustering);

protected:
  vtkLoomAcceleratedQuadricClustering() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedQuadricClustering(const vtkLoomAcceleratedQuadricClustering&) = delete;
  void operator=(const vtkLoomAcceleratedQuadricClustering&) = delete;
};

#endif
