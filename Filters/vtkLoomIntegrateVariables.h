// Loom filters: Integrate Variables on Loom's engine (stands beside ParaView's Integrate Variables,
// vtkIntegrateAttributes).
#ifndef vtkLoomIntegrateVariables_h
#define vtkLoomIntegrateVariables_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkUnstructuredGridAlgorithm.h>

/// The integrals of every numeric point and cell array over the cells of the highest dimension present,
/// and their total length, area or volume ("Length", "Area", "Volume", a cell array), as vtkIntegrateAttributes
/// gives them: one point (the centre of that measure) and one vertex, the arrays as doubles in the order of
/// their names, the ghost cells left out. Divide Cell Data By Volume divides the cell arrays' integrals by
/// the total. Composite input: the arrays every non-empty block has, integrated over all blocks. Under MPI
/// the integrals of every rank are added on rank 0, the others' outputs empty, as ParaView's filter does.
class LOOMFILTERS_EXPORT vtkLoomIntegrateVariables : public vtkUnstructuredGridAlgorithm
{
public:
  static vtkLoomIntegrateVariables* New();
  vtkTypeMacro(vtkLoomIntegrateVariables, vtkUnstructuredGridAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// Divide the cell arrays' integrals by the total length, area or volume (off by default; ParaView's
  /// DivideCellDataByVolume).
  vtkSetMacro(DivideAllCellDataByVolume, bool);
  vtkGetMacro(DivideAllCellDataByVolume, bool);
  vtkBooleanMacro(DivideAllCellDataByVolume, bool);
  ///@}

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomIntegrateVariables() = default;
  ~vtkLoomIntegrateVariables() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  vtkExecutive* CreateDefaultExecutive() override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool DivideAllCellDataByVolume = false;

private:
  vtkLoomIntegrateVariables(const vtkLoomIntegrateVariables&) = delete;
  void operator=(const vtkLoomIntegrateVariables&) = delete;
};

#endif
