// Loom algorithms, advect family: streamlines, one particle per thread, integrated through a vector field on
// any dataset the locate family locates in, as VTK's stream tracer integrates them (its Runge-Kutta 2, 4 and
// 4-5 integrators, step units and bounds, error control, termination reasons, the points it keeps and the
// vorticity and rotation it computes along them).
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/locate/Locate.h>
#include <loom/cont/DeviceAdapterTag.h>

namespace loom
{
namespace algorithms
{
/// vtkStreamTracer's integrators (its IntegratorType values).
enum class Integrator : int
{
  RungeKutta2 = 0,
  RungeKutta4 = 1,
  RungeKutta45 = 2 ///< Cash-Karp, adaptive
};

/// Why a streamline ends (vtkStreamTracer's ReasonForTermination values).
enum class Termination : Int32
{
  None = 0,            ///< the seed is in no cell: no line
  OutOfDomain = 1,     ///< a step left every cell
  NotInitialized = 2,  ///< (VTK: no integrator; not made by Loom)
  UnexpectedValue = 3, ///< Runge-Kutta 4-5: a step that does not move, or a step bound below the minimum
  OutOfLength = 4,     ///< Maximum Streamline Length reached
  OutOfSteps = 5,      ///< Maximum Steps reached
  Stagnation = 6       ///< the speed at or below Terminal Speed
};

struct AdvectOptions
{
  Integrator Method = Integrator::RungeKutta2;
  /// Step lengths in cell lengths (the diagonal of the cell the particle is in) or in lengths.
  bool CellLengthUnit = true;
  double InitialStep = 0.5;
  double MinimumStep = 0.01; ///< Runge-Kutta 4-5's bound (0 or less: none)
  double MaximumStep = 1.0;  ///< Runge-Kutta 4-5's bound (0 or less: none)
  Id MaximumSteps = 2000;
  double MaximumLength = 1.0; ///< the arc length after which a line ends
  double TerminalSpeed = 1e-12;
  double MaximumError = 1e-6; ///< Runge-Kutta 4-5
  /// How far outside an image (or rectilinear grid) a point is still in its boundary cell: VTK's stream tracer
  /// takes 1e-4 of the dataset's diagonal.
  double Tolerance = 0.0;
  /// AdvectInPiece: the faces where this piece's cells end inside the dataset (x low, x high, y low, ...; the
  /// defaults, beyond any coordinate, where the piece's side is the dataset's): a point beyond one is another
  /// piece's, even within Tolerance (which holds at the dataset's boundary only).
  double PieceBox[6] = { -1.0e300, 1.0e300, -1.0e300, 1.0e300, -1.0e300, 1.0e300 };
  /// The vectors are one per cell (the particle moves with its cell's vector; no vorticity).
  bool CellVectors = false;
  bool ComputeVorticity = true;
  double RotationScale = 1.0;
  loom::cont::DeviceId Device = loom::cont::DeviceId::Auto;
};

/// Every particle's line: its points in order, where each lies (cell and parametric coordinates, to
/// interpolate the dataset's point arrays there), the integration time and, with ComputeVorticity, the
/// vorticity, the angular velocity and the rotation at each point.
struct Streamlines
{
  loom::cont::ArrayHandle<Id> Offsets;     ///< particles + 1: particle p's points are [Offsets[p], Offsets[p + 1])
  loom::cont::ArrayHandle<Int32> Reasons;  ///< per particle: Termination
  loom::cont::ArrayHandle<Float64> Points; ///< xyz per point
  LocatedPoints Located;                   ///< per point
  loom::cont::ArrayHandle<Float64> Time;
  loom::cont::ArrayHandle<Float64> Velocity; ///< xyz per point: the field there, not normalized
  loom::cont::ArrayHandle<Float64> Vorticity, AngularVelocity, Rotation; ///< with ComputeVorticity
  Id GetNumberOfPoints() const { return this->Time.GetNumberOfValues(); }
};

/// The loop elements one particle stands for in progress and abort (its steps at most, up to 256: a particle's
/// work is known only once it ends).
inline Id ParticleWeight(const AdvectOptions& options)
{
  return options.MaximumSteps < 0 ? 1 : options.MaximumSteps >= 255 ? 256 : options.MaximumSteps + 1;
}

/// "" when Advect integrates in `locator`'s cells (images and rectilinear grids of three dimensions, cells of
/// dimension 3); else what it does not take ("a flat image", "triangle cells").
std::string AdvectUnsupported(const CellLocator& locator);

/// The lines of particles starting at `seeds` (xyz, float32 or float64), particle p integrated forward where
/// `forward[p]` is 1 and backward where it is 0, through `vectors` (3 components, float32 or float64: one per
/// point of the located dataset, or per cell with CellVectors). A particle whose seed is in no cell has no
/// point (Termination::None). Points are kept as VTK keeps them: a point whose float32 coordinates equal the
/// previous kept point's is not kept. Throws ErrorBadValue for input AdvectUnsupported names.
Streamlines Advect(const CellLocator& locator, const FieldArray& vectors, const FieldArray& seeds,
                   const loom::cont::ArrayHandle<Int8>& forward, const AdvectOptions& options);

/// Integration over a dataset split into pieces, one per MPI rank (AdvectInPiece): a particle's state between
/// runs, so that the rank whose piece holds its next point carries on its line as one rank would.
struct ParticleState
{
  /// What a run does with the state, and what it leaves.
  enum Phase : Int32
  {
    Seed = 0,    ///< start at X
    Blocked = 1, ///< (left) the step from X needs the field at Query, in no cell of this piece; (given) go on
    Moving = 2,  ///< (left) the step ended at Query, in piece Rank's cells; (given) arrive at X, the step taken
    Done = 3     ///< ended: Reason
  };
  double X[3] = { 0, 0, 0 };
  double Velocity[3] = { 0, 0, 0 }; ///< at X (Blocked)
  double Speed = 0.0;               ///< at X (Blocked), at the step's start (Moving)
  double StepSize = 0.0, MinStep = 0.0, MaxStep = 0.0, Taken = 0.0;
  double Propagation = 0.0, Time = 0.0, LastTime = 0.0, LastOmega = 0.0, LastRotation = 0.0;
  double Query[3] = { 0, 0, 0 };
  Id Steps = 0;
  Id Points = 0; ///< the points kept along the line so far, in every piece
  Id Cell = -1;  ///< Blocked: the cell the field at X was found in (the velocity field's cache)
  float Last[3] = { 0, 0, 0 };
  Int32 Forward = 1;
  Int32 Status = Seed;
  Int32 Reason = 0; ///< Termination, once Done
  Int32 Rank = -1;  ///< Moving: the piece that holds Query
};

/// The field at a point that another piece found (Rank), or that no piece holds (Rank -1).
struct RemoteVelocity
{
  double X[3];
  double Velocity[3];
  Int32 Rank;
};

/// One run of the particles `states` (updated in place) in this piece, as Advect integrates them: each goes on
/// until it ends (Done), needs the field at a point no cell of this piece holds and `known` does not give
/// (Blocked), or steps into another piece's cells (Moving). `known`: per particle (offsets, particles + 1) the
/// fields other pieces gave it. `skipCells`: none, or a flag per cell, non-zero for a cell another piece owns
/// (a ghost cell, whose field this piece may not know as its owner does): no point is in it here. The points kept in this run: Offsets per particle, Points, Located (in this
/// piece), Time, Velocity and, with ComputeVorticity, Vorticity, AngularVelocity and Rotation (Reasons empty).
Streamlines AdvectInPiece(const CellLocator& locator, const FieldArray& vectors,
                          loom::cont::ArrayHandle<ParticleState>& states, const loom::cont::ArrayHandle<Id>& knownOffsets,
                          const loom::cont::ArrayHandle<RemoteVelocity>& known,
                          const loom::cont::ArrayHandle<UInt8>& skipCells, const AdvectOptions& options);

/// The field at `points` (xyz) as the particles find it in this piece (`skipCells` as AdvectInPiece's): `found`
/// per point, and the velocity (xyz, not normalized; zeros where not found).
void AdvectVelocities(const CellLocator& locator, const FieldArray& vectors, const FieldArray& points,
                      const loom::cont::ArrayHandle<UInt8>& skipCells, const AdvectOptions& options,
                      loom::cont::ArrayHandle<Int8>& found, loom::cont::ArrayHandle<Float64>& velocity);

/// VTK's orientation normals along the lines (vtkPolyLine's sliding normals of the float32 `points`, then
/// turned about each line by its rotation), as its stream tracer adds them with vorticity: three per point of
/// `lines` (offsets per line, then the points of each line in order, a line's points consecutive), where
/// `velocity` (xyz per point) is the output's vector array.
loom::cont::ArrayHandle<Float64> StreamNormals(const loom::cont::ArrayHandle<Float32>& points,
                                               const loom::cont::ArrayHandle<Id>& lineOffsets,
                                               const FieldArray& velocity,
                                               const loom::cont::ArrayHandle<Float64>& rotation,
                                               loom::cont::DeviceId device = loom::cont::DeviceId::Auto);
} // namespace algorithms
} // namespace loom
