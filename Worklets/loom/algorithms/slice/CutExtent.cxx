// Loom algorithms, slice family: BoundedCutExtent: the box of a sphere's or box's sublevel set, taken to the
// grid's space through the inverse of the function's transform, and per axis the cells that meet it.
#include <loom/algorithms/slice/CutExtent.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace loom
{
namespace algorithms
{
double GridAxisCoordinate(const std::vector<double> axes[3], int a, Id i)
{
  double c = axes[a][static_cast<std::size_t>(3 * i + a)];
  for (int b = 0; b < 3; ++b)
    if (b != a)
      c += axes[b][static_cast<std::size_t>(a)];
  return c;
}

bool GridIsAxisAligned(const Id3& pointDims, const std::vector<double> axes[3])
{
  for (int a = 0; a < 3; ++a)
  {
    if (pointDims[a] < 1 || static_cast<Id>(axes[a].size()) != 3 * pointDims[a])
      return false;
    // Axis a may move coordinate a only (its other coordinates are the same on every plane), and strictly
    // monotonically.
    const bool rising = pointDims[a] < 2 || axes[a][static_cast<std::size_t>(3 + a)] > axes[a][static_cast<std::size_t>(a)];
    for (Id i = 1; i < pointDims[a]; ++i)
    {
      for (int d = 0; d < 3; ++d)
        if (d != a && axes[a][static_cast<std::size_t>(3 * i + d)] != axes[a][static_cast<std::size_t>(d)])
          return false;
      const double previous = axes[a][static_cast<std::size_t>(3 * (i - 1) + a)],
                   current = axes[a][static_cast<std::size_t>(3 * i + a)];
      if (rising ? !(current > previous) : !(current < previous))
        return false;
    }
  }
  return true;
}

bool SublevelBox(const ImplicitFunction& function, double level, double low[3], double high[3])
{
  switch (function.Type)
  {
    case ImplicitFunction::Kind::Sphere:
    {
      // |x - c|^2 - r^2 <= level: within sqrt(r^2 + level) of the center.
      const double squared = function.Radius * function.Radius + level;
      const double reach = squared >= 0.0 ? std::sqrt(squared) : -1.0;
      for (int a = 0; a < 3; ++a)
      {
        low[a] = squared >= 0.0 ? function.Origin[a] - reach : 1.0;
        high[a] = squared >= 0.0 ? function.Origin[a] + reach : 0.0;
      }
      return std::isfinite(squared);
    }
    case ImplicitFunction::Kind::Box:
    {
      // The signed distance to the box at or below level: within max(level, 0) of it (inside it for a
      // negative level).
      const double grow = std::max(level, 0.0);
      for (int a = 0; a < 3; ++a)
      {
        if (!(function.Min[a] <= function.Max[a]))
          return false; // an inverted or undefined box: no bound taken
        low[a] = function.Min[a] - grow;
        high[a] = function.Max[a] + grow;
      }
      return std::isfinite(grow);
    }
    case ImplicitFunction::Kind::Cylinder:
    {
      // Within sqrt(r^2 + level) of the axis: bounded across the axis only along the coordinates the axis
      // does not move (one along a coordinate axis: a square column).
      const double squared = function.Radius * function.Radius + level;
      const double reach = squared >= 0.0 ? std::sqrt(squared) : -1.0;
      int bounded = 0;
      for (int a = 0; a < 3; ++a)
      {
        const bool across = function.Normal[a] == 0.0;
        bounded += across;
        low[a] = squared < 0.0 ? 1.0 : across ? function.Origin[a] - reach : -std::numeric_limits<double>::infinity();
        high[a] = squared < 0.0 ? 0.0 : across ? function.Origin[a] + reach : std::numeric_limits<double>::infinity();
      }
      return bounded > 0 && std::isfinite(squared);
    }
    default: return false; // planes reach everywhere
  }
}

namespace
{
/// The inverse of the transform's 3x3 part; false when it is singular.
bool Invert3(const double* m, double inverse[9])
{
  const double a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
  const double det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (!(std::abs(det) > 0.0) || !std::isfinite(det))
    return false;
  const double adj[9] = { e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g,
                          c * d - a * f, d * h - e * g, b * g - a * h, a * e - b * d };
  for (int k = 0; k < 9; ++k)
    inverse[k] = adj[k] / det;
  return true;
}
} // namespace

namespace
{
/// The box of SublevelBox taken to the grid's space: the inverse transform of its corners, p = M^-1 (x - t) (a
/// shift only for a box unbounded along an axis). False where there is none (no bound, a singular transform).
bool SublevelBoxInGrid(const ImplicitFunction& function, double level, double box[2][3], bool& empty)
{
  double low[3], high[3];
  if (!SublevelBox(function, level, low, high))
    return false;
  empty = false;
  for (int a = 0; a < 3; ++a)
  {
    empty = empty || low[a] > high[a];
    // Wider by far more than rounding: the transform's and the grid's coordinates round too.
    const double slack = 1e-9 * (1.0 + std::abs(low[a]) + std::abs(high[a]));
    low[a] -= slack;
    high[a] += slack;
  }
  const double* m = function.Transform;
  const bool shiftOnly = m[0] == 1 && m[1] == 0 && m[2] == 0 && m[4] == 0 && m[5] == 1 && m[6] == 0 && m[8] == 0 &&
                         m[9] == 0 && m[10] == 1;
  bool unbounded = false;
  for (int a = 0; a < 3; ++a)
    unbounded = unbounded || !std::isfinite(low[a]) || !std::isfinite(high[a]);
  if (!empty && shiftOnly)
    for (int a = 0; a < 3; ++a)
    {
      box[0][a] = low[a] - m[4 * a + 3];
      box[1][a] = high[a] - m[4 * a + 3];
    }
  else if (!empty)
  {
    double inverse[9];
    if (unbounded || !Invert3(m, inverse))
      return false;
    for (int a = 0; a < 3; ++a)
    {
      box[0][a] = std::numeric_limits<double>::infinity();
      box[1][a] = -box[0][a];
    }
    for (int corner = 0; corner < 8; ++corner)
    {
      double x[3];
      for (int a = 0; a < 3; ++a)
        x[a] = ((corner >> a) & 1 ? high[a] : low[a]) - m[4 * a + 3];
      for (int a = 0; a < 3; ++a)
      {
        const double p = inverse[3 * a] * x[0] + inverse[3 * a + 1] * x[1] + inverse[3 * a + 2] * x[2];
        box[0][a] = std::min(box[0][a], p);
        box[1][a] = std::max(box[1][a], p);
      }
    }
  }
  return true;
}

/// A plane's values n.(M p + t - o) are linear in the grid's point p: g.p + c. The box, within the grid's, of
/// its points where they are at or below `level`: along each axis, the bound that g_a p_a may reach when the
/// other coordinates take their smallest terms. `empty` when the grid has no such point. False for a transform
/// of terms that are not finite.
bool PlaneSublevelBox(const Id3& pointDims, const std::vector<double> axes[3], const ImplicitFunction& plane,
                      double level, double box[2][3], bool& empty)
{
  const double* m = plane.Transform;
  double g[3] = { 0, 0, 0 }, c = 0.0;
  for (int r = 0; r < 3; ++r)
  {
    for (int a = 0; a < 3; ++a)
      g[a] += plane.Normal[r] * m[4 * r + a];
    c += plane.Normal[r] * (m[4 * r + 3] - plane.Origin[r]);
  }
  double least[3], smallest = c; // each axis's smallest term over the grid's box, and f's least value
  for (int a = 0; a < 3; ++a)
  {
    const double c0 = GridAxisCoordinate(axes, a, 0), c1 = GridAxisCoordinate(axes, a, pointDims[a] - 1);
    box[0][a] = std::min(c0, c1);
    box[1][a] = std::max(c0, c1);
    least[a] = std::min(g[a] * box[0][a], g[a] * box[1][a]);
    smallest += least[a];
  }
  if (!std::isfinite(smallest) || !std::isfinite(level))
    return false;
  // Empty only beyond rounding (a plane through a grid corner).
  empty = smallest > level + 1e-9 * (1.0 + std::abs(level) + std::abs(smallest));
  for (int a = 0; a < 3 && !empty; ++a)
  {
    const double reach = level - (smallest - least[a]); // what g_a p_a may be at most
    if (g[a] > 0.0)
      box[1][a] = std::min(box[1][a], reach / g[a]);
    else if (g[a] < 0.0)
      box[0][a] = std::max(box[0][a], reach / g[a]);
  }
  return true;
}

} // namespace

bool BoundedCutExtent(const Id3& pointDims, const std::vector<double> axes[3], const ImplicitFunction& function,
                      const std::vector<double>& levels, GridExtent& extent)
{
  if (levels.empty() || !GridIsAxisAligned(pointDims, axes))
    return false;
  const double level = *std::max_element(levels.begin(), levels.end());
  double box[2][3];
  bool empty = false;
  if (function.Type == ImplicitFunction::Kind::Plane)
  {
    if (!PlaneSublevelBox(pointDims, axes, function, level, box, empty))
      return false;
  }
  else if (!SublevelBoxInGrid(function, level, box, empty))
    return false;
  for (int a = 0; a < 3 && !empty; ++a)
  {
    const double slack = 1e-9 * (1.0 + std::abs(box[0][a]) + std::abs(box[1][a]));
    box[0][a] -= slack;
    box[1][a] += slack;
    if (std::isnan(box[0][a]) || std::isnan(box[1][a]))
      return false; // an infinite shift, or a transform of infinite terms
  }

  // Per axis the cells [first, last] whose span meets [box[0], box[1]].
  Id first[3], last[3];
  for (int a = 0; a < 3 && !empty; ++a)
  {
    const Id n = pointDims[a];
    if (n == 1)
    {
      const double c = GridAxisCoordinate(axes, a, 0);
      empty = c < box[0][a] || c > box[1][a];
      first[a] = last[a] = 0;
      continue;
    }
    first[a] = n - 1; // no cell yet
    last[a] = -1;
    for (Id i = 0; i + 1 < n; ++i)
    {
      const double c0 = GridAxisCoordinate(axes, a, i), c1 = GridAxisCoordinate(axes, a, i + 1);
      if (std::max(c0, c1) >= box[0][a] && std::min(c0, c1) <= box[1][a])
      {
        first[a] = std::min(first[a], i);
        last[a] = i;
      }
    }
    empty = last[a] < 0;
  }
  for (int a = 0; a < 3; ++a)
  {
    const Id cells = std::max<Id>(pointDims[a] - 1, 0);
    if (empty || cells == 0)
    {
      extent.First[a] = 0;
      extent.Last[a] = cells > 0 ? 1 : 0;
      continue;
    }
    // One cell more on each side: the points at the box's faces, whatever the rounding of their values.
    extent.First[a] = std::max<Id>(first[a] - 1, 0);
    extent.Last[a] = std::min<Id>(last[a] + 2, pointDims[a] - 1);
  }
  return true;
}
} // namespace algorithms
} // namespace loom
