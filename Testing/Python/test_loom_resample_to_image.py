# Loom pvpython test: LoomResampleToImage as a ParaView user runs it (LoadDistributedPlugin,
# paraview.simple) beside ParaView's Resample To Image, with ParaView's property names: the wavelet as image,
# hexahedra and tetrahedra, input bounds and bounds partly outside, a flat axis: the same image, every array
# point for point (1e-6 relative), the same valid-point mask and ghost flags; the proxy's defaults.
import os
import sys

from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, sampling_sources  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def arrays(data, side):
    attributes = data.GetPointData() if side == 'points' else data.GetCellData()
    return [(attributes.GetArrayName(i), attributes.GetArray(i)) for i in range(attributes.GetNumberOfArrays())]


def against_paraview(source, what, **properties):
    reference = fetch(ResampleToImage(Input=source, **properties))
    for device in devices():
        loom = LoomResampleToImage(Input=source, Device=device, **properties)
        out = fetch(loom)
        expect_ran_on(loom, device, what)
        at = '%s (%s)' % (what, device)
        check(out.GetDimensions() == reference.GetDimensions() and out.GetOrigin() == reference.GetOrigin() and
              out.GetSpacing() == reference.GetSpacing(), at + ': another image')
        for side in ('points', 'cells'):
            a, b = arrays(reference, side), arrays(out, side)
            check([n for n, _ in a] == [n for n, _ in b], '%s %s arrays: %s vs %s' % (
                at, side, [n for n, _ in b], [n for n, _ in a]))
            for (name, x), (_, y) in zip(a, b):
                check(x.GetDataType() == y.GetDataType(), '%s %s: type' % (at, name))
                u, v = vtk_to_numpy(x).astype(float), vtk_to_numpy(y).astype(float)
                bad = abs(u - v) > 1e-6 * abs(u).clip(1e-300)
                check(not bad.any(), '%s %s: %d values differ' % (at, name, bad.sum()))
    return int(vtk_to_numpy(reference.GetPointData().GetArray('vtkValidPointMask')).sum())


sources = sampling_sources(sys.modules["paraview.simple"])
(with_cells, _), (hexahedra, _), (tetrahedra, _) = sources
for source, what in sources:
    valid = against_paraview(source, what, SamplingDimensions=[23, 19, 17])
    check(valid == 23 * 19 * 17, '%s: %d valid points' % (what, valid))
    partly = against_paraview(source, what + ', bounds partly outside', UseInputBounds=0,
                              SamplingBounds=[-12, 4, -3, 11, -8, 8], SamplingDimensions=[17, 15, 9])
    check(0 < partly < 17 * 15 * 9, '%s: %d valid points with bounds partly outside' % (what, partly))
    against_paraview(source, what + ', a flat axis', SamplingDimensions=[17, 9, 1])

# ParaView's defaults on the proxy (100^3 points, the input's bounds).
loom = LoomResampleToImage(Input=with_cells)
check(list(loom.SamplingDimensions) == [100, 100, 100] and loom.UseInputBounds == 1, 'the proxy\'s defaults')
check(fetch(loom).GetNumberOfPoints() == 100 ** 3, 'the default image')

print('pvpython Loom resample to image test passed')
