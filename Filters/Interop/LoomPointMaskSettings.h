// Loom filters: the point mask of the filters that interpolate point arrays at points they make (Contour,
// Slice, Clip): Mask Array, Mask Ids, a selection on the optional second input, Fill With NaN and Fill
// Value, kept in one place for the three.
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
}
}

/// A filter's point-mask properties; each setter says whether the value changed (the filter then calls
/// Modified). Not a VTK object: the filters forward their wrapped setters here.
class LOOMFILTERS_EXPORT LoomPointMaskSettings
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
  /// What unselected made points hold: NaN (integer arrays 0), or FillValue when FillWithNaN is off.
  bool FillWithNaN = true;
  double FillValue = 0.0;

  /// The mask over `input`'s points these settings describe: the array, else the ids
  /// (loom::interop::InputPointMask), else the points the selection on the second input of `inputVector`
  /// selects (selected cells select their points; none selected: every made point holds the fill value),
  /// else none.
  loom::algorithms::OutputMask MaskFor(vtkDataSet* input, vtkInformationVector** inputVector) const;
  /// Keeps the whole composite input for the selection's block keys (from the filter's ProcessRequest).
  LoomSelectionMask Selection;
  /// The settings, for the filter's PrintSelf.
  void Print(std::ostream& os, vtkIndent indent) const;

private:
  std::string ArrayName;
  vtkSmartPointer<vtkIdTypeArray> Ids;
};

/// The wrapped members a filter with a LoomPointMaskSettings `PointMask` declares (Mask Array, Mask Ids,
/// Fill With NaN, Fill Value, the selection input), forwarding to it. The filter has two input ports
/// (port 1: an optional vtkSelection).
#define LOOM_POINT_MASK_MEMBERS                                                                                        \
  void SetMaskArrayName(const char* name)                                                                              \
  {                                                                                                                    \
    if (this->PointMask.SetArrayName(name))                                                                            \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  const char* GetMaskArrayName() { return this->PointMask.GetArrayName(); }                                            \
  void SetMaskIds(vtkIdTypeArray* ids)                                                                                 \
  {                                                                                                                    \
    if (this->PointMask.SetIds(ids))                                                                                   \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  vtkIdTypeArray* GetMaskIds() { return this->PointMask.GetIds(); }                                                    \
  void AddMaskId(vtkIdType id)                                                                                         \
  {                                                                                                                    \
    this->PointMask.AddId(id);                                                                                         \
    this->Modified();                                                                                                  \
  }                                                                                                                    \
  void ClearMaskIds()                                                                                                  \
  {                                                                                                                    \
    if (this->PointMask.ClearIds())                                                                                    \
      this->Modified();                                                                                                \
  }                                                                                                                    \
  void SetFillWithNaN(bool on)                                                                                         \
  {                                                                                                                    \
    if (this->PointMask.FillWithNaN != on)                                                                             \
    {                                                                                                                  \
      this->PointMask.FillWithNaN = on;                                                                                \
      this->Modified();                                                                                                \
    }                                                                                                                  \
  }                                                                                                                    \
  bool GetFillWithNaN() { return this->PointMask.FillWithNaN; }                                                        \
  void SetFillValue(double value)                                                                                      \
  {                                                                                                                    \
    if (this->PointMask.FillValue != value)                                                                            \
    {                                                                                                                  \
      this->PointMask.FillValue = value;                                                                               \
      this->Modified();                                                                                                \
    }                                                                                                                  \
  }                                                                                                                    \
  double GetFillValue() { return this->PointMask.FillValue; }                                                          \
  void SetSelectionConnection(vtkAlgorithmOutput* selection) { this->SetInputConnection(1, selection); }               \
  void SetSelectionData(vtkSelection* selection) { this->SetInputDataObject(1, selection); }                           \
  vtkTypeBool ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,                              \
                             vtkInformationVector* outputVector) override                                              \
  {                                                                                                                    \
    this->PointMask.Selection.Watch(request, inputVector);                                                             \
    return this->Superclass::ProcessRequest(request, inputVector, outputVector);                                       \
  }
