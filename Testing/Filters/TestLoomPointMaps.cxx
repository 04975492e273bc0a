// Loom filter tests: vtkLoomElevation, vtkLoomWarpByScalar and vtkLoomWarpByVector against VTK's
// vtkElevationFilter, vtkWarpScalar and vtkWarpVector on the same inputs, Serial and TBB: the same
// output type, the same points (1e-12 relative) or elevation values (float, 1e-6), on images (plain and
// rotated), rectilinear and structured grids, unstructured grids with float points and polygonal data
// with normals (UseNormal on and off, XYPlane); masks (unselected points keep their positions or hold
// the fill value); equal ends of the elevation line; empty and bad input.
#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkLoomElevation.h>
#include <vtkLoomWarpByScalar.h>
#include <vtkLoomWarpByVector.h>

#include <vtkDataSetSurfaceFilter.h>
#include <vtkDoubleArray.h>
#include <vtkElevationFilter.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkWarpScalar.h>
#include <vtkWarpVector.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace
{
/// The wavelet with a 3-component double point array "V" (the active vectors).
vtkSmartPointer<vtkImageData> Field(int half)
{
  auto image = loomtest::Wavelet(half);
  loomtest::AddVectors(image);
  return image;
}

std::vector<vtkSmartPointer<vtkDataSet>> Inputs()
{
  std::vector<vtkSmartPointer<vtkDataSet>> inputs;
  auto image = Field(6);
  inputs.push_back(image);
  auto turned = Field(5);
  turned->SetSpacing(0.5, 2.0, 1.5);
  turned->SetOrigin(1, 2, 3);
  turned->SetDirectionMatrix(0, -1, 0, 1, 0, 0, 0, 0, 1);
  inputs.push_back(turned);
  vtkNew<vtkRectilinearGrid> rectilinear;
  const int* dims = image->GetDimensions();
  rectilinear->SetDimensions(dims[0], dims[1], dims[2]);
  vtkNew<vtkDoubleArray> x, y, z;
  for (int i = 0; i < dims[0]; ++i)
  {
    x->InsertNextValue(std::pow(1.0 + i, 1.3));
    y->InsertNextValue(0.5 * i);
    z->InsertNextValue(0.1 * i * i);
  }
  rectilinear->SetXCoordinates(x);
  rectilinear->SetYCoordinates(y);
  rectilinear->SetZCoordinates(z);
  rectilinear->GetPointData()->ShallowCopy(image->GetPointData());
  inputs.push_back(rectilinear.Get());
  auto hexahedra = loomtest::Hexahedra(image); // float points
  inputs.push_back(hexahedra);
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(hexahedra);
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(surface->GetOutputPort());
  normals->Update();
  inputs.push_back(normals->GetOutput());
  return inputs;
}

/// The output's points as doubles (a structured output of an image: its own points).
std::vector<double> PointsOf(vtkDataSet* data)
{
  std::vector<double> out;
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
  {
    double x[3];
    data->GetPoint(p, x);
    out.insert(out.end(), x, x + 3);
  }
  return out;
}

void ExpectSamePoints(vtkDataSet* expected, vtkDataSet* got, const std::string& what)
{
  ASSERT_STREQ(expected->GetClassName(), got->GetClassName()) << what;
  ASSERT_EQ(expected->GetNumberOfPoints(), got->GetNumberOfPoints()) << what;
  ASSERT_EQ(expected->GetNumberOfCells(), got->GetNumberOfCells()) << what;
  const std::vector<double> a = PointsOf(expected), b = PointsOf(got);
  double scale = 1.0;
  for (double v : a)
    scale = std::max(scale, std::abs(v));
  for (std::size_t i = 0; i < a.size(); ++i)
    ASSERT_NEAR(a[i], b[i], 1e-12 * scale) << what << " coordinate " << i;
  EXPECT_EQ(vtkPointSet::SafeDownCast(expected)->GetPoints()->GetDataType(),
            vtkPointSet::SafeDownCast(got)->GetPoints()->GetDataType())
    << what;
}
} // namespace

TEST(LoomPointMaps, ElevationAsVTK)
{
  int index = 0;
  for (const auto& input : Inputs())
  {
    const std::string what = std::string("input ") + std::to_string(index++) + " " + input->GetClassName();
    for (int setting = 0; setting < 3; ++setting)
    {
      vtkNew<vtkElevationFilter> vtk;
      vtk->SetInputData(input);
      vtkNew<vtkLoomElevation> loom;
      loom->SetInputData(input);
      if (setting == 1)
      {
        // A line inside the data: points beyond its ends clamp.
        vtk->SetLowPoint(-2, 1, 0);
        vtk->SetHighPoint(3, 2, 4);
        vtk->SetScalarRange(10, -5);
        loom->SetLowPoint(-2, 1, 0);
        loom->SetHighPoint(3, 2, 4);
        loom->SetScalarRange(10, -5);
      }
      if (setting == 2)
      {
        vtk->SetLowPoint(1, 1, 1);
        vtk->SetHighPoint(1, 1, 1);
        loom->SetLowPoint(1, 1, 1);
        loom->SetHighPoint(1, 1, 1);
      }
      vtk->Update();
      for (int device : loomtest::Devices())
      {
        loom->SetDevice(device);
        const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
        ASSERT_EQ(1, o.Status) << what << o.Errors;
        loomtest::ExpectRanOn(loom, device, what);
        if (setting == 2)
          EXPECT_NE(std::string::npos, o.Warnings.find("Low Point equals High Point")) << o.Warnings;
        auto* got = vtkDataSet::SafeDownCast(o.Output);
        loomtest::ExpectSameArrays(vtk->GetOutput()->GetPointData(), got->GetPointData(),
                                   what + " setting " + std::to_string(setting), 1e-6);
        EXPECT_STREQ("Elevation", got->GetPointData()->GetScalars()->GetName());
      }
    }
  }
}

TEST(LoomPointMaps, WarpByScalarAsVTK)
{
  int index = 0;
  for (const auto& input : Inputs())
  {
    const std::string what = std::string("input ") + std::to_string(index++) + " " + input->GetClassName();
    for (int setting = 0; setting < 3; ++setting)
    {
      vtkNew<vtkWarpScalar> vtk;
      vtkNew<vtkLoomWarpByScalar> loom;
      vtk->SetInputData(input);
      loom->SetInputData(input);
      vtk->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
      loom->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
      vtk->SetScaleFactor(0.05);
      loom->SetScaleFactor(0.05);
      if (setting == 1)
      {
        vtk->SetNormal(0.3, -0.4, 0.5);
        vtk->UseNormalOn();
        loom->SetNormal(0.3, -0.4, 0.5);
        loom->UseNormalOn();
      }
      if (setting == 2)
      {
        vtk->XYPlaneOn();
        loom->XYPlaneOn();
      }
      vtk->Update();
      for (int device : loomtest::Devices())
      {
        loom->SetDevice(device);
        loom->Update();
        loomtest::ExpectRanOn(loom, device, what);
        ExpectSamePoints(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0)),
                         vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0)),
                         what + " setting " + std::to_string(setting));
        // The point data is passed (normals excepted).
        auto* out = vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0));
        EXPECT_NE(nullptr, out->GetPointData()->GetArray("RTData")) << what;
        EXPECT_EQ(nullptr, out->GetPointData()->GetNormals()) << what;
      }
    }
  }
}

TEST(LoomPointMaps, WarpByVectorAsVTK)
{
  int index = 0;
  for (const auto& input : Inputs())
  {
    const std::string what = std::string("input ") + std::to_string(index++) + " " + input->GetClassName();
    vtkNew<vtkWarpVector> vtk;
    vtkNew<vtkLoomWarpByVector> loom;
    vtk->SetInputData(input);
    loom->SetInputData(input);
    vtk->SetScaleFactor(-0.7);
    loom->SetScaleFactor(-0.7);
    if (index % 2 == 0)
    {
      vtk->SetOutputPointsPrecision(vtkAlgorithm::DOUBLE_PRECISION);
      loom->SetOutputPointsPrecision(vtkAlgorithm::DOUBLE_PRECISION);
    }
    vtk->Update();
    for (int device : loomtest::Devices())
    {
      loom->SetDevice(device);
      loom->Update();
      loomtest::ExpectRanOn(loom, device, what);
      ExpectSamePoints(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0)),
                       vtkDataSet::SafeDownCast(loom->GetOutputDataObject(0)), what);
    }
  }
}

TEST(LoomPointMaps, Masks)
{
  auto image = Field(5);
  const vtkIdType n = image->GetNumberOfPoints();
  vtkNew<vtkLoomWarpByVector> all, some;
  all->SetInputData(image);
  some->SetInputData(image);
  for (vtkIdType p = 2; p < n; p += 13)
    some->AddMaskId(p);
  all->Update();
  some->Update();
  for (vtkIdType p = 0; p < n; ++p)
  {
    double moved[3], masked[3], original[3];
    vtkDataSet::SafeDownCast(all->GetOutputDataObject(0))->GetPoint(p, moved);
    vtkDataSet::SafeDownCast(some->GetOutputDataObject(0))->GetPoint(p, masked);
    image->GetPoint(p, original);
    const double* expected = (p - 2) % 13 == 0 && p >= 2 ? moved : original;
    for (int d = 0; d < 3; ++d)
      ASSERT_NEAR(expected[d], masked[d], 1e-12) << "point " << p;
  }
  vtkNew<vtkLoomElevation> elevation;
  elevation->SetInputData(image);
  elevation->AddMaskId(4);
  elevation->FillWithNaNOff();
  elevation->SetFillValue(-3.0);
  elevation->Update();
  vtkDataArray* e = elevation->GetOutput()->GetPointData()->GetArray("Elevation");
  EXPECT_EQ(-3.0, e->GetComponent(0, 0));
  EXPECT_NE(-3.0, e->GetComponent(4, 0));
}

TEST(LoomPointMaps, EmptyAndBadInput)
{
  vtkNew<vtkUnstructuredGrid> empty;
  for (vtkAlgorithm* f : std::initializer_list<vtkAlgorithm*>{ vtkLoomElevation::New(), vtkLoomWarpByScalar::New(),
                                                               vtkLoomWarpByVector::New() })
  {
    f->SetInputDataObject(empty);
    const loomtest::Outcome o = loomtest::UpdateCapturing(f);
    EXPECT_EQ(1, o.Status) << f->GetClassName();
    EXPECT_TRUE(o.Errors.empty()) << o.Errors;
    EXPECT_EQ(0, vtkDataSet::SafeDownCast(o.Output)->GetNumberOfPoints());
    f->Delete();
  }
  auto image = Field(4);
  const vtkMTimeType before = image->GetMTime();
  {
    vtkNew<vtkLoomWarpByVector> warp;
    warp->SetInputData(image);
    warp->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    const loomtest::Outcome o = loomtest::UpdateCapturing(warp);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Loom Warp By Vector: Vectors 'RTData' has 1 components")) << o.Errors;
  }
  {
    vtkNew<vtkLoomWarpByScalar> warp;
    warp->SetInputData(image);
    warp->AddMaskId(image->GetNumberOfPoints() + 5);
    const loomtest::Outcome o = loomtest::UpdateCapturing(warp);
    EXPECT_EQ(0, o.Status);
    EXPECT_NE(std::string::npos, o.Errors.find("Mask Ids")) << o.Errors;
  }
  {
    // No scalars: the points pass unchanged, as VTK.
    auto bare = vtkSmartPointer<vtkImageData>::New();
    bare->SetDimensions(3, 3, 3);
    vtkNew<vtkLoomWarpByScalar> warp;
    warp->SetInputData(bare);
    warp->Update();
    EXPECT_EQ(27, vtkDataSet::SafeDownCast(warp->GetOutputDataObject(0))->GetNumberOfPoints());
  }
  EXPECT_EQ(before, image->GetMTime());
}
