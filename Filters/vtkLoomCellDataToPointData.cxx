// Loom filters: vtkLoomCellDataToPointData (all logic in vtkLoomDataAverageFilter).
#include "vtkLoomCellDataToPointData.h"

#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomCellDataToPointData);
