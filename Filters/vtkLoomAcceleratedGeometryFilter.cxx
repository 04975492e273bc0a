// Loom filters: vtkLoomAcceleratedGeometryFilter, vtkGeometryFilter on vtkLoomExtractSurface.
#include "vtkLoomAcceleratedGeometryFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomExtractSurface.h"

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkDataSetAttributes.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <array>
#include <cstring>
#include <unordered_set>

vtkStandardNewMacro(vtkLoomAcceleratedGeometryFilter);

namespace
{
struct Bits
{
  std::size_t operator()(const std::array<double, 3>& x) const
  {
    std::size_t h = 0;
    for (double v : x)
    {
      std::uint64_t b;
      std::memcpy(&b, &v, sizeof b);
      h = h * 0x9E3779B97F4A7C15ull + (b ^ (b >> 29));
    }
    return h;
  }
};

/// With Merging on, vtkGeometryFilter merges coincident points: Loom's surface (on the input's points)
/// is the same when no two of its points coincide, the usual case, checked on the surface's points.
std::string CoincidentPoints(vtkDataObject* output)
{
  auto* surface = vtkPolyData::SafeDownCast(output);
  vtkDataArray* xyz = surface && surface->GetPoints() ? surface->GetPoints()->GetData() : nullptr;
  if (!xyz)
    return std::string();
  const vtkIdType n = xyz->GetNumberOfTuples();
  std::unordered_set<std::array<double, 3>, Bits> seen(static_cast<std::size_t>(n) * 2);
  const bool single = xyz->GetDataType() == VTK_FLOAT;
  if (!single && xyz->GetDataType() != VTK_DOUBLE)
    return "the points are neither float nor double.";
  const void* raw = xyz->GetVoidPointer(0);
  for (vtkIdType i = 0; i < n; ++i)
  {
    std::array<double, 3> p;
    for (int d = 0; d < 3; ++d)
      p[d] = single ? static_cast<const float*>(raw)[3 * i + d] : static_cast<const double*>(raw)[3 * i + d];
    if (!seen.insert(p).second)
      return "the surface has coincident points, which vtkGeometryFilter merges (Merging is on).";
  }
  return std::string();
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
  else if (vtkDataSet* input = vtkDataSet::GetData(inputVector[0], 0);
           input && input->GetCellData()->GetArray(vtkDataSetAttributes::GhostArrayName()))
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
