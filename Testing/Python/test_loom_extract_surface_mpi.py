# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Extract Surface on each rank's piece of the wavelet's
# hexahedra (one ghost level asked, as vtkGeometryFilter asks) gives, summed over the ranks, the face
# count, area and RTData range of a one-piece vtkGeometryFilter run on the whole grid: no faces between
# the pieces.
import os
import sys
from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, reduce, stats  # noqa: E402
from loom_testing import check, fetch, wavelet_hexahedra  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()

extent = [-12, 11, -12, 11, -12, 11]
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=Wavelet(WholeExtent=extent)))
piece = fetch(LoomExtractSurface(Input=hexahedra))
got = reduce(controller, stats(piece, 'Area'))

from vtkmodules.vtkFiltersGeometry import vtkGeometryFilter  # noqa: E402
one = vtkGeometryFilter()
one.SetInputData(wavelet_hexahedra(extent))
one.Update()
expected = stats(one.GetOutput(), 'Area')
check(not (ranks > 1 and piece.GetNumberOfCells() == expected[0] and controller.GetLocalProcessId() == 1),
      'rank 1 has the whole surface: the grid was not split')
check(expected[0] > 0 and got[0] == expected[0] and abs(got[1] - expected[1]) <= 1e-9 * expected[1] and
      got[2:] == expected[2:], '%d ranks gave %r, one piece %r' % (ranks, got, expected))
print('pvbatch Loom extract surface MPI test passed (%d ranks, %d faces, area %.6g)' % (ranks, got[0], got[1]))
# Ends by returning: pvbatch on several ranks does not finalize MPI on sys.exit, which mpiexec reports as a
# failure (Testing/Exit covers sys.exit itself).
