// Loom filters: vtkLoomCellDataToPointData (the averaging in vtkLoomDataAverageFilter; the ghost request here).
#include "vtkLoomCellDataToPointData.h"

#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkStreamingDemandDrivenPipeline.h>

vtkStandardNewMacro(vtkLoomCellDataToPointData);

int vtkLoomCellDataToPointData::RequestUpdateExtent(vtkInformation* request, vtkInformationVector** inputVector,
                                                    vtkInformationVector* outputVector)
{
  if (!this->Superclass::RequestUpdateExtent(request, inputVector, outputVector))
    return 0;
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  if (this->PieceInvariant && outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()) > 1)
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(),
                outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS()) + 1);
  return 1;
}
