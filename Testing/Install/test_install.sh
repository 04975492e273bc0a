#!/usr/bin/env bash
# Loom install test: `cmake --install` of the build into a temporary prefix, then a project outside the
# tree (external/) configured with find_package(Loom) against that prefix only, built and run.
# Arguments: Loom's build folder, the work folder (emptied).
set -euo pipefail
build=$1 work=$2
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
echo "installed: $(find "$work/prefix" -type f | wc -l) files"
for f in lib/cmake/loom/loom-config.cmake include/loom/loom/cont/ArrayHandle.h; do
  [ -f "$work/prefix/$f" ] || { echo "missing $f"; exit 1; }
done
ls "$work"/prefix/lib/paraview-*/plugins/Loom/Loom.so >/dev/null || { echo "the plugin is not in ParaView's plugin folder"; exit 1; }
find "$work/prefix" -name "vtkLoomContour.h" | grep -q . || { echo "the module's headers were not installed"; exit 1; }
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$here/external" -B "$work/external" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }
# The package must come from the prefix, not from the build tree.
grep -q "Loom_DIR:PATH=$work/prefix" "$work/external/CMakeCache.txt" ||
  { grep Loom_DIR "$work/external/CMakeCache.txt"; echo "Loom was not found in the prefix"; exit 1; }
cmake --build "$work/external" -j 2 >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
# The installed plugin in ParaView: the proxies load from the prefix, and `import loom` (the package the
# plugin ships) finds the installed wrapped module with no PYTHONPATH.
PV_PLUGIN_PATH="$(dirname "$(find "$work/prefix" -name Loom.so | head -1)")" pvpython -c "
from paraview.simple import *
import loom
c = LoomContour(Input=Wavelet(), ContourBy=['POINTS', 'RTData'], Isosurfaces=[157])
c.UpdatePipeline()
n = c.GetDataInformation().GetNumberOfCells()
print('installed plugin: Loom Contour', n, 'cells;', loom.vtkLoomExecution.GetLast(c.GetClientSideObject()).Describe())
assert n > 0 and loom.__path__[-1].startswith('$work/prefix'), loom.__path__
"
# The installed Python package (no proxies): the prefix on PYTHONPATH.
PYTHONPATH="$work/prefix" /usr/bin/python3 -c "
from loom import vtkLoomTetrahedralize, vtkLoomExecution
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource
s = vtkRTAnalyticSource(); t = vtkLoomTetrahedralize(); t.SetInputConnection(s.GetOutputPort()); t.Update()
print('installed Python package:', vtkLoomExecution.GetLast(t).Describe())
assert t.GetOutput().GetNumberOfCells() == 5 * 8000  # five per voxel, as ParaView
"
"$work/external/loom_external"
