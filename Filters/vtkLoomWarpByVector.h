// Loom filters: vtkLoomWarpByVector, ParaView's Warp By Vector (vtkWarpVector's points) on Loom's engine.
#ifndef vtkLoomWarpByVector_h
#define vtkLoomWarpByVector_h

#include "LoomFiltersModule.h"
#include "vtkLoomWarpFilter.h"

/// Moves each point by ScaleFactor times its vector (a 3-component point array chosen with
/// SetInputArrayToProcess; the active vectors by default). The same points as vtkWarpVector.
class LOOMFILTERS_EXPORT vtkLoomWarpByVector : public vtkLoomWarpFilter
{
public:
  static vtkLoomWarpByVector* New();
  vtkTypeMacro(vtkLoomWarpByVector, vtkLoomWarpFilter);

protected:
  vtkLoomWarpByVector();
  ~vtkLoomWarpByVector() override = default;

  bool DefaultKeepsInputType() const override { return true; }
  const char* FilterName() const override { return "Loom Warp By Vector"; }
  loom::algorithms::FieldArray Move(vtkDataSet* input, vtkInformationVector** inputVector,
                                    const loom::algorithms::PointPositions& positions,
                                    const loom::algorithms::OutputMask& mask, loom::cont::DeviceId device) override;

private:
  vtkLoomWarpByVector(const vtkLoomWarpByVector&) = delete;
  void operator=(const vtkLoomWarpByVector&) = delete;
};

#endif
