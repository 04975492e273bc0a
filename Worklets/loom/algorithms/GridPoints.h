// Loom algorithms: the point positions of uniform and rectilinear grids (which VTK stores implicitly),
// all of them or those of a list of ids.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <vector>

namespace loom
{
namespace algorithms
{
/// Where a dataset's points are, as the families that read positions take them: `Points` (xyz tuples;
/// for a structured grid with its point `Dims`, x fastest), or for images and rectilinear grids their
/// `Axes` as GridPoints takes them with the point `Dims` (no positions stored).
struct PointPositions
{
  const FieldArray* Points = nullptr;
  const std::vector<double>* Axes = nullptr;
  Id3 Dims{ 1, 1, 1 };
  Id GetNumberOfPoints() const { return this->Points ? this->Points->GetNumberOfTuples() : Dims[0] * Dims[1] * Dims[2]; }
};

/// Positions of points of a grid of `pointDims` points, x fastest: coordinate d of point (i, j, k) is
/// axes[0][3i+d] + axes[1][3j+d] + axes[2][3k+d] (each axis's contribution, origin and direction
/// included). With `ids`, only those points (flat ids), else every point. The result is xyz of the
/// given kind (Float32 or Float64).
FieldArray GridPoints(const Id3& pointDims, const std::vector<double> axes[3], ValueKind kind,
                      const loom::cont::ArrayHandle<Id>* ids = nullptr,
                      loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
