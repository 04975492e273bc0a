// Loom tests: the advect family. A rigid rotation (exact streamlines: circles, vorticity (0, 0, 2)) on an image,
// the same grid's hexahedra and tetrahedra and a rectilinear grid, with each integrator; a uniform flow's exact
// lines and exit points; every termination reason; the sliding normals' frame; the test's device against Serial,
// to the bit.
#include "TestingDevice.h"

#include <loom/CellShape.h>
#include <loom/algorithms/advect/Advect.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <string>
#include <vector>

using namespace loom;
using namespace loom::algorithms;
using loom::cont::DeviceId;

namespace
{
constexpr double Pi = 3.14159265358979323846;

/// An image of n^3 points from `origin` by `h`, with vectors f(x) at its points.
struct Grid
{
  double Origin[3];
  double H;
  Id N;
  template <typename F>
  FieldArray Vectors(F&& f) const
  {
    std::vector<double> v;
    for (Id k = 0; k < this->N; ++k)
      for (Id j = 0; j < this->N; ++j)
        for (Id i = 0; i < this->N; ++i)
        {
          const double x[3] = { this->Origin[0] + i * this->H, this->Origin[1] + j * this->H, this->Origin[2] + k * this->H };
          double out[3];
          f(x, out);
          v.insert(v.end(), out, out + 3);
        }
    return FieldArray::FromAOS(cont::make_ArrayHandle(v), 3);
  }
  CellLocator Image() const
  {
    const double spacing[3] = { this->H, this->H, this->H };
    return CellLocator::ForImage(this->Origin, spacing, Id3{ this->N, this->N, this->N });
  }
  /// The image's points from index `from` along x, `count` of them (a piece of it).
  CellLocator ImagePiece(Id from, Id count) const
  {
    const double spacing[3] = { this->H, this->H, this->H };
    const double origin[3] = { this->Origin[0] + from * this->H, this->Origin[1], this->Origin[2] };
    return CellLocator::ForImage(origin, spacing, Id3{ count, this->N, this->N });
  }
  /// The vectors of the image's piece (ImagePiece).
  FieldArray PieceVectors(const FieldArray& whole, Id from, Id count) const
  {
    std::vector<double> v;
    const auto all = whole.GetPortal<Float64>();
    for (Id k = 0; k < this->N; ++k)
      for (Id j = 0; j < this->N; ++j)
        for (Id i = from; i < from + count; ++i)
          for (int c = 0; c < 3; ++c)
            v.push_back(all.Get(i + this->N * (j + this->N * k), c));
    return FieldArray::FromAOS(cont::make_ArrayHandle(v), 3);
  }
  CellLocator Rectilinear() const
  {
    std::vector<double> c[3];
    for (int a = 0; a < 3; ++a)
      for (Id i = 0; i < this->N; ++i)
        c[a].push_back(this->Origin[a] + i * this->H);
    return CellLocator::ForRectilinear(c);
  }
  /// The grid's cells as hexahedra (`tets`: each split in six tetrahedra about the diagonal 0-6), those whose
  /// index along x is in [iFrom, iTo) (every point kept).
  CellLocator Cells(bool tets, Id iFrom = 0, Id iTo = -1) const
  {
    if (iTo < 0)
      iTo = this->N - 1;
    std::vector<double> xyz;
    for (Id k = 0; k < this->N; ++k)
      for (Id j = 0; j < this->N; ++j)
        for (Id i = 0; i < this->N; ++i)
          for (double v : { this->Origin[0] + i * this->H, this->Origin[1] + j * this->H, this->Origin[2] + k * this->H })
            xyz.push_back(v);
    std::vector<UInt8> types;
    std::vector<Int64> offsets{ 0 }, conn;
    auto id = [&](Id i, Id j, Id k) { return static_cast<Int64>(i + this->N * (j + this->N * k)); };
    for (Id k = 0; k + 1 < this->N; ++k)
      for (Id j = 0; j + 1 < this->N; ++j)
        for (Id i = iFrom; i < iTo; ++i)
        {
          const Int64 p[8] = { id(i, j, k),     id(i + 1, j, k),     id(i + 1, j + 1, k),     id(i, j + 1, k),
                               id(i, j, k + 1), id(i + 1, j, k + 1), id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1) };
          if (!tets)
          {
            types.push_back(CELL_SHAPE_HEXAHEDRON);
            conn.insert(conn.end(), p, p + 8);
            offsets.push_back(static_cast<Int64>(conn.size()));
            continue;
          }
          const int t[6][4] = { { 0, 1, 2, 6 }, { 0, 2, 3, 6 }, { 0, 3, 7, 6 }, { 0, 7, 4, 6 }, { 0, 4, 5, 6 }, { 0, 5, 1, 6 } };
          for (const auto& q : t)
          {
            types.push_back(CELL_SHAPE_TETRA);
            for (int c : q)
              conn.push_back(p[c]);
            offsets.push_back(static_cast<Int64>(conn.size()));
          }
        }
    const Id points = this->N * this->N * this->N;
    CellSetAny cells = cont::CellSetExplicit<Int64, Int64>(points, cont::make_ArrayHandle(types), cont::make_ArrayHandle(offsets),
                                                           cont::make_ArrayHandle(conn));
    return CellLocator::ForCells(cells, FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3), test::Device());
  }
};

FieldArray Seeds(const std::vector<double>& xyz)
{
  return FieldArray::FromAOS(cont::make_ArrayHandle(xyz), 3);
}
cont::ArrayHandle<Int8> Directions(std::vector<Int8> forward)
{
  return cont::make_ArrayHandle(forward);
}

void Rotation(const double* x, double* f)
{
  f[0] = -x[1];
  f[1] = x[0];
  f[2] = 0.0;
}

/// One seed at (1, 0, 0) in the rotation, for one revolution in length units.
Streamlines Revolve(const CellLocator& locator, const Grid& grid, Integrator method, DeviceId device)
{
  AdvectOptions o;
  o.Method = method;
  o.CellLengthUnit = false;
  o.InitialStep = 0.01;
  o.MinimumStep = 0.001;
  o.MaximumStep = 0.05;
  o.MaximumLength = 2 * Pi;
  o.MaximumSteps = 100000;
  o.Device = device;
  return Advect(locator, grid.Vectors(Rotation), Seeds({ 1, 0, 0 }), Directions({ 1 }), o);
}

/// A swirling field on the grid (no exact lines), and `count` seeds across it, every other one backward.
FieldArray SwirlVectors(const Grid& grid)
{
  return grid.Vectors([](const double* x, double* f) {
    f[0] = -x[1] + 0.3 * x[2] * x[2];
    f[1] = x[0] + 0.2 * x[0] * x[2];
    f[2] = 0.1 * std::sin(3 * x[0]);
  });
}
void SwirlSeeds(int count, std::vector<double>& seeds, std::vector<Int8>& forward)
{
  for (int s = 0; s < count; ++s)
  {
    seeds.insert(seeds.end(), { -1.9 + 3.8 * s / count, 0.3 * std::cos(s), 0.5 * std::sin(0.7 * s) });
    forward.push_back(s % 2);
  }
}

void ExpectCircle(const Streamlines& s, double radiusTolerance)
{
  const auto offsets = s.Offsets.ReadPortal();
  ASSERT_EQ(offsets.GetNumberOfValues(), 2);
  EXPECT_EQ(s.Reasons.ReadPortal().Get(0), static_cast<Int32>(Termination::OutOfLength));
  const Id n = offsets.Get(1);
  ASSERT_GT(n, 100);
  const auto x = s.Points.ReadPortal();
  const auto t = s.Time.ReadPortal();
  const auto w = s.Vorticity.ReadPortal();
  const auto omega = s.AngularVelocity.ReadPortal();
  for (Id q = 0; q < n; ++q)
  {
    const double r = std::hypot(x.Get(3 * q), x.Get(3 * q + 1));
    ASSERT_NEAR(r, 1.0, radiusTolerance) << "point " << q;
    ASSERT_EQ(x.Get(3 * q + 2), 0.0);
    // The angle travelled is the time (speed 1 on the unit circle).
    const double angle = std::atan2(x.Get(3 * q + 1), x.Get(3 * q));
    const double expected = std::remainder(t.Get(q), 2 * Pi);
    ASSERT_NEAR(std::remainder(angle - expected, 2 * Pi), 0.0, 100 * radiusTolerance) << "point " << q;
    ASSERT_NEAR(w.Get(3 * q + 2), 2.0, 1e-9);
    ASSERT_NEAR(w.Get(3 * q), 0.0, 1e-9);
    ASSERT_NEAR(omega.Get(q), 0.0, 1e-9);
  }
  // One revolution: back at the start.
  EXPECT_NEAR(x.Get(3 * (n - 1)), 1.0, 1e-3);
  EXPECT_NEAR(x.Get(3 * (n - 1) + 1), 0.0, 2e-2);
}

void ExpectSame(const Streamlines& a, const Streamlines& b, double tolerance)
{
  ASSERT_EQ(a.Offsets.GetNumberOfValues(), b.Offsets.GetNumberOfValues());
  for (Id p = 0; p < a.Offsets.GetNumberOfValues(); ++p)
    ASSERT_EQ(a.Offsets.ReadPortal().Get(p), b.Offsets.ReadPortal().Get(p)) << "particle " << p;
  for (Id p = 0; p < a.Reasons.GetNumberOfValues(); ++p)
    ASSERT_EQ(a.Reasons.ReadPortal().Get(p), b.Reasons.ReadPortal().Get(p)) << "particle " << p;
  const auto x = a.Points.ReadPortal(), y = b.Points.ReadPortal();
  for (Id q = 0; q < x.GetNumberOfValues(); ++q)
    if (tolerance == 0.0)
      ASSERT_EQ(x.Get(q), y.Get(q)) << "coordinate " << q;
    else
      ASSERT_NEAR(x.Get(q), y.Get(q), tolerance) << "coordinate " << q;
  const auto t = a.Time.ReadPortal(), u = b.Time.ReadPortal();
  for (Id q = 0; q < t.GetNumberOfValues(); ++q)
    ASSERT_NEAR(t.Get(q), u.Get(q), tolerance) << "time " << q;
}
} // namespace

TEST(Advect, RigidRotationIsACircleOnEveryGrid)
{
  const Grid grid{ { -2, -2, -1 }, 0.25, 17 };
  const CellLocator image = grid.Image();
  for (Integrator method : { Integrator::RungeKutta2, Integrator::RungeKutta4, Integrator::RungeKutta45 })
  {
    SCOPED_TRACE(static_cast<int>(method));
    const double tolerance = method == Integrator::RungeKutta2 ? 1e-4 : method == Integrator::RungeKutta4 ? 1e-9 : 1e-5;
    const Streamlines onImage = Revolve(image, grid, method, test::Device());
    ExpectCircle(onImage, tolerance);
    // The same cells as a rectilinear grid, hexahedra and tetrahedra: a linear field, interpolated exactly by
    // each, and the same step lengths (length units): the same line.
    ExpectSame(onImage, Revolve(grid.Rectilinear(), grid, method, test::Device()), 1e-12);
    ExpectSame(onImage, Revolve(grid.Cells(false), grid, method, test::Device()), 1e-9);
    ExpectSame(onImage, Revolve(grid.Cells(true), grid, method, test::Device()), 1e-9);
  }
}

TEST(Advect, UniformFlowLeavesWhereItShould)
{
  // (1, 0.5, 0) through [0, 4]^3 from (0.5, 1, 2): the line x = 0.5 + s, y = 1 + s / 2 leaves at x = 4.
  const Grid grid{ { 0, 0, 0 }, 0.5, 9 };
  const FieldArray v = grid.Vectors([](const double*, double* f) {
    f[0] = 1.0;
    f[1] = 0.5;
    f[2] = 0.0;
  });
  AdvectOptions o;
  o.Method = Integrator::RungeKutta4;
  o.InitialStep = 0.2; // cell lengths: 0.2 * 0.5 * sqrt(3)
  o.MaximumLength = 100;
  o.Device = test::Device();
  const Streamlines s = Advect(grid.Image(), v, Seeds({ 0.5, 1, 2, 0.5, 1, 2 }), Directions({ 1, 0 }), o);
  const auto offsets = s.Offsets.ReadPortal();
  const auto x = s.Points.ReadPortal();
  const double step = 0.2 * 0.5 * std::sqrt(3.0);
  for (Id p = 0; p < 2; ++p)
  {
    EXPECT_EQ(s.Reasons.ReadPortal().Get(p), static_cast<Int32>(Termination::OutOfDomain));
    const Id first = offsets.Get(p), last = offsets.Get(p + 1) - 1;
    for (Id q = first; q <= last; ++q)
    {
      ASSERT_NEAR(x.Get(3 * q + 1), 1.0 + (x.Get(3 * q) - 0.5) / 2, 1e-12);
      ASSERT_NEAR(x.Get(3 * q + 2), 2.0, 1e-12);
      ASSERT_NEAR(std::fabs(x.Get(3 * q) - 0.5), (q - first) * step / std::sqrt(1.25), 1e-9);
    }
    // The last kept point is in the grid, and a step further is not.
    const double end = x.Get(3 * last), next = end + (p == 0 ? 1 : -1) * step / std::sqrt(1.25);
    EXPECT_TRUE(end >= 0.0 && end <= 4.0);
    EXPECT_TRUE(next < 0.0 || next > 4.0) << end;
  }
  // The time is the arc length over the speed.
  const auto t = s.Time.ReadPortal();
  EXPECT_NEAR(t.Get(offsets.Get(1) - 1), (offsets.Get(1) - 1) * step / std::sqrt(1.25), 1e-9);
}

TEST(Advect, EveryTerminationReason)
{
  const Grid grid{ { 0, 0, 0 }, 1.0, 5 };
  const FieldArray flow = grid.Vectors([](const double* x, double* f) {
    f[0] = 1.0 + 0.1 * x[1];
    f[1] = 0.0;
    f[2] = 0.0;
  });
  const FieldArray still = grid.Vectors([](const double*, double* f) { f[0] = f[1] = f[2] = 0.0; });
  const CellLocator image = grid.Image();
  AdvectOptions o;
  o.Device = test::Device();
  o.MaximumLength = 100;
  auto run = [&](const FieldArray& v, std::vector<double> seed) { return Advect(image, v, Seeds(seed), Directions({ 1 }), o); };
  auto reason = [](const Streamlines& s) { return static_cast<Termination>(s.Reasons.ReadPortal().Get(0)); };
  auto count = [](const Streamlines& s) { return s.Offsets.ReadPortal().Get(1); };

  Streamlines s = run(flow, { 0.5, 2, 2 });
  EXPECT_EQ(reason(s), Termination::OutOfDomain);
  s = run(still, { 0.5, 2, 2 });
  EXPECT_EQ(reason(s), Termination::Stagnation);
  EXPECT_EQ(count(s), 1);
  s = run(flow, { 7, 2, 2 }); // outside: no point
  EXPECT_EQ(reason(s), Termination::None);
  EXPECT_EQ(count(s), 0);
  o.MaximumSteps = 3;
  s = run(flow, { 0.5, 2, 2 });
  EXPECT_EQ(reason(s), Termination::OutOfSteps);
  EXPECT_EQ(count(s), o.MaximumSteps + 2); // VTK counts one step past the bound
  o.MaximumSteps = 2000;
  o.MaximumLength = 1.0;
  s = run(flow, { 0.5, 2, 2 });
  EXPECT_EQ(reason(s), Termination::OutOfLength);
  const auto x = s.Points.ReadPortal();
  EXPECT_NEAR(x.Get(3 * (count(s) - 1)), 1.5, 1e-12); // exactly the length: the last step shortened
  // Runge-Kutta 4-5 with the remaining length below the minimum step: VTK's "unexpected value".
  o.Method = Integrator::RungeKutta45;
  o.CellLengthUnit = false;
  o.InitialStep = 0.3;
  o.MinimumStep = 0.3;
  o.MaximumStep = 0.3;
  o.MaximumLength = 1.0;
  s = run(flow, { 0.5, 2, 2 });
  EXPECT_EQ(reason(s), Termination::UnexpectedValue);
  EXPECT_EQ(count(s), 4); // three steps of 0.3, then 0.1 left
}

TEST(Advect, NormalsAreAFrameAboutTheLine)
{
  const Grid grid{ { -2, -2, -1 }, 0.25, 17 };
  const Streamlines s = Revolve(grid.Image(), grid, Integrator::RungeKutta4, test::Device());
  const Id n = s.GetNumberOfPoints();
  std::vector<Float32> xyz(3 * n);
  const auto x = s.Points.ReadPortal();
  for (Id q = 0; q < 3 * n; ++q)
    xyz[q] = static_cast<Float32>(x.Get(q));
  const cont::ArrayHandle<Float64> normals = StreamNormals(cont::make_ArrayHandle(xyz), s.Offsets,
                                                           FieldArray::FromAOS(s.Velocity, 3), s.Rotation, test::Device());
  const auto m = normals.ReadPortal();
  const auto v = s.Velocity.ReadPortal();
  for (Id q = 0; q < n; ++q)
  {
    const double nn[3] = { m.Get(3 * q), m.Get(3 * q + 1), m.Get(3 * q + 2) };
    // A unit vector across the line (the circle's binormal, up to sign: the plane's normal).
    ASSERT_NEAR(std::sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]), 1.0, 1e-9) << q;
    ASSERT_NEAR(nn[0] * v.Get(3 * q) + nn[1] * v.Get(3 * q + 1) + nn[2] * v.Get(3 * q + 2), 0.0, 1e-3) << q;
    ASSERT_NEAR(std::fabs(nn[2]), 1.0, 1e-3) << q;
  }
}

TEST(Advect, DeviceEqualsSerialToTheBit)
{
  const Grid grid{ { -2, -2, -1 }, 0.25, 17 };
  const FieldArray v = SwirlVectors(grid);
  std::vector<double> seeds;
  std::vector<Int8> forward;
  SwirlSeeds(200, seeds, forward);
  for (bool tets : { false, true })
    for (Integrator method : { Integrator::RungeKutta2, Integrator::RungeKutta45 })
    {
      AdvectOptions o;
      o.Method = method;
      o.MaximumLength = 20;
      const CellLocator locator = tets ? grid.Cells(true) : grid.Image();
      o.Device = DeviceId::Serial;
      const Streamlines serial = Advect(locator, v, Seeds(seeds), Directions(forward), o);
      o.Device = test::Device();
      const Streamlines here = Advect(locator, v, Seeds(seeds), Directions(forward), o);
      ExpectSame(serial, here, 0.0);
      EXPECT_GT(serial.GetNumberOfPoints(), 2000);
    }
}

namespace
{
/// A dataset split into pieces as MPI ranks hold it: each piece's locator, vectors and ghost cells.
struct Piece
{
  CellLocator Locator;
  FieldArray Vectors;
  cont::ArrayHandle<UInt8> Ghosts;
  double Box[6] = { -1.0e300, 1.0e300, -1.0e300, 1.0e300, -1.0e300, 1.0e300 }; ///< AdvectOptions::PieceBox
  /// The options for this piece's runs.
  AdvectOptions With(AdvectOptions o) const
  {
    for (int f = 0; f < 6; ++f)
      o.PieceBox[f] = this->Box[f];
    return o;
  }
};

/// The lines of `seeds` integrated piece by piece as the stream tracer's ranks do (AdvectInPiece in rounds: a
/// particle that needs the field elsewhere asks every other piece, one that steps into another piece moves
/// there), then each line's segments joined: Offsets, Reasons and Points as Advect gives them.
Streamlines InPieces(const std::vector<Piece>& pieces, const std::vector<double>& seeds, const std::vector<Int8>& forward,
                     const AdvectOptions& o, Id& moves, Id& questions)
{
  const Id n = static_cast<Id>(forward.size());
  const int count = static_cast<int>(pieces.size());
  struct Held
  {
    std::vector<ParticleState> States;
    std::vector<Id> Ids;
    std::vector<std::vector<RemoteVelocity>> Known;
  };
  std::vector<Held> held(pieces.size());
  std::vector<std::vector<std::pair<Id, std::vector<double>>>> segments(static_cast<std::size_t>(n));
  std::vector<Int32> reasons(static_cast<std::size_t>(n), 0);
  auto fieldAt = [&](int piece, const double* x, double* f) {
    cont::ArrayHandle<Int8> found;
    cont::ArrayHandle<Float64> v;
    AdvectVelocities(pieces[piece].Locator, pieces[piece].Vectors, Seeds({ x[0], x[1], x[2] }), pieces[piece].Ghosts,
                     pieces[piece].With(o), found, v);
    for (int i = 0; i < 3; ++i)
      f[i] = v.ReadPortal().Get(i);
    return found.ReadPortal().Get(0) != 0;
  };
  for (Id p = 0; p < n; ++p)
    for (int r = 0; r < count; ++r)
    {
      double f[3];
      if (!fieldAt(r, &seeds[static_cast<std::size_t>(3 * p)], f))
        continue;
      ParticleState s;
      for (int i = 0; i < 3; ++i)
        s.X[i] = seeds[static_cast<std::size_t>(3 * p + i)];
      s.Forward = forward[static_cast<std::size_t>(p)];
      held[r].States.push_back(s);
      held[r].Ids.push_back(p);
      held[r].Known.emplace_back();
      break;
    }
  for (int round = 0; round < 100000; ++round)
  {
    bool any = false;
    std::vector<Held> next(pieces.size());
    for (int r = 0; r < count; ++r)
    {
      Held& h = held[r];
      if (h.States.empty())
        continue;
      any = true;
      std::vector<Id> offsets(1, 0), starts;
      std::vector<RemoteVelocity> flat;
      for (std::size_t t = 0; t < h.States.size(); ++t)
      {
        flat.insert(flat.end(), h.Known[t].begin(), h.Known[t].end());
        offsets.push_back(static_cast<Id>(flat.size()));
        starts.push_back(h.States[t].Points);
      }
      cont::ArrayHandle<ParticleState> states = cont::make_ArrayHandle(h.States);
      const Streamlines run = AdvectInPiece(pieces[r].Locator, pieces[r].Vectors, states, cont::make_ArrayHandle(offsets),
                                            cont::make_ArrayHandle(flat), pieces[r].Ghosts, pieces[r].With(o));
      const auto x = run.Points.ReadPortal();
      const auto time = run.Time.ReadPortal();
      for (std::size_t t = 0; t < h.States.size(); ++t)
      {
        ParticleState s = states.ReadPortal().Get(static_cast<Id>(t));
        const Id p = h.Ids[t];
        std::vector<double> points;
        for (Id q = run.Offsets.ReadPortal().Get(static_cast<Id>(t)); q < run.Offsets.ReadPortal().Get(static_cast<Id>(t) + 1); ++q)
        {
          for (int i = 0; i < 3; ++i)
            points.push_back(x.Get(3 * q + i));
          points.push_back(time.Get(q));
        }
        EXPECT_EQ(starts[t] + static_cast<Id>(points.size() / 4), s.Points);
        if (!points.empty())
          segments[static_cast<std::size_t>(p)].emplace_back(starts[t], points);
        if (s.Status == ParticleState::Done)
          reasons[static_cast<std::size_t>(p)] = s.Reason;
        else if (s.Status == ParticleState::Moving)
        {
          ++moves;
          EXPECT_NE(s.Rank, r);
          next[s.Rank].States.push_back(s);
          next[s.Rank].Ids.push_back(p);
          next[s.Rank].Known.emplace_back();
        }
        else
        {
          EXPECT_EQ(s.Status, ParticleState::Blocked);
          ++questions;
          RemoteVelocity answer{ { s.Query[0], s.Query[1], s.Query[2] }, { 0, 0, 0 }, -1 };
          for (int other = 0; other < count && answer.Rank < 0; ++other)
            if (other != r && fieldAt(other, s.Query, answer.Velocity))
              answer.Rank = other;
          h.Known[t].push_back(answer);
          next[r].States.push_back(s);
          next[r].Ids.push_back(p);
          next[r].Known.push_back(h.Known[t]);
        }
      }
    }
    held.swap(next);
    if (!any)
      break;
  }
  Streamlines out;
  std::vector<Id> offsets(1, 0);
  std::vector<double> xyz, times;
  for (Id p = 0; p < n; ++p)
  {
    auto& list = segments[static_cast<std::size_t>(p)];
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& segment : list)
    {
      EXPECT_EQ(static_cast<Id>(times.size()) - offsets.back(), segment.first) << "particle " << p;
      for (std::size_t at = 0; at < segment.second.size(); at += 4)
      {
        xyz.insert(xyz.end(), segment.second.begin() + static_cast<std::ptrdiff_t>(at),
                   segment.second.begin() + static_cast<std::ptrdiff_t>(at) + 3);
        times.push_back(segment.second[at + 3]);
      }
    }
    offsets.push_back(static_cast<Id>(times.size()));
  }
  out.Time = cont::make_ArrayHandle(times);
  out.Offsets = cont::make_ArrayHandle(offsets);
  out.Reasons = cont::make_ArrayHandle(reasons);
  out.Points = cont::make_ArrayHandle(xyz);
  return out;
}
} // namespace

TEST(Advect, PiecesGiveTheWholeDatasetsLines)
{
  // The image split at x index 8 (both pieces hold the plane between them), and its tetrahedra split there with
  // the first piece also holding the next column of cells as ghost cells; 100 seeds both ways, each integrator:
  // the lines joined from the pieces are the whole dataset's, point for point, with particles that moved
  // between the pieces and asked each other for the field.
  const Grid grid{ { -2, -2, -1 }, 0.25, 17 };
  const FieldArray v = SwirlVectors(grid);
  std::vector<double> seeds;
  std::vector<Int8> forward;
  SwirlSeeds(100, seeds, forward);
  for (bool tets : { false, true })
  {
    std::vector<Piece> pieces;
    if (tets)
    {
      // Cells i < 9 in the first piece, the last column (i = 8) a ghost copy of the second piece's.
      const CellLocator first = grid.Cells(true, 0, 9);
      std::vector<UInt8> ghosts(static_cast<std::size_t>(first.GetNumberOfCells()), 0);
      for (Id c = 0; c < first.GetNumberOfCells(); ++c)
        ghosts[static_cast<std::size_t>(c)] = (c / 6) % 9 == 8 ? 1 : 0;
      pieces.push_back({ first, v, cont::make_ArrayHandle(ghosts) });
      pieces.push_back({ grid.Cells(true, 8, 16), v, {} });
    }
    else
    {
      // Each piece's inner face at x = 0 (index 8): beyond it, within VTK's tolerance, a point is the other's.
      pieces.push_back({ grid.ImagePiece(0, 9), grid.PieceVectors(v, 0, 9), {} });
      pieces.push_back({ grid.ImagePiece(8, 9), grid.PieceVectors(v, 8, 9), {} });
      pieces[0].Box[1] = pieces[1].Box[0] = grid.Origin[0] + 8 * grid.H;
    }
    const CellLocator whole = tets ? grid.Cells(true) : grid.Image();
    for (Integrator method : { Integrator::RungeKutta2, Integrator::RungeKutta4, Integrator::RungeKutta45 })
    {
      SCOPED_TRACE(std::string(tets ? "tetrahedra" : "image") + ", integrator " + std::to_string(static_cast<int>(method)));
      AdvectOptions o;
      o.Method = method;
      o.MaximumLength = 20;
      o.Tolerance = tets ? 0.0 : 1e-4 * std::sqrt(3.0) * 16 * grid.H; // VTK's, at the image's boundary only
      o.Device = test::Device();
      const Streamlines expected = Advect(whole, v, Seeds(seeds), Directions(forward), o);
      Id moves = 0, questions = 0;
      const Streamlines joined = InPieces(pieces, seeds, forward, o, moves, questions);
      if (method != Integrator::RungeKutta45)
      {
        // The image's pieces give its cells (to rounding); tetrahedra near the pieces' boundary may be found in
        // another cell than the velocity field's cache (VTK's parametric slack), whose cell length steps on.
        const double tolerance = !tets ? 1e-12 : method == Integrator::RungeKutta2 ? 1e-5 : 1e-3;
        ASSERT_EQ(expected.GetNumberOfPoints(), joined.GetNumberOfPoints());
        for (Id p = 0; p <= 100; ++p)
          ASSERT_EQ(expected.Offsets.ReadPortal().Get(p), joined.Offsets.ReadPortal().Get(p)) << "particle " << p;
        for (Id p = 0; p < 100; ++p)
          EXPECT_EQ(expected.Reasons.ReadPortal().Get(p), joined.Reasons.ReadPortal().Get(p)) << "particle " << p;
        for (Id q = 0; q < 3 * expected.GetNumberOfPoints(); ++q)
          ASSERT_NEAR(expected.Points.ReadPortal().Get(q), joined.Points.ReadPortal().Get(q), tolerance) << "coordinate " << q;
      }
      else
      {
        // Runge-Kutta 4-5's step control turns rounding into other step lengths: the same lines sampled at other
        // points, ending for the same reasons (out of length, or the step below the minimum just before it).
        for (Id p = 0; p < 100; ++p)
        {
          const Id a = expected.Offsets.ReadPortal().Get(p + 1) - expected.Offsets.ReadPortal().Get(p);
          const Id b = joined.Offsets.ReadPortal().Get(p + 1) - joined.Offsets.ReadPortal().Get(p);
          EXPECT_LE(std::abs(a - b), 1 + a / 20) << "particle " << p;
          const Int32 ra = expected.Reasons.ReadPortal().Get(p), rb = joined.Reasons.ReadPortal().Get(p);
          EXPECT_TRUE(ra == rb || (ra >= 3 && ra <= 4 && rb >= 3 && rb <= 4)) << "particle " << p << ": " << ra << ", " << rb;
        }
      }
      EXPECT_GT(moves, 50);
      EXPECT_GT(questions, 50);
      EXPECT_GT(expected.GetNumberOfPoints(), 2000);
    }
  }
}
