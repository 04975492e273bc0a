// Loom filters: vtkLoomGradient, ParaView's Gradient (vtkGradientFilter's results) on Loom's engine,
// with divergence, vorticity, Q-criterion and an output mask.
#ifndef vtkLoomGradient_h
#define vtkLoomGradient_h

#include "LoomFiltersModule.h"

#include "vtkLoomFieldFilter.h"

#include <string>

/// The gradient of a point or cell array (any number of components) on images, rectilinear and
/// structured grids (VTK's finite differences), unstructured grids and polygonal data (the cells'
/// derivatives), with the same results as vtkGradientFilter. Choose the array with
/// SetInputArrayToProcess(0, 0, 0, association, name). With a mask only the selected points (or
/// cells) are computed; the others hold the values of a kept array or the fill value. Inputs the
/// gradient family does not take (pyramids, polygons, strips, polyhedra, higher-order cells, the
/// smoothed image boundary) go to VTK's filter with one info message.
class LOOMFILTERS_EXPORT vtkLoomGradient : public vtkLoomFieldFilter
{
public:
  static vtkLoomGradient* New();
  vtkTypeMacro(vtkLoomGradient, vtkLoomFieldFilter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Values of ContributingCellOption (vtkGradientFilter's).
  enum ContributingCellEnum
  {
    All = 0,
    Patch = 1,
    DataSetMax = 2
  };
  /// Values of ReplacementValueOption (vtkGradientFilter's).
  enum ReplacementValueEnum
  {
    Zero = 0,
    NaN = 1,
    DataTypeMin = 2,
    DataTypeMax = 3
  };
  /// Values of BoundaryMethod (ParaView's Gradient).
  enum BoundaryMethodEnum
  {
    SMOOTHED = 0,
    NON_SMOOTHED = 1
  };

  ///@{
  /// Compute the gradient (default on), named ResultArrayName (default "Gradients").
  vtkSetMacro(ComputeGradient, bool);
  vtkGetMacro(ComputeGradient, bool);
  vtkBooleanMacro(ComputeGradient, bool);
  vtkSetStringMacro(ResultArrayName);
  vtkGetStringMacro(ResultArrayName);
  ///@}

  ///@{
  /// Divergence, vorticity and Q-criterion of a 3-component array (default off; named "Divergence",
  /// "Vorticity", "Q-criterion"). Skipped with a warning for other arrays, as VTK does.
  vtkSetMacro(ComputeDivergence, bool);
  vtkGetMacro(ComputeDivergence, bool);
  vtkBooleanMacro(ComputeDivergence, bool);
  vtkSetStringMacro(DivergenceArrayName);
  vtkGetStringMacro(DivergenceArrayName);
  vtkSetMacro(ComputeVorticity, bool);
  vtkGetMacro(ComputeVorticity, bool);
  vtkBooleanMacro(ComputeVorticity, bool);
  vtkSetStringMacro(VorticityArrayName);
  vtkGetStringMacro(VorticityArrayName);
  vtkSetMacro(ComputeQCriterion, bool);
  vtkGetMacro(ComputeQCriterion, bool);
  vtkBooleanMacro(ComputeQCriterion, bool);
  vtkSetStringMacro(QCriterionArrayName);
  vtkGetStringMacro(QCriterionArrayName);
  ///@}

  ///@{
  /// Point arrays on unstructured data: the cells' gradients at their centers averaged to the points
  /// instead of each cell's derivative at the point (default off).
  vtkSetMacro(FasterApproximation, bool);
  vtkGetMacro(FasterApproximation, bool);
  vtkBooleanMacro(FasterApproximation, bool);
  ///@}

  ///@{
  /// Unstructured data: the cells a point's value comes from (All, the default; Patch; DataSetMax)
  /// and what a point no cell reaches holds (Zero, the default; NaN; DataTypeMin; DataTypeMax).
  vtkSetClampMacro(ContributingCellOption, int, All, DataSetMax);
  vtkGetMacro(ContributingCellOption, int);
  vtkSetClampMacro(ReplacementValueOption, int, Zero, DataTypeMax);
  vtkGetMacro(ReplacementValueOption, int);
  ///@}

  ///@{
  /// Images: NON_SMOOTHED (default) is vtkGradientFilter's method; SMOOTHED is ParaView's other
  /// choice (vtkImageGradient, in Dimensionality 2 or 3), which runs VTK's filter.
  vtkSetClampMacro(BoundaryMethod, int, SMOOTHED, NON_SMOOTHED);
  vtkGetMacro(BoundaryMethod, int);
  vtkSetClampMacro(Dimensionality, int, 2, 3);
  vtkGetMacro(Dimensionality, int);
  ///@}

  LOOM_FILTER_FALLBACK_MEMBERS

  // Device and the mask (MaskArrayName, MaskIds, KeepArrayName, FillValue, FillWithNaN) come from
  // vtkLoomFieldFilter: on the array's elements (points for a point array, cells for a cell array);
  // a kept array is shaped like the gradient; divergence, vorticity and Q-criterion take the fill value.

protected:
  vtkLoomGradient();
  ~vtkLoomGradient() override;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  /// VTK's filter with this filter's settings, the fallback: vtkImageGradient for the smoothed method on
  /// images, else vtkGradientFilter.
  vtkSmartPointer<vtkAlgorithm> VTKFilter(vtkDataSet* input);
  /// The fallback to VTKFilter's filter because of `why` (FilterRun::FallBack).
  int RunVTK(const loom::interop::FilterRun& run, const std::string& why);
  bool HasFallback() const override { return true; }

  bool ComputeGradient = true;
  char* ResultArrayName = nullptr;
  bool ComputeDivergence = false;
  char* DivergenceArrayName = nullptr;
  bool ComputeVorticity = false;
  char* VorticityArrayName = nullptr;
  bool ComputeQCriterion = false;
  char* QCriterionArrayName = nullptr;
  bool FasterApproximation = false;
  int ContributingCellOption = All;
  int ReplacementValueOption = Zero;
  int BoundaryMethod = NON_SMOOTHED;
  int Dimensionality = 3;

private:
  vtkLoomGradient(const vtkLoomGradient&) = delete;
  void operator=(const vtkLoomGradient&) = delete;
};

#endif
