// Loom plugin: vtkLoomAcceleratedCleanUnstructuredGrid, vtkCleanUnstructuredGrid on vtkLoomCleanGrid.
#include "vtkLoomAcceleratedCleanUnstructuredGrid.h"

#include "LoomAcceleration.h"
#include "vtkLoomCleanGrid.h"

#include <vtkAlgorithm.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedCleanUnstructuredGrid);

int vtkLoomAcceleratedCleanUnstructuredGrid::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                         vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (this->GetOutputPointsPrecision() != vtkAlgorithm::DEFAULT_PRECISION)
    unsupported = "Output Points Precision is set (Loom's clean keeps the input's point type).";
  vtkNew<vtkLoomCleanGrid> loom;
  loom->SetTolerance(this->GetTolerance());
  loom->SetAbsoluteTolerance(this->GetAbsoluteTolerance());
  loom->SetToleranceIsAbsolute(this->GetToleranceIsAbsolute());
  loom->SetRemovePointsWithoutCells(false); // ParaView 5.11's Clean to Grid keeps them
  loom->SetPointDataWeighingStrategy(vtkLoomCleanGrid::FIRST_POINT);
  return loom::interop::RunAccelerated(this, "Clean to Grid", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
