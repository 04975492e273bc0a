// Loom filters: one dataset's arrays sampled at another's points on Loom's engine (stands beside ParaView's
// Resample With Dataset, vtkResampleWithDataSet).
#ifndef vtkLoomResampleWithDataset_h
#define vtkLoomResampleWithDataset_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkPassInputTypeAlgorithm.h>

#include <memory>
#include <string>

class vtkAbstractCellLocator;
class vtkAlgorithmOutput;
class vtkDataSet;
class vtkMultiProcessController;
namespace loom
{
namespace interop
{
class FilterRun;
class ProbeSource;
}
}

/// The output has the structure of the input (port 0, ParaView's Destination Mesh) and, as its point data,
/// the arrays of the source (port 1, ParaView's Source Data Arrays) sampled at its points: point arrays
/// interpolated in the source cell that contains each point, cell arrays taken from it, vtkValidPointMask;
/// the input's own arrays passed on request; points in no cell (and the cells using them) blanked with
/// vtkGhostType when Mark Blank Points And Cells is on. The source's locator is kept while the source is
/// unmodified. Under MPI every rank samples every rank's points in its piece of the source, and each point takes
/// the values of the highest rank whose piece holds it.
class LOOMFILTERS_EXPORT vtkLoomResampleWithDataset : public vtkPassInputTypeAlgorithm
{
public:
  static vtkLoomResampleWithDataset* New();
  vtkTypeMacro(vtkLoomResampleWithDataset, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// The dataset whose arrays are sampled (input port 1).
  void SetSourceData(vtkDataObject* source);
  void SetSourceConnection(vtkAlgorithmOutput* output);
  ///@}

  ///@{
  /// vtkResampleWithDataSet's settings, with its defaults: Categorical Data (off: treat the source's point
  /// scalars as categories, by VTK's filter), Pass Cell / Point / Field Arrays (off, off, on: the input's own
  /// arrays), Pass Partial Arrays (off: composite sources, by VTK's filter), Compute Tolerance (on) and
  /// Tolerance (VTK's 1; ParaView's proxy: 2.2e-16), Mark Blank Points And Cells (on; ParaView's proxy: off),
  /// Snap To Cell With Closest Point (off; on: VTK's filter).
  vtkSetMacro(CategoricalData, bool);
  vtkGetMacro(CategoricalData, bool);
  vtkBooleanMacro(CategoricalData, bool);
  vtkSetMacro(PassCellArrays, bool);
  vtkGetMacro(PassCellArrays, bool);
  vtkBooleanMacro(PassCellArrays, bool);
  vtkSetMacro(PassPointArrays, bool);
  vtkGetMacro(PassPointArrays, bool);
  vtkBooleanMacro(PassPointArrays, bool);
  vtkSetMacro(PassFieldArrays, bool);
  vtkGetMacro(PassFieldArrays, bool);
  vtkBooleanMacro(PassFieldArrays, bool);
  vtkSetMacro(PassPartialArrays, bool);
  vtkGetMacro(PassPartialArrays, bool);
  vtkBooleanMacro(PassPartialArrays, bool);
  vtkSetMacro(ComputeTolerance, bool);
  vtkGetMacro(ComputeTolerance, bool);
  vtkBooleanMacro(ComputeTolerance, bool);
  vtkSetMacro(Tolerance, double);
  vtkGetMacro(Tolerance, double);
  vtkSetMacro(MarkBlankPointsAndCells, bool);
  vtkGetMacro(MarkBlankPointsAndCells, bool);
  vtkBooleanMacro(MarkBlankPointsAndCells, bool);
  vtkSetMacro(SnapToCellWithClosestPoint, bool);
  vtkGetMacro(SnapToCellWithClosestPoint, bool);
  vtkBooleanMacro(SnapToCellWithClosestPoint, bool);
  ///@}

  ///@{
  /// ParaView's Cell Locator (a vtkStaticCellLocator by default there): the cell locator of VTK's filter when
  /// Loom falls back to it (none: VTK's closest-point strategy). Loom locates with its own bins.
  void SetCellLocator(vtkAbstractCellLocator* locator);
  vtkAbstractCellLocator* GetCellLocator();
  ///@}

  LOOM_SAMPLING_LOCATOR_MEMBERS

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomResampleWithDataset();
  ~vtkLoomResampleWithDataset() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool CategoricalData = false;
  bool PassCellArrays = false;
  bool PassPointArrays = false;
  bool PassFieldArrays = true;
  bool PassPartialArrays = false;
  bool ComputeTolerance = true;
  double Tolerance = 1.0;
  bool MarkBlankPointsAndCells = true;
  bool SnapToCellWithClosestPoint = false;
  vtkSmartPointer<vtkAbstractCellLocator> CellLocator;
  std::string AgreedSignature;
#ifndef __VTK_WRAP__
  /// Samples `source` (null: an empty piece) at `destination`'s points into `output` (its structure copied from
  /// `destination`); under MPI (`controller`) at every rank's points, combined.
  void Resample(vtkDataSet* destination, vtkDataSet* source, vtkDataSet* output, loom::interop::FilterRun& run,
                vtkMultiProcessController* controller);
  std::unique_ptr<loom::interop::ProbeSource> Source;
#endif

private:
  vtkLoomResampleWithDataset(const vtkLoomResampleWithDataset&) = delete;
  void operator=(const vtkLoomResampleWithDataset&) = delete;
};

#endif
