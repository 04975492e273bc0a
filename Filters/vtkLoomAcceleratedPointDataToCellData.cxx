// Loom filters: vtkLoomAcceleratedPointDataToCellData, vtkPointDataToCellData on Loom's averaging family.
#include "vtkLoomAcceleratedPointDataToCellData.h"

#include "LoomAcceleration.h"
#include "vtkLoomPointDataToCellData.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

#include <vector>

vtkStandardNewMacro(vtkLoomAcceleratedPointDataToCellData);

int vtkLoomAcceleratedPointDataToCellData::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                       vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (this->GetCategoricalData())
    unsupported = "Categorical Data is on (Loom averages; it does not take the most common value).";
  vtkNew<vtkLoomPointDataToCellData> loom;
  loom->SetPassInputData(this->GetPassPointData());
  loom->SetProcessAllArrays(this->GetProcessAllArrays());
  std::vector<const char*> names(static_cast<std::size_t>(this->GetNumberOfPointArraysToProcess()));
  if (!names.empty())
    this->GetPointArraysToProcess(names.data());
  for (const char* name : names)
    loom->AddArray(name);
  return loom::interop::RunAccelerated(this, "Point Data to Cell Data", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
