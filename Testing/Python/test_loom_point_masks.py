# Loom pvpython test: the point mask of Loom Contour, Loom Slice and Loom Clip through ParaView's proxies
# (Mask Array, Mask Ids, a selection on the Selection input, Fill With NaN, Fill Value), on the wavelet as
# image and hexahedra, Serial and TBB.
# An output point is computed when every input point it is made from (with a non-zero weight) is selected:
# an indicator array (1 on selected points, -1e12 elsewhere) interpolated by the unmasked filter is 1 there.
# Masked outputs have the unmasked run's points and cells, its values at those points and NaN (or the fill
# value) elsewhere; the mask by ids and by a selection of the same points give the mask by array's output.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, wavelet_hexahedra  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def with_mask_arrays(source):
    selected = PythonCalculator(Input=source, ArrayName='Selected',
                                Expression='(inputs[0].PointData["RTData"] < 165.0) * 1')
    return PythonCalculator(Input=selected, ArrayName='Indicator',
                            Expression='where(inputs[0].PointData["Selected"] > 0, 1.0, -1.0e12)')


def array(data, name):
    a = data.GetPointData().GetArray(name)
    check(a is not None, 'no point array %s' % name)
    return vtk_to_numpy(a).astype(numpy.float64)


def masked_against_unmasked(what, source, make, names):
    data = fetch(source)
    ids = [int(i) for i in numpy.nonzero(array(data, 'Selected'))[0]]
    for device in devices():
        made = make(source, device, {})
        plain = fetch(made)
        expect_ran_on(made, device, what)
        n = plain.GetNumberOfPoints()
        check(n > 100, '%s: %d points' % (what, n))
        selected = numpy.abs(array(plain, 'Indicator') - 1.0) < 1e-9
        check(n // 20 < selected.sum() < n - n // 20, '%s: %d of %d points selected' % (what, selected.sum(), n))
        outputs = {}
        # A ParaView selection of the same points (IDSelectionSource, as SelectIDs makes) on the Selection input.
        selection = IDSelectionSource(IDs=[v for i in ids for v in (0, i)], FieldType='POINT')
        for how, properties in (('array', {'MaskArray': 'Selected'}), ('ids', {'MaskIds': ids}),
                                ('selection', {'Selection': selection}),
                                ('fill', {'MaskArray': 'Selected', 'FillWithNaN': 0, 'FillValue': -3.5})):
            masked = fetch(make(source, device, properties))
            check(masked.GetNumberOfPoints() == n and masked.GetNumberOfCells() == plain.GetNumberOfCells(),
                  '%s %s: not the unmasked run\'s points and cells' % (what, how))
            check(numpy.array_equal(vtk_to_numpy(masked.GetPoints().GetData()), vtk_to_numpy(plain.GetPoints().GetData())),
                  '%s %s: the points differ from the unmasked run\'s' % (what, how))
            for name in names:
                a, b = array(plain, name), array(masked, name)
                check(numpy.array_equal(b[selected], a[selected]), '%s %s %s: selected values differ' % (
                    what, how, name))
                if how == 'fill':
                    check(numpy.all(b[~selected] == -3.5), '%s %s: not the fill value' % (what, name))
                else:
                    check(numpy.all(numpy.isnan(b[~selected])), '%s %s %s: not NaN' % (what, how, name))
                outputs[(how, name)] = b
        for name in names:
            for how in ('ids', 'selection'):
                check(numpy.array_equal(outputs[('array', name)], outputs[(how, name)], equal_nan=True),
                      '%s %s: not the mask by array\'s output' % (what, how))
        print('%s %s: %d of %d points computed' % (what, device, selected.sum(), n))


image = with_mask_arrays(Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11]))
grid = PVTrivialProducer()
grid.GetClientSideObject().SetOutput(wavelet_hexahedra([-12, 11, -12, 11, -12, 11]))
hexahedra = with_mask_arrays(grid)
for layout, source in (('image', image), ('hexahedra', hexahedra)):
    masked_against_unmasked('contour ' + layout, source,
                            lambda s, d, p: LoomContour(Input=s, ContourBy=['POINTS', 'RTData'],
                                                        Isosurfaces=[157.0], Device=d, **p),
                            ['Indicator'])

    def slice_plane(s, d, p):
        f = LoomSlice(Input=s, Device=d, **p)
        f.SliceType.Origin = [0.3, 0.2, 0.1]
        f.SliceType.Normal = [1.0, 0.4, 0.2]
        return f
    masked_against_unmasked('slice ' + layout, source, slice_plane, ['RTData', 'Indicator'])

    def clip_plane(s, d, p):
        f = LoomClip(Input=s, Device=d, ClipType='Plane', **p)
        f.ClipType.Origin = [0.3, 0.2, 0.1]
        f.ClipType.Normal = [1.0, 0.4, 0.2]
        return f
    masked_against_unmasked('clip plane ' + layout, source, clip_plane, ['RTData', 'Indicator'])
    masked_against_unmasked('clip scalar ' + layout, source,
                            lambda s, d, p: LoomClip(Input=s, Device=d, ClipType='Scalar', Scalars=['POINTS', 'RTData'],
                                                     Value=157.0, **p),
                            ['RTData', 'Indicator'])
print('Loom point mask pvpython test passed')
sys.exit(0)
