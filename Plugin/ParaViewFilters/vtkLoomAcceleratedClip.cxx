// Loom plugin: vtkLoomAcceleratedClip, ParaView's Clip on Loom's clip family.
#include "vtkLoomAcceleratedClip.h"

#include "LoomAcceleration.h"
#include "vtkLoomClip.h"

#include <vtkDataObject.h>
#include <vtkImplicitFunction.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedClip);

void vtkLoomAcceleratedClip::SetDataSetClipFunction(vtkImplicitFunction* function)
{
  this->Function = function;
  this->Superclass::SetDataSetClipFunction(function);
}

void vtkLoomAcceleratedClip::SetValue(double value)
{
  this->Value = value;
  this->Superclass::SetValue(value);
}

void vtkLoomAcceleratedClip::SetInsideOut(int insideOut)
{
  this->InsideOut = insideOut != 0;
  this->Superclass::SetInsideOut(insideOut);
}

void vtkLoomAcceleratedClip::SetUseValueAsOffset(int useValueAsOffset)
{
  this->UseValueAsOffset = useValueAsOffset != 0;
  this->Superclass::SetUseValueAsOffset(useValueAsOffset);
}

void vtkLoomAcceleratedClip::PreserveInputCells(int keepCellsAsIs)
{
  this->Crinkle = keepCellsAsIs != 0;
  this->Superclass::PreserveInputCells(keepCellsAsIs);
}

// The array: kept in this algorithm's own information (vtkAlgorithm's) as well as handed on.
void vtkLoomAcceleratedClip::SetInputArrayToProcess(int idx, int port, int connection, int fieldAssociation,
                                                    const char* name)
{
  this->vtkAlgorithm::SetInputArrayToProcess(idx, port, connection, fieldAssociation, name);
  this->Superclass::SetInputArrayToProcess(idx, port, connection, fieldAssociation, name);
}

void vtkLoomAcceleratedClip::SetInputArrayToProcess(int idx, int port, int connection, int fieldAssociation,
                                                    int fieldAttributeType)
{
  this->vtkAlgorithm::SetInputArrayToProcess(idx, port, connection, fieldAssociation, fieldAttributeType);
  this->Superclass::SetInputArrayToProcess(idx, port, connection, fieldAssociation, fieldAttributeType);
}

void vtkLoomAcceleratedClip::SetInputArrayToProcess(int idx, vtkInformation* info)
{
  this->vtkAlgorithm::SetInputArrayToProcess(idx, info);
  this->Superclass::SetInputArrayToProcess(idx, info);
}

void vtkLoomAcceleratedClip::SetInputArrayToProcess(int idx, int port, int connection, const char* fieldName,
                                                    const char* fieldType)
{
  this->vtkAlgorithm::SetInputArrayToProcess(idx, port, connection, fieldName, fieldType);
  this->Superclass::SetInputArrayToProcess(idx, port, connection, fieldName, fieldType);
}

int vtkLoomAcceleratedClip::ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,
                                           vtkInformationVector* outputVector)
{
  auto own = [&] { return this->Superclass::ProcessRequest(request, inputVector, outputVector); };
  if (!loom::interop::DataSetToAccelerate(request, inputVector))
    return own();
  vtkNew<vtkLoomClip> loom;
  loom->SetClipFunction(this->Function);
  loom->SetValue(this->Value);
  loom->SetInsideOut(this->InsideOut);
  loom->SetUseValueAsOffset(this->UseValueAsOffset);
  loom->SetPreserveInputCells(this->Crinkle);
  loom->SetExactBoxClip(this->GetExactBoxClip());
  loom->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return loom::interop::RunAccelerated(this, "Clip", loom, std::string(), inputVector, outputVector, own);
}
