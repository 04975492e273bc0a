// Loom filters: vtkLoomContour::RequestData: the input's cells, field and points to Loom without
// copies, the contour family on the chosen device, the output handed back to VTK without copies.
#include "vtkLoomContour.h"

#include "LoomInterop.h"

#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/subset/Subset.h>
#include <loom/cont/RuntimeDeviceTracker.h>
#include <loom/cont/Error.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkContourFilter.h>
#include <vtkContourValues.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMatrix3x3.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <new>
#include <string>
#include <limits>
#include <vector>

vtkStandardNewMacro(vtkLoomContour);

namespace
{
using loom::algorithms::FieldArray;

// The grid's coordinate per point along each axis (image: without its direction matrix, applied
// afterwards; rectilinear: its coordinate arrays). False for other datasets.
bool GridAxes(vtkDataSet* input, int dims[3], std::vector<double> axes[3], loom::algorithms::ValueKind& kind)
{
  if (auto* image = vtkImageData::SafeDownCast(input))
  {
    image->GetDimensions(dims);
    const double* spacing = image->GetSpacing();
    const bool identity = image->GetDirectionMatrix()->IsIdentity();
    const double* origin = image->GetOrigin();
    const int* extent = image->GetExtent();
    for (int d = 0; d < 3; ++d)
    {
      axes[d].resize(static_cast<std::size_t>(dims[d]));
      for (int i = 0; i < dims[d]; ++i)
        axes[d][static_cast<std::size_t>(i)] = (identity ? origin[d] : 0.0) + (extent[2 * d] + i) * spacing[d];
    }
    kind = loom::algorithms::ValueKind::Float32;
    return true;
  }
  if (auto* rect = vtkRectilinearGrid::SafeDownCast(input))
  {
    rect->GetDimensions(dims);
    vtkDataArray* coords[3] = { rect->GetXCoordinates(), rect->GetYCoordinates(), rect->GetZCoordinates() };
    // Float points whatever the coordinates' type, as VTK's contour of a rectilinear grid gives.
    kind = loom::algorithms::ValueKind::Float32;
    for (int d = 0; d < 3; ++d)
    {
      axes[d].resize(static_cast<std::size_t>(dims[d]));
      for (int i = 0; i < dims[d]; ++i)
        axes[d][static_cast<std::size_t>(i)] = coords[d]->GetComponent(i, 0);
    }
    return true;
  }
  return false;
}

// Image data with a direction matrix: positions (and normals) turned by it, then the origin added.
void ApplyDirection(vtkImageData* image, const FieldArray& xyz, bool addOrigin)
{
  if (!image || image->GetDirectionMatrix()->IsIdentity())
    return;
  const double* m = image->GetDirectionMatrix()->GetData();
  const double* o = image->GetOrigin();
  float* p = xyz.GetPortal<loom::Float32>().Pointers[0];
  for (loom::Id i = 0; i < xyz.GetNumberOfTuples(); ++i)
  {
    const double v[3] = { p[3 * i], p[3 * i + 1], p[3 * i + 2] };
    for (int r = 0; r < 3; ++r)
      p[3 * i + r] =
        static_cast<float>((addOrigin ? o[r] : 0.0) + m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2]);
  }
}

// Positions of the contour points on a grid given by axes; flat axes (one point) are dropped from the
// cell set, so the edge ends are numbered over the other axes.
FieldArray GridPoints(const loom::algorithms::ContourEdges& edges, const int dims[3], const std::vector<double> axes[3],
                      loom::algorithms::ValueKind kind, loom::cont::DeviceId device)
{
  int order[3], k = 0;
  for (int d = 0; d < 3; ++d)
    if (dims[d] > 1)
      order[k++] = d;
  const int used = k;
  for (int d = 0; d < 3; ++d)
    if (dims[d] <= 1)
      order[k++] = d;
  std::vector<double> compact[3];
  loom::Id3 compactDims;
  for (int q = 0; q < 3; ++q)
  {
    compact[q] = axes[order[q]];
    compactDims[q] = dims[order[q]];
  }
  const FieldArray inOrder = loom::algorithms::AxesEdgePoints(edges, compactDims, compact, kind, device);
  if (used == 3 || (order[0] == 0 && order[1] == 1 && order[2] == 2))
    return inOrder;
  FieldArray xyz = FieldArray::Allocate(kind, inOrder.GetNumberOfTuples(), 3);
  auto remap = [&](auto zero) {
    using T = decltype(zero);
    const T* in = inOrder.GetPortal<T>().Pointers[0];
    T* out = xyz.GetPortal<T>().Pointers[0];
    for (loom::Id p = 0; p < inOrder.GetNumberOfTuples(); ++p)
      for (int q = 0; q < 3; ++q)
        out[3 * p + order[q]] = in[3 * p + q];
  };
  if (kind == loom::algorithms::ValueKind::Float32)
    remap(loom::Float32{});
  else
    remap(loom::Float64{});
  return xyz;
}

// The contour scalar: each isovalue at its points, in the contoured array's kind.
FieldArray IsovalueField(const loom::algorithms::ContourResult& r, const std::vector<double>& values,
                         loom::algorithms::ValueKind kind, bool truncate)
{
  FieldArray out = FieldArray::Allocate(kind, r.Points.GetNumberOfPoints(), 1);
  loom::algorithms::CallWithKind(kind, [&](auto zero) {
    using T = decltype(zero);
    T* o = out.GetPortal<T>().Pointers[0];
    for (std::size_t v = 0; v < values.size(); ++v)
    {
      T value = static_cast<T>(0);
      if constexpr (std::is_integral_v<T>)
      {
        // VTK rounds; a value the type cannot hold is clamped (NaN: 0). The limits as doubles may round up
        // (2^63 for a 64-bit maximum), so the comparisons decide before any conversion.
        // (ParaView's Contour converts the isovalue to the type: toward zero.)
        const double rounded = truncate ? std::trunc(values[v]) : std::round(values[v]);
        const double low = static_cast<double>(std::numeric_limits<T>::lowest());
        const double high = static_cast<double>(std::numeric_limits<T>::max());
        value = std::isnan(rounded) ? static_cast<T>(0)
          : rounded <= low          ? std::numeric_limits<T>::lowest()
          : rounded >= high         ? std::numeric_limits<T>::max()
                                    : static_cast<T>(rounded);
      }
      else
        value = static_cast<T>(values[v]);
      std::fill(o + r.PointStarts[v], o + r.PointStarts[v + 1], value);
    }
    return 0;
  });
  return out;
}
// What one dimension of cells gives (triangles from 3D cells, segments from 2D ones).
struct Part
{
  loom::algorithms::ContourResult Result;
  FieldArray Points, Scalars, Normals;
  std::vector<FieldArray> PointArrays, CellArrays;
};

FieldArray ZeroNormals(loom::Id n)
{
  FieldArray out = FieldArray::Allocate(loom::algorithms::ValueKind::Float32, n, 3);
  float* p = out.GetPortal<loom::Float32>().Pointers[0];
  std::fill(p, p + 3 * n, 0.0f);
  return out;
}

// The tuples of several fields of one kind and width, one after the other (no copy for one field).
FieldArray Concatenate(const std::vector<FieldArray>& pieces)
{
  if (pieces.size() == 1)
    return pieces[0];
  loom::Id tuples = 0;
  for (const FieldArray& f : pieces)
    tuples += f.GetNumberOfTuples();
  FieldArray out = FieldArray::Allocate(pieces[0].GetKind(), tuples, pieces[0].GetNumberOfComponents());
  loom::algorithms::CallWithKind(out.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const auto o = out.GetPortal<T>();
    loom::Id at = 0;
    for (const FieldArray& f : pieces)
    {
      const auto in = f.GetPortal<T>();
      for (loom::Id t = 0; t < f.GetNumberOfTuples(); ++t, ++at)
        for (loom::IdComponent c = 0; c < in.NumberOfComponents; ++c)
          o.Set(at, c, in.Get(t, c));
    }
    return 0;
  });
  return out;
}
/// VTK's vtkContourFilter on the input with the Loom filter's settings (the fallback).
/// What one contour's parts are made from: the input, the array contoured and its field, the input's
/// points (point sets) or grid axes, the point mask and the filter's switches.
struct PartInputs
{
  vtkDataSet* Input;
  vtkDataArray* Array;
  FieldArray Field;
  FieldArray InputPoints;
  bool Grid = false;
  int Dims[3] = { 1, 1, 1 };
  std::vector<double> Axes[3];
  loom::algorithms::ValueKind PointKind = loom::algorithms::ValueKind::Float32;
  loom::algorithms::OutputMask PointMask;
  /// Set when the contour runs on a part of the grid (`Dims`, `Axes`, `InputPoints` and `Field` are the part's,
  /// `Input` and `Array` the whole grid's; `PartDims` and `WholeDims` their point dimensions): its point and cell
  /// ids become the whole grid's after the geometry,
  /// and the arrays are interpolated from the whole input, on `AttributeDevice` (the host for a CUDA run: only
  /// the output's points are read).
  const loom::algorithms::GridExtent* SubGrid = nullptr;
  loom::Id3 WholeDims{ 1, 1, 1 }, PartDims{ 1, 1, 1 };
  loom::cont::DeviceId AttributeDevice = loom::cont::DeviceId::Auto;
  bool ComputeScalars = false, ComputeNormals = false, InterpolateAttributes = true, IsovaluesAsParaView = false,
       RoundIntegers = true;
};

/// The contour of the cells of one dimension (options.Dimension): its points, scalars, normals and the
/// interpolated and carried arrays; `current` says what is being made (for a Loom error's message).
Part MakePart(const loom::algorithms::CellSetAny& cells, const PartInputs& in, const loom::algorithms::ContourOptions& options,
              std::string& current)
{
  const bool masked = in.PointMask.Selection != loom::algorithms::OutputMask::Mode::All;
  Part part;
  part.Result = loom::algorithms::Contour(cells, in.Field, options);
  loom::algorithms::ContourResult& r = part.Result;
  current = "the points";
  if (in.Grid)
  {
    part.Points = GridPoints(r.Points, in.Dims, in.Axes, in.PointKind, options.Device);
    ApplyDirection(vtkImageData::SafeDownCast(in.Input), part.Points, true);
  }
  else
    part.Points = loom::algorithms::InterpolateEdges(r.Points, in.InputPoints, options.Device);
  if (in.ComputeScalars)
    part.Scalars = IsovalueField(r, options.IsoValues, in.Field.GetKind(), in.IsovaluesAsParaView);
  if (in.ComputeNormals)
  {
    current = "the normals";
    if (r.PrimitiveSize == 2)
      part.Normals = ZeroNormals(r.Points.GetNumberOfPoints());
    else if (in.Grid && in.Dims[0] > 1 && in.Dims[1] > 1 && in.Dims[2] > 1)
    {
      part.Normals = loom::algorithms::GradientNormals(r.Points, loom::Id3(in.Dims[0], in.Dims[1], in.Dims[2]), in.Field,
                                                       in.Axes, options.Device);
      ApplyDirection(vtkImageData::SafeDownCast(in.Input), part.Normals, false);
    }
    else
      part.Normals = loom::algorithms::TriangleNormals(part.Points, r.Connectivity, options.Device);
  }
  if (in.SubGrid)
  {
    // The part's point and cell ids as the whole grid's, for the arrays read from the whole input.
    current = "the ids of the part";
    const loom::Id3& partDims = in.PartDims;
    const loom::Id* first = in.SubGrid->First;
    loom::algorithms::SubGridIdsToGrid(r.Points.A, partDims, first, in.WholeDims, false, in.AttributeDevice);
    loom::algorithms::SubGridIdsToGrid(r.Points.B, partDims, first, in.WholeDims, false, in.AttributeDevice);
    if (options.SourceCells)
      loom::algorithms::SubGridIdsToGrid(r.SourceCells, partDims, first, in.WholeDims, true, in.AttributeDevice);
  }
  // Masked: the point arrays only at the points whose edge ends are selected.
  const loom::algorithms::OutputMask partMask = masked && in.InterpolateAttributes
    ? loom::algorithms::EdgePointsMask(r.Points, in.PointMask, in.Input->GetNumberOfPoints(), options.Device)
    : loom::algorithms::OutputMask();
  for (int i = 0; in.InterpolateAttributes && i < in.Input->GetPointData()->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* a = in.Input->GetPointData()->GetArray(i);
    if (!a || a == in.Array)
      continue;
    current = std::string("point array '") + (a->GetName() ? a->GetName() : "") + "'";
    const FieldArray values = loom::interop::FieldFromVTK(a);
    part.PointArrays.push_back(
      masked ? loom::algorithms::InterpolateEdges(r.Points, values, partMask, in.AttributeDevice, in.RoundIntegers)
             : loom::algorithms::InterpolateEdges(r.Points, values, in.AttributeDevice, in.RoundIntegers));
  }
  for (int i = 0; options.SourceCells && i < in.Input->GetCellData()->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* a = in.Input->GetCellData()->GetArray(i);
    if (!a)
      continue;
    current = std::string("cell array '") + (a->GetName() ? a->GetName() : "") + "'";
    part.CellArrays.push_back(
      loom::algorithms::GatherSourceCells(r.SourceCells, loom::interop::FieldFromVTK(a), in.AttributeDevice));
  }
  return part;
}

/// The parts in one output: the points, the lines then the polygons (vtkPolyData numbers lines before
/// polygons), the scalars (named `scalarsName`), the normals and the point and cell arrays; non-numeric
/// arrays take the nearer edge end's value at each point and the source cell's at each cell, as VTK carries them.
void JoinParts(std::vector<Part>& parts, const PartInputs& in, const loom::algorithms::ContourOptions& options,
               const std::string& scalarsName, vtkPolyData* output)
{
  auto joined = [&](FieldArray Part::*member) {
    std::vector<FieldArray> pieces;
    for (const Part& p : parts)
      pieces.push_back(p.*member);
    return Concatenate(pieces);
  };
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetData(loom::interop::FieldToVTK(joined(&Part::Points), "Points"));
  output->SetPoints(points);
  loom::Id pointOffset = 0;
  for (Part& p : parts)
  {
    if (pointOffset)
    {
      loom::Id* c = p.Result.Connectivity.GetPointer();
      for (loom::Id k = 0; k < p.Result.Connectivity.GetNumberOfValues(); ++k)
        c[k] += pointOffset;
    }
    pointOffset += p.Result.Points.GetNumberOfPoints();
    if (p.Result.PrimitiveSize == 3)
      output->SetPolys(loom::interop::CellsToVTK(p.Result.Connectivity, 3, options.Device));
    else
      output->SetLines(loom::interop::CellsToVTK(p.Result.Connectivity, 2, options.Device));
  }
  vtkPointData* outPoints = output->GetPointData();
  for (int i = 0, k = 0; in.InterpolateAttributes && i < in.Input->GetPointData()->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* a = in.Input->GetPointData()->GetArray(i);
    if (!a || a == in.Array)
      continue;
    std::vector<FieldArray> pieces;
    for (const Part& p : parts)
      pieces.push_back(p.PointArrays[static_cast<std::size_t>(k)]);
    outPoints->AddArray(loom::interop::FieldToVTK(Concatenate(pieces), a->GetName() ? a->GetName() : ""));
    ++k;
  }
  // After the interpolated arrays, as vtkContourFilter orders them: the contour scalars, then the normals.
  if (in.ComputeScalars)
    outPoints->SetScalars(loom::interop::FieldToVTK(joined(&Part::Scalars), scalarsName));
  // Isolines alone get no normals (as vtkContourFilter's); beside triangles, their points hold zeros.
  bool triangles = false;
  for (const Part& p : parts)
    triangles = triangles || p.Result.PrimitiveSize == 3;
  if (in.ComputeNormals && triangles)
    outPoints->SetNormals(loom::interop::FieldToVTK(joined(&Part::Normals), "Normals"));
  for (int i = 0, k = 0; options.SourceCells && i < in.Input->GetCellData()->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* a = in.Input->GetCellData()->GetArray(i);
    if (!a)
      continue;
    std::vector<FieldArray> pieces;
    for (const Part& p : parts)
      pieces.push_back(p.CellArrays[static_cast<std::size_t>(k)]);
    output->GetCellData()->AddArray(loom::interop::FieldToVTK(Concatenate(pieces), a->GetName() ? a->GetName() : ""));
    ++k;
  }
  // Non-numeric arrays (strings): the nearer end's value at each point, the source cell's at each
  // cell, as VTK carries them.
  auto concatenated = [&](auto ids) {
    loom::Id total = 0;
    for (const Part& p : parts)
      total += ids(p).GetNumberOfValues();
    loom::cont::ArrayHandle<loom::Id> all;
    all.Allocate(total);
    loom::Id at = 0;
    for (const Part& p : parts)
    {
      const loom::cont::ArrayHandle<loom::Id> part = ids(p);
      std::copy(part.GetPointer(), part.GetPointer() + part.GetNumberOfValues(), all.GetPointer() + at);
      at += part.GetNumberOfValues();
    }
    return all;
  };
  if (in.InterpolateAttributes && loom::interop::HasNonNumericArrays(in.Input->GetPointData()))
    loom::interop::GatherNonNumericAttributes(
      in.Input->GetPointData(), outPoints, concatenated([](const Part& p) { return loom::algorithms::NearestEdgeEnds(p.Result.Points); }));
  if (options.SourceCells && loom::interop::HasNonNumericArrays(in.Input->GetCellData()))
    loom::interop::GatherNonNumericAttributes(in.Input->GetCellData(), output->GetCellData(),
                                              concatenated([](const Part& p) { return p.Result.SourceCells; }));
}
} // namespace

vtkLoomContour::vtkLoomContour()
  : Values(vtkSmartPointer<vtkContourValues>::New())
{
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, vtkDataSetAttributes::SCALARS);
  this->SetNumberOfInputPorts(2); // port 1: the optional selection masking the point arrays
}

vtkLoomContour::~vtkLoomContour() = default;

void vtkLoomContour::SetValue(int i, double value)
{
  this->Values->SetValue(i, value);
}
double vtkLoomContour::GetValue(int i)
{
  return this->Values->GetValue(i);
}
void vtkLoomContour::SetNumberOfContours(int number)
{
  this->Values->SetNumberOfContours(number);
}
vtkIdType vtkLoomContour::GetNumberOfContours()
{
  return this->Values->GetNumberOfContours();
}
void vtkLoomContour::GenerateValues(int numContours, double rangeStart, double rangeEnd)
{
  this->Values->GenerateValues(numContours, rangeStart, rangeEnd);
}

vtkMTimeType vtkLoomContour::GetMTime()
{
  return std::max(this->Superclass::GetMTime(), this->Values->GetMTime());
}

int vtkLoomContour::FillInputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    // The optional selection that masks the interpolated point arrays.
    info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkSelection");
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
    return 1;
  }
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomContour::VTKFilter()
{
  auto contour = vtkSmartPointer<vtkContourFilter>::New();
  contour->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  contour->SetNumberOfContours(this->GetNumberOfContours());
  for (int i = 0; i < this->GetNumberOfContours(); ++i)
    contour->SetValue(i, this->GetValue(i));
  contour->SetComputeNormals(this->GetComputeNormals());
  contour->SetComputeScalars(this->GetComputeScalars());
  return contour;
}

int vtkLoomContour::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Contour", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 3.5 * std::max<vtkIdType>(1, this->GetNumberOfContours());
  // Auto's estimate per cell and isovalue (docs/developer/cuda.md, "Auto's estimate": the calibration).
  steps.CpuSecondsPerCell = 10.2e-9 * static_cast<double>(std::max<vtkIdType>(1, this->GetNumberOfContours()));
  steps.GpuSecondsPerCell = 0.07e-9 * static_cast<double>(std::max<vtkIdType>(1, this->GetNumberOfContours()));
  steps.MaskArrayName = this->GetMaskArrayName();
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkPolyData* output = vtkPolyData::SafeDownCast(run.Output());
  auto fail = [&](const std::string& message) { return run.Fail(message); };

  // The array to contour by (none chosen: the active point scalars, as ParaView's Contour).
  const loom::interop::ChosenArray chosen = run.InputArray(0, "Contour By", true, false, true);
  if (!chosen.Array)
    return fail(chosen.Error);
  vtkDataArray* array = chosen.Array;
  const std::string& what = chosen.What;
  // The output scalars take the chosen name (as the array information holds it).
  vtkInformation* arrayInfo = this->GetInputArrayInformation(0);
  const std::string name =
    arrayInfo && arrayInfo->Has(vtkDataObject::FIELD_NAME()) ? arrayInfo->Get(vtkDataObject::FIELD_NAME()) : "";
  const int count = static_cast<int>(this->Values->GetNumberOfContours());
  if (count == 0)
    return fail("no isovalues: set at least one value to contour at.");
  if (array->GetNumberOfComponents() != 1)
    // ParaView's Contour offers one-component arrays only (VTK's filter, given more, reads past the
    // first component's tuples): one clear error, no fallback.
    return fail(what + " has " + std::to_string(array->GetNumberOfComponents()) +
                " components; Contour By takes a one-component array (pick a component with the Calculator).");
  const std::string unsupported = loom::interop::UnsupportedCells(input);
  if (!unsupported.empty())
    return run.FallBack("the input has " + unsupported +
                          ", which Loom's contour family does not take; VTK's vtkContourFilter contours it instead.",
                        this->VTKFilter());
  // Polygonal data: its cell arrays say it at once (an unstructured grid's kinds come from its cell set).
  if (auto* poly = vtkPolyData::SafeDownCast(input))
    if (const std::string uncut = loom::interop::PolygonalCellsNotContoured(poly); !uncut.empty())
      // ParaView's Contour takes them: lines give vertices, polygons and strips lines.
      return run.FallBack("the input has " + uncut +
                            ", which Loom's contour family does not take; VTK's vtkContourFilter contours it instead.",
                          this->VTKFilter());

  loom::algorithms::ContourOptions options;
  for (int i = 0; i < count; ++i)
    options.IsoValues.push_back(this->Values->GetValue(i));
  options.MergePoints = this->MergePoints;
  options.Device = run.Device();
  // In 2D VTK resolves the ambiguous case of an image's cells and of a rectilinear or structured
  // grid's differently: Loom takes the triangulation of the dataset it is given.
  using Grid = loom::algorithms::ContourOptions::Grid;
  options.StructuredFrom = vtkStructuredGrid::SafeDownCast(input)   ? Grid::Structured
    : vtkRectilinearGrid::SafeDownCast(input) ? Grid::Rectilinear
                                              : Grid::Image;
  run.Current = what;
  const int guarded = run.Guard("contour", [&]() -> int {
    run.Current = "the point mask";
    const loom::algorithms::OutputMask pointMask = this->Mask.InputPointMaskFor(input, inputVector);
    run.Current = what;
    // Re-executed on an unchanged image or rectilinear grid: only the part whose values the isovalues cross
    // is contoured (its field alone gathered, and moved to a GPU), when that is at most half of it; no cell
    // outside it is crossed. The other arrays are then read from the whole input at the output's points.
    // Not with ghost cells to skip: the whole grid then takes marching cells, and a part without them would not.
    vtkSmartPointer<vtkDataSet> part;
    loom::algorithms::GridExtent extent;
    // Ghost cells (duplicated or hidden) belong to another piece: they give no triangles here. Flagged once, on
    // the input: a part is read only where there are none.
    options.SkipCells =
      loom::interop::GhostCellFlags(input, vtkDataSetAttributes::DUPLICATECELL | vtkDataSetAttributes::HIDDENCELL);
    if (pointMask.Selection == loom::algorithms::OutputMask::Mode::All &&
        options.SkipCells.GetNumberOfValues() == 0 &&
        loom::interop::ContoursAPart(input, array, options.IsoValues, extent, options.Device))
      part = loom::interop::SubGrid(loom::interop::FieldAndGhosts(input, array), extent, options.Device);
    vtkDataSet* contoured = part ? part.Get() : input;
    options.SourceCells = this->InterpolateAttributes && input->GetCellData()->GetNumberOfArrays() > 0;

    const loom::algorithms::CellSetAny cells = loom::interop::CellSetFromVTK(contoured);
    const FieldArray field =
      loom::interop::FieldFromVTK(part ? part->GetPointData()->GetArray(array->GetName()) : array);
    const loom::algorithms::ContourCellKinds kinds = loom::algorithms::GetContourCellKinds(cells);
    std::string skipped;
    for (loom::UInt8 type : kinds.Skipped)
      skipped += (skipped.empty() ? "" : ", ") + std::to_string(int(type));
    if (!skipped.empty())
      // Vertices, lines, polygons, strips (of an unstructured grid): ParaView's Contour takes them (lines
      // give vertices, polygons and strips lines), and so does Loom Contour, through it.
      return run.FallBack("the input has cells of VTK types " + skipped +
                            ", which Loom's contour family does not take; VTK's vtkContourFilter contours it instead.",
                          this->VTKFilter());
    PartInputs in{ input, array, field, FieldArray() };
    in.Grid = GridAxes(contoured, in.Dims, in.Axes, in.PointKind);
    in.AttributeDevice = options.Device;
    if (part)
    {
      in.SubGrid = &extent;
      loom::interop::GridDimensions(input, in.WholeDims);
      loom::interop::GridDimensions(part, in.PartDims);
      auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
      if (tracker.Resolve(options.Device) == loom::cont::DeviceId::Cuda)
        in.AttributeDevice = tracker.HostDevice();
    }
    auto* pointSet = vtkPointSet::SafeDownCast(contoured);
    if (!in.Grid && !pointSet)
      return fail(std::string("datasets of type ") + input->GetClassName() + " are not handled.");
    if (!in.Grid)
      in.InputPoints = loom::interop::FieldFromVTK(pointSet->GetPoints()->GetData());
    in.ComputeScalars = this->ComputeScalars;
    in.ComputeNormals = this->ComputeNormals;
    in.InterpolateAttributes = this->InterpolateAttributes;
    in.IsovaluesAsParaView = this->IsovaluesAsParaView;
    in.RoundIntegers = this->RoundIntegers;
    in.PointMask = pointMask;

    // Segments (2D cells) first: vtkPolyData numbers lines before polygons.
    std::vector<Part> parts;
    for (int dimension : { 2, 3 })
    {
      if ((dimension == 3 && !kinds.Has3D) || (dimension == 2 && !kinds.Has2D))
        continue;
      options.Dimension = dimension;
      parts.push_back(MakePart(cells, in, options, run.Current));
      if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
        return aborted;
    }

    // The parts, in one output.
    run.Current = "the output";
    JoinParts(parts, in, options, name, output);
    output->GetFieldData()->PassData(input->GetFieldData());
    return loom::interop::Continue;
  });
  if (guarded != loom::interop::Continue)
    return guarded;
  this->UpdateProgress(1.0);
  return 1;
}

void vtkLoomContour::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Values->PrintSelf(os, indent.GetNextIndent());
  os << indent << "ComputeNormals: " << this->ComputeNormals << "\n";
  os << indent << "ComputeScalars: " << this->ComputeScalars << "\n";
  os << indent << "InterpolateAttributes: " << this->InterpolateAttributes << "\n";
  os << indent << "MergePoints: " << this->MergePoints << "\n";
  this->Mask.Print(os, indent);
  this->Core.Print(os, indent, true);
}
