// Loom filters: the sampling filters' shared core (LoomProbe.h): the locator kept per source, the sampled
// arrays in VTK's order and types, the blanking of ResampleToImage and ResampleWithDataset.
#include "LoomProbe.h"

#include "LoomFilterCore.h"

#include <loom/algorithms/locate/LocateCell.h>

#include <loom/algorithms/HostForEach.h>

#include <vtkCellData.h>
#include <vtkCharArray.h>
#include <vtkClosestPointStrategy.h>
#include <vtkCommunicator.h>
#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataSet.h>
#include <vtkIntArray.h>
#include <vtkMultiProcessController.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkDataSetAttributes.h>
#include <vtkGenericCell.h>
#include <vtkImageData.h>
#include <vtkMatrix3x3.h>
#include <vtkMatrix4x4.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkSmartPointer.h>
#include <vtkStaticCellLocator.h>
#include <vtkStaticPointLocator.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkCellArray.h>
#include <vtkPolyData.h>
#include <vtkUnstructuredGrid.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <type_traits>

namespace loom
{
namespace interop
{
namespace
{
/// The numeric arrays VTK's probe samples from `attributes`, by name in byte order (its field list is a
/// multimap by name); point data leaves out global and pedigree ids (not interpolated).
std::multimap<std::string, vtkDataArray*> SampledArrays(vtkDataSetAttributes* attributes, bool points)
{
  std::multimap<std::string, vtkDataArray*> sorted;
  for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* array = attributes->GetArray(a);
    if (!array || !array->GetName())
      continue;
    if (points && (array == attributes->GetGlobalIds() || array == attributes->GetPedigreeIds()))
      continue;
    sorted.emplace(array->GetName(), array);
  }
  return sorted;
}

/// `made` as an array of `model`'s own VTK type (same values; a copy only where the types differ, as
/// for char against signed char).
vtkSmartPointer<vtkDataArray> LikeModel(vtkDataArray* model, vtkSmartPointer<vtkDataArray> made)
{
  if (made->GetDataType() == model->GetDataType())
    return made;
  vtkSmartPointer<vtkDataArray> typed;
  typed.TakeReference(model->NewInstance());
  typed->DeepCopy(made);
  typed->SetName(made->GetName());
  return typed;
}
} // namespace

std::string ProbeSource::Unsupported(vtkDataSet* source, bool duplicateGhosts)
{
  if (auto* image = vtkImageData::SafeDownCast(source))
  {
    for (int a = 0; a < 3; ++a)
      if (!(image->GetSpacing()[a] > 0))
        return "an image whose spacing is not positive";
  }
  else if (auto* grid = vtkRectilinearGrid::SafeDownCast(source))
  {
    vtkDataArray* axes[3] = { grid->GetXCoordinates(), grid->GetYCoordinates(), grid->GetZCoordinates() };
    for (vtkDataArray* axis : axes)
      for (vtkIdType i = 1; axis && i < axis->GetNumberOfTuples(); ++i)
        if (!(axis->GetComponent(i, 0) > axis->GetComponent(i - 1, 0)))
          return "a rectilinear grid whose coordinates do not increase";
    int dims[3];
    grid->GetDimensions(dims);
    if ((dims[0] == 1 || dims[1] == 1) && dims[2] > 1)
      return "a rectilinear grid flat along x or y (VTK weights its cells as voxels)";
  }
  else
  {
    const std::string cells = UnsupportedCells(source);
    if (!cells.empty())
      return cells;
    try
    {
      const std::string shape = loom::algorithms::UnsupportedShape(CellSetFromVTK(source));
      if (!shape.empty())
        return "a " + shape + " cell";
    }
    catch (const loom::cont::Error& e)
    {
      return e.what();
    }
  }
  vtkDataSetAttributes* sides[2] = { source->GetPointData(), source->GetCellData() };
  for (vtkDataSetAttributes* side : sides)
  {
    if (vtkDataArray* ghosts = side->GetArray(vtkDataSetAttributes::GhostArrayName()))
    {
      const int duplicate = side == source->GetCellData() ? static_cast<int>(vtkDataSetAttributes::DUPLICATECELL)
                                                          : static_cast<int>(vtkDataSetAttributes::DUPLICATEPOINT);
      bool only = duplicateGhosts && ghosts->GetNumberOfComponents() == 1;
      for (vtkIdType i = 0; only && i < ghosts->GetNumberOfTuples(); ++i)
        only = (static_cast<int>(ghosts->GetComponent(i, 0)) & ~duplicate) == 0;
      if (!only)
        return "ghost cells or points (a vtkGhostType array)";
    }
    if (HasNonNumericArrays(side))
      return "string or other non-numeric arrays";
    for (int a = 0; a < side->GetNumberOfArrays(); ++a)
    {
      vtkDataArray* array = side->GetArray(a);
      if (array->GetNumberOfComponents() > loom::algorithms::MaxComponents || array->GetDataType() == VTK_BIT)
        return "the array '" + std::string(array->GetName() ? array->GetName() : "") + "' (" +
          std::to_string(array->GetNumberOfComponents()) + " components of " + array->GetDataTypeAsString() + ")";
    }
  }
  return "";
}

namespace
{
/// What a locator depends on: an image's geometry by value, other datasets' points and cells by their arrays
/// (each array's address and modification time). ParaView hands a filter a new shallow copy of an unchanged
/// input at each execution (its post-filter re-executes): the arrays are the same, and so is the key.
std::string GeometryKey(vtkDataSet* source)
{
  std::string key = source->GetClassName();
  auto add = [&](vtkObject* o) {
    char text[64];
    std::snprintf(text, sizeof(text), " %p:%llu", static_cast<void*>(o),
                  o ? static_cast<unsigned long long>(o->GetMTime()) : 0ull);
    key += text;
  };
  auto addValues = [&](const double* v, int n) {
    for (int i = 0; i < n; ++i)
    {
      char text[32];
      std::snprintf(text, sizeof(text), " %.17g", v[i]);
      key += text;
    }
  };
  if (auto* image = vtkImageData::SafeDownCast(source))
  {
    const int* e = image->GetExtent();
    const double extent[6] = { double(e[0]), double(e[1]), double(e[2]), double(e[3]), double(e[4]), double(e[5]) };
    addValues(extent, 6);
    addValues(image->GetOrigin(), 3);
    addValues(image->GetSpacing(), 3);
    addValues(image->GetDirectionMatrix()->GetData(), 9);
  }
  else if (auto* grid = vtkRectilinearGrid::SafeDownCast(source))
  {
    add(grid->GetXCoordinates());
    add(grid->GetYCoordinates());
    add(grid->GetZCoordinates());
  }
  else if (auto* set = vtkPointSet::SafeDownCast(source); set && set->GetPoints())
  {
    add(set->GetPoints()->GetData());
    if (auto* structured = vtkStructuredGrid::SafeDownCast(source))
    {
      int dims[3];
      structured->GetDimensions(dims);
      const double d[3] = { double(dims[0]), double(dims[1]), double(dims[2]) };
      addValues(d, 3);
    }
    else if (auto* unstructured = vtkUnstructuredGrid::SafeDownCast(source); unstructured && unstructured->GetCells())
    {
      add(unstructured->GetCells()->GetOffsetsArray());
      add(unstructured->GetCells()->GetConnectivityArray());
      add(unstructured->GetCellTypesArray());
    }
    else if (auto* poly = vtkPolyData::SafeDownCast(source))
      for (vtkCellArray* cells : { poly->GetVerts(), poly->GetLines(), poly->GetPolys(), poly->GetStrips() })
      {
        add(cells ? cells->GetOffsetsArray() : nullptr);
        add(cells ? cells->GetConnectivityArray() : nullptr);
      }
    else
      add(source);
  }
  else
    add(source);
  return key;
}
} // namespace

void ProbeSource::Prepare(vtkDataSet* source, loom::cont::DeviceId device, Binning binning)
{
  const std::string key = GeometryKey(source);
  const bool same = this->Cells.IsBuilt() && key == this->SourceKey && device == this->BuiltOn;
  // (Images and rectilinear grids have no bins: any locator of theirs serves.)
  const bool grid = vtkImageData::SafeDownCast(source) || vtkRectilinearGrid::SafeDownCast(source);
  const bool binned = !grid && (binning == Binning::Always || (binning == Binning::OnReuse && same));
  this->WasReused = same && (grid || binned == this->Binned || !binned);
  this->Seconds = 0.0;
  if (this->WasReused)
  {
    this->Source = source; // the same geometry (a new shallow copy, or the same dataset)
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  this->Cells = loom::algorithms::CellLocator();
  this->VTKCells = nullptr; // (VTK's locator of the source before, if one was made)
  if (auto* image = vtkImageData::SafeDownCast(source))
  {
    // VTK's own physical-to-index matrix: continuous indices rounded as vtkImageData::FindCell rounds them.
    const double* m = image->GetPhysicalToIndexMatrix()->GetData();
    const Id extent[6] = { image->GetExtent()[0], image->GetExtent()[1], image->GetExtent()[2],
                           image->GetExtent()[3], image->GetExtent()[4], image->GetExtent()[5] };
    this->Cells = loom::algorithms::CellLocator::ForImage(m, image->GetSpacing(), extent);
  }
  else if (auto* grid = vtkRectilinearGrid::SafeDownCast(source))
  {
    vtkDataArray* axes[3] = { grid->GetXCoordinates(), grid->GetYCoordinates(), grid->GetZCoordinates() };
    for (int a = 0; a < 3; ++a)
    {
      this->Coordinates[a].resize(static_cast<std::size_t>(axes[a]->GetNumberOfTuples()));
      for (vtkIdType i = 0; i < axes[a]->GetNumberOfTuples(); ++i)
        this->Coordinates[a][static_cast<std::size_t>(i)] = axes[a]->GetComponent(i, 0);
    }
    this->Cells = loom::algorithms::CellLocator::ForRectilinear(this->Coordinates);
  }
  else
  {
    this->Points = PointsFromVTK(source, nullptr, true, device);
    this->Cells = loom::algorithms::CellLocator::ForCells(CellSetFromVTK(source), this->Points, device, binned);
  }
  this->Source = source;
  this->SourceKey = key;
  this->BuiltOn = device;
  this->Binned = binned;
  this->Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The arrays VTK's probe makes from `source`, in its order (point arrays, then cell arrays not named like
/// one), with their names and whether they are cell arrays.
struct Sampled
{
  std::vector<vtkDataArray*> Models;
  std::vector<std::string> Names;
  std::size_t PointArrays = 0;
};
Sampled SampledOf(vtkDataSet* source)
{
  Sampled s;
  for (const auto& entry : SampledArrays(source->GetPointData(), true))
  {
    s.Models.push_back(entry.second);
    s.Names.push_back(entry.first);
  }
  s.PointArrays = s.Models.size();
  for (const auto& entry : SampledArrays(source->GetCellData(), false))
    if (std::find(s.Names.begin(), s.Names.end(), entry.first) == s.Names.end()) // a point array of that name came first
    {
      s.Models.push_back(entry.second);
      s.Names.push_back(entry.first);
    }
  return s;
}

std::string ProbeSource::Signature(vtkDataSet* source)
{
  const Sampled s = SampledOf(source);
  std::string text;
  for (std::size_t f = 0; f < s.Models.size(); ++f)
    text += s.Names[f] + "\t" + std::to_string(s.Models[f]->GetDataType()) + "\t" +
      std::to_string(s.Models[f]->GetNumberOfComponents()) + "\n";
  return text;
}

void ProbeSource::ZeroArrays(const std::string& signature, vtkIdType samples, vtkPointData* out)
{
  std::size_t from = 0;
  while (from < signature.size())
  {
    const std::size_t end = signature.find('\n', from);
    const std::string line = signature.substr(from, end - from);
    from = end + 1;
    const std::size_t tab1 = line.find('\t'), tab2 = line.find('\t', tab1 + 1);
    vtkSmartPointer<vtkDataArray> zeros;
    zeros.TakeReference(vtkDataArray::CreateDataArray(std::stoi(line.substr(tab1 + 1, tab2 - tab1 - 1))));
    zeros->SetName(line.substr(0, tab1).c_str());
    zeros->SetNumberOfComponents(std::stoi(line.substr(tab2 + 1)));
    zeros->SetNumberOfTuples(samples);
    zeros->Fill(0);
    out->AddArray(zeros);
  }
  vtkNew<vtkCharArray> valid;
  valid->SetName("vtkValidPointMask");
  valid->SetNumberOfTuples(samples);
  valid->Fill(0);
  out->AddArray(valid);
}

template <typename Run>
loom::cont::ArrayHandle<Int8> ProbeSource::Fill(vtkDataSet* source, Id samples, Run&& run, vtkPointData* out) const
{
  const bool built = this->Cells.IsBuilt() && source == this->Source;
  const Sampled arrays = SampledOf(source);
  const std::vector<vtkDataArray*>& models = arrays.Models;
  const std::vector<std::string>& names = arrays.Names;
  std::vector<loom::algorithms::FieldArray> pointFields, cellFields;
  for (std::size_t f = 0; f < models.size(); ++f)
    (f < arrays.PointArrays ? pointFields : cellFields).push_back(FieldFromVTK(models[f]));
  loom::algorithms::SampledFields sampled;
  if (built)
    sampled = run(pointFields, cellFields);
  std::vector<loom::algorithms::FieldArray> outputs = sampled.PointFields;
  outputs.insert(outputs.end(), sampled.CellFields.begin(), sampled.CellFields.end());
  for (std::size_t f = 0; f < models.size(); ++f)
  {
    if (built)
      out->AddArray(LikeModel(models[f], FieldToVTK(outputs[f], names[f])));
    else
    {
      // An empty source: zeros, in the source array's type.
      vtkSmartPointer<vtkDataArray> zeros;
      zeros.TakeReference(models[f]->NewInstance());
      zeros->SetName(names[f].c_str());
      zeros->SetNumberOfComponents(models[f]->GetNumberOfComponents());
      zeros->SetNumberOfTuples(samples);
      zeros->Fill(0);
      out->AddArray(zeros);
    }
  }
  // The mask: VTK's char array (Loom's is int8; the same bytes).
  loom::cont::ArrayHandle<Int8> mask =
    built ? sampled.Mask : loom::cont::make_ArrayHandle(std::vector<Int8>(static_cast<std::size_t>(samples), Int8(0)));
  vtkNew<vtkCharArray> valid;
  valid->SetName("vtkValidPointMask");
  valid->SetNumberOfTuples(samples);
  std::copy_n(mask.ReadPortal().GetArray(), samples, reinterpret_cast<Int8*>(valid->GetPointer(0)));
  out->AddArray(valid);
  return mask;
}

loom::cont::ArrayHandle<Int8> ProbeSource::Sample(vtkDataSet* source, const loom::algorithms::PointPositions& samples,
                                                  const loom::algorithms::LocateOptions& options, vtkPointData* out) const
{
  return this->Fill(
    source, samples.GetNumberOfPoints(),
    [&](const std::vector<loom::algorithms::FieldArray>& pointFields, const std::vector<loom::algorithms::FieldArray>& cellFields) {
      return loom::algorithms::SamplePoints(this->Cells, samples, pointFields, cellFields, options);
    },
    out);
}

loom::cont::ArrayHandle<Int8> ProbeSource::SampleImage(vtkDataSet* source, const loom::algorithms::ImageSamples& image,
                                                       const loom::algorithms::LocateOptions& options, vtkPointData* out) const
{
  return this->Fill(
    source, image.Dims[0] * image.Dims[1] * image.Dims[2],
    [&](const std::vector<loom::algorithms::FieldArray>& pointFields, const std::vector<loom::algorithms::FieldArray>& cellFields) {
      return loom::algorithms::SampleImage(this->Cells, image, pointFields, cellFields, options);
    },
    out);
}

std::string ProbeSource::CrashesVTK(vtkDataSet* source, bool walks)
{
  // One pass over an unstructured grid's cell types. A type VTK has no class for: vtkDataSet::GetCell gives no
  // cell, which the probe measures. With `walks`: vtkPentagonalPrism's and vtkHexagonalPrism's CellBoundary give
  // the cell's own point numbers (0 to 9, 0 to 11) where the grid's are meant, and the closest-point
  // strategy's walk out of such a cell reads the point links of those numbers, past the end when the grid has
  // fewer points.
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(source); grid && grid->GetCellTypesArray())
  {
    const vtkIdType n = std::min(grid->GetNumberOfCells(), grid->GetCellTypesArray()->GetNumberOfValues());
    const vtkIdType points = grid->GetNumberOfPoints();
    const unsigned char* type = grid->GetCellTypesArray()->GetPointer(0);
    bool known[256] = {};
    bool checked[256] = {};
    for (vtkIdType c = 0; c < n; ++c)
    {
      if (!checked[type[c]])
      {
        checked[type[c]] = true;
        if (vtkCell* cell = vtkGenericCell::InstantiateCell(type[c]))
        {
          known[type[c]] = true;
          cell->Delete();
        }
      }
      if (!known[type[c]])
        return "cell " + std::to_string(c) + " has the cell type " + std::to_string(type[c]) +
          ", which VTK does not know and on which VTK's probe (the fallback) would crash";
      if (walks && ((type[c] == VTK_PENTAGONAL_PRISM && points < 10) || (type[c] == VTK_HEXAGONAL_PRISM && points < 12)))
        return "cell " + std::to_string(c) + " is a " + (type[c] == VTK_PENTAGONAL_PRISM ? "pentagonal" : "hexagonal") +
          " prism in a grid of " + std::to_string(points) + " points, on which VTK's probe (the fallback) would read "
          "past the grid's points (its walk out of such a cell takes the cell's own point numbers for the grid's)";
    }
  }
  // A polygonal or unstructured dataset of points without cells: the closest-point strategy finds a point and
  // reads its cells from the missing cell arrays.
  if (walks && (vtkPolyData::SafeDownCast(source) || vtkUnstructuredGrid::SafeDownCast(source)) &&
      source->GetNumberOfPoints() > 0 && source->GetNumberOfCells() == 0)
    return "points without cells, on which VTK's probe of points (the fallback) would crash (it reads their "
           "missing cells)";
  // vtkTriangleStrip::EvaluatePosition writes the weights at the index of its best triangle, left unset when
  // no triangle of the strip is valid (fewer than three points, or every triangle degenerate: VTK's
  // triangle determinant exactly 0, found here with the same formula).
  auto broken = [&](vtkCellArray* cells, vtkIdType first, const unsigned char* types) -> vtkIdType {
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; cells && c < cells->GetNumberOfCells(); ++c)
    {
      if (types && types[c] != VTK_TRIANGLE_STRIP)
        continue;
      cells->GetCellAtId(c, ids);
      bool valid = false;
      for (vtkIdType t = 0; t + 2 < ids->GetNumberOfIds() && !valid; ++t)
      {
        loom::algorithms::locate::CellCorners corner;
        corner.Shape = CELL_SHAPE_TRIANGLE;
        corner.N = 3;
        for (int k = 0; k < 3; ++k)
          source->GetPoint(ids->GetId(t + k), corner.X[k]);
        double pc[3], dist2;
        valid = loom::algorithms::locate::Evaluate(corner, corner.X[0], pc, dist2) != -1;
      }
      if (!valid)
        return first + c;
    }
    return -1;
  };
  // vtkTriangle::EvaluatePosition asserts ("a branch thought to be dead") when its weights are NaN: a triangle,
  // a strip's triangle or a tetrahedron's face with a non-finite coordinate.
  auto nonFinite = [&](vtkCellArray* cells, vtkIdType first, const unsigned char* types, bool polys) -> vtkIdType {
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; cells && c < cells->GetNumberOfCells(); ++c)
    {
      if (types && types[c] != VTK_TRIANGLE && types[c] != VTK_TRIANGLE_STRIP && types[c] != VTK_TETRA)
        continue;
      cells->GetCellAtId(c, ids);
      if (polys && ids->GetNumberOfIds() != 3)
        continue;
      for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k)
      {
        double x[3];
        source->GetPoint(ids->GetId(k), x);
        if (!std::isfinite(x[0]) || !std::isfinite(x[1]) || !std::isfinite(x[2]))
          return first + c;
      }
    }
    return -1;
  };
  // vtkPolyVertex::EvaluatePosition keeps the nearest of its points by squared distance and then writes the weight
  // of the one it kept: where every distance overflows (coordinates beyond 1e150 apart) or is not a number, it
  // keeps none and writes at an index it never set.
  auto far = [&](vtkCellArray* cells, vtkIdType first, const unsigned char* types) -> vtkIdType {
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; cells && c < cells->GetNumberOfCells(); ++c)
    {
      if (types && types[c] != VTK_POLY_VERTEX)
        continue;
      cells->GetCellAtId(c, ids);
      if (ids->GetNumberOfIds() < 2 && !types)
        continue; // a polygonal vertex of one point is a vtkVertex
      for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k)
      {
        double x[3];
        source->GetPoint(ids->GetId(k), x);
        for (double v : x)
          if (!(std::abs(v) <= 1e150))
            return first + c;
      }
    }
    return -1;
  };
  vtkIdType found = -1, infinite = -1, distant = -1;
  if (auto* poly = vtkPolyData::SafeDownCast(source))
  {
    const vtkIdType polys = poly->GetNumberOfVerts() + poly->GetNumberOfLines();
    found = broken(poly->GetStrips(), polys + poly->GetNumberOfPolys(), nullptr);
    infinite = nonFinite(poly->GetPolys(), polys, nullptr, true);
    if (infinite < 0)
      infinite = nonFinite(poly->GetStrips(), polys + poly->GetNumberOfPolys(), nullptr, false);
    distant = far(poly->GetVerts(), 0, nullptr);
  }
  else if (auto* grid = vtkUnstructuredGrid::SafeDownCast(source))
    if (grid->GetCellTypesArray() && grid->GetCells())
    {
      found = broken(grid->GetCells(), 0, grid->GetCellTypesArray()->GetPointer(0));
      infinite = nonFinite(grid->GetCells(), 0, grid->GetCellTypesArray()->GetPointer(0), false);
      distant = far(grid->GetCells(), 0, grid->GetCellTypesArray()->GetPointer(0));
    }
  if (distant >= 0)
    return "cell " + std::to_string(distant) + " is a poly-vertex with a point beyond 1e150 (or not finite), on which "
      "VTK's probe (the fallback) would write past its weights (the squared distances overflow)";
  if (found >= 0)
    return "cell " + std::to_string(found) + " is a triangle strip without one valid triangle, on which VTK's "
      "probe (the fallback for strips) would crash";
  if (infinite >= 0)
    return "cell " + std::to_string(infinite) + " has a point with a NaN or infinite coordinate, on which VTK's "
      "probe (the fallback) would abort (vtkTriangle's assertion)";
  return std::string();
}

std::string ProbeSource::BlocksDisagree(vtkCompositeDataSet* composite, vtkSmartPointer<vtkCompositeDataSet>* converted)
{
  struct Seen
  {
    int Type, Components;
    size_t Block;
    std::string Name;
    bool Numeric;
  };
  std::map<std::string, Seen> seen[2];
  bool retyped = false;
  const std::vector<vtkDataSet*> blocks = vtkCompositeDataSet::GetDataSets(composite);
  for (size_t b = 0; b < blocks.size(); ++b)
    for (int side = 0; side < 2; ++side)
    {
      vtkDataSetAttributes* arrays = side ? static_cast<vtkDataSetAttributes*>(blocks[b]->GetCellData())
                                          : static_cast<vtkDataSetAttributes*>(blocks[b]->GetPointData());
      for (int a = 0; a < arrays->GetNumberOfArrays(); ++a)
      {
        vtkAbstractArray* array = arrays->GetAbstractArray(a);
        if (!array->GetName())
          continue;
        const Seen here{ array->GetDataType(), array->GetNumberOfComponents(), b, array->GetDataTypeAsString(),
                         vtkDataArray::SafeDownCast(array) != nullptr };
        auto [at, first] = seen[side].emplace(array->GetName(), here);
        if (first || at->second.Type == here.Type)
          continue;
        if (at->second.Components != here.Components || !at->second.Numeric || !here.Numeric)
          return std::string("the ") + (side ? "cell" : "point") + " array '" + array->GetName() + "' is " +
            std::to_string(at->second.Components) + " components of " + at->second.Name + " in block " +
            std::to_string(at->second.Block) + " and " + std::to_string(here.Components) + " components of " +
            here.Name + " in block " + std::to_string(b) +
            ", which VTK's probe of composite data (the fallback) would read past (its interpolation takes one "
            "block's array for the other's)";
        retyped = true;
      }
    }
  if (!retyped || !converted)
    return std::string();
  // Numbers of another type in later blocks (VTK's probe errs, "Cannot interpolate arrays of different type",
  // and leaves those samples unset): those blocks' arrays converted to the first block's type, in a copy.
  *converted = vtkSmartPointer<vtkCompositeDataSet>::Take(composite->NewInstance());
  (*converted)->CopyStructure(composite);
  vtkSmartPointer<vtkCompositeDataIterator> leaf = vtkSmartPointer<vtkCompositeDataIterator>::Take(composite->NewIterator());
  for (leaf->InitTraversal(); !leaf->IsDoneWithTraversal(); leaf->GoToNextItem())
  {
    auto* block = vtkDataSet::SafeDownCast(leaf->GetCurrentDataObject());
    if (!block)
    {
      (*converted)->SetDataSet(leaf, leaf->GetCurrentDataObject());
      continue;
    }
    vtkSmartPointer<vtkDataSet> copy = vtkSmartPointer<vtkDataSet>::Take(block->NewInstance());
    copy->ShallowCopy(block);
    for (int side = 0; side < 2; ++side)
    {
      vtkDataSetAttributes* arrays = side ? static_cast<vtkDataSetAttributes*>(copy->GetCellData())
                                          : static_cast<vtkDataSetAttributes*>(copy->GetPointData());
      for (int a = 0; a < arrays->GetNumberOfArrays(); ++a)
      {
        vtkDataArray* array = arrays->GetArray(a);
        if (!array || !array->GetName() || array->GetDataType() == seen[side][array->GetName()].Type)
          continue;
        vtkSmartPointer<vtkDataArray> as =
          vtkSmartPointer<vtkDataArray>::Take(vtkDataArray::CreateDataArray(seen[side][array->GetName()].Type));
        as->DeepCopy(array);
        as->SetName(array->GetName());
        arrays->AddArray(as); // replaces the array of that name, in its place
      }
    }
    (*converted)->SetDataSet(leaf, copy);
  }
  return std::string();
}

std::string ProbeSource::RefuseComposite(vtkCompositeDataSet* composite, const std::string& vtkFilter, bool partial,
                                         vtkSmartPointer<vtkCompositeDataSet>* converted)
{
  for (vtkDataSet* leaf : vtkCompositeDataSet::GetDataSets(composite))
  {
    const std::string malformed = MalformedCells(leaf);
    const std::string crash = malformed.empty() ? CrashesVTK(leaf, true) : std::string();
    if (!malformed.empty() || !crash.empty())
      return "the input is composite data, which VTK's " + vtkFilter + " samples for Loom, and in a " +
        leaf->GetClassName() + " block " + (malformed.empty() ? crash : malformed) + ".";
  }
  // Without Pass Partial Arrays VTK keeps the arrays every block holds alike (the others left out).
  const std::string disagree = partial ? BlocksDisagree(composite, converted) : std::string();
  return disagree.empty() ? disagree : "the input is composite data, and " + disagree + ".";
}

void ProbeSource::CompleteArrays(vtkDataObject* output)
{
  auto* data = vtkDataSet::SafeDownCast(output);
  if (!data)
    return;
  vtkDataSetAttributes* sides[2] = { data->GetPointData(), data->GetCellData() };
  const vtkIdType counts[2] = { data->GetNumberOfPoints(), data->GetNumberOfCells() };
  for (int side = 0; side < 2; ++side)
    for (int a = 0; a < sides[side]->GetNumberOfArrays(); ++a)
    {
      vtkAbstractArray* array = sides[side]->GetAbstractArray(a);
      const vtkIdType have = array->GetNumberOfTuples();
      if (have >= counts[side])
        continue;
      array->Resize(counts[side]);
      array->SetNumberOfTuples(counts[side]);
      if (auto* strings = vtkStringArray::SafeDownCast(array))
        for (vtkIdType v = have * strings->GetNumberOfComponents(); v < strings->GetNumberOfValues(); ++v)
          strings->SetValue(v, "");
      else if (auto* numbers = vtkDataArray::SafeDownCast(array))
        for (vtkIdType t = have; t < counts[side]; ++t)
          for (int c = 0; c < numbers->GetNumberOfComponents(); ++c)
            numbers->SetComponent(t, c, 0.0);
    }
}

loom::cont::ArrayHandle<Int8> ProbeSource::SampleInOrder(vtkDataSet* source, const loom::algorithms::PointPositions& samples,
                                                         const loom::algorithms::LocateOptions& options, vtkPointData* out,
                                                         Strategy strategy, double tolerance2) const
{
  // Images: one cell per point (VTK finds an image's cells by index arithmetic, whatever cell came before).
  // Rectilinear grids take the walk's rule as other datasets do: VTK's probe tries the previous point's cell
  // there too.
  if (!this->Cells.IsBuilt() || source != this->Source || (this->Cells.IsGrid() && vtkImageData::SafeDownCast(source)))
    return this->Sample(source, samples, options, out);
  return this->Fill(
    source, samples.GetNumberOfPoints(),
    [&](const std::vector<loom::algorithms::FieldArray>& pointFields, const std::vector<loom::algorithms::FieldArray>& cellFields) {
      loom::algorithms::SampledFields sampled;
      auto sample = [&](const loom::algorithms::LocatedPoints& located) {
        for (const auto& field : pointFields)
          sampled.PointFields.push_back(loom::algorithms::InterpolatePointField(this->Cells, located, field, options.Device));
        for (const auto& field : cellFields)
          sampled.CellFields.push_back(loom::algorithms::GatherCellField(located, field, options.Device));
        sampled.Mask = loom::algorithms::ValidPointMask(located, options.Device);
        sampled.Found = located.Found;
        return sampled;
      };
      // Which of the cells that hold a sample VTK takes matters to cell arrays, and to point arrays with a NaN or an
      // infinity (VTK weighs every corner, 0 × NaN being NaN); other point arrays interpolate to the same values in
      // any of them (a point on a face, edge or vertex they share): no tie breaker is asked for then.
      bool cellsMatter = !cellFields.empty();
      for (const auto& field : pointFields)
        cellsMatter = cellsMatter || !loom::algorithms::AllFinite(field, options.Device);
      if (strategy == Strategy::ClosestPoint && !this->Cells.IsGrid())
      {
        // Where the point VTK's point locator returns among equally close ones decides the cell, VTK's own strategy
        // finds it (a sample equidistant from several points, on a face or edge several cells share: rare).
        vtkSmartPointer<vtkClosestPointStrategy> vtk;
        vtkNew<vtkGenericCell> found, previous;
        std::vector<double> weights;
        auto vtkBreaksTies = [&](Id, Id last, const double* x, double* pc) -> Id {
          if (!vtk)
          {
            weights.resize(static_cast<std::size_t>(std::max(source->GetMaxCellSize(), 8)));
            vtk = vtkSmartPointer<vtkClosestPointStrategy>::New();
            vtkNew<vtkStaticPointLocator> points; // its own (the input keeps none), built as vtkPointSet builds one
            vtk->SetPointLocator(points);
            vtk->Initialize(vtkPointSet::SafeDownCast(source));
          }
          double xyz[3] = { x[0], x[1], x[2] };
          int subId = 0;
          if (last >= 0)
            source->GetCell(last, previous);
          return vtk->FindCell(xyz, last >= 0 ? previous.Get() : nullptr, found, last, tolerance2, subId, pc,
                               weights.data());
        };
        int dims[3] = { 0, 0, 0 };
        if (auto* structured = vtkStructuredGrid::SafeDownCast(source))
          structured->GetDimensions(dims);
        const loom::algorithms::PointCellsOrder order = vtkPolyData::SafeDownCast(source)
          ? loom::algorithms::PointCellsOrder::Increasing
          : dims[0] == 1 && dims[1] > 1 && dims[2] > 1 ? loom::algorithms::PointCellsOrder::FlatAlongX
                                                        : loom::algorithms::PointCellsOrder::Decreasing;
        return sample(loom::algorithms::LocateLikeClosestPointStrategy(
          this->Cells, samples, options, tolerance2, order,
          cellsMatter ? loom::algorithms::TieBreaker(vtkBreaksTies) : loom::algorithms::TieBreaker()));
      }
      // Each sample's lowest and highest containing cells (from the bins, or from the cells' visit of the samples
      // where the cells are not binned), then the walk in order on the host: the previous cell where it holds the
      // sample, else the lowest (vtkRectilinearGrid::FindCell's cell below a face), else VTK's static cell locator
      // where several cells hold the sample (its bins list cells in an order of their own).
      // (VTK's static cell locator takes a 2D cell at any distance from its plane: Compute Tolerance checks the cell
      // it took afterwards.)
      loom::algorithms::LocateOptions anyDistance = options;
      if (strategy == Strategy::CellLocator)
        anyDistance.ComputeTolerance = false;
      const loom::algorithms::LocatedEnds ends = loom::algorithms::LocatePointEnds(this->Cells, samples, anyDistance);
      vtkNew<vtkGenericCell> found;
      std::vector<double> weights;
      auto locatorBreaksTies = [&](Id, Id, const double* x, double* pc) -> Id {
        if (!this->VTKCells || this->VTKCellsKey != this->SourceKey)
        {
          this->VTKCells = vtkSmartPointer<vtkStaticCellLocator>::New(); // as vtkResampleWithDataSet's, built alike
          this->VTKCells->SetDataSet(source);
          this->VTKCells->BuildLocator();
          this->VTKCellsKey = this->SourceKey;
        }
        if (weights.empty())
          weights.resize(static_cast<std::size_t>(std::max(source->GetMaxCellSize(), 8)));
        double xyz[3] = { x[0], x[1], x[2] };
        int subId = 0;
        return this->VTKCells->FindCell(xyz, 0.0, found, subId, pc, weights.data());
      };
      const loom::algorithms::LocatedPoints located = loom::algorithms::LocateInOrderFromEnds(
        this->Cells, samples, ends, strategy == Strategy::CellLocator ? options : anyDistance,
        strategy == Strategy::CellLocator && vtkPointSet::SafeDownCast(source) && cellsMatter
          ? loom::algorithms::TieBreaker(locatorBreaksTies)
          : loom::algorithms::TieBreaker());
      return sample(located);
    },
    out);
}

bool ProbeSource::ProbeLikeParaView(vtkDataSet* source, vtkDataArray* points, bool computeTolerance, double tolerance,
                                    FilterRun& run, vtkMultiProcessController* controller, const std::string& agreed,
                                    vtkPointData* out)
{
  const vtkIdType n = points->GetNumberOfTuples();
  const loom::algorithms::FieldArray positions = FieldFromVTK(points);
  loom::algorithms::PointPositions samples;
  samples.Points = &positions;
  vtkNew<vtkPointData> arrays;
  if (source)
  {
    double tol2 = tolerance * tolerance;
    if (computeTolerance)
    {
      double largest = 0.0;
      for (vtkIdType c = 0; c < 20 && c < source->GetNumberOfCells(); ++c)
      {
        double b[6];
        source->GetCellBounds(c, b);
        largest = std::max(largest, (b[1] - b[0]) * (b[1] - b[0]) + (b[3] - b[2]) * (b[3] - b[2]) + (b[5] - b[4]) * (b[5] - b[4]));
      }
      tol2 = largest * 1e-6;
    }
    loom::algorithms::LocateOptions options;
    options.Device = run.Device();
    options.ComputeTolerance = computeTolerance;
    options.Tolerance = tolerance;
    options.BoundsTolerance = std::sqrt(tol2);
    // (Point sets: no bins over the cells, VTK's closest-point strategy walks.)
    this->Prepare(source, run.Device(), Binning::Never);
    // Without a previous point's cell: the closest point's cells, tried from the highest; a rectilinear grid finds
    // its cell by its coordinates, the one below a point on a face (vtkRectilinearGrid::FindCell).
    options.Tie = vtkRectilinearGrid::SafeDownCast(source) ? loom::algorithms::LocateTie::LowestId
                                                           : loom::algorithms::LocateTie::HighestId;
    run.Current = "the input's arrays";
    this->SampleInOrder(source, samples, options, arrays, Strategy::ClosestPoint, tol2);
  }
  else if (controller)
    ZeroArrays(agreed, n, arrays);
  else
  {
    *this = ProbeSource();
    vtkNew<vtkUnstructuredGrid> nothing;
    this->Sample(run.Input() ? run.Input() : nothing.Get(), samples, loom::algorithms::LocateOptions(), arrays);
  }
  const bool first = !controller || controller->GetLocalProcessId() == 0;
  if (controller) // the first rank gathers every sample (vtkPProbeFilter); the others' outputs are empty
    ParallelSampling::Combine(controller, arrays,
                              first ? std::vector<ParallelSampling::Run>{ { 0, n } } : std::vector<ParallelSampling::Run>{},
                              out);
  else
    out->ShallowCopy(arrays);
  return first;
}

namespace
{
/// `apply(values, count)` on the values of a float or double array; false for other types.
template <typename Apply>
bool OnFloats(vtkDataArray* array, Apply&& apply)
{
  const vtkIdType count = array->GetNumberOfValues();
  if (array->GetDataType() == VTK_FLOAT)
    apply(static_cast<float*>(array->GetVoidPointer(0)), count);
  else if (array->GetDataType() == VTK_DOUBLE)
    apply(static_cast<double*>(array->GetVoidPointer(0)), count);
  else
    return false;
  return true;
}
} // namespace

bool ProbeSource::FiniteCoordinates(vtkDataArray* points)
{
  bool finite = true;
  const bool floats = OnFloats(points, [&](const auto* x, vtkIdType count) {
    for (vtkIdType i = 0; i < count && finite; ++i)
      finite = std::isfinite(x[i]);
  });
  for (vtkIdType i = 0; !floats && finite && i < points->GetNumberOfTuples(); ++i)
    for (int c = 0; c < points->GetNumberOfComponents(); ++c)
      finite = finite && std::isfinite(points->GetComponent(i, c));
  return finite;
}

void ProbeSource::NaNWhereInvalid(vtkPointData* sampled)
{
  vtkDataArray* mask = sampled->GetArray("vtkValidPointMask");
  if (!mask)
    return;
  const char* valid = static_cast<const char*>(mask->GetVoidPointer(0));
  for (int a = 0; a < sampled->GetNumberOfArrays(); ++a)
    if (vtkDataArray* array = sampled->GetArray(a))
    {
      const int components = array->GetNumberOfComponents();
      OnFloats(array, [&](auto* values, vtkIdType count) {
        for (vtkIdType v = 0; v < count; ++v)
          if (!valid[v / components])
            values[v] = std::numeric_limits<std::remove_reference_t<decltype(*values)>>::quiet_NaN();
      });
    }
}

void ProbeSource::MarkBlank(vtkDataSet* output, const loom::cont::ArrayHandle<Int8>& mask, loom::cont::DeviceId device)
{
  const vtkIdType points = output->GetNumberOfPoints(), cells = output->GetNumberOfCells();
  const Int8* found = mask.ReadPortal().GetArray();
  vtkNew<vtkUnsignedCharArray> pointGhosts, cellGhosts;
  pointGhosts->SetName(vtkDataSetAttributes::GhostArrayName());
  cellGhosts->SetName(vtkDataSetAttributes::GhostArrayName());
  pointGhosts->SetNumberOfTuples(points);
  cellGhosts->SetNumberOfTuples(cells);
  unsigned char* pg = pointGhosts->GetPointer(0);
  unsigned char* cg = cellGhosts->GetPointer(0);
  std::atomic<bool> anyHidden(false);
  std::atomic<bool>* flag = &anyHidden;
  loom::algorithms::HostForEach(device, points, 4096, [=](Id p) {
    pg[p] = found[p] ? 0 : vtkDataSetAttributes::HIDDENPOINT;
    if (!found[p] && !flag->load(std::memory_order_relaxed))
      flag->store(true, std::memory_order_relaxed);
  });
  if (!anyHidden.load())
  {
    std::fill(cg, cg + cells, static_cast<unsigned char>(0)); // every point found: no cell hidden
    output->GetPointData()->AddArray(pointGhosts);
    output->GetCellData()->AddArray(cellGhosts);
    return;
  }
  // A cell is hidden when any of its points is: a grid's corners by index, other cells' point lists through
  // Loom's view of them (VTK's own connectivity, not copied), VTK's GetCellPoints only for what that cannot read.
  int dims[3] = { 0, 0, 0 };
  if (auto* image = vtkImageData::SafeDownCast(output))
    image->GetDimensions(dims);
  else if (auto* rectilinear = vtkRectilinearGrid::SafeDownCast(output))
    rectilinear->GetDimensions(dims);
  else if (auto* structured = vtkStructuredGrid::SafeDownCast(output))
    structured->GetDimensions(dims);
  loom::algorithms::CellSetAny explicitCells;
  bool listed = false;
  if (dims[0] == 0 && cells > 0)
  {
    try
    {
      explicitCells = CellSetFromVTK(output, true);
      listed = true;
    }
    catch (const loom::cont::Error&)
    {
    }
  }
  if (dims[0] > 0)
  {
    // Corners (i or i+1, ...) along the non-flat axes.
    const Id cx = std::max(dims[0] - 1, 1), cy = std::max(dims[1] - 1, 1);
    const Id step[3] = { dims[0] > 1 ? 1 : 0, dims[1] > 1 ? dims[0] : 0, dims[2] > 1 ? Id(dims[0]) * dims[1] : 0 };
    const Id dx = dims[0], dxy = Id(dims[0]) * dims[1];
    loom::algorithms::HostForEach(device, cells, 4096, [=](Id c) {
      const Id i = c % cx, j = (c / cx) % cy, k = c / (cx * cy);
      const Id base = i + dx * j + dxy * k;
      bool hidden = false;
      for (int corner = 0; corner < 8 && !hidden; ++corner)
        hidden = pg[base + ((corner & 1) ? step[0] : 0) + ((corner & 2) ? step[1] : 0) + ((corner & 4) ? step[2] : 0)] != 0;
      cg[c] = hidden ? vtkDataSetAttributes::HIDDENCELL : 0;
    });
  }
  else if (listed)
  {
    std::visit(
      [&](const auto& set) {
        using Set = std::decay_t<decltype(set)>;
        if constexpr (std::is_same<Set, loom::cont::CellSetExplicit<Int32, Int32>>::value ||
                      std::is_same<Set, loom::cont::CellSetExplicit<Int64, Int64>>::value)
        {
          const auto* offsets = set.GetOffsets().ReadPortal().GetArray();
          const auto* connectivity = set.GetConnectivity().ReadPortal().GetArray();
          loom::algorithms::HostForEach(device, cells, 4096, [=](Id c) {
            bool hidden = false;
            for (auto k = offsets[c]; k < offsets[c + 1] && !hidden; ++k)
              hidden = pg[connectivity[k]] != 0;
            cg[c] = hidden ? vtkDataSetAttributes::HIDDENCELL : 0;
          });
        }
        else
          throw loom::cont::ErrorBadType("MarkBlank: structured cells without grid dimensions.");
      },
      explicitCells);
  }
  else
  {
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; c < cells; ++c)
    {
      output->GetCellPoints(c, ids);
      bool hidden = false;
      for (vtkIdType k = 0; k < ids->GetNumberOfIds() && !hidden; ++k)
        hidden = pg[ids->GetId(k)] != 0;
      cg[c] = hidden ? vtkDataSetAttributes::HIDDENCELL : 0;
    }
  }
  output->GetPointData()->AddArray(pointGhosts);
  output->GetCellData()->AddArray(cellGhosts);
}
int ParallelSampling::Agree(vtkMultiProcessController* controller, int code, const std::string& signature,
                            std::string& note, std::string& agreed)
{
  // The arrays every rank samples: those of the first rank with data (ranks with empty pieces make them of zeros);
  // a rank with other arrays sends every rank to VTK's filter.
  const int ranks = controller->GetNumberOfProcesses(), rank = controller->GetLocalProcessId();
  int mine = signature.empty() ? ranks : rank, first = ranks;
  controller->AllReduce(&mine, &first, 1, vtkCommunicator::MIN_OP);
  agreed.clear();
  if (first < ranks)
  {
    vtkIdType length = static_cast<vtkIdType>(signature.size());
    controller->Broadcast(&length, 1, first);
    std::vector<char> text(static_cast<std::size_t>(length) + 1, '\0');
    if (rank == first)
      std::copy(signature.begin(), signature.end(), text.begin());
    controller->Broadcast(text.data(), length, first);
    agreed.assign(text.data(), static_cast<std::size_t>(length));
  }
  if (code == 0 && !signature.empty() && signature != agreed)
  {
    code = 1;
    note = "this rank's piece has other arrays than rank " + std::to_string(first) + "'s";
  }
  int worst = code;
  controller->AllReduce(&code, &worst, 1, vtkCommunicator::MAX_OP);
  if (code == 0 && worst != 0)
    note = "another rank's piece is one Loom's locate family does not sample";
  return worst == 2 && code != 2 ? 1 : std::max(code, worst == 0 ? 0 : 1);
}

int ParallelSampling::Route(FilterRun& run, vtkMultiProcessController* controller, bool begun, std::string note,
                            const std::string& crash, const std::string& signature, std::string& agreed,
                            const std::string& vtkName, const std::function<int()>& fallback,
                            const std::function<void()>& joinEmpty, const std::string& verb)
{
  // What this rank can do: 0 Loom, 1 VTK's filter, 2 nothing (an error); under MPI every rank reaches Agree.
  int code = !begun || !crash.empty() ? 2 : !note.empty() ? 1 : 0;
  if (controller)
    code = Agree(controller, code, signature, note, agreed);
  if (code == 2)
  {
    if (controller)
      joinEmpty();
    if (!begun)
      return run.Status();
    return run.Fail((note.empty() ? crash : note + ", and " + crash) + ".");
  }
  if (code == 1)
    return run.FallBack(note + "; VTK's " + vtkName + " " + verb + " it instead.", fallback);
  return -1;
}

void ParallelSampling::GlobalBounds(vtkMultiProcessController* controller, bool empty, double bounds[6])
{
  // Minima and minus maxima reduced together (an empty piece adds nothing).
  double local[6], global[6];
  for (int a = 0; a < 3; ++a)
  {
    local[a] = empty ? VTK_DOUBLE_MAX : bounds[2 * a];
    local[3 + a] = empty ? VTK_DOUBLE_MAX : -bounds[2 * a + 1];
  }
  controller->AllReduce(local, global, 6, vtkCommunicator::MIN_OP);
  if (global[0] == VTK_DOUBLE_MAX) // every piece empty: the empty bounds VTK gives
    return;
  for (int a = 0; a < 3; ++a)
  {
    bounds[2 * a] = global[a];
    bounds[2 * a + 1] = -global[3 + a];
  }
}

void ParallelSampling::Combine(vtkMultiProcessController* controller, vtkPointData* sampled, const std::vector<Run>& keep,
                               vtkPointData* out)
{
  // Each sample's owner: the highest rank that found it. Every rank zeroes the values it does not own; the sums
  // over the ranks are then the owners' values.
  const int rank = controller->GetLocalProcessId();
  vtkDataArray* mask = sampled->GetArray("vtkValidPointMask");
  const vtkIdType n = mask->GetNumberOfTuples();
  vtkNew<vtkIntArray> mine, owner;
  mine->SetNumberOfTuples(n);
  owner->SetNumberOfTuples(n);
  const char* valid = static_cast<const char*>(mask->GetVoidPointer(0));
  int* m = mine->GetPointer(0);
  loom::algorithms::HostForEach(loom::cont::DeviceId::Auto, n, 4096, [=](loom::Id p) { m[p] = valid[p] ? rank + 1 : 0; });
  controller->AllReduce(mine, owner, vtkCommunicator::MAX_OP);
  const int* o = owner->GetPointer(0);
  vtkIdType kept = 0;
  for (const Run& run : keep)
    kept += run.Count;
  for (int a = 0; a < sampled->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* array = sampled->GetArray(a);
    const bool isMask = array == mask;
    const int bytes = array->GetDataTypeSize() * array->GetNumberOfComponents();
    char* values = static_cast<char*>(array->GetVoidPointer(0));
    loom::algorithms::HostForEach(loom::cont::DeviceId::Auto, n, 4096, [=](loom::Id p) {
      if (isMask)
        values[p] = o[p] > 0 ? 1 : 0; // the reduced mask: valid on some rank (set by the owner only)
      if (o[p] != rank + 1)
        std::fill_n(values + p * bytes, bytes, char(0));
    });
    vtkSmartPointer<vtkDataArray> total;
    total.TakeReference(array->NewInstance());
    total->SetName(array->GetName());
    total->SetNumberOfComponents(array->GetNumberOfComponents());
    total->SetNumberOfTuples(n);
    controller->AllReduce(array, total, vtkCommunicator::SUM_OP);
    vtkSmartPointer<vtkDataArray> part;
    part.TakeReference(array->NewInstance());
    part->SetName(array->GetName());
    part->SetNumberOfComponents(array->GetNumberOfComponents());
    part->SetNumberOfTuples(kept);
    const char* from = static_cast<const char*>(total->GetVoidPointer(0));
    char* to = static_cast<char*>(part->GetVoidPointer(0));
    for (const Run& run : keep)
    {
      std::copy_n(from + run.From * bytes, static_cast<std::size_t>(run.Count) * bytes, to);
      to += run.Count * bytes;
    }
    out->AddArray(part);
  }
}

} // namespace interop
} // namespace loom
