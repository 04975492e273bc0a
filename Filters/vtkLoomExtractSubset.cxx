// Loom filters: vtkLoomExtractSubset: the pipeline passes (whole extent, origin and spacing, update extent) by
// VTK's extract filter for the input's type, as ParaView's vtkPVExtractVOI runs them; the index maps by VTK's
// vtkExtractStructuredGridHelper (one entry per output index along each axis); the point and cell ids of the
// sub-grid, and the gathering of points and arrays, by Loom.
#include "vtkLoomExtractSubset.h"

#include "LoomInterop.h"

#include <loom/algorithms/subset/Subset.h>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkExtractGrid.h>
#include <vtkExtractRectilinearGrid.h>
#include <vtkExtractStructuredGridHelper.h>
#include <vtkExtractVOI.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPExtractGrid.h>
#include <vtkPExtractRectilinearGrid.h>
#include <vtkPExtractVOI.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkStructuredGrid.h>

#include <algorithm>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomExtractSubset);

namespace
{
const char* const Label = "Loom Extract Subset";

std::string ExtentText(const int e[6])
{
  return "[" + std::to_string(e[0]) + ", " + std::to_string(e[1]) + ", " + std::to_string(e[2]) + ", " +
    std::to_string(e[3]) + ", " + std::to_string(e[4]) + ", " + std::to_string(e[5]) + "]";
}

bool EmptyExtent(const int e[6])
{
  return e[1] < e[0] || e[3] < e[2] || e[5] < e[4];
}
} // namespace

vtkLoomExtractSubset::vtkLoomExtractSubset()
  : VOI{ 0, VTK_INT_MAX, 0, VTK_INT_MAX, 0, VTK_INT_MAX }
{
}

void vtkLoomExtractSubset::SetSampleRateI(int rate)
{
  this->SetSampleRate(rate, this->SampleRate[1], this->SampleRate[2]);
}

void vtkLoomExtractSubset::SetSampleRateJ(int rate)
{
  this->SetSampleRate(this->SampleRate[0], rate, this->SampleRate[2]);
}

void vtkLoomExtractSubset::SetSampleRateK(int rate)
{
  this->SetSampleRate(this->SampleRate[0], this->SampleRate[1], rate);
}

int vtkLoomExtractSubset::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkImageData");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkRectilinearGrid");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkStructuredGrid");
  return 1;
}

vtkSmartPointer<vtkAlgorithm> vtkLoomExtractSubset::VTKFilter(vtkDataObject* output, bool parallel, const int whole[6])
{
  int voi[6];
  for (int a = 0; a < 3; ++a)
  {
    voi[2 * a] = std::max(this->VOI[2 * a], whole[2 * a]);
    voi[2 * a + 1] = std::min(this->VOI[2 * a + 1], whole[2 * a + 1]);
  }
  if (vtkImageData::SafeDownCast(output))
  {
    vtkSmartPointer<vtkExtractVOI> vtk;
    if (parallel)
      vtk = vtkSmartPointer<vtkPExtractVOI>::New();
    else
      vtk = vtkSmartPointer<vtkExtractVOI>::New();
    vtk->SetVOI(voi);
    vtk->SetSampleRate(this->SampleRate);
    vtk->SetIncludeBoundary(false); // an image's lattice has no place for the boundary index (ParaView's too)
    return vtk;
  }
  if (vtkRectilinearGrid::SafeDownCast(output))
  {
    vtkSmartPointer<vtkExtractRectilinearGrid> vtk;
    if (parallel)
      vtk = vtkSmartPointer<vtkPExtractRectilinearGrid>::New();
    else
      vtk = vtkSmartPointer<vtkExtractRectilinearGrid>::New();
    vtk->SetVOI(voi);
    vtk->SetSampleRate(this->SampleRate);
    vtk->SetIncludeBoundary(this->IncludeBoundary);
    return vtk;
  }
  vtkSmartPointer<vtkExtractGrid> vtk;
  if (parallel)
    vtk = vtkSmartPointer<vtkPExtractGrid>::New();
  else
    vtk = vtkSmartPointer<vtkExtractGrid>::New();
  vtk->SetVOI(voi);
  vtk->SetSampleRate(this->SampleRate);
  vtk->SetIncludeBoundary(this->IncludeBoundary);
  return vtk;
}

int vtkLoomExtractSubset::RequestInformation(vtkInformation* request, vtkInformationVector** inputVector,
                                             vtkInformationVector* outputVector)
{
  this->Passes = nullptr;
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkDataObject* output = outInfo->Get(vtkDataObject::DATA_OBJECT());
  int whole[6] = { 0, -1, 0, -1, 0, -1 };
  inInfo->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), whole);
  // The properties, checked where VTK's filter would fail without a word (or read past its index maps).
  static const char* const rates[3] = { "Sample Rate I", "Sample Rate J", "Sample Rate K" };
  for (int a = 0; a < 3; ++a)
    if (this->SampleRate[a] < 1)
      return loom::interop::Fail(this, output, Label,
                                 std::string(rates[a]) + " is " + std::to_string(this->SampleRate[a]) +
                                   "; a sample rate is 1 or more.");
  if (EmptyExtent(this->VOI))
    return loom::interop::Fail(this, output, Label,
                               "VOI " + ExtentText(this->VOI) + " has a minimum above its maximum.");
  if (EmptyExtent(whole))
  {
    // Empty in, empty out: an empty whole extent, as VTK's filters give it.
    outInfo->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), whole, 6);
    return 1;
  }
  for (int a = 0; a < 3; ++a)
    if (this->VOI[2 * a + 1] < whole[2 * a] || this->VOI[2 * a] > whole[2 * a + 1])
      return loom::interop::Fail(this, output, Label,
                                 "VOI " + ExtentText(this->VOI) + " meets no point of the input's whole extent " +
                                   ExtentText(whole) + ".");
  this->Passes = this->VTKFilter(output, loom::interop::SeveralRanks() != nullptr, whole);
  if (!this->Passes->ProcessRequest(request, inputVector, outputVector))
    return 0;
  if (vtkImageData::SafeDownCast(output))
  {
    // The origin of a sampled image: VTK's filter moves it along the axes of sample rate 1 too (their extent
    // keeps the input's values), which shifts the points there; Loom keeps them in place.
    double origin[3] = { 0, 0, 0 }, spacing[3] = { 1, 1, 1 }, direction[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
    inInfo->Get(vtkDataObject::ORIGIN(), origin);
    inInfo->Get(vtkDataObject::SPACING(), spacing);
    if (inInfo->Has(vtkDataObject::DIRECTION()))
      inInfo->Get(vtkDataObject::DIRECTION(), direction);
    double first[3], out[3];
    for (int a = 0; a < 3; ++a)
      first[a] = this->SampleRate[a] == 1 ? 0.0 : std::max(this->VOI[2 * a], whole[2 * a]);
    vtkImageData::TransformContinuousIndexToPhysicalPoint(first[0], first[1], first[2], origin, spacing, direction,
                                                          out);
    outInfo->Set(vtkDataObject::ORIGIN(), out, 3);
  }
  return 1;
}

int vtkLoomExtractSubset::RequestUpdateExtent(vtkInformation* request, vtkInformationVector** inputVector,
                                              vtkInformationVector* outputVector)
{
  // VTK's filter of RequestInformation, which makes it only for settings it accepted (a sample rate of 0
  // would never end its index maps) and an input that is not empty.
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  if (this->Passes)
    this->Passes->ProcessRequest(request, inputVector, outputVector);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::EXACT_EXTENT(), 0);
  return 1;
}

int vtkLoomExtractSubset::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                      vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, Label, this->Core, inputVector, outputVector);
  if (loom::interop::SeveralRanks() != nullptr)
  {
    // Every rank, whatever its piece (empty or not): VTK's parallel filters talk to each other in RequestData,
    // and map the ranks' partitioned extents as ParaView's Extract Subset does.
    return run.FallBack("Loom's extraction takes one rank's whole grid; VTK's parallel extract filter maps the "
                        "ranks' pieces instead.",
                        [&]() -> int {
                          return this->Passes ? this->Passes->ProcessRequest(request, inputVector, outputVector) : 1;
                        });
  }
  loom::interop::FilterSteps steps;
  steps.Passes = 2.0;
  steps.ReadsCells = false; // the cells are implicit: only the arrays' lengths are checked
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::NoPoints;
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());

  auto* image = vtkImageData::SafeDownCast(input);
  auto* rectilinear = vtkRectilinearGrid::SafeDownCast(input);
  auto* curvilinear = vtkStructuredGrid::SafeDownCast(input);
  if (!image && !rectilinear && !curvilinear) // a block of a composite input (the pipeline runs every block)
    return run.Fail(std::string("takes images, rectilinear grids and structured grids; the input is a ") +
                    input->GetClassName() + ".");
  int inExt[6];
  if (image)
    image->GetExtent(inExt);
  else if (rectilinear)
    rectilinear->GetExtent(inExt);
  else
    curvilinear->GetExtent(inExt);
  // The grid's own arrays hold its extent's points (the point and cell arrays are checked by Begin).
  const vtkIdType extentPoints = static_cast<vtkIdType>(inExt[1] - inExt[0] + 1) * (inExt[3] - inExt[2] + 1) *
    (inExt[5] - inExt[4] + 1);
  if (curvilinear && (!curvilinear->GetPoints() || curvilinear->GetPoints()->GetNumberOfPoints() != extentPoints))
    return run.Fail("the structured grid has " + std::to_string(curvilinear->GetNumberOfPoints()) +
                    " points for its extent " + ExtentText(inExt) + " (" + std::to_string(extentPoints) + ").");
  if (rectilinear)
  {
    vtkDataArray* axes[3] = { rectilinear->GetXCoordinates(), rectilinear->GetYCoordinates(),
                              rectilinear->GetZCoordinates() };
    for (int a = 0; a < 3; ++a)
      if (!axes[a] || axes[a]->GetNumberOfTuples() < inExt[2 * a + 1] - inExt[2 * a] + 1)
        return run.Fail("the rectilinear grid's coordinates along axis " + std::to_string(a) + " have " +
                        std::to_string(axes[a] ? axes[a]->GetNumberOfTuples() : 0) + " values for " +
                        std::to_string(inExt[2 * a + 1] - inExt[2 * a] + 1) + " points.");
  }
  for (int a = 0; a < 3; ++a)
    if (this->SampleRate[a] < 1 || this->VOI[2 * a + 1] < this->VOI[2 * a] ||
        this->VOI[2 * a + 1] < inExt[2 * a] || this->VOI[2 * a] > inExt[2 * a + 1])
      return run.Fail("VOI " + ExtentText(this->VOI) + " with sample rates " + std::to_string(this->SampleRate[0]) +
                      ", " + std::to_string(this->SampleRate[1]) + ", " + std::to_string(this->SampleRate[2]) +
                      " meets no point of the input's extent " + ExtentText(inExt) + ".");

  // VTK's index maps: output index o along axis a takes input index map[a][o] (from the extent's minimum).
  int voi[6];
  for (int a = 0; a < 3; ++a)
  {
    voi[2 * a] = std::max(this->VOI[2 * a], inExt[2 * a]);
    voi[2 * a + 1] = std::min(this->VOI[2 * a + 1], inExt[2 * a + 1]);
  }
  vtkNew<vtkExtractStructuredGridHelper> helper;
  helper->Initialize(voi, inExt, this->SampleRate, this->IncludeBoundary != 0 && !image);
  int outExt[6];
  helper->GetOutputWholeExtent(outExt);
  const bool resampled = this->SampleRate[0] != 1 || this->SampleRate[1] != 1 || this->SampleRate[2] != 1;
  if (!resampled && std::equal(outExt, outExt + 6, inExt))
  {
    output->ShallowCopy(input); // the whole input: nothing moves
    this->UpdateProgress(1.0);
    return 1;
  }

  return run.Guard("extract a subset of", [&]() -> int {
    const loom::cont::DeviceId device = run.Device();
    loom::Id3 inDims, cellDims;
    std::vector<loom::Id> points[3], cells[3];
    for (int a = 0; a < 3; ++a)
    {
      inDims[a] = inExt[2 * a + 1] - inExt[2 * a] + 1;
      cellDims[a] = std::max<loom::Id>(inDims[a] - 1, 1);
      for (int o = 0; o < helper->GetSize(a); ++o)
        points[a].push_back(helper->GetMappedIndex(a, o));
      // Output cell o along a is the input cell at its first point (the last point's cell is the one before).
      const std::size_t outCells = std::max<std::size_t>(points[a].size() - 1, 1);
      for (std::size_t o = 0; o < outCells; ++o)
        cells[a].push_back(std::min(points[a][o], cellDims[a] - 1));
    }
    run.Current = "point data";
    const loom::cont::ArrayHandle<loom::Id> pointIds = loom::algorithms::GridSubsetIds(inDims, points, device);
    loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), pointIds, device);
    if (const int aborted = run.CheckAbort(); aborted != loom::interop::Continue)
      return aborted;
    run.Current = "cell data";
    loom::interop::GatherAttributes(input->GetCellData(), output->GetCellData(),
                                    loom::algorithms::GridSubsetIds(cellDims, cells, device), device);

    run.Current = "the grid";
    if (auto* out = vtkImageData::SafeDownCast(output))
    {
      out->SetExtent(outExt);
      double spacing[3], origin[3], outMin[3];
      image->GetSpacing(spacing);
      image->GetOrigin(origin);
      for (int a = 0; a < 3; ++a)
      {
        // An axis of rate 1 keeps the input's extent values (and its origin), a sampled one starts at 0.
        outMin[a] = this->SampleRate[a] == 1 ? 0.0 : static_cast<double>(inExt[2 * a] + points[a][0]);
        spacing[a] *= this->SampleRate[a];
      }
      out->SetSpacing(spacing);
      if (resampled)
        image->TransformContinuousIndexToPhysicalPoint(outMin, origin);
      out->SetOrigin(origin);
      out->SetDirectionMatrix(image->GetDirectionMatrix());
    }
    else if (auto* out = vtkRectilinearGrid::SafeDownCast(output))
    {
      out->SetExtent(outExt);
      vtkDataArray* in[3] = { rectilinear->GetXCoordinates(), rectilinear->GetYCoordinates(),
                              rectilinear->GetZCoordinates() };
      vtkSmartPointer<vtkDataArray> coordinates[3];
      for (int a = 0; a < 3; ++a) // one value per grid plane
      {
        coordinates[a].TakeReference(vtkDataArray::CreateDataArray(in[a]->GetDataType()));
        coordinates[a]->SetNumberOfTuples(static_cast<vtkIdType>(points[a].size()));
        for (std::size_t o = 0; o < points[a].size(); ++o)
          coordinates[a]->SetTuple(static_cast<vtkIdType>(o), points[a][o], in[a]);
      }
      out->SetXCoordinates(coordinates[0]);
      out->SetYCoordinates(coordinates[1]);
      out->SetZCoordinates(coordinates[2]);
    }
    else if (auto* out = vtkStructuredGrid::SafeDownCast(output))
    {
      out->SetExtent(outExt);
      auto positions = vtkSmartPointer<vtkPoints>::New();
      positions->SetData(
        loom::interop::FieldToVTK(loom::interop::PointsFromVTK(input, &pointIds, false, device), "Points"));
      out->SetPoints(positions);
    }
    output->GetFieldData()->PassData(input->GetFieldData());
    this->UpdateProgress(1.0);
    return 1;
  });
}

void vtkLoomExtractSubset::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "VOI: " << ExtentText(this->VOI) << "\n";
  os << indent << "SampleRate: " << this->SampleRate[0] << ", " << this->SampleRate[1] << ", " << this->SampleRate[2]
     << "\n";
  os << indent << "IncludeBoundary: " << (this->IncludeBoundary ? "On" : "Off") << "\n";
  this->Core.Print(os, indent, true);
}
