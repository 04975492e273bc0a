// Loom filters: a dataset's arrays sampled along a line on Loom's engine (stands beside ParaView's Plot Over
// Line, vtkPVProbeLineFilter).
#ifndef vtkLoomPlotOverLine_h
#define vtkLoomPlotOverLine_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPolyDataAlgorithm.h>

#include <memory>
#include <string>

namespace loom
{
namespace interop
{
class ProbeSource;
}
}

/// A polyline from Point1 to Point2 (each rounded to float, as ParaView's line source gives them) with the
/// input's arrays sampled at its points: Sample Uniformly (ParaView's default) takes Resolution + 1 evenly
/// spaced points on Loom (the point arrays interpolated in the cell that contains each, the cell arrays taken
/// from it, vtkValidPointMask, arc_length; points in no cell hold NaN in float and double arrays with Pass
/// Partial Arrays on, else 0); the patterns at cell boundaries and segment centres, VTK's filter. The input's
/// locator is kept while the input is unmodified. Under MPI the first rank gathers the samples, as ParaView's.
class LOOMFILTERS_EXPORT vtkLoomPlotOverLine : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomPlotOverLine* New();
  vtkTypeMacro(vtkLoomPlotOverLine, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  enum SamplingPatterns
  {
    SAMPLE_LINE_AT_CELL_BOUNDARIES = 0,
    SAMPLE_LINE_AT_SEGMENT_CENTERS = 1,
    SAMPLE_LINE_UNIFORMLY = 2
  };

  ///@{
  /// The line's ends (0 0 0 and 1 1 1; ParaView's proxy: the input's bounds' corners).
  vtkSetVector3Macro(Point1, double);
  vtkGetVector3Macro(Point1, double);
  vtkSetVector3Macro(Point2, double);
  vtkGetVector3Macro(Point2, double);
  ///@}

  ///@{
  /// vtkPVProbeLineFilter's settings and ParaView's defaults: Sampling Pattern (uniform), Resolution (1000
  /// segments, uniform pattern), Pass Partial Arrays (on: NaN for float and double arrays at points in no
  /// cell), Pass Cell / Point / Field Arrays (off, off, on), Compute Tolerance (on) and Tolerance (2.2e-16).
  vtkSetClampMacro(SamplingPattern, int, 0, 2);
  vtkGetMacro(SamplingPattern, int);
  vtkSetMacro(LineResolution, int);
  vtkGetMacro(LineResolution, int);
  vtkSetMacro(PassPartialArrays, bool);
  vtkGetMacro(PassPartialArrays, bool);
  vtkSetMacro(PassCellArrays, bool);
  vtkGetMacro(PassCellArrays, bool);
  vtkSetMacro(PassPointArrays, bool);
  vtkGetMacro(PassPointArrays, bool);
  vtkSetMacro(PassFieldArrays, bool);
  vtkGetMacro(PassFieldArrays, bool);
  vtkSetMacro(ComputeTolerance, bool);
  vtkGetMacro(ComputeTolerance, bool);
  vtkSetMacro(Tolerance, double);
  vtkGetMacro(Tolerance, double);
  ///@}

  LOOM_SAMPLING_LOCATOR_MEMBERS

  /// VTK's filter with these settings (the fallback): a line source into vtkProbeLineFilter.
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomPlotOverLine();
  ~vtkLoomPlotOverLine() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double Point1[3] = { 0, 0, 0 };
  double Point2[3] = { 1, 1, 1 };
  int SamplingPattern = SAMPLE_LINE_UNIFORMLY;
  int LineResolution = 1000;
  bool PassPartialArrays = true;
  bool PassCellArrays = false;
  bool PassPointArrays = false;
  bool PassFieldArrays = true;
  bool ComputeTolerance = true;
  double Tolerance = 2.2204460492503131e-16;
#ifndef __VTK_WRAP__
  std::unique_ptr<loom::interop::ProbeSource> Source;
  std::string AgreedSignature;
#endif

private:
  vtkLoomPlotOverLine(const vtkLoomPlotOverLine&) = delete;
  void operator=(const vtkLoomPlotOverLine&) = delete;
};

#endif
