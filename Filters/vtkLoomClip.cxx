// Loom filters: vtkLoomClip::RequestData: the clip scalar (a point array, a cell array averaged to the
// points, or an implicit function's values from a Loom map), the clip family on the input's cells (no
// copies in), and the cut cells, their points and interpolated arrays handed to VTK without copies.
#include "vtkLoomClip.h"

#include "LoomInterop.h"

#include <loom/algorithms/clip/Clip.h>
#include <loom/algorithms/slice/ImplicitFunction.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Error.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkImplicitFunction.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkTableBasedClipDataSet.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <utility>

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <string>

vtkStandardNewMacro(vtkLoomClip);
vtkCxxSetObjectMacro(vtkLoomClip, ClipFunction, vtkImplicitFunction);

namespace
{
using loom::algorithms::FieldArray;

/// One flag per cell: 1 for hidden ghost cells (never kept, as VTK's filters do), or an empty array.
loom::cont::ArrayHandle<loom::UInt8> HiddenCells(vtkDataSet* input)
{
  return loom::interop::GhostCellFlags(input, vtkDataSetAttributes::HIDDENCELL);
}

/// The names of the VTK cell types Loom's clip does not cut, empty when it cuts them all.
std::string UnclippedCells(const loom::algorithms::CellSetAny& cells)
{
  std::string names;
  for (const loom::UInt8 type : loom::algorithms::UnclippableCellTypes(cells))
    names += std::string(names.empty() ? "" : ", ") + "cells of VTK type " + std::to_string(static_cast<int>(type));
  return names;
}

/// The input's point data interpolated at the clip's points; non-numeric arrays take the nearest input
/// point's values (as vtkTableBasedClipDataSet carries them). Active attributes follow.
void InterpolatePointData(vtkPointData* in, vtkPointData* out, const loom::algorithms::ClipPoints& points,
                          const loom::algorithms::OutputMask& made, loom::cont::DeviceId device)
{
  const bool masked = made.Selection != loom::algorithms::OutputMask::Mode::All;
  for (int i = 0; i < in->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* array = in->GetArray(i);
    if (!array)
      continue;
    const char* name = array->GetName();
    const FieldArray field = loom::interop::FieldFromVTK(array);
    const FieldArray at = masked ? loom::algorithms::InterpolateClipPoints(points, field, made, device)
                                 : loom::algorithms::InterpolateClipPoints(points, field, device);
    out->AddArray(loom::interop::FieldToVTK(at, name ? name : ""));
  }
  if (loom::interop::HasNonNumericArrays(in))
    loom::interop::GatherNonNumericAttributes(in, out, loom::algorithms::NearestInputPoints(points));
  for (int a = 0; a < vtkDataSetAttributes::NUM_ATTRIBUTES; ++a)
    if (vtkDataArray* active = in->GetAttribute(a))
      if (active->GetName())
        out->SetActiveAttribute(active->GetName(), a);
}

/// The cells whose flag is set (hidden ghost cells never), whole, with the points they use and their
/// point and cell data (crinkle clips, cell scalars).
void KeepWholeCells(vtkDataSet* input, const loom::algorithms::CellSetAny& cells,
                    loom::cont::ArrayHandle<loom::UInt8> keep, const loom::algorithms::OutputMask& pointMask,
                    loom::cont::DeviceId device, vtkUnstructuredGrid* output)
{
  const loom::cont::ArrayHandle<loom::UInt8> hidden = HiddenCells(input);
  if (hidden.GetNumberOfValues())
  {
    loom::UInt8* k = keep.GetPointer();
    const loom::UInt8* h = hidden.GetPointer();
    for (vtkIdType c = 0, n = input->GetNumberOfCells(); c < n; ++c)
      k[c] = h[c] ? 0 : k[c];
  }
  const auto kind = vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input)
    ? loom::algorithms::StructuredCellKind::Voxel
    : loom::algorithms::StructuredCellKind::Hexahedron;
  const loom::algorithms::CellSubset subset = loom::algorithms::ExtractCells(cells, keep, kind, device);
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetData(
    loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, &subset.PointIds, true, device), "Points"));
  output->SetPoints(points);
  if (subset.Is64Bit)
    loom::interop::SetUnstructuredCells(output, subset.Shapes, subset.Offsets64, subset.Connectivity64);
  else
    loom::interop::SetUnstructuredCells(output, subset.Shapes, subset.Offsets32, subset.Connectivity32);
  if (pointMask.Selection == loom::algorithms::OutputMask::Mode::All)
    loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), subset.PointIds, device);
  else
  {
    // Masked: the kept points are clip points that are all kept input points; unselected ones hold the fill.
    loom::algorithms::ClipPoints kept;
    kept.Kept = subset.PointIds;
    InterpolatePointData(input->GetPointData(), output->GetPointData(), kept,
                         loom::algorithms::ClipPointsMask(kept, pointMask, input->GetNumberOfPoints(), device), device);
  }
  loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(), subset.CellIds, device);
  output->GetFieldData()->PassData(input->GetFieldData());
}

/// The input clipped where `values` (one per point) cross `value`. The values are let go of once the
/// cells are cut (an implicit function's values are as large as the points they make room for).
/// `pointMask` (over the input's points) selects where point arrays are interpolated; it becomes the mask
/// over the output's points (so that the exact box's six cuts carry it on).
void ClipByValues(vtkDataSet* input, const loom::algorithms::CellSetAny& cells, FieldArray values, double value,
                  bool insideOut, loom::algorithms::OutputMask& pointMask, loom::cont::DeviceId device,
                  vtkUnstructuredGrid* output)
{
  loom::algorithms::ClipOptions options;
  options.Value = value;
  options.InsideOut = insideOut;
  options.SkipCells = HiddenCells(input);
  options.Device = device;
  loom::algorithms::ClipResult r = loom::algorithms::Clip(cells, values, options);
  values = FieldArray();
  options.SkipCells = loom::cont::ArrayHandle<loom::UInt8>();

  std::vector<double> axes[3];
  loom::Id3 dims;
  bool doubleCoordinates = false;
  auto points = vtkSmartPointer<vtkPoints>::New();
  if (loom::interop::GridAxes(input, axes, dims, doubleCoordinates))
    // vtkTableBasedClipDataSet gives images and rectilinear grids double points.
    points->SetData(loom::interop::FieldToVTK(
      loom::algorithms::ClipGridPoints(r.Points, dims, axes, loom::algorithms::ValueKind::Float64, device), "Points"));
  else
    points->SetData(loom::interop::FieldToVTK(
      loom::algorithms::InterpolateClipPoints(r.Points, loom::interop::PointsFromVTK(input, nullptr, true, device),
                                              device),
      "Points"));
  output->SetPoints(points);
  if (r.Is64Bit)
    loom::interop::SetUnstructuredCells(output, r.Shapes, r.Offsets64, r.Connectivity64);
  else
    loom::interop::SetUnstructuredCells(output, r.Shapes, r.Offsets32, r.Connectivity32);
  if (pointMask.Selection != loom::algorithms::OutputMask::Mode::All)
    pointMask = loom::algorithms::ClipPointsMask(r.Points, pointMask, input->GetNumberOfPoints(), device);
  InterpolatePointData(input->GetPointData(), output->GetPointData(), r.Points, pointMask, device);
  r.Points = loom::algorithms::ClipPoints();
  loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(), r.SourceCells, device);
  output->GetFieldData()->PassData(input->GetFieldData());
}

/// The function's values at the input's points (a Loom map over the points or the grid's rows).
FieldArray FunctionValues(vtkDataSet* input, const loom::algorithms::ImplicitFunction& function,
                          loom::cont::DeviceId device)
{
  std::vector<double> axes[3];
  loom::Id3 dims;
  bool doubleCoordinates = false;
  if (loom::interop::GridAxes(input, axes, dims, doubleCoordinates))
    return loom::algorithms::ImplicitValues(function, nullptr, dims, axes, device);
  const FieldArray points = loom::interop::PointsFromVTK(input, nullptr, true, device);
  return loom::algorithms::ImplicitValues(function, &points, dims, axes, device);
}
} // namespace

vtkLoomClip::vtkLoomClip()
{
  // As vtkTableBasedClipDataSet: the active point scalars.
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, vtkDataSetAttributes::SCALARS);
  this->SetNumberOfInputPorts(2); // port 1: the optional selection masking the point arrays
}

vtkLoomClip::~vtkLoomClip()
{
  this->SetClipFunction(nullptr);
}

vtkMTimeType vtkLoomClip::GetMTime()
{
  vtkMTimeType t = this->Superclass::GetMTime();
  if (this->ClipFunction)
    t = std::max(t, this->ClipFunction->GetMTime());
  return t;
}

int vtkLoomClip::FillInputPortInformation(int port, vtkInformation* info)
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

vtkSmartPointer<vtkAlgorithm> vtkLoomClip::VTKFilter()
{
  auto clip = vtkSmartPointer<vtkTableBasedClipDataSet>::New();
  clip->SetClipFunction(this->ClipFunction);
  clip->SetValue(this->Value);
  clip->SetInsideOut(this->InsideOut);
  clip->SetUseValueAsOffset(this->UseValueAsOffset);
  clip->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  return clip;
}

int vtkLoomClip::RequestData(vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Clip", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 5.5;
  steps.CpuSecondsPerCell = 61e-9; // Auto's estimate (docs/developer/cuda.md, "Auto's estimate": the calibration)
  steps.GpuSecondsPerCell = 1.09e-9;
  steps.MaskArrayName = this->GetMaskArrayName();
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::NoPoints;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::SafeDownCast(run.Output());
  if (input->GetNumberOfCells() == 0)
    // Points without cells: ParaView's Clip keeps the points on the kept side (no cells).
    return run.FallBack("the input has points but no cells, which Loom's clip family does not take; VTK's "
                        "vtkTableBasedClipDataSet clips it instead.", this->VTKFilter());
  const loom::cont::DeviceId device = run.Device();

  return run.Guard("clip", [&]() -> int {
    // Poly-vertices, poly-lines, polygons and strips are not in Loom's tables: VTK's clip takes such
    // inputs whole, as ParaView's Clip would.
    // (Polygonal data with strips has no Loom cell set: checked before making one.)
    // Polyhedra and higher-order cells have no Loom cell set: the same, checked before making one.
    auto* poly = vtkPolyData::SafeDownCast(input);
    const bool strips = poly && poly->GetNumberOfStrips() > 0;
    const std::string unsupported = strips ? "triangle strips" : loom::interop::UnsupportedCells(input);
    const loom::algorithms::CellSetAny cells =
      unsupported.empty() ? loom::interop::CellSetFromVTK(input) : loom::algorithms::CellSetAny();
    const std::string unclipped = unsupported.empty() ? UnclippedCells(cells) : unsupported;
    if (!unclipped.empty())
      return run.FallBack("the input has " + unclipped +
                            ", which Loom's clip family does not cut; VTK's vtkTableBasedClipDataSet clips it instead.",
                          this->VTKFilter());
    run.Current = "the point mask";
    loom::algorithms::OutputMask pointMask = this->Mask.InputPointMaskFor(input, inputVector);
    if (this->ClipFunction)
    {
      run.Current = std::string("Clip Type (") + this->ClipFunction->GetClassName() + ")";
      return this->ClipByFunction(run, cells, pointMask);
    }

    // Clip Type "Scalar": the chosen array.
    const loom::interop::ChosenArray chosen = run.InputArray(0, "Scalars", true, true);
    if (!chosen.Array)
      return run.Fail(chosen.Error);
    if (chosen.Array->GetNumberOfComponents() != 1)
      return run.FallBack(chosen.What + " has " + std::to_string(chosen.Array->GetNumberOfComponents()) +
                            " components; Loom's clip family takes one; VTK's vtkTableBasedClipDataSet clips it "
                            "instead.",
                          this->VTKFilter());
    run.Current = chosen.What;
    const FieldArray values = loom::interop::FieldFromVTK(chosen.Array);
    // Re-executed on an unchanged image, rectilinear or structured grid (unmasked): only the part whose value
    // blocks hold a value on the kept side is clipped (and moved to a GPU); every cell kept or cut lies there,
    // and the output is the whole grid's clip.
    loom::algorithms::GridExtent extent;
    const double value = this->Value;
    const bool insideOut = this->InsideOut != 0;
    const bool onCells = chosen.Association == vtkDataObject::FIELD_ASSOCIATION_CELLS;
    const vtkSmartPointer<vtkDataSet> part =
      pointMask.Selection == loom::algorithms::OutputMask::Mode::All &&
        loom::interop::ValuesReachAPart(
          input, chosen.Array, onCells,
          [=](double low, double high) { return insideOut ? low <= value : high >= value; }, extent, device)
      ? loom::interop::SubGrid(input, extent, device)
      : nullptr;
    const loom::algorithms::CellSetAny partCells = part ? loom::interop::CellSetFromVTK(part) : loom::algorithms::CellSetAny();
    vtkDataSetAttributes* partValues = !part ? nullptr
      : onCells                              ? static_cast<vtkDataSetAttributes*>(part->GetCellData())
                                             : static_cast<vtkDataSetAttributes*>(part->GetPointData());
    if (onCells)
    {
      // A cell array keeps whole cells, as ParaView's Clip does (vtkPVClipDataSet thresholds by it): those whose
      // value is at least Value (below it with InsideOut).
      loom::algorithms::ThresholdOptions pass;
      pass.PointField = false;
      pass.Criterion = this->InsideOut ? loom::algorithms::ThresholdOptions::Method::BelowLower
                                       : loom::algorithms::ThresholdOptions::Method::AboveUpper;
      pass.Lower = std::nextafter(this->Value, -std::numeric_limits<double>::infinity());
      pass.Upper = this->Value;
      pass.Device = device;
      if (part)
        KeepWholeCells(part, partCells,
                       loom::algorithms::ThresholdCells(
                         partCells, loom::interop::FieldFromVTK(partValues->GetArray(chosen.Array->GetName())), pass),
                       pointMask, device, output);
      else
        KeepWholeCells(input, cells, loom::algorithms::ThresholdCells(cells, values, pass), pointMask, device, output);
      this->UpdateProgress(1.0);
      return 1;
    }
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    if (part)
      ClipByValues(part, partCells, loom::interop::FieldFromVTK(partValues->GetArray(chosen.Array->GetName())), value,
                   insideOut, pointMask, device, output);
    else
      ClipByValues(input, cells, values, this->Value, this->InsideOut, pointMask, device, output);
    this->UpdateProgress(1.0);
    return 1;
  });
}

int vtkLoomClip::ClipByFunction(loom::interop::FilterRun& run, const loom::algorithms::CellSetAny& cells,
                                loom::algorithms::OutputMask& pointMask)
{
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::SafeDownCast(run.Output());
  const loom::cont::DeviceId device = run.Device();
  const loom::algorithms::ImplicitFunction function = loom::interop::ImplicitFunctionFromVTK(this->ClipFunction);
  using Kind = loom::algorithms::ImplicitFunction::Kind;
  if (function.Type == Kind::Box)
    for (int d = 0; d < 3; ++d)
      if (!(function.Max[d] > function.Min[d]) && this->ExactBoxClip)
        throw loom::cont::ErrorBadValue("the box has zero size along axis " + std::to_string(d) +
                                        ": an exact clip keeps nothing.");
  const bool exactBox = this->ExactBoxClip && function.Type == Kind::Box && this->InsideOut && !this->PreserveInputCells;
  // A sphere or a box keeping its inside, or a plane keeping either side: only the part of an axis-aligned image
  // or rectilinear grid where the function reaches the clip value is clipped (and moved to a GPU), when that is
  // at most half of it; every cell kept or cut lies there (CutExtent.h). The output is the whole grid's clip. Not
  // with a point mask (over the whole grid's points).
  vtkSmartPointer<vtkDataSet> input = run.Input();
  loom::algorithms::CellSetAny partCells;
  const loom::algorithms::CellSetAny* inputCells = &cells;
  std::vector<double> axes[3];
  loom::Id3 dims;
  bool doubleCoordinates = false;
  loom::algorithms::GridExtent extent;
  const double level = this->PreserveInputCells || exactBox || !this->UseValueAsOffset ? 0.0 : this->Value;
  // A plane keeping its upper side keeps the lower side of the plane turned over.
  loom::algorithms::ImplicitFunction reach = function;
  const bool overturn = function.Type == Kind::Plane && !this->InsideOut;
  for (int d = 0; d < 3 && overturn; ++d)
    reach.Normal[d] = -function.Normal[d];
  if ((this->InsideOut || overturn) && pointMask.Selection == loom::algorithms::OutputMask::Mode::All &&
      loom::interop::GridAxes(input, axes, dims, doubleCoordinates) &&
      loom::interop::CutsAPart(dims, axes, reach, { overturn ? -level : level }, extent))
  {
    input = loom::interop::SubGrid(input, extent, device);
    partCells = loom::interop::CellSetFromVTK(input);
    inputCells = &partCells;
  }
  if (exactBox)
  {
    // The six faces in turn, each keeping the box's side (the function is below zero inside).
    vtkSmartPointer<vtkDataSet> part = input;
    for (int face = 0; face < 6; ++face)
    {
      loom::algorithms::ImplicitFunction plane;
      plane.Type = Kind::Plane;
      std::copy(function.Transform, function.Transform + 12, plane.Transform);
      const int d = face / 2;
      const bool high = face % 2 == 1;
      for (int k = 0; k < 3; ++k)
      {
        plane.Origin[k] = high ? function.Max[k] : function.Min[k];
        plane.Normal[k] = k == d ? (high ? 1.0 : -1.0) : 0.0;
      }
      auto next = vtkSmartPointer<vtkUnstructuredGrid>::New();
      ClipByValues(part, face == 0 ? *inputCells : loom::interop::CellSetFromVTK(part), FunctionValues(part, plane, device),
                   0.0, true, pointMask, device, next);
      part = next;
      if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
        return aborted;
    }
    output->ShallowCopy(part);
    return 1;
  }
  FieldArray values = FunctionValues(input, function, device);
  if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
    return aborted;
  if (this->PreserveInputCells)
  {
    // vtkExtractGeometry with boundary cells: every cell with a point inside (function at most zero;
    // at least zero when not InsideOut). The offset is not used, as in ParaView.
    loom::algorithms::ThresholdOptions inside;
    inside.Criterion = this->InsideOut ? loom::algorithms::ThresholdOptions::Method::BelowLower
                                       : loom::algorithms::ThresholdOptions::Method::AboveUpper;
    inside.Lower = 0.0; // a point on the surface counts as inside either way, as in ParaView
    inside.Upper = 0.0;
    inside.AllScalars = false;
    inside.Device = device;
    loom::cont::ArrayHandle<loom::UInt8> keep = loom::algorithms::ThresholdCells(*inputCells, values, inside);
    KeepWholeCells(input, *inputCells, keep, pointMask, device, output);
    this->UpdateProgress(1.0);
    return 1;
  }
  ClipByValues(input, *inputCells, std::move(values), this->UseValueAsOffset ? this->Value : 0.0, this->InsideOut,
               pointMask, device, output);
  this->UpdateProgress(1.0);
  return 1;
}

void vtkLoomClip::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ClipFunction: " << (this->ClipFunction ? this->ClipFunction->GetClassName() : "(none: scalars)")
     << "\n";
  os << indent << "Value: " << this->Value << "\n";
  os << indent << "InsideOut: " << (this->InsideOut ? "On" : "Off") << "\n";
  os << indent << "UseValueAsOffset: " << (this->UseValueAsOffset ? "On" : "Off") << "\n";
  os << indent << "PreserveInputCells: " << (this->PreserveInputCells ? "On" : "Off") << "\n";
  os << indent << "ExactBoxClip: " << (this->ExactBoxClip ? "On" : "Off") << "\n";
  this->Core.Print(os, indent, true);
  this->Mask.Print(os, indent);
}
