// Loom algorithms, normals family: the checks and the device choice (the CPU instantiations of the passes
// are here).
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/normals/NormalsCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/normals/NormalsImpl.h>

#include <string>

namespace loom
{
namespace algorithms
{
SurfaceNormalsResult SurfaceNormals(const CellArrays& polygons, Id numberOfPoints, const FieldArray& points,
                                    const SurfaceNormalsOptions& options)
{
  if (points.GetNumberOfComponents() != 3 || points.GetNumberOfTuples() != numberOfPoints ||
      (points.GetKind() != ValueKind::Float32 && points.GetKind() != ValueKind::Float64))
    throw loom::cont::ErrorBadValue("SurfaceNormals takes " + std::to_string(numberOfPoints) +
                                    " float32 or float64 xyz points; it was given " +
                                    std::to_string(points.GetNumberOfTuples()) + " tuples of " +
                                    std::to_string(points.GetNumberOfComponents()) + " components.");
  if (options.LeadingCells < 0)
    throw loom::cont::ErrorBadValue("SurfaceNormals: a negative number of leading cells.");
  if ((polygons.Is64Bit ? polygons.Offsets64.GetNumberOfValues() : polygons.Offsets32.GetNumberOfValues()) == 0)
    throw loom::cont::ErrorBadValue("SurfaceNormals: polygons without offsets (a cell array has at least one).");
  return WithCudaFallback(
    options.Device, "surfaceNormals",
    [&](auto) { return normals::SurfaceNormalsCuda(polygons, numberOfPoints, points, options); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        using Tag = decltype(tag);
        if (polygons.Is64Bit)
          return normals::NormalPasses<Tag, Int64>::Run(polygons.Offsets64, polygons.Connectivity64, numberOfPoints,
                                                        points, options, cpu);
        return normals::NormalPasses<Tag, Int32>::Run(polygons.Offsets32, polygons.Connectivity32, numberOfPoints,
                                                      points, options, cpu);
      });
    });
}
} // namespace algorithms
} // namespace loom
