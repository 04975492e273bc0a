// Loom filters: level of detail by vertex clustering on Loom's engine (stands beside ParaView's Quadric
// Clustering, vtkQuadricClustering).
#ifndef vtkLoomLevelOfDetail_h
#define vtkLoomLevelOfDetail_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPolyDataAlgorithm.h>

/// A reduced polygonal mesh: the bounds of the input's points are divided into NumberOfDivisions bins
/// and the points of each bin collapse into one, as vtkQuadricClustering collapses them (the same bins,
/// the same output points in the same order, the same triangles and segments, duplicates dropped).
/// Each bin's error quadric is the sum of its triangles' (or, where there are any, its segments')
/// quadrics, summed in VTK's order by a reduce-by-key worklet; the bin's point is the input point of
/// least error (UseInputPoints, with its point data), else the point of least error
/// (RepresentativePoint QUADRIC_MINIMIZER, as VTK) or the mean of the bin's points (MEAN, point data
/// averaged). Vertex cells keep the points of the bins they reach first, as in VTK. UseFeatureEdges
/// runs VTK's vtkQuadricClustering (an info message says so).
class LOOMFILTERS_EXPORT vtkLoomLevelOfDetail : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomLevelOfDetail* New();
  vtkTypeMacro(vtkLoomLevelOfDetail, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  /// Where a bin's point goes when UseInputPoints is off.
  enum RepresentativePointType
  {
    QUADRIC_MINIMIZER = 0,
    MEAN = 1
  };

  ///@{
  /// Bins along x, y and z (default 50 each; ParaView's "Number of Dimensions"). Each must be at least
  /// 1 (an error at execution otherwise).
  vtkSetVector3Macro(NumberOfDivisions, int);
  vtkGetVector3Macro(NumberOfDivisions, int);
  ///@}

  ///@{
  /// When half the bins outnumber the input points, shrink every division count by the cube root of
  /// the excess (default on, as VTK).
  vtkSetMacro(AutoAdjustNumberOfDivisions, bool);
  vtkGetMacro(AutoAdjustNumberOfDivisions, bool);
  vtkBooleanMacro(AutoAdjustNumberOfDivisions, bool);
  ///@}

  ///@{
  /// Each bin's point is the input point in it with the least quadric error, its point data carried
  /// (default off, as vtkQuadricClustering; ParaView's proxy turns it on).
  vtkSetMacro(UseInputPoints, bool);
  vtkGetMacro(UseInputPoints, bool);
  vtkBooleanMacro(UseInputPoints, bool);
  ///@}

  ///@{
  /// Without UseInputPoints: QUADRIC_MINIMIZER (default: the point of least error, kept within the
  /// bin's sphere, as VTK) or MEAN (the mean of the bin's input points, point data averaged).
  vtkSetClampMacro(RepresentativePoint, int, QUADRIC_MINIMIZER, MEAN);
  vtkGetMacro(RepresentativePoint, int);
  ///@}

  ///@{
  /// Triangles inside fewer than three bins add their quadrics too (default on, as VTK; ParaView's
  /// proxy turns it off).
  vtkSetMacro(UseInternalTriangles, bool);
  vtkGetMacro(UseInternalTriangles, bool);
  vtkBooleanMacro(UseInternalTriangles, bool);
  ///@}

  ///@{
  /// Carry each output cell the data of the input cell it comes from (default off, as VTK; ParaView's
  /// proxy turns it on).
  vtkSetMacro(CopyCellData, bool);
  vtkGetMacro(CopyCellData, bool);
  vtkBooleanMacro(CopyCellData, bool);
  ///@}

  ///@{
  /// Drop triangles on the same three output points after the first (default on, as VTK).
  vtkSetMacro(PreventDuplicateCells, bool);
  vtkGetMacro(PreventDuplicateCells, bool);
  vtkBooleanMacro(PreventDuplicateCells, bool);
  ///@}

  ///@{
  /// VTK's boundary-edge quadrics (and, with UseFeaturePoints, their corner points at
  /// FeaturePointsAngle degrees). On: the input goes to vtkQuadricClustering.
  vtkSetMacro(UseFeatureEdges, bool);
  vtkGetMacro(UseFeatureEdges, bool);
  vtkBooleanMacro(UseFeatureEdges, bool);
  vtkSetMacro(UseFeaturePoints, bool);
  vtkGetMacro(UseFeaturePoints, bool);
  vtkBooleanMacro(UseFeaturePoints, bool);
  vtkSetClampMacro(FeaturePointsAngle, double, 0.0, 180.0);
  vtkGetMacro(FeaturePointsAngle, double);
  ///@}

protected:
  vtkLoomLevelOfDetail() = default;
  ~vtkLoomLevelOfDetail() override = default;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkQuadricClustering).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

  int NumberOfDivisions[3] = { 50, 50, 50 };
  bool AutoAdjustNumberOfDivisions = true;
  bool UseInputPoints = false;
  int RepresentativePoint = QUADRIC_MINIMIZER;
  bool UseInternalTriangles = true;
  bool CopyCellData = false;
  bool PreventDuplicateCells = true;
  bool UseFeatureEdges = false;
  bool UseFeaturePoints = false;
  double FeaturePointsAngle = 30.0;

private:
  vtkLoomLevelOfDetail(const vtkLoomLevelOfDetail&) = delete;
  void operator=(const vtkLoomLevelOfDetail&) = delete;
};

#endif
