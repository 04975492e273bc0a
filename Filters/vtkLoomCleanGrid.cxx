// Loom filters: vtkLoomCleanGrid::RequestData: merges the input's points with the clean family, renumbers
// the cells' point ids (the cells' offsets, types and data are the input's own arrays) and hands the
// merged points and their data to VTK.
#include "vtkLoomCleanGrid.h"

#include "LoomInterop.h"

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/clean/MergePoints.h>
#include <loom/algorithms/threshold/Threshold.h>
#include <loom/cont/Error.h>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCleanUnstructuredGrid.h>
#include <vtkDataSet.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <variant>

vtkStandardNewMacro(vtkLoomCleanGrid);

namespace
{
/// Why the input goes to ParaView's filter, or empty.
std::string FallbackReason(vtkDataSet* input)
{
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(input))
  {
    if (vtkUnsignedCharArray* types = grid->GetCellTypesArray())
    {
      const unsigned char* t = types->GetPointer(0);
      for (vtkIdType c = 0, n = types->GetNumberOfTuples(); c < n; ++c)
        if (t[c] == VTK_POLYHEDRON)
          return "has polyhedra (VTK cell type 42), whose face lists Loom's clean family does not renumber";
    }
  }
  if (auto* sgrid = vtkStructuredGrid::SafeDownCast(input))
    if (sgrid->HasAnyBlankCells() || sgrid->HasAnyBlankPoints())
      return "is a structured grid with blanked points or cells";
  if (auto* pointSet = vtkPointSet::SafeDownCast(input))
    if (pointSet->GetPoints() && pointSet->GetPoints()->GetDataType() != VTK_FLOAT &&
        pointSet->GetPoints()->GetDataType() != VTK_DOUBLE)
      return std::string("has points of type ") + pointSet->GetPoints()->GetData()->GetDataTypeAsString() +
        " (Loom merges float and double positions)";
  return "";
}
} // namespace

int vtkLoomCleanGrid::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkLoomCleanGrid::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                  vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::GetData(outputVector);
  // The previous result goes first: its large blocks return to Loom's pool for this run.
  output->Initialize();
  auto fail = [&](const std::string& message) {
    vtkErrorMacro(<< "Loom Clean to Grid: " << message);
    output->Initialize();
    return 0;
  };
  if (!input)
    return fail("no input dataset.");
  const double tolerance = this->ToleranceIsAbsolute ? this->AbsoluteTolerance : this->Tolerance;
  if (!(tolerance >= 0.0) || std::isinf(tolerance))
  {
    std::ostringstream message;
    message << (this->ToleranceIsAbsolute ? "AbsoluteTolerance" : "Tolerance") << " is " << tolerance
            << "; it must be a finite distance of zero or more.";
    return fail(message.str());
  }
  if (input->GetNumberOfCells() == 0)
  {
    // As ParaView's filter: no points and no cells, the input's arrays with no tuples.
    output->GetPointData()->CopyAllocate(input->GetPointData(), 0);
    output->GetCellData()->CopyAllocate(input->GetCellData(), 0);
    output->SetPoints(vtkSmartPointer<vtkPoints>::New());
    return 1;
  }

  const std::string reason = FallbackReason(input);
  if (!reason.empty())
  {
    vtkLog(INFO, "Loom Clean to Grid: the input " << reason
                   << "; ParaView's vtkCleanUnstructuredGrid cleans it instead (RemovePointsWithoutCells and "
                      "PointDataWeighingStrategy do not apply there).");
    vtkNew<vtkCleanUnstructuredGrid> filter;
    filter->SetInputData(input);
    filter->SetTolerance(this->Tolerance);
    filter->SetAbsoluteTolerance(this->AbsoluteTolerance);
    filter->SetToleranceIsAbsolute(this->ToleranceIsAbsolute);
    filter->Update();
    output->ShallowCopy(filter->GetOutput());
    return 1;
  }

  std::string current = "cells";
  try
  {
    const loom::cont::DeviceId device = loom::interop::DeviceFromChoice(this->Device);
    const vtkIdType numPoints = input->GetNumberOfPoints();
    // The cells as offsets and connectivity: an unstructured grid's own arrays (no copy), polygonal
    // data's four cell arrays in one, structured cells written out (voxels for images and rectilinear
    // grids, hexahedra for structured grids, as VTK numbers their points).
    auto* grid = vtkUnstructuredGrid::SafeDownCast(input);
    loom::interop::CellArrayHandles cells;
    loom::cont::ArrayHandle<loom::UInt8> shapes;
    if (grid)
      cells = loom::interop::CellArrayFromVTK(grid->GetCells());
    else
    {
      const loom::algorithms::CellSetAny set = loom::interop::CellSetFromVTK(input);
      if (const auto* poly = std::get_if<loom::cont::CellSetExplicit<loom::Int64, loom::Int64>>(&set))
      {
        cells.Is64Bit = true;
        cells.Offsets64 = poly->GetOffsets();
        cells.Connectivity64 = poly->GetConnectivity();
        shapes = poly->GetShapes();
      }
      else
      {
        const auto kind = vtkImageData::SafeDownCast(input) || vtkRectilinearGrid::SafeDownCast(input)
          ? loom::algorithms::StructuredCellKind::Voxel
          : loom::algorithms::StructuredCellKind::Hexahedron;
        loom::cont::ArrayHandle<loom::UInt8> all;
        all.Allocate(input->GetNumberOfCells());
        std::fill(all.GetPointer(), all.GetPointer() + all.GetNumberOfValues(), loom::UInt8(1));
        loom::algorithms::CellSubset subset = loom::algorithms::ExtractCells(set, all, kind, device);
        if (subset.GetNumberOfPoints() != numPoints)
          throw loom::cont::ErrorBadValue("the structured cells use " + std::to_string(subset.GetNumberOfPoints()) +
                                          " of " + std::to_string(numPoints) + " points.");
        cells.Is64Bit = subset.Is64Bit;
        cells.Offsets32 = subset.Offsets32;
        cells.Connectivity32 = subset.Connectivity32;
        cells.Offsets64 = subset.Offsets64;
        cells.Connectivity64 = subset.Connectivity64;
        shapes = subset.Shapes;
      }
    }
    this->UpdateProgress(0.1);

    current = "points";
    loom::algorithms::MergePointsOptions options;
    options.Device = device;
    options.Tolerance = this->ToleranceIsAbsolute ? tolerance : tolerance * input->GetLength();
    options.ListMembers = this->PointDataWeighingStrategy == AVERAGING;
    if (this->RemovePointsWithoutCells)
      options.UsedPoints = cells.Is64Bit ? loom::algorithms::UsedPointFlags(cells.Connectivity64, numPoints, device)
                                         : loom::algorithms::UsedPointFlags(cells.Connectivity32, numPoints, device);
    const loom::algorithms::FieldArray positions = loom::interop::PointsFromVTK(input, nullptr, false, device);
    const loom::algorithms::MergePointsResult merged = loom::algorithms::MergePoints(positions, options);
    this->UpdateProgress(0.5);
    if (this->CheckAbort())
    {
      vtkWarningMacro(<< "Loom Clean to Grid: aborted; the output is empty.");
      output->Initialize();
      return 1;
    }

    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetData(
      loom::interop::FieldToVTK(loom::algorithms::GatherTuples(merged.FirstPoints, positions, device), "Points"));
    output->SetPoints(points);

    current = "output cells";
    vtkSmartPointer<vtkCellArray> cellArray;
    if (grid)
    {
      // The input's offsets and types arrays are shared; only the connectivity is new.
      cellArray = vtkSmartPointer<vtkCellArray>::New();
      vtkCellArray* in = grid->GetCells();
      if (cells.Is64Bit)
        cellArray->SetData(in->GetOffsetsArray64(),
                           loom::interop::CellArrayToVTK(cells.Offsets64,
                                                         loom::algorithms::RemapPointIds(cells.Connectivity64,
                                                                                         merged.PointMap, device))
                             ->GetConnectivityArray64());
      else
        cellArray->SetData(in->GetOffsetsArray32(),
                           loom::interop::CellArrayToVTK(cells.Offsets32,
                                                         loom::algorithms::RemapPointIds(cells.Connectivity32,
                                                                                         merged.PointMap, device))
                             ->GetConnectivityArray32());
      output->SetCells(grid->GetCellTypesArray(), cellArray);
    }
    else if (cells.Is64Bit)
      loom::interop::SetUnstructuredCells(output, shapes, cells.Offsets64,
                                          loom::algorithms::RemapPointIds(cells.Connectivity64, merged.PointMap, device));
    else
      loom::interop::SetUnstructuredCells(output, shapes, cells.Offsets32,
                                          loom::algorithms::RemapPointIds(cells.Connectivity32, merged.PointMap, device));
    this->UpdateProgress(0.7);

    current = "point data";
    if (this->PointDataWeighingStrategy == AVERAGING)
      loom::interop::AverageAttributes(input->GetPointData(), output->GetPointData(), merged.FirstPoints,
                                       merged.MemberOffsets, merged.Members, device);
    else
      loom::interop::GatherAttributes(input->GetPointData(), output->GetPointData(), merged.FirstPoints, device);
    current = "cell data";
    output->GetCellData()->PassData(input->GetCellData());
    output->GetFieldData()->PassData(input->GetFieldData());
    this->UpdateProgress(1.0);
  }
  catch (const loom::cont::Error& e)
  {
    return fail("cannot clean the " + std::string(input->GetClassName()) + " (" + current + "): " + e.what());
  }
  return 1;
}

void vtkLoomCleanGrid::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  static const char* devices[] = { "Auto", "Serial", "TBB", "CUDA" };
  os << indent << "Tolerance: " << this->Tolerance << "\n";
  os << indent << "AbsoluteTolerance: " << this->AbsoluteTolerance << "\n";
  os << indent << "ToleranceIsAbsolute: " << (this->ToleranceIsAbsolute ? "On" : "Off") << "\n";
  os << indent << "RemovePointsWithoutCells: " << (this->RemovePointsWithoutCells ? "On" : "Off") << "\n";
  os << indent << "PointDataWeighingStrategy: "
     << (this->PointDataWeighingStrategy == AVERAGING ? "Averaging" : "First point") << "\n";
  os << indent << "Device: " << devices[this->Device] << "\n";
}
