// Loom filter tests: the outputs of every Loom filter of the registry (on the CPU devices) held by a global container
// that the C++ runtime destroys after every static object Loom made while the program ran, then the
// program ends by returning from main or by std::exit(code). VTK frees the arrays Loom handed its memory
// to at that point; the exit status must be the code (a crash gives a signal, a hang the test's timeout).
// Usage: loom_exit_test CODE return|exit
#include "LoomRegistryTesting.h"

#include <vtkLoomRegistry.h>
#include <vtkLoomSettings.h>

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkDataSet.h>
#include <vtkTable.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

namespace
{
// Made before main runs, so destroyed after the function-local statics Loom makes during main.
std::vector<vtkSmartPointer<vtkDataObject>> Kept;

void Keep(vtkAlgorithm* filter, vtkDataObject* input, const char* name)
{
  filter->SetInputDataObject(input);
  filter->Update();
  vtkDataObject* made = filter->GetOutputDataObject(0);
  auto* output = vtkDataSet::SafeDownCast(made);
  auto* table = vtkTable::SafeDownCast(made); // Histogram: its bins
  if ((!output || output->GetNumberOfCells() == 0) && (!table || table->GetNumberOfRows() == 0))
  {
    std::cerr << name << " made no cells\n";
    std::exit(1);
  }
  Kept.emplace_back(output);
}
} // namespace

int main(int argc, char* argv[])
{
  if (argc != 3)
    return 2;
  const int code = std::atoi(argv[1]);
  const bool viaExit = !std::strcmp(argv[2], "exit");
  // Every filter of the registry on its test input, on each CPU device (the process-wide default that
  // Device Auto follows).
  for (int device : { 1, 2 })
  {
    vtkLoomSettings::GetInstance()->SetDefaultDevice(device);
    for (int i = 0; i < vtkLoomRegistry::GetNumberOfFilters(); ++i)
    {
      vtkSmartPointer<vtkAlgorithm> filter;
      filter.TakeReference(vtkLoomRegistry::NewFilter(i));
      if (!loomtest::SetUpForTests(filter))
      {
        std::cerr << vtkLoomRegistry::GetFilterClassName(i) << ": no test setup in LoomRegistryTesting.h\n";
        return 1;
      }
      Keep(filter, loomtest::RegistryInput(vtkLoomRegistry::GetTestInput(i)), vtkLoomRegistry::GetLabel(i));
    }
  }
  vtkLoomSettings::GetInstance()->SetDefaultDevice(0);
  std::cout << "kept " << Kept.size() << " Loom outputs; leaving with " << code << " by "
            << (viaExit ? "std::exit" : "return") << std::endl;
  if (viaExit)
    std::exit(code);
  return code;
}
