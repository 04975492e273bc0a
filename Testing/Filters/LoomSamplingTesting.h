// Loom filter tests: the inputs the sampling filters' tests share (Resample To Image, Plot Over Line, Probe
// Location).
#pragma once

#include "LoomFilterTesting.h"

#include <vtkCellData.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkPointDataToCellData.h>

namespace loomtest
{
/// The wavelet (points -half to half) with its RTData also averaged to cells (a float cell array "C").
inline vtkSmartPointer<vtkImageData> WaveletWithCells(int half)
{
  vtkSmartPointer<vtkImageData> wavelet = Wavelet(half);
  vtkNew<vtkPointDataToCellData> cells;
  cells->SetInputData(wavelet);
  cells->PassPointDataOn();
  cells->Update();
  auto image = vtkSmartPointer<vtkImageData>::New();
  image->DeepCopy(cells->GetOutput());
  image->GetCellData()->GetArray("RTData")->SetName("C");
  return image;
}

/// `data` split into tetrahedra by VTK's vtkDataSetTriangleFilter.
inline vtkSmartPointer<vtkUnstructuredGrid> Tetrahedra(vtkDataSet* data)
{
  vtkNew<vtkDataSetTriangleFilter> tets;
  tets->SetInputData(data);
  tets->Update();
  return tets->GetOutput();
}
} // namespace loomtest
