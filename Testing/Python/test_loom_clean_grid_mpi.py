# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Clean to Grid and ParaView's Clean to Grid on each
# rank's piece of the wavelet's hexahedra appended to itself (every point twice): on every rank the
# same points and cells as ParaView's filter there, every point merged back to one copy; summed over the
# ranks, the counts, volume and RTData range of a one-piece run on the whole grid.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, reduce, stats, total  # noqa: E402
from loom_testing import check, fetch, wavelet_hexahedra  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()

extent = [-12, 11, -12, 11, -12, 11]
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=Wavelet(WholeExtent=extent)))
twice = AppendDatasets(Input=[hexahedra, hexahedra])

loom = fetch(LoomCleantoGrid(Input=twice))
paraview_piece = fetch(CleantoGrid(Input=twice))
doubled = fetch(twice)
check(loom.GetNumberOfPoints() == paraview_piece.GetNumberOfPoints() and
      numpy.array_equal(vtk_to_numpy(loom.GetPoints().GetData()), vtk_to_numpy(paraview_piece.GetPoints().GetData())) and
      numpy.array_equal(vtk_to_numpy(loom.GetCells().GetConnectivityArray()).astype(numpy.int64),
                        vtk_to_numpy(paraview_piece.GetCells().GetConnectivityArray()).astype(numpy.int64)),
      'rank %d: Loom\'s piece differs from ParaView\'s' % controller.GetLocalProcessId())
check(2 * loom.GetNumberOfPoints() == doubled.GetNumberOfPoints(), 'rank %d: %d points from %d' % (
    controller.GetLocalProcessId(), loom.GetNumberOfPoints(), doubled.GetNumberOfPoints()))
got = reduce(controller, stats(loom, 'Volume', count=lambda d: d.GetNumberOfPoints()))

whole = wavelet_hexahedra(extent)
# Each rank's piece has its own copy of the points on the boundary between the pieces.
expected = stats(whole, 'Volume', count=lambda d: d.GetNumberOfPoints())
# The piece is doubled: a rank holding the whole grid has twice its cells.
check(not (ranks > 1 and loom.GetNumberOfCells() == 2 * whole.GetNumberOfCells() and controller.GetLocalProcessId() == 1),
      'rank 1 has the whole grid: the grid was not split')
cells = total(controller, loom.GetNumberOfCells())
check(cells == 2 * whole.GetNumberOfCells() and got[0] >= expected[0] and
      abs(got[1] - 2 * expected[1]) <= 1e-9 * expected[1] and got[2:] == expected[2:],
      '%d ranks gave %r (%d cells), one piece %r' % (ranks, got, cells, expected))
print('pvbatch Loom clean to grid MPI test passed (%d ranks, %d points, %d cells)' % (ranks, got[0], cells))
# Ends by returning: pvbatch on several ranks does not finalize MPI on sys.exit, which mpiexec reports as a
# failure (Testing/Exit covers sys.exit itself).
