// Loom filters: vtkLoomFieldFilter, the device and mask properties of Loom's field filters.
#include "vtkLoomFieldFilter.h"

#include "LoomInterop.h"

#include <vtkIdTypeArray.h>

#include <limits>

vtkLoomFieldFilter::vtkLoomFieldFilter()
  : FillValue(std::numeric_limits<double>::quiet_NaN())
{
}

vtkLoomFieldFilter::~vtkLoomFieldFilter()
{
  this->SetMaskArrayName(nullptr);
  this->SetKeepArrayName(nullptr);
}

void vtkLoomFieldFilter::SetMaskIds(vtkIdTypeArray* ids)
{
  if (this->MaskIds != ids)
  {
    this->MaskIds = ids;
    this->Modified();
  }
}

vtkIdTypeArray* vtkLoomFieldFilter::GetMaskIds()
{
  return this->MaskIds;
}

void vtkLoomFieldFilter::AddMaskId(vtkIdType id)
{
  if (!this->MaskIds)
    this->MaskIds = vtkSmartPointer<vtkIdTypeArray>::New();
  this->MaskIds->InsertNextValue(id);
  this->Modified();
}

void vtkLoomFieldFilter::ClearMaskIds()
{
  if (this->MaskIds)
  {
    this->MaskIds = nullptr;
    this->Modified();
  }
}

loom::algorithms::OutputMask vtkLoomFieldFilter::MaskFor(vtkDataSetAttributes* on, vtkIdType elements,
                                                         const char* kind, loom::algorithms::FieldArray& keep) const
{
  loom::interop::MaskProperties properties;
  properties.MaskArrayName = this->MaskArrayName;
  properties.MaskIds = this->MaskIds;
  properties.KeepArrayName = this->KeepArrayName;
  properties.Fill = this->FillWithNaN ? std::numeric_limits<double>::quiet_NaN() : this->FillValue;
  return loom::interop::MaskFromVTK(on, elements, kind, properties, keep);
}

void vtkLoomFieldFilter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  static const char* devices[] = { "Auto", "Serial", "TBB", "CUDA" };
  auto name = [](const char* s) { return s && *s ? s : "(none)"; };
  os << indent << "Device: " << devices[this->Device] << "\n";
  os << indent << "MaskArrayName: " << name(this->MaskArrayName) << "\n";
  os << indent << "MaskIds: " << (this->MaskIds ? this->MaskIds->GetNumberOfTuples() : 0) << " ids\n";
  os << indent << "KeepArrayName: " << name(this->KeepArrayName) << "\n";
  os << indent << "FillValue: " << this->FillValue << "\n";
  os << indent << "FillWithNaN: " << (this->FillWithNaN ? "On" : "Off") << "\n";
}
