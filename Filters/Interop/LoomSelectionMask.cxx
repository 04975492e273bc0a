// Loom filters: LoomSelectionMask, a ParaView selection as the ids of the points or cells it selects.
#include "LoomSelectionMask.h"

#include <vtkCellData.h>
#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkDemandDrivenPipeline.h>
#include <vtkExtractSelection.h>
#include <vtkIdList.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkMultiProcessController.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkSelection.h>
#include <vtkSelectionNode.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace
{
/// Where the dataset being computed sits: the composite input it is a block of (null for a plain dataset)
/// and the block's flat index there. The composite pipeline executes a field filter once per block and
/// hands it the block alone; the selection's block keys (COMPOSITE_INDEX) refer to the whole.
struct BlockOf
{
  vtkCompositeDataSet* Whole = nullptr;
  unsigned int FlatIndex = 0;
};

BlockOf FindBlock(vtkCompositeDataSet* whole, vtkDataSet* input)
{
  BlockOf block;
  if (!whole)
    return block;
  vtkSmartPointer<vtkCompositeDataIterator> it;
  it.TakeReference(whole->NewIterator());
  for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
    if (it->GetCurrentDataObject() == input)
    {
      block.Whole = whole;
      block.FlatIndex = it->GetCurrentFlatIndex();
      break;
    }
  return block;
}

/// The block at `flatIndex` of a composite dataset (null when absent).
vtkDataSet* BlockAt(vtkCompositeDataSet* composite, unsigned int flatIndex)
{
  vtkSmartPointer<vtkCompositeDataIterator> it;
  it.TakeReference(composite->NewIterator());
  for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
    if (it->GetCurrentFlatIndex() == flatIndex)
      return vtkDataSet::SafeDownCast(it->GetCurrentDataObject());
  return nullptr;
}
} // namespace

namespace
{
/// The selected ids of `input`'s points (POINT) or cells (CELL) one selection node names: an id list
/// read directly, anything else through vtkExtractSelection's insidedness. Nodes of other field types,
/// of another rank's piece or of another block select nothing here. `marked`: the extraction of the
/// whole composite input, when the input is a block of one.
void NodeIds(vtkDataSet* input, const BlockOf& block, vtkSelectionNode* node,
             const std::function<vtkDataObject*(vtkSelectionNode*)>& marked, std::vector<vtkIdType>& points,
             std::vector<vtkIdType>& cells)
{
  const int field = node->GetFieldType();
  if (field != vtkSelectionNode::POINT && field != vtkSelectionNode::CELL)
    return;
  std::vector<vtkIdType>& ids = field == vtkSelectionNode::POINT ? points : cells;
  const vtkIdType count = field == vtkSelectionNode::POINT ? input->GetNumberOfPoints() : input->GetNumberOfCells();
  vtkInformation* properties = node->GetProperties();
  const bool inverse = properties->Has(vtkSelectionNode::INVERSE()) && properties->Get(vtkSelectionNode::INVERSE());
  if (properties->Has(vtkSelectionNode::PROCESS_ID()) && properties->Get(vtkSelectionNode::PROCESS_ID()) >= 0)
  {
    // A node for one rank's piece (ParaView's id selections name the rank): the others skip it.
    vtkMultiProcessController* controller = vtkMultiProcessController::GetGlobalController();
    const int rank = controller ? controller->GetLocalProcessId() : 0;
    if (properties->Get(vtkSelectionNode::PROCESS_ID()) != rank)
      return;
  }
  const bool blockKey = properties->Has(vtkSelectionNode::COMPOSITE_INDEX());
  if (node->GetContentType() == vtkSelectionNode::INDICES && !inverse &&
      (!blockKey || block.Whole))
  {
    // Ids of one block (ParaView's selections on composite data name the block's flat index): only there.
    if (blockKey && static_cast<unsigned int>(properties->Get(vtkSelectionNode::COMPOSITE_INDEX())) != block.FlatIndex)
      return;
    vtkDataArray* list = vtkDataArray::SafeDownCast(node->GetSelectionList());
    if (!list)
      return;
    for (vtkIdType i = 0; i < list->GetNumberOfTuples(); ++i)
    {
      const auto id = static_cast<vtkIdType>(list->GetComponent(i, 0));
      if (id >= 0 && id < count)
        ids.push_back(id);
    }
    return;
  }
  // The general case: VTK's own selectors mark every element (PreserveTopology adds vtkInsidedness), on
  // the whole composite input when the input is a block of one (block keys, block selectors), else here.
  vtkDataSet* markedHere = nullptr;
  vtkNew<vtkExtractSelection> extract;
  if (block.Whole)
  {
    auto* whole = vtkCompositeDataSet::SafeDownCast(marked(node));
    markedHere = whole ? BlockAt(whole, block.FlatIndex) : nullptr;
  }
  else
  {
    vtkNew<vtkSelection> one;
    one->AddNode(node);
    extract->SetInputData(0, input);
    extract->SetInputData(1, one);
    extract->PreserveTopologyOn();
    extract->Update();
    markedHere = vtkDataSet::SafeDownCast(extract->GetOutputDataObject(0));
  }
  vtkDataArray* inside = nullptr;
  if (markedHere)
    inside = field == vtkSelectionNode::POINT ? markedHere->GetPointData()->GetArray("vtkInsidedness")
                                              : markedHere->GetCellData()->GetArray("vtkInsidedness");
  if (!inside)
    return;
  for (vtkIdType i = 0; i < inside->GetNumberOfTuples() && i < count; ++i)
    if (inside->GetComponent(i, 0) != 0)
      ids.push_back(i);
}
} // namespace

vtkDataObject* LoomSelectionMask::MarkWhole(vtkCompositeDataSet* whole, vtkSelectionNode* node) const
{
  for (MarkedBlocks& m : this->Marked)
    if (m.Whole == whole && m.WholeTime == whole->GetMTime() && m.Node == node && m.NodeTime == node->GetMTime())
      return m.Marked;
  vtkNew<vtkSelection> one;
  one->AddNode(node);
  vtkNew<vtkExtractSelection> extract;
  extract->SetInputData(0, whole);
  extract->SetInputData(1, one);
  extract->PreserveTopologyOn();
  extract->Update();
  MarkedBlocks m;
  m.Whole = whole;
  m.WholeTime = whole->GetMTime();
  m.Node = node;
  m.NodeTime = node->GetMTime();
  m.Marked = extract->GetOutputDataObject(0);
  // Only the marks of the input now in use are kept (at most 8 nodes).
  this->Marked.erase(std::remove_if(this->Marked.begin(), this->Marked.end(),
                                    [&](const MarkedBlocks& old) {
                                      return old.Whole != whole || old.WholeTime != whole->GetMTime();
                                    }),
                     this->Marked.end());
  if (this->Marked.size() >= 8)
    this->Marked.erase(this->Marked.begin());
  this->Marked.push_back(m);
  return m.Marked;
}

void LoomSelectionMask::Watch(vtkInformation* request, vtkInformationVector** inputVector)
{
  if (request->Has(vtkDemandDrivenPipeline::REQUEST_DATA_NOT_GENERATED()) && inputVector &&
      inputVector[0]->GetNumberOfInformationObjects() > 0)
  {
    vtkDataObject* input = inputVector[0]->GetInformationObject(0)->Get(vtkDataObject::DATA_OBJECT());
    if (auto* composite = vtkCompositeDataSet::SafeDownCast(input))
      this->WholeInput = composite;
    else if (!this->WholeInput || !FindBlock(this->WholeInput, vtkDataSet::SafeDownCast(input)).Whole)
      this->WholeInput = nullptr;
  }
}

vtkSelection* LoomSelectionMask::SelectionOf(vtkInformationVector** inputVector)
{
  return inputVector && inputVector[1] && inputVector[1]->GetNumberOfInformationObjects() > 0
    ? vtkSelection::GetData(inputVector[1], 0)
    : nullptr;
}

std::vector<vtkIdType> LoomSelectionMask::Ids(vtkDataSet* input, vtkSelection* selection, bool onPoints) const
{
  std::vector<vtkIdType> points, cells;
  const BlockOf block = FindBlock(this->WholeInput, input);
  auto markWhole = [&](vtkSelectionNode* node) { return this->MarkWhole(block.Whole, node); };
  for (unsigned int n = 0; selection && n < selection->GetNumberOfNodes(); ++n)
    NodeIds(input, block, selection->GetNode(n), markWhole, points, cells);
  std::vector<vtkIdType> ids = onPoints ? points : cells;
  vtkNew<vtkIdList> members;
  if (onPoints)
    for (vtkIdType c : cells)
    {
      input->GetCellPoints(c, members);
      ids.insert(ids.end(), members->begin(), members->end());
    }
  else
    for (vtkIdType p : points)
    {
      input->GetPointCells(p, members);
      ids.insert(ids.end(), members->begin(), members->end());
    }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}
