// Loom filter tests: vtkLoomElevation, vtkLoomWarpByScalar, vtkLoomWarpByVector and vtkLoomTransform against
// VTK's vtkElevationFilter, vtkWarpScalar, vtkWarpVector and vtkTransformFilter on the same inputs, Serial and
// TBB (Transform: point and cell vectors, normals and other 3-component arrays, their order and attributes,
// Transform All Input Vectors on and off, a singular transform, a non-linear one handed to VTK): the same
// output type, the same points (1e-12 relative) or elevation values (float, 1e-6), on images (plain and
// rotated), rectilinear and structured grids, unstructured grids with float points and polygonal data
// with normals (UseNormal on and off, XYPlane); masks (unselected points keep their positions or hold
// the fill value); equal ends of the elevation line; empty and bad input.
#include "LoomFilterExpect.h"
#include "LoomFilterTesting.h"

#include <vtkLoomElevation.h>
#include <vtkLoomTransform.h>
#include <vtkLoomWarpByScalar.h>
#include <vtkLoomWarpByVector.h>

#include <vtkDataSetSurfaceFilter.h>
#include <vtkDoubleArray.h>
#include <vtkCellData.h>
#include <vtkElevationFilter.h>
#include <vtkFloatArray.h>
#include <vtkGeneralTransform.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkTransform.h>
#include <vtkTransformFilter.h>
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

namespace
{
/// The input with more to transform: a float 3-component point array, cell vectors (float) and cell normals
/// (double, the active ones), a 2-component point array (passed, not transformed) and a cell scalar.
vtkSmartPointer<vtkDataSet> WithArrays(vtkDataSet* input)
{
  vtkSmartPointer<vtkDataSet> data;
  data.TakeReference(input->NewInstance());
  data->ShallowCopy(input);
  vtkNew<vtkFloatArray> w, pair, cellVectors, cellScalars;
  vtkNew<vtkDoubleArray> cellNormals;
  w->SetName("W");
  w->SetNumberOfComponents(3);
  pair->SetName("Pair");
  pair->SetNumberOfComponents(2);
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
  {
    w->InsertNextTuple3(0.5 * p, 1.0 - 0.25 * p, std::sin(0.1 * p));
    pair->InsertNextTuple2(p, -p);
  }
  cellVectors->SetName("CellV");
  cellVectors->SetNumberOfComponents(3);
  cellNormals->SetName("CellN");
  cellNormals->SetNumberOfComponents(3);
  cellScalars->SetName("CellS");
  for (vtkIdType c = 0; c < data->GetNumberOfCells(); ++c)
  {
    cellVectors->InsertNextTuple3(c, 2.0, -0.5 * c);
    const double n[3] = { std::cos(0.3 * c), std::sin(0.3 * c), 0.0 };
    cellNormals->InsertNextTuple(n);
    cellScalars->InsertNextValue(0.1f * c);
  }
  data->GetPointData()->AddArray(w);
  data->GetPointData()->AddArray(pair);
  data->GetCellData()->SetVectors(cellVectors);
  data->GetCellData()->SetNormals(cellNormals);
  data->GetCellData()->SetScalars(cellScalars);
  return data;
}

/// The same arrays in the same order, with the same attributes and values.
void ExpectSameData(vtkDataSetAttributes* expected, vtkDataSetAttributes* got, const std::string& what, double tolerance)
{
  ASSERT_EQ(expected->GetNumberOfArrays(), got->GetNumberOfArrays()) << what;
  for (int i = 0; i < expected->GetNumberOfArrays(); ++i)
  {
    EXPECT_STREQ(expected->GetAbstractArray(i)->GetName(), got->GetAbstractArray(i)->GetName()) << what << " array " << i;
    EXPECT_EQ(expected->IsArrayAnAttribute(i), got->IsArrayAnAttribute(i)) << what << " array " << i;
  }
  loomtest::ExpectSameArrays(expected, got, what, tolerance, true);
}
} // namespace

TEST(LoomPointMaps, TransformAsVTK)
{
  vtkNew<vtkTransform> general, singular;
  general->Translate(1.5, -2.0, 0.25);
  general->RotateWXYZ(35.0, 1.0, -2.0, 0.5);
  general->Scale(2.0, 0.5, 1.25);
  singular->RotateZ(20.0);
  singular->Scale(1.0, 2.0, 0.0);
  int index = 0;
  for (const auto& plain : Inputs())
  {
    const auto input = WithArrays(plain);
    const std::string what = std::string("input ") + std::to_string(index++) + " " + input->GetClassName();
    for (vtkTransform* transform : { general.Get(), singular.Get() })
      for (bool all : { true, false })
      {
        const std::string how = what + (transform == singular.Get() ? ", singular" : "") + (all ? ", all vectors" : "");
        vtkNew<vtkTransformFilter> vtk;
        vtk->SetInputData(input);
        vtk->SetTransform(transform);
        vtk->SetTransformAllInputVectors(all);
        vtk->Update();
        vtkNew<vtkLoomTransform> loom;
        loom->SetInputData(input);
        loom->SetTransform(transform);
        loom->SetTransformAllInputVectors(all);
        for (int device : loomtest::Devices())
        {
          loom->SetDevice(device);
          const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
          ASSERT_EQ(1, o.Status) << how << o.Errors;
          loomtest::ExpectRanOn(loom, device, how);
          EXPECT_EQ(transform == singular.Get(), o.Warnings.find("singular") != std::string::npos) << how << o.Warnings;
          auto* expected = vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0));
          auto* got = vtkDataSet::SafeDownCast(o.Output);
          ExpectSamePoints(expected, got, how);
          ExpectSameData(expected->GetPointData(), got->GetPointData(), how + " points", 1e-6);
          ExpectSameData(expected->GetCellData(), got->GetCellData(), how + " cells", 1e-6);
        }
      }
  }
}

TEST(LoomPointMaps, TransformFallsBackToVTK)
{
  auto input = WithArrays(loomtest::Hexahedra(Field(4)));
  // A transform that is not linear, and an integer vector array: VTK's filter, one info message each.
  vtkNew<vtkGeneralTransform> nonlinear;
  nonlinear->Translate(1.0, 2.0, 3.0);
  nonlinear->RotateZ(10.0);
  auto integers = WithArrays(loomtest::Hexahedra(Field(4)));
  vtkNew<vtkIntArray> counts;
  counts->SetName("Counts");
  counts->SetNumberOfComponents(3);
  for (vtkIdType p = 0; p < integers->GetNumberOfPoints(); ++p)
    counts->InsertNextTuple3(p, 2 * p, 3 * p);
  integers->GetPointData()->SetVectors(counts);
  vtkNew<vtkTransform> rotation;
  rotation->RotateX(25.0);
  struct Case
  {
    vtkDataSet* Input;
    vtkAbstractTransform* Transform;
    const char* Note;
  };
  for (const Case& c : { Case{ input, nonlinear, "is not linear" }, Case{ integers, rotation, "'Counts' (int, 3 components) is not float or double" } })
  {
    vtkNew<vtkTransformFilter> vtk;
    vtk->SetInputData(c.Input);
    vtk->SetTransform(c.Transform);
    vtk->Update();
    vtkNew<vtkLoomTransform> loom;
    loom->SetInputData(c.Input);
    loom->SetTransform(c.Transform);
    loomtest::LogCapture log;
    const loomtest::Outcome o = loomtest::UpdateCapturing(loom);
    ASSERT_EQ(1, o.Status) << o.Errors;
    EXPECT_NE(std::string::npos, log.Text.find(c.Note)) << log.Text;
    ExpectSamePoints(vtkDataSet::SafeDownCast(vtk->GetOutputDataObject(0)), vtkDataSet::SafeDownCast(o.Output), c.Note);
    ExpectSameData(vtk->GetOutput()->GetPointData(), vtkDataSet::SafeDownCast(o.Output)->GetPointData(), c.Note, 0.0);
    // Off, the same input is an error naming the filter.
    loom->FallbackToVTKOff();
    const loomtest::Outcome off = loomtest::UpdateCapturing(loom);
    EXPECT_EQ(0, off.Status) << c.Note;
    EXPECT_NE(std::string::npos, off.Errors.find("Loom Transform")) << off.Errors;
  }
  // No transform: an error naming the property; an empty input: an empty output.
  vtkNew<vtkLoomTransform> none;
  none->SetInputData(input);
  const loomtest::Outcome o = loomtest::UpdateCapturing(none);
  EXPECT_EQ(0, o.Status);
  EXPECT_NE(std::string::npos, o.Errors.find("no Transform is set")) << o.Errors;
  vtkNew<vtkLoomTransform> empty;
  empty->SetInputData(vtkNew<vtkPolyData>().Get());
  empty->SetTransform(rotation);
  const loomtest::Outcome e = loomtest::UpdateCapturing(empty);
  EXPECT_EQ(1, e.Status) << e.Errors;
  EXPECT_EQ(0, vtkDataSet::SafeDownCast(e.Output)->GetNumberOfPoints());
}
