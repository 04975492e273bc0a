# Loom pvpython test: Loom Extract Surface as a ParaView user runs it (LoadDistributedPlugin,
# paraview.simple) beside ParaView's Extract Surface: the same faces as sets of point positions (each
# with its orientation and point values), the same counts of points and cells and the same area, on the
# wavelet as image, hexahedra and tetrahedra, a clipped wavelet (mixed cells) and the bundled datasets, on
# Serial and TBB; a script that makes the proxy with ParaView's property names.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def faces(surface):
    """{sorted point positions: (positions from the smallest, in order; RTData there)} and the area."""
    polys = surface.GetPolys()
    offsets = vtk_to_numpy(polys.GetOffsetsArray()).astype(numpy.int64)
    conn = vtk_to_numpy(polys.GetConnectivityArray()).astype(numpy.int64)
    points = vtk_to_numpy(surface.GetPoints().GetData()).astype(numpy.float32)
    rt = surface.GetPointData().GetArray('RTData')
    values = vtk_to_numpy(rt) if rt is not None else numpy.zeros(len(points))
    result, area = {}, 0.0
    for c in range(len(offsets) - 1):
        ids = conn[offsets[c]:offsets[c + 1]]
        cycle = [tuple(points[i]) for i in ids]
        first = min(range(len(cycle)), key=lambda v: cycle[v])
        order = [ids[(first + v) % len(ids)] for v in range(len(ids))]
        key = tuple(sorted(cycle))
        check(key not in result, 'a face twice')
        result[key] = (tuple(tuple(points[i]) for i in order), tuple(float(values[i]) for i in order))
        p = points[ids].astype(numpy.float64)
        for t in range(1, len(ids) - 1):
            area += 0.5 * numpy.linalg.norm(numpy.cross(p[t] - p[0], p[t + 1] - p[0]))
    return result, area


def against_paraview(source, what):
    ref = ExtractSurface(Input=source)
    expected = fetch(ref)
    e, e_area = faces(expected)
    check(len(e) > 0, what + ': ParaView made no faces')
    for device in devices():
        loom = LoomExtractSurface(Input=source, Device=device)
        got = fetch(loom)
        expect_ran_on(loom, device, what)
        g, g_area = faces(got)
        check(got.GetNumberOfPoints() == expected.GetNumberOfPoints(), '%s %s: %d points, ParaView %d' % (
            what, device, got.GetNumberOfPoints(), expected.GetNumberOfPoints()))
        check(got.GetNumberOfCells() == expected.GetNumberOfCells(), '%s %s: %d cells, ParaView %d' % (
            what, device, got.GetNumberOfCells(), expected.GetNumberOfCells()))
        check(g == e, '%s %s: the faces differ from ParaView\'s' % (what, device))
        check(abs(g_area - e_area) <= 1e-9 * e_area, '%s %s: area %.17g, ParaView %.17g' % (
            what, device, g_area, e_area))
        Delete(loom)
    Delete(ref)
    print('%s: %d faces as ParaView\'s, area %.6g' % (what, len(e), e_area))


wavelet = Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11])
against_paraview(wavelet, 'wavelet image')
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))
against_paraview(hexahedra, 'wavelet hexahedra')
against_paraview(Tetrahedralize(Input=wavelet), 'wavelet tetrahedra')
against_paraview(Clip(Input=hexahedra, ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=157.0),
                 'clipped wavelet (mixed cells)')
for name in ['kitchen.vtk', 'mixed-cell-shapes.vtk', 'wedge_cells.vtk', 'voxel_cells.vtk', 'simple_unstructured_bin.vtk']:
    against_paraview(LegacyVTKReader(FileNames=[os.path.join(DATA, name)]), name)

# ParaView's property names set on the Loom proxy, as a script switching filters would.
loom = LoomExtractSurface(Input=hexahedra, PieceInvariant=1, NonlinearSubdivisionLevel=1, FastMode=0,
                          RemoveGhostInterfaces=1)
check(fetch(loom).GetNumberOfCells() == fetch(ExtractSurface(Input=hexahedra)).GetNumberOfCells(),
      'ParaView\'s property names: not ParaView\'s cells')
print('pvpython Loom extract surface test passed')
sys.exit(0)
