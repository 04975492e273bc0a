// A VTK C++ program built against an installed Loom: Loom Contour beside vtkContourFilter on a wavelet,
// the record of its execution, and the engine's device report (the engine headers and libraries).
#include <vtkLoomContour.h>
#include <vtkLoomExecution.h>

#include <loom/cont/RuntimeDeviceTracker.h>

#include <vtkContourFilter.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkSmartPointer.h>

#include <iostream>

int main()
{
  vtkNew<vtkRTAnalyticSource> wavelet;
  wavelet->SetWholeExtent(-16, 16, -16, 16, -16, 16);
  vtkNew<vtkLoomContour> loom;
  loom->SetInputConnection(wavelet->GetOutputPort());
  loom->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  loom->SetValue(0, 157.0);
  loom->Update();
  vtkNew<vtkContourFilter> vtk;
  vtk->SetInputConnection(wavelet->GetOutputPort());
  vtk->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  vtk->SetValue(0, 157.0);
  vtk->Update();
  const vtkIdType loomCells = loom->GetOutput()->GetNumberOfCells();
  const vtkIdType vtkCells = vtk->GetOutput()->GetNumberOfCells();
  std::cout << "Loom Contour: " << loomCells << " triangles, vtkContourFilter: " << vtkCells << "\n"
            << "last execution: " << vtkLoomExecution::GetLast(loom)->Describe() << "\n"
            << loom::cont::DescribeDevice(loom::cont::DeviceId::TBB) << std::endl;
  if (loomCells == 0 || loomCells != vtkCells)
  {
    std::cout << "external Loom program failed" << std::endl;
    return 1;
  }
  std::cout << "external Loom program passed" << std::endl;
  return 0;
}
