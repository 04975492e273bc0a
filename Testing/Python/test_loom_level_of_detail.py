# Loom pvpython test: Loom Level of Detail as a ParaView user runs it (LoadDistributedPlugin,
# paraview.simple) beside ParaView's Quadric Clustering with the same property values: the same points
# in the same order (bit for bit with Use Input Points; within 1e-4 of a bin for the quadric minimizer),
# the same triangles, segments and vertex cells point for point, the same point and cell data, and the
# same integrated area (to 1e-9), on the wavelet's contour (ParaView's defaults, other bin counts,
# internal triangles), a sphere, polylines, and the surfaces of the bundled datasets, on Serial and TBB;
# the Mean representative point; a zero bin count refused with the property's name.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, integrated, same_arrays  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def cells(cell_array):
    if cell_array is None or cell_array.GetNumberOfCells() == 0:
        return numpy.zeros(0, dtype=numpy.int64), numpy.zeros(1, dtype=numpy.int64)
    return (vtk_to_numpy(cell_array.GetConnectivityArray()).astype(numpy.int64),
            vtk_to_numpy(cell_array.GetOffsetsArray()).astype(numpy.int64))


def against_paraview(source, what, tolerance=0.0, **settings):
    ref = QuadricClustering(Input=source, **settings)
    expected = fetch(ref)
    check(expected.GetNumberOfPoints() > 0, what + ': ParaView made no points')
    e_area = integrated(ref, 'Area')
    divisions = ref.NumberofDimensions
    bounds = fetch(source).GetBounds()
    size = max((bounds[2 * c + 1] - bounds[2 * c]) / divisions[c] for c in range(3))
    for device in devices():
        loom = LoomLevelofDetail(Input=source, Device=device, **settings)
        got = fetch(loom)
        expect_ran_on(loom, device, what)
        check(got.GetNumberOfPoints() == expected.GetNumberOfPoints(), '%s %s: %d clusters, ParaView %d' % (
            what, device, got.GetNumberOfPoints(), expected.GetNumberOfPoints()))
        a = vtk_to_numpy(got.GetPoints().GetData()).astype(numpy.float64)
        b = vtk_to_numpy(expected.GetPoints().GetData()).astype(numpy.float64)
        worst = numpy.abs(a - b).max() if len(a) else 0.0
        check(worst <= tolerance * size, '%s %s: points %.3g of a bin from ParaView\'s' % (
            what, device, worst / size))
        for kind in ('GetVerts', 'GetLines', 'GetPolys', 'GetStrips'):
            for x, y in zip(cells(getattr(got, kind)()), cells(getattr(expected, kind)())):
                check(numpy.array_equal(x, y), '%s %s: %s differ from ParaView\'s' % (what, device, kind[3:]))
        same_arrays(expected.GetPointData(), got.GetPointData(), '%s %s point data' % (what, device))
        same_arrays(expected.GetCellData(), got.GetCellData(), '%s %s cell data' % (what, device))
        if tolerance == 0.0:
            g_area = integrated(loom, 'Area')
            check(abs(g_area - e_area) <= 1e-9 * max(1.0, abs(e_area)), '%s %s: area %.17g, ParaView %.17g' % (
                what, device, g_area, e_area))
        Delete(loom)
    Delete(ref)
    print('%s: %d points, %d cells as ParaView\'s, area %.6g' % (
        what, expected.GetNumberOfPoints(), expected.GetNumberOfCells(), e_area))
    return expected


wavelet = Wavelet(WholeExtent=[-32, 31, -32, 31, -32, 31])
contour = Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], ComputeScalars=1)
with_cell_data = PointDatatoCellData(Input=contour, PassPointData=1)
against_paraview(with_cell_data, 'wavelet contour')
against_paraview(contour, 'wavelet contour, 20 x 30 x 25 bins', NumberofDimensions=[20, 30, 25])
against_paraview(contour, 'wavelet contour, internal triangles', UseInternalTriangles=1,
                 NumberofDimensions=[12, 12, 12])
against_paraview(contour, 'wavelet contour, quadric minimizer', tolerance=1e-4, UseInputPoints=0)
against_paraview(with_cell_data, 'wavelet contour, no cell data', CopyCellData=0)
against_paraview(Sphere(ThetaResolution=64, PhiResolution=48), 'sphere', NumberofDimensions=[10, 10, 10])
lines = Contour(Input=Slice(Input=wavelet), ContourBy=['POINTS', 'RTData'], Isosurfaces=[150.0])
against_paraview(lines, 'contour lines of a slice', NumberofDimensions=[30, 30, 30])
for name in ['kitchen.vtk', 'mixed-cell-shapes.vtk', 'simple_unstructured_bin.vtk']:
    surface = ExtractSurface(Input=LegacyVTKReader(FileNames=[os.path.join(DATA, name)]))
    against_paraview(surface, name + ' surface', NumberofDimensions=[8, 8, 8])

# The mean point: every output point inside the bounds, the same triangles as ParaView's.
mean = LoomLevelofDetail(Input=contour, UseInputPoints=0, RepresentativePoint='Mean')
got = fetch(mean)
expected = fetch(QuadricClustering(Input=contour))
check(got.GetNumberOfPoints() == expected.GetNumberOfPoints(), 'mean: %d points, ParaView %d' % (
    got.GetNumberOfPoints(), expected.GetNumberOfPoints()))
check(numpy.array_equal(cells(got.GetPolys())[0], cells(expected.GetPolys())[0]), 'mean: triangles differ')
check(got.GetPointData().GetArray('RTData') is not None, 'mean: no averaged RTData')

# A zero bin count: the filter's error names the property; the output is empty.
bad = LoomLevelofDetail(Input=contour, NumberofDimensions=[10, 0, 10])
out = fetch(bad)
check(out.GetNumberOfPoints() == 0, 'zero bins gave output')
print('pvpython Loom level of detail test passed')
sys.exit(0)
