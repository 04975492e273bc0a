// Loom plugin: vtkLoomAcceleratedSlice, ParaView's Slice on Loom's slice.
#include "vtkLoomAcceleratedSlice.h"

#include "LoomAcceleration.h"
#include "vtkLoomSlice.h"

#include <vtkDataObject.h>
#include <vtkImplicitFunction.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedSlice);

void vtkLoomAcceleratedSlice::SetDataSetCutFunction(vtkImplicitFunction* function)
{
  this->Function = function;
  this->Superclass::SetDataSetCutFunction(function);
}

void vtkLoomAcceleratedSlice::SetNumberOfContours(int number)
{
  this->Values.resize(static_cast<std::size_t>(number > 0 ? number : 0), 0.0);
  this->Superclass::SetNumberOfContours(number);
}

void vtkLoomAcceleratedSlice::SetValue(int index, double value)
{
  if (index >= 0)
  {
    if (static_cast<std::size_t>(index) >= this->Values.size())
      this->Values.resize(static_cast<std::size_t>(index) + 1, 0.0);
    this->Values[static_cast<std::size_t>(index)] = value;
  }
  this->Superclass::SetValue(index, value);
}

void vtkLoomAcceleratedSlice::SetGenerateTriangles(int status)
{
  this->Triangulate = status != 0;
  this->Superclass::SetGenerateTriangles(status);
}

void vtkLoomAcceleratedSlice::SetMergePoints(bool status)
{
  this->Merge = status;
  this->Superclass::SetMergePoints(status);
}

void vtkLoomAcceleratedSlice::PreserveInputCells(int keepCellsAsIs)
{
  this->Crinkle = keepCellsAsIs != 0;
  this->Superclass::PreserveInputCells(keepCellsAsIs);
}

int vtkLoomAcceleratedSlice::ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,
                                            vtkInformationVector* outputVector)
{
  auto own = [&] { return this->Superclass::ProcessRequest(request, inputVector, outputVector); };
  vtkDataObject* input = loom::interop::DataSetToAccelerate(request, inputVector);
  if (!input)
    return own();
  std::string unsupported;
  if (this->Crinkle)
    unsupported = "Crinkle slice is on (Loom's slice cuts the cells).";
  else if (!this->Triangulate)
    unsupported = "Triangulate the slice is off (Loom's slice writes triangles).";
  else if (loom::interop::HasGhostCells(input))
    unsupported = "the input has ghost cells (a piece of distributed data: Loom's slice leaves them out, "
                  "ParaView's cuts them).";
  else if (this->Values.empty())
    unsupported = "no slice offset value is set.";
  vtkNew<vtkLoomSlice> loom;
  loom->SetCutFunction(this->Function);
  loom->SetNumberOfContours(static_cast<int>(this->Values.size()));
  for (std::size_t i = 0; i < this->Values.size(); ++i)
    loom->SetValue(static_cast<int>(i), this->Values[i]);
  loom->SetTriangulate(this->Triangulate);
  loom->SetMergePoints(this->Merge);
  loom->SetCutterParity(true); // ParaView's cells where points lie exactly on the slice
  return loom::interop::RunAccelerated(this, "Slice", loom, unsupported, inputVector, outputVector, own);
}
