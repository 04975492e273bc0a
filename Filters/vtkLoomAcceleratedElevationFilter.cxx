// Loom filters: vtkLoomAcceleratedElevationFilter, vtkElevationFilter on vtkLoomElevation.
#include "vtkLoomAcceleratedElevationFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomElevation.h"

#include <vtkAlgorithm.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomAcceleratedElevationFilter);

int vtkLoomAcceleratedElevationFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                   vtkInformationVector* outputVector)
{
  std::string unsupported;
  vtkNew<vtkLoomElevation> loom;
  loom->SetLowPoint(this->GetLowPoint());
  loom->SetHighPoint(this->GetHighPoint());
  loom->SetScalarRange(this->GetScalarRange());
  return loom::interop::RunAccelerated(this, "Elevation", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
