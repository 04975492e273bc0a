// Loom plugin: vtkLoomAcceleratedExtractVOI, ParaView's Extract Subset on Loom's extract family.
#include "vtkLoomAcceleratedExtractVOI.h"

#include "LoomAcceleration.h"
#include "vtkLoomExtractSubset.h"

#include <vtkCellData.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>

vtkStandardNewMacro(vtkLoomAcceleratedExtractVOI);

namespace
{
/// Why a sampled extraction of `input` is ParaView's own code: where VTK's sampled output differs from the
/// settings' meaning, which Loom keeps (docs/filters/extract-subset.md), ParaView's output is the reference.
std::string SampledDifference(vtkDataObject* input, const int rate[3])
{
  if (rate[0] == 1 && rate[1] == 1 && rate[2] == 1)
    return {};
  if (vtkCompositeDataSet::SafeDownCast(input))
    return "sampling of composite input (ParaView's filter refuses it)";
  int extent[6] = { 0, -1, 0, -1, 0, -1 };
  if (auto* image = vtkImageData::SafeDownCast(input))
  {
    image->GetExtent(extent);
    if (rate[0] == 1 || rate[1] == 1 || rate[2] == 1)
      return "an image sampled along some axes only (VTK's filter moves its points along the others)";
  }
  else if (auto* rectilinear = vtkRectilinearGrid::SafeDownCast(input))
    rectilinear->GetExtent(extent);
  else if (auto* curvilinear = vtkStructuredGrid::SafeDownCast(input))
    curvilinear->GetExtent(extent);
  auto* dataset = vtkDataSet::SafeDownCast(input);
  for (int a = 0; a < 3; ++a)
    if (rate[a] > 1 && extent[2 * a] != 0 && dataset && dataset->GetCellData()->GetNumberOfArrays() > 0)
      return "cell data of a sampled grid whose extent does not start at 0 (VTK's filter leaves cells unwritten)";
  return {};
}
} // namespace

int vtkLoomAcceleratedExtractVOI::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                              vtkInformationVector* outputVector)
{
  vtkNew<vtkLoomExtractSubset> loom;
  loom->SetVOI(this->VOI);
  loom->SetSampleRate(this->SampleRate);
  loom->SetIncludeBoundary(this->IncludeBoundary);
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0], 0);
  std::string unsupported = SampledDifference(input, this->SampleRate);
  if (unsupported.empty())
    unsupported = loom::interop::CopiesDiffer(input, true, false);
  return loom::interop::RunAccelerated(this, "Extract Subset", loom, unsupported, inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
