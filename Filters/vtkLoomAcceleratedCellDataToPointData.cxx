// Loom filters: vtkLoomAcceleratedCellDataToPointData, vtkCellDataToPointData on Loom's averaging family.
#include "vtkLoomAcceleratedCellDataToPointData.h"

#include "LoomAcceleration.h"
#include "vtkLoomCellDataToPointData.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

#include <vector>

vtkStandardNewMacro(vtkLoomAcceleratedCellDataToPointData);

int vtkLoomAcceleratedCellDataToPointData::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                       vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (this->GetContributingCellOption() != vtkCellDataToPointData::All)
    unsupported = "Contributing Cell Option is not All (Loom averages every cell of a point).";
  vtkNew<vtkLoomCellDataToPointData> loom;
  loom->SetPassInputData(this->GetPassCellData());
  loom->SetProcessAllArrays(this->GetProcessAllArrays());
  std::vector<const char*> names(static_cast<std::size_t>(this->GetNumberOfCellArraysToProcess()));
  if (!names.empty())
    this->GetCellArraysToProcess(names.data());
  for (const char* name : names)
    loom->AddArray(name);
  loom->SetPieceInvariant(this->GetPieceInvariant());
  return loom::interop::RunAccelerated(this, "Cell Data to Point Data", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
