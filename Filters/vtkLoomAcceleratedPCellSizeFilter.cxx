// Loom filters: vtkLoomAcceleratedPCellSizeFilter, vtkPCellSizeFilter on vtkLoomCellSize.
#include "vtkLoomAcceleratedPCellSizeFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomCellSize.h"

#include <vtkCompositeDataSet.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedPCellSizeFilter);

int vtkLoomAcceleratedPCellSizeFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                   vtkInformationVector* outputVector)
{
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  std::string unsupported = loom::interop::CopiesDiffer(input, false, true);
  if (this->GetComputeSum() && vtkCompositeDataSet::SafeDownCast(input))
    unsupported = "Compute Sum on composite input (ParaView's filter also puts the grand total on the composite "
                  "dataset)";
  vtkNew<vtkLoomCellSize> loom;
  loom->SetComputeVertexCount(this->GetComputeVertexCount());
  loom->SetComputeLength(this->GetComputeLength());
  loom->SetComputeArea(this->GetComputeArea());
  loom->SetComputeVolume(this->GetComputeVolume());
  loom->SetComputeSum(this->GetComputeSum());
  loom->SetVertexCountArrayName(this->GetVertexCountArrayName());
  loom->SetLengthArrayName(this->GetLengthArrayName());
  loom->SetAreaArrayName(this->GetAreaArrayName());
  loom->SetVolumeArrayName(this->GetVolumeArrayName());
  return loom::interop::RunAccelerated(this, "Cell Size", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
