// Loom algorithms, advect family: the checks, the device choice and the CPU instantiations of AdvectImpl.h's
// passes.
#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/advect/AdvectCuda.h> // declarations only: called in CUDA builds
#include <loom/algorithms/advect/AdvectImpl.h>

#include <type_traits>

namespace loom
{
namespace algorithms
{
namespace
{
using Data = CellLocator::Data;

/// A field as float64 (seeds, a velocity of another kind: converted on the host).
FieldArray AsFloat64(const FieldArray& seeds)
{
  if (seeds.GetKind() == ValueKind::Float64)
    return seeds;
  const Id n = seeds.GetNumberOfTuples();
  FieldArray out = FieldArray::Allocate(ValueKind::Float64, n, 3);
  CallWithKind(seeds.GetKind(), [&](auto zero) {
    using T = decltype(zero);
    const auto in = seeds.GetPortal<T>();
    auto to = out.GetPortal<Float64>();
    for (Id p = 0; p < n; ++p)
      for (int i = 0; i < 3; ++i)
        to.Set(p, i, static_cast<Float64>(in.Get(p, i)));
  });
  return out;
}
} // namespace

std::string AdvectUnsupported(const CellLocator& locator)
{
  if (!locator.IsBuilt())
    return "no dataset";
  const Data& d = locator.Get();
  if (d.Type != Data::Kind::Cells)
  {
    for (int a = 0; a < 3; ++a)
      if (d.Dims[a] < 2)
        return d.Type == Data::Kind::Image ? "a flat image (of fewer than three dimensions)"
                                           : "a flat rectilinear grid (of fewer than three dimensions)";
    return "";
  }
  std::string found;
  std::visit(
    [&](const auto& set) {
      using Set = std::decay_t<decltype(set)>;
      if constexpr (std::is_same<Set, loom::cont::CellSetStructured<1>>::value)
        found = "line cells";
      else if constexpr (std::is_same<Set, loom::cont::CellSetStructured<2>>::value)
        found = "quadrilateral cells (a flat structured grid)";
      else if constexpr (!std::is_same<Set, loom::cont::CellSetStructured<3>>::value)
      {
        const auto shapes = set.GetShapes().ReadPortal();
        for (Id c = 0; c < shapes.GetNumberOfValues(); ++c)
          if (locate::LocatableDimension(shapes.Get(c)) != 3)
          {
            found = "cells of fewer than three dimensions (VTK cell type " + std::to_string(int(shapes.Get(c))) + ")";
            return;
          }
      }
    },
    d.Cells);
  return found;
}

Streamlines Advect(const CellLocator& locator, const FieldArray& vectors, const FieldArray& seeds,
                   const loom::cont::ArrayHandle<Int8>& forward, const AdvectOptions& options)
{
  const std::string unsupported = AdvectUnsupported(locator);
  if (!unsupported.empty())
    throw loom::cont::ErrorBadValue("Loom's streamlines do not integrate in " + unsupported + ".");
  const Data& d = locator.Get();
  if (vectors.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("the vectors have " + std::to_string(vectors.GetNumberOfComponents()) +
                                    " components; streamlines need 3.");
  const Id expected = options.CellVectors ? d.NumberOfCells : d.NumberOfPoints;
  const Id expectedGrid = options.CellVectors ? (d.Dims[0] - 1) * (d.Dims[1] - 1) * (d.Dims[2] - 1)
                                              : d.Dims[0] * d.Dims[1] * d.Dims[2];
  if (vectors.GetNumberOfTuples() != (d.Type == Data::Kind::Cells ? expected : expectedGrid))
    throw loom::cont::ErrorBadValue("the vectors have " + std::to_string(vectors.GetNumberOfTuples()) +
                                    " tuples, not one per " + (options.CellVectors ? "cell." : "point."));
  if (vectors.GetKind() != ValueKind::Float32 && vectors.GetKind() != ValueKind::Float64)
    throw loom::cont::ErrorBadType("the vectors are " + std::string(ValueKindName(vectors.GetKind())) +
                                   "; Loom's streamlines take float32 or float64 vectors.");
  if (seeds.GetNumberOfComponents() != 3 || forward.GetNumberOfValues() != seeds.GetNumberOfTuples())
    throw loom::cont::ErrorBadValue("the seeds must be xyz, with one direction each.");
  const FieldArray xyz = AsFloat64(seeds);
  return WithCudaFallback(
    options.Device, "advect",
    [&](auto) { return advect::AdvectCuda(d, vectors, xyz, forward, options); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        using Tag = decltype(tag);
        if (vectors.GetKind() == ValueKind::Float32)
          return advect::Passes<Tag>::template Advect<Float32, Float64>(d, vectors, xyz, forward, options);
        return advect::Passes<Tag>::template Advect<Float64, Float64>(d, vectors, xyz, forward, options);
      });
    });
}

namespace
{
/// The CPU device a pieces run takes (its particles' states change as they run: no CUDA count-and-write run).
loom::cont::DeviceId PieceDevice(loom::cont::DeviceId device)
{
  auto& tracker = loom::cont::RuntimeDeviceTracker::Get();
  if (!RunsOnCuda(device))
    return device;
  return tracker.HostDevice();
}
void CheckPieceInput(const CellLocator& locator, const FieldArray& vectors, const loom::cont::ArrayHandle<UInt8>& skipCells)
{
  if (skipCells.GetNumberOfValues() != 0 && skipCells.GetNumberOfValues() != locator.GetNumberOfCells())
    throw loom::cont::ErrorBadValue("the cells to skip must be none or one flag per cell.");
  const std::string unsupported = AdvectUnsupported(locator);
  if (!unsupported.empty())
    throw loom::cont::ErrorBadValue("Loom's streamlines do not integrate in " + unsupported + ".");
  if (vectors.GetNumberOfComponents() != 3 ||
      (vectors.GetKind() != ValueKind::Float32 && vectors.GetKind() != ValueKind::Float64))
    throw loom::cont::ErrorBadValue("the vectors must be float32 or float64 xyz.");
}
} // namespace

Streamlines AdvectInPiece(const CellLocator& locator, const FieldArray& vectors,
                          loom::cont::ArrayHandle<ParticleState>& states, const loom::cont::ArrayHandle<Id>& knownOffsets,
                          const loom::cont::ArrayHandle<RemoteVelocity>& known,
                          const loom::cont::ArrayHandle<UInt8>& skipCells, const AdvectOptions& options)
{
  CheckPieceInput(locator, vectors, skipCells);
  if (knownOffsets.GetNumberOfValues() != states.GetNumberOfValues() + 1)
    throw loom::cont::ErrorBadValue("the known fields need offsets per particle, and one more.");
  return loom::cont::CallOnDevice(PieceDevice(options.Device), [&](auto tag) {
    using Tag = decltype(tag);
    if (vectors.GetKind() == ValueKind::Float32)
      return advect::Passes<Tag>::template InPiece<Float32>(locator.Get(), vectors, states, knownOffsets, known, skipCells, options);
    return advect::Passes<Tag>::template InPiece<Float64>(locator.Get(), vectors, states, knownOffsets, known, skipCells, options);
  });
}

void AdvectVelocities(const CellLocator& locator, const FieldArray& vectors, const FieldArray& points,
                      const loom::cont::ArrayHandle<UInt8>& skipCells, const AdvectOptions& options,
                      loom::cont::ArrayHandle<Int8>& found, loom::cont::ArrayHandle<Float64>& velocity)
{
  CheckPieceInput(locator, vectors, skipCells);
  const FieldArray xyz = AsFloat64(points);
  loom::cont::CallOnDevice(PieceDevice(options.Device), [&](auto tag) {
    using Tag = decltype(tag);
    if (vectors.GetKind() == ValueKind::Float32)
      advect::Passes<Tag>::template Velocities<Float32>(locator.Get(), vectors, xyz, skipCells, options, found, velocity);
    else
      advect::Passes<Tag>::template Velocities<Float64>(locator.Get(), vectors, xyz, skipCells, options, found, velocity);
  });
}

loom::cont::ArrayHandle<Float64> StreamNormals(const loom::cont::ArrayHandle<Float32>& points,
                                               const loom::cont::ArrayHandle<Id>& lineOffsets, const FieldArray& velocity,
                                               const loom::cont::ArrayHandle<Float64>& rotation, loom::cont::DeviceId device)
{
  if (velocity.GetNumberOfComponents() != 3 || velocity.GetNumberOfTuples() != rotation.GetNumberOfValues() ||
      points.GetNumberOfValues() != 3 * rotation.GetNumberOfValues())
    throw loom::cont::ErrorBadValue("the normals need a point, a velocity and a rotation per point.");
  const FieldArray v = velocity.GetKind() == ValueKind::Float32 || velocity.GetKind() == ValueKind::Float64
    ? velocity
    : AsFloat64(velocity);
  return WithCudaFallback(
    device, "stream normals",
    [&](auto) { return advect::StreamNormalsCuda(points, lineOffsets, v, rotation); },
    [&](loom::cont::DeviceId cpu) {
      return loom::cont::CallOnDevice(cpu, [&](auto tag) {
        using Tag = decltype(tag);
        if (v.GetKind() == ValueKind::Float32)
          return advect::Passes<Tag>::template Normals<Float32>(points, lineOffsets, v, rotation);
        return advect::Passes<Tag>::template Normals<Float64>(points, lineOffsets, v, rotation);
      });
    });
}
} // namespace algorithms
} // namespace loom
