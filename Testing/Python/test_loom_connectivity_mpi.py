# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Connectivity beside ParaView's Connectivity on each rank's
# piece of a threshold of the wavelet (regions cut by the piece boundary) and of its contour. Under MPI Loom
# runs ParaView's vtkPConnectivityFilter, which joins the ranks' regions: every rank holds the same cells and
# RegionId values as ParaView's filter on that rank, with one info note. A rank with an empty piece takes part;
# a bad seed on one rank fails every rank (no rank waits for ever).
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check, devices, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402,F401  (before any Loom object reaches Python)
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()
rank = controller.GetLocalProcessId()

wavelet = Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11])
inputs = {
    'threshold': Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=100, UpperThreshold=130),
    'contour': Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0]),
}
for what, source in inputs.items():
    for mode in ('Extract All Regions', 'Extract Largest Region'):
        ref = fetch(Connectivity(Input=source, ExtractionMode=mode))
        regions = None
        for device in devices():
            at = '%s %s %s rank %d of %d' % (what, mode, device, rank, ranks)
            proxy = LoomConnectivity(Input=source, ExtractionMode=mode, Device=device)
            got = fetch(proxy)
            check(got.GetNumberOfCells() == ref.GetNumberOfCells() and got.GetNumberOfPoints() ==
                  ref.GetNumberOfPoints(), '%s: %d cells, ParaView %d' % (at, got.GetNumberOfCells(),
                                                                        ref.GetNumberOfCells()))
            for side in ('GetCellData', 'GetPointData'):
                e = getattr(ref, side)().GetArray('RegionId')
                g = getattr(got, side)().GetArray('RegionId')
                check(numpy.array_equal(vtk_to_numpy(e), vtk_to_numpy(g)), '%s: %s RegionId' % (at, side))
            regions = proxy.GetClientSideObject().GetNumberOfExtractedRegions()
        check(regions is not None and regions >= 1, '%s: %r regions' % (what, regions))

# Rank 1 holds nothing (an empty piece), rank 0 two separate cubes: both ranks run, rank 0 keeps both regions.
from vtkmodules.vtkCommonCore import vtkPoints  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkUnstructuredGrid, VTK_HEXAHEDRON  # noqa: E402


def cubes(count):
    g, points = vtkUnstructuredGrid(), vtkPoints()
    g.SetPoints(points)
    for c in range(count):
        ids = [points.InsertNextPoint(3 * c + (i & 1), (i >> 1) & 1, i >> 2) for i in range(8)]
        g.InsertNextCell(VTK_HEXAHEDRON, 8, [ids[i] for i in (0, 1, 3, 2, 4, 5, 7, 6)])
    return g


f = loom.vtkLoomConnectivity()
f.SetExtractionModeToAllRegions()
f.ColorRegionsOn()
f.SetInputData(cubes(2 if rank == 0 else 0))
f.Update()
check(f.GetOutput().GetNumberOfCells() == (2 if rank == 0 else 0), 'rank %d: %d cells' % (
    rank, f.GetOutput().GetNumberOfCells()))
if rank == 0:  # (VTK's filter counts no regions on a rank with an empty piece)
    check(f.GetNumberOfExtractedRegions() == 2, 'rank 0: %d regions' % f.GetNumberOfExtractedRegions())
# A cell seed past rank 1's cells: every rank fails (an error), none hangs.
f.SetExtractionModeToCellSeededRegions()
f.AddSeed(0 if rank == 0 else 5)
f.SetInputData(cubes(2))
f.Update()
check(f.GetOutput().GetNumberOfCells() == 0, 'rank %d: a bad seed elsewhere gave %d cells' % (
    rank, f.GetOutput().GetNumberOfCells()))
print('pvbatch Loom connectivity MPI test passed (%d ranks)' % ranks)
