// Loom filters: vtkLoomWarpByScalar, ParaView's Warp By Scalar (vtkWarpScalar's points) on Loom's engine.
#ifndef vtkLoomWarpByScalar_h
#define vtkLoomWarpByScalar_h

#include "LoomFiltersModule.h"
#include "vtkLoomWarpFilter.h"

/// Moves each point by ScaleFactor times the first component of the chosen point array
/// (SetInputArrayToProcess; the active scalars by default) along the point's normal (the input's point
/// normals when present and UseNormal is off) or along Normal; with XYPlane the point's z is the
/// scalar. The same points as vtkWarpScalar.
class LOOMFILTERS_EXPORT vtkLoomWarpByScalar : public vtkLoomWarpFilter
{
public:
  static vtkLoomWarpByScalar* New();
  vtkTypeMacro(vtkLoomWarpByScalar, vtkLoomWarpFilter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The direction when the input has no point normals or UseNormal is on (default (0, 0, 1)).
  vtkSetVector3Macro(Normal, double);
  vtkGetVectorMacro(Normal, double, 3);
  vtkSetMacro(UseNormal, bool);
  vtkGetMacro(UseNormal, bool);
  vtkBooleanMacro(UseNormal, bool);
  ///@}

  ///@{
  /// Take each point's z as its scalar (and move along (0, 0, 1) unless point normals are used).
  vtkSetMacro(XYPlane, bool);
  vtkGetMacro(XYPlane, bool);
  vtkBooleanMacro(XYPlane, bool);
  ///@}

protected:
  vtkLoomWarpByScalar();
  ~vtkLoomWarpByScalar() override = default;

  bool DefaultKeepsInputType() const override { return false; }
  const char* FilterName() const override { return "Loom Warp By Scalar"; }
  loom::algorithms::FieldArray Move(vtkDataSet* input, vtkInformationVector** inputVector,
                                    const loom::algorithms::PointPositions& positions,
                                    const loom::algorithms::OutputMask& mask, loom::cont::DeviceId device) override;

  double Normal[3] = { 0.0, 0.0, 1.0 };
  bool UseNormal = false;
  bool XYPlane = false;

private:
  vtkLoomWarpByScalar(const vtkLoomWarpByScalar&) = delete;
  void operator=(const vtkLoomWarpByScalar&) = delete;
};

#endif
