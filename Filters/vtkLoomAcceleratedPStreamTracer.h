// Loom filters: ParaView's Stream Tracer on Loom. The plugin redefines ParaView's Stream Tracer proxies (StreamTracer
// and ArbitrarySourceStreamTracer) with this class (ParaView's properties, defaults and seed widgets unchanged).
// ParaView's proxies name vtkStreamTracer, whose New() gives vtkPStreamTracer (VTK's object factory): this class
// derives from that.
#ifndef vtkLoomAcceleratedPStreamTracer_h
#define vtkLoomAcceleratedPStreamTracer_h

#include "LoomFiltersModule.h"

#include <vtkPStreamTracer.h>

/// vtkPStreamTracer whose RequestData runs vtkLoomStreamTracer where Loom takes the inputs
/// (vtkLoomSettings::AccelerateParaViewFilters on), and vtkPStreamTracer's own code otherwise: several inputs on
/// the vector field's port, custom termination callbacks, an integrator of its own, Interpolator Type with a cell
/// locator, several MPI ranks (Loom's lines are whole, ParaView's split by rank), inputs and settings Loom Stream
/// Tracer sends to VTK (one info message per reason).
class LOOMFILTERS_EXPORT vtkLoomAcceleratedPStreamTracer : public vtkPStreamTracer
{
public:
  static vtkLoomAcceleratedPStreamTracer* New();
  vtkTypeMacro(vtkLoomAcceleratedPStreamTracer, vtkPStreamTracer);

protected:
  vtkLoomAcceleratedPStreamTracer() = default;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

private:
  vtkLoomAcceleratedPStreamTracer(const vtkLoomAcceleratedPStreamTracer&) = delete;
  void operator=(const vtkLoomAcceleratedPStreamTracer&) = delete;
};

#endif
