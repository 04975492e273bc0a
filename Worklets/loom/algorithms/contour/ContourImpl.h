// Loom algorithms, contour family: shared pieces of the two paths (included by the contour .cxx
// files only).
#pragma once

#include <loom/algorithms/contour/CaseTables.h>
#include <loom/algorithms/contour/Contour.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/DeviceChoice.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

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
/// The same over rows or blocks of `weight` elements each (for a WorkMonitor's count).
template <typename F>
void ForEach(loom::cont::DeviceId requested, Id n, Id grain, Id weight, F&& f)
{
  HostForEach(requested, n, grain, weight, std::forward<F>(f));
}

/// The slot whose table contours the cells of a structured cell set of `dimension` (2 or 3) that came
/// from `grid`: a structured grid's are hexahedra (quads), an image's and a rectilinear grid's the
/// grid cells observed on those datasets.
inline int StructuredTableSlot(int dimension, ContourOptions::Grid grid)
{
  using Grid = ContourOptions::Grid;
  if (grid == Grid::Structured)
    return dimension == 3 ? CELL_SHAPE_HEXAHEDRON : CELL_SHAPE_QUAD;
  if (dimension == 3)
    return TableImageCell3D;
  return grid == Grid::Rectilinear ? TableRectilinearCell2D : TableImageCell2D;
}

/// Weight of the isovalue between two values (0 at a, 1 at b).
LOOM_EXEC inline Float64 EdgeWeight(double a, double b, double iso)
{
  const double d = b - a;
  return d != 0.0 ? (iso - a) / d : 0.0;
}

/// Several results (one per isovalue) joined in order, points renumbered. `allocate(result,
/// points, slots)` sizes the joined arrays; `append(part, result, firstPoint, firstSlot)` copies one
/// part in at those positions (on the host or on the GPU).
template <typename Allocate, typename Append>
ContourResult JoinParts(std::vector<ContourResult>& parts, Allocate&& allocate, Append&& append)
{
  if (parts.size() == 1)
  {
    parts[0].PointStarts = { 0, parts[0].Points.GetNumberOfPoints() };
    return parts[0];
  }
  ContourResult r;
  r.PrimitiveSize = parts.empty() ? 3 : parts[0].PrimitiveSize;
  Id points = 0, slots = 0;
  for (const auto& p : parts)
  {
    points += p.Points.GetNumberOfPoints();
    slots += p.Connectivity.GetNumberOfValues();
  }
  allocate(r, points, slots);
  Id p0 = 0, s0 = 0;
  r.PointStarts.assign(1, 0);
  for (const auto& p : parts)
  {
    append(p, r, p0, s0);
    p0 += p.Points.GetNumberOfPoints();
    s0 += p.Connectivity.GetNumberOfValues();
    r.PointStarts.push_back(p0);
  }
  return r;
}

/// The structured path (ContourStructured.cxx): a 3D grid with a finite one-component field.
/// Returns false, having done nothing, when the field holds a non-finite value.
template <typename T>
bool ContourStructured3D(const Id3& dims, const T* field, const ContourOptions& options, ContourResult& result);

/// The structured path on CUDA (ContourStructuredCuda.cu): FlyingEdgesPasses on the GPU, false as it.
template <typename T>
bool ContourStructuredCuda(const Id3& dims, const loom::cont::ArrayHandle<T>& field, const ContourOptions& options,
                           ContourResult& result);

/// The marching-cells path (ContourCells.cxx).
template <typename T>
ContourResult ContourCells(const CellSetAny& cells, const loom::cont::ArrayHandle<T>& field,
                           const ContourOptions& options);
/// The marching-cells path on CUDA (ContourCuda.cu): every cell set, primitives of
/// `primitiveSize` points (3 or 2, checked by the caller).
template <typename T>
ContourResult ContourCellsCuda(const CellSetAny& cells, const loom::cont::ArrayHandle<T>& field,
                               const ContourOptions& options, int primitiveSize);
} // namespace contour
} // namespace algorithms
} // namespace loom
