// Loom tests, quality family: what the per-shape measure tests share: Verdict's coordinates from Loom's
// points, random perturbations of a reference cell, and the comparison rule (1e-9 relative; NaN equals NaN).
#pragma once

#include <loom/algorithms/quality/QualityCommon.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace loom_quality_testing
{
using loom::algorithms::quality::Point;

/// A cell's corners, as Loom's measures take them and as Verdict takes them.
template <int N>
struct Corners
{
  Point P[N];
  double C[N][3];
  void Sync()
  {
    for (int k = 0; k < N; ++k)
      for (int a = 0; a < 3; ++a)
        this->C[k][a] = this->P[k][a];
  }
};

/// `reference` with every coordinate moved by up to `amplitude` (uniform), scaled by `scale`.
template <int N>
Corners<N> Perturbed(const Corners<N>& reference, double amplitude, double scale, std::mt19937_64& random)
{
  std::uniform_real_distribution<double> move(-amplitude, amplitude);
  Corners<N> cell;
  for (int k = 0; k < N; ++k)
    for (int a = 0; a < 3; ++a)
      cell.P[k][a] = scale * (reference.P[k][a] + move(random));
  cell.Sync();
  return cell;
}

/// Loom's value `loom` equals Verdict's `verdict`: both NaN, or within 1e-9 relative, or both within
/// `absolute` of each other (for values that are zero up to rounding, as a skew of a perfect cell).
inline ::testing::AssertionResult SameQuality(double loom, double verdict, double absolute = 1e-12)
{
  if (std::isnan(loom) && std::isnan(verdict))
    return ::testing::AssertionSuccess();
  if (loom == verdict)
    return ::testing::AssertionSuccess();
  const double difference = std::fabs(loom - verdict);
  if (difference <= 1e-9 * std::fmax(std::fabs(loom), std::fabs(verdict)) || difference <= absolute)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "Loom " << loom << " vs Verdict " << verdict << " (difference "
                                       << difference << ")";
}
/// `check(cell, what)` on the cell with corners `reference`, 1200 random perturbations of it per scale
/// (amplitudes 0.05, 0.3, 0.8; scales 1e-12 to 1e12), and degenerate cells: every corner at one place, corner 1
/// on corner 0, the corners flattened into z = 0 (and, for `planar` cells, onto y = 0: a line), corners 0 and 1
/// swapped (inverted).
template <int N, typename Check>
void ForEveryCase(const double (&reference)[N][3], bool planar, Check&& check)
{
  Corners<N> cell;
  for (int k = 0; k < N; ++k)
    cell.P[k] = Point(reference[k][0], reference[k][1], reference[k][2]);
  cell.Sync();
  check(cell, std::string("reference"));
  std::mt19937_64 random(11);
  for (double amplitude : { 0.05, 0.3, 0.8 })
    for (double scale : { 1e-12, 1e-3, 1.0, 1e3, 1e12 })
      for (int i = 0; i < 400; ++i)
        check(Perturbed(cell, amplitude, scale, random),
              "amplitude " + std::to_string(amplitude) + " scale " + std::to_string(scale));
  Corners<N> same = cell, collapsed = cell, flat = cell, swapped = cell;
  for (int k = 0; k < N; ++k)
  {
    same.P[k] = cell.P[0];
    flat.P[k][2] = 0.0;
    if (planar)
      flat.P[k][1] = 0.0;
  }
  collapsed.P[1] = cell.P[0];
  swapped.P[0] = cell.P[1];
  swapped.P[1] = cell.P[0];
  for (Corners<N>* c : { &same, &collapsed, &flat, &swapped })
    c->Sync();
  check(same, std::string("coincident corners"));
  check(collapsed, std::string("collapsed edge"));
  check(flat, std::string("flat"));
  check(swapped, std::string("inverted"));
}
} // namespace loom_quality_testing
