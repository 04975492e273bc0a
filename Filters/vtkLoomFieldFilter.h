// Loom filters: the shared base of Loom's field-producing filters (the averaging filters, Gradient):
// the device choice and the output mask (array or ids) with what unselected outputs hold.
#ifndef vtkLoomFieldFilter_h
#define vtkLoomFieldFilter_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"
#include "LoomSelectionMask.h"

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

/// The properties every Loom field filter shares: Device, and the mask: a mask array, a list of ids or
/// a selection (an optional second input, a vtkSelection) selects the output elements to compute; the
/// others hold the values of a kept array or the fill value (NaN by default).
class LOOMFILTERS_EXPORT vtkLoomFieldFilter : public vtkDataSetAlgorithm
{
public:
  vtkTypeMacro(vtkLoomFieldFilter, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS

  ///@{
  /// Mask by array: the name of a one-component numeric array on the output elements whose non-zero
  /// entries select the elements to compute. Empty or "None" (ParaView's no-selection entry): none.
  vtkSetStringMacro(MaskArrayName);
  vtkGetStringMacro(MaskArrayName);
  ///@}

  ///@{
  /// Mask by ids: the output elements to compute (each in range). Used when no mask array is named.
  void SetMaskIds(vtkIdTypeArray* ids);
  vtkIdTypeArray* GetMaskIds();
  void AddMaskId(vtkIdType id);
  void ClearMaskIds();
  ///@}

  ///@{
  /// Mask by selection: the optional second input (port 1), a vtkSelection as ParaView makes it (Select
  /// Points On / Select Cells On / Find Data, or paraview.simple's SelectIDs, SelectThresholds, ...).
  /// Used when neither a mask array nor mask ids are set. Selected points or cells of the output's
  /// kind are computed; selected cells mask a point output by their points, and selected points a
  /// cell output by the cells that use any of them (as ParaView's Extract Selection with containing
  /// cells). Id selections (INDICES) are read directly; other kinds (frustums, thresholds, locations,
  /// values, global ids, blocks, queries) through vtkExtractSelection.
  void SetSelectionConnection(vtkAlgorithmOutput* selection);
  void SetSelectionData(vtkSelection* selection);
  ///@}

  ///@{
  /// What unselected outputs hold: the values of this existing array on the output elements (shaped
  /// like the output) or, when empty, FillValue (0 for integer outputs when not finite).
  vtkSetStringMacro(KeepArrayName);
  vtkGetStringMacro(KeepArrayName);
  vtkSetMacro(FillValue, double);
  vtkGetMacro(FillValue, double);
  ///@}

  ///@{
  /// Fill unselected outputs with NaN whatever FillValue says (default on; ParaView's XML cannot
  /// hold a NaN default, so the GUI shows this switch and FillValue beside it).
  vtkSetMacro(FillWithNaN, bool);
  vtkGetMacro(FillWithNaN, bool);
  vtkBooleanMacro(FillWithNaN, bool);
  ///@}

protected:
  vtkLoomFieldFilter();
  ~vtkLoomFieldFilter() override;

  /// Port 1 takes an optional vtkSelection; subclasses that override this call it for port 1.
  int FillInputPortInformation(int port, vtkInformation* info) override;
  /// Whether the filter has Fallback To VTK (printed with Device); off here.
  virtual bool HasFallback() const { return false; }
  /// Lets the selection keep the whole composite input (LoomSelectionMask::Watch), then as vtkDataSetAlgorithm.
  vtkTypeBool ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,
                             vtkInformationVector* outputVector) override;

  /// The mask these properties (and the selection input, `inputVector[1]`) describe over the points
  /// (`onPoints`) or cells of `input`; the kept array goes to `keep`. Throws loom::cont::Error with
  /// the property's name in the message.
  loom::algorithms::OutputMask MaskFor(vtkDataSet* input, bool onPoints, vtkInformationVector** inputVector,
                                       loom::algorithms::FieldArray& keep) const;

  char* MaskArrayName = nullptr;
  char* KeepArrayName = nullptr;
  double FillValue;
  bool FillWithNaN = true;
  vtkSmartPointer<vtkIdTypeArray> MaskIds;

private:
  /// The selection on the second input as ids (block-aware; it watches the pipeline for the whole input).
  LoomSelectionMask Selection;

  vtkLoomFieldFilter(const vtkLoomFieldFilter&) = delete;
  void operator=(const vtkLoomFieldFilter&) = delete;
};

#endif
