// Loom plugin: what the plugin does when it loads, on every process (client, servers, MPI ranks).
#pragma once

/// Installs Loom's object factory (vtkLoomSettings::InstallAcceleration): ParaView's Contour, Gradient, Cell
/// Data to Point Data and Point Data to Cell Data then run on Loom while Accelerate ParaView Filters is on.
void LoomPluginInitialize();
