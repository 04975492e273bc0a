// Loom plugin: LoomPluginInitialize.
#include "LoomPluginInitialize.h"

#include <vtkLoomSettings.h>

void LoomPluginInitialize()
{
  vtkLoomSettings::InstallAcceleration();
}
