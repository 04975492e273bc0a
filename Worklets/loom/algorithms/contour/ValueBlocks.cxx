#include <loom/algorithms/contour/ValueBlocks.h>

#include <loom/algorithms/HostForEach.h>
#include <loom/cont/Error.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace
{
// Blocks along an axis of `points` points, and the points of block b: [b*size, min(b*size + size, points - 1)].
Id BlocksAlong(Id points, Id size)
{
  const Id cells = std::max<Id>(points - 1, 0);
  return cells == 0 ? 1 : (cells + size - 1) / size;
}
} // namespace

ValueBlocks MakeValueBlocks(const FieldArray& field, const Id3& pointDims, loom::cont::DeviceId device, Id size)
{
  if (field.GetNumberOfComponents() != 1)
    throw loom::cont::ErrorBadValue("MakeValueBlocks: a one-component field is needed.");
  if (size < 1)
    throw loom::cont::ErrorBadValue("MakeValueBlocks: blocks of at least one cell are needed.");
  for (int a = 0; a < 3; ++a)
    if (pointDims[a] < 1)
      throw loom::cont::ErrorBadValue("MakeValueBlocks: a grid of at least one point along each axis is needed.");
  if (field.GetNumberOfTuples() != pointDims[0] * pointDims[1] * pointDims[2])
    throw loom::cont::ErrorBadValue("MakeValueBlocks: the field has " + std::to_string(field.GetNumberOfTuples()) +
                                    " values for " + std::to_string(pointDims[0] * pointDims[1] * pointDims[2]) +
                                    " points.");
  ValueBlocks blocks;
  blocks.PointDims = pointDims;
  blocks.Size = size;
  for (int a = 0; a < 3; ++a)
    blocks.Count[a] = BlocksAlong(pointDims[a], size);
  const Id total = blocks.Count[0] * blocks.Count[1] * blocks.Count[2];
  blocks.Low.assign(static_cast<std::size_t>(total), std::numeric_limits<double>::infinity());
  blocks.High.assign(static_cast<std::size_t>(total), -std::numeric_limits<double>::infinity());
  field.SyncHost(); // a field made on the GPU is read here, its device copy staying current
  const ValueKind kind = field.GetKind();
  CallWithKind(kind, [&](auto tag) {
    using T = decltype(tag);
    const ComponentPortal<T> values = field.GetHostPortal<T>();
    const T* base = values.Pointers[0];
    const Id stride = values.Stride;
    const Id nx = pointDims[0], ny = pointDims[1];
    const Id bx = blocks.Count[0], by = blocks.Count[1];
    double* low = blocks.Low.data();
    double* high = blocks.High.data();
    // One task per row of blocks (fixed j and k block): its point rows, each read once along x.
    HostForEach(device, by * blocks.Count[2], 1, size * size * nx, [&](Id row) {
      const Id jb = row % by, kb = row / by;
      const Id j0 = jb * size, j1 = std::min(j0 + size, ny - 1);
      const Id k0 = kb * size, k1 = std::min(k0 + size, pointDims[2] - 1);
      double* lo = low + row * bx;
      double* hi = high + row * bx;
      for (Id k = k0; k <= k1; ++k)
        for (Id j = j0; j <= j1; ++j)
        {
          const T* line = base + (k * ny + j) * nx * stride;
          for (Id b = 0; b < bx; ++b)
          {
            const Id i0 = b * size, i1 = std::min(i0 + size, nx - 1);
            T mn = line[i0 * stride], mx = mn;
            bool finite = true;
            for (Id i = i0 + 1; i <= i1; ++i)
            {
              const T v = line[i * stride];
              mn = std::min(mn, v);
              mx = std::max(mx, v);
            }
            if constexpr (std::is_floating_point_v<T>)
            {
              // A value that is not finite (not a number included: the min and max above may skip it) makes
              // the block hold every value.
              for (Id i = i0; i <= i1 && finite; ++i)
                finite = std::isfinite(line[i * stride]);
            }
            double dl = finite ? static_cast<double>(mn) : -std::numeric_limits<double>::infinity();
            double dh = finite ? static_cast<double>(mx) : std::numeric_limits<double>::infinity();
            if constexpr (std::is_integral_v<T> && sizeof(T) == 8)
            {
              // 64-bit integers may round to double: widened, so that the block still holds its values.
              dl = std::nextafter(dl, -std::numeric_limits<double>::infinity());
              dh = std::nextafter(dh, std::numeric_limits<double>::infinity());
            }
            lo[b] = std::min(lo[b], dl);
            hi[b] = std::max(hi[b], dh);
          }
        }
    });
    return 0;
  });
  return blocks;
}

Id ContourExtent(const ValueBlocks& blocks, const std::vector<double>& values, GridExtent& extent)
{
  // Crossed: a point below the value and one at or above it (the contour's `value >= isovalue`); a point at
  // the value counts too (the whole grid's contour then takes another path, and so must the part's). One cell
  // more on each side: the normals' central differences around the crossed cells' points.
  return BlocksExtent(
    blocks,
    [&values](double lo, double hi) {
      return std::any_of(values.begin(), values.end(), [&](double v) { return lo <= v && v <= hi; });
    },
    1, extent);
}

Id BlocksExtent(const ValueBlocks& blocks, const std::function<bool(double low, double high)>& holds, Id margin,
                GridExtent& extent)
{
  Id first[3] = { blocks.Count[0], blocks.Count[1], blocks.Count[2] };
  Id last[3] = { -1, -1, -1 };
  Id holding = 0;
  const Id bx = blocks.Count[0], by = blocks.Count[1], bz = blocks.Count[2];
  for (Id k = 0; k < bz; ++k)
    for (Id j = 0; j < by; ++j)
      for (Id i = 0; i < bx; ++i)
      {
        const std::size_t b = static_cast<std::size_t>((k * by + j) * bx + i);
        if (!holds(blocks.Low[b], blocks.High[b]))
          continue;
        ++holding;
        const Id at[3] = { i, j, k };
        for (int a = 0; a < 3; ++a)
        {
          first[a] = std::min(first[a], at[a]);
          last[a] = std::max(last[a], at[a]);
        }
      }
  extent = GridExtent();
  if (holding == 0)
  {
    for (int a = 0; a < 3; ++a)
      extent.Last[a] = std::min<Id>(1, blocks.PointDims[a] - 1);
    return 0;
  }
  for (int a = 0; a < 3; ++a)
  {
    const Id points = blocks.PointDims[a];
    // The blocks' points, then `margin` cells more on each side.
    extent.First[a] = std::max<Id>(first[a] * blocks.Size - margin, 0);
    extent.Last[a] = std::min<Id>((last[a] + 1) * blocks.Size + margin, points - 1);
  }
  return holding;
}
} // namespace algorithms
} // namespace loom
