// Loom filters: vtkLoomFieldFilter, the device and mask properties of Loom's field filters.
#include "vtkLoomFieldFilter.h"

#include "LoomInterop.h"

#include <loom/cont/Error.h>

#include <vtkAlgorithmOutput.h>
#include <vtkCellData.h>
#include <vtkSmartPointer.h>
#include <vtkDataSet.h>
#include <vtkIdTypeArray.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkSelection.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

vtkLoomFieldFilter::vtkLoomFieldFilter()
  : FillValue(std::numeric_limits<double>::quiet_NaN())
{
  this->SetNumberOfInputPorts(2);
}

int vtkLoomFieldFilter::FillInputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkSelection");
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
    return 1;
  }
  return this->Superclass::FillInputPortInformation(port, info);
}

void vtkLoomFieldFilter::SetSelectionConnection(vtkAlgorithmOutput* selection)
{
  this->SetInputConnection(1, selection);
}

void vtkLoomFieldFilter::SetSelectionData(vtkSelection* selection)
{
  this->SetInputDataObject(1, selection);
}

vtkTypeBool vtkLoomFieldFilter::ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,
                                               vtkInformationVector* outputVector)
{
  this->Selection.Watch(request, inputVector);
  return this->Superclass::ProcessRequest(request, inputVector, outputVector);
}

loom::algorithms::OutputMask vtkLoomFieldFilter::MaskFor(vtkDataSet* input, bool onPoints,
                                                         vtkInformationVector** inputVector,
                                                         loom::algorithms::FieldArray& keep) const
{
  vtkDataSetAttributes* on = onPoints ? static_cast<vtkDataSetAttributes*>(input->GetPointData())
                                      : static_cast<vtkDataSetAttributes*>(input->GetCellData());
  const vtkIdType elements = onPoints ? input->GetNumberOfPoints() : input->GetNumberOfCells();
  loom::interop::MaskProperties properties;
  properties.MaskArrayName = this->MaskArrayName;
  properties.MaskIds = this->MaskIds;
  properties.KeepArrayName = this->KeepArrayName;
  properties.Fill = this->FillWithNaN ? std::numeric_limits<double>::quiet_NaN() : this->FillValue;
  vtkSelection* selection = LoomSelectionMask::SelectionOf(inputVector);
  const bool arrayNamed = this->MaskArrayName && *this->MaskArrayName && std::string(this->MaskArrayName) != "None";
  const bool idsGiven = this->MaskIds && this->MaskIds->GetNumberOfTuples() > 0;
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
      loom::algorithms::OutputMask none = loom::interop::MaskFromVTK(on, elements, onPoints ? "point" : "cell",
                                                                     properties, keep);
      none.Ids = loom::cont::ArrayHandle<loom::Id>();
      return none;
    }
  }
  return loom::interop::MaskFromVTK(on, elements, onPoints ? "point" : "cell", properties, keep);
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

void vtkLoomFieldFilter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  auto name = [](const char* s) { return s && *s ? s : "(none)"; };
  this->Core.Print(os, indent, this->HasFallback());
  os << indent << "MaskArrayName: " << name(this->MaskArrayName) << "\n";
  os << indent << "MaskIds: " << (this->MaskIds ? this->MaskIds->GetNumberOfTuples() : 0) << " ids\n";
  os << indent << "KeepArrayName: " << name(this->KeepArrayName) << "\n";
  os << indent << "FillValue: " << this->FillValue << "\n";
  os << indent << "FillWithNaN: " << (this->FillWithNaN ? "On" : "Off") << "\n";
}
