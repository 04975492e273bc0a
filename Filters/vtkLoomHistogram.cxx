// Loom filters: vtkLoomHistogram::RequestData: the chosen array of the dataset, table or every block to the
// histogram family without copies (its ghost flags too), the ranks' ranges and counts joined as ParaView's
// filter joins them, and the table vtkExtractHistogram gives. Its fallback, VTK's vtkExtractHistogram, is
// joined across the ranks by a subclass that agrees on the range and sums the counts and totals on rank 0.
#include "vtkLoomHistogram.h"

#include "LoomAcceleration.h"
#include "LoomInterop.h"

#include <loom/algorithms/histogram/Histogram.h>

#include <vtkCellData.h>
#include <vtkCommunicator.h>
#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataPipeline.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataSet.h>
#include <vtkDataSetAttributes.h>
#include <vtkDoubleArray.h>
#include <vtkExtractHistogram.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkImageData.h>
#include <vtkIntArray.h>
#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>
#include <vtkTable.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkLoomHistogram);

namespace
{
using loom::algorithms::HistogramRange;

/// vtkExtractHistogram joined across the ranks of the global controller as ParaView's filter joins them:
/// the range agreed by all ranks, the counts and the totals of Calculate Averages summed on rank 0 (the
/// averages made again from them), the others' tables emptied; Normalize and Accumulation on rank 0 last.
class ExtractHistogramOnRanks : public vtkExtractHistogram
{
public:
  static ExtractHistogramOnRanks* New()
  {
    auto* made = new ExtractHistogramOnRanks;
    made->InitializeObjectBase();
    return made;
  }
  vtkTypeMacro(ExtractHistogramOnRanks, vtkExtractHistogram);

protected:
  bool GetInputArrayRange(vtkInformationVector** inputVector, double range[2]) override
  {
    vtkMultiProcessController* ranks = loom::interop::SeveralRanks();
    if (!ranks)
      return this->Superclass::GetInputArrayRange(inputVector, range);
    double local[2] = { VTK_DOUBLE_MAX, VTK_DOUBLE_MIN }; // a rank without the array joins with nothing
    this->Superclass::GetInputArrayRange(inputVector, local);
    ranks->AllReduce(&local[0], &range[0], 1, vtkCommunicator::MIN_OP);
    ranks->AllReduce(&local[1], &range[1], 1, vtkCommunicator::MAX_OP);
    return true;
  }
  int RequestData(vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector) override
  {
    vtkMultiProcessController* ranks = loom::interop::SeveralRanks();
    if (!ranks)
      return this->Superclass::RequestData(request, inputVector, outputVector);
    const bool normalize = this->Normalize, accumulation = this->Accumulation;
    this->Normalize = this->Accumulation = false;
    const int status = this->Superclass::RequestData(request, inputVector, outputVector);
    this->Normalize = normalize;
    this->Accumulation = accumulation;
    vtkTable* output = vtkTable::GetData(outputVector, 0);
    if (!status || !output->GetRowData()->GetArray(this->BinExtentsArrayName))
      return status; // no range on any rank: every table is empty
    // The ranks' tables gathered on rank 0 (one collective call whatever each rank holds), the counts and the
    // totals added by name and components, as ParaView's reduction adds them.
    vtkDataSetAttributes* rows = output->GetRowData();
    const bool root = ranks->GetLocalProcessId() == 0;
    vtkNew<vtkTable> mine;
    mine->ShallowCopy(output);
    std::vector<vtkSmartPointer<vtkDataObject>> tables;
    ranks->Gather(mine, tables, 0);
    if (!root)
    {
      output->Initialize();
      return status;
    }
    for (std::size_t r = 1; r < tables.size(); ++r)
    {
      auto* theirs = vtkTable::SafeDownCast(tables[r]);
      for (int a = 0; theirs && a < rows->GetNumberOfArrays(); ++a)
      {
        vtkDataArray* column = rows->GetArray(a);
        const std::string name = column && column->GetName() ? column->GetName() : "";
        if (name.empty() || name == this->BinExtentsArrayName ||
            (name.size() > 8 && name.compare(name.size() - 8, 8, "_average") == 0))
          continue;
        vtkDataArray* other = theirs->GetRowData()->GetArray(name.c_str());
        if (!other || other->GetNumberOfTuples() != column->GetNumberOfTuples() ||
            other->GetNumberOfComponents() != column->GetNumberOfComponents())
          continue;
        for (vtkIdType t = 0; t < column->GetNumberOfTuples(); ++t)
          for (int c = 0; c < column->GetNumberOfComponents(); ++c)
            column->SetComponent(t, c, column->GetComponent(t, c) + other->GetComponent(t, c));
      }
    }
    // ParaView's reduction gives rank 0 the columns in the order of their names.
    std::vector<vtkSmartPointer<vtkAbstractArray>> sorted;
    for (int a = 0; a < rows->GetNumberOfArrays(); ++a)
      sorted.emplace_back(rows->GetAbstractArray(a));
    std::stable_sort(sorted.begin(), sorted.end(), [](const vtkSmartPointer<vtkAbstractArray>& x,
                                                      const vtkSmartPointer<vtkAbstractArray>& y) {
      return std::string(x->GetName() ? x->GetName() : "") < std::string(y->GetName() ? y->GetName() : "");
    });
    rows->Initialize();
    for (const auto& column : sorted)
      rows->AddArray(column);
    // The averages from the summed totals and counts, as ParaView divides them (an empty bin: 0 / 0).
    vtkDataArray* counts = rows->GetArray(this->BinValuesArrayName);
    for (int a = 0; a < rows->GetNumberOfArrays(); ++a)
    {
      vtkDataArray* average = rows->GetArray(a);
      const std::string name = average->GetName() ? average->GetName() : "";
      if (name.size() <= 8 || name.compare(name.size() - 8, 8, "_average") != 0)
        continue;
      vtkDataArray* total = rows->GetArray((name.substr(0, name.size() - 8) + "_total").c_str());
      for (vtkIdType b = 0; total && b < average->GetNumberOfTuples(); ++b)
        for (int c = 0; c < average->GetNumberOfComponents(); ++c)
          average->SetComponent(b, c, total->GetComponent(b, c) / counts->GetTuple1(b));
    }
    if (normalize)
      this->NormalizeBins(output);
    if (accumulation)
      this->AccumulateBins(output);
    return status;
  }
};

/// The attributes holding an array of `association` in `data` (null: none of that kind).
vtkFieldData* AttributesOf(vtkDataObject* data, int association)
{
  auto* dataset = vtkDataSet::SafeDownCast(data);
  switch (association)
  {
    case vtkDataObject::FIELD_ASSOCIATION_POINTS: return dataset ? dataset->GetPointData() : nullptr;
    case vtkDataObject::FIELD_ASSOCIATION_CELLS: return dataset ? dataset->GetCellData() : nullptr;
    case vtkDataObject::FIELD_ASSOCIATION_ROWS:
      return vtkTable::SafeDownCast(data) ? vtkTable::SafeDownCast(data)->GetRowData() : nullptr;
    case vtkDataObject::FIELD_ASSOCIATION_NONE: return data->GetFieldData();
    default: return nullptr;
  }
}

/// One array binned: its values, and the ghost flags of its attributes with the bits VTK skips (hidden and
/// duplicate points on point data, cells otherwise; none on field data).
struct Piece
{
  vtkDataArray* Array = nullptr;
  loom::cont::ArrayHandle<loom::UInt8> Ghosts;
  loom::UInt8 GhostBits = 0;
};

Piece PieceOf(vtkDataArray* array, vtkFieldData* data)
{
  Piece piece;
  piece.Array = array;
  auto* attributes = vtkDataSetAttributes::SafeDownCast(data);
  auto* ghosts = attributes ? vtkUnsignedCharArray::SafeDownCast(attributes->GetArray(vtkDataSetAttributes::GhostArrayName()))
                            : nullptr;
  if (ghosts && ghosts->GetNumberOfComponents() == 1 && ghosts->GetNumberOfTuples() == array->GetNumberOfTuples())
  {
    piece.Ghosts = loom::interop::FieldFromVTK(ghosts).GetSingleComponent<loom::UInt8>();
    piece.GhostBits = attributes->IsA("vtkPointData")
      ? static_cast<loom::UInt8>(vtkDataSetAttributes::HIDDENPOINT | vtkDataSetAttributes::DUPLICATEPOINT)
      : static_cast<loom::UInt8>(vtkDataSetAttributes::HIDDENCELL | vtkDataSetAttributes::DUPLICATECELL);
  }
  return piece;
}

const char* SideName(int association)
{
  switch (association)
  {
    case vtkDataObject::FIELD_ASSOCIATION_POINTS: return "point";
    case vtkDataObject::FIELD_ASSOCIATION_CELLS: return "cell";
    case vtkDataObject::FIELD_ASSOCIATION_ROWS: return "row";
    case vtkDataObject::FIELD_ASSOCIATION_NONE: return "field";
    default: return "point or cell";
  }
}
} // namespace

vtkLoomHistogram::vtkLoomHistogram()
{
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS,
                               vtkDataSetAttributes::SCALARS);
}

vtkSmartPointer<vtkAlgorithm> vtkLoomHistogram::VTKFilter()
{
  auto vtk = vtkSmartPointer<ExtractHistogramOnRanks>::New();
  vtk->SetInputArrayToProcess(0, this->GetInputArrayInformation(0));
  vtk->SetComponent(this->Component);
  vtk->SetBinCount(this->BinCount);
  vtk->SetCenterBinsAroundMinAndMax(this->CenterBinsAroundMinAndMax);
  vtk->SetCustomBinRanges(this->CustomBinRanges);
  vtk->SetUseCustomBinRanges(this->UseCustomBinRanges);
  vtk->SetCalculateAverages(this->CalculateAverages);
  vtk->SetNormalize(this->Normalize);
  vtk->SetAccumulation(this->Accumulation);
  return vtk;
}

int vtkLoomHistogram::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataObject"); // datasets, tables, composite data
  return 1;
}

vtkExecutive* vtkLoomHistogram::CreateDefaultExecutive()
{
  return vtkCompositeDataPipeline::New();
}

int vtkLoomHistogram::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                  vtkInformationVector* outputVector)
{
  loom::interop::FilterRun run(this, "Loom Histogram", this->Core, inputVector, outputVector);
  run.ExpectPasses(2.0);
  vtkTable* output = vtkTable::GetData(outputVector);
  output->Initialize();
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0]);
  vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
  const int ranks = controller ? controller->GetNumberOfProcesses() : 1;

  // The properties (the same on every rank).
  if (this->BinCount < 1)
    return run.Fail("Bin Count is " + std::to_string(this->BinCount) + "; it must be at least 1.");
  if (this->Component < 0)
    return run.Fail("Component is " + std::to_string(this->Component) +
                    "; it must be a component of the array (0 or more) or the number of components (the magnitude).");
  if (this->UseCustomBinRanges && this->CustomBinRanges[1] < this->CustomBinRanges[0])
  {
    // As VTK: the custom range swapped, with a warning.
    std::swap(this->CustomBinRanges[0], this->CustomBinRanges[1]);
    vtkWarningMacro("Loom Histogram: Custom Bin Ranges adjusted to keep min <= max value.");
  }

  // The arrays binned: the input's, or every block's that has the array and the component (as VTK skips
  // the others).
  vtkInformation* chosen = this->GetInputArrayInformation(0);
  const std::string name = chosen && chosen->Has(vtkDataObject::FIELD_NAME()) ? chosen->Get(vtkDataObject::FIELD_NAME()) : "";
  const std::string what = "Select Input Array array '" + name + "'";
  std::vector<Piece> pieces;
  std::string refused, error;
  auto* composite = vtkCompositeDataSet::SafeDownCast(input);
  // A dataset without points or cells, or a table without rows: nothing to bin (VTK's filter reads past the
  // arrays such blocks may carry).
  auto hollow = [](vtkDataObject* data) {
    auto* dataset = vtkDataSet::SafeDownCast(data);
    auto* table = vtkTable::SafeDownCast(data);
    return (dataset && dataset->GetNumberOfPoints() == 0 && dataset->GetNumberOfCells() == 0) ||
      (table && table->GetNumberOfRows() == 0);
  };
  bool anyData = false; // a block (or the input) that is not hollow
  std::string malformed; // the first block's array shorter than its points or cells (VTK's filter reads past it)
  auto take = [&](vtkDataObject* data, bool single) {
    anyData = anyData || !hollow(data);
    if (auto* dataset = vtkDataSet::SafeDownCast(data); dataset && malformed.empty())
      malformed = loom::interop::MalformedArrays(dataset);
    if (!vtkDataSet::SafeDownCast(data) && !vtkTable::SafeDownCast(data))
    {
      refused = std::string("the input is a ") + data->GetClassName() + ", which Loom's histogram family does not read";
      return;
    }
    int association = -1;
    vtkAbstractArray* found = this->GetInputAbstractArrayToProcess(0, data, association);
    vtkDataArray* array = vtkDataArray::SafeDownCast(found);
    if (!array || this->Component > array->GetNumberOfComponents())
    {
      auto* dataset = vtkDataSet::SafeDownCast(data);
      const bool empty = dataset ? dataset->GetNumberOfPoints() == 0 && dataset->GetNumberOfCells() == 0
                                 : vtkTable::SafeDownCast(data)->GetNumberOfRows() == 0;
      if (!single || (empty && !found))
        return; // a block without it is skipped; an empty input gives an empty table
      if (!found)
        error = what + " is not in the input's " + SideName(chosen ? chosen->Get(vtkDataObject::FIELD_ASSOCIATION()) : -1) +
          " data.";
      else if (!array)
        error = what + " is a " + found->GetClassName() + ", not a numeric array.";
      else
        error = "Component is " + std::to_string(this->Component) + " and " + what + " has " +
          std::to_string(array->GetNumberOfComponents()) + " components (" +
          std::to_string(array->GetNumberOfComponents()) + " is its magnitude).";
      return;
    }
    if (array->GetNumberOfComponents() > loom::algorithms::MaxComponents)
    {
      refused = what + " has " + std::to_string(array->GetNumberOfComponents()) + " components (Loom takes " +
        std::to_string(loom::algorithms::MaxComponents) + ")";
      return;
    }
    pieces.push_back(PieceOf(array, AttributesOf(data, association)));
  };
  if (!input)
    error = "no input.";
  else if (composite)
  {
    vtkSmartPointer<vtkCompositeDataIterator> it;
    it.TakeReference(composite->NewIterator());
    for (it->InitTraversal(); !it->IsDoneWithTraversal() && refused.empty(); it->GoToNextItem())
      take(it->GetCurrentDataObject(), false);
  }
  else
    take(input, true);
  const bool fieldData = chosen && chosen->Has(vtkDataObject::FIELD_ASSOCIATION()) &&
    chosen->Get(vtkDataObject::FIELD_ASSOCIATION()) == vtkDataObject::FIELD_ASSOCIATION_NONE;
  if (this->CalculateAverages && fieldData && !this->UseCustomBinRanges && error.empty())
    // VTK's filter, which computes the averages, dereferences a null attribute object there (its ghost lookup).
    error = "Calculate Averages on field data (" + what +
      "): VTK's filter, which computes the averages, cannot take field data without Use Custom Bin Ranges.";
  if (this->CalculateAverages && refused.empty())
    refused = "Calculate Averages is on (the other arrays' totals and averages per bin)";
  // Empty in, empty out: hollow blocks give an empty table here, not VTK's filter.
  const bool empty = !anyData && !fieldData;
  if (empty)
    refused.clear();
  if (!refused.empty() && !malformed.empty() && error.empty())
    error = malformed.substr(0, malformed.size() - 1) + ", which VTK's vtkExtractHistogram (" + refused +
      ") would read past.";

  // Every rank takes the same route: a failed rank joins the others with nothing.
  int status = error.empty() ? 1 : run.Fail(error);
  if (status != 1)
  {
    pieces.clear();
    refused.clear();
  }
  int fallback = refused.empty() ? 0 : 1;
  if (ranks > 1)
  {
    int local = fallback;
    controller->AllReduce(&local, &fallback, 1, vtkCommunicator::MAX_OP);
    if (fallback && refused.empty() && status == 1)
      refused = "another rank's piece needs it";
  }
  if (fallback && status != 1)
  {
    // The other ranks run VTK's filter (unless Fallback To VTK is off, or ParaView's own Histogram declines the
    // fallback and runs its code on every rank): this rank joins their messages with an empty input of its kind.
    const std::string note = "another rank's piece needs VTK's vtkExtractHistogram";
    if (ranks > 1 && this->Core.FallbackToVTK && !loom::interop::DeclineFallback(this, note))
    {
      vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
      vtkSmartPointer<vtkDataObject> nothing;
      nothing.TakeReference(input ? input->NewInstance() : vtkImageData::New());
      vtk->SetInputDataObject(0, nothing);
      vtk->Update();
    }
    return status;
  }
  if (fallback)
    return run.FallBack(refused + "; VTK's vtkExtractHistogram bins it instead.", [&]() -> int {
      vtkSmartPointer<vtkAlgorithm> vtk = this->VTKFilter();
      // A hollow piece joins the other ranks' run as an empty input of its kind; hollow blocks are left out.
      vtkSmartPointer<vtkDataObject> given = input;
      if (empty)
        given.TakeReference(input->NewInstance());
      else if (composite)
      {
        vtkSmartPointer<vtkCompositeDataSet> kept;
        kept.TakeReference(composite->NewInstance());
        kept->CopyStructure(composite);
        vtkSmartPointer<vtkCompositeDataIterator> it;
        it.TakeReference(composite->NewIterator());
        for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
          kept->SetDataSet(it, hollow(it->GetCurrentDataObject()) ? nullptr : it->GetCurrentDataObject());
        given = kept;
      }
      vtk->SetInputDataObject(0, given);
      vtk->Update();
      output->ShallowCopy(vtk->GetOutputDataObject(0));
      double range[2];
      static_cast<vtkExtractHistogram*>(vtk.Get())->GetBinRange(range);
      this->BinRange[0] = range[0];
      this->BinRange[1] = range[1];
      return 1;
    });

  // The range: the custom one, or the values' finite range over every piece and rank.
  HistogramRange range;
  std::vector<loom::algorithms::FieldArray> fields;
  auto options = [&](const Piece& piece) {
    loom::algorithms::HistogramOptions o;
    o.Component = this->Component;
    o.Bins = this->BinCount;
    o.CenterBinsAroundMinAndMax = this->CenterBinsAroundMinAndMax;
    o.Ghosts = piece.Ghosts;
    o.GhostBits = piece.GhostBits;
    // VTK's range sums a magnitude's squares in the array's type for the types it dispatches, in double else.
    switch (piece.Array->GetDataType())
    {
      case VTK_CHAR:
      case VTK_SHORT:
      case VTK_INT:
      case VTK_UNSIGNED_CHAR:
      case VTK_UNSIGNED_SHORT:
      case VTK_UNSIGNED_INT:
      case VTK_FLOAT:
      case VTK_DOUBLE: o.SquaresInOwnType = piece.Array->HasStandardMemoryLayout(); break;
      default: o.SquaresInOwnType = false;
    }
    o.Device = run.Device();
    return o;
  };
  std::vector<loom::Int64> counts(static_cast<std::size_t>(this->BinCount), 0);
  if (status == 1)
    status = run.Guard(nullptr, [&]() -> int {
      for (const Piece& piece : pieces)
        fields.push_back(loom::interop::FieldFromVTK(piece.Array));
      if (this->UseCustomBinRanges)
        range = HistogramRange{ this->CustomBinRanges[0], this->CustomBinRanges[1] };
      else
      {
        run.Current = what + " (its range)";
        for (std::size_t p = 0; p < pieces.size(); ++p)
          range.Join(loom::algorithms::FiniteRange(fields[p], options(pieces[p])));
      }
      if (this->CheckAbort())
        return run.Aborted();
      return 1;
    });
  if (ranks > 1 && !this->UseCustomBinRanges)
  {
    HistogramRange all;
    controller->AllReduce(&range.Min, &all.Min, 1, vtkCommunicator::MIN_OP);
    controller->AllReduce(&range.Max, &all.Max, 1, vtkCommunicator::MAX_OP);
    range = all;
  }
  const bool binned = !range.Empty(); // no finite value anywhere: VTK's table is empty
  if (binned && range.Min == range.Max)
  {
    range.Min -= 0.5;
    range.Max += 0.5;
  }
  this->BinRange[0] = range.Min;
  this->BinRange[1] = range.Max;
  if (status == 1 && binned && !this->GetAbortExecute())
    status = run.Guard(nullptr, [&]() -> int {
      run.Current = what;
      for (std::size_t p = 0; p < pieces.size(); ++p)
      {
        const std::vector<loom::Int64> some = loom::algorithms::BinCounts(fields[p], options(pieces[p]), range.Min, range.Max);
        for (std::size_t b = 0; b < counts.size(); ++b)
          counts[b] += some[b];
        if (this->CheckAbort())
          return run.Aborted();
      }
      return 1;
    });
  const bool aborted = this->GetAbortExecute() != 0;
  if (status != 1 || aborted)
    std::fill(counts.begin(), counts.end(), 0); // a failed or aborted rank joins the others with nothing
  if (ranks > 1 && binned)
  {
    std::vector<loom::Int64> sum(counts.size(), 0);
    controller->Reduce(counts.data(), sum.data(), static_cast<vtkIdType>(counts.size()), vtkCommunicator::SUM_OP, 0);
    counts.swap(sum);
    if (controller->GetLocalProcessId() != 0)
    {
      output->Initialize();
      return status;
    }
  }
  if (status != 1 || aborted || !binned)
    return status;

  // The table: the bins' centres and counts (as VTK's int), then Normalize and Accumulation as VTK makes them.
  vtkNew<vtkDoubleArray> extents;
  extents->SetName("bin_extents");
  const std::vector<double> centers =
    loom::algorithms::BinCenters(range.Min, range.Max, this->BinCount, this->CenterBinsAroundMinAndMax);
  extents->SetNumberOfTuples(this->BinCount);
  std::copy(centers.begin(), centers.end(), extents->GetPointer(0));
  vtkSmartPointer<vtkDataArray> values = vtkSmartPointer<vtkIntArray>::New();
  values->SetName("bin_values");
  values->SetNumberOfTuples(this->BinCount);
  int total = 0;
  for (int b = 0; b < this->BinCount; ++b)
  {
    static_cast<vtkIntArray*>(values.Get())->SetValue(b, static_cast<int>(counts[static_cast<std::size_t>(b)]));
    total += static_cast<int>(counts[static_cast<std::size_t>(b)]);
  }
  if (this->Normalize)
  {
    auto fractions = vtkSmartPointer<vtkDoubleArray>::New();
    fractions->SetName("bin_values");
    fractions->SetNumberOfTuples(this->BinCount);
    for (int b = 0; b < this->BinCount; ++b)
      fractions->SetValue(b, values->GetTuple1(b) / total);
    values = fractions;
  }
  output->GetRowData()->AddArray(extents);
  output->GetRowData()->AddArray(values);
  if (this->Accumulation)
  {
    vtkSmartPointer<vtkDataArray> running;
    running.TakeReference(values->NewInstance());
    running->SetName("bin_accumulation");
    running->SetNumberOfTuples(this->BinCount);
    double sum = 0.0;
    for (int b = 0; b < this->BinCount; ++b)
    {
      sum += values->GetTuple1(b);
      running->SetTuple1(b, sum);
    }
    output->GetRowData()->AddArray(running);
  }
  return 1;
}

void vtkLoomHistogram::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  this->Core.Print(os, indent, true);
  os << indent << "Component: " << this->Component << "\n";
  os << indent << "BinCount: " << this->BinCount << "\n";
  os << indent << "CenterBinsAroundMinAndMax: " << (this->CenterBinsAroundMinAndMax ? "On" : "Off") << "\n";
  os << indent << "CustomBinRanges: " << this->CustomBinRanges[0] << ", " << this->CustomBinRanges[1] << "\n";
  os << indent << "UseCustomBinRanges: " << (this->UseCustomBinRanges ? "On" : "Off") << "\n";
  os << indent << "CalculateAverages: " << (this->CalculateAverages ? "On" : "Off") << "\n";
  os << indent << "Normalize: " << (this->Normalize ? "On" : "Off") << "\n";
  os << indent << "Accumulation: " << (this->Accumulation ? "On" : "Off") << "\n";
}
