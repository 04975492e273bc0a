// Loom algorithms, locate family: the locator's data and the device passes (binning the cells, locating the
// samples, sampling the fields), written once over raw pointers for every device: Locate.cxx instantiates
// them for the CPU devices, LocateCuda.cu for CUDA.
#pragma once

#include <loom/algorithms/AnyPortal.h>
#include <loom/algorithms/CellsOnDevice.h>
#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/locate/Locate.h>
#include <loom/algorithms/locate/LocateCell.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Error.h>
#include <loom/exec/Atomic.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>
#include <string>

namespace loom
{
namespace algorithms
{
/// What a CellLocator holds (host side; the passes take pointers on their device).
struct CellLocator::Data
{
  enum class Kind
  {
    Image,
    Rectilinear,
    Cells
  };
  Kind Type = Kind::Cells;
  Id3 Dims{ 1, 1, 1 }; ///< Image and Rectilinear: points per axis
  double Spacing[3] = { 1, 1, 1 };
  double PhysicalToIndex[12] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0 }; ///< Image: rows of VTK's matrix
  Id ExtentMin[3] = { 0, 0, 0 };                                       ///< Image: its extent's first index
  loom::cont::ArrayHandle<Float64> Coordinates[3]; ///< Rectilinear
  // Cells
  CellSetAny Cells;
  FieldArray Points;
  Id NumberOfCells = 0, NumberOfPoints = 0;
  double Bounds[6] = { 0, 0, 0, 0, 0, 0 };
  Id Divisions[3] = { 1, 1, 1 };
  double BinsPerUnit[3] = { 0, 0, 0 };
  loom::cont::ArrayHandle<Int32> BinStarts; ///< bins + 1
  /// The cells of each bin: a cell no wider than a bin along every axis in the bin of its box's lower corner
  /// only, a wider one in every bin its box overlaps (in no set order).
  loom::cont::ArrayHandle<Int32> BinCells;
  /// How far below a point the lower corner of a cell that holds it can lie, per axis: the widest box of the
  /// cells listed once (at most a bin's width; a point searches the bins from there up to its own).
  double Reach[3] = { 0, 0, 0 };
  /// Six per cell (xmin, xmax, ymin, ...): each cell's bounding box on a grid of 65535 steps over the bounds
  /// per axis, rounded outwards (a filter before the exact box from the cell's points; a quarter of the memory
  /// of double boxes, half of float ones). An empty box (xmin above xmax): a cell in no bin.
  loom::cont::ArrayHandle<UInt16> Boxes;
  /// The points binned for the closest point to a sample (LocateLikeClosestPointStrategy), made when first asked
  /// for and shared by the locator's copies.
  struct ClosestPoints;
  std::shared_ptr<std::shared_ptr<const ClosestPoints>> Closest = std::make_shared<std::shared_ptr<const ClosestPoints>>();
};

namespace locate
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Sample positions on one device: stored points, or a grid's axes (coordinate d of point (i, j, k):
/// Axes[0][3i+d] + Axes[1][3j+d] + Axes[2][3k+d]).
struct SamplesOnDevice
{
  PointsOnDevice Stored;
  bool ByAxes = false;
  const double* Axes[3] = { nullptr, nullptr, nullptr };
  Id Dims[3] = { 1, 1, 1 };
  LOOM_EXEC void Get(Id s, double* x) const
  {
    if (!this->ByAxes)
    {
      this->Stored.Get(s, x);
      return;
    }
    const Id i = s % this->Dims[0], j = (s / this->Dims[0]) % this->Dims[1], k = s / (this->Dims[0] * this->Dims[1]);
    for (int d = 0; d < 3; ++d)
      x[d] = this->Axes[0][3 * i + d] + this->Axes[1][3 * j + d] + this->Axes[2][3 * k + d];
  }
};

/// The bins of a binned locator on one device.
struct BinsOnDevice
{
  double Bounds[6];
  Id Divisions[3];
  double BinsPerUnit[3];
  double Reach[3];   ///< CellLocator::Data::Reach
  double Steps[3];   ///< the boxes' steps: each side of the bounds in 65534 steps (0 on a flat axis)
  double PerStep[3]; ///< 1 / Steps (0 on a flat axis)
  LOOM_EXEC Id Index(double v, int a) const
  {
    const double f = (v - this->Bounds[2 * a]) * this->BinsPerUnit[a];
    Id i = f > 0 ? static_cast<Id>(f) : 0;
    return i >= this->Divisions[a] ? this->Divisions[a] - 1 : i;
  }
  /// A box's stored step along axis `a`: the bounds' side in 65534 steps (0 on a flat axis).
  LOOM_EXEC double Step(int a) const { return this->Steps[a]; }
  /// `v` (a coordinate within the bounds) as a box's lower (`up` false) or upper step, rounded outwards by one
  /// more step than the rounding needs (the decoded value stays outside whatever the arithmetic's last bit;
  /// truncation, not floor and ceil, which are library calls on some CPU targets).
  LOOM_EXEC UInt16 Quantize(double v, int a, bool up) const
  {
    if (!(this->Steps[a] > 0))
      return up ? UInt16(1) : UInt16(0);
    const double q = (v - this->Bounds[2 * a]) * this->PerStep[a];
    if (!(q > -1.0))
      return 0;
    const Int64 r = static_cast<Int64>(q) + (up ? 2 : -1); // q > -1: truncation is floor or floor + 1
    return static_cast<UInt16>(r < 0 ? 0 : r > 65535 ? 65535 : r);
  }
  /// The bins a cell of stored box `q` (six steps) is listed in, per axis [first, last]: the bin of its lower
  /// corner where the box is no wider than a bin along every axis (`small` set), else every bin it overlaps.
  LOOM_EXEC void Range(const UInt16* q, Id r[3][2], bool& small) const
  {
    small = true;
    for (int a = 0; a < 3; ++a)
    {
      const double lo = this->Decode(q[2 * a], a), hi = this->Decode(q[2 * a + 1], a);
      r[a][0] = this->Index(lo, a);
      r[a][1] = this->Index(hi, a);
      small = small && (hi - lo) * this->BinsPerUnit[a] <= 1.0;
    }
    if (small)
      for (int a = 0; a < 3; ++a)
        r[a][1] = r[a][0];
  }
  /// A stored step back as a coordinate.
  LOOM_EXEC double Decode(UInt16 q, int a) const { return this->Bounds[2 * a] + q * this->Step(a); }
};

/// Bins over `bounds` with `divisions` per axis and `binsPerUnit` (LocatePointEnds' sample bins; 0 per unit
/// along a flat side, which has one).
inline BinsOnDevice SampleBins(const double bounds[6], const Id divisions[3], const double binsPerUnit[3])
{
  BinsOnDevice b{};
  for (int a = 0; a < 3; ++a)
  {
    b.Bounds[2 * a] = bounds[2 * a];
    b.Bounds[2 * a + 1] = bounds[2 * a + 1];
    b.Divisions[a] = divisions[a];
    b.BinsPerUnit[a] = binsPerUnit[a];
  }
  return b;
}

/// Pass 1 per cell: its outward-rounded box, and one count in each bin it overlaps.
struct BoxAndCount
{
  CellsOnDevice Cells;
  PointsOnDevice Points;
  BinsOnDevice Bins;
  UInt16* Boxes;
  Int32* BinCounts;
  Int32* NegativeReach; ///< three: minus the widest small box per axis, in steps (AtomicMin)
  bool OneThread; // the Serial device: plain increments
  LOOM_EXEC void operator()(Id cell) const
  {
    CellCorners c;
    this->Cells.Ids(cell, c);
    double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
    const int n = c.N < 8 ? c.N : 8;
    for (int k = 0; k < n; ++k)
    {
      double x[3];
      this->Points.Get(c.Ids[k], x);
      for (int a = 0; a < 3; ++a)
      {
        lo[a] = x[a] < lo[a] ? x[a] : lo[a];
        hi[a] = x[a] > hi[a] ? x[a] : hi[a];
      }
    }
    bool finite = n > 0 && LocatableDimension(c.Shape) != 0;
    for (int a = 0; a < 3; ++a)
      finite = finite && std::isfinite(lo[a]) && std::isfinite(hi[a]);
    UInt16* q = this->Boxes + 6 * cell;
    for (int a = 0; a < 3; ++a)
    {
      // A cell in no bin (no points, a NaN or infinite point, a shape not located in) gets an empty box.
      q[2 * a] = finite ? this->Bins.Quantize(lo[a], a, false) : UInt16(65535);
      q[2 * a + 1] = finite ? this->Bins.Quantize(hi[a], a, true) : UInt16(0);
    }
    if (!finite)
      return;
    Id r[3][2];
    bool small = true;
    this->Bins.Range(q, r, small);
    if (small)
      for (int a = 0; a < 3; ++a)
      {
        const Int32 width = Int32(q[2 * a + 1]) - Int32(q[2 * a]);
        if (-width < this->NegativeReach[a]) // most cells widen nothing: one read
        {
          if (this->OneThread)
            this->NegativeReach[a] = -width;
          else
            loom::exec::AtomicMin(this->NegativeReach + a, -width);
        }
      }
    for (Id k = r[2][0]; k <= r[2][1]; ++k)
      for (Id j = r[1][0]; j <= r[1][1]; ++j)
        for (Id i = r[0][0]; i <= r[0][1]; ++i)
        {
          Int32* count = this->BinCounts + i + this->Bins.Divisions[0] * (j + this->Bins.Divisions[1] * k);
          if (this->OneThread)
            ++*count;
          else
            loom::exec::AtomicAdd(count, 1);
        }
  }
};

/// Pass 2 per cell: its id into each bin it overlaps (a slot taken from the bin's cursor).
struct FillBins
{
  CellsOnDevice Cells;
  BinsOnDevice Bins;
  const UInt16* Boxes;
  const Int32* BinStarts;
  Int32* Cursors;
  Int32* BinCells;
  bool OneThread; // the Serial device: plain increments
  LOOM_EXEC void operator()(Id cell) const
  {
    if (!(this->Boxes[6 * cell] <= this->Boxes[6 * cell + 1]))
      return; // an empty box: in no bin (BoxAndCount)
    Id r[3][2];
    bool small = true;
    this->Bins.Range(this->Boxes + 6 * cell, r, small);
    for (Id k = r[2][0]; k <= r[2][1]; ++k)
      for (Id j = r[1][0]; j <= r[1][1]; ++j)
        for (Id i = r[0][0]; i <= r[0][1]; ++i)
        {
          const Id bin = i + this->Bins.Divisions[0] * (j + this->Bins.Divisions[1] * k);
          const Int32 slot = this->OneThread ? this->Cursors[bin]++ : loom::exec::AtomicAdd(this->Cursors + bin, 1);
          this->BinCells[this->BinStarts[bin] + slot] = static_cast<Int32>(cell);
        }
  }
};

/// The locator's search on one device.
struct LocatorOnDevice
{
  int Type = 0; ///< CellLocator::Data::Kind
  // Image / Rectilinear
  Id Dims[3] = { 1, 1, 1 };
  double Spacing[3] = { 1, 1, 1 };
  double PhysicalToIndex[12] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0 };
  Id ExtentMin[3] = { 0, 0, 0 };
  const double* Coordinates[3] = { nullptr, nullptr, nullptr };
  // Cells
  CellsOnDevice Cells;
  PointsOnDevice Points;
  BinsOnDevice Bins;
  const Int32* BinStarts = nullptr;
  const Int32* BinCells = nullptr;
  const UInt16* Boxes = nullptr;
  // Options
  bool ComputeTolerance = true;
  double Tolerance2 = 0.0;
  bool Highest = false;
  double Pad = 0.0; ///< LocateOptions::BoundsTolerance
  /// Binned cells: a cell that contains the point without its parametric slack wins over one that holds it only
  /// within the slack (then the tie). Off for the probes (VTK's cell locator takes the slack as containment);
  /// on for the streamlines, where VTK walks into the cell across the face the point left by.
  bool PreferStrict = false;
  /// LocateOptions::AffineStop.
  bool AffineStop = false;

  /// The id of grid cell (i, j, k) (a flat axis has one cell layer).
  LOOM_EXEC Id GridCell(const Id* ijk) const
  {
    Id cell = 0, stride = 1;
    for (int a = 0; a < 3; ++a)
    {
      cell += ijk[a] * stride;
      stride *= this->Dims[a] > 1 ? this->Dims[a] - 1 : 1;
    }
    return cell;
  }

  /// Image: vtkImageData::FindCell (continuous index, 1e-12 snapping at the ends, then the tolerance
  /// outside the image, measured by the spacing).
  LOOM_EXEC Id FindInImage(const double* x, double* pc) const
  {
    Id ijk[3];
    bool in = true;
    double outside2 = 0.0, diagonal2 = 0.0;
    const double* m = this->PhysicalToIndex;
    const double index[3] = { m[0] * x[0] + m[1] * x[1] + m[2] * x[2] + m[3], m[4] * x[0] + m[5] * x[1] + m[6] * x[2] + m[7],
                              m[8] * x[0] + m[9] * x[1] + m[10] * x[2] + m[11] };
    for (int a = 0; a < 3; ++a)
    {
      // Indices from the extent's start (VTK compares the absolute index with the extent: the same).
      const Id maxExt = this->Dims[a] - 1;
      const double fl = std::floor(index[a]);
      ijk[a] = static_cast<Id>(fl) - this->ExtentMin[a];
      pc[a] = index[a] - fl;
      // Distances from the extent's ends, in absolute indices as VTK measures them.
      const double low = index[a] - static_cast<double>(this->ExtentMin[a]);
      const double high = index[a] - static_cast<double>(this->ExtentMin[a] + maxExt);
      if (maxExt > 0)
        diagonal2 += this->Spacing[a] * this->Spacing[a];
      bool ok = false;
      if (maxExt == 0 || ijk[a] < 0)
      {
        if (low * low <= 1e-12)
        {
          pc[a] = 0.0;
          ijk[a] = 0;
          ok = true;
        }
      }
      else if (ijk[a] >= maxExt)
      {
        if (high * high <= 1e-12)
        {
          pc[a] = 1.0;
          ijk[a] = maxExt - 1;
          ok = true;
        }
      }
      else
        ok = true;
      if (!ok)
      {
        in = false;
        // clamped to the boundary, measuring how far out
        if (ijk[a] < 0)
        {
          const double d = low * this->Spacing[a];
          outside2 += d * d;
          ijk[a] = 0;
          pc[a] = 0.0;
        }
        else
        {
          const double d = high * this->Spacing[a];
          outside2 += d * d;
          ijk[a] = maxExt == 0 ? 0 : maxExt - 1;
          pc[a] = maxExt == 0 ? 0.0 : 1.0;
        }
      }
    }
    if (!in)
    {
      const double tol2 = this->ComputeTolerance ? diagonal2 * 1e-6 : this->Tolerance2;
      if (!(outside2 <= tol2))
        return -1;
    }
    return this->GridCell(ijk);
  }

  /// Rectilinear grid: vtkRectilinearGrid::ComputeStructuredCoordinates (a point on an inner coordinate in
  /// the cell below, with r = 1; the last coordinate outside), by binary search. With the highest-id tie,
  /// as its voxels contain points instead (an inner coordinate in the cell above; the last one inside).
  LOOM_EXEC Id FindInRectilinear(const double* x, double* pc) const
  {
    Id ijk[3];
    for (int a = 0; a < 3; ++a)
    {
      const double* c = this->Coordinates[a];
      const Id n = this->Dims[a];
      ijk[a] = 0;
      pc[a] = 0.0;
      if (!(x[a] >= c[0] && x[a] <= c[n - 1]))
        return -1;
      if (n == 1)
        continue;
      if (x[a] == c[n - 1])
      {
        if (!this->Highest)
          return -1;
        ijk[a] = n - 2; // as a voxel contains it: the last cell, r = 1
        pc[a] = 1.0;
        continue;
      }
      if (this->Highest)
      {
        // The cell above a coordinate the point lies on (the voxels of both contain it): the first i with
        // x < c[i].
        Id lo = 1, hi = n - 1;
        while (lo < hi)
        {
          const Id mid = (lo + hi) / 2;
          if (x[a] < c[mid])
            hi = mid;
          else
            lo = mid + 1;
        }
        ijk[a] = lo - 1;
        pc[a] = (x[a] - c[lo - 1]) / (c[lo] - c[lo - 1]);
        continue;
      }
      // the first i >= 1 with x < c[i] or x == c[i]
      Id lo = 1, hi = n - 1;
      while (lo < hi)
      {
        const Id mid = (lo + hi) / 2;
        if (x[a] <= c[mid])
          hi = mid;
        else
          lo = mid + 1;
      }
      ijk[a] = lo - 1;
      pc[a] = x[a] == c[lo] ? 1.0 : (x[a] - c[lo - 1]) / (c[lo] - c[lo - 1]);
    }
    return this->GridCell(ijk);
  }

  /// Whether candidate `cell` contains x: inside its exact bounding box (as VTK's cell locator checks
  /// first), then inside the cell (2D cells: within the tolerance of its plane).
  LOOM_EXEC bool Contains(Id cell, const double* x, double* pc, bool* strict = nullptr) const
  {
    const UInt16* q = this->Boxes + 6 * cell;
    const double p = this->Pad;
    for (int a = 0; a < 3; ++a)
      if (x[a] < this->Bins.Decode(q[2 * a], a) - p || x[a] > this->Bins.Decode(q[2 * a + 1], a) + p)
        return false;
    CellCorners c;
    double lo[3], hi[3];
    const int dim = this->LoadCell(cell, c, lo, hi);
    if (dim == 0)
      return false;
    for (int a = 0; a < 3; ++a)
      if (p == 0.0 && (x[a] < lo[a] || x[a] > hi[a])) // the cell locator's box test (none with a pad)
        return false;
    double dist2 = 0.0;
    if (Evaluate(c, x, pc, dist2, this->AffineStop) != 1)
      return false;
    if (strict)
      *strict = StrictlyInside(c.Shape, pc);
    if (dim == 3)
      return true;
    return this->ComputeTolerance ? WithinCellTolerance(dist2, lo, hi) : dist2 <= this->Tolerance2;
  }

  /// Cell `cell`'s corners and exact bounding box (a NaN coordinate left out of it); its dimension, or 0 for a
  /// cell not located in (a shape Evaluate does not take, or another number of points than the shape's).
  LOOM_EXEC int LoadCell(Id cell, CellCorners& c, double* lo, double* hi) const
  {
    this->Cells.Ids(cell, c);
    const int dim = LocatableDimension(c.Shape);
    if (dim == 0 || c.N != ShapePoints(c.Shape))
      return 0;
    this->Points.GetBox(c.Ids, c.N, c.X, lo, hi);
    return dim;
  }
  /// Cell `cell`'s parametric coordinates at x (Evaluate, as Contains and the cells' visits computed them).
  LOOM_EXEC void EvaluateIn(Id cell, const double* x, double* pc) const
  {
    CellCorners c;
    this->Cells.Ids(cell, c);
    for (int k = 0; k < c.N; ++k)
      this->Points.Get(c.Ids[k], c.X[k]);
    double dist2 = 0.0;
    Evaluate(c, x, pc, dist2, this->AffineStop);
  }

  LOOM_EXEC Id FindInCells(const double* x, double* pc) const
  {
    const double* b = this->Bins.Bounds;
    const double p = this->Pad;
    if (!(x[0] >= b[0] - p && x[0] <= b[1] + p && x[1] >= b[2] - p && x[1] <= b[3] + p && x[2] >= b[4] - p &&
          x[2] <= b[5] + p))
      return -1;
    // Every bin from the point's (padded) reach below it up to its own: a cell that holds it is listed there
    // (the bin of its lower corner, or every bin it overlaps); the tie's cell among all that hold it.
    Id range[3][2];
    for (int a = 0; a < 3; ++a)
    {
      range[a][0] = this->Bins.Index(x[a] - p - this->Bins.Reach[a], a);
      range[a][1] = this->Bins.Index(x[a] + p, a);
    }
    Id best = -1;
    bool bestStrict = false;
    double at[3] = { 0, 0, 0 };
    for (Id k = range[2][0]; k <= range[2][1]; ++k)
      for (Id j = range[1][0]; j <= range[1][1]; ++j)
        for (Id i = range[0][0]; i <= range[0][1]; ++i)
        {
          const Id bin = i + this->Bins.Divisions[0] * (j + this->Bins.Divisions[1] * k);
          for (Int32 q = this->BinStarts[bin]; q < this->BinStarts[bin + 1]; ++q)
          {
            const Id cell = this->BinCells[q];
            const bool later = best >= 0 && (this->Highest ? cell <= best : cell >= best);
            if (later && (!this->PreferStrict || bestStrict))
              continue;
            bool strict = false;
            if (!this->Contains(cell, x, at, this->PreferStrict ? &strict : nullptr))
              continue;
            if (best < 0 || (this->PreferStrict ? (strict && !bestStrict) || (strict == bestStrict && !later) : !later))
            {
              best = cell;
              bestStrict = strict;
              pc[0] = at[0];
              pc[1] = at[1];
              pc[2] = at[2];
            }
          }
        }
    if (best < 0)
      pc[0] = pc[1] = pc[2] = 0.0;
    return best;
  }

  LOOM_EXEC Id Find(const double* x, double* pc) const
  {
    pc[0] = pc[1] = pc[2] = 0.0;
    if (x[0] != x[0] || x[1] != x[1] || x[2] != x[2])
      return -1; // NaN
    if (this->Type == 0)
      return this->FindInImage(x, pc);
    if (this->Type == 1)
      return this->FindInRectilinear(x, pc);
    return this->FindInCells(x, pc);
  }

  /// The cell's point ids and weights at `pc` (its shape's functions; image and rectilinear cells by their
  /// non-flat axes, VTK's voxel order). The number of points.
  LOOM_EXEC int PointWeights(Id cell, const double* pc, Id* ids, double* w) const
  {
    if (this->Type == 2)
    {
      CellCorners c;
      this->Cells.Ids(cell, c);
      for (int k = 0; k < c.N && k < 8; ++k)
        ids[k] = c.Ids[k];
      Weights(c.Shape, pc, w);
      return c.N < 8 ? c.N : 8;
    }
    // Grid cell: corners over the non-flat axes, x fastest.
    Id ijk[3], cells[3];
    Id rest = cell;
    for (int a = 0; a < 3; ++a)
    {
      cells[a] = this->Dims[a] > 1 ? this->Dims[a] - 1 : 1;
      ijk[a] = rest % cells[a];
      rest /= cells[a];
    }
    int n = 1;
    ids[0] = ijk[0] + this->Dims[0] * (ijk[1] + this->Dims[1] * ijk[2]);
    w[0] = 1.0;
    Id stride = 1;
    for (int a = 0; a < 3; ++a)
    {
      if (this->Dims[a] > 1)
        for (int k = 0; k < n; ++k)
        {
          ids[n + k] = ids[k] + stride;
          w[n + k] = w[k] * pc[a];
          w[k] = w[k] * (1.0 - pc[a]);
        }
      if (this->Dims[a] > 1)
        n *= 2;
      stride *= this->Dims[a];
    }
    return n;
  }
};

/// VTK's rounding of an interpolated value into an integer kind: clamped to the kind's range, then half
/// away from zero.
template <typename T>
LOOM_EXEC T RoundInto(double v)
{
  if constexpr (std::is_integral<T>::value)
  {
    if (v != v)
      return T(0); // NaN: 0, as VTK
    const double lo = static_cast<double>(std::numeric_limits<T>::lowest()), hi = static_cast<double>(std::numeric_limits<T>::max());
    v = v < lo ? lo : v > hi ? hi : v;
    return static_cast<T>(v >= 0.0 ? v + 0.5 : v - 0.5);
  }
  else
    return static_cast<T>(v);
}

/// Where the sampled fields go: every point field interpolated with a cell's weights, every cell field
/// copied from the cell, the mask; zeros for a sample in no cell (`cell` < 0).
struct FieldWriter
{
  const AnyPortal* PointIn;
  const AnyPortal* PointOut;
  int PointFields;
  const AnyPortal* CellIn;
  const AnyPortal* CellOut;
  int CellFields;
  Int8* Mask;
  LOOM_EXEC void Write(Id s, Id cell, const Id* ids, const double* w, int n) const
  {
    this->Mask[s] = cell >= 0 ? 1 : 0;
    for (int f = 0; f < this->PointFields; ++f)
    {
      const AnyPortal& in = this->PointIn[f];
      const AnyPortal& out = this->PointOut[f];
      in.Typed([&](auto zero) {
        using T = decltype(zero);
        for (IdComponent c = 0; c < out.Components; ++c)
        {
          double v = 0.0;
          for (int k = 0; k < n; ++k)
            v += w[k] * static_cast<double>(*in.template At<T>(ids[k], c));
          *out.template At<T>(s, c) = cell >= 0 ? RoundInto<T>(v) : T(0);
        }
      });
    }
    for (int f = 0; f < this->CellFields; ++f)
    {
      const AnyPortal& in = this->CellIn[f];
      const AnyPortal& out = this->CellOut[f];
      in.Typed([&](auto zero) {
        using T = decltype(zero);
        for (IdComponent c = 0; c < out.Components; ++c)
          *out.template At<T>(s, c) = cell >= 0 ? *in.template At<T>(cell, c) : T(0);
      });
    }
  }
};

/// One more cell contains sample `s`: counted, and the first to count keeps its parametric coordinates.
LOOM_EXEC inline void Claim(Int32* claims, double* first, Id s, const double* pc, bool oneThread)
{
  if ((oneThread ? claims[s]++ : loom::exec::AtomicAdd(claims + s, 1)) == 0)
    for (int a = 0; a < 3; ++a)
      first[3 * s + a] = pc[a];
}

/// Pass per cell (LocateImagePoints): the image points within the cell's bounding box (VTK's index range:
/// ceil and floor of the box in image steps; index 0 along a flat axis) that the cell contains; each takes
/// the cell's id unless a higher one has (Winner holds minus the id, 1 for none).
struct ScatterToImage
{
  LocatorOnDevice Locator;
  double Start[3], Step[3], InverseStep[3];
  Id Dims[3];
  Int32* Winner;
  /// One thread visiting the cells in id order (Serial): each cell writes the fields at the points it
  /// contains at once (the last, highest, writer stays), no second pass. Null: record the winners only.
  const FieldWriter* Direct = nullptr;
  /// With winners: how many cells contain each point, and the parametric coordinates the first one found
  /// (three per point). Where one cell alone contains a point (most points), the second pass reads them
  /// instead of evaluating the cell again.
  Int32* Claims = nullptr;
  double* First = nullptr;
  // ceil(d / Step[a]) and floor(d / Step[a]) as VTK computes them (a division), by a multiplication where
  // the quotient is not within 1e-6 of an integer (there the product's rounding cannot move it past one).
  LOOM_EXEC double Ceil(double d, int a) const
  {
    const double q = d * this->InverseStep[a], r = std::ceil(q);
    return r - q > 1e-6 && q - (r - 1.0) > 1e-6 ? r : std::ceil(d / this->Step[a]);
  }
  LOOM_EXEC double Floor(double d, int a) const
  {
    const double q = d * this->InverseStep[a], r = std::floor(q);
    return q - r > 1e-6 && (r + 1.0) - q > 1e-6 ? r : std::floor(d / this->Step[a]);
  }
  LOOM_EXEC void operator()(Id cell) const
  {
    CellCorners c;
    double lo[3], hi[3];
    const int dim = this->Locator.LoadCell(cell, c, lo, hi);
    if (dim == 0)
      return;
    Id range[3][2];
    for (int a = 0; a < 3; ++a)
    {
      if (!(lo[a] <= hi[a]))
        return; // a NaN point
      if (this->Step[a] == 0)
      {
        range[a][0] = range[a][1] = 0;
        continue;
      }
      const double from = Ceil((lo[a] - this->Start[a]), a);
      const double to = Floor((hi[a] - this->Start[a]), a);
      // No image point along this axis (most cells that hold none end here, before the other axes).
      if (from > to || from > static_cast<double>(this->Dims[a] - 1) || to < 0)
        return;
      range[a][0] = from < 0 ? 0 : static_cast<Id>(from);
      range[a][1] = to > static_cast<double>(this->Dims[a] - 1) ? this->Dims[a] - 1 : static_cast<Id>(to);
    }
    const double diagonal2 = (hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) + (hi[2] - lo[2]) * (hi[2] - lo[2]);
    const double tol2 = this->Locator.ComputeTolerance ? diagonal2 * 1e-6 : this->Locator.Tolerance2;
    for (Id k = range[2][0]; k <= range[2][1]; ++k)
      for (Id j = range[1][0]; j <= range[1][1]; ++j)
        for (Id i = range[0][0]; i <= range[0][1]; ++i)
        {
          const double x[3] = { this->Start[0] + static_cast<double>(i) * this->Step[0],
                                this->Start[1] + static_cast<double>(j) * this->Step[1],
                                this->Start[2] + static_cast<double>(k) * this->Step[2] };
          double pc[3], dist2 = 0.0;
          if (Evaluate(c, x, pc, dist2, this->Locator.AffineStop) != 1 || (dim != 3 && dist2 > tol2))
            continue;
          const Id s = i + this->Dims[0] * (j + this->Dims[1] * k);
          if (this->Direct)
          {
            double w[8];
            Weights(c.Shape, pc, w);
            this->Direct->Write(s, cell, c.Ids, w, c.N);
          }
          else
          {
            loom::exec::AtomicMin(this->Winner + s, -static_cast<Int32>(cell));
            Claim(this->Claims, this->First, s, pc, false);
          }
        }
  }
};

/// The samples' shadows on each axis: the axis cut in fine slots over the samples' bounds, each slot marked
/// where a sample's coordinate falls (Marks), then counted (Before: the marked slots below each slot, one
/// more at the end). A cell whose box's slots along some axis hold no mark holds no sample: most cells stop
/// there when the samples lie on a lattice's planes, before any bin is read.
struct SampleShadows
{
  double Bounds[6];
  double SlotsPerUnit[3];
  Id Slots[3];
  Int32* Marks[3];
  const Int32* Before[3];
  LOOM_EXEC Id Index(double v, int a) const // v within the bounds, or clamped to them
  {
    const double f = (v - this->Bounds[2 * a]) * this->SlotsPerUnit[a];
    const Id i = f > 0 ? static_cast<Id>(f) : 0;
    return i >= this->Slots[a] ? this->Slots[a] - 1 : i;
  }
  /// Whether a sample's coordinate along axis `a` can lie in [lo, hi] (both within the bounds).
  LOOM_EXEC bool Any(double lo, double hi, int a) const
  {
    return this->Before[a][this->Index(hi, a) + 1] > this->Before[a][this->Index(lo, a)];
  }
};

/// Pass per sample (LocatePointEnds' visit): the sample's bin over the samples' bounds (-1: a NaN or
/// infinite coordinate, in no cell and no bin), counted.
struct BinSample
{
  SamplesOnDevice Samples;
  BinsOnDevice Bins;
  Int32* Bin;
  Int32* BinCounts;
  SampleShadows Shadows;
  bool OneThread;
  LOOM_EXEC void operator()(Id s) const
  {
    double x[3];
    this->Samples.Get(s, x);
    if (!(std::isfinite(x[0]) && std::isfinite(x[1]) && std::isfinite(x[2])))
    {
      this->Bin[s] = -1;
      return;
    }
    for (int a = 0; a < 3; ++a)
      loom::exec::AtomicStore(this->Shadows.Marks[a] + this->Shadows.Index(x[a], a), Int32(1));
    const Id bin = this->Bins.Index(x[0], 0) + this->Bins.Divisions[0] * (this->Bins.Index(x[1], 1) + this->Bins.Divisions[1] * this->Bins.Index(x[2], 2));
    this->Bin[s] = static_cast<Int32>(bin);
    if (this->OneThread)
      ++this->BinCounts[bin];
    else
      loom::exec::AtomicAdd(this->BinCounts + bin, 1);
  }
};
/// Pass per sample: the sample's id and position into its bin's next slot.
struct FillSampleBins
{
  SamplesOnDevice Samples;
  const Int32* Bin;
  const Int32* BinStarts;
  Int32* Cursors;
  Int32* Ids;
  double* X; ///< three per slot
  bool OneThread;
  LOOM_EXEC void operator()(Id s) const
  {
    const Int32 bin = this->Bin[s];
    if (bin < 0)
      return;
    const Int32 slot = this->BinStarts[bin] + (this->OneThread ? this->Cursors[bin]++ : loom::exec::AtomicAdd(this->Cursors + bin, 1));
    this->Ids[slot] = static_cast<Int32>(s);
    this->Samples.Get(s, this->X + 3 * slot);
  }
};

/// Pass per cell (LocatePointEnds without bins over the cells): the binned samples within the cell's exact
/// bounding box that the cell contains (as LocatorOnDevice::Contains decides without a pad: a 2D cell within the
/// tolerance of its plane); each records the lowest and highest such cell, how many, and the parametric
/// coordinates the first one found.
struct VisitSamples
{
  LocatorOnDevice Locator;
  BinsOnDevice Bins; ///< over the samples
  const Int32* BinStarts;
  const Int32* Ids;
  const double* X;
  Int32* Lowest;       ///< INT32_MAX: none
  Int32* MinusHighest; ///< 1: none
  Int32* Claims;
  double* First;
  SampleShadows Shadows;
  bool OneThread;
  LOOM_EXEC void operator()(Id cell) const
  {
    CellCorners c;
    double lo[3], hi[3];
    const int dim = this->Locator.LoadCell(cell, c, lo, hi);
    if (dim == 0)
      return;
    Id range[3][2];
    for (int a = 0; a < 3; ++a)
    {
      if (!(std::isfinite(lo[a]) && std::isfinite(hi[a]))) // as the binned locator: such a cell is in no bin
        return;
      if (hi[a] < this->Bins.Bounds[2 * a] || lo[a] > this->Bins.Bounds[2 * a + 1])
        return; // no sample on this side of the cell (the bounds hold every binned sample)
      // clamped to the bounds first (Index truncates a finite value to an integer)
      const double from = lo[a] > this->Bins.Bounds[2 * a] ? lo[a] : this->Bins.Bounds[2 * a];
      const double to = hi[a] < this->Bins.Bounds[2 * a + 1] ? hi[a] : this->Bins.Bounds[2 * a + 1];
      if (!this->Shadows.Any(from, to, a))
        return;
      range[a][0] = this->Bins.Index(from, a);
      range[a][1] = this->Bins.Index(to, a);
    }
    const double diagonal2 = (hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) + (hi[2] - lo[2]) * (hi[2] - lo[2]);
    const double tol2 = this->Locator.ComputeTolerance ? diagonal2 * 1e-6 : this->Locator.Tolerance2;
    for (Id k = range[2][0]; k <= range[2][1]; ++k)
      for (Id j = range[1][0]; j <= range[1][1]; ++j)
        for (Id i = range[0][0]; i <= range[0][1]; ++i)
        {
          const Id bin = i + this->Bins.Divisions[0] * (j + this->Bins.Divisions[1] * k);
          for (Int32 q = this->BinStarts[bin]; q < this->BinStarts[bin + 1]; ++q)
          {
            const double* x = this->X + 3 * q;
            if (x[0] < lo[0] || x[0] > hi[0] || x[1] < lo[1] || x[1] > hi[1] || x[2] < lo[2] || x[2] > hi[2])
              continue;
            double pc[3], dist2 = 0.0;
            if (Evaluate(c, x, pc, dist2, this->Locator.AffineStop) != 1 || (dim != 3 && !(dist2 <= tol2)))
              continue;
            const Id s = this->Ids[q];
            const Int32 id = static_cast<Int32>(cell);
            if (this->OneThread)
            {
              this->Lowest[s] = id < this->Lowest[s] ? id : this->Lowest[s];
              this->MinusHighest[s] = -id < this->MinusHighest[s] ? -id : this->MinusHighest[s];
            }
            else
            {
              loom::exec::AtomicMin(this->Lowest + s, id);
              loom::exec::AtomicMin(this->MinusHighest + s, -id);
            }
            Claim(this->Claims, this->First, s, pc, this->OneThread);
          }
        }
  }
};
/// Pass per sample after VisitSamples: its lowest and highest containing cells (-1: none) and the parametric
/// coordinates in each (the visit's where one cell alone contains it, else each cell evaluated again).
struct EndsOfSample
{
  LocatorOnDevice Locator;
  SamplesOnDevice Samples;
  const Int32* Lowest;
  const Int32* MinusHighest;
  const Int32* Claims;
  const double* First;
  Id* LowCells;
  Float64* LowPc;
  Id* HighCells;
  Float64* HighPc;
  LOOM_EXEC void operator()(Id s) const
  {
    const Int32 claims = this->Claims[s];
    Float64* lowPc = this->LowPc + 3 * s;
    Float64* highPc = this->HighPc + 3 * s;
    if (claims == 0)
    {
      this->LowCells[s] = this->HighCells[s] = -1;
      for (int a = 0; a < 3; ++a)
        lowPc[a] = highPc[a] = 0.0;
      return;
    }
    const Id low = this->Lowest[s], high = -static_cast<Id>(this->MinusHighest[s]);
    this->LowCells[s] = low;
    this->HighCells[s] = high;
    if (claims == 1)
    {
      for (int a = 0; a < 3; ++a)
        lowPc[a] = highPc[a] = this->First[3 * s + a];
      return;
    }
    double x[3];
    this->Samples.Get(s, x);
    this->Locator.EvaluateIn(low, x, lowPc);
    this->Locator.EvaluateIn(high, x, highPc);
  }
};

/// Where an image point lies (LocateImagePoints, SampleImage): its winning cell (-1: none) and the
/// parametric coordinates there.
struct ImagePointCell
{
  LocatorOnDevice Locator;
  double Start[3], Step[3];
  Id Dims[3];
  const Int32* Winner;
  const Int32* Claims;
  const double* First;
  LOOM_EXEC Id operator()(Id s, double* pc) const
  {
    pc[0] = pc[1] = pc[2] = 0.0;
    const Int32 w = this->Winner[s];
    if (w > 0)
      return -1;
    const Id cell = -static_cast<Id>(w);
    if (this->Claims[s] == 1) // its only cell, evaluated by the visit
    {
      for (int a = 0; a < 3; ++a)
        pc[a] = this->First[3 * s + a];
      return cell;
    }
    const Id i = s % this->Dims[0], j = (s / this->Dims[0]) % this->Dims[1], k = s / (this->Dims[0] * this->Dims[1]);
    const double x[3] = { this->Start[0] + static_cast<double>(i) * this->Step[0],
                          this->Start[1] + static_cast<double>(j) * this->Step[1],
                          this->Start[2] + static_cast<double>(k) * this->Step[2] };
    this->Locator.EvaluateIn(cell, x, pc);
    return cell;
  }
};
/// Where a stored or grid sample lies (LocatePoints, SamplePoints).
struct SamplePointCell
{
  LocatorOnDevice Locator;
  SamplesOnDevice Samples;
  LOOM_EXEC Id operator()(Id s, double* pc) const
  {
    double x[3];
    this->Samples.Get(s, x);
    return this->Locator.Find(x, pc);
  }
};

/// Pass per sample: its cell and parametric coordinates, by `Where` (ImagePointCell or SamplePointCell).
template <typename Where>
struct LocateSamples
{
  Where Find;
  Id* Cells;
  Float64* PCoords;
  LOOM_EXEC void operator()(Id s) const { this->Cells[s] = this->Find(s, this->PCoords + 3 * s); }
};

/// Pass per sample (SamplePoints, SampleImage): the sample's cell (by `Where`), then the fields written there.
template <typename Where>
struct SampleFieldsPass
{
  Where Find;
  FieldWriter Out;
  LOOM_EXEC void operator()(Id s) const
  {
    double pc[3];
    const Id cell = this->Find(s, pc);
    Id ids[8];
    double w[8];
    const int n = cell >= 0 ? this->Find.Locator.PointWeights(cell, pc, ids, w) : 0;
    this->Out.Write(s, cell, ids, w, n);
  }
};

/// Pass per sample: every output zero and the mask 0 (before a visit that writes the samples it finds).
struct ZeroSamples
{
  FieldWriter Out;
  LOOM_EXEC void operator()(Id s) const { this->Out.Write(s, -1, nullptr, nullptr, 0); }
};

/// Pass per sample: a point field interpolated at the sample (0 where none).
template <typename T>
struct InterpolateSample
{
  LocatorOnDevice Locator;
  const Id* Cells;
  const Float64* PCoords;
  ComponentPortal<T> In, Out;
  LOOM_EXEC void operator()(Id s) const
  {
    const Id cell = this->Cells[s];
    const IdComponent nc = this->Out.NumberOfComponents;
    if (cell < 0)
    {
      for (IdComponent c = 0; c < nc; ++c)
        this->Out.Set(s, c, T(0));
      return;
    }
    Id ids[8];
    double w[8];
    const int n = this->Locator.PointWeights(cell, this->PCoords + 3 * s, ids, w);
    for (IdComponent c = 0; c < nc; ++c)
    {
      double v = 0.0;
      for (int k = 0; k < n; ++k)
        v += w[k] * static_cast<double>(this->In.Get(ids[k], c));
      this->Out.Set(s, c, RoundInto<T>(v));
    }
  }
};

/// Pass per sample: a cell field's tuple of the sample's cell (0 where none).
template <typename T>
struct GatherSample
{
  const Id* Cells;
  ComponentPortal<T> In, Out;
  LOOM_EXEC void operator()(Id s) const
  {
    const Id cell = this->Cells[s];
    for (IdComponent c = 0; c < this->Out.NumberOfComponents; ++c)
      this->Out.Set(s, c, cell < 0 ? T(0) : this->In.Get(cell, c));
  }
};

/// Pass per sample: the valid-point mask.
struct MaskSample
{
  const Id* Cells;
  Int8* Mask;
  LOOM_EXEC void operator()(Id s) const { this->Mask[s] = this->Cells[s] >= 0 ? 1 : 0; }
};

template <typename Tag>
struct Passes : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::InPlace;
  using Pointers::Read;
  using Pointers::Write;

  static BinsOnDevice BinsOf(const CellLocator::Data& d)
  {
    BinsOnDevice b;
    for (int a = 0; a < 3; ++a)
    {
      b.Bounds[2 * a] = d.Bounds[2 * a];
      b.Bounds[2 * a + 1] = d.Bounds[2 * a + 1];
      b.Divisions[a] = d.Divisions[a];
      b.BinsPerUnit[a] = d.BinsPerUnit[a];
      b.Steps[a] = (d.Bounds[2 * a + 1] - d.Bounds[2 * a]) / 65534.0;
      b.Reach[a] = d.Reach[a];
      b.PerStep[a] = b.Steps[a] > 0 ? 1.0 / b.Steps[a] : 0.0;
    }
    return b;
  }

  /// The bins of `d` (its bounds and divisions set): boxes, counts, starts, cell lists.
  static void Bin(CellLocator::Data& d)
  {
    const Id bins = d.Divisions[0] * d.Divisions[1] * d.Divisions[2];
    loom::cont::ArrayHandle<Int32> counts;
    Int32* count = Write(counts, bins);
    Algorithm::Schedule(Fill<Int32>{ count, 0 }, bins);
    const bool oneThread = loom::cont::RunsOnSerial<Tag>();
    loom::cont::ArrayHandle<Int32> reach = loom::cont::make_ArrayHandle(std::vector<Int32>{ 0, 0, 0 });
    BoxAndCount box{ CellsOnDeviceOf<Tag>(d.Cells, false), PointsOnDeviceOf<Tag>(d.Points), BinsOf(d), Write(d.Boxes, 6 * d.NumberOfCells), count,
                     InPlace(reach), oneThread };
    Algorithm::Schedule(box, d.NumberOfCells);
    {
      const auto widest = reach.ReadPortal();
      const BinsOnDevice bins = BinsOf(d);
      for (int a = 0; a < 3; ++a) // one step more: the decoded corners' rounding
        d.Reach[a] = (static_cast<double>(-widest.Get(a)) + 1.0) * bins.Step(a);
    }
    const Int32 total = Algorithm::ScanExclusive(counts, d.BinStarts, Int32(0));
    // The scan's total closes the starts.
    loom::cont::ArrayHandle<Int32> starts;
    Int32* s = Write(starts, bins + 1);
    Algorithm::Schedule(CopyAndClose{ Read(d.BinStarts), s, bins, total }, bins + 1);
    d.BinStarts = starts;
    Algorithm::Schedule(Fill<Int32>{ InPlace(counts), 0 }, bins);
    FillBins fill{ CellsOnDeviceOf<Tag>(d.Cells, false), BinsOf(d), Read(d.Boxes), Read(d.BinStarts), InPlace(counts), Write(d.BinCells, total),
                   oneThread };
    Algorithm::Schedule(fill, d.NumberOfCells);
  }
  struct CopyAndClose
  {
    const Int32* From;
    Int32* To;
    Id Bins;
    Int32 Total;
    LOOM_EXEC void operator()(Id i) const { this->To[i] = i < this->Bins ? this->From[i] : this->Total; }
  };

  static LocatorOnDevice LocatorOf(const CellLocator::Data& d, const LocateOptions& options)
  {
    LocatorOnDevice l;
    l.Type = static_cast<int>(d.Type);
    for (int k = 0; k < 12; ++k)
      l.PhysicalToIndex[k] = d.PhysicalToIndex[k];
    for (int a = 0; a < 3; ++a)
    {
      l.Dims[a] = d.Dims[a];
      l.Spacing[a] = d.Spacing[a];
      l.ExtentMin[a] = d.ExtentMin[a];
      if (d.Type == CellLocator::Data::Kind::Rectilinear)
        l.Coordinates[a] = Read(d.Coordinates[a]);
    }
    if (d.Type == CellLocator::Data::Kind::Cells)
    {
      l.Cells = CellsOnDeviceOf<Tag>(d.Cells, false);
      l.Points = PointsOnDeviceOf<Tag>(d.Points);
      l.Bins = BinsOf(d);
      if (d.BinStarts.GetNumberOfValues() > 0) // binned (LocateImagePoints needs no bins)
      {
        l.BinStarts = Read(d.BinStarts);
        l.BinCells = Read(d.BinCells);
        l.Boxes = Read(d.Boxes);
      }
    }
    l.ComputeTolerance = options.ComputeTolerance;
    l.Tolerance2 = options.Tolerance * options.Tolerance;
    l.Highest = options.Tie == LocateTie::HighestId;
    l.Pad = options.BoundsTolerance;
    l.AffineStop = options.AffineStop;
    return l;
  }

  static SamplesOnDevice SamplesOf(const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3])
  {
    SamplesOnDevice s;
    if (samples.Points)
      s.Stored = PointsOnDeviceOf<Tag>(*samples.Points);
    else
    {
      s.ByAxes = true;
      for (int a = 0; a < 3; ++a)
      {
        s.Axes[a] = Read(axes[a]);
        s.Dims[a] = samples.Dims[a];
      }
    }
    return s;
  }

  static LocatedPoints Locate(const CellLocator::Data& d, const PointPositions& samples, const LocateOptions& options,
                              const loom::cont::ArrayHandle<Float64> axes[3])
  {
    const Id n = samples.GetNumberOfPoints();
    LocatedPoints located;
    LocateSamples<SamplePointCell> pass{ { LocatorOf(d, options), SamplesOf(samples, axes) }, Write(located.Cells, n),
                                         Write(located.PCoords, 3 * n) };
    Algorithm::Schedule(pass, n);
    return located;
  }

  /// LocatePointEnds by the cells' visit (a locator without bins over its cells): the samples binned over
  /// `bins` (its bounds, divisions and bins per unit set), then every cell tests the samples of the bins its box
  /// overlaps.
  static void LocateEnds(const CellLocator::Data& d, const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3],
                         const BinsOnDevice& bins, const LocateOptions& options, LocatedPoints& lowest, LocatedPoints& highest)
  {
    const Id n = samples.GetNumberOfPoints();
    const Id count = bins.Divisions[0] * bins.Divisions[1] * bins.Divisions[2];
    const bool oneThread = loom::cont::RunsOnSerial<Tag>();
    const SamplesOnDevice at = SamplesOf(samples, axes);
    loom::cont::ArrayHandle<Int32> binOf, counts, scanned, starts, ids;
    loom::cont::ArrayHandle<double> xs;
    // The shadows: 32 slots per bin along each axis (at most 2^20).
    SampleShadows shadows{};
    loom::cont::ArrayHandle<Int32> marks[3], before[3];
    for (int a = 0; a < 3; ++a)
    {
      shadows.Bounds[2 * a] = bins.Bounds[2 * a];
      shadows.Bounds[2 * a + 1] = bins.Bounds[2 * a + 1];
      shadows.Slots[a] = bins.Divisions[a] * 32 < (Id(1) << 20) ? bins.Divisions[a] * 32 : (Id(1) << 20);
      const double side = bins.Bounds[2 * a + 1] - bins.Bounds[2 * a];
      shadows.SlotsPerUnit[a] = bins.BinsPerUnit[a] > 0 ? static_cast<double>(shadows.Slots[a]) / side : 0.0;
      shadows.Marks[a] = Write(marks[a], shadows.Slots[a]);
      Algorithm::Schedule(Fill<Int32>{ shadows.Marks[a], 0 }, shadows.Slots[a]);
    }
    Algorithm::Schedule(Fill<Int32>{ Write(counts, count), 0 }, count);
    Algorithm::Schedule(BinSample{ at, bins, Write(binOf, n), InPlace(counts), shadows, oneThread }, n);
    for (int a = 0; a < 3; ++a)
    {
      loom::cont::ArrayHandle<Int32> scan;
      const Int32 marked = Algorithm::ScanExclusive(marks[a], scan, Int32(0));
      Algorithm::Schedule(CopyAndClose{ Read(scan), Write(before[a], shadows.Slots[a] + 1), shadows.Slots[a], marked },
                          shadows.Slots[a] + 1);
      shadows.Before[a] = Read(before[a]);
    }
    const Int32 total = Algorithm::ScanExclusive(counts, scanned, Int32(0));
    Algorithm::Schedule(CopyAndClose{ Read(scanned), Write(starts, count + 1), count, total }, count + 1);
    Algorithm::Schedule(Fill<Int32>{ InPlace(counts), 0 }, count);
    Algorithm::Schedule(FillSampleBins{ at, Read(binOf), Read(starts), InPlace(counts), Write(ids, total), Write(xs, 3 * Id(total)), oneThread },
                        n);
    loom::cont::ArrayHandle<Int32> low, minusHigh, claims;
    loom::cont::ArrayHandle<double> first;
    Algorithm::Schedule(Fill<Int32>{ Write(low, n), std::numeric_limits<Int32>::max() }, n);
    Algorithm::Schedule(Fill<Int32>{ Write(minusHigh, n), 1 }, n);
    Algorithm::Schedule(Fill<Int32>{ Write(claims, n), 0 }, n);
    VisitSamples visit{ LocatorOf(d, options), bins, Read(starts), Read(ids), Read(xs), InPlace(low), InPlace(minusHigh),
                        InPlace(claims), Write(first, 3 * n), shadows, oneThread }; // `first` read only where claimed
    Algorithm::Schedule(visit, d.NumberOfCells);
    EndsOfSample ends{ visit.Locator, at, Read(low), Read(minusHigh), Read(claims), Read(first), Write(lowest.Cells, n),
                       Write(lowest.PCoords, 3 * n), Write(highest.Cells, n), Write(highest.PCoords, 3 * n) };
    Algorithm::Schedule(ends, n);
  }

  /// The cells' visit of SampleImage and LocateImagePoints: each image point's winner (minus its cell id;
  /// 1 where none), and how to find a point's cell from it.
  /// The visit's per-point records (kept alive while the second pass reads them).
  struct Visit
  {
    loom::cont::ArrayHandle<Int32> Winner, Claims;
    loom::cont::ArrayHandle<double> First;
  };
  static ImagePointCell VisitCells(const CellLocator::Data& d, const ImageSamples& image, const LocateOptions& options,
                                   Visit& visit)
  {
    const Id n = image.Dims[0] * image.Dims[1] * image.Dims[2];
    Algorithm::Schedule(Fill<Int32>{ Write(visit.Winner, n), 1 }, n);
    Algorithm::Schedule(Fill<Int32>{ Write(visit.Claims, n), 0 }, n);
    ScatterToImage scatter = ScatterOf(d, image, options);
    scatter.Winner = InPlace(visit.Winner);
    scatter.Claims = InPlace(visit.Claims);
    scatter.First = Write(visit.First, 3 * n); // read only where a point was claimed
    Algorithm::Schedule(scatter, d.NumberOfCells);
    ImagePointCell where{ scatter.Locator, {}, {}, {}, Read(visit.Winner), Read(visit.Claims), Read(visit.First) };
    for (int a = 0; a < 3; ++a)
    {
      where.Start[a] = scatter.Start[a];
      where.Step[a] = scatter.Step[a];
      where.Dims[a] = scatter.Dims[a];
    }
    return where;
  }
  /// The cells' visit of an image (no winners nor writer set).
  static ScatterToImage ScatterOf(const CellLocator::Data& d, const ImageSamples& image, const LocateOptions& options)
  {
    ScatterToImage scatter{ LocatorOf(d, options), {}, {}, {}, {}, nullptr, nullptr, nullptr, nullptr };
    for (int a = 0; a < 3; ++a)
    {
      scatter.Start[a] = image.Origin[a];
      scatter.Step[a] = image.Spacing[a];
      scatter.InverseStep[a] = image.Spacing[a] != 0 ? 1.0 / image.Spacing[a] : 0.0;
      scatter.Dims[a] = image.Dims[a];
    }
    return scatter;
  }

  static LocatedPoints LocateImage(const CellLocator::Data& d, const ImageSamples& image, const LocateOptions& options)
  {
    const Id n = image.Dims[0] * image.Dims[1] * image.Dims[2];
    Visit visit;
    LocatedPoints located;
    LocateSamples<ImagePointCell> pass{ VisitCells(d, image, options, visit), Write(located.Cells, n),
                                        Write(located.PCoords, 3 * n) };
    Algorithm::Schedule(pass, n);
    return located;
  }

  /// A sampling's writer on this device, with the handles that keep its portals.
  struct Writer
  {
    loom::cont::ArrayHandle<AnyPortal> PointIn, PointOut, CellIn, CellOut;
    FieldWriter Out;
  };
  static Writer WriterOf(Id n, const std::vector<FieldArray>& pointIn, const std::vector<FieldArray>& cellIn,
                         SampledFields& out)
  {
    Writer w;
    w.PointIn = AnyPortalsOn<Tag>(pointIn, false);
    w.PointOut = AnyPortalsOn<Tag>(out.PointFields, true);
    w.CellIn = AnyPortalsOn<Tag>(cellIn, false);
    w.CellOut = AnyPortalsOn<Tag>(out.CellFields, true);
    w.Out = FieldWriter{ Read(w.PointIn), Read(w.PointOut), static_cast<int>(pointIn.size()), Read(w.CellIn),
                         Read(w.CellOut), static_cast<int>(cellIn.size()), Write(out.Mask, n) };
    return w;
  }

  template <typename Where>
  static void Sample(const Where& where, Id n, const std::vector<FieldArray>& pointIn, const std::vector<FieldArray>& cellIn,
                     SampledFields& out)
  {
    const Writer w = WriterOf(n, pointIn, cellIn, out);
    Algorithm::Schedule(SampleFieldsPass<Where>{ where, w.Out }, n);
  }
  static void SamplePoints(const CellLocator::Data& d, const PointPositions& samples, const loom::cont::ArrayHandle<Float64> axes[3],
                           const std::vector<FieldArray>& pointIn, const std::vector<FieldArray>& cellIn,
                           const LocateOptions& options, SampledFields& out)
  {
    Sample(SamplePointCell{ LocatorOf(d, options), SamplesOf(samples, axes) }, samples.GetNumberOfPoints(), pointIn, cellIn, out);
  }
  static void SampleImage(const CellLocator::Data& d, const ImageSamples& image, const std::vector<FieldArray>& pointIn,
                          const std::vector<FieldArray>& cellIn, const LocateOptions& options, SampledFields& out)
  {
    const Id n = image.Dims[0] * image.Dims[1] * image.Dims[2];
    if (loom::cont::RunsOnSerial<Tag>())
    {
      // One thread visits the cells in id order: each writes the samples it contains (the highest id last), one
      // evaluation per (cell, point) and no winners.
      const Writer w = WriterOf(n, pointIn, cellIn, out);
      Algorithm::Schedule(ZeroSamples{ w.Out }, n);
      ScatterToImage scatter = ScatterOf(d, image, options);
      scatter.Direct = &w.Out;
      Algorithm::Schedule(scatter, d.NumberOfCells);
      return;
    }
    Visit visit;
    const ImagePointCell where = VisitCells(d, image, options, visit);
    Sample(where, n, pointIn, cellIn, out);
  }

  template <typename T>
  static void Interpolate(const CellLocator::Data& d, const LocatedPoints& located, const FieldArray& in,
                          const FieldArray& out)
  {
    InterpolateSample<T> pass{ LocatorOf(d, LocateOptions()), Read(located.Cells), Read(located.PCoords),
                               PortalOn<Tag, T>(in, false), PortalOn<Tag, T>(out, true) };
    Algorithm::Schedule(pass, located.GetNumberOfValues());
  }
  template <typename T>
  static void Gather(const LocatedPoints& located, const FieldArray& in, const FieldArray& out)
  {
    GatherSample<T> pass{ Read(located.Cells), PortalOn<Tag, T>(in, false), PortalOn<Tag, T>(out, true) };
    Algorithm::Schedule(pass, located.GetNumberOfValues());
  }
  static loom::cont::ArrayHandle<Int8> Mask(const LocatedPoints& located)
  {
    loom::cont::ArrayHandle<Int8> mask;
    const Id n = located.GetNumberOfValues();
    Algorithm::Schedule(MaskSample{ Read(located.Cells), Write(mask, n) }, n);
    return mask;
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace locate
} // namespace algorithms
} // namespace loom
