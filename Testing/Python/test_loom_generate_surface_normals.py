# Loom pvpython test: Loom Generate Surface Normals as a ParaView user runs it (LoadDistributedPlugin,
# paraview.simple) beside ParaView's Generate Surface Normals with the same property names and defaults: on the
# wavelet's contour, its surface and a sphere, for several settings, on Serial and TBB: the same points, the same
# polygons point for point and the same Normals (point and cell) to the bit; then bad input.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, fetch_with_messages, reported  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402,F401

PROPERTIES = ('FeatureAngle', 'Splitting', 'Consistency', 'FlipNormals', 'NonManifoldTraversal', 'ComputeCellNormals',
              'PieceInvariant')


def arrays(data):
    """Points, polygon connectivity and offsets, and every point and cell array, as numpy arrays."""
    out = {'points': vtk_to_numpy(data.GetPoints().GetData()),
           'connectivity': vtk_to_numpy(data.GetPolys().GetConnectivityArray()).astype(numpy.int64),
           'offsets': vtk_to_numpy(data.GetPolys().GetOffsetsArray()).astype(numpy.int64)}
    for kind, attributes in (('point', data.GetPointData()), ('cell', data.GetCellData())):
        for i in range(attributes.GetNumberOfArrays()):
            out['%s %s' % (kind, attributes.GetArrayName(i))] = vtk_to_numpy(attributes.GetArray(i))
    return out


def compare(source, what, settings):
    reference = GenerateSurfaceNormals(Input=source)
    proxy = LoomGenerateSurfaceNormals(Input=source)
    for name in PROPERTIES:  # ParaView's properties and defaults
        check(reference.GetPropertyValue(name) == proxy.GetPropertyValue(name),
              '%s: %s default differs' % (what, name))
    Delete(proxy)
    Delete(reference)
    for props in settings:
        reference = GenerateSurfaceNormals(Input=source, **props)
        expected = arrays(fetch(reference))
        for device in devices():
            at = '%s %r on %s' % (what, props, device)
            loom_proxy = LoomGenerateSurfaceNormals(Input=source, Device=device, **props)
            got = arrays(fetch(loom_proxy))
            expect_ran_on(loom_proxy, device, at)
            check(sorted(expected) == sorted(got), '%s: arrays %s, ParaView %s' % (at, sorted(got), sorted(expected)))
            for key in expected:
                check(expected[key].shape == got[key].shape and numpy.array_equal(expected[key], got[key]),
                      '%s: %s differs' % (at, key))
            Delete(loom_proxy)
        Delete(reference)


wavelet = Wavelet(WholeExtent=[-10, 10, -10, 10, -10, 10])
contour = Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[150.0, 200.0])
SETTINGS = [{}, {'FeatureAngle': 10.0}, {'FeatureAngle': 75.0, 'ComputeCellNormals': 1},
            {'FlipNormals': 1}, {'Consistency': 0, 'FlipNormals': 1}, {'Splitting': 0, 'NonManifoldTraversal': 0}]
compare(contour, 'contour', SETTINGS)
compare(ExtractSurface(Input=wavelet), 'surface', SETTINGS[:3])
compare(Sphere(ThetaResolution=30, PhiResolution=20), 'sphere', SETTINGS[:3])

# Bad input: an empty input gives an empty output silently; a feature angle past 180 (a script) is clamped as
# ParaView's is.
empty = LoomGenerateSurfaceNormals(Input=Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[1000.0]))
out, messages = fetch_with_messages(empty)
check(out.GetNumberOfCells() == 0 and not messages, 'empty input: %d cells, %r' % (out.GetNumberOfCells(), messages))
wide = LoomGenerateSurfaceNormals(Input=contour)
wide.GetProperty('FeatureAngle').SetData(400.0)
reference = GenerateSurfaceNormals(Input=contour)
reference.GetProperty('FeatureAngle').SetData(400.0)
check(fetch(wide).GetNumberOfPoints() == fetch(reference).GetNumberOfPoints(), 'feature angle 400')
print('pvpython Loom generate surface normals test passed')
