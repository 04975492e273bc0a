# Loom pvpython test: Loom Elevation, Loom Warp By Scalar, Loom Warp By Vector and Loom Transform as a ParaView
# user runs them (LoadDistributedPlugin, paraview.simple) beside ParaView's Elevation, Warp By Scalar, Warp By
# Vector and Transform with the same property values: the same output type, points (float, as ParaView's:
# 1e-12 relative) and elevation values (float), Transform's arrays in ParaView's order with its values (1e-6
# relative; Transform All Input Vectors on and off), on the wavelet as image and hexahedra, its contour
# (normals) and the bundled datasets, Serial and TBB; masks (1% of the points by ids: the others keep their
# positions).
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def points(data):
    if data.IsA('vtkPointSet'):
        return vtk_to_numpy(data.GetPoints().GetData()).astype(numpy.float64)
    return numpy.array([data.GetPoint(i) for i in range(data.GetNumberOfPoints())])


def against_paraview(make_ref, make_loom, what, elevation=False, tolerance=1e-12):
    expected = fetch(make_ref())
    for device in devices():
        loom = make_loom(device)
        got = fetch(loom)
        expect_ran_on(loom, device, what)
        check(got.GetClassName() == expected.GetClassName(), '%s %s: %s, ParaView %s' % (
            what, device, got.GetClassName(), expected.GetClassName()))
        check(got.GetNumberOfPoints() == expected.GetNumberOfPoints(), '%s %s: %d points, ParaView %d' % (
            what, device, got.GetNumberOfPoints(), expected.GetNumberOfPoints()))
        if elevation:
            a = vtk_to_numpy(got.GetPointData().GetArray('Elevation'))
            b = vtk_to_numpy(expected.GetPointData().GetArray('Elevation'))
            check(a.dtype == b.dtype and numpy.abs(a - b).max() <= 1e-6, '%s %s: elevation differs' % (
                what, device))
        else:
            a, b = points(got), points(expected)
            scale = max(1.0, numpy.abs(b).max())
            check(numpy.abs(a - b).max() <= tolerance * scale, '%s %s: points differ by %g' % (
                what, device, numpy.abs(a - b).max()))
            if expected.IsA('vtkPointSet'):
                check(got.GetPoints().GetDataType() == expected.GetPoints().GetDataType(),
                      '%s %s: not ParaView\'s point type' % (what, device))
        Delete(loom)
    print('%s: %d points as ParaView\'s' % (what, expected.GetNumberOfPoints()))


wavelet = Wavelet(WholeExtent=[-10, 10, -9, 9, -8, 8])
velocity = Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'], ResultArrayName='V')
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=velocity))
contour = Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], ComputeNormals=1,
                  ComputeScalars=1)
inputs = [('image', velocity), ('hexahedra', hexahedra), ('contour', contour)]
for name in ('wedge_cells.vtk', 'voxel_cells.vtk', 'kitchen.vtk'):
    inputs.append((name, LegacyVTKReader(FileNames=[os.path.join(DATA, name)])))

for what, source in inputs:
    data = fetch(source)
    tolerance = 1e-12
    bounds = data.GetBounds()
    low, high = [bounds[0], bounds[2], bounds[4]], [bounds[1], bounds[3], bounds[5]]
    settings = dict(LowPoint=low, HighPoint=[0.5 * (low[c] + high[c]) for c in range(3)], ScalarRange=[2.0, -1.0])
    against_paraview(lambda: Elevation(Input=source, **settings),
                     lambda d: LoomElevation(Input=source, Device=d, **settings), '%s elevation' % what, elevation=True)
    scalars = [data.GetPointData().GetArray(i) for i in range(data.GetPointData().GetNumberOfArrays())]
    scalar = next((a.GetName() for a in scalars if a is not None and a.GetNumberOfComponents() == 1), None)
    vector = next((a.GetName() for a in scalars if a is not None and a.GetNumberOfComponents() == 3), None)
    if scalar:
        for extra in (dict(), dict(UseNormal=1, Normal=[0.2, 0.3, -0.9])):
            s = dict(Scalars=['POINTS', scalar], ScaleFactor=0.01, **extra)
            against_paraview(lambda: WarpByScalar(Input=source, **s),
                             lambda d: LoomWarpByScalar(Input=source, Device=d, **s),
                             '%s warp by %s %s' % (what, scalar, extra), tolerance=tolerance)
    if vector:
        v = dict(Vectors=['POINTS', vector], ScaleFactor=0.5)
        against_paraview(lambda: WarpByVector(Input=source, **v),
                         lambda d: LoomWarpByVector(Input=source, Device=d, **v),
                         '%s warp by %s' % (what, vector), tolerance=tolerance)


def arrays_as_paraview(expected, got, what):
    for side in ('GetPointData', 'GetCellData'):
        e, g = getattr(expected, side)(), getattr(got, side)()
        names = [e.GetAbstractArray(i).GetName() for i in range(e.GetNumberOfArrays())]
        check(names == [g.GetAbstractArray(i).GetName() for i in range(g.GetNumberOfArrays())],
              '%s: %s arrays %s, ParaView %s' % (what, side, [g.GetAbstractArray(i).GetName()
                                                             for i in range(g.GetNumberOfArrays())], names))
        for i in range(e.GetNumberOfArrays()):
            a, b = e.GetArray(i), g.GetArray(i)
            if a is None:
                continue
            x, y = vtk_to_numpy(a).astype(numpy.float64), vtk_to_numpy(b).astype(numpy.float64)
            check(a.GetDataType() == b.GetDataType() and x.shape == y.shape and
                  numpy.all(numpy.abs(x - y) <= 1e-6 * numpy.maximum(1.0, numpy.abs(x))),
                  '%s: %s array %s differs' % (what, side, a.GetName()))


def transformed(filter_, all_vectors):
    filter_.TransformAllInputVectors = all_vectors
    filter_.Transform = 'Transform'
    filter_.Transform.Translate = [1.5, -2.0, 0.25]
    filter_.Transform.Rotate = [20.0, -35.0, 10.0]
    filter_.Transform.Scale = [2.0, 0.5, 1.25]
    return filter_


for what, source in inputs:
    for all_vectors in (1, 0):
        name = '%s transform%s' % (what, ', all vectors' if all_vectors else '')
        reference = transformed(Transform(Input=source), all_vectors)
        expected = fetch(reference)
        against_paraview(lambda: transformed(Transform(Input=source), all_vectors),
                         lambda d: transformed(LoomTransform(Input=source, Device=d), all_vectors), name,
                         tolerance=1e-6)
        for device in devices():
            loom = transformed(LoomTransform(Input=source, Device=device), all_vectors)
            arrays_as_paraview(expected, fetch(loom), '%s %s' % (name, device))
            Delete(loom)
        Delete(reference)

# A mask: 1% of the hexahedra's points move, the others stay.
n = fetch(hexahedra).GetNumberOfPoints()
ids = list(range(0, n, 100))
moved = points(fetch(WarpByVector(Input=hexahedra, Vectors=['POINTS', 'V'])))
masked = points(fetch(LoomWarpByVector(Input=hexahedra, Vectors=['POINTS', 'V'], MaskIds=ids)))
original = points(fetch(hexahedra))
selected = numpy.zeros(n, dtype=bool)
selected[ids] = True
check(numpy.allclose(masked[selected], moved[selected], rtol=0, atol=1e-12), 'masked warp: selected points')
check(numpy.array_equal(masked[~selected], original[~selected]), 'masked warp: unselected points moved')
print('mask: %d of %d points moved as ParaView\'s, the others kept' % (len(ids), n))
print('Loom point map pvpython test passed')
sys.exit(0)
