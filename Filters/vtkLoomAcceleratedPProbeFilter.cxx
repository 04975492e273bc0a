// Loom filters: vtkLoomAcceleratedPProbeFilter, vtkPProbeFilter on vtkLoomProbeLocation.
#include "vtkLoomAcceleratedPProbeFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomProbeLocation.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

#include <cstring>

vtkStandardNewMacro(vtkLoomAcceleratedPProbeFilter);

int vtkLoomAcceleratedPProbeFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                vtkInformationVector* outputVector)
{
  // What ParaView's Probe Location does not set, but vtkProbeFilter's C++ users may.
  std::string unsupported = loom::interop::ForeignController(this->GetController());
  const char* mask = this->GetValidPointMaskArrayName();
  if (this->GetCategoricalData() || this->GetSpatialMatch() || this->GetSnapToCellWithClosestPoint())
    unsupported = "categorical data, spatial match or snapping to the closest point's cell";
  else if (this->GetCellLocatorPrototype() || this->GetFindCellStrategy())
    unsupported = "a cell locator or find-cell strategy of its own";
  else if (!mask || std::strcmp(mask, "vtkValidPointMask") != 0)
    unsupported = "a valid point mask array named otherwise than vtkValidPointMask";
  if (unsupported.empty())
    unsupported = loom::interop::ProbesInOneSequence();
  vtkNew<vtkLoomProbeLocation> loom;
  loom->SetPassFieldArrays(this->GetPassFieldArrays());
  loom->SetPassPointArrays(this->GetPassPointArrays());
  loom->SetPassCellArrays(this->GetPassCellArrays());
  loom->SetPassPartialArrays(this->GetPassPartialArrays());
  loom->SetComputeTolerance(this->GetComputeTolerance());
  loom->SetTolerance(this->GetTolerance());
  // Loom's port 0 is the dataset sampled (vtkProbeFilter's port 1), its port 1 the probe points (port 0).
  return loom::interop::RunAccelerated(
    this, "Probe Location", loom, unsupported, inputVector, outputVector,
    [&] { return this->Superclass::RequestData(request, inputVector, outputVector); }, {}, { 1, 0 });
}
