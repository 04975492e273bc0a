# Loom pvpython test: Loom Clean to Grid as a ParaView user runs it (LoadDistributedPlugin,
# paraview.simple) beside ParaView's Clean to Grid: the same points in the same order, the same cells
# (types, offsets, point ids), the same point and cell data, and the same integrated volume (to 1e-9), on
# the 8 octants of the hexahedral wavelet appended without merging (points duplicated on the seams), the
# wavelet image and its tetrahedra and the bundled datasets, on Serial and TBB; ParaView's property
# names (Tolerance, AbsoluteTolerance, ToleranceIsAbsolute) on the Loom proxy.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, integrated, same_arrays  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def against_paraview(source, what, **settings):
    ref = CleantoGrid(Input=source, **settings)
    expected = fetch(ref)
    check(expected.GetNumberOfCells() > 0, what + ': ParaView made no cells')
    e_volume = integrated(ref, 'Volume')
    for device in devices():
        loom = LoomCleantoGrid(Input=source, Device=device, **settings)
        got = fetch(loom)
        expect_ran_on(loom, device, what)
        check(got.GetNumberOfPoints() == expected.GetNumberOfPoints(), '%s %s: %d points, ParaView %d' % (
            what, device, got.GetNumberOfPoints(), expected.GetNumberOfPoints()))
        check(got.GetNumberOfCells() == expected.GetNumberOfCells(), '%s %s: %d cells, ParaView %d' % (
            what, device, got.GetNumberOfCells(), expected.GetNumberOfCells()))
        check(numpy.array_equal(vtk_to_numpy(got.GetPoints().GetData()), vtk_to_numpy(expected.GetPoints().GetData())),
            '%s %s: the points differ from ParaView\'s' % (what, device))
        for name in ('GetOffsetsArray', 'GetConnectivityArray'):
            a = vtk_to_numpy(getattr(got.GetCells(), name)()).astype(numpy.int64)
            b = vtk_to_numpy(getattr(expected.GetCells(), name)()).astype(numpy.int64)
            check(numpy.array_equal(a, b), '%s %s: the cells differ from ParaView\'s (%s)' % (what, device, name))
        check(numpy.array_equal(vtk_to_numpy(got.GetCellTypesArray()), vtk_to_numpy(expected.GetCellTypesArray())),
            '%s %s: the cell types differ' % (what, device))
        same_arrays(expected.GetPointData(), got.GetPointData(), '%s %s point data' % (what, device))
        same_arrays(expected.GetCellData(), got.GetCellData(), '%s %s cell data' % (what, device))
        g_volume = integrated(loom, 'Volume')
        check(abs(g_volume - e_volume) <= 1e-9 * max(1.0, abs(e_volume)), '%s %s: volume %.17g, ParaView %.17g' % (
            what, device, g_volume, e_volume))
        Delete(loom)
    Delete(ref)
    print('%s: %d points, %d cells as ParaView\'s, volume %.6g' % (
        what, expected.GetNumberOfPoints(), expected.GetNumberOfCells(), e_volume))
    return expected


wavelet = Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11])
blocks = []
for k in (0, 1):
    for j in (0, 1):
        for i in (0, 1):
            voi = []
            for side in (i, j, k):
                voi += [-12, 0] if side == 0 else [0, 11]
            blocks.append(AppendDatasets(Input=ImageDatatoPointSet(Input=ExtractSubset(Input=wavelet, VOI=voi))))
octants = AppendDatasets(Input=blocks)
appended = fetch(octants)
cleaned = against_paraview(octants, 'octants of the hexahedral wavelet')
check(cleaned.GetNumberOfPoints() == 24 ** 3 < appended.GetNumberOfPoints(), 'the seams were not merged')
against_paraview(octants, 'octants, absolute tolerance 0.25', ToleranceIsAbsolute=1, AbsoluteTolerance=0.25)
against_paraview(octants, 'octants, relative tolerance 0.01', Tolerance=0.01)
against_paraview(wavelet, 'wavelet image')
against_paraview(Tetrahedralize(Input=wavelet), 'wavelet tetrahedra')
for name in ['kitchen.vtk', 'mixed-cell-shapes.vtk', 'wedge_cells.vtk', 'voxel_cells.vtk', 'simple_unstructured_bin.vtk']:
    against_paraview(LegacyVTKReader(FileNames=[os.path.join(DATA, name)]), name)
print('pvpython Loom clean to grid test passed')
sys.exit(0)
