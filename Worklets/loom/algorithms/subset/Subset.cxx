// Loom algorithms, subset family: GridSubsetIds, one raw loop per row of the sub-grid.
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/subset/Subset.h>
#include <loom/cont/Error.h>

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
} // namespace algorithms
} // namespace loom
