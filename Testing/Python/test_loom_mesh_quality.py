# Loom pvpython test: Loom Mesh Quality as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Mesh Quality, with the same property names, defaults and enumeration texts: on the
# tetrahedral wavelet, the hexahedral and twisted hexahedral grids, a contour, the image and the bundled
# datasets, for every measure text of every shape, on Serial and TBB: the same Quality on every cell (1e-9
# relative, NaN where ParaView gives NaN) and the same statistics in the field data; then bad input.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, fetch_with_messages, reported  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402,F401
DATA = os.environ['LOOM_DATA_DIR']
SHAPES = ('Triangle', 'Quad', 'Tet', 'Pyramid', 'Wedge', 'Hex')
STATISTICS = ('Mesh Triangle Quality', 'Mesh Quadrilateral Quality', 'Mesh Tetrahedron Quality',
              'Mesh Pyramid Quality', 'Mesh Wedge Quality', 'Mesh Hexahedron Quality')


def texts(proxy, shape):
    """The enumeration texts of a shape's measure property."""
    return list(proxy.GetProperty('%sQualityMeasure' % shape).Available)


def same(expected, got):
    both_nan = numpy.isnan(expected) & numpy.isnan(got)
    close = numpy.abs(expected - got) <= 1e-9 * numpy.maximum(numpy.abs(expected), numpy.abs(got)) + 1e-12
    return bool(numpy.all(both_nan | close))


def compare(source, what, rounds):
    ref = MeshQuality(Input=source)
    loom_proxy = LoomMeshQuality(Input=source)
    # ParaView's enumeration texts, each a Loom text too (Loom adds quads' Maximum Angle, VTK's).
    for shape in SHAPES:
        missing = set(texts(ref, shape)) - set(texts(loom_proxy, shape))
        check(not missing, '%s: texts ParaView has and Loom lacks: %s' % (shape, sorted(missing)))
        check(ref.GetPropertyValue('%sQualityMeasure' % shape) == loom_proxy.GetPropertyValue('%sQualityMeasure' % shape),
              '%s: default differs' % shape)
    Delete(loom_proxy)
    for r in rounds:
        props = {}
        for shape in SHAPES:
            names = [t for t in texts(ref, shape) if not (shape == 'Wedge' and t == 'Shape')]
            props['%sQualityMeasure' % shape] = names[r % len(names)]
        for k, v in props.items():
            ref.SetPropertyWithName(k, v)
        expected = fetch(ref)
        e_quality = vtk_to_numpy(expected.GetCellData().GetArray('Quality'))
        for device in devices():
            at = '%s round %d on %s' % (what, r, device)
            lq = LoomMeshQuality(Input=source, Device=device, **props)
            got = fetch(lq)
            expect_ran_on(lq, device, at)
            g_quality = vtk_to_numpy(got.GetCellData().GetArray('Quality'))
            check(g_quality.shape == e_quality.shape and same(e_quality, g_quality), '%s: Quality differs' % at)
            for name in STATISTICS:
                e = vtk_to_numpy(expected.GetFieldData().GetArray(name))[0]
                g = vtk_to_numpy(got.GetFieldData().GetArray(name))[0]
                tol = numpy.array([1e-9, 1e-9, 1e-9, 1e-7, 0]) * numpy.maximum(numpy.abs(e), 1e-3 * e[1] ** 2 + 1e-12)
                check(numpy.all((numpy.abs(e - g) <= tol) | (numpy.isnan(e) & numpy.isnan(g))),
                      '%s: %s %s, ParaView %s' % (at, name, g, e))
            Delete(lq)
    Delete(ref)


wavelet = Wavelet(WholeExtent=[-8, 8, -8, 8, -8, 8])
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))
twisted = Calculator(Input=hexahedra, CoordinateResults=1,
                     Function='(coordsX+0.3*sin(coordsY))*iHat+(coordsY+0.3*sin(coordsZ+coordsX))*jHat+'
                              '(coordsZ+0.3*sin(coordsX))*kHat')
tets = Tetrahedralize(Input=twisted)
compare(tets, 'tetrahedral wavelet', range(20))
compare(twisted, 'twisted hexahedra', range(21))
compare(ExtractSurface(Input=twisted), 'twisted quadrilateral surface', range(24))
compare(Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0]), 'contour', range(15))
compare(wavelet, 'image (NaN)', (0,))
for name in ('mixed-cell-shapes.vtk', 'kitchen.vtk'):
    compare(LegacyVTKReader(FileNames=[os.path.join(DATA, name)]), name, range(0, 11, 2))
compare(LegacyVTKReader(FileNames=[os.path.join(DATA, 'wedge_cells.vtk')]), 'wedge_cells.vtk', range(10))

# Bad input: a measure number a shape does not offer (from a script or a state file): ParaView's default for
# the shape with a warning naming the filter and the property; an empty input, empty.
odd = LoomMeshQuality(Input=tets)
odd.GetProperty('TetQualityMeasure').SetData(99)
out, messages = fetch_with_messages(odd)
check(reported(messages, 'Loom Mesh Quality: Tet Quality Measure 99', kind='Warning'), messages)
radius = fetch(MeshQuality(Input=tets, TetQualityMeasure='Radius Ratio'))
check(same(vtk_to_numpy(radius.GetCellData().GetArray('Quality')), vtk_to_numpy(out.GetCellData().GetArray('Quality'))),
      'measure 99: not Radius Ratio')
empty = LoomMeshQuality(Input=Threshold(Input=hexahedra, Scalars=['POINTS', 'RTData'], LowerThreshold=1000,
                                        UpperThreshold=2000))
out, messages = fetch_with_messages(empty)
check(out.GetNumberOfCells() == 0 and not messages, 'empty input: %d cells, %r' % (out.GetNumberOfCells(), messages))
print('pvpython Loom mesh quality test passed')
