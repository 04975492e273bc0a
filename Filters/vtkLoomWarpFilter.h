// Loom filters: the shared base of Loom Warp By Scalar and Loom Warp By Vector: point sets keep their
// type, images and rectilinear grids become structured grids; the moved points from the point-map
// family, the arrays passed.
#ifndef vtkLoomWarpFilter_h
#define vtkLoomWarpFilter_h

#include "LoomFiltersModule.h"
#include "vtkLoomFieldFilter.h"

#include <loom/algorithms/pointmap/PointMap.h>

/// Moves every point (or, with a mask, the selected points; the others keep their positions unless a
/// kept array is named) by ScaleFactor times what the subclass computes. Normals are not passed (the
/// geometry changed), as VTK's warp filters.
class LOOMFILTERS_EXPORT vtkLoomWarpFilter : public vtkLoomFieldFilter
{
public:
  vtkTypeMacro(vtkLoomWarpFilter, vtkLoomFieldFilter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// How far points move per unit of the scalar or vector (default 1).
  vtkSetMacro(ScaleFactor, double);
  vtkGetMacro(ScaleFactor, double);
  ///@}

  ///@{
  /// The moved points' type, as VTK's warp filters: SINGLE_PRECISION floats, DOUBLE_PRECISION doubles,
  /// DEFAULT_PRECISION (the default) floats for Warp By Scalar and the input points' type for Warp By
  /// Vector (double for images and rectilinear grids). Points that do not move keep their type.
  vtkSetMacro(OutputPointsPrecision, int);
  vtkGetMacro(OutputPointsPrecision, int);
  ///@}

protected:
  vtkLoomWarpFilter() = default;
  ~vtkLoomWarpFilter() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  /// The name the filter's messages start with ("Loom Warp By Scalar").
  virtual const char* FilterName() const = 0;
  /// The moved points. Throws loom::cont::Error; returns an empty field when there is nothing to warp
  /// (the points pass unchanged, as VTK).
  virtual loom::algorithms::FieldArray Move(vtkDataSet* input, vtkInformationVector** inputVector,
                                            const loom::algorithms::PointPositions& positions,
                                            const loom::algorithms::OutputMask& mask, loom::cont::DeviceId device) = 0;

  /// The kind of moved points OutputPointsPrecision asks for, for input points of `input`'s kind.
  loom::algorithms::WarpPrecision Precision(const loom::algorithms::PointPositions& input) const;
  /// Whether DEFAULT_PRECISION keeps the input points' type (vtkWarpVector) or stores floats
  /// (vtkWarpScalar).
  virtual bool DefaultKeepsInputType() const = 0;

  double ScaleFactor = 1.0;
  int OutputPointsPrecision = 2; // vtkAlgorithm::DEFAULT_PRECISION

private:
  vtkLoomWarpFilter(const vtkLoomWarpFilter&) = delete;
  void operator=(const vtkLoomWarpFilter&) = delete;
};

#endif
