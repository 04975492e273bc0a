// Loom filters: vtkLoomIntegrateVariables::RequestData: the dataset's (or every block's) cells, points and
// numeric arrays to the measure family without copies, the blocks' integrals joined as VTK joins them (the
// highest dimension wins), the one-point output built as vtkIntegrateAttributes builds it, and under MPI the
// ranks' outputs added on rank 0 by the rules of ParaView's filter.
#include "vtkLoomIntegrateVariables.h"

#include "LoomInterop.h"

#include <loom/algorithms/measure/Integrate.h>

#include <vtkCellData.h>
#include <vtkCompositeDataPipeline.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkDoubleArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkIntegrateAttributes.h>
#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomIntegrateVariables);

namespace
{
using loom::algorithms::Integrals;

/// Message tags of the ranks' join (Loom's own, not vtkIntegrateAttributes').
constexpr int JoinInfoTag = 7071;
constexpr int JoinDataTag = 7072;

/// An array integrated: its name and components, and the array of the first block that has it (component
/// names).
struct Integrated
{
  std::string Name;
  int Components;
  vtkDataArray* First;
};

/// The numeric arrays of `attributes` in the order of VTK's field list (by name, unnamed first).
std::vector<Integrated> NumericArrays(vtkDataSetAttributes* attributes)
{
  std::vector<Integrated> arrays;
  for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
    if (vtkDataArray* array = attributes->GetArray(a))
      arrays.push_back({ array->GetName() ? array->GetName() : "", array->GetNumberOfComponents(), array });
  std::stable_sort(arrays.begin(), arrays.end(),
                   [](const Integrated& x, const Integrated& y) { return x.Name < y.Name; });
  return arrays;
}

/// The arrays of `kept` that `attributes` has too, with as many components (composite input: every
/// non-empty block's arrays, as VTK's field list intersects them).
void Intersect(std::vector<Integrated>& kept, vtkDataSetAttributes* attributes)
{
  kept.erase(std::remove_if(kept.begin(), kept.end(),
                            [&](const Integrated& i) {
                              vtkDataArray* array = i.Name.empty() ? nullptr : attributes->GetArray(i.Name.c_str());
                              return !array || array->GetNumberOfComponents() != i.Components;
                            }),
             kept.end());
}

/// The block's arrays of the list, as fields of the engine (their memory, not copies).
std::vector<loom::algorithms::FieldArray> Fields(const std::vector<Integrated>& arrays, vtkDataSetAttributes* attributes,
                                                 bool single)
{
  std::vector<loom::algorithms::FieldArray> fields;
  for (const Integrated& i : arrays)
    fields.push_back(loom::interop::FieldFromVTK(single ? i.First : attributes->GetArray(i.Name.c_str())));
  return fields;
}

/// Adds block or rank integrals `from` to `to` by VTK's rule: a higher dimension replaces what was summed,
/// a lower one is left out.
void Join(Integrals& to, const Integrals& from)
{
  if (from.Dimension < to.Dimension || from.Dimension == 0)
    return;
  if (from.Dimension > to.Dimension)
  {
    to = from;
    return;
  }
  to.Measure += from.Measure;
  for (int j = 0; j < 3; ++j)
    to.Center[j] += from.Center[j];
  for (std::size_t f = 0; f < to.PointFields.size(); ++f)
    for (std::size_t c = 0; c < to.PointFields[f].size(); ++c)
      to.PointFields[f][c] += from.PointFields[f][c];
  for (std::size_t f = 0; f < to.CellFields.size(); ++f)
    for (std::size_t c = 0; c < to.CellFields[f].size(); ++c)
      to.CellFields[f][c] += from.CellFields[f][c];
}

/// One double array of one tuple per integrated array, in order, holding `values`.
void AddArrays(vtkDataSetAttributes* to, const std::vector<Integrated>& arrays,
               const std::vector<std::vector<double>>& values)
{
  for (std::size_t f = 0; f < arrays.size(); ++f)
  {
    vtkNew<vtkDoubleArray> array;
    if (!arrays[f].Name.empty())
      array->SetName(arrays[f].Name.c_str());
    array->SetNumberOfComponents(arrays[f].Components);
    array->CopyComponentNames(arrays[f].First);
    array->SetNumberOfTuples(1);
    for (int c = 0; c < arrays[f].Components; ++c)
      array->SetComponent(0, c, values[f][static_cast<std::size_t>(c)]);
    to->AddArray(array);
  }
}

/// The centre of the measure (the weighted sum itself when the measure is 0), as VTK places the point.
void PlacePoint(vtkUnstructuredGrid* output, double measure, const double center[3])
{
  double p[3];
  for (int j = 0; j < 3; ++j)
    p[j] = measure != 0.0 ? center[j] / measure : center[j];
  output->GetPoints()->SetPoint(0, p);
}

/// Every component of every array of `attributes` set to 0.
void Zero(vtkDataSetAttributes* attributes)
{
  for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
    if (vtkDataArray* array = attributes->GetArray(a))
      for (int c = 0; c < array->GetNumberOfComponents(); ++c)
        array->SetComponent(0, c, 0.0);
}

/// The arrays of `from` added to `to`'s of the same name and components; all of them copied when `to` has
/// none (a rank without data), as VTK joins a satellite's attributes.
void AddByName(vtkDataSetAttributes* from, vtkDataSetAttributes* to)
{
  if (from->GetNumberOfArrays() == 0)
    return;
  if (to->GetNumberOfArrays() == 0)
  {
    to->DeepCopy(from);
    return;
  }
  for (int a = 0; a < to->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* out = to->GetArray(a);
    const char* name = out ? out->GetName() : nullptr;
    vtkDataArray* in = name && name[0] ? from->GetArray(name) : nullptr;
    if (in && in->GetNumberOfComponents() == out->GetNumberOfComponents())
      for (int c = 0; c < out->GetNumberOfComponents(); ++c)
        out->SetComponent(0, c, out->GetComponent(0, c) + in->GetComponent(0, c));
  }
}

/// Each cell array but the last (the measure's) divided by `measure`.
void DivideCellArrays(vtkDataSetAttributes* cells, double measure)
{
  for (int a = 0; a + 1 < cells->GetNumberOfArrays(); ++a)
    if (vtkDataArray* array = cells->GetArray(a))
      for (int c = 0; c < array->GetNumberOfComponents(); ++c)
        array->SetComponent(0, c, array->GetComponent(0, c) / measure);
}
} // namespace

vtkSmartPointer<vtkAlgorithm> vtkLoomIntegrateVariables::VTKFilter()
{
  auto vtk = vtkSmartPointer<vtkIntegrateAttributes>::New();
  vtk->SetDivideAllCellDataByVolume(this->DivideAllCellDataByVolume);
  return vtk;
}

int vtkLoomIntegrateVariables::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataObject"); // datasets and composite data
  return 1;
}

vtkExecutive* vtkLoomIntegrateVariables::CreateDefaultExecutive()
{
  return vtkCompositeDataPipeline::New();
}

int vtkLoomIntegrateVariables::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                           vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Integrate Variables", this->Core, inputVector, outputVector);
  vtkDataObject* inputObject = vtkDataObject::GetData(inputVector[0]);
  vtkUnstructuredGrid* output = vtkUnstructuredGrid::GetData(outputVector);
  auto* composite = vtkCompositeDataSet::SafeDownCast(inputObject);
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const int ranks = controller ? controller->GetNumberOfProcesses() : 1;

  // The datasets integrated: the input, or the composite's blocks with points (VTK skips the others).
  std::vector<vtkDataSet*> blocks;
  std::string refused; // why Loom cannot take the input (VTK's filter then takes it)
  int status = 1;
  if (!composite)
  {
    loom::interop::FilterSteps steps;
    steps.Passes = 1.0;
    steps.EmptyWhen = loom::interop::FilterSteps::Empty::Never; // no cells: VTK's point at the origin, zeros
    if (run.Begin(steps))
      blocks.push_back(run.Input());
    else
      status = run.Status();
  }
  else
  {
    run.ExpectPasses(1.0);
    output->Initialize();
    for (vtkDataSet* block : vtkCompositeDataSet::GetDataSets(composite))
      if (block && block->GetNumberOfPoints() > 0 && status == 1)
      {
        const std::string malformed = loom::interop::MalformedCells(block);
        if (!malformed.empty())
          status = run.Fail("a block of the input: " + malformed);
        blocks.push_back(block);
      }
  }
  for (std::size_t b = 0; b < blocks.size() && status == 1; ++b)
  {
    const std::string unsupported = loom::interop::UnsupportedCells(blocks[b]);
    if (unsupported.find("UnknownClass") != std::string::npos) // vtkCellTypes' name for a type it does not know
      // VTK's filter ends the process on them (a cell it cannot make).
      status = run.Fail("the input has " + unsupported + ": no VTK cell type, which neither Loom nor VTK integrates.");
    else if (!unsupported.empty() && refused.empty())
      refused = "the input has " + unsupported + ", which Loom's measure family does not integrate";
    for (vtkDataSetAttributes* side : { static_cast<vtkDataSetAttributes*>(blocks[b]->GetPointData()),
                                        static_cast<vtkDataSetAttributes*>(blocks[b]->GetCellData()) })
      for (int a = 0; a < side->GetNumberOfArrays() && refused.empty(); ++a)
        if (vtkDataArray* array = side->GetArray(a); array && array->GetNumberOfComponents() > loom::algorithms::MaxComponents)
          refused = std::string("the array '") + (array->GetName() ? array->GetName() : "") + "' has " +
            std::to_string(array->GetNumberOfComponents()) + " components (Loom takes " +
            std::to_string(loom::algorithms::MaxComponents) + ")";
  }
  if (status != 1)
  {
    blocks.clear(); // a failed rank integrates nothing (and under MPI joins the others with nothing)
    refused.clear();
  }
  // Every rank takes the same route: VTK's filter joins its ranks by its own messages.
  int fallback = refused.empty() ? 0 : 1;
  if (ranks > 1)
  {
    int local = fallback;
    controller->AllReduce(&local, &fallback, 1, vtkCommunicator::MAX_OP);
    if (fallback && refused.empty())
      refused = "another rank's piece needs it";
  }
  if (fallback && status != 1)
  {
    // This rank failed: it joins VTK's ranks with nothing, its error stands.
    if (ranks > 1)
    {
      vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
      vtkNew<vtkUnstructuredGrid> nothing;
      vtk->SetInputDataObject(0, nothing);
      vtk->Update();
    }
    return status;
  }
  if (fallback)
    return run.FallBack(refused + "; VTK's vtkIntegrateAttributes integrates it instead.", [&]() -> int {
      vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
      vtk->SetInputDataObject(0, inputObject);
      vtk->Update();
      output->ShallowCopy(vtk->GetOutputDataObject(0));
      return 1;
    });

  // The arrays: this dataset's numeric arrays, or those every non-empty block has.
  std::vector<Integrated> pointArrays, cellArrays;
  if (!blocks.empty())
  {
    pointArrays = NumericArrays(blocks[0]->GetPointData());
    cellArrays = NumericArrays(blocks[0]->GetCellData());
    for (std::size_t b = 1; b < blocks.size(); ++b)
    {
      Intersect(pointArrays, blocks[b]->GetPointData());
      Intersect(cellArrays, blocks[b]->GetCellData());
    }
  }
  Integrals total;
  for (const Integrated& i : pointArrays)
    total.PointFields.emplace_back(static_cast<std::size_t>(i.Components), 0.0);
  for (const Integrated& i : cellArrays)
    total.CellFields.emplace_back(static_cast<std::size_t>(i.Components), 0.0);
  if (status == 1 && !blocks.empty())
    status = run.Guard("integrate", [&]() -> int {
      for (std::size_t b = 0; b < blocks.size(); ++b)
      {
        vtkDataSet* block = blocks[b];
        if (composite)
          run.Current = "block " + std::to_string(b) + " of those with points";
        loom::algorithms::IntegrateOptions options;
        options.AxisAligned = vtkImageData::SafeDownCast(block) || vtkRectilinearGrid::SafeDownCast(block);
        options.Device = run.Device();
        const loom::algorithms::FieldArray points = block->GetNumberOfPoints() > 0
          ? loom::interop::PointsFromVTK(block, nullptr, true, run.Device())
          : loom::algorithms::FieldArray::Allocate(loom::algorithms::ValueKind::Float64, 0, 3);
        Join(total, loom::algorithms::Integrate(loom::interop::CellSetFromVTK(block, /*anyCellType=*/true), points,
                                                Fields(pointArrays, block->GetPointData(), !composite),
                                                Fields(cellArrays, block->GetCellData(), !composite), options,
                                                loom::interop::GhostCellFlags(block, vtkDataSetAttributes::DUPLICATECELL |
                                                                                      vtkDataSetAttributes::HIDDENCELL)));
        if (this->CheckAbort())
          return run.Aborted();
      }
      return 1;
    });
  const bool aborted = this->GetAbortExecute(); // (the output is empty, a warning said so)
  if (status == 1 && !aborted)
  {
    // One point and one vertex; the arrays as doubles; the measure last among the cell arrays.
    vtkNew<vtkPoints> point;
    point->SetNumberOfPoints(1);
    output->SetPoints(point);
    PlacePoint(output, total.Measure, total.Center);
    output->Allocate(1);
    const vtkIdType vertex = 0;
    output->InsertNextCell(VTK_VERTEX, 1, &vertex);
    AddArrays(output->GetPointData(), pointArrays, total.PointFields);
    AddArrays(output->GetCellData(), cellArrays, total.CellFields);
    if (total.Dimension > 0)
    {
      vtkNew<vtkDoubleArray> measure;
      measure->SetName(total.Dimension == 1 ? "Length" : total.Dimension == 2 ? "Area" : "Volume");
      measure->SetNumberOfTuples(1);
      measure->SetValue(0, total.Measure);
      output->GetCellData()->AddArray(measure);
    }
  }
  else
    total = Integrals(); // a failed or aborted rank still joins the others, with nothing

  // The ranks' outputs added on rank 0 in rank order (every rank takes part whatever its outcome).
  if (ranks > 1)
  {
    double info[5] = { static_cast<double>(total.Dimension), total.Measure, total.Center[0], total.Center[1],
                       total.Center[2] };
    if (controller->GetLocalProcessId() > 0)
    {
      controller->Send(info, 5, 0, JoinInfoTag);
      controller->Send(output, 0, JoinDataTag);
      output->Initialize();
      return status;
    }
    for (int from = 1; from < ranks; ++from)
    {
      double theirs[5];
      controller->Receive(theirs, 5, from, JoinInfoTag);
      vtkNew<vtkUnstructuredGrid> piece;
      controller->Receive(piece, from, JoinDataTag);
      const int dimension = static_cast<int>(theirs[0]);
      if (dimension < total.Dimension || status != 1 || aborted)
        continue;
      if (dimension > total.Dimension)
      {
        Zero(output->GetPointData());
        Zero(output->GetCellData());
        total.Measure = total.Center[0] = total.Center[1] = total.Center[2] = 0.0;
        total.Dimension = dimension;
      }
      total.Measure += theirs[1];
      for (int j = 0; j < 3; ++j)
        total.Center[j] += theirs[2 + j];
      AddByName(piece->GetPointData(), output->GetPointData());
      AddByName(piece->GetCellData(), output->GetCellData());
    }
    if (status == 1 && !aborted)
      PlacePoint(output, total.Measure, total.Center);
  }
  if (status == 1 && !aborted && total.Measure != 0.0 && this->DivideAllCellDataByVolume)
    DivideCellArrays(output->GetCellData(), total.Measure);
  return status;
}

void vtkLoomIntegrateVariables::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "DivideAllCellDataByVolume: " << (this->DivideAllCellDataByVolume ? "On" : "Off") << "\n";
}
