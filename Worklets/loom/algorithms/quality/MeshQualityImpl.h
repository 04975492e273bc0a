// Loom algorithms, quality family: the mesh-quality worklet and its run, shared by the CPU devices
// (MeshQuality.cxx) and CUDA (MeshQualityCuda.cu). Included by those two units only.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/quality/HexQuality.h>
#include <loom/algorithms/quality/MeshQuality.h>
#include <loom/algorithms/quality/PyramidQuality.h>
#include <loom/algorithms/quality/QuadQuality.h>
#include <loom/algorithms/quality/TetQuality.h>
#include <loom/algorithms/quality/TriangleQuality.h>
#include <loom/algorithms/quality/WedgeQuality.h>
#include <loom/CellShape.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <limits>
#include <variant>

namespace loom
{
namespace algorithms
{
namespace quality
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Where the worklet writes: the quality, the linear approximation (or null) and each cell's shape codes
/// (low four bits: the shape measured in Quality, high four: in the approximation; 15 for none).
struct QualityPortals
{
  Float64* Quality = nullptr;
  Float64* Linear = nullptr;
  UInt8* Shapes = nullptr;
};
struct QualityOutputsObject : loom::cont::ExecutionObjectBase
{
  FieldArray* Quality = nullptr;
  FieldArray* Linear = nullptr;
  loom::cont::ArrayHandle<UInt8>* Shapes = nullptr;
  template <typename Device>
  QualityPortals PrepareForExecution(Device device) const
  {
    using Object = ComponentPortalObject<Float64>;
    QualityPortals p;
    p.Quality = Object(*this->Quality, Object::Access::Out).PrepareForExecution(device).Pointers[0];
    if (this->Linear)
      p.Linear = Object(*this->Linear, Object::Access::Out).PrepareForExecution(device).Pointers[0];
    p.Shapes = this->Shapes->PrepareForOutput(this->Shapes->GetNumberOfValues(), device).GetArray();
    return p;
  }
};

constexpr int NoShape = 15;

/// The measured shape of a linear cell (QualityShape order), NoShape for others.
LOOM_EXEC inline int LinearShape(UInt8 shape)
{
  switch (shape)
  {
    case CELL_SHAPE_TRIANGLE: return 0;
    case CELL_SHAPE_QUAD: return 1;
    case CELL_SHAPE_TETRA: return 2;
    case CELL_SHAPE_PYRAMID: return 3;
    case CELL_SHAPE_WEDGE: return 4;
    case CELL_SHAPE_HEXAHEDRON: return 5;
    default: return NoShape;
  }
}
/// The shape a quadratic or higher-order cell is measured as by its corners (VTK's linearisation: its
/// quadratic, Lagrange, Bezier and higher-order triangles, quadrilaterals (not the biquadratic one),
/// tetrahedra, pyramids, wedges and hexahedra), NoShape for others.
LOOM_EXEC inline int LinearizedShape(UInt8 shape)
{
  switch (shape)
  {
    case 22: case 34: case 61: case 69: case 76: return 0;           // triangles
    case 23: case 30: case 62: case 70: case 77: return 1;           // quadrilaterals
    case 24: case 64: case 71: case 78: return 2;                    // tetrahedra
    case 27: case 37: case 66: case 74: case 81: return 3;           // pyramids
    case 26: case 31: case 32: case 65: case 73: case 80: return 4;  // wedges
    case 25: case 29: case 33: case 67: case 72: case 79: return 5;  // hexahedra
    default: return LinearShape(shape);
  }
}
/// The measures that scale by the shape's average size: 0 where that average is 0, as VTK returns them.
LOOM_EXEC inline bool RelativeToSize(int measure)
{
  return measure == RelativeSizeSquared || measure == ShapeAndSize || measure == ShearAndSize;
}

template <typename P>
struct QualityWorklet : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, ExecObject points, ExecObject outputs);
  using ExecutionSignature = void(CellShape, PointIndices, _2, _3, InputIndex);
  int Measure[QualityShapeCount] = { 0, 0, 0, 0, 0, 0 };
  double Average[QualityShapeCount] = { 0, 0, 0, 0, 0, 0 };
  /// Quality measures quadratic and higher-order cells by their corners too (the size pass).
  bool LinearizeAll = false;

  template <int N, typename Ids>
  LOOM_EXEC static bool Gather(const ComponentPortal<P>& x, const Ids& ids, Point (&p)[N])
  {
    const IdComponent have = ids.GetNumberOfComponents(); // fewer than N: a malformed cell, NaN
    for (int k = 0; k < N && k < have; ++k)
    {
      const Id i = static_cast<Id>(ids[k]);
      p[k] = Point(static_cast<double>(x.Get(i, 0)), static_cast<double>(x.Get(i, 1)), static_cast<double>(x.Get(i, 2)));
    }
    return have >= N;
  }
  template <typename Ids>
  LOOM_EXEC double Evaluate(int s, const Ids& ids, const ComponentPortal<P>& x) const
  {
    const int m = this->Measure[s];
    const double average = this->Average[s];
    if (RelativeToSize(m) && average == 0.0)
      return 0.0;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    switch (s)
    {
      case 0: { Point p[3]; return Gather(x, ids, p) ? TriangleQuality(m, p, average) : nan; }
      case 1: { Point p[4]; return Gather(x, ids, p) ? QuadQuality(m, p, average) : nan; }
      case 2: { Point p[4]; return Gather(x, ids, p) ? TetQuality(m, p, average) : nan; }
      case 3: { Point p[5]; return Gather(x, ids, p) ? PyramidQuality(m, p, average) : nan; }
      case 4: { Point p[6]; return Gather(x, ids, p) ? WedgeQuality(m, p, average) : nan; }
      case 5: { Point p[8]; return Gather(x, ids, p) ? HexQuality(m, p, average) : nan; }
      default: return nan;
    }
  }

  template <typename Ids>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, const ComponentPortal<P>& points,
                            const QualityPortals& out, Id cell) const
  {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const int s = this->LinearizeAll ? LinearizedShape(shape) : LinearShape(shape);
    out.Quality[cell] = s != NoShape ? this->Evaluate(s, ids, points) : nan;
    int l = NoShape;
    if (out.Linear)
    {
      l = LinearizedShape(shape);
      out.Linear[cell] = l == s ? out.Quality[cell] : l != NoShape ? this->Evaluate(l, ids, points) : nan;
    }
    out.Shapes[cell] = static_cast<UInt8>(s | (l << 4));
  }
};

/// The qualities (and shape codes) of every cell on `device`; `linear` null without the approximation.
inline void RunMeshQuality(const CellSetAny& cells, const FieldArray& points, const int measure[QualityShapeCount],
                           const double average[QualityShapeCount], bool linearizeAll, FieldArray& quality,
                           FieldArray* linear, loom::cont::ArrayHandle<UInt8>& shapes, loom::cont::DeviceId device)
{
  const loom::cont::Invoker invoke(device);
  QualityOutputsObject outputs;
  outputs.Quality = &quality;
  outputs.Linear = linear;
  outputs.Shapes = &shapes;
  auto run = [&](auto zero) {
    using P = decltype(zero);
    QualityWorklet<P> worklet;
    for (int s = 0; s < QualityShapeCount; ++s)
    {
      worklet.Measure[s] = measure[s];
      worklet.Average[s] = average[s];
    }
    worklet.LinearizeAll = linearizeAll;
    const ComponentPortalObject<P> in(points, ComponentPortalObject<P>::Access::In);
    std::visit([&](const auto& c) { invoke(worklet, c, in, outputs); }, cells);
  };
  CallWithFloat(points.GetKind(), run);
}
LOOM_UNIT_NAMESPACE_END
} // namespace quality
} // namespace algorithms
} // namespace loom
