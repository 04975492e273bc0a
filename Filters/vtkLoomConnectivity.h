// Loom filters: connectivity on Loom's engine (stands beside vtkConnectivityFilter, ParaView's Connectivity).
#ifndef vtkLoomConnectivity_h
#define vtkLoomConnectivity_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkIdList.h>
#include <vtkNew.h>
#include <vtkPointSetAlgorithm.h>

/// The connected regions of a dataset (cells that share a point belong to one region), with
/// vtkConnectivityFilter's properties and meanings: the extraction mode (all regions, the largest, regions
/// specified by id, the regions of seed points or cells, the region of the point closest to a position),
/// Color Regions (a RegionId array on points and cells, the active scalars) and the region id assignment.
/// Polygonal data in gives polygonal data out, other datasets an unstructured grid; the kept cells in input
/// order, with their point and cell data.
///
/// Where the output differs from VTK's, by choice (docs/filters/connectivity.md): the points are the kept
/// cells' points in input order (VTK numbers them in the order its traversal meets them, and in the Largest
/// and Specified modes keeps every point of every region), and the cell RegionId array has one value per
/// output cell (VTK's has one per input cell, by input cell id, and leaves the cells its seeded modes do not
/// reach unset).
class LOOMFILTERS_EXPORT vtkLoomConnectivity : public vtkPointSetAlgorithm
{
public:
  static vtkLoomConnectivity* New();
  vtkTypeMacro(vtkLoomConnectivity, vtkPointSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  /// Extraction modes (vtkConnectivityFilter's VTK_EXTRACT_* values).
  enum ExtractionModes
  {
    POINT_SEEDED_REGIONS = 1,
    CELL_SEEDED_REGIONS = 2,
    SPECIFIED_REGIONS = 3,
    LARGEST_REGION = 4,
    ALL_REGIONS = 5,
    CLOSEST_POINT_REGION = 6
  };
  /// Region id assignment (vtkConnectivityFilter's values).
  enum RegionIdAssignment
  {
    UNSPECIFIED = 0,
    CELL_COUNT_DESCENDING = 1,
    CELL_COUNT_ASCENDING = 2
  };

  ///@{
  /// Which regions are kept: the largest (the most cells; the first found of equal ones; default, as
  /// vtkConnectivityFilter's; ParaView's proxy defaults to all), all, those of Specified Region Ids, those
  /// reached from Seed Ids (point or cell ids), or the region of the point closest to Closest Point.
  vtkSetClampMacro(ExtractionMode, int, POINT_SEEDED_REGIONS, CLOSEST_POINT_REGION);
  vtkGetMacro(ExtractionMode, int);
  void SetExtractionModeToPointSeededRegions() { this->SetExtractionMode(POINT_SEEDED_REGIONS); }
  void SetExtractionModeToCellSeededRegions() { this->SetExtractionMode(CELL_SEEDED_REGIONS); }
  void SetExtractionModeToSpecifiedRegions() { this->SetExtractionMode(SPECIFIED_REGIONS); }
  void SetExtractionModeToLargestRegion() { this->SetExtractionMode(LARGEST_REGION); }
  void SetExtractionModeToAllRegions() { this->SetExtractionMode(ALL_REGIONS); }
  void SetExtractionModeToClosestPointRegion() { this->SetExtractionMode(CLOSEST_POINT_REGION); }
  ///@}

  ///@{
  /// RegionId arrays on the output's points and cells (vtkIdType, the active scalars). Default off, as
  /// vtkConnectivityFilter's (ParaView's proxy: on). The seeded and closest point modes give every kept cell
  /// region 0, as VTK does.
  vtkSetMacro(ColorRegions, vtkTypeBool);
  vtkGetMacro(ColorRegions, vtkTypeBool);
  vtkBooleanMacro(ColorRegions, vtkTypeBool);
  ///@}

  ///@{
  /// How region ids are numbered: Unspecified (default; in the order of each region's smallest cell id,
  /// which is VTK's order), by cell count descending or ascending (regions of equal counts in that order,
  /// reversed by Descending, as VTK's). Specified Region Ids always use the Unspecified numbers.
  vtkSetClampMacro(RegionIdAssignmentMode, int, UNSPECIFIED, CELL_COUNT_ASCENDING);
  vtkGetMacro(RegionIdAssignmentMode, int);
  ///@}

  ///@{
  /// The position of the Closest Point Region mode (default the origin).
  vtkSetVector3Macro(ClosestPoint, double);
  vtkGetVectorMacro(ClosestPoint, double, 3);
  ///@}

  ///@{
  /// Seed Ids: point ids (Point Seeded Regions) or cell ids (Cell Seeded Regions); negative ids are
  /// ignored, ids past the input's points or cells are an error.
  void InitializeSeedList();
  void AddSeed(vtkIdType id);
  void DeleteSeed(vtkIdType id);
  ///@}

  ///@{
  /// Specified Region Ids: the regions the Specified Regions mode keeps (Unspecified numbering).
  void InitializeSpecifiedRegionList();
  void AddSpecifiedRegion(int id);
  void DeleteSpecifiedRegion(int id);
  ///@}

  ///@{
  /// vtkConnectivityFilter's scalar connectivity (not in ParaView's proxy): on, VTK's filter runs instead,
  /// with one info message (its regions depend on the order of its traversal).
  vtkSetMacro(ScalarConnectivity, vtkTypeBool);
  vtkGetMacro(ScalarConnectivity, vtkTypeBool);
  vtkBooleanMacro(ScalarConnectivity, vtkTypeBool);
  vtkSetVector2Macro(ScalarRange, double);
  vtkGetVector2Macro(ScalarRange, double);
  ///@}

  ///@{
  /// The output points' precision (vtkAlgorithm::DesiredOutputPrecision): DEFAULT_PRECISION (default) keeps
  /// a point set's type, float for grids, as VTK's; the others go to VTK's filter, with one info message.
  vtkSetMacro(OutputPointsPrecision, int);
  vtkGetMacro(OutputPointsPrecision, int);
  ///@}

  /// The number of regions of the last execution (vtkConnectivityFilter's count: 1 in the seeded and closest
  /// point modes).
  int GetNumberOfExtractedRegions() { return this->ExtractedRegions; }

protected:
  vtkLoomConnectivity();
  ~vtkLoomConnectivity() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkPConnectivityFilter on several ranks).
  vtkSmartPointer<vtkAlgorithm> VTKFilter(bool parallel);

  int ExtractionMode = LARGEST_REGION;
  vtkTypeBool ColorRegions = 0;
  int RegionIdAssignmentMode = UNSPECIFIED;
  double ClosestPoint[3] = { 0.0, 0.0, 0.0 };
  vtkNew<vtkIdList> Seeds;
  vtkNew<vtkIdList> SpecifiedRegionIds;
  vtkTypeBool ScalarConnectivity = 0;
  double ScalarRange[2] = { 0.0, 1.0 };
  int OutputPointsPrecision = vtkAlgorithm::DEFAULT_PRECISION;
  int ExtractedRegions = 0;

private:
  vtkLoomConnectivity(const vtkLoomConnectivity&) = delete;
  void operator=(const vtkLoomConnectivity&) = delete;
};

#endif
