// Loom filters: streamlines of a vector field on Loom's engine (stands beside ParaView's Stream Tracer,
// vtkStreamTracer).
#ifndef vtkLoomStreamTracer_h
#define vtkLoomStreamTracer_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPolyDataAlgorithm.h>

#include <memory>
#include <string>

class vtkMultiProcessController;
class vtkPolyData;
namespace loom
{
namespace algorithms
{
struct AdvectOptions;
}
namespace interop
{
class ProbeSource;
}
}

/// Streamlines from the points of the seed dataset (port 1, SetSourceConnection: ParaView's "Seed Type", a
/// point cloud or a line) through the vector field of the input (port 0), as vtkStreamTracer integrates them:
/// the same setters, meanings and defaults (Runge-Kutta 2, forward, steps of 0.5 cell lengths), the same
/// polylines (a line per seed and direction with more than one point, in seed order, forward lines before
/// backward ones), the input's point arrays interpolated at every point, IntegrationTime, Vorticity, Rotation,
/// AngularVelocity and Normals (with Compute Vorticity), and ReasonForTermination and SeedIds on the lines.
/// ParaView's proxy gives ParaView's defaults (Runge-Kutta 4-5, both directions, 0.2 cell lengths).
///
/// One particle per thread on the Device. Images and rectilinear grids of three dimensions, structured grids
/// and unstructured grids of 3D linear cells are integrated on Loom (the cells found by the locate family: a
/// point in several cells takes the previous point's cell where it is one, else the lowest id); the rest goes
/// to VTK's vtkStreamTracer (Fallback To VTK): composite data, cells of fewer than three dimensions, Surface
/// Streamlines, images with a direction matrix. Under MPI each rank integrates the particles in its piece and
/// hands them to the rank whose cells their steps enter; every line is gathered whole on the rank that held its
/// seed (the one-rank lines). The input's locator is kept while the input is unmodified (moving the seeds
/// reuses it).
class LOOMFILTERS_EXPORT vtkLoomStreamTracer : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomStreamTracer* New();
  vtkTypeMacro(vtkLoomStreamTracer, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  /// The seeds (port 1): the points of any dataset. Without one, StartPosition is the one seed.
  void SetSourceConnection(vtkAlgorithmOutput* algOutput) { this->SetInputConnection(1, algOutput); }
  void SetSourceData(vtkDataSet* seeds) { this->SetInputData(1, seeds); }

  /// vtkStreamTracer's values.
  enum Direction
  {
    FORWARD = 0,
    BACKWARD = 1,
    BOTH = 2
  };
  enum Units
  {
    LENGTH_UNIT = 1,
    CELL_LENGTH_UNIT = 2
  };
  enum Solvers
  {
    RUNGE_KUTTA2 = 0,
    RUNGE_KUTTA4 = 1,
    RUNGE_KUTTA45 = 2
  };
  enum ReasonForTermination
  {
    OUT_OF_DOMAIN = 1,
    NOT_INITIALIZED = 2,
    UNEXPECTED_VALUE = 3,
    OUT_OF_LENGTH = 4,
    OUT_OF_STEPS = 5,
    STAGNATION = 6
  };

  ///@{
  /// vtkStreamTracer's settings, names and defaults (ParaView's labels: Integration Direction, Integrator
  /// Type, Integration Step Unit, Initial/Minimum/Maximum Step Length, Maximum Steps, Maximum Streamline
  /// Length, Terminal Speed, Maximum Error, Compute Vorticity, Surface Streamlines, Interpolator Type).
  vtkSetVector3Macro(StartPosition, double);
  vtkGetVector3Macro(StartPosition, double);
  vtkSetClampMacro(IntegrationDirection, int, FORWARD, BOTH);
  vtkGetMacro(IntegrationDirection, int);
  vtkSetClampMacro(IntegratorType, int, RUNGE_KUTTA2, RUNGE_KUTTA45);
  vtkGetMacro(IntegratorType, int);
  vtkSetClampMacro(IntegrationStepUnit, int, LENGTH_UNIT, CELL_LENGTH_UNIT);
  vtkGetMacro(IntegrationStepUnit, int);
  vtkSetMacro(InitialIntegrationStep, double);
  vtkGetMacro(InitialIntegrationStep, double);
  vtkSetMacro(MinimumIntegrationStep, double);
  vtkGetMacro(MinimumIntegrationStep, double);
  vtkSetMacro(MaximumIntegrationStep, double);
  vtkGetMacro(MaximumIntegrationStep, double);
  vtkSetMacro(MaximumNumberOfSteps, vtkIdType);
  vtkGetMacro(MaximumNumberOfSteps, vtkIdType);
  vtkSetMacro(MaximumPropagation, double);
  vtkGetMacro(MaximumPropagation, double);
  vtkSetMacro(TerminalSpeed, double);
  vtkGetMacro(TerminalSpeed, double);
  vtkSetMacro(MaximumError, double);
  vtkGetMacro(MaximumError, double);
  vtkSetMacro(ComputeVorticity, bool);
  vtkGetMacro(ComputeVorticity, bool);
  vtkBooleanMacro(ComputeVorticity, bool);
  vtkSetMacro(RotationScale, double);
  vtkGetMacro(RotationScale, double);
  vtkSetMacro(SurfaceStreamlines, bool);
  vtkGetMacro(SurfaceStreamlines, bool);
  vtkBooleanMacro(SurfaceStreamlines, bool);
  /// 0: VTK's point locator, 1: its cell locator (VTK's fallback only: Loom always uses its own locator).
  vtkSetClampMacro(InterpolatorType, int, 0, 1);
  vtkGetMacro(InterpolatorType, int);
  /// Under MPI: on (VTK's default), every rank's seeds are integrated (ranks that hold the same seeds give each
  /// line once per rank, as vtkPStreamTracer); off (ParaView's proxy, whose ranks all hold every seed), a seed
  /// list another rank also holds counts once.
  vtkSetMacro(UseLocalSeedSource, bool);
  vtkGetMacro(UseLocalSeedSource, bool);
  ///@}

  LOOM_SAMPLING_LOCATOR_MEMBERS

  /// VTK's filter with these settings (the fallback): vtkStreamTracer (vtkPStreamTracer where ParaView's
  /// parallel module overrides it), with its ports.
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomStreamTracer();
  ~vtkLoomStreamTracer() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double StartPosition[3] = { 0, 0, 0 };
  int IntegrationDirection = FORWARD;
  int IntegratorType = RUNGE_KUTTA2;
  int IntegrationStepUnit = CELL_LENGTH_UNIT;
  double InitialIntegrationStep = 0.5;
  double MinimumIntegrationStep = 1.0e-2;
  double MaximumIntegrationStep = 1.0;
  vtkIdType MaximumNumberOfSteps = 2000;
  double MaximumPropagation = 1.0;
  double TerminalSpeed = 1.0e-12;
  double MaximumError = 1.0e-6;
  bool ComputeVorticity = true;
  double RotationScale = 1.0;
  bool SurfaceStreamlines = false;
  int InterpolatorType = 0;
  bool UseLocalSeedSource = true;
#ifndef __VTK_WRAP__
  std::unique_ptr<loom::interop::ProbeSource> Source;
  std::string AgreedSignature; ///< under MPI: the point and cell arrays every rank's piece has
  /// RequestData under MPI: the particles of every rank's piece (`input`, null for an empty piece) carried on
  /// by the ranks their steps enter; the lines gathered on the ranks that held their seeds.
  void TraceInParallel(loom::interop::FilterRun& run, vtkDataSet* input, vtkDataArray* vectors,
                       loom::algorithms::AdvectOptions options, vtkDataSet* seedSet, vtkMultiProcessController* controller,
                       vtkPolyData* output);
#endif

private:
  vtkLoomStreamTracer(const vtkLoomStreamTracer&) = delete;
  void operator=(const vtkLoomStreamTracer&) = delete;
};

#endif
