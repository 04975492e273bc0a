// Loom filters: a dataset's arrays sampled at the points of another on Loom's engine (stands beside ParaView's
// Probe Location, vtkPProbeFilter).
#ifndef vtkLoomProbeLocation_h
#define vtkLoomProbeLocation_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkDataSetAlgorithm.h>

#include <memory>
#include <string>

namespace loom
{
namespace interop
{
class ProbeSource;
}
}

/// The probe points (port 1, SetSourceConnection: ParaView's "Probe Type", a point cloud) with the arrays of
/// the input (port 0, ParaView's "Input": the dataset sampled) at them, as ParaView's Probe Location gives
/// them: the input's point arrays interpolated in the cell that contains each point, its cell arrays taken
/// from that cell (sorted by name), vtkValidPointMask; 0 at points in no cell. The cells are found as
/// ParaView's probe finds them without a cell locator (bounds grown by the tolerance, the previous point's
/// cell on shared faces). The output has the probe points' structure and type. The input's locator is kept
/// while the input is unmodified (moving the probe reuses it). Under MPI every rank samples its piece of the
/// input at every probe point and the first rank gathers them, as ParaView's.
class LOOMFILTERS_EXPORT vtkLoomProbeLocation : public vtkDataSetAlgorithm
{
public:
  static vtkLoomProbeLocation* New();
  vtkTypeMacro(vtkLoomProbeLocation, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  /// The probe points (port 1).
  void SetSourceConnection(vtkAlgorithmOutput* algOutput) { this->SetInputConnection(1, algOutput); }
  void SetSourceData(vtkDataObject* probe) { this->SetInputData(1, probe); }

  ///@{
  /// vtkProbeFilter's settings and ParaView's defaults: Pass Field Arrays (on: the probe points' field data),
  /// Compute Tolerance (on) and Tolerance (2.2e-16); Pass Point Arrays and Pass Cell Arrays (off: the probe
  /// points' own arrays beside the samples), Pass Partial Arrays (off: NaN in float and double arrays at
  /// points in no cell when on), which ParaView's proxy leaves at VTK's defaults.
  vtkSetMacro(PassFieldArrays, bool);
  vtkGetMacro(PassFieldArrays, bool);
  vtkSetMacro(ComputeTolerance, bool);
  vtkGetMacro(ComputeTolerance, bool);
  vtkSetMacro(Tolerance, double);
  vtkGetMacro(Tolerance, double);
  vtkSetMacro(PassPointArrays, bool);
  vtkGetMacro(PassPointArrays, bool);
  vtkSetMacro(PassCellArrays, bool);
  vtkGetMacro(PassCellArrays, bool);
  vtkSetMacro(PassPartialArrays, bool);
  vtkGetMacro(PassPartialArrays, bool);
  ///@}

  LOOM_SAMPLING_LOCATOR_MEMBERS

  /// VTK's filter with these settings (the fallback): vtkPProbeFilter (a one-rank controller in a plain VTK
  /// process), with vtkProbeFilter's ports (port 0 the probe points, port 1 the dataset sampled).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomProbeLocation();
  ~vtkLoomProbeLocation() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool PassFieldArrays = true;
  bool ComputeTolerance = true;
  double Tolerance = 2.2204460492503131e-16;
  bool PassPointArrays = false;
  bool PassCellArrays = false;
  bool PassPartialArrays = false;
#ifndef __VTK_WRAP__
  std::unique_ptr<loom::interop::ProbeSource> Source;
  std::string AgreedSignature;
#endif

private:
  vtkLoomProbeLocation(const vtkLoomProbeLocation&) = delete;
  void operator=(const vtkLoomProbeLocation&) = delete;
};

#endif
