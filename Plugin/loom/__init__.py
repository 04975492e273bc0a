"""Loom's VTK classes in ParaView's Python (pvpython, pvbatch, the client's Python shell), shipped inside the
Loom plugin: once the plugin is loaded, `import loom` gives the wrapped classes (vtkLoomExecution to read
where a filter ran, vtkLoomSettings, every vtkLoom* filter) with no PYTHONPATH.

    from paraview.simple import *
    LoadDistributedPlugin('Loom', ns=globals())
    import loom
    contour = LoomContour(Input=Wavelet(), ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0])
    contour.UpdatePipeline()
    print(loom.vtkLoomExecution.GetLast(contour.GetClientSideObject()).Describe())

The compiled module (LoomFilters) lies in the `loom` folder of the root above the plugin's library folder, in
the build tree and in an installed prefix alike (<root>/lib/paraview-5.11/plugins/Loom/Loom.so, <root>/loom/).
"""
import glob as _glob
import os as _os


def _compiled_folder():
    from paraview.modules.vtkRemotingCore import vtkPVPluginTracker

    tracker = vtkPVPluginTracker.GetInstance()
    for index in range(tracker.GetNumberOfPlugins()):
        if tracker.GetPluginName(index) != 'Loom' or not tracker.GetPluginLoaded(index):
            continue
        # Up from the plugin's folder (Loom/, plugins/, paraview-5.11/, then the library folder, one or more
        # levels: lib/ or lib/x86_64-linux-gnu/) to the root that holds loom/.
        plugin = _os.path.abspath(tracker.GetPluginFileName(index))
        root = _os.path.dirname(plugin)
        while root != _os.path.dirname(root):
            root = _os.path.dirname(root)
            folder = _os.path.join(root, 'loom')
            if _glob.glob(_os.path.join(folder, 'LoomFilters*.so')):
                return folder
        raise ImportError("loom: the Loom plugin was loaded from %s, but no folder above it holds Loom's Python "
                          "module (loom/LoomFilters*.so; a build with LOOM_WRAP_PYTHON=OFF?)" % plugin)
    raise ImportError("loom: load the Loom plugin first (LoadDistributedPlugin('Loom', ns=globals()), or "
                      "PV_PLUGIN_PATH), or put the folder that holds loom/ on PYTHONPATH")


__path__.append(_compiled_folder())
from .LoomFilters import *  # noqa: E402,F401,F403
