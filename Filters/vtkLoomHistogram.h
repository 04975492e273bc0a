// Loom filters: Histogram on Loom's engine (stands beside ParaView's Histogram, vtkPExtractHistogram).
#ifndef vtkLoomHistogram_h
#define vtkLoomHistogram_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkTableAlgorithm.h>

/// The counts of the chosen array's values (a component, or the magnitude) in Bin Count equal bins over
/// their finite range or Custom Bin Ranges, as vtkExtractHistogram bins them: a table of the bins' centres
/// ("bin_extents", doubles) and counts ("bin_values", ints; their fractions of the total when Normalize is
/// on), hidden and duplicate ghosts left out. Point, cell, field or row data of a dataset, a table or every
/// block of a composite dataset. Under MPI the ranks agree on the range and rank 0 gets the summed counts,
/// the others an empty table, as ParaView's filter does. Calculate Averages, and inputs that are neither
/// datasets nor tables, go to VTK's vtkExtractHistogram (the ranks joined as ParaView joins them).
class LOOMFILTERS_EXPORT vtkLoomHistogram : public vtkTableAlgorithm
{
public:
  static vtkLoomHistogram* New();
  vtkTypeMacro(vtkLoomHistogram, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// The component binned (0 by default); the array's number of components bins the magnitude. Unlike
  /// VTK's setter a value out of range is kept and named in an error.
  vtkSetMacro(Component, int);
  vtkGetMacro(Component, int);
  ///@}
  ///@{
  /// The number of bins (10 by default; at least 1, a smaller value is an error).
  vtkSetMacro(BinCount, int);
  vtkGetMacro(BinCount, int);
  ///@}
  ///@{
  /// Centre the first and last bins on the range's ends (off by default).
  vtkSetMacro(CenterBinsAroundMinAndMax, bool);
  vtkGetMacro(CenterBinsAroundMinAndMax, bool);
  vtkBooleanMacro(CenterBinsAroundMinAndMax, bool);
  ///@}
  ///@{
  /// Bin over CustomBinRanges (0 to 100 by default) instead of the values' range (off by default).
  vtkSetVector2Macro(CustomBinRanges, double);
  vtkGetVector2Macro(CustomBinRanges, double);
  vtkSetMacro(UseCustomBinRanges, bool);
  vtkGetMacro(UseCustomBinRanges, bool);
  vtkBooleanMacro(UseCustomBinRanges, bool);
  ///@}
  ///@{
  /// Per bin, the totals and averages of the other arrays' values (off by default; VTK's filter computes
  /// them).
  vtkSetMacro(CalculateAverages, bool);
  vtkGetMacro(CalculateAverages, bool);
  vtkBooleanMacro(CalculateAverages, bool);
  ///@}
  ///@{
  /// The counts as fractions of their sum (doubles; off by default).
  vtkSetMacro(Normalize, bool);
  vtkGetMacro(Normalize, bool);
  vtkBooleanMacro(Normalize, bool);
  ///@}
  ///@{
  /// A "bin_accumulation" column, the running sum of the counts (off by default).
  vtkSetMacro(Accumulation, bool);
  vtkGetMacro(Accumulation, bool);
  vtkBooleanMacro(Accumulation, bool);
  ///@}

  /// The range binned by the last execution (after the half-unit widening of a single value).
  vtkGetVector2Macro(BinRange, double);

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomHistogram();
  ~vtkLoomHistogram() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  vtkExecutive* CreateDefaultExecutive() override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Component = 0;
  int BinCount = 10;
  bool CenterBinsAroundMinAndMax = false;
  double CustomBinRanges[2] = { 0.0, 100.0 };
  bool UseCustomBinRanges = false;
  bool CalculateAverages = false;
  bool Normalize = false;
  bool Accumulation = false;
  double BinRange[2] = { 0.0, 0.0 };

private:
  vtkLoomHistogram(const vtkLoomHistogram&) = delete;
  void operator=(const vtkLoomHistogram&) = delete;
};

#endif
