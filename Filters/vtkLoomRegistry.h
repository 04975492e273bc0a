// Loom filters: the filter registry, read from Filters/registry.json when the build is configured: every
// Loom filter's class, proxy, label, ParaView's filter beside it, family, input types, page and test input.
#ifndef vtkLoomRegistry_h
#define vtkLoomRegistry_h

#include "LoomFiltersModule.h"

#include <vtkObject.h>
#include <vtkWrappingHints.h>

class vtkAlgorithm;

/// The one table of Loom's filters (Filters/registry.json). The C++ tests walk it to give every filter the
/// exit, progress and bad-input checks; the Python tests, the demo and the benchmarks read the JSON file
/// itself; Test.Registry checks it against the classes built and the plugin's proxies.
class LOOMFILTERS_EXPORT vtkLoomRegistry : public vtkObject
{
public:
  static vtkLoomRegistry* New();
  vtkTypeMacro(vtkLoomRegistry, vtkObject);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// How many filters the registry holds.
  static int GetNumberOfFilters();
  /// The index of the filter whose class, proxy or label is `name`, or -1.
  static int FindFilter(const char* name);

  ///@{
  /// Filter `index`'s entry (null out of range): its VTK class, ParaView proxy name and label, ParaView's
  /// own filter beside it (as paraview.simple names it), its worklet family (Worklets/loom/algorithms/),
  /// the VTK data types it takes (space-separated), its documentation page, and the input the tests give
  /// it (Wavelet, WaveletCells, WaveletContour or WaveletGradient).
  static const char* GetFilterClassName(int index);
  static const char* GetProxyName(int index);
  static const char* GetLabel(int index);
  static const char* GetParaViewProxyName(int index);
  static const char* GetFamily(int index);
  static const char* GetInputTypes(int index);
  static const char* GetDocumentation(int index);
  static const char* GetTestInput(int index);
  ///@}

  /// A new instance of filter `index` (the caller owns it), or null out of range.
  VTK_NEWINSTANCE static vtkAlgorithm* NewFilter(int index);

protected:
  vtkLoomRegistry() = default;
  ~vtkLoomRegistry() override = default;

private:
  vtkLoomRegistry(const vtkLoomRegistry&) = delete;
  void operator=(const vtkLoomRegistry&) = delete;
};

#endif
