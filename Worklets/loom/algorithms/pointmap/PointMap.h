// Loom algorithms, point-map family: one output per point from the point's own position and values:
// elevation scalars (vtkElevationFilter), points warped by a scalar or a vector (vtkWarpScalar,
// vtkWarpVector), optionally masked, and points, vectors and normals under a linear transform
// (vtkTransformFilter with a vtkLinearTransform).
#pragma once

#include <loom/algorithms/GridPoints.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// The elevation's 1-D system: points project onto Low -> High, clamped to [0, 1], mapped to Range.
struct ElevationOptions
{
  double Low[3] = { 0.0, 0.0, 0.0 };
  double High[3] = { 0.0, 0.0, 1.0 };
  double Range[2] = { 0.0, 1.0 };
};

/// One float32 per point: Range[0] + t (Range[1] - Range[0]) for t the clamped projection of the point
/// onto Low -> High (along (0, 0, 1) from Low when High equals Low, as VTK).
FieldArray Elevation(const PointPositions& points, const ElevationOptions& options, const OutputMask& mask,
                     loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// How a scalar warp moves each point: along the point's normal (`Normals`, xyz tuples) when given,
/// else along `Normal`; by the scalar's first component, or by the point's z with `XYPlane`.
struct WarpScalarOptions
{
  double ScaleFactor = 1.0;
  double Normal[3] = { 0.0, 0.0, 1.0 };
  const FieldArray* Normals = nullptr;
  bool XYPlane = false;
};

/// The value kind of moved points: VTK's warp filters store float points (their default precision)
/// unless asked for doubles.
enum class WarpPrecision
{
  Float32,
  Float64
};

/// x + ScaleFactor s n for every point, computed in double and stored as `precision` says. Unselected
/// points keep their position unless the mask keeps another field.
FieldArray WarpByScalar(const PointPositions& points, const FieldArray& scalars, const WarpScalarOptions& options,
                        WarpPrecision precision, const OutputMask& mask,
                        loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// x + scaleFactor v for every point and its 3-component vector v (as WarpByScalar's kinds and mask).
FieldArray WarpByVector(const PointPositions& points, const FieldArray& vectors, double scaleFactor,
                        WarpPrecision precision, const OutputMask& mask,
                        loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// A linear transform's affine part as vtkLinearTransform applies it to a point: x' = A x + b, with A the
/// matrix's upper-left 3x3 and b its last column (the bottom row is not used).
struct AffineTransform
{
  double M[3][4] = { { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 } };
};

/// Every point transformed, each coordinate summed in double in VTK's order (a x + b y + c z + d) and stored
/// as `precision` says.
FieldArray TransformPoints(const PointPositions& points, const AffineTransform& transform, WarpPrecision precision,
                           loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// A float or double 3-component array's tuples times `matrix` (summed in double, stored in the array's
/// kind), as vtkLinearTransform::TransformVectors; with `normalize` each result is then scaled to unit
/// length in the array's kind (TransformNormals, which is given the inverse transpose).
FieldArray TransformVectors(const FieldArray& vectors, const double (&matrix)[3][3], bool normalize,
                            loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
