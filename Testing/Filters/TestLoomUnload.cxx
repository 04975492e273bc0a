// Loom filter tests: the Loom library unloaded while VTK still holds arrays on Loom's memory, as
// ParaView's plugin loader does at exit (it closes every plugin library). The program opens
// libLoomFilters with dlopen, runs vtkLoomTetrahedralize, keeps the output, closes the library, then
// releases the output: its arrays call Loom's free function, which must still be there (the library
// is linked with -z nodelete). Usage: loom_unload_test /path/to/libLoomFilters.so
#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkRTAnalyticSource.h>
#include <vtkSmartPointer.h>

#include <dlfcn.h>

#include <iostream>

int main(int argc, char* argv[])
{
  if (argc != 2)
    return 2;
  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library)
  {
    std::cerr << "dlopen failed: " << dlerror() << "\n";
    return 1;
  }
  // vtkLoomTetrahedralize::New()
  using NewFunction = vtkAlgorithm* (*)();
  auto make = reinterpret_cast<NewFunction>(dlsym(library, "_ZN21vtkLoomTetrahedralize3NewEv"));
  if (!make)
  {
    std::cerr << "vtkLoomTetrahedralize::New not found: " << dlerror() << "\n";
    return 1;
  }
  vtkNew<vtkRTAnalyticSource> wavelet;
  wavelet->SetWholeExtent(-8, 7, -8, 7, -8, 7);
  vtkSmartPointer<vtkDataObject> output;
  {
    vtkSmartPointer<vtkAlgorithm> filter;
    filter.TakeReference(make());
    filter->SetInputConnection(wavelet->GetOutputPort());
    filter->Update();
    output = filter->GetOutputDataObject(0);
  }
  const vtkIdType cells = vtkDataSet::SafeDownCast(output)->GetNumberOfCells();
  if (cells != 5 * 15 * 15 * 15) // five per voxel of an image, as ParaView splits it
  {
    std::cerr << "tetrahedralize made " << cells << " cells\n";
    return 1;
  }
  if (dlclose(library) != 0)
  {
    std::cerr << "dlclose failed: " << dlerror() << "\n";
    return 1;
  }
  output = nullptr; // VTK frees Loom's memory through Loom's free function
  std::cout << "Loom library closed, then its output released: unload test passed\n";
  return 0;
}
