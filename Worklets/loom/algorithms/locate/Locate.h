// Loom algorithms, locate family: point location (the cell that contains a point, its parametric
// coordinates) and sampling (point arrays interpolated there, cell arrays taken from the cell), as VTK's
// probe filter finds and samples them. The locator is built once per dataset and reused for every set of
// sample points (the filters keep it while their source is unmodified).
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
/// Which cell answers for a point that several cells contain (a point on a shared face or edge, or within
/// the parametric slack VTK's cells allow: 1e-3 for tetrahedra, wedges and pyramids, 1e-6 for hexahedra).
enum class LocateTie
{
  LowestId, ///< the containing cell of lowest id
  HighestId ///< the containing cell of highest id (VTK's probe onto an image: every cell overwrites)
};

struct LocateOptions
{
  /// How far off a 2D cell's plane a point may lie and still be in it, and how far outside an image: with
  /// ComputeTolerance (VTK's default), 1e-3 of the cell's bounding-box diagonal (of an image cell's
  /// diagonal); otherwise Tolerance, a distance.
  bool ComputeTolerance = true;
  double Tolerance = 2.2204460492503131e-16;
  LocateTie Tie = LocateTie::LowestId;
  /// Binned cells: how far outside the dataset's bounds a point is still looked for, with no test of the
  /// cells' boxes (a cell contains it within its parametric slack): VTK's closest-point strategy (its probe's
  /// default without a cell locator) grows the bounds by the tolerance and walks cells without box tests. 0:
  /// VTK's cell locator (exact bounds, each candidate's box first).
  double BoundsTolerance = 0.0;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
  /// Parametric coordinates in a hexahedron whose map is affine (a parallelepiped) from Newton's first step,
  /// which solves it, without VTK's second (which moves them by rounding only, or by under 1e-13 where the map
  /// is affine to that tolerance: interpolated values within 1e-12 relative of VTK's, the same cells but at
  /// rounding's own ties). Off: VTK's steps and bits. SamplePoints and SampleImage
  /// turn it on where every point field is floating point (an integer field keeps VTK's rounding at exact
  /// halves).
  bool AffineStop = false;
};

/// A point locator over one dataset's cells. Images need no search (index arithmetic), rectilinear grids a
/// binary search per axis; other cells are binned once, in parallel, in a uniform grid of bins of about eight
/// cells: a cell no wider than a bin in the bin of its bounding box's lower corner, a wider one in every bin its
/// box overlaps; a point searches the bins from the widest such box below it up to its own, and the tie picks
/// among every cell that holds it.
class CellLocator
{
public:
  struct Data;
  CellLocator() = default;

  /// An axis-aligned image of `dims` points (1 on a flat axis) from `origin` by `spacing` (positive), as
  /// vtkImageData finds cells: a point on a face between cells is in the cell above it, and a point within
  /// the tolerance outside the image in the boundary cell.
  static CellLocator ForImage(const double origin[3], const double spacing[3], const Id3& dims);
  /// An image of any orientation as vtkImageData gives it: the first three rows of its physical-to-index
  /// matrix (a point's continuous index is computed from them as VTK computes it, so that both find the same
  /// cells and weights to the last bit), its spacing (positive) and its extent.
  static CellLocator ForImage(const double physicalToIndex[12], const double spacing[3], const Id extent[6]);
  /// A rectilinear grid of increasing `coordinates` per axis, as vtkRectilinearGrid finds cells: a point on
  /// a face between cells is in the cell below it; the last coordinate of a non-flat axis is outside.
  static CellLocator ForRectilinear(const std::vector<double> coordinates[3]);
  /// `cells` (explicit or a structured grid's) on `points` (xyz, float32 or float64), binned on `device`
  /// (`bin` off: not binned, for LocateImagePoints, SampleImage and LocatePointEnds, whose cells visit the
  /// samples instead).
  /// Linear cells of dimension 2 and 3 are located in (triangles, quadrilaterals, pixels, tetrahedra,
  /// voxels, hexahedra, wedges, pyramids); ErrorBadType names the first other cell type met
  /// (UnsupportedShape says so beforehand).
  static CellLocator ForCells(const CellSetAny& cells, const FieldArray& points,
                              loom::cont::DeviceId device = loom::cont::DeviceId::Auto, bool bin = true);

  bool IsBuilt() const { return this->Impl != nullptr; }
  Id GetNumberOfCells() const;
  Id GetNumberOfPoints() const;
  /// Whether the locator is an image's or a rectilinear grid's (index arithmetic, one cell per point).
  bool IsGrid() const;
  /// The bins of a binned locator (0 for images and rectilinear grids).
  Id GetNumberOfBins() const;
  /// The bytes the locator holds beyond the dataset's own arrays (bins, cell lists, bounding boxes).
  std::size_t GetMemoryBytes() const;
  const Data& Get() const { return *this->Impl; }

private:
  std::shared_ptr<const Data> Impl;
};

/// "" when ForCells locates in every cell of `cells`; else the first cell type it does not take
/// ("polygon (VTK cell type 7)").
std::string UnsupportedShape(const CellSetAny& cells);

/// Where each sample point lies: its cell (-1 when no cell contains it) and the parametric coordinates
/// there (three per sample, 0 where not found).
struct LocatedPoints
{
  loom::cont::ArrayHandle<Id> Cells;
  loom::cont::ArrayHandle<Float64> PCoords;
  Id Found = 0;
  /// LocateLikeClosestPointStrategy: the samples whose cell VTK's point locator's order decides.
  Id Ambiguous = 0;
  Id GetNumberOfValues() const { return this->Cells.GetNumberOfValues(); }
};

/// The cell of every sample point (`samples`: stored points or a grid's axes), VTK's probe rules: a 3D
/// cell contains a point within its parametric slack (Newton's method for hexahedra, wedges and pyramids,
/// with VTK's start, steps and convergence test), a 2D cell a point that projects into it within the
/// tolerance (LocateOptions); points with a NaN coordinate are in no cell.
LocatedPoints LocatePoints(const CellLocator& locator, const PointPositions& samples, const LocateOptions& options);

/// Every sample's lowest and highest containing cell at once (LocatePoints with each tie): the ends a walk
/// through the samples in order chooses between (vtkProbeFilter keeps the previous point's cell when it still
/// contains the next point).
struct LocatedEnds
{
  LocatedPoints Lowest, Highest;
};
/// LocatePointEnds: with a binned locator (or a grid), LocatePoints twice; with a locator built without bins
/// (ForCells, `bin` off), the cells visit the samples instead: the samples are binned over their own bounds and
/// every cell tests those within its bounding box, one pass over the cells and no locator memory: cheaper than
/// binning the cells when the cells are sampled once. The visit takes no pad (`BoundsTolerance` 0) and
/// finds the cells LocatePoints finds, with the same parametric coordinates.
LocatedEnds LocatePointEnds(const CellLocator& locator, const PointPositions& samples, const LocateOptions& options);

/// How VTK lists the cells of a point (vtkDataSet::GetPointCells), which VTK's closest-point strategy tries in
/// turn: vtkUnstructuredGrid's static links by decreasing id, vtkPolyData's links by increasing id. A structured
/// grid's cells come in vtkStructuredData's order: FlatAlongX for a grid of one point along x (held as a 2D grid
/// of its y and z, whose cells VTK meets in another order), any other value otherwise.
enum class PointCellsOrder
{
  Increasing,
  Decreasing,
  FlatAlongX
};

/// Whether every value of `field` is finite (an integer field: always).
bool AllFinite(const FieldArray& field, loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// VTK's probe of points in order without a cell locator (vtkProbeFilter over a point set with its default
/// vtkClosestPointStrategy), sample by sample on the host: the previous sample's cell while its bounding box and
/// the cell hold the next sample; else, within the dataset's bounds grown by the tolerance, a walk from that cell across the face nearest to the sample (up to twelve
/// cells, each visited once per sample), then walks from each cell of the point closest to the sample
/// (`order`), then from the cells of the points within the tolerance of that one; a cell holds the sample on
/// such a walk when it contains it (2D cells: within the tolerance of their plane). A sample in no cell leaves
/// no previous cell. With `options.ComputeTolerance`, a 2D cell farther from the sample than 1e-3 of its
/// bounding box's diagonal stays the previous cell but leaves the sample in none (VTK's check after the search).
/// Explicit cells or a structured grid's (ForCells, binned or not).
/// `tolerance2`: VTK's squared tolerance (the bounds grown by its root; a 2D cell holds a sample on a walk within
/// it). Where points as close to a sample as the closest one would send the walks to different cells (VTK takes
/// the one its point locator lists first: a sample equidistant from several points of the dataset, on a face or
/// edge several cells share), the sample counts in `Ambiguous` and `tieBreaker`, if set, gives the cell (VTK's
/// strategy itself: the sample's index, the previous sample's cell or -1, the sample; the cell, its parametric
/// coordinates into `pc`); without one the lowest point id's walk stands.
using TieBreaker = std::function<Id(Id sample, Id previous, const double* x, double* pc)>;
LocatedPoints LocateLikeClosestPointStrategy(const CellLocator& locator, const PointPositions& samples,
                                             const LocateOptions& options, double tolerance2, PointCellsOrder order,
                                             const TieBreaker& tieBreaker = {});

/// VTK's probe of points in order with a cell locator (vtkProbeFilter with vtkCellLocatorStrategy over a
/// vtkStaticCellLocator: Resample With Dataset) or over a rectilinear grid (vtkRectilinearGrid::FindCell), on the
/// host from each sample's lowest and highest containing cell (LocatePointEnds): the previous sample's cell while
/// it holds the sample (its box, then the cell), else the lowest where one cell holds it, else `tieBreaker` (VTK's locator, whose
/// bins list cells in an order of their own: sample, previous cell, position; the cell and parametric coordinates)
/// or the lowest. A sample in no cell leaves no previous cell. Explicit cells, a structured grid's or a rectilinear
/// grid's (an image's are found by index arithmetic: ErrorBadValue). With `options.ComputeTolerance`, a 2D cell farther
/// from the sample than 1e-3 of its bounding box's diagonal stays the previous cell but leaves the sample in none
/// (VTK's check after the search: `ends` found at any distance from a 2D cell's plane, as VTK's locator finds them).
LocatedPoints LocateInOrderFromEnds(const CellLocator& locator, const PointPositions& samples, const LocatedEnds& ends,
                                    const LocateOptions& options, const TieBreaker& tieBreaker = {});


/// The points of an image as samples: its first point, its spacing (0 along a flat axis) and its point
/// dimensions.
struct ImageSamples
{
  double Origin[3] = { 0, 0, 0 };
  double Spacing[3] = { 1, 1, 1 };
  Id3 Dims{ 1, 1, 1 };
};

/// The cell of every point of an image, as vtkProbeFilter finds them when it samples cells at an image's
/// points: every cell visits the image points within its bounding box, in id order, and each that contains
/// one (2D cells: within the tolerance) overwrites it: the highest containing id wins. Images and
/// rectilinear grids are located point by point with that tie rule. A binned locator is not needed.
LocatedPoints LocateImagePoints(const CellLocator& locator, const ImageSamples& image, const LocateOptions& options);

/// Fields sampled in one pass (SamplePoints, SampleImage): the point fields interpolated, the cell fields
/// taken from the containing cell, each in its own kind (0 where no cell contains the sample), and the
/// valid-point mask.
struct SampledFields
{
  std::vector<FieldArray> PointFields, CellFields;
  loom::cont::ArrayHandle<Int8> Mask;
  Id Found = 0;
};

/// LocatePoints, InterpolatePointField, GatherCellField and ValidPointMask fused: one pass over the samples,
/// nothing stored per sample but the outputs.
SampledFields SamplePoints(const CellLocator& locator, const PointPositions& samples,
                           const std::vector<FieldArray>& pointFields, const std::vector<FieldArray>& cellFields,
                           const LocateOptions& options);
/// LocateImagePoints and the sampling, fused: the cells' visit, then one pass over the image's points.
SampledFields SampleImage(const CellLocator& locator, const ImageSamples& image, const std::vector<FieldArray>& pointFields,
                          const std::vector<FieldArray>& cellFields, const LocateOptions& options);

/// The point field `values` (one tuple per point of the located dataset) at each sample: its cell's points
/// weighted by the cell's interpolation functions at the parametric coordinates (VTK's weights), in the
/// field's own kind (integers rounded half away from zero, as VTK's InterpolateTuple). Samples in no cell
/// hold 0.
FieldArray InterpolatePointField(const CellLocator& locator, const LocatedPoints& located, const FieldArray& values,
                                 loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// The cell field `values` at each sample: its cell's tuple (0 for samples in no cell).
FieldArray GatherCellField(const LocatedPoints& located, const FieldArray& values,
                           loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// One value per sample: 1 where a cell contains it, else 0 (VTK's vtkValidPointMask).
loom::cont::ArrayHandle<Int8> ValidPointMask(const LocatedPoints& located,
                                             loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
