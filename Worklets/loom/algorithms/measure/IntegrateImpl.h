// Loom algorithms, measure family: Integrate's device passes, written once for every device (Integrate.cxx
// runs them on the CPU devices, IntegrateCuda.cu on CUDA). Included by those two units only.
//
// The cells are cut into fixed blocks (BlockCells each, whatever the device or its threads); one thread
// integrates a block's cells in order into compensated (Neumaier) sums, one sum and one compensation per
// quantity; the host adds the blocks in order. Every thread count gives the same bits, and every device that
// rounds each operation alike (CUDA without fused multiply-adds).
#pragma once

#include <loom/algorithms/AnyPortal.h>
#include <loom/algorithms/CellsOnDevice.h>
#include <loom/algorithms/DevicePasses.h>
#include <loom/algorithms/measure/Integrate.h>
#include <loom/algorithms/measure/Pieces.h>
#include <loom/cont/Algorithm.h>

#include <cmath>
#include <type_traits>
#include <variant>
#include <vector>

namespace loom
{
namespace algorithms
{
namespace measure
{
/// Cells per block of the integration (every device).
constexpr Id BlockCells = 1024;
/// The blocks of `cells` cells.
inline Id BlockCount(Id cells)
{
  return (cells + BlockCells - 1) / BlockCells;
}

/// The quantities integrated, in a block's row: the measure and the centre's three coordinates, then (from
/// FirstField) every component of every point field, then of every cell field: Width of them.
constexpr int FirstField = 4;
inline int Width(const std::vector<FieldArray>& pointFields, const std::vector<FieldArray>& cellFields)
{
  int width = FirstField;
  for (const auto* fields : { &pointFields, &cellFields })
    for (const FieldArray& f : *fields)
      width += f.GetNumberOfComponents();
  return width;
}

LOOM_UNIT_NAMESPACE_BEGIN
/// Neumaier's compensated addition of `x` to sum s[0] with compensation s[width].
LOOM_EXEC inline void AddCompensated(double* s, int width, double x)
{
  const double sum = s[0], t = sum + x;
  s[width] += (sum >= 0 ? sum : -sum) >= (x >= 0 ? x : -x) ? (sum - t) + x : (x - t) + sum;
  s[0] = t;
}

/// One thread per block: the block's highest cell dimension (-1: none).
struct BlockDimension
{
  CellsOnDevice Cells;
  const UInt8* Skip;
  Id NumberOfCells;
  Int8* Out;
  LOOM_EXEC void operator()(Id b) const
  {
    int highest = -1;
    for (Id cell = b * BlockCells; cell < this->NumberOfCells && cell < (b + 1) * BlockCells; ++cell)
      if (!this->Skip || !this->Skip[cell])
      {
        const int d = Dimension(this->Cells.Shape(cell));
        highest = d > highest ? d : highest;
      }
    this->Out[b] = static_cast<Int8>(highest);
  }
};

/// One thread per block: the block's compensated sums of the cells of `Dimension` (Out: Width sums, then
/// Width compensations, per block).
struct IntegrateBlock
{
  CellsOnDevice Cells;
  PointsOnDevice Points;
  const AnyPortal* PointFields;
  int NumberOfPointFields;
  const AnyPortal* CellFields;
  int NumberOfCellFields;
  const UInt8* Skip;
  Id NumberOfCells;
  int Dimension;
  int Width;
  int CellStart;
  double* Out;

  /// A piece of `weight` (length, area, volume) with centre `center`: the measure, the weighted centre and the
  /// cell's fields (its value times the weight).
  LOOM_EXEC void MeasureAndCellFields(double* s, double weight, const double* center, Id cell) const
  {
    AddCompensated(s, this->Width, weight);
    for (int j = 0; j < 3; ++j)
      AddCompensated(s + 1 + j, this->Width, center[j] * weight);
    int at = this->CellStart;
    for (int f = 0; f < this->NumberOfCellFields; ++f)
    {
      const AnyPortal& field = this->CellFields[f];
      for (IdComponent c = 0; c < field.Components; ++c, ++at)
        AddCompensated(s + at, this->Width, field.Value(cell, c) * weight);
    }
  }
  /// The point fields over a piece: the mean of its `n` corners `ids` (VTK's arithmetic) times `weight`.
  LOOM_EXEC void PointMeans(double* s, const Id* ids, int n, double weight) const
  {
    int at = FirstField;
    for (int f = 0; f < this->NumberOfPointFields; ++f)
    {
      const AnyPortal& field = this->PointFields[f];
      for (IdComponent c = 0; c < field.Components; ++c, ++at)
      {
        double mean;
        if (n == 2)
          mean = 0.5 * (field.Value(ids[0], c) + field.Value(ids[1], c));
        else if (n == 3)
          mean = (field.Value(ids[0], c) + field.Value(ids[1], c) + field.Value(ids[2], c)) / 3.0;
        else
          mean = (field.Value(ids[0], c) + field.Value(ids[1], c) + field.Value(ids[2], c) + field.Value(ids[3], c)) * 0.25;
        AddCompensated(s + at, this->Width, mean * weight);
      }
    }
  }
  /// A piece whose point fields are its corners' mean.
  LOOM_EXEC void Piece(double* s, const Id* ids, int n, double weight, const double* center, Id cell) const
  {
    this->MeasureAndCellFields(s, weight, center, cell);
    this->PointMeans(s, ids, n, weight);
  }
  LOOM_EXEC void Segment(double* s, Id a, Id b, Id cell) const
  {
    double p[3], q[3], center[3], d2 = 0.0;
    this->Points.Get(a, p);
    this->Points.Get(b, q);
    for (int j = 0; j < 3; ++j)
    {
      d2 += (q[j] - p[j]) * (q[j] - p[j]);
      center[j] = (p[j] + q[j]) * 0.5;
    }
    const Id ids[2] = { a, b };
    this->Piece(s, ids, 2, std::sqrt(d2), center, cell);
  }
  LOOM_EXEC void Triangle(double* s, Id a, Id b, Id c, Id cell) const
  {
    double p[3][3];
    this->Points.Get(a, p[0]);
    this->Points.Get(b, p[1]);
    this->Points.Get(c, p[2]);
    double u[3], v[3], center[3];
    for (int j = 0; j < 3; ++j)
    {
      u[j] = p[1][j] - p[0][j];
      v[j] = p[2][j] - p[0][j];
      center[j] = (p[0][j] + p[1][j] + p[2][j]) / 3.0;
    }
    const double n[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
    const double area = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) * 0.5;
    if (area == 0.0)
      return; // VTK leaves out triangles without area (their values too, NaN included)
    const Id ids[3] = { a, b, c };
    this->Piece(s, ids, 3, area, center, cell);
  }
  LOOM_EXEC void Tetrahedron(double* s, Id a, Id b, Id c, Id d, Id cell) const
  {
    double p[4][3];
    this->Points.Get(a, p[0]);
    this->Points.Get(b, p[1]);
    this->Points.Get(c, p[2]);
    this->Points.Get(d, p[3]);
    double u[3], v[3], w[3], center[3];
    for (int j = 0; j < 3; ++j)
    {
      u[j] = p[1][j] - p[0][j];
      v[j] = p[2][j] - p[0][j];
      w[j] = p[3][j] - p[0][j];
      center[j] = (p[0][j] + p[1][j] + p[2][j] + p[3][j]) * 0.25;
    }
    const double n[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
    const Id ids[4] = { a, b, c, d };
    this->Piece(s, ids, 4, (w[0] * n[0] + w[1] * n[1] + w[2] * n[2]) / 6.0, center, cell); // signed, as VTK's
  }
  // VTK's pixel: the sums of the coordinate differences to the corners along i and j, multiplied.
  LOOM_EXEC void Pixel(double* s, const Id* ids, Id cell) const
  {
    double p[4][3], center[3];
    for (int k = 0; k < 4; ++k)
      this->Points.Get(ids[k], p[k]);
    double l = 0.0, w = 0.0;
    for (int j = 0; j < 3; ++j)
    {
      l += p[0][j] - p[1][j];
      w += p[0][j] - p[2][j];
      center[j] = (p[0][j] + p[1][j] + p[2][j] + p[3][j]) * 0.25;
    }
    const double area = l * w;
    this->Piece(s, ids, 4, area < 0 ? -area : area, center, cell);
  }
  // VTK's voxel: the x, y and z steps multiplied; its point fields as two faces of four corners, each
  // weighted by half the volume.
  LOOM_EXEC void Voxel(double* s, const Id* ids, Id cell) const
  {
    double p[8][3], center[3];
    for (int k = 0; k < 8; ++k)
      this->Points.Get(ids[k], p[k]);
    double volume = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) * (p[4][2] - p[0][2]);
    volume = volume < 0 ? -volume : volume;
    for (int j = 0; j < 3; ++j)
      center[j] = (p[0][j] + p[1][j] + p[2][j] + p[3][j]) * 0.125 + (p[5][j] + p[6][j] + p[7][j] + p[4][j]) * 0.125;
    const Id top[4] = { ids[5], ids[6], ids[7], ids[4] };
    this->MeasureAndCellFields(s, volume, center, cell);
    this->PointMeans(s, ids, 4, volume * 0.5);
    this->PointMeans(s, top, 4, volume * 0.5);
  }

  LOOM_EXEC void operator()(Id b) const
  {
    double* s = this->Out + b * 2 * this->Width;
    for (int q = 0; q < 2 * this->Width; ++q)
      s[q] = 0.0;
    for (Id cell = b * BlockCells; cell < this->NumberOfCells && cell < (b + 1) * BlockCells; ++cell)
    {
      if (this->Skip && this->Skip[cell])
        continue;
      const UInt8 shape = this->Cells.Shape(cell);
      if (measure::Dimension(shape) != this->Dimension)
        continue;
      Id begin;
      IdComponent n;
      this->Cells.Range(cell, begin, n);
      auto at = [&](IdComponent c) { return this->Cells.Corner(begin, c); };
      switch (shape)
      {
        case CELL_SHAPE_LINE:
        case CELL_SHAPE_POLY_LINE:
          for (IdComponent k = 0; k + 1 < n; ++k)
            this->Segment(s, at(k), at(k + 1), cell);
          break;
        case CELL_SHAPE_TRIANGLE: this->Triangle(s, at(0), at(1), at(2), cell); break;
        case CELL_SHAPE_TRIANGLE_STRIP:
          for (IdComponent k = 0; k + 2 < n; ++k)
            this->Triangle(s, at(k), at(k + 1), at(k + 2), cell);
          break;
        case CELL_SHAPE_POLYGON:
          for (IdComponent k = 1; k + 1 < n; ++k)
            this->Triangle(s, at(0), at(k), at(k + 1), cell);
          break;
        case CELL_SHAPE_QUAD:
          this->Triangle(s, at(0), at(1), at(2), cell);
          this->Triangle(s, at(0), at(3), at(2), cell);
          break;
        case CELL_SHAPE_PIXEL:
        {
          const Id ids[4] = { at(0), at(1), at(2), at(3) };
          this->Pixel(s, ids, cell);
          break;
        }
        case CELL_SHAPE_TETRA: this->Tetrahedron(s, at(0), at(1), at(2), at(3), cell); break;
        case CELL_SHAPE_VOXEL:
        {
          const Id ids[8] = { at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7) };
          this->Voxel(s, ids, cell);
          break;
        }
        case CELL_SHAPE_HEXAHEDRON:
        case CELL_SHAPE_WEDGE:
        case CELL_SHAPE_PYRAMID:
        {
          bool along02 = false;
          if (shape == CELL_SHAPE_PYRAMID)
          {
            double p[4][3], d02 = 0.0, d13 = 0.0;
            for (int k = 0; k < 4; ++k)
              this->Points.Get(at(k), p[k]);
            for (int j = 0; j < 3; ++j)
            {
              d02 += (p[2][j] - p[0][j]) * (p[2][j] - p[0][j]);
              d13 += (p[3][j] - p[1][j]) * (p[3][j] - p[1][j]);
            }
            along02 = d02 < d13;
          }
          int c[4];
          for (int t = 0; t < TetrahedronCount(shape); ++t)
          {
            TetrahedronCorners(shape, t, along02, c);
            this->Tetrahedron(s, at(c[0]), at(c[1]), at(c[2]), at(c[3]), cell);
          }
          break;
        }
        default: break;
      }
    }
  }
};

/// Integrate's passes on device `Tag`.
template <typename Tag>
struct IntegratePasses : DevicePointersOn<Tag>
{
  using Algorithm = loom::cont::DeviceAdapterAlgorithm<Tag>;
  using Pointers = DevicePointersOn<Tag>;
  using Pointers::Read;
  using Pointers::Write;

  /// Runs `pass` over `blocks` blocks (on a CPU device in ranges, each block BlockCells elements of work).
  template <typename Pass>
  static void Run(const Pass& pass, Id blocks)
  {
    Pointers::RunBlocks(pass, blocks, BlockCells);
  }

  static int HighestDimension(const CellSetAny& cells, const loom::cont::ArrayHandle<UInt8>& skip)
  {
    const Id n = NumberOfCells(cells), blocks = BlockCount(n);
    loom::cont::ArrayHandle<Int8> highest;
    BlockDimension pass{ CellsOnDeviceOf<Tag>(cells, false), skip.GetNumberOfValues() > 0 ? Read(skip) : nullptr, n,
                         Write(highest, blocks) };
    Run(pass, blocks);
    int dimension = -1;
    const auto values = highest.ReadPortal();
    for (Id b = 0; b < blocks; ++b)
      dimension = values.Get(b) > dimension ? values.Get(b) : dimension;
    return dimension;
  }

  /// The blocks' sums and compensations (2 * Width quantities per block) of the cells of `dimension`.
  static std::vector<double> Sums(const CellSetAny& cells, const FieldArray& points,
                                  const std::vector<FieldArray>& pointFields, const std::vector<FieldArray>& cellFields,
                                  const IntegrateOptions& options, const loom::cont::ArrayHandle<UInt8>& skip,
                                  int dimension)
  {
    const Id n = NumberOfCells(cells), blocks = BlockCount(n);
    const int width = Width(pointFields, cellFields);
    int cellStart = FirstField;
    for (const FieldArray& f : pointFields)
      cellStart += f.GetNumberOfComponents();
    const loom::cont::ArrayHandle<AnyPortal> pointPortals = AnyPortalsOn<Tag>(pointFields, false);
    const loom::cont::ArrayHandle<AnyPortal> cellPortals = AnyPortalsOn<Tag>(cellFields, false);
    loom::cont::ArrayHandle<double> sums;
    IntegrateBlock pass{ CellsOnDeviceOf<Tag>(cells, options.AxisAligned),
                         PointsOnDeviceOf<Tag>(points),
                         Read(pointPortals),
                         static_cast<int>(pointFields.size()),
                         Read(cellPortals),
                         static_cast<int>(cellFields.size()),
                         skip.GetNumberOfValues() > 0 ? Read(skip) : nullptr,
                         n,
                         dimension,
                         width,
                         cellStart,
                         Write(sums, blocks * 2 * width) };
    Run(pass, blocks);
    return loom::cont::ToVector(sums);
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace measure
} // namespace algorithms
} // namespace loom
