// Loom algorithms, subset family: GridSubsetIds, one raw loop per row of the sub-grid; SubGridIdsToGrid.
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/subset/Subset.h>
#include <loom/cont/Error.h>

#include <algorithm>
#include <atomic>
#include <string>

namespace loom
{
namespace algorithms
{
loom::cont::ArrayHandle<Id> GridSubsetIds(const Id3& dims, const std::vector<Id> index[3], loom::cont::DeviceId device)
{
  for (int a = 0; a < 3; ++a)
    for (const Id i : index[a])
      if (i < 0 || i >= dims[a])
        throw loom::cont::ErrorBadValue("GridSubsetIds: index " + std::to_string(i) + " outside axis " +
                                        std::to_string(a) + " of " + std::to_string(dims[a]) + " points.");
  const Id nx = static_cast<Id>(index[0].size()), ny = static_cast<Id>(index[1].size()),
           nz = static_cast<Id>(index[2].size());
  loom::cont::ArrayHandle<Id> ids;
  ids.Allocate(nx * ny * nz);
  if (nx * ny * nz == 0)
    return ids;
  Id* out = ids.GetPointer();
  const Id* ix = index[0].data();
  const Id* iy = index[1].data();
  const Id* iz = index[2].data();
  const Id sx = dims[0], sxy = dims[0] * dims[1];
  HostForEach(device, ny * nz, 16, nx, [=](Id row) {
    const Id base = iy[row % ny] * sx + iz[row / ny] * sxy;
    Id* to = out + nx * row;
    for (Id i = 0; i < nx; ++i)
      to[i] = base + ix[i];
  });
  return ids;
}

void SubGridIdsToGrid(loom::cont::ArrayHandle<Id>& ids, const Id3& partPointDims, const Id first[3],
                      const Id3& pointDims, bool cells, loom::cont::DeviceId device)
{
  Id3 partDims = partPointDims, dims = pointDims;
  for (int a = 0; a < 3; ++a)
  {
    if (first[a] < 0 || partDims[a] < 1 || first[a] + partDims[a] > dims[a])
      throw loom::cont::ErrorBadValue("SubGridIdsToGrid: the sub-grid does not fit in the grid.");
    if (cells)
    {
      partDims[a] = std::max<Id>(partDims[a] - 1, 1);
      dims[a] = std::max<Id>(dims[a] - 1, 1);
    }
  }
  const Id n = ids.GetNumberOfValues();
  if (n == 0)
    return;
  Id* at = ids.GetPointer();
  const Id px = partDims[0], pxy = partDims[0] * partDims[1], size = pxy * partDims[2];
  const Id sx = dims[0], sxy = dims[0] * dims[1];
  const Id shift = first[0] + first[1] * sx + first[2] * sxy;
  std::atomic<bool> outside{ false };
  HostForEach(device, (n + 4095) / 4096, 1, 4096, [&, at](Id block) {
    const Id end = std::min(n, (block + 1) * 4096);
    for (Id t = block * 4096; t < end; ++t)
    {
      const Id id = at[t];
      if (id < 0 || id >= size)
      {
        outside = true;
        continue;
      }
      const Id k = id / pxy, rest = id - k * pxy, j = rest / px, i = rest - j * px;
      at[t] = shift + i + j * sx + k * sxy;
    }
  });
  if (outside)
    throw loom::cont::ErrorBadValue("SubGridIdsToGrid: an id outside the sub-grid.");
}
} // namespace algorithms
} // namespace loom
