// Loom filters: surface normals on Loom's engine (stands beside ParaView's Generate Surface Normals,
// vtkPPolyDataNormals).
#ifndef vtkLoomGenerateSurfaceNormals_h
#define vtkLoomGenerateSurfaceNormals_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPolyDataAlgorithm.h>

/// Point normals for smooth shading (and cell normals on request) of a surface's polygons, as
/// vtkPolyDataNormals makes them: the polygons ordered consistently (Consistency), the points of edges
/// sharper than Feature Angle duplicated (Splitting), point normals the normalized sum of their polygons'
/// normals (reversed with Flip Normals). The same points, polygons and normals as ParaView's filter, to the
/// bit. Vertices and lines pass through; triangle strips, and the settings ParaView's proxy does not set
/// (Auto Orient Normals, an Output Points Precision other than the input's), go to vtkPolyDataNormals.
class LOOMFILTERS_EXPORT vtkLoomGenerateSurfaceNormals : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomGenerateSurfaceNormals* New();
  vtkTypeMacro(vtkLoomGenerateSurfaceNormals, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// The angle (degrees, 0 to 180; 30 by default) above which the edge between two polygons is sharp.
  vtkSetClampMacro(FeatureAngle, double, 0.0, 180.0);
  vtkGetMacro(FeatureAngle, double);
  ///@}
  ///@{
  /// Duplicate the points of sharp edges, so that each side has its own normal (on).
  vtkSetMacro(Splitting, bool);
  vtkGetMacro(Splitting, bool);
  vtkBooleanMacro(Splitting, bool);
  ///@}
  ///@{
  /// Order every polygon like its neighbours (on).
  vtkSetMacro(Consistency, bool);
  vtkGetMacro(Consistency, bool);
  vtkBooleanMacro(Consistency, bool);
  ///@}
  ///@{
  /// Reverse the normals: every polygon's ordering with Consistency, else the point normals only (off).
  vtkSetMacro(FlipNormals, bool);
  vtkGetMacro(FlipNormals, bool);
  vtkBooleanMacro(FlipNormals, bool);
  ///@}
  ///@{
  /// Order across edges shared by more than two polygons too (on).
  vtkSetMacro(NonManifoldTraversal, bool);
  vtkGetMacro(NonManifoldTraversal, bool);
  vtkBooleanMacro(NonManifoldTraversal, bool);
  ///@}
  ///@{
  /// Add point normals (on; VTK's property, which ParaView's proxy leaves on) and cell normals (off).
  vtkSetMacro(ComputePointNormals, bool);
  vtkGetMacro(ComputePointNormals, bool);
  vtkBooleanMacro(ComputePointNormals, bool);
  vtkSetMacro(ComputeCellNormals, bool);
  vtkGetMacro(ComputeCellNormals, bool);
  vtkBooleanMacro(ComputeCellNormals, bool);
  ///@}
  ///@{
  /// Ask for one more ghost level than requested, so that pieces agree at their seams (on; ParaView's).
  vtkSetMacro(PieceInvariant, bool);
  vtkGetMacro(PieceInvariant, bool);
  vtkBooleanMacro(PieceInvariant, bool);
  ///@}
  ///@{
  /// vtkPolyDataNormals' Auto Orient Normals (off) and Output Points Precision (vtkAlgorithm::DEFAULT_PRECISION:
  /// the input's), which ParaView's proxy does not set: other values run vtkPolyDataNormals.
  vtkSetMacro(AutoOrientNormals, bool);
  vtkGetMacro(AutoOrientNormals, bool);
  vtkSetMacro(OutputPointsPrecision, int);
  vtkGetMacro(OutputPointsPrecision, int);
  ///@}

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

  /// Of the last execution: the polygons reversed, and the traversals VTK's sequential ordering ran (one per
  /// seed polygon) in the pieces whose ordering depends on its order: a Moebius strip, non-manifold edges
  /// whose polygons cannot agree, polygons with a repeated point.
  vtkGetMacro(PolygonsReversed, vtkIdType);
  vtkGetMacro(SequentialComponents, vtkIdType);

protected:
  vtkLoomGenerateSurfaceNormals() = default;
  ~vtkLoomGenerateSurfaceNormals() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double FeatureAngle = 30.0;
  bool Splitting = true;
  bool Consistency = true;
  bool FlipNormals = false;
  bool NonManifoldTraversal = true;
  bool ComputePointNormals = true;
  bool ComputeCellNormals = false;
  bool PieceInvariant = true;
  bool AutoOrientNormals = false;
  int OutputPointsPrecision = vtkAlgorithm::DEFAULT_PRECISION;
  vtkIdType PolygonsReversed = 0;
  vtkIdType SequentialComponents = 0;

private:
  vtkLoomGenerateSurfaceNormals(const vtkLoomGenerateSurfaceNormals&) = delete;
  void operator=(const vtkLoomGenerateSurfaceNormals&) = delete;
};

#endif
