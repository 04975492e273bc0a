// Loom filters: the sampling filters' shared core (LoomProbe.h): the locator kept per source, the sampled
// arrays in VTK's order and types, the blanking of ResampleToImage and ResampleWithDataset.
#include "LoomProbe.h"

#include <loom/algorithms/locate/LocateCell.h>

#include <loom/algorithms/HostForEach.h>

#include <vtkCellData.h>
#include <vtkCharArray.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkDataSetAttributes.h>
#include <vtkImageData.h>
#include <vtkMatrix4x4.h>
#include <vtkPointData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStringArray.h>
#include <vtkStructuredGrid.h>
#include <vtkCellArray.h>
#include <vtkPolyData.h>
#include <vtkUnstructuredGrid.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

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

std::string ProbeSource::Unsupported(vtkDataSet* source)
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
    if (side->GetArray(vtkDataSetAttributes::GhostArrayName()))
      return "ghost cells or points (a vtkGhostType array)";
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

void ProbeSource::Prepare(vtkDataSet* source, loom::cont::DeviceId device, bool binned)
{
  this->WasReused = this->Cells.IsBuilt() && source == this->Source && source->GetMTime() == this->SourceTime &&
    device == this->BuiltOn && (binned == this->Binned || !binned);
  this->Seconds = 0.0;
  if (this->WasReused)
    return;
  const auto start = std::chrono::steady_clock::now();
  this->Cells = loom::algorithms::CellLocator();
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
  this->SourceTime = source->GetMTime();
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

std::string ProbeSource::CrashesVTK(vtkDataSet* source)
{
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
  vtkIdType found = -1;
  if (auto* poly = vtkPolyData::SafeDownCast(source))
    found = broken(poly->GetStrips(), poly->GetNumberOfVerts() + poly->GetNumberOfLines() + poly->GetNumberOfPolys(), nullptr);
  else if (auto* grid = vtkUnstructuredGrid::SafeDownCast(source))
    if (grid->GetCellTypesArray() && grid->GetCells())
      found = broken(grid->GetCells(), 0, grid->GetCellTypesArray()->GetPointer(0));
  return found < 0 ? std::string()
                   : "cell " + std::to_string(found) + " is a triangle strip without one valid triangle, on which VTK's "
                     "probe (the fallback for strips) would crash";
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
  loom::algorithms::HostForEach(device, points, 4096, [=](Id p) {
    pg[p] = found[p] ? 0 : vtkDataSetAttributes::HIDDENPOINT;
  });
  if (auto* image = vtkImageData::SafeDownCast(output))
  {
    // A cell is hidden when any of its corners is: corners (i or i+1, ...) along the non-flat axes.
    int dims[3];
    image->GetDimensions(dims);
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
  else
  {
    // Any dataset: its cells' point lists, read by VTK on this thread (the destination's cells, once).
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
} // namespace interop
} // namespace loom
