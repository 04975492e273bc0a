// Loom filters: what the sampling filters (Resample To Image, Resample With Dataset, Probe Location, Plot
// Over Line) share: a source dataset prepared for sampling (its locator, built once and kept while the
// source is unmodified) and the sampled arrays handed to VTK in the order and types VTK's probe filter
// gives them.
#pragma once

#include "LoomInterop.h"

#include <loom/algorithms/locate/Locate.h>

#include <vtkSmartPointer.h>
#include <vtkStaticCellLocator.h> // (a member: complete where ProbeSource is copied)

#include <functional>
#include <string>

class vtkCompositeDataSet;
class vtkDataArray;
class vtkDataSet;
class vtkMultiProcessController;
class vtkPointData;

/// The definitions of LOOM_SAMPLING_LOCATOR_MEMBERS for filter class `Class` (in its .cxx).
#define LOOM_SAMPLING_LOCATOR_GETTERS(Class)                                                                            \
  bool Class::GetLocatorReused()                                                                                       \
  {                                                                                                                    \
    return this->Source->Reused();                                                                                     \
  }                                                                                                                    \
  double Class::GetLocatorBuildSeconds()                                                                               \
  {                                                                                                                    \
    return this->Source->BuildSeconds();                                                                               \
  }                                                                                                                    \
  vtkIdType Class::GetLocatorBytes()                                                                                   \
  {                                                                                                                    \
    return static_cast<vtkIdType>(this->Source->Locator().GetMemoryBytes());                                           \
  }

namespace loom
{
namespace interop
{
class FilterRun;

/// A source dataset and its locator for one sampling filter. Keep one per filter: Prepare rebuilds the
/// locator only when the source, its modification time or the device changes.
class LOOMFILTERS_EXPORT ProbeSource
{
public:
  /// "" when Loom samples `source`; otherwise what it has that Loom does not sample ("polygons (VTK cell type
  /// 7)", "an image with a direction matrix", "ghost cells", "string arrays"), for the fallback's note.
  /// `duplicateGhosts`: ghost arrays that mark only cells and points other pieces own are taken.
  static std::string Unsupported(vtkDataSet* source, bool duplicateGhosts = false);

  /// Whether Prepare bins the cells: Always for Sample (point by point); Never for SampleImage (the cells
  /// visit the image); OnReuse for SampleInOrder: the cells visit the samples the first time a source is
  /// sampled (one pass over the cells, no locator memory), and are binned once the same unchanged source is
  /// sampled again (the bins then serve every later sampling).
  enum class Binning
  {
    Never,
    Always,
    OnReuse
  };
  /// The locator for `source` on `device` (reused while its points and cells are the same arrays, unmodified,
  /// or an image's geometry the same: a new shallow copy of an unchanged input reuses it; `Reused()` says so).
  /// Throws Loom's errors for input it cannot locate in (Unsupported says so beforehand).
  void Prepare(vtkDataSet* source, loom::cont::DeviceId device, Binning binning = Binning::Always);
  bool Reused() const { return this->WasReused; }
  const loom::algorithms::CellLocator& Locator() const { return this->Cells; }
  /// Seconds the last build took (0 when reused) and the bytes the locator holds.
  double BuildSeconds() const { return this->Seconds; }

  /// Samples `source` (the prepared source, or an empty dataset, whose samples are all invalid) at `samples`
  /// into `out`, as vtkProbeFilter fills its output's point data: the source's point arrays interpolated
  /// (sorted by name, global and pedigree ids left out), its cell arrays taken from the containing cell
  /// (sorted by name, those named like a point array left out), then vtkValidPointMask (char, 1 where a cell
  /// contains the sample). Samples in no cell hold 0. Returns the mask (for blanking).
  loom::cont::ArrayHandle<Int8> Sample(vtkDataSet* source, const loom::algorithms::PointPositions& samples,
                                       const loom::algorithms::LocateOptions& options, vtkPointData* out) const;
  /// Sample at an image's points, as vtkProbeFilter samples cells there (loom::algorithms::SampleImage: the
  /// highest containing cell).
  loom::cont::ArrayHandle<Int8> SampleImage(vtkDataSet* source, const loom::algorithms::ImageSamples& image,
                                            const loom::algorithms::LocateOptions& options, vtkPointData* out) const;
  /// How a VTK probe finds the cell of a sample the previous sample's cell does not hold (its find-cell strategy).
  enum class Strategy
  {
    /// vtkClosestPointStrategy, vtkProbeFilter's default on a point set (ParaView's probe of points): a walk from
    /// the previous cell, then from the cells of the closest point (loom::algorithms::LocateLikeClosestPointStrategy);
    /// on a rectilinear grid vtkRectilinearGrid::FindCell after the previous cell.
    ClosestPoint,
    /// vtkCellLocatorStrategy over a static cell locator (Resample With Dataset): its bin, in increasing id
    /// (`options.Tie`); a sample in no cell leaves no previous cell.
    CellLocator
  };
  /// Sample at points a VTK probe visits in order, trying the previous point's cell first, else as `strategy`
  /// finds them (ClosestPoint: `tolerance2`, VTK's squared tolerance). CellLocator (and a rectilinear grid): where several cells contain a point (a shared face), the
  /// previous point's cell if it is one of the lowest and highest, else `options.Tie`. Points and stored samples
  /// only (a second search per point).
  loom::cont::ArrayHandle<Int8> SampleInOrder(vtkDataSet* source, const loom::algorithms::PointPositions& samples,
                                              const loom::algorithms::LocateOptions& options, vtkPointData* out,
                                              Strategy strategy, double tolerance2 = 0.0) const;

  /// ParaView's probe of points (vtkPProbeFilter, no cell locator) at `points` (their coordinates, float or
  /// double) in `source` (null: an empty input, every sample invalid): the closest-point strategy's tolerance
  /// (ComputeTolerance: 1e-3 of the largest diagonal of the first 20 cells, else Tolerance) grows the bounds
  /// searched, SampleInOrder finds the cells. Under MPI (`controller` not null) every rank samples its piece
  /// (an empty piece: zeros of the `agreed` arrays) and the first rank gathers the samples (the highest rank
  /// that found a point gives it). The arrays, on the first rank, into `out`; false on the others (their
  /// outputs are empty, as ParaView's).
  bool ProbeLikeParaView(vtkDataSet* source, vtkDataArray* points, bool computeTolerance, double tolerance,
                         FilterRun& run, vtkMultiProcessController* controller, const std::string& agreed,
                         vtkPointData* out);

  /// Whether every coordinate of `points` (a 3-component array) is finite.
  static bool FiniteCoordinates(vtkDataArray* points);

  /// Pass Partial Arrays' NaN: every float and double array of `sampled` NaN where its vtkValidPointMask is 0.
  static void NaNWhereInvalid(vtkPointData* sampled);

  /// vtkResampleToImage's and vtkResampleWithDataSet's blanking: vtkGhostType on the points (HIDDENPOINT
  /// where a sample is in no cell, `mask` 0) and on the cells (HIDDENCELL where any of a cell's points is),
  /// added to `output`.
  static void MarkBlank(vtkDataSet* output, const loom::cont::ArrayHandle<Int8>& mask, loom::cont::DeviceId device);

  /// The arrays Sample gives from `source`, in order, a line each ("name<TAB>VTK type<TAB>components"),
  /// vtkValidPointMask left out: what the ranks of a parallel run compare, and ZeroArrays makes.
  static std::string Signature(vtkDataSet* source);
  /// Arrays of `samples` zeros per line of `signature`, and a zero vtkValidPointMask, into `out` (a rank
  /// whose piece is empty).
  static void ZeroArrays(const std::string& signature, vtkIdType samples, vtkPointData* out);

  /// "" unless `source` holds a cell VTK's probe crashes on (a triangle strip without one valid triangle:
  /// vtkTriangleStrip::EvaluatePosition writes past its weights; a triangle, strip or tetrahedron with a NaN or
  /// infinite coordinate: vtkTriangle::EvaluatePosition asserts; a poly-vertex with a point beyond 1e150 or not
  /// finite: vtkPolyVertex::EvaluatePosition writes at an unset index); else which cell, for the filter's error (the
  /// fallback would end the process).
  /// `walks`: the probe of points (vtkProbeFilter without a locator walks from cell to cell), where a
  /// pentagonal or hexagonal prism in a grid of fewer points than it has corners reads past the points.
  static std::string CrashesVTK(vtkDataSet* source, bool walks = false);

  /// VTK's probe filters leave a string array of their output short (values only up to the last valid
  /// sample): after a fallback to them, such arrays are completed with empty strings (zeros for others), so
  /// that every array has a tuple per point and cell.
  static void CompleteArrays(vtkDataObject* output);

  /// "" unless two blocks of `composite` hold a point (or cell) array of the same name with another number of
  /// components, or numbers in one and strings in the other: VTK's probe of points over composite data (the
  /// fallback) takes one block's array for the other's and reads past it; else which array and blocks. Numbers
  /// of another type only (VTK's probe errs, "Cannot interpolate arrays of different type", and leaves those
  /// samples unset): with `converted`, a copy of `composite` whose later blocks hold them in the first
  /// block's type, for the fallback (left null when nothing needs it).
  static std::string BlocksDisagree(vtkCompositeDataSet* composite,
                                    vtkSmartPointer<vtkCompositeDataSet>* converted = nullptr);
  /// "" when the probe of points of `vtkFilter` (the fallback for composite data) may take `composite`; else the
  /// error: a block with malformed cells or one it crashes on (CrashesVTK, walks), or, with Pass Partial Arrays
  /// (`partial`: VTK's probe takes the union of the blocks' arrays), BlocksDisagree (`converted` as there).
  static std::string RefuseComposite(vtkCompositeDataSet* composite, const std::string& vtkFilter, bool partial,
                                     vtkSmartPointer<vtkCompositeDataSet>* converted);

private:
  /// Sample's and SampleImage's work: the arrays to sample in VTK's order, `run` (the family's fused pass, or
  /// none for an empty source: zeros), the outputs added to `out`.
  template <typename Run>
  loom::cont::ArrayHandle<Int8> Fill(vtkDataSet* source, Id samples, Run&& run, vtkPointData* out) const;

  vtkDataSet* Source = nullptr;
  bool Binned = true;
  std::string SourceKey; ///< GeometryKey of the source the locator was built for
  loom::cont::DeviceId BuiltOn = loom::cont::DeviceId::Auto;
  loom::algorithms::CellLocator Cells;
  std::vector<double> Coordinates[3];
  loom::algorithms::FieldArray Points;
  bool WasReused = false;
  double Seconds = 0.0;
  /// VTK's static cell locator over the source (SampleInOrder's ties with Strategy::CellLocator), made when a sample
  /// first needs it, kept for the source of `VTKCellsKey`.
  mutable vtkSmartPointer<vtkStaticCellLocator> VTKCells;
  mutable std::string VTKCellsKey;
};
/// What the sampling filters do together under MPI: agree on what every rank runs, reduce bounds, and combine
/// the ranks' samples of the same points (each point from the highest rank that found it, as ParaView's parallel
/// probe, where later ranks overwrite).
struct LOOMFILTERS_EXPORT ParallelSampling
{
  /// What this rank can do (`code`: 0 Loom, 1 VTK's filter, 2 an error) agreed with every rank: 0 where every
  /// rank runs Loom, 2 where this rank fails (it takes part in VTK's parallel filter with nothing), else 1.
  /// `agreed`: the arrays every rank samples (ProbeSource::Signature), those of the first rank with data; a rank
  /// with others sends every rank to VTK's filter. `note` says why when this rank does not run Loom.
  static int Agree(vtkMultiProcessController* controller, int code, const std::string& signature, std::string& note,
                   std::string& agreed);
  /// Where a sampling filter's run goes on this rank, agreed with every rank under MPI (`controller` not null):
  /// -1 where Loom samples (the caller goes on), else RequestData's status. `begun`: FilterRun::Begin's result
  /// (false: this rank's status stands); `note`: what the input or settings have that Loom does not sample ("":
  /// nothing), for the fallback's message ("<note>; VTK's <vtkName> samples it instead.", `fallback` makes the
  /// output); `crash`: why the fallback would end the process (the error "<note>, and <crash>."). A rank in error
  /// first takes part in VTK's parallel filter with nothing (`joinEmpty`), which the other ranks run.
  /// `signature`: ProbeSource::Signature of this rank's piece ("" for an empty one); `agreed` as Agree. `verb`:
  /// what VTK's filter does in the message ("samples", "integrates").
  static int Route(FilterRun& run, vtkMultiProcessController* controller, bool begun, std::string note,
                   const std::string& crash, const std::string& signature, std::string& agreed, const std::string& vtkName,
                   const std::function<int()>& fallback, const std::function<void()>& joinEmpty,
                   const std::string& verb = "samples");
  /// The bounds of every rank's piece (`empty`: this rank's adds nothing; all empty: `bounds` unchanged).
  static void GlobalBounds(vtkMultiProcessController* controller, bool empty, double bounds[6]);
  /// Consecutive samples this rank keeps: Count samples from From.
  struct Run
  {
    vtkIdType From, Count;
  };
  /// The ranks' arrays of the same samples (`sampled`: every rank's, the same arrays in the same order, with
  /// vtkValidPointMask) combined; this rank's `keep` runs of them, in order, into `out`.
  static void Combine(vtkMultiProcessController* controller, vtkPointData* sampled, const std::vector<Run>& keep,
                      vtkPointData* out);
};
} // namespace interop
} // namespace loom
