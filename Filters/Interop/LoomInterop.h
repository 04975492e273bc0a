// Loom filters: VTK <-> Loom interop. vtkAOSDataArrayTemplate / vtkSOADataArrayTemplate arrays become
// FieldArrays without copying (the ArrayHandle holds a reference to the VTK array); other array kinds
// are copied once (debug log). vtkCellArray becomes an explicit cell set without copying; image,
// rectilinear and structured grids become structured cell sets. Output FieldArrays are handed to new
// VTK arrays without copying.
#pragma once

#include <loom/algorithms/CellArrays.h>
#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/algorithms/slice/CutExtent.h>
#include <loom/cont/DeviceAdapterTag.h>
#include <loom/cont/Error.h>
#include <loom/cont/WorkMonitor.h>

#include "LoomFiltersModule.h"

#include <vtkSmartPointer.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <vector>

class vtkCellArray;
class vtkDataSetAttributes;
class vtkImplicitFunction;
namespace loom
{
namespace algorithms
{
struct ImplicitFunction;
}
}
class vtkDataArray;
class vtkDataObject;
class vtkAlgorithm;
class vtkDataSet;
class vtkInformation;
class vtkInformationVector;
class vtkPointSet;
class vtkPolyData;
class vtkLoomExecution;
class vtkIdTypeArray;
class vtkUnstructuredGrid;
class vtkMultiProcessController;

namespace loom
{
namespace interop
{
/// The array as a FieldArray sharing its memory; a copy (logged at debug level) for other array
/// kinds. Throws ErrorBadType for non-numeric arrays or too many components.
LOOMFILTERS_EXPORT loom::algorithms::FieldArray FieldFromVTK(vtkDataArray* array);

/// One flag per tuple of a one-component numeric array: 1 where the value is not zero.
LOOMFILTERS_EXPORT loom::cont::ArrayHandle<UInt8> NonZeroFlags(vtkDataArray* array);

/// A VTK array of the field's kind that uses the field's memory (no copy); the memory is freed when
/// the VTK array is. SOA fields are handed over as vtkSOADataArrayTemplate.
LOOMFILTERS_EXPORT vtkSmartPointer<vtkDataArray> FieldToVTK(const loom::algorithms::FieldArray& field, const std::string& name);

/// A vtkCellArray (64-bit storage) of cells of `cellSize` points each that uses the connectivity's
/// memory (no copy); the offsets are generated.
LOOMFILTERS_EXPORT vtkSmartPointer<vtkCellArray> CellsToVTK(const loom::cont::ArrayHandle<Id>& connectivity,
                                                            Id cellSize,
                                                            loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// Set the grid's cells without copying: `types` (one per cell) becomes its vtkUnsignedCharArray, and
/// `offsets` (one more than cells) and `connectivity` the storage of its vtkCellArray
/// (vtkTypeInt32Array or vtkTypeInt64Array). ErrorBadValue when the sizes disagree.
LOOMFILTERS_EXPORT void SetUnstructuredCells(vtkUnstructuredGrid* grid, const loom::cont::ArrayHandle<UInt8>& types,
                                             const loom::cont::ArrayHandle<Int32>& offsets,
                                             const loom::cont::ArrayHandle<Int32>& connectivity);
LOOMFILTERS_EXPORT void SetUnstructuredCells(vtkUnstructuredGrid* grid, const loom::cont::ArrayHandle<UInt8>& types,
                                             const loom::cont::ArrayHandle<Int64>& offsets,
                                             const loom::cont::ArrayHandle<Int64>& connectivity);

/// A vtkCellArray on the offsets' (one more than cells) and connectivity's memory (no copy), 32- or
/// 64-bit storage as given. ErrorBadValue when the offsets are empty.
LOOMFILTERS_EXPORT vtkSmartPointer<vtkCellArray> CellArrayToVTK(const loom::cont::ArrayHandle<Int32>& offsets,
                                                                const loom::cont::ArrayHandle<Int32>& connectivity);
LOOMFILTERS_EXPORT vtkSmartPointer<vtkCellArray> CellArrayToVTK(const loom::cont::ArrayHandle<Int64>& offsets,
                                                                const loom::cont::ArrayHandle<Int64>& connectivity);

/// A vtkCellArray with the offsets array of `offsetsOf` (shared: the same cell sizes) and the connectivity's
/// memory (no copy), of `offsetsOf`'s storage width. ErrorBadValue when the widths differ.
LOOMFILTERS_EXPORT vtkSmartPointer<vtkCellArray> CellArrayToVTK(vtkCellArray* offsetsOf,
                                                                const loom::cont::ArrayHandle<Int32>& connectivity);
LOOMFILTERS_EXPORT vtkSmartPointer<vtkCellArray> CellArrayToVTK(vtkCellArray* offsetsOf,
                                                                const loom::cont::ArrayHandle<Int64>& connectivity);

/// The device of a filter's Device property: 0 Auto, 1 Serial, 2 TBB, 3 CUDA (others: Auto).
LOOMFILTERS_EXPORT loom::cont::DeviceId DeviceFromChoice(int choice);
/// The Device property's value for a device (Auto 0, Serial 1, TBB 2, CUDA 3).
LOOMFILTERS_EXPORT int ChoiceFromDevice(loom::cont::DeviceId device);

/// The bytes a Loom execution on the GPU would send there first to read `array` as it is now: none for a Loom
/// output (unmodified) whose device copy is current, or a VTK array (unmodified) whose copy the device input
/// cache holds; else all its values (an array not in VTK's interleaved layout always counts whole). Nothing
/// is moved or counted.
LOOMFILTERS_EXPORT std::size_t BytesToDevice(vtkDataArray* array);
/// The same over what a filter may read of `dataset`: its points or coordinates, its cells, and its point
/// and cell arrays.
LOOMFILTERS_EXPORT std::size_t BytesToDevice(vtkDataSet* dataset);

/// The cells of a dataset. Image, rectilinear and structured grids give structured cell sets (by
/// their number of non-flat dimensions); unstructured grids give explicit cells on the cell array's
/// own memory. Throws ErrorBadType for datasets or cells Loom does not handle (polyhedra, polygonal
/// data with strips, higher-order cells), naming the cell type.
/// `anyCellType`: every cell by its point list, whatever its type (a polyhedron's points, all nodes of a
/// higher-order cell), for families that read only point lists (the averaging family).
LOOMFILTERS_EXPORT loom::algorithms::CellSetAny CellSetFromVTK(vtkDataSet* dataset, bool anyCellType = false);

/// The cells of an unstructured grid that CellSetFromVTK does not take (polyhedra, higher-order and
/// other non-linear cells), as "vtkPolyhedron (VTK cell type 42), ..."; empty when there are none
/// (always for other datasets). For filters that hand such inputs to VTK's own filter.
LOOMFILTERS_EXPORT std::string UnsupportedCells(vtkDataSet* dataset);

/// The cells of polygonal data the contour family does not cut ("vertices, lines, triangle strips,
/// polygons": polygons of more than four points), read from its four cell arrays (no cell set made);
/// empty when there are none. Contour and Slice hand such input to VTK's filter, as ParaView's take it.
LOOMFILTERS_EXPORT std::string PolygonalCellsNotContoured(vtkPolyData* poly);

/// "" when the cells of an unstructured grid or polygonal data are well formed (offsets from 0, never
/// decreasing, ending at the connectivity's length, one cell type per cell, every point id naming a
/// point; other datasets always are); else a sentence saying what is wrong, for the filter's error.
/// Every Loom filter asks before any family (or VTK's filter, on a fallback) reads the cells. The
/// verdict is kept while the arrays and the point count are unmodified, so a re-execution is free.
/// Asks MalformedArrays first (with the mask's name and side, for the field filters).
LOOMFILTERS_EXPORT std::string MalformedCells(vtkDataSet* dataset, const char* maskName = nullptr,
                                              bool maskOnPoints = true);

/// "" when every point and cell array of the dataset has a tuple for each point or cell; else a sentence
/// naming the first short one ("the input's point array 'mask' has 1 tuples for 8 points."). Longer
/// arrays are accepted, as vtkDataSet::CheckAttributes accepts them. The field filters name their Mask
/// Array (`maskName`, on points or cells): a short one is reported as the property ("Mask Array 'm' has 3
/// values for 8 points."). For the filters that read point arrays but not cells (the point maps).
LOOMFILTERS_EXPORT std::string MalformedArrays(vtkDataSet* dataset, const char* maskName = nullptr,
                                               bool maskOnPoints = true);

/// The point axes of an image (extent, origin, spacing and direction) or a rectilinear grid, as
/// loom::algorithms::GridPoints takes them, and its point dimensions. False for other datasets.
/// `doubleCoordinates` is set when a rectilinear grid's coordinates are doubles.
LOOMFILTERS_EXPORT bool GridAxes(vtkDataSet* dataset, std::vector<double> axes[3], Id3& dims,
                                 bool& doubleCoordinates);

/// The part `extent` (point indices from the grid's first point; loom/algorithms/GridExtent.h) of an image,
/// rectilinear or structured grid, with the same points there: a vtkImageData keeping the image's origin,
/// spacing and direction with the sub-extent, a vtkRectilinearGrid with the coordinates of its planes, or a
/// vtkStructuredGrid with its points. The points and the point and cell arrays are gathered on the host
/// (`device`, or a CPU device for CUDA: a GPU run later moves only this part), the field data passed. Null for
/// other datasets.
LOOMFILTERS_EXPORT vtkSmartPointer<vtkDataSet> SubGrid(vtkDataSet* grid, const loom::algorithms::GridExtent& extent,
                                                       loom::cont::DeviceId device);
/// The grid of `grid` (its structure shared) with `array` alone on its points (or its cells, where it is one of
/// the grid's cell arrays), and its ghost cells' array: what
/// a filter that reads one array of a part of a grid gathers (SubGrid) before it reads the others from the whole
/// grid at its output's ids (loom::algorithms::SubGridIdsToGrid).
LOOMFILTERS_EXPORT vtkSmartPointer<vtkDataSet> FieldAndGhosts(vtkDataSet* grid, vtkDataArray* array);
/// The running filter's execution record notes that it read only a part of `points` points of a grid (SubGrid
/// does: vtkLoomExecution::GetPartPoints).
LOOMFILTERS_EXPORT void NotePartRead(Id points);
/// The point dimensions of an image, rectilinear or structured grid; false for other datasets.
LOOMFILTERS_EXPORT bool GridDimensions(vtkDataSet* grid, Id3& dims);
/// Whether the filters cut only the part of a grid a function reaches (SubGrid, and Slice's plane band): yes,
/// unless LOOM_SUB_GRIDS=0 (whole grids, for comparisons and benchmarks).
LOOMFILTERS_EXPORT bool SubGridsAllowed();
/// Whether a filter cuts only the part `extent` of an axis-aligned grid (`dims`, `axes` from GridAxes) that the
/// function's values at or below the largest of `levels` reach (loom::algorithms::BoundedCutExtent): when
/// SubGridsAllowed, and that part holds at most half of the grid's points.
LOOMFILTERS_EXPORT bool CutsAPart(const Id3& dims, const std::vector<double> axes[3],
                                  const loom::algorithms::ImplicitFunction& function, const std::vector<double>& levels,
                                  loom::algorithms::GridExtent& extent);

/// Whether a contour of `grid` (an image, rectilinear or structured grid) by `array` (one of its point arrays, one
/// component) at `values` need read only the part `extent` of it: when SubGridsAllowed, the array's value
/// blocks (loom/algorithms/contour/ValueBlocks.h) are kept for it, and the blocks the values cross lie in at
/// most half of the grid's points. The blocks are made the second time an array is asked for unchanged (a
/// re-execution on the same input: dragging an isovalue), not the first (a one-off contour, or an array made
/// for the run), and kept while the array lives unmodified (same memory, size, type and MTime: values written
/// into it call for its Modified(), as VTK's cached ranges do; dropped when it is deleted, never taken for
/// another array in its memory), the least recently used going first beyond
/// the bound (SetValueBlocksLimit).
LOOMFILTERS_EXPORT bool ContoursAPart(vtkDataSet* grid, vtkDataArray* array, const std::vector<double>& values,
                                      loom::algorithms::GridExtent& extent, loom::cont::DeviceId device);
/// As ContoursAPart, for a filter that keeps (or cuts) the cells with a point whose value meets its criterion, or
/// with `onCells` the cells whose own value does (Threshold, Clip by Scalar; `array` one of the grid's point or
/// cell arrays): the part is the blocks for which `holds(low, high)` (their least and greatest values; -inf and
/// +inf where one is not finite) can be true, with no cell more.
LOOMFILTERS_EXPORT bool ValuesReachAPart(vtkDataSet* grid, vtkDataArray* array, bool onCells,
                                         const std::function<bool(double low, double high)>& holds,
                                         loom::algorithms::GridExtent& extent, loom::cont::DeviceId device);
struct ValueBlocksStatistics
{
  std::uint64_t Made = 0;     ///< value blocks made (an array's second sighting)
  std::uint64_t Reused = 0;   ///< found again for an unchanged array
  std::uint64_t Evicted = 0;  ///< dropped to stay within the bound
  std::uint64_t Forgotten = 0; ///< dropped with their array (deleted), or as stale (modified)
  std::size_t Entries = 0;    ///< arrays known now (seen once, or with blocks)
  std::size_t Bytes = 0;      ///< the blocks' bytes held
};
LOOMFILTERS_EXPORT ValueBlocksStatistics GetValueBlocksStatistics();
/// The bound on the blocks' bytes (default 256 MiB; 0 keeps none): lowering it drops the least recently used
/// at once.
LOOMFILTERS_EXPORT void SetValueBlocksLimit(std::size_t bytes);
LOOMFILTERS_EXPORT std::size_t GetValueBlocksLimit();
/// Forgets every array (tests).
LOOMFILTERS_EXPORT void ClearValueBlocks();

/// The positions of a dataset's points (all, or those of `ids`) as an xyz field: a point set's own
/// points (shared without a copy when all are asked), or generated for an image or rectilinear grid
/// (float, or double when `gridDouble` and the grid has double coordinates). ErrorBadType for other
/// datasets.
LOOMFILTERS_EXPORT loom::algorithms::FieldArray PointsFromVTK(vtkDataSet* dataset, const loom::cont::ArrayHandle<Id>* ids,
                                                              bool gridDouble, loom::cont::DeviceId device);

/// Where `dataset`'s points are, for the families that read positions: an image's or rectilinear grid's
/// axes (written into `axes`, no points made), else its own points (shared into `points`; a structured
/// grid's with its dimensions). ErrorBadType for datasets without points Loom can read.
LOOMFILTERS_EXPORT loom::algorithms::PointPositions PositionsFromVTK(vtkDataSet* dataset, std::vector<double> axes[3],
                                                                     loom::algorithms::FieldArray& points,
                                                                     loom::cont::DeviceId device);

/// The filters that move points (the warps, Transform), as VTK's: their input port takes point sets, images
/// and rectilinear grids; the last two cannot hold moved points and give a structured grid (of the input's
/// extent), the others their own type.
LOOMFILTERS_EXPORT void TakePointSetsAndGrids(vtkInformation* inputPortInfo);
/// A structured grid as the output of an image or rectilinear grid: true (the output object is made);
/// false for other inputs (the superclass's RequestDataObject decides).
LOOMFILTERS_EXPORT bool StructuredGridForGrids(vtkInformationVector** inputVector, vtkInformationVector* outputVector);
/// The output's structure before its points move: an image's or rectilinear grid's extent on the structured
/// grid, else the input's structure. True for the grids.
LOOMFILTERS_EXPORT bool StructureForMovedPoints(vtkDataSet* input, vtkPointSet* output);

/// Every array of `in` gathered through `ids` into `out` (tuple t of each is tuple ids[t]): numeric
/// arrays by Loom (any kind and layout), others (strings, ...) by VTK; the active attributes follow.
LOOMFILTERS_EXPORT void GatherAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out,
                                         const loom::cont::ArrayHandle<Id>& ids, loom::cont::DeviceId device);

/// Only the non-numeric arrays of `in` (strings, variants) gathered through `ids` into `out`: what VTK's
/// interpolating filters carry for them (ids: each output point's nearest input point).
LOOMFILTERS_EXPORT void GatherNonNumericAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out,
                                                   const loom::cont::ArrayHandle<Id>& ids);
/// True when `attributes` hold an array that is not numeric (strings, variants).
LOOMFILTERS_EXPORT bool HasNonNumericArrays(vtkDataSetAttributes* attributes);

/// As GatherAttributes, but numeric arrays take the mean of the tuples Members[Offsets[o] ..
/// Offsets[o+1]-1] (loom::algorithms::AverageTuples); ghost flags, global and pedigree ids, and
/// non-numeric arrays take tuple firstIds[o].
LOOMFILTERS_EXPORT void AverageAttributes(vtkDataSetAttributes* in, vtkDataSetAttributes* out,
                                          const loom::cont::ArrayHandle<Id>& firstIds,
                                          const loom::cont::ArrayHandle<Id>& offsets,
                                          const loom::cont::ArrayHandle<Id>& members, loom::cont::DeviceId device);

/// A vtkCellArray's offsets and connectivity on its own memory (no copy), 32- or 64-bit as stored.
LOOMFILTERS_EXPORT loom::algorithms::CellArrays CellArrayFromVTK(vtkCellArray* cells);

/// A Loom field filter's mask properties as the user set them.
struct MaskProperties
{
  const char* MaskArrayName = nullptr; ///< "Mask Array": empty or "None" for none
  vtkIdTypeArray* MaskIds = nullptr;   ///< "Mask Ids": used when no mask array is named
  const char* KeepArrayName = nullptr; ///< "Keep Array": what unselected outputs keep
  double Fill = 0.0;                   ///< their value when no array is kept
};

/// The output mask over `elements` outputs whose attributes are `on` (the input's arrays of the
/// output elements, `kind` "point" or "cell"): the mask array (one numeric component, one tuple per
/// output), else the ids, else none; the kept array becomes `keep` (which must outlive the mask).
/// Throws ErrorBadValue / ErrorBadType whose message names the property (Mask Array, Mask Ids,
/// Keep Array), the array and the problem.
LOOMFILTERS_EXPORT loom::algorithms::OutputMask MaskFromVTK(vtkDataSetAttributes* on, Id elements, const char* kind,
                                                            const MaskProperties& properties,
                                                            loom::algorithms::FieldArray& keep);

/// Whether an array-name property names an array (not empty, not ParaView's "None").
LOOMFILTERS_EXPORT bool IsSet(const char* name);

/// The global controller when it has more than one process (pvbatch on several MPI ranks), else null: the
/// filters whose ranks must agree, or hand their pieces to VTK's parallel filters.
LOOMFILTERS_EXPORT vtkMultiProcessController* SeveralRanks();

/// The mask over the input's points by which Contour, Slice and Clip compute the point arrays they
/// interpolate: a point they make is computed when every input point it comes from (with a non-zero
/// weight) is selected, and holds `fill` otherwise (loom/algorithms/PointSelection.h). From "Mask Array"
/// (a one-component point array, non-zero selects) or else "Mask Ids" (point ids); mode All when neither
/// is set, else the execution is noted as masked. Throws as MaskFromVTK.
LOOMFILTERS_EXPORT loom::algorithms::OutputMask InputPointMask(vtkDataSet* input, const char* maskArrayName,
                                                               vtkIdTypeArray* maskIds, double fill);

/// The implicit function as Loom evaluates it: vtkPlane (and ParaView's vtkPVPlane with its offset;
/// read from the function's own values, so any transform is included), vtkSphere, vtkCylinder and vtkBox
/// (and vtkPVBox) with a linear transform. ErrorBadType for other functions or transforms, ErrorBadValue
/// for a plane whose normal is zero.
LOOMFILTERS_EXPORT loom::algorithms::ImplicitFunction ImplicitFunctionFromVTK(vtkImplicitFunction* function);

/// Times one RequestData of a Loom filter and keeps its record on the filter
/// (vtkLoomExecution::GetLast): the devices that ran Loom work on this thread meanwhile, the wall time,
/// the first input's and the output's sizes (read when the scope ends), the mask and fallback notes,
/// the bytes copied to and from the GPU, the input arrays found to be a Loom filter's hand-over, and
/// the last message given meanwhile (Note, the engine's log lines).
/// It also watches the Loom work of the execution (loom::cont::WorkMonitor): every CPU loop reports the
/// elements it has done about every 10 ms (or per so many elements:
/// vtkLoomSettings::SetProgressReportElements), the filter's progress (UpdateProgress) follows the share
/// of the expected work done, and the filter's abort flag (CheckAbort) stops the loops within a few
/// milliseconds with loom::cont::ErrorAborted, which the filter turns into Aborted().
class LOOMFILTERS_EXPORT ExecutionScope
{
public:
  ExecutionScope(vtkAlgorithm* filter, vtkInformationVector** inputVector, vtkInformationVector* outputVector);
  ~ExecutionScope();
  ExecutionScope(const ExecutionScope&) = delete;
  ExecutionScope& operator=(const ExecutionScope&) = delete;

  /// How many loop elements the execution is expected to run, in units of the input's points plus
  /// cells (`passes`; the default, 4, fits a family that visits its input a few times): progress is
  /// the share of them done (95% at the expected count, then approaching 99% until the filter ends).
  void ExpectPasses(double passes) const;

private:
  struct Watching;
  std::unique_ptr<Watching> Watch;
  vtkAlgorithm* Filter;
  vtkInformationVector** Inputs;
  vtkInformationVector* Outputs;
  vtkLoomExecution* Record;
  vtkLoomExecution* Enclosing;
  unsigned OuterDevices;
  double Start;
  // The process's transfer and hand-over counters when the scope began (the record keeps the change).
  unsigned long long BytesToDeviceBefore, BytesToHostBefore, FoundBefore, ReusedBefore, BytesReusedBefore;
  // Memory handed over from this serial on is this execution's (stamped again when it ends).
  unsigned long long HandOverSerialBefore;
};

/// What a filter does when its work was aborted (loom::cont::ErrorAborted, after its abort flag was set):
/// the output emptied, one warning ("<label>: aborted; the output is empty."), and 1 (an aborted run is
/// not a failure; VTK's executive passes the abort downstream).
LOOMFILTERS_EXPORT int Aborted(vtkAlgorithm* filter, vtkDataObject* output, const char* label);

/// What a filter does when an allocation failed (std::bad_alloc; Loom's own blocks throw
/// loom::cont::ErrorBadAllocation, which names the bytes): the output emptied (its blocks freed), one
/// error ("<label>: out of memory (an allocation failed); the output is empty."), and 0. The process goes on.
LOOMFILTERS_EXPORT int OutOfMemory(vtkAlgorithm* filter, vtkDataObject* output, const char* label);

/// What a filter does when something other than Loom failed under it (a std::exception that is neither
/// an allocation nor a Loom error: oneTBB's "pthread_create has failed" when no thread can start, a
/// system_error): the output emptied, one error ("<label>: <what>; the output is empty."), and 0. Nothing
/// thrown reaches VTK's executive.
LOOMFILTERS_EXPORT int SystemFailure(vtkAlgorithm* filter, vtkDataObject* output, const char* label,
                                     const char* what);

/// What Guarded's body returns to let the filter go on after it (RequestData's statuses are 0 and 1).
constexpr int Continue = -1;

/// Runs a filter's guarded work `body` (returning RequestData's status, or Continue) and turns what it
/// throws into the filter's outcome, the same in every Loom filter: an abort gives Aborted, a failed
/// allocation OutOfMemory, a Loom error what `failed(error)` makes of it (the filter's message naming
/// the property and the array, or a fallback to VTK's filter), any other std::exception SystemFailure.
#ifndef __VTK_WRAP__ // VTK's wrapping tools do not parse function bodies with try blocks
template <typename Body, typename Failed>
int Guarded(vtkAlgorithm* filter, vtkDataObject* output, const char* label, Body&& body, Failed&& failed)
{
  try
  {
    return body();
  }
  catch (const loom::cont::ErrorAborted&)
  {
    return Aborted(filter, output, label);
  }
  catch (const std::bad_alloc&)
  {
    return OutOfMemory(filter, output, label);
  }
  catch (const loom::cont::Error& e)
  {
    return failed(e);
  }
  catch (const std::exception& e)
  {
    return SystemFailure(filter, output, label, e.what());
  }
}
#endif

/// What a filter does on input it refuses: one error that starts with the filter's `label` once
/// ("Loom Contour: Contour By array 'v' ..."; a message that already starts with it is not labelled
/// again), the message kept in the running filter's record (the Loom panel shows it), the output emptied,
/// and 0 for RequestData.
LOOMFILTERS_EXPORT int Fail(vtkAlgorithm* filter, vtkDataObject* output, const char* label, const std::string& message);

/// Sets the running filter's record's message only (a detail the Loom panel shows; nothing is displayed).
LOOMFILTERS_EXPORT void NoteInRecord(const std::string& message);
/// Notes in the running filter's record that a mask limits its work.
LOOMFILTERS_EXPORT void NoteMasked();
/// A message for the user: VTK's output window (ParaView's Output Messages window) and vtkLogger at
/// verbosity 1, once per filter and message, and the running filter's record every time; `fallback` when
/// VTK's filter computes the result instead.
LOOMFILTERS_EXPORT void Note(const std::string& message, bool fallback = false);
/// A Loom family cannot take the input, `note` saying so ("Loom Clip: the input has ..., which Loom's clip
/// family does not cut; VTK's vtkTableBasedClipDataSet clips it instead."). With the filter's Fallback To
/// VTK on (`allowed`): the note as an info message (Note with fallback) and true: run VTK's filter. Off:
/// `error` gets the note's first part and "(Fallback To VTK is off)", and false: the filter fails.
LOOMFILTERS_EXPORT bool FallBackToVTK(bool allowed, const std::string& note, std::string& error);
} // namespace interop
} // namespace loom
