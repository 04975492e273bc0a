// Loom filters: the shared base of Loom's field-producing filters (the averaging filters, Gradient):
// the device choice and the output mask (array or ids) with what unselected outputs hold.
#ifndef vtkLoomFieldFilter_h
#define vtkLoomFieldFilter_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"
#include "LoomMaskSettings.h"

#include <vtkDataSetAlgorithm.h>
#include <vtkSmartPointer.h>

#include <string>
#include <vector>

class vtkAlgorithmOutput;
class vtkDataSet;
class vtkDataSetAttributes;
class vtkIdTypeArray;
class vtkInformationVector;
class vtkSelection;
namespace loom
{
namespace algorithms
{
struct OutputMask;
class FieldArray;
}
}

/// The properties every Loom field filter shares: Device, and the mask (LoomMaskSettings, the mechanism
/// Contour, Slice and Clip use for their point mask): a mask array, a list of ids or a selection (an
/// optional second input, a vtkSelection) selects the output elements to compute; the others hold the
/// values of a kept array or the fill value (NaN by default).
class LOOMFILTERS_EXPORT vtkLoomFieldFilter : public vtkDataSetAlgorithm
{
public:
  vtkTypeMacro(vtkLoomFieldFilter, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS

  ///@{
  /// The mask (LoomMaskSettings): Mask Array, a one-component numeric array on the output elements whose
  /// non-zero entries select the elements to compute (empty or "None": none); Mask Ids, the output
  /// elements to compute when no mask array is named; the Selection, the optional second input (port 1), a
  /// vtkSelection as ParaView makes it (Select Points On / Select Cells On / Find Data, or
  /// paraview.simple's SelectIDs, SelectThresholds, ...), used when neither is set: selected points or
  /// cells of the output's kind are computed, selected cells mask a point output by their points and
  /// selected points a cell output by the cells that use any of them (id selections read directly, other
  /// kinds through vtkExtractSelection). Unselected outputs hold the values of Keep Array (an existing
  /// array shaped like the output) or, with none, NaN (Fill With NaN, the default; ParaView's XML cannot
  /// hold a NaN default, so the GUI shows this switch and Fill Value beside it) or Fill Value (0 for
  /// integer outputs when not finite).
  LOOM_MASK_MEMBERS
  LOOM_KEEP_ARRAY_MEMBERS
  ///@}

protected:
  vtkLoomFieldFilter();
  ~vtkLoomFieldFilter() override;

  /// Port 1 takes an optional vtkSelection; subclasses that override this call it for port 1.
  int FillInputPortInformation(int port, vtkInformation* info) override;
  /// Whether the filter has Fallback To VTK (printed with Device); off here.
  virtual bool HasFallback() const { return false; }

  /// The mask these properties (and the selection input, `inputVector[1]`) describe over the points
  /// (`onPoints`) or cells of `input`; the kept array goes to `keep`. Throws loom::cont::Error with
  /// the property's name in the message.
  loom::algorithms::OutputMask MaskFor(vtkDataSet* input, bool onPoints, vtkInformationVector** inputVector,
                                       loom::algorithms::FieldArray& keep) const
  {
    return this->Mask.OutputMaskFor(input, onPoints, inputVector, keep);
  }
  LoomMaskSettings Mask;


private:
  vtkLoomFieldFilter(const vtkLoomFieldFilter&) = delete;
  void operator=(const vtkLoomFieldFilter&) = delete;
};

#endif
