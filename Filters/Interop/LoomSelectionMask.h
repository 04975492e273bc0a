// Loom filters: a ParaView selection (a vtkSelection on a filter's optional second input) as the ids of
// the input's points or cells it selects, block-aware on composite inputs. Shared by the field filters
// and the point masks of Contour, Slice and Clip.
#pragma once

#include "LoomFiltersModule.h"

#include <vtkSmartPointer.h>
#include <vtkType.h>
#include <vtkWeakPointer.h>

#include <vector>

class vtkCompositeDataSet;
class vtkDataObject;
class vtkDataSet;
class vtkInformation;
class vtkInformationVector;
class vtkSelection;
class vtkSelectionNode;

/// Not a VTK object: a filter keeps one, calls Watch from its ProcessRequest and Ids from RequestData.
class LOOMFILTERS_EXPORT LoomSelectionMask
{
public:
  /// The composite pipeline asks which outputs will not be made once with the whole composite input,
  /// before it executes a filter block by block with each block alone: the whole is kept here for the
  /// selection's block keys (COMPOSITE_INDEX). A plain dataset forgets it.
  void Watch(vtkInformation* request, vtkInformationVector** inputVector);

  /// The selection on the second input of `inputVector` (null when none is connected).
  static vtkSelection* SelectionOf(vtkInformationVector** inputVector);

  /// The ids (sorted, unique) of `input`'s points (`onPoints`) or cells that `selection` selects: id
  /// lists read directly (a node for another rank's piece or another block is skipped), every other kind
  /// (frustums, thresholds, locations, values, global ids, blocks, queries, inverted selections) through
  /// vtkExtractSelection's insidedness, on the whole composite input when `input` is a block of one.
  /// Selected cells select their points for a point mask; selected points the cells using any of them
  /// for a cell mask.
  std::vector<vtkIdType> Ids(vtkDataSet* input, vtkSelection* selection, bool onPoints) const;

private:
  struct MarkedBlocks
  {
    vtkCompositeDataSet* Whole = nullptr;
    vtkMTimeType WholeTime = 0;
    vtkSelectionNode* Node = nullptr;
    vtkMTimeType NodeTime = 0;
    vtkSmartPointer<vtkDataObject> Marked;
  };
  /// vtkExtractSelection's marks of one node on the whole composite input, kept while the input and the
  /// node are unchanged: the blocks of one execution share one extraction.
  vtkDataObject* MarkWhole(vtkCompositeDataSet* whole, vtkSelectionNode* node) const;
  mutable std::vector<MarkedBlocks> Marked;
  vtkWeakPointer<vtkCompositeDataSet> WholeInput;
};
