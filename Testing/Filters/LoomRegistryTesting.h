// Loom filter tests: the filter registry (vtkLoomRegistry, from Filters/registry.json) for the C++ tests:
// each filter's test input and its setup on it, so that a test that walks the registry runs every filter.
// A filter added to the registry without a setup here fails those tests by name.
#pragma once

#include "LoomFilterTesting.h"

#include <vtkLoomRegistry.h>

#include <vtkAlgorithm.h>
#include <vtkCellArray.h>
#include <vtkContourFilter.h>
#include <vtkDataObject.h>
#include <vtkGradientFilter.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkLoomClip.h>
#include <vtkLoomConnectivity.h>
#include <vtkLoomContour.h>
#include <vtkLoomExtractSubset.h>
#include <vtkLoomGradient.h>
#include <vtkLoomGenerateSurfaceNormals.h>
#include <vtkLoomHistogram.h>
#include <vtkLoomLevelOfDetail.h>
#include <vtkLoomPlotOverLine.h>
#include <vtkLoomProbeLocation.h>
#include <vtkLoomResampleWithDataset.h>
#include <vtkLoomResampleToImage.h>
#include <vtkLoomSlice.h>
#include <vtkLoomStreamTracer.h>
#include <vtkLoomThreshold.h>
#include <vtkLoomWarpByScalar.h>
#include <vtkLoomTransform.h>
#include <vtkLoomWarpByVector.h>
#include <vtkTransform.h>
#include <vtkPlane.h>
#include <vtkPointDataToCellData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <set>
#include <string>

namespace loomtest
{
/// The registry's test inputs on a wavelet of (2 half)^3 cells: "Wavelet" (point data RTData),
/// "WaveletCells" (averaged to cells by VTK), "WaveletContour" (VTK's RTData = 157 isosurface, normals) and
/// "WaveletGradient" (VTK's gradient of RTData, point vectors "Gradient").
inline vtkSmartPointer<vtkDataObject> RegistryInput(const std::string& kind, int half = 16)
{
  vtkSmartPointer<vtkImageData> wavelet = Wavelet(half);
  if (kind == "WaveletCells")
  {
    vtkNew<vtkPointDataToCellData> cells;
    cells->SetInputData(wavelet);
    cells->Update();
    return cells->GetOutputDataObject(0);
  }
  if (kind == "WaveletContour")
  {
    vtkNew<vtkContourFilter> contour;
    contour->SetInputData(wavelet);
    contour->SetValue(0, 157.0);
    contour->SetComputeNormals(true);
    contour->Update();
    return contour->GetOutputDataObject(0);
  }
  if (kind == "WaveletGradient")
  {
    vtkNew<vtkGradientFilter> gradient;
    gradient->SetInputData(wavelet);
    gradient->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    gradient->SetResultArrayName("Gradient"); // ParaView's name (VTK's default: Gradients)
    gradient->Update();
    vtkDataSet* out = vtkDataSet::SafeDownCast(gradient->GetOutputDataObject(0));
    out->GetPointData()->SetActiveVectors("Gradient");
    return out;
  }
  return wavelet;
}

/// Sets the filter up as the registry's test properties say (the same settings in C++ terms); false when
/// this file has no setup for it although it needs one.
inline bool SetUpForTests(vtkAlgorithm* filter)
{
  const std::string name = filter->GetClassName();
  auto rtdata = [&] { filter->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData"); };
  if (auto* f = vtkLoomContour::SafeDownCast(filter))
  {
    rtdata();
    f->SetValue(0, 157.0);
  }
  else if (auto* f = vtkLoomThreshold::SafeDownCast(filter))
  {
    rtdata();
    f->SetLowerThreshold(150.0);
    f->SetUpperThreshold(200.0);
  }
  else if (auto* f = vtkLoomSlice::SafeDownCast(filter))
    f->SetCutFunction(vtkSmartPointer<vtkPlane>::New()); // ParaView's default plane: through the origin
  else if (auto* f = vtkLoomClip::SafeDownCast(filter))
    f->SetClipFunction(vtkSmartPointer<vtkPlane>::New());
  else if (auto* f = vtkLoomLevelOfDetail::SafeDownCast(filter))
    f->SetNumberOfDivisions(12, 12, 12);
  else if (vtkLoomGradient::SafeDownCast(filter))
    rtdata();
  else if (auto* f = vtkLoomHistogram::SafeDownCast(filter))
  {
    // Cell data: under MPI each cell counts once (a point on a piece boundary counts on both ranks).
    filter->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "RTData");
    f->SetBinCount(16);
  }
  else if (auto* f = vtkLoomWarpByScalar::SafeDownCast(filter))
  {
    rtdata();
    f->SetScaleFactor(0.01);
  }
  else if (auto* f = vtkLoomResampleToImage::SafeDownCast(filter))
    f->SetSamplingDimensions(13, 11, 9);
  else if (auto* f = vtkLoomPlotOverLine::SafeDownCast(filter))
  {
    f->SetPoint1(-7.5, -6.25, -5.0);
    f->SetPoint2(6.75, 7.0, 5.25);
    f->SetLineResolution(40);
  }
  else if (auto* f = vtkLoomProbeLocation::SafeDownCast(filter))
  {
    // ParaView's default probe (one point, radius 0) at a point inside the wavelets the tests give it.
    vtkNew<vtkPolyData> probe;
    vtkNew<vtkPoints> at;
    at->InsertNextPoint(0.25, -0.5, 0.75);
    probe->SetPoints(at);
    vtkNew<vtkCellArray> vertex;
    vertex->InsertNextCell(1);
    vertex->InsertCellPoint(0);
    probe->SetVerts(vertex);
    f->SetSourceData(probe);
  }
  else if (auto* f = vtkLoomResampleWithDataset::SafeDownCast(filter))
    f->SetSourceData(RegistryInput("Wavelet")); // the wavelet sampled at the test input's points
  else if (vtkLoomWarpByVector::SafeDownCast(filter))
    filter->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "Normals");
  else if (auto* f = vtkLoomTransform::SafeDownCast(filter))
  {
    // A translation, a rotation and an uneven scale; every 3-component array transformed (ParaView's default).
    vtkNew<vtkTransform> transform;
    transform->Translate(1.0, -2.0, 0.5);
    transform->RotateWXYZ(30.0, 1.0, 2.0, 3.0);
    transform->Scale(2.0, 1.0, 0.5);
    f->SetTransform(transform);
    f->TransformAllInputVectorsOn();
  }
  else if (auto* f = vtkLoomExtractSubset::SafeDownCast(filter))
  {
    f->SetVOI(-6, 5, -4, 7, -8, 2);
    f->SetSampleRateI(2);
  }
  else if (auto* f = vtkLoomGenerateSurfaceNormals::SafeDownCast(filter))
    f->SetFeatureAngle(20.0);
  else if (auto* f = vtkLoomStreamTracer::SafeDownCast(filter))
  {
    // ParaView's proxy defaults (the class keeps vtkStreamTracer's), from the start position (no seed input).
    filter->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "Gradient");
    f->SetIntegratorType(vtkLoomStreamTracer::RUNGE_KUTTA45);
    f->SetIntegrationDirection(vtkLoomStreamTracer::BOTH);
    f->SetInitialIntegrationStep(0.2);
    f->SetMaximumIntegrationStep(0.5);
    f->SetMaximumPropagation(20.0);
    f->SetMaximumNumberOfSteps(200);
    f->SetStartPosition(0.5, 0.25, -0.5);
  }
  else if (auto* f = vtkLoomConnectivity::SafeDownCast(filter))
  {
    // ParaView's proxy defaults (the class keeps vtkConnectivityFilter's: the largest region, no colours).
    f->SetExtractionModeToAllRegions();
    f->ColorRegionsOn();
  }
  else
  {
    // Filters that run with their defaults on their test input.
    static const std::set<std::string> defaults = { "vtkLoomPointDataToCellData", "vtkLoomCellDataToPointData",
                                                    "vtkLoomTetrahedralize", "vtkLoomExtractSurface",
                                                    "vtkLoomCleanGrid", "vtkLoomElevation", "vtkLoomCellSize",
                                                    "vtkLoomIntegrateVariables", "vtkLoomMeshQuality" };
    return defaults.count(name) > 0;
  }
  return true;
}

/// Every registry filter's class name.
inline std::set<std::string> RegistryClasses()
{
  std::set<std::string> names;
  for (int i = 0; i < vtkLoomRegistry::GetNumberOfFilters(); ++i)
    names.insert(vtkLoomRegistry::GetFilterClassName(i));
  return names;
}
} // namespace loomtest
