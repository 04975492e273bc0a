// Loom filters: tetrahedralize on Loom's engine (stands beside vtkDataSetTriangleFilter).
#ifndef vtkLoomTetrahedralize_h
#define vtkLoomTetrahedralize_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkUnstructuredGridAlgorithm.h>

/// Splits every cell into simplices of its dimension: voxels and hexahedra into 6 tetrahedra (or 5,
/// alternating on structured grids so faces match), wedges into 3, pyramids into 2, tetrahedra kept;
/// pixels and quadrilaterals into 2 triangles, polygons fanned, triangle strips unrolled; poly-lines and
/// poly-vertices into lines and vertices. The output is an unstructured grid on the same points
/// (generated for image data and rectilinear grids, shared otherwise) with the point data passed
/// and each cell's data copied to its children. Polyhedra and higher-order cells are refused.
class LOOMFILTERS_EXPORT vtkLoomTetrahedralize : public vtkUnstructuredGridAlgorithm
{
public:
  static vtkLoomTetrahedralize* New();
  vtkTypeMacro(vtkLoomTetrahedralize, vtkUnstructuredGridAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS
  /// Hexahedron splits for SetHexahedronSplit.
  enum SplitChoice
  {
    SPLIT_SIX = 0,
    SPLIT_FIVE = 1,
    SPLIT_AS_PARAVIEW = 2
  };

  ///@{
  /// SPLIT_AS_PARAVIEW (default): the cells of ParaView's Tetrahedralize on images, rectilinear and
  /// structured grids (five tetrahedra, alternating), six on explicit hexahedra and voxels (ParaView's
  /// ordered Delaunay split of those differs cell by cell; the volume is the same, and both conform).
  /// SPLIT_SIX: six tetrahedra around the cell diagonal, conforming wherever neighbouring cells are
  /// oriented alike. SPLIT_FIVE: five tetrahedra, the two mirror splits alternating with the parity of
  /// i+j+k on structured grids (explicit hexahedra all take the first split).
  vtkSetClampMacro(HexahedronSplit, int, SPLIT_SIX, SPLIT_AS_PARAVIEW);
  vtkGetMacro(HexahedronSplit, int);
  ///@}

protected:
  vtkLoomTetrahedralize() = default;
  ~vtkLoomTetrahedralize() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int HexahedronSplit = SPLIT_AS_PARAVIEW;

private:
  vtkLoomTetrahedralize(const vtkLoomTetrahedralize&) = delete;
  void operator=(const vtkLoomTetrahedralize&) = delete;
};

#endif
