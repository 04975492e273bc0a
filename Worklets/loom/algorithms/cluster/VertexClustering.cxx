// Loom algorithms, cluster family: ClusterVertices. The bounds and the bin grid are laid out here; the
// passes after them (VertexClusteringImpl.h: the elements that add quadrics listed in cell order, their
// corners grouped by bin with the engine's Keys and folded per bin by a reduce-by-key worklet in VTK's
// order, output points numbered by each bin's first corner, duplicate triangles found with a second Keys
// grouping, each bin's point placed as asked) run on the CPU devices here and on CUDA in
// VertexClusteringCuda.cu.
#include <loom/algorithms/cluster/VertexClustering.h>
#include <loom/algorithms/cluster/VertexClusteringImpl.h>

#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/cont/Error.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace
{
using loom::cont::DeviceId;
constexpr Id IndexBlock = 1 << 14;

template <typename T>
VertexClusteringResult Cluster(const FieldArray& positions, const VertexClusteringInput& input,
                               const VertexClusteringOptions& options)
{
  const DeviceId device = options.Device;
  VertexClusteringResult result;
  const Id numPoints = positions.GetNumberOfTuples();
  const ComponentPortal<T> pts = positions.GetPortal<T>();

  // Bounds of all points (as vtkPolyData::GetBounds; NaN coordinates skipped).
  {
    const Id blocks = (numPoints + IndexBlock - 1) / IndexBlock;
    std::vector<double> partial(static_cast<std::size_t>(blocks) * 6);
    double* part = partial.data();
    HostForEach(device, blocks, 1, IndexBlock, [&, part](Id b) {
      double* r = part + 6 * b;
      for (int c = 0; c < 3; ++c)
      {
        r[2 * c] = std::numeric_limits<double>::infinity();
        r[2 * c + 1] = -std::numeric_limits<double>::infinity();
      }
      for (Id p = b * IndexBlock; p < std::min(numPoints, (b + 1) * IndexBlock); ++p)
        for (int c = 0; c < 3; ++c)
        {
          const double v = static_cast<double>(pts.Get(p, c));
          if (v < r[2 * c])
            r[2 * c] = v;
          if (v > r[2 * c + 1])
            r[2 * c + 1] = v;
        }
    });
    for (int c = 0; c < 3; ++c)
    {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (Id b = 0; b < blocks; ++b)
      {
        lo = std::min(lo, part[6 * b + 2 * c]);
        hi = std::max(hi, part[6 * b + 2 * c + 1]);
      }
      if (lo > hi)
        lo = hi = 0.0; // no coordinate but NaN: every point falls in the first bin
      result.Bounds[2 * c] = lo;
      result.Bounds[2 * c + 1] = hi;
    }
  }

  // Division counts, adjusted as vtkQuadricClustering::RequestData adjusts them.
  Id div[3] = { options.Divisions[0], options.Divisions[1], options.Divisions[2] };
  const Id half = div[0] * div[1] * div[2] / 2;
  if (options.AutoAdjustDivisions && half > numPoints)
  {
    const double factor = std::pow(static_cast<double>(half) / static_cast<double>(numPoints), 0.33333);
    for (int c = 0; c < 3; ++c)
    {
      const int d = static_cast<int>(0.5 + static_cast<double>(options.Divisions[c]) / factor);
      div[c] = d > 0 ? d : 1;
    }
  }
  for (int c = 0; c < 3; ++c)
    result.Divisions[c] = div[c];
  // The passes after the grid: on CUDA when the request resolves to it, else on a CPU device.
  return WithCudaFallback(
    device, "ClusterVertices",
    [&](auto) { return ClusterVerticesCuda(positions, input, options, result); },
    [&](DeviceId cpu) {
      return loom::cont::CallOnDevice(
        cpu, [&](auto tag) { return cluster::Passes<decltype(tag), T>::Run(positions, input, options, result); });
    });
}
} // namespace

VertexClusteringResult ClusterVertices(const VertexClusteringInput& input, const VertexClusteringOptions& options)
{
  for (int c = 0; c < 3; ++c)
    if (options.Divisions[c] < 1)
      throw loom::cont::ErrorBadValue("ClusterVertices: " + std::to_string(options.Divisions[c]) + " divisions along " +
                                      "xyz"[c] + "; at least 1 is needed.");
  const FieldArray& points = input.Points;
  if (points.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("ClusterVertices: the points have " +
                                    std::to_string(points.GetNumberOfComponents()) + " components, not 3.");
  // Integer positions are clustered as doubles (VTK reads every point as double).
  const FieldArray positions = AsFloatingPoint(points, options.Device);
  return positions.GetKind() == ValueKind::Float32 ? Cluster<Float32>(positions, input, options)
                                                   : Cluster<Float64>(positions, input, options);
}
} // namespace algorithms
} // namespace loom
