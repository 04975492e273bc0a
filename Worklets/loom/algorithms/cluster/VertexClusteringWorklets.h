// Loom algorithms, cluster family: the element quadrics of vertex clustering (as vtkQuadricClustering
// forms them) and the reduce-by-key worklets that fold them per bin and keep the first of equal
// triangles, for every device.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/worklet/WorkletReduceByKey.h>

#include <algorithm>
#include <cmath>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
namespace cluster
{
/// VTK's scale of every quadric added to a bin.
constexpr Float64 QuadricScale = 100000000.0;

/// The nine coefficients (xx, xy, xz, x, yy, yz, y, zz, z) of a triangle's error quadric: the squared
/// volume of the tetrahedron of the triangle and a point, from n = a x b + b x c + c x a and
/// d = -det(a, b, c), each product written as VTK's vtkTriangle::ComputeQuadric evaluates it.
LOOM_EXEC inline void TriangleQuadric(const Float64 a[3], const Float64 b[3], const Float64 c[3], Float64 q[9])
{
  const Float64 ab[3] = { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
  const Float64 bc[3] = { b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0] };
  const Float64 ca[3] = { c[1] * a[2] - c[2] * a[1], c[2] * a[0] - c[0] * a[2], c[0] * a[1] - c[1] * a[0] };
  // The determinant of the rows a, b, c, term by term in VTK's order.
  const Float64 det = a[0] * b[1] * c[2] + b[0] * c[1] * a[2] + c[0] * a[1] * b[2] - a[0] * c[1] * b[2] -
    b[0] * a[1] * c[2] - c[0] * b[1] * a[2];
  const Float64 n[4] = { ab[0] + bc[0] + ca[0], ab[1] + bc[1] + ca[1], ab[2] + bc[2] + ca[2], -det };
  q[0] = n[0] * n[0];
  q[1] = n[0] * n[1];
  q[2] = n[0] * n[2];
  q[3] = n[0] * n[3];
  q[4] = n[1] * n[1];
  q[5] = n[1] * n[2];
  q[6] = n[1] * n[3];
  q[7] = n[2] * n[2];
  q[8] = n[2] * n[3];
}

/// A segment's error quadric (the squared area of the triangle of the segment and a point), as
/// vtkQuadricClustering::AddEdge forms it. The segment has a non-zero length.
LOOM_EXEC inline void SegmentQuadric(const Float64 a[3], const Float64 b[3], Float64 q[9])
{
  Float64 d[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
  const Float64 length2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  const Float64 inv = 1.0 / std::sqrt(length2);
  d[0] = d[0] * inv;
  d[1] = d[1] * inv;
  d[2] = d[2] * inv;
  const Float64 m[3] = { 0.5 * (b[0] + a[0]), 0.5 * (b[1] + a[1]), 0.5 * (b[2] + a[2]) };
  const Float64 md = m[0] * d[0] + m[1] * d[1] + m[2] * d[2];
  q[0] = length2 * (1.0 - d[0] * d[0]);
  q[1] = -length2 * (d[0] * d[1]);
  q[2] = -length2 * (d[0] * d[2]);
  q[3] = length2 * (d[0] * md - m[0]);
  q[4] = length2 * (1.0 - d[1] * d[1]);
  q[5] = -length2 * (d[1] * d[2]);
  q[6] = length2 * (d[1] * md - m[1]);
  q[7] = length2 * (1.0 - d[2] * d[2]);
  q[8] = length2 * (d[2] * md - m[2]);
}

/// A vertex's error quadric (the squared distance to it), as vtkQuadricClustering::AddVertex forms it.
LOOM_EXEC inline void VertexQuadric(const Float64 a[3], Float64 q[9])
{
  q[0] = 1.0;
  q[1] = 0.0;
  q[2] = 0.0;
  q[3] = -a[0];
  q[4] = 1.0;
  q[5] = 0.0;
  q[6] = -a[1];
  q[7] = 1.0;
  q[8] = -a[2];
}

/// The elements that take part: element e has corners Corners[3e..3e+2] (input point ids; a segment's
/// third corner is -1, a vertex's second and third).
template <typename T>
struct ElementCorners
{
  const Id* Corners;
  ComponentPortal<T> Points;
  /// 0 for a vertex, 1 for a segment, 2 for a triangle.
  LOOM_EXEC int Dimension(Id e) const
  {
    return this->Corners[3 * e + 1] < 0 ? 0 : (this->Corners[3 * e + 2] < 0 ? 1 : 2);
  }
  LOOM_EXEC void Point(Id p, Float64 x[3]) const
  {
    x[0] = static_cast<Float64>(this->Points.Get(p, 0));
    x[1] = static_cast<Float64>(this->Points.Get(p, 1));
    x[2] = static_cast<Float64>(this->Points.Get(p, 2));
  }
  LOOM_EXEC void Quadric(Id e, Float64 q[9]) const
  {
    Float64 a[3], b[3];
    this->Point(this->Corners[3 * e], a);
    const int dimension = this->Dimension(e);
    if (dimension == 0)
    {
      VertexQuadric(a, q);
      return;
    }
    this->Point(this->Corners[3 * e + 1], b);
    if (dimension == 1)
    {
      SegmentQuadric(a, b, q);
      return;
    }
    Float64 c[3];
    this->Point(this->Corners[3 * e + 2], c);
    TriangleQuadric(a, b, c, q);
  }
};

/// One bin (the key: its id; the values: the element corners in it, in element order). The bin's
/// quadric is the sum, in that order, of the quadrics of its corners' elements of the lowest dimension
/// among them (vertices supersede segments, segments triangles, as in VTK), each scaled as VTK scales
/// it; its first corner (the lowest value) orders the output points. The key -1 (the missing corners
/// of vertices and segments) gets nothing. The corner ids and the points are arguments (prepared for
/// whichever device runs the invocation, the fallback device included), not members.
template <typename T>
struct FoldBinQuadrics : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn bins, ValuesIn corners, ReducedValuesOut firstCorner, WholeArrayOut quadrics,
                                WholeArrayIn cornerIds, ExecObject points);
  using ExecutionSignature = void(_1, _2, _3, _4, WorkIndex, _5, _6);
  template <typename Corners, typename QuadricPortal, typename IdPortal>
  LOOM_EXEC void operator()(Int64 bin, const Corners& corners, Id& first, const QuadricPortal& quadrics, Id g,
                            const IdPortal& cornerIds, const ComponentPortal<T>& points) const
  {
    const ElementCorners<T> elements{ cornerIds.GetArray(), points };
    first = corners[0];
    Float64 sum[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    if (bin >= 0)
    {
      const IdComponent n = corners.GetNumberOfComponents();
      int lowest = 2;
      for (IdComponent k = 0; k < n && lowest > 0; ++k)
      {
        const int d = elements.Dimension(corners[k] / 3);
        lowest = d < lowest ? d : lowest;
      }
      for (IdComponent k = 0; k < n; ++k)
      {
        const Id e = corners[k] / 3;
        if (elements.Dimension(e) != lowest)
          continue;
        Float64 q[9];
        elements.Quadric(e, q);
        for (int i = 0; i < 9; ++i)
          sum[i] += q[i] * QuadricScale;
      }
    }
    for (int i = 0; i < 9; ++i)
      quadrics.Set(9 * g + i, sum[i]);
  }
};

/// One group of candidate triangles with equal hashes of their sorted output points (the values: the
/// candidates in element order, each Vertices[3c..3c+2] sorted). A candidate is kept unless an earlier
/// kept one of its group has the same three points (the first of equal triangles stays, as in VTK).
struct KeepFirstTriangles : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn hashes, ValuesOut keep, WholeArrayIn sortedVertices);
  using ExecutionSignature = void(_2, _3);

  template <typename Keep, typename VertexPortal>
  LOOM_EXEC void operator()(Keep& keep, const VertexPortal& v) const
  {
    const IdComponent n = keep.GetNumberOfComponents();
    for (IdComponent k = 0; k < n; ++k)
    {
      const Id c = keep.GetValueIndex(k);
      UInt8 first = 1;
      for (IdComponent j = 0; j < k && first; ++j)
      {
        const Id d = keep.GetValueIndex(j);
        if (keep.Get(j) && v.Get(3 * d) == v.Get(3 * c) && v.Get(3 * d + 1) == v.Get(3 * c + 1) &&
            v.Get(3 * d + 2) == v.Get(3 * c + 2))
          first = 0;
      }
      keep.Set(k, first);
    }
  }
};
} // namespace cluster
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
