// Loom filters: vtkLoomAcceleratedPResampleWithDataSet, vtkPResampleWithDataSet on vtkLoomResampleWithDataset.
#include "vtkLoomAcceleratedPResampleWithDataSet.h"

#include "LoomAcceleration.h"
#include "vtkLoomResampleWithDataset.h"

#include <vtkAbstractCellLocator.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointSet.h>

#include <cstring>

vtkStandardNewMacro(vtkLoomAcceleratedPResampleWithDataSet);

int vtkLoomAcceleratedPResampleWithDataSet::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                        vtkInformationVector* outputVector)
{
  // Under MPI a destination point on a piece boundary can take another rank's source cell with Loom
  // (docs/filters/resample-with-dataset.md), where ParaView's takes its own rank's first.
  // Loom finds the cells ParaView's default Static Cell Locator finds (its bins' order where several cells hold a
  // point); another locator, or none (VTK's walk), takes others there: where a point set's cells are searched point
  // by point (not from an image, nor onto an image's points, which the cells visit).
  std::string unsupported = loom::interop::ProbesInOneSequence();
  vtkAbstractCellLocator* locator = this->GetCellLocatorPrototype();
  const bool searched = vtkPointSet::SafeDownCast(vtkDataObject::GetData(inputVector[1], 0)) &&
    !vtkImageData::SafeDownCast(vtkDataObject::GetData(inputVector[0], 0));
  if (loom::interop::OnSeveralRanks(this->GetController()))
    unsupported = "several MPI ranks (a point on a piece boundary would take another rank's cell values)";
  else if (unsupported.empty() && searched &&
           (!locator || std::strcmp(locator->GetClassName(), "vtkStaticCellLocator") != 0))
    unsupported = std::string("Cell Locator ") + (locator ? locator->GetClassName() : "none") +
      " (Loom finds the cells ParaView's default Static Cell Locator finds)";
  vtkNew<vtkLoomResampleWithDataset> loom;
  loom->SetCategoricalData(this->GetCategoricalData());
  loom->SetPassCellArrays(this->GetPassCellArrays());
  loom->SetPassPointArrays(this->GetPassPointArrays());
  loom->SetPassFieldArrays(this->GetPassFieldArrays());
  loom->SetPassPartialArrays(this->GetPassPartialArrays());
  loom->SetComputeTolerance(this->GetComputeTolerance());
  loom->SetTolerance(this->GetTolerance());
  loom->SetMarkBlankPointsAndCells(this->GetMarkBlankPointsAndCells());
  loom->SetSnapToCellWithClosestPoint(this->GetSnapToCellWithClosestPoint());
  loom->SetCellLocator(this->GetCellLocatorPrototype());
  return loom::interop::RunAccelerated(
    this, "Resample With Dataset", loom, unsupported, inputVector, outputVector,
    [&] { return this->Superclass::RequestData(request, inputVector, outputVector); }, {}, { 0, 1 });
}
