// Loom filter tests: the outputs of every Loom filter (on the CPU devices) held by a global container
// that the C++ runtime destroys after every static object Loom made while the program ran, then the
// program ends by returning from main or by std::exit(code). VTK frees the arrays Loom handed its memory
// to at that point; the exit status must be the code (a crash gives a signal, a hang the test's timeout).
// Usage: loom_exit_test CODE return|exit
#include <vtkLoomCellDataToPointData.h>
#include <vtkLoomClip.h>
#include <vtkLoomContour.h>
#include <vtkLoomCleanGrid.h>
#include <vtkLoomExtractSurface.h>
#include <vtkLoomLevelOfDetail.h>
#include <vtkLoomPointDataToCellData.h>
#include <vtkLoomSlice.h>
#include <vtkLoomTetrahedralize.h>
#include <vtkLoomThreshold.h>
#include <vtkPlane.h>

#include "LoomFilterTesting.h"

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

namespace
{
// Made before main runs, so destroyed after the function-local statics Loom makes during main.
std::vector<vtkSmartPointer<vtkDataObject>> Kept;

void Keep(vtkAlgorithm* filter, vtkDataObject* input, const char* name)
{
  filter->SetInputDataObject(input);
  filter->Update();
  auto* output = vtkDataSet::SafeDownCast(filter->GetOutputDataObject(0));
  if (!output || output->GetNumberOfCells() == 0)
  {
    std::cerr << name << " made no cells\n";
    std::exit(1);
  }
  Kept.emplace_back(output);
}
} // namespace

int main(int argc, char* argv[])
{
  if (argc != 3)
    return 2;
  const int code = std::atoi(argv[1]);
  const bool viaExit = !std::strcmp(argv[2], "exit");
  auto wavelet = loomtest::Wavelet(16);
  for (int device : { vtkLoomTetrahedralize::DEVICE_SERIAL, vtkLoomTetrahedralize::DEVICE_TBB })
  {
    vtkNew<vtkLoomPointDataToCellData> toCells;
    toCells->SetDevice(device);
    Keep(toCells, wavelet, "point data to cell data");
    vtkNew<vtkLoomCellDataToPointData> toPoints;
    toPoints->SetDevice(device);
    Keep(toPoints, Kept.back(), "cell data to point data");
    vtkNew<vtkLoomContour> contour;
    contour->SetDevice(device);
    contour->SetValue(0, 157.0);
    contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    Keep(contour, wavelet, "contour");
    vtkNew<vtkLoomTetrahedralize> tetrahedralize;
    tetrahedralize->SetDevice(device);
    Keep(tetrahedralize, wavelet, "tetrahedralize");
    vtkNew<vtkLoomThreshold> threshold;
    threshold->SetDevice(device);
    threshold->SetLowerThreshold(150.0);
    threshold->SetUpperThreshold(200.0);
    Keep(threshold, wavelet, "threshold");
    vtkNew<vtkLoomSlice> slice;
    vtkNew<vtkPlane> plane;
    slice->SetCutFunction(plane);
    slice->SetDevice(device);
    Keep(slice, wavelet, "slice");
    vtkNew<vtkLoomClip> clip;
    clip->SetClipFunction(plane);
    clip->SetDevice(device);
    Keep(clip, wavelet, "clip");
    vtkNew<vtkLoomExtractSurface> surface;
    surface->SetDevice(device);
    Keep(surface, Kept.back(), "extract surface");
    vtkNew<vtkLoomCleanGrid> clean;
    clean->SetDevice(device);
    Keep(clean, wavelet, "clean to grid");
    vtkNew<vtkLoomLevelOfDetail> lod;
    lod->SetDevice(device);
    lod->SetUseInputPoints(true);
    Keep(lod, contour->GetOutputDataObject(0), "level of detail");
  }
  std::cout << "kept " << Kept.size() << " Loom outputs; leaving with " << code << " by "
            << (viaExit ? "std::exit" : "return") << std::endl;
  if (viaExit)
    std::exit(code);
  return code;
}
