// Loom filter tests: the inputs the sampling filters' tests share (Resample To Image, Plot Over Line, Probe
// Location).
#pragma once

#include "LoomFilterTesting.h"

#include <vtkCellData.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDataSetTriangleFilter.h>
#include <vtkExtractVOI.h>
#include <vtkIdTypeArray.h>
#include <vtkPointDataToCellData.h>
#include <vtkSphere.h>
#include <vtkTableBasedClipDataSet.h>

#include <string>
#include <utility>
#include <vector>

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

/// The point sets VTK's probe walks through from cell to cell (its closest-point strategy) made from `image`, each
/// with its cell ids as a cell array "Ids" (which cell a sample took, exactly): the image's cells as hexahedra,
/// tetrahedra, a twisted structured grid, the hexahedra clipped by a sphere (tetrahedra, pyramids, wedges and
/// hexahedra), a structured grid of one point along x, the tetrahedra's boundary triangles and the hexahedra's
/// boundary quadrilaterals (polygonal data).
inline std::vector<std::pair<std::string, vtkSmartPointer<vtkDataSet>>> WalkedPointSets(vtkImageData* image)
{
  std::vector<std::pair<std::string, vtkSmartPointer<vtkDataSet>>> sets;
  vtkSmartPointer<vtkUnstructuredGrid> hexahedra = Hexahedra(image);
  vtkSmartPointer<vtkUnstructuredGrid> tetrahedra = Tetrahedra(image);
  sets.emplace_back("hexahedra", hexahedra);
  sets.emplace_back("tetrahedra", tetrahedra);
  sets.emplace_back("twisted structured grid", Twisted(image));
  vtkNew<vtkSphere> sphere;
  sphere->SetCenter(0.5, 1.0, 0.0);
  sphere->SetRadius(0.8 * image->GetBounds()[1]);
  vtkNew<vtkTableBasedClipDataSet> clip;
  clip->SetInputData(hexahedra);
  clip->SetClipFunction(sphere);
  clip->InsideOutOn();
  clip->Update();
  sets.emplace_back("hexahedra clipped by a sphere", clip->GetOutput());
  // A structured grid of one point along x (the image's plane x = 0), whose cells VTK lists in its own order.
  vtkNew<vtkExtractVOI> plane;
  plane->SetInputData(image);
  const int* extent = image->GetExtent();
  plane->SetVOI((extent[0] + extent[1]) / 2, (extent[0] + extent[1]) / 2, extent[2], extent[3], extent[4], extent[5]);
  vtkNew<vtkImageDataToPointSet> flat;
  flat->SetInputConnection(plane->GetOutputPort());
  flat->Update();
  sets.emplace_back("structured grid flat along x", flat->GetOutput());
  for (vtkDataSet* volume : { static_cast<vtkDataSet*>(tetrahedra), static_cast<vtkDataSet*>(hexahedra) })
  {
    vtkNew<vtkDataSetSurfaceFilter> surface;
    surface->SetInputData(volume);
    surface->Update();
    sets.emplace_back(volume == tetrahedra ? "boundary triangles" : "boundary quadrilaterals", surface->GetOutput());
  }
  for (auto& set : sets)
  {
    auto copy = vtkSmartPointer<vtkDataSet>::Take(set.second->NewInstance());
    copy->ShallowCopy(set.second);
    vtkNew<vtkIdTypeArray> ids;
    ids->SetName("Ids");
    ids->SetNumberOfTuples(copy->GetNumberOfCells());
    for (vtkIdType c = 0; c < copy->GetNumberOfCells(); ++c)
      ids->SetValue(c, c);
    copy->GetCellData()->AddArray(ids);
    set.second = copy;
  }
  return sets;
}
} // namespace loomtest
