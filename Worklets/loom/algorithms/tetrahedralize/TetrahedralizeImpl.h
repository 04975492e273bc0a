// Loom algorithms, tetrahedralize family: the split tables, the worklets (ScatterUniform for cell
// sets of hexahedra, voxels or quads only; ScatterCounting for mixed cells) and the per-id-type runs.
// Included by the family's .cxx files (CPU devices) and by TetrahedralizeCuda.cu (CUDA); what depends
// on the device sits in LOOM_UNIT_NAMESPACE so the two compilations never share a symbol.
#pragma once

#include <loom/algorithms/DeviceChoice.h>
#include <loom/algorithms/tetrahedralize/Tetrahedralize.h>
#include <loom/cont/Algorithm.h>
#include <loom/cont/Invoker.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/ScatterUniform.h>
#include <loom/worklet/WorkletMapTopology.h>

#include <cstring>
#include <limits>
#include <string>

namespace loom
{
namespace algorithms
{
namespace tetrahedralize
{
/// Any cell set through the counting path on a CPU device (TetrahedralizeMixed.cxx).
void RunMixedCells(const CellSetAny& cells, bool five, loom::cont::DeviceId device, SimplexCells& result);
/// Every cell set on CUDA (TetrahedralizeCuda.cu); `allHexahedra` as for SplitCells.
void TetrahedralizeCuda(const CellSetAny& cells, bool five, bool allHexahedra, SimplexCells& result);

LOOM_UNIT_NAMESPACE_BEGIN
/// Point `h` of a hexahedron (VTK's hexahedron order) in a cell of shape `shape`: voxels number
/// their points x fastest, so hexahedron points 2, 3, 6, 7 are voxel points 3, 2, 7, 6.
template <typename Ids>
LOOM_EXEC LOOM_ALWAYS_INLINE Id HexPoint(const Ids& ids, UInt8 shape, IdComponent h)
{
  return static_cast<Id>(ids[shape == CELL_SHAPE_VOXEL ? (h ^ ((h >> 1) & 1)) : h]);
}

/// Tetrahedron `visit` of a hexahedron or voxel, positively oriented (for a right-handed cell).
/// Six: the paths from point 0 to point 6 along the three axes in each order. Five: a central
/// tetrahedron on the even (parity 0) or odd (parity 1) corners, and the four other corners cut off.
/// Each tetrahedron is four local point numbers, one per 4 bits (first point lowest), four
/// tetrahedra per 64-bit word: no table in memory, and constants once the visit loop is unrolled.
template <typename Ids, typename OutId>
LOOM_EXEC LOOM_ALWAYS_INLINE void HexTet(const Ids& ids, UInt8 shape, bool five, int parity, IdComponent visit,
                                         OutId* tet)
{
  // Six: 0126 0516 0236 0376 | 0456 0746.
  // Five, parity 0: 0527 1205 3027 4507 | 6257; parity 1: 1346 0134 2316 5146 | 7436.
  const UInt64 low = !five ? 0x6730632061506210ull : parity == 0 ? 0x7054720350217250ull : 0x6415613243106431ull;
  const UInt64 high = !five ? 0x64706540ull : parity == 0 ? 0x7526ull : 0x6347ull;
  const UInt64 code = (visit < 4 ? low >> (16 * visit) : high >> (16 * (visit - 4))) & 0xFFFFu;
  for (IdComponent q = 0; q < 4; ++q)
    tet[q] = static_cast<OutId>(HexPoint(ids, shape, static_cast<IdComponent>((code >> (4 * q)) & 0xFu)));
}

/// Tetrahedron `visit` of a wedge, positively oriented for a wedge shaped like VTK's parametric one
/// (triangle 0, 1, 2 counter-clockwise seen from triangle 3, 4, 5). The wedge is first turned so that its smallest point id is local
/// point 0 (a rotation of the triangles, or a flip that swaps them and keeps the orientation); the
/// two quadrilaterals at point 0 are then cut through it, and the third through its smallest id.
template <typename Ids, typename OutId>
LOOM_EXEC void WedgeTet(const Ids& ids, IdComponent visit, OutId* tet)
{
  IdComponent m = 0;
  for (IdComponent k = 1; k < 6; ++k)
    if (ids[k] < ids[m])
      m = k;
  IdComponent perm[6];
  if (m < 3)
  {
    for (IdComponent k = 0; k < 3; ++k)
    {
      perm[k] = (m + k) % 3;
      perm[k + 3] = perm[k] + 3;
    }
  }
  else
  {
    const IdComponent b = m - 3;
    const IdComponent order[3] = { b, static_cast<IdComponent>((b + 2) % 3), static_cast<IdComponent>((b + 1) % 3) };
    for (IdComponent k = 0; k < 3; ++k)
    {
      perm[k] = order[k] + 3;
      perm[k + 3] = order[k];
    }
  }
  Id r[6];
  for (IdComponent k = 0; k < 6; ++k)
    r[k] = static_cast<Id>(ids[perm[k]]);
  // Face (1, 2, 5, 4): diagonal 1-5 when its smallest id is at 1 or 5, else 2-4.
  Id low15 = r[1] < r[5] ? r[1] : r[5];
  Id low24 = r[2] < r[4] ? r[2] : r[4];
  const IdComponent tables[2][3][4] = { { { 0, 1, 2, 5 }, { 0, 1, 5, 4 }, { 0, 4, 5, 3 } },
                                        { { 0, 1, 2, 4 }, { 0, 4, 2, 5 }, { 0, 4, 5, 3 } } };
  const IdComponent* local = tables[low15 < low24 ? 0 : 1][visit];
  for (IdComponent q = 0; q < 4; ++q)
    tet[q] = static_cast<OutId>(r[local[q]]);
}

/// Tetrahedron `visit` of a pyramid: the base is cut through its smallest point id.
template <typename Ids, typename OutId>
LOOM_EXEC void PyramidTet(const Ids& ids, IdComponent visit, OutId* tet)
{
  Id low02 = static_cast<Id>(ids[0]) < static_cast<Id>(ids[2]) ? static_cast<Id>(ids[0]) : static_cast<Id>(ids[2]);
  Id low13 = static_cast<Id>(ids[1]) < static_cast<Id>(ids[3]) ? static_cast<Id>(ids[1]) : static_cast<Id>(ids[3]);
  const IdComponent tables[2][2][4] = { { { 0, 1, 2, 4 }, { 0, 2, 3, 4 } }, { { 1, 2, 3, 4 }, { 1, 3, 0, 4 } } };
  const IdComponent* local = tables[low02 < low13 ? 0 : 1][visit];
  for (IdComponent q = 0; q < 4; ++q)
    tet[q] = static_cast<OutId>(ids[local[q]]);
}

/// Children of a cell of `shape` with `n` points, and the points of each child.
LOOM_EXEC inline void ChildCount(UInt8 shape, IdComponent n, bool five, IdComponent& children, IdComponent& size)
{
  children = 0;
  size = 0;
  switch (shape)
  {
    case CELL_SHAPE_VERTEX: children = 1; size = 1; break;
    case CELL_SHAPE_POLY_VERTEX: children = n; size = 1; break;
    case CELL_SHAPE_LINE: children = 1; size = 2; break;
    case CELL_SHAPE_POLY_LINE: children = n > 1 ? n - 1 : 0; size = 2; break;
    case CELL_SHAPE_TRIANGLE: children = 1; size = 3; break;
    case CELL_SHAPE_TRIANGLE_STRIP:
    case CELL_SHAPE_POLYGON: children = n > 2 ? n - 2 : 0; size = 3; break;
    case CELL_SHAPE_PIXEL:
    case CELL_SHAPE_QUAD: children = 2; size = 3; break;
    case CELL_SHAPE_TETRA: children = 1; size = 4; break;
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON: children = five ? 5 : 6; size = 4; break;
    case CELL_SHAPE_WEDGE: children = 3; size = 4; break;
    case CELL_SHAPE_PYRAMID: children = 2; size = 4; break;
    default: break;
  }
  if (children == 0)
    size = 0;
}

/// Simplex shape of the children of a cell of `shape`.
LOOM_EXEC inline UInt8 ChildShape(IdComponent size)
{
  return size == 4 ? CELL_SHAPE_TETRA : size == 3 ? CELL_SHAPE_TRIANGLE : size == 2 ? CELL_SHAPE_LINE : CELL_SHAPE_VERTEX;
}

/// Child `visit` of any cell; `out` receives ChildCount's size ids.
template <typename Ids, typename OutId>
LOOM_EXEC void EmitChild(UInt8 shape, const Ids& ids, bool five, IdComponent visit, OutId* out)
{
  switch (shape)
  {
    case CELL_SHAPE_VERTEX:
    case CELL_SHAPE_POLY_VERTEX:
      out[0] = static_cast<OutId>(ids[visit]);
      break;
    case CELL_SHAPE_LINE:
    case CELL_SHAPE_POLY_LINE:
      out[0] = static_cast<OutId>(ids[visit]);
      out[1] = static_cast<OutId>(ids[visit + 1]);
      break;
    case CELL_SHAPE_TRIANGLE:
    case CELL_SHAPE_TETRA:
      for (IdComponent q = 0; q < (shape == CELL_SHAPE_TETRA ? 4 : 3); ++q)
        out[q] = static_cast<OutId>(ids[q]);
      break;
    case CELL_SHAPE_TRIANGLE_STRIP:
      // Every other triangle of a strip turns the other way: swap its first two points.
      out[0] = static_cast<OutId>(ids[visit + (visit & 1)]);
      out[1] = static_cast<OutId>(ids[visit + 1 - (visit & 1)]);
      out[2] = static_cast<OutId>(ids[visit + 2]);
      break;
    case CELL_SHAPE_POLYGON:
      out[0] = static_cast<OutId>(ids[0]);
      out[1] = static_cast<OutId>(ids[visit + 1]);
      out[2] = static_cast<OutId>(ids[visit + 2]);
      break;
    case CELL_SHAPE_QUAD:
      out[0] = static_cast<OutId>(ids[0]);
      out[1] = static_cast<OutId>(ids[visit + 1]);
      out[2] = static_cast<OutId>(ids[visit + 2]);
      break;
    case CELL_SHAPE_PIXEL:
      // Pixel points are x fastest: the quadrilateral is 0, 1, 3, 2.
      out[0] = static_cast<OutId>(ids[0]);
      out[1] = static_cast<OutId>(ids[visit == 0 ? 1 : 3]);
      out[2] = static_cast<OutId>(ids[visit == 0 ? 3 : 2]);
      break;
    case CELL_SHAPE_VOXEL:
    case CELL_SHAPE_HEXAHEDRON:
      HexTet(ids, shape, five, 0, visit, out);
      break;
    case CELL_SHAPE_WEDGE:
      WedgeTet(ids, visit, out);
      break;
    case CELL_SHAPE_PYRAMID:
      PyramidTet(ids, visit, out);
      break;
    default:
      break;
  }
}

/// Cells of hexahedra or voxels only: N (6 or 5) tetrahedra each. On structured grids (PointDims[0]
/// non-zero) the five-split takes the parity of i+j+k, read from the cell's first point id.
template <IdComponent N, typename OutId>
struct EmitHexTetrahedra : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldOutCell tets);
  using ExecutionSignature = void(CellShape, PointIndices, VisitIndex, _2);
  using ScatterType = loom::worklet::ScatterUniform<N>;
  Id PointDimX = 0, PointDimY = 0;

  template <typename Ids>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, IdComponent visit, Vec<OutId, 4>& tet) const
  {
    int parity = 0;
    if (N == 5 && this->PointDimX > 0)
    {
      const Id p = static_cast<Id>(ids[0]);
      const Id row = p / this->PointDimX, k = row / this->PointDimY;
      parity = static_cast<int>(((p - row * this->PointDimX) + (row - k * this->PointDimY) + k) & 1);
    }
    HexTet(ids, shape, N == 5, parity, visit, &tet[0]);
  }
};

/// Cells of quadrilaterals (2D structured grids): 2 triangles each.
template <typename OutId>
struct EmitQuadTriangles : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldOutCell triangles);
  using ExecutionSignature = void(PointIndices, VisitIndex, _2);
  using ScatterType = loom::worklet::ScatterUniform<2>;

  template <typename Ids>
  LOOM_EXEC void operator()(const Ids& ids, IdComponent visit, Vec<OutId, 3>& tri) const
  {
    tri[0] = static_cast<OutId>(ids[0]);
    tri[1] = static_cast<OutId>(ids[visit + 1]);
    tri[2] = static_cast<OutId>(ids[visit + 2]);
  }
};

/// Mixed cells, first pass: children per cell and the ids they take.
struct CountChildren : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldOutCell children, FieldOutCell ids);
  using ExecutionSignature = void(CellShape, PointCount, _2, _3);
  bool Five = false;

  LOOM_EXEC void operator()(UInt8 shape, IdComponent n, IdComponent& children, Id& ids) const
  {
    IdComponent size;
    ChildCount(shape, n, this->Five, children, size);
    ids = static_cast<Id>(children) * size;
  }
};

/// Mixed cells, second pass: one invocation per child (ScatterCounting), writing its shape, its
/// offset and its point ids at the cell's first id plus visit times the child size.
template <typename OutId>
struct EmitChildren : loom::worklet::WorkletVisitCellsWithPoints
{
  using ControlSignature = void(CellSetIn, FieldInCell firstId, FieldOutCell shapes, FieldOutCell offsets,
                                WholeArrayOut connectivity);
  using ExecutionSignature = void(CellShape, PointIndices, VisitIndex, _2, _3, _4, _5);
  using ScatterType = loom::worklet::ScatterCounting;
  bool Five = false;

  template <typename Ids, typename Portal>
  LOOM_EXEC void operator()(UInt8 shape, const Ids& ids, IdComponent visit, Id firstId, UInt8& childShape,
                            OutId& offset, const Portal& connectivity) const
  {
    IdComponent children, size;
    ChildCount(shape, ids.GetNumberOfComponents(), this->Five, children, size);
    const Id begin = firstId + static_cast<Id>(visit) * size;
    OutId child[4];
    EmitChild(shape, ids, this->Five, visit, child);
    for (IdComponent q = 0; q < size; ++q)
      connectivity.Set(begin + q, child[q]);
    childShape = ChildShape(size);
    offset = static_cast<OutId>(begin);
  }
};

/// Offsets and shape of uniform simplices, one thread per offset (the GPU's layout pass).
template <typename OutId>
struct UniformLayout
{
  OutId* Offsets;
  UInt8* Shapes;
  Id Cells;
  IdComponent Size;
  UInt8 Shape;
  LOOM_EXEC void operator()(Id c) const
  {
    this->Offsets[c] = static_cast<OutId>(c * this->Size);
    if (c < this->Cells)
      this->Shapes[c] = this->Shape;
  }
};

/// Offsets of `cells` simplices of `size` points, and their shape, in one pass each.
template <typename OutId>
void FillUniformLayout(loom::cont::DeviceId device, Id cells, IdComponent size, UInt8 shape,
                       loom::cont::ArrayHandle<OutId>& offsets, loom::cont::ArrayHandle<UInt8>& shapes)
{
  loom::cont::CallOnDevice(device, [&](auto tag) {
    using Tag = decltype(tag);
    if constexpr (Tag::IsHost)
    {
      offsets.Allocate(cells + 1);
      shapes.Allocate(cells);
      OutId* o = offsets.GetPointer();
      UInt8* s = shapes.GetPointer();
      const Id block = 1 << 16;
      loom::cont::DeviceAdapterAlgorithm<Tag>::Schedule(
        [=](Id b) {
          const Id begin = b * block, end = begin + block < cells ? begin + block : cells;
          for (Id c = begin; c < end; ++c)
            o[c] = static_cast<OutId>(c * size);
          std::memset(s + begin, shape, static_cast<std::size_t>(end - begin));
        },
        (cells + block - 1) / block);
      o[cells] = static_cast<OutId>(cells * size);
    }
    else
    {
      loom::cont::DeviceAdapterAlgorithm<Tag>::Schedule(
        UniformLayout<OutId>{ offsets.PrepareForOutput(cells + 1, tag).GetArray(),
                              shapes.PrepareForOutput(cells, tag).GetArray(), cells, size, shape },
        cells + 1);
    }
    return 0;
  });
}

/// Store the arrays in the result's 32- or 64-bit slots.
inline void Store(SimplexCells& result, const loom::cont::ArrayHandle<Int32>& offsets,
                  const loom::cont::ArrayHandle<Int32>& connectivity)
{
  result.Is64Bit = false;
  result.Offsets32 = offsets;
  result.Connectivity32 = connectivity;
}
inline void Store(SimplexCells& result, const loom::cont::ArrayHandle<Int64>& offsets,
                  const loom::cont::ArrayHandle<Int64>& connectivity)
{
  result.Is64Bit = true;
  result.Offsets64 = offsets;
  result.Connectivity64 = connectivity;
}

/// A flat view of an array of Vec<T, N>, sharing its memory.
template <typename T, IdComponent N>
loom::cont::ArrayHandle<T> Flatten(const loom::cont::ArrayHandle<Vec<T, N>>& vecs)
{
  static_assert(sizeof(Vec<T, N>) == N * sizeof(T), "Vec must be packed");
  vecs.ReleaseDeviceCopy(); // the flat view is for the host (VTK): no device copy kept behind it
  auto keep = vecs;
  return loom::cont::ArrayHandle<T>::Borrow(reinterpret_cast<T*>(vecs.GetPointer()), vecs.GetNumberOfValues() * N,
                                            [keep]() {});
}

/// True when ids up to `largest` fit in 32 bits.
inline bool Fits32(Id largest)
{
  return largest <= static_cast<Id>(std::numeric_limits<Int32>::max());
}

/// Hexahedra/voxels only (structured 3D grids, explicit cell sets of those shapes).
template <IdComponent N, typename OutId, typename CellSetType>
void RunHexahedra(const CellSetType& cells, Id pointDimX, Id pointDimY, loom::cont::DeviceId device,
                  SimplexCells& result)
{
  EmitHexTetrahedra<N, OutId> worklet;
  worklet.PointDimX = pointDimX;
  worklet.PointDimY = pointDimY;
  loom::cont::ArrayHandle<Vec<OutId, 4>> tets;
  loom::cont::Invoker{ device }(worklet, cells, tets);
  result.NumberOfCells = tets.GetNumberOfValues();
  result.ChildrenPerCell = N;
  loom::cont::ArrayHandle<OutId> offsets;
  FillUniformLayout<OutId>(device, result.NumberOfCells, 4, CELL_SHAPE_TETRA, offsets, result.Shapes);
  Store(result, offsets, Flatten(tets));
}

/// Any cells: count, scan, emit.
template <typename OutId, typename CellSetType>
void RunMixed(const CellSetType& cells, bool five, const loom::cont::ArrayHandle<IdComponent>& children,
              const loom::cont::ArrayHandle<Id>& firstIds, Id totalIds, loom::cont::DeviceId device,
              SimplexCells& result)
{
  loom::worklet::ScatterCounting scatter(children, device);
  const Id outputs = scatter.GetOutputRange(cells.GetNumberOfCells());
  loom::cont::ArrayHandle<OutId> offsets, connectivity;
  offsets.Allocate(outputs + 1);
  connectivity.Allocate(totalIds);
  loom::cont::ArrayHandle<OutId> offsetsView = offsets.View(0, outputs);
  EmitChildren<OutId> worklet;
  worklet.Five = five;
  loom::cont::Invoker{ device }(worklet, scatter, cells, firstIds, result.Shapes, offsetsView, connectivity);
  offsets.GetPointer()[outputs] = static_cast<OutId>(totalIds);
  result.NumberOfCells = outputs;
  result.ChildrenPerCell = 0;
  result.ChildOffsets = scatter.GetInputToOutputMap();
  Store(result, offsets, connectivity);
}

template <typename CellSetType>
void RunMixedAnyIds(const CellSetType& cells, bool five, loom::cont::DeviceId device, SimplexCells& result)
{
  CountChildren counter;
  counter.Five = five;
  loom::cont::ArrayHandle<IdComponent> children;
  loom::cont::ArrayHandle<Id> ids, firstIds;
  loom::cont::Invoker{ device }(counter, cells, children, ids);
  const Id totalIds = loom::cont::Algorithm::ScanExclusive(device, ids, firstIds, Id(0));
  if (Fits32(cells.GetNumberOfPoints()) && Fits32(totalIds))
    RunMixed<Int32>(cells, five, children, firstIds, totalIds, device, result);
  else
    RunMixed<Int64>(cells, five, children, firstIds, totalIds, device, result);
}
/// The counting path for any cell set but the structured ones.
inline void RunMixedAnyCells(const CellSetAny& cells, bool five, loom::cont::DeviceId device, SimplexCells& result)
{
  std::visit(
    [&](const auto& c) {
      using C = std::decay_t<decltype(c)>;
      if constexpr (std::is_same<C, loom::cont::CellSetStructured<2>>::value ||
                    std::is_same<C, loom::cont::CellSetStructured<3>>::value)
        throw loom::cont::ErrorBadValue("Tetrahedralize: structured 2D and 3D grids take the uniform path.");
      else
        RunMixedAnyIds(c, five, device, result);
    },
    cells);
}

template <typename CellSetType>
void RunHexahedraAnyIds(const CellSetType& cells, bool five, Id pointDimX, Id pointDimY,
                        loom::cont::DeviceId device, SimplexCells& result)
{
  const bool fits = Fits32(cells.GetNumberOfPoints()) && Fits32(cells.GetNumberOfCells() * (five ? 5 : 6) * 4);
  if (five)
  {
    if (fits)
      RunHexahedra<5, Int32>(cells, pointDimX, pointDimY, device, result);
    else
      RunHexahedra<5, Int64>(cells, pointDimX, pointDimY, device, result);
  }
  else if (fits)
    RunHexahedra<6, Int32>(cells, 0, 0, device, result);
  else
    RunHexahedra<6, Int64>(cells, 0, 0, device, result);
}

template <typename OutId>
void RunQuads(const loom::cont::CellSetStructured<2>& cells, loom::cont::DeviceId device, SimplexCells& result)
{
  loom::cont::ArrayHandle<Vec<OutId, 3>> triangles;
  loom::cont::Invoker{ device }(EmitQuadTriangles<OutId>{}, cells, triangles);
  result.NumberOfCells = triangles.GetNumberOfValues();
  result.ChildrenPerCell = 2;
  loom::cont::ArrayHandle<OutId> offsets;
  FillUniformLayout<OutId>(device, result.NumberOfCells, 3, CELL_SHAPE_TRIANGLE, offsets, result.Shapes);
  Store(result, offsets, Flatten(triangles));
}

/// Every non-empty cell set: structured grids and explicit sets of hexahedra or voxels only
/// (`allHexahedra`, checked by the caller) take the uniform paths, the rest `mixed`.
template <typename Mixed>
void SplitCells(const CellSetAny& cells, bool five, bool allHexahedra, loom::cont::DeviceId device,
                SimplexCells& result, Mixed&& mixed)
{
  if (const auto* s3 = std::get_if<loom::cont::CellSetStructured<3>>(&cells))
  {
    const Id3 dims = s3->GetPointDimensions();
    RunHexahedraAnyIds(*s3, five, dims[0], dims[1], device, result);
  }
  else if (const auto* s2 = std::get_if<loom::cont::CellSetStructured<2>>(&cells))
  {
    if (Fits32(s2->GetNumberOfPoints()) && Fits32(s2->GetNumberOfCells() * 6))
      RunQuads<Int32>(*s2, device, result);
    else
      RunQuads<Int64>(*s2, device, result);
  }
  else if (const auto* e32 = allHexahedra ? std::get_if<loom::cont::CellSetExplicit<Int32, Int32>>(&cells) : nullptr)
    RunHexahedraAnyIds(*e32, five, 0, 0, device, result);
  else if (const auto* e64 = allHexahedra ? std::get_if<loom::cont::CellSetExplicit<Int64, Int64>>(&cells) : nullptr)
    RunHexahedraAnyIds(*e64, five, 0, 0, device, result);
  else
    mixed(cells, five, device, result);
}
LOOM_UNIT_NAMESPACE_END
} // namespace tetrahedralize
} // namespace algorithms
} // namespace loom
