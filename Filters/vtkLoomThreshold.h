// Loom filters: threshold on Loom's engine (stands beside vtkThreshold, ParaView's Threshold).
#ifndef vtkLoomThreshold_h
#define vtkLoomThreshold_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkUnstructuredGridAlgorithm.h>

/// Extracts the cells whose scalar lies in a range, with vtkThreshold's criteria and property names:
/// the input array (point or cell data; SetInputArrayToProcess, default the active point scalars,
/// else the active cell scalars), the method, the component mode, all/any points and the continuous
/// cell range, and Invert. The output is an unstructured grid holding the kept cells and only the
/// points they use (in input order; vtkThreshold orders them by first use), with point and cell data
/// carried. Images and rectilinear grids give voxels (pixels in 2D), structured grids hexahedra.
class LOOMFILTERS_EXPORT vtkLoomThreshold : public vtkUnstructuredGridAlgorithm
{
public:
  static vtkLoomThreshold* New();
  vtkTypeMacro(vtkLoomThreshold, vtkUnstructuredGridAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS
  /// Methods for SetThresholdMethod (vtkThreshold's values).
  enum ThresholdType
  {
    THRESHOLD_BETWEEN = 0,
    THRESHOLD_LOWER = 1,
    THRESHOLD_UPPER = 2
  };
  /// Component modes for SetComponentMode (vtkThreshold's values).
  enum ComponentModeType
  {
    COMPONENT_MODE_USE_SELECTED = 0,
    COMPONENT_MODE_USE_ALL = 1,
    COMPONENT_MODE_USE_ANY = 2
  };

  ///@{
  /// The range: Lower Threshold (default -inf) and Upper Threshold (default +inf).
  vtkSetMacro(LowerThreshold, double);
  vtkGetMacro(LowerThreshold, double);
  vtkSetMacro(UpperThreshold, double);
  vtkGetMacro(UpperThreshold, double);
  ///@}

  ///@{
  /// THRESHOLD_BETWEEN (default): Lower <= s <= Upper; THRESHOLD_LOWER: s <= Lower; THRESHOLD_UPPER:
  /// s >= Upper. A NaN value never passes.
  vtkSetClampMacro(ThresholdMethod, int, THRESHOLD_BETWEEN, THRESHOLD_UPPER);
  vtkGetMacro(ThresholdMethod, int);
  ///@}

  ///@{
  /// Point scalars: a cell passes when all its points pass (on, default) or any of them does (off).
  vtkSetMacro(AllScalars, vtkTypeBool);
  vtkGetMacro(AllScalars, vtkTypeBool);
  vtkBooleanMacro(AllScalars, vtkTypeBool);
  ///@}

  ///@{
  /// Point scalars with AllScalars off: a cell passes when the range of its points' values meets
  /// [Lower, Upper] (the method is not used, as in vtkThreshold). Default off.
  vtkSetMacro(UseContinuousCellRange, vtkTypeBool);
  vtkGetMacro(UseContinuousCellRange, vtkTypeBool);
  vtkBooleanMacro(UseContinuousCellRange, vtkTypeBool);
  ///@}

  ///@{
  /// Keep the cells that do not pass instead. Default off.
  vtkSetMacro(Invert, vtkTypeBool);
  vtkGetMacro(Invert, vtkTypeBool);
  vtkBooleanMacro(Invert, vtkTypeBool);
  ///@}

  ///@{
  /// Which components decide for multi-component arrays: the selected one (default), all, or any.
  vtkSetClampMacro(ComponentMode, int, COMPONENT_MODE_USE_SELECTED, COMPONENT_MODE_USE_ANY);
  vtkGetMacro(ComponentMode, int);
  ///@}

  ///@{
  /// The component used in COMPONENT_MODE_USE_SELECTED (default 0); the number of components selects
  /// the magnitude. A component past that is an error.
  vtkSetMacro(SelectedComponent, int);
  vtkGetMacro(SelectedComponent, int);
  ///@}

protected:
  vtkLoomThreshold();
  ~vtkLoomThreshold() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkThreshold).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

  double LowerThreshold;
  double UpperThreshold;
  int ThresholdMethod = THRESHOLD_BETWEEN;
  vtkTypeBool AllScalars = 1;
  vtkTypeBool UseContinuousCellRange = 0;
  vtkTypeBool Invert = 0;
  int ComponentMode = COMPONENT_MODE_USE_SELECTED;
  int SelectedComponent = 0;

private:
  vtkLoomThreshold(const vtkLoomThreshold&) = delete;
  void operator=(const vtkLoomThreshold&) = delete;
};

#endif
