// Loom filters: the filter registry (vtkLoomRegistry.h) on the table the build made from registry.json.
#include "vtkLoomRegistry.h"

#include <vtkAlgorithm.h>
#include <vtkObjectFactory.h>

#include <cstring>

vtkStandardNewMacro(vtkLoomRegistry);

namespace
{
struct Entry
{
  const char* ClassName;
  const char* Proxy;
  const char* Label;
  const char* ParaView;
  const char* Family;
  const char* Inputs;
  const char* Documentation;
  const char* TestInput;
  vtkAlgorithm* (*Make)();
};

template <typename Filter>
vtkAlgorithm* Make()
{
  return Filter::New();
}
} // namespace

// The includes and `const Entry Entries[]`, written by Filters/CMakeLists.txt from registry.json.
#include "LoomRegistryTable.h"

namespace
{
constexpr int Count = static_cast<int>(sizeof(Entries) / sizeof(Entries[0]));
const Entry* At(int index)
{
  return index >= 0 && index < Count ? &Entries[index] : nullptr;
}
} // namespace

int vtkLoomRegistry::GetNumberOfFilters()
{
  return Count;
}

int vtkLoomRegistry::FindFilter(const char* name)
{
  for (int i = 0; name && i < Count; ++i)
    if (!std::strcmp(name, Entries[i].ClassName) || !std::strcmp(name, Entries[i].Proxy) ||
        !std::strcmp(name, Entries[i].Label))
      return i;
  return -1;
}

#define LOOM_REGISTRY_FIELD(method, field)                                                                            \
  const char* vtkLoomRegistry::method(int index)                                                                       \
  {                                                                                                                    \
    const Entry* e = At(index);                                                                                        \
    return e ? e->field : nullptr;                                                                                     \
  }
LOOM_REGISTRY_FIELD(GetFilterClassName, ClassName)
LOOM_REGISTRY_FIELD(GetProxyName, Proxy)
LOOM_REGISTRY_FIELD(GetLabel, Label)
LOOM_REGISTRY_FIELD(GetParaViewProxyName, ParaView)
LOOM_REGISTRY_FIELD(GetFamily, Family)
LOOM_REGISTRY_FIELD(GetInputTypes, Inputs)
LOOM_REGISTRY_FIELD(GetDocumentation, Documentation)
LOOM_REGISTRY_FIELD(GetTestInput, TestInput)
#undef LOOM_REGISTRY_FIELD

vtkAlgorithm* vtkLoomRegistry::NewFilter(int index)
{
  const Entry* e = At(index);
  return e ? e->Make() : nullptr;
}

void vtkLoomRegistry::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  for (int i = 0; i < Count; ++i)
    os << indent << Entries[i].ClassName << ": " << Entries[i].Proxy << " (" << Entries[i].Label << "), family "
       << Entries[i].Family << "\n";
}
