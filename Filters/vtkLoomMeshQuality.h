// Loom filters: mesh quality on Loom's engine (stands beside ParaView's Mesh Quality, vtkMeshQuality).
#ifndef vtkLoomMeshQuality_h
#define vtkLoomMeshQuality_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkDataSetAlgorithm.h>

/// One quality measure per linear shape (triangle, quadrilateral, tetrahedron, pyramid, wedge,
/// hexahedron) in the double cell array "Quality" (the active scalars), NaN for every other cell (voxels and
/// pixels, so every cell of an image or rectilinear grid, too), and per shape the minimum, average, maximum,
/// variance and count as field data ("Mesh Triangle Quality" ...), as vtkMeshQuality gives them. The
/// measures are VTK's, numbered as vtkMeshQuality::QualityMeasureTypes numbers them; a measure a shape does
/// not offer is replaced by VTK's default for the shape, with a warning, as VTK does. The size-relative
/// measures use the average size of the shape's cells (VTK's size hints "TriArea" ... "HexVolume" in the
/// input's field data when all six are there, else measured and added to the output's).
class LOOMFILTERS_EXPORT vtkLoomMeshQuality : public vtkDataSetAlgorithm
{
public:
  static vtkLoomMeshQuality* New();
  vtkTypeMacro(vtkLoomMeshQuality, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// The measure of each shape, VTK's numbers (ParaView's defaults: Radius Ratio 2 for triangles, Edge
  /// Ratio 0 for quadrilaterals, Radius Ratio 2 for tetrahedra, Shape 13 for pyramids, Edge Ratio 0 for
  /// wedges, Maximum Aspect Frobenius 5 for hexahedra).
  vtkSetMacro(TriangleQualityMeasure, int);
  vtkGetMacro(TriangleQualityMeasure, int);
  vtkSetMacro(QuadQualityMeasure, int);
  vtkGetMacro(QuadQualityMeasure, int);
  vtkSetMacro(TetQualityMeasure, int);
  vtkGetMacro(TetQualityMeasure, int);
  vtkSetMacro(PyramidQualityMeasure, int);
  vtkGetMacro(PyramidQualityMeasure, int);
  vtkSetMacro(WedgeQualityMeasure, int);
  vtkGetMacro(WedgeQualityMeasure, int);
  vtkSetMacro(HexQualityMeasure, int);
  vtkGetMacro(HexQualityMeasure, int);
  ///@}

  ///@{
  /// A second array, "Quality (Linear Approx)", where quadratic and higher-order cells are measured by their
  /// corners (off by default).
  vtkSetMacro(LinearApproximation, bool);
  vtkGetMacro(LinearApproximation, bool);
  vtkBooleanMacro(LinearApproximation, bool);
  ///@}

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomMeshQuality() = default;
  ~vtkLoomMeshQuality() override = default;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int TriangleQualityMeasure = 2;
  int QuadQualityMeasure = 0;
  int TetQualityMeasure = 2;
  int PyramidQualityMeasure = 13;
  int WedgeQualityMeasure = 0;
  int HexQualityMeasure = 5;
  bool LinearApproximation = false;

private:
  vtkLoomMeshQuality(const vtkLoomMeshQuality&) = delete;
  void operator=(const vtkLoomMeshQuality&) = delete;
};

#endif
