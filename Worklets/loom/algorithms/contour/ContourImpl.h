// Loom algorithms, contour family: shared pieces of the two paths (included by the contour .cxx
// files only).
#pragma once

#include <loom/algorithms/contour/CaseTables.h>
#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/HostForEach.h>

#include <cmath>
#include <string>
#include <utility>

namespace loom
{
namespace algorithms
{
namespace contour
{
/// Run `f(r)` for r in [0, n) on the chosen CPU device, `grain` items per task at least.
template <typename F>
void ForEach(loom::cont::DeviceId requested, Id n, Id grain, F&& f)
{
  HostForEach(requested, n, grain, std::forward<F>(f));
}

/// Weight of the isovalue between two values (0 at a, 1 at b).
LOOM_EXEC inline Float32 EdgeWeight(double a, double b, double iso)
{
  const double d = b - a;
  return d != 0.0 ? static_cast<Float32>((iso - a) / d) : 0.0f;
}

/// The structured path (ContourStructured.cxx): a 3D grid with a finite one-component field.
/// Returns false, having done nothing, when the field holds a non-finite value.
template <typename T>
bool ContourStructured3D(const Id3& dims, const T* field, const ContourOptions& options, ContourResult& result);

/// The marching-cells path (ContourCells.cxx).
template <typename T>
ContourResult ContourCells(const CellSetAny& cells, const loom::cont::ArrayHandle<T>& field,
                           const ContourOptions& options);
} // namespace contour
} // namespace algorithms
} // namespace loom
