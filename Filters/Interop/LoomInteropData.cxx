// Loom filters: interop of points and attributes: grid geometry for Loom, point positions of any
// dataset, and VTK attributes gathered through ids.
#include "LoomInterop.h"

#include <loom/algorithms/clean/MergePoints.h>

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/subset/Subset.h>
#include <loom/algorithms/slice/ImplicitFunction.h>
#include <loom/cont/Error.h>
#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkAbstractTransform.h>
#include <vtkAlgorithm.h>
#include <vtkBox.h>
#include <vtkCylinder.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkFieldData.h>
#include <vtkPointData.h>
#include <vtkLinearTransform.h>
#include <vtkMatrix4x4.h>
#include <vtkPlane.h>
#include <vtkSphere.h>
#include <vtkDataSetAttributes.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkMatrix3x3.h>
#include <vtkPointSet.h>
#include <vtkStructuredGrid.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>

#include <cmath>
#include <cstdlib>

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

void TakePointSetsAndGrids(vtkInformation* info)
{
  info->Remove(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE());
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPointSet");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkImageData");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkRectilinearGrid");
}

bool StructuredGridForGrids(vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  if (!vtkImageData::GetData(inputVector[0]) && !vtkRectilinearGrid::GetData(inputVector[0]))
    return false;
  if (!vtkStructuredGrid::GetData(outputVector))
  {
    vtkNew<vtkStructuredGrid> grid;
    outputVector->GetInformationObject(0)->Set(vtkDataObject::DATA_OBJECT(), grid);
  }
  return true;
}

bool StructureForMovedPoints(vtkDataSet* input, vtkPointSet* output)
{
  int extent[6];
  if (auto* image = vtkImageData::SafeDownCast(input))
    image->GetExtent(extent);
  else if (auto* rectilinear = vtkRectilinearGrid::SafeDownCast(input))
    rectilinear->GetExtent(extent);
  else
  {
    output->CopyStructure(input);
    return false;
  }
  vtkStructuredGrid::SafeDownCast(output)->SetExtent(extent);
  return true;
}

loom::algorithms::PointPositions PositionsFromVTK(vtkDataSet* dataset, std::vector<double> axes[3],
                                                  loom::algorithms::FieldArray& points, loom::cont::DeviceId device)
{
  loom::algorithms::PointPositions positions;
  bool doubleCoordinates = false;
  if (GridAxes(dataset, axes, positions.Dims, doubleCoordinates))
  {
    positions.Axes = axes;
    return positions;
  }
  points = PointsFromVTK(dataset, nullptr, false, device);
  positions.Points = &points;
  if (auto* grid = vtkStructuredGrid::SafeDownCast(dataset))
  {
    int d[3];
    grid->GetDimensions(d);
    positions.Dims = Id3(d[0], d[1], d[2]);
  }
  else
    positions.Dims = Id3(points.GetNumberOfTuples(), 1, 1);
  return positions;
}

namespace
{
/// Every array of `in` into `out`, tuple t from the input tuples `ids[t]`: numeric arrays through
/// `numeric(field)` (a Loom pass), others (strings, ...) gathered by VTK; the active attributes follow.
template <typename NumericPass>
void CopyAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out, const loom::cont::ArrayHandle<Id>& ids,
                    NumericPass&& numericPass, bool numericToo = true)
{
  vtkSmartPointer<vtkIdList> list; // for non-numeric arrays only
  for (int a = 0; a < in->GetNumberOfArrays(); ++a)
  {
    vtkAbstractArray* array = in->GetAbstractArray(a);
    const char* name = array->GetName() ? array->GetName() : "";
    vtkSmartPointer<vtkAbstractArray> gathered;
    auto* numeric = vtkDataArray::SafeDownCast(array);
    if (numeric && !numericToo)
      continue;
    if (numeric && numeric->GetNumberOfComponents() <= loom::algorithms::MaxComponents &&
        numeric->GetDataType() != VTK_BIT)
    {
      gathered = FieldToVTK(numericPass(FieldFromVTK(numeric), in, array), name);
      gathered->SetName(array->GetName()); // unnamed stays unnamed (AddArray replaces arrays by name)
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
} // namespace

void GatherAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out, const loom::cont::ArrayHandle<Id>& ids,
                      loom::cont::DeviceId device)
{
  CopyAttributes(in, out, ids, [&](const loom::algorithms::FieldArray& field, vtkDataSetAttributes*, vtkAbstractArray*) {
    return loom::algorithms::GatherTuples(ids, field, device);
  });
}

bool GridDimensions(vtkDataSet* grid, Id3& dims)
{
  int d[3];
  if (auto* image = vtkImageData::SafeDownCast(grid))
    image->GetDimensions(d);
  else if (auto* rectilinear = vtkRectilinearGrid::SafeDownCast(grid))
    rectilinear->GetDimensions(d);
  else if (auto* structured = vtkStructuredGrid::SafeDownCast(grid))
    structured->GetDimensions(d);
  else
    return false;
  dims = Id3(d[0], d[1], d[2]);
  return true;
}

bool SubGridsAllowed()
{
  const char* env = std::getenv("LOOM_SUB_GRIDS");
  return !(env && std::string(env) == "0");
}

bool CutsAPart(const Id3& dims, const std::vector<double> axes[3], const loom::algorithms::ImplicitFunction& function,
               const std::vector<double>& levels, loom::algorithms::GridExtent& extent)
{
  return SubGridsAllowed() && loom::algorithms::BoundedCutExtent(dims, axes, function, levels, extent) &&
    2 * extent.NumberOfPoints() <= dims[0] * dims[1] * dims[2];
}

vtkSmartPointer<vtkDataSet> SubGrid(vtkDataSet* grid, const loom::algorithms::GridExtent& extent,
                                    loom::cont::DeviceId device)
{
  auto* image = vtkImageData::SafeDownCast(grid);
  auto* rectilinear = vtkRectilinearGrid::SafeDownCast(grid);
  auto* structured = vtkStructuredGrid::SafeDownCast(grid);
  if (!image && !rectilinear && !structured)
    return nullptr;
  int dims[3], in[6], out[6];
  image ? image->GetDimensions(dims) : rectilinear ? rectilinear->GetDimensions(dims) : structured->GetDimensions(dims);
  image ? image->GetExtent(in) : rectilinear ? rectilinear->GetExtent(in) : structured->GetExtent(in);
  std::vector<Id> points[3], cells[3];
  Id3 pointDims, cellDims;
  for (int a = 0; a < 3; ++a)
  {
    if (extent.First[a] < 0 || extent.Last[a] < extent.First[a] || extent.Last[a] >= dims[a])
      throw loom::cont::ErrorBadValue("SubGrid: the extent is not inside the grid.");
    pointDims[a] = dims[a];
    cellDims[a] = std::max(dims[a] - 1, 1);
    out[2 * a] = in[2 * a] + static_cast<int>(extent.First[a]);
    out[2 * a + 1] = in[2 * a] + static_cast<int>(extent.Last[a]);
    for (Id i = extent.First[a]; i <= extent.Last[a]; ++i)
      points[a].push_back(i);
    for (Id i = extent.First[a]; i < std::max(extent.Last[a], extent.First[a] + 1); ++i)
      cells[a].push_back(std::min(i, cellDims[a] - 1));
  }
  // On the host (the run's CPU device; TBB or Serial for a CUDA run): the gathered part is what a GPU run
  // then moves.
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  loom::cont::DeviceId cpu = tracker.Resolve(device);
  if (cpu == loom::cont::DeviceId::Cuda)
    cpu = tracker.HostDevice();
  vtkSmartPointer<vtkDataSet> part;
  const loom::cont::ArrayHandle<Id> pointIds = loom::algorithms::GridSubsetIds(pointDims, points, cpu);
  if (structured)
  {
    // The part's points, gathered in their own type.
    auto sub = vtkSmartPointer<vtkStructuredGrid>::New();
    sub->SetExtent(out);
    if (structured->GetPoints())
    {
      auto positions = vtkSmartPointer<vtkPoints>::New();
      positions->SetData(FieldToVTK(PointsFromVTK(structured, &pointIds, true, cpu), "Points"));
      sub->SetPoints(positions);
    }
    part = sub;
  }
  else if (image)
  {
    auto sub = vtkSmartPointer<vtkImageData>::New();
    sub->SetOrigin(image->GetOrigin());
    sub->SetSpacing(image->GetSpacing());
    sub->SetDirectionMatrix(image->GetDirectionMatrix());
    sub->SetExtent(out);
    part = sub;
  }
  else
  {
    auto sub = vtkSmartPointer<vtkRectilinearGrid>::New();
    sub->SetExtent(out);
    vtkDataArray* coordinates[3] = { rectilinear->GetXCoordinates(), rectilinear->GetYCoordinates(),
                                     rectilinear->GetZCoordinates() };
    vtkSmartPointer<vtkDataArray> planes[3];
    for (int a = 0; a < 3; ++a) // one value per grid plane: small
    {
      planes[a].TakeReference(coordinates[a]->NewInstance());
      planes[a]->SetNumberOfComponents(coordinates[a]->GetNumberOfComponents());
      planes[a]->SetNumberOfTuples(static_cast<vtkIdType>(extent.Last[a] - extent.First[a] + 1));
      for (Id i = extent.First[a]; i <= extent.Last[a]; ++i)
        planes[a]->SetTuple(static_cast<vtkIdType>(i - extent.First[a]), static_cast<vtkIdType>(i), coordinates[a]);
      planes[a]->SetName(coordinates[a]->GetName());
    }
    sub->SetXCoordinates(planes[0]);
    sub->SetYCoordinates(planes[1]);
    sub->SetZCoordinates(planes[2]);
    part = sub;
  }
  GatherAttributes(grid->GetPointData(), part->GetPointData(), pointIds, cpu);
  GatherAttributes(grid->GetCellData(), part->GetCellData(), loom::algorithms::GridSubsetIds(cellDims, cells, cpu),
                   cpu);
  part->GetFieldData()->PassData(grid->GetFieldData());
  NotePartRead(extent.NumberOfPoints());
  return part;
}

vtkSmartPointer<vtkDataSet> FieldAndGhosts(vtkDataSet* grid, vtkDataArray* array)
{
  vtkSmartPointer<vtkDataSet> light;
  light.TakeReference(grid->NewInstance());
  light->CopyStructure(grid);
  const bool onCells = array->GetName() && grid->GetCellData()->GetArray(array->GetName()) == array;
  (onCells ? static_cast<vtkDataSetAttributes*>(light->GetCellData())
           : static_cast<vtkDataSetAttributes*>(light->GetPointData()))
    ->AddArray(array);
  vtkDataArray* ghosts = grid->GetCellData()->GetGhostArray();
  if (ghosts && ghosts != array)
    light->GetCellData()->AddArray(ghosts);
  return light;
}

void GatherNonNumericAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out,
                                const loom::cont::ArrayHandle<Id>& ids)
{
  CopyAttributes(
    in, out, ids, [](const loom::algorithms::FieldArray& field, vtkDataSetAttributes*, vtkAbstractArray*) { return field; },
    /*numericToo=*/false);
}

bool HasNonNumericArrays(vtkDataSetAttributes* attributes)
{
  for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
    if (!vtkDataArray::SafeDownCast(attributes->GetAbstractArray(a)))
      return true;
  return false;
}

void AverageAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out, const loom::cont::ArrayHandle<Id>& firstIds,
                       const loom::cont::ArrayHandle<Id>& offsets, const loom::cont::ArrayHandle<Id>& members,
                       loom::cont::DeviceId device)
{
  CopyAttributes(in, out, firstIds,
                 [&](const loom::algorithms::FieldArray& field, vtkDataSetAttributes* attributes, vtkAbstractArray* array) {
                   // Flags and identifiers are not quantities: the first tuple's, not a mean.
                   const bool identity = array == attributes->GetGhostArray() ||
                     array == attributes->GetAbstractAttribute(vtkDataSetAttributes::GLOBALIDS) ||
                     array == attributes->GetAbstractAttribute(vtkDataSetAttributes::PEDIGREEIDS);
                   return identity ? loom::algorithms::GatherTuples(firstIds, field, device)
                                   : loom::algorithms::AverageTuples(field, offsets, members, device);
                 });
}

loom::algorithms::ImplicitFunction ImplicitFunctionFromVTK(vtkImplicitFunction* function)
{
  using loom::algorithms::ImplicitFunction;
  ImplicitFunction f;
  if (!function)
    throw loom::cont::ErrorBadValue("no implicit function is set.");
  vtkAbstractTransform* transform = function->GetTransform();
  if (transform && !vtkLinearTransform::SafeDownCast(transform))
    throw loom::cont::ErrorBadType(std::string("the implicit function's transform is a ") +
                                   transform->GetClassName() + "; Loom takes linear transforms.");
  if (auto* plane = vtkPlane::SafeDownCast(function))
  {
    // Linear: the gradient and the value at the origin from four of the function's own values, which
    // include ParaView's offset and any transform.
    double zero[3] = { 0, 0, 0 };
    const double c = plane->FunctionValue(zero);
    double g[3];
    for (int a = 0; a < 3; ++a)
    {
      double e[3] = { 0, 0, 0 };
      e[a] = 1.0;
      g[a] = plane->FunctionValue(e) - c;
    }
    const double n2 = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
    if (!(n2 > 0.0))
      throw loom::cont::ErrorBadValue("the plane's normal is zero: it defines no plane.");
    for (int a = 0; a < 3; ++a)
    {
      f.Normal[a] = g[a];
      f.Origin[a] = -c * g[a] / n2;
    }
    // A plain plane evaluates n.(x - o) with its own origin and normal: take them as they are, so that
    // values round as VTK's do (a point on the plane gives exactly 0 in both).
    double n[3], o[3];
    plane->GetNormal(n);
    plane->GetOrigin(o);
    bool same = !plane->GetTransform();
    const double probes[5][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1.3, -2.1, 0.7 } };
    for (const auto& q : probes)
    {
      double p[3] = { q[0], q[1], q[2] };
      const double own = n[0] * (p[0] - o[0]) + n[1] * (p[1] - o[1]) + n[2] * (p[2] - o[2]);
      const double value = plane->FunctionValue(p);
      same = same && std::abs(own - value) <= 1e-12 * (1.0 + std::abs(value));
    }
    if (same)
      for (int a = 0; a < 3; ++a)
      {
        f.Normal[a] = n[a];
        f.Origin[a] = o[a];
      }
    return f;
  }
  if (auto* linear = vtkLinearTransform::SafeDownCast(transform))
  {
    vtkMatrix4x4* m = linear->GetMatrix();
    for (int r = 0; r < 3; ++r)
      for (int col = 0; col < 4; ++col)
        f.Transform[4 * r + col] = m->GetElement(r, col);
  }
  if (auto* sphere = vtkSphere::SafeDownCast(function))
  {
    f.Type = ImplicitFunction::Kind::Sphere;
    sphere->GetCenter(f.Origin);
    f.Radius = sphere->GetRadius();
  }
  else if (auto* cylinder = vtkCylinder::SafeDownCast(function))
  {
    f.Type = ImplicitFunction::Kind::Cylinder;
    cylinder->GetCenter(f.Origin);
    cylinder->GetAxis(f.Normal);
    const double len = std::sqrt(f.Normal[0] * f.Normal[0] + f.Normal[1] * f.Normal[1] + f.Normal[2] * f.Normal[2]);
    if (!(len > 0.0))
      throw loom::cont::ErrorBadValue("the cylinder's axis is zero.");
    for (double& a : f.Normal)
      a /= len;
    f.Radius = cylinder->GetRadius();
  }
  else if (auto* box = vtkBox::SafeDownCast(function))
  {
    f.Type = ImplicitFunction::Kind::Box;
    double b[6];
    box->GetBounds(b);
    for (int a = 0; a < 3; ++a)
    {
      f.Min[a] = b[2 * a];
      f.Max[a] = b[2 * a + 1];
    }
  }
  else
  {
    throw loom::cont::ErrorBadType(std::string("implicit functions of type ") +
                                   (function ? function->GetClassName() : "(none)") +
                                   " are not handled by Loom (plane, sphere, cylinder and box are).");
  }
  return f;
}
} // namespace interop
} // namespace loom
