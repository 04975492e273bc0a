// Loom filters: vtkLoomAcceleratedPConnectivityFilter, vtkPConnectivityFilter on vtkLoomConnectivity.
#include "vtkLoomAcceleratedPConnectivityFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomConnectivity.h"

#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedPConnectivityFilter);

int vtkLoomAcceleratedPConnectivityFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                       vtkInformationVector* outputVector)
{
  // All regions (ParaView's default) and the closest point's region give VTK's output; the other modes differ
  // where docs/filters/connectivity.md says. Under MPI Loom's filter hands every rank to VTK's itself.
  std::string unsupported;
  const int mode = this->GetExtractionMode();
  if (mode == VTK_EXTRACT_LARGEST_REGION || mode == VTK_EXTRACT_SPECIFIED_REGIONS)
    unsupported = "Extraction Mode keeps the largest or specified regions (VTK's output keeps every region's points)";
  else if (mode == VTK_EXTRACT_POINT_SEEDED_REGIONS || mode == VTK_EXTRACT_CELL_SEEDED_REGIONS)
    unsupported = "a seeded Extraction Mode (VTK leaves the region ids of the cells it does not reach unset)";
  else
    unsupported = loom::interop::CopiesDiffer(vtkDataObject::GetData(inputVector[0], 0), true, true);
  vtkNew<vtkLoomConnectivity> loom;
  loom->SetExtractionMode(mode);
  loom->SetColorRegions(this->GetColorRegions());
  loom->SetRegionIdAssignmentMode(this->GetRegionIdAssignmentMode());
  loom->SetClosestPoint(this->GetClosestPoint());
  loom->SetScalarConnectivity(this->GetScalarConnectivity());
  loom->SetScalarRange(this->GetScalarRange());
  loom->SetOutputPointsPrecision(this->GetOutputPointsPrecision());
  return loom::interop::RunAccelerated(this, "Connectivity", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
