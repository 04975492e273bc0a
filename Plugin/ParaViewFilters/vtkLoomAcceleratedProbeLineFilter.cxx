// Loom plugin: vtkLoomAcceleratedProbeLineFilter, ParaView's Plot Over Line on Loom's locate family.
#include "vtkLoomAcceleratedProbeLineFilter.h"

#include "LoomAcceleration.h"
#include "vtkLoomPlotOverLine.h"

#include <vtkLineSource.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkProbeLineFilter.h>

vtkStandardNewMacro(vtkLoomAcceleratedProbeLineFilter);

vtkLoomAcceleratedProbeLineFilter::vtkLoomAcceleratedProbeLineFilter() = default;
vtkLoomAcceleratedProbeLineFilter::~vtkLoomAcceleratedProbeLineFilter() = default;

int vtkLoomAcceleratedProbeLineFilter::RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                                                   vtkInformationVector* outputVector)
{
  vtkNew<vtkLoomPlotOverLine> loom;
  loom->SetPoint1(this->Point1);
  loom->SetPoint2(this->Point2);
  loom->SetSamplingPattern(this->SamplingPattern);
  loom->SetLineResolution(this->LineResolution);
  loom->SetPassPartialArrays(this->PassPartialArrays);
  loom->SetPassCellArrays(this->PassCellArrays);
  loom->SetPassPointArrays(this->PassPointArrays);
  loom->SetPassFieldArrays(this->PassFieldArrays);
  loom->SetComputeTolerance(this->ComputeTolerance);
  loom->SetTolerance(this->Tolerance);
  return loom::interop::RunAccelerated(this, "Plot Over Line", loom, loom::interop::ProbesInOneSequence(), inputVector, outputVector,
                                       [&] { return this->Superclass::RequestData(request, inputVector, outputVector); });
}
