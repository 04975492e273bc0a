// Loom filters: extract surface on Loom's engine (stands beside ParaView's Extract Surface, vtkGeometryFilter).
#ifndef vtkLoomExtractSurface_h
#define vtkLoomExtractSurface_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPolyDataAlgorithm.h>

/// The surface of a dataset as polygonal data: the faces of 3D cells that no other cell shares
/// (quadrilaterals stay quadrilaterals), 2D cells passed (pixels as quadrilaterals), lines, vertices and
/// strips passed, on the points the output uses (in input order), point data gathered and each output
/// cell carrying its cell's data. Images, rectilinear and structured grids visit their boundary only.
/// With RemoveGhostInterfaces (default) ghost cells (duplicate or hidden) hide their neighbours' faces and
/// give nothing, so pieces of a distributed dataset show the surface of the whole; off, duplicate cells
/// are ordinary cells and hidden cells are left out (vtkGeometryFilter's rules). Polygonal data, structured data with
/// ghost cells, polyhedra and higher-order cells go to vtkGeometryFilter with one info message.
class LOOMFILTERS_EXPORT vtkLoomExtractSurface : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomExtractSurface* New();
  vtkTypeMacro(vtkLoomExtractSurface, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// As vtkGeometryFilter: on (default), ghost cells hide their neighbours' faces and give nothing; off,
  /// duplicate cells are ordinary cells and hidden cells are left out.
  vtkSetMacro(RemoveGhostInterfaces, vtkTypeBool);
  vtkGetMacro(RemoveGhostInterfaces, vtkTypeBool);
  vtkBooleanMacro(RemoveGhostInterfaces, vtkTypeBool);
  ///@}

  ///@{
  /// ParaView's Extract Surface properties, used when the input goes to vtkGeometryFilter (Loom's own
  /// path is exact and fast: FastMode changes nothing there; nonlinear cells are not in Loom's cell sets).
  vtkSetMacro(PieceInvariant, int);
  vtkGetMacro(PieceInvariant, int);
  vtkSetMacro(NonlinearSubdivisionLevel, int);
  vtkGetMacro(NonlinearSubdivisionLevel, int);
  vtkSetMacro(FastMode, vtkTypeBool);
  vtkGetMacro(FastMode, vtkTypeBool);
  ///@}

protected:
  vtkLoomExtractSurface() = default;
  ~vtkLoomExtractSurface() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  /// Pieces of a distributed dataset ask for one more ghost level with PieceInvariant, as
  /// vtkGeometryFilter does, so that faces between pieces are matched.
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkGeometryFilter).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

  vtkTypeBool RemoveGhostInterfaces = 1;
  int PieceInvariant = 1;
  int NonlinearSubdivisionLevel = 1;
  vtkTypeBool FastMode = 0;

private:
  vtkLoomExtractSurface(const vtkLoomExtractSurface&) = delete;
  void operator=(const vtkLoomExtractSurface&) = delete;
};

#endif
