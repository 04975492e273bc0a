// Loom plugin: ParaView's Clip on Loom. The plugin redefines ParaView's Clip proxy with this class (ParaView's
// properties, defaults and widgets unchanged): vtkPVMetaClipDataSet whose data requests run vtkLoomClip
// where Loom takes the input and the properties set.
#ifndef vtkLoomAcceleratedClip_h
#define vtkLoomAcceleratedClip_h

#include "LoomParaViewFiltersModule.h"

#include <vtkPVMetaClipDataSet.h>
#include <vtkSmartPointer.h>

class vtkImplicitFunction;

/// vtkPVMetaClipDataSet on Loom's clip family (vtkLoomSettings::AccelerateParaViewFilters on), and its own
/// code otherwise: hyper tree grids (ParaView's own path), inputs and functions Loom Clip sends to VTK (one
/// info message per reason). The setters the Clip proxy calls are kept here too: vtkPVMetaClipDataSet hands
/// them to its inner filters and has no getters.
class LOOMPARAVIEWFILTERS_EXPORT vtkLoomAcceleratedClip : public vtkPVMetaClipDataSet
{
public:
  static vtkLoomAcceleratedClip* New();
  vtkTypeMacro(vtkLoomAcceleratedClip, vtkPVMetaClipDataSet);

  ///@{
  /// vtkPVMetaClipDataSet's, noted for Loom's clip.
  void SetDataSetClipFunction(vtkImplicitFunction* function);
  void SetClipFunction(vtkImplicitFunction* function) { this->SetDataSetClipFunction(function); }
  void SetValue(double value);
  void SetInsideOut(int insideOut);
  void SetUseValueAsOffset(int useValueAsOffset);
  void PreserveInputCells(int keepCellsAsIs);
  void SetInputArrayToProcess(int idx, int port, int connection, int fieldAssociation, const char* name) override;
  void SetInputArrayToProcess(int idx, int port, int connection, int fieldAssociation,
                              int fieldAttributeType) override;
  void SetInputArrayToProcess(int idx, vtkInformation* info) override;
  void SetInputArrayToProcess(int idx, int port, int connection, const char* fieldName,
                              const char* fieldType) override;
  ///@}

  using Superclass::ProcessRequest;
  int ProcessRequest(vtkInformation* request, vtkInformationVector** inputVector,
                     vtkInformationVector* outputVector) override;

protected:
  vtkLoomAcceleratedClip() = default;
  ~vtkLoomAcceleratedClip() override = default;

private:
  vtkLoomAcceleratedClip(const vtkLoomAcceleratedClip&) = delete;
  void operator=(const vtkLoomAcceleratedClip&) = delete;

  vtkSmartPointer<vtkImplicitFunction> Function;
  double Value = 0.0;
  bool InsideOut = true; // the Clip proxy's Invert default; it pushes its value anyway
  bool UseValueAsOffset = false;
  bool Crinkle = false;
};

#endif
