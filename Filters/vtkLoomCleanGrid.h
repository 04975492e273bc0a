// Loom filters: clean to grid on Loom's engine (stands beside ParaView's Clean to Grid,
// vtkCleanUnstructuredGrid).
#ifndef vtkLoomCleanGrid_h
#define vtkLoomCleanGrid_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkUnstructuredGridAlgorithm.h>

/// Any dataset as an unstructured grid with coincident points merged: each point joins the first point
/// before it (in id order) at the same position, or, with a tolerance, the lowest-id kept point within
/// that distance; kept points are numbered in id order and keep their position. Every cell is kept,
/// with its type and cell data, its point ids renumbered (cells that become degenerate stay, as in
/// vtkCleanUnstructuredGrid). Point data: the first merged point's (FIRST_POINT) or the mean of all
/// merged points' (AVERAGING; ghost flags and ids stay the first's). With RemovePointsWithoutCells,
/// points no cell uses are dropped first. Exact merging runs a reduce-by-key worklet on a hash of the
/// positions, on every CPU device. Polyhedra keep their faces (renumbered; their point lists become the
/// ascending distinct ids, as vtkUnstructuredGrid stores them), blanked cells of structured grids become
/// empty cells, and integer point coordinates are merged as doubles, all as ParaView's filter does.
class LOOMFILTERS_EXPORT vtkLoomCleanGrid : public vtkUnstructuredGridAlgorithm
{
public:
  static vtkLoomCleanGrid* New();
  vtkTypeMacro(vtkLoomCleanGrid, vtkUnstructuredGridAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS

  /// Point data of merged points (PointDataWeighingStrategy), VTK's names and values.
  enum DataWeighingType
  {
    FIRST_POINT = 0,
    AVERAGING = 1
  };

  ///@{
  /// ParaView's Clean to Grid: points within Tolerance times the length of the bounding box diagonal
  /// merge (default 0: only coincident points), or within AbsoluteTolerance (default 1) when
  /// ToleranceIsAbsolute is on. A negative or NaN tolerance is an error at execution.
  vtkSetMacro(Tolerance, double);
  vtkGetMacro(Tolerance, double);
  vtkSetMacro(AbsoluteTolerance, double);
  vtkGetMacro(AbsoluteTolerance, double);
  vtkSetMacro(ToleranceIsAbsolute, bool);
  vtkGetMacro(ToleranceIsAbsolute, bool);
  vtkBooleanMacro(ToleranceIsAbsolute, bool);
  ///@}

  ///@{
  /// Drop the points no cell uses (default off, as ParaView 5.11's Clean to Grid, which keeps them).
  vtkSetMacro(RemovePointsWithoutCells, bool);
  vtkGetMacro(RemovePointsWithoutCells, bool);
  vtkBooleanMacro(RemovePointsWithoutCells, bool);
  ///@}

  ///@{
  /// FIRST_POINT (default): a merged point has the data of the lowest-id point merged into it;
  /// AVERAGING: the mean of the merged points' data (integers rounded).
  vtkSetClampMacro(PointDataWeighingStrategy, int, FIRST_POINT, AVERAGING);
  vtkGetMacro(PointDataWeighingStrategy, int);
  ///@}

protected:
  vtkLoomCleanGrid() = default;
  ~vtkLoomCleanGrid() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double Tolerance = 0.0;
  double AbsoluteTolerance = 1.0;
  bool ToleranceIsAbsolute = false;
  bool RemovePointsWithoutCells = false;
  int PointDataWeighingStrategy = FIRST_POINT;

private:
  vtkLoomCleanGrid(const vtkLoomCleanGrid&) = delete;
  void operator=(const vtkLoomCleanGrid&) = delete;
};

#endif
