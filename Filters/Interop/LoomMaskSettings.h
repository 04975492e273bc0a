// Loom filters: the one mask mechanism of Loom's filters: Mask Array, Mask Ids, a selection on the optional
// second input, Fill With NaN and Fill Value (and, for the field filters, Keep Array), kept in one place.
// The field filters (vtkLoomFieldFilter) mask the outputs they compute (OutputMaskFor); Contour, Slice
// and Clip mask the input points whose arrays they interpolate (InputPointMaskFor).
#pragma once

#include "LoomFiltersModule.h"
#include "LoomSelectionMask.h"

#include <vtkIdTypeArray.h>
#include <vtkIndent.h>
#include <vtkSelection.h>
#include <vtkSmartPointer.h>

#include <ostream>
#include <string>

class vtkDataSet;
class vtkInformationVector;
namespace loom
{
namespace algorithms
{
struct OutputMask;
class FieldArray;
}
}

/// A filter's mask properties; each setter says whether the value changed (the filter then calls
/// Modified). Not a VTK object: the filters forward their wrapped setters here (LOOM_MASK_MEMBERS).
class LOOMFILTERS_EXPORT LoomMaskSettings
{
public:
  /// Mask Array: a point array's name (empty or "None": none).
  bool SetArrayName(const char* name)
  {
    const std::string next = name ? name : "";
    const bool changed = next != this->ArrayName;
    this->ArrayName = next;
    return changed;
  }
  /// The name, or null when none is set.
  const char* GetArrayName() const { return this->ArrayName.empty() ? nullptr : this->ArrayName.c_str(); }
  /// Mask Ids: the input point ids, used when no array is named.
  bool SetIds(vtkIdTypeArray* ids)
  {
    const bool changed = ids != this->Ids;
    this->Ids = ids;
    return changed;
  }
  vtkIdTypeArray* GetIds() const { return this->Ids; }
  void AddId(vtkIdType id)
  {
    if (!this->Ids)
      this->Ids = vtkSmartPointer<vtkIdTypeArray>::New();
    this->Ids->InsertNextValue(id);
  }
  bool ClearIds()
  {
    const bool changed = this->Ids != nullptr;
    this->Ids = nullptr;
    return changed;
  }
  /// Keep Array (field filters): an existing array whose values the unselected outputs keep (empty or
  /// "None": none, they hold the fill value).
  bool SetKeepArrayName(const char* name)
  {
    const std::string next = name ? name : "";
    const bool changed = next != this->KeepArrayName;
    this->KeepArrayName = next;
    return changed;
  }
  const char* GetKeepArrayName() const { return this->KeepArrayName.empty() ? nullptr : this->KeepArrayName.c_str(); }
  /// What unselected outputs (made points) hold: NaN (integer arrays 0), or FillValue when FillWithNaN is off.
  bool FillWithNaN = true;
  double FillValue = 0.0;

  /// Contour, Slice, Clip: the mask over `input`'s points these settings describe: the array, else the ids
  /// (loom::interop::InputPointMask), else the points the selection on the second input of `inputVector`
  /// selects (selected cells select their points; none selected: every made point holds the fill value),
  /// else none.
  loom::algorithms::OutputMask InputPointMaskFor(vtkDataSet* input, vtkInformationVector** inputVector) const;
  /// The field filters: the mask over the outputs, `input`'s points (`onPoints`) or cells, these settings
  /// describe: the array, else the ids, else the elements the selection selects (selected cells mask a
  /// point output by their points, selected points a cell output by the cells using them), else none; the
  /// kept array goes to `keep`. Throws loom::cont::Error with the property's name in the message.
  loom::algorithms::OutputMask OutputMaskFor(vtkDataSet* input, bool onPoints, vtkInformationVector** inputVector,
                                             loom::algorithms::FieldArray& keep) const;
  /// Keeps the whole composite input for the selection's block keys (from the filter's ProcessRequest).
  LoomSelectionMask Selection;
  /// The settings, for the filter's PrintSelf (`keep`: with Keep Array).
  void Print(std::ostream& os, vtkIndent indent, bool keep = false) const;

private:
  std::string ArrayName;
  std::string KeepArrayName;
  vtkSmartPointer<vtkIdTypeArray> Ids;
};

/// The wrapped members of a filter with a LoomMaskSettings `Mask` (Mask Array, Mask Ids, Fill With NaN,
/// Fill Value, the selection input), forwarding to it. The filter has two input ports (port 1: an optional
/// vtkSelection).
#define LOOM_MASK_MEMBERS                                                                                        \
  void SetMaskArrayName(const char* name)                                                                              \
  {                                                                                                                    \
    if (this->Mask.SetArrayName(name))                                                                            \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  const char* GetMaskArrayName() { return this->Mask.GetArrayName(); }                                            \
  void SetMaskIds(vtkIdTypeArray* ids)                                                                                 \
  {                                                                                                                    \
    if (this->Mask.SetIds(ids))                                                                                   \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  vtkIdTypeArray* GetMaskIds() { return this->Mask.GetIds(); }                                                    \
  void AddMaskId(vtkIdType id)                                                                                         \
  {                                                                                                                    \
    this->Mask.AddId(id);                                                                                         \
    this->Modified();                                                                                                  \
  }                                                                                                                    \
  void ClearMaskIds()                                                                                                  \
  {                                                                                                                    \
    if (this->Mask.ClearIds())                                                                                    \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  void SetFillWithNaN(bool on)                                                                                         \
  {                                                                                                                    \
    if (this->Mask.FillWithNaN != on)                                                                             \
    {                                                                                                                  \
      this->Mask.FillWithNaN = on;                                                                                \
      this->Modified();                                                                                                \
    }                                                                                                                  \
  }                                                                                                                    \
  bool GetFillWithNaN() { return this->Mask.FillWithNaN; }                                                        \
  void FillWithNaNOn() { this->SetFillWithNaN(true); }                                                                 \
  void FillWithNaNOff() { this->SetFillWithNaN(false); }                                                               \
  void SetFillValue(double value)                                                                                      \
  {                                                                                                                    \
    if (this->Mask.FillValue != value)                                                                            \
    {                                                                                                                  \
      this->Mask.FillValue = value;                                                                               \
      this->Modified();                                                                                                \
    }                                                                                                                  \
  }                                                                                                                    \
  double GetFillValue() { return this->Mask.FillValue; }                                                          \
  void SetSelectionConnection(vtkAlgorithmOutput* selection) { this->SetInputConnection(1, selection); }               \
  void SetSelectionData(vtkSelection* selection) { this->SetInputDataObject(1, selection); }                           \
  vtkTypeBool ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,                              \
                             vtkInformationVector* outputVector) override                                              \
  {                                                                                                                    \
    this->Mask.Selection.Watch(request, inputVector);                                                             \
    return this->Superclass::ProcessRequest(request, inputVector, outputVector);                                       \
  }

/// Keep Array's wrapped members (the field filters), on the LoomMaskSettings `Mask`.
#define LOOM_KEEP_ARRAY_MEMBERS                                                                                        \
  void SetKeepArrayName(const char* name)                                                                              \
  {                                                                                                                    \
    if (this->Mask.SetKeepArrayName(name))                                                                             \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  const char* GetKeepArrayName() { return this->Mask.GetKeepArrayName(); }
