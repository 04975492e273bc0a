// Loom algorithms, gradient family: the gradient of a point or cell field (any number of components)
// with divergence, vorticity and Q-criterion, as vtkGradientFilter computes them, optionally masked.
#pragma once

#include <loom/algorithms/CellSetAny.h>
#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
/// What to compute and how. Divergence, vorticity and Q-criterion need a 3-component field.
struct GradientOptions
{
  bool Gradient = true;
  bool Divergence = false;
  bool Vorticity = false;
  bool QCriterion = false;
  /// Point fields on cell sets: the gradient at the cells' centers averaged to the points (VTK's
  /// FasterApproximation) instead of the mean of the cells' derivatives at each point.
  bool FasterApproximation = false;
  /// Which cells a point's value comes from (explicit cells): every cell using it (All), those of the
  /// highest dimension among them (Patch), or those of the dataset's highest dimension (DataSetMax).
  enum class Contributing
  {
    All = 0,
    Patch = 1,
    DataSetMax = 2
  };
  Contributing ContributingCells = Contributing::All;
  /// What a point no contributing cell reaches holds: 0, NaN, the output type's min() or max().
  enum class Replacement
  {
    Zero = 0,
    NaN = 1,
    DataTypeMin = 2,
    DataTypeMax = 3
  };
  Replacement ReplacementValue = Replacement::Zero;
};

/// The computed fields (empty when not asked), on the field's elements: float32 for value kinds of
/// fewer than 8 bytes, else float64, as VTK. The gradient of an N-component field has 3N components
/// (d/dx, d/dy, d/dz of component 0, then component 1, ...).
struct GradientResult
{
  FieldArray Gradient, Divergence, Vorticity, QCriterion;
};

/// Gradients on a structured grid by VTK's finite differences in index space mapped through the
/// grid's Jacobian (central inside, one-sided on the boundary), for a point field or a cell field
/// (differences of cell centers); `geometry` gives the point Dims and the axes or the stored points. The mask selects output elements (points or cells).
GradientResult StructuredGradient(const PointPositions& geometry, const FieldArray& field, bool cellField,
                                  const GradientOptions& options, const OutputMask& mask,
                                  loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// Gradients on cells: for a point field, the mean over the contributing cells of each cell's
/// derivative at the point (or, with FasterApproximation, the cells' gradients at their centers
/// averaged to the points); for a cell field, the field averaged to the points and differentiated at
/// each cell's center. `points` holds one xyz tuple per point. Vertices, lines, triangles, quads,
/// pixels, tetrahedra, voxels, hexahedra and wedges (see UnsupportedGradientCells).
GradientResult CellGradient(const CellSetAny& cells, const FieldArray& points, const FieldArray& field,
                            bool cellField, const GradientOptions& options, const OutputMask& mask,
                            loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// The cell shapes of `cells` the family does not differentiate (pyramids, polygons, poly-vertices,
/// poly-lines, strips), as VTK cell type names; empty when every cell is handled.
std::string UnsupportedGradientCells(const CellSetAny& cells);
} // namespace algorithms
} // namespace loom
