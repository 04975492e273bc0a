// Loom filters: Loom Transform, the points, vectors and normals of a dataset under a linear transform on
// Loom's engine (stands beside ParaView's Transform, vtkTransformFilter).
#ifndef vtkLoomTransform_h
#define vtkLoomTransform_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPointSetAlgorithm.h>

class vtkAbstractTransform;

/// vtkTransformFilter on Loom's point-map family: every point through the transform's affine part (the
/// input points' type kept; images and rectilinear grids become structured grids with double points, as
/// VTK's), the point and cell Vectors times its 3x3 part and the Normals times its inverse transpose,
/// normalized; with TransformAllInputVectors (ParaView's default) every other 3-component array too. Arrays,
/// their order and attributes as vtkTransformFilter leaves them. A transform that is not linear, or a
/// vector array that is neither float nor double, goes to vtkTransformFilter with one info message.
class LOOMFILTERS_EXPORT vtkLoomTransform : public vtkPointSetAlgorithm
{
public:
  static vtkLoomTransform* New();
  vtkTypeMacro(vtkLoomTransform, vtkPointSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// The transform (ParaView's Transform property: translate, rotate, scale).
  virtual void SetTransform(vtkAbstractTransform* transform);
  vtkGetObjectMacro(Transform, vtkAbstractTransform);
  ///@}

  ///@{
  /// On (ParaView's default): every 3-component point and cell array is transformed as a vector; off:
  /// only the Vectors and Normals attributes.
  vtkSetMacro(TransformAllInputVectors, bool);
  vtkGetMacro(TransformAllInputVectors, bool);
  vtkBooleanMacro(TransformAllInputVectors, bool);
  ///@}

  ///@{
  /// The points' type, as vtkTransformFilter: DEFAULT_PRECISION (the input points'), SINGLE_PRECISION,
  /// DOUBLE_PRECISION (and the transformed arrays' type with the last two).
  vtkSetMacro(OutputPointsPrecision, int);
  vtkGetMacro(OutputPointsPrecision, int);
  ///@}

  /// Includes the transform's modification time.
  vtkMTimeType GetMTime() override;

protected:
  vtkLoomTransform() = default;
  ~vtkLoomTransform() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  vtkAbstractTransform* Transform = nullptr;
  bool TransformAllInputVectors = false;
  int OutputPointsPrecision = 2; // vtkAlgorithm::DEFAULT_PRECISION

private:
  vtkLoomTransform(const vtkLoomTransform&) = delete;
  void operator=(const vtkLoomTransform&) = delete;
};

#endif
