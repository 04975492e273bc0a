// Loom filters: vtkLoomMeshQuality::RequestData: the measures checked as VTK checks them, the cells and
// points to the quality family without copies, the qualities handed to VTK without copies, and the
// statistics and size hints as vtkMeshQuality writes them. Images and rectilinear grids (voxels and pixels,
// which VTK does not measure) get NaN without the family.
#include "vtkLoomMeshQuality.h"

#include "LoomInterop.h"

#include <loom/algorithms/quality/MeshQuality.h>
#include <loom/algorithms/quality/QualityCommon.h>

#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkMeshQuality.h>
#include <vtkObjectFactory.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>


#include <array>

#include <cmath>
#include <limits>
#include <string>

vtkStandardNewMacro(vtkLoomMeshQuality);

namespace
{
using loom::algorithms::QualityShape;
using loom::algorithms::QualityShapeCount;

// The measures' names as ParaView's Mesh Quality lists them, by VTK's number.
const char* MeasureName(int measure)
{
  static const char* names[] = { "Edge Ratio", "Aspect Ratio", "Radius Ratio", "Aspect Frobenius",
                                 "Median Aspect Frobenius", "Maximum Aspect Frobenius", "Minimum Angle",
                                 "Collapse Ratio", "Maximum Angle", "Condition", "Scaled Jacobian", "Shear",
                                 "Relative Size Squared", "Shape", "Shape and Size", "Distortion",
                                 "Maximum Edge Ratio", "Skew", "Taper", "Volume", "Stretch", "Diagonal", "Dimension",
                                 "Oddy", "Shear and Size", "Jacobian", "Warpage", "Aspect Gamma", "Area",
                                 "Equiangle Skew", "Equivolume Skew", "Maximum Stretch", "Mean Aspect Frobenius",
                                 "Mean Ratio", "Nodal Jacobian Ratio", "Normalized Inradius", "Squish Index" };
  return measure >= 0 && measure < static_cast<int>(sizeof(names) / sizeof(names[0])) ? names[measure] : "unknown";
}

struct ShapeWords
{
  const char* Property; // as ParaView's panel shows it
  const char* Plural;
  const char* Statistics; // VTK's field data array
  const char* Hint;       // VTK's size hint array
  const char* SizeWord;
  int Default; // VTK's measure for a number the shape does not offer
};
const ShapeWords Words[QualityShapeCount] = {
  { "Triangle Quality Measure", "triangles", "Mesh Triangle Quality", "TriArea", "area", 2 },
  { "Quad Quality Measure", "quadrilaterals", "Mesh Quadrilateral Quality", "QuadArea", "area", 0 },
  { "Tet Quality Measure", "tetrahedra", "Mesh Tetrahedron Quality", "TetVolume", "volume", 2 },
  { "Pyramid Quality Measure", "pyramids", "Mesh Pyramid Quality", "PyrVolume", "volume", 13 },
  { "Wedge Quality Measure", "wedges", "Mesh Wedge Quality", "WedgeVolume", "volume", 0 },
  { "Hex Quality Measure", "hexahedra", "Mesh Hexahedron Quality", "HexVolume", "volume", 5 }
};

vtkSmartPointer<vtkDoubleArray> Tuple(const char* name, const double tuple[5])
{
  auto array = vtkSmartPointer<vtkDoubleArray>::New();
  array->SetName(name);
  array->SetNumberOfComponents(5);
  array->InsertNextTuple(tuple);
  return array;
}

vtkSmartPointer<vtkDoubleArray> Filled(const char* name, vtkIdType cells, double value)
{
  auto array = vtkSmartPointer<vtkDoubleArray>::New();
  array->SetName(name);
  array->SetNumberOfTuples(cells);
  array->Fill(value);
  return array;
}
} // namespace

vtkSmartPointer<vtkAlgorithm> vtkLoomMeshQuality::VTKFilter()
{
  auto vtk = vtkSmartPointer<vtkMeshQuality>::New();
  vtk->SetTriangleQualityMeasure(this->TriangleQualityMeasure);
  vtk->SetQuadQualityMeasure(this->QuadQualityMeasure);
  vtk->SetTetQualityMeasure(this->TetQualityMeasure);
  vtk->SetPyramidQualityMeasure(this->PyramidQualityMeasure);
  vtk->SetWedgeQualityMeasure(this->WedgeQualityMeasure);
  vtk->SetHexQualityMeasure(this->HexQualityMeasure);
  vtk->SetLinearApproximation(this->LinearApproximation);
  return vtk;
}

int vtkLoomMeshQuality::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                    vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Mesh Quality", this->Core, inputVector, outputVector);
  loom::interop::FilterSteps steps;
  steps.Passes = 1.0;
  steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // empty in: empty arrays and zero statistics
  if (!run.Begin(steps))
    return run.Status();
  vtkDataSet* input = run.Input();
  vtkDataSet* output = vtkDataSet::SafeDownCast(run.Output());

  // A measure the shape does not offer: VTK's default for the shape, with a warning, as VTK's filter does.
  loom::algorithms::MeshQualityOptions options;
  const int asked[QualityShapeCount] = { this->TriangleQualityMeasure, this->QuadQualityMeasure,
                                         this->TetQualityMeasure,      this->PyramidQualityMeasure,
                                         this->WedgeQualityMeasure,    this->HexQualityMeasure };
  for (int s = 0; s < QualityShapeCount; ++s)
  {
    options.Measure[s] = asked[s];
    if (!loom::algorithms::QualityMeasureOffered(static_cast<QualityShape>(s), asked[s]))
    {
      vtkWarningMacro("Loom Mesh Quality: " << Words[s].Property << " " << asked[s] << " is not a measure of "
                                            << Words[s].Plural << "; " << MeasureName(Words[s].Default)
                                            << " is used instead, as ParaView's Mesh Quality does.");
      options.Measure[s] = Words[s].Default;
    }
  }
  options.LinearApproximation = this->LinearApproximation;
  options.Device = run.Device();

  auto* structured = vtkStructuredGrid::SafeDownCast(input);
  if (structured && (structured->HasAnyBlankCells() || structured->HasAnyBlankPoints()))
    return run.FallBack("the structured grid has blanked cells, which Loom's quality family does not leave out; "
                        "VTK's vtkMeshQuality measures it instead.", this->VTKFilter());

  output->ShallowCopy(input);
  return run.Guard("measure the quality of", [&]() -> int {
    const vtkIdType cells = input->GetNumberOfCells();
    const bool needSizes = loom::algorithms::QualityNeedsAverageSizes(options.Measure);
    // VTK's size hints: the average sizes come from the input's field data when all six are there.
    vtkFieldData* fields = input->GetFieldData();
    bool hinted = needSizes;
    for (int s = 0; s < QualityShapeCount && hinted; ++s)
    {
      vtkDataArray* hint = fields ? fields->GetArray(Words[s].Hint) : nullptr;
      hinted = hint && hint->GetNumberOfTuples() > 0 && hint->GetNumberOfComponents() == 5;
      if (hinted)
        options.AverageSize[s] = hint->GetComponent(0, 1) / hint->GetComponent(0, 4);
    }
    options.AverageSizesGiven = hinted;

    loom::algorithms::MeshQualityResult result;
    vtkSmartPointer<vtkDataArray> quality, linear;
    if (vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input))
    {
      // Voxels, pixels, lines and vertices: VTK measures none of them.
      const double nan = std::numeric_limits<double>::quiet_NaN();
      quality = Filled("Quality", cells, nan);
      if (this->LinearApproximation)
        linear = Filled("Quality (Linear Approx)", cells, nan);
      result.SizesMeasured = needSizes && !hinted;
    }
    else
    {
      const loom::algorithms::FieldArray points = input->GetNumberOfPoints() > 0
        ? loom::interop::PointsFromVTK(input, nullptr, true, run.Device())
        : loom::algorithms::FieldArray::Allocate(loom::algorithms::ValueKind::Float64, 0, 3);
      result = loom::algorithms::MeshQuality(loom::interop::CellSetFromVTK(input, /*anyCellType=*/true), points, options);
      quality = loom::interop::FieldToVTK(result.Quality, "Quality");
      if (this->LinearApproximation)
        linear = loom::interop::FieldToVTK(result.LinearQuality, "Quality (Linear Approx)");
    }
    output->GetCellData()->AddArray(quality);
    output->GetCellData()->SetActiveAttribute("Quality", vtkDataSetAttributes::SCALARS);
    if (linear)
      output->GetCellData()->AddArray(linear);
    if (result.SizesMeasured)
      for (int s = 0; s < QualityShapeCount; ++s)
      {
        // VTK's raw accumulations: smallest, total, largest, total of squares, count. VTK's extremes start
        // from 0 and are joined with it: the smallest is never above 0, the largest never below.
        const loom::algorithms::QualityStatistics& z = result.Sizes[s];
        const double tuple[5] = { z.Count && z.Min < 0.0 ? z.Min : 0.0, z.Total, z.Count && z.Max > 0.0 ? z.Max : 0.0,
                                  z.Total2, static_cast<double>(z.Count) };
        output->GetFieldData()->AddArray(Tuple(Words[s].Hint, tuple));
      }
    for (int s = 0; s < QualityShapeCount; ++s)
    {
      double tuple[5];
      loom::algorithms::QualitySummary(result.Statistics[s], tuple);
      output->GetFieldData()->AddArray(Tuple(Words[s].Statistics, tuple));
      const int m = options.Measure[s];
      if (result.Statistics[s].Count > 0 && result.AverageSize[s] == 0.0 &&
          (m == loom::algorithms::quality::RelativeSizeSquared || m == loom::algorithms::quality::ShapeAndSize ||
           m == loom::algorithms::quality::ShearAndSize))
        vtkWarningMacro("Loom Mesh Quality: the " << Words[s].Plural << "' average " << Words[s].SizeWord
                                                  << " is 0; their " << MeasureName(m)
                                                  << " is 0, as in ParaView's Mesh Quality.");
    }
    return 1;
  });
}

void vtkLoomMeshQuality::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  const int measures[QualityShapeCount] = { this->TriangleQualityMeasure, this->QuadQualityMeasure,
                                            this->TetQualityMeasure,      this->PyramidQualityMeasure,
                                            this->WedgeQualityMeasure,    this->HexQualityMeasure };
  for (int s = 0; s < QualityShapeCount; ++s)
    os << indent << Words[s].Property << ": " << measures[s] << " (" << MeasureName(measures[s]) << ")\n";
  os << indent << "LinearApproximation: " << (this->LinearApproximation ? "On" : "Off") << "\n";
}
