// Loom algorithms, slice family: the implicit functions ParaView's Slice and Clip cut by (plane, sphere,
// infinite cylinder, box; each after an optional affine transform of the point, as VTK applies one), and
// their values at the points of a dataset, the field the contour family then cuts at the offsets.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>
#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <cmath>
#include <vector>

namespace loom
{
namespace algorithms
{
/// An implicit function with VTK's values: vtkPlane n.(x - o); vtkSphere |x - c|^2 - r^2; vtkCylinder
/// (infinite, about an axis through a center) squared distance to the axis minus r^2; vtkBox the signed
/// distance to the box (negative inside: minus the distance to the nearest face). `Transform` (row-major
/// 3x4, identity by default) maps a point before the function is evaluated, as vtkImplicitFunction's
/// transform does.
struct ImplicitFunction
{
  enum class Kind : UInt8
  {
    Plane,
    Sphere,
    Cylinder,
    Box
  };
  Kind Type = Kind::Plane;
  double Origin[3] = { 0, 0, 0 }; ///< plane origin, sphere / cylinder center
  double Normal[3] = { 1, 0, 0 }; ///< plane normal (not normalised, as vtkPlane), cylinder axis
  double Radius = 0.5;
  double Min[3] = { 0, 0, 0 }, Max[3] = { 1, 1, 1 }; ///< box bounds
  double Transform[12] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0 };

  LOOM_EXEC double Evaluate(double px, double py, double pz) const
  {
    const double* m = this->Transform;
    const double x[3] = { m[0] * px + m[1] * py + m[2] * pz + m[3], m[4] * px + m[5] * py + m[6] * pz + m[7],
                          m[8] * px + m[9] * py + m[10] * pz + m[11] };
    const double d[3] = { x[0] - this->Origin[0], x[1] - this->Origin[1], x[2] - this->Origin[2] };
    switch (this->Type)
    {
      case Kind::Sphere: return d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - this->Radius * this->Radius;
      case Kind::Cylinder:
      {
        // The axis is normalised (vtkCylinder does so when it is set).
        const double* a = this->Normal;
        const double along = d[0] * a[0] + d[1] * a[1] + d[2] * a[2];
        return d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - along * along - this->Radius * this->Radius;
      }
      case Kind::Box: return this->BoxDistance(x);
      default: return this->Normal[0] * d[0] + this->Normal[1] * d[1] + this->Normal[2] * d[2];
    }
  }

private:
  /// vtkBox's value: per axis the position t in [min, max] decides outside (the excess counts in a
  /// Euclidean distance) or inside (the nearer face by t <= 1/2; inside, minus the smallest of those
  /// distances); an axis of zero length is outside unless the point lies on it.
  LOOM_EXEC double BoxDistance(const double x[3]) const
  {
    bool inside = true;
    double outside = 0.0, nearest = -1.7976931348623157e308;
    for (int a = 0; a < 3; ++a)
    {
      const double length = this->Max[a] - this->Min[a];
      double d;
      if (length != 0.0)
      {
        const double t = (x[a] - this->Min[a]) / length;
        if (t < 0.0)
        {
          inside = false;
          d = this->Min[a] - x[a];
        }
        else if (t > 1.0)
        {
          inside = false;
          d = x[a] - this->Max[a];
        }
        else
        {
          d = t <= 0.5 ? this->Min[a] - x[a] : x[a] - this->Max[a];
          nearest = d > nearest ? d : nearest;
        }
      }
      else
      {
        d = x[a] - this->Min[a];
        d = d < 0 ? -d : d;
        if (d != 0.0)
          inside = false;
      }
      if (d > 0.0)
        outside += d * d;
    }
    return inside ? nearest : std::sqrt(outside);
  }
};

/// The function's value at every point, as a Float64 field: at the xyz tuples of `points` (float32 or
/// float64), or, when `points` is null, at the points of a uniform or rectilinear grid given by its
/// point dimensions and axes (see GridPoints).
FieldArray ImplicitValues(const ImplicitFunction& function, const FieldArray* points, const Id3& pointDims,
                          const std::vector<double> axes[3], loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
