// Loom algorithms, quality family: VTK's vtkMeshQuality on Loom's devices: one quality measure per linear
// shape (triangle, quadrilateral, tetrahedron, pyramid, wedge, hexahedron), NaN for every other cell, and
// the per-shape statistics VTK writes as field data. The measures are Verdict's (see <Shape>Quality.h).
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// The six shapes a measure is chosen for, in VTK's order (its field data arrays and size hints).
enum class QualityShape : int
{
  Triangle = 0,
  Quad = 1,
  Tetrahedron = 2,
  Pyramid = 3,
  Wedge = 4,
  Hexahedron = 5
};
constexpr int QualityShapeCount = 6;

struct MeshQualityOptions
{
  /// The measure of each shape (QualityShape order), numbered as VTK numbers them (quality::Measure); a
  /// measure a shape does not offer gives NaN for its cells (vtkLoomMeshQuality maps those to VTK's defaults).
  int Measure[QualityShapeCount] = { 2, 0, 2, 13, 0, 5 };
  /// The average area or volume of each shape's cells, for the size-relative measures. When
  /// AverageSizesGiven is false and a measure needs them, MeshQuality measures every cell first (VTK's
  /// size pass) and returns the sizes' statistics in MeshQualityResult::Sizes.
  bool AverageSizesGiven = false;
  double AverageSize[QualityShapeCount] = { 0, 0, 0, 0, 0, 0 };
  /// A second array where quadratic and higher-order cells are measured by their corners (VTK's
  /// LinearApproximation); every shape's statistics then count the linear cells twice, as VTK counts them.
  bool LinearApproximation = false;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// The statistics of one shape's values, as VTK accumulates them: the smallest and largest (NaN values
/// left out), the total and the total of squares (NaN values included), and the number of cells.
struct QualityStatistics
{
  double Min = 1.0e300;
  double Total = 0.0;
  double Max = -1.0e299;
  double Total2 = 0.0;
  Id Count = 0;
};

struct MeshQualityResult
{
  /// One float64 per cell: the measure of its shape, NaN for cells of no measured shape (and, in
  /// Quality, for quadratic and higher-order cells).
  FieldArray Quality;
  /// The linear approximation (LinearApproximation only; empty otherwise).
  FieldArray LinearQuality;
  /// Per shape: the raw accumulations of the qualities (see Summary for VTK's field data tuple).
  QualityStatistics Statistics[QualityShapeCount];
  /// Whether the size pass ran, and per shape its raw accumulations (VTK's "TriArea" ... "HexVolume").
  bool SizesMeasured = false;
  QualityStatistics Sizes[QualityShapeCount];
  /// The average sizes the size-relative measures used.
  double AverageSize[QualityShapeCount] = { 0, 0, 0, 0, 0, 0 };
};

/// Whether the measures ask for the average sizes (VTK's condition for its size pass: the relative size,
/// shape-and-size and shear-and-size measures of triangles, quadrilaterals, tetrahedra and hexahedra).
bool QualityNeedsAverageSizes(const int measure[QualityShapeCount]);

/// Whether `measure` is one `shape` offers (ParaView's Mesh Quality lists, and VTK's quad Maximum Angle).
bool QualityMeasureOffered(QualityShape shape, int measure);

/// The shape (QualityShape order) a cell of VTK cell type `type` is measured as: the six linear shapes, and
/// with `linearized` their quadratic and higher-order forms too (VTK's linearisation); -1 for others.
int QualityShapeOf(UInt8 type, bool linearized);

/// VTK's field data tuple of a shape's statistics ("Mesh Triangle Quality" ...): minimum, average, maximum,
/// variance (the squares' total less n times the squared average, over n - 1, or over n for one cell) and
/// count; all zero without cells.
void QualitySummary(const QualityStatistics& statistics, double tuple[5]);

/// The quality of every cell of `cells` on `points` (three components, float32 or float64).
MeshQualityResult MeshQuality(const CellSetAny& cells, const FieldArray& points, const MeshQualityOptions& options);
} // namespace algorithms
} // namespace loom
