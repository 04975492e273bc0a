// Loom filters: vtkLoomFieldFilter, the device and mask properties of Loom's field filters.
#include "vtkLoomFieldFilter.h"

#include <vtkInformation.h>

#include <limits>

vtkLoomFieldFilter::vtkLoomFieldFilter()
{
  // Unselected outputs hold NaN unless told otherwise (the proxy's Fill Value shows 0 beside Fill With NaN).
  this->Mask.FillValue = std::numeric_limits<double>::quiet_NaN();
  this->SetNumberOfInputPorts(2);
}

vtkLoomFieldFilter::~vtkLoomFieldFilter() = default;

int vtkLoomFieldFilter::FillInputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkSelection");
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
    return 1;
  }
  return this->Superclass::FillInputPortInformation(port, info);
}

void vtkLoomFieldFilter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, this->HasFallback());
  this->Mask.Print(os, indent, true);
}
