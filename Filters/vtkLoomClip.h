// Loom filters: clip on Loom's engine (stands beside ParaView's Clip: vtkPVMetaClipDataSet /
// vtkTableBasedClipDataSet).
#ifndef vtkLoomClip_h
#define vtkLoomClip_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"
#include "LoomMaskSettings.h"

#include <vtkUnstructuredGridAlgorithm.h>

class vtkImplicitFunction;

/// Keeps the part of each cell on one side of a surface, as ParaView's Clip: the surface is where a
/// point scalar equals Value (Clip Type "Scalar": no clip function), or where an implicit function (a
/// plane, a box, a sphere or an infinite cylinder, with its transform) is zero. Cells cut by the surface
/// are split into linear cells by case tables derived from vtkTableBasedClipDataSet, so the kept volume
/// is VTK's; point data is interpolated, cell data carried from the cut cell. With PreserveInputCells
/// ("Crinkle clip", implicit functions only) whole cells are kept instead: those with a point on the
/// kept side, as vtkExtractGeometry with boundary cells. With ExactBoxClip ("Exact", a box, InsideOut
/// on, no crinkle) the box's six planes clip one after another. The output is an unstructured grid.
class LOOMFILTERS_EXPORT vtkLoomClip : public vtkUnstructuredGridAlgorithm
{
public:
  static vtkLoomClip* New();
  vtkTypeMacro(vtkLoomClip, vtkUnstructuredGridAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The implicit function to clip by (vtkPlane, vtkSphere, vtkCylinder, vtkBox and ParaView's vtkPVPlane
  /// / vtkPVBox; other kinds are an error). None (default): clip by the point scalars chosen with
  /// SetInputArrayToProcess(0, ...) (default: the active point scalars).
  virtual void SetClipFunction(vtkImplicitFunction* function);
  vtkGetObjectMacro(ClipFunction, vtkImplicitFunction);
  ///@}

  ///@{
  /// The scalar value to clip at (default 0); with a clip function, used only with UseValueAsOffset.
  vtkSetMacro(Value, double);
  vtkGetMacro(Value, double);
  ///@}

  ///@{
  /// Off (default, as vtkTableBasedClipDataSet): keep where the scalar (function) is at least Value;
  /// on: keep where it is below. ParaView's Invert, on by default in the proxy.
  vtkSetMacro(InsideOut, bool);
  vtkGetMacro(InsideOut, bool);
  vtkBooleanMacro(InsideOut, bool);
  ///@}

  ///@{
  /// With a clip function: compare the function with Value instead of 0 (default off).
  vtkSetMacro(UseValueAsOffset, bool);
  vtkGetMacro(UseValueAsOffset, bool);
  ///@}

  ///@{
  /// ParaView's "Crinkle clip" (default off): with a clip function, keep whole cells (every cell with a
  /// point strictly on the kept side) instead of cutting them. Not used when clipping by scalars.
  vtkSetMacro(PreserveInputCells, bool);
  vtkGetMacro(PreserveInputCells, bool);
  ///@}

  ///@{
  /// ParaView's "Exact" (default off): with a box, InsideOut on and no crinkle, clip by the box's six
  /// planes in turn, so the output is exactly the part inside the box.
  vtkSetMacro(ExactBoxClip, bool);
  vtkGetMacro(ExactBoxClip, bool);
  ///@}

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  vtkMTimeType GetMTime() override;

  ///@{
  /// The point mask (Mask Array, Mask Ids, Fill With NaN, Fill Value): the interpolated point arrays are
  /// computed only at the output points made from selected input points (every input point with a
  /// non-zero weight: a kept point, both ends of a cut edge, every term of a point inside a cut cell);
  /// the others hold NaN (integer arrays 0) or, with Fill With NaN off, Fill Value. Mask Array names a
  /// one-component point array (non-zero selects; empty or "None": none); Mask Ids, used when no array is
  /// named, lists input point ids. Positions, normals and the contour scalars are not masked.
  LOOM_MASK_MEMBERS
  ///@}

protected:
  vtkLoomClip();
  ~vtkLoomClip() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkTableBasedClipDataSet).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();
  /// Clip Type other than "Scalar": by the clip function's values (crinkle, exact box, or cut).
  int ClipByFunction(loom::interop::FilterRun& run, const loom::algorithms::CellSetAny& cells,
                     loom::algorithms::OutputMask& pointMask);

  vtkImplicitFunction* ClipFunction = nullptr;
  double Value = 0.0;
  bool InsideOut = false;
  bool UseValueAsOffset = false;
  bool PreserveInputCells = false;
  bool ExactBoxClip = false;

private:
  LoomMaskSettings Mask;
  vtkLoomClip(const vtkLoomClip&) = delete;
  void operator=(const vtkLoomClip&) = delete;
};

#endif
