# Loom pvpython test: LoomTetrahedralize as a ParaView user runs it (LoadDistributedPlugin,
# paraview.simple) beside ParaView's Tetrahedralize on the wavelet (image and hexahedra) and the bundled
# datasets: cell counts, total volume, every tetrahedron positive, cell data copied, bad input.
import os
import sys

from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def tet_volumes(proxy):
    quality = MeshQuality(Input=proxy, TetQualityMeasure='Volume')
    return vtk_to_numpy(fetch(quality).GetCellData().GetArray('Quality'))


def against_paraview(source, what, counts_match_five=False):
    source.UpdatePipeline()
    cells = fetch(source).GetNumberOfCells()
    reference = Tetrahedralize(Input=source)
    ref_volume = abs(tet_volumes(reference)).sum()
    for split, per in (('Six Tetrahedra', 6), ('Five Tetrahedra', 5)):
        for device in devices():
            loom = LoomTetrahedralize(Input=source, HexahedronSplit=split, Device=device)
            out = fetch(loom)
            expect_ran_on(loom, device, what)
            if per:
                check(out.GetNumberOfCells() == per * cells, '%s %s: %d cells' % (
                    what, split, out.GetNumberOfCells()))
            if per == 5 and counts_match_five:
                check(out.GetNumberOfCells() == fetch(reference).GetNumberOfCells(),
                      what + ': counts differ from ParaView')
            volumes = tet_volumes(loom)
            check(volumes.min() > 0, '%s %s: a tetrahedron is not positive' % (what, split))
            check(abs(volumes.sum() - ref_volume) <= 1e-9 * ref_volume, '%s %s: volume %r vs %r' % (
                what, split, volumes.sum(), ref_volume))
            Delete(loom)


wavelet = Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])
against_paraview(wavelet, 'wavelet image', counts_match_five=True)
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))
against_paraview(hexahedra, 'wavelet hexahedra')
for name in ['voxel_cells.vtk', 'wedge_cells.vtk']:
    reader = LegacyVTKReader(FileNames=[os.path.join(DATA, name)])
    reference = Tetrahedralize(Input=reader)
    loom = LoomTetrahedralize(Input=reader)
    a, b = abs(tet_volumes(reference)).sum(), tet_volumes(loom)
    check(b.min() > 0 and abs(b.sum() - a) <= 1e-9 * a, '%s: a tetrahedron not positive, or volume %r vs %r' % (
        name, b.sum(), a))

# Point data passes through; cell data goes to the children (five per voxel of an image by default, as
# ParaView's Tetrahedralize splits them; the same cells: Python.Defaults).
cells = PointDatatoCellData(Input=wavelet, PassPointData=1)
out = fetch(LoomTetrahedralize(Input=cells))
parent = vtk_to_numpy(fetch(cells).GetCellData().GetArray('RTData'))
child = vtk_to_numpy(out.GetCellData().GetArray('RTData'))
check(out.GetNumberOfCells() == fetch(Tetrahedralize(Input=cells)).GetNumberOfCells(), 'ParaView\'s count')
check((child == parent.repeat(5)).all(), 'cell data must be copied to the children')
check(out.GetPointData().GetArray('RTData') is not None, 'point data must be passed')

# Bad input: an empty dataset gives an empty output (and an error naming the filter).
empty = Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=1e6, UpperThreshold=2e6)
check(fetch(empty).GetNumberOfCells() == 0, 'the threshold meant to keep nothing kept cells')
check(fetch(LoomTetrahedralize(Input=empty)).GetNumberOfCells() == 0, 'an empty input must give an empty output')

print('pvpython Loom tetrahedralize test passed')
