// Loom filters: vtkLoomSlice::RequestData: the cut function's values at the input's points (a Loom map
// over points or grid rows), then Loom's contour family on them at the offsets (vtkLoomContour run
// inside, on a shallow copy of the input carrying the values), interpolating the input's arrays.
#include "vtkLoomSlice.h"

#include "LoomInterop.h"
#include "vtkLoomContour.h"

#include <loom/algorithms/PointSelection.h>
#include <loom/algorithms/ShapesPresent.h>
#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/slice/ImplicitFunction.h>
#include <loom/algorithms/slice/PlaneBand.h>
#include <loom/cont/Error.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellTypes.h>
#include <vtkCommand.h>
#include <vtkContourValues.h>
#include <vtkCutter.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkImplicitFunction.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkMatrix3x3.h>
#include <vtkObjectFactory.h>
#include <vtkPlane.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkTypeInt32Array.h>
#include <vtkTypeInt64Array.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <array>
#include <limits>
#include <new>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomSlice);
vtkCxxSetObjectMacro(vtkLoomSlice, CutFunction, vtkImplicitFunction);

namespace
{
/// The name the function's values carry through the internal contour (removed from the output).
const char* const FunctionArrayName = "vtkLoomSliceFunction";
/// The name the point mask's flags carry through the internal contour (removed from the output).
const char* const MaskArrayName = "vtkLoomSliceMask";

/// Collects the messages of the internal contour's error events.
struct Messages : vtkCommand
{
  static Messages* New() { return new Messages; }
  void Execute(vtkObject*, unsigned long, void* data) override
  {
    this->Text += data ? static_cast<const char*>(data) : "";
  }
  std::string Text;
};
/// The cells the contour family does not cut (vertices, lines, polygons of more than four points,
/// strips, polyhedra, higher-order cells), named; empty when there are none. Polygonal data is read from its four cell arrays
/// directly (a Loom cell set of it would copy them).
// vtk3DLinearGridPlaneCutter::CanFullyProcessDataObject for one dataset (an unstructured grid whose cells
// are all tetrahedra, hexahedra, voxels, wedges or pyramids), read from the cell types array in one pass:
// VTK's own answer builds the distinct types through a call per cell (0.2 s for 1.4 million cells here).
bool AllLinear3DCells(vtkDataSet* input)
{
  auto* grid = vtkUnstructuredGrid::SafeDownCast(input);
  if (!grid)
    return false;
  vtkUnsignedCharArray* types = grid->GetCellTypesArray();
  if (!types)
    return true;
  bool linear[256] = {};
  for (int type : { VTK_VOXEL, VTK_TETRA, VTK_HEXAHEDRON, VTK_WEDGE, VTK_PYRAMID })
    linear[type] = true;
  const std::array<bool, 256> present =
    loom::algorithms::ShapesPresent(types->GetPointer(0), types->GetNumberOfValues());
  for (int type = 0; type < 256; ++type)
    if (present[type] && !linear[type])
      return false;
  return true;
}

/// The point mask as a flag per point (MaskArrayName), handed over without a copy.
vtkSmartPointer<vtkDataArray> MaskFlags(const loom::algorithms::OutputMask& mask, vtkIdType points,
                                        loom::cont::DeviceId device)
{
  return loom::interop::FieldToVTK(
    loom::algorithms::FieldArray::FromAOS(loom::algorithms::SelectionFlags(mask, points, device), 1), MaskArrayName);
}

/// True when a point's function value equals one of the slice's values exactly.
bool OnTheSurface(vtkDataArray* values, vtkContourValues* offsets)
{
  auto hits = [&](const auto* v, vtkIdType n) {
    for (int i = 0; i < offsets->GetNumberOfContours(); ++i)
    {
      const double offset = offsets->GetValue(i);
      if (std::any_of(v, v + n, [offset](double x) { return x == offset; }))
        return true;
    }
    return false;
  };
  const vtkIdType n = values->GetNumberOfTuples();
  if (auto* d = vtkDoubleArray::FastDownCast(values))
    return hits(d->GetPointer(0), n);
  if (auto* f = vtkFloatArray::FastDownCast(values))
    return hits(f->GetPointer(0), n);
  return false;
}

std::string UncutCells(vtkDataSet* input)
{
  std::string kinds;
  auto add = [&kinds](const std::string& kind) { kinds += (kinds.empty() ? "" : ", ") + kind; };
  auto* poly = vtkPolyData::SafeDownCast(input);
  if (!poly)
  {
    // Polyhedra and higher-order cells have no Loom cell set.
    const std::string unsupported = loom::interop::UnsupportedCells(input);
    if (!unsupported.empty())
      return unsupported;
    for (loom::UInt8 type :
         loom::algorithms::GetContourCellKinds(loom::interop::CellSetFromVTK(input)).Skipped)
      add(vtkCellTypes::GetClassNameFromTypeId(type));
    return kinds;
  }
  return loom::interop::PolygonalCellsNotContoured(poly);
}

/// The plane-band cut of a grid at the offsets into `output`: positions, triangles, point data interpolated and
/// cell data carried (numeric arrays, as the contour filter does); true when an input point lies exactly on the
/// cut (a cut point at an end of its edge). `onPlaneBelow`: cut at the smallest positive value (FlyingEdgesSide).
bool CutPlaneBand(vtkDataSet* input, vtkPolyData* output, const loom::Id3& dims, const std::vector<double> axes[3],
                  const loom::algorithms::ImplicitFunction& plane, const std::vector<double>& values, bool merge,
                  const loom::algorithms::OutputMask& pointMask, loom::cont::DeviceId device,
                  bool onPlaneBelow = false)
{
  loom::algorithms::FieldArray positions;
  loom::algorithms::ContourResult cut =
    loom::algorithms::PlaneBandCut(dims, axes, plane, values, merge, positions, device);
  if (onPlaneBelow)
  {
    // Cut at the smallest positive value (FlyingEdgesSide), the points on the plane have weights of a denormal
    // size: they are those points (0).
    loom::Float64* w = cut.Points.Weight.GetNumberOfValues() ? cut.Points.Weight.WritePortal().GetArray() : nullptr;
    for (loom::Id k = 0; w && k < cut.Points.Weight.GetNumberOfValues(); ++k)
      if (w[k] < std::numeric_limits<double>::min())
        w[k] = 0.0;
  }
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetData(loom::interop::FieldToVTK(positions, "Points"));
  output->SetPoints(points);
  output->SetPolys(loom::interop::CellsToVTK(cut.Connectivity, 3, device));
  // Numeric arrays, as the contour filter interpolates them; each keeps its name (or none).
  auto carry = [&](vtkDataSetAttributes* in, vtkDataSetAttributes* out, auto&& map) {
    for (int i = 0; i < in->GetNumberOfArrays(); ++i)
      if (vtkDataArray* a = in->GetArray(i))
      {
        vtkSmartPointer<vtkDataArray> mapped = loom::interop::FieldToVTK(map(loom::interop::FieldFromVTK(a)), "");
        mapped->SetName(a->GetName());
        out->AddArray(mapped);
      }
  };
  const bool masked = pointMask.Selection != loom::algorithms::OutputMask::Mode::All;
  const loom::algorithms::OutputMask made =
    masked ? loom::algorithms::EdgePointsMask(cut.Points, pointMask, input->GetNumberOfPoints(), device)
           : loom::algorithms::OutputMask();
  carry(input->GetPointData(), output->GetPointData(), [&](const loom::algorithms::FieldArray& f) {
    return masked ? loom::algorithms::InterpolateEdges(cut.Points, f, made, device, /*roundIntegers=*/false)
                  : loom::algorithms::InterpolateEdges(cut.Points, f, device, /*roundIntegers=*/false);
  });
  carry(input->GetCellData(), output->GetCellData(), [&](const loom::algorithms::FieldArray& f) {
    return loom::algorithms::GatherSourceCells(cut.SourceCells, f, device);
  });
  // Non-numeric arrays (strings): the nearer end's value, the source cell's, as VTK carries them.
  if (loom::interop::HasNonNumericArrays(input->GetPointData()))
    loom::interop::GatherNonNumericAttributes(input->GetPointData(), output->GetPointData(),
                                              loom::algorithms::NearestEdgeEnds(cut.Points));
  if (loom::interop::HasNonNumericArrays(input->GetCellData()))
    loom::interop::GatherNonNumericAttributes(input->GetCellData(), output->GetCellData(), cut.SourceCells);
  output->GetFieldData()->PassData(input->GetFieldData());
  const loom::Id n = cut.Points.Weight.GetNumberOfValues();
  const loom::Float64* weights = n ? cut.Points.Weight.ReadPortal().GetArray() : nullptr;
  return std::any_of(weights, weights + n, [](loom::Float64 w) { return w == 0.0 || w == 1.0; });
}

/// Which side vtkCutter's one-plane path on images (vtkFlyingEdgesPlaneCutter) puts the input points lying exactly
/// on the plane: 1 above (the side Loom's contour takes them, `value >= offset`), 2 below, 0 not known here.
/// vtkFlyingEdgesPlaneCutter classifies each x-row of points by the row's end values (in index space): the points
/// up to floor(|vL| n / (|vL| + |vR|)) on one side, the rest on the other. The rule is followed where its arithmetic
/// is exact: an axis-aligned image, one offset of 0, an untransformed plane whose normal is along an axis, a spacing
/// along it that is a power of two, the image's origin and the plane's whole steps of it along that axis. Then the
/// points on the plane are below only for a normal along +x through an inner layer (the row's crossing cell is the
/// one past them); a normal along -x, y or z, or the first or last layer, puts them above.
int FlyingEdgesSide(vtkImageData* image, const loom::algorithms::ImplicitFunction& plane,
                    const std::vector<double>& offsets)
{
  if (!image || offsets.size() != 1 || offsets[0] != 0.0 ||
      plane.Type != loom::algorithms::ImplicitFunction::Kind::Plane)
    return 0;
  static const double identity[12] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0 };
  if (!std::equal(plane.Transform, plane.Transform + 12, identity) || !image->GetDirectionMatrix()->IsIdentity())
    return 0;
  int axis = -1;
  for (int a = 0; a < 3; ++a)
    if (plane.Normal[a] != 0.0)
    {
      if (axis >= 0)
        return 0; // tilted: rounding elsewhere decides
      axis = a;
    }
  if (axis < 0)
    return 0;
  // VTK maps the plane's origin to index space through the image's physical-to-index matrix: exact where the
  // spacing is a power of two and the image's and the plane's origins are whole steps of it.
  const double spacing = image->GetSpacing()[axis];
  int exponent = 0;
  if (!(spacing > 0.0) || std::frexp(spacing, &exponent) != 0.5)
    return 0;
  const double first = image->GetOrigin()[axis] / spacing, at = plane.Origin[axis] / spacing;
  auto whole = [](double v) { return std::abs(v) < 1e7 && v == std::floor(v); };
  if (!whole(first) || !whole(at))
    return 0;
  const int* extent = image->GetExtent();
  const double inner = at - first - extent[2 * axis], cells = extent[2 * axis + 1] - extent[2 * axis];
  return axis == 0 && plane.Normal[0] > 0.0 && inner > 0.0 && inner < cells ? 2 : 1;
}
} // namespace

vtkLoomSlice::vtkLoomSlice()
  : Values(vtkContourValues::New())
{
  this->Values->SetValue(0, 0.0);
  this->SetNumberOfInputPorts(2); // port 1: the optional selection masking the point arrays
}

vtkLoomSlice::~vtkLoomSlice()
{
  this->Values->Delete();
  this->SetCutFunction(nullptr);
}

void vtkLoomSlice::SetValue(int i, double value)
{
  this->Values->SetValue(i, value);
}
double vtkLoomSlice::GetValue(int i)
{
  return this->Values->GetValue(i);
}
void vtkLoomSlice::SetNumberOfContours(int number)
{
  this->Values->SetNumberOfContours(number);
}
vtkIdType vtkLoomSlice::GetNumberOfContours()
{
  return this->Values->GetNumberOfContours();
}

vtkMTimeType vtkLoomSlice::GetMTime()
{
  vtkMTimeType t = std::max(this->Superclass::GetMTime(), this->Values->GetMTime());
  if (this->CutFunction)
    t = std::max(t, this->CutFunction->GetMTime());
  return t;
}

int vtkLoomSlice::FillInputPortInformation(int port, vtkInformation* info)
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

namespace
{
/// The inner contour's error in the slice's words: without its "Loom Contour" label, and the hidden array
/// of function values named as the slice function.
std::string InnerContourError(std::string text)
{
  const std::string inner = "Loom Contour: ";
  if (const std::size_t at = text.find(inner); at != std::string::npos)
    text = text.substr(at + inner.size());
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.pop_back();
  const std::string hidden = std::string("'") + FunctionArrayName + "'";
  for (std::size_t at; (at = text.find(hidden)) != std::string::npos;)
    text.replace(at, hidden.size(), "(the slice function)");
  return text;
}
} // namespace

vtkSmartPointer<vtkAlgorithm> vtkLoomSlice::VTKFilter()
{
  // VTK's cutter, as ParaView's Slice runs it, for what Loom's contour family does not cut as it does.
  auto cutter = vtkSmartPointer<vtkCutter>::New();
  cutter->SetCutFunction(this->CutFunction);
  const int count = static_cast<int>(this->Values->GetNumberOfContours());
  cutter->SetNumberOfContours(count);
  for (int i = 0; i < count; ++i)
    cutter->SetValue(i, this->Values->GetValue(i));
  cutter->SetGenerateTriangles(this->Triangulate);
  return cutter;
}

int vtkLoomSlice::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Slice", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 2.5 * std::max<vtkIdType>(1, this->GetNumberOfContours());
  // Auto's estimate per cell and offset (docs/developer/cuda.md, "Auto's estimate": the calibration).
  steps.CpuSecondsPerCell = 7.1e-9 * static_cast<double>(std::max<vtkIdType>(1, this->GetNumberOfContours()));
  steps.GpuSecondsPerCell = 0.31e-9 * static_cast<double>(std::max<vtkIdType>(1, this->GetNumberOfContours()));
  steps.MaskArrayName = this->GetMaskArrayName();
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // no slice function fails first
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkPolyData* output = vtkPolyData::SafeDownCast(run.Output());
  auto fail = [&](const std::string& message) { return run.Fail(message); };
  if (!this->CutFunction)
    return fail("Slice Type: no implicit function is set.");
  if (input->GetNumberOfCells() == 0 || input->GetNumberOfPoints() == 0)
    return 1; // empty in, empty out
  const int count = static_cast<int>(this->Values->GetNumberOfContours());
  if (count == 0)
    return 1; // no offsets: nothing to cut, as ParaView's Slice

  const loom::cont::DeviceId device = run.Device();
  vtkSmartPointer<vtkDataArray> values;
  bool band = false, bandOnTheCut = false;
  loom::algorithms::OutputMask pointMask;
  // The dataset cut: the input, or the part of a grid a bounded function's level sets can reach (with the
  // point mask's flags gathered into it when `maskGathered`).
  vtkSmartPointer<vtkDataSet> cutInput = input;
  bool maskGathered = false;
  run.Current = std::string("Slice Type (") + this->CutFunction->GetClassName() + ")";
  const int guarded = run.Guard("slice", [&]() -> int {
    try
    {
      pointMask = this->Mask.InputPointMaskFor(input, inputVector);
    }
    catch (const loom::cont::ErrorAborted&)
    {
      throw;
    }
    catch (const loom::cont::Error& e)
    {
      return fail(e.what()); // the mask's own words name the property
    }
    // Vertices, lines, polygons and strips are not cut by the contour family: VTK's cutter takes
    // such inputs whole, as ParaView's Slice would.
    const std::string uncut = UncutCells(input);
    if (!uncut.empty())
      return run.FallBack("the input has " + uncut +
                            ", which Loom's contour family does not cut; VTK's vtkCutter slices it instead.",
                          this->VTKFilter());
    const loom::algorithms::ImplicitFunction function = loom::interop::ImplicitFunctionFromVTK(this->CutFunction);
    std::vector<double> axes[3];
    loom::Id3 dims;
    bool doubleCoordinates = false;
    const bool grid = loom::interop::GridAxes(input, axes, dims, doubleCoordinates);
    std::vector<double> offsets;
    for (int i = 0; i < count; ++i)
      offsets.push_back(this->Values->GetValue(i));
    if (grid && function.Type == loom::algorithms::ImplicitFunction::Kind::Plane && loom::interop::SubGridsAllowed() &&
        !input->GetCellData()->GetGhostArray() && loom::algorithms::PlaneBandApplies(dims, axes))
    {
      // A plane through an axis-aligned 3D grid: only the cells near the plane (at each offset) are visited.
      band = true;
      // With CutterParity (and Merge Points: flying edges make one point per crossed edge), a plane through grid
      // points of an image whose side vtkCutter's flying edges put them on is known (FlyingEdgesSide) is cut as
      // vtkCutter cuts it: below, at the smallest value above the offset.
      const int side = this->CutterParity && this->MergePoints
        ? FlyingEdgesSide(vtkImageData::SafeDownCast(input), function, offsets)
        : 0;
      const std::vector<double> cutAt =
        side == 2 ? std::vector<double>{ std::numeric_limits<double>::denorm_min() } : offsets;
      bandOnTheCut =
        CutPlaneBand(input, output, dims, axes, function, cutAt, this->MergePoints, pointMask, device, side == 2);
      if (side != 0)
        bandOnTheCut = false; // vtkCutter's cells
    }
    else if (grid)
    {
      // A sphere or a box: only the part of the grid where its function reaches the largest offset is cut
      // (and moved to a GPU), when that is at most half of it; no cell outside it is crossed.
      loom::algorithms::GridExtent part;
      if (loom::interop::CutsAPart(dims, axes, function, offsets, part))
      {
        vtkSmartPointer<vtkDataSet> source = input;
        if (pointMask.Selection != loom::algorithms::OutputMask::Mode::All)
        {
          source.TakeReference(input->NewInstance());
          source->ShallowCopy(input);
          source->GetPointData()->AddArray(MaskFlags(pointMask, input->GetNumberOfPoints(), device));
          maskGathered = true;
        }
        cutInput = loom::interop::SubGrid(source, part, device);
        loom::interop::GridAxes(cutInput, axes, dims, doubleCoordinates);
      }
      values = loom::interop::FieldToVTK(loom::algorithms::ImplicitValues(function, nullptr, dims, axes, device),
                                         FunctionArrayName);
    }
    else
    {
      const loom::algorithms::FieldArray points = loom::interop::PointsFromVTK(input, nullptr, true, device);
      values = loom::interop::FieldToVTK(loom::algorithms::ImplicitValues(function, &points, dims, axes, device),
                                         FunctionArrayName);
    }
    return loom::interop::Continue;
  });
  if (guarded != loom::interop::Continue)
    return guarded;
  const char* parity = "input points lie exactly on the slice, where vtkCutter (ParaView's Slice) keeps triangles "
                       "that collapse there; VTK's vtkCutter slices it instead.";
  if (band && bandOnTheCut && this->CutterParity)
  {
    output->Initialize();
    return run.FallBack(parity, this->VTKFilter());
  }
  if (band)
  {
    this->UpdateProgress(1.0);
    return 1;
  }
  if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
    return aborted;

  // Polygonal data with a vertex exactly on the surface: there VTK's cutter (ParaView's Slice) and
  // contouring (Loom's and vtkContourFilter's) give different segments along the polygons' edges that
  // lie in it; such input goes to VTK's cutter, so that the cells are ParaView's. With CutterParity, any
  // input with points on the surface does.
  const bool polygonal = vtkPolyData::SafeDownCast(input) != nullptr;
  if ((polygonal || this->CutterParity) && values && OnTheSurface(values, this->Values))
    return run.FallBack(polygonal ? "points of the polygonal input lie exactly on the slice, where VTK's cutter and "
                                    "Loom's contour family differ; VTK's vtkCutter slices it instead."
                                  : parity,
                        this->VTKFilter());

  vtkSmartPointer<vtkDataSet> withValues;
  withValues.TakeReference(cutInput->NewInstance());
  withValues->ShallowCopy(cutInput);
  withValues->GetPointData()->AddArray(values);

  vtkNew<vtkLoomContour> contour;
  contour->SetInputData(withValues);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, FunctionArrayName);
  contour->SetNumberOfContours(count);
  for (int i = 0; i < count; ++i)
    contour->SetValue(i, this->Values->GetValue(i));
  contour->SetComputeNormals(false);
  contour->SetComputeScalars(false);
  contour->SetInterpolateAttributes(true);
  contour->SetMergePoints(this->MergePoints);
  contour->SetDevice(run.DeviceChoice()); // the device this run chose (Auto's estimate included)
  if (pointMask.Selection != loom::algorithms::OutputMask::Mode::All)
  {
    // The mask (from the array, the ids or the selection) as a flag per point for the contour, handed over
    // without a copy.
    try
    {
      if (!maskGathered)
        withValues->GetPointData()->AddArray(MaskFlags(pointMask, input->GetNumberOfPoints(), device));
    }
    catch (const std::bad_alloc&)
    {
      return loom::interop::OutOfMemory(this, output, run.Label());
    }
    contour->SetMaskArrayName(MaskArrayName);
    contour->SetFillWithNaN(this->GetFillWithNaN());
    contour->SetFillValue(this->GetFillValue());
  }
  // ParaView's Slice by a plane runs VTK's plane cutters on images and on grids of linear 3D cells;
  // they truncate interpolated integers where vtkContourFilter's path rounds them.
  contour->SetRoundIntegers(!(vtkPlane::SafeDownCast(this->CutFunction) &&
                              (vtkImageData::SafeDownCast(input) ||
                               AllLinear3DCells(input))));
  vtkNew<Messages> errors;
  contour->AddObserver(vtkCommand::ErrorEvent, errors);
  contour->Update();
  if (this->CheckAbort()) // the contour stopped for this filter's abort flag (its own output is empty)
    return run.Aborted();
  if (!errors->Text.empty())
    return fail(InnerContourError(errors->Text));
  output->ShallowCopy(contour->GetOutput());
  output->GetPointData()->RemoveArray(FunctionArrayName);
  output->GetPointData()->RemoveArray(MaskArrayName);
  this->UpdateProgress(1.0);
  return 1;
}

void vtkLoomSlice::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "CutFunction: " << (this->CutFunction ? this->CutFunction->GetClassName() : "(none)") << "\n";
  os << indent << "Offsets:";
  for (int i = 0; i < this->Values->GetNumberOfContours(); ++i)
    os << " " << this->Values->GetValue(i);
  os << "\n";
  os << indent << "Triangulate: " << (this->Triangulate ? "On" : "Off") << "\n";
  os << indent << "MergePoints: " << (this->MergePoints ? "On" : "Off") << "\n";
  os << indent << "CutterParity: " << (this->CutterParity ? "On" : "Off") << "\n";
  this->Core.Print(os, indent, true);
  this->Mask.Print(os, indent);
}
