// Loom filters: the mask properties every Loom field filter shares (Mask Array, Mask Ids, Keep Array,
// fill value) turned into the engine's OutputMask, with the errors worded as the user set them; and the
// mask settings of every Loom filter (LoomMaskSettings: the input point mask of Contour, Slice and Clip, the
// output mask of the field filters, Print).
#include "LoomInterop.h"
#include "LoomMaskSettings.h"

#include <loom/cont/Error.h>

#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkCellData.h>
#include <vtkDataSetAttributes.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkSelection.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace loom
{
namespace interop
{
bool IsSet(const char* name)
{
  return name && *name && std::string(name) != "None";
}

loom::algorithms::OutputMask MaskFromVTK(vtkDataSetAttributes* on, Id elements, const char* kind,
                                         const MaskProperties& properties, loom::algorithms::FieldArray& keep)
{
  using loom::algorithms::OutputMask;
  OutputMask mask;
  mask.Fill = properties.Fill;
  const std::string plural = std::string(kind) + "s";
  if (IsSet(properties.MaskArrayName))
  {
    const std::string what = std::string("Mask Array '") + properties.MaskArrayName + "'";
    vtkAbstractArray* any = on->GetAbstractArray(properties.MaskArrayName);
    vtkDataArray* m = vtkDataArray::SafeDownCast(any);
    if (!any)
      throw loom::cont::ErrorBadValue(what + " is not in the input's " + kind + " data.");
    if (!m)
      throw loom::cont::ErrorBadType(what + " is a " + any->GetClassName() + ", not a numeric array.");
    if (m->GetNumberOfComponents() != 1)
      throw loom::cont::ErrorBadType(what + " has " + std::to_string(m->GetNumberOfComponents()) +
                                     " components; a mask has one.");
    if (m->GetNumberOfTuples() != elements)
      throw loom::cont::ErrorBadValue(what + " has " + std::to_string(m->GetNumberOfTuples()) + " values for " +
                                      std::to_string(elements) + " " + plural + ".");
    mask.Selection = OutputMask::Mode::Select;
    mask.Flags = NonZeroFlags(m);
  }
  else if (properties.MaskIds && properties.MaskIds->GetNumberOfTuples() > 0)
  {
    const Id n = properties.MaskIds->GetNumberOfTuples();
    const vtkIdType* ids = properties.MaskIds->GetPointer(0);
    for (Id i = 0; i < n; ++i)
      if (ids[i] < 0 || ids[i] >= elements)
        throw loom::cont::ErrorBadValue("Mask Ids: id " + std::to_string(ids[i]) + " (entry " + std::to_string(i) +
                                        ") is not a " + kind + " id; the input has " + std::to_string(elements) +
                                        " " + plural + ".");
    mask.Selection = OutputMask::Mode::Indices;
    mask.Ids.Allocate(n);
    Id* to = mask.Ids.GetPointer();
    std::copy(ids, ids + n, to);
    // A set of ids: listed in any order, an id listed twice selects its element once.
    if (std::adjacent_find(to, to + n, std::greater_equal<Id>()) != to + n) // not strictly increasing
    {
      std::sort(to, to + n);
      mask.Ids.Reallocate(std::unique(to, to + n) - to);
    }
  }
  if (mask.Selection != OutputMask::Mode::All && IsSet(properties.KeepArrayName))
  {
    vtkDataArray* k = on->GetArray(properties.KeepArrayName);
    if (!k)
      throw loom::cont::ErrorBadValue(std::string("Keep Array '") + properties.KeepArrayName +
                                      "' is not a numeric array of the input's " + kind + " data.");
    keep = FieldFromVTK(k);
    mask.Keep = &keep;
  }
  return mask;
}

loom::algorithms::OutputMask InputPointMask(vtkDataSet* input, const char* maskArrayName, vtkIdTypeArray* maskIds,
                                            double fill)
{
  MaskProperties properties;
  properties.MaskArrayName = maskArrayName;
  properties.MaskIds = maskIds;
  properties.Fill = fill;
  loom::algorithms::FieldArray unused; // no kept array: the made points have no values of their own
  loom::algorithms::OutputMask mask =
    MaskFromVTK(input->GetPointData(), input->GetNumberOfPoints(), "point", properties, unused);
  if (mask.Selection != loom::algorithms::OutputMask::Mode::All)
    NoteMasked();
  return mask;
}
} // namespace interop
} // namespace loom

loom::algorithms::OutputMask LoomMaskSettings::InputPointMaskFor(vtkDataSet* input,
                                                                vtkInformationVector** inputVector) const
{
  const double fill = this->FillWithNaN ? std::numeric_limits<double>::quiet_NaN() : this->FillValue;
  vtkSelection* selection = LoomSelectionMask::SelectionOf(inputVector);
  if (!selection || loom::interop::IsSet(this->GetArrayName()) || (this->Ids && this->Ids->GetNumberOfTuples() > 0))
    return loom::interop::InputPointMask(input, this->GetArrayName(), this->Ids, fill);
  const std::vector<vtkIdType> ids = this->Selection.Ids(input, selection, true);
  loom::interop::NoteMasked();
  loom::algorithms::OutputMask mask;
  mask.Selection = loom::algorithms::OutputMask::Mode::Indices;
  mask.Fill = fill;
  mask.Ids.Allocate(static_cast<loom::Id>(ids.size()));
  std::copy(ids.begin(), ids.end(), mask.Ids.GetPointer());
  return mask;
}

loom::algorithms::OutputMask LoomMaskSettings::OutputMaskFor(vtkDataSet* input, bool onPoints,
                                                            vtkInformationVector** inputVector,
                                                            loom::algorithms::FieldArray& keep) const
{
  vtkDataSetAttributes* on = onPoints ? static_cast<vtkDataSetAttributes*>(input->GetPointData())
                                      : static_cast<vtkDataSetAttributes*>(input->GetCellData());
  const vtkIdType elements = onPoints ? input->GetNumberOfPoints() : input->GetNumberOfCells();
  loom::interop::MaskProperties properties;
  properties.MaskArrayName = this->GetArrayName();
  properties.MaskIds = this->Ids;
  properties.KeepArrayName = this->GetKeepArrayName();
  properties.Fill = this->FillWithNaN ? std::numeric_limits<double>::quiet_NaN() : this->FillValue;
  vtkSelection* selection = LoomSelectionMask::SelectionOf(inputVector);
  const bool arrayNamed = loom::interop::IsSet(this->GetArrayName());
  const bool idsGiven = this->Ids && this->Ids->GetNumberOfTuples() > 0;
  if (arrayNamed || idsGiven || selection)
    loom::interop::NoteMasked();
  vtkNew<vtkIdTypeArray> selected;
  if (selection && !arrayNamed && !idsGiven)
  {
    // The selection as ids of the output's kind.
    std::vector<vtkIdType> ids = this->Selection.Ids(input, selection, onPoints);
    const bool nothing = ids.empty();
    if (nothing)
      ids.push_back(0); // a placeholder so that the kept array is read; the list is emptied below
    selected->SetNumberOfTuples(static_cast<vtkIdType>(ids.size()));
    std::copy(ids.begin(), ids.end(), selected->GetPointer(0));
    properties.MaskIds = selected;
    if (nothing)
    {
      // Nothing selected here: every output holds what unselected outputs hold.
      loom::algorithms::OutputMask none =
        loom::interop::MaskFromVTK(on, elements, onPoints ? "point" : "cell", properties, keep);
      none.Ids = loom::cont::ArrayHandle<loom::Id>();
      return none;
    }
  }
  return loom::interop::MaskFromVTK(on, elements, onPoints ? "point" : "cell", properties, keep);
}

void LoomMaskSettings::Print(std::ostream& os, vtkIndent indent, bool keep) const
{
  os << indent << "MaskArrayName: " << (this->ArrayName.empty() ? "(none)" : this->ArrayName) << "\n";
  os << indent << "MaskIds: " << (this->Ids ? this->Ids->GetNumberOfTuples() : 0) << " ids\n";
  if (keep)
    os << indent << "KeepArrayName: " << (this->KeepArrayName.empty() ? "(none)" : this->KeepArrayName) << "\n";
  os << indent << "FillWithNaN: " << (this->FillWithNaN ? "On" : "Off") << "\n";
  os << indent << "FillValue: " << this->FillValue << "\n";
}
