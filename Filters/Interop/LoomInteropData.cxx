// Loom filters: interop of points and attributes: grid geometry for Loom, point positions of any
// dataset, and VTK attributes gathered through ids.
#include "LoomInterop.h"

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/cont/Error.h>

#include <vtkDataArray.h>
#include <vtkDataSetAttributes.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkMatrix3x3.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>

namespace loom
{
namespace interop
{
bool GridAxes(vtkDataSet* dataset, std::vector<double> axes[3], Id3& dims, bool& doubleCoordinates)
{
  int d[3];
  doubleCoordinates = false;
  if (auto* image = vtkImageData::SafeDownCast(dataset))
  {
    image->GetDimensions(d);
    const int* extent = image->GetExtent();
    const double* origin = image->GetOrigin();
    const double* spacing = image->GetSpacing();
    const double* m = image->GetDirectionMatrix()->GetData();
    for (int a = 0; a < 3; ++a)
    {
      axes[a].clear();
      for (int i = 0; i < d[a]; ++i)
      {
        const double s = spacing[a] * (extent[2 * a] + i);
        for (int c = 0; c < 3; ++c)
          axes[a].push_back((a == 0 ? origin[c] : 0.0) + m[3 * c + a] * s);
      }
    }
  }
  else if (auto* rect = vtkRectilinearGrid::SafeDownCast(dataset))
  {
    rect->GetDimensions(d);
    vtkDataArray* coords[3] = { rect->GetXCoordinates(), rect->GetYCoordinates(), rect->GetZCoordinates() };
    for (int a = 0; a < 3; ++a)
    {
      if (!coords[a] || coords[a]->GetNumberOfTuples() < d[a])
        throw loom::cont::ErrorBadValue("the rectilinear grid's coordinate array " + std::to_string(a) + " has " +
                                        std::to_string(coords[a] ? coords[a]->GetNumberOfTuples() : 0) +
                                        " values for " + std::to_string(d[a]) + " points.");
      doubleCoordinates = doubleCoordinates || coords[a]->GetDataType() == VTK_DOUBLE;
      axes[a].clear();
      for (int i = 0; i < d[a]; ++i) // one value per grid plane: small
        for (int c = 0; c < 3; ++c)
          axes[a].push_back(c == a ? coords[a]->GetComponent(i, 0) : 0.0);
    }
  }
  else
  {
    return false;
  }
  dims = Id3(d[0], d[1], d[2]);
  return true;
}

loom::algorithms::FieldArray PointsFromVTK(vtkDataSet* dataset, const loom::cont::ArrayHandle<Id>* ids,
                                           bool gridDouble, loom::cont::DeviceId device)
{
  if (auto* pointSet = vtkPointSet::SafeDownCast(dataset))
  {
    vtkPoints* points = pointSet->GetPoints();
    if (!points)
      throw loom::cont::ErrorBadValue("the point set has no points array.");
    const loom::algorithms::FieldArray all = FieldFromVTK(points->GetData());
    return ids ? loom::algorithms::GatherTuples(*ids, all, device) : all;
  }
  std::vector<double> axes[3];
  Id3 dims;
  bool doubleCoordinates = false;
  if (!GridAxes(dataset, axes, dims, doubleCoordinates))
    throw loom::cont::ErrorBadType(std::string("datasets of type ") + dataset->GetClassName() +
                                   " have no points Loom can read.");
  using loom::algorithms::ValueKind;
  return loom::algorithms::GridPoints(dims, axes,
                                      gridDouble && doubleCoordinates ? ValueKind::Float64 : ValueKind::Float32, ids,
                                      device);
}

void GatherAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out, const loom::cont::ArrayHandle<Id>& ids,
                      loom::cont::DeviceId device)
{
  vtkSmartPointer<vtkIdList> list; // for non-numeric arrays only
  for (int a = 0; a < in->GetNumberOfArrays(); ++a)
  {
    vtkAbstractArray* array = in->GetAbstractArray(a);
    const char* name = array->GetName() ? array->GetName() : "";
    vtkSmartPointer<vtkAbstractArray> gathered;
    auto* numeric = vtkDataArray::SafeDownCast(array);
    if (numeric && numeric->GetNumberOfComponents() <= loom::algorithms::MaxComponents &&
        numeric->GetDataType() != VTK_BIT)
    {
      gathered = FieldToVTK(loom::algorithms::GatherTuples(ids, FieldFromVTK(numeric), device), name);
      if (gathered->GetDataType() != numeric->GetDataType())
      {
        // Same bits, another VTK type (vtkIdType, char, long long): the input's own class, by a copy.
        vtkSmartPointer<vtkDataArray> typed;
        typed.TakeReference(numeric->NewInstance());
        typed->DeepCopy(vtkDataArray::SafeDownCast(gathered));
        typed->SetName(name);
        gathered = typed;
      }
    }
    else
    {
      if (!list)
      {
        list = vtkSmartPointer<vtkIdList>::New();
        const Id n = ids.GetNumberOfValues();
        list->SetNumberOfIds(n);
        const Id* from = ids.ReadPortal().GetArray();
        std::copy(from, from + n, list->GetPointer(0));
      }
      gathered.TakeReference(array->NewInstance());
      gathered->SetName(array->GetName());
      gathered->SetNumberOfComponents(array->GetNumberOfComponents());
      gathered->SetNumberOfTuples(list->GetNumberOfIds()); // vtkStringArray writes in place
      array->GetTuples(list, gathered);
    }
    const int index = out->AddArray(gathered);
    for (int attribute = 0; attribute < vtkDataSetAttributes::NUM_ATTRIBUTES; ++attribute)
      if (in->GetAbstractAttribute(attribute) == array)
        out->SetActiveAttribute(index, attribute);
  }
}
} // namespace interop
} // namespace loom
