// Loom filters: vtkLoomAcceleratedGeometryFilter, vtkGeometryFilter on vtkLoomExtractSurface.
#include "vtkLoomAcceleratedGeometryFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomExtractSurface.h"

#include <vtkDataArray.h>
#include <vtkDataObject.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <array>
#include <vector>

vtkStandardNewMacro(vtkLoomAcceleratedGeometryFilter);

namespace
{
/// With Merging on, vtkGeometryFilter merges coincident points: Loom's surface (on the input's points)
/// is the same when no two of its points coincide, the usual case, checked on the surface's points (sorted
/// copies of them: one allocation, and -0 equal to +0 as for VTK's locator).
std::string CoincidentPoints(vtkDataObject* output)
{
  auto* surface = vtkPolyData::SafeDownCast(output);
  vtkDataArray* xyz = surface && surface->GetPoints() ? surface->GetPoints()->GetData() : nullptr;
  if (!xyz)
    return std::string();
  const bool single = xyz->GetDataType() == VTK_FLOAT;
  if (!single && xyz->GetDataType() != VTK_DOUBLE)
    return "the points are neither float nor double.";
  const vtkIdType n = xyz->GetNumberOfTuples();
  const void* raw = xyz->GetVoidPointer(0);
  std::vector<std::array<double, 3>> points(static_cast<std::size_t>(n));
  for (vtkIdType i = 0; i < n; ++i)
    for (int d = 0; d < 3; ++d)
      points[static_cast<std::size_t>(i)][d] =
        single ? static_cast<const float*>(raw)[3 * i + d] : static_cast<const double*>(raw)[3 * i + d];
  std::sort(points.begin(), points.end());
  return std::adjacent_find(points.begin(), points.end()) != points.end()
    ? "the surface has coincident points, which vtkGeometryFilter merges (Merging is on)."
    : std::string();
}
} // namespace

int vtkLoomAcceleratedGeometryFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                  vtkInformationVector* outputVector)
{
  std::string unsupported;
  if (this->GetPointClipping() || this->GetCellClipping() || this->GetExtentClipping())
    unsupported = "point, cell or extent clipping is on (Loom's surface takes every cell).";
  else if (this->GetPassThroughCellIds() || this->GetPassThroughPointIds())
    unsupported = "the original ids are asked for (Loom's surface does not write them).";
  else if (loom::interop::HasGhostCells(vtkDataObject::GetData(inputVector[0], 0)))
    unsupported = "the input has ghost cells (a piece of distributed data: Loom's surface hides the faces "
                  "between pieces, vtkGeometryFilter keeps some).";
  vtkNew<vtkLoomExtractSurface> loom;
  loom->SetRemoveGhostInterfaces(this->GetRemoveGhostInterfaces());
  loom->SetPieceInvariant(this->GetPieceInvariant());
  loom->SetNonlinearSubdivisionLevel(this->GetNonlinearSubdivisionLevel());
  loom->SetFastMode(this->GetFastMode());
  return loom::interop::RunAccelerated(
    this, "Extract Surface", loom, unsupported, inputVector, outputVector,
    [&] { return this->Superclass::RequestData(request, inputVector, outputVector); },
    [&](vtkDataObject* output) { return this->GetMerging() ? CoincidentPoints(output) : std::string(); });
}
