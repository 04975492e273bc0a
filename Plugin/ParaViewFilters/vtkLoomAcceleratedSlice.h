// Loom plugin: ParaView's Slice on Loom. The plugin redefines ParaView's Slice proxy with this class
// (ParaView's properties, defaults and widgets unchanged): vtkPVMetaSliceDataSet whose data requests run
// vtkLoomSlice where Loom takes the input and the properties set.
#ifndef vtkLoomAcceleratedSlice_h
#define vtkLoomAcceleratedSlice_h

#include "LoomParaViewFiltersModule.h"

#include <vtkPVMetaSliceDataSet.h>
#include <vtkSmartPointer.h>

#include <vector>

class vtkImplicitFunction;

/// vtkPVMetaSliceDataSet on Loom's slice (vtkLoomSettings::AccelerateParaViewFilters on), and its own code
/// otherwise: hyper tree grids (ParaView's own path), Crinkle slice, Triangulate the slice off, inputs and
/// functions Loom Slice sends to VTK (one info message per reason). The setters the Slice proxy calls are
/// kept here too: vtkPVMetaSliceDataSet hands them to its inner filters and has no getters.
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedSlice : public vtkPVMetaSliceDataSet
{
public:
  static vtkLoomAcceleratedSlice* New();
  vtkTypeMacro(vtkLoomAcceleratedSlice, vtkPVMetaSliceDataSet);

  ///@{
  /// vtkPVMetaSliceDataSet's, noted for Loom's slice.
  void SetDataSetCutFunction(vtkImplicitFunction* function);
  void SetCutFunction(vtkImplicitFunction* function) { this->SetDataSetCutFunction(function); }
  void SetNumberOfContours(int number);
  void SetValue(int index, double value);
  void SetGenerateTriangles(int status);
  void SetMergePoints(bool status);
  void PreserveInputCells(int keepCellsAsIs);
  ///@}

  using Superclass::ProcessRequest;
  int ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,
                     vtkInformationVector* outputVector) override;

protected:
  vtkLoomAcceleratedSlice() = default;
  ~vtkLoomAcceleratedSlice() override = default;

private:
  vtkLoomAcceleratedSlice(const vtkLoomAcceleratedSlice&) = delete;
  void operator=(const vtkLoomAcceleratedSlice&) = delete;

  vtkSmartPointer<vtkImplicitFunction> Function;
  std::vector<double> Values = { 0.0 };
  bool Triangulate = true;
  bool Merge = true;
  bool Crinkle = false;
};

#endif
