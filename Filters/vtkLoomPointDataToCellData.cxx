// Loom filters: vtkLoomPointDataToCellData (all logic in vtkLoomDataAverageFilter).
#include "vtkLoomPointDataToCellData.h"

#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkLoomPointDataToCellData);
