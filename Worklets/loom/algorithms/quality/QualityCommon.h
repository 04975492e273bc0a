// Loom algorithms, quality family: what the per-shape quality measures share: the measure numbers (VTK's
// vtkMeshQuality::QualityMeasureTypes, so a ParaView property value means the same measure), the point
// type and Verdict's bounds. Device code: every function here is LOOM_EXEC and uses no tables outside it.
#pragma once

#include <loom/Math.h>
#include <loom/Types.h>

#include <cmath>

namespace loom
{
namespace algorithms
{
namespace quality
{
/// The measures, numbered as VTK numbers them (ParaView's Mesh Quality property values).
enum Measure : int
{
  EdgeRatio = 0,
  AspectRatio = 1,
  RadiusRatio = 2,
  AspectFrobenius = 3,
  MedAspectFrobenius = 4,
  MaxAspectFrobenius = 5,
  MinAngle = 6,
  CollapseRatio = 7,
  MaxAngle = 8,
  Condition = 9,
  ScaledJacobian = 10,
  Shear = 11,
  RelativeSizeSquared = 12,
  Shape = 13,
  ShapeAndSize = 14,
  Distortion = 15,
  MaxEdgeRatio = 16,
  Skew = 17,
  Taper = 18,
  Volume = 19,
  Stretch = 20,
  Diagonal = 21,
  Dimension = 22,
  Oddy = 23,
  ShearAndSize = 24,
  Jacobian = 25,
  Warpage = 26,
  AspectGamma = 27,
  Area = 28,
  EquiangleSkew = 29,
  EquivolumeSkew = 30,
  MaxStretch = 31,
  MeanAspectFrobenius = 32,
  MeanRatio = 33,
  NodalJacobianRatio = 34,
  NormalizedInradius = 35,
  SquishIndex = 36,
  MeasureCount = 37
};

using Point = Vec<double, 3>;

/// Verdict's bounds: results are clamped to +-QualityHuge, and quantities below QualityTiny count as zero.
constexpr double QualityHuge = 1.0e30;
constexpr double QualityTiny = 1.0e-30;

/// A result clamped to [-QualityHuge, QualityHuge] (NaN stays NaN).
LOOM_EXEC inline double ClampQuality(double q)
{
  if (q > QualityHuge)
    return QualityHuge;
  if (q < -QualityHuge)
    return -QualityHuge;
  return q;
}
/// The angle (degrees) between u and v as Verdict's interior angles measure it: the cosine from the dot
/// product over the length product (0, so 90 degrees, when a vector has zero length); a cosine pushed past
/// +-1 by less than 1e-4 counts as +-1, one further out (or NaN) gives 0 degrees.
LOOM_EXEC inline double InteriorAngleDegrees(const Point& u, const Point& v)
{
  const double lu = Magnitude(u);
  const double lv = Magnitude(v);
  double cosine = 0.0;
  if (lu > 0.0 && lv > 0.0)
    cosine = Dot(u, v) / (lu * lv);
  if (cosine > 1.0 && cosine < 1.0001)
    cosine = 1.0;
  else if (cosine < -1.0 && cosine > -1.0001)
    cosine = -1.0;
  const double radians = (cosine >= -1.0 && cosine <= 1.0) ? std::acos(cosine) : 0.0;
  return (radians * 180.0) / 3.141592653589793;
}
} // namespace quality
} // namespace algorithms
} // namespace loom
